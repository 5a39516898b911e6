//! Recipes for the use-case tests, built as any recipe is: through
//! `Recipe::new` over the standard taxonomy, so their labels are earned.

use mealplan_domain::{MealType, Nutrition, Recipe, RecipeIngredient, RecipeParts, Taxonomy};

/// Recipe `id` of `ingredients` (name, grams a serving) for `meal`, with
/// `calories` a serving (macros: a quarter protein, half carbohydrate, a
/// quarter fat, by energy).
pub(crate) fn recipe(
    id: i64,
    ingredients: &[(&str, f64)],
    meal: MealType,
    calories: f64,
) -> Recipe {
    Recipe::new(
        Taxonomy::standard(),
        RecipeParts {
            id,
            recipe_id: id,
            name: format!("r{id}"),
            nutrition: Nutrition {
                calories,
                protein: calories * 0.25 / 4.0,
                carbs: calories * 0.5 / 4.0,
                fat: calories * 0.25 / 9.0,
                ..Nutrition::default()
            },
            ingredients: ingredients
                .iter()
                .map(|(name, grams)| RecipeIngredient {
                    name: (*name).into(),
                    grams: *grams,
                })
                .collect(),
            meal_types: vec![meal],
            ..RecipeParts::default()
        },
    )
    .expect("test recipes use known ingredients")
}
