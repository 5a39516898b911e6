//! What a plan is asked for: [`PlanRequest`], the recipes, the people
//! at the table (one [`Diner`] or more) and the days, checked when it is
//! made; and why one is refused ([`RequestError`]).

use crate::food::hard_rules::HardRules;
use crate::food::kitchen::Kitchen;
use crate::food::recipe::Recipe;
use crate::profile::MealsPerDay;
use crate::profile::targets::{DayTargets, Targets};

use super::diner::Diner;
use super::leftovers::Leftovers;
use super::whole_day::Dishes;
use super::{Budget, distinct_ids};

/// Most days in a plan.
pub const MAX_DAYS: u8 = 7;
/// The most people a plan seats.
pub const MAX_DINERS: usize = 13;

/// Why a [`PlanRequest`] was refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RequestError {
    /// Days outside 1-7 (a plan is at most a week).
    #[error("a plan has 1 to {max} days, not {days}", max = MAX_DAYS)]
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
    #[error("a household plan seats 1 to {max} people, not {diners}", max = MAX_DINERS)]
    Diners {
        /// People asked for.
        diners: usize,
    },
}

/// What a plan is asked for: 1-7 days for 1 to [`MAX_DINERS`] people
/// over recipes with distinct ids (the plan names them by id). A single
/// user is a table of one.
#[derive(Debug, Clone)]
pub struct PlanRequest<'a> {
    pub(super) recipes: &'a [Recipe],
    pub(super) diners: Vec<Diner>,
    pub(super) days: u8,
    pub(super) seed: u64,
    pub(super) kitchen: Option<&'a Kitchen>,
    pub(super) dishes: Option<&'a Dishes>,
    pub(super) budget: &'a Budget,
    pub(super) leftovers: Option<Leftovers>,
}

impl<'a> PlanRequest<'a> {
    /// Most days in a plan.
    pub const MAX_DAYS: u8 = MAX_DAYS;

    /// Checks the days, the number of people and the recipe ids. Seed 0,
    /// no budget, kitchen or day facts until set.
    pub fn new(recipes: &'a [Recipe], diners: Vec<Diner>, days: u8) -> Result<Self, RequestError> {
        if !(1..=MAX_DAYS).contains(&days) {
            return Err(RequestError::Days { days });
        }
        if diners.is_empty() || diners.len() > MAX_DINERS {
            return Err(RequestError::Diners {
                diners: diners.len(),
            });
        }
        distinct_ids(recipes)?;
        Ok(Self {
            recipes,
            diners,
            days,
            seed: 0,
            kitchen: None,
            dishes: None,
            budget: Budget::unlimited(),
            leftovers: None,
        })
    }

    /// Stops the search when `budget` is spent: the plan is then the best
    /// found by then (every dish still keeps its eaters' rules), and
    /// [`Budget::cut_short`] says so.
    pub fn with_budget(mut self, budget: &'a Budget) -> Self {
        self.budget = budget;
        self
    }

    /// What the kitchen knows of the ingredients: which are protein foods
    /// (without it, no protein food is kept to two meals a day).
    pub fn with_kitchen(mut self, kitchen: &'a Kitchen) -> Self {
        self.kitchen = Some(kitchen);
        self
    }

    /// The day-rule facts of these recipes made beforehand
    /// ([`Dishes::new`] over the same recipes and kitchen), so that a
    /// service planning often over one catalogue makes them once.
    pub fn with_dishes(mut self, dishes: &'a Dishes) -> Self {
        self.dishes = Some(dishes);
        self
    }

    /// Seeds the search: the same request and seed give the same plan.
    pub fn with_seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// Lunches and dinners may be cooked once for more portions and eaten
    /// again within two days ([`super::leftovers`]): the plan's meals
    /// then say which are leftovers
    /// ([`TableMeal::leftover_of`](super::TableMeal::leftover_of)) and
    /// how much to cook ([`TableMeal::cook_servings`](super::TableMeal::cook_servings)).
    /// Without it every meal is cooked for itself, as before.
    pub fn with_leftovers(mut self, leftovers: Leftovers) -> Self {
        self.leftovers = Some(leftovers);
        self
    }

    /// The leftovers asked for, if any.
    pub fn leftovers(&self) -> Option<Leftovers> {
        self.leftovers
    }

    /// The recipes to choose from.
    pub fn recipes(&self) -> &'a [Recipe] {
        self.recipes
    }

    /// The recipe with this id.
    pub fn recipe(&self, id: i64) -> Option<&'a Recipe> {
        self.recipes.iter().find(|r| r.id == id)
    }

    /// The people, in the order given (a plan names them by index).
    pub fn diners(&self) -> &[Diner] {
        &self.diners
    }

    /// Number of days, 1-7.
    pub fn days(&self) -> u8 {
        self.days
    }
}

impl Diner {
    /// A person with `targets` (checked: calories positive, macros not
    /// negative), `meals_per_day` meals and `rules`, no preferences, the
    /// default tolerances and portions ([`Diner::new`] for targets
    /// already checked).
    pub fn checked(
        targets: impl Into<Targets<f64>>,
        meals_per_day: MealsPerDay,
        rules: HardRules,
    ) -> Result<Self, RequestError> {
        let targets = DayTargets::parse(targets.into()).map_err(|e| RequestError::Targets(e.0))?;
        Ok(Self::new(targets, meals_per_day, rules))
    }
}
