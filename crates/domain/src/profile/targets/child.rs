//! A child's references (3 to 15, a household member): energy by the
//! NASEM 2023 Estimated Energy Requirement, protein by the age's RDA,
//! the child AMDR, the sodium limit by age and fibre by energy.
//!
//! Sources: NASEM, *Dietary Reference Intakes for Energy* (2023), the
//! EER equations for ages 3-18 with the energy cost of growth (ECG);
//! IOM 2005 (protein RDA by age, child AMDR); NASEM 2019 (sodium CDRR by
//! age); IOM 2005 adequate intake of fibre, 14 g per 1,000 kcal.

use crate::profile::{ActivityLevel, Body, Gender};

/// The energy cost of growth, kcal/day, by sex and age (NASEM 2023).
pub fn energy_cost_of_growth(gender: Gender, age: u32) -> f64 {
    match (gender, age) {
        (Gender::Female, 0..=8) => 15.0,
        (Gender::Female, 9..=13) => 30.0,
        (Gender::Male, 0..=3) => 20.0,
        (Gender::Male, 4..=8) => 15.0,
        (Gender::Male, 9..=13) => 25.0,
        (_, _) => 20.0,
    }
}

/// The Estimated Energy Requirement of a child of 3 to 18, kcal/day
/// (NASEM 2023; age in years, height in cm, weight in kg). The activity
/// levels map as low → inactive, medium → low active, high → active.
pub fn eer(body: &Body, age: u32) -> f64 {
    let (a, h, w) = (f64::from(age), body.height.cm(), body.weight.kg());
    let tee = match (body.gender, body.activity_level) {
        (Gender::Male, ActivityLevel::Low) => -447.51 + 3.68 * a + 13.01 * h + 13.15 * w,
        (Gender::Male, ActivityLevel::Medium) => 19.12 + 3.68 * a + 8.62 * h + 20.28 * w,
        (Gender::Male, ActivityLevel::High) => -388.19 + 3.68 * a + 12.66 * h + 20.46 * w,
        (Gender::Female, ActivityLevel::Low) => 55.59 - 22.25 * a + 8.43 * h + 17.07 * w,
        (Gender::Female, ActivityLevel::Medium) => -297.54 - 22.25 * a + 12.77 * h + 14.73 * w,
        (Gender::Female, ActivityLevel::High) => -189.55 - 22.25 * a + 11.74 * h + 18.34 * w,
    };
    tee + energy_cost_of_growth(body.gender, age)
}

/// The protein RDA in g per kg of body weight by age (IOM 2005): 1.05 at
/// 3, 0.95 at 4-13, 0.85 at 14-18.
pub fn protein_rda_per_kg(age: u32) -> f64 {
    match age {
        0..=3 => 1.05,
        4..=13 => 0.95,
        _ => 0.85,
    }
}

/// The child AMDR as shares of energy: (protein, fat, carbohydrate), each
/// (low, high). Protein 5-20% at 3 and 10-30% from 4; fat 30-40% at 3
/// and 25-35% from 4; carbohydrate 45-65%.
pub fn amdr(age: u32) -> [(f64, f64); 3] {
    if age <= 3 {
        [(0.05, 0.20), (0.30, 0.40), (0.45, 0.65)]
    } else {
        [(0.10, 0.30), (0.25, 0.35), (0.45, 0.65)]
    }
}

/// The fat share a child's computed targets start from: the middle of
/// the child AMDR (35% at 3, 30% from 4).
pub fn fat_share(age: u32) -> f64 {
    let (lo, hi) = amdr(age)[1];
    (lo + hi) / 2.0
}

/// A child's fibre ceiling on a day of `kcal`, g: 25 g per 1,000 kcal
/// (the adult comfort ceiling of 50 g at the 2,000 kcal reference, scaled
/// to the child's energy), never under the floor plus 10 g (14 g per
/// 1,000 kcal, IOM 2005).
pub fn fibre_max(kcal: f64) -> f64 {
    let per_1000 = kcal.max(0.0) / 1000.0;
    (25.0 * per_1000).max(14.0 * per_1000 + 10.0)
}

