//! The rules a planned day keeps: tolerances of the targets, portion
//! ranges and each slot's share of the day's calories.

use crate::food::meal::MealType;
use crate::food::nutrition::Nutrition;
use crate::profile::targets::Targets;

/// Portions are whole multiples of 1 / this (quarter servings).
pub const STEPS_PER_SERVING: f64 = 4.0;
/// Smallest portion of a main meal (breakfast, lunch, dinner).
pub const MEAL_MIN_SERVINGS: f64 = 0.75;
/// Smallest portion of a snack.
pub const SNACK_MIN_SERVINGS: f64 = 0.5;
/// Largest portion the planner serves by default, and the largest snack
/// ever.
pub const USUAL_MAX_SERVINGS: f64 = 1.5;
/// Largest main-meal portion the planner serves when a day's targets
/// cannot be met with usual portions (unless the request says otherwise).
pub const DEFAULT_MAX_SERVINGS: f64 = 2.0;
/// Bounds of the `max_servings` a request may ask for; no meal is ever
/// planned above the upper one.
pub const MAX_SERVINGS_RANGE: (f64, f64) = (1.0, 2.5);
/// Default calorie tolerance: 5% of the target.
pub const CALORIE_TOLERANCE: f64 = 0.05;
/// Default macro tolerance: 10% of each target.
pub const MACRO_TOLERANCE: f64 = 0.10;
/// The calorie tolerance a plan may ask for, in percent of the target.
pub const CALORIE_TOLERANCE_RANGE: (f64, f64) = (1.0, 25.0);
/// The tolerance of each macro a plan may ask for, in percent.
pub const MACRO_TOLERANCE_RANGE: (f64, f64) = (1.0, 50.0);
/// No meal holds more than this share of the calories of a day with
/// three or more meals.
pub const MAX_MEAL_SHARE: f64 = 0.5;

/// Whether `meal` is a main meal (breakfast, lunch or dinner).
pub fn is_main(meal: MealType) -> bool {
    meal != MealType::Snack
}

/// One of the four targets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Nutrient {
    /// kcal.
    Calories,
    /// Protein, g.
    Protein,
    /// Carbohydrates, g.
    Carbs,
    /// Fat, g.
    Fat,
}

impl Nutrient {
    /// The four, in the order every array of nutrient values uses
    /// (calories, protein, carbohydrates, fat).
    pub const ALL: [Nutrient; 4] = [Self::Calories, Self::Protein, Self::Carbs, Self::Fat];

    /// Field name (`calories`, `protein`, `carbs`, `fat`).
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Calories => "calories",
            Self::Protein => "protein",
            Self::Carbs => "carbs",
            Self::Fat => "fat",
        }
    }
}

/// Calories, protein, carbs and fat of `n`, in [`Nutrient::ALL`] order.
pub fn values(n: &Nutrition) -> [f64; 4] {
    [n.calories, n.protein, n.carbs, n.fat]
}

/// The targets in [`Nutrient::ALL`] order.
pub fn target_values(t: &Targets<f64>) -> [f64; 4] {
    [t.calories, t.protein, t.carbs, t.fat]
}

/// How close a day must land on its targets, as fractions of each target.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Tolerances {
    /// Calories (0.05 = within 5%).
    pub calories: f64,
    /// Each of protein, carbs and fat.
    pub macros: f64,
}

impl Default for Tolerances {
    fn default() -> Self {
        Self {
            calories: CALORIE_TOLERANCE,
            macros: MACRO_TOLERANCE,
        }
    }
}

impl Tolerances {
    /// The tolerances in [`Nutrient::ALL`] order.
    pub fn values(&self) -> [f64; 4] {
        [self.calories, self.macros, self.macros, self.macros]
    }

    /// The tolerance of `nutrient`.
    pub fn of(&self, nutrient: Nutrient) -> f64 {
        match nutrient {
            Nutrient::Calories => self.calories,
            _ => self.macros,
        }
    }

    /// Whether `totals` are within the tolerances of `targets`.
    pub fn admits(&self, totals: &Nutrition, targets: &Targets<f64>) -> bool {
        self.miss(totals, targets) <= 0.0
    }

