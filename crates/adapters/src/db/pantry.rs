//! Each account's pantry: one `pantry_items` row an item, by position;
//! the meals ticked as eaten it has taken into account (`pantry_meals`),
//! and what each took (`pantry_draws`, in the items' own terms).

use async_trait::async_trait;
use chrono::NaiveDate;
use diesel::dsl::{exists, not};
use diesel::prelude::*;
use diesel::sql_types::BigInt;
use mealplan_domain::{MealStatus, PantryItem, UserId};
use mealplan_ports::{EatenMeal, MealDraw, PantryLedger, PantryStore, Settle, StoreError};

use super::schema::{
    daily_menus, meal_details, meal_portions, pantry_draws, pantry_items, pantry_meals, plans,
};
use super::transaction::write_transaction;
use super::{AnyConnection, Database, store_error};

/// Serialises one account's pantry writers on PostgreSQL (SQLite's
/// `BEGIN IMMEDIATE` already does): a settlement reads the ledger and
/// writes what it makes of it, so two at once would take a meal twice.
const ACCOUNT_LOCK: &str = "SELECT id FROM users WHERE id = $1 FOR UPDATE";

#[derive(Queryable, Selectable, Insertable)]
#[diesel(table_name = pantry_items)]
struct ItemRow {
    user_id: i64,
    position: i32,
    name: String,
    grams: f64,
    use_by: Option<NaiveDate>,
}

/// A stored row as an item: the table's check keeps its grams in range,
/// so a row that is not is a storage failure.
fn item_of(row: ItemRow) -> Result<PantryItem, StoreError> {
    PantryItem::new(row.name, row.grams, row.use_by).map_err(|e| {
        StoreError::Failure(format!(
            "pantry item {} of user {}: {e}",
            row.position, row.user_id
        ))
    })
}

#[derive(Queryable, Selectable, Insertable)]
#[diesel(table_name = pantry_draws)]
struct DrawRow {
    meal_detail_id: i64,
    position: i32,
    name: String,
    grams: f64,
    use_by: Option<NaiveDate>,
}

/// Why a settlement failed: the transaction's own statements, or what
/// it read and wrote.
struct Failed(StoreError);

impl From<diesel::result::Error> for Failed {
    fn from(e: diesel::result::Error) -> Self {
        Self(store_error(e))
    }
}

impl From<StoreError> for Failed {
    fn from(e: StoreError) -> Self {
        Self(e)
    }
}

/// A position as stored (lists are far shorter than `i32::MAX`).
fn position(index: usize) -> i32 {
    i32::try_from(index).unwrap_or(i32::MAX)
}

/// `user`'s items, in their order.
fn items_of(conn: &mut AnyConnection, user: UserId) -> Result<Vec<PantryItem>, StoreError> {
    pantry_items::table
        .filter(pantry_items::user_id.eq(user.0))
        .order(pantry_items::position)
        .select(ItemRow::as_select())
        .load::<ItemRow>(conn)
        .map_err(store_error)?
        .into_iter()
        .map(item_of)
        .collect()
}

/// `user`'s pantry with what is not yet settled: the active plan's meals
/// ticked as eaten and not accounted, and the accounted meals no longer
/// ticked, with what they took. Three statements.
fn ledger_of(conn: &mut AnyConnection, user: UserId) -> Result<PantryLedger, StoreError> {
    let items = items_of(conn, user)?;
    let eaten_code = MealStatus::Completed.code() as i32;
    let cooked = meal_portions::table
        .filter(meal_portions::meal_detail_id.eq(meal_details::id))
        .select(diesel::dsl::sum(meal_portions::servings))
        .single_value();
    let eaten = meal_details::table
        .inner_join(daily_menus::table.inner_join(plans::table))
        .filter(plans::user_id.eq(user.0))
        .filter(plans::active.eq(1))
        .filter(meal_details::status.eq(eaten_code))
        .filter(not(exists(
            pantry_meals::table.filter(pantry_meals::meal_detail_id.eq(meal_details::id)),
        )))
        .order(meal_details::id)
        .select((
            meal_details::id,
            meal_details::recipe_id,
            meal_details::servings,
            cooked.nullable(),
        ))
        .load::<(i64, i64, f64, Option<f64>)>(conn)
        .map_err(store_error)?
        .into_iter()
        .map(|(meal_id, recipe_id, servings, cooked)| EatenMeal {
            meal_id,
            recipe_id,
            // Everyone's portions at a household table.
            servings: cooked.unwrap_or(servings),
        })
        .collect();
    let released: Vec<i64> = pantry_meals::table
        .inner_join(meal_details::table)
        .filter(pantry_meals::user_id.eq(user.0))
        .filter(meal_details::status.ne(eaten_code))
        .order(pantry_meals::meal_detail_id)
        .select(pantry_meals::meal_detail_id)
        .load(conn)
        .map_err(store_error)?;
    let mut uneaten: Vec<MealDraw> = released
        .iter()
        .map(|&meal_id| MealDraw {
            meal_id,
            taken: Vec::new(),
        })
        .collect();
    if !released.is_empty() {
        let rows = pantry_draws::table
            .filter(pantry_draws::meal_detail_id.eq_any(&released))
            .order((pantry_draws::meal_detail_id, pantry_draws::position))
            .select(DrawRow::as_select())
            .load::<DrawRow>(conn)
            .map_err(store_error)?;
        for row in rows {
            let taken = PantryItem::new(row.name, row.grams, row.use_by).map_err(|e| {
                StoreError::Failure(format!("pantry draw of meal {}: {e}", row.meal_detail_id))
            })?;
            if let Some(d) = uneaten.iter_mut().find(|d| d.meal_id == row.meal_detail_id) {
                d.taken.push(taken);
            }
        }
    }
    Ok(PantryLedger {
        items,
        eaten,
        uneaten,
    })
}

