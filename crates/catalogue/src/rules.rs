//! The rules that derive a recipe's facts from its ingredients.
//!
//! - **Nutrition**: the sum over ingredients of grams / 100 × the SR28
//!   per-100 g value.
//! - **vegan**: no ingredient of animal origin (meat, fish, shellfish,
//!   dairy, egg, honey). **vegetarian**: no meat, fish or shellfish.
//! - **high_protein**: protein gives at least 30% of the calories
//!   (4 kcal/g). **low_carb**: carbohydrates give at most 25%.
//!   **high_carb**: carbohydrates give at least 55%.
//! - **low_calorie**: at most 400 kcal a serving.
//! - **high_fiber**: at least 6 g of fibre a serving (about 20% of the
//!   daily value, the FDA's "excellent source").
//! - **Allergens**: every allergen tag of any ingredient (gluten, lactose,
//!   nut, shellfish, soy, egg, fish, sesame); each maps to one predefined
//!   restriction (`nut` → `nut allergy`, …).
//! - **Tastes**: every taste tag of any ingredient, plus `sweet` when a
//!   serving has at least 15 g of sugars.

use mealplan_domain::{Allergen, DietType, Nutrition};

use crate::ingredients::{Ingredient, TASTES, Tag};

/// Share of calories from protein that makes a recipe high-protein.
pub const HIGH_PROTEIN_SHARE: f64 = 0.30;
/// Largest share of calories from carbohydrates for low-carb.
pub const LOW_CARB_SHARE: f64 = 0.25;
/// Smallest share of calories from carbohydrates for high-carb.
pub const HIGH_CARB_SHARE: f64 = 0.55;
/// Most calories of a low-calorie serving.
pub const LOW_CALORIE_KCAL: f64 = 400.0;
/// Least fibre of a high-fibre serving, g.
pub const HIGH_FIBER_G: f64 = 6.0;
/// Sugars that make a serving taste sweet, g.
pub const SWEET_SUGAR_G: f64 = 15.0;

/// Nutrition of `grams` of `ingredient`.
pub fn nutrition_of(ingredient: &Ingredient, grams: f64) -> Nutrition {
    ingredient.per_100g.scaled(grams / 100.0)
}

/// The diet types a recipe of these ingredients and nutrition satisfies,
/// in the public list's order.
pub fn diet_types(ingredients: &[&Ingredient], n: &Nutrition) -> Vec<DietType> {
    let has = |pred: fn(Tag) -> bool| ingredients.iter().any(|i| i.tags.iter().any(|t| pred(*t)));
    let share = |grams: f64| {
        if n.calories > 0.0 {
            4.0 * grams / n.calories
        } else {
            0.0
        }
    };
    DietType::ALL
        .iter()
        .copied()
        .filter(|diet| match diet {
            DietType::Vegan => !has(Tag::is_animal),
            DietType::Vegetarian => !has(Tag::is_flesh),
            DietType::HighProtein => share(n.protein) >= HIGH_PROTEIN_SHARE,
            DietType::LowCarb => n.calories > 0.0 && share(n.carbs) <= LOW_CARB_SHARE,
            DietType::HighCarb => share(n.carbs) >= HIGH_CARB_SHARE,
            DietType::LowCalorie => n.calories <= LOW_CALORIE_KCAL,
            DietType::HighFiber => n.fiber >= HIGH_FIBER_G,
        })
        .collect()
}

/// The allergens of these ingredients, in the restriction list's order.
pub fn allergens(ingredients: &[&Ingredient]) -> Vec<Allergen> {
    Allergen::ALL
        .iter()
        .copied()
        .filter(|a| {
            ingredients
                .iter()
                .any(|i| i.tags.contains(&Tag::Allergen(*a)))
        })
        .collect()
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
            per_100g: Nutrition::default(),
            tags,
        }
    }

    fn n(calories: f64, protein: f64, carbs: f64, fat: f64, fiber: f64) -> Nutrition {
        Nutrition {
            calories,
            protein,
            carbs,
            fat,
            fiber,
            sugar: 0.0,
        }
    }

    #[test]
    fn animal_tags_decide_vegan_and_vegetarian() {
        let tofu = ingredient(vec![Tag::Allergen(Allergen::Soy)]);
        let egg = ingredient(vec![Tag::Egg, Tag::Allergen(Allergen::Egg)]);
        let ham = ingredient(vec![Tag::Meat]);
        let honey = ingredient(vec![Tag::Honey]);
        let nut = n(500.0, 10.0, 60.0, 20.0, 0.0);
        assert!(diet_types(&[&tofu], &nut).contains(&DietType::Vegan));
        let eggy = diet_types(&[&tofu, &egg], &nut);
        assert!(!eggy.contains(&DietType::Vegan) && eggy.contains(&DietType::Vegetarian));
        let sweet = diet_types(&[&honey], &nut);
        assert!(!sweet.contains(&DietType::Vegan) && sweet.contains(&DietType::Vegetarian));
        assert!(!diet_types(&[&ham], &nut).contains(&DietType::Vegetarian));
    }

    #[test]
    fn macro_thresholds() {
        let none: [&Ingredient; 0] = [];
        // 40 g protein of 500 kcal = 32%; carbs 20 g = 16%.
        let d = diet_types(&none, &n(500.0, 40.0, 20.0, 30.0, 7.0));
        assert!(d.contains(&DietType::HighProtein));
        assert!(d.contains(&DietType::LowCarb));
        assert!(d.contains(&DietType::HighFiber));
        assert!(!d.contains(&DietType::LowCalorie));
        // 80 g carbs of 400 kcal = 80%.
        let d = diet_types(&none, &n(400.0, 5.0, 80.0, 5.0, 1.0));
        assert!(d.contains(&DietType::HighCarb) && d.contains(&DietType::LowCalorie));
        assert!(!d.contains(&DietType::HighProtein) && !d.contains(&DietType::HighFiber));
    }

    #[test]
    fn allergens_and_tastes_follow_tags() {
        let bread = ingredient(vec![Tag::Allergen(Allergen::Gluten)]);
        let chili = ingredient(vec![Tag::Taste("spicy")]);
        assert_eq!(allergens(&[&bread, &chili]), [Allergen::Gluten]);
        let mut sweet = n(100.0, 0.0, 25.0, 0.0, 0.0);
        assert_eq!(tastes(&[&chili], &sweet), ["spicy"]);
        sweet.sugar = 20.0;
        assert_eq!(tastes(&[&chili], &sweet), ["spicy", "sweet"]);
    }
}
