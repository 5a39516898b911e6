//! Reading a plan back: the whole plan (its days, meals and portions),
//! one day, a meal's portions; and the row types and column lists every
//! plan statement shares.

use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use mealplan_domain::planner::{CookedAt, PlanAdjust, Portions, Tolerances};
use mealplan_domain::{DietType, MealStatus, MealType, MealsPerDay, UserId};
use mealplan_ports::{DailyMenu, MealDetail, OwnedDay, Plan, PlanSettings, Portion, StoreError};

use super::lists::decode_notes;
use super::schema::{daily_menus, meal_details, meal_portions, plans};
use super::{AnyConnection, store_error};

/// A meal's columns: id, recipe, schedule, status, meal type, servings,
/// note, shared ([`meal_columns`]).
pub(in crate::db) type MealRow = (i64, i64, i32, i32, i64, f64, Option<String>, i32);

/// The SQL types of [`MealRow`], named once for every hand-written
/// statement that returns a meal (the plan read, the status changes).
pub(in crate::db) type MealRowSql = (
    diesel::sql_types::BigInt,
    diesel::sql_types::BigInt,
    diesel::sql_types::Integer,
    diesel::sql_types::Integer,
    diesel::sql_types::BigInt,
    diesel::sql_types::Double,
    diesel::sql_types::Nullable<diesel::sql_types::Text>,
    diesel::sql_types::Integer,
);

/// A meal as its row has it, its portions not read yet (a statement that
/// reads them adds them).
pub(in crate::db) fn meal_of(row: MealRow) -> Result<MealDetail, StoreError> {
    let (id, recipe_id, schedule, status, meal_type, servings, note, shared) = row;
    let corrupt = |what: &str| StoreError::Failure(format!("meal detail {id} has a bad {what}"));
    Ok(MealDetail {
        id,
        recipe_id,
        schedule: u8::try_from(schedule).map_err(|_| corrupt("schedule"))?,
        status: MealStatus::from_code(i64::from(status)).map_err(|_| corrupt("status"))?,
        meal_type: MealType::from_id(meal_type).ok_or_else(|| corrupt("meal type"))?,
        servings,
        portions: Vec::new(),
        note,
        shared: shared == 1,
        // Read with the plan (see `load_plan`): a meal read alone does not
        // say where it was cooked.
        leftover_of: None,
    })
}

/// Where a leftover meal's dish was cooked, as its row stores it (both
/// columns or neither).
pub(in crate::db) fn cooked_at(day: Option<i32>, schedule: Option<i32>) -> Option<CookedAt> {
    Some(CookedAt {
        day_of_week: u8::try_from(day?).ok()?,
        schedule: u8::try_from(schedule?).ok()?,
    })
}

/// A stored -1/0/+1 change (anything else read as its sign).
fn sign(v: i16) -> i8 {
    v.signum() as i8
}

fn utc(t: NaiveDateTime) -> DateTime<Utc> {
    t.and_utc()
}

/// Which plan a read is for.
#[derive(Debug, Clone, Copy)]
pub(in crate::db) enum Which {
    /// A plan by id.
    Id(i64),
    /// A user's active plan.
    ActiveOf(UserId),
}

/// A plan's own columns: id, owner, active, created, updated, household.
type PlanCols = (i64, i64, i32, NaiveDateTime, NaiveDateTime, i32);
/// A plan's settings columns (see [`settings_of`]).
pub(in crate::db) type SettingsCols = (
    (Option<f64>, Option<f64>, Option<f64>),
    (i16, i16, i16, Option<i32>, Option<String>),
);
/// A day's columns: id, day of week, the planner's notes, the last
/// re-balance's notes (each as [`decode_notes`] reads them).
type DayCols = (i64, i32, Option<String>, Option<String>);
/// One row of a plan read: the plan, a day, a meal with its change time,
/// a portion (each `None` past the end of what there is).
type PlanRow = (
    PlanCols,
    SettingsCols,
    Option<DayCols>,
    Option<(MealRow, Option<NaiveDateTime>, Option<i32>, Option<i32>)>,
    Option<(Option<i64>, String, f64)>,
);

/// The columns of a meal as [`MealRow`] reads them.
macro_rules! meal_columns {
    () => {
        (
            meal_details::id,
            meal_details::recipe_id,
            meal_details::schedule,
            meal_details::status,
            meal_details::meal_type_id,
            meal_details::servings,
            meal_details::note,
            meal_details::shared,
        )
    };
}

