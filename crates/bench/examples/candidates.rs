//! Which proposed dinners would serve the one-meal profiles the shipped
//! catalogue serves worst: a one-meal week needs 5 different dinners that
//! each alone meet the day. Reads candidate recipes (the catalogue's
//! recipe-file format) and picks them greedily by how many short
//! profile-dinner places each fills, over the benchmark's generator and
//! one drawn like `bench/plans_over_http.py`'s profiles. A dish may be
//! offered at several sizes and protein shares, named `dish @ variant`;
//! at most one variant of a dish is picked.
//!
//! Run: `cargo run --release -p mealplan-bench --example candidates -- FILE [--seeds S] [--base B] [--pick K] [--quiet]`
//! (seeds B, B + 17, …; an empty FILE reports the shipped catalogue alone).

use chrono::NaiveDate;
use mealplan_bench::{
    CUSTOM_RESTRICTIONS, Profile, alone_meets, arg, profiles, request, shipped, today,
};
use mealplan_catalogue::IngredientTable;
use mealplan_domain::planner::{Rng, WEEKLY_DISTINCT};
use mealplan_domain::restriction::PREDEFINED;
use mealplan_domain::{
    ActivityLevel, BirthDate, Body, BodyType, DietType, Gender, Goal, Height, MealsPerDay, Weight,
};

/// Custom restrictions beyond the benchmark's, as the HTTP script adds.
const MORE_CUSTOM: [&str; 2] = ["peanut allergy", "no beef"];

/// One-meal profiles drawn as the HTTP script draws its profiles.
fn http_like(n: usize, seed: u64) -> Vec<Profile> {
    let mut rng = Rng(seed);
    let today = today();
    let unit = |rng: &mut Rng, lo: f64, hi: f64| lo + (hi - lo) * rng.unit();
    (0..n)
        .map(|_| {
            let mut diets = Vec::new();
            match rng.below(5) {
                0 => diets.push(DietType::Vegan),
                1 => diets.push(DietType::Vegetarian),
                _ => {}
            }
            let mut restrictions: Vec<&'static str> = Vec::new();
            for _ in 0..[0, 0, 1, 2][rng.below(4)] {
                let r = PREDEFINED[rng.below(PREDEFINED.len())].0;
                if !restrictions.contains(&r) {
                    restrictions.push(r);
                }
            }
            if rng.below(10) < 3 {
                let custom: Vec<&'static str> = CUSTOM_RESTRICTIONS
                    .iter()
                    .chain(&MORE_CUSTOM)
                    .copied()
                    .collect();
                restrictions.push(custom[rng.below(custom.len())]);
            }
            let gender = [Gender::Male, Gender::Female][rng.below(2)];
            let h = match gender {
                Gender::Male => unit(&mut rng, 160.0, 200.0),
                Gender::Female => unit(&mut rng, 150.0, 185.0),
            };
            let w = unit(&mut rng, 45.0, 180.0);
            let year = 1950 + rng.below(57) as i32;
            let born = NaiveDate::from_ymd_opt(year, 1 + rng.below(12) as u32, 15).expect("valid");
            let body = Body {
                goal: Goal::ALL[rng.below(3)],
                height: Height::parse(h.round()).expect("in range"),
                weight: Weight::parse((w * 10.0).round() / 10.0).expect("in range"),
                body_type: BodyType::ALL[rng.below(4)],
                gender,
                activity_level: ActivityLevel::ALL[rng.below(3)],
                birth_date: BirthDate::parse(born, today).expect("adult"),
            };
            Profile::new(
                &body,
                MealsPerDay::parse(1).expect("1"),
                restrictions,
                diets,
            )
        })
        .collect()
}

