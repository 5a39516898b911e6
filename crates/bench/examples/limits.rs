//! Lists the benchmark days that miss a limit beyond the targets (fibre,
//! sodium, saturated fat, sugars) or repeat a protein food or dish family,
//! with the profile and the day's meals: where the planner or the
//! catalogue falls short.
//!
//! Run: `cargo run --release -p mealplan-bench --example limits -- [--profiles N] [--seed S]`

use mealplan_bench::{Alone, arg, kitchen, plan_alone, profiles, request, shipped};
use mealplan_domain::planner::whole_day;

fn main() {
    let n = arg("--profiles", 60) as usize;
    let seed = arg("--seed", 2026);
    let recipes = shipped();
    let dishes = whole_day::Dishes::new(&recipes, Some(kitchen()));
    for (i, p) in profiles(n, seed).iter().enumerate() {
        let request = request(&recipes, p, i, seed);
        let Ok(days) = plan_alone(&request) else {
            continue;
        };
        for day in &days {
            let meals: Vec<(usize, f64)> = day
                .meals
                .iter()
                .map(|m| {
                    let at = recipes.iter().position(|r| r.id == m.recipe_id);
                    (at.expect("planned recipe"), m.servings)
                })
                .collect();
            let whole = whole_day::check(&recipes, &dishes, &meals, &p.limits);
            let miss = request.tolerances().miss(&day.totals, request.targets());
            if whole.all_met() && miss <= 0.0 {
                continue;
            }
            if miss > 0.0 {
                println!(
                    "profile {i} day {}: targets missed by {:.1} points",
                    day.day_of_week,
                    miss * 100.0
                );
            }
            println!(
                "profile {i} ({} meals, {:?}, {:?}, {:.0} kcal / {:.0} g protein) day {}:",
                p.meals.get(),
                p.diets,
                p.restrictions,
                p.targets.calories,
                p.targets.protein,
                day.day_of_week
            );
            for l in whole.levels.iter().filter(|l| !l.met) {
                println!(
                    "  {}: {}",
                    l.minor.as_str(),
                    l.why.clone().unwrap_or_default()
                );
            }
            for (f, n) in &whole.repeated_foods {
                println!("  {f} in {n} meals");
            }
            for (f, n) in &whole.repeated_families {
                println!("  {n} × {f}");
            }
            for (r, s) in &meals {
                println!("    {s} × {}", recipes[*r].name);
            }
        }
    }
}
