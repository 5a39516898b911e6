//! What a person's targets are worked out from besides the body itself:
//! their life stage, the weight every g/kg rule takes, and what their
//! diet types ask of the macro split.

use crate::profile::{Body, DietType};

/// Body mass index, kg/m².
pub fn bmi(body: &Body) -> f64 {
    let m = body.height.cm() / 100.0;
    body.weight.kg() / (m * m)
}

/// The life stage the rules depend on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// 3 to 15 (a household member): planned for growth.
    Child,
    /// 16 to 64.
    Adult,
    /// 65 and over (ESPEN geriatrics, PROT-AGE).
    Older,
}

impl Stage {
    /// The first age of an older adult.
    pub const OLDER_FROM: u32 = 65;
    /// The first age of an adult.
    pub const ADULT_FROM: u32 = 16;

    /// The stage of `age`.
    pub fn of(age: u32) -> Self {
        if age < Self::ADULT_FROM {
            Self::Child
        } else if age >= Self::OLDER_FROM {
            Self::Older
        } else {
            Self::Adult
        }
    }
}

/// The BMI from which an adult's g/kg rules take the adjusted weight.
pub const ADJUSTED_FROM_BMI: f64 = 30.0;

/// The weight every g/kg rule takes: the body weight, or for an adult at
/// a BMI of 30 or more the adjusted body weight, the weight at BMI 25 plus
/// 40% of the excess (the ASPEN/ADA adjusted body weight). A child's
/// BMI needs the growth charts' percentiles, so a child's weight is taken
/// as it is.
pub fn reference_weight(body: &Body, age: u32) -> f64 {
    let kg = body.weight.kg();
    if Stage::of(age) == Stage::Child || bmi(body) < ADJUSTED_FROM_BMI {
        return kg;
    }
    let m = body.height.cm() / 100.0;
    let at_25 = 25.0 * m * m;
    at_25 + 0.4 * (kg - at_25)
}

/// The most protein any computed target gives, g per kg of the
/// reference weight.
pub const PROTEIN_MAX_PER_KG: f64 = 2.0;

/// What the diet types ask of the macro split once conflicts are set
/// aside. A child's split keeps the child AMDR whatever the diet types.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Shift {
    /// `low_carb`: carbohydrate at most 26% of energy (and under 130 g).
    pub low_carb: bool,
    /// `high_protein`: protein at least 25% of energy.
    pub high_protein: bool,
    /// `high_carb`: carbohydrate at least 60% of energy.
    pub high_carb: bool,
    /// `low_carb` with `high_carb`: neither applies.
    pub carb_conflict: bool,
    /// `high_carb` with `high_protein` (60% + 25% would leave fat under
    /// its 20% floor): neither applies.
    pub protein_conflict: bool,
    /// A child asked for a macro diet type, which does not apply.
    pub ignored_for_child: bool,
}

impl Shift {
    /// The shift `diets` ask for at `age`.
    pub fn of(age: u32, diets: &[DietType]) -> Self {
        let has = |d: DietType| diets.contains(&d);
        let (mut low, mut protein, mut high) = (
            has(DietType::LowCarb),
            has(DietType::HighProtein),
            has(DietType::HighCarb),
        );
        if Stage::of(age) == Stage::Child {
            return Self {
                ignored_for_child: low || protein || high,
                ..Self::default()
            };
        }
        let carb_conflict = low && high;
        if carb_conflict {
            (low, high) = (false, false);
        }
        let protein_conflict = high && protein;
        if protein_conflict {
            (high, protein) = (false, false);
        }
        Self {
            low_carb: low,
            high_protein: protein,
            high_carb: high,
            carb_conflict,
            protein_conflict,
            ignored_for_child: false,
        }
    }
}

/// Carbohydrate of a `low_carb` day, as shares of energy: at most 26%
/// (the upper bound of a low-carbohydrate diet, Feinman et al. 2015),
/// at least 10% (below it the diet is ketogenic).
pub const LOW_CARB_SHARE: (f64, f64) = (0.10, 0.26);
/// Carbohydrate of a `low_carb` day, g: under 130 (the DRI RDA).
pub const LOW_CARB_GRAMS: f64 = 130.0;
/// The share of the low-carb ceiling the computed target aims at, so a
/// day within today's tolerances (carbohydrate ±10%, energy ±5%) stays
/// under the ceiling: 0.85 × 1.10 / 0.95 < 1.
pub const LOW_CARB_AIM: f64 = 0.85;
/// Fat's usual ceiling on a `low_carb` day: the energy carbohydrate
/// gives up goes to fat and protein, which the 35% of the AMDR cannot
/// hold; more only where protein's ceiling would otherwise leave
/// carbohydrate over 26%.
pub const LOW_CARB_FAT_MAX: f64 = 0.50;
/// Protein a `low_carb` day aims at, as a share of energy (within its
/// range): part of what carbohydrate gives up.
pub const LOW_CARB_PROTEIN_AIM: f64 = 0.25;
/// Protein of a `high_protein` day: at least 25% of energy.
pub const HIGH_PROTEIN_SHARE: f64 = 0.25;
/// Carbohydrate of a `high_carb` day: at least 60% of energy.
pub const HIGH_CARB_SHARE: f64 = 0.60;
/// Fibre goal, g per 1,000 kcal: 14 (IOM 2005 AI), 18 on `high_fiber`.
pub fn fibre_per_1000_kcal(diets: &[DietType]) -> f64 {
    if diets.contains(&DietType::HighFiber) {
        18.0
    } else {
        14.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stages_by_age() {
        assert_eq!(Stage::of(3), Stage::Child);
        assert_eq!(Stage::of(15), Stage::Child);
        assert_eq!(Stage::of(16), Stage::Adult);
        assert_eq!(Stage::of(64), Stage::Adult);
        assert_eq!(Stage::of(65), Stage::Older);
    }

    #[test]
    fn conflicting_types_change_neither() {
        use DietType::*;
        let s = Shift::of(30, &[LowCarb, HighCarb]);
        assert!(!s.low_carb && !s.high_carb && s.carb_conflict);
        let s = Shift::of(30, &[LowCarb, HighProtein]);
        assert!(s.low_carb && s.high_protein && !s.carb_conflict);
        let s = Shift::of(30, &[HighCarb, HighProtein]);
        assert!(!s.high_carb && !s.high_protein && s.protein_conflict);
        let s = Shift::of(8, &[LowCarb]);
        assert!(!s.low_carb && s.ignored_for_child);
        assert_eq!(fibre_per_1000_kcal(&[HighFiber]), 18.0);
        assert_eq!(fibre_per_1000_kcal(&[]), 14.0);
    }
}
