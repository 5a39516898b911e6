//! What a service with recipes of its own would do: label them through
//! the domain (diet types and allergens come from the ingredients, over
//! the standard taxonomy), read a user's restrictions into hard rules, and
//! plan a week. A recipe hiding an allergen (peanut butter, no flag) or a
//! "vegan" dish with honey never reaches the plan.
//!
//! Run with `cargo run -p mealplan-domain --example plan_week`.

use mealplan_domain::{
    Allergen, DietType, Diner, HardRules, MealType, MealsPerDay, Nutrition, PlanRequest, Recipe,
    RecipeIngredient, RecipeParts, Targets, Taxonomy, plan,
};

/// One of our recipes: id, name, slot, (ingredient, grams), and one
/// serving's kcal, protein, carbs and fat as our own kitchen measured them.
type Row = (
    i64,
    &'static str,
    MealType,
    &'static [(&'static str, f64)],
    [f64; 4],
);

const OUR_RECIPES: &[Row] = &[
    (
        1,
        "Oats with banana",
        MealType::Breakfast,
        &[
            ("rolled oats", 80.0),
            ("soy milk", 250.0),
            ("banana", 100.0),
        ],
        [520.0, 20.0, 85.0, 11.0],
    ),
    (
        2,
        "Peanut butter toast",
        MealType::Breakfast,
        &[("whole wheat bread", 80.0), ("peanut butter", 32.0)],
        [390.0, 16.0, 38.0, 19.0],
    ),
    (
        3,
        "Honey granola bowl",
        MealType::Breakfast,
        &[
            ("oats", 70.0),
            ("honey", 20.0),
            ("almond milk", 250.0),
            ("blueberries", 80.0),
        ],
        [430.0, 11.0, 76.0, 10.0],
    ),
    (
        4,
        "Tofu scramble",
        MealType::Breakfast,
        &[
            ("tofu", 200.0),
            ("spinach", 60.0),
            ("whole wheat bread", 60.0),
        ],
        [480.0, 34.0, 34.0, 22.0],
    ),
    (
        5,
        "Avocado toast",
        MealType::Breakfast,
        &[
            ("whole wheat bread", 80.0),
            ("avocado", 100.0),
            ("tomato", 80.0),
        ],
        [430.0, 13.0, 46.0, 22.0],
    ),
    (
        11,
        "Lentil soup",
        MealType::Lunch,
        &[
            ("lentils", 250.0),
            ("carrot", 80.0),
            ("onion", 60.0),
            ("olive oil", 10.0),
        ],
        [560.0, 30.0, 80.0, 13.0],
    ),
    (
        12,
        "Chickpea quinoa bowl",
        MealType::Lunch,
        &[
            ("chickpeas", 200.0),
            ("quinoa", 150.0),
            ("red bell pepper", 80.0),
            ("olive oil", 10.0),
        ],
        [690.0, 29.0, 100.0, 20.0],
    ),
    (
        13,
        "Black bean wrap",
        MealType::Lunch,
        &[
            ("black beans", 200.0),
            ("whole wheat bread", 70.0),
            ("avocado", 60.0),
        ],
        [620.0, 26.0, 85.0, 19.0],
    ),
    (
        14,
        "Hummus plate",
        MealType::Lunch,
        &[
            ("hummus", 120.0),
            ("whole wheat bread", 80.0),
            ("carrot", 100.0),
        ],
        [600.0, 21.0, 73.0, 26.0],
    ),
    (
        15,
        "Chicken salad",
        MealType::Lunch,
        &[
            ("chicken breast", 150.0),
            ("spinach", 80.0),
            ("olive oil", 10.0),
        ],
        [380.0, 48.0, 3.0, 19.0],
    ),
    (
        21,
        "Tofu stir-fry with rice",
        MealType::Dinner,
        &[("tofu", 200.0), ("broccoli", 150.0), ("brown rice", 180.0)],
        [620.0, 33.0, 72.0, 22.0],
    ),
    (
        22,
        "Bean chili",
        MealType::Dinner,
        &[
            ("kidney beans", 250.0),
            ("tomato", 200.0),
            ("onion", 80.0),
            ("olive oil", 10.0),
        ],
        [560.0, 27.0, 82.0, 12.0],
    ),
    (
        23,
        "Sweet potato curry",
        MealType::Dinner,
        &[
            ("sweet potato", 250.0),
            ("chickpeas", 150.0),
            ("spinach", 80.0),
        ],
        [600.0, 22.0, 105.0, 8.0],
    ),
    (
        24,
        "Pasta with tomato and lentils",
        MealType::Dinner,
        &[
            ("pasta", 200.0),
            ("lentils", 120.0),
            ("tomato", 150.0),
            ("olive oil", 10.0),
        ],
        [690.0, 30.0, 118.0, 12.0],
    ),
    (
        25,
        "Salmon with rice",
        MealType::Dinner,
        &[
            ("salmon", 150.0),
            ("brown rice", 180.0),
            ("broccoli", 100.0),
        ],
        [640.0, 40.0, 50.0, 27.0],
    ),
];

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let taxonomy = Taxonomy::standard();
    let mut recipes = Vec::new();
    for (id, name, meal, ingredients, [calories, protein, carbs, fat]) in OUR_RECIPES {
        recipes.push(Recipe::new(
            taxonomy,
            RecipeParts {
                id: *id,
                recipe_id: *id,
                name: (*name).into(),
                nutrition: Nutrition {
                    calories: *calories,
                    protein: *protein,
                    carbs: *carbs,
                    fat: *fat,
                    ..Nutrition::default()
                },
                ingredients: ingredients
                    .iter()
                    .map(|(name, grams)| RecipeIngredient {
                        name: (*name).into(),
                        grams: *grams,
                    })
                    .collect(),
                meal_types: vec![*meal],
                ..RecipeParts::default()
            },
        )?);
    }
    // We never said the toast has peanuts or the granola is not vegan:
    let toast = &recipes[1];
    let granola = &recipes[2];
    assert!(toast.allergens().contains(&Allergen::Peanut));
    assert!(!granola.is(DietType::Vegan));

    // A vegan with a peanut allergy, 3 meals a day, a week.
    let rules = HardRules::new(taxonomy, ["peanut allergy"], &[DietType::Vegan]);
    let targets = Targets {
        calories: 1900.0,
        protein: 85.0,
        carbs: 270.0,
        fat: 50.0,
    };
    let me = Diner::checked(targets, MealsPerDay::parse(3)?, rules)?;
    let request = PlanRequest::new(&recipes, vec![me], 7)?.with_seed(42);
    let week = plan(&request)?;

    for day in &week {
        // The one person's day: each dish at their portion.
        let mine = day.of(0, &request.diners()[0]);
        let names: Vec<String> = mine
            .meals
            .iter()
            .map(|m| {
                let r = request.recipe(m.recipe_id).expect("one of ours");
                format!("{} ×{}", r.name, m.servings)
            })
            .collect();
        println!(
            "day {}: {} = {:.0} kcal",
            day.day_of_week,
            names.join(", "),
            mine.totals.calories
        );
        for m in &day.meals {
            assert!(
                ![2, 3, 15, 25].contains(&m.recipe_id),
                "recipe {} breaks the rules",
                m.recipe_id
            );
        }
    }

    // Nonsense is refused before any planning.
    let someone = Diner::checked(targets, MealsPerDay::parse(3)?, HardRules::default())?;
    assert!(PlanRequest::new(&recipes, vec![someone], 0).is_err());
    assert!(
        Diner::checked(
            Targets::default(),
            MealsPerDay::parse(3)?,
            HardRules::default()
        )
        .is_err()
    );
    Ok(())
}
