//! The reference ranges targets are kept in, and the notes a profile gets
//! when a value lies outside them.
//!
//! Sources: the acceptable macronutrient distribution ranges of the US
//! Dietary Reference Intakes (IOM 2005: protein 10-35%, fat 20-35%,
//! carbohydrate 45-65% of energy; RDA protein 0.8 g/kg; carbohydrate RDA
//! 130 g), EFSA's dietary reference values (2017: protein 0.83 g/kg for
//! adults, more in older age, for which 1.0 g/kg from 65 is the common
//! reading of PROT-AGE) and the WHO BMI classes (under 18.5 underweight,
//! 30 and over obese).

use crate::profile::{Body, DietType, Goal};

use super::{Targets, tdee};

/// kcal per gram of protein, carbohydrate and fat (Atwater).
pub const KCAL_PER_G: Targets<f64> = Targets {
    calories: 1.0,
    protein: 4.0,
    carbs: 4.0,
    fat: 9.0,
};

/// The gram bounds that apply to one body at one calorie level.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Ranges {
    /// Protein: the larger of 10% of energy and 0.8 g/kg (1.0 g/kg from
    /// 65), and at most 35% of energy.
    pub protein: (f64, f64),
    /// Fat: 20-35% of energy.
    pub fat: (f64, f64),
    /// Carbohydrate: 45-65% of energy, or from 130 g when the profile
    /// asks for low carb or high protein.
    pub carbs: (f64, f64),
}

impl Ranges {
    /// The bounds for `body` at `age` eating `calories` a day under `diets`.
    /// When 0.8 g/kg is more than 35% of a small calorie budget, the
    /// protein floor is the ceiling (energy comes first).
    pub fn new(body: &Body, age: u32, calories: f64, diets: &[DietType]) -> Self {
        let share = |pct: f64, per_g: f64| pct * calories / per_g;
        let per_kg = if age >= 65 { 1.0 } else { 0.8 };
        let protein_hi = share(0.35, KCAL_PER_G.protein);
        let protein_lo = share(0.10, KCAL_PER_G.protein)
            .max(per_kg * body.weight.kg())
            .min(protein_hi);
        let fat = (share(0.20, KCAL_PER_G.fat), share(0.35, KCAL_PER_G.fat));
        let carbs_hi = share(0.65, KCAL_PER_G.carbs);
        let carbs_lo = if fewer_carbs(diets) {
            // 130 g, or what is left once protein and fat are at their floors.
            let left = (calories - KCAL_PER_G.protein * protein_lo - KCAL_PER_G.fat * fat.0)
                / KCAL_PER_G.carbs;
            130.0_f64.min(left).min(carbs_hi).max(0.0)
        } else {
            share(0.45, KCAL_PER_G.carbs)
        };
        Self {
            protein: (protein_lo, protein_hi),
            fat,
            carbs: (carbs_lo, carbs_hi),
        }
    }
}

/// Whether the profile asks for fewer carbohydrates than the 45% floor.
pub fn fewer_carbs(diets: &[DietType]) -> bool {
    diets
        .iter()
        .any(|d| matches!(d, DietType::LowCarb | DietType::HighProtein))
}

/// Which value a note is about, named as the profile's field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoteTarget {
    /// `calories_target`.
    Calories,
    /// `protein_target`.
    Protein,
    /// `carbs_target`.
    Carbs,
    /// `fat_target`.
    Fat,
}

impl NoteTarget {
    /// The profile field the note is about.
    pub fn field(self) -> &'static str {
        match self {
            Self::Calories => "calories_target",
            Self::Protein => "protein_target",
            Self::Carbs => "carbs_target",
            Self::Fat => "fat_target",
        }
    }
}

/// What a note says, as a stable code a client can act on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoteKind {
    /// Below the reference range.
    BelowRange,
    /// Above the reference range.
    AboveRange,
    /// A deficit under the floor a diet without medical supervision keeps.
    BelowFloor,
    /// A surplus at a BMI of 30 or more.
    SurplusAtHighBmi,
    /// A deficit at a BMI under 18.5.
    DeficitAtLowBmi,
}

impl NoteKind {
    /// The code as the API shows it.
    pub fn code(self) -> &'static str {
        match self {
            Self::BelowRange => "below_range",
            Self::AboveRange => "above_range",
            Self::BelowFloor => "below_floor",
            Self::SurplusAtHighBmi => "surplus_at_high_bmi",
            Self::DeficitAtLowBmi => "deficit_at_low_bmi",
        }
    }
}

