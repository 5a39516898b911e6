//! Meals: the slot a recipe fills ([`MealType`]) and whether a planned
//! meal was eaten ([`MealStatus`]).

use crate::quantity::RangeError;

/// Days of a week plan: 1 (Monday) to 7.
pub const DAY_OF_WEEK_RANGE: (i64, i64) = (1, 7);
/// Positions of a meal in its day: 1 to the most meals a day.
pub const SCHEDULE_RANGE: (i64, i64) = (1, MealsPerDay::MAX);
/// A portion a person sets by hand, in servings: a quarter to ten.
pub const SERVINGS_RANGE: (f64, f64) = (0.25, 10.0);

/// A meal's note: the owner's free text, 1 to [`MealNote::MAX_CHARS`]
/// characters. Made only by [`MealNote::parse`], so a note too long to
/// store cannot reach a store, whichever door it came through.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MealNote(String);

/// Why a note was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("a meal's note has at most {max} characters")]
pub struct NoteTooLong {
    /// The most characters a note may have.
    pub max: usize,
}

impl MealNote {
    /// The most characters a note may have.
    pub const MAX_CHARS: usize = 200;

    /// A note of `raw`, or `None` for an empty one (which clears a note).
    pub fn parse(raw: &str) -> Result<Option<Self>, NoteTooLong> {
        if raw.chars().count() > Self::MAX_CHARS {
            Err(NoteTooLong {
                max: Self::MAX_CHARS,
            })
        } else if raw.is_empty() {
            Ok(None)
        } else {
            Ok(Some(Self(raw.to_owned())))
        }
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The text, owned.
    pub fn into_string(self) -> String {
        self.0
    }
}

/// Number of meals a day, 1 to 6; decides the meal slots of a plan.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct MealsPerDay(u8);

impl MealsPerDay {
    /// Inclusive bounds.
    pub const MIN: i64 = 1;
    /// Inclusive bounds.
    pub const MAX: i64 = 6;
    /// Checks the range.
    pub fn parse(n: i64) -> Result<Self, RangeError> {
        if n < Self::MIN {
            Err(RangeError::TooSmall {
                min: Self::MIN as f64,
            })
        } else if n > Self::MAX {
            Err(RangeError::TooLarge {
                max: Self::MAX as f64,
            })
        } else {
            Ok(Self(n as u8))
        }
    }
    /// The count.
    pub fn get(self) -> u8 {
        self.0
    }
}

choice!(
    /// The slot a recipe can fill; ids are the 1-based position.
    MealType {
        /// Morning meal.
        Breakfast = "breakfast",
        /// Midday meal.
        Lunch = "lunch",
        /// Evening meal.
        Dinner = "dinner",
        /// Between meals.
        Snack = "snack",
    }
);

impl MealType {
    /// Stable id, 1-4.
    pub fn id(self) -> i64 {
        Self::ALL
            .iter()
            .position(|m| *m == self)
            .map_or(0, |i| i as i64 + 1)
    }

    /// The meal type with this id.
    pub fn from_id(id: i64) -> Option<Self> {
        usize::try_from(id - 1)
            .ok()
            .and_then(|i| Self::ALL.get(i).copied())
    }
}

/// Status of one meal of a plan; the wire value is 0 or 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MealStatus {
    /// Not eaten yet (0).
    Pending,
    /// Eaten (1).
    Completed,
}

/// A status value other than 0 or 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("status must be 0 or 1, got {0}")]
pub struct StatusError(pub i64);

impl MealStatus {
    /// The wire values: pending first.
    pub const CODES: (i64, i64) = (0, 1);

    /// Parses the wire value.
    pub fn from_code(code: i64) -> Result<Self, StatusError> {
        match code {
            0 => Ok(Self::Pending),
            1 => Ok(Self::Completed),
            other => Err(StatusError(other)),
        }
    }

    /// The wire value.
    pub fn code(self) -> i64 {
        match self {
            Self::Pending => 0,
            Self::Completed => 1,
        }
    }

    /// The status after a client asks for `requested`. Every transition
    /// of the spec's table is allowed (pending ⇄ completed), and asking
    /// for the current status again is allowed and changes nothing.
    pub fn transition(self, requested: Self) -> Self {
        requested
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn meal_type_ids() {
        assert_eq!(MealType::Snack.id(), 4);
        assert_eq!(MealType::from_id(1), Some(MealType::Breakfast));
        assert_eq!(MealType::from_id(5), None);
    }

    #[test]
    fn wire_values() {
        assert_eq!(MealStatus::from_code(0), Ok(MealStatus::Pending));
        assert_eq!(MealStatus::from_code(1), Ok(MealStatus::Completed));
        assert_eq!(MealStatus::from_code(2), Err(StatusError(2)));
        assert_eq!(MealStatus::from_code(-1), Err(StatusError(-1)));
        assert_eq!(MealStatus::Completed.code(), 1);
    }

    #[test]
    fn the_spec_state_table() {
        use MealStatus::*;
        for (from, requested, to) in [
            (Pending, Completed, Completed),
            (Completed, Pending, Pending),
            (Pending, Pending, Pending),
            (Completed, Completed, Completed),
        ] {
            assert_eq!(from.transition(requested), to, "{from:?} → {requested:?}");
        }
    }
}

#[cfg(test)]
mod note_tests {
    use super::*;

    #[test]
    fn a_note_is_made_only_within_its_length() {
        assert_eq!(MealNote::parse(""), Ok(None));
        let note = MealNote::parse("mind the salt").unwrap().unwrap();
        assert_eq!(note.as_str(), "mind the salt");
        let most = "é".repeat(MealNote::MAX_CHARS);
        assert!(MealNote::parse(&most).unwrap().is_some());
        let over = "é".repeat(MealNote::MAX_CHARS + 1);
        assert_eq!(MealNote::parse(&over), Err(NoteTooLong { max: 200 }));
    }
}
