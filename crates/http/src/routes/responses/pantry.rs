//! An item of a pantry, as the pantry, the shopping list's `pantry_left`
//! and the export show it.

use mealplan_domain::PantryItem;
use serde::Serialize;
use utoipa::ToSchema;

/// A food at home.
#[derive(Debug, Serialize, ToSchema)]
pub struct PantryItemResponse {
    /// The food, as the catalogue's ingredients and the shopping list
    /// name it.
    pub name: String,
    /// Grams, one decimal.
    pub grams: f64,
    /// The day it must be used by (`YYYY-MM-DD`), or null.
    #[schema(value_type = Option<String>, format = Date)]
    pub use_by: Option<String>,
}

impl From<&PantryItem> for PantryItemResponse {
    fn from(item: &PantryItem) -> Self {
        Self {
            name: item.name.clone(),
            grams: (item.grams * 10.0).round() / 10.0,
            use_by: item.use_by.map(|d| d.format("%Y-%m-%d").to_string()),
        }
    }
}
