//! Two days of a pantry week changed together for food due early.
//!
//! On the bench's 3-meal weeks the food due on the first days was left
//! because the days before its use-by already drew on other due food: a
//! day that takes the early item gives back as much of the other (branch
//! pantry45's diagnosis), and the offers and [`Week::fill`] change one
//! day at a time. Here an early day holds a recipe drawing on the item
//! (two other meals searched exactly around it, [`held_days`]) and the
//! dish it put out of its slot moves to a later day, in the same slot,
//! with that day's two other meals searched exactly around it: both days
//! on their targets, keeping every limit they kept and the week's rules
//! (no recipe of the day before or after in its slot, no third use, no
//! main ingredient past its meals a week). The pair is kept when the week
//! then uses more of its due grams. On a day of one or two meals the
//! held recipe's one other meal, if any, is searched exactly (every
//! recipe at every portion, branch pantry47).

use super::PlannedDay;
use super::one::planned_day;
use super::pantry::Stock;
use super::pantry_week::{GAIN, Week, above_due, due_cap, held_days_up_to, picks_due_value};
use super::revisit::Revisit;
use super::rules::grid;
use super::search::{Candidate, Day, Problem};

/// Recipes drawing most on an early item that a move holds on its day.
const MOVE_STARTS: usize = 2;

/// Portions of the moved dish tried on its later day: its own, and the
/// steps of its grid this many either side.
const MOVE_SPREAD: usize = 1;

/// A changed day: its index and the day.
type Changed = (usize, PlannedDay);

