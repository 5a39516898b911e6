//! A week from the pantry looked at whole, once it is planned.
//!
//! Day by day ([`super::pantry`]) a day weighs the food still held on
//! its day; it cannot know that a later day will find no room for an
//! item, nor take back what an earlier day chose. So once the week is
//! planned, each item due within the plan that it left unused (the one
//! with the most grams left first: on the bench's pantry weeks 62.7% of
//! the due grams used, against 62.5% the earliest due first) is offered to the days up to its use-by, the
//! latest first: the day is searched again from its own meals with one
//! slot swapped for a recipe drawing on that item ([`use_up`]), its
//! pantry bonus weighed on what the other days leave and the item
//! pressed; on a day of three meals or more also with the recipe held
//! in its slot and two other slots searched exactly around it
//! ([`held_pair`]). The new day is kept only when it keeps every rule the day
//! search keeps (the week's repeats and main ingredients priced as
//! before, no recipe in a slot the day before or after, a one-meal week's
//! different recipes), meets its targets if the old one did (or misses
//! them by no more), and the whole week then uses more of the grams due
//! within the plan. A day that draws more on the item but takes as much
//! from another due item is kept when that item, offered in turn to its
//! other days, is used there ([`Week::re_place`]): the items of the week
//! assigned anew between two days, one moved to make room for the other.

use super::leftovers::variant_seed;
use super::one::{OneRequest, OneWeek, planned_day};
use super::pantry::Stock;
use super::rules::grid;
use super::search::{Candidate, Day, Fixed, Problem, Scorer};
use super::{PlannedDay, Rng, dishes_for, share_bands, weekly_distinct};
use crate::food::recipe::Recipe;
use crate::planner::whole_day::Dishes;

/// Starts of a day searched again for one item: the recipes drawing on
/// it with the largest pantry bonus, over all slots.
const REVISIT_STARTS: usize = 4;

/// Recipes drawing on an item held in their slot while two others are
/// searched exactly ([`held_pair`]), twice as many on a day of three
/// meals (one pair of other slots): on the bench's pantry weeks, 4 on
/// every day (every pair of slots, every portion) used 62.8% of the due
/// grams at 2.8 times the time of the pass without it (60.9%); 2 (3
/// pairs, half servings) 62.1% at about +13%; 4 at every portion on
/// 3-meal days (66.4% -> 68.4% of theirs) 62.5% at about +25%.
const HELD_STARTS: usize = 2;

/// The most pairs of other slots searched around a held recipe.
const HELD_PAIRS: usize = 3;

/// Grams more of the due food a changed day must bring the week.
const GAIN: f64 = 1.0;

/// Items a changed day gave back that are offered to their other days
/// when the change alone used no more of the week's due grams
/// ([`Week::re_place`]): on the bench's pantry weeks none used 62.4% of
/// the due grams, 1 and 2 63.3% (2 at more time).
const CHAIN_ITEMS: usize = 1;

/// Times the unused items are offered to their days: a second time
/// when the first changed the week (on the bench's pantry weeks, 1 used
/// 58.8% of the due grams, 2 59.6%).
const ROUNDS: usize = 2;

/// What a day's second search needs of the week.
struct Week<'a> {
    request: &'a OneRequest<'a>,
    scorer: Scorer,
    dishes: &'a Dishes,
    slot_pools: Vec<&'a [Candidate]>,
    bands: Vec<(f64, f64)>,
}

