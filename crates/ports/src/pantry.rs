//! What people have at home, as stored, and what the meals they ate took
//! from it.

use async_trait::async_trait;
use mealplan_domain::{PantryItem, UserId};

use crate::StoreError;

/// A meal whose eating the pantry has taken into account, and what it
/// took (items in the pantry's own terms: name, grams, use-by day).
#[derive(Debug, Clone, PartialEq)]
pub struct MealDraw {
    /// The meal detail.
    pub meal_id: i64,
    /// What it took, item by item (empty when the pantry held none of its
    /// foods, or when it was eaten before the pantry was written).
    pub taken: Vec<PantryItem>,
}

/// A meal of the active plan ticked as eaten that the pantry has not
/// yet taken into account.
#[derive(Debug, Clone, PartialEq)]
pub struct EatenMeal {
    /// The meal detail.
    pub meal_id: i64,
    /// Its recipe.
    pub recipe_id: i64,
    /// Servings cooked for it: everyone's portions at a household table.
    pub servings: f64,
}

/// A pantry with what is not yet settled: meals eaten since it was
/// written, and meals un-ticked since their eating was taken out.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct PantryLedger {
    /// The items as stored, in their order.
    pub items: Vec<PantryItem>,
    /// Meals of the active plan ticked as eaten and not yet taken out.
    pub eaten: Vec<EatenMeal>,
    /// Meals taken out before and no longer ticked as eaten, with what
    /// they took: to be put back.
    pub uneaten: Vec<MealDraw>,
}

impl PantryLedger {
    /// Whether there is nothing to settle: the items are the pantry.
    pub fn is_settled(&self) -> bool {
        self.eaten.is_empty() && self.uneaten.is_empty()
    }
}

/// What settling a ledger writes.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Settlement {
    /// The pantry's items from now on, in their order.
    pub items: Vec<PantryItem>,
    /// Meals now taken into account, with what each took.
    pub drawn: Vec<MealDraw>,
    /// Meals whose draws were put back (no longer accounted).
    pub released: Vec<i64>,
}

/// How a ledger is settled: the app's rule, run by the store under the
/// account's pantry lock on the ledger as it is then.
pub type Settle = Box<dyn FnOnce(PantryLedger) -> Settlement + Send>;

/// Storage of each account's pantry: a list of items in its order, and
/// which eaten meals it has taken into account.
#[cfg_attr(feature = "mock", mockall::automock)]
#[async_trait]
pub trait PantryStore: Send + Sync {
    /// `user`'s pantry, in the order it was written (empty when none),
    /// with what is not yet settled.
    async fn ledger(&self, user: UserId) -> Result<PantryLedger, StoreError>;
    /// Settles `user`'s pantry in one transaction that holds the
    /// account's pantry lock: reads the ledger again, writes what `settle`
    /// answers for it. The items as written.
    async fn settle(&self, user: UserId, settle: Settle) -> Result<Vec<PantryItem>, StoreError>;
    /// Replaces `user`'s pantry with `items`, in one transaction; meals
    /// already ticked as eaten are taken as accounted for by the new list.
    async fn replace_pantry(&self, user: UserId, items: Vec<PantryItem>) -> Result<(), StoreError>;
}
