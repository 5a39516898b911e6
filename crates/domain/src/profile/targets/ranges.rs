//! The reference ranges targets are kept in, and the notes a profile gets
//! when a value lies outside them.
//!
//! Sources: the acceptable macronutrient distribution ranges of the US
//! Dietary Reference Intakes (IOM 2005: protein 10-35%, fat 20-35%,
//! carbohydrate 45-65% of energy; RDA protein 0.8 g/kg; carbohydrate RDA
//! 130 g; the child AMDR and RDA, [`child`](super::child)), EFSA's
//! dietary reference values (2017: protein 0.83 g/kg for adults, more in
//! older age, for which 1.0 g/kg from 65 is the PROT-AGE reading), the
//! WHO BMI classes (under 18.5 underweight, 30 and over obese), and what
//! each diet type means ([`basis`](super::basis)).

use crate::profile::{Body, DietType, Goal};

use super::basis::{
    HIGH_CARB_SHARE, HIGH_PROTEIN_SHARE, LOW_CARB_FAT_MAX, LOW_CARB_GRAMS, LOW_CARB_SHARE,
    PROTEIN_MAX_PER_KG, Shift, Stage, bmi, reference_weight,
};
use super::{Targets, child, tdee};

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
    /// Protein. An adult: the larger of 10% of energy and 0.8 g/kg (1.0
    /// g/kg from 65), at most 35% of energy and 2.0 g/kg (of the adjusted
    /// weight at a BMI of 30 or more); at least 25% on `high_protein`, at
    /// most 20% on `high_carb`. A child: the larger of the age's RDA and
    /// 10% of energy, within the child AMDR.
    pub protein: (f64, f64),
    /// Fat: 20-35% of energy (a child: 30-40% at 3, 25-35% from 4; up to
    /// 50% on `low_carb`, more where protein's ceiling leaves carbohydrate
    /// over 26% otherwise).
    pub fat: (f64, f64),
    /// Carbohydrate: 45-65% of energy; on `low_carb` at most 26% and 130 g
    /// (where protein and fat can take the rest); on `high_carb` at least
    /// 60%; on `high_protein` from 130 g (or what protein and fat leave).
    pub carbs: (f64, f64),
}

impl Ranges {
    /// The bounds for `body` at `age` eating `calories` a day under `diets`.
    /// When a g/kg floor is more than the energy share allows, the share
    /// wins (energy comes first).
    pub fn new(body: &Body, age: u32, calories: f64, diets: &[DietType]) -> Self {
        let share = |pct: f64, per_g: f64| pct * calories / per_g;
        if Stage::of(age) == Stage::Child {
            let [p, f, c] = child::amdr(age);
            let protein_hi = share(p.1, KCAL_PER_G.protein);
            let protein_lo = share(p.0.max(0.10), KCAL_PER_G.protein)
                .max(child::protein_rda_per_kg(age) * body.weight.kg())
                .min(protein_hi);
            return Self {
                protein: (protein_lo, protein_hi),
                fat: (share(f.0, KCAL_PER_G.fat), share(f.1, KCAL_PER_G.fat)),
                carbs: (share(c.0, KCAL_PER_G.carbs), share(c.1, KCAL_PER_G.carbs)),
            };
        }
        let shift = Shift::of(age, diets);
        let kg = reference_weight(body, age);
        let per_kg = if Stage::of(age) == Stage::Older {
            1.0
        } else {
            0.8
        };
        let tenth = share(0.10, KCAL_PER_G.protein);
        let mut protein_hi = share(0.35, KCAL_PER_G.protein)
            .min(PROTEIN_MAX_PER_KG * kg)
            .max(tenth);
        if shift.high_carb {
            let left = 1.0 - HIGH_CARB_SHARE - 0.20;
            protein_hi = protein_hi.min(share(left, KCAL_PER_G.protein)).max(tenth);
        }
        let mut protein_lo = tenth.max(per_kg * kg).min(protein_hi);
        if shift.high_protein {
            protein_lo = protein_lo
                .max(share(HIGH_PROTEIN_SHARE, KCAL_PER_G.protein))
                .min(protein_hi);
        }
        let fat_hi = if shift.low_carb {
            // 50%, or what protein at its ceiling and 26% carbohydrate leave.
            let left = calories
                - KCAL_PER_G.protein * protein_hi
                - KCAL_PER_G.carbs * share(LOW_CARB_SHARE.1, KCAL_PER_G.carbs);
            share(LOW_CARB_FAT_MAX, KCAL_PER_G.fat).max(left / KCAL_PER_G.fat)
        } else {
            share(0.35, KCAL_PER_G.fat)
        };
        let fat = (share(0.20, KCAL_PER_G.fat), fat_hi);
        let carbs_hi = share(0.65, KCAL_PER_G.carbs);
        // What protein and fat leave at their floors, or at their ceilings.
        let left_at = |p: f64, f: f64| {
            (calories - KCAL_PER_G.protein * p - KCAL_PER_G.fat * f) / KCAL_PER_G.carbs
        };
        let carbs = if shift.low_carb {
            let hi = share(LOW_CARB_SHARE.1, KCAL_PER_G.carbs)
                .min(LOW_CARB_GRAMS)
                .max(left_at(protein_hi, fat.1));
            (share(LOW_CARB_SHARE.0, KCAL_PER_G.carbs).min(hi), hi)
        } else if shift.high_carb {
            let lo = share(HIGH_CARB_SHARE, KCAL_PER_G.carbs).min(left_at(protein_lo, fat.0));
            (lo.max(0.0), carbs_hi)
        } else if shift.high_protein {
            // 130 g, or what is left once protein and fat are at their floors.
            let lo = 130.0_f64.min(left_at(protein_lo, fat.0)).min(carbs_hi);
            (lo.max(0.0), carbs_hi)
        } else {
            (share(0.45, KCAL_PER_G.carbs), carbs_hi)
        };
        Self {
            protein: (protein_lo, protein_hi),
            fat,
            carbs,
        }
    }
}