/// `week` (a one-eater week of `request`) with days searched again for
/// the due food of its pantry it left unused, as the module says; a week
/// without a pantry, or eating leftovers (its days follow its cooking),
/// is left as it is.
pub(super) fn use_up(request: &OneRequest<'_>, week: &mut OneWeek, variant: usize) {
    let Some(stock) = Stock::new(&request.pantry, request.recipes) else {
        return;
    };
    if !week.eaten.is_empty() || request.budget.spent() {
        return;
    }
    let stock = &stock;
    let scorer = Scorer::new(&request.targets, &request.tolerances, request.limits);
    let dishes = &*dishes_for(request.dishes, request.recipes, request.kitchen);
    let (pools, pool_of) = request.pools(&scorer, dishes);
    let at = Week {
        request,
        scorer,
        dishes,
        slot_pools: pool_of.iter().map(|p| pools[*p].1.as_slice()).collect(),
        bands: share_bands(&request.slots),
    };
    let recipes = request.recipes;
    let last = u32::from(request.days);
    let mut rng = Rng(request.seed ^ 0x7573_655f_7570 ^ variant_seed(variant));
    let days = &mut week.days;
    let mut got = stock.due_used(&stock.after(recipes, days, &[]), last);
    for _ in 0..ROUNDS {
        let before = got;
        let after = stock.after(recipes, days, &[]);
        let mut unused = stock.unused_due(&after, last);
        unused.sort_by(|a, b| after.left_of(b.0).total_cmp(&after.left_of(a.0)));
        for (item, due) in unused {
            for day in (1..=due.min(last)).rev() {
                if request.budget.spent() {
                    return;
                }
                let after = stock.after(recipes, days, &[]);
                if !stock
                    .unused_due(&after, last)
                    .iter()
                    .any(|(i, _)| *i == item)
                {
                    break;
                }
                let d = day as usize - 1;
                let Some(new) = at.revisit(stock, days, d, item, &mut rng) else {
                    continue;
                };
                let old = std::mem::replace(&mut days[d], new);
                let drawn = stock.after(recipes, days, &[]);
                let now = stock.due_used(&drawn, last);
                if now > got + GAIN && at.distinct_ok(days) {
                    got = now;
                } else if let Some(now) =
                    at.re_place(stock, days, d, item, (&after, &drawn), got, &mut rng)
                {
                    got = now;
                } else {
                    days[d] = old;
                }
            }
        }
        if got <= before {
            return;
        }
    }
}

impl Week<'_> {
    /// Day `d` of `days` searched again for `item` of `stock` (see the
    /// module); `None` when no better day was found.
    fn revisit(
        &self,
        stock: &Stock,
        days: &[PlannedDay],
        d: usize,
        item: usize,
        rng: &mut Rng,
    ) -> Option<PlannedDay> {
        let recipes: &[Recipe] = self.request.recipes;
        // The stock as the other days leave it, the item pressed.
        let mut others = days.to_vec();
        others[d].meals.clear();
        let left = stock.after(recipes, &others, &[]).pressing(item);
        let day = d as u32 + 1;
        let bonused: Vec<Vec<Candidate>> = self
            .slot_pools
            .iter()
            .map(|p| left.bonused(p, day))
            .collect();
        let used = super::revisit::uses_besides(recipes, days, d);
        let n = self.request.slots.len();
        let (slots, current) = super::revisit::day_slots(
            self.request,
            self.dishes,
            &self.bands,
            bonused.iter().map(Vec::as_slice),
            days,
            d,
        )?;
        let problem = super::revisit::day_problem(
            self.request,
            &self.scorer,
            self.dishes,
            slots,
            &used,
            days[d].larger_portions,
        );
        let met = problem.targets_met(&current);
        let miss = problem.miss(&current);
        let mut best = Day {
            loss: problem.loss(&current),
            picks: current.clone(),
        };
        let mut starts: Vec<(usize, usize)> = problem
            .slots
            .iter()
            .enumerate()
            .flat_map(|(k, s)| (0..s.pool.len()).map(move |c| (k, c)))
            .filter(|(k, c)| {
                let slot = &problem.slots[*k];
                let r = slot.pool[*c].index;
                current[*k].0 != *c && !slot.banned.contains(&r) && left.draws_on(r, item)
            })
            .collect();
        let bonus = |(k, c): &(usize, usize)| problem.slots[*k].pool[*c].bonus;
        starts.sort_by(|a, b| bonus(b).total_cmp(&bonus(a)));
        let held = starts.clone();
        // Two slots: the best pair on target, every pair tried.
        if met
            && let Some(found) = problem.best_pair()
            && found.loss < best.loss
            && problem.valid(&found.picks)
        {
            best = found;
        }
        for (k, c) in starts.into_iter().take(REVISIT_STARTS) {
            let range = problem.slots[k].range;
            let mut picks = current.clone();
            picks[k] = (c, 1.0_f64.clamp(range.min, range.usual_max));
            if !problem.valid(&picks) {
                continue;
            }
            let found = problem.descend(picks, rng);
            let kept = if met {
                problem.targets_met(&found.picks)
            } else {
                problem.miss(&found.picks) <= miss
            };
            if kept && found.loss < best.loss {
                best = found;
            }
        }
        // The item's recipe held in its slot, two other slots searched
        // exactly around it (days of three meals or more).
        let held_starts = if n == 3 { 2 * HELD_STARTS } else { HELD_STARTS };
        for (k, c) in held.into_iter().take(held_starts) {
            if let Some(found) = held_pair(&problem, &current, k, c, &best) {
                best = found;
            }
        }
        (best.picks != current).then(|| {
            planned_day(
                &problem,
                &self.request.slots,
                &best,
                problem.extended,
                days[d].day_of_week,
            )
        })
    }

    /// Day `d` of `days` was changed to draw more on `item` (`was`: the
    /// stock as the week left it before, `now` after) but the week uses
    /// no more of its due grams: the items it gave back (the most grams
    /// first, [`CHAIN_ITEMS`] of them) are each offered to their other
    /// days up to their use-by as `use_up` offers an item. The week's due
    /// grams once they beat `got`; else `None`, every day as it was.
    #[allow(clippy::too_many_arguments)]
    fn re_place(
        &self,
        stock: &Stock,
        days: &mut [PlannedDay],
        d: usize,
        item: usize,
        (was, now): (&Stock, &Stock),
        got: f64,
        rng: &mut Rng,
    ) -> Option<f64> {
        if CHAIN_ITEMS == 0 || now.left_of(item) > was.left_of(item) - GAIN {
            return None;
        }
        let recipes = self.request.recipes;
        let last = u32::from(self.request.days);
        let mut given: Vec<(usize, u32)> = stock
            .unused_due(now, last)
            .into_iter()
            .filter(|(i, _)| *i != item && now.left_of(*i) > was.left_of(*i) + GAIN)
            .collect();
        if given.is_empty() {
            return None;
        }
        let back = |i: usize| now.left_of(i) - was.left_of(i);
        given.sort_by(|a, b| back(b.0).total_cmp(&back(a.0)));
        let saved = days.to_vec();
        let mut cur = stock.due_used(now, last);
        for (other, due) in given.into_iter().take(CHAIN_ITEMS) {
            for e in (1..=due.min(last)).rev() {
                let e = e as usize - 1;
                if e == d {
                    continue;
                }
                if self.request.budget.spent() {
                    break;
                }
                let Some(new) = self.revisit(stock, days, e, other, rng) else {
                    continue;
                };
                let prev = std::mem::replace(&mut days[e], new);
                let n = stock.due_used(&stock.after(recipes, days, &[]), last);
                if n > cur + GAIN && self.distinct_ok(days) {
                    cur = n;
                    if cur > got + GAIN {
                        return Some(cur);
                    }
                } else {
                    days[e] = prev;
                }
            }
        }
        days.clone_from_slice(&saved);
        None
    }

    /// Whether a one-meal week still has its different recipes.
    fn distinct_ok(&self, days: &[PlannedDay]) -> bool {
        let [pool] = self.slot_pools.as_slice() else {
            return true;
        };
        let mut ids: Vec<i64> = days
            .iter()
            .flat_map(|d| &d.meals)
            .map(|m| m.recipe_id)
            .collect();
        ids.sort_unstable();
        ids.dedup();
        ids.len() >= weekly_distinct(days.len(), pool.len())
    }
}

