//! Issue 37: the targets of children, older adults, large bodies and
//! every diet type, where the references put them.

use chrono::NaiveDate;

use super::*;
use crate::profile::{BirthDate, Height, Weight};

fn nn(v: f64) -> NonNegative {
    NonNegative::parse(v).unwrap()
}

fn none() -> Targets<NonNegative> {
    Targets::default()
}

fn adult(goal: Goal, gender: Gender, activity: ActivityLevel, cm: f64, kg: f64) -> Body {
    Body {
        goal,
        height: Height::parse(cm).unwrap(),
        weight: Weight::parse(kg).unwrap(),
        body_type: BodyType::Normal,
        gender,
        activity_level: activity,
        birth_date: BirthDate::from_stored(NaiveDate::from_ymd_opt(1990, 1, 1).unwrap()),
    }
}

fn kid(goal: Goal, gender: Gender, activity: ActivityLevel, cm: f64, kg: f64) -> Body {
    Body {
        height: Height::parse_child(cm).unwrap(),
        weight: Weight::parse_child(kg).unwrap(),
        ..adult(goal, gender, activity, 170.0, 60.0)
    }
}

fn targets(b: &Body, age: u32, diets: &[DietType]) -> Targets<f64> {
    resolve(b, age, nn(0.0), none(), diets).targets.get()
}

fn codes(b: &Body, age: u32, t: &Targets<f64>, diets: &[DietType]) -> Vec<&'static str> {
    all_notes(b, age, t, diets, &Targets::default())
        .iter()
        .map(|n| n.kind.code())
        .collect()
}

fn share(grams: f64, per_g: f64, kcal: f64) -> f64 {
    grams * per_g / kcal
}

/// The dietitian's first case: 85 years old, 45 kg, "maintain" got 977
/// kcal and "lose" 1,200. Now maintain is at least 27 kcal/kg (1,215)
/// and lose is not above it.
#[test]
fn an_85_year_old_woman_of_45_kg() {
    use Goal::*;
    let at = |goal| adult(goal, Gender::Female, ActivityLevel::Low, 150.0, 45.0);
    let maintain = targets(&at(MaintainWeight), 85, &[]);
    assert_eq!(maintain.calories, 1215.0);
    assert!(maintain.protein >= 45.0 - 0.5, "1.0 g/kg: {maintain:?}");
    let lose = targets(&at(LoseWeight), 85, &[]);
    let gain = targets(&at(GainWeight), 85, &[]);
    assert!(lose.calories <= maintain.calories && maintain.calories <= gain.calories);
    // BMI 20: "lose" is planned as maintain, and says so.
    assert_eq!(lose.calories, maintain.calories);
    let said = codes(&at(LoseWeight), 85, &lose, &[]);
    assert!(said.contains(&"lose_planned_as_maintain"), "{said:?}");
    assert!(said.contains(&"older_energy"), "{said:?}");
    assert!(said.contains(&"older_protein"), "{said:?}");
    // Over the 1,200 kcal floor: no floor note.
    assert!(!said.contains(&"below_floor"), "{said:?}");
}

/// At a BMI of 25 to 30 an older adult may still lose; at 30 and over the
/// 27 kcal/kg rule does not apply.
#[test]
fn older_adults_by_bmi() {
    let over = adult(
        Goal::LoseWeight,
        Gender::Male,
        ActivityLevel::Low,
        175.0,
        85.0,
    );
    let lose = targets(&over, 70, &[]);
    let keep = targets(
        &Body {
            goal: Goal::MaintainWeight,
            ..over
        },
        70,
        &[],
    );
    assert!(lose.calories < keep.calories, "{lose:?} {keep:?}");
    let obese = adult(
        Goal::MaintainWeight,
        Gender::Female,
        ActivityLevel::Low,
        160.0,
        90.0,
    );
    assert_eq!(targets(&obese, 80, &[]).calories, tdee(&obese, 80).round());
}

