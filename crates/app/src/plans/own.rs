//! One's own recipes in plans: the recipes an account's plans may name
//! (the catalogue's and its own), and the pool a plan is made from, by
//! `my_recipes` (`include`, `prefer`, `only`).

use super::*;
use mealplan_domain::planner::Diner;

use super::pools::merged;
use mealplan_domain::{HardRules, planner};

/// Which recipes a generated plan draws on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum MyRecipes {
    /// The catalogue and one's own ready recipes alike.
    #[default]
    Include,
    /// One's own first: the catalogue and one's own alike, with one's
    /// own preferred by everyone at the table as far as the targets allow
    /// (a preference bonus in the planner: [`Diner::prefers_own`]).
    Prefer,
    /// One's own only; the catalogue fills only the slots they cannot,
    /// and the answer names those slots and why.
    Only,
}

impl MyRecipes {
    /// The table's `diners`, each preferring their own recipes under
    /// `Prefer`.
    pub(crate) fn seat(self, diners: Vec<Diner>) -> Vec<Diner> {
        match self {
            MyRecipes::Prefer => diners.into_iter().map(Diner::preferring_own).collect(),
            MyRecipes::Include | MyRecipes::Only => diners,
        }
    }
}

/// A meal slot one's own recipes could not fill, and why.
#[derive(Debug, Clone, PartialEq)]
pub struct Unfilled {
    /// The slot.
    pub meal_type: MealType,
    /// Why, in words.
    pub reason: String,
}

impl PlanContext {
    /// `user`'s own recipes the planner may use, and those deleted (plans
    /// keep them), apart.
    async fn own_of(&self, user: UserId) -> Result<(Vec<Recipe>, Vec<Recipe>), StoreError> {
        let Some(store) = &self.own else {
            return Ok((Vec::new(), Vec::new()));
        };
        let (mut ready, mut kept) = (Vec::new(), Vec::new());
        for own in store.of_owner(user).await? {
            // Labels as stored, with what SR28 says of foods the taxonomy
            // has no name for (recipes stored before it was counted).
            let own = crate::own_recipes::checked(&self.taxonomy, own);
            if own.plannable() {
                ready.push(own.recipe);
            } else if own.deleted {
                kept.push(own.recipe);
            }
        }
        Ok((ready, kept))
    }

    /// The recipes `user`'s plans may name, by id: the catalogue's, then
    /// `user`'s own ready or deleted ones; the catalogue snapshot itself
    /// when they have none.
    pub(crate) async fn recipes_of(&self, user: UserId) -> Result<Arc<[Recipe]>, StoreError> {
        let all = self.catalog.all().await?;
        let (ready, kept) = self.own_of(user).await?;
        Ok(self
            .pools
            .merged(user, all, ready.into_iter().chain(kept).collect()))
    }

    /// The ids of `user`'s own recipes they deleted: plans keep them,
    /// nothing new picks them (swaps, alternatives, plans by hand).
    pub(crate) async fn hidden_of(&self, user: UserId) -> Result<Vec<i64>, StoreError> {
        let (_, kept) = self.own_of(user).await?;
        Ok(kept.iter().map(|r| r.id).collect())
    }

    /// The catalogue with the own recipes among `ids` (a meal read without
    /// its owner).
    pub(crate) async fn recipes_naming(&self, ids: &[i64]) -> Result<Arc<[Recipe]>, StoreError> {
        let all = self.catalog.all().await?;
        let Some(store) = &self.own else {
            return Ok(all);
        };
        let mut own = Vec::new();
        for id in ids
            .iter()
            .filter(|id| mealplan_domain::is_own_recipe_id(**id))
        {
            if let Some(o) = store.get(*id).await? {
                own.push(crate::own_recipes::checked(&self.taxonomy, o).recipe);
            }
        }
        own.sort_by_key(|r| r.id);
        own.dedup_by_key(|r| r.id);
        Ok(merged(all, own))
    }

