//! The plan repository: [`PlanRepository`] over the plan modules
//! (`plan_read.rs`, `plan_write.rs`, `meal_status.rs`).

use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use mealplan_domain::planner::CookedAt;
use mealplan_domain::{MealStatus, UserId};
use mealplan_ports::{
    DailyMenu, DayNotes, LeftoverSwap, MealChange, MealDetail, NewDay, NewMeal, OwnedDay,
    OwnedMeal, Plan, PlanRepository, PlanSettings, Portion, SessionHead, SessionRead, StoreError,
    TokenClaims,
};

use super::cooking::{meal_with_later, swap_cooking};
use super::lists::encode_notes;
use super::meal_status::set_status_in;
use super::plan_read::{
    SettingsCols, Which, load_day, load_plan, meal_of, settings_columns, settings_of,
};
use super::plan_rows::ChosenBy;
use super::plan_write::{household_of, insert_day, insert_meal, replace_portions, touch_plan};
use super::schema::{daily_menus, meal_details, plans};
use super::status_batch::StatusChange;
use super::transaction::write_transaction;
use super::{AnyConnection, Database, store_error};

/// The ids of plan `plan_id`'s days (at most seven), by the
/// `(plan_id, day_of_week)` index: a statement over the plan's meals then
/// names them by `daily_menu_id`, which the server answers by probing
/// that index. Joined to `daily_menus` instead, without statistics (a
/// table grown since its last `ANALYZE`), the server guessed 0.5 % of the
/// days per plan and hashed the join over a scan of every meal.
fn day_ids(conn: &mut AnyConnection, plan_id: i64) -> QueryResult<Vec<i64>> {
    daily_menus::table
        .filter(daily_menus::plan_id.eq(plan_id))
        .select(daily_menus::id)
        .load(conn)
}

#[async_trait]
impl PlanRepository for Database {
    async fn create(
        &self,
        user: UserId,
        days: Vec<NewDay>,
        now: DateTime<Utc>,
    ) -> Result<Plan, StoreError> {
        self.create_plan(user, days, None, false, now).await
    }

