//! Which seats of the households table end a week under 80% of calcium or
//! vitamin B12, and why: for each such person-week, who sits at the table,
//! how many of the seat's days are on target, how many of its meals are a
//! dish of its own, and, slot by slot, how many recipes the table's shared
//! dish could be (everyone's rules) and the seat's own dish (its rules
//! alone) that bring a third of the seat's daily reference a serving, and
//! how many of those the week served (issue 38 items 6-8).
//!
//! Run: `cargo run --release -p mealplan-bench --example seat_micro -- [--households N] [--seed S] [--mixed 1]`

use mealplan_bench::{arg, diner, kitchen, profiles, shipped};
use mealplan_domain::intakes::ADEQUATE_SHARE;
use mealplan_domain::planner::whole_day::Dishes;
use mealplan_domain::planner::{self, PlanRequest, micronutrients};
use mealplan_domain::{DietType, Micronutrient, Micronutrients, Recipe};

fn main() {
    let n = arg("--households", 20) as usize;
    let seed = arg("--seed", 2026);
    let mixed = arg("--mixed", 0) == 1;
    let recipes = shipped();
    let people = profiles(n * 6, seed);
    let dishes = Dishes::new(&recipes, Some(kitchen()));
    let strict = |diets: &[DietType]| {
        diets
            .iter()
            .find(|d| matches!(d, DietType::Vegan | DietType::Vegetarian))
            .map_or("omnivore".to_string(), |d| format!("{d:?}").to_lowercase())
    };
    let mut next = 0;
    for h in 0..n {
        let size = 2 + h % 5;
        let members = &people[next..next + size];
        next += size;
        let diners: Vec<_> = members.iter().map(|p| diner(p, mixed)).collect();
        let request = PlanRequest::new(&recipes, diners.clone(), 7)
            .expect("valid request")
            .with_kitchen(kitchen())
            .with_dishes(&dishes)
            .with_seed(seed.wrapping_add(h as u64));
        let Ok(week) = planner::plan(&request) else {
            println!("table {h}: refused");
            continue;
        };
        let table: Vec<String> = members.iter().map(|p| strict(&p.diets)).collect();
        for (d, p) in members.iter().enumerate() {
            let days: Vec<Micronutrients> = week
                .iter()
                .map(|day| day.of(d, &diners[d]).micronutrients(&recipes))
                .collect();
            let shares = micronutrients::week_shares(&p.intakes, &days);
            let on_target = week
                .iter()
                .filter(|day| {
                    diners[d]
                        .tolerances
                        .admits(&day.totals[d], &diners[d].targets.get())
                })
                .count();
            let own = week
                .iter()
                .flat_map(|day| &day.meals)
                .filter(|m| {
                    m.shares.len() == 1
                        && m.shares[0].diner == d
                        && m.split.as_deref().is_some_and(|w| w.contains("own"))
                })
                .count();
            for (goal, share) in shares {
                if share >= ADEQUATE_SHARE
                    || !matches!(goal, Micronutrient::Calcium | Micronutrient::VitaminB12)
                {
                    continue;
                }
                let third = p.intakes.get(goal).amount / 3.0;
                println!(
                    "table {h} ({}), seat {d}: {} {:.0} kcal {} meals {:?}, {:?} {:.0}%, days on target {on_target}/7, own dishes {own}",
                    table.join(", "),
                    strict(&p.diets),
                    p.targets.calories,
                    diners[d].slots.len(),
                    p.restrictions,
                    goal,
                    share * 100.0
                );
                for meal in diners[d]
                    .slots
                    .iter()
                    .copied()
                    .collect::<std::collections::BTreeSet<_>>()
                {
                    let eaters: Vec<usize> = (0..diners.len())
                        .filter(|e| diners[*e].slots.contains(&meal))
                        .collect();
                    let rich =
                        |r: &&Recipe| r.serves(meal) && r.card.micronutrients.get(goal) >= third;
                    let shared: Vec<&Recipe> = recipes
                        .iter()
                        .filter(rich)
                        .filter(|r| eaters.iter().all(|e| diners[*e].rules.allow(r)))
                        .collect();
                    let alone = recipes
                        .iter()
                        .filter(rich)
                        .filter(|r| diners[d].rules.allow(r))
                        .count();
                    let served = week
                        .iter()
                        .flat_map(|day| &day.meals)
                        .filter(|m| m.meal_type == meal && m.shares.iter().any(|s| s.diner == d))
                        .filter(|m| {
                            recipes
                                .iter()
                                .find(|r| r.id == m.recipe_id)
                                .is_some_and(|r| r.card.micronutrients.get(goal) >= third)
                        })
                        .count();
                    println!(
                        "  {:?}: {} a serving or more: {} for the table ({} eat it), {} for the seat alone; served {} of the week's",
                        meal,
                        if goal == Micronutrient::Calcium {
                            format!("{third:.0} mg")
                        } else {
                            format!("{third:.2} µg")
                        },
                        shared.len(),
                        eaters.len(),
                        alone,
                        served,
                    );
                }
            }
        }
    }
}
