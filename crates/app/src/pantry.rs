//! What people have at home: read and replace one's pantry, its foods
//! named as the catalogue's ingredients (and so the shopping list) name
//! them, matched whatever their case or number (`Eggs`, `aubergines`).

use std::collections::HashMap;
use std::sync::Arc;

use chrono::NaiveDate;
use mealplan_domain::taxonomy::key;
use mealplan_domain::{PantryError as ItemError, PantryItem, Recipe, Taxonomy, UserId};
use mealplan_ports::{OwnRecipeStore, PantryStore, RecipeCatalog, StoreError};

/// Most names an unknown name's answer suggests.
pub const MAX_CANDIDATES: usize = 5;

/// One item of a pantry as a person sends it: any spelling of a food's
/// name.
#[derive(Debug, Clone, PartialEq)]
pub struct PantryEntry {
    /// The food, in their words.
    pub name: String,
    /// Grams.
    pub grams: f64,
    /// The day it must be used by.
    pub use_by: Option<NaiveDate>,
}

/// Why a pantry was refused.
#[derive(Debug, thiserror::Error)]
pub enum PantryError {
    /// Item `index` names no food of the catalogue; `candidates` are the
    /// closest names (up to [`MAX_CANDIDATES`]).
    #[error("unknown food {name:?}")]
    UnknownFood {
        /// Its place in the list.
        index: usize,
        /// The name sent.
        name: String,
        /// Names of the catalogue it may mean, closest first.
        candidates: Vec<String>,
    },
    /// Item `index` breaks a rule of its own (its grams).
    #[error("item {index}: {error}")]
    Item {
        /// Its place in the list.
        index: usize,
        /// The rule.
        error: ItemError,
    },
    /// The list breaks a rule of lists (too many items).
    #[error(transparent)]
    List(ItemError),
    /// Storage failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// The pantry use cases.
#[derive(Clone)]
pub struct Pantry {
    store: Arc<dyn PantryStore>,
    catalog: Arc<dyn RecipeCatalog>,
    taxonomy: Arc<Taxonomy>,
    own: Option<Arc<dyn OwnRecipeStore>>,
}

impl Pantry {
    /// Wires the use cases: names are matched to the ingredients of
    /// `catalog`'s recipes, through `taxonomy`'s other names for them.
    pub fn new(
        store: Arc<dyn PantryStore>,
        catalog: Arc<dyn RecipeCatalog>,
        taxonomy: Arc<Taxonomy>,
    ) -> Self {
        Self {
            store,
            catalog,
            taxonomy,
            own: None,
        }
    }

    /// The same use cases, a person's own recipes' foods (those not in
    /// the catalogue: `vinegar; sherry`) being pantry names too, for them.
    pub fn with_own_recipes(mut self, store: Arc<dyn OwnRecipeStore>) -> Self {
        self.own = Some(store);
        self
    }

    /// Replaces `user`'s pantry with `entries`, each named as the
    /// catalogue names the food; nothing is stored when any entry is
    /// refused (the first unknown name, with its candidates). The pantry
    /// as stored.
    pub async fn replace(
        &self,
        user: UserId,
        entries: Vec<PantryEntry>,
    ) -> Result<Vec<PantryItem>, PantryError> {
        let own = match &self.own {
            Some(store) => store.of_owner(user).await?,
            None => Vec::new(),
        };
        let own: Vec<Recipe> = own.into_iter().map(|o| o.recipe).collect();
        let names = Names::of(&self.catalog.all().await?, &own, &self.taxonomy);
        let mut items = Vec::with_capacity(entries.len());
        for (index, e) in entries.into_iter().enumerate() {
            let name = names
                .find(&e.name)
                .ok_or_else(|| PantryError::UnknownFood {
                    index,
                    candidates: names.candidates(&e.name),
                    name: e.name.clone(),
                })?;
            items.push(
                PantryItem::new(name, e.grams, e.use_by)
                    .map_err(|error| PantryError::Item { index, error })?,
            );
        }
        let items = PantryItem::list(items).map_err(PantryError::List)?;
        self.store.replace_pantry(user, items.clone()).await?;
        Ok(items)
    }
}

/// The catalogue's ingredient names, by key.
struct Names<'t> {
    by_key: HashMap<String, String>,
    taxonomy: &'t Taxonomy,
}