/// Which value a note is about, named as the profile's field (or, for
/// the day limits the four targets do not carry, the nutrient).
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
    /// The day's fibre (`fiber`), beside the targets.
    Fibre,
    /// The day's sodium (`sodium`), beside the targets.
    Sodium,
}

impl NoteTarget {
    /// The profile field (or nutrient) the note is about.
    pub fn field(self) -> &'static str {
        match self {
            Self::Calories => "calories_target",
            Self::Protein => "protein_target",
            Self::Carbs => "carbs_target",
            Self::Fat => "fat_target",
            Self::Fibre => "fiber",
            Self::Sodium => "sodium",
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
    /// An adult's calories under the floor a diet without medical
    /// supervision keeps.
    BelowFloor,
    /// A surplus at a BMI of 30 or more.
    SurplusAtHighBmi,
    /// A deficit at a BMI under 18.5.
    DeficitAtLowBmi,
    /// A child's energy is their EER, whatever the goal.
    ChildEnergy,
    /// A child's protein and split follow the child references.
    ChildMacros,
    /// A child's sodium limit by age.
    SodiumLimit,
    /// The day's fibre goal (a child's, or `high_fiber`).
    FibreGoal,
    /// From 65, maintain and gain give at least 27 kcal/kg.
    OlderEnergy,
    /// From 65, protein at least 1.0 g/kg.
    OlderProtein,
    /// "Lose" planned as maintain.
    LoseAsMaintain,
    /// g/kg rules on the adjusted body weight (BMI 30 or more).
    AdjustedWeight,
    /// `low_carb` moved the split.
    LowCarb,
    /// `high_protein` moved the split.
    HighProtein,
    /// `high_carb` moved the split.
    HighCarb,
    /// `low_calorie`: targets unchanged, lighter meals preferred.
    LowCalorie,
    /// Conflicting diet types changed nothing.
    DietConflict,
    /// A macro diet type of a child's changed nothing.
    DietNotForChildren,
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
            Self::ChildEnergy => "child_energy",
            Self::ChildMacros => "child_macros",
            Self::SodiumLimit => "sodium_limit",
            Self::FibreGoal => "fiber_goal",
            Self::OlderEnergy => "older_energy",
            Self::OlderProtein => "older_protein",
            Self::LoseAsMaintain => "lose_planned_as_maintain",
            Self::AdjustedWeight => "adjusted_weight",
            Self::LowCarb => "low_carb",
            Self::HighProtein => "high_protein",
            Self::HighCarb => "high_carb",
            Self::LowCalorie => "low_calorie",
            Self::DietConflict => "diet_conflict",
            Self::DietNotForChildren => "diet_not_for_children",
        }
    }

    /// Whether the note says a value departs from a reference (the other
    /// kinds say which rule shaped a value).
    pub fn is_departure(self) -> bool {
        matches!(
            self,
            Self::BelowRange
                | Self::AboveRange
                | Self::BelowFloor
                | Self::SurplusAtHighBmi
                | Self::DeficitAtLowBmi
        )
    }
}

/// One thing a dietitian would point out about the targets in force.
#[derive(Debug, Clone, PartialEq)]
pub struct TargetNote {
    /// The value concerned.
    pub target: NoteTarget,
    /// What is unusual about it, or which rule shaped it.
    pub kind: NoteKind,
    /// A sentence saying so, with the numbers, the range and its source.
    pub message: String,
}

