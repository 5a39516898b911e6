//! Counts benchmark days where one ingredient with at least 7 g protein
//! per 100 g (breads and pasta aside, nothing else aside: spices and
//! sauces count) is in three or more meals: the literal reading
//! of "the same protein food at most twice a day".

use mealplan_bench::{arg, kitchen, plan_alone, profiles, request, shipped};
use mealplan_domain::kitchen::Aisle;

fn main() {
    let n = arg("--profiles", 240) as usize;
    let seed = arg("--seed", 2026);
    let recipes = shipped();
    let k = kitchen();
    let literal = |name: &str| {
        k.get(name).is_some_and(|f| {
            f.protein >= 7.0
                && f.aisle != Aisle::Bakery
                && !name.contains("pasta")
                && !name.contains("noodle")
        })
    };
    let (mut days, mut bad) = (0, 0);
    let mut names = std::collections::BTreeMap::new();
    for (i, p) in profiles(n, seed).iter().enumerate() {
        let Ok(plan) = plan_alone(&request(&recipes, p, i, seed)) else {
            continue;
        };
        for day in &plan {
            days += 1;
            let mut counts = std::collections::BTreeMap::new();
            for m in &day.meals {
                let r = recipes.iter().find(|r| r.id == m.recipe_id).unwrap();
                let mut seen: Vec<&str> = r
                    .ingredients()
                    .iter()
                    .map(|i| i.name.as_str())
                    .filter(|n| literal(n))
                    .collect();
                seen.dedup();
                for s in seen {
                    *counts.entry(s).or_insert(0) += 1;
                }
            }
            let over: Vec<_> = counts.iter().filter(|(_, c)| **c > 2).collect();
            if !over.is_empty() {
                bad += 1;
                for (n, _) in over {
                    *names.entry(n.to_string()).or_insert(0) += 1;
                }
            }
        }
    }
    println!("{bad} of {days} days have an ingredient of 7 g+ protein in 3+ meals: {names:?}");
}