pub(in crate::db) use meal_columns;

/// The columns of a meal as [`MealRow`] reads them, as SQL text for the
/// statements written by hand (the plan read, the status changes'
/// `RETURNING`), each name after `$p` (a table's alias and a dot, or
/// nothing): one list with [`meal_columns`], so a new column is named
/// here and nowhere else.
macro_rules! meal_column_names {
    ($p:literal) => {
        concat!(
            $p,
            "id, ",
            $p,
            "recipe_id, ",
            $p,
            "schedule, ",
            $p,
            "status, ",
            $p,
            "meal_type_id, ",
            $p,
            "servings, ",
            $p,
            "note, ",
            $p,
            "shared"
        )
    };
}

pub(in crate::db) use meal_column_names;

/// A meal's columns read by name, for a statement `sql_query` loads (the
/// status batch): the same columns as [`MealRow`], in its order.
#[derive(diesel::QueryableByName)]
pub(in crate::db) struct MealByName {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    id: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    recipe_id: i64,
    #[diesel(sql_type = diesel::sql_types::Integer)]
    schedule: i32,
    #[diesel(sql_type = diesel::sql_types::Integer)]
    status: i32,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    meal_type_id: i64,
    #[diesel(sql_type = diesel::sql_types::Double)]
    servings: f64,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Text>)]
    note: Option<String>,
    #[diesel(sql_type = diesel::sql_types::Integer)]
    shared: i32,
}

impl From<MealByName> for MealRow {
    fn from(m: MealByName) -> Self {
        let MealByName {
            id,
            recipe_id,
            schedule,
            status,
            meal_type_id,
            servings,
            note,
            shared,
        } = m;
        (
            id,
            recipe_id,
            schedule,
            status,
            meal_type_id,
            servings,
            note,
            shared,
        )
    }
}

/// The columns of a plan's settings, as [`SettingsCols`] reads them.
macro_rules! settings_columns {
    () => {
        (
            (
                plans::tolerance_calories,
                plans::tolerance_macros,
                plans::max_servings,
            ),
            (
                plans::adjust_protein,
                plans::adjust_carbs,
                plans::adjust_calories,
                plans::adjust_meals,
                plans::adjust_diet,
            ),
        )
    };
}

pub(in crate::db) use settings_columns;

/// The settings of a plan's row; `None` for a plan made by hand.
pub(in crate::db) fn settings_of(row: SettingsCols) -> Option<PlanSettings> {
    match row {
        (
            (Some(calories), Some(macros), Some(max_servings)),
            (protein, carbs, energy, meals, diet),
        ) => Some(PlanSettings {
            tolerances: Tolerances { calories, macros },
            portions: Portions { max_servings },
            adjust: PlanAdjust {
                protein: sign(protein),
                carbs: sign(carbs),
                calories: sign(energy),
                meals_per_day: meals.and_then(|m| MealsPerDay::parse(i64::from(m)).ok()),
                diet: diet.and_then(|d| DietType::parse(&d).ok()),
            },
        }),
        _ => None,
    }
}

/// The plan read on PostgreSQL as a chain of index probes: the plan (by
/// id, or the user's active one when `ACTIVE`), then each of its days by
/// `plan_id`, each day's meals by `daily_menu_id`, each meal's portions
/// by `meal_detail_id`, the rows that [`load_plan`] decodes.
///
/// Each step is a `LATERAL` subquery keyed on the row before it, and
/// `OFFSET 0` keeps the planner from pulling it up into an ordinary join:
/// the server can then only run it as a probe of the step's index, one
/// per row before, whatever its statistics say. Written as a join (as
/// Diesel says it), a table that grew without `ANALYZE` gets the default
/// estimate of 0.5 % of its rows per key (228 days a plan, 841 meals a
/// day at 20,000 users), and the join was planned as a hash join over a
/// sequential scan of all `meal_details` and `meal_portions` (90 ms a
/// read). `active = 1` is written out, so that even a generic plan of
/// the prepared statement uses the one-active-plan partial index.
#[derive(Debug, Clone, Copy)]
struct PlanByProbes<const ACTIVE: bool> {
    /// The plan's id, or (`ACTIVE`) its owner's.
    key: i64,
}

