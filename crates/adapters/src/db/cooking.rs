//! A meal and the meals eaten from its dish (its leftovers): read
//! together, in the one statement that reads a meal with where it
//! belongs, and swapped together, in the swap's one statement.
//!
//! A leftover names its cooking meal by day and schedule in the same plan
//! (`cooked_day`, `cooked_schedule`) and eats the same recipe; a meal
//! swapped to another recipe is its own dish, so a swap clears both.

use chrono::{DateTime, Utc};
use diesel::dsl::case_when;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Double, Integer, Nullable, Text};
use mealplan_domain::UserId;
use mealplan_ports::{LaterMeal, LeftoverChoice, LeftoverSwap, OwnedMeal, Portion, StoreError};

use super::AnyConnection;
use super::plan_read::{MealRow, MealRowSql, cooked_at, meal_column_names, meal_of};
use super::schema::meal_details;

/// Meal `id` with its plan's owner, and each meal of its plan that is it
/// or eats from its dish, with its day and portions: one row per portion
/// (or meal without), by day, schedule and portion.
///
/// On PostgreSQL the plan's days and their meals are probed by their
/// indexes, each step a `LATERAL` subquery kept from being pulled up
/// (`OFFSET 0`), as the plan read does (see `plan_read.rs`): joined
/// plainly, a table grown without `ANALYZE` could be hashed whole. SQLite
/// joins by nested loops over the same indexes.
#[derive(Debug, Clone, Copy, diesel::query_builder::QueryId)]
pub(in crate::db) struct MealWithLater {
    /// The meal.
    pub id: i64,
}

/// The columns every row of [`MealWithLater`] selects, from the meal
/// read (`m`), its day (`d`), the meal asked for (`o`, its plan's owner)
/// and a portion (`x`).
const COLUMNS: &str = concat!(
    "SELECT ",
    meal_column_names!("m."),
    ", m.cooked_day, m.cooked_schedule, d.day_of_week, \
     o.user_id, o.plan_id, o.household, x.member_id, x.name, x.servings"
);

/// Which meals of the plan are read: the one asked for and its leftovers.
const THE_MEAL_OR_ITS_LEFTOVERS: &str = "(m.id = o.id OR (m.cooked_day = o.day_of_week \
 AND m.cooked_schedule = o.schedule AND m.recipe_id = o.recipe_id))";

const ORDER: &str = " ORDER BY d.day_of_week, m.schedule, x.position";

/// One row of [`MealWithLater`].
type Row = (
    MealRow,
    Option<i32>,
    Option<i32>,
    i32,
    i64,
    i64,
    i32,
    Option<(Option<i64>, String, f64)>,
);

impl diesel::query_builder::Query for MealWithLater {
    type SqlType = (
        MealRowSql,
        Nullable<Integer>,
        Nullable<Integer>,
        Integer,
        BigInt,
        BigInt,
        Integer,
        Nullable<(Nullable<BigInt>, Text, Double)>,
    );
}

impl<Conn> RunQueryDsl<Conn> for MealWithLater {}

/// The meal asked for, with its day and plan: both backends' statements
/// start from it (its id bound next).
const THE_MEAL: &str = " FROM (SELECT m.id, m.recipe_id, m.schedule, d.day_of_week, d.plan_id, \
     p.user_id, p.household FROM meal_details m \
     JOIN daily_menus d ON d.id = m.daily_menu_id JOIN plans p ON p.id = d.plan_id \
     WHERE m.id = ";

impl diesel::query_builder::QueryFragment<diesel::pg::Pg> for MealWithLater {
    fn walk_ast<'b>(
        &'b self,
        mut out: diesel::query_builder::AstPass<'_, 'b, diesel::pg::Pg>,
    ) -> QueryResult<()> {
        out.push_sql(COLUMNS);
        out.push_sql(THE_MEAL);
        out.push_bind_param::<BigInt, _>(&self.id)?;
        out.push_sql(concat!(
            " OFFSET 0) o \
             JOIN LATERAL (SELECT id, day_of_week FROM daily_menus \
             WHERE plan_id = o.plan_id OFFSET 0) d ON true \
             JOIN LATERAL (SELECT ",
            meal_column_names!("m."),
            ", m.cooked_day, m.cooked_schedule \
             FROM meal_details m WHERE m.daily_menu_id = d.id AND ",
        ));
        out.push_sql(THE_MEAL_OR_ITS_LEFTOVERS);
        out.push_sql(
            " OFFSET 0) m ON true \
             LEFT JOIN LATERAL (SELECT member_id, name, servings, position FROM meal_portions \
             WHERE meal_detail_id = m.id OFFSET 0) x ON true",
        );
        out.push_sql(ORDER);
        Ok(())
    }
}

