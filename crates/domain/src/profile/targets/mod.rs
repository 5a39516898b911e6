//! Daily calorie and macro targets (contract §4.2), for every body.
//!
//! An adult's energy by Mifflin-St Jeor BMR and activity, by goal (from
//! 65 at a BMI under 30, maintain and gain give at least 27 kcal/kg); a
//! child's (3 to 15, a household member) by the NASEM 2023 EER whatever
//! the goal ([`child`]). Protein by lean mass (a child: the age's RDA),
//! fat a quarter of calories (a child: the middle of the child AMDR),
//! carbs the rest; the diet types move the split ([`basis::Shift`]); then
//! every computed value is kept inside the reference ranges ([`Ranges`]),
//! every g/kg rule on the adjusted weight at a BMI of 30 or more
//! ([`basis::reference_weight`]). A target the user sets by hand (a
//! positive number) is kept and the others are derived around it;
//! [`notes`] says when any value in force lies outside the ranges, and
//! [`explain`] which rule shaped it.

pub mod basis;
pub mod child;
mod explain;
mod ranges;

pub use basis::bmi;
pub use explain::{all_notes, explain, fibre_goal};
pub use ranges::{KCAL_PER_G, NoteKind, NoteTarget, Ranges, TargetNote, notes};

use crate::profile::{ActivityLevel, Body, BodyType, DietType, Gender, Goal, NonNegative};
use basis::{LOW_CARB_AIM, LOW_CARB_PROTEIN_AIM, Shift, Stage, reference_weight};

/// The four daily targets (calories in kcal, macros in grams).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Targets<T> {
    /// kcal per day.
    pub calories: T,
    /// Protein, g per day.
    pub protein: T,
    /// Carbohydrates, g per day.
    pub carbs: T,
    /// Fat, g per day.
    pub fat: T,
}

/// Targets a day can aim at: every value finite and not negative, the
/// calories above zero. A resolved profile holds them in this form, so the
/// planner takes them without checking again
/// ([`Diner::new`](crate::planner::Diner::new)).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DayTargets(Targets<f64>);

/// Targets no day can aim at (a negative or non-finite value, or no
/// calories).
#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
#[error("targets no day can aim at: {0:?}")]
pub struct UnusableTargets(pub Targets<f64>);

impl DayTargets {
    /// Checks `targets`.
    pub fn parse(targets: Targets<f64>) -> Result<Self, UnusableTargets> {
        let values = [
            targets.calories,
            targets.protein,
            targets.carbs,
            targets.fat,
        ];
        if values.iter().any(|v| NonNegative::parse(*v).is_err()) || targets.calories <= 0.0 {
            Err(UnusableTargets(targets))
        } else {
            Ok(Self(targets))
        }
    }

    /// Targets the domain computed itself, valid by construction.
    pub(crate) fn resolved(targets: Targets<f64>) -> Self {
        debug_assert!(Self::parse(targets).is_ok(), "{targets:?}");
        Self(targets)
    }

    /// The same targets changed by `f`, which keeps them usable (scaling
    /// by positive factors, moving grams between macros).
    pub(crate) fn map(self, f: impl FnOnce(Targets<f64>) -> Targets<f64>) -> Self {
        Self::resolved(f(self.0))
    }

    /// The values.
    pub fn get(self) -> Targets<f64> {
        self.0
    }
}

impl From<DayTargets> for Targets<f64> {
    fn from(t: DayTargets) -> Self {
        t.0
    }
}

impl PartialEq<Targets<f64>> for DayTargets {
    fn eq(&self, other: &Targets<f64>) -> bool {
        self.0 == *other
    }
}

impl std::ops::Deref for DayTargets {
    type Target = Targets<f64>;

    fn deref(&self) -> &Targets<f64> {
        &self.0
    }
}

/// Which values the user set by hand; the others are computed and follow
/// the body metrics and goal whenever they change.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Manual {
    /// Body fat % given (else estimated from body type and sex).
    pub body_fat: bool,
    /// Targets given.
    pub targets: Targets<bool>,
}

