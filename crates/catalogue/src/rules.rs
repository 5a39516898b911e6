//! The rules that derive a recipe's nutrition and tastes from its
//! ingredients. Diet types and allergens follow the domain's rules
//! ([`mealplan_domain::labels`]) over the taxonomy; this module re-exports
//! their thresholds.
//!
//! - **Nutrition**: the sum over ingredients of grams / 100 × the SR28
//!   per-100 g value.
//! - **Tastes**: every taste tag of any ingredient, plus `sweet` when a
//!   serving has at least 15 g of sugars.

use mealplan_domain::Nutrition;
pub use mealplan_domain::labels::{
    HIGH_CARB_SHARE, HIGH_FIBER_G, HIGH_PROTEIN_SHARE, LOW_CALORIE_KCAL, LOW_CARB_SHARE,
    high_protein_min_grams,
};

use crate::ingredients::{Ingredient, TASTES, Tag};

/// Sugars that make a serving taste sweet, g.
pub const SWEET_SUGAR_G: f64 = 15.0;

/// Nutrition of `grams` of `ingredient`.
pub fn nutrition_of(ingredient: &Ingredient, grams: f64) -> Nutrition {
    ingredient.per_100g.scaled(grams / 100.0)
}

/// The tastes of these ingredients, in the taste list's order.
pub fn tastes(ingredients: &[&Ingredient], n: &Nutrition) -> Vec<String> {
    TASTES
        .iter()
        .filter(|taste| {
            ingredients
                .iter()
                .any(|i| i.tags.contains(&Tag::Taste(taste)))
                || (**taste == "sweet" && n.sugar >= SWEET_SUGAR_G)
        })
        .map(|t| (*t).to_owned())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ingredient(tags: Vec<Tag>) -> Ingredient {
        Ingredient {
            name: "x".into(),
            ndb_no: "0".into(),
            per_100g: Nutrition {
                calories: 200.0,
                protein: 10.0,
                ..Nutrition::default()
            },
            micronutrients: Default::default(),
            tags,
        }
    }

    #[test]
    fn nutrition_scales_by_grams() {
        let n = nutrition_of(&ingredient(vec![]), 150.0);
        assert_eq!((n.calories, n.protein), (300.0, 15.0));
    }

    #[test]
    fn tastes_follow_tags_and_sugar() {
        let chili = ingredient(vec![Tag::Taste("spicy")]);
        let mut sweet = Nutrition {
            calories: 100.0,
            carbs: 25.0,
            ..Nutrition::default()
        };
        assert_eq!(tastes(&[&chili], &sweet), ["spicy"]);
        sweet.sugar = 20.0;
        assert_eq!(tastes(&[&chili], &sweet), ["spicy", "sweet"]);
    }
}
