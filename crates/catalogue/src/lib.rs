//! The reference catalogue shipped with mealplan.
//!
//! `data/ingredients.tsv` holds per-100 g nutrients of each ingredient,
//! taken from USDA SR28 (public domain), and tags saying what it is
//! (animal origin, allergens, tastes). `data/recipes/*.txt` hold the
//! recipes: ingredients with grams and meal types only. Everything else,
//! a recipe's calories and macros, diet types, allergens and tastes, is
//! computed here from the ingredients by the rules in [`rules`], so the
//! numbers can never drift from the ingredients.

pub mod ingredients;
pub mod recipes;
pub mod rules;

use mealplan_domain::Recipe;

pub use ingredients::{Ingredient, IngredientTable, Tag};

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
