//! The benchmark's profiles whose plans miss a day, with each missed
//! day's worst excess and the meals chosen: where the planner or the
//! catalogue falls short.
//!
//! Run: `cargo run --release -p mealplan-bench --example misses -- [MIN_MEALS]`

use mealplan_bench::{profiles, request, shipped};
use mealplan_domain::planner;

fn main() {
    let min_meals: u8 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(2);
    let recipes = shipped();
    for (i, p) in profiles(240, 2026).iter().enumerate() {
        if p.meals.get() < min_meals {
            continue;
        }
        let req = request(&recipes, p, i, 2026);
        let Ok(days) = planner::plan(&req) else {
            println!("{i}: infeasible");
            continue;
        };
        let t = req.targets();
        for (d, day) in days.iter().enumerate() {
            let miss = req.tolerances().miss(&day.totals, t);
            if miss <= 0.0 {
                continue;
            }
            let meals: Vec<String> = day
                .meals
                .iter()
                .map(|m| {
                    let r = req.recipe(m.recipe_id).expect("planned recipe");
                    format!(
                        "{:?} {} x{} ({:.0})",
                        m.meal_type,
                        r.recipe_id,
                        m.servings,
                        r.nutrition().calories * m.servings
                    )
                })
                .collect();
            println!(
                "#{i} {} meals {:?} {:?} target {:.0} kcal P{:.0} C{:.0} F{:.0}; day {} got {:.0} P{:.0} C{:.0} F{:.0} miss {:.1} | {}",
                p.meals.get(),
                p.diets,
                p.restrictions,
                t.calories,
                t.protein,
                t.carbs,
                t.fat,
                d + 1,
                day.totals.calories,
                day.totals.protein,
                day.totals.carbs,
                day.totals.fat,
                100.0 * miss,
                meals.join("; ")
            );
        }
    }
}
