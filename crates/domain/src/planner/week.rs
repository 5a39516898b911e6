//! The best a whole plan of one meal a day can do under the variety rules.
//!
//! A day's own bound ([`best_miss`](super::best_miss)) is the best single
//! recipe and portion. A one-meal week cannot have it every day: it needs
//! [`WEEKLY_DISTINCT`](super::WEEKLY_DISTINCT) different recipes, and while the slot has
//! [`VARIETY_MIN_CANDIDATES`] or more candidates none may come two days
//! running. So when only a few recipes meet the targets alone, the other
//! days are off in every plan that keeps the rules. [`WeekBound`] says by
//! how much, rank by rank: no such plan has its *i*-th best day closer
//! than the *i*-th value.
//!
//! With the candidates' own best misses sorted, m₁ ≤ m₂ ≤ …, a plan of
//! *n* days needing *d* different recipes uses one recipe at most
//! *c* = *n* − *d* + 1 times (at most ⌈*n*/2⌉ with the consecutive rule).
//! Days better than m_{j+1} use only the *j* best recipes: at most
//! min(*jc*, *n* − (*d* − *j*)) of them, since the other days still need
//! *d* − *j* further recipes. The *i*-th best day is therefore no better
//! than m_j for the least *j* whose count reaches *i*; and the plan with
//! the best recipe *c* times (on alternate days where the consecutive rule
//! holds) and the next ones once each reaches every rank at once, so the
//! values are exact.

use crate::food::hard_rules::HardRules;
use crate::food::meal::MealType;
use crate::food::recipe::Recipe;
use crate::profile::targets::Targets;

use super::lp::{Bound, recipe_miss};
use super::rules::{Portions, Tolerances};
use super::whole_day::LimitRule;
use super::{VARIETY_MIN_CANDIDATES, weekly_distinct};

/// How close the best, second best, … day of a one-meal plan can come to
/// the targets in any plan that keeps the rules. A statement about the
/// week: a single day can always come as close as the best recipe.
#[derive(Debug, Clone, PartialEq)]
pub struct WeekBound {
    /// Least miss of the best, second best, … day: one value a day.
    ranks: Vec<f64>,
    /// Different recipes the plan needs.
    distinct: usize,
}

/// A day's place in its one-meal week and what a day of that place can
/// reach at best ([`WeekBound::per_day`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Ranked {
    /// 1 for the week's best day (least miss), 2 for the second best, …
    pub rank: usize,
    /// The least miss the `rank`-th best day of any week keeping the
    /// rules can have.
    pub bound: Bound,
}

impl WeekBound {
    /// The bound of a plan of `days` days (1-7) whose one slot is `slot`,
    /// over the candidates `rules` allow at the portions `portions` allow;
    /// `None` when the slot has no candidate or the plan no day. A day's
    /// miss is as the planner ranks it: fibre past the ceiling or sodium
    /// past the limit of `limits` counts as a target beyond its tolerance.
    #[allow(clippy::too_many_arguments)]
    pub fn one_meal(
        recipes: &[Recipe],
        slot: MealType,
        rules: &HardRules,
        targets: &Targets<f64>,
        tolerances: &Tolerances,
        limits: &LimitRule,
        portions: &Portions,
        days: u8,
    ) -> Option<Self> {
        let range = portions.range(slot);
        let misses = recipes
            .iter()
            .filter(|r| r.serves(slot) && rules.allow(r))
            .map(|r| recipe_miss(r, range, targets, tolerances, limits))
            .collect();
        Self::from_misses(misses, usize::from(days))
    }

    /// The bound from each candidate's least miss (any order) for a plan
    /// of `days` days: the count of candidates decides which variety rules
    /// apply, as it does for the planner.
    pub fn from_misses(mut misses: Vec<f64>, days: usize) -> Option<Self> {
        let candidates = misses.len();
        if candidates == 0 || days == 0 {
            return None;
        }
        misses.sort_by(f64::total_cmp);
        let distinct = weekly_distinct(days, candidates);
        let ranks = uses(days, candidates)
            .into_iter()
            .zip(misses)
            .flat_map(|(n, miss)| std::iter::repeat_n(miss, n))
            .collect();
        Some(Self { ranks, distinct })
    }

