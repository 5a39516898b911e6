//! Who is eating: one person as every planner entry point sees them.
//!
//! A [`Diner`] carries a person's targets, the hard rules of their diets
//! and restrictions, their preferences, tolerances, portion limits and
//! meal slots. The one-person planner ([`PlanRequest::for_diner`]), its
//! re-balancing ([`RebalanceRequest::for_diner`]), a day's fit
//! ([`Diner::assess`]) and bound ([`Diner::best_miss`]) and the household
//! planner ([`household::plan_household`](super::household::plan_household))
//! all take one, so a single user is a household of one.

use crate::food::kitchen::Kitchen;
use crate::food::meal::MealType;
use crate::food::nutrition::Nutrition;
use crate::food::recipe::Recipe;
use crate::food::taxonomy::Taxonomy;
use crate::profile::intakes::ReferenceIntakes;
use crate::profile::person::Person;
use crate::profile::targets::DayTargets;
use crate::profile::targets::basis::Stage;
use crate::profile::{Body, DietType, MealsPerDay};

use super::fit::{DayFit, assess};
use super::lp::{Bound, best_miss};
use super::rebalance::{DayMeal, RebalanceRequest};
use super::rules::{Portions, Tolerances};
use super::whole_day::{Dishes, LimitRule};
use super::{Budget, HardRules, PlanRequest, RequestError, meal_slots};

/// One person at the table.
#[derive(Debug, Clone)]
pub struct Diner {
    /// Their targets.
    pub targets: DayTargets,
    /// Their slots, in order ([`meal_slots`]).
    pub slots: Vec<MealType>,
    /// What they may never be served.
    pub rules: HardRules,
    /// Diet types they prefer (beyond the hard ones).
    pub preferred_diets: Vec<DietType>,
    /// Tastes they like.
    pub tastes: Vec<String>,
    /// How close their day must land.
    pub tolerances: Tolerances,
    /// Their portion limits.
    pub portions: Portions,
    /// Their day limits: sodium by age, fibre ceiling by diet and body.
    pub limits: LimitRule,
    /// A child (3 to 15): their portions at a household's table go in
    /// quarter steps from 0.25 servings, sized for them.
    pub child: bool,
    /// Their stage of life on the plan's first day (an adult until
    /// [`aged`](Self::aged) says otherwise).
    pub stage: Stage,
    /// Their reference intakes of micronutrients (age and sex), the
    /// week's soft goals ([`super::micronutrients`]); none unless given
    /// ([`with_intakes`](Self::with_intakes)): on the quality bench the
    /// goals cost a few days met, so seating does not give them yet.
    pub intakes: Option<ReferenceIntakes>,
}

impl Diner {
    /// A person with `targets`, `meals_per_day` meals and `rules`, no
    /// preferences, the default tolerances and portions.
    pub fn new(targets: DayTargets, meals_per_day: MealsPerDay, rules: HardRules) -> Self {
        Self {
            targets,
            slots: meal_slots(meals_per_day),
            rules,
            preferred_diets: Vec::new(),
            tastes: Vec::new(),
            tolerances: Tolerances::default(),
            portions: Portions::default(),
            limits: LimitRule::default(),
            child: false,
            stage: Stage::Adult,
            intakes: None,
        }
    }

    /// The same person at `age` on the plan's first day: under 16 a
    /// child, whose portions may be as small as 0.25 servings; their
    /// sodium limit that of their age.
    pub fn aged(mut self, age: u32) -> Self {
        self.stage = Stage::of(age);
        self.child = self.stage == Stage::Child;
        self.limits.sodium_max = crate::profile::targets::child::sodium_limit(age);
        self
    }

    /// The same person with day limits `limits`.
    pub fn limited(mut self, limits: LimitRule) -> Self {
        self.limits = limits;
        self
    }

    /// The same person with their day limits read from `body` at `age`
    /// under their diets ([`LimitRule::for_person`]), child or not by age.
    pub fn in_body(self, body: &Body, age: u32, diets: &[DietType]) -> Self {
        let mut aged = self.aged(age);
        aged.limits = LimitRule::for_person(age, body, diets);
        aged
    }

