//! Fruit and vegetables bought with their skin and peeled in the recipe:
//! "2 apples, peeled and sliced", "1 cucumber, peeled". SR28 keeps some of
//! them as a row with the skin and one without ("APPLES,RAW,WITH SKIN",
//! "APPLES,RAW,WITHOUT SKIN"); a line that peels the food takes the row
//! without it where SR28 has one, and stays on its row otherwise (SR28's
//! abbreviated file has no raw potato flesh).

use crate::foods::{Food, FoodTable};

/// Parts of a description saying the skin is on.
const WITH: &[&str] = &["WITH SKIN", "W/ SKN", "W/SKN", "WITH PEEL", "W/ PEEL"];

/// Parts of a description saying it is off.
const WITHOUT: &[&str] = &[
    "WITHOUT SKIN",
    "WO/SKN",
    "WO/ SKN",
    "PEELED",
    "WITHOUT PEEL",
];

/// Phrases of a line that keep the skin, though it says "peel" somewhere.
const KEPT: &[&str] = &[
    "unpeeled",
    "not peeled",
    "skin on",
    "peel on",
    "with skin",
    "with peel",
    "with the skin",
    "with the peel",
];

/// Parts of a description saying the food was cooked.
const COOKED: &[&str] = &["CKD", "BLD", "MICROWAVE", "BKD", "CND", "FRZ"];

/// SR28's row of `food` without its skin, when the line peels it and
/// `food` is a row with the skin; `None` otherwise.
pub fn as_said(food: &Food, text: &str) -> Option<&'static Food> {
    let line = crate::words::spaced(text);
    let peels = [" peeled ", " peel ", " skinned "]
        .iter()
        .any(|p| line.contains(p));
    if !peels || KEPT.iter().any(|p| line.contains(&format!(" {p} "))) {
        return None;
    }
    let parts: Vec<&str> = food.description.split(',').collect();
    if !parts.iter().any(|p| WITH.contains(p)) {
        return None;
    }
    let first = parts[0];
    let cooked = |ps: &[&str]| ps.iter().any(|p| COOKED.iter().any(|c| p.contains(c)));
    let was_cooked = cooked(&parts);
    FoodTable::sr28()
        .foods()
        .iter()
        .filter(|f| f.ndb / 1000 == food.ndb / 1000)
        .filter_map(|f| {
            let theirs: Vec<&str> = f.description.split(',').collect();
            let fits = theirs[0] == first
                && theirs.iter().any(|p| WITHOUT.contains(p))
                && cooked(&theirs) == was_cooked;
            // The parts kept; a row adding parts the food lacks comes after.
            let kept = parts.iter().filter(|p| theirs.contains(p)).count();
            let added = theirs.iter().filter(|p| !parts.contains(p)).count();
            fits.then_some((kept, std::cmp::Reverse(added), std::cmp::Reverse(f.ndb), f))
        })
        .max_by(|a, b| (a.0, a.1, a.2).cmp(&(b.0, b.1, b.2)))
        .map(|(.., f)| f)
}

/// Words of a line cutting a whole fruit across into rounds.
const ROUNDS: &[&str] = &[
    "sliced", "slice", "slices", "rounds", "wheels", "rodajas", "ruedas",
];

/// SR28's row of `food` with its peel when a counted fruit is sliced
/// whole and not peeled ("1 orange, thinly sliced" for a sangria or a
/// garnish: the rounds go in with their peel, as eaten from the glass), or
/// said to keep it ("2 oranges, whole and unpeeled" for a blended orange
/// cake); a cook who wants the flesh says peeled or segmented. `None`
/// otherwise, or when SR28 keeps no such row (only the orange's, 09205).
pub fn sliced_whole(food: &Food, text: &str, counted: bool) -> Option<&'static Food> {
    let line = crate::words::spaced(text);
    let parts: Vec<&str> = food.description.split(',').collect();
    let kept = KEPT.iter().any(|p| line.contains(&format!(" {p} ")));
    let cut_across = kept || ROUNDS.iter().any(|w| line.contains(&format!(" {w} ")));
    // "not peeled", "peel on": the words that keep the peel say "peel"
    // too, so they are taken out before the line is read for peeling.
    let line = KEPT
        .iter()
        .fold(line, |l, p| l.replace(&format!(" {p} "), " "));
    let peeled = [
        " peeled ",
        " peel ",
        " segmented ",
        " segments ",
        " zest ",
        " juice ",
    ]
    .iter()
    .any(|p| line.contains(p));
    if !counted
        || !cut_across
        || peeled
        || !parts.contains(&"RAW")
        || parts
            .iter()
            .any(|p| WITH.contains(p) || (WITHOUT.contains(p) && !kept))
    {
        return None;
    }
    FoodTable::sr28().foods().iter().find(|f| {
        let theirs: Vec<&str> = f.description.split(',').collect();
        f.ndb / 1000 == food.ndb / 1000
            && theirs[0] == parts[0]
            && theirs.contains(&"RAW")
            && theirs.iter().any(|p| WITH.contains(p))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(ndb: u32, text: &str) -> Option<u32> {
        as_said(FoodTable::sr28().get(ndb).unwrap(), text).map(|f| f.ndb)
    }

    #[test]
    fn a_peeled_food_is_its_row_without_skin() {
        assert_eq!(row(9003, "2 apples, peeled, cored and sliced"), Some(9004));
        assert_eq!(row(9503, "1 Gala apple, peeled and diced"), Some(9004));
        assert_eq!(row(11205, "1 cucumber, peeled and chopped"), Some(11206));
    }

    #[test]
    fn unpeeled_or_no_such_row_changes_nothing() {
        assert_eq!(row(9003, "2 apples, cored and sliced"), None);
        assert_eq!(row(9003, "2 apples, unpeeled, diced"), None);
        assert_eq!(row(11205, "1 cucumber (skin on), diced"), None);
        // SR28's abbreviated file has no raw potato flesh.
        assert_eq!(row(11352, "2 lb potatoes, peeled"), None);
        assert_eq!(row(9252, "2 pears, peeled"), None);
    }

    #[test]
    fn a_counted_orange_sliced_whole_keeps_its_peel() {
        let sliced = |ndb: u32, text: &str, counted: bool| {
            sliced_whole(FoodTable::sr28().get(ndb).unwrap(), text, counted).map(|f| f.ndb)
        };
        assert_eq!(
            sliced(9200, "2 oranges, cut into thin rounds", true),
            Some(9205)
        );
        assert_eq!(sliced(9200, "2 oranges, peeled and sliced", true), None);
        assert_eq!(sliced(9200, "1 cup sliced oranges", false), None);
        assert_eq!(sliced(9200, "2 oranges, diced", true), None);
        // Said to keep the peel (held-out 41): a whole-orange cake.
        assert_eq!(
            sliced(9202, "2 navel oranges, whole and unpeeled", true),
            Some(9205)
        );
        assert_eq!(sliced(9202, "2 navel oranges, whole", true), None);
        assert_eq!(sliced(9200, "2 oranges, not peeled", true), Some(9205));
        assert_eq!(
            sliced(9200, "2 oranges, with the peel on", true),
            Some(9205)
        );
        // SR28 keeps no lemon with its peel.
        assert_eq!(sliced(9150, "1 lemon, sliced", true), None);
    }
}
