//! The reference catalogue shipped with mealplan.
//!
//! `data/ingredients.tsv` holds per-100 g nutrients of each ingredient,
//! taken from USDA SR28 (public domain), and tags (tastes; animal origin
//! and allergens as a cross-check). `data/taxonomy.tsv` says what each
//! ingredient is (ham → pork → red meat → meat), what else it is called,
//! and which allergens it contains or may contain. `data/recipes/*.txt`
//! hold the recipes: ingredients with grams and meal types only.
//! Everything else, a recipe's calories and macros, diet types, allergens
//! and tastes, is computed from the ingredients: nutrition and tastes by
//! [`rules`], diet types and allergens by the domain's rules
//! ([`mealplan_domain::labels`]) over the taxonomy, so the labels can
//! never drift from the ingredients.

pub mod ingredients;
pub mod recipes;
pub mod rules;
pub mod taxonomy;

use mealplan_domain::{Recipe, Taxonomy, TaxonomyError};

pub use ingredients::{Ingredient, IngredientTable, Tag};

/// The shipped ingredient taxonomy (`data/taxonomy.tsv`): what the
/// restriction and label rules of the domain read.
pub fn taxonomy() -> Result<Taxonomy, CatalogueError> {
    taxonomy::shipped()
}

/// Why the shipped data does not load (a bug caught by the tests).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CatalogueError {
    /// A line of a data file is malformed.
    #[error("{file}:{line}: {message}")]
    Syntax {
        /// Data file.
        file: &'static str,
        /// 1-based line.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// The taxonomy's rows do not make a taxonomy.
    #[error("taxonomy.tsv: {0}")]
    Taxonomy(TaxonomyError),
}

const RECIPE_FILES: [(&str, &str); 4] = [
    (
        "recipes/breakfast.txt",
        include_str!("../data/recipes/breakfast.txt"),
    ),
    (
        "recipes/lunch.txt",
        include_str!("../data/recipes/lunch.txt"),
    ),
    (
        "recipes/dinner.txt",
        include_str!("../data/recipes/dinner.txt"),
    ),
    (
        "recipes/snack.txt",
        include_str!("../data/recipes/snack.txt"),
    ),
];

/// Every recipe of the shipped catalogue, with nutrition and tags derived.
/// The `id` of each is 0: storage assigns ids when seeding.
pub fn load() -> Result<Vec<Recipe>, CatalogueError> {
    let table = IngredientTable::shipped()?;
    let mut all = Vec::new();
    for (file, text) in RECIPE_FILES {
        all.extend(recipes::parse(file, text, &table)?);
    }
    Ok(all)
}