    async fn create_generated(
        &self,
        user: UserId,
        days: Vec<NewDay>,
        settings: PlanSettings,
        household: bool,
        now: DateTime<Utc>,
    ) -> Result<Plan, StoreError> {
        self.create_plan(user, days, Some(settings), household, now)
            .await
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
            // The plan's days first, then their meals by `daily_menu_id`
            // (see `day_ids`).
            let days = day_ids(conn, plan_id).map_err(store_error)?;
            meal_details::table
                .filter(meal_details::daily_menu_id.eq_any(&days))
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
        notes: Vec<DayNotes>,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        use diesel::result::Error as DieselError;
        // Meals changed in id order, as a status batch locks them: the two
        // never wait on each other in a circle.
        let mut changes = changes;
        changes.sort_by_key(|c| c.id);
        self.run(move |conn| {
            write_transaction(conn, |conn| {
                // The plan's days, read once: each meal is then found by
                // its id and checked against them (see `day_ids`).
                let days = day_ids(conn, plan_id)?;
                for change in &changes {
                    let updated = diesel::update(
                        meal_details::table
                            .filter(meal_details::id.eq(change.id))
                            .filter(meal_details::status.eq(MealStatus::Pending.code() as i32))
                            .filter(meal_details::chosen.eq(0))
                            .filter(meal_details::daily_menu_id.eq_any(&days)),
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
                for day in &notes {
                    let updated = diesel::update(
                        daily_menus::table
                            .filter(daily_menus::id.eq(day.day_id))
                            .filter(daily_menus::plan_id.eq(plan_id)),
                    )
                    .set(daily_menus::rebalance_notes.eq(encode_notes(&day.notes)))
                    .execute(conn)?;
                    if updated != 1 {
                        // The day was removed meanwhile.
                        return Err(DieselError::RollbackTransaction);
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
        let marks = Arc::clone(&self.own_marks);
        self.run_read(move |conn| {
            let Some((session, profile)) =
                super::profiles::load_in_session(conn, user, &jti, &marks)?
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
        let marks = Arc::clone(&self.own_marks);
        self.run_read(move |conn| super::profiles::load_head_in_session(conn, user, &jti, &marks))
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
        // The meal, where it belongs, its leftovers and their portions in
        // one statement (a row per portion).
        self.run_read(move |conn| meal_with_later(conn, id)).await
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
                    // Its own dish now, if it was a leftover.
                    meal_details::cooked_day.eq(None::<i32>),
                    meal_details::cooked_schedule.eq(None::<i32>),
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
                        meal_details::cooked_day.eq(None::<i32>),
                        meal_details::cooked_schedule.eq(None::<i32>),
                    ))
                    .execute(conn)?;
                replace_portions(conn, id, &portions)
            })
            .map_err(store_error)
        })
        .await
    }

    async fn set_cooked_at(
        &self,
        id: i64,
        cooked_at: Option<CookedAt>,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        // One statement, one row, as a swap: the meal's revision moves.
        let (day, schedule) = cooked_at
            .map(|c| (i32::from(c.day_of_week), i32::from(c.schedule)))
            .unzip();
        self.run(move |conn| {
            diesel::update(meal_details::table.find(id))
                .set((
                    meal_details::cooked_day.eq(day),
                    meal_details::cooked_schedule.eq(schedule),
                    meal_details::updated_at.eq(Some(now.naive_utc())),
                    meal_details::revision.eq(meal_details::revision + 1),
                ))
                .execute(conn)
                .map(drop)
                .map_err(store_error)
        })
        .await
    }

    async fn set_recipe_cooking(
        &self,
        id: i64,
        recipe_id: i64,
        portions: Option<(f64, Vec<Portion>)>,
        leftovers: LeftoverSwap,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        self.run(move |conn| match portions {
            // One statement, as a swap of a meal without leftovers.
            None => swap_cooking(conn, id, recipe_id, &leftovers, now)
                .map(drop)
                .map_err(store_error),
            // The shared meal's portions with it, in one transaction.
            Some((servings, portions)) => write_transaction(conn, |conn| {
                swap_cooking(conn, id, recipe_id, &leftovers, now)?;
                diesel::update(meal_details::table.find(id))
                    .set(meal_details::servings.eq(servings))
                    .execute(conn)?;
                replace_portions(conn, id, &portions)
            })
            .map_err(store_error),
        })
        .await
    }

    async fn set_note(
        &self,
        id: i64,
        note: Option<String>,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        // One statement, one row, as a swap: the meal's revision moves, so
        // a plan answer rendered before is not served again.
        self.run(move |conn| {
            diesel::update(meal_details::table.find(id))
                .set((
                    meal_details::note.eq(note),
                    meal_details::updated_at.eq(Some(now.naive_utc())),
                    meal_details::revision.eq(meal_details::revision + 1),
                ))
                .execute(conn)
                .map(drop)
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
        let marks = Arc::clone(&self.own_marks);
        self.run(move |conn| {
            let admitted = super::users::session_of(conn, claims.user, &claims.jti, &marks)?
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
                let household = household_of(conn, plan_id)?;
                let id = insert_day(conn, plan_id, &day, ChosenBy::User, household)?;
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
                let (plan_id, household): (i64, i32) = daily_menus::table
                    .inner_join(plans::table)
                    .filter(daily_menus::id.eq(daily_menu_id))
                    .select((plans::id, plans::household))
                    .first(conn)?;
                let row = insert_meal(conn, daily_menu_id, &meal, ChosenBy::User, household == 1)?;
                touch_plan(conn, plan_id, now)?;
                Ok((row, meal.portions.clone()))
            })
            .map_err(store_error)
            // The meal as stored, as a read answers it.
            .and_then(|(row, portions)| {
                Ok(MealDetail {
                    portions,
                    ..meal_of(row)?
                })
            })
        })
        .await
    }
}
