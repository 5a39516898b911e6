//! The row of a new plan and who chose its recipes: shared by a plan's
//! creation statement by statement (`plans.rs`) and in batches
//! (`plan_batch.rs`).

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

/// Inserts the row of a new active plan for `user` (the old one already
/// deactivated); its id.
pub(in crate::db) fn insert_plan(
    conn: &mut AnyConnection,
    user: UserId,
    days: &[NewDay],
    now: NaiveDateTime,
    settings: Option<PlanSettings>,
) -> QueryResult<i64> {
    diesel::insert_into(plans::table)
        .values((
            plans::user_id.eq(user.0),
            plans::active.eq(1),
            plans::created_at.eq(now),
            plans::updated_at.eq(now),
            plans::tolerance_calories.eq(settings.map(|s| s.tolerances.calories)),
            plans::tolerance_macros.eq(settings.map(|s| s.tolerances.macros)),
            plans::max_servings.eq(settings.map(|s| s.portions.max_servings)),
            plans::adjust_protein.eq(settings.map_or(0, |s| i16::from(s.adjust.protein))),
            plans::adjust_carbs.eq(settings.map_or(0, |s| i16::from(s.adjust.carbs))),
            plans::adjust_calories.eq(settings.map_or(0, |s| i16::from(s.adjust.calories))),
            plans::adjust_meals.eq(settings
                .and_then(|s| s.adjust.meals_per_day)
                .map(|m| i32::from(m.get()))),
            plans::adjust_diet.eq(settings.and_then(|s| s.adjust.diet).map(|d| d.as_str())),
            plans::household.eq(i32::from(
                days.iter()
                    .flat_map(|d| &d.meals)
                    .any(|m| !m.portions.is_empty()),
            )),
        ))
        .returning(plans::id)
        .get_result(conn)
}
