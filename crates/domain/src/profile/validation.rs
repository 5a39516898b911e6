//! Whole-profile validation: a profile as sent, in plain values
//! ([`ProfileInput`]), becomes a [`ProfileDraft`] whose every part is a
//! checked value, or [`ProfileErrors`] naming each broken field, the rule
//! and its limits. Every field is checked, so one answer lists every
//! problem, in field order. Wording the errors for a wire format is the
//! caller's business (the HTTP crate words them as Pydantic did).

use std::fmt;

use chrono::NaiveDate;

use crate::account::TextError;
use crate::choice::ChoiceError;
use crate::food::hard_rules::HardRules;
use crate::food::taxonomy::Taxonomy;
use crate::profile::targets::{Resolved, Targets, resolve};
use crate::profile::{
    ActivityLevel, AgeError, BirthDate, Body, BodyType, DietType, Gender, Goal, Height, ItemName,
    ItemRef, MealsPerDay, NonNegative, RangeError, Weight,
};

/// A taste or restriction as sent: an existing item by id, or by name.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ItemInput {
    /// An existing item's id, if the caller names one.
    pub id: Option<i64>,
    /// The name (trimmed and lowercased when checked).
    pub name: String,
}

/// A profile as its owner writes it, unchecked. Zero means "not set" for
/// body fat (estimated from body type) and targets (computed).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ProfileInput {
    /// `lose_weight`, `maintain_weight` or `gain_weight`.
    pub goal: String,
    /// Centimetres, 140-220 (80-200 for a child member).
    pub height: f64,
    /// Kilograms, 35-300 (10-150 for a child member).
    pub weight: f64,
    /// `lean`, `normal`, `stocky` or `obese`.
    pub body_type: String,
    /// `male` or `female`.
    pub gender: String,
    /// 1-6.
    pub meals_per_day: i64,
    /// `low`, `medium` or `high`.
    pub activity_level: String,
    /// The age it gives on the day of checking must be 16-100 (3-100 for
    /// a household member).
    pub birth_date: NaiveDate,
    /// 0 (estimate) or a percentage below 100.
    pub body_fat_percentage: f64,
    /// Daily targets: 0 (compute) or up to 20,000 kcal and 2,000 g.
    pub targets: Targets<f64>,
    /// Taste preferences.
    pub tastes: Vec<ItemInput>,
    /// Dietary restrictions (any name; see [`crate::Restriction`]).
    pub restrictions: Vec<ItemInput>,
    /// Diet type names (`vegan`, `high_protein`, …).
    pub diet_types: Vec<String>,
}

/// The fields of a profile, in declaration order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Field {
    /// [`ProfileInput::goal`].
    Goal,
    /// [`ProfileInput::height`].
    Height,
    /// [`ProfileInput::weight`].
    Weight,
    /// [`ProfileInput::body_type`].
    BodyType,
    /// [`ProfileInput::gender`].
    Gender,
    /// [`ProfileInput::meals_per_day`].
    MealsPerDay,
    /// [`ProfileInput::activity_level`].
    ActivityLevel,
    /// [`ProfileInput::birth_date`].
    BirthDate,
    /// [`ProfileInput::body_fat_percentage`].
    BodyFatPercentage,
    /// The calories of [`ProfileInput::targets`].
    CaloriesTarget,
    /// The protein of [`ProfileInput::targets`].
    ProteinTarget,
    /// The carbohydrates of [`ProfileInput::targets`].
    CarbsTarget,
    /// The fat of [`ProfileInput::targets`].
    FatTarget,
    /// [`ProfileInput::tastes`].
    Tastes,
    /// [`ProfileInput::restrictions`].
    Restrictions,
    /// [`ProfileInput::diet_types`].
    DietTypes,
}

