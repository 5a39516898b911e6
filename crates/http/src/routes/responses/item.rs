//! `{id, name}` of a taste, restriction, diet type or meal type.

use mealplan_domain::{DietType, NamedItem};
use serde::Serialize;
use utoipa::ToSchema;

/// `{id, name}` of a taste, restriction, diet type or meal type.
#[derive(Debug, Serialize, ToSchema)]
pub struct ItemResponse {
    /// Identifier.
    pub id: i64,
    /// Lowercase name.
    pub name: String,
}

impl From<NamedItem> for ItemResponse {
    fn from(item: NamedItem) -> Self {
        Self {
            id: item.id,
            name: item.name,
        }
    }
}

impl From<DietType> for ItemResponse {
    fn from(diet: DietType) -> Self {
        Self {
            id: diet.id(),
            name: diet.as_str().to_owned(),
        }
    }
}