/// Targets and body fat in force after resolution.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Resolved {
    /// Body fat % used (given, or estimated from body type).
    pub body_fat_percentage: f64,
    /// The targets in force, whole numbers unless set by hand.
    pub targets: DayTargets,
    /// Which of them were set by hand.
    pub manual: Manual,
}

/// The values a profile holds, for [`echoes_cleared`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Stored {
    /// Body fat % in force.
    pub body_fat_percentage: f64,
    /// Targets in force.
    pub targets: Targets<f64>,
    /// Which were set by hand.
    pub manual: Manual,
}

/// What a save really asks for. Clients send back, on every save, the
/// values they last received; a value equal to one the service computed
/// is such an echo and counts as not set (0), so it is computed again from
/// the new body metrics and goal. A value set by hand stays set by hand,
/// and any other positive value becomes a new hand-set value.
pub fn echoes_cleared(
    body_fat: NonNegative,
    requested: Targets<NonNegative>,
    stored: Option<&Stored>,
) -> (NonNegative, Targets<NonNegative>) {
    let Some(stored) = stored else {
        return (body_fat, requested);
    };
    let clear = |sent: NonNegative, was: f64, manual: bool| {
        if !manual && (sent.get() - was).abs() < 1e-9 {
            NonNegative::default()
        } else {
            sent
        }
    };
    let (t, m) = (stored.targets, stored.manual.targets);
    (
        clear(body_fat, stored.body_fat_percentage, stored.manual.body_fat),
        Targets {
            calories: clear(requested.calories, t.calories, m.calories),
            protein: clear(requested.protein, t.protein, m.protein),
            carbs: clear(requested.carbs, t.carbs, m.carbs),
            fat: clear(requested.fat, t.fat, m.fat),
        },
    )
}

/// What a save of `stored` unchanged asks for: the values set by hand,
/// and 0 (compute again) for the others. The same rule as
/// [`echoes_cleared`] applied to a save that sends nothing new, for
/// callers that re-save a profile themselves (the assistant).
pub fn hand_set(stored: &Stored) -> (NonNegative, Targets<NonNegative>) {
    let keep = |manual: bool, v: f64| {
        if manual {
            NonNegative::parse(v).unwrap_or_default()
        } else {
            NonNegative::default()
        }
    };
    let (t, m) = (stored.targets, stored.manual.targets);
    (
        keep(stored.manual.body_fat, stored.body_fat_percentage),
        Targets {
            calories: keep(m.calories, t.calories),
            protein: keep(m.protein, t.protein),
            carbs: keep(m.carbs, t.carbs),
            fat: keep(m.fat, t.fat),
        },
    )
}

/// Estimated body fat % by build and sex.
pub fn estimated_body_fat(body_type: BodyType, gender: Gender) -> f64 {
    let (male, female) = match body_type {
        BodyType::Lean => (12.0, 20.0),
        BodyType::Normal => (18.0, 26.0),
        BodyType::Stocky => (25.0, 33.0),
        BodyType::Obese => (32.0, 40.0),
    };
    match gender {
        Gender::Male => male,
        Gender::Female => female,
    }
}

/// Basal metabolic rate, kcal/day (Mifflin-St Jeor).
pub fn bmr(body: &Body, age: u32) -> f64 {
    let base = 10.0 * body.weight.kg() + 6.25 * body.height.cm() - 5.0 * f64::from(age);
    match body.gender {
        Gender::Male => base + 5.0,
        Gender::Female => base - 161.0,
    }
}

/// Total daily energy expenditure, kcal/day.
pub fn tdee(body: &Body, age: u32) -> f64 {
    let factor = match body.activity_level {
        ActivityLevel::Low => 1.2,
        ActivityLevel::Medium => 1.55,
        ActivityLevel::High => 1.725,
    };
    bmr(body, age) * factor
}

/// The least a diet without medical supervision gives: 1500 kcal (male),
/// 1200 kcal (female).
pub fn calorie_floor(gender: Gender) -> f64 {
    match gender {
        Gender::Male => 1500.0,
        Gender::Female => 1200.0,
    }
}

/// kcal per kg body weight an older adult's maintain and gain targets
/// give at least (ESPEN 2019 geriatrics: about 30 kcal/kg as a guiding
/// value, adjusted to the person).
pub const OLDER_KCAL_PER_KG: f64 = 27.0;

