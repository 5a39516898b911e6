//! A one-eater week's lost days searched again with their fibre ceiling
//! and sodium limit first (issue 38): a day over either is not met, and a
//! day that misses its targets anyway (a big eater's one or two meals the
//! catalogue cannot feed within the meal weights) should not trade those
//! limits for coming a little closer to its calories.
//!
//! Once the week is planned, each day that misses and is past one of the
//! two limits is searched again from where it is, with the rest of the
//! week as it is, by a search that ranks a day past those limits below
//! every day inside them ([`LIMIT_STEP`]). Done after the week rather than
//! in its day search, so that no other day loses the recipes it was met
//! with: measured in the day search, the lost days' new plates took the
//! dense dishes later days of the same big eater were met with. A new day
//! is kept only when it keeps both limits, keeps every rule the day
//! search keeps (as [`super::micro_week`]'s repairs do: no recipe in a
//! slot the day before or after, no recipe or its twin in a third meal of
//! the week, no main ingredient past its meals a week, no protein food in
//! a third meal or dish family twice where the old day had none, a
//! one-meal week's different recipes) and uses no less of a pantry's due
//! food.
//!
//! The same search weighs the fibre window on a lost day
//! ([`WINDOW_POINTS`]), and a lost day under its fibre floor is searched
//! again too: its new day is kept only when it is nearer the window, keeps
//! the two limits and the rules above, and misses by at most
//! [`WINDOW_POINTS`] more than the old day. A day under the floor at a
//! nearly equal miss then loses to a day in the window.

use super::one::{OneRequest, OneWeek, day_miss, planned_day};
use super::pantry::Stock;
use super::revisit::Revisit;
use super::search::{Candidate, LIMIT_STEP, Scorer, WINDOW_POINTS};
use super::{PlannedDay, Rng, dishes_for, distinct_ok, extra_restarts, share_bands};
use crate::planner::leftovers::variant_seed;

/// `week` (a one-eater week of `request`) with its missed days past their
/// fibre ceiling or sodium limit, or under their fibre floor, searched
/// again, as the module says; a week eating leftovers (its days follow its cooking) is left as it is.
pub(super) fn keep_limits(request: &OneRequest<'_>, week: &mut OneWeek, variant: usize) {
    if !week.eaten.is_empty() || request.budget.spent() {
        return;
    }
    let recipes = request.recipes;
    let scorer = Scorer::new(&request.targets, &request.tolerances, request.limits);
    let dishes = &*dishes_for(request.dishes, request.recipes, request.kitchen);
    let lost = |day: &PlannedDay| day_miss(request, day) > 0.0;
    if !week.days.iter().any(lost) {
        return;
    }
    let (pools, pool_of) = request.pools(&scorer, dishes);
    let slot_pools: Vec<&[Candidate]> = pool_of.iter().map(|p| pools[*p].1.as_slice()).collect();
    let bands = share_bands(&request.slots);
    let stock = Stock::new(&request.pantry, recipes);
    let last = u32::from(request.days);
    let due = |days: &[PlannedDay]| {
        stock
            .as_ref()
            .map_or(0.0, |s| s.due_used_by(recipes, days, last))
    };
    let mut rng = Rng(request.seed ^ 0x6c69_6d69_7473_5f77 ^ variant_seed(variant));
    let days = &mut week.days;
    for d in 0..days.len() {
        if request.budget.spent() {
            return;
        }
        if !lost(&days[d]) {
            continue;
        }
        let Some(at) = Revisit::new(request, dishes, &bands, slot_pools.iter().copied(), days, d)
        else {
            continue;
        };
        let mut problem = at.problem(request, &scorer, dishes, days[d].larger_portions);
        problem.limit_step = LIMIT_STEP;
        problem.window = WINDOW_POINTS;
        let current = at.current.clone();
        let past = !problem.ranked_ok(&current);
        let short = problem.outside_window(&current);
        if !past && short <= 0.0 {
            continue;
        }
        let was = problem.loss(&current);
        let repeats = problem.repeats_ok(&current);
        let restarts = extra_restarts(&problem);
        let Some(found) = problem.search(&mut rng, std::slice::from_ref(&current), restarts) else {
            continue;
        };
        // A recipe new to its slot in a third meal of the week (or its
        // twin), or past its main ingredient's meals a week: the week's
        // rules are kept, not priced.
        let beyond = found
            .picks
            .iter()
            .zip(&current)
            .enumerate()
            .any(|(j, (p, old))| {
                let r = problem.slots[j].pool[p.0].index;
                let (main, twins) = problem.dishes.week_cost(&problem.week, r);
                p.0 != old.0 && (problem.used[r].max(twins) >= 2 || main > 0.0)
            });
        if found.loss >= was
            || !problem.ranked_ok(&found.picks)
            || !problem.valid(&found.picks)
            || beyond
            || (repeats && !problem.repeats_ok(&found.picks))
            || (!past
                && (problem.outside_window(&found.picks) >= short
                    || problem.miss(&found.picks)
                        > problem.miss(&current) + problem.window / 100.0 + 1e-9))
        {
            continue;
        }
        let new = planned_day(
            &problem,
            &request.slots,
            &found,
            problem.extended,
            days[d].day_of_week,
        );
        let before = due(days);
        let old = std::mem::replace(&mut days[d], new);
        if due(days) + 1e-9 < before || !distinct_ok(&slot_pools, days) {
            days[d] = old;
        }
    }
}
