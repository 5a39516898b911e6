//! Households of 2-6 people (the benchmark's random bodies, diets and
//! allergies, 3 meals a day unless `--mixed 1`) planned for a week at one
//! table: the share of person-days within 5% kcal and 10% every macro,
//! of multi-person slots served by one dish, of portions outside
//! 0.75-1.5, each person's rules kept, and the time of a week.
//!
//! Run: `cargo run --release -p mealplan-bench --example households -- [--households N] [--seed S] [--mixed 1]`

use std::time::Instant;

use mealplan_bench::{arg, profiles, shipped};
use mealplan_domain::planner::household::{Diner, HouseholdRequest, plan_household};
use mealplan_domain::{DayTargets, DietType, HardRules, MealsPerDay, Taxonomy};

fn main() {
    let n = arg("--households", 60) as usize;
    let seed = arg("--seed", 2026);
    let mixed = arg("--mixed", 0) == 1;
    let recipes = shipped();
    let people = profiles(n * 6, seed);
    let (mut days_in, mut days_all) = (0usize, 0usize);
    let (mut shared, mut slots) = (0usize, 0usize);
    let (mut outside, mut portions) = (0usize, 0usize);
    let mut broken = 0usize;
    let mut four_ms = Vec::new();
    let mut all_ms = Vec::new();
    let mut next = 0;
    let only = arg("--size", 0) as usize;
    for h in 0..n {
        let size = if only > 0 { only } else { 2 + h % 5 };
        let members = &people[next..next + size];
        next += size;
        let diners: Vec<Diner> = members
            .iter()
            .map(|p| {
                let rules = HardRules::new(
                    Taxonomy::standard(),
                    p.restrictions.iter().copied(),
                    &p.diets,
                );
                let meals = if mixed {
                    p.meals
                } else {
                    MealsPerDay::parse(3).expect("3")
                };
                let preferred = p
                    .diets
                    .iter()
                    .copied()
                    .filter(|d| !matches!(d, DietType::Vegan | DietType::Vegetarian))
                    .collect();
                Diner::new(
                    DayTargets::parse(p.targets).expect("bench targets"),
                    meals,
                    rules,
                )
                .preferring(preferred, Vec::new())
            })
            .collect();
        let request = HouseholdRequest::new(&recipes, diners.clone(), 7)
            .expect("valid request")
            .with_seed(seed.wrapping_add(h as u64));
        let started = Instant::now();
        let Ok(week) = plan_household(&request) else {
            println!("household {h}: no plan");
            continue;
        };
        let ms = started.elapsed().as_secs_f64() * 1000.0;
        all_ms.push(ms);
        if size == 4 {
            four_ms.push(ms);
        }
        if arg("--show", 99) == h as u64 {
            for day in week.iter().take(2) {
                for (d, diner) in diners.iter().enumerate() {
                    let t = diner.targets.get();
                    let n = &day.totals[d];
                    println!(
                        "  diner {d}: want {:.0}/{:.0}/{:.0}/{:.0} got {:.0}/{:.0}/{:.0}/{:.0}",
                        t.calories,
                        t.protein,
                        t.carbs,
                        t.fat,
                        n.calories,
                        n.protein,
                        n.carbs,
                        n.fat
                    );
                }
                for m in &day.meals {
                    println!(
                        "  {:?} {} {:?}",
                        m.meal_type,
                        m.recipe_id,
                        m.shares.iter().map(|s| s.servings).collect::<Vec<_>>()
                    );
                }
            }
        }
        for day in &week {
            for (d, diner) in diners.iter().enumerate() {
                if diner.slots.len() >= 3 {
                    days_all += 1;
                    if diner
                        .tolerances
                        .admits(&day.totals[d], &diner.targets.get())
                    {
                        days_in += 1;
                    }
                }
            }
            let mut by_slot = std::collections::BTreeMap::new();
            for m in &day.meals {
                by_slot.entry(m.schedule).or_insert_with(Vec::new).push(m);
                let recipe = recipes.iter().find(|r| r.id == m.recipe_id).expect("known");
                for s in &m.shares {
                    portions += 1;
                    if !(0.75..=1.5).contains(&s.servings) {
                        outside += 1;
                    }
                    if !diners[s.diner].rules.allow(recipe) {
                        broken += 1;
                    }
                }
            }
            for dishes in by_slot.values() {
                let eaters: usize = dishes.iter().map(|m| m.shares.len()).sum();
                if eaters >= 2 {
                    slots += 1;
                    if dishes.len() == 1 {
                        shared += 1;
                    }
                }
            }
        }
    }
    let pct = |a: usize, b: usize| 100.0 * a as f64 / b.max(1) as f64;
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v.get(v.len() / 2).copied().unwrap_or(0.0)
    };
    println!(
        "{n} households of 2-6 ({}): person-days within tolerance (3+ meals) {:.1}% ({days_in}/{days_all}); multi-person slots with one dish {:.1}% ({shared}/{slots}); portions outside 0.75-1.5 {:.1}%; rules broken {broken}; median ms per week {:.1} (4 people {:.1})",
        if mixed {
            "mixed meals a day"
        } else {
            "3 meals a day"
        },
        pct(days_in, days_all),
        pct(shared, slots),
        pct(outside, portions),
        median(&mut all_ms),
        median(&mut four_ms),
    );
}