/// The energy that keeps the weight: a child's EER; an adult's TDEE;
/// from 65 at a BMI under 30, at least 27 kcal per kg.
pub fn maintenance(body: &Body, age: u32) -> f64 {
    match Stage::of(age) {
        Stage::Child => child::eer(body, age),
        Stage::Older if bmi(body) < 30.0 => {
            tdee(body, age).max(OLDER_KCAL_PER_KG * body.weight.kg())
        }
        _ => tdee(body, age),
    }
}

/// Whether a "lose" goal is planned as maintain: from 65 at a BMI under
/// 25 (weight loss costs an older body muscle), or where the deficit's
/// floor is not below maintenance.
pub fn lose_as_maintain(body: &Body, age: u32) -> bool {
    match Stage::of(age) {
        Stage::Child => false,
        Stage::Older if bmi(body) < 25.0 => true,
        _ => (0.8 * tdee(body, age)).max(calorie_floor(body.gender)) >= maintenance(body, age),
    }
}

/// Calories for the goal, in order for every body (lose ≤ maintain ≤
/// gain): a deficit of 20% never below [`calorie_floor`] nor above
/// maintenance, maintenance, or 10% + 150 kcal more. A child's stay at
/// the EER whatever the goal (planned for growth).
pub fn goal_calories(body: &Body, age: u32) -> f64 {
    let keep = maintenance(body, age);
    if Stage::of(age) == Stage::Child {
        return keep;
    }
    match body.goal {
        Goal::LoseWeight if lose_as_maintain(body, age) => keep,
        Goal::LoseWeight => (0.8 * tdee(body, age)).max(calorie_floor(body.gender)),
        Goal::MaintainWeight => keep,
        Goal::GainWeight => 1.1 * keep + 150.0,
    }
}

