//! The search for a table's day: random starts repaired so that no one
//! has a recipe twice, improved slot by slot over a screened shortlist of
//! candidates, and a dish of their own for a person the shared dishes
//! cannot land.

use crate::food::nutrition::Nutrition;
use crate::food::recipe::Recipe;
use crate::planner::rules::STEPS_PER_SERVING;
use crate::planner::whole_day::{Dishes, Seen};
use crate::planner::{Budget, Rng};

use super::table::{Packed, Seat, TableSlot};
use super::{
    BONUS_WEIGHT, DEDUPE_BUDGET, EXTRA_STARTS, PRESCREEN, RESCUE_SHORTLIST, RICH_PRESCREEN, ROUNDS,
    SHORTLIST, STARTS, Share, TableDay, TableMeal, WeekCosts,
};

/// One eater's view of a slot being screened: what stays while its
/// candidates are tried.
struct ScreenView {
    /// The eater.
    d: usize,
    /// The slot's place among their dishes.
    k: usize,
    /// Their dishes, the slot's taking each candidate in turn.
    dishes: Vec<usize>,
    /// Their portions, the slot's taking each trial in turn.
    servings: Vec<f64>,
    /// Their targets less their other dishes, in tolerance units.
    rest: [f64; 4],
    /// Protein foods and families of their other dishes.
    seen: Seen,
    /// What those other dishes' repeats cost.
    base: f64,
    /// Per micronutrient goal, their day's need ([`Seat::need`]) and that
    /// less what their other dishes bring; empty when none is weighed.
    lacks: Vec<(f64, f64)>,
}

/// A day's dishes: a recipe (catalogue index) per group of each slot.
pub(super) type Choice = Vec<Vec<usize>>;

#[derive(Clone, Copy)]
pub(super) struct Search<'s> {
    pub(super) recipes: &'s [Recipe],
    /// Protein foods and dish families: no one eats a protein food in a
    /// third meal or two dishes of one family in a day, when it can be
    /// helped.
    pub(super) dishes: &'s Dishes,
    /// Each person's own candidates per slot of theirs (their rules
    /// alone), for a dish of their own.
    pub(super) own_pools: &'s [Vec<Vec<usize>>],
    pub(super) slots: &'s [TableSlot],
    pub(super) seats: &'s [Seat],
    pub(super) packed: &'s Packed,
    pub(super) bonuses: &'s [Vec<f64>],
    /// When to stop and keep the best found: between starts and between
    /// the slots of an improvement round.
    pub(super) budget: &'s Budget,
}

