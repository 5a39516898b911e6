//! What people have at home, as stored.

use async_trait::async_trait;
use mealplan_domain::{PantryItem, UserId};

use crate::StoreError;

/// Storage of each account's pantry: a list of items in its order.
#[cfg_attr(feature = "mock", mockall::automock)]
#[async_trait]
pub trait PantryStore: Send + Sync {
    /// `user`'s pantry, in the order it was written (empty when none).
    async fn pantry(&self, user: UserId) -> Result<Vec<PantryItem>, StoreError>;
    /// Replaces `user`'s pantry with `items`, in one transaction.
    async fn replace_pantry(&self, user: UserId, items: Vec<PantryItem>) -> Result<(), StoreError>;
}
