//! Micronutrients as soft goals of a week: calcium, iron, potassium and
//! vitamin B12 at [`ADEQUATE_SHARE`] or more of the person's reference on
//! the week's average, where the catalogue allows.
//!
//! Days are planned one after the other, so the week's goal becomes a
//! day's: what the week still needs to reach its aim (a little above the
//! 80%, so that a week planned to it lands there), spread over the days
//! left. Each candidate earns a small bonus for each goal nutrient by how
//! much of its slot's part of that need one serving brings, capped at the
//! whole part. The bonus joins the preference bonus, so it only chooses
//! among days alike on what outranks it: at most [`WEIGHT`] per goal
//! (4 × [`WEIGHT`] a meal), it is far below the step a target beyond its
//! tolerance pays (and the fibre ceiling and sodium limit, which rank with
//! the targets), and below what a day limit 10% past its mark costs (1.5).
//! Measured on the quality bench (`docs/BENCHMARKS.md`).

use crate::food::micronutrients::{Micronutrient, Micronutrients};
use crate::food::recipe::Recipe;
use crate::profile::intakes::{ADEQUATE_SHARE, ReferenceIntakes};

use super::PlannedDay;
use super::search::Candidate;

/// The goals, in the order reports list them.
pub const GOALS: [Micronutrient; 4] = [
    Micronutrient::Calcium,
    Micronutrient::Iron,
    Micronutrient::Potassium,
    Micronutrient::VitaminB12,
];

/// What a week aims at, as a share of the reference: above
/// [`ADEQUATE_SHARE`] so that portions and later days do not leave it
/// just short.
const AIM: f64 = ADEQUATE_SHARE + 0.1;

/// A goal's bonus when a serving brings its slot's whole part of the
/// day's need: four of them stay under what a day limit 10% past its
/// mark costs (1.5). Measured against 0.2 and 1.0 in `docs/PLANNER.md`.
pub(crate) const WEIGHT: f64 = 0.35;

/// A week's micronutrient goals for one person.
#[derive(Debug, Clone)]
pub(crate) struct WeekGoals {
    references: ReferenceIntakes,
    days: usize,
    /// What the days planned so far bring.
    eaten: Micronutrients,
    /// Days planned so far.
    planned: usize,
}

impl WeekGoals {
    /// The goals of a week of `days` days for someone of `references`.
    pub fn new(references: ReferenceIntakes, days: usize) -> Self {
        Self {
            references,
            days,
            eaten: Micronutrients::default(),
            planned: 0,
        }
    }

    /// Each goal's need for the next day: what the week still lacks of its
    /// aim, spread over the days left (0 once reached).
    fn need(&self) -> [f64; GOALS.len()] {
        let left = self.days.saturating_sub(self.planned).max(1) as f64;
        GOALS.map(|m| {
            let aim = AIM * self.references.get(m).amount * self.days as f64;
            ((aim - self.eaten.get(m)) / left).max(0.0)
        })
    }

    /// `pool` with each candidate's bonus raised by what one serving of
    /// it brings to the next day's need, on a day of `slots` meals.
    pub fn bonused(&self, pool: &[Candidate], recipes: &[Recipe], slots: usize) -> Vec<Candidate> {
        let need = self.need();
        pool.iter()
            .map(|c| {
                let mut c = c.clone();
                c.bonus += bonus(&recipes[c.index].card.micronutrients, &need, slots);
                c
            })
            .collect()
    }

    /// What one serving of each of `recipes` earns towards the next day's
    /// need on a day of `slots` meals (the bonus [`bonused`](Self::bonused)
    /// adds), by catalogue index: for a household's seats, whose
    /// candidates are the catalogue's.
    pub fn bonuses(&self, recipes: &[Recipe], slots: usize) -> Vec<f64> {
        let need = self.need();
        recipes
            .iter()
            .map(|r| bonus(&r.card.micronutrients, &need, slots))
            .collect()
    }

    /// Counts a planned day in.
    pub fn eat(&mut self, day: &PlannedDay, recipes: &[Recipe]) {
        self.eaten = self.eaten + day.micronutrients(recipes);
        self.planned += 1;
    }
}

/// The bonus of a serving of `m` towards `need` on a day of `slots` meals.
fn bonus(m: &Micronutrients, need: &[f64; GOALS.len()], slots: usize) -> f64 {
    GOALS
        .iter()
        .zip(need)
        .filter(|(_, n)| **n > 0.0)
        .map(|(g, n)| WEIGHT * (m.get(*g) / (n / slots.max(1) as f64)).min(1.0))
        .sum()
}

