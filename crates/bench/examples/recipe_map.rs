//! Each shipped recipe's calories and energy shares, for catalogue work:
//! where the catalogue has recipes and where a profile's targets find none.
//!
//! Run: `cargo run --release -p mealplan-bench --example recipe_map -- [FROM_ID [TO_ID]]`

fn main() {
    let args: Vec<i64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let from = args.first().copied().unwrap_or(0);
    let to = args.get(1).copied().unwrap_or(i64::MAX);
    let recipes = mealplan_catalogue::load().expect("catalogue");
    println!("id kcal P% F% C% | diets | allergens | name");
    for r in recipes
        .iter()
        .filter(|r| (from..=to).contains(&r.recipe_id))
    {
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
