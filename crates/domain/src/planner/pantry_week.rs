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
//!
//! Then each day on its targets is asked to draw more on the due food
//! the other days leave ([`Week::fill`]): the day search and the offers
//! weigh a recipe's pantry food at one serving, and keep the day of least
//! loss; here a step is kept for the grams it draws, the most first, as
//! long as the day stays on its targets and keeps its limits, its
//! portions within their usual most and the weight of a meal, and the
//! week's rules: a meal of due food a quarter serving larger with the
//! others searched back to the targets, or a recipe drawing most on the
//! food held in its slot with two other meals searched exactly around
//! it. On the bench's pantry weeks (seed 2026) 67.7% of the due grams
//! were used before it, 69.8% after, and 70.1% with the offers and this
//! pass run once more when it drew more (at about a quarter more CPU).
//!
//! With `use_pantry` a main meal may be served above its usual most (up
//! to the person's `max_servings`, within the meal weight limit) on a day
//! on its targets when the larger portion draws more of the food due
//! within the plan ([`due_cap`], [`above_due`]; branch pantry48): in
//! `fill`, in the held recipe of the offers and of the two-day moves.
//!
//! Last, each item still left is offered as a two-day move
//! ([`Week::move_in`]): an early day takes it and the dish it puts out
//! moves to a later day, both on their targets.
//!
//! Before the offers and once more at the end, the week's days are put
//! in the order using the most due grams ([`Week::reorder`]): a day on
//! its targets is so on any day of the week (branch pantry49).

use super::leftovers::variant_seed;
use super::one::{OneRequest, OneWeek, planned_day};
use super::pantry::Stock;
use super::revisit::Revisit;
use super::rules::{grid, heaviest_portion};
use super::search::{Candidate, Day, Fixed, Problem, Scorer};
use super::{PlannedDay, Rng, dishes_for, share_bands};
use crate::food::meal::MealType;
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
pub(super) const GAIN: f64 = 1.0;

/// Items a changed day gave back that are offered to their other days
/// when the change alone used no more of the week's due grams
/// ([`Week::re_place`]): on the bench's pantry weeks none used 62.4% of
/// the due grams, 1 and 2 63.3% (2 at more time).
const CHAIN_ITEMS: usize = 1;

/// Times the unused items are offered to their days: a second time
/// when the first changed the week (on the bench's pantry weeks, 1 used
/// 58.8% of the due grams, 2 59.6%).
const ROUNDS: usize = 2;

/// Rounds of the pass over the week's days that draws more on the due
/// food day by day ([`Week::fill`]): a second when the first changed the
/// week.
const PORTION_ROUNDS: usize = 2;

/// The most steps of a day's [`Week::fuller`].
const PORTION_STEPS: usize = 12;

/// Recipes new to a day's slot that a step of [`Week::fuller`] holds
/// there: on the bench's pantry weeks (seed 2026), 4 tried on a day's
/// first step only used 69.6% of the due grams, 6 on every step 69.8%.
const FRESH_STARTS: usize = 6;

/// Passes of the other meals' portions around a larger one
/// ([`balance`]).
const BALANCE_PASSES: usize = 4;

/// What a day's second search needs of the week.
pub(super) struct Week<'a> {
    pub(super) request: &'a OneRequest<'a>,
    pub(super) scorer: Scorer,
    pub(super) dishes: &'a Dishes,
    pub(super) slot_pools: Vec<&'a [Candidate]>,
    pub(super) bands: Vec<(f64, f64)>,
}

