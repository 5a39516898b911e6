//! The pantry in plans: what a plan made with `use_pantry` prefers, what
//! the shopping list takes from it, and what meals ticked as eaten took.
//!
//! A meal ticked as eaten takes its foods out of the pantry, and
//! un-ticking it puts them back. Both are settled when the pantry is next
//! read (its page, the shopping list, a plan), not when the meal is
//! ticked: a tick stays one statement for everyone, ticking twice takes
//! nothing twice, and every way of ticking (the routes, the batch, the
//! assistant) counts.

use super::*;
use std::collections::{BTreeMap, HashMap};

use mealplan_domain::planner::{Diner, PantryFood};
use mealplan_domain::{MAX_PANTRY_GRAMS, PantryItem};
use mealplan_ports::{MealDraw, PantryLedger, Settlement};

impl Plans {
    /// Lets the shopping list subtract what `store` says each account has
    /// at home, and plans use it up (`use_pantry`).
    pub fn with_pantry(mut self, store: Arc<dyn mealplan_ports::PantryStore>) -> Self {
        self.0.pantry = Some(store);
        self
    }
}

impl Plans {
    /// `user`'s pantry as it now is: meals ticked as eaten since it was
    /// written taken out, meals un-ticked since put back.
    pub async fn pantry(&self, user: UserId) -> Result<Vec<PantryItem>, StoreError> {
        self.pantry_of(user).await
    }
}

impl PlanContext {
    /// `user`'s pantry when a plan is to use it (`wanted`) and one is
    /// wired, settled ([`settle`]); else nothing.
    pub(crate) async fn pantry_for(
        &self,
        user: UserId,
        wanted: bool,
    ) -> Result<Vec<PantryItem>, StoreError> {
        let Some(store) = self.pantry.as_ref().filter(|_| wanted) else {
            return Ok(Vec::new());
        };
        let ledger = store.ledger(user).await?;
        if ledger.is_settled() {
            return Ok(ledger.items);
        }
        let ids: Vec<i64> = ledger.eaten.iter().map(|m| m.recipe_id).collect();
        let recipes = self.recipes_naming(&ids).await?;
        let kitchen = Arc::clone(&self.kitchen);
        // A meal cooked for later meals takes their food too; a leftover
        // takes none (cooked where it is eaten from).
        let cooked: HashMap<i64, f64> = match self.plans.active(user).await? {
            Some(plan) => {
                let cooking = super::leftovers::Cooking::of(&plan.days);
                plan.days
                    .iter()
                    .flat_map(|d| &d.meals)
                    .map(|m| (m.id, cooking.servings_at(m)))
                    .collect()
            }
            None => HashMap::new(),
        };
        store
            .settle(
                user,
                Box::new(move |mut ledger| {
                    for meal in &mut ledger.eaten {
                        if let Some(servings) = cooked.get(&meal.meal_id) {
                            meal.servings = *servings;
                        }
                    }
                    settle(ledger, &recipes, &kitchen)
                }),
            )
            .await
    }

    /// `user`'s pantry for the shopping list (empty when none is wired).
    pub(crate) async fn pantry_of(&self, user: UserId) -> Result<Vec<PantryItem>, StoreError> {
        self.pantry_for(user, true).await
    }
}

/// The table's `diners`, each preferring the recipes of `recipes` that
/// use what `pantry` holds, weighed by how soon each item is due on the
/// day planned, `today` the plan's first ([`PantryFood::seat`]); as they
/// are for an empty pantry.
pub(crate) fn seat_pantry(
    diners: Vec<Diner>,
    recipes: &[Recipe],
    pantry: &[PantryItem],
    kitchen: &Kitchen,
    today: chrono::NaiveDate,
) -> Vec<Diner> {
    let foods = PantryFood::seat(recipes, pantry, kitchen, today);
    if foods.is_empty() {
        return diners;
    }
    diners
        .into_iter()
        .map(|d| d.using_pantry(foods.clone()))
        .collect()
}

