//! The crate as another service uses it: only the public API, a profile
//! as plain values, recipes of the service's own, and restrictions their
//! labels never mention.

use chrono::NaiveDate;
use mealplan_domain::{
    Allergen, DietType, Diner, HardRules, ItemInput, MealType, Nutrition, PlanRequest,
    ProfileDraft, ProfileInput, Recipe, RecipeIngredient, RecipeParts, RequestError, Targets,
    Taxonomy, plan,
};

fn today() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 11, 23).unwrap()
}

fn recipe(id: i64, meal: MealType, ingredients: &[&str], calories: f64) -> RecipeParts {
    RecipeParts {
        id,
        recipe_id: id,
        name: format!("dish {id}"),
        nutrition: Nutrition {
            calories,
            protein: calories * 0.2 / 4.0,
            carbs: calories * 0.55 / 4.0,
            fat: calories * 0.25 / 9.0,
            ..Nutrition::default()
        },
        ingredients: ingredients
            .iter()
            .map(|n| RecipeIngredient {
                name: (*n).into(),
                grams: 100.0,
            })
            .collect(),
        meal_types: vec![meal],
        ..RecipeParts::default()
    }
}

/// Ids 2 (peanut butter), 3 (honey) and 12 (salmon) must never reach a
/// vegan with a nut allergy; no label says so.
fn our_recipes() -> Vec<Recipe> {
    use MealType::{Breakfast, Dinner, Lunch};
    let t = Taxonomy::standard();
    [
        recipe(1, Breakfast, &["rolled oats", "banana"], 550.0),
        recipe(2, Breakfast, &["whole wheat bread", "peanut butter"], 560.0),
        recipe(3, Breakfast, &["oats", "honey"], 540.0),
        recipe(4, Breakfast, &["tofu", "spinach"], 520.0),
        recipe(5, Lunch, &["lentils", "carrot"], 700.0),
        recipe(6, Lunch, &["chickpeas", "quinoa"], 720.0),
        recipe(7, Lunch, &["black beans", "avocado"], 680.0),
        recipe(11, Dinner, &["kidney beans", "tomato"], 760.0),
        recipe(12, Dinner, &["salmon", "brown rice"], 780.0),
        recipe(13, Dinner, &["pasta", "tomato"], 740.0),
        recipe(14, Dinner, &["sweet potato", "broccoli"], 700.0),
    ]
    .into_iter()
    .map(|parts| Recipe::new(t, parts).expect("known ingredients"))
    .collect()
}

#[test]
fn a_week_for_a_vegan_with_a_nut_allergy_never_serves_what_the_ingredients_forbid() {
    let input = ProfileInput {
        goal: "maintain_weight".into(),
        height: 170.0,
        weight: 65.0,
        body_type: "normal".into(),
        gender: "female".into(),
        meals_per_day: 3,
        activity_level: "medium".into(),
        birth_date: NaiveDate::from_ymd_opt(1995, 7, 1).unwrap(),
        restrictions: vec![ItemInput {
            id: None,
            name: "Nut allergy".into(),
        }],
        diet_types: vec!["vegan".into()],
        ..ProfileInput::default()
    };
    let profile = ProfileDraft::parse(&input, today()).unwrap();
    let rules = profile.hard_rules(Taxonomy::standard());
    assert_eq!(rules.restrictions()[0].name(), "nut allergy");
    let recipes = our_recipes();
    assert!(recipes[1].allergens().contains(&Allergen::Peanut));
    assert!(!recipes[2].is(DietType::Vegan));
    let targets = profile.resolve(today()).targets;
    let me = Diner::new(targets, profile.meals_per_day(), rules);
    let request = PlanRequest::new(&recipes, vec![me], 7)
        .unwrap()
        .with_seed(3);
    let week = plan(&request).unwrap();
    assert_eq!(week.len(), 7);
    for day in &week {
        assert_eq!(day.meals.len(), 3);
        for m in &day.meals {
            assert!(![2, 3, 12].contains(&m.recipe_id), "{m:?}");
            assert!(request.recipe(m.recipe_id).is_some());
        }
    }
}

#[test]
fn labels_read_back_from_storage_cannot_hide_an_ingredient() {
    let t = Taxonomy::standard();
    // A row that claims vegan and no allergen.
    let stored = Recipe::from_stored(
        t,
        recipe(1, MealType::Breakfast, &["peanut butter", "honey"], 500.0),
        vec![DietType::Vegan, DietType::Vegetarian],
        vec![],
    );
    assert_eq!(stored.allergens(), [Allergen::Peanut]);
    assert_eq!(stored.diet_types(), [DietType::Vegetarian]);
    let recipes = [stored];
    let nut_free = HardRules::new(t, ["peanut allergy"], &[]);
    let vegan = HardRules::new(t, [], &[DietType::Vegan]);
    // Even with an empty taxonomy the checked labels alone keep it out.
    let nut_free_by_labels = HardRules::new(&Taxonomy::default(), ["peanut allergy"], &[]);
    for rules in [nut_free, vegan, nut_free_by_labels] {
        assert!(!rules.allow(&recipes[0]));
    }
}

#[test]
fn a_plan_request_refuses_nonsense() {
    let recipes = our_recipes();
    let three = mealplan_domain::MealsPerDay::parse(3).unwrap();
    let targets = Targets {
        calories: 2000.0,
        protein: 100.0,
        carbs: 250.0,
        fat: 60.0,
    };
    let request = |days, targets: Targets<f64>| {
        Diner::checked(targets, three, HardRules::default())
            .and_then(|me| PlanRequest::new(&recipes, vec![me], days))
    };
    assert_eq!(
        request(0, targets).unwrap_err(),
        RequestError::Days { days: 0 }
    );
    assert_eq!(
        request(8, targets).unwrap_err(),
        RequestError::Days { days: 8 }
    );
    assert!(request(7, targets).is_ok());
    assert!(matches!(
        request(7, Targets::default()),
        Err(RequestError::Targets(_))
    ));
    let negative = Targets {
        fat: -1.0,
        ..targets
    };
    assert!(matches!(
        request(7, negative),
        Err(RequestError::Targets(_))
    ));
    let mut twice = our_recipes();
    twice[1].id = 1;
    assert_eq!(
        PlanRequest::new(
            &twice,
            vec![Diner::checked(targets, three, HardRules::default()).unwrap()],
            7
        )
        .unwrap_err(),
        RequestError::DuplicateId(1)
    );
    // The slots follow the meals a day.
    assert_eq!(
        request(7, targets).unwrap().diners()[0].slots,
        [MealType::Breakfast, MealType::Lunch, MealType::Dinner]
    );
}