impl diesel::query_builder::QueryFragment<diesel::sqlite::Sqlite> for MealWithLater {
    fn walk_ast<'b>(
        &'b self,
        mut out: diesel::query_builder::AstPass<'_, 'b, diesel::sqlite::Sqlite>,
    ) -> QueryResult<()> {
        out.push_sql(COLUMNS);
        out.push_sql(THE_MEAL);
        out.push_bind_param::<BigInt, _>(&self.id)?;
        out.push_sql(
            ") o \
             JOIN daily_menus d ON d.plan_id = o.plan_id \
             JOIN meal_details m ON m.daily_menu_id = d.id AND ",
        );
        out.push_sql(THE_MEAL_OR_ITS_LEFTOVERS);
        out.push_sql(" LEFT JOIN meal_portions x ON x.meal_detail_id = m.id");
        out.push_sql(ORDER);
        Ok(())
    }
}

/// Meal `id` with where it belongs and its leftovers ([`MealWithLater`]),
/// in one statement; `None` when there is no such meal.
pub(in crate::db) fn meal_with_later(
    conn: &mut AnyConnection,
    id: i64,
) -> Result<Option<OwnedMeal>, StoreError> {
    let query = MealWithLater { id };
    let rows: Vec<Row> =
        on_backend!(conn, c => query.load::<Row>(c)).map_err(super::store_error)?;
    let Some(&(_, _, _, _, owner, plan_id, household, _)) = rows.first() else {
        return Ok(None);
    };
    let mut meals: Vec<LaterMeal> = Vec::new();
    for (row, cooked_day, cooked_schedule, day, _, _, _, portion) in rows {
        if meals.last().is_none_or(|m| m.meal.id != row.0) {
            let mut meal = meal_of(row)?;
            meal.leftover_of = cooked_at(cooked_day, cooked_schedule);
            let day_of_week = u8::try_from(day)
                .map_err(|_| StoreError::Failure(format!("meal {} has a bad day", meal.id)))?;
            meals.push(LaterMeal { day_of_week, meal });
        }
        if let Some((member_id, name, servings)) = portion {
            let meal = &mut meals.last_mut().expect("pushed above").meal;
            meal.portions.push(Portion {
                member_id,
                name,
                servings,
            });
        }
    }
    let at = meals
        .iter()
        .position(|m| m.meal.id == id)
        .ok_or_else(|| StoreError::Failure(format!("meal {id} vanished")))?;
    let LaterMeal { day_of_week, meal } = meals.remove(at);
    Ok(Some(OwnedMeal {
        meal,
        owner: UserId(owner),
        plan_id,
        day_of_week,
        household: household == 1,
        later: meals,
    }))
}

/// Points meal `id` at `recipe_id` (chosen by the user now, its own dish)
/// and changes its `leftovers` as they say, in one statement: kept, they
/// take the recipe too and stay eaten from it; dropped, they keep their
/// recipe and are each their own dish. A leftover that no longer has the
/// recipe it was read with is left alone.
pub(in crate::db) fn swap_cooking(
    conn: &mut AnyConnection,
    id: i64,
    recipe_id: i64,
    leftovers: &LeftoverSwap,
    now: DateTime<Utc>,
) -> QueryResult<usize> {
    let theirs = meal_details::id
        .eq_any(leftovers.ids.clone())
        .and(meal_details::recipe_id.eq(leftovers.recipe_id));
    let target = meal_details::table.filter(meal_details::id.eq(id).or(theirs));
    let nowhere = || None::<i32>.into_sql::<Nullable<Integer>>();
    let at = Some(now.naive_utc());
    match leftovers.choice {
        LeftoverChoice::Keep => diesel::update(target)
            .set((
                meal_details::recipe_id.eq(recipe_id),
                meal_details::chosen.eq(1),
                meal_details::cooked_day.eq(case_when(meal_details::id.eq(id), nowhere())
                    .otherwise(meal_details::cooked_day)),
                meal_details::cooked_schedule.eq(case_when(meal_details::id.eq(id), nowhere())
                    .otherwise(meal_details::cooked_schedule)),
                meal_details::updated_at.eq(at),
                meal_details::revision.eq(meal_details::revision + 1),
            ))
            .execute(conn),
        LeftoverChoice::Drop => diesel::update(target)
            .set((
                meal_details::recipe_id.eq(case_when(
                    meal_details::id.eq(id),
                    recipe_id.into_sql::<BigInt>(),
                )
                .otherwise(meal_details::recipe_id)),
                meal_details::chosen.eq(case_when(
                    meal_details::id.eq(id),
                    1.into_sql::<Integer>(),
                )
                .otherwise(meal_details::chosen)),
                meal_details::cooked_day.eq(None::<i32>),
                meal_details::cooked_schedule.eq(None::<i32>),
                meal_details::updated_at.eq(at),
                meal_details::revision.eq(meal_details::revision + 1),
            ))
            .execute(conn),
    }
}
