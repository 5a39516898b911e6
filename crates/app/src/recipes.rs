//! Searching the recipe catalogue.

use std::sync::Arc;

use mealplan_domain::kitchen::{IngredientLine, Kitchen};
use mealplan_domain::plate::Plate;
use mealplan_domain::{
    DietType, HardRules, MealType, Recipe, RecipeIngredient, Restriction, Taxonomy,
};
use mealplan_ports::{RecipeCatalog, StoreError};

/// A catalogue search.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RecipeQuery {
    /// Text to find in the name or an ingredient, case-insensitively.
    pub text: Option<String>,
    /// Only recipes for this slot.
    pub meal_type: Option<MealType>,
    /// Only recipes of this diet type.
    pub diet_type: Option<DietType>,
    /// Leave out recipes this restriction (predefined or custom) forbids.
    pub restriction: Option<String>,
    /// Page size.
    pub limit: usize,
    /// Recipes to skip.
    pub offset: usize,
}

/// One page of results and the number of all matches.
#[derive(Debug, Clone, PartialEq)]
pub struct RecipePage {
    /// Matches before paging.
    pub total: usize,
    /// This page, by id.
    pub items: Vec<Recipe>,
}

/// A recipe as a cook reads it: ingredient lines with household
/// measures, and steps with the recipe's amounts written in.
#[derive(Debug, Clone, PartialEq)]
pub struct RecipeSheet {
    /// The recipe (one serving).
    pub recipe: Recipe,
    /// The portion the sheet is for, in servings (1: one serving).
    pub servings: f64,
    /// Its ingredients, in recipe order, with measures, for the portion.
    pub lines: Vec<IngredientLine>,
    /// Its steps, in order, amounts rendered for the portion.
    pub steps: Vec<String>,
}

/// The portions a recipe sheet may be scaled to, in servings: a quarter
/// serving up to a pot for ten.
pub const SHEET_SERVINGS: (f64, f64) = mealplan_domain::SERVINGS_RANGE;

/// Catalogue use cases.
#[derive(Clone)]
pub struct Recipes {
    catalog: Arc<dyn RecipeCatalog>,
    taxonomy: Arc<Taxonomy>,
    kitchen: Arc<Kitchen>,
}

impl Recipes {
    /// Wires the service to its port and the ingredient taxonomy the
    /// catalogue's restrictions are read against.
    pub fn new(catalog: Arc<dyn RecipeCatalog>, taxonomy: Arc<Taxonomy>) -> Self {
        Self {
            catalog,
            taxonomy,
            kitchen: Arc::default(),
        }
    }

    /// Renders measures and steps with `kitchen` (without one, amounts
    /// are in grams).
    pub fn with_kitchen(mut self, kitchen: Arc<Kitchen>) -> Self {
        self.kitchen = kitchen;
        self
    }