/// What settling `ledger` writes: each meal un-ticked puts back what it
/// took (onto the item it came from, or as a new one), then each meal
/// eaten, in the order of its id, takes its foods at the servings cooked
/// for it, the items due first first ([`Stock::take`]). A meal whose
/// recipe is not in `recipes` stays unsettled, for the next read.
pub(crate) fn settle(ledger: PantryLedger, recipes: &[Recipe], kitchen: &Kitchen) -> Settlement {
    let PantryLedger {
        mut items,
        mut eaten,
        uneaten,
    } = ledger;
    let mut released = Vec::with_capacity(uneaten.len());
    for draw in uneaten {
        for back in draw.taken {
            put_back(&mut items, back);
        }
        released.push(draw.meal_id);
    }
    eaten.sort_by_key(|m| m.meal_id);
    let mut drawn = Vec::with_capacity(eaten.len());
    for meal in eaten {
        let Some(recipe) = recipes.iter().find(|r| r.id == meal.recipe_id) else {
            continue;
        };
        let mut stock = Stock::of(items, kitchen);
        let mut needs: BTreeMap<String, f64> = BTreeMap::new();
        for i in recipe.ingredients() {
            let (name, grams) = kitchen.bought_as(&i.name, i.grams * meal.servings);
            *needs.entry(name.to_owned()).or_default() += grams;
        }
        for (name, grams) in &needs {
            stock.take(name, *grams);
        }
        let (left, taken) = stock.split();
        items = left;
        drawn.push(MealDraw {
            meal_id: meal.meal_id,
            taken,
        });
    }
    Settlement {
        items,
        drawn,
        released,
    }
}

/// Puts `back` into `items`: onto the item of its name and day, else as
/// a new item at the end; never above an item's largest weight.
fn put_back(items: &mut Vec<PantryItem>, back: PantryItem) {
    match items
        .iter_mut()
        .find(|i| i.name == back.name && i.use_by == back.use_by)
    {
        Some(item) => item.grams = (item.grams + back.grams).min(MAX_PANTRY_GRAMS),
        None => items.push(back),
    }
}

/// A pantry being drawn on: each item with the shopping-list name it
/// counts under, its grams in that item's terms, and what is left.
pub(crate) struct Stock {
    /// (item, the list's name it counts under, the list's grams per gram
    /// of it, the list's grams left).
    items: Vec<(PantryItem, String, f64, f64)>,
}

impl Stock {
    pub(crate) fn of(items: Vec<PantryItem>, kitchen: &Kitchen) -> Self {
        Self {
            items: items
                .into_iter()
                .map(|item| {
                    // Grams at home are of the food as sold (dry rice, raw
                    // chicken); the list's grams are the recipes' (cooked).
                    let (bought, grams) = kitchen.bought_as(&item.name, item.grams);
                    let form = kitchen
                        .get(bought)
                        .and_then(|f| f.bought.as_ref())
                        .map_or(1.0, |b| b.factor);
                    let grams = if form > 0.0 { grams / form } else { grams };
                    let (bought, factor) = (bought.to_owned(), grams / item.grams);
                    (item, bought, factor, grams)
                })
                .collect(),
        }
    }

    /// Takes up to `grams` of `name` (a shopping-list name), the items
    /// due first first (those without a day last); how much it gave.
    pub(crate) fn take(&mut self, name: &str, grams: f64) -> f64 {
        let mut order: Vec<usize> = (0..self.items.len())
            .filter(|&i| self.items[i].1 == name && self.items[i].3 > 0.0)
            .collect();
        order.sort_by_key(|&i| (self.items[i].0.use_by.is_none(), self.items[i].0.use_by, i));
        let mut wanted = grams;
        for i in order {
            let left = &mut self.items[i].3;
            let given = left.min(wanted);
            *left -= given;
            wanted -= given;
        }
        grams - wanted
    }