/// The sodium limit by age, mg/day (NASEM 2019 Chronic Disease Risk
/// Reduction intake): 1,200 at 1-3, 1,500 at 4-8, 1,800 at 9-13, 2,300
/// from 14 (adults too).
pub fn sodium_limit(age: u32) -> f64 {
    match age {
        0..=3 => 1200.0,
        4..=8 => 1500.0,
        9..=13 => 1800.0,
        _ => 2300.0,
    }
}

#[cfg(test)]
mod tests {
    use chrono::NaiveDate;

    use super::*;
    use crate::profile::{BirthDate, BodyType, Goal, Height, Weight};

    fn child(gender: Gender, activity: ActivityLevel, cm: f64, kg: f64) -> Body {
        Body {
            goal: Goal::MaintainWeight,
            height: Height::parse_child(cm).unwrap(),
            weight: Weight::parse_child(kg).unwrap(),
            body_type: BodyType::Normal,
            gender,
            activity_level: activity,
            birth_date: BirthDate::from_stored(NaiveDate::from_ymd_opt(2018, 1, 1).unwrap()),
        }
    }

    /// Worked by hand from the table: an 8-year-old, 128 cm,
    /// 26 kg.
    #[test]
    fn the_eer_follows_the_equations_and_the_cost_of_growth() {
        use ActivityLevel::*;
        let cases = [
            // boy inactive: -447.51 + 29.44 + 1665.28 + 341.9 + 15
            (Gender::Male, Low, 1604.11),
            // boy low active: 19.12 + 29.44 + 1103.36 + 527.28 + 15
            (Gender::Male, Medium, 1694.2),
            // boy active: -388.19 + 29.44 + 1620.48 + 531.96 + 15
            (Gender::Male, High, 1808.69),
            // girl inactive: 55.59 - 178 + 1079.04 + 443.82 + 15
            (Gender::Female, Low, 1415.45),
            // girl low active: -297.54 - 178 + 1634.56 + 382.98 + 15
            (Gender::Female, Medium, 1557.0),
            // girl active: -189.55 - 178 + 1502.72 + 476.84 + 15
            (Gender::Female, High, 1627.01),
        ];
        for (gender, activity, want) in cases {
            let got = eer(&child(gender, activity, 128.0, 26.0), 8);
            assert!((got - want).abs() < 1e-6, "{gender:?} {activity:?}: {got}");
        }
        assert_eq!(energy_cost_of_growth(Gender::Male, 3), 20.0);
        assert_eq!(energy_cost_of_growth(Gender::Female, 3), 15.0);
        assert_eq!(energy_cost_of_growth(Gender::Male, 11), 25.0);
        assert_eq!(energy_cost_of_growth(Gender::Female, 11), 30.0);
        assert_eq!(energy_cost_of_growth(Gender::Female, 15), 20.0);
    }

    #[test]
    fn every_child_body_has_a_positive_eer() {
        for gender in [Gender::Male, Gender::Female] {
            for activity in [
                ActivityLevel::Low,
                ActivityLevel::Medium,
                ActivityLevel::High,
            ] {
                for age in 3..=15 {
                    let e = eer(&child(gender, activity, 80.0, 10.0), age);
                    assert!(e > 400.0, "{gender:?} {activity:?} {age}: {e}");
                }
            }
        }
    }

    #[test]
    fn references_by_age() {
        assert_eq!(protein_rda_per_kg(3), 1.05);
        assert_eq!(protein_rda_per_kg(8), 0.95);
        assert_eq!(protein_rda_per_kg(14), 0.85);
        assert_eq!(
            [3, 4, 8, 9, 13, 14, 15].map(sodium_limit),
            [1200.0, 1500.0, 1500.0, 1800.0, 1800.0, 2300.0, 2300.0]
        );
        assert_eq!(fat_share(3), 0.35);
        assert_eq!(fat_share(10), 0.30);
    }
}