/// A week's share of each goal's reference on its daily average:
/// `days` of meals (recipe, servings). What the bench and tests read.
pub fn week_shares(
    references: &ReferenceIntakes,
    days: &[Micronutrients],
) -> [(Micronutrient, f64); GOALS.len()] {
    let n = days.len().max(1) as f64;
    let total: Micronutrients = days.iter().copied().sum();
    GOALS.map(|g| (g, total.get(g) / n / references.get(g).amount))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::Gender;

    fn amounts(pairs: &[(Micronutrient, f64)]) -> Micronutrients {
        let mut a = [0.0; crate::food::micronutrients::COUNT];
        for (m, v) in pairs {
            a[*m as usize] = *v;
        }
        Micronutrients::new(a)
    }

    #[test]
    fn the_need_is_what_the_week_lacks_over_the_days_left() {
        // A woman of 30: calcium 1,000 mg, iron 18 mg, potassium 2,600 mg,
        // B12 2.4 µg; the week aims at 90%.
        let refs = ReferenceIntakes::of(30, Gender::Female);
        let mut goals = WeekGoals::new(refs, 7);
        let need = goals.need();
        assert!((need[0] - 900.0).abs() < 1e-9);
        assert!((need[1] - 16.2).abs() < 1e-9);
        // Three days of twice the aim of calcium and nothing else.
        goals.eaten = amounts(&[(Micronutrient::Calcium, 5400.0)]);
        goals.planned = 3;
        let need = goals.need();
        assert_eq!(need[0], 900.0 * 7.0 / 4.0 - 5400.0 / 4.0);
        assert!((need[3] - 2.16 * 7.0 / 4.0).abs() < 1e-9);
        goals.eaten = amounts(&[(Micronutrient::Calcium, 9000.0)]);
        assert_eq!(goals.need()[0], 0.0);
    }

    #[test]
    fn a_serving_earns_up_to_its_slots_part_of_each_need() {
        let need = [900.0, 16.2, 0.0, 2.16];
        // A third of a 3-meal day's calcium need, half of its iron part,
        // potassium already reached, no B12.
        let dish = amounts(&[
            (Micronutrient::Calcium, 600.0),
            (Micronutrient::Iron, 2.7),
            (Micronutrient::Potassium, 900.0),
        ]);
        let b = bonus(&dish, &need, 3);
        assert!((b - WEIGHT * 1.5).abs() < 1e-9);
        assert_eq!(bonus(&Micronutrients::default(), &need, 3), 0.0);
        // Never more than every goal's weight.
        let rich = amounts(&GOALS.map(|g| (g, 1e6)));
        assert!((bonus(&rich, &[1.0; 4], 3) - WEIGHT * 4.0).abs() < 1e-9);
    }

    /// A 600 kcal lentil dinner with `calcium` mg: two alike but for it
    /// show which the planner prefers.
    fn calcium_dinner(id: i64, calcium: f64) -> Recipe {
        use crate::food::meal::MealType;
        use crate::food::nutrition::Nutrition;
        use crate::food::recipe::{RecipeIngredient, RecipeParts};
        let mut r = Recipe::new(
            crate::Taxonomy::standard(),
            RecipeParts {
                id,
                name: format!("dinner {id}"),
                nutrition: Nutrition {
                    calories: 600.0,
                    protein: 30.0,
                    carbs: 75.0,
                    fat: 20.0,
                    ..Nutrition::default()
                },
                ingredients: vec![RecipeIngredient {
                    name: "lentils".into(),
                    grams: 300.0,
                }],
                meal_types: vec![MealType::Dinner],
                ..RecipeParts::default()
            },
        )
        .unwrap();
        r.card.micronutrients = amounts(&[(Micronutrient::Calcium, calcium)]);
        r
    }

    /// The day one such dinner fills exactly.
    const DINNER_TARGETS: crate::Targets<f64> = crate::Targets {
        calories: 600.0,
        protein: 30.0,
        carbs: 75.0,
        fat: 20.0,
    };

    /// Two dinners alike in everything but calcium: with the person's
    /// references the planner serves the one that brings it, whichever
    /// it is.
    #[test]
    fn the_planner_prefers_what_the_week_needs_among_equals() {
        use crate::planner::{Diner, PlanRequest, plan};
        use crate::{HardRules, MealsPerDay};
        let dinner = calcium_dinner;
        let targets = DINNER_TARGETS;
        let refs = ReferenceIntakes::of(30, Gender::Female);
        for rich in [1, 2] {
            let recipes = vec![
                dinner(1, if rich == 1 { 700.0 } else { 0.0 }),
                dinner(2, if rich == 2 { 700.0 } else { 0.0 }),
            ];
            let me = Diner::checked(
                targets,
                MealsPerDay::parse(1).unwrap(),
                HardRules::default(),
            )
            .unwrap()
            .with_intakes(refs);
            let request = PlanRequest::new(&recipes, vec![me], 1).unwrap();
            let days = plan(&request).unwrap();
            assert_eq!(days[0].meals[0].recipe_id, rich);
        }
    }

    /// The same at a table of two, only the second seat with reference
    /// intakes: each seat weighs its own goals, as a person alone does.
    #[test]
    fn a_seat_at_a_table_weighs_its_own_goals() {
        use crate::planner::{Diner, PlanRequest, plan};
        use crate::{HardRules, MealsPerDay};
        let dinner = calcium_dinner;
        let targets = DINNER_TARGETS;
        let seat = || {
            Diner::checked(
                targets,
                MealsPerDay::parse(1).unwrap(),
                HardRules::default(),
            )
            .unwrap()
        };
        let refs = ReferenceIntakes::of(30, Gender::Female);
        for rich in [1, 2, 3] {
            let recipes: Vec<Recipe> = (1..=3)
                .map(|id| dinner(id, if id == rich { 700.0 } else { 0.0 }))
                .collect();
            let request =
                PlanRequest::new(&recipes, vec![seat(), seat().with_intakes(refs)], 1).unwrap();
            let days = plan(&request).unwrap();
            assert_eq!(days[0].meals[0].recipe_id, rich, "{:?}", days[0]);
        }
    }

    #[test]
    fn week_shares_are_of_the_daily_average() {
        let refs = ReferenceIntakes::of(40, Gender::Male);
        let day = amounts(&[(Micronutrient::Iron, 8.0), (Micronutrient::Calcium, 500.0)]);
        let shares = week_shares(&refs, &[day, day.scaled(0.5)]);
        assert_eq!(shares[0], (Micronutrient::Calcium, 0.375));
        assert_eq!(shares[1], (Micronutrient::Iron, 0.75));
    }
}