/// The columns and steps of [`PlanByProbes`] after its plan's filter.
const PLAN_BY_PROBES: &str = concat!(
    "SELECT p.id, p.user_id, p.active, p.created_at, p.updated_at, p.household, \
     p.tolerance_calories, p.tolerance_macros, p.max_servings, \
     p.adjust_protein, p.adjust_carbs, p.adjust_calories, p.adjust_meals, p.adjust_diet, \
     d.id, d.day_of_week, d.notes, d.rebalance_notes, ",
    meal_column_names!("m."),
    ", m.updated_at, m.cooked_day, m.cooked_schedule, \
     x.member_id, x.name, x.servings \
     FROM (SELECT id, user_id, active, created_at, updated_at, household, tolerance_calories, \
     tolerance_macros, max_servings, adjust_protein, adjust_carbs, adjust_calories, adjust_meals, \
     adjust_diet FROM plans WHERE "
);
const PLAN_BY_PROBES_STEPS: &str = concat!(
    " OFFSET 0) p \
     LEFT JOIN LATERAL (SELECT id, day_of_week, notes, rebalance_notes FROM daily_menus \
     WHERE plan_id = p.id OFFSET 0) d ON true \
     LEFT JOIN LATERAL (SELECT ",
    meal_column_names!(""),
    ", updated_at, cooked_day, cooked_schedule FROM meal_details \
     WHERE daily_menu_id = d.id OFFSET 0) m ON true \
     LEFT JOIN LATERAL (SELECT member_id, name, servings, position FROM meal_portions \
     WHERE meal_detail_id = m.id OFFSET 0) x ON true \
     ORDER BY d.day_of_week, m.schedule, x.position"
);

impl<const ACTIVE: bool> diesel::query_builder::QueryId for PlanByProbes<ACTIVE> {
    // One type per text: the statement cache keys by type.
    type QueryId = Self;
    const HAS_STATIC_QUERY_ID: bool = true;
}

impl<const ACTIVE: bool> diesel::query_builder::Query for PlanByProbes<ACTIVE> {
    type SqlType = (
        (
            diesel::sql_types::BigInt,
            diesel::sql_types::BigInt,
            diesel::sql_types::Integer,
            diesel::sql_types::Timestamp,
            diesel::sql_types::Timestamp,
            diesel::sql_types::Integer,
        ),
        (
            (
                diesel::sql_types::Nullable<diesel::sql_types::Double>,
                diesel::sql_types::Nullable<diesel::sql_types::Double>,
                diesel::sql_types::Nullable<diesel::sql_types::Double>,
            ),
            (
                diesel::sql_types::SmallInt,
                diesel::sql_types::SmallInt,
                diesel::sql_types::SmallInt,
                diesel::sql_types::Nullable<diesel::sql_types::Integer>,
                diesel::sql_types::Nullable<diesel::sql_types::Text>,
            ),
        ),
        diesel::sql_types::Nullable<(
            diesel::sql_types::BigInt,
            diesel::sql_types::Integer,
            diesel::sql_types::Nullable<diesel::sql_types::Text>,
            diesel::sql_types::Nullable<diesel::sql_types::Text>,
        )>,
        diesel::sql_types::Nullable<(
            MealRowSql,
            diesel::sql_types::Nullable<diesel::sql_types::Timestamp>,
            diesel::sql_types::Nullable<diesel::sql_types::Integer>,
            diesel::sql_types::Nullable<diesel::sql_types::Integer>,
        )>,
        diesel::sql_types::Nullable<(
            diesel::sql_types::Nullable<diesel::sql_types::BigInt>,
            diesel::sql_types::Text,
            diesel::sql_types::Double,
        )>,
    );
}

impl<const ACTIVE: bool, Conn> RunQueryDsl<Conn> for PlanByProbes<ACTIVE> {}

impl<const ACTIVE: bool> diesel::query_builder::QueryFragment<diesel::pg::Pg>
    for PlanByProbes<ACTIVE>
{
    fn walk_ast<'b>(
        &'b self,
        mut out: diesel::query_builder::AstPass<'_, 'b, diesel::pg::Pg>,
    ) -> QueryResult<()> {
        out.push_sql(PLAN_BY_PROBES);
        out.push_sql(if ACTIVE { "user_id = " } else { "id = " });
        out.push_bind_param::<diesel::sql_types::BigInt, _>(&self.key)?;
        if ACTIVE {
            out.push_sql(" AND active = 1");
        }
        out.push_sql(PLAN_BY_PROBES_STEPS);
        Ok(())
    }
}

