//! The values a nutrition profile is made of: body metrics, closed
//! choices, age and item names, each a type that only its `parse` builds,
//! so a value of one is always within its rules.

pub mod intakes;
pub mod person;
mod relation;
pub mod targets;
pub mod validation;

use chrono::{Datelike, NaiveDate};

// Values a profile shares with food and planning, kept where they belong
// (a diet type labels recipes, the meals a day make a plan's slots) and
// named here too, as a profile's parts.
pub use crate::food::diet_type::DietType;
pub use crate::food::meal::MealsPerDay;
pub use crate::quantity::{NonNegative, RangeError};
pub use relation::Relation;

choice!(
    /// What the user wants their weight to do.
    Goal {
        /// Calorie deficit.
        LoseWeight = "lose_weight",
        /// Energy balance.
        MaintainWeight = "maintain_weight",
        /// Calorie surplus.
        GainWeight = "gain_weight",
    }
);

choice!(
    /// Build, used to estimate body fat when none is given.
    BodyType {
        /// Little body fat.
        Lean = "lean",
        /// Average.
        Normal = "normal",
        /// Heavier build.
        Stocky = "stocky",
        /// High body fat.
        Obese = "obese",
    }
);

choice!(
    /// Sex for the BMR formula.
    Gender {
        /// Male.
        Male = "male",
        /// Female.
        Female = "female",
    }
);

choice!(
    /// Daily activity, the TDEE multiplier.
    ActivityLevel {
        /// Sedentary.
        Low = "low",
        /// Moderately active.
        Medium = "medium",
        /// Very active.
        High = "high",
    }
);

fn check_range(value: f64, min: f64, max: f64) -> Result<f64, RangeError> {
    if value < min {
        Err(RangeError::TooSmall { min })
    } else if value > max {
        Err(RangeError::TooLarge { max })
    } else {
        Ok(value)
    }
}

/// Height in centimetres: 140 to 220 from 16, 80 to 200 for a child
/// member (3 to 15).
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
pub struct Height(f64);

impl Height {
    /// Inclusive bounds.
    pub const MIN: f64 = 140.0;
    /// Inclusive bounds.
    pub const MAX: f64 = 220.0;
    /// Inclusive bounds for a child.
    pub const CHILD_MIN: f64 = 80.0;
    /// Inclusive bounds for a child.
    pub const CHILD_MAX: f64 = 200.0;
    /// Checks the range of a person aged 16 or more.
    pub fn parse(cm: f64) -> Result<Self, RangeError> {
        check_range(cm, Self::MIN, Self::MAX).map(Self)
    }
    /// Checks the range of a child (under 16).
    pub fn parse_child(cm: f64) -> Result<Self, RangeError> {
        check_range(cm, Self::CHILD_MIN, Self::CHILD_MAX).map(Self)
    }
    /// Checks a stored value against the union of both ranges (80-220):
    /// the row's birth date decided which one held when it was saved.
    pub fn parse_stored(cm: f64) -> Result<Self, RangeError> {
        check_range(cm, Self::CHILD_MIN, Self::MAX).map(Self)
    }
    /// Centimetres.
    pub fn cm(self) -> f64 {
        self.0
    }
}

/// Weight in kilograms: 35 to 300 from 16, 10 to 150 for a child member
/// (3 to 15).
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
pub struct Weight(f64);

impl Weight {
    /// Inclusive bounds.
    pub const MIN: f64 = 35.0;
    /// Inclusive bounds.
    pub const MAX: f64 = 300.0;
    /// Inclusive bounds for a child.
    pub const CHILD_MIN: f64 = 10.0;
    /// Inclusive bounds for a child.
    pub const CHILD_MAX: f64 = 150.0;
    /// Checks the range of a person aged 16 or more.
    pub fn parse(kg: f64) -> Result<Self, RangeError> {
        check_range(kg, Self::MIN, Self::MAX).map(Self)
    }
    /// Checks the range of a child (under 16).
    pub fn parse_child(kg: f64) -> Result<Self, RangeError> {
        check_range(kg, Self::CHILD_MIN, Self::CHILD_MAX).map(Self)
    }
    /// Checks a stored value against the union of both ranges (10-300).
    pub fn parse_stored(kg: f64) -> Result<Self, RangeError> {
        check_range(kg, Self::CHILD_MIN, Self::MAX).map(Self)
    }
    /// Kilograms.
    pub fn kg(self) -> f64 {
        self.0
    }
}

