//! The predefined reference lists, read once per process: they change only
//! with a migration, which needs a restart anyway.

use async_trait::async_trait;
use diesel::prelude::*;
use mealplan_domain::NamedItem;
use mealplan_ports::{ReferenceData, ReferenceList, StoreError};

use super::schema::{diet_types, meal_types, restrictions, tastes};
use super::{Database, store_error};

fn items(rows: Vec<(i64, String)>) -> Vec<NamedItem> {
    rows.into_iter()
        .map(|(id, name)| NamedItem { id, name })
        .collect()
}

/// Where a list's cached copy lives.
pub(super) fn slot(list: ReferenceList) -> usize {
    match list {
        ReferenceList::DietTypes => 0,
        ReferenceList::MealTypes => 1,
        ReferenceList::Tastes => 2,
        ReferenceList::Restrictions => 3,
    }
}

#[async_trait]
impl ReferenceData for Database {
    async fn list(&self, list: ReferenceList) -> Result<Vec<NamedItem>, StoreError> {
        let db = self.clone();
        self.reference_cache[slot(list)]
            .get_or_try_init(|| async move { db.load_list(list).await })
            .await
            .cloned()
    }
}

impl Database {
    async fn load_list(&self, list: ReferenceList) -> Result<Vec<NamedItem>, StoreError> {
        self.run_read(move |conn| {
            let rows = match list {
                ReferenceList::DietTypes => diet_types::table
                    .order(diet_types::id)
                    .select((diet_types::id, diet_types::name))
                    .load(conn),
                ReferenceList::MealTypes => meal_types::table
                    .order(meal_types::id)
                    .select((meal_types::id, meal_types::name))
                    .load(conn),
                ReferenceList::Tastes => tastes::table
                    .filter(tastes::owner_id.is_null())
                    .order(tastes::id)
                    .select((tastes::id, tastes::name))
                    .load(conn),
                ReferenceList::Restrictions => restrictions::table
                    .filter(restrictions::owner_id.is_null())
                    .order(restrictions::id)
                    .select((restrictions::id, restrictions::name))
                    .load(conn),
            };
            rows.map(items).map_err(store_error)
        })
        .await
    }
}
