//! Recipes like a given one, for swaps and alternatives.

use crate::food::hard_rules::HardRules;
use crate::food::meal::MealType;
use crate::food::nutrition::nutrition_distance;
use crate::food::recipe::Recipe;

/// The candidates most like `original` for a `meal_type` slot, nearest
/// first: recipes of that meal type the rules allow, other than the
/// original and those in `exclude` (ids), ties broken by id.
pub fn similar_recipes<'a>(
    recipes: &'a [Recipe],
    original: &Recipe,
    meal_type: MealType,
    rules: &HardRules,
    exclude: &[i64],
    limit: usize,
) -> Vec<&'a Recipe> {
    let mut candidates: Vec<(f64, &Recipe)> = recipes
        .iter()
        .filter(|r| {
            r.id != original.id && r.serves(meal_type) && rules.allow(r) && !exclude.contains(&r.id)
        })
        .map(|r| (nutrition_distance(&r.nutrition, &original.nutrition), r))
        .collect();
    candidates.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.id.cmp(&b.1.id)));
    candidates.into_iter().take(limit).map(|(_, r)| r).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::food::allergen::Allergen;
    use crate::food::diet_type::DietType;
    use crate::food::nutrition::Nutrition;
    use crate::food::taxonomy::Taxonomy;

    fn r(
        id: i64,
        calories: f64,
        protein: f64,
        diets: &[DietType],
        allergens: &[Allergen],
    ) -> Recipe {
        Recipe {
            id,
            recipe_id: id,
            name: format!("r{id}"),
            nutrition: Nutrition {
                calories,
                protein,
                ..Nutrition::default()
            },
            ingredients: vec![],
            meal_types: vec![MealType::Dinner],
            diet_types: diets.to_vec(),
            allergens: allergens.to_vec(),
            tastes: vec![],
            image_url: None,
            recipe_url: None,
            card: Default::default(),
        }
    }

    #[test]
    fn nearest_allowed_first_excluding_the_plan() {
        let vegan = [DietType::Vegan, DietType::Vegetarian];
        let all = vec![
            r(1, 500.0, 20.0, &vegan, &[]),
            r(2, 510.0, 20.0, &[], &[]),                    // not vegan
            r(3, 520.0, 20.0, &vegan, &[Allergen::Peanut]), // nut
            r(4, 600.0, 20.0, &vegan, &[]),
            r(5, 505.0, 20.0, &vegan, &[]), // in the plan
            r(6, 450.0, 20.0, &vegan, &[]),
        ];
        let rules = HardRules::new(&Taxonomy::default(), ["nut allergy"], &[DietType::Vegan]);
        let got: Vec<i64> = similar_recipes(&all, &all[0], MealType::Dinner, &rules, &[5], 10)
            .iter()
            .map(|r| r.id)
            .collect();
        assert_eq!(got, [6, 4]);
        assert!(similar_recipes(&all, &all[0], MealType::Snack, &rules, &[], 10).is_empty());
    }
}
