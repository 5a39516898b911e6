//! Each shipped recipe's calories and energy shares, for catalogue work:
//! where the catalogue has recipes and where a profile's targets find none.
//!
//! Run: `cargo run --release -p mealplan-bench --example recipe_map -- [FROM_ID [TO_ID]]`

fn main() {
    println!("id kcal P% F% C% | diets | allergens | name");
    for r in &mealplan_bench::recipes_in_args_range() {
        let n = r.nutrition();
        let share = |g: f64, k: f64| 100.0 * g * k / n.calories.max(1.0);
        println!(
            "{} {:5.0} {:4.1} {:4.1} {:4.1} | {} | {} | {}",
            r.recipe_id,
            n.calories,
            share(n.protein, 4.0),
            share(n.fat, 9.0),
            share(n.carbs, 4.0),
            r.diet_types()
                .iter()
                .map(|d| d.as_str())
                .collect::<Vec<_>>()
                .join(","),
            r.allergens()
                .iter()
                .map(|a| format!("{a:?}"))
                .collect::<Vec<_>>()
                .join(","),
            r.name
        );
    }
}