impl Field {
    /// Every field, in declaration order.
    pub const ALL: [Self; 16] = [
        Self::Goal,
        Self::Height,
        Self::Weight,
        Self::BodyType,
        Self::Gender,
        Self::MealsPerDay,
        Self::ActivityLevel,
        Self::BirthDate,
        Self::BodyFatPercentage,
        Self::CaloriesTarget,
        Self::ProteinTarget,
        Self::CarbsTarget,
        Self::FatTarget,
        Self::Tastes,
        Self::Restrictions,
        Self::DietTypes,
    ];

    /// The field's name as the spec writes it (`meals_per_day`).
    pub fn name(self) -> &'static str {
        match self {
            Self::Goal => "goal",
            Self::Height => "height",
            Self::Weight => "weight",
            Self::BodyType => "body_type",
            Self::Gender => "gender",
            Self::MealsPerDay => "meals_per_day",
            Self::ActivityLevel => "activity_level",
            Self::BirthDate => "birth_date",
            Self::BodyFatPercentage => "body_fat_percentage",
            Self::CaloriesTarget => "calories_target",
            Self::ProteinTarget => "protein_target",
            Self::CarbsTarget => "carbs_target",
            Self::FatTarget => "fat_target",
            Self::Tastes => "tastes",
            Self::Restrictions => "restrictions",
            Self::DietTypes => "diet_types",
        }
    }
}

