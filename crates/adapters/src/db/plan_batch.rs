//! A new plan's writes as literal SQL, so that creating a plan takes few
//! round trips: the old active plan is deactivated in the batch that
//! starts the transaction, and the days, meals and portions are inserted
//! in the batch that commits it (issue 25).
//!
//! Only values that can be written exactly and safely are written into
//! the SQL: integers, finite floats (`{:?}`, the shortest text that reads
//! back as the same `f64`), timestamps, and a portion's name, client text,
//! quoted per backend. When a value cannot be written (a float that is
//! not finite, a year outside 1-9999), the builders return `None` and the
//! caller binds the values as before.

use std::fmt::Write;

use chrono::NaiveDateTime;
use diesel::QueryResult;
use mealplan_domain::UserId;
use mealplan_ports::{NewDay, PlanSettings};

use super::AnyConnection;
use super::literal::Dialect;
use super::plan_rows::{ChosenBy, insert_plan};
use super::transaction::write_transaction_with_batches;

/// A new plan's creation (see the plan repository's `create_in_tx`) in
/// three round trips whatever the plan's size: the deactivation sent with
/// the `BEGIN`, the plan's row inserted with its
/// values bound (the one-active-plan index refuses it there when another
/// creation won a race), and its days, meals and portions sent with the
/// `COMMIT` (see the module documentation). `None` when a value
/// cannot be written as a literal; nothing was sent then.
pub(in crate::db) fn create_batched(
    conn: &mut AnyConnection,
    user: UserId,
    days: &[NewDay],
    now: NaiveDateTime,
    settings: Option<PlanSettings>,
) -> Option<QueryResult<i64>> {
    let dialect = Dialect::of(conn);
    let deactivate = deactivate_sql(dialect, user, now)?;
    // Written once with a placeholder id to learn whether every value can
    // be written, before anything is sent.
    days_sql(dialect, 0, days, 0)?;
    let chosen = i32::from(ChosenBy::of(settings) == ChosenBy::User);
    Some(write_transaction_with_batches(conn, &deactivate, |conn| {
        let plan_id = insert_plan(conn, user, days, now, settings)?;
        let batch = days_sql(dialect, plan_id, days, chosen).ok_or_else(|| {
            diesel::result::Error::QueryBuilderError("a plan's value cannot be written".into())
        })?;
        Ok((plan_id, batch))
    }))
}

/// The statement that deactivates `user`'s active plan at `now`, to be
/// sent with the `BEGIN`.
pub(in crate::db) fn deactivate_sql(
    dialect: Dialect,
    user: UserId,
    now: NaiveDateTime,
) -> Option<String> {
    Some(format!(
        "UPDATE plans SET active = 0, updated_at = {} WHERE user_id = {} AND active = 1;",
        dialect.timestamp(now)?,
        user.0
    ))
}

