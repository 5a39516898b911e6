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
//! Run: `cargo run --release -p mealplan-bench -- [--profiles N] [--generated N] [--households N] [--seed S]`

use mealplan_bench::{Households, arg, generated_catalogue, households, profiles, run, shipped};

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
    if n_generated > 0 {
        let generated = generated_catalogue(&shipped, n_generated, seed);
        let report = run(&generated, &profiles, seed);
        print!(
            "{}",
            report.markdown("Generated catalogue", generated.len(), profiles.len())
        );
    }
}