impl Week<'_> {
    /// Each due item `days` leave unused (the most grams left first)
    /// offered to its days up to its use-by, the earliest first, as a
    /// two-day move ([`two_days`](Self::two_days)), kept when the week
    /// then uses more than `got` of its due grams; the week's due grams
    /// once done. At one or two meals the other meal, if any, is searched
    /// exactly around the held recipe ([`held_days`]).
    pub(super) fn move_in(&self, stock: &Stock, days: &mut [PlannedDay], mut got: f64) -> f64 {
        let recipes = self.request.recipes;
        let last = u32::from(self.request.days);
        let after = stock.after(recipes, days, &[]);
        let mut unused = stock.unused_due(&after, last);
        unused.sort_by(|a, b| after.left_of(b.0).total_cmp(&after.left_of(a.0)));
        for (item, due) in unused {
            for d in 0..due.min(last) as usize {
                if self.request.budget.spent() {
                    return got;
                }
                let after = stock.after(recipes, days, &[]);
                if !stock
                    .unused_due(&after, last)
                    .iter()
                    .any(|(i, _)| *i == item)
                {
                    break;
                }
                let Some(changed) = self.two_days(stock, days, d, item) else {
                    continue;
                };
                let saved: Vec<Changed> = changed
                    .iter()
                    .map(|(e, _)| (*e, days[*e].clone()))
                    .collect();
                for (e, day) in changed {
                    days[e] = day;
                }
                let now = stock.due_used_by(recipes, days, last);
                if now > got + GAIN && self.distinct_ok(days) {
                    got = now;
                } else {
                    for (e, day) in saved {
                        days[e] = day;
                    }
                }
            }
        }
        got
    }

    /// Day `d` of `days` (on its targets, usual portions) holding one of
    /// the [`MOVE_STARTS`] recipes new to their slot drawing most on
    /// `item` of `stock`, the day drawing most on the due food with it
    /// ([`held_days`]); when the week then uses no more of its due grams,
    /// the dish it put out of that slot moved to a later day on its
    /// targets, in the same slot, at about its portion, with two other
    /// meals searched exactly around it. The changed days of the move
    /// using the most due grams, when they beat the week's; else `None`.
    pub(super) fn two_days(
        &self,
        stock: &Stock,
        days: &[PlannedDay],
        d: usize,
        item: usize,
    ) -> Option<Vec<Changed>> {
        let recipes = self.request.recipes;
        let last = u32::from(self.request.days);
        let due = |week: &[PlannedDay]| stock.due_used_by(recipes, week, last);
        let base = due(days);
        let (pools, left) = self.pools_for(stock, days, d);
        let at = self.on_target(days, d, &pools)?;
        let problem = at.problem(self.request, &self.scorer, self.dishes, false);
        let current = &at.current;
        let day = d as u32 + 1;
        let index = |k: usize, c: usize| problem.slots[k].pool[c].index;
        let value = |picks: &[(usize, f64)]| picks_due_value(&problem, &left, picks, day, last);
        let mut starts: Vec<(usize, usize, f64)> = (0..problem.slots.len())
            .flat_map(|k| (0..problem.slots[k].pool.len()).map(move |c| (k, c)))
            .filter(|(k, c)| {
                let r = index(*k, *c);
                *c != current[*k].0
                    && !problem.slots[*k].banned.contains(&r)
                    && left.draws_on(r, item)
            })
            .map(|(k, c)| (k, c, left.due_value([(index(k, c), 1.0)], day, last)))
            .collect();
        starts.sort_by(|a, b| b.2.total_cmp(&a.2));
        let mut best: Option<(f64, Vec<Changed>)> = None;
        // At one or two meals the held day is cheap (`held_short`) and
        // the recipes drawing most are often too small to land the day:
        // only those that do count.
        let short = problem.slots.len() < 3;
        let mut tried = 0;
        for (k, c, _) in starts {
            if tried == MOVE_STARTS {
                break;
            }
            if !short {
                tried += 1;
            }
            let slot = &problem.slots[k];
            let portions: Vec<f64> =
                grid(slot.range.min, due_cap(&problem, &left, k, c, day, last)).collect();
            // The early day drawing most on the due food, the least loss
            // among equals.
            let cap = |j: usize, x: usize| due_cap(&problem, &left, j, x, day, last);
            let Some(early) = held_days_up_to(&problem, current, k, c, &portions, cap)
                .into_iter()
                .filter(|e| {
                    keeps_limits(&problem, current, &e.picks)
                        && above_due(&problem, &left, &e.picks, day, last)
                })
                .max_by(|a, b| {
                    value(&a.picks)
                        .total_cmp(&value(&b.picks))
                        .then(b.loss.total_cmp(&a.loss))
                })
            else {
                continue;
            };
            if short {
                tried += 1;
            }
            let mut week = days.to_vec();
            week[d] = planned_day(
                &problem,
                &self.request.slots,
                &early,
                false,
                days[d].day_of_week,
            );
            let alone = due(&week);
            if alone > base + GAIN {
                if best.as_ref().is_none_or(|(most, _)| alone > *most) {
                    best = Some((alone, vec![(d, week[d].clone())]));
                }
                continue;
            }
            let moved = index(k, current[k].0);
            let servings = current[k].1;
            for e in d + 1..days.len() {
                let Some(later) = self.moved_to(stock, &week, e, k, (moved, servings)) else {
                    continue;
                };
                let old = std::mem::replace(&mut week[e], later);
                let now = due(&week);
                if now > base + GAIN && best.as_ref().is_none_or(|(most, _)| now > *most) {
                    best = Some((now, vec![(d, week[d].clone()), (e, week[e].clone())]));
                }
                week[e] = old;
            }
        }
        best.map(|(_, changed)| changed)
    }

    /// Day `e` of `week` (on its targets, usual portions) with recipe
    /// `moved` in slot `k` at about `servings` ([`MOVE_SPREAD`]) and two
    /// other meals searched exactly around it: the day drawing most on
    /// the due food, the least loss among equals; `None` when the recipe
    /// draws on no due food left on that day, is already in the slot,
    /// may not be there (the day before or after), or no such day keeps
    /// the targets, limits and rules.
    fn moved_to(
        &self,
        stock: &Stock,
        week: &[PlannedDay],
        e: usize,
        k: usize,
        (moved, servings): (usize, f64),
    ) -> Option<PlannedDay> {
        let last = u32::from(self.request.days);
        let day = e as u32 + 1;
        let (pools, left) = self.pools_for(stock, week, e);
        if left.due_value([(moved, 1.0)], day, last) <= 0.0 {
            return None;
        }
        let at = self.on_target(week, e, &pools)?;
        let problem = at.problem(self.request, &self.scorer, self.dishes, false);
        let current = &at.current;
        let slot = &problem.slots[k];
        let c = slot.pool.iter().position(|x| x.index == moved)?;
        if current[k].0 == c || slot.banned.contains(&moved) {
            return None;
        }
        let steps: Vec<f64> =
            grid(slot.range.min, due_cap(&problem, &left, k, c, day, last)).collect();
        let near = steps
            .iter()
            .position(|s| *s >= servings - 1e-9)
            .unwrap_or(steps.len().saturating_sub(1));
        let portions =
            &steps[near.saturating_sub(MOVE_SPREAD)..(near + MOVE_SPREAD + 1).min(steps.len())];
        let value = |picks: &[(usize, f64)]| picks_due_value(&problem, &left, picks, day, last);
        let cap = |j: usize, x: usize| due_cap(&problem, &left, j, x, day, last);
        let best: Day = held_days_up_to(&problem, current, k, c, portions, cap)
            .into_iter()
            .filter(|x| {
                keeps_limits(&problem, current, &x.picks)
                    && above_due(&problem, &left, &x.picks, day, last)
            })
            .max_by(|a, b| {
                value(&a.picks)
                    .total_cmp(&value(&b.picks))
                    .then(b.loss.total_cmp(&a.loss))
            })?;
        Some(planned_day(
            &problem,
            &self.request.slots,
            &best,
            false,
            week[e].day_of_week,
        ))
    }

    /// Each slot's pool with the pantry bonus of day `d` of `days`
    /// weighed on what the other days leave, and that stock.
    fn pools_for(
        &self,
        stock: &Stock,
        days: &[PlannedDay],
        d: usize,
    ) -> (Vec<Vec<Candidate>>, Stock) {
        let mut others = days.to_vec();
        others[d].meals.clear();
        let left = stock.after(self.request.recipes, &others, &[]);
        let day = d as u32 + 1;
        let pools = self
            .slot_pools
            .iter()
            .map(|p| left.bonused(p, day))
            .collect();
        (pools, left)
    }

    /// Day `d` of `days` over `pools` when it is on its targets at its
    /// usual portions.
    fn on_target<'p>(
        &self,
        days: &[PlannedDay],
        d: usize,
        pools: &'p [Vec<Candidate>],
    ) -> Option<Revisit<'p>> {
        if days[d].larger_portions {
            return None;
        }
        let at = Revisit::new(
            self.request,
            self.dishes,
            &self.bands,
            pools.iter().map(Vec::as_slice),
            days,
            d,
        )?;
        at.problem(self.request, &self.scorer, self.dishes, false)
            .targets_met(&at.current)
            .then_some(at)
    }
}