    /// The least miss of the best, second best, … day.
    pub fn ranks(&self) -> &[f64] {
        &self.ranks
    }

    /// Different recipes the plan needs: 5, or fewer for a shorter plan
    /// or a slot with fewer candidates.
    pub fn distinct(&self) -> usize {
        self.distinct
    }

    /// Each day's place and its place's bound, for a plan whose days miss
    /// by `misses` (in day order): the day ranked *i*-th (ties by order)
    /// gets the *i*-th value. `None` when the days do not fit the bound:
    /// the plan has another length, or a day beats its place's value (it
    /// was changed by hand against the rules, say, or planned against
    /// other targets), so no ranking is claimed for it.
    pub fn per_day(&self, misses: &[f64]) -> Option<Vec<Ranked>> {
        if misses.len() != self.ranks.len() {
            return None;
        }
        let mut order: Vec<usize> = (0..misses.len()).collect();
        order.sort_by(|a, b| misses[*a].total_cmp(&misses[*b]).then(a.cmp(b)));
        let mut out = vec![
            Ranked {
                rank: 0,
                bound: Bound {
                    miss: 0.0,
                    exact: true,
                },
            };
            misses.len()
        ];
        for (rank, day) in order.into_iter().enumerate() {
            let bound = self.ranks[rank];
            if misses[day] < bound - 1e-9 {
                return None;
            }
            out[day].rank = rank + 1;
            out[day].bound.miss = bound;
        }
        Some(out)
    }
}

