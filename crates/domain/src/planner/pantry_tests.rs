//! The pantry bonus: recipes holding foods at home are preferred, the
//! more urgent the more, without costing a day its targets.

use super::tests::catalogue;
use super::*;
use crate::profile::targets::DayTargets;

fn diner() -> Diner {
    let targets = DayTargets::parse(Targets {
        calories: 2200.0,
        protein: 140.0,
        carbs: 250.0,
        fat: 70.0,
    })
    .unwrap();
    Diner::new(
        targets,
        MealsPerDay::parse(3).unwrap(),
        HardRules::default(),
    )
}

fn food(name: &str, weight: f64) -> PantryFood {
    PantryFood {
        name: name.into(),
        weight,
    }
}

/// Meals of a week that hold a food of `foods`, and days within the
/// tolerances.
fn week(recipes: &[Recipe], diner: Diner, foods: &[&str]) -> (usize, usize) {
    let request = PlanRequest::new(recipes, vec![diner.clone()], 7)
        .unwrap()
        .with_seed(5);
    let days = plan(&request).unwrap();
    let held = days
        .iter()
        .flat_map(|d| &d.meals)
        .filter(|m| {
            let r = recipes.iter().find(|r| r.id == m.recipe_id).unwrap();
            r.ingredients()
                .iter()
                .any(|i| foods.contains(&i.name.as_str()))
        })
        .count();
    let met = days
        .iter()
        .filter(|d| diner.assess(&d.totals[0]).off.is_empty())
        .count();
    (held, met)
}

#[test]
fn the_bonus_counts_each_food_held_weighed_up_to_twice() {
    let recipes = catalogue(4, 1);
    let r = &recipes[0];
    let name = r.ingredients()[0].name.clone();
    assert_eq!(bonus(r, &[], &[], false, &[]), 0.0);
    assert_eq!(bonus(r, &[], &[], false, &[food("nothing", 1.0)]), 0.0);
    let soon = bonus(r, &[], &[], false, &[food(&name, 1.0)]);
    let later = bonus(r, &[], &[], false, &[food(&name, 0.25)]);
    assert!(soon > later && later > 0.0, "{soon} {later}");
    assert_eq!(soon, PANTRY_BONUS);
    let many = vec![food(&name, 1.0); 5];
    assert_eq!(bonus(r, &[], &[], false, &many), 2.0 * PANTRY_BONUS);
}

#[test]
fn a_week_from_the_pantry_uses_it_and_meets_its_targets_as_often() {
    let recipes = catalogue(30, 11);
    let foods = ["ingredient 3", "ingredient 17", "ingredient 29"];
    let (plain, plain_met) = week(&recipes, diner(), &foods);
    let pantry = diner().using_pantry(foods.iter().map(|f| food(f, 1.0)).collect());
    let (used, used_met) = week(&recipes, pantry, &foods);
    assert!(
        used > plain,
        "pantry meals: {plain} plain, {used} from the pantry"
    );
    assert!(
        used_met >= plain_met,
        "days met: {plain_met} plain, {used_met}"
    );
}

#[test]
fn a_recipe_using_up_a_food_earns_more_than_one_garnishing_with_it() {
    let recipes = catalogue(4, 1);
    let name = recipes[0].ingredients()[0].name.clone();
    let with_grams = |grams: f64| {
        let mut r = recipes[0].clone();
        r.ingredients[0].grams = grams;
        bonus(&r, &[], &[], false, &[food(&name, 1.0)])
    };
    assert_eq!(with_grams(PANTRY_FULL_GRAMS), PANTRY_BONUS);
    assert_eq!(with_grams(3.0 * PANTRY_FULL_GRAMS), PANTRY_BONUS);
    let garnish = with_grams(PANTRY_FULL_GRAMS / 6.0);
    assert!(garnish > 0.0 && garnish < PANTRY_BONUS / 5.0, "{garnish}");
}