impl<'t> Names<'t> {
    /// The names of the catalogue's foods, then of `own` recipes' foods
    /// the catalogue does not have (a catalogue name wins a key).
    fn of(recipes: &[Recipe], own: &[Recipe], taxonomy: &'t Taxonomy) -> Self {
        let mut by_key = HashMap::new();
        let catalogue = recipes
            .iter()
            .filter(|r| !mealplan_domain::is_own_recipe_id(r.id));
        for r in catalogue.chain(own) {
            for i in r.ingredients() {
                by_key.entry(key(&i.name)).or_insert_with(|| i.name.clone());
            }
        }
        Self { by_key, taxonomy }
    }

    /// The catalogue's name for `words`: the same name by [`key`] (case,
    /// accents, plurals), else the ingredient the taxonomy knows it as
    /// (`aubergine` for `eggplant`).
    fn find(&self, words: &str) -> Option<String> {
        self.by_key.get(&key(words)).cloned().or_else(|| {
            let node = self.taxonomy.resolve(words)?;
            self.by_key.get(&key(node)).cloned()
        })
    }

    /// Up to [`MAX_CANDIDATES`] names closest to `words`: those sharing
    /// most of its words first, then by spelling.
    fn candidates(&self, words: &str) -> Vec<String> {
        let wanted = key(words);
        let wanted_words: Vec<&str> = wanted.split(' ').filter(|w| !w.is_empty()).collect();
        let mut scored: Vec<(usize, usize, &String)> = self
            .by_key
            .iter()
            .map(|(k, name)| {
                let shared = k
                    .split(' ')
                    .filter(|w| {
                        wanted_words
                            .iter()
                            .any(|x| x == w || (x.len() > 3 && w.starts_with(x)))
                    })
                    .count();
                (shared, distance(&wanted, k), name)
            })
            .collect();
        scored.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)).then(a.2.cmp(b.2)));
        scored
            .into_iter()
            .take(MAX_CANDIDATES)
            .map(|(_, _, n)| n.clone())
            .collect()
    }
}

