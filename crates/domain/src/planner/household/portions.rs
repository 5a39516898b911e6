//! A person's portions of their dishes of a day, and the loss they are
//! chosen by: least-squares portions rounded every way for a short day,
//! every combination or coordinate descent for a longer one.

use crate::food::nutrition::Nutrition;
use crate::planner::rules::{STEPS_PER_SERVING, heaviest_portion, share_breach, weight_cost};
use crate::planner::whole_day::{
    aimed_maxima, limits_cost, ranked_excess, saturated_fat_excess, window_short,
};

use super::search::{Choice, Search};
use super::table::Seat;
use super::{
    BONUS_WEIGHT, BREACH_COST, BREACH_WEIGHT, ENUMERATED_ROUNDINGS, EXHAUSTIVE, LARGER_COST,
    ROUNDED_UP_TO, SATURATED_FAT_WEIGHT, SHARE_WEIGHT,
};

impl Search<'_> {
    /// Each person's portions of the day `choice`.
    pub(super) fn portions(&self, choice: &Choice) -> Vec<Vec<f64>> {
        (0..self.seats.len())
            .map(|d| self.seat_cost(d, choice).1)
            .collect()
    }

    /// What person `d`'s day of `choice` costs at their best portions
    /// (less their preference bonus, with what it lacks of their
    /// micronutrient needs when they are weighed), and those portions.
    pub(super) fn seat_cost(&self, d: usize, choice: &Choice) -> (f64, Vec<f64>) {
        let seat = &self.seats[d];
        let dishes: Vec<usize> = seat.fed_by.iter().map(|(t, g)| choice[*t][*g]).collect();
        let (loss, servings) = self.portion(seat, &dishes);
        let loss = loss + self.need_cost(seat, &dishes, &servings);
        let bonus: f64 = dishes.iter().map(|r| self.bonuses[d][*r]).sum();
        let repeats = self.dishes.repeats_cost(dishes.iter().copied());
        (loss + repeats - BONUS_WEIGHT * bonus, servings)
    }

    /// One person's best portions of `dishes` (one per slot of theirs) by
    /// coordinate descent from one serving, and the loss there.
    pub(super) fn portion(&self, seat: &Seat, dishes: &[usize]) -> (f64, Vec<f64>) {
        if dishes.len() <= ROUNDED_UP_TO {
            return self.rounded_portion(seat, dishes);
        }
        let combos: usize = seat.steps.iter().map(Vec::len).product();
        if combos <= EXHAUSTIVE {
            return self.every_portion(seat, dishes);
        }
        let mut servings: Vec<f64> = seat.steps.iter().map(|steps| nearest(steps, 1.0)).collect();
        let mut loss = self.loss(seat, dishes, &servings);
        for _ in 0..4 {
            let mut improved = false;
            for k in 0..dishes.len() {
                let mut best = servings[k];
                for s in &seat.steps[k] {
                    servings[k] = *s;
                    let l = self.loss(seat, dishes, &servings);
                    if l < loss - 1e-12 {
                        loss = l;
                        best = *s;
                        improved = true;
                    }
                }
                servings[k] = best;
            }
            if !improved {
                break;
            }
        }
        (loss, servings)
    }

    /// One person's portions of `dishes`: the least-squares portions of
    /// the four targets in tolerance units (each portion in its range,
    /// by exact coordinate steps), then every rounding of them to quarter
    /// servings (up or down) scored by the full loss. The rounding alone
    /// cannot leave the targets' fit, which may be lopsided (a child's
    /// two servings of breakfast and a quarter of dinner) or past a limit
    /// (the saturated fat of those two servings): so the least-squares
    /// portions of the targets with the meal sizes and the limits the
    /// first fit breaks as further rows ([`steered`](Self::steered)) are
    /// rounded every way too, and the full loss picks among both.
    pub(super) fn rounded_portion(&self, seat: &Seat, dishes: &[usize]) -> (f64, Vec<f64>) {
        let n = dishes.len();
        let lo: Vec<f64> = seat.steps.iter().map(|s| s[0]).collect();
        // No portion heavier than a person eats at a sitting, where the
        // smallest allows it.
        let hi: Vec<f64> = seat
            .steps
            .iter()
            .zip(dishes)
            .map(|(s, r)| {
                let top = s[s.len() - 1];
                top.min(heaviest_portion(self.packed.grams[*r], n))
                    .max(s[0])
            })
            .collect();
        let mut rows: Vec<Row> = (0..4)
            .map(|c| Row {
                coefficients: dishes.iter().map(|r| seat.units[*r][c]).collect(),
                want: seat.scorer.target[c],
            })
            .collect();
        let x = least_squares(&rows, &lo, &hi);
        let first = self.rounded(seat, dishes, &x, &lo, &hi);
        let more = self.steered(seat, dishes, &x);
        if more.is_empty() {
            return first;
        }
        rows.extend(more);
        let y = least_squares(&rows, &lo, &hi);
        if y.iter().zip(&x).all(|(a, b)| (a - b).abs() < 0.125) {
            return first;
        }
        let second = self.rounded(seat, dishes, &y, &lo, &hi);
        if second.0 < first.0 { second } else { first }
    }

    /// Further least-squares rows for one person's portions of `dishes`
    /// after a fit `x` of the targets alone: each meal's calories at the
    /// middle of its band of the day (a share 5 points off weighs as a
    /// target one tolerance off), on days of two or more meals; and each
    /// upper limit (fibre, sodium, saturated fat, sugars) the fit passes,
    /// back to its aimed limit (4% past it weighing as a tolerance).
    /// None when the fit is balanced and within every limit already.
    fn steered(&self, seat: &Seat, dishes: &[usize], x: &[f64]) -> Vec<Row> {
        let n = dishes.len();
        let kcal: f64 = dishes
            .iter()
            .zip(x)
            .map(|(r, s)| self.packed.values[*r][0] * s)
            .sum();
        let target = seat.targets.calories;
        let mut rows = Vec::new();
        if n >= 2 && target > 0.0 && kcal > 0.0 {
            let lopsided = dishes
                .iter()
                .zip(x)
                .zip(&seat.bands)
                .any(|((r, s), (lo, hi))| {
                    let share = self.packed.values[*r][0] * s / kcal;
                    share < *lo || share > *hi
                });
            if lopsided {
                for (k, (lo, hi)) in seat.bands.iter().enumerate() {
                    let mut coefficients = vec![0.0; n];
                    coefficients[k] = self.packed.values[dishes[k]][0] / target / 0.05;
                    rows.push(Row {
                        coefficients,
                        want: (lo + hi) / 2.0 / 0.05,
                    });
                }
            }
        }
        let aimed = aimed_maxima(kcal, &seat.scorer.limits);
        for (m, max) in aimed.iter().enumerate() {
            let per: Vec<f64> = dishes.iter().map(|r| self.packed.minor[*r][m]).collect();
            let total: f64 = per.iter().zip(x).map(|(v, s)| v * s).sum();
            if max.is_finite() && *max > 0.0 && total > *max {
                let unit = 0.04 * max;
                rows.push(Row {
                    coefficients: per.iter().map(|v| v / unit).collect(),
                    want: max / unit,
                });
            }
        }
        rows
    }

    /// The best rounding of the portions `x` of `dishes` to quarter
    /// servings within `lo`..`hi` by the full loss: every one for a short
    /// day, else the nearest and single flips.
    fn rounded(
        &self,
        seat: &Seat,
        dishes: &[usize],
        x: &[f64],
        lo: &[f64],
        hi: &[f64],
    ) -> (f64, Vec<f64>) {
        let n = dishes.len();
        let round = |v: f64, up: bool, k: usize| {
            let q = v * STEPS_PER_SERVING;
            let step = if up { q.ceil() } else { q.floor() };
            (step / STEPS_PER_SERVING).clamp(lo[k], hi[k])
        };
        if n > ENUMERATED_ROUNDINGS {
            // Nearest step each, then single flips while one helps.
            let mut servings: Vec<f64> = (0..n).map(|k| round(x[k] + 0.125, false, k)).collect();
            let mut loss = self.loss(seat, dishes, &servings);
            for _ in 0..2 {
                let mut improved = false;
                for k in 0..n {
                    let was = servings[k];
                    for other in [round(x[k], false, k), round(x[k], true, k)] {
                        if (other - was).abs() < 1e-9 {
                            continue;
                        }
                        servings[k] = other;
                        let l = self.loss(seat, dishes, &servings);
                        if l < loss {
                            loss = l;
                            improved = true;
                        } else {
                            servings[k] = was;
                        }
                    }
                }
                if !improved {
                    break;
                }
            }
            return (loss, servings);
        }
        let mut best = (f64::INFINITY, x.to_vec());
        let mut servings = vec![0.0; n];
        for mask in 0..(1usize << n) {
            for k in 0..n {
                let q = x[k] * STEPS_PER_SERVING;
                let step = if mask >> k & 1 == 1 {
                    q.ceil()
                } else {
                    q.floor()
                };
                servings[k] = (step / STEPS_PER_SERVING).clamp(lo[k], hi[k]);
            }
            let l = self.loss(seat, dishes, &servings);
            if l < best.0 {
                best = (l, servings.clone());
            }
        }
        best
    }

    /// One person's best portions of `dishes`, every combination tried.
    fn every_portion(&self, seat: &Seat, dishes: &[usize]) -> (f64, Vec<f64>) {
        let mut at = vec![0usize; dishes.len()];
        let mut servings: Vec<f64> = seat.steps.iter().map(|s| s[0]).collect();
        let mut best = (f64::INFINITY, servings.clone());
        loop {
            for (k, i) in at.iter().enumerate() {
                servings[k] = seat.steps[k][*i];
            }
            let l = self.loss(seat, dishes, &servings);
            if l < best.0 {
                best = (l, servings.clone());
            }
            // Next combination, like an odometer.
            let mut k = 0;
            loop {
                if k == at.len() {
                    return best;
                }
                at[k] += 1;
                if at[k] < seat.steps[k].len() {
                    break;
                }
                at[k] = 0;
                k += 1;
            }
        }
    }

    /// What `seat`'s day of `dishes` at `servings` costs for bringing less
    /// than its day's need of each micronutrient goal ([`Seat::need`]),
    /// by the share missing; the portions are fitted without it, so that
    /// they stay as near the targets as the day search leaves them.
    pub(super) fn need_cost(&self, seat: &Seat, dishes: &[usize], servings: &[f64]) -> f64 {
        let Some(need) = &seat.need else {
            return 0.0;
        };
        let mut goals = [0.0; 4];
        for (r, s) in dishes.iter().zip(servings) {
            for (t, m) in goals.iter_mut().zip(&self.packed.goals[*r]) {
                *t += m * s;
            }
        }
        goals
            .iter()
            .zip(need)
            .filter(|(_, want)| **want > 0.0)
            .map(|(got, want)| seat.need_weight * (1.0 - got / want).max(0.0))
            .sum()
    }

    /// One person's loss for `dishes` at `servings`.
    pub(super) fn loss(&self, seat: &Seat, dishes: &[usize], servings: &[f64]) -> f64 {
        let mut raw = [0.0; 4];
        let mut minor = [0.0; 4];
        for (r, s) in dishes.iter().zip(servings) {
            let v = &self.packed.values[*r];
            for k in 0..4 {
                raw[k] += v[k] * s;
            }
            for (t, m) in minor.iter_mut().zip(&self.packed.minor[*r]) {
                *t += m * s;
            }
        }
        let totals = Nutrition {
            calories: raw[0],
            protein: raw[1],
            carbs: raw[2],
            fat: raw[3],
            ..Nutrition::default()
        };
        let excess = ranked_excess(&minor, raw[0], &seat.scorer.limits);
        let scaled = seat.scorer.scale(&totals);
        let short = if seat.window > 0.0 {
            seat.window * window_short(&minor, raw[0], &seat.scorer.limits)
        } else {
            0.0
        };
        let mut loss = seat.scorer.error_window(&scaled, excess, short);
        if excess > 0.0 {
            loss += seat.limit_step;
        }
        if seat.hold > 0.0 && !seat.scorer.within(&scaled) {
            loss += seat.hold;
        }
        loss += seat.scorer.floor_cost(&scaled, excess, &minor, raw[0]);
        let fat = saturated_fat_excess(&minor, raw[0], &seat.scorer.limits) * 100.0;
        loss += SATURATED_FAT_WEIGHT * fat * fat;
        for ((s, max), min) in servings.iter().zip(&seat.usual_max).zip(&seat.usual_min) {
            if s > max {
                loss += LARGER_COST * (s - max) * 4.0;
            } else if s < min {
                loss += LARGER_COST * (min - s) * 4.0;
            }
        }
        loss += limits_cost(&minor, raw[0], &seat.scorer.limits);
        let meals = dishes.len();
        // Shared by everyone at the table, so that the weights of all
        // never outweigh one person's day off target.
        let people = self.seats.len() as f64;
        for (r, s) in dishes.iter().zip(servings) {
            loss += weight_cost(self.packed.grams[*r] * s, meals) / people;
        }
        if meals >= 2 && raw[0] > 0.0 {
            let whole = seat.steps.iter().all(|s| s.len() > 1);
            for ((((lo, hi), main), steps), (r, s)) in seat
                .bands
                .iter()
                .zip(&seat.mains)
                .zip(&seat.steps)
                .zip(dishes.iter().zip(servings))
            {
                let share = self.packed.values[*r][0] * s / raw[0];
                let outside = (lo - share).max(share - hi).max(0.0);
                loss += SHARE_WEIGHT * (outside / 0.05) * (outside / 0.05);
                // Only the meals the planner sizes: a portion kept as it
                // is (eaten) does not bloat the others to shrink its share.
                let breach = share_breach(share, *main, meals, whole);
                if breach > 0.0 && steps.len() > 1 {
                    loss += BREACH_COST + BREACH_WEIGHT * breach;
                }
            }
        }
        loss
    }
}

