//! How a day's totals meet its targets: which targets are off, and by how
//! much.

use crate::food::nutrition::Nutrition;
use crate::profile::targets::Targets;

use super::rules::{Nutrient, Tolerances, target_values, values};

/// A target a day misses.
#[derive(Debug, Clone, PartialEq)]
pub struct Off {
    /// Which target.
    pub nutrient: Nutrient,
    /// The day's total.
    pub planned: f64,
    /// The target.
    pub target: f64,
    /// Total minus target, in percent of the target (negative: under).
    pub percent: f64,
    /// The tolerance, in percent.
    pub tolerance: f64,
}

/// How a day meets its targets.
#[derive(Debug, Clone, PartialEq)]
pub struct DayFit {
    /// Targets outside their tolerance, in [`Nutrient::ALL`] order.
    pub off: Vec<Off>,
    /// How far the worst target is beyond its tolerance, as a fraction of
    /// the target ([`Tolerances::miss`]); 0 when none is off. With
    /// [`past_limits`](Self::past_limits), the day's excess over its fibre
    /// ceiling or sodium limit counts too.
    pub miss: f64,
}

impl DayFit {
    /// The same fit of a day `excess` past its fibre ceiling or sodium
    /// limit (a fraction of the limit): its miss is the worse of the two,
    /// since those limits rank with the targets.
    pub fn past_limits(mut self, excess: f64) -> Self {
        self.miss = self.miss.max(excess);
        self
    }
}

/// Which of `targets` the `totals` miss, and by how much.
pub fn assess(totals: &Nutrition, targets: &Targets<f64>, tolerances: &Tolerances) -> DayFit {
    let (got, want, tol) = (values(totals), target_values(targets), tolerances.values());
    let off = Nutrient::ALL
        .iter()
        .enumerate()
        .filter(|(k, _)| (got[*k] - want[*k]).abs() > tol[*k] * want[*k] + 1e-9)
        .map(|(k, n)| Off {
            nutrient: *n,
            planned: got[k],
            target: want[k],
            percent: if want[k] > 0.0 {
                (got[k] - want[k]) / want[k] * 100.0
            } else {
                100.0
            },
            tolerance: tol[k] * 100.0,
        })
        .collect();
    DayFit {
        off,
        miss: tolerances.miss(totals, targets),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_each_target_off() {
        let targets = Targets {
            calories: 2000.0,
            protein: 100.0,
            carbs: 250.0,
            fat: 70.0,
        };
        let totals = Nutrition {
            calories: 1800.0,
            protein: 104.0,
            carbs: 250.0,
            fat: 80.0,
            ..Nutrition::default()
        };
        let fit = assess(&totals, &targets, &Tolerances::default());
        let names: Vec<&str> = fit.off.iter().map(|o| o.nutrient.as_str()).collect();
        assert_eq!(names, ["calories", "fat"]);
        assert!((fit.off[0].percent + 10.0).abs() < 1e-9);
        assert!((fit.miss - 0.05).abs() < 1e-9);
        let loose = Tolerances {
            calories: 0.2,
            macros: 0.2,
        };
        assert_eq!(assess(&totals, &targets, &loose).off, vec![]);
    }
}
