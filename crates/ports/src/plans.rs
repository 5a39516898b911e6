//! Ports of the recipe catalogue and of plans.

use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mealplan_domain::planner::{CookedAt, PlanAdjust, Portions, Tolerances};
use mealplan_domain::{MealStatus, MealType, Recipe, UserId};

use crate::{Person, SessionState, StoreError, TokenClaims};

/// Read access to the seeded recipe catalogue.
#[cfg_attr(feature = "mock", mockall::automock)]
#[async_trait]
pub trait RecipeCatalog: Send + Sync {
    /// Every recipe, ordered by id. Cheap to call repeatedly: the catalogue
    /// only changes when a new build seeds it.
    async fn all(&self) -> Result<Arc<[Recipe]>, StoreError>;
}

/// One person's portion of a meal. Every meal carries its eaters'
/// portions: a one-person plan is a household of one, each of its meals
/// one portion, the holder's, at the meal's servings. Only a meal added
/// by hand to a plan made for the household's table has none: it is then
/// everyone's at the table now.
#[derive(Debug, Clone, PartialEq)]
pub struct Portion {
    /// The household member, `None` for the account holder.
    pub member_id: Option<i64>,
    /// Their name when the plan was made.
    pub name: String,
    /// Their portion, in servings.
    pub servings: f64,
}

/// One meal of a plan to create.
#[derive(Debug, Clone, PartialEq)]
pub struct NewMeal {
    /// Storage id of the recipe.
    pub recipe_id: i64,
    /// Position in the day, 1-6.
    pub schedule: u8,
    /// Pending or completed.
    pub status: MealStatus,
    /// Slot.
    pub meal_type: MealType,
    /// Portion, in servings of the recipe.
    pub servings: f64,
    /// Each eater's portion (see [`Portion`]): the holder's alone, at
    /// `servings`, in a one-person plan.
    pub portions: Vec<Portion>,
    /// Eaten from the dish of the plan's meal at that day and schedule (a
    /// leftover); `None` for a meal cooked for itself.
    pub leftover_of: Option<CookedAt>,
}

/// One day of a plan to create.
#[derive(Debug, Clone, PartialEq)]
pub struct NewDay {
    /// 1 (Monday) to 7.
    pub day_of_week: u8,
    /// Meals by schedule.
    pub meals: Vec<NewMeal>,
    /// What the planner could not do as asked on this day
    /// ([`TableDay::notes`](mealplan_domain::planner::TableDay::notes)):
    /// kept with the plan, so that its answers say it later too. Empty
    /// for a day made by hand.
    pub notes: Vec<String>,
}

/// A stored meal detail.
#[derive(Debug, Clone, PartialEq)]
pub struct MealDetail {
    /// Meal detail id.
    pub id: i64,
    /// Storage id of the recipe.
    pub recipe_id: i64,
    /// Position in the day, 1-6.
    pub schedule: u8,
    /// Pending or completed.
    pub status: MealStatus,
    /// Slot.
    pub meal_type: MealType,
    /// Portion, in servings of the recipe.
    pub servings: f64,
    /// Each eater's portion (see [`Portion`]); in a one-person plan the
    /// holder's alone, at `servings`; in a household's, `servings` is the
    /// holder's own (0 when they do not eat this meal).
    pub portions: Vec<Portion>,
    /// Whether the meal is shared at the household's table: a meal with
    /// portions of a plan made for the table. Only such a meal shows its
    /// portions, is cooked for all of them, and is changed only by its
    /// owner; a one-person plan's meal never is.
    pub shared: bool,
    /// Eaten from the dish of the plan's meal at that day and schedule (a
    /// leftover: nothing to cook or buy for it); `None` for a meal cooked
    /// for itself.
    pub leftover_of: Option<CookedAt>,
    /// The owner's note on the meal, if any (at most
    /// [`MealDetail::NOTE_MAX_CHARS`] characters, never empty).
    pub note: Option<String>,
}

impl MealDetail {
    /// The most characters a meal's note may have.
    pub const NOTE_MAX_CHARS: usize = mealplan_domain::meal::MealNote::MAX_CHARS;

    /// Servings to cook: every portion of a meal shared at the table,
    /// else the meal's own.
    pub fn to_cook(&self) -> f64 {
        if self.shared {
            self.portions.iter().map(|p| p.servings).sum()
        } else {
            self.servings
        }
    }
}

