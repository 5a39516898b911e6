//! How close any plan of a slot pattern can come to the targets: the
//! bound a missed day is measured against.
//!
//! For one slot the answer is exact: every candidate recipe at every
//! allowed portion; so it is for two slots when their pools are small
//! enough to try every pair (the shipped catalogue's are). Otherwise it is
//! the optimum of the *portion LP*,
//! the linear relaxation of the day: each slot takes a convex combination
//! of its candidates' extreme portions (smallest and largest allowed),
//! which contains every real choice of one recipe and one portion per
//! slot. Minimising the worst excess beyond the tolerances over that set,
//! with no meal over half of a day of three or more meals, gives a value
//! no real day can beat: a lower bound.
//!
//! With *m* the excess (a fraction of each target), target *T*, tolerance
//! *τ* and λ the combination weights, the LP is
//!
//! ```text
//! min m   s.t.  Σ_p λ_kp = 1                       (each slot k)
//!               |Σ_kp λ_kp p_j − T_j| ≤ (τ_j + m) T_j  (each nutrient j)
//!               Σ_p λ_kp p_kcal ≤ ½ Σ_kp λ_kp p_kcal  (each slot, 3+ slots)
//!               λ, m ≥ 0
//! ```
//!
//! It has a column per candidate and portion (hundreds of thousands with
//! a large catalogue) but only about twenty rows, so its dual, which has
//! about twenty variables, is solved instead by cutting planes: solve the
//! dual with a few of its constraints (`good_lp` with the pure-Rust
//! `microlp`), add the candidates it violates most (found by one pass over
//! the pools), repeat. Every dual solution, with each slot's variable made
//! tight over all candidates, is dual feasible, so its value is a valid
//! lower bound at every step; the loop stops when it meets the restricted
//! optimum.

use good_lp::{Expression, ProblemVariables, Solution, SolverModel, Variable, microlp, variable};

use crate::food::hard_rules::HardRules;
use crate::food::meal::MealType;
use crate::food::nutrition::Nutrition;
use crate::food::recipe::Recipe;
use crate::profile::targets::Targets;

use super::rules::{
    MAX_MEAL_SHARE, PortionRange, Portions, Tolerances, grid, heaviest_portion, target_values,
    values,
};
use super::whole_day::LimitRule;

/// The best any plan of a slot pattern could do.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bound {
    /// The least [`Tolerances::miss`] a day of these slots can have under
    /// the rules (0: the targets can be met), as a fraction of the target.
    pub miss: f64,
    /// Whether `miss` is reached by an actual day (one slot: every recipe
    /// and portion tried) rather than a lower bound from the relaxation.
    pub exact: bool,
}

/// Rounds of cutting planes before settling for the bound reached.
const MAX_ROUNDS: usize = 80;
/// New constraints per slot and round.
const CUTS_PER_SLOT: usize = 4;
/// Cost of each unit of a share constraint left unmet (so that the LP
/// stays feasible when the cap cannot hold).
const SHARE_SLACK_COST: f64 = 10.0;
/// Bound on the dual's free variables, far beyond any optimum.
const FREE: f64 = 1e5;
/// Two slots with at most this many pairs of candidates are solved
/// exactly (the shipped catalogue has at most about 40,000).
const MAX_PAIRS: usize = 250_000;

/// The least miss of a day of `recipe` alone at any portion of `range`
/// a person eats at one sitting ([`heaviest_portion`]), its fibre past
/// the ceiling or sodium past the limit of `limits` counting as a target
/// beyond its tolerance ([`day_miss`]); infinite when no portion is light
/// enough.
pub(super) fn recipe_miss(
    recipe: &Recipe,
    range: PortionRange,
    targets: &Targets<f64>,
    tolerances: &Tolerances,
    limits: &LimitRule,
) -> f64 {
    grid(range.min, largest(recipe, range, 1))
        .map(|s| {
            let n = recipe.nutrition.served(s);
            day_miss(
                tolerances.miss(&n, targets),
                limits,
                &n,
                recipe.card.sodium * s,
            )
        })
        .fold(f64::INFINITY, f64::min)
}

