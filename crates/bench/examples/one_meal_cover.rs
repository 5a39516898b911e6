//! For each recipe in an id range, how many one-meal profiles (of the
//! benchmark's 240, seeds 2026 and 7) it alone meets at some portion,
//! restrictions aside: for editing dense plates (issue 38) without
//! losing the one-meal days they serve.
//!
//! Run: `cargo run --release -p mealplan-bench --example one_meal_cover -- FROM_ID TO_ID`

use mealplan_bench::{alone_meets, profiles, request, shipped};

fn main() {
    let args: Vec<i64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let (from, to) = (args[0], args[1]);
    let recipes = shipped();
    for r in recipes
        .iter()
        .filter(|r| (from..=to).contains(&r.recipe_id))
    {
        let mut met = Vec::new();
        for seed in [2026u64, 7] {
            for (i, p) in profiles(240, seed).iter().enumerate() {
                if p.meals.get() != 1 {
                    continue;
                }
                let req = request(&recipes, p, i, seed);
                if alone_meets(&req, r) {
                    met.push(format!("{seed}:{i}"));
                }
            }
        }
        println!(
            "{} {:3} | {} | {}",
            r.recipe_id,
            met.len(),
            met.join(" "),
            r.name
        );
    }
}