/// Takes the account's pantry lock (PostgreSQL; see [`ACCOUNT_LOCK`]).
fn lock(conn: &mut AnyConnection, user: UserId) -> Result<(), diesel::result::Error> {
    if matches!(conn, AnyConnection::Postgresql(_)) {
        diesel::sql_query(ACCOUNT_LOCK)
            .bind::<BigInt, _>(user.0)
            .execute(conn)?;
    }
    Ok(())
}

/// Writes `items` as `user`'s whole pantry.
fn write_items(
    conn: &mut AnyConnection,
    user: UserId,
    items: Vec<PantryItem>,
) -> Result<(), diesel::result::Error> {
    diesel::delete(pantry_items::table.filter(pantry_items::user_id.eq(user.0))).execute(conn)?;
    // One statement an item: a multi-row insert is not one both
    // backends of the `MultiConnection` take.
    for (index, item) in items.into_iter().enumerate() {
        diesel::insert_into(pantry_items::table)
            .values(&ItemRow {
                user_id: user.0,
                position: position(index),
                name: item.name,
                grams: item.grams,
                use_by: item.use_by,
            })
            .execute(conn)?;
    }
    Ok(())
}

#[async_trait]
impl PantryStore for Database {
    async fn ledger(&self, user: UserId) -> Result<PantryLedger, StoreError> {
        self.run_read(move |conn| ledger_of(conn, user)).await
    }

    async fn settle(&self, user: UserId, settle: Settle) -> Result<Vec<PantryItem>, StoreError> {
        self.run(move |conn| {
            write_transaction(conn, |conn| {
                lock(conn, user)?;
                let done = settle(ledger_of(conn, user)?);
                let released = &done.released;
                if !released.is_empty() {
                    diesel::delete(
                        pantry_draws::table.filter(pantry_draws::meal_detail_id.eq_any(released)),
                    )
                    .execute(conn)?;
                    diesel::delete(
                        pantry_meals::table
                            .filter(pantry_meals::user_id.eq(user.0))
                            .filter(pantry_meals::meal_detail_id.eq_any(released)),
                    )
                    .execute(conn)?;
                }
                for draw in done.drawn {
                    diesel::insert_into(pantry_meals::table)
                        .values((
                            pantry_meals::meal_detail_id.eq(draw.meal_id),
                            pantry_meals::user_id.eq(user.0),
                        ))
                        .execute(conn)?;
                    for (index, item) in draw.taken.into_iter().enumerate() {
                        diesel::insert_into(pantry_draws::table)
                            .values(&DrawRow {
                                meal_detail_id: draw.meal_id,
                                position: position(index),
                                name: item.name,
                                grams: item.grams,
                                use_by: item.use_by,
                            })
                            .execute(conn)?;
                    }
                }
                write_items(conn, user, done.items.clone())?;
                Ok::<_, Failed>(done.items)
            })
            .map_err(|Failed(e)| e)
        })
        .await
    }

    async fn replace_pantry(&self, user: UserId, items: Vec<PantryItem>) -> Result<(), StoreError> {
        self.run(move |conn| {
            write_transaction(conn, |conn| {
                lock(conn, user)?;
                write_items(conn, user, items)?;
                // The new list is what is at home now: meals eaten before it
                // took nothing from it, and none of it goes back.
                diesel::delete(pantry_meals::table.filter(pantry_meals::user_id.eq(user.0)))
                    .execute(conn)?;
                let eaten: Vec<i64> = meal_details::table
                    .inner_join(daily_menus::table.inner_join(plans::table))
                    .filter(plans::user_id.eq(user.0))
                    .filter(plans::active.eq(1))
                    .filter(meal_details::status.eq(MealStatus::Completed.code() as i32))
                    .select(meal_details::id)
                    .load(conn)?;
                for meal in eaten {
                    diesel::insert_into(pantry_meals::table)
                        .values((
                            pantry_meals::meal_detail_id.eq(meal),
                            pantry_meals::user_id.eq(user.0),
                        ))
                        .execute(conn)?;
                }
                Ok::<_, diesel::result::Error>(())
            })
            .map_err(store_error)
        })
        .await
    }
}