/// The largest portion of `recipe` in `range` on a day of `meals` meals:
/// the planner never serves a meal heavier than its weight limit.
fn largest(recipe: &Recipe, range: PortionRange, meals: usize) -> f64 {
    range.max.min(heaviest_portion(recipe.grams(), meals))
}

/// A day's miss as the planner ranks it: the worse of its targets' miss
/// (`target_miss`) and how far `totals` and `sodium` mg are past the
/// fibre ceiling or sodium limit of `limits`.
fn day_miss(target_miss: f64, limits: &LimitRule, totals: &Nutrition, sodium: f64) -> f64 {
    target_miss.max(limits.limits(totals.calories).excess(totals.fiber, sodium))
}

/// How close any day of `slots` can come to `targets` under `rules` and
/// the portion limits (main meals up to `portions.max_servings`), slot `k`
/// taking none of the recipes (indices in `recipes`) of `exclude[k]`, if
/// given; `None` when a slot has no candidate. The miss is as the planner
/// ranks days: fibre past the ceiling or sodium past the limit of
/// `limits` counts as a target that far beyond its tolerance. With one or
/// two slots the bound is exact; with more, the relaxation leaves those
/// two limits out, which only lowers it.
#[allow(clippy::too_many_arguments)]
pub fn best_miss(
    recipes: &[Recipe],
    slots: &[MealType],
    rules: &HardRules,
    targets: &Targets<f64>,
    tolerances: &Tolerances,
    limits: &LimitRule,
    portions: &Portions,
    exclude: &[Vec<usize>],
) -> Option<Bound> {
    let pools: Vec<Vec<&Recipe>> = slots
        .iter()
        .enumerate()
        .map(|(k, m)| {
            let out = exclude.get(k).map_or(&[][..], Vec::as_slice);
            recipes
                .iter()
                .enumerate()
                .filter(|(i, r)| r.serves(*m) && rules.allow(r) && !out.contains(i))
                .map(|(_, r)| r)
                .collect()
        })
        .collect();
    if slots.is_empty() || pools.iter().any(Vec::is_empty) {
        return None;
    }
    if let [pool] = pools.as_slice() {
        let range = portions.range(slots[0]);
        let miss = pool
            .iter()
            .map(|r| recipe_miss(r, range, targets, tolerances, limits))
            .fold(f64::INFINITY, f64::min);
        return Some(Bound { miss, exact: true });
    }
    if let [first, second] = pools.as_slice()
        && first.len() * second.len() <= MAX_PAIRS
    {
        let miss = best_pair(
            [first, second],
            [portions.range(slots[0]), portions.range(slots[1])],
            targets,
            tolerances,
            limits,
        );
        return Some(Bound { miss, exact: true });
    }
    // Nutrients as fractions of their targets.
    let want = target_values(targets).map(|t| t.max(1.0));
    // Each candidate with its largest portion; one too heavy at its
    // smallest is no candidate.
    let scaled: Vec<Vec<([f64; 4], f64)>> = pools
        .iter()
        .zip(slots)
        .map(|(pool, m)| {
            let range = portions.range(*m);
            pool.iter()
                .map(|r| {
                    let v = values(&r.nutrition);
                    let v: [f64; 4] = std::array::from_fn(|j| v[j] / want[j]);
                    (v, largest(r, range, slots.len()))
                })
                .filter(|(_, max)| *max >= range.min - 1e-9)
                .collect()
        })
        .collect();
    if scaled.iter().any(Vec::is_empty) {
        return Some(Bound {
            miss: f64::INFINITY,
            exact: false,
        });
    }
    let ranges: Vec<f64> = slots.iter().map(|m| portions.range(*m).min).collect();
    let tol = tolerances.values();
    let capped = slots.len() >= 3;
    let miss = relaxation(&scaled, &ranges, &tol, capped)?;
    // A cap no combination can keep shows as the slack's cost; the bound
    // then is that of the targets alone.
    let miss = if capped && miss > 1.0 {
        relaxation(&scaled, &ranges, &tol, false)?
    } else {
        miss
    };
    Some(Bound {
        miss: miss.max(0.0),
        exact: false,
    })
}

