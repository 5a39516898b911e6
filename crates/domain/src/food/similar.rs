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

/// `nearest` (nearest first) reordered so that different main
/// ingredients come first: each candidate none of whose main ingredients
/// (`mains`) is the current meal's (`current`) or an earlier candidate's,
/// or which has none, in order; then the others in order; `limit` of them.
/// A tofu and tempeh bowl is no change from a tempeh curry.
pub fn different_mains_first<'a>(
    nearest: Vec<&'a Recipe>,
    mains: impl Fn(&Recipe) -> Vec<u32>,
    current: &[u32],
    limit: usize,
) -> Vec<&'a Recipe> {
    let mut seen: Vec<u32> = current.to_vec();
    let (mut first, mut rest) = (Vec::new(), Vec::new());
    for r in nearest {
        let mine = mains(r);
        if mine.iter().any(|m| seen.contains(m)) {
            rest.push(r);
        } else {
            seen.extend(mine);
            first.push(r);
        }
    }
    first.extend(rest);
    first.truncate(limit);
    first
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
            judged_as: Vec::new(),
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

    #[test]
    fn different_mains_come_first() {
        let all: Vec<Recipe> = (1..=8).map(|id| r(id, 500.0, 20.0, &[], &[])).collect();
        // Mains: 1 tofu (the current meal's), 2 tofu, 3 lentils, 4 lentils,
        // 5 none, 6 chickpeas, 7 tempeh and tofu, 8 tempeh.
        let mains = |r: &Recipe| match r.id {
            1 | 2 => vec![0],
            3 | 4 => vec![1],
            6 => vec![2],
            7 => vec![3, 0],
            8 => vec![3],
            _ => vec![],
        };
        let nearest: Vec<&Recipe> = all[1..].iter().collect();
        let ids = |v: Vec<&Recipe>| v.iter().map(|r| r.id).collect::<Vec<_>>();
        // The tempeh and tofu dish is tofu again: after the other dishes,
        // and its tempeh does not push the tempeh dish back.
        assert_eq!(
            ids(different_mains_first(nearest.clone(), mains, &[0], 10)),
            [3, 5, 6, 8, 2, 4, 7]
        );
        assert_eq!(ids(different_mains_first(nearest, mains, &[0], 2)), [3, 5]);
    }
}
