//! Changes a person asks of one plan ("more protein", "vegetarian this
//! week", "fewer meals"): a value kept with the plan, so that generating,
//! judging and re-balancing it all see the same targets.

use crate::profile::targets::{DayTargets, Targets};
use crate::profile::{DietType, MealsPerDay};

/// Changes asked for one plan ("more protein", "vegetarian this week",
/// "fewer meals"), applied to a copy of the profile; the profile itself
/// stays as it is.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct PlanAdjust {
    /// +1 more protein (a quarter more, the energy taken from carbs), -1
    /// less (a fifth less, given to carbs), 0 as the profile says.
    pub protein: i8,
    /// +1 more carbs (a fifth more, taken from fat), -1 fewer (30% less,
    /// the energy given to fat and protein).
    pub carbs: i8,
    /// +1 a tenth more energy, -1 a tenth less (every macro scaled).
    pub calories: i8,
    /// Meals a day instead of the profile's.
    pub meals_per_day: Option<MealsPerDay>,
    /// A diet for this plan only (a hard rule for vegan and vegetarian).
    pub diet: Option<DietType>,
}

impl PlanAdjust {
    /// Whether it changes nothing.
    pub fn is_none(&self) -> bool {
        *self == Self::default()
    }

    /// [`targets`](Self::targets) of a resolved profile's targets: still
    /// targets a day can aim at.
    pub fn day_targets(&self, t: DayTargets) -> DayTargets {
        t.map(|t| self.targets(&t))
    }

    /// The targets with the changes applied. Protein stays within 10-35%
    /// of energy, the reference range.
    pub fn targets(&self, t: &Targets<f64>) -> Targets<f64> {
        if self.protein == 0 && self.carbs == 0 && self.calories == 0 {
            return *t;
        }
        let mut out = *t;
        let scale = match self.calories.signum() {
            1 => 1.1,
            -1 => 0.9,
            _ => 1.0,
        };
        out.calories *= scale;
        out.protein *= scale;
        out.carbs *= scale;
        out.fat *= scale;
        match self.protein.signum() {
            1 => {
                let more = (out.protein * 1.25)
                    .min(0.35 * out.calories / 4.0)
                    .max(out.protein);
                let taken = (more - out.protein).min(out.carbs);
                out.protein += taken;
                out.carbs -= taken;
            }
            -1 => {
                let less = (out.protein * 0.8)
                    .max(0.10 * out.calories / 4.0)
                    .min(out.protein);
                out.carbs += out.protein - less;
                out.protein = less;
            }
            _ => {}
        }
        match self.carbs.signum() {
            1 => {
                let fat_kcal = (out.fat * 9.0 - 0.2 * out.calories).max(0.0);
                let moved = (out.carbs * 4.0 * 0.2).min(fat_kcal);
                out.carbs += moved / 4.0;
                out.fat -= moved / 9.0;
            }
            -1 => {
                let moved = out.carbs * 4.0 * 0.3;
                out.carbs -= moved / 4.0;
                out.fat += moved / 2.0 / 9.0;
                out.protein += moved / 2.0 / 4.0;
            }
            _ => {}
        }
        // Protein above 35% of energy goes to fat instead.
        let cap = 0.35 * out.calories / 4.0;
        if out.protein > cap {
            out.fat += (out.protein - cap) * 4.0 / 9.0;
            out.protein = cap;
        }
        Targets {
            calories: out.calories.round(),
            protein: out.protein.round(),
            carbs: out.carbs.round(),
            fat: out.fat.round(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn energy(t: &Targets<f64>) -> f64 {
        4.0 * t.protein + 4.0 * t.carbs + 9.0 * t.fat
    }

    fn base() -> Targets<f64> {
        Targets {
            calories: 2500.0,
            protein: 120.0,
            carbs: 340.0,
            fat: 70.0,
        }
    }

    #[test]
    fn no_change_leaves_the_targets_as_they_are() {
        let t = Targets {
            calories: 2000.4,
            ..base()
        };
        assert_eq!(PlanAdjust::default().targets(&t), t);
    }

    #[test]
    fn more_protein_comes_from_carbs_and_stays_within_the_range() {
        let t = base();
        let more = PlanAdjust {
            protein: 1,
            ..PlanAdjust::default()
        }
        .targets(&t);
        assert_eq!(more.protein, 150.0);
        assert_eq!(more.carbs, 310.0);
        assert_eq!(more.calories, t.calories);
        assert!((energy(&more) - energy(&t)).abs() <= 8.5);
        // Already high: capped at 35% of energy.
        let high = Targets {
            protein: 210.0,
            carbs: 235.0,
            ..base()
        };
        let more = PlanAdjust {
            protein: 1,
            ..PlanAdjust::default()
        }
        .targets(&high);
        assert!(more.protein * 4.0 <= 0.35 * more.calories + 2.0, "{more:?}");
    }

    #[test]
    fn fewer_carbs_and_lighter_keep_energy_consistent() {
        let t = base();
        let fewer = PlanAdjust {
            carbs: -1,
            ..PlanAdjust::default()
        }
        .targets(&t);
        assert!(fewer.carbs < t.carbs * 0.75);
        // Each target is rounded to a whole gram: at most 8.5 kcal apart.
        assert!((energy(&fewer) - energy(&t)).abs() <= 8.5);
        let lighter = PlanAdjust {
            calories: -1,
            ..PlanAdjust::default()
        }
        .targets(&t);
        assert_eq!(lighter.calories, 2250.0);
        assert!((energy(&lighter) - 0.9 * energy(&t)).abs() <= 8.5);
    }
}
