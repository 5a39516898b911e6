//! Prints recipe cards as a cook reads them: ingredient lines with
//! household measures, times and numbered steps.
//!
//! `cargo run -p mealplan-catalogue --example cards -- 1001 1005-1010`

use mealplan_domain::Recipe;
use mealplan_domain::kitchen::Kitchen;

fn print(recipe: &Recipe, kitchen: &Kitchen) {
    let card = &recipe.card;
    println!("{} {}", recipe.recipe_id, recipe.name);
    println!(
        "  prep {} min, cook {} min; {:.0} kcal, saturated fat {:.1} g, sodium {:.0} mg",
        card.prep_minutes,
        card.cook_minutes,
        recipe.nutrition().calories,
        card.saturated_fat,
        card.sodium
    );
    for i in recipe.ingredients() {
        println!("  - {}: {}", i.name, kitchen.line(i).display);
    }
    for (n, step) in card.steps.iter().enumerate() {
        println!(
            "  {}. {}",
            n + 1,
            kitchen.step(step, recipe.ingredients(), 1.0)
        );
    }
    println!();
}

fn main() {
    let kitchen = mealplan_catalogue::kitchen().expect("kitchen table");
    let all = mealplan_catalogue::load().expect("catalogue");
    let wanted: Vec<(i64, i64)> = std::env::args()
        .skip(1)
        .filter_map(|a| match a.split_once('-') {
            Some((from, to)) => Some((from.parse().ok()?, to.parse().ok()?)),
            None => a.parse().ok().map(|id| (id, id)),
        })
        .collect();
    for r in &all {
        if wanted.is_empty()
            || wanted
                .iter()
                .any(|(from, to)| (*from..=*to).contains(&r.recipe_id))
        {
            print(r, &kitchen);
        }
    }
}
