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

/// The micronutrients of the ingredient table are SR28's: the same as the
/// compact SR28 table (`crates/ingredients/data/sr28.tsv`, derived from
/// the same `ABBREV.txt` by another script) has for each row's NDB number,
/// an unknown value written 0; and a recipe's are its ingredients' by
/// their grams.
#[test]
fn micronutrients_are_sr28s() {
    use mealplan_domain::Micronutrient;
    let sr28 = include_str!("../../ingredients/data/sr28.tsv");
    let mut lines = sr28.lines().filter(|l| !l.starts_with('#'));
    let header: Vec<&str> = lines.next().unwrap().split('\t').collect();
    let column = |m: Micronutrient| {
        let name = match m {
            Micronutrient::Calcium => "calcium_mg",
            Micronutrient::Iron => "iron_mg",
            Micronutrient::Magnesium => "magnesium_mg",
            Micronutrient::Potassium => "potassium_mg",
            Micronutrient::Zinc => "zinc_mg",
            Micronutrient::VitaminA => "vitamin_a_rae_ug",
            Micronutrient::VitaminC => "vitamin_c_mg",
            Micronutrient::VitaminD => "vitamin_d_ug",
            Micronutrient::VitaminB12 => "vitamin_b12_ug",
            Micronutrient::Folate => "folate_dfe_ug",
        };
        header.iter().position(|h| *h == name).unwrap()
    };
    let foods: std::collections::HashMap<&str, Vec<&str>> = lines
        .map(|l| {
            let cols: Vec<&str> = l.split('\t').collect();
            (cols[0], cols)
        })
        .collect();
    let table = mealplan_catalogue::IngredientTable::shipped().unwrap();
    let mut milk_calcium = 0.0;
    for name in table.names() {
        let row = table.get(name).unwrap();
        let food = &foods[row.ndb_no.as_str()];
        for (m, amount) in row.micronutrients.iter() {
            let sr28: f64 = food[column(m)].parse().unwrap_or(0.0);
            assert!(
                (amount - sr28).abs() < 1e-9,
                "{name} {m:?}: {amount} vs SR28 {sr28}"
            );
        }
        if name == "milk" {
            milk_calcium = row.micronutrients.get(Micronutrient::Calcium);
        }
    }
    assert_eq!(milk_calcium, 113.0);
    for r in catalogue() {
        let expected: f64 = r
            .ingredients()
            .iter()
            .map(|i| {
                let m = table.get(&i.name).unwrap().micronutrients;
                m.get(Micronutrient::Iron) * i.grams / 100.0
            })
            .sum();
        let got = r.card.micronutrients.get(Micronutrient::Iron);
        assert!((got - expected).abs() < 1e-9, "{}", r.name);
    }
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