/// The statements that insert `days`, their meals and the meals'
/// portions into plan `plan_id`, one multi-row `INSERT` per table, each
/// row finding its menu (and a portion its meal) by subquery on the
/// plan's unique days and each day's unique schedules. `chosen` is the
/// meals' `chosen` flag (1: the user chose the recipes).
pub(in crate::db) fn days_sql(
    dialect: Dialect,
    plan_id: i64,
    days: &[NewDay],
    chosen: i32,
) -> Option<String> {
    let mut sql = String::new();
    if days.is_empty() {
        return Some(sql);
    }
    sql.push_str("INSERT INTO daily_menus (plan_id, day_of_week) VALUES ");
    for (i, day) in days.iter().enumerate() {
        let comma = if i == 0 { "" } else { "," };
        let _ = write!(sql, "{comma}({plan_id},{})", day.day_of_week);
    }
    sql.push(';');
    let menu = |day: u8| {
        format!("(SELECT id FROM daily_menus WHERE plan_id = {plan_id} AND day_of_week = {day})")
    };
    let mut first = true;
    for day in days {
        for meal in &day.meals {
            if first {
                sql.push_str(
                    "INSERT INTO meal_details (daily_menu_id, recipe_id, schedule, status, \
                     meal_type_id, servings, chosen, shared) VALUES ",
                );
            } else {
                sql.push(',');
            }
            first = false;
            let _ = write!(
                sql,
                "({},{},{},{},{},{},{chosen},{})",
                menu(day.day_of_week),
                meal.recipe_id,
                meal.schedule,
                meal.status.code(),
                meal.meal_type.id(),
                dialect.float(meal.servings)?,
                i32::from(!meal.portions.is_empty()),
            );
        }
    }
    if !first {
        sql.push(';');
    }
    let mut first = true;
    for day in days {
        for meal in &day.meals {
            for (position, p) in meal.portions.iter().enumerate() {
                if first {
                    sql.push_str(
                        "INSERT INTO meal_portions (meal_detail_id, position, member_id, name, \
                         servings) VALUES ",
                    );
                } else {
                    sql.push(',');
                }
                first = false;
                let member = p.member_id.map_or("NULL".to_owned(), |id| id.to_string());
                let _ = write!(
                    sql,
                    "((SELECT id FROM meal_details WHERE daily_menu_id = {} AND schedule = {}),\
                     {position},{member},{},{})",
                    menu(day.day_of_week),
                    meal.schedule,
                    dialect.text(&p.name),
                    dialect.float(p.servings)?,
                );
            }
        }
    }
    if !first {
        sql.push(';');
    }
    Some(sql)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;
    use diesel::connection::SimpleConnection;
    use diesel::prelude::*;
    use diesel::sql_types::{Double, Text};
    use mealplan_domain::{MealStatus, MealType};
    use mealplan_ports::{NewMeal, Portion};

    fn now() -> NaiveDateTime {
        NaiveDate::from_ymd_opt(2026, 11, 23)
            .unwrap()
            .and_hms_nano_opt(1, 2, 3, 456_789_123)
            .unwrap()
    }

    #[test]
    fn literals_are_exact_and_quoted_per_backend() {
        let (pg, lite) = (Dialect::Postgres, Dialect::Sqlite);
        assert_eq!(
            pg.timestamp(now()).unwrap(),
            "'2026-11-23 01:02:03.456789'::timestamp"
        );
        assert_eq!(
            lite.timestamp(now()).unwrap(),
            "'2026-11-23 01:02:03.456789123'"
        );
        let whole = NaiveDate::from_ymd_opt(2026, 1, 2)
            .unwrap()
            .and_hms_opt(3, 4, 5)
            .unwrap();
        assert_eq!(lite.timestamp(whole).unwrap(), "'2026-01-02 03:04:05'");
        assert_eq!(pg.float(0.1 + 0.2).unwrap(), "0.30000000000000004::float8");
        assert_eq!(lite.float(1e-7).unwrap(), "1e-7");
        assert_eq!(pg.float(f64::NAN), None);
        assert_eq!(lite.float(f64::INFINITY), None);
        assert_eq!(pg.text(r"O'Brien \ co"), r"E'O\'Brien \\ co'");
        assert_eq!(lite.text(r"O'Brien \ co"), r"'O''Brien \ co'");
        let far = NaiveDate::from_ymd_opt(10_000, 1, 1)
            .unwrap()
            .and_hms_opt(0, 0, 0)
            .unwrap();
        assert_eq!(deactivate_sql(pg, UserId(1), far), None);
    }

    #[derive(QueryableByName)]
    struct Read {
        #[diesel(sql_type = Text)]
        t: String,
        #[diesel(sql_type = Double)]
        x: f64,
        #[diesel(sql_type = Text)]
        s: String,
    }

    /// SQLite reads the literals back as the values Diesel would bind.
    #[test]
    fn sqlite_reads_literals_back_exactly() {
        let mut conn = SqliteConnection::establish(":memory:").unwrap();
        conn.batch_execute("CREATE TABLE v (t TEXT, x DOUBLE PRECISION, s TEXT)")
            .unwrap();
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let mut xs = vec![
            0.1 + 0.2,
            1e-7,
            2.0,
            0.75,
            1.2345678901234567,
            5e-324,
            1.7976931348623157e308,
        ];
        for _ in 0..2000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let x = f64::from_bits(seed);
            if x.is_finite() {
                xs.push(x);
            }
        }
        let lite = Dialect::Sqlite;
        let name = "it's a \\ 'test'";
        for x in xs {
            conn.batch_execute("DELETE FROM v").unwrap();
            conn.batch_execute(&format!(
                "INSERT INTO v VALUES ({}, {}, {})",
                lite.timestamp(now()).unwrap(),
                lite.float(x).unwrap(),
                lite.text(name)
            ))
            .unwrap();
            let read: Read = diesel::sql_query("SELECT t, x, s FROM v")
                .get_result(&mut conn)
                .unwrap();
            assert_eq!(read.x.to_bits(), x.to_bits(), "{x:?}");
            assert_eq!(read.s, name);
            assert_eq!(read.t, now().format("%F %T%.f").to_string());
        }
    }

    #[test]
    fn days_are_written_with_their_meals_and_portions() {
        let meal = |schedule: u8, portions: Vec<Portion>| NewMeal {
            recipe_id: 40 + i64::from(schedule),
            schedule,
            status: MealStatus::Pending,
            meal_type: MealType::Lunch,
            servings: 1.5,
            portions,
        };
        let days = [
            NewDay {
                day_of_week: 1,
                meals: vec![meal(
                    1,
                    vec![Portion {
                        member_id: Some(9),
                        name: "Ann's".into(),
                        servings: 0.5,
                    }],
                )],
            },
            NewDay {
                day_of_week: 2,
                meals: Vec::new(),
            },
        ];
        let sql = days_sql(Dialect::Sqlite, 7, &days, 0).unwrap();
        let menu =
            |d: u8| format!("(SELECT id FROM daily_menus WHERE plan_id = 7 AND day_of_week = {d})");
        assert_eq!(
            sql,
            format!(
                "INSERT INTO daily_menus (plan_id, day_of_week) VALUES (7,1),(7,2);\
                 INSERT INTO meal_details (daily_menu_id, recipe_id, schedule, status, \
                 meal_type_id, servings, chosen, shared) VALUES ({},41,1,{},{},1.5,0,1);\
                 INSERT INTO meal_portions (meal_detail_id, position, member_id, name, \
                 servings) VALUES ((SELECT id FROM meal_details WHERE daily_menu_id = {} \
                 AND schedule = 1),0,9,'Ann''s',0.5);",
                menu(1),
                MealStatus::Pending.code(),
                MealType::Lunch.id(),
                menu(1),
            )
        );
        assert_eq!(days_sql(Dialect::Sqlite, 7, &[], 0).unwrap(), "");
    }
}
