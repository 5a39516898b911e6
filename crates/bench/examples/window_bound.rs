//! What the rules leave the days outside the fibre window: for each one-
//! or two-meal day of the benchmark's plans outside it, every day its
//! person could eat under the day's rules (their diet and allergies, the
//! slot's recipes, the portion grid up to the largest portion and the
//! meal weight limit, no recipe twice) is enumerated, the week's variety
//! rules aside: whether any is inside the window at all, any inside it
//! and met (targets, sodium and fibre ceiling), and any inside it that
//! misses by no more than the planned day (issue 38). Days of three or
//! more meals are counted, not bounded.
//!
//! Run: `cargo run --release -p mealplan-bench --example window_bound -- [--profiles N] [--seed S]`

use mealplan_bench::{Alone, arg, kitchen, plan_alone, profiles, request, shipped};
use mealplan_domain::planner::{STEPS_PER_SERVING, heaviest_portion, whole_day};

/// One slot's choices: (recipe, servings) with the day's amounts of
/// calories, protein, carbs, fat, fibre and sodium.
type Choices = Vec<(usize, [f64; 6])>;

fn main() {
    let n = arg("--profiles", 240) as usize;
    let seed = arg("--seed", 2026);
    let recipes = shipped();
    let dishes = whole_day::Dishes::new(&recipes, Some(kitchen()));
    // Per meals a day (1, 2, 3+): outside, over, no day inside, none
    // inside and met, none inside as near as planned.
    let mut tally = [[0usize; 5]; 3];
    for (i, p) in profiles(n, seed).iter().enumerate() {
        let request = request(&recipes, p, i, seed).with_dishes(&dishes);
        let Ok(days) = plan_alone(&request) else {
            continue;
        };
        let diner = request.person();
        let at = |id: i64| recipes.iter().position(|r| r.id == id).expect("planned");
        let meals = diner.slots.len();
        let choices: Vec<Choices> = diner
            .slots
            .iter()
            .map(|slot| {
                let range = diner.portions.range(*slot);
                let mut out = Vec::new();
                for (r, recipe) in recipes.iter().enumerate() {
                    if !recipe.serves(*slot) || !diner.rules.allow(recipe) {
                        continue;
                    }
                    let top = range.max.min(heaviest_portion(recipe.grams(), meals));
                    let n = recipe.nutrition();
                    let mut q = (range.min * STEPS_PER_SERVING).round();
                    while q / STEPS_PER_SERVING <= top + 1e-9 {
                        let s = q / STEPS_PER_SERVING;
                        out.push((
                            r,
                            [
                                n.calories * s,
                                n.protein * s,
                                n.carbs * s,
                                n.fat * s,
                                n.fiber * s,
                                recipe.card.sodium * s,
                            ],
                        ));
                        q += 1.0;
                    }
                }
                out
            })
            .collect();
        let targets = diner.targets.get();
        // A day's (inside the window, ranked miss).
        let judge = |v: &[f64; 6]| {
            let limits = diner.limits.limits(v[0]);
            let inside = v[4] >= limits.fibre_min && v[4] <= limits.fibre_max;
            let totals = mealplan_domain::Nutrition {
                calories: v[0],
                protein: v[1],
                carbs: v[2],
                fat: v[3],
                ..Default::default()
            };
            let miss = diner
                .tolerances
                .miss(&totals, &targets)
                .max(limits.excess(v[4], v[5]));
            (inside, miss)
        };
        for day in &days {
            let planned: Vec<(usize, f64)> = day
                .meals
                .iter()
                .map(|m| (at(m.recipe_id), m.servings))
                .collect();
            let whole = whole_day::check(&recipes, &dishes, &planned, &diner.limits);
            let f = &whole.levels[0];
            let under = f.min.is_some_and(|m| f.amount < m - 0.5);
            let over = f.max.is_some_and(|m| f.amount > m + 0.5);
            if !under && !over {
                continue;
            }
            let row = &mut tally[meals.min(3) - 1];
            row[0] += 1;
            row[1] += usize::from(over);
            if meals > 2 {
                continue;
            }
            let was = request.day_miss(day);
            // Best ranked miss inside the window, if any day is.
            let mut best = f64::INFINITY;
            if let [one] = choices.as_slice() {
                for (_, v) in one {
                    let (inside, miss) = judge(v);
                    if inside {
                        best = best.min(miss);
                    }
                }
            } else if let [a, b] = choices.as_slice() {
                for (ra, va) in a {
                    for (rb, vb) in b {
                        if ra == rb {
                            continue;
                        }
                        let v: [f64; 6] = std::array::from_fn(|k| va[k] + vb[k]);
                        let (inside, miss) = judge(&v);
                        if inside {
                            best = best.min(miss);
                        }
                    }
                }
            }
            row[2] += usize::from(best.is_infinite());
            row[3] += usize::from(best > 0.0);
            row[4] += usize::from(best > was + 1e-9);
        }
    }
    println!(
        "meals a day | outside the window (over the ceiling) | no day inside it | none inside it and met | none inside it as near as planned"
    );
    for (k, row) in tally.iter().enumerate() {
        if k == 2 {
            println!("3+ | {} ({}) | — | — | —", row[0], row[1]);
        } else {
            println!(
                "{} | {} ({}) | {} | {} | {}",
                k + 1,
                row[0],
                row[1],
                row[2],
                row[3],
                row[4]
            );
        }
    }
}
