//! What a person has at home: foods of the catalogue by name, their grams
//! and when each must be used by. A pantry item is made only by
//! [`PantryItem::new`] (its grams in range); a list only by
//! [`PantryItem::list`] (at most [`MAX_PANTRY_ITEMS`]). Which names are
//! foods is the caller's (the kitchen and taxonomy the shopping list
//! names its items by).

use chrono::NaiveDate;

use crate::quantity::RangeError;

/// Most items a pantry holds.
pub const MAX_PANTRY_ITEMS: usize = 200;
/// Most grams of one item (100 kg).
pub const MAX_PANTRY_GRAMS: f64 = 100_000.0;

/// One food at home.
#[derive(Debug, Clone, PartialEq)]
pub struct PantryItem {
    /// The food, as the catalogue's ingredients (and so the shopping list)
    /// name it.
    pub name: String,
    /// Grams of it as shops sell it (dry rice and pasta, raw meat), above
    /// 0 and at most [`MAX_PANTRY_GRAMS`].
    pub grams: f64,
    /// The day it must be eaten by, when it has one.
    pub use_by: Option<NaiveDate>,
}

/// Why a pantry was refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum PantryError {
    /// An item's grams are not above 0, or above [`MAX_PANTRY_GRAMS`].
    #[error("grams {0}")]
    Grams(RangeError),
    /// More than [`MAX_PANTRY_ITEMS`] items.
    #[error("a pantry holds at most {MAX_PANTRY_ITEMS} items, not {0}")]
    TooMany(usize),
}

impl PantryItem {
    /// An item of `grams` of `name` (a catalogue food's name, checked by
    /// the caller), used by `use_by`.
    pub fn new(name: String, grams: f64, use_by: Option<NaiveDate>) -> Result<Self, PantryError> {
        if !grams.is_finite() || grams <= 0.0 {
            return Err(PantryError::Grams(RangeError::TooSmall { min: 0.0 }));
        }
        if grams > MAX_PANTRY_GRAMS {
            return Err(PantryError::Grams(RangeError::TooLarge {
                max: MAX_PANTRY_GRAMS,
            }));
        }
        Ok(Self {
            name,
            grams,
            use_by,
        })
    }

    /// `items` as one pantry, at most [`MAX_PANTRY_ITEMS`] of them, in
    /// their order.
    pub fn list(items: Vec<PantryItem>) -> Result<Vec<PantryItem>, PantryError> {
        if items.len() > MAX_PANTRY_ITEMS {
            return Err(PantryError::TooMany(items.len()));
        }
        Ok(items)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grams_are_above_zero_and_at_most_a_hundred_kilos() {
        assert!(PantryItem::new("egg".into(), 0.5, None).is_ok());
        assert!(PantryItem::new("egg".into(), 100_000.0, None).is_ok());
        for bad in [0.0, -1.0, f64::NAN, 100_000.5] {
            assert!(
                matches!(
                    PantryItem::new("egg".into(), bad, None),
                    Err(PantryError::Grams(_))
                ),
                "{bad}"
            );
        }
        let item = PantryItem::new("egg".into(), 1.0, None).unwrap();
        assert!(PantryItem::list(vec![item.clone(); 200]).is_ok());
        assert_eq!(
            PantryItem::list(vec![item; 201]),
            Err(PantryError::TooMany(201))
        );
    }
}
