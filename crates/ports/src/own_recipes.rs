//! One's own recipes as stored: the recipe row plans take, and the lines
//! it was computed from.

use async_trait::async_trait;
use mealplan_domain::{OwnRecipe, UserId};

use crate::StoreError;

/// Storage of the recipes people add themselves.
#[cfg_attr(feature = "mock", mockall::automock)]
#[async_trait]
pub trait OwnRecipeStore: Send + Sync {
    /// Stores `recipe` under a new id (above
    /// [`mealplan_domain::OWN_RECIPE_BASE`]; its own `id` is ignored) with
    /// a new random page key ([`mealplan_domain::own_recipe_links`]),
    /// unless its owner already keeps `limit` recipes not deleted:
    /// `None` then, and nothing is stored. The recipe as stored: its id
    /// and links set.
    async fn add(&self, recipe: OwnRecipe, limit: usize) -> Result<Option<OwnRecipe>, StoreError>;
    /// [`add`](Self::add) for each of `recipes`, in one transaction (an
    /// import): each as stored, or `None` once the limit is reached.
    async fn add_all(
        &self,
        recipes: Vec<OwnRecipe>,
        limit: usize,
    ) -> Result<Vec<Option<OwnRecipe>>, StoreError>;
    /// Writes `recipe` again under its id (its lines, figures and labels);
    /// `false` when no such recipe of its owner is left.
    async fn replace(&self, recipe: OwnRecipe) -> Result<bool, StoreError>;
    /// The recipe with this id, whoever owns it (deleted ones too).
    async fn get(&self, id: i64) -> Result<Option<OwnRecipe>, StoreError>;
    /// Every recipe of `owner`, deleted ones too, by id.
    async fn of_owner(&self, owner: UserId) -> Result<Vec<OwnRecipe>, StoreError>;
    /// Marks the recipe deleted (plans keep it); `false` when `owner` has
    /// no such recipe, or deleted it already.
    async fn delete(&self, owner: UserId, id: i64) -> Result<bool, StoreError>;
}