fn main() {
    let file = std::env::args()
        .nth(1)
        .expect("usage: candidates FILE [--seeds S] [--base B] [--pick K] [--quiet]");
    let seeds = arg("--seeds", 8);
    let pick = arg("--pick", 40) as usize;
    let base = arg("--base", 1000);
    let quiet = std::env::args().any(|a| a == "--quiet");
    let text: &'static str = Box::leak(std::fs::read_to_string(&file).expect("read").into());
    let table = IngredientTable::shipped().expect("table");
    let candidates =
        mealplan_catalogue::recipes::parse("candidates", text, &table).expect("candidates parse");
    let recipes = shipped();
    let mut people = Vec::new();
    for s in 0..seeds {
        let seed = base + s * 17;
        people.extend(
            profiles(600, seed)
                .into_iter()
                .filter(|p| p.meals.get() == 1),
        );
        people.extend(http_like(100, seed));
    }
    // Each profile's shipped fitting count, and which candidates fit it.
    let mut short = Vec::new();
    for (i, p) in people.iter().enumerate() {
        let req = request(&recipes, p, i, 1);
        let have = recipes.iter().filter(|r| alone_meets(&req, r)).count();
        if have < WEEKLY_DISTINCT {
            let fit: Vec<usize> = candidates
                .iter()
                .enumerate()
                .filter(|(_, c)| alone_meets(&req, c))
                .map(|(k, _)| k)
                .collect();
            short.push((i, have, fit));
        }
    }
    let places: usize = short.iter().map(|s| WEEKLY_DISTINCT - s.1).sum();
    // With k < 5 dinners that meet the day, a week (5 different dinners,
    // none two days running) has at most k + 2 such days (k = 1: 3).
    let lost: usize = short
        .iter()
        .map(|s| 7 - (s.1 + 2).min(7).min(3 * s.1))
        .sum();
    println!(
        "days reachable under the variety rules with the shipped catalogue: {:.1}%",
        100.0 - 100.0 * lost as f64 / (7 * people.len()) as f64
    );
    println!(
        "{} one-meal profiles, {} short of {WEEKLY_DISTINCT} fitting dinners ({places} places)",
        people.len(),
        short.len()
    );
    for (k, c) in candidates.iter().enumerate().filter(|_| !quiet) {
        let n = c.nutrition();
        let hits = short.iter().filter(|s| s.2.contains(&k)).count();
        println!(
            "  {} {:40} {:5.0} kcal P{:3.0}% F{:3.0}% fits {hits} {}",
            c.recipe_id,
            c.name,
            n.calories,
            400.0 * n.protein / n.calories,
            900.0 * n.fat / n.calories,
            if c.is(DietType::Vegan) {
                "vegan"
            } else if c.is(DietType::Vegetarian) {
                "veg"
            } else {
                "omni"
            },
        );
    }
    let mut count: Vec<usize> = short.iter().map(|s| s.1).collect();
    let mut taken = Vec::new();
    for _ in 0..pick {
        let gain = |k: usize| {
            short
                .iter()
                .enumerate()
                .filter(|(j, s)| count[*j] < WEEKLY_DISTINCT && s.2.contains(&k))
                .count()
        };
        let dish = |k: usize| candidates[k].name.split(" @ ").next().unwrap_or_default();
        let Some(best) = (0..candidates.len())
            .filter(|k| !taken.iter().any(|t| dish(*t) == dish(*k)))
            .max_by_key(|&k| gain(k))
        else {
            break;
        };
        let g = gain(best);
        if g == 0 {
            break;
        }
        for (j, s) in short.iter().enumerate() {
            if s.2.contains(&best) {
                count[j] += 1;
            }
        }
        taken.push(best);
        println!(
            "pick {} {} (+{g})",
            candidates[best].recipe_id, candidates[best].name
        );
    }
    let filled: usize = count.iter().map(|c| WEEKLY_DISTINCT.min(*c)).sum::<usize>()
        - short.iter().map(|s| s.1).sum::<usize>();
    let full = count.iter().filter(|c| **c >= WEEKLY_DISTINCT).count();
    println!(
        "filled {filled} of {places} places; {full} of {} short profiles now have {WEEKLY_DISTINCT}",
        short.len()
    );
    // The profiles still short, by hard diet, protein share and calories.
    let mut rest: Vec<_> = short
        .iter()
        .zip(&count)
        .filter(|(_, c)| **c < WEEKLY_DISTINCT)
        .map(|(s, c)| {
            let p = &people[s.0];
            let t = p.targets;
            (
                p.hard_diet(),
                400.0 * t.protein / t.calories,
                t.calories,
                *c,
                p.restrictions.join(","),
            )
        })
        .collect();
    rest.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.total_cmp(&b.1)));
    for (d, share, kcal, c, r) in rest {
        println!(
            "short {} P{share:4.1}% {kcal:5.0} kcal has {c} {r}",
            ["omni", "veg", "vegan"][d]
        );
    }
}