/// Resolves body fat and the targets: hand-set values are kept, the rest
/// computed from them, the body and `diets`. Protein by lean mass (of the
/// reference weight) is held inside its range; a child's is the floor of
/// theirs (the RDA, at least 10% of energy). When carbohydrate would fall
/// below its floor, fat gives way first (down to 20%), then protein (down
/// to its floor); when carbohydrate would pass its ceiling, fat rises (up
/// to 35%), then protein. On `low_carb` carbohydrate is set under its
/// ceiling, protein raised towards 30% and fat takes the rest (protein,
/// then carbohydrate, rising where fat would pass its ceiling). Each
/// computed target is rounded to a whole number only at the end.
pub fn resolve(
    body: &Body,
    age: u32,
    body_fat: NonNegative,
    requested: Targets<NonNegative>,
    diets: &[DietType],
) -> Resolved {
    let body_fat_percentage = body_fat
        .positive()
        .unwrap_or_else(|| estimated_body_fat(body.body_type, body.gender));
    // (exact value used by the later formulas, value reported)
    let keep_or = |given: NonNegative, computed: f64| match given.positive() {
        Some(v) => (v, v),
        None => (computed, computed.round()),
    };
    let calories = keep_or(requested.calories, goal_calories(body, age));
    let kcal = calories.0;
    let ranges = Ranges::new(body, age, kcal, diets);
    let shift = Shift::of(age, diets);
    let share = |pct: f64, per_g: f64| pct * kcal / per_g;
    let (protein_lo, protein_hi) = ranges.protein;
    let (fat_lo, fat_hi) = ranges.fat;
    let (carbs_lo, carbs_hi) = ranges.carbs;
    let computed_protein = if Stage::of(age) == Stage::Child {
        protein_lo
    } else {
        let lean_mass =
            (reference_weight(body, age) * (1.0 - body_fat_percentage / 100.0)).max(0.0);
        let per_kg = match body.goal {
            Goal::MaintainWeight => 2.0,
            Goal::LoseWeight | Goal::GainWeight => 2.2,
        };
        let p = (lean_mass * per_kg).clamp(protein_lo, protein_hi);
        if shift.low_carb {
            // Part of the energy carbohydrate gives up goes to protein.
            p.max(share(LOW_CARB_PROTEIN_AIM, KCAL_PER_G.protein))
                .min(protein_hi)
        } else if shift.high_carb {
            // Room for 62% carbohydrate beside 20% fat.
            p.min(share(0.18, KCAL_PER_G.protein)).max(protein_lo)
        } else {
            p
        }
    };
    let fat_share = if Stage::of(age) == Stage::Child {
        child::fat_share(age)
    } else if shift.high_carb {
        0.20
    } else {
        0.25
    };
    let (hand_p, hand_f, hand_c) = (
        requested.protein.positive(),
        requested.fat.positive(),
        requested.carbs.positive(),
    );
    let mut p = hand_p.unwrap_or(computed_protein);
    let mut f = hand_f.unwrap_or(share(fat_share, KCAL_PER_G.fat));
    let rest = |p: f64, f: f64| (kcal - 4.0 * p - 9.0 * f) / 4.0;
    let fat_rest = |p: f64, c: f64| (kcal - 4.0 * p - 4.0 * c) / 9.0;
    let mut low_carbs = None;
    if shift.low_carb && hand_c.is_none() && hand_f.is_none() {
        let mut c = (LOW_CARB_AIM * carbs_hi).max(carbs_lo);
        f = fat_rest(p, c);
        if f > fat_hi && hand_p.is_none() {
            p = ((kcal - 4.0 * c - 9.0 * fat_hi) / 4.0).min(protein_hi);
            f = fat_rest(p, c);
        }
        if f > fat_hi {
            c = ((kcal - 4.0 * p - 9.0 * fat_hi) / 4.0).min(carbs_hi.max(c));
            f = fat_rest(p, c);
        }
        f = f.max(0.0);
        low_carbs = Some(c);
    } else if shift.low_carb && hand_c.is_some() && hand_f.is_none() {
        f = fat_rest(p, hand_c.unwrap_or_default()).max(0.0);
    } else if hand_c.is_none() {
        if rest(p, f) < carbs_lo && hand_f.is_none() {
            f = ((kcal - 4.0 * p - 4.0 * carbs_lo) / 9.0).max(fat_lo);
        }
        if rest(p, f) < carbs_lo && hand_p.is_none() {
            p = ((kcal - 9.0 * f - 4.0 * carbs_lo) / 4.0).max(protein_lo);
        }
        if rest(p, f) > carbs_hi && hand_f.is_none() {
            f = ((kcal - 4.0 * p - 4.0 * carbs_hi) / 9.0).min(fat_hi);
        }
        if rest(p, f) > carbs_hi && hand_p.is_none() {
            p = ((kcal - 9.0 * f - 4.0 * carbs_hi) / 4.0).min(protein_hi);
        }
    }
    let protein = keep_or(requested.protein, p);
    let fat = keep_or(requested.fat, f);
    let carbs = keep_or(requested.carbs, low_carbs.unwrap_or(rest(p, f)).max(0.0));
    let set = |v: NonNegative| v.positive().is_some();
    Resolved {
        body_fat_percentage,
        // A valid body's energy is positive and every value is kept at or
        // above zero, so these are targets a day can aim at.
        targets: DayTargets::resolved(Targets {
            calories: calories.1,
            protein: protein.1,
            carbs: carbs.1,
            fat: fat.1,
        }),
        manual: Manual {
            body_fat: set(body_fat),
            targets: Targets {
                calories: set(requested.calories),
                protein: set(requested.protein),
                carbs: set(requested.carbs),
                fat: set(requested.fat),
            },
        },
    }
}