/// Why a birth date is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum AgeError {
    /// Younger than 16 today.
    #[error("User must be at least {0} years old")]
    TooYoung(u32),
    /// Older than 100 today.
    #[error("User must be at most {0} years old")]
    TooOld(u32),
    /// A household member younger than 3 today: the child equations
    /// start at 3, and younger children need a paediatric plan.
    #[error(
        "Infants and toddlers need a paediatric plan: a household member must be at least {0} years old"
    )]
    Infant(u32),
}

/// A birth date giving an age of 16 to 100 (3 to 100 for a household
/// member) on the day it was checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct BirthDate(NaiveDate);

impl BirthDate {
    /// Youngest accepted age of the account holder, and the first age
    /// the adult rules apply to.
    pub const MIN_AGE: u32 = 16;
    /// Youngest accepted age of a household member (the NASEM child
    /// energy equations with activity start at 3).
    pub const MEMBER_MIN_AGE: u32 = 3;
    /// Oldest accepted age.
    pub const MAX_AGE: u32 = 100;

    /// Checks the age `date` gives on `today` for a household member:
    /// 3 to 100, and a clear refusal for infants and toddlers.
    pub fn parse_member(date: NaiveDate, today: NaiveDate) -> Result<Self, AgeError> {
        match age_on(date, today) {
            Some(age) if age > Self::MAX_AGE => Err(AgeError::TooOld(Self::MAX_AGE)),
            Some(age) if age >= Self::MEMBER_MIN_AGE => Ok(Self(date)),
            _ => Err(AgeError::Infant(Self::MEMBER_MIN_AGE)),
        }
    }

    /// Checks the age `date` gives on `today`.
    pub fn parse(date: NaiveDate, today: NaiveDate) -> Result<Self, AgeError> {
        match age_on(date, today) {
            None => Err(AgeError::TooYoung(Self::MIN_AGE)),
            Some(age) if age < Self::MIN_AGE => Err(AgeError::TooYoung(Self::MIN_AGE)),
            Some(age) if age > Self::MAX_AGE => Err(AgeError::TooOld(Self::MAX_AGE)),
            Some(_) => Ok(Self(date)),
        }
    }

    /// A date read back from storage, trusted as checked when stored.
    pub fn from_stored(date: NaiveDate) -> Self {
        Self(date)
    }

    /// The date.
    pub fn date(self) -> NaiveDate {
        self.0
    }

    /// Whole years on `today` (0 for dates in the future).
    pub fn age_on(self, today: NaiveDate) -> u32 {
        age_on(self.0, today).unwrap_or(0)
    }

    /// The same birthday in the year that makes one `age` on `today`: what
    /// "I'm 34" changes when only the age is said (29 February becomes
    /// 28 February in a year without one). Unchecked: parse the result.
    pub fn with_age(self, age: u32, today: NaiveDate) -> Option<NaiveDate> {
        let (month, day) = (self.0.month(), self.0.day());
        let mut year = today.year() - i32::try_from(age).ok()?;
        if (today.month(), today.day()) < (month, day) {
            year -= 1;
        }
        NaiveDate::from_ymd_opt(year, month, day)
            .or_else(|| NaiveDate::from_ymd_opt(year, month, day - 1))
    }
}

/// Completed years between `born` and `today`; `None` if born after today.
fn age_on(born: NaiveDate, today: NaiveDate) -> Option<u32> {
    let mut years = today.year() - born.year();
    if (today.month(), today.day()) < (born.month(), born.day()) {
        years -= 1;
    }
    (born <= today).then_some(years.max(0) as u32)
}

/// Why an item name is refused.
pub use crate::account::TextError as NameError;

/// A taste or restriction name: trimmed, lowercased, 1 to 50 characters.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ItemName(String);

impl ItemName {
    /// Longest name, in characters.
    pub const MAX_CHARS: usize = 50;

