//! Where the shipped catalogue cannot serve a one- or two-meal day:
//! profiles drawn with a seed of their own (not the benchmark's), each
//! one's best reachable day under its hard rules, grouped by hard diet,
//! protein share of the calorie target and calories.
//!
//! Run: `cargo run --release -p mealplan-bench --example gaps -- [--seed S] [--profiles N]`

use mealplan_bench::{Alone, alone_meets, arg, profiles, request, shipped};

fn main() {
    let seed = arg("--seed", 7);
    let n = arg("--profiles", 600) as usize;
    let recipes = shipped();
    let people = profiles(n, seed);
    println!(
        "meals diet protein% kcal best_miss fitting_recipes protein_g carbs_g fat_g restrictions"
    );
    let mut rows = Vec::new();
    for (i, p) in people.iter().enumerate() {
        let meals = p.meals.get();
        if meals > 2 {
            continue;
        }
        let req = request(&recipes, p, i, seed);
        let bound = req.best_miss();
        // Recipes that alone meet the day at some allowed portion: a
        // one-meal week needs five of them to be on target every day.
        let fitting = if meals == 1 {
            recipes.iter().filter(|r| alone_meets(&req, r)).count()
        } else {
            0
        };
        let t = req.targets();
        let share = 400.0 * t.protein / t.calories;
        let miss = bound.map_or(f64::NAN, |b| b.miss);
        rows.push((
            meals,
            p.hard_diet(),
            share,
            t.calories,
            miss,
            fitting,
            (t.protein, t.carbs, t.fat),
            p.restrictions.clone(),
        ));
    }
    rows.sort_by(|a, b| (a.0, a.1).cmp(&(b.0, b.1)).then(a.2.total_cmp(&b.2)));
    for (meals, diet, share, kcal, miss, fitting, (p, c, f), r) in &rows {
        println!(
            "{meals} {} {share:5.1} {kcal:6.0} {miss:6.3} {fitting:3} {p:4.0} {c:4.0} {f:4.0} {}",
            ["omni", "veg", "vegan"][*diet],
            r.join(",")
        );
    }
    for meals in 1..=2u8 {
        let of: Vec<_> = rows.iter().filter(|r| r.0 == meals).collect();
        let met = of.iter().filter(|r| r.4 <= 0.0).count();
        println!("{meals} meal(s): bound meets {met}/{} days", of.len());
    }
}