/// A day of `problem` with slot `k` holding its candidate `c` at one of
/// its portions (every other step of its grid, half servings, on a day
/// of four slots or more) and two
/// other slots searched exactly around it (every pair on target,
/// [`Problem::best_pair`]; the first [`HELD_PAIRS`] pairs of slots), the
/// rest as in `current`: the one of least loss below `bar`'s that meets
/// the targets and keeps the rules (no recipe new to its slot in a third
/// meal of the week, nor past its main ingredient's meals a week); `None`
/// for a day of fewer than three
/// slots, or when no such day beats `bar`. One swap and a descent seldom
/// keep an item's recipe: the day is off target with it until two other
/// meals change, and the descent first swaps it back out.
fn held_pair(
    problem: &Problem<'_>,
    current: &[(usize, f64)],
    k: usize,
    c: usize,
    bar: &Day,
) -> Option<Day> {
    let n = problem.slots.len();
    if n < 3 {
        return None;
    }
    let slot = &problem.slots[k];
    let cand = &slot.pool[c];
    let fixed_at = |j: usize, c: usize, s: f64| {
        let slot = &problem.slots[j];
        let r = slot.pool[c].index;
        let served = problem.recipes[r].nutrition.served(s);
        Fixed {
            recipe: Some(r),
            served,
            scaled: problem.scorer.scale(&served),
            band: slot.band,
            main: slot.main,
            minor: problem.dishes.minor(r).map(|v| v * s),
        }
    };
    // A recipe new to its slot in a third meal of the week (or its
    // twin), or past its main ingredient's meals a week: the week's rules
    // are kept, not priced.
    let beyond = |picks: &[(usize, f64)]| {
        picks.iter().zip(current).enumerate().any(|(j, (p, was))| {
            let r = problem.slots[j].pool[p.0].index;
            let (main, twins) = problem.dishes.week_cost(&problem.week, r);
            p.0 != was.0 && (problem.used[r].max(twins) >= 2 || main > 0.0)
        })
    };
    let others: Vec<usize> = (0..n).filter(|j| *j != k).collect();
    let mut best: Option<Day> = None;
    let pairs: Vec<(usize, usize)> = others
        .iter()
        .enumerate()
        .flat_map(|(x, &a)| others[x + 1..].iter().map(move |&b| (a, b)))
        .take(HELD_PAIRS)
        .collect();
    for (a, b) in pairs {
        let step = if n == 3 { 1 } else { 2 };
        for s in grid(slot.range.min, problem.cap_of(slot, cand)).step_by(step) {
            if problem.budget.spent() {
                return best;
            }
            let mut fixed = vec![fixed_at(k, c, s)];
            fixed.extend(
                (0..n)
                    .filter(|j| *j != k && *j != a && *j != b)
                    .map(|j| fixed_at(j, current[j].0, current[j].1)),
            );
            let sub = Problem {
                recipes: problem.recipes,
                scorer: problem.scorer,
                slots: vec![problem.slots[a].clone(), problem.slots[b].clone()],
                fixed,
                used: problem.used,
                week: problem.week.clone(),
                extended: problem.extended,
                dishes: problem.dishes,
                strict: problem.strict,
                budget: problem.budget,
            };
            let Some(pair) = sub.best_pair() else {
                continue;
            };
            let mut picks = current.to_vec();
            picks[k] = (c, s);
            picks[a] = pair.picks[0];
            picks[b] = pair.picks[1];
            if !problem.valid(&picks) || !problem.targets_met(&picks) || beyond(&picks) {
                continue;
            }
            let loss = problem.loss(&picks);
            let under = best.as_ref().map_or(bar.loss, |d| d.loss);
            if loss < under {
                best = Some(Day { picks, loss });
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::planner::is_main;
    use crate::planner::one::OneRequest;
    use crate::planner::search::Slot;
    use crate::planner::tests::catalogue;

    #[test]
    fn an_item_given_back_is_used_on_another_day_or_every_day_is_restored() {
        use crate::planner::one::plan_one_week;
        use crate::planner::pantry::PantryFood;
        let recipes = catalogue(30, 11);
        let food = |name: &str, grams: f64, due: u32| PantryFood {
            name: name.into(),
            grams,
            use_by: Some(due),
            drawn_by: vec![(name.into(), 1.0)],
        };
        // Many foods due soon, more than the week can take.
        let pantry: Vec<PantryFood> = (0..30)
            .step_by(2)
            .map(|i| food(&format!("ingredient {i}"), 400.0, 2 + (i % 5) as u32))
            .collect();
        let diner = crate::planner::tests::pantry_diner().using_pantry(pantry.clone());
        let request = OneRequest::for_diner(&recipes, &diner, 7)
            .unwrap()
            .with_seed(5);
        let week = plan_one_week(&request, 0).unwrap();
        let stock = Stock::new(&pantry, &recipes).unwrap();
        let scorer = Scorer::new(&request.targets, &request.tolerances, request.limits);
        let dishes = &*dishes_for(request.dishes, request.recipes, request.kitchen);
        let (pools, pool_of) = request.pools(&scorer, dishes);
        let at = Week {
            request: &request,
            scorer,
            dishes,
            slot_pools: pool_of.iter().map(|p| pools[*p].1.as_slice()).collect(),
            bands: share_bands(&request.slots),
        };
        let used = |days: &[PlannedDay]| stock.due_used(&stock.after(&recipes, days, &[]), 7);
        let mut rng = Rng(5);
        let (mut searched, mut placed) = (0, 0);
        for item in 0..pantry.len() {
            for d in 0..7 {
                let mut days = week.days.clone();
                let Some(new) = at.revisit(&stock, &days, d, item, &mut rng) else {
                    continue;
                };
                let after = stock.after(&recipes, &days, &[]);
                let got = stock.due_used(&after, 7);
                days[d] = new;
                let drawn = stock.after(&recipes, &days, &[]);
                if stock.due_used(&drawn, 7) > got + GAIN
                    || drawn.left_of(item) > after.left_of(item) - GAIN
                {
                    continue;
                }
                let given = (0..pantry.len())
                    .any(|i| i != item && drawn.left_of(i) > after.left_of(i) + GAIN);
                searched += usize::from(given);
                let saved = days.clone();
                match at.re_place(&stock, &mut days, d, item, (&after, &drawn), got, &mut rng) {
                    None => assert_eq!(days, saved),
                    Some(now) => {
                        placed += 1;
                        assert!(now > got + GAIN);
                        assert!((used(&days) - now).abs() < 1e-9);
                        assert_eq!(days[d], saved[d]);
                        for pair in days.windows(2) {
                            for (a, b) in pair[0].meals.iter().zip(&pair[1].meals) {
                                assert_ne!(a.recipe_id, b.recipe_id);
                            }
                        }
                    }
                }
            }
        }
        // Both ways taken: items placed elsewhere, and weeks restored.
        assert!(
            placed > 0 && searched > placed,
            "{searched} searched, {placed} placed"
        );
    }

    #[test]
    fn a_held_recipe_gets_the_best_pair_of_two_other_slots_around_it() {
        let recipes = catalogue(30, 11);
        let diner = crate::planner::tests::pantry_diner();
        let request = OneRequest::for_diner(&recipes, &diner, 7)
            .unwrap()
            .with_seed(5);
        let scorer = Scorer::new(&request.targets, &request.tolerances, request.limits);
        let dishes = &*dishes_for(request.dishes, request.recipes, request.kitchen);
        let (pools, pool_of) = request.pools(&scorer, dishes);
        let bands = share_bands(&request.slots);
        let used = vec![0u32; recipes.len()];
        let problem = Problem {
            recipes: &recipes,
            scorer: &scorer,
            slots: (0..request.slots.len())
                .map(|k| Slot {
                    pool: &pools[pool_of[k]].1,
                    range: request.portions.range(request.slots[k]),
                    band: bands[k],
                    main: is_main(request.slots[k]),
                    banned: Vec::new(),
                    keep: None,
                    again: false,
                })
                .collect(),
            fixed: Vec::new(),
            used: &used,
            week: dishes.week_use(&used),
            extended: false,
            dishes,
            strict: true,
            budget: request.budget,
        };
        let mut rng = Rng(5);
        let current = problem.search(&mut rng, &[], 20).unwrap();
        assert!(problem.targets_met(&current.picks));
        let open = Day {
            picks: current.picks.clone(),
            loss: f64::INFINITY,
        };
        // Each breakfast: a day holding it exactly when some day on target
        // holds it at one of the portions tried.
        let slot = &problem.slots[0];
        let mut found = 0;
        for c in 0..slot.pool.len() {
            let portions: Vec<f64> =
                grid(slot.range.min, problem.cap_of(slot, &slot.pool[c])).collect();
            let day = held_pair(&problem, &current.picks, 0, c, &open);
            if let Some(day) = &day {
                found += 1;
                assert_eq!(day.picks[0].0, c);
                assert!(portions.contains(&day.picks[0].1));
                assert!(problem.valid(&day.picks) && problem.targets_met(&day.picks));
                assert!((problem.loss(&day.picks) - day.loss).abs() < 1e-9);
                // Nothing below its own loss.
                assert!(held_pair(&problem, &current.picks, 0, c, day).is_none());
            }
            let exists = portions.iter().any(|s| {
                (0..problem.slots[1].pool.len()).any(|a| {
                    (0..problem.slots[2].pool.len()).any(|b| {
                        let (sa, sb) = (&problem.slots[1], &problem.slots[2]);
                        grid(sa.range.min, problem.cap_of(sa, &sa.pool[a])).any(|x| {
                            grid(sb.range.min, problem.cap_of(sb, &sb.pool[b])).any(|y| {
                                let picks = [(c, *s), (a, x), (b, y)];
                                problem.valid(&picks) && problem.targets_met(&picks)
                            })
                        })
                    })
                })
            });
            assert_eq!(day.is_some(), exists, "breakfast {c}");
        }
        assert!(found > 0);
        // A day of two slots has no third to hold.
        let two = Problem {
            slots: problem.slots[..2].to_vec(),
            fixed: Vec::new(),
            week: problem.week.clone(),
            ..problem
        };
        assert!(held_pair(&two, &current.picks[..2], 0, 0, &open).is_none());
    }
}