    /// How far the worst of the four totals is beyond its tolerance, as a
    /// fraction of its target (0.03 = 3 percentage points too far); 0 when
    /// every total is within. A target of 0 admits only a total of 0.
    pub fn miss(&self, totals: &Nutrition, targets: &Targets<f64>) -> f64 {
        self.miss_of(&values(totals), &target_values(targets))
    }

    /// [`miss`](Self::miss) of totals and targets in [`Nutrient::ALL`]
    /// order.
    pub fn miss_of(&self, got: &[f64; 4], want: &[f64; 4]) -> f64 {
        let tol = self.values();
        (0..4)
            .map(|k| {
                let beyond = (got[k] - want[k]).abs() - tol[k] * want[k];
                if beyond <= 1e-9 {
                    0.0
                } else if want[k] > 0.0 {
                    beyond / want[k]
                } else {
                    1.0
                }
            })
            .fold(0.0, f64::max)
    }
}

/// The portions a slot may have.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PortionRange {
    /// Smallest.
    pub min: f64,
    /// Largest by default.
    pub usual_max: f64,
    /// Largest when the day's targets cannot be met with `usual_max`.
    pub max: f64,
}

/// Portion limits of a plan.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Portions {
    /// Largest main-meal portion, used only when a day's targets cannot be
    /// met otherwise; within [`MAX_SERVINGS_RANGE`].
    pub max_servings: f64,
}

impl Default for Portions {
    fn default() -> Self {
        Self {
            max_servings: DEFAULT_MAX_SERVINGS,
        }
    }
}

impl Portions {
    /// The portion range of a slot of `meal`: main meals 0.75 to 1.5
    /// servings, up to `max_servings` when needed; snacks 0.5 to 1.5
    /// (never above `max_servings` either).
    pub fn range(&self, meal: MealType) -> PortionRange {
        let max = self
            .max_servings
            .clamp(MAX_SERVINGS_RANGE.0, MAX_SERVINGS_RANGE.1);
        let usual_max = USUAL_MAX_SERVINGS.min(max);
        if is_main(meal) {
            PortionRange {
                min: MEAL_MIN_SERVINGS,
                usual_max,
                max,
            }
        } else {
            PortionRange {
                min: SNACK_MIN_SERVINGS,
                usual_max,
                max: usual_max,
            }
        }
    }
}

/// Default share of the day's calories of one slot of `meal`, before
/// renormalisation: breakfast 20-30%, lunch and dinner 30-40% each, each
/// snack 5-15%.
pub fn default_share(meal: MealType) -> (f64, f64) {
    match meal {
        MealType::Breakfast => (0.20, 0.30),
        MealType::Lunch | MealType::Dinner => (0.30, 0.40),
        MealType::Snack => (0.05, 0.15),
    }
}

/// Each slot's band of the day's calories: the default bands scaled so
/// that their midpoints add up to the whole day (three meals: breakfast
/// 21-32%, lunch and dinner 32-42%; one meal: all of it).
pub fn share_bands(slots: &[MealType]) -> Vec<(f64, f64)> {
    let mid: f64 = slots
        .iter()
        .map(|m| {
            let (lo, hi) = default_share(*m);
            (lo + hi) / 2.0
        })
        .sum();
    slots
        .iter()
        .map(|m| {
            let (lo, hi) = default_share(*m);
            if slots.len() == 1 {
                (1.0, 1.0)
            } else {
                (lo / mid, hi / mid)
            }
        })
        .collect()
}

/// The portion grid point nearest to `s` within `[min, max]`.
pub fn on_grid(s: f64, min: f64, max: f64) -> f64 {
    ((s * STEPS_PER_SERVING).round() / STEPS_PER_SERVING).clamp(min, max)
}

/// Every grid portion from `min` to `max`.
pub fn grid(min: f64, max: f64) -> impl Iterator<Item = f64> {
    let first = (min * STEPS_PER_SERVING).round() as i64;
    let last = (max * STEPS_PER_SERVING).round() as i64;
    (first..=last).map(|k| k as f64 / STEPS_PER_SERVING)
}

