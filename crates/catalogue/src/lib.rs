//! The reference catalogue shipped with mealplan.
//!
//! `data/ingredients.tsv` holds per-100 g nutrients of each ingredient,
//! taken from USDA SR28 (public domain), and tags (tastes; animal origin
//! and allergens as a cross-check of the domain's standard taxonomy,
//! which says what each ingredient is). `data/recipes/*.txt` hold the
//! recipes: ingredients with grams and meal types only. A recipe's
//! calories, macros and tastes are computed from the ingredients by
//! [`rules`]; its diet types and allergens by the domain itself
//! ([`mealplan_domain::Recipe::new`]), so the labels can never drift from
//! the ingredients.
//!
//! `data/kitchen.tsv` adds what a cook and a shopper need of each
//! ingredient (household measures, the unit shops sell, the aisle) and
//! its sodium and saturated fat from SR28; `data/steps/*.txt` hold each
//! recipe's steps and times, with amounts written as references to the
//! recipe's own ingredients.

pub mod ingredients;
pub mod kitchen;
pub mod recipes;
pub mod rules;
pub mod steps;

use std::collections::HashMap;

use mealplan_domain::kitchen::Kitchen;
use mealplan_domain::{Micronutrients, Recipe, RecipeCard};

pub use steps::Method;

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

const STEP_FILES: [(&str, &str); 4] = [
    (
        "steps/breakfast.txt",
        include_str!("../data/steps/breakfast.txt"),
    ),
    ("steps/lunch.txt", include_str!("../data/steps/lunch.txt")),
    ("steps/dinner.txt", include_str!("../data/steps/dinner.txt")),
    ("steps/snack.txt", include_str!("../data/steps/snack.txt")),
];

/// The kitchen facts of every ingredient (`data/kitchen.tsv`).
pub fn kitchen() -> Result<Kitchen, CatalogueError> {
    kitchen::shipped()
}

/// Every recipe's method (`data/steps/*.txt`), by catalogue number.
pub fn methods() -> Result<HashMap<i64, Method>, CatalogueError> {
    let mut all = HashMap::new();
    for (file, text) in STEP_FILES {
        for method in steps::parse(file, text)? {
            let id = method.recipe_id;
            if all.insert(id, method).is_some() {
                return Err(CatalogueError::Syntax {
                    file,
                    line: 0,
                    message: format!("recipe {id} has two step blocks"),
                });
            }
        }
    }
    Ok(all)
}

/// Every recipe of the shipped catalogue, with nutrition and tags derived
/// and its card (steps, times, saturated fat, sodium and the SR28
/// micronutrients of its ingredients) attached.
pub fn load() -> Result<Vec<Recipe>, CatalogueError> {
    let table = IngredientTable::shipped()?;
    let kitchen = kitchen::shipped_with(&table)?;
    let mut methods = methods()?;
    let mut all = Vec::new();
    for (file, text) in RECIPE_FILES {
        all.extend(recipes::parse(file, text, &table)?);
    }
    for recipe in &mut all {
        let (saturated_fat, sodium) = kitchen.minor_nutrients(recipe.ingredients());
        let micronutrients = Micronutrients::of_foods(
            recipe
                .ingredients()
                .iter()
                .map(|i| (table.get(&i.name).map(|t| &t.micronutrients), i.grams)),
        );
        let method = methods.remove(&recipe.recipe_id);
        if let Some(m) = &method
            && m.name != recipe.name
        {
            return Err(CatalogueError::Syntax {
                file: "steps",
                line: 0,
                message: format!(
                    "recipe {} is {:?}, its steps say {:?}",
                    recipe.recipe_id, recipe.name, m.name
                ),
            });
        }
        let (prep_minutes, cook_minutes, steps) = method.map_or((0, 0, Vec::new()), |m| {
            (m.prep_minutes, m.cook_minutes, m.steps)
        });
        recipe.card = RecipeCard {
            prep_minutes,
            cook_minutes,
            steps,
            saturated_fat,
            sodium,
            micronutrients,
        };
    }
    if let Some(id) = methods.keys().min() {
        return Err(CatalogueError::Syntax {
            file: "steps",
            line: 0,
            message: format!("steps for recipe {id}, which is not in the catalogue"),
        });
    }
    Ok(all)
}