/// One thing a dietitian would point out about the targets in force.
#[derive(Debug, Clone, PartialEq)]
pub struct TargetNote {
    /// The value concerned.
    pub target: NoteTarget,
    /// What is unusual about it.
    pub kind: NoteKind,
    /// A sentence saying so, with the numbers and the range.
    pub message: String,
}

/// Body mass index, kg/m².
pub fn bmi(body: &Body) -> f64 {
    let m = body.height.cm() / 100.0;
    body.weight.kg() / (m * m)
}

/// The notes for `targets` in force for `body` at `age` under `diets`:
/// each macro outside its range (a value set by hand may be; a computed
/// one only where the ranges cannot all hold), calories under the
/// unsupervised floor, and a goal unusual for the body.
pub fn notes(body: &Body, age: u32, targets: &Targets<f64>, diets: &[DietType]) -> Vec<TargetNote> {
    let mut out = Vec::new();
    let kcal = targets.calories;
    if kcal <= 0.0 {
        return out;
    }
    let floor = super::calorie_floor(body.gender);
    let expenditure = tdee(body, age);
    if kcal < floor - 0.5 && kcal < 0.95 * expenditure {
        out.push(TargetNote {
            target: NoteTarget::Calories,
            kind: NoteKind::BelowFloor,
            message: format!(
                "{kcal:.0} kcal a day is under {floor:.0} kcal, the least a diet without medical supervision should give."
            ),
        });
    }
    let ranges = Ranges::new(body, age, kcal, diets);
    let pct = |g: f64, per_g: f64| 100.0 * g * per_g / kcal;
    for (target, grams, (lo, hi), per_g, name, range) in [
        (
            NoteTarget::Protein,
            targets.protein,
            ranges.protein,
            KCAL_PER_G.protein,
            "Protein",
            format!(
                "10-35% of calories and at least {:.1} g/kg",
                if age >= 65 { 1.0 } else { 0.8 }
            ),
        ),
        (
            NoteTarget::Fat,
            targets.fat,
            ranges.fat,
            KCAL_PER_G.fat,
            "Fat",
            "20-35% of calories".to_owned(),
        ),
        (
            NoteTarget::Carbs,
            targets.carbs,
            ranges.carbs,
            KCAL_PER_G.carbs,
            "Carbohydrate",
            if fewer_carbs(diets) {
                "at least 130 g (or what protein and fat leave) for a low-carb or high-protein diet, at most 65% of calories"
                    .to_owned()
            } else {
                "45-65% of calories".to_owned()
            },
        ),
    ] {
        // Whole-number rounding of the values in force (calories
        // included) is not a departure: a gram either side is allowed.
        let kind = if grams < lo - 1.0 {
            NoteKind::BelowRange
        } else if grams > hi + 1.0 {
            NoteKind::AboveRange
        } else {
            continue;
        };
        let side = if kind == NoteKind::BelowRange {
            "below"
        } else {
            "above"
        };
        out.push(TargetNote {
            target,
            kind,
            message: format!(
                "{name} {grams:.0} g is {:.0}% of {kcal:.0} kcal, {side} the reference range ({range}; DRI/EFSA).",
                pct(grams, per_g)
            ),
        });
    }
    let bmi = bmi(body);
    if bmi >= 30.0 && (body.goal == Goal::GainWeight || kcal > 1.05 * expenditure) {
        out.push(TargetNote {
            target: NoteTarget::Calories,
            kind: NoteKind::SurplusAtHighBmi,
            message: format!(
                "A calorie surplus at a BMI of {bmi:.1} (30 or more) adds body fat; a dietitian would usually suggest maintaining or losing weight."
            ),
        });
    }
    if bmi < 18.5 && (body.goal == Goal::LoseWeight || kcal < 0.95 * expenditure) {
        out.push(TargetNote {
            target: NoteTarget::Calories,
            kind: NoteKind::DeficitAtLowBmi,
            message: format!(
                "A calorie deficit at a BMI of {bmi:.1} (under 18.5) lowers an already low weight; a dietitian would usually suggest maintaining or gaining weight."
            ),
        });
    }
    out
}
