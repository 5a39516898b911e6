//! The exact search of a two-slot day: every pair of allowed recipes at
//! every pair of portions that meets the targets, scored by the day
//! search's own loss.
//!
//! Random restarts of a coordinate descent rarely find a two-meal day
//! that only one or two pairs meet (a high-carbohydrate vegan's 3,100
//! kcal in two plates: one dinner at two servings, with one of two
//! breakfasts), and a day that cannot be met spends hundreds of them. The
//! pairs are few (the shipped catalogue's pools give at most about
//! 40,000, each at 6-8 portions), and most are far off in calories: the
//! second slot's choices are sorted by calories, and only those that keep
//! the calories within their tolerance are looked at.

use super::rules::grid;
use super::search::{Day, Problem, Scorer};

/// A choice of one slot: candidate position, portion, its nutrients in
/// tolerance units, and its portion and repeat cost.
struct Choice {
    c: usize,
    s: f64,
    scaled: [f64; 4],
    cost: f64,
}

impl Problem<'_> {
    /// The day of least loss among the pairs of a two-slot day that meet
    /// their targets ([`Problem::targets_met`]; portions up to the slots'
    /// caps, [`Problem::extended`] saying which), with the fixed meals as
    /// they are; `None` for another number of slots or when no pair does.
    /// Between choices of the first slot the search stops once the budget
    /// is spent.
    pub fn best_pair(&self) -> Option<Day> {
        let [first, second] = self.slots.as_slice() else {
            return None;
        };
        let fixed: [f64; 4] = std::array::from_fn(|j| self.fixed.iter().map(|f| f.scaled[j]).sum());
        let held: Vec<usize> = self.fixed.iter().filter_map(|f| f.recipe).collect();
        let options = |k: usize| -> Vec<Choice> {
            let slot = &self.slots[k];
            slot.pool
                .iter()
                .enumerate()
                .filter(|(_, cand)| {
                    !held.contains(&cand.index) && !slot.banned.contains(&cand.index)
                })
                .flat_map(|(c, cand)| {
                    grid(slot.range.min, self.cap_of(slot, cand)).map(move |s| Choice {
                        c,
                        s,
                        scaled: cand.scaled.map(|v| v * s),
                        cost: self.pick_cost(slot, cand, s),
                    })
                })
                .collect()
        };
        let firsts = options(0);
        let mut seconds = options(1);
        seconds.sort_by(|a, b| a.scaled[0].total_cmp(&b.scaled[0]));
        let least_second = seconds.iter().map(|o| o.cost).fold(f64::INFINITY, f64::min);
        let target = self.scorer.target;
        let mut best: Option<Day> = None;
        for a in &firsts {
            if self.budget.is_cancelled() || self.budget.spent() {
                break;
            }
            let bar = best.as_ref().map_or(f64::INFINITY, |d| d.loss);
            // Calories within their tolerance (one unit), and close enough
            // for the pair to beat the best so far.
            let reach = self.scorer.calorie_reach(bar - a.cost - least_second);
            let centre = target[0] - fixed[0] - a.scaled[0];
            let from = seconds.partition_point(|b| b.scaled[0] < centre - reach);
            let index_a = first.pool[a.c].index;
            for b in &seconds[from..] {
                if b.scaled[0] > centre + reach {
                    break;
                }
                if second.pool[b.c].index == index_a {
                    continue;
                }
                let total: [f64; 4] = std::array::from_fn(|j| fixed[j] + a.scaled[j] + b.scaled[j]);
                if (1..4).any(|j| (total[j] - target[j]).abs() > 1.0) {
                    continue;
                }
                let bar = best.as_ref().map_or(f64::INFINITY, |d| d.loss);
                if self.scorer.error(&total) + a.cost + b.cost >= bar - 1e-12 {
                    continue;
                }
                let picks = vec![(a.c, a.s), (b.c, b.s)];
                let loss = self.loss(&picks);
                if loss < bar - 1e-12 && self.targets_met(&picks) {
                    best = Some(Day { picks, loss });
                }
            }
        }
        best
    }
}

impl Scorer {
    /// How far the calories may be off, in tolerance units (at most one:
    /// within the tolerance), for their share of [`error`](Self::error)
    /// alone to stay under `room`: a day further off cannot cost less.
    fn calorie_reach(&self, room: f64) -> f64 {
        // The error's calorie term within the tolerance, growing with `e`.
        let cost = |e: f64| e * e + 10.0 * (e - 0.9).max(0.0).powi(2);
        if cost(1.0) < room {
            return 1.0;
        }
        let (mut lo, mut hi) = (0.0, 1.0);
        for _ in 0..30 {
            let mid = 0.5 * (lo + hi);
            if cost(mid) < room {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        hi
    }
}
