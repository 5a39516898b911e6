//! Writing plans: a new plan with its days, meals and portions (one
//! statement on PostgreSQL, `plan_insert.rs`; statement by statement on
//! SQLite), a day or a meal added, portions replaced, a plan touched.

use chrono::{DateTime, Utc};
use diesel::dsl::Eq;
use diesel::prelude::*;
use mealplan_domain::UserId;
use mealplan_ports::{NewDay, NewMeal, Plan, PlanSettings, Portion, StoreError};

use super::plan_insert::create_in_one_statement;
use super::plan_read::{MealRow, Which, load_plan, meal_columns};
use super::plan_rows::{ChosenBy, MealValues, NewPlanRow, PortionValues, day_values, insert_plan};
use super::schema::{daily_menus, meal_details, meal_portions, plans};
use super::transaction::write_transaction;
use super::{AnyConnection, Database, store_error};

fn create_in_tx(
    conn: &mut AnyConnection,
    row: &NewPlanRow,
    days: &[NewDay],
    by: ChosenBy,
) -> QueryResult<i64> {
    diesel::update(plans::table.filter(plans::user_id.eq(row.user_id).and(plans::active.eq(1))))
        .set((plans::active.eq(0), plans::updated_at.eq(row.now)))
        .execute(conn)?;
    let plan_id = insert_plan(conn, row)?;
    insert_days(conn, plan_id, days, by, row.household == 1)?;
    Ok(plan_id)
}

/// A meal's row as Diesel inserts it (see [`meal_row`]).
type MealRowValues = (
    Eq<meal_details::daily_menu_id, i64>,
    Eq<meal_details::recipe_id, i64>,
    Eq<meal_details::schedule, i32>,
    Eq<meal_details::status, i32>,
    Eq<meal_details::meal_type_id, i64>,
    Eq<meal_details::servings, f64>,
    Eq<meal_details::chosen, i32>,
    Eq<meal_details::shared, i32>,
    Eq<meal_details::cooked_day, Option<i32>>,
    Eq<meal_details::cooked_schedule, Option<i32>>,
);

/// A portion's row as Diesel inserts it (see [`portion_row`]).
type PortionRowValues<'a> = (
    Eq<meal_portions::meal_detail_id, i64>,
    Eq<meal_portions::position, i32>,
    Eq<meal_portions::member_id, Option<i64>>,
    Eq<meal_portions::name, &'a str>,
    Eq<meal_portions::servings, f64>,
);

/// The values of a meal's row in daily menu `menu`, chosen `by`, from
/// its [`MealValues`] (one meal alone, or one of a multi-row insert).
fn meal_row(menu: i64, meal: &MealValues<'_>, by: ChosenBy) -> MealRowValues {
    (
        meal_details::daily_menu_id.eq(menu),
        meal_details::recipe_id.eq(meal.recipe_id),
        meal_details::schedule.eq(meal.schedule),
        meal_details::status.eq(meal.status),
        meal_details::meal_type_id.eq(meal.meal_type),
        meal_details::servings.eq(meal.servings),
        meal_details::chosen.eq(i32::from(by == ChosenBy::User)),
        meal_details::shared.eq(meal.shared),
        meal_details::cooked_day.eq(meal.cooked_day),
        meal_details::cooked_schedule.eq(meal.cooked_schedule),
    )
}

/// The values of a portion's row of meal `id`.
fn portion_row<'a>(id: i64, p: &PortionValues<'a>) -> PortionRowValues<'a> {
    (
        meal_portions::meal_detail_id.eq(id),
        meal_portions::position.eq(p.position),
        meal_portions::member_id.eq(p.member_id),
        meal_portions::name.eq(p.name),
        meal_portions::servings.eq(p.servings),
    )
}

