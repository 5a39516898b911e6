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

    /// How much using it soon matters, in (0, 1]: 1 when it is due
    /// within a day of `today` (or past it), halving by about each further
    /// few days (2 days: 0.67, 3: 0.5, 6: 0.29), 0.1 without a use-by
    /// day. The planner weighs its pantry bonus by it
    /// ([`crate::planner::PantryFood`]), so the earliest due goes first.
    pub fn urgency(&self, today: NaiveDate) -> f64 {
        match self.use_by {
            None => 0.1,
            Some(day) => {
                let days = (day - today).num_days().max(1) as f64;
                (2.0 / (1.0 + days)).clamp(0.1, 1.0)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 3, d).unwrap()
    }

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

    #[test]
    fn the_earliest_due_is_the_most_urgent() {
        let due = |d: Option<u32>| PantryItem::new("egg".into(), 1.0, d.map(day)).unwrap();
        let today = day(10);
        let u: Vec<f64> = [Some(9), Some(11), Some(12), Some(13), Some(30), None]
            .into_iter()
            .map(|d| due(d).urgency(today))
            .collect();
        assert_eq!(u[0], 1.0);
        assert_eq!(u[1], 1.0);
        assert!(u[1] > u[2] && u[2] > u[3] && u[3] > u[4], "{u:?}");
        assert!(u[4] >= u[5] && u[5] > 0.0, "{u:?}");
    }
}
