//! Checks the shipped catalogue against the contract (§5) and issue rules.

use std::collections::HashSet;

use mealplan_domain::{Allergen, DietType, HardRules, MealType, Recipe, Taxonomy};

fn catalogue() -> Vec<Recipe> {
    mealplan_catalogue::load().expect("the shipped catalogue parses")
}

fn taxonomy() -> &'static Taxonomy {
    Taxonomy::standard()
}

#[test]
fn the_ingredient_table_loads() {
    let table = mealplan_catalogue::IngredientTable::shipped().unwrap();
    assert!(table.len() >= 150, "{}", table.len());
    let oats = table.get("rolled oats").unwrap();
    assert_eq!(oats.ndb_no, "20038");
    assert_eq!(oats.per_100g.calories, 389.0);
}

#[test]
fn sizes() {
    let all = catalogue();
    assert!(all.len() >= 300, "{} recipes", all.len());
    for meal in MealType::ALL {
        let n = all.iter().filter(|r| r.serves(*meal)).count();
        assert!(n >= 50, "{meal:?}: {n}");
    }
    let vegan = all.iter().filter(|r| r.is(DietType::Vegan)).count();
    assert!(vegan >= 40, "{vegan} vegan recipes");
}

/// Issue 38: a serving is what one person eats at a sitting. Bigger
/// eaters get larger portions of it, which the planner weighs.
#[test]
fn a_serving_is_what_one_person_eats() {
    let over: Vec<String> = catalogue()
        .iter()
        .filter(|r| r.grams() > 700.0 || r.nutrition().calories > 1200.0)
        .map(|r| {
            format!(
                "{} {} ({:.0} g, {:.0} kcal)",
                r.id,
                r.name,
                r.grams(),
                r.nutrition().calories
            )
        })
        .collect();
    assert!(
        over.is_empty(),
        "{} servings too big: {over:#?}",
        over.len()
    );
}

#[test]
fn calories_agree_with_macros_within_ten_percent() {
    for r in catalogue() {
        let n = r.nutrition();
        let atwater = 4.0 * n.protein + 4.0 * n.carbs + 9.0 * n.fat;
        assert!(n.calories > 0.0, "{}", r.name);
        assert!(
            (n.calories - atwater).abs() <= 0.10 * n.calories,
            "{}: {:.0} kcal vs 4p+4c+9f = {atwater:.0}",
            r.name,
            n.calories
        );
    }
}

#[test]
fn no_vegan_recipe_has_an_animal_ingredient() {
    let table = mealplan_catalogue::IngredientTable::shipped().unwrap();
    for r in catalogue().iter().filter(|r| r.is(DietType::Vegan)) {
        assert!(r.is(DietType::Vegetarian), "{}", r.name);
        for i in r.ingredients() {
            let row = table.get(&i.name).unwrap();
            assert!(
                !row.tags.iter().any(|t| t.is_animal()),
                "{}: {}",
                r.name,
                i.name
            );
        }
    }
}

#[test]
fn every_meal_type_restriction_and_diet_has_five_recipes() {
    let all = catalogue();
    let taxonomy = taxonomy();
    let names = mealplan_domain::restriction::PREDEFINED
        .iter()
        .map(|(name, _)| *name)
        .chain(Allergen::ALL.iter().map(|a| a.restriction_name()));
    for name in names {
        for meal in MealType::ALL {
            for diet in [None, Some(DietType::Vegetarian), Some(DietType::Vegan)] {
                let diets: Vec<DietType> = diet.into_iter().collect();
                let rules = HardRules::new(taxonomy, [name], &diets);
                let n = all
                    .iter()
                    .filter(|r| r.serves(*meal) && rules.allow(r))
                    .count();
                assert!(n >= 5, "{meal:?} × {name} × {diet:?}: {n}");
            }
        }
    }
}

#[test]
fn names_and_ids_are_unique() {
    let all = catalogue();
    let names: HashSet<String> = all.iter().map(|r| r.name.to_lowercase()).collect();
    assert_eq!(names.len(), all.len(), "duplicate names");
    let ids: HashSet<i64> = all.iter().map(|r| r.recipe_id).collect();
    assert_eq!(ids.len(), all.len(), "duplicate recipe ids");
}

#[test]
fn allergens_follow_ingredients() {
    let all = catalogue();
    let uses = |r: &Recipe, name: &str| r.ingredients().iter().any(|i| i.name == name);
    for r in &all {
        if uses(r, "peanut butter") {
            assert!(r.allergens().contains(&Allergen::Peanut), "{}", r.name);
        }
        if uses(r, "almonds") || uses(r, "pesto") {
            assert!(r.allergens().contains(&Allergen::TreeNut), "{}", r.name);
        }
        if uses(r, "tofu") {
            assert!(r.allergens().contains(&Allergen::Soy), "{}", r.name);
        }
    }
}