    /// The hard rules of these restrictions and diet types.
    pub fn rules<'a>(
        &self,
        restrictions: impl IntoIterator<Item = &'a str>,
        diets: &[DietType],
    ) -> HardRules {
        HardRules::new(&self.taxonomy, restrictions, diets)
    }

    /// What a restriction name means here: what it excludes, and which of
    /// its parts match nothing (so are not enforced).
    pub fn restriction(&self, name: &str) -> Restriction {
        Restriction::parse(&self.taxonomy, name)
    }

    /// Recipes matching `query`, paged.
    pub async fn search(&self, query: &RecipeQuery) -> Result<RecipePage, StoreError> {
        self.search_with(query, &[]).await
    }

    /// Recipes of the catalogue and of `own` (a caller's own recipes,
    /// after the catalogue's) matching `query`, paged.
    pub async fn search_with(
        &self,
        query: &RecipeQuery,
        own: &[Recipe],
    ) -> Result<RecipePage, StoreError> {
        let all = self.catalog.all().await?;
        let text = query
            .text
            .as_deref()
            .map(|t| t.trim().to_lowercase())
            .filter(|t| !t.is_empty());
        let rules = self.rules(query.restriction.as_deref(), &[]);
        let matches: Vec<&Recipe> = all
            .iter()
            .chain(own)
            .filter(|r| query.meal_type.is_none_or(|m| r.serves(m)))
            .filter(|r| query.diet_type.is_none_or(|d| r.is(d)))
            .filter(|r| rules.allows_allergens(r))
            .filter(|r| {
                text.as_deref().is_none_or(|t| {
                    r.name.to_lowercase().contains(t)
                        || r.ingredients().iter().any(|i| i.name.contains(t))
                })
            })
            .collect();
        Ok(RecipePage {
            total: matches.len(),
            items: matches
                .into_iter()
                .skip(query.offset)
                .take(query.limit)
                .cloned()
                .collect(),
        })
    }

    /// The recipe with storage id `id`.
    pub async fn get(&self, id: i64) -> Result<Option<Recipe>, StoreError> {
        let all = self.catalog.all().await?;
        Ok(find(&all, id).cloned())
    }

    /// The recipe with storage id `id` and its plate by food group (what
    /// its picture shows).
    pub async fn plate(&self, id: i64) -> Result<Option<(Recipe, Plate)>, StoreError> {
        Ok(self.get(id).await?.map(|r| self.plate_of(r)))
    }

    /// `recipe` (a catalogue recipe or one's own alike) and its plate.
    pub fn plate_of(&self, recipe: Recipe) -> (Recipe, Plate) {
        let plate = Plate::of(&recipe, &self.taxonomy);
        (recipe, plate)
    }

    /// The recipe with storage id `id`, as a cook reads it.
    pub async fn sheet(&self, id: i64) -> Result<Option<RecipeSheet>, StoreError> {
        self.sheet_for(id, 1.0).await
    }

    /// The sheet of recipe `id` for a portion of `servings` (within
    /// [`SHEET_SERVINGS`], which the caller checks): every amount, household
    /// measure and step scaled, as a cook serving that portion reads it.
    pub async fn sheet_for(
        &self,
        id: i64,
        servings: f64,
    ) -> Result<Option<RecipeSheet>, StoreError> {
        Ok(self
            .get(id)
            .await?
            .map(|recipe| self.sheet_of(recipe, servings)))
    }

    /// `recipe` as a cook serving `servings` reads it (a catalogue recipe
    /// or one's own alike).
    pub fn sheet_of(&self, recipe: Recipe, servings: f64) -> RecipeSheet {
        let scaled: Vec<RecipeIngredient> = recipe
            .ingredients()
            .iter()
            .map(|i| RecipeIngredient {
                name: i.name.clone(),
                grams: i.grams * servings,
            })
            .collect();
        RecipeSheet {
            lines: scaled.iter().map(|i| self.kitchen.line(i)).collect(),
            steps: recipe
                .card
                .steps
                .iter()
                .map(|s| self.kitchen.step(s, &scaled, servings))
                .collect(),
            servings,
            recipe,
        }
    }
}

/// The recipe with storage id `id` in an id-ordered slice.
pub(crate) fn find(all: &[Recipe], id: i64) -> Option<&Recipe> {
    all.binary_search_by_key(&id, |r| r.id)
        .ok()
        .map(|i| &all[i])
}

#[cfg(test)]
mod tests {
    use super::*;
    use mealplan_ports::MockRecipeCatalog;

    /// A recipe of one ingredient; its labels follow from it.
    fn recipe(id: i64, name: &str, ingredient: &str, meal: MealType) -> Recipe {
        let mut r = crate::fixtures::recipe(id, &[(ingredient, 10.0)], meal, 300.0);
        r.recipe_id = 1000 + id;
        r.name = name.into();
        r
    }

    fn service() -> Recipes {
        let mut catalog = MockRecipeCatalog::new();
        catalog.expect_all().returning(|| {
            Ok(Arc::from(vec![
                recipe(1, "Peanut noodles", "peanut butter", MealType::Dinner),
                recipe(2, "Berry oats", "rolled oats", MealType::Breakfast),
                recipe(3, "Kiwi bowl", "kiwi", MealType::Breakfast),
                recipe(4, "Egg scramble", "egg", MealType::Breakfast),
            ]))
        });
        Recipes::new(Arc::new(catalog), Arc::new(Taxonomy::default()))
    }

    fn ids(page: &RecipePage) -> Vec<i64> {
        page.items.iter().map(|r| r.id).collect()
    }

    #[tokio::test]
    async fn filters_combine_and_page() {
        let s = service();
        let q = |f: fn(&mut RecipeQuery)| {
            let mut q = RecipeQuery {
                limit: 10,
                ..RecipeQuery::default()
            };
            f(&mut q);
            q
        };
        let page = s
            .search(&q(|q| q.meal_type = Some(MealType::Breakfast)))
            .await
            .unwrap();
        assert_eq!((page.total, ids(&page)), (3, vec![2, 3, 4]));
        let page = s
            .search(&q(|q| q.text = Some("PEANUT".into())))
            .await
            .unwrap();
        assert_eq!(ids(&page), [1]);
        let page = s
            .search(&q(|q| q.text = Some("oats".into())))
            .await
            .unwrap();
        assert_eq!(ids(&page), [2]);
        let page = s
            .search(&q(|q| q.restriction = Some("nut allergy".into())))
            .await
            .unwrap();
        assert_eq!(ids(&page), [2, 3, 4]);
        let page = s
            .search(&q(|q| q.restriction = Some("kiwi allergy".into())))
            .await
            .unwrap();
        assert_eq!(ids(&page), [1, 2, 4]);
        let page = s
            .search(&q(|q| q.diet_type = Some(DietType::Vegan)))
            .await
            .unwrap();
        assert_eq!(ids(&page), [1, 2, 3]);
        let page = s
            .search(&q(|q| {
                q.limit = 2;
                q.offset = 1;
            }))
            .await
            .unwrap();
        assert_eq!((page.total, ids(&page)), (4, vec![2, 3]));
    }

