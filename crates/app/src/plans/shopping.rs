//! The shopping list of the active plan: what its pending meals need, in
//! the units people buy, with the aisle and the days each item is for,
//! less what the pantry holds.

use std::collections::{BTreeMap, BTreeSet};

use mealplan_domain::kitchen::{Aisle, Kitchen, Purchase};
use mealplan_domain::{MealStatus, PantryItem, UserId};

use super::stock::Stock;
use super::{PlanError, Shopping};

/// One line of a shopping list.
#[derive(Debug, Clone, PartialEq)]
pub struct ShoppingItem {
    /// Ingredient name.
    pub name: String,
    /// Grams the pending meals use, portions applied, as the recipes list
    /// them (cooked weight for rice, pasta, meat, …).
    pub grams: f64,
    /// Grams of `grams` the pantry holds (0 when none): only the rest is
    /// bought.
    pub from_pantry: f64,
    /// What to buy for what the pantry lacks: rounded up to whole pieces, ml/l or g/kg, in the form
    /// shops sell (dry rice, raw chicken).
    pub purchase: Purchase,
    /// Days of the week (1-7) whose pending meals need it, ascending.
    pub days: Vec<u8>,
}

/// What to buy for the pending meals of a plan.
#[derive(Debug, Clone, PartialEq)]
pub struct ShoppingList {
    /// The plan.
    pub plan_id: i64,
    /// Items by name.
    pub items: Vec<ShoppingItem>,
    /// What the pantry will still hold once the pending meals are
    /// cooked, in the pantry's order (items used up left out).
    pub pantry_left: Vec<PantryItem>,
}

impl ShoppingList {
    /// The items grouped by aisle, aisles in the order a shop is walked,
    /// names sorted within each.
    pub fn by_aisle(&self) -> Vec<(Aisle, Vec<&ShoppingItem>)> {
        let mut groups: BTreeMap<Aisle, Vec<&ShoppingItem>> = BTreeMap::new();
        for item in &self.items {
            groups.entry(item.purchase.aisle).or_default().push(item);
        }
        groups.into_iter().collect()
    }
}

impl Shopping {
    /// Ingredients of the active plan's pending meals: grams summed by
    /// name (portions applied), converted once per item into what to buy,
    /// sorted by name.
    pub async fn shopping_list(&self, user: UserId) -> Result<ShoppingList, PlanError> {
        let plan = self.current(user).await?;
        // A dish cooked for later meals is bought once, at its cooking.
        let cooked = super::leftovers::Cooking::from_views(&plan.days);
        let mut totals: BTreeMap<String, (f64, BTreeSet<u8>)> = BTreeMap::new();
        for day in &plan.days {
            for meal in &day.meals {
                if meal.meal.status != MealStatus::Pending {
                    continue;
                }
                for i in meal.recipe.ingredients() {
                    // Egg whites are bought as eggs, on the eggs line.
                    let (name, grams) = self
                        .kitchen
                        .bought_as(&i.name, i.grams * cooked.servings_at(&meal.meal));
                    let entry = totals.entry(name.to_owned()).or_default();
                    entry.0 += grams;
                    entry.1.insert(day.day_of_week);
                }
            }
        }
        let mut pantry = Stock::of(self.pantry_of(user).await?, &self.kitchen);
        let items = totals
            .into_iter()
            .map(|(name, (grams, days))| {
                let from_pantry = pantry.take(&name, grams);
                ShoppingItem {
                    purchase: to_buy(&self.kitchen, &name, grams, from_pantry),
                    name,
                    grams,
                    from_pantry,
                    days: days.into_iter().collect(),
                }
            })
            .collect();
        Ok(ShoppingList {
            plan_id: plan.id,
            items,
            pantry_left: pantry.left(),
        })
    }
}

