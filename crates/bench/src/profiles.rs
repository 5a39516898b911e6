//! The benchmark's profiles: bodies, diets and restrictions drawn at
//! random, their targets from the service's own calculator.

use super::*;

/// Ranges on top of the planner's generator.
pub(crate) trait Range {
    fn range(&mut self, lo: f64, hi: f64) -> f64;
}

impl Range for Rng {
    fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }
}

/// Custom restrictions some profiles carry, as users type them.
pub const CUSTOM_RESTRICTIONS: [&str; 8] = [
    "no mushrooms",
    "kiwi allergy",
    "no pork",
    "wheat allergy",
    "dairy free",
    "no chicken",
    "onion allergy",
    "no rice",
];

/// A benchmark profile: what a plan request needs.
#[derive(Debug, Clone)]
pub struct Profile {
    /// Daily targets, from the service's own calculator.
    pub targets: Targets<f64>,
    /// Meals a day.
    pub meals: MealsPerDay,
    /// Restriction names (predefined and custom).
    pub restrictions: Vec<&'static str>,
    /// Diet types (vegan/vegetarian are hard rules).
    pub diets: Vec<DietType>,
    /// Body weight, kg.
    pub weight: f64,
    /// Day limits for this body ([`LimitRule::for_person`]).
    pub limits: LimitRule,
    /// Reference intakes of micronutrients for this age and sex.
    pub intakes: ReferenceIntakes,
}

impl Profile {
    /// A profile of `body` on [`today`], its targets from the service's
    /// own calculator.
    pub fn new(
        body: &Body,
        meals: MealsPerDay,
        restrictions: Vec<&'static str>,
        diets: Vec<DietType>,
    ) -> Self {
        let age = body.birth_date.age_on(today());
        let resolved = targets::resolve(
            body,
            age,
            NonNegative::default(),
            Targets::default(),
            &diets,
        );
        let limits = LimitRule::for_person(age, body, &diets);
        Self {
            targets: resolved.targets.get(),
            meals,
            restrictions,
            diets,
            weight: body.weight.kg(),
            limits,
            intakes: ReferenceIntakes::of(age, body.gender),
        }
    }

    /// 0 omnivore, 1 vegetarian, 2 vegan.
    pub fn hard_diet(&self) -> usize {
        if self.diets.contains(&DietType::Vegan) {
            2
        } else if self.diets.contains(&DietType::Vegetarian) {
            1
        } else {
            0
        }
    }
}

/// The day the bench's profiles are drawn on (ages and birth dates), fixed
/// so that their targets never change.
pub fn today() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 11, 21).expect("valid date")
}

/// The number after the command-line flag `name` (`--seed 7`), else
/// `default`: the bench and its examples take a few numeric options only.
pub fn arg(name: &str, default: u64) -> u64 {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// `n` profiles: every goal × gender × activity level, `meals_per_day`
/// 1-6 in turn, random height, weight (45-180 kg), age and body type; 20%
/// vegan, 20% vegetarian, other diet types, 0-2 predefined restrictions
/// and, one time in four, a custom one, at random.
pub fn profiles(n: usize, seed: u64) -> Vec<Profile> {
    let mut rng = Rng(seed);
    let today = today();
    (0..n)
        .map(|i| {
            // Cycle the categorical fields so every combination appears.
            let goal = Goal::ALL[i % 3];
            let gender = Gender::ALL[(i / 3) % 2];
            let activity = ActivityLevel::ALL[(i / 6) % 3];
            let meals = MealsPerDay::parse((i % 6) as i64 + 1).expect("1-6");
            let body_type = BodyType::ALL[rng.below(4)];
            let h = match gender {
                Gender::Male => rng.range(160.0, 200.0),
                Gender::Female => rng.range(150.0, 185.0),
            };
            let w = rng.range(45.0, 180.0);
            let age = 18 + rng.below(60) as i32;
            let born =
                NaiveDate::from_ymd_opt(2026 - age, 1 + rng.below(12) as u32, 1).expect("valid");
            let body = Body {
                goal,
                height: Height::parse(h).expect("in range"),
                weight: Weight::parse(w).expect("in range"),
                body_type,
                gender,
                activity_level: activity,
                birth_date: BirthDate::parse(born, today).expect("age 18-78"),
            };
            let mut diets = Vec::new();
            match rng.below(10) {
                0 | 1 => diets.push(DietType::Vegan),
                2 | 3 => diets.push(DietType::Vegetarian),
                _ => {}
            }
            for soft in [
                DietType::HighProtein,
                DietType::LowCarb,
                DietType::HighFiber,
                DietType::LowCalorie,
                DietType::HighCarb,
            ] {
                if rng.below(6) == 0 {
                    diets.push(soft);
                }
            }
            let mut restrictions = Vec::new();
            for _ in 0..rng.below(3) {
                let r = Allergen::ALL[rng.below(Allergen::ALL.len())].restriction_name();
                if !restrictions.contains(&r) {
                    restrictions.push(r);
                }
            }
            if rng.below(4) == 0 {
                restrictions.push(CUSTOM_RESTRICTIONS[rng.below(CUSTOM_RESTRICTIONS.len())]);
            }
            Profile::new(&body, meals, restrictions, diets)
        })
        .collect()
}
