//! What a one-person plan is asked for: [`PlanRequest`], checked when it
//! is made, and why one is refused ([`RequestError`]).

use crate::food::hard_rules::HardRules;
use crate::food::kitchen::Kitchen;
use crate::food::meal::MealType;
use crate::food::recipe::Recipe;
use crate::profile::intakes::ReferenceIntakes;
use crate::profile::targets::{DayTargets, Targets};
use crate::profile::{DietType, MealsPerDay};

use super::whole_day::{Dishes, LimitRule};
use super::{
    Bound, Budget, Portions, Tolerances, WeekBound, best_miss, distinct_ids, household, meal_slots,
};

/// What to plan for, checked by [`PlanRequest::new`]: 1-7 days, targets
/// a day can be planned against, the slots of `meals_per_day`, and
/// recipes with distinct ids (the plan names them by id).
#[derive(Debug, Clone)]
pub struct PlanRequest<'a> {
    pub(super) recipes: &'a [Recipe],
    pub(super) targets: Targets<f64>,
    pub(super) slots: Vec<MealType>,
    pub(super) rules: HardRules,
    pub(super) preferred_diets: Vec<DietType>,
    pub(super) tastes: Vec<String>,
    pub(super) days: u8,
    pub(super) seed: u64,
    pub(super) tolerances: Tolerances,
    pub(super) limits: LimitRule,
    pub(super) portions: Portions,
    pub(super) kitchen: Option<&'a Kitchen>,
    pub(super) dishes: Option<&'a Dishes>,
    pub(super) budget: &'a Budget,
    pub(super) intakes: Option<ReferenceIntakes>,
}

/// Why a [`PlanRequest`] was refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RequestError {
    /// Days outside 1-7 (a plan is at most a week).
    #[error("a plan has 1 to {max} days, not {days}", max = PlanRequest::MAX_DAYS)]
    Days {
        /// Days asked for.
        days: u8,
    },
    /// Calories not positive, or a target negative or not a number: no
    /// day can aim at it.
    #[error("targets must be finite, calories positive and macros not negative: {0:?}")]
    Targets(Targets<f64>),
    /// Two recipes share an id, so a plan naming one would be ambiguous.
    #[error("recipe id {0} is used twice")]
    DuplicateId(i64),
    /// A household plan for nobody, or for more people than a table seats.
    #[error("a household plan seats 1 to {max} people, not {diners}", max = household::MAX_DINERS)]
    Diners {
        /// People asked for.
        diners: usize,
    },
}

impl<'a> PlanRequest<'a> {
    /// Most days in a plan.
    pub const MAX_DAYS: u8 = 7;

    /// A request for `days` days over `recipes`, each day's slots those of
    /// `meals_per_day` ([`meal_slots`]), never breaking `rules`. Seed 0,
    /// no preferences and the default tolerances and portions until set.
    pub fn new(
        recipes: &'a [Recipe],
        targets: impl Into<Targets<f64>>,
        meals_per_day: MealsPerDay,
        rules: HardRules,
        days: u8,
    ) -> Result<Self, RequestError> {
        let targets = DayTargets::parse(targets.into()).map_err(|e| RequestError::Targets(e.0))?;
        Self::for_targets(recipes, targets, meals_per_day, rules, days)
    }

    /// [`new`](Self::new) for targets already checked (a resolved
    /// profile's): refuses only days outside 1-7 and duplicate recipe ids.
    pub fn for_targets(
        recipes: &'a [Recipe],
        targets: DayTargets,
        meals_per_day: MealsPerDay,
        rules: HardRules,
        days: u8,
    ) -> Result<Self, RequestError> {
        Self::with_slots(recipes, targets, meal_slots(meals_per_day), rules, days)
    }

    /// [`for_targets`](Self::for_targets) with the slots given.
    pub(super) fn with_slots(
        recipes: &'a [Recipe],
        targets: DayTargets,
        slots: Vec<MealType>,
        rules: HardRules,
        days: u8,
    ) -> Result<Self, RequestError> {
        if !(1..=Self::MAX_DAYS).contains(&days) {
            return Err(RequestError::Days { days });
        }
        let targets = targets.get();
        distinct_ids(recipes)?;
        Ok(Self {
            recipes,
            targets,
            slots,
            rules,
            preferred_diets: Vec::new(),
            tastes: Vec::new(),
            days,
            seed: 0,
            tolerances: Tolerances::default(),
            limits: LimitRule::default(),
            portions: Portions::default(),
            kitchen: None,
            dishes: None,
            budget: Budget::unlimited(),
            intakes: None,
        })
    }