/// A plan with its settings, days, meals and portions, read by one
/// statement (the plan, its days, their meals and the meals' portions,
/// one row per portion, meal or empty day): on PostgreSQL by index
/// probes ([`PlanByProbes`]), on SQLite by Diesel's joins, left-deep.
pub(in crate::db) fn load_plan(
    conn: &mut AnyConnection,
    which: Which,
) -> Result<Option<Plan>, StoreError> {
    macro_rules! read {
        ($c:ident, $filter:expr) => {
            // Joined left to right (`plans ⟕ days ⟕ meals ⟕ portions`),
            // each step by the index of the one before: Diesel's nested
            // form (`plans ⟕ (days ⟕ (meals ⟕ portions))`) is the same
            // join, but SQLite materializes the parenthesized part first,
            // a scan of every meal (3.6 s at 168,000 meals).
            plans::table
                .left_join(daily_menus::table.on(daily_menus::plan_id.eq(plans::id)))
                .left_join(meal_details::table.on(meal_details::daily_menu_id.eq(daily_menus::id)))
                .left_join(
                    meal_portions::table.on(meal_portions::meal_detail_id.eq(meal_details::id)),
                )
                .filter($filter)
                .select((
                    (
                        plans::id,
                        plans::user_id,
                        plans::active,
                        plans::created_at,
                        plans::updated_at,
                        plans::household,
                    ),
                    settings_columns!(),
                    (
                        daily_menus::id,
                        daily_menus::day_of_week,
                        daily_menus::notes,
                        daily_menus::rebalance_notes,
                    )
                        .nullable(),
                    (
                        meal_columns!(),
                        meal_details::updated_at,
                        meal_details::cooked_day,
                        meal_details::cooked_schedule,
                    )
                        .nullable(),
                    (
                        meal_portions::member_id,
                        meal_portions::name,
                        meal_portions::servings,
                    )
                        .nullable(),
                ))
                .order((
                    daily_menus::day_of_week,
                    meal_details::schedule,
                    meal_portions::position,
                ))
                .load::<PlanRow>($c)
        };
    }
    // On the backend's own connection: its statement cache keys the
    // query by type, where `MultiConnection` builds the SQL text to find
    // it (about a tenth of a read's CPU).
    let rows = match conn {
        AnyConnection::Postgresql(pg) => match which {
            Which::Id(id) => PlanByProbes::<false> { key: id }.load::<PlanRow>(pg),
            Which::ActiveOf(user) => PlanByProbes::<true> { key: user.0 }.load::<PlanRow>(pg),
        },
        // SQLite's planner joins by nested loops over the indexes, with or
        // without statistics: Diesel's joins, in the order of the probes.
        AnyConnection::Sqlite(c) => match which {
            Which::Id(id) => read!(c, plans::id.eq(id)),
            Which::ActiveOf(user) => read!(c, plans::user_id.eq(user.0).and(plans::active.eq(1))),
        },
    }
    .map_err(store_error)?;
    let Some((plan, settings, ..)) = rows.first().cloned() else {
        return Ok(None);
    };
    let (id, user_id, active, created_at, mut updated_at, household) = plan;
    let mut menus: Vec<DailyMenu> = Vec::new();
    for (_, _, day, meal, portion) in rows {
        let Some((menu_id, day, notes, rebalance_notes)) = day else {
            continue;
        };
        if menus.last().is_none_or(|m| m.id != menu_id) {
            menus.push(DailyMenu {
                id: menu_id,
                day_of_week: u8::try_from(day).map_err(|_| {
                    StoreError::Failure(format!("daily menu {menu_id} has a bad day"))
                })?,
                meals: Vec::new(),
                notes: decode_notes(notes),
                rebalance_notes: decode_notes(rebalance_notes),
            });
        }
        let menu = menus.last_mut().expect("pushed above");
        let Some((row, meal_updated, cooked_day, cooked_schedule)) = meal else {
            continue;
        };
        // A meal change stamps only its meal: the plan changed when it or
        // any of its meals last did.
        if let Some(at) = meal_updated {
            updated_at = updated_at.max(at);
        }
        if menu.meals.last().is_none_or(|m| m.id != row.0) {
            let mut meal = meal_of(row)?;
            meal.leftover_of = cooked_at(cooked_day, cooked_schedule);
            menu.meals.push(meal);
        }
        if let Some((member_id, name, servings)) = portion {
            let meal = menu.meals.last_mut().expect("pushed above");
            meal.portions.push(Portion {
                member_id,
                name,
                servings,
            });
        }
    }
    Ok(Some(Plan {
        id,
        user_id: UserId(user_id),
        created_at: utc(created_at),
        updated_at: utc(updated_at),
        active: active == 1,
        household: household == 1,
        settings: settings_of(settings),
        days: menus,
    }))
}