/// A stored day of a plan.
#[derive(Debug, Clone, PartialEq)]
pub struct DailyMenu {
    /// Daily menu id.
    pub id: i64,
    /// 1-7.
    pub day_of_week: u8,
    /// Meals by schedule.
    pub meals: Vec<MealDetail>,
    /// What the planner said of the day when it made the plan
    /// ([`NewDay::notes`]); never changed after.
    pub notes: Vec<String>,
    /// What the last re-balance of the day could not do
    /// ([`rebalance_notes`](mealplan_domain::planner::rebalance_notes)),
    /// replaced by each re-balance of the day: said beside
    /// [`notes`](Self::notes) while it holds.
    pub rebalance_notes: Vec<String>,
}

/// A plan: as stored, its days [`DailyMenu`]s; the use cases answer it
/// with each day's recipes resolved (another `D`), so that what a plan is
/// is said once.
#[derive(Debug, Clone, PartialEq)]
pub struct Plan<D = DailyMenu> {
    /// Plan id.
    pub id: i64,
    /// Owner.
    pub user_id: UserId,
    /// Creation time.
    pub created_at: DateTime<Utc>,
    /// Last change of the plan or one of its meals.
    pub updated_at: DateTime<Utc>,
    /// Whether this is the owner's current plan.
    pub active: bool,
    /// Whether it was made for the household's table (its meals' portions
    /// are then everyone's at it); a one-person plan's are the holder's.
    pub household: bool,
    /// How it was generated (`None` for a plan made by hand), read with
    /// it so that judging its days needs no second read.
    pub settings: Option<PlanSettings>,
    /// Days by day of week.
    pub days: Vec<D>,
}

impl<D> Plan<D> {
    /// The same plan with each day turned into another form by `day`, or
    /// the first error that gives.
    pub fn try_map_days<E, Error>(
        self,
        day: impl FnMut(D) -> Result<E, Error>,
    ) -> Result<Plan<E>, Error> {
        let Plan {
            id,
            user_id,
            created_at,
            updated_at,
            active,
            household,
            settings,
            days,
        } = self;
        Ok(Plan {
            id,
            user_id,
            created_at,
            updated_at,
            active,
            household,
            settings,
            days: days.into_iter().map(day).collect::<Result<_, _>>()?,
        })
    }
}

/// A meal detail with where it belongs.
#[derive(Debug, Clone, PartialEq)]
pub struct OwnedMeal {
    /// The meal.
    pub meal: MealDetail,
    /// Owner of its plan.
    pub owner: UserId,
    /// Its plan.
    pub plan_id: i64,
    /// Its day.
    pub day_of_week: u8,
    /// Whether its plan was made for the household's table: a meal of
    /// it without portions (added by hand) is then eaten by everyone at
    /// the table.
    pub household: bool,
    /// The meals of the same plan eaten from this meal's dish (its
    /// leftovers: the same recipe, their `leftover_of` this meal's day and
    /// schedule), by day and schedule; empty for most meals. Read with
    /// the meal, so that a swap knows them without another read.
    pub later: Vec<LaterMeal>,
}

/// A leftover of a meal, with its day.
#[derive(Debug, Clone, PartialEq)]
pub struct LaterMeal {
    /// Its day, 1-7.
    pub day_of_week: u8,
    /// The meal.
    pub meal: MealDetail,
}

/// What a swap of a meal that others eat from (a cooking meal) does with
/// those leftovers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LeftoverChoice {
    /// They take the new recipe too, and are still eaten from the meal.
    Keep,
    /// They keep their recipe, each now cooked where it is eaten.
    Drop,
}

/// The leftovers a swap of their cooking meal changes, and how.
#[derive(Debug, Clone, PartialEq)]
pub struct LeftoverSwap {
    /// Their ids ([`OwnedMeal::later`]).
    pub ids: Vec<i64>,
    /// The recipe they were read with: one that no longer has it (swapped
    /// since) is its own dish already, and left alone.
    pub recipe_id: i64,
    /// Keep or drop them.
    pub choice: LeftoverChoice,
}

/// A stored day with where it belongs.
#[derive(Debug, Clone, PartialEq)]
pub struct OwnedDay {
    /// The day and its meals.
    pub day: DailyMenu,
    /// Owner of its plan.
    pub owner: UserId,
    /// Its plan.
    pub plan_id: i64,
    /// Whether its plan was made for the household's table (see
    /// [`OwnedMeal::household`]).
    pub household: bool,
}

/// How a generated plan was asked for, kept with it so that its days are
/// judged, and re-balanced, by the same measure later.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct PlanSettings {
    /// How close each day must land.
    pub tolerances: Tolerances,
    /// Portion limits.
    pub portions: Portions,
    /// Changes of the owner's targets, meals or diet for this plan only.
    pub adjust: PlanAdjust,
}