/// Which rule a value broke, with its limits: the error of the value
/// type's own `parse`.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Invalid {
    /// Not one of a closed set's names.
    #[error(transparent)]
    Choice(#[from] ChoiceError),
    /// A number outside its range.
    #[error(transparent)]
    Range(#[from] RangeError),
    /// A birth date giving a refused age.
    #[error(transparent)]
    Age(#[from] AgeError),
    /// A name too short, too long or with control characters.
    #[error(transparent)]
    Text(#[from] TextError),
}

/// One broken rule of one field (of one list item, for lists).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{}{}: {error}", field.name(), index.map(|i| format!("[{i}]")).unwrap_or_default())]
pub struct FieldError {
    /// The field.
    pub field: Field,
    /// The position of the item within a list field.
    pub index: Option<usize>,
    /// The rule broken.
    pub error: Invalid,
}

/// Every broken rule of a profile, in field order.
#[derive(Debug, Clone, PartialEq)]
pub struct ProfileErrors(pub Vec<FieldError>);

impl fmt::Display for ProfileErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let all: Vec<String> = self.0.iter().map(ToString::to_string).collect();
        write!(f, "invalid profile: {}", all.join("; "))
    }
}

impl std::error::Error for ProfileErrors {}

/// A validated profile as written by its owner: targets not yet resolved.
/// Made only by [`ProfileDraft::parse`], so every draft passed every rule
/// on the day it was parsed (a birth date giving an age of 16-100, diet
/// types without repeats); its fields are read through accessors and
/// changed only to other checked values.
#[derive(Debug, Clone, PartialEq)]
pub struct ProfileDraft {
    body: Body,
    meals_per_day: MealsPerDay,
    body_fat_percentage: NonNegative,
    requested: Targets<NonNegative>,
    tastes: Vec<ItemRef>,
    restrictions: Vec<ItemRef>,
    diet_types: Vec<DietType>,
}

impl ProfileInput {
    /// What a client sends to save these checked values as they are: the
    /// way to a draft for a change to be made on (parse it again).
    pub fn of(
        body: &Body,
        meals_per_day: MealsPerDay,
        body_fat_percentage: NonNegative,
        requested: Targets<NonNegative>,
        tastes: &[ItemRef],
        restrictions: &[ItemRef],
        diet_types: &[DietType],
    ) -> Self {
        let items = |refs: &[ItemRef]| {
            refs.iter()
                .map(|r| ItemInput {
                    id: match r {
                        ItemRef::Id(id, _) => Some(*id),
                        ItemRef::Name(_) => None,
                    },
                    name: r.name().as_str().to_owned(),
                })
                .collect()
        };
        Self {
            goal: body.goal.as_str().to_owned(),
            height: body.height.cm(),
            weight: body.weight.kg(),
            body_type: body.body_type.as_str().to_owned(),
            gender: body.gender.as_str().to_owned(),
            meals_per_day: i64::from(meals_per_day.get()),
            activity_level: body.activity_level.as_str().to_owned(),
            birth_date: body.birth_date.date(),
            body_fat_percentage: body_fat_percentage.get(),
            targets: Targets {
                calories: requested.calories.get(),
                protein: requested.protein.get(),
                carbs: requested.carbs.get(),
                fat: requested.fat.get(),
            },
            tastes: items(tastes),
            restrictions: items(restrictions),
            diet_types: diet_types.iter().map(|d| d.as_str().to_owned()).collect(),
        }
    }
}

impl ProfileDraft {
    /// Body facts.
    pub fn body(&self) -> &Body {
        &self.body
    }

    /// The body facts, to change one for another checked value.
    pub fn body_mut(&mut self) -> &mut Body {
        &mut self.body
    }

    /// Meals a day.
    pub fn meals_per_day(&self) -> MealsPerDay {
        self.meals_per_day
    }

    /// Changes the meals a day.
    pub fn set_meals_per_day(&mut self, meals: MealsPerDay) {
        self.meals_per_day = meals;
    }

    /// Body fat % as sent (0 = estimate from body type).
    pub fn body_fat_percentage(&self) -> NonNegative {
        self.body_fat_percentage
    }

    /// Targets as sent (0 = compute).
    pub fn requested(&self) -> Targets<NonNegative> {
        self.requested
    }

    /// Tastes as sent (positions matter for error messages; duplicates
    /// collapse once the references are resolved).
    pub fn tastes(&self) -> &[ItemRef] {
        &self.tastes
    }

    /// Restrictions as sent, like [`tastes`](Self::tastes).
    pub fn restrictions(&self) -> &[ItemRef] {
        &self.restrictions
    }

    /// The tastes, to add or remove checked references.
    pub fn tastes_mut(&mut self) -> &mut Vec<ItemRef> {
        &mut self.tastes
    }

    /// The restrictions, to add or remove checked references.
    pub fn restrictions_mut(&mut self) -> &mut Vec<ItemRef> {
        &mut self.restrictions
    }

    /// Diet types as sent, duplicates removed.
    pub fn diet_types(&self) -> &[DietType] {
        &self.diet_types
    }

    /// Adds diet type `d` unless it is there; whether it was added.
    pub fn add_diet(&mut self, d: DietType) -> bool {
        let new = !self.diet_types.contains(&d);
        if new {
            self.diet_types.push(d);
        }
        new
    }

    /// Removes diet type `d`; whether it was there.
    pub fn remove_diet(&mut self, d: DietType) -> bool {
        let had = self.diet_types.contains(&d);
        self.diet_types.retain(|x| *x != d);
        had
    }
}

/// Records the outcome of one field's check.
struct Checker(Vec<FieldError>);

impl Checker {
    fn field<T, E: Into<Invalid>>(&mut self, field: Field, r: Result<T, E>) -> Option<T> {
        self.item(field, None, r)
    }

    fn item<T, E: Into<Invalid>>(
        &mut self,
        field: Field,
        index: Option<usize>,
        r: Result<T, E>,
    ) -> Option<T> {
        r.map_err(|e| {
            self.0.push(FieldError {
                field,
                index,
                error: e.into(),
            })
        })
        .ok()
    }

    fn items(&mut self, field: Field, items: &[ItemInput]) -> Vec<ItemRef> {
        let mut out = Vec::with_capacity(items.len());
        for (i, item) in items.iter().enumerate() {
            if let Some(name) = self.item(field, Some(i), ItemName::parse(&item.name)) {
                out.push(match item.id {
                    Some(id) => ItemRef::Id(id, name),
                    None => ItemRef::Name(name),
                });
            }
        }
        out
    }
}

impl ProfileDraft {
    /// Checks every field of `input`; ages are counted on `today`.
    ///
    /// ```
    /// use chrono::NaiveDate;
    /// use mealplan_domain::{Field, Invalid, ProfileDraft, ProfileInput, RangeError};
    ///
    /// let today = NaiveDate::from_ymd_opt(2026, 1, 1).unwrap();
    /// let mut input = ProfileInput {
    ///     goal: "lose_weight".into(),
    ///     height: 180.0,
    ///     weight: 80.0,
    ///     body_type: "normal".into(),
    ///     gender: "male".into(),
    ///     meals_per_day: 3,
    ///     activity_level: "medium".into(),
    ///     birth_date: NaiveDate::from_ymd_opt(1990, 5, 1).unwrap(),
    ///     ..ProfileInput::default()
    /// };
    /// let draft = ProfileDraft::parse(&input, today).unwrap();
    /// assert_eq!(draft.resolve(today).targets.calories, 2176.0);
    ///
    /// input.height = 250.0;
    /// let errors = ProfileDraft::parse(&input, today).unwrap_err();
    /// assert_eq!(errors.0[0].field, Field::Height);
    /// assert_eq!(errors.0[0].error, Invalid::Range(RangeError::TooLarge { max: 220.0 }));
    /// ```
    pub fn parse(input: &ProfileInput, today: NaiveDate) -> Result<Self, ProfileErrors> {
        Self::parse_as(input, today, false)
    }

    /// Checks a household member's profile: the holder's rules, but an
    /// age of 3 to 100, and for a child (under 16) a height of 80-200 cm
    /// and a weight of 10-150 kg. A child under 3 is refused
    /// ([`AgeError::Infant`]): infants and toddlers need a paediatric
    /// plan.
    pub fn parse_member(input: &ProfileInput, today: NaiveDate) -> Result<Self, ProfileErrors> {
        Self::parse_as(input, today, true)
    }

    fn parse_as(
        input: &ProfileInput,
        today: NaiveDate,
        member: bool,
    ) -> Result<Self, ProfileErrors> {
        // A member under 16 (or refused as too young) is held to the
        // child's body ranges, so a toddler's height is not also refused
        // as an adult's.
        let child =
            member && BirthDate::from_stored(input.birth_date).age_on(today) < BirthDate::MIN_AGE;
        let (height, weight) = if child {
            (
                Height::parse_child(input.height),
                Weight::parse_child(input.weight),
            )
        } else {
            (Height::parse(input.height), Weight::parse(input.weight))
        };
        let born = if member {
            BirthDate::parse_member(input.birth_date, today)
        } else {
            BirthDate::parse(input.birth_date, today)
        };
        let mut c = Checker(Vec::new());
        let goal = c.field(Field::Goal, Goal::parse(&input.goal));
        let height = c.field(Field::Height, height);
        let weight = c.field(Field::Weight, weight);
        let body_type = c.field(Field::BodyType, BodyType::parse(&input.body_type));
        let gender = c.field(Field::Gender, Gender::parse(&input.gender));
        let meals_per_day = c.field(Field::MealsPerDay, MealsPerDay::parse(input.meals_per_day));
        let activity_level = c.field(
            Field::ActivityLevel,
            ActivityLevel::parse(&input.activity_level),
        );
        let birth_date = c.field(Field::BirthDate, born);
        let body_fat = c.field(
            Field::BodyFatPercentage,
            NonNegative::parse_below(input.body_fat_percentage, NonNegative::BODY_FAT_BELOW),
        );
        let t = &input.targets;
        let mut target = |field, value, max| c.field(field, NonNegative::parse_at_most(value, max));
        let calories = target(Field::CaloriesTarget, t.calories, NonNegative::MAX_CALORIES);
        let protein = target(
            Field::ProteinTarget,
            t.protein,
            NonNegative::MAX_MACRO_GRAMS,
        );
        let carbs = target(Field::CarbsTarget, t.carbs, NonNegative::MAX_MACRO_GRAMS);
        let fat = target(Field::FatTarget, t.fat, NonNegative::MAX_MACRO_GRAMS);
        let tastes = c.items(Field::Tastes, &input.tastes);
        let restrictions = c.items(Field::Restrictions, &input.restrictions);
        let mut diet_types = Vec::new();
        for (i, name) in input.diet_types.iter().enumerate() {
            if let Some(d) = c.item(Field::DietTypes, Some(i), DietType::parse(name))
                && !diet_types.contains(&d)
            {
                diet_types.push(d);
            }
        }
        let built = (|| {
            Some(Self {
                body: Body {
                    goal: goal?,
                    height: height?,
                    weight: weight?,
                    body_type: body_type?,
                    gender: gender?,
                    activity_level: activity_level?,
                    birth_date: birth_date?,
                },
                meals_per_day: meals_per_day?,
                body_fat_percentage: body_fat?,
                requested: Targets {
                    calories: calories?,
                    protein: protein?,
                    carbs: carbs?,
                    fat: fat?,
                },
                tastes,
                restrictions,
                diet_types,
            })
        })();
        match built {
            Some(draft) if c.0.is_empty() => Ok(draft),
            _ => Err(ProfileErrors(c.0)),
        }
    }

    /// What this profile may never be served: its restrictions (by the
    /// names sent) and vegan/vegetarian diet, read against `taxonomy`.
    pub fn hard_rules(&self, taxonomy: &Taxonomy) -> HardRules {
        HardRules::new(
            taxonomy,
            self.restrictions.iter().map(|r| r.name().as_str()),
            &self.diet_types,
        )
    }

    /// Body fat and the four daily targets in force on `today`: the
    /// values set by hand, the rest computed (see [`resolve`]).
    pub fn resolve(&self, today: NaiveDate) -> Resolved {
        resolve(
            &self.body,
            self.body.age_on(today),
            self.body_fat_percentage,
            self.requested,
            &self.diet_types,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    fn good() -> ProfileInput {
        ProfileInput {
            goal: "maintain_weight".into(),
            height: 170.0,
            weight: 65.0,
            body_type: "lean".into(),
            gender: "female".into(),
            meals_per_day: 4,
            activity_level: "low".into(),
            birth_date: d(1990, 6, 15),
            tastes: vec![ItemInput {
                id: Some(2),
                name: " Sweet ".into(),
            }],
            restrictions: vec![ItemInput {
                id: None,
                name: "No Pork".into(),
            }],
            diet_types: vec!["vegan".into(), "low_carb".into(), "vegan".into()],
            ..ProfileInput::default()
        }
    }

    #[test]
    fn a_good_profile_becomes_a_draft() {
        let draft = ProfileDraft::parse(&good(), d(2026, 1, 1)).unwrap();
        assert_eq!(draft.body.goal, Goal::MaintainWeight);
        assert_eq!(draft.meals_per_day.get(), 4);
        assert_eq!(
            draft.tastes,
            [ItemRef::Id(2, ItemName::parse("sweet").unwrap())]
        );
        assert_eq!(
            draft.restrictions,
            [ItemRef::Name(ItemName::parse("no pork").unwrap())]
        );
        assert_eq!(draft.diet_types, [DietType::Vegan, DietType::LowCarb]);
        assert_eq!(draft.requested, Targets::default());
        // 35 years old on that day.
        let resolved = draft.resolve(d(2026, 1, 1));
        assert_eq!(
            resolved,
            resolve(
                &draft.body,
                35,
                NonNegative::default(),
                Targets::default(),
                &draft.diet_types,
            )
        );
    }

    #[test]
    fn every_broken_rule_is_listed_in_field_order() {
        let mut input = good();
        input.goal = "bulk".into();
        input.height = 139.0;
        input.meals_per_day = 7;
        input.birth_date = d(2015, 1, 1);
        input.body_fat_percentage = 100.0;
        input.targets.calories = 20_001.0;
        input.targets.fat = -1.0;
        input.tastes.push(ItemInput {
            id: None,
            name: "x".repeat(51),
        });
        input.diet_types = vec!["vegan".into(), "paleo".into()];
        let errors = ProfileDraft::parse(&input, d(2026, 1, 1)).unwrap_err().0;
        let got: Vec<(Field, Option<usize>, Invalid)> = errors
            .into_iter()
            .map(|e| (e.field, e.index, e.error))
            .collect();
        assert_eq!(
            got,
            [
                (
                    Field::Goal,
                    None,
                    Invalid::Choice(ChoiceError {
                        allowed: Goal::NAMES
                    })
                ),
                (
                    Field::Height,
                    None,
                    RangeError::TooSmall { min: 140.0 }.into()
                ),
                (
                    Field::MealsPerDay,
                    None,
                    RangeError::TooLarge { max: 6.0 }.into()
                ),
                (Field::BirthDate, None, AgeError::TooYoung(16).into()),
                (
                    Field::BodyFatPercentage,
                    None,
                    RangeError::NotBelow { limit: 100.0 }.into()
                ),
                (
                    Field::CaloriesTarget,
                    None,
                    RangeError::TooLarge { max: 20_000.0 }.into()
                ),
                (
                    Field::FatTarget,
                    None,
                    RangeError::TooSmall { min: 0.0 }.into()
                ),
                (
                    Field::Tastes,
                    Some(1),
                    TextError::TooLong { max: 50 }.into()
                ),
                (
                    Field::DietTypes,
                    Some(1),
                    Invalid::Choice(ChoiceError {
                        allowed: DietType::NAMES
                    })
                ),
            ]
        );
    }

    #[test]
    fn a_member_may_be_a_child_from_3_with_a_child_s_body() {
        let today = d(2026, 1, 1);
        let mut input = good();
        input.birth_date = d(2017, 6, 1); // 8
        input.height = 128.0;
        input.weight = 26.0;
        assert!(ProfileDraft::parse(&input, today).is_err(), "not a holder");
        let draft = ProfileDraft::parse_member(&input, today).unwrap();
        assert_eq!(draft.body().height.cm(), 128.0);
        input.height = 79.0;
        let errors = ProfileDraft::parse_member(&input, today).unwrap_err().0;
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert_eq!(errors[0].field, Field::Height);
        // Two years old: refused for the age alone, with the reason.
        input.height = 88.0;
        input.weight = 12.0;
        input.birth_date = d(2023, 6, 1);
        let errors = ProfileDraft::parse_member(&input, today).unwrap_err().0;
        let got: Vec<_> = errors.iter().map(|e| (e.field, e.error.clone())).collect();
        assert_eq!(got, [(Field::BirthDate, AgeError::Infant(3).into())]);
        // A member of 16 or more keeps the adult ranges.
        input.birth_date = d(2000, 1, 1);
        let errors = ProfileDraft::parse_member(&input, today).unwrap_err().0;
        assert_eq!(errors[0].field, Field::Height);
    }

    #[test]
    fn errors_read_as_sentences() {
        let mut input = good();
        input.weight = 20.0;
        input.diet_types = vec!["paleo".into()];
        let errors = ProfileDraft::parse(&input, d(2026, 1, 1)).unwrap_err();
        assert_eq!(
            errors.to_string(),
            "invalid profile: weight: must be at least 35; diet_types[0]: must be one of \
             [\"high_protein\", \"low_carb\", \"vegan\", \"vegetarian\", \"low_calorie\", \
             \"high_fiber\", \"high_carb\"]"
        );
        assert_eq!(Field::ALL.map(Field::name)[5], "meals_per_day");
    }
}
