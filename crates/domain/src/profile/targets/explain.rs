//! Which rule shaped each target, said where it applies: the notes a
//! profile's `target_notes` carries beside the departures of
//! [`notes`](super::notes). A rule about a value set by hand is not
//! explained (the hand-set value is what is in force).

use crate::profile::{ActivityLevel, Body, DietType, Gender, Goal};

use super::basis::{PROTEIN_MAX_PER_KG, Shift, Stage, bmi, fibre_per_1000_kcal, reference_weight};
use super::ranges::{KCAL_PER_G, NoteKind, NoteTarget, TargetNote, notes};
use super::{OLDER_KCAL_PER_KG, Targets, calorie_floor, child, lose_as_maintain, tdee};

/// The day's fibre goal, g: 14 g per 1,000 kcal (IOM 2005 adequate
/// intake), 18 g on `high_fiber`.
pub fn fibre_goal(calories: f64, diets: &[DietType]) -> f64 {
    fibre_per_1000_kcal(diets) * calories / 1000.0
}

/// Every note on `targets` in force: the departures ([`notes`]), then
/// the rules that shaped them ([`explain`]).
pub fn all_notes(
    body: &Body,
    age: u32,
    targets: &Targets<f64>,
    diets: &[DietType],
    manual: &Targets<bool>,
) -> Vec<TargetNote> {
    let mut out = notes(body, age, targets, diets);
    out.extend(explain(body, age, targets, diets, manual));
    out
}

/// The rules that shaped `targets` for `body` at `age` under `diets`,
/// one note each where it applies (`manual`: which targets were set by
/// hand, whose rules are not explained).
pub fn explain(
    body: &Body,
    age: u32,
    targets: &Targets<f64>,
    diets: &[DietType],
    manual: &Targets<bool>,
) -> Vec<TargetNote> {
    let mut out = Vec::new();
    let kcal = targets.calories;
    if kcal <= 0.0 {
        return out;
    }
    let mut say = |target: NoteTarget, kind: NoteKind, message: String| {
        out.push(TargetNote {
            target,
            kind,
            message,
        })
    };
    let pct = |g: f64, per_g: f64| 100.0 * g * per_g / kcal;
    let stage = Stage::of(age);
    let shift = Shift::of(age, diets);
    if stage == Stage::Child {
        child_notes(body, age, targets, manual, &mut say);
        if shift.ignored_for_child {
            say(
                NoteTarget::Carbs,
                NoteKind::DietNotForChildren,
                "Low-carb, high-protein and high-carbohydrate diets do not change a child's targets: a growing child keeps the child AMDR (IOM 2005).".to_owned(),
            );
        }
    } else {
        adult_notes(body, age, targets, manual, &mut say);
    }
    if shift.low_carb && !manual.carbs {
        say(
            NoteTarget::Carbs,
            NoteKind::LowCarb,
            format!(
                "Low carb: carbohydrate {:.0} g is {:.0}% of energy, aimed under 26% and 130 g (Feinman et al. 2015) so a day within the tolerances stays low-carb; the energy moves to fat ({:.0}%) and protein ({:.0}%).",
                targets.carbs,
                pct(targets.carbs, KCAL_PER_G.carbs),
                pct(targets.fat, KCAL_PER_G.fat),
                pct(targets.protein, KCAL_PER_G.protein)
            ),
        );
    }
    if shift.high_protein && !manual.protein {
        let share = pct(targets.protein, KCAL_PER_G.protein);
        let capped = if share < 24.5 {
            " (held under 25% by the cap of 2.0 g/kg)"
        } else {
            ""
        };
        say(
            NoteTarget::Protein,
            NoteKind::HighProtein,
            format!(
                "High protein: protein {:.0} g is {share:.0}% of energy{capped}: at least 25%, at most 35% and {PROTEIN_MAX_PER_KG:.1} g per kg.",
                targets.protein
            ),
        );
    }
    if shift.high_carb && !manual.carbs {
        say(
            NoteTarget::Carbs,
            NoteKind::HighCarb,
            format!(
                "High carbohydrate: carbohydrate {:.0} g is {:.0}% of energy, at least 60% (protein at most 20%, fat at least 20%).",
                targets.carbs,
                pct(targets.carbs, KCAL_PER_G.carbs)
            ),
        );
    }
    if shift.carb_conflict {
        say(
            NoteTarget::Carbs,
            NoteKind::DietConflict,
            "Low carb and high carbohydrate ask for opposite shares of carbohydrate, so neither changes the targets.".to_owned(),
        );
    }
    if shift.protein_conflict {
        say(
            NoteTarget::Carbs,
            NoteKind::DietConflict,
            "High carbohydrate (60%) with high protein (25%) would leave fat under its 20% floor, so neither changes the targets.".to_owned(),
        );
    }
    if diets.contains(&DietType::LowCalorie) {
        say(
            NoteTarget::Calories,
            NoteKind::LowCalorie,
            "Low calorie: the targets are unchanged (the goal sets the energy); the planner prefers dishes of low energy density (at most 1.5 kcal per gram as served), which fill the plate for fewer calories.".to_owned(),
        );
    }
    if stage != Stage::Child && diets.contains(&DietType::HighFiber) {
        say(
            NoteTarget::Fibre,
            NoteKind::FibreGoal,
            format!(
                "High fibre: a fibre goal of {:.0} g a day, 18 g per 1,000 kcal (the adequate intake is 14 g, IOM 2005).",
                fibre_goal(kcal, diets)
            ),
        );
    }
    out
}

