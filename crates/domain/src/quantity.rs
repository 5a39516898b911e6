//! Numbers with rules shared across the crate: the error of a number
//! outside its range, and a quantity that is never negative.

/// A number outside its inclusive range.
#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
pub enum RangeError {
    /// Below the minimum.
    #[error("must be at least {min}")]
    TooSmall {
        /// Inclusive minimum.
        min: f64,
    },
    /// Above the maximum.
    #[error("must be at most {max}")]
    TooLarge {
        /// Inclusive maximum.
        max: f64,
    },
    /// Not below an exclusive limit.
    #[error("must be less than {limit}")]
    NotBelow {
        /// Exclusive limit.
        limit: f64,
    },
}

/// A quantity that may be zero but never negative (body fat, targets).
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd, Default)]
pub struct NonNegative(f64);

impl NonNegative {
    /// Largest daily calorie target a person could eat (kcal): beyond it a
    /// number is a typo, not a plan.
    pub const MAX_CALORIES: f64 = 20_000.0;
    /// Largest daily protein, carbohydrate or fat target (g).
    pub const MAX_MACRO_GRAMS: f64 = 2_000.0;
    /// Body fat % must be below this.
    pub const BODY_FAT_BELOW: f64 = 100.0;

    /// Checks the sign (and finiteness).
    pub fn parse(value: f64) -> Result<Self, RangeError> {
        if value.is_finite() && value >= 0.0 {
            Ok(Self(value))
        } else {
            Err(RangeError::TooSmall { min: 0.0 })
        }
    }

    /// Checks the sign and an inclusive maximum (targets).
    pub fn parse_at_most(value: f64, max: f64) -> Result<Self, RangeError> {
        let v = Self::parse(value)?;
        if v.0 > max {
            Err(RangeError::TooLarge { max })
        } else {
            Ok(v)
        }
    }

    /// Checks the sign and an exclusive limit (body fat below 100%).
    pub fn parse_below(value: f64, limit: f64) -> Result<Self, RangeError> {
        let v = Self::parse(value)?;
        if v.0 >= limit {
            Err(RangeError::NotBelow { limit })
        } else {
            Ok(v)
        }
    }
    /// The value.
    pub fn get(self) -> f64 {
        self.0
    }
    /// `Some` when strictly positive: a target the user set by hand.
    pub fn positive(self) -> Option<f64> {
        (self.0 > 0.0).then_some(self.0)
    }
}