    #[tokio::test]
    async fn restrictions_are_read_against_the_taxonomy() {
        let mut catalog = MockRecipeCatalog::new();
        catalog.expect_all().returning(|| {
            Ok(Arc::from(vec![
                recipe(1, "Ham toastie", "ham", MealType::Lunch),
                recipe(2, "Kiwi bowl", "kiwi", MealType::Breakfast),
            ]))
        });
        let node = |name: &str, kinds: &[&str]| mealplan_domain::TaxonomyEntry {
            name: name.into(),
            kinds: kinds.iter().map(|k| (*k).into()).collect(),
            ..Default::default()
        };
        let taxonomy = Taxonomy::from_entries([
            node("meat", &[]),
            node("pork", &["meat"]),
            node("ham", &["pork"]),
            node("kiwi", &[]),
        ])
        .unwrap();
        let s = Recipes::new(Arc::new(catalog), Arc::new(taxonomy));
        let page = s
            .search(&RecipeQuery {
                restriction: Some("no pork".into()),
                limit: 10,
                ..RecipeQuery::default()
            })
            .await
            .unwrap();
        assert_eq!(ids(&page), [2]);
        assert!(s.restriction("no pork").is_enforced());
        assert!(!s.restriction("keto").is_enforced());
        let rules = s.rules(["no meat"], &[]);
        assert_eq!(rules.restrictions()[0].excludes(), ["meat"]);
    }

    #[tokio::test]
    async fn get_by_id() {
        let s = service();
        assert_eq!(s.get(3).await.unwrap().unwrap().name, "Kiwi bowl");
        assert!(s.get(99).await.unwrap().is_none());
    }

    #[tokio::test]
    async fn a_sheet_renders_amounts_into_lines_and_steps() {
        let mut catalog = MockRecipeCatalog::new();
        catalog.expect_all().returning(|| {
            let mut r = recipe(1, "Kiwi bowl", "kiwi", MealType::Breakfast);
            r.card.steps = vec!["Peel {kiwi}.".into(), "Eat it.".into()];
            Ok(Arc::from(vec![r]))
        });
        // Without kitchen facts, amounts are grams.
        let sheet = Recipes::new(Arc::new(catalog), Arc::new(Taxonomy::default()))
            .sheet(1)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(sheet.steps, ["Peel 10 g kiwi.", "Eat it."]);
        assert_eq!(sheet.lines[0].display, "10 g");
        assert_eq!(sheet.lines[0].measure, None);
    }

    #[tokio::test]
    async fn a_sheet_for_a_portion_scales_the_water_and_counts_eggs_whole() {
        use mealplan_domain::kitchen::{BuyUnit, HouseMeasure, KitchenFacts, Piece};
        let mut catalog = MockRecipeCatalog::new();
        catalog.expect_all().returning(|| {
            let mut r = crate::fixtures::recipe(1, &[("egg", 50.0)], MealType::Breakfast, 300.0);
            r.card.steps = vec!["Poach {egg} in {300 ml water}.".into()];
            Ok(Arc::from(vec![r]))
        });
        let egg = Piece {
            grams: 50.0,
            one: "egg".into(),
            many: "eggs".into(),
        };
        let kitchen = Kitchen::new([(
            "egg".to_owned(),
            KitchenFacts {
                aisle: mealplan_domain::kitchen::Aisle::Dairy,
                measure: HouseMeasure::Whole(egg.clone()),
                buy: BuyUnit::Piece(egg),
                bought: None,
                note: None,
                sodium_mg: 142.0,
                saturated_fat: 3.1,
                protein: 12.6,
            },
        )]);
        let recipes = Recipes::new(Arc::new(catalog), Arc::new(Taxonomy::default()))
            .with_kitchen(Arc::new(kitchen));
        let pot = recipes.sheet_for(1, 4.5).await.unwrap().unwrap();
        assert_eq!(pot.steps, ["Poach 5 eggs (225 g) in 1.4 l water."]);
        assert_eq!(pot.lines[0].display, "225 g (5 eggs, rounded from 4½)");
        assert_eq!(pot.lines[0].rounded_from, Some(4.5));
        let small = recipes.sheet_for(1, 0.75).await.unwrap().unwrap();
        assert_eq!(small.steps, ["Poach 1 egg (38 g) in 225 ml water."]);
        let one = recipes.sheet(1).await.unwrap().unwrap();
        assert_eq!(one.steps, ["Poach 1 egg (50 g) in 300 ml water."]);
        assert_eq!(one.lines[0].rounded_from, None);
    }
}
