//! The benchmark's profiles whose plans miss a day, with each missed
//! day's worst excess and the meals chosen: where the planner or the
//! catalogue falls short.
//!
//! Run: `cargo run --release -p mealplan-bench --example misses -- [--min-meals M] [--seed S] [--profiles N]`
//! (the benchmark's own profiles by default: seed 2026, 240 profiles).

use mealplan_bench::{Alone, arg, plan_alone, profiles, request, shipped};

fn main() {
    let min_meals = u8::try_from(arg("--min-meals", 2)).unwrap_or(2);
    let seed = arg("--seed", 2026);
    let n = arg("--profiles", 240) as usize;
    let recipes = shipped();
    for (i, p) in profiles(n, seed).iter().enumerate() {
        if p.meals.get() < min_meals {
            continue;
        }
        let req = request(&recipes, p, i, seed);
        let Ok(days) = plan_alone(&req) else {
            println!("{i}: infeasible");
            continue;
        };
        let t = req.targets();
        let misses: Vec<f64> = days
            .iter()
            .map(|d| req.tolerances().miss(&d.totals, t))
            .collect();
        // What the day could reach at best: its rank's in a one-meal
        // week, else the slot pattern's.
        let week = req.week_bound().and_then(|w| w.per_day(&misses));
        let one_day = req.best_miss().map(|b| b.miss);
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
                "#{i} {} meals {:?} {:?} target {:.0} kcal P{:.0} C{:.0} F{:.0}; day {} got {:.0} P{:.0} C{:.0} F{:.0} miss {:.1} bound {} | {}",
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
                week.as_ref()
                    .map(|w| w[d].bound.miss)
                    .or(one_day)
                    .map_or("-".into(), |b| format!("{:.1}", 100.0 * b)),
                meals.join("; ")
            );
        }
    }
}