/// What to buy of `name` when the meals need `grams` and the pantry
/// gives `from_pantry` of them: the purchase of the rest, or nothing (an
/// amount of 0, `in the pantry`) when the pantry holds it all.
fn to_buy(kitchen: &Kitchen, name: &str, grams: f64, from_pantry: f64) -> Purchase {
    let rest = grams - from_pantry;
    if from_pantry > 0.0 && rest <= 1e-9 {
        Purchase {
            amount: 0.0,
            display: "in the pantry".into(),
            ..kitchen.purchase(name, grams)
        }
    } else {
        kitchen.purchase(name, rest)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use chrono::{TimeZone, Utc};
    use mealplan_domain::kitchen::{BuyUnit, HouseMeasure, Kitchen, KitchenFacts, Piece};
    use mealplan_domain::{MealType, Recipe};
    use mealplan_ports::{
        DailyMenu, MealDetail, MockClock, MockPantryStore, MockPersonRepository,
        MockPlanRepository, MockRecipeCatalog, Plan,
    };

    use super::*;

    fn recipe(id: i64, ingredients: &[(&str, f64)]) -> Recipe {
        crate::fixtures::recipe(id, ingredients, MealType::Lunch, 400.0)
    }

    fn meal(id: i64, recipe_id: i64, status: MealStatus, servings: f64) -> MealDetail {
        MealDetail {
            leftover_of: None,
            id,
            recipe_id,
            schedule: id as u8,
            status,
            meal_type: MealType::Lunch,
            servings,
            portions: Vec::new(),
            note: None,
            shared: false,
        }
    }

    fn kitchen() -> Kitchen {
        let egg = Piece {
            grams: 50.0,
            one: "egg".into(),
            many: "eggs".into(),
        };
        let egg_facts = KitchenFacts {
            aisle: Aisle::Dairy,
            measure: HouseMeasure::Piece(egg.clone()),
            buy: BuyUnit::Piece(egg),
            bought: None,
            note: None,
            sodium_mg: 0.0,
            saturated_fat: 0.0,
            protein: 12.6,
        };
        let white = KitchenFacts {
            buy: BuyUnit::As {
                name: "egg".into(),
                factor: 50.0 / 33.0,
            },
            protein: 10.9,
            ..egg_facts.clone()
        };
        Kitchen::new([
            ("egg".to_owned(), egg_facts),
            ("egg white".to_owned(), white),
        ])
    }

    #[tokio::test]
    async fn pending_meals_are_summed_converted_and_dated() {
        let mut plans = MockPlanRepository::new();
        plans.expect_active().returning(|_| {
            Ok(Some(Plan {
                id: 7,
                user_id: UserId(1),
                created_at: Utc.with_ymd_and_hms(2026, 1, 1, 0, 0, 0).unwrap(),
                updated_at: Utc.with_ymd_and_hms(2026, 1, 1, 0, 0, 0).unwrap(),
                active: true,
                household: false,
                settings: None,
                days: vec![
                    DailyMenu {
                        id: 1,
                        day_of_week: 1,
                        meals: vec![
                            meal(1, 1, MealStatus::Pending, 1.5),
                            meal(2, 2, MealStatus::Completed, 1.0),
                        ],
                        notes: Vec::new(),
                        rebalance_notes: Vec::new(),
                    },
                    DailyMenu {
                        id: 2,
                        day_of_week: 3,
                        meals: vec![meal(3, 2, MealStatus::Pending, 2.0)],
                        notes: Vec::new(),
                        rebalance_notes: Vec::new(),
                    },
                    DailyMenu {
                        id: 3,
                        day_of_week: 5,
                        meals: vec![meal(4, 3, MealStatus::Pending, 1.0)],
                        notes: Vec::new(),
                        rebalance_notes: Vec::new(),
                    },
                ],
            }))
        });
        let mut catalog = MockRecipeCatalog::new();
        catalog.expect_all().returning(|| {
            Ok(Arc::from(vec![
                recipe(1, &[("egg", 100.0), ("kiwi", 30.0)]),
                recipe(2, &[("egg", 50.0)]),
                recipe(3, &[("egg white", 99.0)]),
            ]))
        });
        let s = crate::plans::Plans::new(
            Arc::new(plans),
            Arc::new(catalog),
            Arc::new(MockPersonRepository::new()),
            Arc::new(MockClock::new()),
            Arc::new(mealplan_domain::Taxonomy::default()),
        )
        .with_kitchen(Arc::new(kitchen()))
        .shopping();
        let list = s.shopping_list(UserId(1)).await.unwrap();
        assert_eq!(list.plan_id, 7);
        let egg = &list.items[0];
        // 100 g × 1.5 on Monday, 50 g × 2 on Wednesday; Monday's second
        // meal is done. Friday's three egg whites (99 g) come from three
        // more eggs, on the same line.
        assert_eq!(egg.name, "egg");
        assert!((egg.grams - 400.0).abs() < 1e-9, "{}", egg.grams);
        assert_eq!(egg.purchase.display, "8 eggs");
        assert_eq!(egg.days, [1, 3, 5]);
        assert!(list.items.iter().all(|i| i.name != "egg white"));
        let kiwi = &list.items[1];
        assert_eq!((kiwi.grams, kiwi.purchase.display.as_str()), (45.0, "45 g"));
        assert_eq!(kiwi.purchase.aisle, Aisle::Other);
        let aisles: Vec<Aisle> = list.by_aisle().into_iter().map(|(a, _)| a).collect();
        assert_eq!(aisles, [Aisle::Dairy, Aisle::Other]);
        // No pantry wired: nothing from it, nothing left in it.
        assert!(list.items.iter().all(|i| i.from_pantry == 0.0));
        assert!(list.pantry_left.is_empty());
    }

    #[tokio::test]
    async fn the_pantry_is_taken_first_and_what_it_keeps_is_listed() {
        let mut plans = MockPlanRepository::new();
        plans.expect_active().returning(|_| {
            Ok(Some(Plan {
                id: 7,
                user_id: UserId(1),
                created_at: Utc.with_ymd_and_hms(2026, 1, 1, 0, 0, 0).unwrap(),
                updated_at: Utc.with_ymd_and_hms(2026, 1, 1, 0, 0, 0).unwrap(),
                active: true,
                household: false,
                settings: None,
                days: vec![DailyMenu {
                    id: 1,
                    day_of_week: 1,
                    meals: vec![meal(1, 1, MealStatus::Pending, 1.5)],
                    notes: Vec::new(),
                    rebalance_notes: Vec::new(),
                }],
            }))
        });
        let mut catalog = MockRecipeCatalog::new();
        catalog.expect_all().returning(|| {
            Ok(Arc::from(vec![recipe(
                1,
                &[("egg", 100.0), ("kiwi", 30.0)],
            )]))
        });
        let day = |d| chrono::NaiveDate::from_ymd_opt(2026, 1, d).unwrap();
        let mut pantry = MockPantryStore::new();
        pantry.expect_ledger().returning(move |_| {
            Ok(mealplan_ports::PantryLedger {
                items: vec![
                    PantryItem::new("egg".into(), 100.0, None).unwrap(),
                    PantryItem::new("kiwi".into(), 100.0, Some(day(3))).unwrap(),
                    PantryItem::new("egg".into(), 20.0, Some(day(2))).unwrap(),
                    PantryItem::new("rice".into(), 500.0, None).unwrap(),
                ],
                ..Default::default()
            })
        });
        let s = crate::plans::Plans::new(
            Arc::new(plans),
            Arc::new(catalog),
            Arc::new(MockPersonRepository::new()),
            Arc::new(MockClock::new()),
            Arc::new(mealplan_domain::Taxonomy::default()),
        )
        .with_kitchen(Arc::new(kitchen()))
        .with_pantry(Arc::new(pantry))
        .shopping();
        let list = s.shopping_list(UserId(1)).await.unwrap();
        // 150 g of eggs needed: the 20 g due first, then 100 g; 30 g (one
        // egg) bought. 45 g of kiwi, all from the pantry.
        let egg = &list.items[0];
        assert_eq!((egg.grams, egg.from_pantry), (150.0, 120.0));
        assert_eq!(egg.purchase.display, "1 egg");
        let kiwi = &list.items[1];
        assert_eq!((kiwi.from_pantry, kiwi.purchase.amount), (45.0, 0.0));
        assert_eq!(kiwi.purchase.display, "in the pantry");
        let left: Vec<(&str, f64)> = list
            .pantry_left
            .iter()
            .map(|i| (i.name.as_str(), i.grams))
            .collect();
        assert_eq!(left, [("kiwi", 55.0), ("rice", 500.0)]);
        assert_eq!(list.pantry_left[0].use_by, Some(day(3)));
    }
}
