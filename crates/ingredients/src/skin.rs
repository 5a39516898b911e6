//! Poultry with or without its skin: "boneless chicken thighs, skin on",
//! "1 whole chicken, skinned", "3 lb chicken pieces (bone-in, skin on)".
//! SR28 keeps a "meat and skin" and a "meat only" row of each part of a
//! chicken; a line that says which it buys, anywhere in the line, takes
//! that row. A mass on the bone is then counted by that row's refuse
//! (`bone.rs`): bone alone for meat and skin, bone and skin for meat only.

use crate::foods::{Food, FoodTable};

/// SR28's raw chicken rows as pairs: (meat only, meat and skin).
pub(crate) const PAIRS: &[(u32, u32)] = &[
    (5011, 5006), // broiler or fryer, whole
    (5039, 5029), // light meat
    (5043, 5034), // dark meat
    (5053, 5048), // back
    (5062, 5057), // breast
    (5071, 5066), // drumstick
    (5080, 5075), // leg
    (5088, 5084), // neck
    (5096, 5091), // thigh
    (5105, 5100), // wing
];

/// Phrases of a line that buys the skin off.
const WITHOUT: &[&str] = &[
    "skinless",
    "skinned",
    "without skin",
    "without the skin",
    "skin removed",
    "skins removed",
    "no skin",
    "skin off",
    "remove the skin",
    "remove skin",
    "skin discarded",
    "discard the skin",
];

/// Phrases of a line that buys it with the skin.
const WITH: &[&str] = &[
    "skin on",
    "with skin",
    "with the skin",
    "with skins",
    "skin left on",
];

/// The row of `food` the line's skin words ask for, when `food` is a
/// chicken row of the other kind; `None` when the line says nothing of
/// the skin or `food` already is what it says. Words for the skin off win
/// ("with the skin removed").
pub fn as_said(food: &Food, text: &str) -> Option<&'static Food> {
    let line = crate::words::spaced(text);
    let says = |phrases: &[&str]| phrases.iter().any(|p| line.contains(&format!(" {p} ")));
    let ndb = if says(WITHOUT) {
        PAIRS.iter().find(|(_, with)| *with == food.ndb)?.0
    } else if says(WITH) {
        PAIRS.iter().find(|(only, _)| *only == food.ndb)?.1
    } else {
        return None;
    };
    FoodTable::sr28().get(ndb)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(ndb: u32, text: &str) -> Option<u32> {
        as_said(FoodTable::sr28().get(ndb).unwrap(), text).map(|f| f.ndb)
    }

    #[test]
    fn skin_words_choose_the_row() {
        assert_eq!(
            row(5096, "2 lb boneless chicken thighs, skin-on"),
            Some(5091)
        );
        assert_eq!(
            row(5011, "4 lb chicken pieces (bone-in, with skin)"),
            Some(5006)
        );
        assert_eq!(
            row(5006, "1 whole chicken, skinned and jointed"),
            Some(5011)
        );
        assert_eq!(
            row(5091, "6 bone-in chicken thighs, skin removed"),
            Some(5096)
        );
        assert_eq!(row(5100, "1 kg chicken wings, skinless"), Some(5105));
    }

    #[test]
    fn no_skin_word_or_the_same_row_changes_nothing() {
        assert_eq!(row(5096, "1 lb chicken thighs, diced"), None);
        assert_eq!(row(5062, "2 boneless skinless chicken breasts"), None);
        assert_eq!(row(5091, "4 skin-on chicken thighs"), None);
        // Not a chicken row: nothing to choose.
        assert_eq!(row(15076, "2 salmon fillets, skin on"), None);
    }
}