/// The most one person's meal may weigh as served on a day of two or
/// more meals, g (issue 38: what a person eats at a sitting).
pub const MEAL_GRAMS_MAX: f64 = 900.0;
/// The same on a one-meal day, g.
pub const ONE_MEAL_GRAMS_MAX: f64 = 1200.0;

/// The most one person's meal may weigh on a day of `meals` meals, g.
pub fn meal_grams_max(meals: usize) -> f64 {
    if meals >= 2 {
        MEAL_GRAMS_MAX
    } else {
        ONE_MEAL_GRAMS_MAX
    }
}

/// The largest grid portion of a dish weighing `grams` a serving that a
/// day of `meals` meals lets one person eat at a sitting (unbounded for a
/// dish of no weight). The planner never picks a larger one: a 2-kg plate
/// is not a meal, whatever the targets ask (issue 38).
pub fn heaviest_portion(grams: f64, meals: usize) -> f64 {
    if grams <= 0.0 {
        return f64::INFINITY;
    }
    (meal_grams_max(meals) / grams * STEPS_PER_SERVING + 1e-9).floor() / STEPS_PER_SERVING
}

/// How far a meal of `grams` on a day of `meals` meals is over its weight
/// limit, as a fraction of it (0 when under).
pub fn meal_weight_excess(grams: f64, meals: usize) -> f64 {
    let max = meal_grams_max(meals);
    if grams > max {
        (grams - max) / max
    } else {
        0.0
    }
}

/// On a day of three or more meals, no breakfast, lunch or dinner holds
/// less than this share of the day's calories (issue 38: a 95 kcal
/// breakfast before a 2,260 kcal dinner is not a day anyone eats).
pub const MIN_MAIN_SHARE: f64 = 0.15;
/// The same for a snack.
pub const MIN_SNACK_SHARE: f64 = 0.05;

/// How far a meal holding `share` of a day of `meals` meals is outside
/// the sizes every such day keeps: under [`MIN_MAIN_SHARE`] (a snack:
/// [`MIN_SNACK_SHARE`]) or over [`MAX_MEAL_SHARE`], in shares of the day;
/// 0 inside them, and always 0 on days of one or two meals. A day shaped
/// by a meal already eaten keeps only the upper bound
/// (`planned_whole` false): after a big breakfast the targets are met
/// with small later meals rather than bloated ones.
pub fn share_breach(share: f64, main: bool, meals: usize, planned_whole: bool) -> f64 {
    if meals < 3 {
        return 0.0;
    }
    let over = share - MAX_MEAL_SHARE;
    if !planned_whole {
        return over.max(0.0);
    }
    let floor = if main {
        MIN_MAIN_SHARE
    } else {
        MIN_SNACK_SHARE
    };
    (floor - share).max(over).max(0.0)
}

/// What a meal over its weight limit costs: above every target, so that
/// a heavier plate is only ever left where no portion of any dish fits
/// (a kept meal, a household dish every seat must share).
const HEAVY_STEP: f64 = 1e6;