/// How many days of a one-meal plan of `days` days (at least 1) the best,
/// second best, … of its `candidates` recipes (at least 1) fill when the
/// days are to be as good as the variety rules allow: the best one as
/// often as they allow, then one day each, until every day is filled.
pub(crate) fn uses(days: usize, candidates: usize) -> Vec<usize> {
    let distinct = weekly_distinct(days, candidates);
    let mut cap = days - distinct + 1;
    if candidates >= VARIETY_MIN_CANDIDATES {
        cap = cap.min(days.div_ceil(2));
    }
    // Days that the j best recipes can fill.
    let reach = |j: usize| (j * cap).min(days - distinct.saturating_sub(j));
    (1..=candidates)
        .map(|j| reach(j) - reach(j - 1))
        .take_while(|n| *n > 0)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_week_with_three_good_recipes_has_two_days_off() {
        // Ten or more candidates: 5 different, none two days running.
        let misses = vec![0.0, 0.0, 0.0, 0.04, 0.07, 0.09, 0.1, 0.2, 0.3, 0.4];
        let week = WeekBound::from_misses(misses, 7).unwrap();
        assert_eq!(week.ranks(), &[0.0, 0.0, 0.0, 0.0, 0.0, 0.04, 0.07]);
        let one = WeekBound::from_misses(vec![0.0; 1].into_iter().chain([0.05; 9]).collect(), 7);
        assert_eq!(
            one.unwrap().ranks(),
            &[0.0, 0.0, 0.0, 0.05, 0.05, 0.05, 0.05]
        );
    }

    #[test]
    fn the_best_recipe_fills_what_the_rules_leave() {
        assert_eq!(uses(7, 300), [3, 1, 1, 1, 1]);
        assert_eq!(uses(7, 3), [5, 1, 1]);
        assert_eq!(uses(3, 300), [1, 1, 1]);
        assert_eq!(uses(1, 1), [1]);
    }

    #[test]
    fn few_candidates_relax_the_rules_as_the_planner_does() {
        // Two candidates: two different recipes, repeats allowed.
        let week = WeekBound::from_misses(vec![0.1, 0.0], 7).unwrap();
        assert_eq!(week.ranks(), &[0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.1]);
        // A two-day plan needs two different recipes.
        let week = WeekBound::from_misses(vec![0.0, 0.3, 0.5], 2).unwrap();
        assert_eq!(week.ranks(), &[0.0, 0.3]);
        assert_eq!(WeekBound::from_misses(Vec::new(), 7), None);
    }

    #[test]
    fn days_are_ranked_and_a_plan_breaking_the_rules_gets_none() {
        let week = WeekBound::from_misses(vec![0.0, 0.02, 0.05, 0.3, 0.4], 3).unwrap();
        // Three days, three different recipes (fewer than 10 candidates).
        assert_eq!(week.ranks(), &[0.0, 0.02, 0.05]);
        let days = week.per_day(&[0.06, 0.0, 0.02]).unwrap();
        let misses: Vec<f64> = days.iter().map(|d| d.bound.miss).collect();
        assert_eq!(misses, [0.05, 0.0, 0.02]);
        let ranks: Vec<usize> = days.iter().map(|d| d.rank).collect();
        assert_eq!(ranks, [3, 1, 2]);
        // The best recipe three times: better than any plan keeping the
        // rules, so no bound is claimed.
        assert_eq!(week.per_day(&[0.0, 0.0, 0.0]), None);
        assert_eq!(week.per_day(&[0.0, 0.1]), None);
    }

    /// Calls `each` with every plan of `days` days over `candidates`
    /// recipes that keeps the rules (each day's recipe).
    fn valid_plans(candidates: usize, days: usize, each: &mut impl FnMut(&[usize])) {
        fn extend(plan: &mut Vec<usize>, c: usize, days: usize, each: &mut impl FnMut(&[usize])) {
            if plan.len() == days {
                let distinct = plan.iter().fold(0u32, |set, r| set | 1 << r).count_ones();
                if distinct as usize >= weekly_distinct(days, c) {
                    each(plan);
                }
                return;
            }
            for r in 0..c {
                if c >= VARIETY_MIN_CANDIDATES && plan.last() == Some(&r) {
                    continue;
                }
                plan.push(r);
                extend(plan, c, days, each);
                plan.pop();
            }
        }
        extend(&mut Vec::with_capacity(days), candidates, days, each);
    }

    #[test]
    fn the_ranks_are_what_the_best_valid_plans_reach() {
        let mut rng = super::super::Rng(7);
        for candidates in [1, 2, 3, 4, 5, 6, 10] {
            for days in 1..=7 {
                // Distinct misses in a random order, then misses with ties.
                let mut distinct: Vec<f64> = (0..candidates).map(|k| k as f64 / 100.0).collect();
                for k in (1..candidates).rev() {
                    distinct.swap(k, rng.below(k + 1));
                }
                let tied: Vec<f64> = (0..candidates)
                    .map(|_| rng.below(3) as f64 / 100.0)
                    .collect();
                for misses in [distinct, tied] {
                    let week = WeekBound::from_misses(misses.clone(), days).unwrap();
                    // Rank by rank, the best over every valid plan, and
                    // whether one plan reaches every rank at once.
                    let mut best = vec![f64::INFINITY; days];
                    let mut at_once = false;
                    let mut sorted = [0.0; 7];
                    valid_plans(candidates, days, &mut |plan| {
                        for (d, r) in plan.iter().enumerate() {
                            sorted[d] = misses[*r];
                        }
                        sorted[..days].sort_unstable_by(f64::total_cmp);
                        for (i, m) in sorted[..days].iter().enumerate() {
                            // What `per_day` checks: no rank beats the bound.
                            assert!(*m >= week.ranks()[i], "{misses:?} {plan:?}");
                            best[i] = best[i].min(*m);
                        }
                        at_once |= sorted[..days] == *week.ranks();
                    });
                    assert_eq!(best, week.ranks(), "{misses:?}, {days} days");
                    assert!(at_once, "{misses:?}, {days} days");
                }
            }
        }
    }
}