/// The words of each range `Ranges::new` applies for `age` and `diets`.
fn range_words(age: u32, diets: &[DietType]) -> [String; 3] {
    if Stage::of(age) == Stage::Child {
        let [p, f, c] = child::amdr(age);
        let pct = |(lo, hi): (f64, f64)| format!("{:.0}-{:.0}%", lo * 100.0, hi * 100.0);
        return [
            format!(
                "{} of calories and at least the RDA of {} g/kg and 10% (child AMDR, IOM 2005)",
                pct(p),
                child::protein_rda_per_kg(age)
            ),
            format!("{} of calories (child AMDR)", pct(f)),
            format!("{} of calories (child AMDR)", pct(c)),
        ];
    }
    let shift = Shift::of(age, diets);
    let per_kg = if Stage::of(age) == Stage::Older {
        "1.0"
    } else {
        "0.8"
    };
    let mut protein = format!("10-35% of calories, {per_kg}-2.0 g/kg; DRI/EFSA");
    if shift.high_protein {
        protein = format!("at least 25% for a high-protein diet, {protein}");
    } else if shift.high_carb {
        protein = format!("at most 20% beside 60% carbohydrate, {protein}");
    }
    let fat = if shift.low_carb {
        "20-50% of calories on a low-carb diet (more where protein cannot take the rest)".to_owned()
    } else {
        "20-35% of calories; DRI/EFSA".to_owned()
    };
    let carbs = if shift.low_carb {
        "10-26% of calories and under 130 g where the calories allow, for a low-carb diet (Feinman et al. 2015)".to_owned()
    } else if shift.high_carb {
        "60-65% of calories for a high-carbohydrate diet".to_owned()
    } else if shift.high_protein {
        "at least 130 g (or what protein and fat leave) for a high-protein diet, at most 65% of calories".to_owned()
    } else {
        "45-65% of calories; DRI/EFSA".to_owned()
    };
    [protein, fat, carbs]
}

/// The notes for `targets` in force for `body` at `age` under `diets`
/// that say a value departs from a reference: each macro outside its
/// range (a value set by hand may be; a computed one only where the
/// ranges cannot all hold), an adult's calories under the unsupervised
/// floor, and a goal unusual for the body. Which rule shaped each value
/// is [`explain`](super::explain)'s.
pub fn notes(body: &Body, age: u32, targets: &Targets<f64>, diets: &[DietType]) -> Vec<TargetNote> {
    let mut out = Vec::new();
    let kcal = targets.calories;
    if kcal <= 0.0 {
        return out;
    }
    let floor = super::calorie_floor(body.gender);
    let expenditure = tdee(body, age);
    let child = Stage::of(age) == Stage::Child;
    if !child && kcal < floor - 0.5 {
        let message = if kcal < 0.95 * expenditure {
            format!(
                "{kcal:.0} kcal a day is under {floor:.0} kcal, the least a diet without medical supervision should give."
            )
        } else {
            format!(
                "{kcal:.0} kcal a day is under {floor:.0} kcal, the least a diet without medical supervision should give, though it is what this body is estimated to spend; a dietitian can check the estimate."
            )
        };
        out.push(TargetNote {
            target: NoteTarget::Calories,
            kind: NoteKind::BelowFloor,
            message,
        });
    }
    let ranges = Ranges::new(body, age, kcal, diets);
    let pct = |g: f64, per_g: f64| 100.0 * g * per_g / kcal;
    let [protein_words, fat_words, carbs_words] = range_words(age, diets);
    for (target, grams, (lo, hi), per_g, name, range) in [
        (
            NoteTarget::Protein,
            targets.protein,
            ranges.protein,
            KCAL_PER_G.protein,
            "Protein",
            protein_words,
        ),
        (
            NoteTarget::Fat,
            targets.fat,
            ranges.fat,
            KCAL_PER_G.fat,
            "Fat",
            fat_words,
        ),
        (
            NoteTarget::Carbs,
            targets.carbs,
            ranges.carbs,
            KCAL_PER_G.carbs,
            "Carbohydrate",
            carbs_words,
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
                "{name} {grams:.0} g is {:.0}% of {kcal:.0} kcal, {side} the reference range ({range}).",
                pct(grams, per_g)
            ),
        });
    }
    if child {
        return out;
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
    let deficit_goal = body.goal == Goal::LoseWeight && !super::lose_as_maintain(body, age);
    if bmi < 18.5 && (deficit_goal || kcal < 0.95 * expenditure) {
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