/// A meal's row with one of its portions (`None` for a meal without),
/// as a read of meals and their portions in one statement returns them.
pub(in crate::db) type MealPortionRow = (MealRow, Option<PortionRow>);

/// A portion's columns: member, name, servings ([`portion_columns`]).
pub(in crate::db) type PortionRow = (Option<i64>, String, f64);

/// The columns of a portion: member, name, servings.
macro_rules! portion_columns {
    () => {
        (
            meal_portions::member_id,
            meal_portions::name,
            meal_portions::servings,
        )
    };
}

/// The meals of `rows` (ordered by meal, then portion position), each
/// with its portions.
pub(in crate::db) fn meals_with_portions(
    rows: Vec<MealPortionRow>,
) -> Result<Vec<MealDetail>, StoreError> {
    let mut meals: Vec<MealDetail> = Vec::new();
    for (row, portion) in rows {
        if meals.last().is_none_or(|m| m.id != row.0) {
            meals.push(meal_of(row)?);
        }
        if let Some((member_id, name, servings)) = portion {
            let meal = meals.last_mut().expect("pushed above");
            meal.portions.push(Portion {
                member_id,
                name,
                servings,
            });
        }
    }
    Ok(meals)
}

/// Meal `id`'s portions, in order.
pub(in crate::db) fn portions_of(conn: &mut AnyConnection, id: i64) -> QueryResult<Vec<Portion>> {
    let rows: Vec<(Option<i64>, String, f64)> = meal_portions::table
        .filter(meal_portions::meal_detail_id.eq(id))
        .order(meal_portions::position)
        .select((
            meal_portions::member_id,
            meal_portions::name,
            meal_portions::servings,
        ))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(member_id, name, servings)| Portion {
            member_id,
            name,
            servings,
        })
        .collect())
}

/// One daily menu with its meals by schedule, its plan and owner.
pub(in crate::db) fn load_day(
    conn: &mut AnyConnection,
    menu_id: i64,
) -> Result<Option<OwnedDay>, StoreError> {
    let Some(((day, notes, rebalance_notes), plan_id, owner, household)) = daily_menus::table
        .inner_join(plans::table)
        .filter(daily_menus::id.eq(menu_id))
        .select((
            (
                daily_menus::day_of_week,
                daily_menus::notes,
                daily_menus::rebalance_notes,
            ),
            plans::id,
            plans::user_id,
            plans::household,
        ))
        .first::<((i32, Option<String>, Option<String>), i64, i64, i32)>(conn)
        .optional()
        .map_err(store_error)?
    else {
        return Ok(None);
    };
    let meals: Vec<MealRow> = meal_details::table
        .filter(meal_details::daily_menu_id.eq(menu_id))
        .order(meal_details::schedule)
        .select(meal_columns!())
        .load(conn)
        .map_err(store_error)?;
    // The meals' portions by their ids (the portions' key): joined to the
    // meals instead, a table grown without `ANALYZE` was hashed whole.
    let ids: Vec<i64> = meals.iter().map(|m| m.0).collect();
    let portions: Vec<(i64, PortionRow)> = meal_portions::table
        .filter(meal_portions::meal_detail_id.eq_any(&ids))
        .order((meal_portions::meal_detail_id, meal_portions::position))
        .select((meal_portions::meal_detail_id, portion_columns!()))
        .load(conn)
        .map_err(store_error)?;
    let mut rows: Vec<MealPortionRow> = Vec::new();
    for meal in meals {
        let mut own = portions.iter().filter(|(m, _)| *m == meal.0).peekable();
        if own.peek().is_none() {
            rows.push((meal, None));
            continue;
        }
        for (_, portion) in own {
            rows.push((meal.clone(), Some(portion.clone())));
        }
    }
    Ok(Some(OwnedDay {
        day: DailyMenu {
            id: menu_id,
            day_of_week: u8::try_from(day)
                .map_err(|_| StoreError::Failure(format!("daily menu {menu_id} has a bad day")))?,
            meals: meals_with_portions(rows)?,
            notes: decode_notes(notes),
            rebalance_notes: decode_notes(rebalance_notes),
        },
        owner: UserId(owner),
        plan_id,
        household: household == 1,
    }))
}