    /// The same person with reference intakes `intakes`.
    pub fn with_intakes(mut self, intakes: ReferenceIntakes) -> Self {
        self.intakes = Some(intakes);
        self
    }

    /// `person` at the table, holder or member alike: their targets and
    /// meals, their restrictions and diets read over `taxonomy` as hard
    /// rules (vegan and vegetarian), the other diets and their tastes as
    /// preferences; the default tolerances and portions.
    pub fn of(taxonomy: &Taxonomy, person: &Person) -> Self {
        let rules = HardRules::new(
            taxonomy,
            person.restrictions.iter().map(|r| r.name.as_str()),
            &person.diet_types,
        );
        let preferred = person
            .diet_types
            .iter()
            .copied()
            .filter(|d| !matches!(d, DietType::Vegan | DietType::Vegetarian))
            .collect();
        Self::new(person.targets, person.meals_per_day, rules).preferring(
            preferred,
            person.tastes.iter().map(|t| t.name.clone()).collect(),
        )
    }

    /// The same person preferring `diets` and `tastes`.
    pub fn preferring(mut self, diets: Vec<DietType>, tastes: Vec<String>) -> Self {
        self.preferred_diets = diets;
        self.tastes = tastes;
        self
    }

    /// The same person judged by `tolerances` and served within
    /// `portions` (a plan's settings).
    pub fn within(mut self, tolerances: Tolerances, portions: Portions) -> Self {
        self.tolerances = tolerances;
        self.portions = portions;
        self
    }

    /// How a day of `totals` meets this person's targets, by their
    /// tolerances.
    pub fn assess(&self, totals: &Nutrition) -> DayFit {
        assess(totals, &self.targets.get(), &self.tolerances)
    }

    /// How close any day of `slots` (a day as it stands, which may differ
    /// from theirs) over `recipes` could come to this person's targets
    /// under their rules and portion limits, slot `k` taking none of
    /// `exclude[k]` ([`best_miss`]).
    pub fn best_miss(
        &self,
        recipes: &[Recipe],
        slots: &[MealType],
        exclude: &[Vec<usize>],
    ) -> Option<Bound> {
        best_miss(
            recipes,
            slots,
            &self.rules,
            &self.targets.get(),
            &self.tolerances,
            &self.limits,
            &self.portions,
            exclude,
        )
    }
}

impl<'a> PlanRequest<'a> {
    /// A request for `days` days of `diner`'s own: their targets, slots,
    /// rules, preferences, tolerances and portions.
    pub fn for_diner(recipes: &'a [Recipe], diner: &Diner, days: u8) -> Result<Self, RequestError> {
        Ok(Self::with_slots(
            recipes,
            diner.targets,
            diner.slots.clone(),
            diner.rules.clone(),
            days,
        )?
        .preferring(diner.preferred_diets.clone(), diner.tastes.clone())
        .with_tolerances(diner.tolerances)
        .with_limits(diner.limits)
        .with_portions(diner.portions)
        .with_intakes(diner.intakes))
    }
}

impl<'a> RebalanceRequest<'a> {
    /// Re-balancing `meals`, one day of `diner`'s, over `recipes` (`used`:
    /// each recipe's uses on the plan's other `plan_days` − 1 days).
    #[allow(clippy::too_many_arguments)]
    pub fn for_diner(
        recipes: &'a [Recipe],
        diner: &Diner,
        meals: Vec<DayMeal>,
        used: Vec<u32>,
        plan_days: u8,
        seed: u64,
        kitchen: Option<&'a Kitchen>,
        dishes: Option<&'a Dishes>,
    ) -> Self {
        Self {
            recipes,
            targets: diner.targets.get(),
            rules: diner.rules.clone(),
            preferred_diets: diner.preferred_diets.clone(),
            tastes: diner.tastes.clone(),
            tolerances: diner.tolerances,
            limits: diner.limits,
            portions: diner.portions,
            seed,
            plan_days,
            used,
            meals,
            kitchen,
            dishes,
            budget: Budget::unlimited(),
        }
    }

    /// The same request, its search stopped when `budget` is spent.
    pub fn with_budget(mut self, budget: &'a Budget) -> Self {
        self.budget = budget;
        self
    }
}
