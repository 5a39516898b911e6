//! Households of 2-6 people (the benchmark's random bodies, diets and
//! allergies, 3 meals a day unless `--mixed 1`) planned for a week at one
//! table: the households table of `planner-bench` alone (see
//! [`mealplan_bench::households`]).
//!
//! Run: `cargo run --release -p mealplan-bench --example households -- [--households N] [--seed S] [--mixed 1]`

use mealplan_bench::{Households, arg, households, profiles, shipped};

fn main() {
    let n = arg("--households", 60) as usize;
    let seed = arg("--seed", 2026);
    let mixed = arg("--mixed", 0) == 1;
    let recipes = shipped();
    let people = profiles(n * 6, seed);
    let figures = households(&recipes, &people, n, seed, mixed);
    print!("{}{}", Households::heading(n), figures.row());
}