    /// Stops the search when `budget` is spent: the plan is then the best
    /// found by then (every day still keeps the hard rules), and
    /// [`Budget::cut_short`] says so.
    pub fn with_budget(mut self, budget: &'a Budget) -> Self {
        self.budget = budget;
        self
    }

    /// The day-rule facts of these recipes made beforehand
    /// ([`Dishes::new`] over the same recipes and kitchen), so that a
    /// service planning often over one catalogue makes them once.
    pub fn with_dishes(mut self, dishes: &'a Dishes) -> Self {
        self.dishes = Some(dishes);
        self
    }

    /// What the kitchen knows of the ingredients: which are protein foods
    /// (without it, no protein food is kept to two meals a day).
    pub fn with_kitchen(mut self, kitchen: &'a Kitchen) -> Self {
        self.kitchen = Some(kitchen);
        self
    }

    /// Seeds the search: the same request and seed give the same plan.
    pub fn with_seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// Diet types and taste names to prefer (soft; vegan and vegetarian
    /// as hard rules belong in the [`HardRules`]).
    pub fn preferring(mut self, diets: Vec<DietType>, tastes: Vec<String>) -> Self {
        self.preferred_diets = diets;
        self.tastes = tastes;
        self
    }

    /// How close each day must land (default: 5% kcal, 10% each macro).
    pub fn with_tolerances(mut self, tolerances: Tolerances) -> Self {
        self.tolerances = tolerances;
        self
    }

    /// The person's day limits (default: an adult's, [`LimitRule`]).
    pub fn with_limits(mut self, limits: LimitRule) -> Self {
        self.limits = limits;
        self
    }

    /// The person's reference intakes (age and sex): calcium, iron,
    /// potassium and B12 become the week's soft goals
    /// ([`super::micronutrients`]); none by default.
    pub fn with_intakes(mut self, intakes: Option<ReferenceIntakes>) -> Self {
        self.intakes = intakes;
        self
    }

    /// Portion limits (default: up to 2 servings when needed).
    pub fn with_portions(mut self, portions: Portions) -> Self {
        self.portions = portions;
        self
    }

    /// The recipes to choose from.
    pub fn recipes(&self) -> &'a [Recipe] {
        self.recipes
    }

    /// The recipe with this id.
    pub fn recipe(&self, id: i64) -> Option<&'a Recipe> {
        self.recipes.iter().find(|r| r.id == id)
    }

    /// Daily targets.
    pub fn targets(&self) -> &Targets<f64> {
        &self.targets
    }

    /// Slots of each day, in order.
    pub fn slots(&self) -> &[MealType] {
        &self.slots
    }

    /// The rules no meal breaks.
    pub fn rules(&self) -> &HardRules {
        &self.rules
    }

    /// Number of days, 1-7.
    pub fn days(&self) -> u8 {
        self.days
    }

    /// How close each day must land.
    pub fn tolerances(&self) -> &Tolerances {
        &self.tolerances
    }

    /// The person's day limits.
    pub fn limits(&self) -> &LimitRule {
        &self.limits
    }

    /// Portion limits.
    pub fn portions(&self) -> &Portions {
        &self.portions
    }

    /// How close any day of this request could come to its targets
    /// ([`best_miss`] over its recipes, slots, rules and limits, nothing
    /// excluded); `None` when a slot has no candidate.
    pub fn best_miss(&self) -> Option<Bound> {
        self.best_miss_excluding(&[])
    }

    /// For a one-meal plan, what its days, ranked, can reach at best in any
    /// plan that keeps the variety rules; `None` for other slot patterns
    /// or when the slot has no candidate.
    pub fn week_bound(&self) -> Option<WeekBound> {
        let [slot] = self.slots.as_slice() else {
            return None;
        };
        WeekBound::one_meal(
            self.recipes,
            *slot,
            &self.rules,
            &self.targets,
            &self.tolerances,
            &self.limits,
            &self.portions,
            self.days,
        )
    }

    /// [`best_miss`](Self::best_miss) with slot `k` taking none of the
    /// recipes (indices in [`recipes`](Self::recipes)) of `exclude[k]`:
    /// the bound of one day of a plan under the variety rules.
    pub fn best_miss_excluding(&self, exclude: &[Vec<usize>]) -> Option<Bound> {
        best_miss(
            self.recipes,
            &self.slots,
            &self.rules,
            &self.targets,
            &self.tolerances,
            &self.limits,
            &self.portions,
            exclude,
        )
    }
}