/// Lose ≤ maintain ≤ gain for every body the profile accepts, adult or
/// child, and no computed adult target under the floor without a note.
#[test]
fn goals_are_in_order_for_every_body() {
    use ActivityLevel::*;
    let mut checked = 0;
    for gender in [Gender::Male, Gender::Female] {
        for activity in [Low, Medium, High] {
            for (cm, kg) in [
                (140.0, 35.0),
                (150.0, 45.0),
                (170.0, 70.0),
                (220.0, 300.0),
                (140.0, 300.0),
            ] {
                for age in [16, 30, 64, 65, 85, 100] {
                    let at = |goal| adult(goal, gender, activity, cm, kg);
                    let [l, m, g] = [Goal::LoseWeight, Goal::MaintainWeight, Goal::GainWeight]
                        .map(|goal| targets(&at(goal), age, &[]).calories);
                    assert!(l <= m && m <= g, "{gender:?} {activity:?} {cm} {kg} {age}");
                    for goal in [Goal::LoseWeight, Goal::MaintainWeight, Goal::GainWeight] {
                        let t = targets(&at(goal), age, &[]);
                        if t.calories < calorie_floor(gender) - 0.5 {
                            let said = codes(&at(goal), age, &t, &[]);
                            assert!(said.contains(&"below_floor"), "{t:?} {said:?}");
                        }
                    }
                    checked += 1;
                }
            }
            for age in [3, 8, 15] {
                let at = |goal| kid(goal, gender, activity, 120.0, 25.0);
                let all = [Goal::LoseWeight, Goal::MaintainWeight, Goal::GainWeight]
                    .map(|goal| targets(&at(goal), age, &[]).calories);
                assert!(all[0] == all[1] && all[1] == all[2], "{all:?}");
            }
        }
    }
    assert_eq!(checked, 2 * 3 * 5 * 6);
}

/// The dietitian's second case: 160 kg got 239 g of protein, g/kg of the
/// whole weight. Now every g/kg rule takes the adjusted weight.
#[test]
fn a_160_kg_man_gets_protein_from_his_adjusted_weight() {
    let b = adult(
        Goal::LoseWeight,
        Gender::Male,
        ActivityLevel::Medium,
        180.0,
        160.0,
    );
    // At BMI 25: 81 kg; adjusted: 81 + 0.4 × 79 = 112.6 kg.
    let kg = basis::reference_weight(&b, 40);
    assert!((kg - 112.6).abs() < 1e-9, "{kg}");
    let t = targets(&b, 40, &[]);
    assert!(t.protein <= 2.0 * 112.6 + 0.5, "{t:?}");
    // Before: lean mass of the whole weight × 2.2, 289 g (then 35%).
    assert!(t.protein < 160.0 * 0.82 * 2.2 - 50.0, "{t:?}");
    // Lean mass of the adjusted weight (18% fat) × 2.2.
    assert_eq!(t.protein, (112.6 * 0.82 * 2.2_f64).round());
    let p = share(t.protein, 4.0, t.calories);
    assert!((0.10..=0.35).contains(&p), "{p}");
    let said = codes(&b, 40, &t, &[]);
    assert!(said.contains(&"adjusted_weight"), "{said:?}");
    // Under 30 the weight is the body's own.
    let usual = adult(
        Goal::LoseWeight,
        Gender::Male,
        ActivityLevel::Medium,
        180.0,
        90.0,
    );
    assert_eq!(basis::reference_weight(&usual, 40), 90.0);
}

