//! The assistant's memory of each conversation: one row per user, written
//! by one upsert statement (the same SQL on SQLite and PostgreSQL).

use async_trait::async_trait;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Nullable, Text};
use mealplan_domain::UserId;
use mealplan_ports::{ChatMemory, ChatMemoryStore, ShownList, StoreError};

use super::schema::chat_memory;
use super::{Database, store_error};

type Row = (Option<String>, Option<String>, Option<i64>, Option<String>);

/// `1,2,3` → ids; what does not parse is dropped (the list is a hint).
fn ids(text: &str) -> Vec<i64> {
    text.split(',')
        .filter_map(|s| s.trim().parse().ok())
        .collect()
}

#[async_trait]
impl ChatMemoryStore for Database {
    async fn recall(&self, user: UserId) -> Result<ChatMemory, StoreError> {
        self.run_read(move |conn| {
            let row: Option<Row> = chat_memory::table
                .find(user.0)
                .select((
                    chat_memory::lang,
                    chat_memory::pending,
                    chat_memory::shown_meal_id,
                    chat_memory::shown_recipe_ids,
                ))
                .first(conn)
                .optional()
                .map_err(store_error)?;
            Ok(
                row.map_or_else(ChatMemory::default, |(lang, pending, meal, recipes)| {
                    ChatMemory {
                        lang,
                        pending,
                        shown: recipes.map(|r| ShownList {
                            meal_id: meal,
                            recipe_ids: ids(&r),
                        }),
                    }
                }),
            )
        })
        .await
    }

    async fn remember(&self, user: UserId, memory: ChatMemory) -> Result<(), StoreError> {
        self.run(move |conn| {
            let recipes = memory.shown.as_ref().map(|s| {
                s.recipe_ids
                    .iter()
                    .map(i64::to_string)
                    .collect::<Vec<_>>()
                    .join(",")
            });
            let sql = super::limits::numbered(
                conn,
                "INSERT INTO chat_memory (user_id, lang, pending, shown_meal_id, shown_recipe_ids) \
                 VALUES ($1, $2, $3, $4, $5) \
                 ON CONFLICT (user_id) DO UPDATE SET lang = excluded.lang, \
                 pending = excluded.pending, shown_meal_id = excluded.shown_meal_id, \
                 shown_recipe_ids = excluded.shown_recipe_ids",
            );
            diesel::sql_query(sql)
                .bind::<BigInt, _>(user.0)
                .bind::<Nullable<Text>, _>(memory.lang)
                .bind::<Nullable<Text>, _>(memory.pending)
                .bind::<Nullable<BigInt>, _>(memory.shown.as_ref().and_then(|s| s.meal_id))
                .bind::<Nullable<Text>, _>(recipes)
                .execute(conn)
                .map(|_| ())
                .map_err(store_error)
        })
        .await
    }
}