/// Whether `picks` keep every limit of `problem` that `current` kept.
fn keeps_limits(problem: &Problem<'_>, current: &[(usize, f64)], picks: &[(usize, f64)]) -> bool {
    problem
        .limits_each(picks)
        .iter()
        .zip(problem.limits_each(current))
        .all(|(now, was)| *now || !was)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::planner::dishes_for;
    use crate::planner::one::{OneRequest, plan_one_week};
    use crate::planner::pantry_week::use_up;
    use crate::planner::search::Scorer;
    use crate::planner::tests::{catalogue, due_pantry, pantry_diner};

    #[test]
    fn food_due_early_takes_its_day_and_the_dish_it_puts_out_moves_later() {
        let recipes = catalogue(30, 11);
        // Many foods due on the first days, more than the week can take.
        let pantry = due_pantry(4);
        let diner = pantry_diner().using_pantry(pantry.clone());
        let request = OneRequest::for_diner(&recipes, &diner, 7)
            .unwrap()
            .with_seed(5);
        let planned = plan_one_week(&request, 0).unwrap().days;
        let mut week = plan_one_week(&request, 0).unwrap();
        use_up(&request, &mut week, 0);
        let stock = Stock::new(&pantry, &recipes).unwrap();
        let scorer = Scorer::new(&request.targets, &request.tolerances, request.limits);
        let dishes = &*dishes_for(request.dishes, request.recipes, request.kitchen);
        let (pools, pool_of) = request.pools(&scorer, dishes);
        let at = Week::new(&request, scorer, dishes, &pools, &pool_of);
        let on_target = |days: &[PlannedDay]| {
            (0..days.len())
                .filter(|d| {
                    let pools: Vec<Vec<Candidate>> =
                        at.slot_pools.iter().map(|p| p.to_vec()).collect();
                    at.on_target(days, *d, &pools).is_some()
                })
                .collect::<Vec<_>>()
        };
        // Every day on target before is on target after, and no slot
        // holds the recipe of the day before.
        let before = on_target(&planned);
        let after = on_target(&week.days);
        assert!(
            before.iter().all(|d| after.contains(d)),
            "{before:?} {after:?}"
        );
        for pair in week.days.windows(2) {
            for (a, b) in pair[0].meals.iter().zip(&pair[1].meals) {
                assert_ne!(a.recipe_id, b.recipe_id);
            }
        }
        // No two-day move is left that uses more of the due grams.
        let left = stock.after(&recipes, &week.days, &[]);
        let mut tried = 0;
        for (item, due) in stock.unused_due(&left, 7) {
            for d in 0..due as usize {
                tried += 1;
                let found = at.two_days(&stock, &week.days, d, item);
                assert!(found.is_none(), "item {item} on day {d}: {found:?}");
            }
        }
        // On the week as first planned some early item takes its day only
        // with the dish it puts out moved later: both days on target,
        // the later one's slot holding that dish.
        let due = |days: &[PlannedDay]| stock.due_used_by(&recipes, days, 7);
        let first = stock.after(&recipes, &planned, &[]);
        let mut pairs = 0;
        for (item, due_on) in stock.unused_due(&first, 7) {
            for d in 0..due_on as usize {
                let Some(changed) = at.two_days(&stock, &planned, d, item) else {
                    continue;
                };
                let mut days = planned.clone();
                for (e, day) in &changed {
                    days[*e] = day.clone();
                }
                assert!(due(&days) > due(&planned) + GAIN);
                let on = on_target(&days);
                assert!(changed.iter().all(|(e, _)| on.contains(e)));
                if let [(early, _), (later, moved)] = changed.as_slice() {
                    pairs += 1;
                    assert!(later > early);
                    let k = (0..3).find(|k| {
                        days[d].meals[*k].recipe_id != planned[d].meals[*k].recipe_id
                            && moved.meals[*k].recipe_id == planned[d].meals[*k].recipe_id
                    });
                    assert!(
                        k.is_some(),
                        "the dish put out on day {early} is on day {later}"
                    );
                }
            }
        }
        assert!(
            pairs > 0,
            "{tried} tried after use_up, no two-day move before it"
        );
    }

    #[test]
    fn a_two_meal_day_takes_early_food_with_its_other_meal_searched_exactly() {
        use crate::food::hard_rules::HardRules;
        use crate::food::meal::MealsPerDay;
        use crate::planner::Diner;
        let recipes = catalogue(30, 11);
        let pantry = due_pantry(4);
        let three = pantry_diner();
        let diner = Diner::new(
            three.targets,
            MealsPerDay::parse(2).unwrap(),
            HardRules::default(),
        )
        .using_pantry(pantry.clone());
        let request = OneRequest::for_diner(&recipes, &diner, 7)
            .unwrap()
            .with_seed(5);
        assert_eq!(request.slots.len(), 2);
        let planned = plan_one_week(&request, 0).unwrap().days;
        let mut week = plan_one_week(&request, 0).unwrap();
        use_up(&request, &mut week, 0);
        let stock = Stock::new(&pantry, &recipes).unwrap();
        let scorer = Scorer::new(&request.targets, &request.tolerances, request.limits);
        let dishes = &*dishes_for(request.dishes, request.recipes, request.kitchen);
        let (pools, pool_of) = request.pools(&scorer, dishes);
        let at = Week::new(&request, scorer, dishes, &pools, &pool_of);
        let on_target = |days: &[PlannedDay]| {
            (0..days.len())
                .filter(|d| {
                    let pools: Vec<Vec<Candidate>> =
                        at.slot_pools.iter().map(|p| p.to_vec()).collect();
                    at.on_target(days, *d, &pools).is_some()
                })
                .collect::<Vec<_>>()
        };
        let before = on_target(&planned);
        let after = on_target(&week.days);
        assert!(
            !before.is_empty() && before.iter().all(|d| after.contains(d)),
            "{before:?} {after:?}"
        );
        for pair in week.days.windows(2) {
            for (a, b) in pair[0].meals.iter().zip(&pair[1].meals) {
                assert_ne!(a.recipe_id, b.recipe_id);
            }
        }
        // On the week as first planned some early item takes a day on
        // target with the other meal searched around its recipe: more of
        // the due grams, every changed day on target and its meal held.
        let due = |days: &[PlannedDay]| stock.due_used_by(&recipes, days, 7);
        let first = stock.after(&recipes, &planned, &[]);
        let mut moves = 0;
        for (item, due_on) in stock.unused_due(&first, 7) {
            for d in 0..due_on as usize {
                let Some(changed) = at.two_days(&stock, &planned, d, item) else {
                    continue;
                };
                moves += 1;
                let mut days = planned.clone();
                for (e, day) in &changed {
                    assert_eq!(day.meals.len(), 2);
                    days[*e] = day.clone();
                }
                assert!(due(&days) > due(&planned) + GAIN);
                let on = on_target(&days);
                assert!(changed.iter().all(|(e, _)| on.contains(e)));
            }
        }
        assert!(moves > 0, "no move at two meals");
        assert!(due(&week.days) >= due(&planned));
    }
}
