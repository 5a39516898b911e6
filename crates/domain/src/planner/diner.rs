//! Who is eating: one person as every planner entry point sees them.
//!
//! A [`Diner`] carries a person's targets, the hard rules of their diets
//! and restrictions, their preferences, tolerances, portion limits and
//! meal slots. The planner ([`super::plan`] over a
//! [`PlanRequest`](super::PlanRequest)), its re-balancing
//! ([`super::rebalance_day`]), a day's fit ([`Diner::assess`]) and
//! bounds ([`Diner::best_miss`], [`Diner::week_bound`]) all take one, so
//! a single user is a table of one.

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
use super::rules::{Portions, Tolerances};
use super::week::WeekBound;
use super::whole_day::LimitRule;
use super::{HardRules, PantryFood, PlannedDay, Tastes, meal_slots};

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
    /// Tastes and foods they like.
    pub tastes: Tastes,
    /// Whether they prefer their own recipes (ids above
    /// [`crate::OWN_RECIPE_BASE`]) to the catalogue's: a preference
    /// bonus, so only within what the targets allow.
    pub prefers_own: bool,
    /// Foods at home they would rather use up, each weighed by how soon
    /// it is due on the day planned ([`super::pantry`]): a preference
    /// bonus for the recipes drawing on them, so only within what the
    /// targets allow.
    pub pantry: Vec<PantryFood>,
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
    /// week's soft goals ([`super::micronutrients`]), weighed alone and
    /// at a table's seat alike; none unless given
    /// ([`with_intakes`](Self::with_intakes)).
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
            tastes: Tastes::default(),
            prefers_own: false,
            pantry: Vec::new(),
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
    /// sodium limit that of their age, their fibre ceiling a child's under
    /// 18 ([`FibreCeiling::at_age`](super::whole_day::FibreCeiling::at_age)).
    pub fn aged(mut self, age: u32) -> Self {
        self.stage = Stage::of(age);
        self.child = self.stage == Stage::Child;
        self.limits.sodium_max = crate::profile::targets::child::sodium_limit(age);
        self.limits.fibre = self.limits.fibre.at_age(age);
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
        let mut diner = Self::new(person.targets, person.meals_per_day, rules);
        diner.preferred_diets = preferred;
        diner.tastes = Tastes::new(
            taxonomy,
            person.tastes.iter().map(|t| t.name.clone()).collect(),
        );
        diner
    }

    /// The same person preferring `diets` and `tastes` (taste words and
    /// foods, read over the standard taxonomy).
    pub fn preferring(mut self, diets: Vec<DietType>, tastes: Vec<String>) -> Self {
        self.preferred_diets = diets;
        self.tastes = Tastes::new(Taxonomy::standard(), tastes);
        self
    }

    /// The same person preferring their own recipes ([`Self::prefers_own`]).
    pub fn preferring_own(mut self) -> Self {
        self.prefers_own = true;
        self
    }

    /// The same person preferring recipes that use `foods` ([`Self::pantry`]).
    pub fn using_pantry(mut self, foods: Vec<PantryFood>) -> Self {
        self.pantry = foods;
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

    /// For a one-meal plan of `days` days over `recipes`, what its days,
    /// ranked, can reach at best under the weekly variety rules; `None`
    /// for other slot patterns or when the slot has no candidate.
    pub fn week_bound(&self, recipes: &[Recipe], days: u8) -> Option<WeekBound> {
        let [slot] = self.slots.as_slice() else {
            return None;
        };
        WeekBound::one_meal(
            recipes,
            *slot,
            &self.rules,
            &self.targets.get(),
            &self.tolerances,
            &self.limits,
            &self.portions,
            days,
        )
    }

    /// This person's `day` (over `recipes`) as the planner ranks its
    /// miss: the worse of their targets' miss and how far the day is past
    /// their fibre ceiling or sodium limit.
    pub fn day_miss(&self, recipes: &[Recipe], day: &PlannedDay) -> f64 {
        let sodium: f64 = day
            .meals
            .iter()
            .filter_map(|m| {
                let recipe = recipes.iter().find(|r| r.id == m.recipe_id)?;
                Some(recipe.card.sodium * m.servings)
            })
            .sum();
        self.tolerances.miss(&day.totals, &self.targets.get()).max(
            self.limits
                .limits(day.totals.calories)
                .excess(day.totals.fiber, sodium),
        )
    }
}