/// A new recipe and portion for one meal (re-balancing).
#[derive(Debug, Clone, PartialEq)]
pub struct MealChange {
    /// Meal detail id.
    pub id: i64,
    /// Storage id of the recipe.
    pub recipe_id: i64,
    /// Portion, in servings (the holder's own, for a shared meal).
    pub servings: f64,
    /// Each eater's new portion (replacing the stored ones; the holder's
    /// alone, at `servings`, in a one-person plan).
    pub portions: Vec<Portion>,
}

/// What a re-balance says of one day it re-balanced, replacing what the
/// last said ([`DailyMenu::rebalance_notes`]).
#[derive(Debug, Clone, PartialEq)]
pub struct DayNotes {
    /// Daily menu id.
    pub day_id: i64,
    /// The notes; empty to clear them.
    pub notes: Vec<String>,
}

/// What a read that checks its token on the way found: the session
/// state, the profile and the active plan of the token's user.
#[derive(Debug, Clone, PartialEq)]
pub struct SessionRead {
    /// What authenticating the token needs.
    pub session: SessionState,
    /// The user's profile, if any.
    pub profile: Option<Person>,
    /// The user's active plan, if any.
    pub plan: Option<Plan>,
}

/// Which plan is a user's active one, and at which revision: a number
/// that grows with every change to the plan, its days, meals or portions,
/// so that an answer rendered from the plan at one revision is still true
/// while the stored revision is the same, on any instance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PlanHead {
    /// Plan id.
    pub id: i64,
    /// The plan's revision.
    pub revision: i64,
}

/// What a read that checks its token on the way found, without the
/// plan's content: the session state, the profile and which plan is
/// active at which revision.
#[derive(Debug, Clone, PartialEq)]
pub struct SessionHead {
    /// What authenticating the token needs.
    pub session: SessionState,
    /// The user's profile, if any.
    pub profile: Option<Person>,
    /// The user's active plan, if any.
    pub plan: Option<PlanHead>,
}

