//! Issue 40's weeks on the shipped catalogue, for a few of the bench's
//! people (the full figures: `planner-bench --leftovers N --pantry N`,
//! `docs/BENCHMARKS.md`): leftovers cook at least 35% fewer lunches and
//! dinners and keep the days on target within a day of the plain week;
//! a bound is kept or the week says why; a pantry used is used more.

use mealplan_bench::{LEAST_SESSIONS, cooking, pantry, profiles, shipped};
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
    let bound = cooking(
        &recipes,
        &people,
        2026,
        Some(Leftovers {
            cook_at_most: Some(5),
        }),
    );
    assert!(bound.sessions <= (LEAST_SESSIONS + 1) * bound.weeks.0);
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
