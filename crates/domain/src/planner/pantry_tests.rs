//! The pantry bonus: recipes holding foods at home are preferred, the
//! more urgent on the day planned the more, counted in grams, without
//! costing a day its targets.

use super::pantry::{PANTRY_BONUS, PANTRY_FULL_GRAMS, PANTRY_MOST, Stock};
use super::tests::{catalogue, pantry_diner as diner};
use super::*;

/// `grams` of `name` (as recipes list it), good until day `use_by`.
fn food(name: &str, grams: f64, use_by: Option<u32>) -> PantryFood {
    PantryFood {
        name: name.into(),
        grams,
        use_by,
        drawn_by: vec![(name.into(), 1.0)],
    }
}

/// The pantry bonus of recipe 0 of `recipes` on day `day`.
fn bonus_of(recipes: &[Recipe], pantry: &[PantryFood], day: u32) -> f64 {
    Stock::new(pantry, recipes).map_or(0.0, |s| s.bonus(0, day))
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
fn the_bonus_weighs_grams_by_the_day_planned_up_to_its_most() {
    let recipes = catalogue(4, 1);
    let name = recipes[0].ingredients()[0].name.clone();
    assert!(Stock::new(&[], &recipes).is_none());
    assert!(Stock::new(&[food("nothing", 500.0, Some(1))], &recipes).is_none());
    let due = |day| bonus_of(&recipes, &[food(&name, 500.0, Some(3))], day);
    // Worth most on its last day, less while it could wait, nothing after.
    assert_eq!(due(3), PANTRY_BONUS * 100.0 / PANTRY_FULL_GRAMS);
    assert!(due(3) > due(2) && due(2) > due(1) && due(1) > 0.0);
    assert_eq!(due(4), 0.0);
    let undated = bonus_of(&recipes, &[food(&name, 500.0, None)], 7);
    assert!(undated > 0.0 && undated < due(1), "{undated}");
    // Several items of a food are drawn on, the earliest due first; the
    // bonus stops at its most.
    let many = vec![food(&name, 30.0, Some(1)); 20];
    assert_eq!(
        bonus_of(&recipes, &many, 1),
        PANTRY_BONUS * 100.0 / PANTRY_FULL_GRAMS
    );
    let mut heavy = recipes.clone();
    heavy[0].ingredients[0].grams = 1000.0;
    assert_eq!(
        bonus_of(&heavy, &[food(&name, 5000.0, Some(1))], 1),
        PANTRY_MOST * PANTRY_BONUS
    );
}

#[test]
fn a_meal_takes_its_grams_and_a_food_used_up_earns_nothing_more() {
    let recipes = catalogue(4, 1);
    let name = recipes[0].ingredients()[0].name.clone();
    let mut stock = Stock::new(&[food(&name, 150.0, Some(2))], &recipes).unwrap();
    let whole = stock.bonus(0, 2);
    // 100 g a serving: one serving takes 100 g of the 150 g.
    stock.take(0, 1.0, 1);
    assert_eq!(stock.bonus(0, 2), whole * 0.5);
    stock.take(0, 1.0, 2);
    assert_eq!(stock.bonus(0, 2), 0.0);
    // Nothing is taken from an item past its day.
    let mut late = Stock::new(&[food(&name, 150.0, Some(2))], &recipes).unwrap();
    late.take(0, 1.0, 3);
    assert_eq!(late.bonus(0, 2), whole);
}

#[test]
fn a_week_from_the_pantry_uses_it_and_meets_its_targets_as_often() {
    let recipes = catalogue(30, 11);
    let foods = ["ingredient 3", "ingredient 17", "ingredient 29"];
    let (plain, plain_met) = week(&recipes, diner(), &foods);
    let pantry = diner().using_pantry(foods.iter().map(|f| food(f, 5000.0, Some(7))).collect());
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
fn a_second_week_presses_the_due_food_the_first_left() {
    let recipes = catalogue(4, 1);
    let name = recipes[0].ingredients()[0].name.clone();
    let pantry = [food(&name, 150.0, Some(2)), food(&name, 300.0, Some(9))];
    let stock = Stock::new(&pantry, &recipes).unwrap();
    let mut after = stock.clone();
    after.take(0, 0.5, 1);
    // 50 g of the item due on day 2 used; the one due after day 7 is not
    // counted.
    assert_eq!(stock.due_used(&after, 7), 50.0);
    let pressed = stock.pressed(&after, 7).unwrap();
    assert!(pressed.bonus(0, 1) > stock.bonus(0, 1));
    after.take(0, 1.0, 2);
    assert_eq!(stock.due_used(&after, 7), 150.0);
    assert!(stock.pressed(&after, 7).is_none());
}

#[test]
fn a_recipe_using_up_a_food_earns_more_than_one_garnishing_with_it() {
    let recipes = catalogue(4, 1);
    let name = recipes[0].ingredients()[0].name.clone();
    let with_grams = |grams: f64| {
        let mut r = recipes.clone();
        r[0].ingredients[0].grams = grams;
        bonus_of(&r, &[food(&name, 5000.0, Some(1))], 1)
    };
    assert_eq!(with_grams(PANTRY_FULL_GRAMS), PANTRY_BONUS);
    assert!(with_grams(3.0 * PANTRY_FULL_GRAMS) > PANTRY_BONUS);
    let garnish = with_grams(PANTRY_FULL_GRAMS / 6.0);
    assert!(garnish > 0.0 && garnish < PANTRY_BONUS / 5.0, "{garnish}");
}

#[test]
fn a_week_uses_food_due_soon_on_its_first_days() {
    let recipes = catalogue(30, 11);
    let foods = ["ingredient 3", "ingredient 17", "ingredient 29"];
    // Grams of `foods` eaten on days 1 and 2 of `me`'s week.
    let early = |me: Diner| -> f64 {
        let request = PlanRequest::new(&recipes, vec![me], 7)
            .unwrap()
            .with_seed(5);
        plan(&request)
            .unwrap()
            .iter()
            .filter(|d| d.day_of_week <= 2)
            .flat_map(|d| &d.meals)
            .map(|m| {
                let r = recipes.iter().find(|r| r.id == m.recipe_id).unwrap();
                let grams: f64 = r
                    .ingredients()
                    .iter()
                    .filter(|i| foods.contains(&i.name.as_str()))
                    .map(|i| i.grams)
                    .sum();
                grams * m.servings_to_cook()
            })
            .sum()
    };
    let pantry: Vec<PantryFood> = foods.iter().map(|f| food(f, 250.0, Some(2))).collect();
    let (plain, used) = (early(diner()), early(diner().using_pantry(pantry)));
    assert!(
        used > plain,
        "grams by day 2: {plain} plain, {used} from the pantry"
    );
}

#[test]
fn the_week_is_searched_again_for_the_due_food_it_left_keeping_its_days() {
    use super::one::{OneRequest, OneWeek, day_miss, plan_one_week};
    let recipes = catalogue(30, 11);
    let foods = ["ingredient 3", "ingredient 17", "ingredient 29"];
    let pantry: Vec<PantryFood> = foods.iter().map(|f| food(f, 600.0, Some(5))).collect();
    // A week planned without the pantry, then offered its due food.
    let plain = OneRequest::for_diner(&recipes, &diner(), 7)
        .unwrap()
        .with_seed(5);
    let mut week = plan_one_week(&plain, 0).unwrap();
    let request = plain.clone().using_pantry(pantry.clone());
    let stock = Stock::new(&pantry, &recipes).unwrap();
    let used = |w: &OneWeek| stock.due_used(&stock.after(&recipes, &w.days, &w.eaten), 7);
    let met = |w: &OneWeek| {
        w.days
            .iter()
            .filter(|d| day_miss(&request, d) <= 0.0)
            .count()
    };
    let most_uses = |w: &OneWeek| {
        let mut ids: Vec<i64> = w
            .days
            .iter()
            .flat_map(|d| &d.meals)
            .map(|m| m.recipe_id)
            .collect();
        ids.sort_unstable();
        ids.chunk_by(|a, b| a == b)
            .map(<[i64]>::len)
            .max()
            .unwrap_or(0)
    };
    let before = (used(&week), met(&week), most_uses(&week));
    super::pantry_week::use_up(&request, &mut week, 0);
    assert!(used(&week) > before.0, "{} then {}", before.0, used(&week));
    assert!(met(&week) >= before.1);
    assert!(most_uses(&week) <= before.2.max(2));
    // No slot has one recipe two days running.
    for pair in week.days.windows(2) {
        for (a, b) in pair[0].meals.iter().zip(&pair[1].meals) {
            assert_ne!(a.recipe_id, b.recipe_id);
        }
    }
}