    /// The recipes a plan for `user` (whose profile is `profile`) is made
    /// from under `mode`, and the slots their own recipes could not fill.
    pub(crate) async fn pool_of(
        &self,
        user: UserId,
        profile: &Person,
        mode: MyRecipes,
    ) -> Result<(Arc<[Recipe]>, Vec<Unfilled>), StoreError> {
        let all = self.catalog.all().await?;
        let (ready, kept) = self.own_of(user).await?;
        if mode == MyRecipes::Include {
            return Ok((
                self.include_pool(user, all, ready, kept.is_empty()),
                Vec::new(),
            ));
        }
        let rules = HardRules::new(
            &self.taxonomy,
            profile.restrictions.iter().map(|r| r.name.as_str()),
            &profile.diet_types,
        );
        let mut slots = planner::meal_slots(profile.meals_per_day);
        slots.dedup();
        let mut unfilled: Vec<Unfilled> = Vec::new();
        for meal_type in slots {
            if unfilled.iter().any(|u| u.meal_type == meal_type) {
                continue;
            }
            let serving: Vec<&Recipe> = ready.iter().filter(|r| r.serves(meal_type)).collect();
            let reason = if serving.is_empty() {
                Some(format!(
                    "none of your ready recipes is a {}",
                    meal_type.as_str()
                ))
            } else {
                let breaches: Vec<String> = serving
                    .iter()
                    .filter_map(|r| rules.breach(r).map(|b| format!("{}: {}", r.name, b.rule())))
                    .collect();
                (breaches.len() == serving.len()).then(|| {
                    format!(
                        "each of your {} recipes breaks your rules ({})",
                        meal_type.as_str(),
                        breaches.join("; ")
                    )
                })
            };
            if let Some(reason) = reason {
                unfilled.push(Unfilled { meal_type, reason });
            }
        }
        // The catalogue fills the unfilled slots only: its recipes there
        // are offered for those slots alone.
        if mode == MyRecipes::Prefer {
            // Both alike, one's own preferred (`MyRecipes::seat`); the
            // slots they cannot fill are said all the same.
            return Ok((
                self.include_pool(user, all, ready, kept.is_empty()),
                unfilled,
            ));
        }
        let gaps: Vec<MealType> = unfilled.iter().map(|u| u.meal_type).collect();
        let fill = all
            .iter()
            .filter_map(|r| only_for(&self.taxonomy, r, &gaps));
        let pool: Vec<Recipe> = fill.chain(ready).collect();
        Ok((Arc::from(pool), unfilled))
    }
}

impl PlanContext {
    /// The catalogue and `ready`, one's own recipes: the set plan answers
    /// read (the same `Arc`, so that the new plan's answer reuses its
    /// facts) when none is deleted (`none_deleted`), else a set of its own.
    fn include_pool(
        &self,
        user: UserId,
        all: Arc<[Recipe]>,
        ready: Vec<Recipe>,
        none_deleted: bool,
    ) -> Arc<[Recipe]> {
        if none_deleted {
            self.pools.merged(user, all, ready)
        } else {
            merged(all, ready)
        }
    }
}

/// `r` offered for the `slots` it serves among these only (its labels as
/// they are); `None` when it serves none of them.
fn only_for(taxonomy: &Taxonomy, r: &Recipe, slots: &[MealType]) -> Option<Recipe> {
    let meal_types: Vec<MealType> = r
        .meal_types()
        .iter()
        .filter(|m| slots.contains(m))
        .copied()
        .collect();
    if meal_types.is_empty() {
        return None;
    }
    if meal_types.len() == r.meal_types().len() {
        return Some(r.clone());
    }
    let parts = mealplan_domain::RecipeParts {
        id: r.id,
        recipe_id: r.recipe_id,
        name: r.name.clone(),
        nutrition: r.nutrition(),
        ingredients: r.ingredients().to_vec(),
        meal_types,
        tastes: r.tastes.clone(),
        image_url: r.image_url.clone(),
        recipe_url: r.recipe_url.clone(),
        card: r.card.clone(),
    };
    Some(Recipe::from_stored(
        taxonomy,
        parts,
        r.diet_types().to_vec(),
        r.allergens().to_vec(),
    ))
}