/// The least miss of two slots ([`day_miss`]), every pair of distinct
/// candidates at every pair of portions: the second slot's choices sorted
/// by calories, only those that can keep the calories within the best
/// miss so far are scored.
fn best_pair(
    pools: [&[&Recipe]; 2],
    ranges: [super::rules::PortionRange; 2],
    targets: &Targets<f64>,
    tolerances: &Tolerances,
    limits: &LimitRule,
) -> f64 {
    let want = target_values(targets);
    let tol = tolerances.values();
    let mut second: Vec<(*const Recipe, [f64; 4], f64, f64)> = pools[1]
        .iter()
        .flat_map(|r| {
            grid(ranges[1].min, largest(r, ranges[1], 2)).map(move |s| {
                let n = r.nutrition.served(s);
                (
                    std::ptr::from_ref::<Recipe>(*r),
                    values(&n),
                    n.fiber,
                    r.card.sodium * s,
                )
            })
        })
        .collect();
    second.sort_by(|a, b| a.1[0].total_cmp(&b.1[0]));
    let mut best = f64::INFINITY;
    for r in pools[0] {
        for s in grid(ranges[0].min, largest(r, ranges[0], 2)) {
            let served = r.nutrition.served(s);
            let sodium_a = r.card.sodium * s;
            let a = values(&served);
            // Calories alone put a pair beyond `best` outside this window.
            let reach = if want[0] > 0.0 {
                want[0] * (tol[0] + best.min(10.0))
            } else {
                f64::INFINITY
            };
            let from = second.partition_point(|(_, b, _, _)| a[0] + b[0] < want[0] - reach);
            for (other, b, fibre, sodium) in &second[from..] {
                if want[0] > 0.0 && a[0] + b[0] > want[0] + want[0] * (tol[0] + best.min(10.0)) {
                    break;
                }
                if std::ptr::eq(*other, *r) {
                    continue;
                }
                let total: [f64; 4] = std::array::from_fn(|j| a[j] + b[j]);
                let miss = tolerances.miss_of(&total, &want).max(
                    limits
                        .limits(total[0])
                        .excess(served.fiber + fibre, sodium_a + sodium),
                );
                best = best.min(miss);
                if best <= 0.0 {
                    return 0.0;
                }
            }
        }
    }
    best
}

/// The dual's variables.
struct Dual {
    mu: Vec<Variable>,
    alpha: [Variable; 4],
    beta: [Variable; 4],
    gamma: Vec<Variable>,
}

/// The optimum of the portion LP by cutting planes on its dual (a lower
/// bound on it if the rounds run out); `None` if the solver fails.
fn relaxation(
    pools: &[Vec<([f64; 4], f64)>],
    ranges: &[f64],
    tol: &[f64; 4],
    capped: bool,
) -> Option<f64> {
    let slots = pools.len();
    // Start with the candidates extreme in each nutrient, at both ends.
    let mut cuts: Vec<(usize, [f64; 4])> = Vec::new();
    for (k, pool) in pools.iter().enumerate() {
        for j in 0..4 {
            let by = |a: &&([f64; 4], f64), b: &&([f64; 4], f64)| a.0[j].total_cmp(&b.0[j]);
            for (v, max) in [pool.iter().max_by(by), pool.iter().min_by(by)]
                .into_iter()
                .flatten()
            {
                for s in [ranges[k], *max] {
                    cuts.push((k, v.map(|x| x * s)));
                }
            }
        }
    }
    let mut lower = f64::NEG_INFINITY;
    for _ in 0..MAX_ROUNDS {
        let (upper, weights) = solve_dual(slots, &cuts, tol, capped)?;
        let (mu, alpha, beta, gamma) = weights;
        let all_gamma: f64 = gamma.iter().sum();
        // Price every candidate: the most violated constraints per slot.
        let mut bound = (0..4)
            .map(|j| (1.0 - tol[j]) * beta[j] - (1.0 + tol[j]) * alpha[j])
            .sum::<f64>();
        let mut added = 0;
        for (k, pool) in pools.iter().enumerate() {
            let price = |p: &[f64; 4]| {
                (0..4).map(|j| p[j] * (beta[j] - alpha[j])).sum::<f64>()
                    + p[0] * (MAX_MEAL_SHARE * all_gamma - gamma[k])
            };
            let mut top: Vec<(f64, [f64; 4])> = Vec::with_capacity(CUTS_PER_SLOT + 1);
            let mut most = f64::NEG_INFINITY;
            for (v, max) in pool {
                for s in [ranges[k], *max] {
                    let p = v.map(|x| x * s);
                    let value = price(&p);
                    most = most.max(value);
                    if mu[k] + value > 1e-9
                        && (top.len() < CUTS_PER_SLOT || value > top[top.len() - 1].0)
                    {
                        let at = top.partition_point(|(t, _)| *t >= value);
                        top.insert(at, (value, p));
                        top.truncate(CUTS_PER_SLOT);
                    }
                }
            }
            // The tightest μ_k over every candidate keeps the dual feasible.
            bound -= most;
            added += top.len();
            cuts.extend(top.into_iter().map(|(_, p)| (k, p)));
        }
        lower = lower.max(bound);
        if added == 0 || upper - lower <= 1e-7 {
            break;
        }
    }
    Some(lower)
}