impl<'a> Week<'a> {
    /// The pantry's passes over `request`'s week, scored by `scorer`,
    /// each slot's candidates its pool of `pools` (as `OneRequest::pools`
    /// gives them, by `pool_of`).
    pub(super) fn new(
        request: &'a OneRequest<'a>,
        scorer: Scorer,
        dishes: &'a Dishes,
        pools: &'a [(MealType, Vec<Candidate>)],
        pool_of: &[usize],
    ) -> Self {
        Self {
            request,
            scorer,
            dishes,
            slot_pools: pool_of.iter().map(|p| pools[*p].1.as_slice()).collect(),
            bands: share_bands(&request.slots),
        }
    }
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
    let at = Week::new(request, scorer, dishes, &pools, &pool_of);
    let mut rng = Rng(request.seed ^ 0x7573_655f_7570 ^ variant_seed(variant));
    // The days in the order that eats the food due soonest first
    // (`pantry_order.rs`), before the offers and once the moves are done.
    at.reorder(stock, &mut week.days);
    let got = at.offer(stock, &mut week.days, &mut rng);
    // Once more when that drew more: the offers find the days changed.
    let mut filled = at.fill(stock, &mut week.days, got);
    if filled > got + GAIN {
        let got = at.offer(stock, &mut week.days, &mut rng);
        filled = at.fill(stock, &mut week.days, got);
    }
    at.move_in(stock, &mut week.days, filled);
    at.reorder(stock, &mut week.days);
}