/// Inserts `days`, their meals and the meals' portions into plan
/// `plan_id` (made for the household's table or not) with one multi-row
/// statement each, whatever their number.
fn insert_days(
    conn: &mut AnyConnection,
    plan_id: i64,
    days: &[NewDay],
    by: ChosenBy,
    household: bool,
) -> QueryResult<()> {
    if days.is_empty() {
        return Ok(());
    }
    let days: Vec<(i32, Option<String>, Vec<MealValues<'_>>)> = days
        .iter()
        .map(|d| {
            let (day, notes, meals) = day_values(d);
            let meals = meals.iter().map(|m| MealValues::of(m, household));
            (day, notes, meals.collect())
        })
        .collect();
    let day_rows: Vec<_> = days
        .iter()
        .map(|(day, notes, _)| {
            (
                daily_menus::plan_id.eq(plan_id),
                daily_menus::day_of_week.eq(*day),
                daily_menus::notes.eq(notes.as_deref()),
            )
        })
        .collect();
    let menus: Vec<(i64, i32)> = on_backend!(conn, c => diesel::insert_into(daily_menus::table)
        .values(&day_rows)
        .returning((daily_menus::id, daily_menus::day_of_week))
        .get_results(c))?;
    let menu_of = |day: i32| {
        menus
            .iter()
            .find(|(_, d)| *d == day)
            .map(|(id, _)| *id)
            .ok_or(diesel::result::Error::NotFound)
    };
    let mut meal_rows = Vec::new();
    for (day, _, meals) in &days {
        let menu = menu_of(*day)?;
        for meal in meals {
            meal_rows.push(meal_row(menu, meal, by));
        }
    }
    if meal_rows.is_empty() {
        return Ok(());
    }
    let meals: Vec<(i64, i64, i32)> = on_backend!(conn, c => diesel::insert_into(meal_details::table)
        .values(&meal_rows)
        .returning((
            meal_details::id,
            meal_details::daily_menu_id,
            meal_details::schedule,
        ))
        .get_results(c))?;
    let mut portion_rows = Vec::new();
    for (day, _, day_meals) in &days {
        let menu = menu_of(*day)?;
        for meal in day_meals.iter().filter(|m| !m.portions.is_empty()) {
            let id = meals
                .iter()
                .find(|(_, m, s)| *m == menu && *s == meal.schedule)
                .map(|(id, ..)| *id)
                .ok_or(diesel::result::Error::NotFound)?;
            portion_rows.extend(meal.portions.iter().map(|p| portion_row(id, p)));
        }
    }
    if !portion_rows.is_empty() {
        on_backend!(conn, c => diesel::insert_into(meal_portions::table)
            .values(&portion_rows)
            .execute(c))?;
    }
    Ok(())
}

/// Whether plan `plan_id` was made for the household's table.
pub(in crate::db) fn household_of(conn: &mut AnyConnection, plan_id: i64) -> QueryResult<bool> {
    plans::table
        .find(plan_id)
        .select(plans::household)
        .first::<i32>(conn)
        .map(|h| h == 1)
}

/// Inserts `day` and its meals into plan `plan_id` (made for the
/// household's table or not); the new menu's id.
pub(in crate::db) fn insert_day(
    conn: &mut AnyConnection,
    plan_id: i64,
    day: &NewDay,
    by: ChosenBy,
    household: bool,
) -> QueryResult<i64> {
    let (day_of_week, notes, meals) = day_values(day);
    let menu_id: i64 = diesel::insert_into(daily_menus::table)
        .values((
            daily_menus::plan_id.eq(plan_id),
            daily_menus::day_of_week.eq(day_of_week),
            daily_menus::notes.eq(notes),
        ))
        .returning(daily_menus::id)
        .get_result(conn)?;
    for meal in meals {
        insert_meal(conn, menu_id, meal, by, household)?;
    }
    Ok(menu_id)
}

/// Inserts `meal` into daily menu `menu_id` (of a plan made for the
/// household's table or not); the new meal as stored (without its
/// portions, which are stored too).
pub(in crate::db) fn insert_meal(
    conn: &mut AnyConnection,
    menu_id: i64,
    meal: &NewMeal,
    by: ChosenBy,
    household: bool,
) -> QueryResult<MealRow> {
    let values = MealValues::of(meal, household);
    let row: MealRow = diesel::insert_into(meal_details::table)
        .values(meal_row(menu_id, &values, by))
        .returning(meal_columns!())
        .get_result(conn)?;
    insert_portions(conn, row.0, &values.portions)?;
    Ok(row)
}

/// Stores `portions` as meal `id`'s.
fn insert_portions(
    conn: &mut AnyConnection,
    id: i64,
    portions: &[PortionValues<'_>],
) -> QueryResult<()> {
    if portions.is_empty() {
        return Ok(());
    }
    let rows: Vec<_> = portions.iter().map(|p| portion_row(id, p)).collect();
    // One multi-row statement, on the backend's own connection.
    on_backend!(conn, c => diesel::insert_into(meal_portions::table)
        .values(&rows)
        .execute(c))?;
    Ok(())
}

/// Replaces meal `id`'s portions with `portions`.
pub(in crate::db) fn replace_portions(
    conn: &mut AnyConnection,
    id: i64,
    portions: &[Portion],
) -> QueryResult<()> {
    diesel::delete(meal_portions::table.filter(meal_portions::meal_detail_id.eq(id)))
        .execute(conn)?;
    insert_portions(conn, id, &PortionValues::all(portions))
}

/// Sets plan `plan_id`'s `updated_at` and adds one to its revision.
pub(in crate::db) fn touch_plan(
    conn: &mut AnyConnection,
    plan_id: i64,
    now: DateTime<Utc>,
) -> QueryResult<usize> {
    diesel::update(plans::table.find(plan_id))
        .set((
            plans::updated_at.eq(now.naive_utc()),
            plans::revision.eq(plans::revision + 1),
        ))
        .execute(conn)
}

impl Database {
    /// Creates an active plan of `user` with `days` (the user's active one,
    /// if any, made inactive), for the household's table or not, and
    /// reads it back.
    pub(in crate::db) async fn create_plan(
        &self,
        user: UserId,
        days: Vec<NewDay>,
        settings: Option<PlanSettings>,
        household: bool,
        now: DateTime<Utc>,
    ) -> Result<Plan, StoreError> {
        self.run(move |conn| {
            let row = NewPlanRow::of(user, now.naive_utc(), settings, household);
            let by = ChosenBy::of(settings);
            // One statement on PostgreSQL, where each costs a round trip;
            // statement by statement in a transaction on SQLite.
            let id = match conn {
                AnyConnection::Postgresql(pg) => create_in_one_statement(pg, &row, &days, by),
                AnyConnection::Sqlite(_) => {
                    write_transaction(conn, |conn| create_in_tx(conn, &row, &days, by))
                }
            }
            .map_err(store_error)?;
            load_plan(conn, Which::Id(id))?
                .ok_or_else(|| StoreError::Failure("plan vanished after create".into()))
        })
        .await
    }
}
