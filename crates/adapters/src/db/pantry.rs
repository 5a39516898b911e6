//! Each account's pantry: one `pantry_items` row an item, by position.

use async_trait::async_trait;
use chrono::NaiveDate;
use diesel::prelude::*;
use mealplan_domain::{PantryItem, UserId};
use mealplan_ports::{PantryStore, StoreError};

use super::schema::pantry_items;
use super::transaction::write_transaction;
use super::{Database, store_error};

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

#[async_trait]
impl PantryStore for Database {
    async fn pantry(&self, user: UserId) -> Result<Vec<PantryItem>, StoreError> {
        self.run_read(move |conn| {
            pantry_items::table
                .filter(pantry_items::user_id.eq(user.0))
                .order(pantry_items::position)
                .select(ItemRow::as_select())
                .load::<ItemRow>(conn)
                .map_err(store_error)?
                .into_iter()
                .map(item_of)
                .collect()
        })
        .await
    }

    async fn replace_pantry(&self, user: UserId, items: Vec<PantryItem>) -> Result<(), StoreError> {
        self.run(move |conn| {
            write_transaction(conn, |conn| {
                diesel::delete(pantry_items::table.filter(pantry_items::user_id.eq(user.0)))
                    .execute(conn)?;
                // One statement an item: a multi-row insert is not one both
                // backends of the `MultiConnection` take.
                for (position, item) in items.into_iter().enumerate() {
                    diesel::insert_into(pantry_items::table)
                        .values(&ItemRow {
                            user_id: user.0,
                            position: i32::try_from(position).unwrap_or(i32::MAX),
                            name: item.name,
                            grams: item.grams,
                            use_by: item.use_by,
                        })
                        .execute(conn)?;
                }
                Ok::<_, diesel::result::Error>(())
            })
            .map_err(store_error)
        })
        .await
    }
}