/// What a meal of `grams` costs a planner on a day of `meals` meals:
/// nothing under its weight limit, then more than any day's miss of its
/// targets ([`HEAVY_STEP`], growing with the excess). The one-person
/// search never reaches it ([`heaviest_portion`] caps its portions); the
/// household planner, whose portions are one grid for every dish, weighs
/// its meals by it.
pub fn weight_cost(grams: f64, meals: usize) -> f64 {
    let over = meal_weight_excess(grams, meals);
    if over > 0.0 {
        HEAVY_STEP * (1.0 + over)
    } else {
        0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use MealType::*;

    #[test]
    fn bands_are_renormalised_for_the_slots() {
        let three = share_bands(&[Breakfast, Lunch, Dinner]);
        let mids: f64 = three.iter().map(|(lo, hi)| (lo + hi) / 2.0).sum();
        assert!((mids - 1.0).abs() < 1e-9);
        assert!((three[0].0 - 0.20 / 0.95).abs() < 1e-9);
        assert_eq!(share_bands(&[Dinner]), vec![(1.0, 1.0)]);
        let six = share_bands(&[Breakfast, Snack, Lunch, Snack, Dinner, Snack]);
        assert!((six[1].1 - 0.15 / 1.25).abs() < 1e-9);
    }

    #[test]
    fn portion_ranges() {
        let p = Portions::default();
        assert_eq!(
            p.range(Dinner),
            PortionRange {
                min: 0.75,
                usual_max: 1.5,
                max: 2.0
            }
        );
        assert_eq!(
            p.range(Snack),
            PortionRange {
                min: 0.5,
                usual_max: 1.5,
                max: 1.5
            }
        );
        let small = Portions { max_servings: 1.0 };
        assert_eq!(small.range(Snack).max, 1.0);
        assert_eq!(small.range(Lunch).usual_max, 1.0);
        let huge = Portions { max_servings: 9.0 };
        assert_eq!(huge.range(Lunch).max, 2.5);
        assert_eq!(
            grid(0.5, 1.5).collect::<Vec<_>>(),
            [0.5, 0.75, 1.0, 1.25, 1.5]
        );
        assert_eq!(on_grid(1.13, 0.75, 1.5), 1.25);
        assert_eq!(on_grid(0.2, 0.75, 1.5), 0.75);
    }

    #[test]
    fn miss_is_the_worst_excess_beyond_tolerance() {
        let t = Targets {
            calories: 2000.0,
            protein: 100.0,
            carbs: 200.0,
            fat: 70.0,
        };
        let n = |calories, protein| Nutrition {
            calories,
            protein,
            carbs: 200.0,
            fat: 70.0,
            ..Nutrition::default()
        };
        let tol = Tolerances::default();
        assert_eq!(tol.miss(&n(2100.0, 110.0), &t), 0.0);
        assert!(tol.admits(&n(2100.0, 110.0), &t));
        assert!((tol.miss(&n(2200.0, 100.0), &t) - 0.05).abs() < 1e-9);
        assert!((tol.miss(&n(2000.0, 75.0), &t) - 0.15).abs() < 1e-9);
    }

    #[test]
    fn sizes_every_day_of_three_meals_keeps() {
        assert_eq!(share_breach(0.10, true, 2, true), 0.0);
        assert!((share_breach(0.10, true, 3, true) - 0.05).abs() < 1e-9);
        assert_eq!(share_breach(0.10, true, 3, false), 0.0);
        assert_eq!(share_breach(0.10, false, 4, true), 0.0);
        assert!((share_breach(0.03, false, 4, true) - 0.02).abs() < 1e-9);
        assert!((share_breach(0.55, true, 3, true) - 0.05).abs() < 1e-9);
        assert!((share_breach(0.55, true, 3, false) - 0.05).abs() < 1e-9);
        assert_eq!(share_breach(0.30, true, 3, true), 0.0);
    }

    #[test]
    fn weight_costs_only_past_the_limit_and_above_any_target() {
        assert_eq!(weight_cost(900.0, 3), 0.0);
        assert_eq!(weight_cost(1200.0, 1), 0.0);
        assert!(weight_cost(901.0, 3) > 1e6);
        assert!(weight_cost(990.0, 3) < weight_cost(1100.0, 3));
        assert_eq!(weight_cost(1100.0, 1), 0.0);
    }

    #[test]
    fn the_heaviest_portion_keeps_a_meal_a_person_eats() {
        assert_eq!(heaviest_portion(600.0, 3), 1.5);
        assert_eq!(heaviest_portion(450.0, 2), 2.0);
        assert_eq!(heaviest_portion(700.0, 2), 1.25);
        assert_eq!(heaviest_portion(700.0, 1), 1.5);
        assert_eq!(heaviest_portion(1300.0, 3), 0.5);
        assert!(heaviest_portion(0.0, 3).is_infinite());
        assert!(heaviest_portion(333.0, 3) * 333.0 <= MEAL_GRAMS_MAX);
    }
}