    /// Trims, lowercases and checks the length and characters.
    pub fn parse(raw: &str) -> Result<Self, NameError> {
        let name = crate::account::printable(raw)?.trim().to_lowercase();
        let chars = name.chars().count();
        if chars == 0 {
            Err(NameError::TooShort { min: 1 })
        } else if chars > Self::MAX_CHARS {
            Err(NameError::TooLong {
                max: Self::MAX_CHARS,
            })
        } else {
            Ok(Self(name))
        }
    }

    /// The normalised name.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A taste or restriction as sent on write: by id or by name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ItemRef {
    /// An existing item (predefined or the user's own); the name sent
    /// beside the id is kept for error messages only.
    Id(i64, ItemName),
    /// An item by name: a predefined one if the name matches, else the
    /// user's own custom item, created if new.
    Name(ItemName),
}

impl ItemRef {
    /// The name sent (beside the id, for an item sent by id).
    pub fn name(&self) -> &ItemName {
        match self {
            Self::Id(_, name) | Self::Name(name) => name,
        }
    }
}

/// A stored taste, restriction, diet type or meal type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamedItem {
    /// Identifier.
    pub id: i64,
    /// Lowercase name.
    pub name: String,
}

/// Drops later repeats, keeping first occurrences in order.
pub fn dedup_in_order<T: PartialEq + Clone>(items: &[T]) -> Vec<T> {
    let mut out: Vec<T> = Vec::with_capacity(items.len());
    for item in items {
        if !out.contains(item) {
            out.push(item.clone());
        }
    }
    out
}

/// The body and lifestyle facts every target depends on.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Body {
    /// Weight goal.
    pub goal: Goal,
    /// Height.
    pub height: Height,
    /// Weight.
    pub weight: Weight,
    /// Build.
    pub body_type: BodyType,
    /// Sex.
    pub gender: Gender,
    /// Activity.
    pub activity_level: ActivityLevel,
    /// Birth date (age 16-100 when checked; 3-100 for a member).
    pub birth_date: BirthDate,
}