#[cfg(test)]
mod every_body;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::{BirthDate, Height, Weight};
    use chrono::NaiveDate;

    fn body(goal: Goal, gender: Gender, activity_level: ActivityLevel) -> Body {
        Body {
            goal,
            height: Height::parse(180.0).unwrap(),
            weight: Weight::parse(80.0).unwrap(),
            body_type: BodyType::Normal,
            gender,
            activity_level,
            birth_date: BirthDate::from_stored(NaiveDate::from_ymd_opt(1996, 1, 1).unwrap()),
        }
    }

    fn none() -> Targets<NonNegative> {
        Targets::default()
    }

    fn nn(v: f64) -> NonNegative {
        NonNegative::parse(v).unwrap()
    }

    /// Every goal × gender × activity (the two sedentary deficits are
    /// where carbohydrate would fall under 45%, so fat gives way). Expected values were computed
    /// independently (a separate script of the contract's formulas).
    /// 80 kg, 180 cm, 30 years: BMR = 800 + 1125 - 150 = 1775 (+5 / -161).
    #[test]
    fn table_of_goals_genders_and_activities() {
        use ActivityLevel::*;
        use Gender::*;
        use Goal::*;
        let cases = [
            // goal, gender, activity, calories, protein, fat, carbs
            (LoseWeight, Male, Low, 1709.0, 144.0, 40.0, 192.0),
            (LoseWeight, Male, Medium, 2207.0, 144.0, 61.0, 270.0),
            (LoseWeight, Male, High, 2456.0, 144.0, 68.0, 316.0),
            (MaintainWeight, Male, Low, 2136.0, 131.0, 59.0, 269.0),
            (MaintainWeight, Male, Medium, 2759.0, 131.0, 77.0, 386.0),
            (MaintainWeight, Male, High, 3071.0, 131.0, 85.0, 445.0),
            (GainWeight, Male, Low, 2500.0, 144.0, 69.0, 324.0),
            (GainWeight, Male, Medium, 3185.0, 144.0, 88.0, 453.0),
            (GainWeight, Male, High, 3528.0, 144.0, 98.0, 517.0),
            (LoseWeight, Female, Low, 1549.0, 130.0, 37.0, 174.0),
            (LoseWeight, Female, Medium, 2001.0, 130.0, 56.0, 245.0),
            (LoseWeight, Female, High, 2227.0, 130.0, 62.0, 287.0),
            (MaintainWeight, Female, Low, 1937.0, 118.0, 54.0, 245.0),
            (MaintainWeight, Female, Medium, 2502.0, 118.0, 69.0, 351.0),
            (MaintainWeight, Female, High, 2784.0, 118.0, 77.0, 404.0),
            (GainWeight, Female, Low, 2280.0, 130.0, 63.0, 297.0),
            (GainWeight, Female, Medium, 2902.0, 130.0, 81.0, 414.0),
            (GainWeight, Female, High, 3213.0, 130.0, 89.0, 472.0),
        ];
        for (goal, gender, activity, calories, protein, fat, carbs) in cases {
            let b = body(goal, gender, activity);
            let got = resolve(&b, 30, nn(0.0), none(), &[]);
            assert_eq!(
                got.targets,
                Targets {
                    calories,
                    protein,
                    carbs,
                    fat
                },
                "{goal:?} {gender:?} {activity:?}"
            );
        }
    }

    #[test]
    fn formula_pieces() {
        let b = body(Goal::MaintainWeight, Gender::Male, ActivityLevel::Low);
        assert_eq!(bmr(&b, 30), 1780.0);
        assert!((tdee(&b, 30) - 2136.0).abs() < 1e-9);
        let f = body(Goal::MaintainWeight, Gender::Female, ActivityLevel::Low);
        assert_eq!(bmr(&f, 30), 1614.0);
    }

    #[test]
    fn losing_weight_never_goes_below_the_floor() {
        let mut small = body(Goal::LoseWeight, Gender::Female, ActivityLevel::Low);
        small.weight = Weight::parse(40.0).unwrap();
        small.height = Height::parse(145.0).unwrap();
        // BMR = 400 + 906.25 - 400 - 161 = 745.25; 0.8·TDEE ≈ 715 < 1200,
        // but at 80 with a BMI of 19 "lose" is planned as maintain: the
        // larger of TDEE (894) and 27 kcal/kg (1080) (issue 37).
        assert_eq!(
            resolve(&small, 80, nn(0.0), none(), &[]).targets.calories,
            1080.0
        );
        let mut male = small;
        male.gender = Gender::Male;
        // TDEE = 1.2 × 911.25 = 1093.5 > 1080.
        assert_eq!(
            resolve(&male, 80, nn(0.0), none(), &[]).targets.calories,
            1094.0
        );
        // At 40, 50 kg and 155 cm: TDEE = 1.2 × 1107.75 = 1329.3; 0.8·TDEE
        // = 1063 < 1200, so the floor.
        let mut floor = small;
        floor.weight = Weight::parse(50.0).unwrap();
        floor.height = Height::parse(155.0).unwrap();
        assert_eq!(
            resolve(&floor, 40, nn(0.0), none(), &[]).targets.calories,
            1200.0
        );
    }

    #[test]
    fn body_fat_is_estimated_from_build_unless_given() {
        for (build, male, female) in [
            (BodyType::Lean, 12.0, 20.0),
            (BodyType::Normal, 18.0, 26.0),
            (BodyType::Stocky, 25.0, 33.0),
            (BodyType::Obese, 32.0, 40.0),
        ] {
            assert_eq!(estimated_body_fat(build, Gender::Male), male);
            assert_eq!(estimated_body_fat(build, Gender::Female), female);
        }
        let b = body(Goal::MaintainWeight, Gender::Male, ActivityLevel::Low);
        let given = resolve(&b, 30, nn(10.0), none(), &[]);
        assert_eq!(given.body_fat_percentage, 10.0);
        assert_eq!(given.targets.protein, 144.0); // 72 kg lean × 2.0
    }

    #[test]
    fn hand_set_targets_are_kept_and_the_rest_follow() {
        let b = body(Goal::MaintainWeight, Gender::Male, ActivityLevel::Low);
        let requested = Targets {
            calories: nn(2000.0),
            protein: nn(150.5),
            carbs: nn(0.0),
            fat: nn(0.0),
        };
        let got = resolve(&b, 30, nn(0.0), requested, &[]).targets;
        assert_eq!(got.calories, 2000.0);
        assert_eq!(got.protein, 150.5);
        // 25% fat would leave 224.5 g, under 45% (225 g): fat gives way.
        assert_eq!(got.fat, 55.0); // (2000 - 602 - 900) / 9 = 55.3
        assert_eq!(got.carbs, 225.0);
    }

    #[test]
    fn carbs_never_go_negative() {
        let b = body(Goal::MaintainWeight, Gender::Male, ActivityLevel::Low);
        let requested = Targets {
            calories: nn(1000.0),
            protein: nn(300.0),
            carbs: nn(0.0),
            fat: nn(0.0),
        };
        assert_eq!(resolve(&b, 30, nn(0.0), requested, &[]).targets.carbs, 0.0);
    }

    #[test]
    fn echoed_computed_values_are_computed_again_and_hand_set_ones_stay() {
        let b = body(Goal::MaintainWeight, Gender::Male, ActivityLevel::Low);
        let first = resolve(&b, 30, NonNegative::default(), none(), &[]);
        assert_eq!(first.manual, Manual::default());
        let stored = Stored {
            body_fat_percentage: first.body_fat_percentage,
            targets: first.targets.get(),
            manual: first.manual,
        };
        // The client echoes every value back, with a new goal.
        let echo = Targets {
            calories: nn(first.targets.calories),
            protein: nn(first.targets.protein),
            carbs: nn(first.targets.carbs),
            fat: nn(first.targets.fat),
        };
        let (bf, req) = echoes_cleared(nn(first.body_fat_percentage), echo, Some(&stored));
        assert_eq!((bf, req), (NonNegative::default(), none()));
        let gain = body(Goal::GainWeight, Gender::Male, ActivityLevel::Low);
        let second = resolve(&gain, 30, bf, req, &[]);
        assert!(second.targets.calories > first.targets.calories);
        assert_eq!(second.manual, Manual::default());

        // A changed value is the user's own, and stays theirs when echoed.
        let mine = Targets {
            calories: nn(2100.0),
            ..echo
        };
        let (bf, req) = echoes_cleared(nn(first.body_fat_percentage), mine, Some(&stored));
        assert_eq!(req.calories, nn(2100.0));
        assert_eq!(req.protein, NonNegative::default());
        let third = resolve(&gain, 30, bf, req, &[]);
        assert!(third.manual.targets.calories && !third.manual.targets.protein);
        let stored = Stored {
            body_fat_percentage: third.body_fat_percentage,
            targets: third.targets.get(),
            manual: third.manual,
        };
        let echo = Targets {
            calories: nn(third.targets.calories),
            protein: nn(third.targets.protein),
            carbs: nn(third.targets.carbs),
            fat: nn(third.targets.fat),
        };
        let (_, req) = echoes_cleared(nn(third.body_fat_percentage), echo, Some(&stored));
        assert_eq!(req.calories, nn(2100.0));
        assert_eq!(req.fat, NonNegative::default());

        // Without a stored profile every positive value is the user's.
        assert_eq!(echoes_cleared(nn(20.0), echo, None), (nn(20.0), echo));

        // Re-saving the stored profile unchanged asks for what echoing it
        // back asks for.
        assert_eq!(
            hand_set(&stored),
            echoes_cleared(nn(third.body_fat_percentage), echo, Some(&stored))
        );
    }

    fn any_body(
        goal: Goal,
        gender: Gender,
        activity: ActivityLevel,
        build: BodyType,
        kg: f64,
        cm: f64,
    ) -> Body {
        Body {
            weight: Weight::parse(kg).unwrap(),
            height: Height::parse(cm).unwrap(),
            body_type: build,
            ..body(goal, gender, activity)
        }
    }

    /// Every computed target of every body the profile accepts (35-300 kg,
    /// 140-220 cm, 16-100 years, each build, goal, sex and activity, with
    /// and without a low-carb diet) lies inside the ranges, and no note is
    /// raised about a macro.
    #[test]
    fn computed_targets_of_extreme_bodies_stay_inside_the_ranges() {
        use ActivityLevel::*;
        let mut checked = 0;
        for goal in [Goal::LoseWeight, Goal::MaintainWeight, Goal::GainWeight] {
            for gender in [Gender::Male, Gender::Female] {
                for activity in [Low, Medium, High] {
                    for build in [
                        BodyType::Lean,
                        BodyType::Normal,
                        BodyType::Stocky,
                        BodyType::Obese,
                    ] {
                        for (kg, cm) in [
                            (35.0, 140.0),
                            (35.0, 220.0),
                            (60.0, 165.0),
                            (120.0, 170.0),
                            (300.0, 140.0),
                            (300.0, 220.0),
                        ] {
                            for age in [16, 40, 64, 65, 100] {
                                for diets in [&[][..], &[DietType::LowCarb][..]] {
                                    let b = any_body(goal, gender, activity, build, kg, cm);
                                    let t = resolve(&b, age, nn(0.0), none(), diets).targets;
                                    let r = Ranges::new(&b, age, t.calories, diets);
                                    let inside = |g: f64, (lo, hi): (f64, f64)| {
                                        g >= lo - 1.0 && g <= hi + 1.0
                                    };
                                    let case = format!("{b:?} {age} {diets:?}: {t:?} {r:?}");
                                    assert!(inside(t.protein, r.protein), "protein {case}");
                                    assert!(inside(t.fat, r.fat), "fat {case}");
                                    assert!(inside(t.carbs, r.carbs), "carbs {case}");
                                    assert!(
                                        t.protein * 4.0 <= 0.35 * t.calories + 4.0,
                                        "protein share {case}"
                                    );
                                    let macro_notes: Vec<_> = notes(&b, age, &t, diets)
                                        .into_iter()
                                        .filter(|n| n.target != NoteTarget::Calories)
                                        .collect();
                                    assert!(macro_notes.is_empty(), "{macro_notes:?} {case}");
                                    checked += 1;
                                }
                            }
                        }
                    }
                }
            }
        }
        assert_eq!(checked, 3 * 2 * 3 * 4 * 6 * 5 * 2);
    }

    /// The case the issue measured: a lean heavy body on a small budget
    /// had protein above 35%; it is now held at 35% and 0.8 g/kg is still
    /// met where the calories allow.
    #[test]
    fn protein_is_held_between_its_floor_and_a_third_of_energy() {
        let heavy = any_body(
            Goal::LoseWeight,
            Gender::Female,
            ActivityLevel::Low,
            BodyType::Lean,
            130.0,
            150.0,
        );
        let t = resolve(&heavy, 40, nn(0.0), none(), &[]).targets;
        assert!(t.protein * 4.0 <= 0.35 * t.calories + 4.0, "{t:?}");
        let light = any_body(
            Goal::GainWeight,
            Gender::Male,
            ActivityLevel::High,
            BodyType::Obese,
            60.0,
            200.0,
        );
        let old = resolve(&light, 70, nn(0.0), none(), &[]).targets;
        assert!(old.protein >= 60.0 - 0.5, "1.0 g/kg from 65: {old:?}");
        assert!(old.protein * 4.0 >= 0.10 * old.calories - 2.0, "{old:?}");
    }

    #[test]
    fn low_carb_keeps_carbohydrate_under_26_percent_and_otherwise_45_percent() {
        let b = body(Goal::LoseWeight, Gender::Female, ActivityLevel::Low);
        let plain = resolve(&b, 30, nn(0.0), none(), &[]).targets;
        assert!(
            plain.carbs * 4.0 >= 0.45 * plain.calories - 2.0,
            "{plain:?}"
        );
        let low = resolve(&b, 30, nn(0.0), none(), &[DietType::LowCarb]).targets;
        // Issue 37: at most 26% (aimed at 0.85 of it, 22.1%), under 130 g.
        assert!(low.carbs * 4.0 <= 0.26 * low.calories, "{low:?}");
        assert!(low.carbs < 130.0, "{low:?}");
        assert_eq!(low.carbs, (0.85 * 0.26 * 1549.0 / 4.0_f64).round());
        assert!(notes(&b, 30, &low, &[DietType::LowCarb]).is_empty());
        // The same numbers without the diet are below 45%: a note.
        let n = notes(&b, 30, &low, &[]);
        assert!(
            n.iter()
                .any(|n| (n.target, n.kind) == (NoteTarget::Carbs, NoteKind::BelowRange)),
            "{n:?}"
        );
    }

    #[test]
    fn hand_set_values_are_kept_and_noted_when_outside_the_ranges() {
        let b = body(Goal::MaintainWeight, Gender::Male, ActivityLevel::Low);
        let requested = Targets {
            calories: nn(1830.0),
            protein: nn(241.0),
            carbs: nn(0.0),
            fat: nn(0.0),
        };
        let t = resolve(&b, 30, nn(0.0), requested, &[]).targets.get();
        assert_eq!((t.calories, t.protein), (1830.0, 241.0));
        // Fat gave way to 20%; protein is the user's and stays.
        assert_eq!(t.fat, 41.0);
        let n = notes(&b, 30, &t, &[]);
        let kinds: Vec<_> = n.iter().map(|n| (n.target, n.kind)).collect();
        assert_eq!(
            kinds,
            [
                (NoteTarget::Protein, NoteKind::AboveRange),
                (NoteTarget::Carbs, NoteKind::BelowRange),
            ]
        );
        assert!(n[0].message.contains("53%"), "{}", n[0].message);
        let tiny = Targets {
            calories: 900.0,
            ..t
        };
        assert!(
            notes(&b, 30, &tiny, &[])
                .iter()
                .any(|n| n.kind == NoteKind::BelowFloor)
        );
    }

    #[test]
    fn a_goal_unusual_for_the_body_is_noted() {
        let obese = any_body(
            Goal::GainWeight,
            Gender::Male,
            ActivityLevel::Low,
            BodyType::Obese,
            120.0,
            170.0,
        );
        let t = resolve(&obese, 30, nn(0.0), none(), &[]).targets;
        let n = notes(&obese, 30, &t, &[]);
        assert!(
            n.iter().any(|n| n.kind == NoteKind::SurplusAtHighBmi),
            "{n:?}"
        );
        let thin = any_body(
            Goal::LoseWeight,
            Gender::Female,
            ActivityLevel::Medium,
            BodyType::Lean,
            45.0,
            170.0,
        );
        let t = resolve(&thin, 30, nn(0.0), none(), &[]).targets;
        let n = notes(&thin, 30, &t, &[]);
        assert!(
            n.iter().any(|n| n.kind == NoteKind::DeficitAtLowBmi),
            "{n:?}"
        );
        let usual = body(Goal::LoseWeight, Gender::Male, ActivityLevel::Medium);
        let t = resolve(&usual, 30, nn(0.0), none(), &[]).targets;
        assert!(notes(&usual, 30, &t, &[]).is_empty());
    }
}
