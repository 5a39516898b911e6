//! A meal's status changed: in a batch with others waiting
//! (`status_batch.rs`, PostgreSQL) or alone.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use mealplan_domain::{MealStatus, UserId};
use mealplan_ports::{MealDetail, Portion, StoreError};

use super::plan_read::{MealRow, meal_columns, meal_of, portions_of};
use super::schema::meal_details;
use super::status_batch::StatusChange;
use super::{AnyConnection, Database, store_error};

/// Sets meal `id`'s status when `owner` owns it (without an owner: when
/// it is not shared), and reads it back as it now is: one statement (the
/// change, its checks and the meal as it now is), its portions read
/// after it (this path is SQLite's, and PostgreSQL's when a batch did
/// not make the change; see `status_batch.rs`).
pub(in crate::db) fn set_status_in(
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
    let row: Option<MealRow> = match owner {
        // A prepared statement the connection keeps (see `fixed.rs`), on
        // the backend's own connection (see `on_backend!`).
        Some(user) => {
            let change = super::fixed::SetStatusOfOwner {
                id,
                owner: user.0,
                status: status.code() as i32,
                now: now.naive_utc(),
            };
            on_backend!(conn, c => change.get_result::<MealRow>(c))
        }
        None => diesel::update(target.filter(meal_details::shared.eq(0)))
            .set(set)
            .returning(meal_columns!())
            .get_result(conn),
    }
    .optional()
    .map_err(store_error)?;
    let Some(row) = row else {
        return Ok(None);
    };
    let mut meal = meal_of(row)?;
    meal.portions = portions_of(conn, id).map_err(store_error)?;
    Ok(Some(meal))
}

impl Database {
    /// `change` made in a batch with others waiting (PostgreSQL), and the
    /// meal as it now is; `None` when it was not made that way (SQLite,
    /// refused, not found, or the batch failed): then it is made alone,
    /// which also says why not.
    pub(in crate::db) async fn batched_status(
        &self,
        change: StatusChange,
    ) -> Result<Option<MealDetail>, StoreError> {
        if !matches!(self.backend(), super::Backend::Postgres(_)) {
            return Ok(None);
        }
        let id = change.id;
        let Some((row, holder)) = self.status_in_batch(change).await else {
            return Ok(None);
        };
        let mut meal = meal_of(row)?;
        meal.portions = match holder {
            // A meal not shared: its one portion came with it.
            Some((name, servings)) if !meal.shared => vec![Portion {
                member_id: None,
                name,
                servings,
            }],
            _ if meal.shared => {
                self.run_read(move |conn| portions_of(conn, id).map_err(store_error))
                    .await?
            }
            _ => Vec::new(),
        };
        Ok(Some(meal))
    }
}
