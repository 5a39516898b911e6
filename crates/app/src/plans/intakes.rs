//! Each person's micronutrients over a plan: the holder and every
//! household member who eats from it, their own portions applied, as a
//! day's average against their reference intakes (age and sex).

use chrono::NaiveDate;
use mealplan_domain::intakes::ReferenceIntakes;
use mealplan_domain::{DietType, Micronutrients, Person, UserId};
use mealplan_ports::MealDetail;

use super::{DayView, PlanError, PlanView, Plans};

/// One person's micronutrients over the plan's days.
#[derive(Debug, Clone, PartialEq)]
pub struct PersonIntake {
    /// The household member, `None` for the account holder.
    pub member_id: Option<i64>,
    /// Their name: the plan's, or the account's for the holder of a plan
    /// without a household.
    pub name: String,
    /// A day's average over the plan's days, their portions applied.
    pub average: Micronutrients,
    /// Their reference intakes by age and sex now; `None` without a
    /// profile (or for a member since removed).
    pub references: Option<ReferenceIntakes>,
    /// Whether their diets include vegan.
    pub vegan: bool,
}

/// The servings of `meal` that the person `member_id` (`None`: the
/// holder) eats: their portion (a one-person plan's meal is the holder's
/// alone); a meal without portions (added by hand to a plan for the
/// household's table) counts as the holder's alone.
fn share(meal: &MealDetail, member_id: Option<i64>) -> f64 {
    if meal.portions.is_empty() {
        return if member_id.is_none() {
            meal.servings
        } else {
            0.0
        };
    }
    meal.portions
        .iter()
        .filter(|p| p.member_id == member_id)
        .map(|p| p.servings)
        .sum()
}

/// The micronutrients `member_id` eats on `day`.
fn eaten(day: &DayView, member_id: Option<i64>) -> Micronutrients {
    day.meals
        .iter()
        .map(|m| {
            m.recipe
                .card
                .micronutrients
                .scaled(share(&m.meal, member_id))
        })
        .sum()
}

/// `person`'s references on `today` and whether they eat vegan.
fn judged(person: Option<&Person>, today: NaiveDate) -> (Option<ReferenceIntakes>, bool) {
    (
        person.map(|p| ReferenceIntakes::of(p.body.age_on(today), p.body.gender)),
        person.is_some_and(|p| p.diet_types.contains(&DietType::Vegan)),
    )
}

impl Plans {
    /// Each eater of `plan` (the holder first, then members as they first
    /// appear), with their day's average of micronutrients against their
    /// references. `holder` is the holder's profile, already read.
    pub(crate) async fn intakes(
        &self,
        user: UserId,
        holder: Option<&Person>,
        plan: &PlanView,
    ) -> Result<Vec<PersonIntake>, PlanError> {
        let today = self.clock.now().date_naive();
        let mut eaters: Vec<(Option<i64>, String)> = vec![(
            None,
            holder
                .map(|p| p.name.as_str().to_owned())
                .unwrap_or_default(),
        )];
        // Only a plan for the household's table names its eaters (a
        // one-person plan's portion calls the holder what the table does).
        let named = plan.days.iter().flat_map(|d| &d.meals);
        for p in named
            .filter(|_| plan.household)
            .flat_map(|m| &m.meal.portions)
        {
            match eaters.iter_mut().find(|(id, _)| *id == p.member_id) {
                // The holder under the name the plan has for them.
                Some((None, name)) if name.is_empty() => name.clone_from(&p.name),
                Some(_) => {}
                None => eaters.push((p.member_id, p.name.clone())),
            }
        }
        let days = plan.days.len().max(1) as f64;
        let mut out = Vec::with_capacity(eaters.len());
        for (member_id, name) in eaters {
            let member = match member_id {
                Some(id) if self.household => self.profiles.member(user, id).await?,
                _ => None,
            };
            let (references, vegan) = judged(
                if member_id.is_none() {
                    holder
                } else {
                    member.as_ref()
                },
                today,
            );
            let total: Micronutrients = plan.days.iter().map(|d| eaten(d, member_id)).sum();
            out.push(PersonIntake {
                member_id,
                name,
                average: total.scaled(1.0 / days),
                references,
                vegan,
            });
        }
        Ok(out)
    }
}

impl DayView {
    /// The day's micronutrients as its meals are served to the holder
    /// (each at its `servings`).
    pub fn micronutrients(&self) -> Micronutrients {
        self.meals
            .iter()
            .map(|m| m.recipe.card.micronutrients.scaled(m.meal.servings))
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mealplan_domain::Micronutrient;
    use mealplan_ports::Portion;

    fn meal(servings: f64, portions: &[(Option<i64>, f64)]) -> MealDetail {
        MealDetail {
            leftover_of: None,
            id: 1,
            recipe_id: 1,
            schedule: 1,
            status: mealplan_domain::MealStatus::Pending,
            meal_type: mealplan_domain::MealType::Dinner,
            servings,
            portions: portions
                .iter()
                .map(|(member_id, servings)| Portion {
                    member_id: *member_id,
                    name: "x".into(),
                    servings: *servings,
                })
                .collect(),
            note: None,
            shared: false,
        }
    }

    #[test]
    fn each_person_eats_their_own_portion() {
        let alone = meal(1.5, &[]);
        assert_eq!(share(&alone, None), 1.5);
        assert_eq!(share(&alone, Some(3)), 0.0);
        let shared = meal(1.25, &[(None, 1.25), (Some(3), 0.5)]);
        assert_eq!(share(&shared, None), 1.25);
        assert_eq!(share(&shared, Some(3)), 0.5);
        assert_eq!(share(&shared, Some(4)), 0.0);
    }

    #[test]
    fn a_day_sums_its_meals_at_their_portions() {
        let mut amounts = [0.0; mealplan_domain::micronutrients::COUNT];
        amounts[Micronutrient::Calcium as usize] = 200.0;
        let mut recipe = crate::fixtures::recipe(
            1,
            &[("lentils", 100.0)],
            mealplan_domain::MealType::Dinner,
            400.0,
        );
        recipe.card.micronutrients = Micronutrients::new(amounts);
        let day = DayView {
            id: 1,
            day_of_week: 1,
            meals: vec![
                super::super::MealView {
                    cook_servings: None,
                    keep: Vec::new(),
                    leftover_of: None,
                    meal: meal(1.5, &[(None, 1.5), (Some(3), 0.75)]),
                    recipe: recipe.clone(),
                },
                super::super::MealView {
                    cook_servings: None,
                    keep: Vec::new(),
                    leftover_of: None,
                    meal: meal(0.5, &[]),
                    recipe,
                },
            ],
            fit: None,
            notes: Vec::new(),
        };
        assert_eq!(day.micronutrients().get(Micronutrient::Calcium), 400.0);
        assert_eq!(eaten(&day, None).get(Micronutrient::Calcium), 400.0);
        assert_eq!(eaten(&day, Some(3)).get(Micronutrient::Calcium), 150.0);
    }
}
