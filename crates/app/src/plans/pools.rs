//! The recipe sets plan answers are computed over, kept so that repeated
//! reads reuse them: each account's catalogue-plus-own set (the same
//! `Arc` while neither changes, so the caches keyed by a set's identity,
//! fits and rendered answers, hit for such accounts too), and each set's
//! day-rule facts ([`Dishes`]), which take tens of milliseconds to make.

use std::collections::HashMap;
use std::hash::{BuildHasher, RandomState};
use std::sync::{Arc, Mutex};

use mealplan_domain::kitchen::Kitchen;
use mealplan_domain::planner::whole_day::Dishes;
use mealplan_domain::{Recipe, UserId};

use super::session::hash_debug;

/// Accounts whose merged set is kept (a set is a copy of the catalogue:
/// a few MB each).
const POOLS_KEPT: usize = 16;

/// Sets whose [`Dishes`] are kept: the catalogue's and those above.
const DISHES_KEPT: usize = POOLS_KEPT + 1;

/// A recipe set and its day-rule facts.
type SetDishes = (Arc<[Recipe]>, Arc<Dishes>);

/// One account's merged set and what it was made from.
struct Pool {
    catalogue: Arc<[Recipe]>,
    own: u64,
    merged: Arc<[Recipe]>,
}

/// Each account's merged recipe set, and each set's [`Dishes`].
#[derive(Default)]
pub(crate) struct Pools {
    hasher: RandomState,
    merged: Mutex<HashMap<UserId, Pool>>,
    /// Newest first.
    dishes: Mutex<Vec<SetDishes>>,
}

impl Pools {
    /// `all` (ordered by id) with `own` after it: `all` itself when `own`
    /// is empty, the set kept for `user` when it was made from the same
    /// catalogue snapshot and the same own recipes.
    pub(crate) fn merged(
        &self,
        user: UserId,
        all: Arc<[Recipe]>,
        own: Vec<Recipe>,
    ) -> Arc<[Recipe]> {
        if own.is_empty() {
            return all;
        }
        let mut own = own;
        // Sorted here too, so that the signature does not depend on order.
        own.sort_by_key(|r| r.id);
        let mut h = self.hasher.build_hasher();
        for r in &own {
            hash_debug(&mut h, r);
        }
        let signature = std::hash::Hasher::finish(&h);
        let mut kept = self.merged.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(pool) = kept.get(&user)
            && pool.own == signature
            && Arc::ptr_eq(&pool.catalogue, &all)
        {
            return Arc::clone(&pool.merged);
        }
        let merged = merged(Arc::clone(&all), own);
        if kept.len() >= POOLS_KEPT && !kept.contains_key(&user) {
            kept.clear();
        }
        kept.insert(
            user,
            Pool {
                catalogue: all,
                own: signature,
                merged: Arc::clone(&merged),
            },
        );
        merged
    }

    /// The day-rule facts of `all`, made once per set kept.
    pub(crate) fn dishes_of(&self, all: &Arc<[Recipe]>, kitchen: &Kitchen) -> Arc<Dishes> {
        let mut kept = self.dishes.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(at) = kept.iter().position(|(of, _)| Arc::ptr_eq(of, all)) {
            let hit = kept.remove(at);
            let dishes = Arc::clone(&hit.1);
            kept.insert(0, hit);
            return dishes;
        }
        // Made under the lock: two requests for a new set make it once.
        let dishes = Arc::new(Dishes::new(all, Some(kitchen)));
        kept.insert(0, (Arc::clone(all), Arc::clone(&dishes)));
        kept.truncate(DISHES_KEPT);
        dishes
    }
}

/// `all` (ordered by id) and `own` after it; `all` itself when `own` is
/// empty, so that caches keyed by the catalogue snapshot still hit.
pub(super) fn merged(all: Arc<[Recipe]>, own: impl IntoIterator<Item = Recipe>) -> Arc<[Recipe]> {
    let mut own: Vec<Recipe> = own.into_iter().collect();
    if own.is_empty() {
        return all;
    }
    own.sort_by_key(|r| r.id);
    all.iter().cloned().chain(own).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn recipe(id: i64) -> Recipe {
        crate::fixtures::recipe(
            id,
            &[("rice", 100.0)],
            mealplan_domain::MealType::Lunch,
            500.0,
        )
    }

    #[test]
    fn an_accounts_set_is_kept_while_its_catalogue_and_own_recipes_are() {
        let pools = Pools::default();
        let all: Arc<[Recipe]> = Arc::from(vec![recipe(1), recipe(2)]);
        let ann = UserId(1);
        // None of one's own: the catalogue itself.
        assert!(Arc::ptr_eq(
            &pools.merged(ann, Arc::clone(&all), Vec::new()),
            &all
        ));
        let own = || vec![recipe(1_000_000_002), recipe(1_000_000_001)];
        let first = pools.merged(ann, Arc::clone(&all), own());
        let ids: Vec<i64> = first.iter().map(|r| r.id).collect();
        assert_eq!(ids, [1, 2, 1_000_000_001, 1_000_000_002]);
        assert!(Arc::ptr_eq(
            &pools.merged(ann, Arc::clone(&all), own()),
            &first
        ));
        // An edited own recipe, or a new catalogue snapshot: a new set.
        let mut edited = own();
        edited[0].name = "Edited".into();
        assert!(!Arc::ptr_eq(
            &pools.merged(ann, Arc::clone(&all), edited),
            &first
        ));
        let fresh: Arc<[Recipe]> = Arc::from(all.to_vec());
        assert!(!Arc::ptr_eq(&pools.merged(ann, fresh, own()), &first));
    }

    #[test]
    fn dishes_are_made_once_per_set_kept() {
        let pools = Pools::default();
        let kitchen = Kitchen::default();
        let all: Arc<[Recipe]> = Arc::from(vec![recipe(1)]);
        let first = pools.dishes_of(&all, &kitchen);
        assert!(Arc::ptr_eq(&pools.dishes_of(&all, &kitchen), &first));
        // Other sets come and go; a set in use stays.
        for id in 2..(DISHES_KEPT as i64 + 5) {
            let other: Arc<[Recipe]> = Arc::from(vec![recipe(id)]);
            pools.dishes_of(&other, &kitchen);
            assert!(Arc::ptr_eq(&pools.dishes_of(&all, &kitchen), &first));
        }
        assert!(pools.dishes.lock().unwrap().len() <= DISHES_KEPT);
    }
}