impl Body {
    /// Whole years on `today`, the age every target formula takes.
    pub fn age_on(&self, today: NaiveDate) -> u32 {
        self.birth_date.age_on(today)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    #[test]
    fn an_age_said_keeps_the_birthday_and_moves_the_year() {
        let today = d(2026, 11, 29);
        let born = BirthDate::from_stored(d(1990, 6, 1));
        assert_eq!(born.with_age(34, today), Some(d(1992, 6, 1)));
        // A birthday still to come this year.
        let december = BirthDate::from_stored(d(1990, 12, 15));
        assert_eq!(december.with_age(34, today), Some(d(1991, 12, 15)));
        assert_eq!(
            BirthDate::from_stored(december.with_age(34, today).unwrap()).age_on(today),
            34
        );
        // 29 February in a year without one.
        let leap = BirthDate::from_stored(d(1992, 2, 29));
        assert_eq!(leap.with_age(33, today), Some(d(1993, 2, 28)));
    }

    #[test]
    fn choices_parse_their_wire_names_only() {
        assert_eq!(Goal::parse("gain_weight"), Ok(Goal::GainWeight));
        let refused = Err(crate::ChoiceError {
            allowed: Goal::NAMES,
        });
        assert_eq!(Goal::parse("bulk"), refused);
        assert_eq!(Goal::parse("Gain_Weight"), refused);
        assert_eq!(ActivityLevel::NAMES, ["low", "medium", "high"]);
    }

    #[test]
    fn diet_type_ids_follow_the_spec_order() {
        let ids: Vec<(i64, &str)> = DietType::ALL.iter().map(|d| (d.id(), d.as_str())).collect();
        assert_eq!(
            ids,
            [
                (1, "high_protein"),
                (2, "low_carb"),
                (3, "vegan"),
                (4, "vegetarian"),
                (5, "low_calorie"),
                (6, "high_fiber"),
                (7, "high_carb")
            ]
        );
        assert_eq!(DietType::from_id(3), Some(DietType::Vegan));
        assert_eq!(DietType::from_id(0), None);
        assert_eq!(DietType::from_id(8), None);
    }

    #[test]
    fn ranges_are_inclusive() {
        assert!(Height::parse(140.0).is_ok());
        assert!(Height::parse(220.0).is_ok());
        assert_eq!(
            Height::parse(139.9),
            Err(RangeError::TooSmall { min: 140.0 })
        );
        assert_eq!(
            Height::parse(220.1),
            Err(RangeError::TooLarge { max: 220.0 })
        );
        assert!(Weight::parse(35.0).is_ok());
        assert_eq!(
            Weight::parse(300.5),
            Err(RangeError::TooLarge { max: 300.0 })
        );
        assert_eq!(
            MealsPerDay::parse(0),
            Err(RangeError::TooSmall { min: 1.0 })
        );
        assert_eq!(
            MealsPerDay::parse(7),
            Err(RangeError::TooLarge { max: 6.0 })
        );
        assert_eq!(MealsPerDay::parse(6).unwrap().get(), 6);
        assert!(NonNegative::parse(0.0).is_ok());
        assert!(NonNegative::parse(-0.1).is_err());
        assert!(NonNegative::parse(f64::NAN).is_err());
    }

    #[test]
    fn age_must_be_16_to_100_today() {
        let today = d(2026, 11, 21);
        assert!(BirthDate::parse(d(2010, 11, 21), today).is_ok()); // 16 today
        assert_eq!(
            BirthDate::parse(d(2010, 11, 22), today),
            Err(AgeError::TooYoung(16))
        );
        assert!(BirthDate::parse(d(1926, 11, 22), today).is_ok()); // 100
        assert_eq!(
            BirthDate::parse(d(1925, 11, 21), today),
            Err(AgeError::TooOld(100))
        ); // 101 today
        assert_eq!(
            BirthDate::parse(d(2030, 1, 1), today),
            Err(AgeError::TooYoung(16))
        );
        assert_eq!(
            AgeError::TooYoung(16).to_string(),
            "User must be at least 16 years old"
        );
        assert_eq!(
            BirthDate::from_stored(d(2000, 2, 29)).age_on(d(2026, 2, 28)),
            25
        );
        assert_eq!(
            BirthDate::from_stored(d(2000, 2, 29)).age_on(d(2026, 3, 1)),
            26
        );
    }

    #[test]
    fn members_may_be_children_from_3_and_infants_are_refused() {
        let today = d(2026, 11, 21);
        assert!(BirthDate::parse_member(d(2018, 6, 1), today).is_ok()); // 8
        assert!(BirthDate::parse_member(d(2023, 11, 21), today).is_ok()); // 3 today
        assert_eq!(
            BirthDate::parse_member(d(2024, 6, 1), today),
            Err(AgeError::Infant(3))
        ); // 2
        assert_eq!(
            BirthDate::parse_member(d(2027, 1, 1), today),
            Err(AgeError::Infant(3))
        );
        assert_eq!(
            BirthDate::parse_member(d(1925, 11, 21), today),
            Err(AgeError::TooOld(100))
        );
        assert!(
            AgeError::Infant(3)
                .to_string()
                .contains("Infants and toddlers need a paediatric plan")
        );
        assert!(Height::parse_child(80.0).is_ok());
        assert_eq!(
            Height::parse_child(79.0),
            Err(RangeError::TooSmall { min: 80.0 })
        );
        assert_eq!(
            Height::parse_child(201.0),
            Err(RangeError::TooLarge { max: 200.0 })
        );
        assert!(Weight::parse_child(10.0).is_ok());
        assert_eq!(
            Weight::parse_child(151.0),
            Err(RangeError::TooLarge { max: 150.0 })
        );
        assert!(Height::parse_stored(120.0).is_ok() && Height::parse_stored(220.0).is_ok());
        assert!(Weight::parse_stored(20.0).is_ok() && Weight::parse_stored(300.0).is_ok());
    }

    #[test]
    fn item_names_are_normalised() {
        assert_eq!(
            ItemName::parse("  Very SPICY ").unwrap().as_str(),
            "very spicy"
        );
        assert_eq!(ItemName::parse("  "), Err(NameError::TooShort { min: 1 }));
        assert_eq!(
            ItemName::parse(&"x".repeat(51)),
            Err(NameError::TooLong { max: 50 })
        );
    }

    #[test]
    fn dedup_keeps_first_occurrences() {
        assert_eq!(dedup_in_order(&[3, 1, 3, 2, 1]), [3, 1, 2]);
    }
}
