//! For each one-meal benchmark profile with a day above the fibre
//! ceiling, how many dinners alone (at some usual portion) meet the
//! targets and how many of those also keep every limit: when fewer than
//! the week needs keep both, the catalogue, not the planner, is short.

use mealplan_bench::{Alone, arg, kitchen, plan_alone, profiles, request, shipped};
use mealplan_domain::planner::whole_day;

fn main() {
    let n = arg("--profiles", 240) as usize;
    let seed = arg("--seed", 2026);
    let recipes = shipped();
    let dishes = whole_day::Dishes::new(&recipes, Some(kitchen()));
    for (i, p) in profiles(n, seed).iter().enumerate() {
        if p.meals.get() != 1 {
            continue;
        }
        let request = request(&recipes, p, i, seed).with_dishes(&dishes);
        let Ok(days) = plan_alone(&request) else {
            continue;
        };
        let over = days
            .iter()
            .filter(|d| {
                let meals: Vec<(usize, f64)> = d
                    .meals
                    .iter()
                    .map(|m| {
                        (
                            recipes.iter().position(|r| r.id == m.recipe_id).unwrap(),
                            m.servings,
                        )
                    })
                    .collect();
                let w = whole_day::check(&recipes, &dishes, &meals, &p.limits);
                w.levels[0]
                    .max
                    .is_some_and(|m| w.levels[0].amount > m + 0.5)
            })
            .count();
        if over == 0 {
            continue;
        }
        let (mut on_target, mut both) = (0, 0);
        for (r, recipe) in recipes.iter().enumerate() {
            if !recipe.serves(request.slots()[0]) || !request.rules().allow(recipe) {
                continue;
            }
            let range = request.portions().range(request.slots()[0]);
            let mut target = false;
            let mut all = false;
            let mut s = range.min;
            // Usual portions: larger ones are only for targets.
            while s <= range.usual_max + 1e-9 {
                let totals = recipe.nutrition().served(s);
                if request.tolerances().admits(&totals, request.targets()) {
                    target = true;
                    let w = whole_day::check(&recipes, &dishes, &[(r, s)], &p.limits);
                    all |= w.levels.iter().all(|l| l.met);
                }
                s += 0.25;
            }
            on_target += usize::from(target);
            both += usize::from(all);
        }
        println!(
            "profile {i} ({:?}, {:?}, {:.0} kcal, {:.0} g protein): {over} days above the fibre ceiling; {on_target} dinners meet the targets alone, {both} of them every limit too",
            p.diets, p.restrictions, p.targets.calories, p.targets.protein
        );
        if arg("--weeks", 0) == 1 {
            // `--weeks 1` lists each day's dinner.
            for d in &days {
                let m = &d.meals[0];
                let r = recipes.iter().find(|r| r.id == m.recipe_id).unwrap();
                println!(
                    "  day {}: {} × {} ({:.0} kcal)",
                    d.day_of_week, m.servings, r.name, d.totals.calories
                );
            }
        }
    }
}
