//! The rows of a new plan (its own, its meals' and their portions') and
//! who chose its recipes: shared by every plan write, a plan's creation
//! statement by statement (`plan_write.rs`, SQLite) and in one statement
//! (`plan_insert.rs`, PostgreSQL), a day or a meal added (`plan_write.rs`).

use chrono::NaiveDateTime;
use diesel::prelude::*;
use mealplan_domain::UserId;
use mealplan_ports::{NewDay, NewMeal, PlanSettings, Portion};

use super::AnyConnection;
use super::lists::encode_notes;
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
    /// 1 for a plan made for the household's table.
    pub household: i32,
}

impl NewPlanRow {
    /// The row of a new plan of `user`'s, made at `now` with `settings`
    /// (the planner's; `None` for a plan made by hand), for the
    /// household's table or not.
    pub(in crate::db) fn of(
        user: UserId,
        now: NaiveDateTime,
        settings: Option<PlanSettings>,
        household: bool,
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
            household: i32::from(household),
        }
    }
}

/// Inserts the row of a new active plan for `user` (the old one already
/// deactivated); its id.
pub(in crate::db) fn insert_plan(conn: &mut AnyConnection, row: &NewPlanRow) -> QueryResult<i64> {
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

/// A new meal's values as its row stores them, with its portions'. Made
/// only by [`MealValues::of`], the one place a [`NewMeal`] (and a
/// [`NewDay`], [`day_values`]) is taken apart for a write: every plan
/// write (a plan created in one statement or in several, a day or a meal
/// added) goes through it, and it takes the meal apart whole, so a field
/// added to `NewMeal` does not compile until it is written.
#[derive(Debug, Clone, PartialEq)]
pub(in crate::db) struct MealValues<'a> {
    pub recipe_id: i64,
    pub schedule: i32,
    pub status: i32,
    pub meal_type: i64,
    pub servings: f64,
    /// 1 when the meal is shared at the household's table: it has
    /// portions and its plan was made for the table
    /// ([`mealplan_ports::MealDetail::shared`]).
    pub shared: i32,
    /// Its portions, in order.
    pub portions: Vec<PortionValues<'a>>,
    /// Where a leftover's dish is cooked: that meal's day and schedule
    /// (`None` for a meal cooked for itself).
    pub cooked_day: Option<i32>,
    pub cooked_schedule: Option<i32>,
}

/// A new portion's values as its row stores them.
#[derive(Debug, Clone, PartialEq)]
pub(in crate::db) struct PortionValues<'a> {
    /// Its place among the meal's portions, from 0.
    pub position: i32,
    pub member_id: Option<i64>,
    pub name: &'a str,
    pub servings: f64,
}

impl<'a> MealValues<'a> {
    /// `meal`'s values (see the type), in a plan made for the household's
    /// table or not (`household`).
    pub(in crate::db) fn of(meal: &'a NewMeal, household: bool) -> Self {
        let NewMeal {
            recipe_id,
            schedule,
            status,
            meal_type,
            servings,
            portions,
            leftover_of,
        } = meal;
        Self {
            recipe_id: *recipe_id,
            schedule: i32::from(*schedule),
            status: status.code() as i32,
            meal_type: meal_type.id(),
            servings: *servings,
            shared: i32::from(household && !portions.is_empty()),
            portions: PortionValues::all(portions),
            cooked_day: leftover_of.map(|c| i32::from(c.day_of_week)),
            cooked_schedule: leftover_of.map(|c| i32::from(c.schedule)),
        }
    }
}

impl<'a> PortionValues<'a> {
    /// `portions`' values, positions in order from 0 (a new meal's, or the
    /// ones replacing a meal's).
    pub(in crate::db) fn all(portions: &'a [Portion]) -> Vec<Self> {
        portions
            .iter()
            .enumerate()
            .map(|(position, portion)| {
                let Portion {
                    member_id,
                    name,
                    servings,
                } = portion;
                Self {
                    position: position as i32,
                    member_id: *member_id,
                    name,
                    servings: *servings,
                }
            })
            .collect()
    }
}

/// `day`'s day of week and notes as stored, and its meals (see
/// [`MealValues`]).
pub(in crate::db) fn day_values(day: &NewDay) -> (i32, Option<String>, &[NewMeal]) {
    let NewDay {
        day_of_week,
        meals,
        notes,
    } = day;
    (i32::from(*day_of_week), encode_notes(notes), meals)
}
