//! The row of a new plan and who chose its recipes: shared by a plan's
//! creation statement by statement (`plans.rs`, SQLite) and in one
//! statement (`plan_insert.rs`, PostgreSQL).

use chrono::NaiveDateTime;
use diesel::prelude::*;
use mealplan_domain::UserId;
use mealplan_ports::{NewDay, PlanSettings};

use super::AnyConnection;
use super::schema::plans;

/// Who chose a new meal's recipe.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::db) enum ChosenBy {
    /// The user (a plan made by hand, a day or meal added one by one).
    User,
    /// The planner.
    Planner,
}

impl ChosenBy {
    /// Who chose the recipes of a new plan with `settings`: the planner
    /// keeps its settings with the plans it makes.
    pub(in crate::db) fn of(settings: Option<PlanSettings>) -> Self {
        if settings.is_some() {
            Self::Planner
        } else {
            Self::User
        }
    }
}

/// The values of a new active plan's row, as both ways of creating a plan
/// write them (Diesel's insert in [`insert_plan`], the bound statement of
/// `plan_insert.rs`).
#[derive(Debug, Clone, PartialEq)]
pub(in crate::db) struct NewPlanRow {
    pub user_id: i64,
    pub now: NaiveDateTime,
    pub tolerance_calories: Option<f64>,
    pub tolerance_macros: Option<f64>,
    pub max_servings: Option<f64>,
    pub adjust_protein: i16,
    pub adjust_carbs: i16,
    pub adjust_calories: i16,
    pub adjust_meals: Option<i32>,
    pub adjust_diet: Option<&'static str>,
    /// 1 when a meal has portions: a plan for the household.
    pub household: i32,
}

impl NewPlanRow {
    /// The row of a new plan of `user`'s with `days`, made at `now` with
    /// `settings` (the planner's; `None` for a plan made by hand).
    pub(in crate::db) fn of(
        user: UserId,
        days: &[NewDay],
        now: NaiveDateTime,
        settings: Option<PlanSettings>,
    ) -> Self {
        Self {
            user_id: user.0,
            now,
            tolerance_calories: settings.map(|s| s.tolerances.calories),
            tolerance_macros: settings.map(|s| s.tolerances.macros),
            max_servings: settings.map(|s| s.portions.max_servings),
            adjust_protein: settings.map_or(0, |s| i16::from(s.adjust.protein)),
            adjust_carbs: settings.map_or(0, |s| i16::from(s.adjust.carbs)),
            adjust_calories: settings.map_or(0, |s| i16::from(s.adjust.calories)),
            adjust_meals: settings
                .and_then(|s| s.adjust.meals_per_day)
                .map(|m| i32::from(m.get())),
            adjust_diet: settings.and_then(|s| s.adjust.diet).map(|d| d.as_str()),
            household: i32::from(
                days.iter()
                    .flat_map(|d| &d.meals)
                    .any(|m| !m.portions.is_empty()),
            ),
        }
    }
}

/// Inserts the row of a new active plan for `user` (the old one already
/// deactivated); its id.
pub(in crate::db) fn insert_plan(
    conn: &mut AnyConnection,
    user: UserId,
    days: &[NewDay],
    now: NaiveDateTime,
    settings: Option<PlanSettings>,
) -> QueryResult<i64> {
    let row = NewPlanRow::of(user, days, now, settings);
    diesel::insert_into(plans::table)
        .values((
            plans::user_id.eq(row.user_id),
            plans::active.eq(1),
            plans::created_at.eq(row.now),
            plans::updated_at.eq(row.now),
            plans::tolerance_calories.eq(row.tolerance_calories),
            plans::tolerance_macros.eq(row.tolerance_macros),
            plans::max_servings.eq(row.max_servings),
            plans::adjust_protein.eq(row.adjust_protein),
            plans::adjust_carbs.eq(row.adjust_carbs),
            plans::adjust_calories.eq(row.adjust_calories),
            plans::adjust_meals.eq(row.adjust_meals),
            plans::adjust_diet.eq(row.adjust_diet),
            plans::household.eq(row.household),
        ))
        .returning(plans::id)
        .get_result(conn)
}
