//! Issue 40's weeks on the shipped catalogue, for a few of the bench's
//! people (the full figures: `planner-bench --leftovers N --pantry N`,
//! `docs/BENCHMARKS.md`): leftovers cook at least 35% fewer lunches and
//! dinners and keep the days on target within a day of the plain week;
//! a bound is kept or the week says why; a pantry used is used more.

use mealplan_bench::{cooking, diner, landing, pantry, pantry_why, profiles, shipped};
use mealplan_domain::planner::Leftovers;

#[test]
fn leftovers_cook_less_and_keep_the_days_on_target() {
    let recipes = shipped();
    let people = profiles(8, 2026);
    let plain = cooking(&recipes, &people, 2026, None);
    let left = cooking(&recipes, &people, 2026, Some(Leftovers::default()));
    assert_eq!(plain.weeks, left.weeks);
    assert_eq!(plain.sessions, 14 * plain.weeks.0);
    assert!(
        left.sessions * 100 <= plain.sessions * 65,
        "{} of {}",
        left.sessions,
        plain.sessions
    );
    assert!(
        left.days.0 + 1 >= plain.days.0,
        "{:?} against {:?}",
        left.days,
        plain.days
    );
    // Four sessions, in batches (a dish eaten twice a day): about as
    // many weeks on target, within one session a week of the bound.
    let bound = cooking(
        &recipes,
        &people,
        2026,
        Some(Leftovers {
            cook_at_most: Some(4),
        }),
    );
    assert!(bound.sessions <= 5 * bound.weeks.0, "{}", bound.sessions);
    assert!(bound.days.0 + 1 >= plain.days.0, "{:?}", bound.days);
}

#[test]
fn a_pantry_used_is_used_more_and_the_days_stay_on_target() {
    let recipes = shipped();
    let people = profiles(8, 7);
    let plain = pantry(&recipes, &people, 7, false);
    let used = pantry(&recipes, &people, 7, true);
    assert_eq!(plain.due.0, used.due.0, "the same pantries");
    assert!(used.due.1 > plain.due.1, "{:?} {:?}", used.due, plain.due);
    assert!(used.days.0 + 2 >= plain.days.0);
}

#[test]
fn the_grams_a_pantry_week_leaves_are_told_by_why() {
    let recipes = shipped();
    let people = profiles(4, 7);
    let why = pantry_why(&recipes, &people, 7);
    let used = pantry(&recipes, &people, 7, true);
    assert_eq!(
        (why.due, why.items),
        (used.due, used.items),
        "the same weeks"
    );
    // Every item with more than 10 g left is told, in one class.
    let told: f64 = why.why.iter().flatten().sum();
    let left = why.due.0 - why.due.1;
    assert!(told <= left + 1e-6, "{told} of {left}");
    assert!(told >= left - 10.0 * why.items.0 as f64, "{told} of {left}");
    assert!(used.why.is_empty());
    // No recipe holds a food the catalogue has not; some garlic or onion
    // dish can be in a day on target of the person with the most meals.
    let me = people
        .iter()
        .map(|p| diner(p, true))
        .max_by_key(|d| d.slots.len())
        .expect("people");
    assert_eq!(landing(&recipes, &me, "no such food"), 0);
    let common = ["garlic", "onion"].map(|f| landing(&recipes, &me, f));
    assert!(common.iter().any(|n| *n > 0), "{common:?}");
}