    /// What is left of each item and what was taken of it, in its own
    /// terms and the pantry's order; items used up, and items nothing was
    /// taken of, left out of each.
    pub(crate) fn split(self) -> (Vec<PantryItem>, Vec<PantryItem>) {
        let mut left = Vec::new();
        let mut taken = Vec::new();
        for (item, _, factor, rest) in self.items {
            let own = |list_grams: f64| {
                if factor > 0.0 {
                    list_grams / factor
                } else {
                    list_grams
                }
            };
            let kept = if rest > 1e-6 { own(rest) } else { 0.0 };
            let gone = item.grams - kept;
            if gone > 1e-6 {
                taken.push(PantryItem {
                    grams: gone,
                    ..item.clone()
                });
            }
            if kept > 0.0 {
                left.push(PantryItem {
                    grams: kept,
                    ..item
                });
            }
        }
        (left, taken)
    }

    /// What is left of each item, in its own terms and the pantry's
    /// order; items used up left out.
    pub(crate) fn left(self) -> Vec<PantryItem> {
        self.split().0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mealplan_domain::MealType;
    use mealplan_ports::EatenMeal;

    fn day(d: u32) -> chrono::NaiveDate {
        chrono::NaiveDate::from_ymd_opt(2026, 3, d).unwrap()
    }

    fn item(name: &str, grams: f64, due: Option<u32>) -> PantryItem {
        PantryItem::new(name.into(), grams, due.map(day)).unwrap()
    }

    fn recipes() -> Vec<Recipe> {
        vec![crate::fixtures::recipe(
            7,
            &[("egg", 100.0), ("kiwi", 30.0)],
            MealType::Lunch,
            400.0,
        )]
    }

    fn eaten(meal_id: i64, recipe_id: i64, servings: f64) -> EatenMeal {
        EatenMeal {
            meal_id,
            recipe_id,
            servings,
        }
    }

    #[test]
    fn a_meal_eaten_takes_its_foods_the_earliest_due_first() {
        let ledger = PantryLedger {
            items: vec![
                item("egg", 300.0, None),
                item("egg", 120.0, Some(2)),
                item("rice", 500.0, None),
            ],
            eaten: vec![eaten(11, 7, 1.5)],
            uneaten: Vec::new(),
        };
        let done = settle(ledger, &recipes(), &Kitchen::default());
        // 150 g of egg: the 120 g due first, then 30 g of the rest.
        assert_eq!(
            done.items,
            [item("egg", 270.0, None), item("rice", 500.0, None)]
        );
        assert_eq!(done.drawn.len(), 1);
        assert_eq!(done.drawn[0].meal_id, 11);
        assert_eq!(
            done.drawn[0].taken,
            [item("egg", 30.0, None), item("egg", 120.0, Some(2))]
        );
        assert!(done.released.is_empty());
    }

    #[test]
    fn a_meal_unticked_puts_back_what_it_took_and_nothing_more() {
        let ledger = PantryLedger {
            items: vec![item("egg", 270.0, None)],
            eaten: Vec::new(),
            uneaten: vec![MealDraw {
                meal_id: 11,
                taken: vec![item("egg", 30.0, None), item("egg", 120.0, Some(2))],
            }],
        };
        let done = settle(ledger, &recipes(), &Kitchen::default());
        assert_eq!(
            done.items,
            [item("egg", 300.0, None), item("egg", 120.0, Some(2))]
        );
        assert_eq!(done.released, [11]);
        assert!(done.drawn.is_empty());
    }

    #[test]
    fn a_meal_of_no_known_recipe_waits_and_one_with_nothing_at_home_takes_nothing() {
        let ledger = PantryLedger {
            items: vec![item("rice", 500.0, None)],
            eaten: vec![eaten(12, 99, 1.0), eaten(11, 7, 1.0)],
            uneaten: Vec::new(),
        };
        let done = settle(ledger, &recipes(), &Kitchen::default());
        assert_eq!(done.items, [item("rice", 500.0, None)]);
        // Meal 11 is accounted, with nothing taken; meal 12 waits.
        assert_eq!(
            done.drawn,
            [MealDraw {
                meal_id: 11,
                taken: Vec::new()
            }]
        );
    }

    #[test]
    fn putting_back_never_passes_an_items_largest_weight() {
        let mut items = vec![item("egg", MAX_PANTRY_GRAMS - 10.0, None)];
        put_back(&mut items, item("egg", 30.0, None));
        assert_eq!(items[0].grams, MAX_PANTRY_GRAMS);
    }
}
