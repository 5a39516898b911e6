//! Households of 2-6 people (the benchmark's random bodies, diets and
//! allergies, 3 meals a day unless `--mixed 1`) planned for a week at one
//! table: the households table of `planner-bench` alone (see
//! [`mealplan_bench::households`]).
//!
//! With `--verbose 1`, each person-week under 80% of calcium, iron,
//! potassium or B12, and the same for the children's tables of
//! `--groups N` (an adult and 1-2 children of 3-15).
//!
//! Run: `cargo run --release -p mealplan-bench --example households -- [--households N] [--seed S] [--mixed 1] [--verbose 1] [--groups N]`

use mealplan_bench::{Households, arg, groups, households, profiles, shipped};

fn main() {
    let n = arg("--households", 60) as usize;
    let seed = arg("--seed", 2026);
    let mixed = arg("--mixed", 0) == 1;
    let recipes = shipped();
    let people = profiles(n * 6, seed);
    let figures = households(&recipes, &people, n, seed, mixed);
    print!("{}{}", Households::heading(n), figures.row());
    if arg("--verbose", 0) == 1 {
        for who in &figures.short {
            println!("short: {who}");
        }
    }
    let n_groups = arg("--groups", 0) as usize;
    if n_groups > 0 {
        for table in groups(&recipes, n_groups, seed)
            .iter()
            .filter_map(|g| g.table.as_ref())
        {
            print!("{}{}", Households::heading(table.tables), table.row());
            for who in &table.short {
                println!("children's table short: {who}");
            }
        }
    }
}