/// Edit distance of two texts, by characters.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = if ca == *cb {
                diagonal
            } else {
                1 + diagonal.min(above).min(row[j])
            };
            diagonal = above;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures;
    use mealplan_domain::MealType;
    use mealplan_ports::{MockPantryStore, MockRecipeCatalog};

    const ANN: UserId = UserId(1);

    fn catalog() -> MockRecipeCatalog {
        let mut c = MockRecipeCatalog::new();
        c.expect_all().returning(|| {
            Ok(Arc::from(vec![
                fixtures::recipe(
                    1,
                    &[("egg", 100.0), ("chicken breast", 150.0)],
                    MealType::Dinner,
                    500.0,
                ),
                fixtures::recipe(
                    2,
                    &[
                        ("eggplant", 200.0),
                        ("chickpeas", 100.0),
                        ("chicken thigh", 90.0),
                    ],
                    MealType::Lunch,
                    450.0,
                ),
            ]))
        });
        c
    }

    fn entry(name: &str, grams: f64) -> PantryEntry {
        PantryEntry {
            name: name.into(),
            grams,
            use_by: None,
        }
    }

    fn service(store: MockPantryStore) -> Pantry {
        Pantry::new(
            Arc::new(store),
            Arc::new(catalog()),
            Arc::new(Taxonomy::standard().clone()),
        )
    }

    #[tokio::test]
    async fn names_are_matched_whatever_their_case_number_or_other_name() {
        let mut store = MockPantryStore::new();
        store
            .expect_replace_pantry()
            .withf(|user, items| {
                let names: Vec<&str> = items.iter().map(|i| i.name.as_str()).collect();
                *user == ANN && names == ["egg", "chicken breast", "eggplant"]
            })
            .times(1)
            .returning(|_, _| Ok(()));
        let stored = service(store)
            .replace(
                ANN,
                vec![
                    entry("Eggs", 300.0),
                    entry("chicken Breasts", 500.0),
                    entry("aubergines", 250.0),
                ],
            )
            .await
            .unwrap();
        assert_eq!(stored[0].grams, 300.0);
    }

    #[tokio::test]
    async fn ones_own_recipes_foods_are_pantry_names_for_them_alone() {
        const BOB: UserId = UserId(2);
        let mut own = mealplan_ports::MockOwnRecipeStore::new();
        own.expect_of_owner().returning(|owner| {
            // As an own recipe is made: its labels given, its foods any
            // SR28 food's name.
            let id = mealplan_domain::OWN_RECIPE_BASE + 1;
            let parts = mealplan_domain::RecipeParts {
                id,
                recipe_id: id,
                name: "dressed eggs".into(),
                ingredients: [("vinegar; sherry", 10.0), ("egg", 50.0)]
                    .into_iter()
                    .map(|(name, grams)| mealplan_domain::RecipeIngredient {
                        name: name.into(),
                        grams,
                    })
                    .collect(),
                meal_types: vec![MealType::Dinner],
                ..Default::default()
            };
            let recipe = Recipe::from_stored(Taxonomy::standard(), parts, Vec::new(), Vec::new());
            Ok(if owner == ANN {
                vec![mealplan_domain::OwnRecipe {
                    recipe,
                    owner: ANN,
                    servings: 2,
                    lines: Vec::new(),
                    stated: None,
                    keywords: Vec::new(),
                    deleted: false,
                }]
            } else {
                Vec::new()
            })
        });
        let own: Arc<dyn OwnRecipeStore> = Arc::new(own);
        let mut store = MockPantryStore::new();
        store
            .expect_replace_pantry()
            .withf(|user, items| *user == ANN && items[0].name == "vinegar; sherry")
            .times(1)
            .returning(|_, _| Ok(()));
        let ann = service(store).with_own_recipes(Arc::clone(&own));
        ann.replace(ANN, vec![entry("Vinegar; Sherry", 250.0)])
            .await
            .unwrap();
        // Another account's own foods are not names for Bob.
        let bob = service(MockPantryStore::new()).with_own_recipes(own);
        let refused = bob
            .replace(BOB, vec![entry("vinegar; sherry", 250.0)])
            .await;
        assert!(matches!(refused, Err(PantryError::UnknownFood { .. })));
    }

    #[tokio::test]
    async fn an_unknown_name_is_refused_with_candidates_and_nothing_stored() {
        // No expectation on the store: a write would panic.
        let result = service(MockPantryStore::new())
            .replace(ANN, vec![entry("egg", 50.0), entry("chicken wings", 400.0)])
            .await;
        let Err(PantryError::UnknownFood {
            index,
            name,
            candidates,
        }) = result
        else {
            panic!("{result:?}");
        };
        assert_eq!((index, name.as_str()), (1, "chicken wings"));
        assert!(candidates.len() <= MAX_CANDIDATES);
        // The names sharing its word first, the closest spelling first.
        assert_eq!(&candidates[..2], ["chicken thigh", "chicken breast"]);
    }

    #[tokio::test]
    async fn grams_out_of_range_are_refused_with_their_place() {
        let result = service(MockPantryStore::new())
            .replace(ANN, vec![entry("egg", 50.0), entry("egg", 0.0)])
            .await;
        assert!(matches!(result, Err(PantryError::Item { index: 1, .. })));
    }
}