/// The dietitian's third case: an 8-year-old at the table, EER whatever
/// the goal, protein by the RDA and at least 10% of energy, the child
/// AMDR, sodium and fibre said.
#[test]
fn an_8_year_old_gets_the_eer_and_the_child_references() {
    let b = kid(
        Goal::LoseWeight,
        Gender::Male,
        ActivityLevel::Medium,
        128.0,
        26.0,
    );
    let t = targets(&b, 8, &[]);
    assert_eq!(t.calories, 1694.0);
    // 0.95 × 26 = 24.7 g < 10% of energy (42.4 g).
    assert_eq!(t.protein, (0.10 * 1694.2 / 4.0_f64).round());
    let (p, f, c) = (
        share(t.protein, 4.0, t.calories),
        share(t.fat, 9.0, t.calories),
        share(t.carbs, 4.0, t.calories),
    );
    assert!((0.099..=0.30).contains(&p), "{p}");
    assert!((0.25..=0.35).contains(&f), "{f}");
    assert!((0.45..=0.65).contains(&c), "{c}");
    let said = codes(&b, 8, &t, &[DietType::LowCarb]);
    for code in [
        "child_energy",
        "child_macros",
        "sodium_limit",
        "fiber_goal",
        "diet_not_for_children",
    ] {
        assert!(said.contains(&code), "{code}: {said:?}");
    }
    assert!(!said.contains(&"below_floor"), "{said:?}");
    // A child's targets ignore low carb.
    assert_eq!(targets(&b, 8, &[DietType::LowCarb]), t);
    let notes = all_notes(&b, 8, &t, &[], &Targets::default());
    let sodium = notes
        .iter()
        .find(|n| n.kind == NoteKind::SodiumLimit)
        .unwrap();
    assert!(sodium.message.contains("1500 mg"), "{}", sodium.message);
    let fibre = notes
        .iter()
        .find(|n| n.kind == NoteKind::FibreGoal)
        .unwrap();
    assert!(fibre.message.contains("24 g"), "{}", fibre.message);
}

/// Every computed target of every child body a member may have stays in
/// the child references, with no departure note.
#[test]
fn computed_targets_of_every_child_stay_inside_the_child_references() {
    use ActivityLevel::*;
    for gender in [Gender::Male, Gender::Female] {
        for activity in [Low, Medium, High] {
            for (cm, kg) in [
                (80.0, 10.0),
                (100.0, 16.0),
                (140.0, 35.0),
                (200.0, 150.0),
                (80.0, 150.0),
                (200.0, 10.0),
            ] {
                for age in 3..=15 {
                    let b = kid(Goal::GainWeight, gender, activity, cm, kg);
                    let t = targets(&b, age, &[]);
                    let [pr, fr, cr] = child::amdr(age);
                    let case = format!("{b:?} {age}: {t:?}");
                    let within = |g: f64, per_g: f64, (lo, hi): (f64, f64)| {
                        g >= lo * t.calories / per_g - 1.0 && g <= hi * t.calories / per_g + 1.0
                    };
                    assert!(
                        within(t.protein, 4.0, (pr.0.max(0.10), pr.1)),
                        "protein {case}"
                    );
                    assert!(within(t.fat, 9.0, fr), "fat {case}");
                    assert!(within(t.carbs, 4.0, cr), "carbs {case}");
                    let departures = notes(&b, age, &t, &[]);
                    assert!(departures.is_empty(), "{departures:?} {case}");
                }
            }
        }
    }
}

/// Each diet type moves the split as it says; conflicting ones do not.
#[test]
fn diet_types_change_the_targets() {
    use DietType::*;
    let b = adult(
        Goal::MaintainWeight,
        Gender::Female,
        ActivityLevel::Low,
        165.0,
        60.0,
    );
    let plain = targets(&b, 30, &[]);
    let low = targets(&b, 30, &[LowCarb]);
    assert_eq!(low.calories, plain.calories);
    assert!(share(low.carbs, 4.0, low.calories) <= 0.26, "{low:?}");
    assert!(low.carbs < 130.0, "{low:?}");
    assert!(share(low.fat, 9.0, low.calories) <= 0.50 + 0.003, "{low:?}");
    let high_p = targets(&b, 30, &[HighProtein]);
    let p = share(high_p.protein, 4.0, high_p.calories);
    assert!((0.25 - 0.002..=0.35).contains(&p), "{high_p:?}");
    assert!(high_p.protein <= 2.0 * 60.0 + 0.5, "{high_p:?}");
    let high_c = targets(&b, 30, &[HighCarb]);
    assert!(
        share(high_c.carbs, 4.0, high_c.calories) >= 0.60,
        "{high_c:?}"
    );
    assert!(
        share(high_c.carbs, 4.0, high_c.calories) <= 0.65 + 0.002,
        "{high_c:?}"
    );
    assert_eq!(targets(&b, 30, &[LowCalorie]), plain);
    assert_eq!(targets(&b, 30, &[HighFiber]), plain);
    assert_eq!(targets(&b, 30, &[LowCarb, HighCarb]), plain);
    let said = codes(&b, 30, &plain, &[LowCarb, HighCarb]);
    assert_eq!(said, ["diet_conflict"]);
    let said = codes(&b, 30, &plain, &[HighFiber, LowCalorie]);
    assert_eq!(said, ["low_calorie", "fiber_goal"]);
    assert_eq!(fibre_goal(2000.0, &[HighFiber]), 36.0);
    for (diets, code) in [
        (&[LowCarb][..], "low_carb"),
        (&[HighProtein][..], "high_protein"),
        (&[HighCarb][..], "high_carb"),
    ] {
        let t = targets(&b, 30, diets);
        assert_eq!(codes(&b, 30, &t, diets), [code], "{diets:?}");
    }
}

