//! The plan repository.

use async_trait::async_trait;
use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use mealplan_domain::planner::{PlanAdjust, Portions, Tolerances};
use mealplan_domain::{DietType, MealStatus, MealType, MealsPerDay, UserId};
use mealplan_ports::{
    DailyMenu, MealChange, MealDetail, NewDay, NewMeal, OwnedDay, OwnedMeal, Plan, PlanRepository,
    PlanSettings, Portion, SessionHead, SessionRead, StoreError, TokenClaims,
};

use super::plan_insert::create_in_one_statement;
use super::plan_rows::{ChosenBy, NewPlanRow, insert_plan};
use super::schema::{daily_menus, meal_details, meal_portions, plans};
use super::status_batch::StatusChange;
use super::transaction::write_transaction;
use super::{AnyConnection, Database, store_error};

type MealRow = (i64, i64, i32, i32, i64, f64);

fn meal_of(row: MealRow) -> Result<MealDetail, StoreError> {
    let (id, recipe_id, schedule, status, meal_type, servings) = row;
    let corrupt = |what: &str| StoreError::Failure(format!("meal detail {id} has a bad {what}"));
    Ok(MealDetail {
        id,
        recipe_id,
        schedule: u8::try_from(schedule).map_err(|_| corrupt("schedule"))?,
        status: MealStatus::from_code(i64::from(status)).map_err(|_| corrupt("status"))?,
        meal_type: MealType::from_id(meal_type).ok_or_else(|| corrupt("meal type"))?,
        servings,
        portions: Vec::new(),
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
enum Which {
    /// A plan by id.
    Id(i64),
    /// A user's active plan.
    ActiveOf(UserId),
}

/// A plan's own columns: id, owner, active, created, updated, household.
type PlanCols = (i64, i64, i32, NaiveDateTime, NaiveDateTime, i32);
/// A plan's settings columns (see [`settings_of`]).
type SettingsCols = (
    (Option<f64>, Option<f64>, Option<f64>),
    (i16, i16, i16, Option<i32>, Option<String>),
);
/// One row of a plan read: the plan, a day, a meal with its change time,
/// a portion (each `None` past the end of what there is).
type PlanRow = (
    PlanCols,
    SettingsCols,
    Option<(i64, i32)>,
    Option<(MealRow, Option<NaiveDateTime>)>,
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
        )
    };
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

/// The settings of a plan's row; `None` for a plan made by hand.
fn settings_of(row: SettingsCols) -> Option<PlanSettings> {
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

/// A plan with its settings, days, meals and portions, read by one
/// statement (the plan joined to its days, their meals and the meals'
/// portions, one row per portion, meal or empty day).
fn load_plan(conn: &mut AnyConnection, which: Which) -> Result<Option<Plan>, StoreError> {
    macro_rules! read {
        ($c:ident, $filter:expr) => {
            plans::table
                .left_join(
                    daily_menus::table
                        .left_join(meal_details::table.left_join(meal_portions::table)),
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
                    (daily_menus::id, daily_menus::day_of_week).nullable(),
                    (meal_columns!(), meal_details::updated_at).nullable(),
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
    let rows = match which {
        Which::Id(id) => on_backend!(conn, c => read!(c, plans::id.eq(id))),
        Which::ActiveOf(user) => {
            on_backend!(conn, c => read!(c, plans::user_id.eq(user.0).and(plans::active.eq(1))))
        }
    }
    .map_err(store_error)?;
    let Some((plan, settings, ..)) = rows.first().cloned() else {
        return Ok(None);
    };
    let (id, user_id, active, created_at, mut updated_at, _household) = plan;
    let mut menus: Vec<DailyMenu> = Vec::new();
    for (_, _, day, meal, portion) in rows {
        let Some((menu_id, day)) = day else { continue };
        if menus.last().is_none_or(|m| m.id != menu_id) {
            menus.push(DailyMenu {
                id: menu_id,
                day_of_week: u8::try_from(day).map_err(|_| {
                    StoreError::Failure(format!("daily menu {menu_id} has a bad day"))
                })?,
                meals: Vec::new(),
            });
        }
        let menu = menus.last_mut().expect("pushed above");
        let Some((row, meal_updated)) = meal else {
            continue;
        };
        // A meal change stamps only its meal: the plan changed when it or
        // any of its meals last did.
        if let Some(at) = meal_updated {
            updated_at = updated_at.max(at);
        }
        if menu.meals.last().is_none_or(|m| m.id != row.0) {
            menu.meals.push(meal_of(row)?);
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
        settings: settings_of(settings),
        days: menus,
    }))
}

fn create_in_tx(
    conn: &mut AnyConnection,
    user: UserId,
    days: &[NewDay],
    now: NaiveDateTime,
    settings: Option<PlanSettings>,
) -> QueryResult<i64> {
    diesel::update(plans::table.filter(plans::user_id.eq(user.0).and(plans::active.eq(1))))
        .set((plans::active.eq(0), plans::updated_at.eq(now)))
        .execute(conn)?;
    let plan_id = insert_plan(conn, user, days, now, settings)?;
    insert_days(conn, plan_id, days, ChosenBy::of(settings))?;
    Ok(plan_id)
}

/// The values of `meal`'s row in daily menu `menu`, chosen `by` (one
/// meal alone, or one of a multi-row insert).
macro_rules! meal_row {
    ($menu:expr, $meal:expr, $by:expr) => {
        (
            meal_details::daily_menu_id.eq($menu),
            meal_details::recipe_id.eq($meal.recipe_id),
            meal_details::schedule.eq(i32::from($meal.schedule)),
            meal_details::status.eq($meal.status.code() as i32),
            meal_details::meal_type_id.eq($meal.meal_type.id()),
            meal_details::servings.eq($meal.servings),
            meal_details::chosen.eq(i32::from($by == ChosenBy::User)),
            meal_details::shared.eq(i32::from(!$meal.portions.is_empty())),
        )
    };
}

/// Inserts `days`, their meals and the meals' portions into plan
/// `plan_id` with one multi-row statement each, whatever their number.
fn insert_days(
    conn: &mut AnyConnection,
    plan_id: i64,
    days: &[NewDay],
    by: ChosenBy,
) -> QueryResult<()> {
    if days.is_empty() {
        return Ok(());
    }
    let day_rows: Vec<_> = days
        .iter()
        .map(|d| {
            (
                daily_menus::plan_id.eq(plan_id),
                daily_menus::day_of_week.eq(i32::from(d.day_of_week)),
            )
        })
        .collect();
    let menus: Vec<(i64, i32)> = on_backend!(conn, c => diesel::insert_into(daily_menus::table)
        .values(&day_rows)
        .returning((daily_menus::id, daily_menus::day_of_week))
        .get_results(c))?;
    let menu_of = |day: u8| {
        menus
            .iter()
            .find(|(_, d)| *d == i32::from(day))
            .map(|(id, _)| *id)
            .ok_or(diesel::result::Error::NotFound)
    };
    let mut meal_rows = Vec::new();
    for day in days {
        let menu = menu_of(day.day_of_week)?;
        for meal in &day.meals {
            meal_rows.push(meal_row!(menu, meal, by));
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
    for day in days {
        let menu = menu_of(day.day_of_week)?;
        for meal in day.meals.iter().filter(|m| !m.portions.is_empty()) {
            let id = meals
                .iter()
                .find(|(_, m, s)| *m == menu && *s == i32::from(meal.schedule))
                .map(|(id, ..)| *id)
                .ok_or(diesel::result::Error::NotFound)?;
            for (position, p) in meal.portions.iter().enumerate() {
                portion_rows.push((
                    meal_portions::meal_detail_id.eq(id),
                    meal_portions::position.eq(position as i32),
                    meal_portions::member_id.eq(p.member_id),
                    meal_portions::name.eq(p.name.as_str()),
                    meal_portions::servings.eq(p.servings),
                ));
            }
        }
    }
    if !portion_rows.is_empty() {
        on_backend!(conn, c => diesel::insert_into(meal_portions::table)
            .values(&portion_rows)
            .execute(c))?;
    }
    Ok(())
}

/// Inserts `day` and its meals into plan `plan_id`; the new menu's id.
fn insert_day(
    conn: &mut AnyConnection,
    plan_id: i64,
    day: &NewDay,
    by: ChosenBy,
) -> QueryResult<i64> {
    let menu_id: i64 = diesel::insert_into(daily_menus::table)
        .values((
            daily_menus::plan_id.eq(plan_id),
            daily_menus::day_of_week.eq(i32::from(day.day_of_week)),
        ))
        .returning(daily_menus::id)
        .get_result(conn)?;
    for meal in &day.meals {
        insert_meal(conn, menu_id, meal, by)?;
    }
    Ok(menu_id)
}

/// Inserts `meal` into daily menu `menu_id`; the new meal's id.
fn insert_meal(
    conn: &mut AnyConnection,
    menu_id: i64,
    meal: &NewMeal,
    by: ChosenBy,
) -> QueryResult<i64> {
    let id: i64 = diesel::insert_into(meal_details::table)
        .values(meal_row!(menu_id, meal, by))
        .returning(meal_details::id)
        .get_result(conn)?;
    insert_portions(conn, id, &meal.portions)?;
    Ok(id)
}

/// Stores `portions` as meal `id`'s, in order.
fn insert_portions(conn: &mut AnyConnection, id: i64, portions: &[Portion]) -> QueryResult<()> {
    if portions.is_empty() {
        return Ok(());
    }
    let rows: Vec<_> = portions
        .iter()
        .enumerate()
        .map(|(position, p)| {
            (
                meal_portions::meal_detail_id.eq(id),
                meal_portions::position.eq(position as i32),
                meal_portions::member_id.eq(p.member_id),
                meal_portions::name.eq(p.name.as_str()),
                meal_portions::servings.eq(p.servings),
            )
        })
        .collect();
    // One multi-row statement, on the backend's own connection.
    on_backend!(conn, c => diesel::insert_into(meal_portions::table)
        .values(&rows)
        .execute(c))?;
    Ok(())
}

/// Replaces meal `id`'s portions with `portions`.
fn replace_portions(conn: &mut AnyConnection, id: i64, portions: &[Portion]) -> QueryResult<()> {
    diesel::delete(meal_portions::table.filter(meal_portions::meal_detail_id.eq(id)))
        .execute(conn)?;
    insert_portions(conn, id, portions)
}

/// Meal `id`'s portions, in order.
fn portions_of(conn: &mut AnyConnection, id: i64) -> QueryResult<Vec<Portion>> {
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

/// Sets plan `plan_id`'s `updated_at` and adds one to its revision.
fn touch_plan(conn: &mut AnyConnection, plan_id: i64, now: DateTime<Utc>) -> QueryResult<usize> {
    diesel::update(plans::table.find(plan_id))
        .set((
            plans::updated_at.eq(now.naive_utc()),
            plans::revision.eq(plans::revision + 1),
        ))
        .execute(conn)
}

/// One daily menu with its meals by schedule, its plan and owner.
fn load_day(conn: &mut AnyConnection, menu_id: i64) -> Result<Option<OwnedDay>, StoreError> {
    let Some((day, plan_id, owner, household)) = daily_menus::table
        .inner_join(plans::table)
        .filter(daily_menus::id.eq(menu_id))
        .select((
            daily_menus::day_of_week,
            plans::id,
            plans::user_id,
            plans::household,
        ))
        .first::<(i32, i64, i64, i32)>(conn)
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
    Ok(Some(OwnedDay {
        day: DailyMenu {
            id: menu_id,
            day_of_week: u8::try_from(day)
                .map_err(|_| StoreError::Failure(format!("daily menu {menu_id} has a bad day")))?,
            meals: meals.into_iter().map(meal_of).collect::<Result<_, _>>()?,
        },
        owner: UserId(owner),
        plan_id,
        household: household == 1,
    }))
}

impl Database {
    async fn create_plan(
        &self,
        user: UserId,
        days: Vec<NewDay>,
        settings: Option<PlanSettings>,
        now: DateTime<Utc>,
    ) -> Result<Plan, StoreError> {
        self.run(move |conn| {
            let now = now.naive_utc();
            // One statement on PostgreSQL, where each costs a round trip;
            // statement by statement in a transaction on SQLite.
            let id = match conn {
                AnyConnection::Postgresql(pg) => create_in_one_statement(
                    pg,
                    &NewPlanRow::of(user, &days, now, settings),
                    &days,
                    ChosenBy::of(settings),
                ),
                AnyConnection::Sqlite(_) => {
                    write_transaction(conn, |conn| create_in_tx(conn, user, &days, now, settings))
                }
            }
            .map_err(store_error)?;
            load_plan(conn, Which::Id(id))?
                .ok_or_else(|| StoreError::Failure("plan vanished after create".into()))
        })
        .await
    }
}

/// Sets meal `id`'s status when `owner` owns it (without an owner: when
/// it has no portions), and reads it back as it now is. One statement
/// (the change, its checks and the meal as it now is); a household meal's
/// portions are read after it.
fn set_status_in(
    conn: &mut AnyConnection,
    id: i64,
    owner: Option<UserId>,
    status: MealStatus,
    now: DateTime<Utc>,
) -> Result<Option<MealDetail>, StoreError> {
    let target = meal_details::table.filter(meal_details::id.eq(id));
    let set = (
        meal_details::status.eq(status.code() as i32),
        meal_details::updated_at.eq(Some(now.naive_utc())),
        meal_details::revision.eq(meal_details::revision + 1),
    );
    let returning = (meal_columns!(), meal_details::shared);
    let row: Option<(MealRow, i32)> = match owner {
        // A prepared statement the connection keeps (see `fixed.rs`), on
        // the backend's own connection (see `on_backend!`).
        Some(user) => {
            let change = super::fixed::SetStatusOfOwner {
                id,
                owner: user.0,
                status: status.code() as i32,
                now: now.naive_utc(),
            };
            on_backend!(conn, c => change.get_result::<(MealRow, i32)>(c))
        }
        None => diesel::update(target.filter(meal_details::shared.eq(0)))
            .set(set)
            .returning(returning)
            .get_result(conn),
    }
    .optional()
    .map_err(store_error)?;
    let Some((row, shared)) = row else {
        return Ok(None);
    };
    let mut meal = meal_of(row)?;
    if shared == 1 {
        meal.portions = portions_of(conn, id).map_err(store_error)?;
    }
    Ok(Some(meal))
}

impl Database {
    /// `change` made in a batch with others waiting (PostgreSQL), and the
    /// meal as it now is; `None` when it was not made that way (SQLite,
    /// refused, not found, or the batch failed): then it is made alone,
    /// which also says why not.
    async fn batched_status(&self, change: StatusChange) -> Result<Option<MealDetail>, StoreError> {
        if !matches!(self.backend(), super::Backend::Postgres(_)) {
            return Ok(None);
        }
        let id = change.id;
        let Some((row, shared)) = self.status_in_batch(change).await else {
            return Ok(None);
        };
        let mut meal = meal_of(row)?;
        if shared == 1 {
            meal.portions = self
                .run_read(move |conn| portions_of(conn, id).map_err(store_error))
                .await?;
        }
        Ok(Some(meal))
    }
}

#[async_trait]
impl PlanRepository for Database {
    async fn create(
        &self,
        user: UserId,
        days: Vec<NewDay>,
        now: DateTime<Utc>,
    ) -> Result<Plan, StoreError> {
        self.create_plan(user, days, None, now).await
    }

    async fn create_generated(
        &self,
        user: UserId,
        days: Vec<NewDay>,
        settings: PlanSettings,
        now: DateTime<Utc>,
    ) -> Result<Plan, StoreError> {
        self.create_plan(user, days, Some(settings), now).await
    }

    async fn settings(&self, plan_id: i64) -> Result<Option<PlanSettings>, StoreError> {
        self.run_read(move |conn| {
            let row: Option<SettingsCols> = plans::table
                .find(plan_id)
                .select(settings_columns!())
                .first(conn)
                .optional()
                .map_err(store_error)?;
            Ok(row.and_then(settings_of))
        })
        .await
    }

    async fn chosen_meals(&self, plan_id: i64) -> Result<Vec<i64>, StoreError> {
        self.run_read(move |conn| {
            meal_details::table
                .inner_join(daily_menus::table)
                .filter(daily_menus::plan_id.eq(plan_id))
                .filter(meal_details::chosen.eq(1))
                .order(meal_details::id)
                .select(meal_details::id)
                .load(conn)
                .map_err(store_error)
        })
        .await
    }

    async fn rebalance(
        &self,
        plan_id: i64,
        changes: Vec<MealChange>,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        use diesel::result::Error as DieselError;
        // Meals changed in id order, as a status batch locks them: the two
        // never wait on each other in a circle.
        let mut changes = changes;
        changes.sort_by_key(|c| c.id);
        self.run(move |conn| {
            write_transaction(conn, |conn| {
                for change in &changes {
                    let of_plan = daily_menus::table
                        .filter(daily_menus::plan_id.eq(plan_id))
                        .select(daily_menus::id);
                    let updated = diesel::update(
                        meal_details::table
                            .filter(meal_details::id.eq(change.id))
                            .filter(meal_details::status.eq(MealStatus::Pending.code() as i32))
                            .filter(meal_details::chosen.eq(0))
                            .filter(meal_details::daily_menu_id.eq_any(of_plan)),
                    )
                    .set((
                        meal_details::recipe_id.eq(change.recipe_id),
                        meal_details::servings.eq(change.servings),
                        meal_details::revision.eq(meal_details::revision + 1),
                    ))
                    .execute(conn)?;
                    if updated != 1 {
                        // Ticked off, swapped or deleted meanwhile.
                        return Err(DieselError::RollbackTransaction);
                    }
                    if !change.portions.is_empty() {
                        replace_portions(conn, change.id, &change.portions)?;
                    }
                }
                touch_plan(conn, plan_id, now)?;
                Ok(())
            })
            .map_err(|e| match e {
                DieselError::RollbackTransaction => {
                    StoreError::Conflict(format!("plan {plan_id} changed while re-balancing"))
                }
                other => store_error(other),
            })
        })
        .await
    }

    async fn active(&self, user: UserId) -> Result<Option<Plan>, StoreError> {
        self.run_read(move |conn| load_plan(conn, Which::ActiveOf(user)))
            .await
    }

    async fn active_in_session(
        &self,
        user: UserId,
        jti: String,
    ) -> Result<Option<SessionRead>, StoreError> {
        self.run_read(move |conn| {
            let Some((session, profile)) = super::profiles::load_in_session(conn, user, &jti)?
            else {
                return Ok(None);
            };
            let plan = load_plan(conn, Which::ActiveOf(user))?;
            Ok(Some(SessionRead {
                session,
                profile,
                plan,
            }))
        })
        .await
    }

    async fn head_in_session(
        &self,
        user: UserId,
        jti: String,
    ) -> Result<Option<SessionHead>, StoreError> {
        self.run_read(move |conn| super::profiles::load_head_in_session(conn, user, &jti))
            .await
    }

    async fn plan(&self, id: i64) -> Result<Option<Plan>, StoreError> {
        self.run_read(move |conn| load_plan(conn, Which::Id(id)))
            .await
    }

    async fn history(&self, user: UserId) -> Result<Vec<Plan>, StoreError> {
        self.run_read(move |conn| {
            let ids: Vec<i64> = plans::table
                .filter(plans::user_id.eq(user.0))
                .order(plans::id.desc())
                .select(plans::id)
                .load(conn)
                .map_err(store_error)?;
            ids.into_iter()
                .filter_map(|id| load_plan(conn, Which::Id(id)).transpose())
                .collect()
        })
        .await
    }

    async fn meal(&self, id: i64) -> Result<Option<OwnedMeal>, StoreError> {
        self.run_read(move |conn| {
            let row: Option<(MealRow, i64, i64, i32, i32)> = meal_details::table
                .inner_join(daily_menus::table.inner_join(plans::table))
                .filter(meal_details::id.eq(id))
                .select((
                    meal_columns!(),
                    plans::user_id,
                    plans::id,
                    daily_menus::day_of_week,
                    plans::household,
                ))
                .first(conn)
                .optional()
                .map_err(store_error)?;
            row.map(|(meal, owner, plan_id, day, household)| {
                let household = household == 1;
                let mut meal = meal_of(meal)?;
                // Only a household plan's meals have portions to read.
                if household {
                    meal.portions = portions_of(conn, id).map_err(store_error)?;
                }
                Ok(OwnedMeal {
                    meal,
                    owner: UserId(owner),
                    plan_id,
                    day_of_week: u8::try_from(day)
                        .map_err(|_| StoreError::Failure(format!("meal {id} has a bad day")))?,
                    household,
                })
            })
            .transpose()
        })
        .await
    }

    async fn set_recipe(
        &self,
        id: i64,
        recipe_id: i64,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        // One statement, one row: meals of one plan change side by side.
        self.run(move |conn| {
            diesel::update(meal_details::table.find(id))
                .set((
                    meal_details::recipe_id.eq(recipe_id),
                    meal_details::updated_at.eq(Some(now.naive_utc())),
                    meal_details::chosen.eq(1),
                    meal_details::revision.eq(meal_details::revision + 1),
                ))
                .execute(conn)
                .map(drop)
                .map_err(store_error)
        })
        .await
    }

    async fn set_recipe_portions(
        &self,
        id: i64,
        recipe_id: i64,
        servings: f64,
        portions: Vec<Portion>,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        self.run(move |conn| {
            write_transaction(conn, |conn| {
                diesel::update(meal_details::table.find(id))
                    .set((
                        meal_details::recipe_id.eq(recipe_id),
                        meal_details::servings.eq(servings),
                        meal_details::updated_at.eq(Some(now.naive_utc())),
                        meal_details::chosen.eq(1),
                        meal_details::revision.eq(meal_details::revision + 1),
                    ))
                    .execute(conn)?;
                replace_portions(conn, id, &portions)
            })
            .map_err(store_error)
        })
        .await
    }

    async fn set_status_of(
        &self,
        id: i64,
        owner: Option<UserId>,
        status: MealStatus,
        now: DateTime<Utc>,
    ) -> Result<Option<MealDetail>, StoreError> {
        let change = StatusChange {
            id,
            owner: owner.map(|u| u.0),
            session: None,
            status: status.code() as i32,
            now: now.naive_utc(),
        };
        if let Some(meal) = self.batched_status(change).await? {
            return Ok(Some(meal));
        }
        self.run(move |conn| set_status_in(conn, id, owner, status, now))
            .await
    }

    async fn set_status_in_session(
        &self,
        id: i64,
        claims: TokenClaims,
        status: MealStatus,
        now: DateTime<Utc>,
    ) -> Result<Option<Option<MealDetail>>, StoreError> {
        let change = StatusChange {
            id,
            owner: Some(claims.user.0),
            session: Some((claims.jti.clone(), claims.security_stamp.clone())),
            status: status.code() as i32,
            now: now.naive_utc(),
        };
        if let Some(meal) = self.batched_status(change).await? {
            return Ok(Some(Some(meal)));
        }
        self.run(move |conn| {
            let admitted = super::users::session_of(conn, claims.user, &claims.jti)?
                .is_some_and(|s| s.admits(&claims.security_stamp));
            if !admitted {
                return Ok(None);
            }
            set_status_in(conn, id, Some(claims.user), status, now).map(Some)
        })
        .await
    }

    async fn set_status(
        &self,
        id: i64,
        status: MealStatus,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        self.run(move |conn| {
            diesel::update(meal_details::table.find(id))
                .set((
                    meal_details::status.eq(status.code() as i32),
                    meal_details::updated_at.eq(Some(now.naive_utc())),
                    meal_details::revision.eq(meal_details::revision + 1),
                ))
                .execute(conn)
                .map(drop)
                .map_err(store_error)
        })
        .await
    }

    async fn day(&self, id: i64) -> Result<Option<OwnedDay>, StoreError> {
        self.run_read(move |conn| load_day(conn, id)).await
    }

    async fn add_day(
        &self,
        plan_id: i64,
        day: NewDay,
        now: DateTime<Utc>,
    ) -> Result<DailyMenu, StoreError> {
        self.run(move |conn| {
            let id = write_transaction(conn, |conn| {
                let id = insert_day(conn, plan_id, &day, ChosenBy::User)?;
                touch_plan(conn, plan_id, now)?;
                Ok(id)
            })
            .map_err(store_error)?;
            load_day(conn, id)?
                .map(|owned| owned.day)
                .ok_or_else(|| StoreError::Failure("daily menu vanished after create".into()))
        })
        .await
    }

    async fn add_meal(
        &self,
        daily_menu_id: i64,
        meal: NewMeal,
        now: DateTime<Utc>,
    ) -> Result<MealDetail, StoreError> {
        self.run(move |conn| {
            write_transaction(conn, |conn| {
                let id = insert_meal(conn, daily_menu_id, &meal, ChosenBy::User)?;
                let plan_id: i64 = daily_menus::table
                    .find(daily_menu_id)
                    .select(daily_menus::plan_id)
                    .first(conn)?;
                touch_plan(conn, plan_id, now)?;
                Ok(MealDetail {
                    id,
                    recipe_id: meal.recipe_id,
                    schedule: meal.schedule,
                    status: meal.status,
                    meal_type: meal.meal_type,
                    servings: meal.servings,
                    portions: Vec::new(),
                })
            })
            .map_err(store_error)
        })
        .await
    }
}
