//! Ports of the recipe catalogue and of plans.

use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mealplan_domain::{MealStatus, MealType, Recipe, UserId};

use crate::StoreError;

/// Read access to the seeded recipe catalogue.
#[cfg_attr(feature = "mock", mockall::automock)]
#[async_trait]
pub trait RecipeCatalog: Send + Sync {
    /// Every recipe, ordered by id. Cheap to call repeatedly: the catalogue
    /// only changes when a new build seeds it.
    async fn all(&self) -> Result<Arc<[Recipe]>, StoreError>;
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
}

/// One day of a plan to create.
#[derive(Debug, Clone, PartialEq)]
pub struct NewDay {
    /// 1 (Monday) to 7.
    pub day_of_week: u8,
    /// Meals by schedule.
    pub meals: Vec<NewMeal>,
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
}

/// A stored plan.
#[derive(Debug, Clone, PartialEq)]
pub struct Plan {
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
    /// Days by day of week.
    pub days: Vec<DailyMenu>,
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
}

/// Persistence of plans and their meals.
#[cfg_attr(feature = "mock", mockall::automock)]
#[async_trait]
pub trait PlanRepository: Send + Sync {
    /// Stores a plan as `user`'s active one, deactivating the previous
    /// active plan (kept as history), in one transaction.
    async fn create(
        &self,
        user: UserId,
        days: Vec<NewDay>,
        now: DateTime<Utc>,
    ) -> Result<Plan, StoreError>;
    /// `user`'s active plan.
    async fn active(&self, user: UserId) -> Result<Option<Plan>, StoreError>;
    /// A plan by id, active or not.
    async fn plan(&self, id: i64) -> Result<Option<Plan>, StoreError>;
    /// Every plan of `user`, newest first (the active one and history).
    async fn history(&self, user: UserId) -> Result<Vec<Plan>, StoreError>;
    /// One meal detail with its owner.
    async fn meal(&self, id: i64) -> Result<Option<OwnedMeal>, StoreError>;
    /// Points a meal at another recipe (status unchanged).
    async fn set_recipe(
        &self,
        id: i64,
        recipe_id: i64,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError>;
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