/// A high-protein diet never passes 2.0 g/kg: a light body on a large
/// budget stays under 25%, and is told why.
#[test]
fn high_protein_is_capped_at_2_g_per_kg() {
    let b = adult(
        Goal::GainWeight,
        Gender::Male,
        ActivityLevel::High,
        190.0,
        60.0,
    );
    let t = targets(&b, 25, &[DietType::HighProtein]);
    assert!(t.protein <= 120.5, "{t:?}");
    assert!(share(t.protein, 4.0, t.calories) < 0.25, "{t:?}");
    let n = explain(&b, 25, &t, &[DietType::HighProtein], &Targets::default());
    assert!(n[0].message.contains("2.0 g/kg"), "{n:?}");
}

/// Low carb over every body the profile accepts: carbohydrate at most
/// 26% (and under 130 g where protein and fat can take the energy), fat
/// and protein inside their ranges, no departure note.
#[test]
fn low_carb_holds_for_every_adult_body() {
    use ActivityLevel::*;
    for goal in [Goal::LoseWeight, Goal::MaintainWeight, Goal::GainWeight] {
        for gender in [Gender::Male, Gender::Female] {
            for activity in [Low, Medium, High] {
                for (cm, kg) in [
                    (140.0, 35.0),
                    (220.0, 35.0),
                    (170.0, 70.0),
                    (140.0, 300.0),
                    (220.0, 300.0),
                ] {
                    for age in [16, 40, 70, 100] {
                        let b = adult(goal, gender, activity, cm, kg);
                        let t = targets(&b, age, &[DietType::LowCarb]);
                        let r = Ranges::new(&b, age, t.calories, &[DietType::LowCarb]);
                        let case = format!("{b:?} {age}: {t:?} {r:?}");
                        assert!(t.carbs * 4.0 <= 0.26 * t.calories + 4.0, "{case}");
                        let departures = notes(&b, age, &t, &[DietType::LowCarb]);
                        let macros: Vec<_> = departures
                            .iter()
                            .filter(|n| n.target != NoteTarget::Calories)
                            .collect();
                        assert!(macros.is_empty(), "{macros:?} {case}");
                    }
                }
            }
        }
    }
}

/// Hand-set targets keep working: kept, and noted where they depart;
/// a rule about a value set by hand is not explained.
#[test]
fn hand_set_targets_are_kept_with_notes() {
    let b = adult(
        Goal::MaintainWeight,
        Gender::Female,
        ActivityLevel::Low,
        150.0,
        45.0,
    );
    let requested = Targets {
        calories: nn(1000.0),
        ..Targets::default()
    };
    let r = resolve(&b, 85, nn(0.0), requested, &[]);
    assert_eq!(r.targets.calories, 1000.0);
    let manual = Targets {
        calories: true,
        ..Targets::default()
    };
    let said: Vec<_> = all_notes(&b, 85, &r.targets.get(), &[], &manual)
        .iter()
        .map(|n| n.kind.code())
        .collect();
    assert!(said.contains(&"below_floor"), "{said:?}");
    assert!(!said.contains(&"older_energy"), "{said:?}");
}