impl Search<'_> {
    /// The best day found from several random starts (fewer once the
    /// budget is spent and one was found): its dishes and each person's
    /// portions.
    pub(super) fn best_day(
        &self,
        rng: &mut Rng,
        week: &WeekCosts,
    ) -> Option<(Choice, Vec<Vec<f64>>)> {
        let mut best: Option<(f64, Choice)> = None;
        for start in 0..STARTS + EXTRA_STARTS {
            if best.is_some() && self.budget.spent() {
                break;
            }
            // Past the usual starts only while someone's day is missed.
            if start >= STARTS
                && best
                    .as_ref()
                    .is_some_and(|(_, choice)| self.everyone_on_target(choice))
            {
                break;
            }
            let mut choice: Choice = self
                .slots
                .iter()
                .map(|s| s.pools.iter().map(|p| p[rng.below(p.len())]).collect())
                .collect();
            if !self.dedupe(&mut choice) {
                continue;
            }
            let cost = self.improve(&mut choice, week);
            if best.as_ref().is_none_or(|(b, _)| cost < *b) {
                best = Some((cost, choice));
            }
        }
        let choice = best?.1;
        let portions = self.portions(&choice);
        Some((choice, portions))
    }

    /// Improves `choice` slot by slot (a dish replaced whenever that
    /// lowers the day's cost, its eaters re-portioned) until no change
    /// helps, the rounds run out or the budget is spent; its cost.
    pub(super) fn improve(&self, choice: &mut Choice, week: &WeekCosts) -> f64 {
        // Each person's cost and portions, so that a change of one
        // dish re-portions only the people who eat it.
        let mut seats: Vec<(f64, Vec<f64>)> = (0..self.seats.len())
            .map(|d| self.seat_cost(d, choice))
            .collect();
        let mut cost = seats.iter().map(|(c, _)| c).sum::<f64>() + self.repeats(choice, week);
        for round in 0..ROUNDS {
            let mut improved = false;
            for t in 0..self.slots.len() {
                // The first round runs whole unless nobody waits for the
                // answer: a day from a random start needs it.
                if self.budget.is_cancelled() || (round > 0 && self.budget.spent()) {
                    return cost;
                }
                for g in 0..self.slots[t].groups.len() {
                    let group = &self.slots[t].groups[g];
                    let was = choice[t][g];
                    let past: f64 = group
                        .iter()
                        .map(|d| self.mains_past(*d, choice, week))
                        .sum();
                    for r in self.screen(t, g, choice, &seats, week) {
                        choice[t][g] = r;
                        let now: f64 = group
                            .iter()
                            .map(|d| self.mains_past(*d, choice, week))
                            .sum();
                        let new: Vec<(f64, Vec<f64>)> =
                            group.iter().map(|d| self.seat_cost(*d, choice)).collect();
                        let delta: f64 = group
                            .iter()
                            .zip(&new)
                            .map(|(d, (c, _))| c - seats[*d].0)
                            .sum::<f64>()
                            + (week[r] - week[was])
                            + (now - past);
                        if delta < -1e-9 {
                            cost += delta;
                            for (d, seat) in group.iter().zip(new) {
                                seats[*d] = seat;
                            }
                            improved = true;
                            break;
                        }
                        choice[t][g] = was;
                    }
                }
            }
            if !improved {
                break;
            }
        }
        cost
    }

    /// How many people's days of `choice`, at their best portions, miss
    /// their tolerances.
    pub(super) fn missed(&self, choice: &Choice) -> usize {
        (0..self.seats.len())
            .filter(|d| {
                let dishes = self.dishes_of(*d, choice);
                let servings = self.seat_cost(*d, choice).1;
                !self.seats[*d].admits(&self.totals(&dishes, &servings))
            })
            .count()
    }

    /// What the day `choice` costs: every person's day at their best
    /// portions and the week's earlier uses of its recipes.
    pub(super) fn cost(&self, choice: &Choice, week: &WeekCosts) -> f64 {
        (0..self.seats.len())
            .map(|d| self.seat_cost(d, choice).0)
            .sum::<f64>()
            + self.repeats(choice, week)
    }

    /// Whether every person's day of `choice` at their best portions lands
    /// within their tolerances.
    pub(super) fn everyone_on_target(&self, choice: &Choice) -> bool {
        (0..self.seats.len()).all(|d| {
            let dishes = self.dishes_of(d, choice);
            let servings = self.seat_cost(d, choice).1;
            self.seats[d].admits(&self.totals(&dishes, &servings))
        })
    }

    /// What the week's earlier uses of a day's recipes cost, and each
    /// person's meals of the day that together take a main ingredient
    /// past the weekly rule.
    fn repeats(&self, choice: &Choice, week: &WeekCosts) -> f64 {
        choice.iter().flatten().map(|r| week[*r]).sum::<f64>()
            + (0..self.seats.len())
                .map(|d| self.mains_past(d, choice, week))
                .sum::<f64>()
    }

    /// Person `d`'s meals of the day `choice` that together take a main
    /// ingredient past the weekly rule, where `week` weighs them
    /// ([`WeekCosts::weighed`]).
    fn mains_past(&self, d: usize, choice: &Choice, week: &WeekCosts) -> f64 {
        week.weighed(self.dishes, &self.dishes_of(d, choice))
    }

    /// The most promising replacements for the dish of group `g` of slot
    /// `t`, best first: every candidate is scored with each eater's other
    /// portions as they are and only this dish's portion tried at every
    /// step; the best [`SHORTLIST`] are worth re-portioning in full.
    fn screen(
        &self,
        t: usize,
        g: usize,
        choice: &Choice,
        seats: &[(f64, Vec<f64>)],
        week: &WeekCosts,
    ) -> Vec<usize> {
        let group = &self.slots[t].groups[g];
        // Per eater, what does not depend on the candidate: their other
        // dishes' share of the targets, and their protein foods and dish
        // families so far (scratch vectors then take each candidate in
        // place, without allocating).
        let mut views: Vec<ScreenView> = group
            .iter()
            .map(|d| {
                let seat = &self.seats[*d];
                let k = seat.fed_by.iter().position(|f| *f == (t, g)).unwrap_or(0);
                let dishes: Vec<usize> = seat.fed_by.iter().map(|(t, g)| choice[*t][*g]).collect();
                let servings = seats[*d].1.clone();
                let mut rest = seat.scorer.target;
                let mut seen = Seen::default();
                let mut base = 0.0;
                let mut lacks: Vec<(f64, f64)> = seat
                    .need
                    .map(|n| n.iter().map(|v| (*v, *v)).collect())
                    .unwrap_or_default();
                for (j, (dish, s)) in dishes.iter().zip(&servings).enumerate() {
                    if j != k {
                        for (c, v) in rest.iter_mut().zip(&seat.units[*dish]) {
                            *c -= v * s;
                        }
                        for ((_, left), v) in lacks.iter_mut().zip(&self.packed.goals[*dish]) {
                            *left -= v * s;
                        }
                        base += seen.add(self.dishes, *dish);
                    }
                }
                ScreenView {
                    d: *d,
                    k,
                    dishes,
                    servings,
                    rest,
                    seen,
                    base,
                    lacks,
                }
            })
            .collect();
        let current = choice[t][g];
        // A first, cheap screen: each candidate's least-squares fit of the
        // eaters' remaining targets alone (four numbers each); only the
        // best [`PRESCREEN`] are scored in full. Where the eaters' days
        // weigh micronutrient needs, also the best [`RICH_PRESCREEN`] of
        // the rest by that fit less what they bring to those needs (as
        // [`need_cost`](Self::need_cost) weighs it), so that a dish rich
        // in what a seat lacks is weighed without displacing those that
        // fit.
        let mut fits: Vec<(f64, f64, usize)> = Vec::with_capacity(self.slots[t].pools[g].len());
        let needing = views.iter().any(|v| !v.lacks.is_empty());
        for &r in &self.slots[t].pools[g] {
            if r == current || self.holds(choice, t, g, r) {
                continue;
            }
            let mut miss = week[r];
            let mut brings = 0.0;
            for v in &views {
                let seat = &self.seats[v.d];
                let u = &seat.units[r];
                let uu: f64 = u.iter().map(|x| x * x).sum();
                let ur: f64 = u.iter().zip(&v.rest).map(|(a, b)| a * b).sum();
                let steps = &seat.steps[v.k];
                let x = if uu > 0.0 {
                    (ur / uu).clamp(steps[0], steps[steps.len() - 1])
                } else {
                    1.0
                };
                miss += u
                    .iter()
                    .zip(&v.rest)
                    .map(|(a, b)| (b - a * x) * (b - a * x))
                    .sum::<f64>();
                for ((need, left), g) in v.lacks.iter().zip(&self.packed.goals[r]) {
                    if *need > 0.0 && *left > 0.0 {
                        brings += seat.need_weight * (g * x).min(*left) / need;
                    }
                }
            }
            fits.push((miss, miss - brings, r));
        }
        if fits.len() > PRESCREEN {
            fits.select_nth_unstable_by(PRESCREEN, |a, b| a.0.total_cmp(&b.0));
            if needing {
                let rest = &mut fits[PRESCREEN..];
                if rest.len() > RICH_PRESCREEN {
                    rest.select_nth_unstable_by(RICH_PRESCREEN, |a, b| a.1.total_cmp(&b.1));
                }
                fits.truncate(PRESCREEN + RICH_PRESCREEN);
            } else {
                fits.truncate(PRESCREEN);
            }
        }
        let mut scored: Vec<(f64, usize)> = Vec::with_capacity(fits.len());
        for &(_, _, r) in &fits {
            let mut total = week[r];
            for v in &mut views {
                let seat = &self.seats[v.d];
                v.dishes[v.k] = r;
                // This dish's least-squares portion with the others as
                // they are, rounded down and up.
                let u = &seat.units[r];
                let uu: f64 = u.iter().map(|x| x * x).sum();
                let ur: f64 = u.iter().zip(&v.rest).map(|(a, b)| a * b).sum();
                let steps = &seat.steps[v.k];
                let (lo, hi) = (steps[0], steps[steps.len() - 1]);
                let x = if uu > 0.0 {
                    (ur / uu).clamp(lo, hi)
                } else {
                    1.0
                };
                let q = x * STEPS_PER_SERVING;
                let mut best = f64::INFINITY;
                let mut at = lo;
                for step in [q.floor(), q.ceil()] {
                    v.servings[v.k] = (step / STEPS_PER_SERVING).clamp(lo, hi);
                    let l = self.loss(seat, &v.dishes, &v.servings);
                    if l < best {
                        best = l;
                        at = v.servings[v.k];
                    }
                }
                v.servings[v.k] = at;
                best += self.need_cost(seat, &v.dishes, &v.servings);
                total += best
                    + v.base
                    + v.seen.cost_of(self.dishes, r)
                    + week.weighed(self.dishes, &v.dishes)
                    - BONUS_WEIGHT * self.bonuses[v.d][r];
            }
            scored.push((total, r));
        }
        scored.sort_by(|a, b| a.0.total_cmp(&b.0));
        scored.truncate(SHORTLIST);
        scored.into_iter().map(|(_, r)| r).collect()
    }

    /// Person `d`'s dishes of the day `choice`, one per slot of theirs.
    pub(super) fn dishes_of(&self, d: usize, choice: &Choice) -> Vec<usize> {
        self.seats[d]
            .fed_by
            .iter()
            .map(|(t, g)| choice[*t][*g])
            .collect()
    }

    /// A person's totals of `dishes` at `servings`, as served.
    pub(super) fn totals(&self, dishes: &[usize], servings: &[f64]) -> Nutrition {
        dishes
            .iter()
            .zip(servings)
            .map(|(r, s)| self.recipes[*r].nutrition().served(*s))
            .sum()
    }

    /// A dish of their own for person `d`, whose day the shared dishes
    /// cannot land: the slot, recipe and portions that bring their day
    /// within their tolerances (the least change of dishes: one slot), if
    /// any does. Never a dish that takes a main ingredient of theirs past
    /// the weekly rule (`mine`: their own meals so far, [`WeekCosts::keeps`]):
    /// that is weighed above a target's miss, which is all a dish of
    /// one's own mends; ranked by the table's week (`week`).
    pub(super) fn rescue(
        &self,
        d: usize,
        dishes: &[usize],
        servings: &[f64],
        week: &WeekCosts,
        mine: &WeekCosts,
    ) -> Option<(usize, usize, Vec<f64>)> {
        let seat = &self.seats[d];
        // Within the tolerances first, then the least loss.
        let mut best: Option<(bool, f64, usize, usize, Vec<f64>)> = None;
        for k in 0..dishes.len() {
            let mut scored: Vec<(f64, usize)> = self.own_pools[d][k]
                .iter()
                .filter(|r| !dishes.contains(r))
                .filter_map(|r| {
                    let mut trial = dishes.to_vec();
                    trial[k] = *r;
                    if !mine.keeps(self.dishes, dishes, &trial, *r) {
                        return None;
                    }
                    let mut s = servings.to_vec();
                    let least = seat.steps[k]
                        .iter()
                        .map(|step| {
                            s[k] = *step;
                            self.loss(seat, &trial, &s)
                        })
                        .fold(f64::INFINITY, f64::min);
                    Some((least + week[*r], *r))
                })
                .collect();
            scored.sort_by(|a, b| a.0.total_cmp(&b.0));
            for (_, r) in scored.into_iter().take(RESCUE_SHORTLIST) {
                let mut trial = dishes.to_vec();
                trial[k] = r;
                let (loss, portions) = self.portion(seat, &trial);
                let loss = loss + self.dishes.repeats_cost(trial.iter().copied());
                let admits = seat.admits(&self.totals(&trial, &portions));
                if best
                    .as_ref()
                    .is_none_or(|(a, b, ..)| (admits && !a) || (admits == *a && loss < *b))
                {
                    best = Some((admits, loss, k, r, portions));
                }
            }
        }
        let (admits, _, k, r, portions) = best?;
        admits.then_some((k, r, portions))
    }

    /// Whether someone who eats the dish of group `g` of slot `t` already
    /// has recipe `r` at another slot of the day.
    fn holds(&self, choice: &Choice, t: usize, g: usize, r: usize) -> bool {
        self.slots[t].groups[g].iter().any(|d| {
            self.seats[*d]
                .fed_by
                .iter()
                .any(|&(t2, g2)| (t2, g2) != (t, g) && choice[t2][g2] == r)
        })
    }

    /// Replaces recipes a random start gives someone twice, by
    /// backtracking over the slots (each keeps its dish when it can, else
    /// takes the first of its pool no eater has yet). Whether it found a
    /// day with no repeat for anyone.
    fn dedupe(&self, choice: &mut Choice) -> bool {
        let order: Vec<(usize, usize)> = (0..self.slots.len())
            .flat_map(|t| (0..self.slots[t].groups.len()).map(move |g| (t, g)))
            .collect();
        let start = choice.clone();
        let mut budget = DEDUPE_BUDGET;
        self.assign(choice, &start, &order, 0, &mut budget)
    }

    /// [`dedupe`](Self::dedupe) from position `at` of `order`: slots before
    /// it are settled; a slot not yet settled counts as free.
    fn assign(
        &self,
        choice: &mut Choice,
        start: &Choice,
        order: &[(usize, usize)],
        at: usize,
        budget: &mut usize,
    ) -> bool {
        let Some(&(t, g)) = order.get(at) else {
            return true;
        };
        let settled = &order[..at];
        let clashes = |choice: &Choice, r: usize| {
            self.slots[t].groups[g].iter().any(|d| {
                self.seats[*d]
                    .fed_by
                    .iter()
                    .any(|f| *f != (t, g) && settled.contains(f) && choice[f.0][f.1] == r)
            })
        };
        let first = start[t][g];
        let candidates = std::iter::once(first).chain(
            self.slots[t].pools[g]
                .iter()
                .copied()
                .filter(move |r| *r != first),
        );
        for r in candidates {
            if *budget == 0 {
                return false;
            }
            *budget -= 1;
            if clashes(choice, r) {
                continue;
            }
            choice[t][g] = r;
            if self.assign(choice, start, order, at + 1, budget) {
                return true;
            }
        }
        choice[t][g] = first;
        false
    }

    /// The planned day of `choice` at `portions`.
    pub(super) fn day(
        &self,
        day_of_week: u8,
        choice: &Choice,
        portions: &[Vec<f64>],
        own: &[Option<(usize, usize)>],
    ) -> TableDay {
        let mut meals = Vec::new();
        for (t, slot) in self.slots.iter().enumerate() {
            for (g, group) in slot.groups.iter().enumerate() {
                let position = |d: usize| {
                    self.seats[d]
                        .fed_by
                        .iter()
                        .position(|f| *f == (t, g))
                        .unwrap_or(0)
                };
                let apart: Vec<(usize, usize)> = group
                    .iter()
                    .filter_map(|d| match own[*d] {
                        Some((k, r)) if k == position(*d) => Some((*d, r)),
                        _ => None,
                    })
                    .collect();
                let shares: Vec<Share> = group
                    .iter()
                    .filter(|d| !apart.iter().any(|(a, _)| a == *d))
                    .map(|d| Share {
                        diner: *d,
                        servings: portions[*d][position(*d)],
                    })
                    .collect();
                let split = if apart.is_empty() {
                    slot.split.clone()
                } else {
                    Some(format!(
                        "no shared {} lands everyone's day on their targets, so {} eat{} a dish of their own",
                        slot.meal_type.as_str(),
                        if apart.len() == 1 {
                            "one person"
                        } else {
                            "some"
                        },
                        if apart.len() == 1 { "s" } else { "" },
                    ))
                };
                if !shares.is_empty() {
                    meals.push(TableMeal {
                        recipe_id: self.recipes[choice[t][g]].id,
                        meal_type: slot.meal_type,
                        schedule: t as u8 + 1,
                        shares,
                        split: split.clone(),
                        leftover_of: None,
                        cook_servings: None,
                    });
                }
                for (d, r) in apart {
                    meals.push(TableMeal {
                        recipe_id: self.recipes[r].id,
                        meal_type: slot.meal_type,
                        schedule: t as u8 + 1,
                        shares: vec![Share {
                            diner: d,
                            servings: portions[d][position(d)],
                        }],
                        split: split.clone(),
                        leftover_of: None,
                        cook_servings: None,
                    });
                }
            }
        }
        let totals = (0..self.seats.len())
            .map(|d| {
                let mut dishes = self.dishes_of(d, choice);
                if let Some((k, r)) = own[d] {
                    dishes[k] = r;
                }
                self.totals(&dishes, &portions[d])
            })
            .collect();
        TableDay {
            day_of_week,
            meals,
            totals,
            notes: Vec::new(),
        }
    }
}