/// One row of a least-squares fit of portions: the sum over the dishes
/// of each coefficient times its portion, against `want`.
struct Row {
    coefficients: Vec<f64>,
    want: f64,
}

/// The portions within `lo`..`hi` that fit `rows` best in least squares,
/// by exact coordinate steps from one serving.
fn least_squares(rows: &[Row], lo: &[f64], hi: &[f64]) -> Vec<f64> {
    let n = lo.len();
    let mut x: Vec<f64> = (0..n).map(|k| 1.0_f64.clamp(lo[k], hi[k])).collect();
    for _ in 0..12 {
        for k in 0..n {
            // Each row's residual without dish k, then its best multiple.
            let (mut ur, mut uu) = (0.0, 0.0);
            for row in rows {
                let a = row.coefficients[k];
                if a == 0.0 {
                    continue;
                }
                let rest: f64 = row.want
                    - row
                        .coefficients
                        .iter()
                        .zip(&x)
                        .enumerate()
                        .filter(|(j, _)| *j != k)
                        .map(|(_, (c, s))| c * s)
                        .sum::<f64>();
                ur += a * rest;
                uu += a * a;
            }
            if uu > 0.0 {
                x[k] = (ur / uu).clamp(lo[k], hi[k]);
            }
        }
    }
    x
}

/// The step of `steps` nearest `x`.
pub(super) fn nearest(steps: &[f64], x: f64) -> f64 {
    steps
        .iter()
        .copied()
        .min_by(|a, b| (a - x).abs().total_cmp(&(b - x).abs()))
        .unwrap_or(x)
}
