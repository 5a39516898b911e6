//! The pantry in plans: what a plan made with `use_pantry` prefers, and
//! what the shopping list takes from it.

use super::*;
use mealplan_domain::PantryItem;
use mealplan_domain::planner::Diner;

impl Plans {
    /// Lets the shopping list subtract what `store` says each account has
    /// at home, and plans use it up (`use_pantry`).
    pub fn with_pantry(mut self, store: Arc<dyn mealplan_ports::PantryStore>) -> Self {
        self.0.pantry = Some(store);
        self
    }
}

impl PlanContext {
    /// `user`'s pantry when a plan is to use it (`wanted`) and one is
    /// wired; else nothing.
    pub(crate) async fn pantry_for(
        &self,
        user: UserId,
        wanted: bool,
    ) -> Result<Vec<PantryItem>, StoreError> {
        match &self.pantry {
            Some(store) if wanted => store.pantry(user).await,
            _ => Ok(Vec::new()),
        }
    }

    /// `user`'s pantry for the shopping list (empty when none is wired).
    pub(crate) async fn pantry_of(&self, user: UserId) -> Result<Vec<PantryItem>, StoreError> {
        self.pantry_for(user, true).await
    }
}

/// The table's `diners`, each preferring the recipes of `recipes` that
/// use what `pantry` holds, weighed by how soon each food is due at
/// `today` ([`Diner::pantry`]); as they are for an empty pantry.
pub(crate) fn seat_pantry(
    diners: Vec<Diner>,
    recipes: &[Recipe],
    pantry: &[PantryItem],
    kitchen: &Kitchen,
    today: chrono::NaiveDate,
) -> Vec<Diner> {
    let foods = crate::pantry::pantry_foods(recipes, pantry, kitchen, today);
    if foods.is_empty() {
        return diners;
    }
    diners
        .into_iter()
        .map(|d| d.using_pantry(foods.clone()))
        .collect()
}