type Weights = (Vec<f64>, [f64; 4], [f64; 4], Vec<f64>);

/// Solves the dual restricted to `cuts`: its optimum and variables.
fn solve_dual(
    slots: usize,
    cuts: &[(usize, [f64; 4])],
    tol: &[f64; 4],
    capped: bool,
) -> Option<(f64, Weights)> {
    let mut vars = ProblemVariables::new();
    let dual = Dual {
        mu: (0..slots)
            .map(|_| vars.add(variable().min(-FREE).max(FREE)))
            .collect(),
        alpha: std::array::from_fn(|_| vars.add(variable().min(0.0))),
        beta: std::array::from_fn(|_| vars.add(variable().min(0.0))),
        gamma: (0..if capped { slots } else { 0 })
            .map(|_| vars.add(variable().min(0.0).max(SHARE_SLACK_COST)))
            .collect(),
    };
    let mut objective = Expression::with_capacity(slots + 8);
    for m in &dual.mu {
        objective.add_mul(1.0, *m);
    }
    for ((t, a), b) in tol.iter().zip(&dual.alpha).zip(&dual.beta) {
        objective.add_mul(-(1.0 + t), *a);
        objective.add_mul(1.0 - t, *b);
    }
    let mut model = vars.maximise(objective).using(microlp);
    let mut weights = Expression::with_capacity(8);
    for j in 0..4 {
        weights.add_mul(1.0, dual.alpha[j]);
        weights.add_mul(1.0, dual.beta[j]);
    }
    model.add_constraint(weights.leq(1.0));
    for (k, p) in cuts {
        let mut row = Expression::with_capacity(10 + dual.gamma.len());
        row.add_mul(1.0, dual.mu[*k]);
        for ((x, a), b) in p.iter().zip(&dual.alpha).zip(&dual.beta) {
            row.add_mul(*x, *b);
            row.add_mul(-x, *a);
        }
        for (g, var) in dual.gamma.iter().enumerate() {
            let own = if g == *k { 1.0 } else { 0.0 };
            row.add_mul(p[0] * (MAX_MEAL_SHARE - own), *var);
        }
        model.add_constraint(row.leq(0.0));
    }
    let solution = model.solve().ok()?;
    let value = |v: &Variable| solution.value(*v);
    let mu: Vec<f64> = dual.mu.iter().map(value).collect();
    let alpha = dual.alpha.each_ref().map(value);
    let beta = dual.beta.each_ref().map(value);
    let gamma: Vec<f64> = if capped {
        dual.gamma.iter().map(value).collect()
    } else {
        vec![0.0; slots]
    };
    let optimum = mu.iter().sum::<f64>()
        + (0..4)
            .map(|j| (1.0 - tol[j]) * beta[j] - (1.0 + tol[j]) * alpha[j])
            .sum::<f64>();
    Some((optimum, (mu, alpha, beta, gamma)))
}