/// A child's rules: energy, protein and split, sodium and fibre.
fn child_notes(
    body: &Body,
    age: u32,
    targets: &Targets<f64>,
    manual: &Targets<bool>,
    say: &mut impl FnMut(NoteTarget, NoteKind, String),
) {
    if !manual.calories {
        let who = match body.gender {
            Gender::Male => "boy",
            Gender::Female => "girl",
        };
        let level = match body.activity_level {
            ActivityLevel::Low => "inactive",
            ActivityLevel::Medium => "low active",
            ActivityLevel::High => "active",
        };
        say(
            NoteTarget::Calories,
            NoteKind::ChildEnergy,
            format!(
                "A child is planned for growth: {:.0} kcal is the Estimated Energy Requirement of a {age}-year-old {who}, {level} (NASEM 2023, with {:.0} kcal for growth); the goal does not change it.",
                targets.calories,
                child::energy_cost_of_growth(body.gender, age)
            ),
        );
    }
    if !manual.protein {
        let [p, f, c] = child::amdr(age);
        let rda = child::protein_rda_per_kg(age);
        say(
            NoteTarget::Protein,
            NoteKind::ChildMacros,
            format!(
                "Protein {:.0} g: the RDA at {age}, {rda} g/kg × {:.0} kg, and at least 10% of energy; the split keeps the child AMDR (protein {:.0}-{:.0}%, fat {:.0}-{:.0}%, carbohydrate {:.0}-{:.0}%; IOM 2005).",
                targets.protein,
                body.weight.kg(),
                p.0 * 100.0,
                p.1 * 100.0,
                f.0 * 100.0,
                f.1 * 100.0,
                c.0 * 100.0,
                c.1 * 100.0
            ),
        );
    }
    say(
        NoteTarget::Sodium,
        NoteKind::SodiumLimit,
        format!(
            "Sodium: at most {:.0} mg a day at {age} (NASEM 2019, chronic disease risk reduction intake).",
            child::sodium_limit(age)
        ),
    );
    say(
        NoteTarget::Fibre,
        NoteKind::FibreGoal,
        format!(
            "Fibre: {:.0} g a day, 14 g per 1,000 kcal (IOM 2005 adequate intake), and at most {:.0} g, 25 g per 1,000 kcal (the adult ceiling of 50 g scaled to a child's energy).",
            fibre_goal(targets.calories, &[]),
            super::child::fibre_max(targets.calories)
        ),
    );
}

/// An adult's rules: older age, "lose" as maintain, large bodies.
fn adult_notes(
    body: &Body,
    age: u32,
    targets: &Targets<f64>,
    manual: &Targets<bool>,
    say: &mut impl FnMut(NoteTarget, NoteKind, String),
) {
    let bmi = bmi(body);
    let older = Stage::of(age) == Stage::Older;
    let as_maintain = body.goal == Goal::LoseWeight && lose_as_maintain(body, age);
    if older && bmi < 30.0 && !manual.calories && (body.goal != Goal::LoseWeight || as_maintain) {
        let least = OLDER_KCAL_PER_KG * body.weight.kg();
        let spent = tdee(body, age);
        let raised = if least > spent {
            format!(", raised from {spent:.0} kcal (Mifflin-St Jeor × activity)")
        } else {
            String::new()
        };
        say(
            NoteTarget::Calories,
            NoteKind::OlderEnergy,
            format!(
                "From 65 at a BMI under 30, maintaining or gaining weight gives at least 27 kcal per kg: {least:.0} kcal for {:.0} kg (ESPEN 2019 geriatrics, guiding value about 30 kcal/kg){raised}.",
                body.weight.kg()
            ),
        );
    }
    if as_maintain && !manual.calories {
        let message = if older && bmi < 25.0 {
            format!(
                "\"Lose\" is planned as maintain: at 65 or over with a BMI of {bmi:.1} (under 25) losing weight costs muscle (ESPEN 2019)."
            )
        } else {
            format!(
                "\"Lose\" is planned as maintain: {:.0} kcal, the least a diet without medical supervision gives, is not below what this body spends.",
                calorie_floor(body.gender)
            )
        };
        say(NoteTarget::Calories, NoteKind::LoseAsMaintain, message);
    }
    let adjusted = bmi >= 30.0;
    if older && !manual.protein {
        let of = if adjusted {
            " of the adjusted weight"
        } else {
            ""
        };
        say(
            NoteTarget::Protein,
            NoteKind::OlderProtein,
            format!(
                "From 65, protein is at least 1.0 g per kg{of} (PROT-AGE 2013: 1.0-1.2 g/kg): {:.0} g.",
                targets.protein
            ),
        );
    }
    if adjusted && !manual.protein {
        let m = body.height.cm() / 100.0;
        let at_25 = 25.0 * m * m;
        let kg = reference_weight(body, age);
        say(
            NoteTarget::Protein,
            NoteKind::AdjustedWeight,
            format!(
                "At a BMI of {bmi:.1} (30 or more) every g/kg rule takes the adjusted body weight, {kg:.0} kg: the weight at BMI 25 ({at_25:.0} kg) plus 40% of the excess; protein stays at most {PROTEIN_MAX_PER_KG:.1} g/kg of it ({:.0} g) and within 10-35% of energy.",
                PROTEIN_MAX_PER_KG * kg
            ),
        );
    }
}