impl Week<'_> {
    /// The rounds of `use_up` offering each due item `days` left unused
    /// to its days; the week's due grams used once they are done.
    fn offer(&self, stock: &Stock, days: &mut [PlannedDay], rng: &mut Rng) -> f64 {
        let request = self.request;
        let recipes = request.recipes;
        let last = u32::from(request.days);
        let mut got = stock.due_used_by(recipes, days, last);
        for _ in 0..ROUNDS {
            let before = got;
            let after = stock.after(recipes, days, &[]);
            let mut unused = stock.unused_due(&after, last);
            unused.sort_by(|a, b| after.left_of(b.0).total_cmp(&after.left_of(a.0)));
            for (item, due) in unused {
                for day in (1..=due.min(last)).rev() {
                    if request.budget.spent() {
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
                    let d = day as usize - 1;
                    let Some(new) = self.revisit(stock, days, d, item, rng) else {
                        continue;
                    };
                    let old = std::mem::replace(&mut days[d], new);
                    let drawn = stock.after(recipes, days, &[]);
                    let now = stock.due_used(&drawn, last);
                    if now > got + GAIN && self.distinct_ok(days) {
                        got = now;
                    } else if let Some(now) =
                        self.re_place(stock, days, d, item, (&after, &drawn), got, rng)
                    {
                        got = now;
                    } else {
                        days[d] = old;
                    }
                }
            }
            if got <= before {
                break;
            }
        }
        got
    }

    /// Each day of `days` on its targets drawing more on the due food
    /// ([`fuller`](Self::fuller)), kept when the week
    /// then uses more of its due grams (`got` before); the days in order,
    /// [`PORTION_ROUNDS`] times while a round changes the week.
    fn fill(&self, stock: &Stock, days: &mut [PlannedDay], mut got: f64) -> f64 {
        let recipes = self.request.recipes;
        let last = u32::from(self.request.days);
        for _ in 0..PORTION_ROUNDS {
            let before = got;
            for d in 0..days.len() {
                if self.request.budget.spent() {
                    return got;
                }
                let Some(new) = self.fuller(stock, days, d) else {
                    continue;
                };
                let old = std::mem::replace(&mut days[d], new);
                let now = stock.due_used_by(recipes, days, last);
                if now > got + GAIN {
                    got = now;
                } else {
                    days[d] = old;
                }
            }
            if got <= before {
                break;
            }
        }
        got
    }

    /// Day `d` of `days` drawing more on the food due within the plan
    /// that the other days leave, a step at a time while a step draws
    /// more: a meal holding such food a quarter serving larger, with the
    /// other meals' portions searched back towards the targets, or two of
    /// them searched exactly around it ([`held_days`]), or one of them
    /// at another portion, or none; or one of the [`FRESH_STARTS`]
    /// recipes drawing most on it held in its slot at every other portion
    /// with two other meals searched exactly around it. Every step keeps
    /// the day on its targets (tolerances, meal sizes, fibre ceiling,
    /// sodium), every limit it kept, the week's rules as [`held_days`]
    /// keeps them, and each portion within its slot's usual most and the
    /// weight of a meal ([`Problem::cap_of`]), or, for a main meal whose
    /// larger portion draws more of the due food, within the person's
    /// `max_servings` ([`due_cap`], [`above_due`]); of the steps, the one
    /// drawing most, the least loss among equals. `None` for a day off
    /// its targets or with larger portions, or when no step was found.
    /// The day search weighs a recipe's pantry food at one serving and
    /// its loss first; this weighs the grams its portion takes.
    fn fuller(&self, stock: &Stock, days: &[PlannedDay], d: usize) -> Option<PlannedDay> {
        if days[d].larger_portions {
            return None;
        }
        let recipes = self.request.recipes;
        let last = u32::from(self.request.days);
        let day = d as u32 + 1;
        let mut others = days.to_vec();
        others[d].meals.clear();
        let left = stock.after(recipes, &others, &[]);
        // Pair searches prefer partners drawing on what the other days
        // leave.
        let bonused: Vec<Vec<Candidate>> = self
            .slot_pools
            .iter()
            .map(|p| left.bonused(p, day))
            .collect();
        let at = Revisit::new(
            self.request,
            self.dishes,
            &self.bands,
            bonused.iter().map(Vec::as_slice),
            days,
            d,
        )?;
        let problem = at.problem(self.request, &self.scorer, self.dishes, false);
        let current = at.current.clone();
        if !problem.targets_met(&current) {
            return None;
        }
        let n = problem.slots.len();
        let index = |k: usize, c: usize| problem.slots[k].pool[c].index;
        let draw = |k: usize, c: usize| left.due_value([(index(k, c), 1.0)], day, last);
        let value = |picks: &[(usize, f64)]| picks_due_value(&problem, &left, picks, day, last);
        let cap = |k: usize, c: usize| due_cap(&problem, &left, k, c, day, last);
        let kept = problem.limits_each(&current);
        let ok = |picks: &[(usize, f64)]| {
            problem.valid(picks)
                && problem.targets_met(picks)
                && problem
                    .limits_each(picks)
                    .iter()
                    .zip(&kept)
                    .all(|(now, was)| *now || !*was)
                && above_due(&problem, &left, picks, day, last)
        };
        let mut best = current.clone();
        let mut best_value = value(&best);
        for _ in 0..PORTION_STEPS {
            if problem.budget.spent() {
                break;
            }
            let holding: Vec<usize> = (0..n).filter(|k| draw(*k, best[*k].0) > 0.0).collect();
            let grids: Vec<Vec<f64>> = (0..n)
                .map(|k| grid(problem.slots[k].range.min, cap(k, best[k].0)).collect())
                .collect();
            let mut moves: Vec<Vec<(usize, f64)>> = Vec::new();
            for &k in &holding {
                let Some(&up) = grids[k].iter().find(|s| **s > best[k].1 + 1e-9) else {
                    continue;
                };
                let mut raised = best.clone();
                raised[k].1 = up;
                // The other meals' portions searched back towards the
                // targets around the larger one, those holding due food
                // none smaller.
                let floors: Vec<f64> = (0..n)
                    .map(|j| if holding.contains(&j) { best[j].1 } else { 0.0 })
                    .collect();
                let balanced = balance(&problem, &grids, &floors, raised.clone(), k);
                if balanced != raised {
                    moves.push(balanced);
                }
                // Two other meals searched exactly around it.
                moves.extend(
                    held_days_up_to(&problem, &best, k, best[k].0, &[up], cap)
                        .into_iter()
                        .map(|d| d.picks),
                );
                // One other meal's portion changed, or none.
                for j in (0..n).filter(|j| *j != k) {
                    for &s in grids[j].iter().filter(|s| (**s - raised[j].1).abs() > 1e-9) {
                        let mut picks = raised.clone();
                        picks[j].1 = s;
                        moves.push(picks);
                    }
                }
                moves.push(raised);
            }
            // The recipes new to their slot drawing most on the due food.
            let mut fresh: Vec<(usize, usize, f64)> = (0..n)
                .flat_map(|k| (0..problem.slots[k].pool.len()).map(move |c| (k, c)))
                .filter(|(k, c)| {
                    *c != best[*k].0 && !problem.slots[*k].banned.contains(&index(*k, *c))
                })
                .filter_map(|(k, c)| {
                    let v = draw(k, c);
                    (v > 0.0).then_some((k, c, v))
                })
                .collect();
            fresh.sort_by(|a, b| b.2.total_cmp(&a.2));
            // At one or two meals every portion, and only the recipes that
            // land a day count ([`held_short`] is cheap).
            let short = n < 3;
            let mut tried = 0;
            for (k, c, _) in fresh {
                if tried == FRESH_STARTS {
                    break;
                }
                let portions: Vec<f64> = grid(problem.slots[k].range.min, cap(k, c))
                    .step_by(if short { 1 } else { 2 })
                    .collect();
                let held = held_days_up_to(&problem, &best, k, c, &portions, cap);
                if !short || !held.is_empty() {
                    tried += 1;
                }
                moves.extend(held.into_iter().map(|d| d.picks));
            }
            // The step drawing most, the least loss among equals.
            let mut step: Option<(Day, f64)> = None;
            for picks in moves {
                let v = value(&picks);
                if v <= best_value + 1e-6
                    || step.as_ref().is_some_and(|(_, most)| v < *most - 1e-9)
                    || !ok(&picks)
                {
                    continue;
                }
                let loss = problem.loss(&picks);
                let better = step
                    .as_ref()
                    .is_none_or(|(day, most)| v > *most + 1e-9 || loss < day.loss);
                if better {
                    step = Some((Day { picks, loss }, v));
                }
            }
            let Some((day, v)) = step else {
                break;
            };
            best = day.picks;
            best_value = v;
        }
        (best != current).then(|| {
            let loss = problem.loss(&best);
            planned_day(
                &problem,
                &self.request.slots,
                &Day { picks: best, loss },
                false,
                days[d].day_of_week,
            )
        })
    }

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
        let n = self.request.slots.len();
        let at = Revisit::new(
            self.request,
            self.dishes,
            &self.bands,
            bonused.iter().map(Vec::as_slice),
            days,
            d,
        )?;
        let problem = at.problem(
            self.request,
            &self.scorer,
            self.dishes,
            days[d].larger_portions,
        );
        let current = at.current.clone();
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
        let last = u32::from(self.request.days);
        // A portion above the usual most (a due-food meal that `fill`
        // made larger) only while it draws more of the due food.
        let keep = |picks: &[(usize, f64)]| above_due(&problem, &left, picks, day, last);
        // Two slots: the best pair on target, every pair tried.
        if met
            && let Some(found) = problem.best_pair()
            && found.loss < best.loss
            && problem.valid(&found.picks)
            && keep(&found.picks)
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
            if kept && found.loss < best.loss && keep(&found.picks) {
                best = found;
            }
        }
        // The item's recipe held in its slot, two other slots searched
        // exactly around it (days of three meals or more), up to the
        // slot's `max` when that draws more of the due food.
        let held_starts = if n == 3 { 2 * HELD_STARTS } else { HELD_STARTS };
        for (k, c) in held.into_iter().take(held_starts) {
            let cap = if problem.extended {
                problem.cap_of(&problem.slots[k], &problem.slots[k].pool[c])
            } else {
                due_cap(&problem, &left, k, c, day, last)
            };
            if let Some(found) = held_pair(&problem, &current, k, c, &best, cap, keep) {
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
                let n = stock.due_used_by(recipes, days, last);
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
    pub(super) fn distinct_ok(&self, days: &[PlannedDay]) -> bool {
        super::distinct_ok(&self.slot_pools, days)
    }
}

/// The largest portion a pantry pass may give candidate `c` in slot `k`
/// of `problem` (a day on its targets, `extended` off) on day `day`: up
/// to the slot's `max` (a main meal's `max_servings`) when a serving of
/// it draws on the food due by day `last` that `left` holds (the person
/// asked to use their pantry up), else the slot's usual most; never a
/// meal past its weight limit ([`heaviest_portion`]).
pub(super) fn due_cap(
    problem: &Problem<'_>,
    left: &Stock,
    k: usize,
    c: usize,
    day: u32,
    last: u32,
) -> f64 {
    let slot = &problem.slots[k];
    let cand = &slot.pool[c];
    let usual = problem.cap_of(slot, cand);
    if left.due_value([(cand.index, 1.0)], day, last) <= 0.0 {
        return usual;
    }
    let meals = problem.slots.len() + problem.fixed.len();
    usual.max(slot.range.max.min(heaviest_portion(cand.grams, meals)))
}

/// What `picks` of `problem` on day `day` draw of the food due by day
/// `last` that `left` holds ([`Stock::due_value`]).
pub(super) fn picks_due_value(
    problem: &Problem<'_>,
    left: &Stock,
    picks: &[(usize, f64)],
    day: u32,
    last: u32,
) -> f64 {
    left.due_value(
        picks
            .iter()
            .enumerate()
            .map(|(k, (c, s))| (problem.slots[k].pool[*c].index, *s)),
        day,
        last,
    )
}

/// Whether every portion of `picks` above its slot's usual most (on a
/// day of `problem` without larger portions) draws more of the food due
/// by day `last` that `left` holds than the usual most would, the day's
/// other meals as they are: a pantry week serves more than usual only
/// for the due food ([`due_cap`]).
pub(super) fn above_due(
    problem: &Problem<'_>,
    left: &Stock,
    picks: &[(usize, f64)],
    day: u32,
    last: u32,
) -> bool {
    let value = |picks: &[(usize, f64)]| picks_due_value(problem, left, picks, day, last);
    let mut v = None;
    (0..picks.len()).all(|k| {
        let usual = problem.slots[k].range.usual_max;
        if problem.extended || picks[k].1 <= usual + 1e-9 {
            return true;
        }
        let mut less = picks.to_vec();
        less[k].1 = usual;
        *v.get_or_insert_with(|| value(picks)) > value(&less) + 1e-6
    })
}

/// `picks` with every slot's portion but slot `k`'s moved along its grid
/// (`grids`, never below its floor in `floors`: a meal of due food keeps
/// what it holds), one slot at a time, to the day of least loss, until no
/// move lowers it ([`BALANCE_PASSES`] at most).
fn balance(
    problem: &Problem<'_>,
    grids: &[Vec<f64>],
    floors: &[f64],
    mut picks: Vec<(usize, f64)>,
    k: usize,
) -> Vec<(usize, f64)> {
    let mut loss = problem.loss(&picks);
    for _ in 0..BALANCE_PASSES {
        let mut moved = false;
        for j in (0..picks.len()).filter(|j| *j != k) {
            let was = picks[j].1;
            let mut best = (was, loss);
            for &s in grids[j].iter().filter(|s| **s >= floors[j] - 1e-9) {
                picks[j].1 = s;
                let l = problem.loss(&picks);
                if l < best.1 - 1e-9 {
                    best = (s, l);
                }
            }
            picks[j].1 = best.0;
            if (best.0 - was).abs() > 1e-9 {
                loss = best.1;
                moved = true;
            }
        }
        if !moved {
            break;
        }
    }
    picks
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
    cap: f64,
    keep: impl Fn(&[(usize, f64)]) -> bool,
) -> Option<Day> {
    if problem.slots.len() < 3 {
        return None;
    }
    let slot = &problem.slots[k];
    let step = if problem.slots.len() == 3 { 1 } else { 2 };
    let portions: Vec<f64> = grid(slot.range.min, cap).step_by(step).collect();
    held_days(problem, current, k, c, &portions)
        .into_iter()
        .filter(|d| d.loss < bar.loss && keep(&d.picks))
        .min_by(|a, b| a.loss.total_cmp(&b.loss))
}

/// The days of [`held_pair`] with slot `k` holding its candidate `c` at
/// each of `portions`: for each portion and pair of other slots, the best
/// pair's day when it meets the targets and keeps the rules; on a day of
/// one or two slots, [`held_short`].
pub(super) fn held_days(
    problem: &Problem<'_>,
    current: &[(usize, f64)],
    k: usize,
    c: usize,
    portions: &[f64],
) -> Vec<Day> {
    let cap = |j: usize, x: usize| problem.cap_of(&problem.slots[j], &problem.slots[j].pool[x]);
    held_days_up_to(problem, current, k, c, portions, cap)
}

/// [`held_days`], the other meal of a day of one or two slots searched
/// up to `cap` (its largest portion of a slot's candidate: [`due_cap`]
/// in a pantry pass).
pub(super) fn held_days_up_to(
    problem: &Problem<'_>,
    current: &[(usize, f64)],
    k: usize,
    c: usize,
    portions: &[f64],
    cap: impl Fn(usize, usize) -> f64,
) -> Vec<Day> {
    let n = problem.slots.len();
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
    if n < 3 {
        return held_short(problem, current, k, c, portions, beyond, cap);
    }
    let mut days = Vec::new();
    let pairs: Vec<(usize, usize)> = others
        .iter()
        .enumerate()
        .flat_map(|(x, &a)| others[x + 1..].iter().map(move |&b| (a, b)))
        .take(HELD_PAIRS)
        .collect();
    for (a, b) in pairs {
        for &s in portions {
            if problem.budget.spent() {
                return days;
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
                limit_step: problem.limit_step,
                window: problem.window,
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
            days.push(Day { picks, loss });
        }
    }
    days
}

/// The days of [`held_days`] on a day of one or two slots: slot `k`
/// holding its candidate `c` at each of `portions` and the other slot,
/// if any, searched exactly (every recipe of its pool at every portion of
/// its grid), the day of least loss for each portion that meets the
/// targets and keeps the rules (`beyond`: the week's). Two-meal weeks
/// left due food a held recipe could take with its one partner changed
/// (branch pantry47).
fn held_short(
    problem: &Problem<'_>,
    current: &[(usize, f64)],
    k: usize,
    c: usize,
    portions: &[f64],
    beyond: impl Fn(&[(usize, f64)]) -> bool,
    cap: impl Fn(usize, usize) -> f64,
) -> Vec<Day> {
    let target = problem.scorer.target;
    let kept = |picks: &[(usize, f64)]| {
        problem.valid(picks) && problem.targets_met(picks) && !beyond(picks)
    };
    let mut days = Vec::new();
    for &s in portions {
        if problem.budget.spent() {
            return days;
        }
        let mut picks = current.to_vec();
        picks[k] = (c, s);
        let Some(j) = (0..picks.len()).find(|j| *j != k) else {
            if kept(&picks) {
                let loss = problem.loss(&picks);
                days.push(Day { picks, loss });
            }
            continue;
        };
        let held: [f64; 4] = std::array::from_fn(|m| {
            problem.slots[k].pool[c].scaled[m] * s
                + problem.fixed.iter().map(|f| f.scaled[m]).sum::<f64>()
        });
        let slot = &problem.slots[j];
        let mut best: Option<Day> = None;
        for (x, cand) in slot.pool.iter().enumerate() {
            for t in grid(slot.range.min, cap(j, x)) {
                // Every target within its tolerance first (one unit), as
                // [`Problem::best_pair`] looks.
                if (0..4).any(|m| (held[m] + cand.scaled[m] * t - target[m]).abs() > 1.0) {
                    continue;
                }
                picks[j] = (x, t);
                if !kept(&picks) {
                    continue;
                }
                let loss = problem.loss(&picks);
                if best.as_ref().is_none_or(|b| loss < b.loss) {
                    best = Some(Day {
                        picks: picks.clone(),
                        loss,
                    });
                }
            }
        }
        days.extend(best);
    }
    days
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::planner::is_main;
    use crate::planner::one::OneRequest;
    use crate::planner::search::Slot;
    use crate::planner::tests::catalogue;

    /// More of three foods than a week can eat, due on its last day.
    fn flooded() -> Vec<crate::planner::pantry::PantryFood> {
        [3, 17, 29]
            .iter()
            .map(|i| crate::planner::pantry::PantryFood {
                name: format!("ingredient {i}"),
                grams: 5000.0,
                use_by: Some(7),
                drawn_by: vec![(format!("ingredient {i}"), 1.0)],
            })
            .collect()
    }

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
        let at = Week::new(&request, scorer, dishes, &pools, &pool_of);
        let used = |days: &[PlannedDay]| stock.due_used_by(&recipes, days, 7);
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
    fn a_meal_holding_due_food_is_served_as_large_as_the_day_on_target_allows() {
        use crate::planner::one::plan_one_week;
        let recipes = catalogue(30, 11);
        let pantry = flooded();
        let diner = crate::planner::tests::pantry_diner().using_pantry(pantry.clone());
        let request = OneRequest::for_diner(&recipes, &diner, 7)
            .unwrap()
            .with_seed(5);
        let mut week = plan_one_week(&request, 0).unwrap();
        use_up(&request, &mut week, 0);
        let stock = Stock::new(&pantry, &recipes).unwrap();
        let scorer = Scorer::new(&request.targets, &request.tolerances, request.limits);
        let dishes = &*dishes_for(request.dishes, request.recipes, request.kitchen);
        let (pools, pool_of) = request.pools(&scorer, dishes);
        let bands = share_bands(&request.slots);
        let due = |days: &[PlannedDay]| stock.due_used_by(&recipes, days, 7);
        let got = due(&week.days);
        let (mut holding, mut on_target) = (0, 0);
        for d in 0..7 {
            let days = &week.days;
            let pools = pool_of.iter().map(|p| pools[*p].1.as_slice());
            let at = Revisit::new(&request, dishes, &bands, pools, days, d).unwrap();
            let problem = at.problem(&request, &scorer, dishes, false);
            let current = at.current.clone();
            if days[d].larger_portions || !problem.targets_met(&current) {
                continue;
            }
            on_target += 1;
            let kept = problem.limits_each(&current);
            let n = current.len();
            for k in 0..n {
                let slot = &problem.slots[k];
                let r = slot.pool[current[k].0].index;
                if !(0..pantry.len()).any(|i| stock.draws_on(r, i)) {
                    continue;
                }
                holding += 1;
                let up = current[k].1 + 0.25;
                if up > problem.cap_of(slot, &slot.pool[current[k].0]) + 1e-9 {
                    continue;
                }
                // A quarter serving more, with another meal's portion
                // changed or none: never a day on target keeping its
                // limits that uses more of the due food.
                for j in (0..n).filter(|j| *j != k) {
                    let other = &problem.slots[j];
                    let cap = problem.cap_of(other, &other.pool[current[j].0]);
                    for s in grid(other.range.min, cap) {
                        let mut picks = current.clone();
                        picks[k].1 = up;
                        picks[j].1 = s;
                        if !problem.targets_met(&picks)
                            || problem
                                .limits_each(&picks)
                                .iter()
                                .zip(&kept)
                                .any(|(now, was)| *was && !*now)
                        {
                            continue;
                        }
                        let mut larger = days.clone();
                        larger[d] = planned_day(
                            &problem,
                            &request.slots,
                            &Day {
                                loss: problem.loss(&picks),
                                picks,
                            },
                            false,
                            days[d].day_of_week,
                        );
                        assert!(
                            due(&larger) <= got + GAIN,
                            "day {d}: meal {k} at {up} servings, meal {j} at {s}: {} g of due food, not {got}",
                            due(&larger)
                        );
                    }
                }
            }
        }
        assert!(
            on_target > 0 && holding > 0,
            "{on_target} days on target, {holding} meals of due food"
        );
    }

    #[test]
    fn a_pantry_plate_above_the_usual_most_says_why_and_a_plain_week_never_does() {
        use crate::planner::{PANTRY_PORTIONS_NOTE, PlanRequest, plan};
        let recipes = catalogue(30, 11);
        let pantry = flooded();
        let plain = crate::planner::tests::pantry_diner();
        let week = |diner: crate::planner::Diner| {
            let request = PlanRequest::new(&recipes, vec![diner.clone()], 7)
                .unwrap()
                .with_seed(5);
            let days = plan(&request).unwrap();
            let above = |day: &crate::planner::TableDay| {
                day.meals.iter().any(|m| {
                    crate::planner::is_main(m.meal_type)
                        && m.shares[0].servings > diner.portions.range(m.meal_type).usual_max + 1e-9
                })
            };
            days.iter()
                .map(|d| (above(d), d.notes.iter().any(|n| n == PANTRY_PORTIONS_NOTE)))
                .collect::<Vec<_>>()
        };
        let with = week(plain.clone().using_pantry(pantry));
        assert!(with.iter().any(|(above, said)| *above && *said), "{with:?}");
        assert!(
            with.iter().all(|(above, said)| !*said || *above),
            "{with:?}"
        );
        assert!(week(plain).iter().all(|(_, said)| !*said));
    }

    #[test]
    fn a_pantry_week_serves_above_the_usual_most_only_for_due_food_on_days_on_target() {
        use crate::planner::one::plan_one_week;
        use crate::planner::rules::meal_weight_excess;
        let recipes = catalogue(30, 11);
        let pantry = flooded();
        let plain = crate::planner::tests::pantry_diner();
        let diner = plain.clone().using_pantry(pantry.clone());
        let request = OneRequest::for_diner(&recipes, &diner, 7)
            .unwrap()
            .with_seed(5);
        let mut week = plan_one_week(&request, 0).unwrap();
        use_up(&request, &mut week, 0);
        let stock = Stock::new(&pantry, &recipes).unwrap();
        let scorer = Scorer::new(&request.targets, &request.tolerances, request.limits);
        let dishes = &*dishes_for(request.dishes, request.recipes, request.kitchen);
        let (pools, pool_of) = request.pools(&scorer, dishes);
        let bands = share_bands(&request.slots);
        let mut above = 0;
        for d in 0..7 {
            let days = &week.days;
            if days[d].larger_portions {
                continue;
            }
            let pools = pool_of.iter().map(|p| pools[*p].1.as_slice());
            let at = Revisit::new(&request, dishes, &bands, pools, days, d).unwrap();
            let problem = at.problem(&request, &scorer, dishes, false);
            let picks = at.current.clone();
            let n = picks.len();
            let mut others = days.clone();
            others[d].meals.clear();
            let left = stock.after(&recipes, &others, &[]);
            for (k, meal) in days[d].meals.iter().enumerate() {
                let range = request.portions.range(meal.meal_type);
                if meal.servings <= range.usual_max + 1e-9 {
                    continue;
                }
                above += 1;
                // On a day on its targets, at most the person's most and
                // the meal weight limit, for more of the due food.
                assert!(problem.targets_met(&picks), "day {d}");
                assert!(meal.servings <= range.max + 1e-9, "{meal:?}");
                let grams = problem.slots[k].pool[picks[k].0].grams * meal.servings;
                assert!(meal_weight_excess(grams, n) <= 0.0, "{grams} g");
                assert!(
                    above_due(&problem, &left, &picks, d as u32 + 1, 7),
                    "day {d}"
                );
            }
        }
        assert!(above > 0, "no meal above 1.5 servings for the due food");
        // A plain week of the same person: above 1.5 only on a day whose
        // targets need it.
        let request = OneRequest::for_diner(&recipes, &plain, 7)
            .unwrap()
            .with_seed(5);
        let mut week = plan_one_week(&request, 0).unwrap();
        use_up(&request, &mut week, 0);
        for day in week.days.iter().filter(|d| !d.larger_portions) {
            assert!(day.meals.iter().all(|m| m.servings <= 1.5), "{day:?}");
        }
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
            limit_step: 0.0,
            window: 0.0,
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
            let cap = problem.cap_of(slot, &slot.pool[c]);
            let day = held_pair(&problem, &current.picks, 0, c, &open, cap, |_| true);
            if let Some(day) = &day {
                found += 1;
                assert_eq!(day.picks[0].0, c);
                assert!(portions.contains(&day.picks[0].1));
                assert!(problem.valid(&day.picks) && problem.targets_met(&day.picks));
                assert!((problem.loss(&day.picks) - day.loss).abs() < 1e-9);
                // Nothing below its own loss.
                assert!(held_pair(&problem, &current.picks, 0, c, day, cap, |_| true).is_none());
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
        assert!(held_pair(&two, &current.picks[..2], 0, 0, &open, 1.5, |_| true).is_none());
    }
}