/// Persistence of plans and their meals.
#[cfg_attr(feature = "mock", mockall::automock)]
#[async_trait]
pub trait PlanRepository: Send + Sync {
    /// Stores a plan as `user`'s active one, deactivating the previous
    /// active plan (kept as history), in one transaction: a one-person
    /// plan (each meal the holder's portion).
    async fn create(
        &self,
        user: UserId,
        days: Vec<NewDay>,
        now: DateTime<Utc>,
    ) -> Result<Plan, StoreError>;
    /// Like [`create`](Self::create), for a plan the planner made: keeps
    /// its settings, and its meals count as the planner's choice rather
    /// than the user's (see [`chosen_meals`](Self::chosen_meals));
    /// `household`: made for the household's table.
    async fn create_generated(
        &self,
        user: UserId,
        days: Vec<NewDay>,
        settings: PlanSettings,
        household: bool,
        now: DateTime<Utc>,
    ) -> Result<Plan, StoreError>;
    /// The settings of a generated plan; `None` for a plan made by hand
    /// (or generated before settings were kept).
    async fn settings(&self, plan_id: i64) -> Result<Option<PlanSettings>, StoreError>;
    /// Ids of the plan's meals whose recipe the user chose: meals of a
    /// plan made by hand, meals added one by one, and swapped meals.
    async fn chosen_meals(&self, plan_id: i64) -> Result<Vec<i64>, StoreError>;
    /// Sets the recipe and portion of several meals of plan `plan_id`,
    /// replaces the re-balance notes of the days `notes` names, and
    /// touches its `updated_at`, in one transaction. Only pending meals of
    /// that plan that the user did not choose may change, and only days
    /// of that plan be noted: [`StoreError::Conflict`], with nothing
    /// changed, when one of `changes` is not such a meal (any more) or one
    /// of `notes` no such day.
    async fn rebalance(
        &self,
        plan_id: i64,
        changes: Vec<MealChange>,
        notes: Vec<DayNotes>,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError>;
    /// `user`'s active plan.
    async fn active(&self, user: UserId) -> Result<Option<Plan>, StoreError>;
    /// What authenticating token `jti` of `user` needs, their profile and
    /// their active plan, on one connection in one go (two statements, the
    /// first as [`crate::PersonRepository::find_in_session`]): the reads
    /// of the plan page check the token on the way. `None` if the user is
    /// gone.
    async fn active_in_session(
        &self,
        user: UserId,
        jti: String,
    ) -> Result<Option<SessionRead>, StoreError>;
    /// As [`PlanRepository::active_in_session`], with only the active
    /// plan's head (one statement): enough to serve an answer rendered
    /// earlier at the same revision.
    async fn head_in_session(
        &self,
        user: UserId,
        jti: String,
    ) -> Result<Option<SessionHead>, StoreError>;
    /// A plan by id, active or not.
    async fn plan(&self, id: i64) -> Result<Option<Plan>, StoreError>;
    /// Every plan of `user`, newest first (the active one and history).
    async fn history(&self, user: UserId) -> Result<Vec<Plan>, StoreError>;
    /// One meal detail with its owner and its portions.
    async fn meal(&self, id: i64) -> Result<Option<OwnedMeal>, StoreError>;
    /// Points a meal at another recipe (status unchanged); the meal then
    /// counts as chosen by the user, and is its own dish (a leftover no
    /// longer eaten from another meal's).
    async fn set_recipe(
        &self,
        id: i64,
        recipe_id: i64,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError>;
    /// [`set_recipe`](Self::set_recipe) for a shared meal: also sets
    /// the holder's portion (`servings`) and replaces every eater's
    /// portion, in one transaction.
    async fn set_recipe_portions(
        &self,
        id: i64,
        recipe_id: i64,
        servings: f64,
        portions: Vec<Portion>,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError>;
    /// Says where meal `id`'s dish is cooked: at the meal of its plan at
    /// `cooked_at` (a leftover of it), or where it is eaten (`None`); and
    /// touches the meal, as a swap does. The caller checked who owns it
    /// and that the two meals share a dish.
    async fn set_cooked_at(
        &self,
        id: i64,
        cooked_at: Option<CookedAt>,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError>;
    /// [`set_recipe`](Self::set_recipe), or with `portions` (the
    /// holder's servings and every eater's)
    /// [`set_recipe_portions`](Self::set_recipe_portions), of a meal that
    /// others eat from, and what it does to those `leftovers`, in the same
    /// one statement (one transaction with `portions`).
    async fn set_recipe_cooking(
        &self,
        id: i64,
        recipe_id: i64,
        portions: Option<(f64, Vec<Portion>)>,
        leftovers: LeftoverSwap,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError>;
    /// Sets meal `id`'s note (`None` clears it) and touches the meal, as
    /// a swap does; the caller checked who owns it.
    async fn set_note(
        &self,
        id: i64,
        note: Option<String>,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError>;
    /// Sets a meal's status when `owner` owns it, and answers the meal as
    /// it now is (with its portions); `None` when there is no such meal of
    /// theirs. Without an owner (a caller without a token) only a meal
    /// not shared is changed: a shared meal is `None` too, and
    /// unchanged. One statement for a meal not shared.
    async fn set_status_of(
        &self,
        id: i64,
        owner: Option<UserId>,
        status: MealStatus,
        now: DateTime<Utc>,
    ) -> Result<Option<MealDetail>, StoreError>;
    /// [`Self::set_status_of`] for the owner `claims` name, their token
    /// checked first on the same connection, in one go: `None` when the
    /// token is refused (nothing is written), else the change's answer.
    async fn set_status_in_session(
        &self,
        id: i64,
        claims: TokenClaims,
        status: MealStatus,
        now: DateTime<Utc>,
    ) -> Result<Option<Option<MealDetail>>, StoreError>;
    /// Sets a meal's status.
    async fn set_status(
        &self,
        id: i64,
        status: MealStatus,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError>;
    /// One daily menu, its meals by schedule, with its owner.
    async fn day(&self, id: i64) -> Result<Option<OwnedDay>, StoreError>;
    /// Adds a day with its meals to plan `plan_id` and touches the plan's
    /// `updated_at`, in one transaction; [`StoreError::Conflict`] when the
    /// plan has that day of week already (or the meals repeat a schedule).
    async fn add_day(
        &self,
        plan_id: i64,
        day: NewDay,
        now: DateTime<Utc>,
    ) -> Result<DailyMenu, StoreError>;
    /// Adds a meal to daily menu `daily_menu_id` and touches its plan's
    /// `updated_at`, in one transaction; [`StoreError::Conflict`] when the
    /// day has a meal at that schedule already.
    async fn add_meal(
        &self,
        daily_menu_id: i64,
        meal: NewMeal,
        now: DateTime<Utc>,
    ) -> Result<MealDetail, StoreError>;
}
