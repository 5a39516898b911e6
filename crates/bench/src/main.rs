//! `planner-bench`: plans 7 days for many varied profiles with the
//! planner and with a re-implementation of the original greedy,
//! calorie-only method, on the shipped catalogue and on a generated one,
//! and prints how well each meets the targets, what its plans look like
//! and how fast it is (see `docs/BENCHMARKS.md`).
//!
//! Households of 2-6 of its random people are planned too (`--households N`
//! tables, 0 for none), with each person's own meals a day and with three for
//! everyone.
//!
//! Issue 37's groups (`--groups N` people each, 0 for none): children of
//! 3-15 at a table, adults of 65-100, BMI 35+, and each diet type.
//!
//! Issue 40 (`--leftovers N` and `--pantry N` people, 0 for none): the
//! first N profiles at 3 meals a day plain, with leftovers and with
//! `cook_at_most` 7, 5 and 4; and with their own meals a day and a random
//! pantry, without it and with `use_pantry`; `--pantry-why 1` tells the
//! due grams the pantry weeks left by why (slower).
//!
//! Run: `cargo run --release -p mealplan-bench -- [--profiles N] [--generated N] [--households N] [--groups N] [--leftovers N] [--pantry N] [--pantry-why 1] [--seed S]`

use mealplan_bench::{
    Cooking, Group, Households, Pantry, arg, cooking, generated_catalogue, groups, households,
    pantry, pantry_why, profiles, run, shipped, table_cooking,
};
use mealplan_domain::planner::Leftovers;

fn main() {
    let n_profiles = arg("--profiles", 240) as usize;
    let n_generated = arg("--generated", 100_000) as usize;
    let seed = arg("--seed", 2026);
    let shipped = shipped();
    let profiles = profiles(n_profiles, seed);
    println!("planner-bench: seed {seed}, single thread");
    let report = run(&shipped, &profiles, seed);
    print!(
        "{}",
        report.markdown("Shipped catalogue", shipped.len(), profiles.len())
    );
    let tables = arg("--households", 60) as usize;
    if tables > 0 {
        let people = mealplan_bench::profiles(tables * 6, seed);
        print!("{}", Households::heading(tables));
        for mixed in [true, false] {
            print!(
                "{}",
                households(&shipped, &people, tables, seed, mixed).row()
            );
        }
    }
    let n_groups = arg("--groups", 40) as usize;
    if n_groups > 0 {
        print!("{}", Group::heading());
        let groups = groups(&shipped, n_groups, seed);
        for g in &groups {
            print!("{}", g.row());
        }
        // The children's tables, measured as the households are.
        for table in groups.iter().filter_map(|g| g.table.as_ref()) {
            print!("{}{}", Households::heading(table.tables), table.row());
        }
    }
    let people = |n: usize| {
        if n <= profiles.len() {
            profiles[..n].to_vec()
        } else {
            mealplan_bench::profiles(n, seed)
        }
    };
    let n_leftovers = arg("--leftovers", 60) as usize;
    if n_leftovers > 0 {
        let people = people(n_leftovers);
        let plain = cooking(&shipped, &people, seed, None);
        print!("{}", Cooking::heading(people.len()));
        print!("{}", plain.row(&plain));
        for cook_at_most in [None, Some(7), Some(5), Some(4)] {
            let week = cooking(&shipped, &people, seed, Some(Leftovers { cook_at_most }));
            print!("{}", week.row(&plain));
        }
        // Tables too, of the households' people, everyone at 3 meals.
        let tables = (n_leftovers / 6).min(10);
        if tables > 0 {
            let people = mealplan_bench::profiles(tables * 6, seed);
            let plain = table_cooking(&shipped, &people, tables, seed, None);
            print!("{}", plain.row(&plain));
            let left = table_cooking(&shipped, &people, tables, seed, Some(Leftovers::default()));
            print!("{}", left.row(&plain));
        }
    }
    let n_pantry = arg("--pantry", 60) as usize;
    if n_pantry > 0 {
        let people = people(n_pantry);
        print!("{}", Pantry::heading(people.len()));
        let plain = pantry(&shipped, &people, seed, false);
        print!("{}", plain.row());
        // `--pantry-why 1`: the grams left unused told by why (slower).
        let used = if arg("--pantry-why", 0) > 0 {
            pantry_why(&shipped, &people, seed)
        } else {
            pantry(&shipped, &people, seed, true)
        };
        print!("{}", used.row());
        print!("{}", plain.spread());
        print!("{}", used.by_meals());
        print!("{}", used.why_left());
        print!("{}", used.foods_left(25));
    }
    if n_generated > 0 {
        let generated = generated_catalogue(&shipped, n_generated, seed);
        let report = run(&generated, &profiles, seed);
        print!(
            "{}",
            report.markdown("Generated catalogue", generated.len(), profiles.len())
        );
    }
}
