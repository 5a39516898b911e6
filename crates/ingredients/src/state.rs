//! The state or form a line buys a food in, said beside the food's name
//! (added on branch ingr16, issue 39, for held-out 15's classes):
//! sliced turkey or chicken breast "from the deli" is SR28's deli
//! (luncheon) row, never the raw meat; potatoes "boiled" are SR28's
//! boiled potatoes, weighed as bought when counted, less the skin SR28
//! gives as refuse when peeled after boiling; and a line naming two foods
//! in one amount ("a handful each of parsley and cilantro") is asked
//! about, as no one row weighs both.

use crate::foods::{Food, FoodTable};
use crate::parse::ParsedLine;
use crate::units::Unit;

/// Phrases of a line that buys sliced meat at the deli counter.
const DELI: &[&str] = &[
    "deli",
    "lunch meat",
    "luncheon meat",
    "cold cut",
    "cold cuts",
];

/// Raw rows a deli line may have been found on, and SR28's deli row of
/// the same meat: turkey breast (sliced, prepackaged, 07081, as the
/// lexicon's "deli turkey"), chicken breast (deli, sliced, 07961).
const DELI_ROWS: &[(&[u32], u32)] = &[(&[5219, 5220, 5293], 7081), (&[5062, 5064], 7961)];

/// SR28's raw potato rows (generic, russet, white, red: flesh and skin).
const RAW_POTATOES: &[u32] = &[11352, 11353, 11354, 11355];
/// Boiled in the skin, flesh (refuse 9 %: the skin, peeled after boiling).
const BOILED_IN_SKIN: u32 = 11365;
/// Boiled without the skin, flesh (peeled before boiling).
const BOILED_PEELED: u32 = 11367;

fn food(ndb: u32) -> Option<&'static Food> {
    FoodTable::sr28().get(ndb)
}

fn words(text: &str) -> String {
    crate::words::spaced(text)
}

/// SR28's deli row of a raw turkey or chicken breast the line buys at the
/// deli counter.
pub fn deli_row(found: &Food, text: &str) -> Option<&'static Food> {
    let line = words(text);
    if !DELI.iter().any(|d| line.contains(&format!(" {d} "))) {
        return None;
    }
    DELI_ROWS
        .iter()
        .find(|(raw, _)| raw.contains(&found.ndb))
        .and_then(|&(_, deli)| food(deli))
}

/// What a line of boiled potatoes is: the boiled row, and for a counted
/// line the share of the raw potato as bought that it weighs.
pub struct Boiled {
    /// SR28's boiled row.
    pub row: &'static Food,
    /// The potato as bought (a counted line is weighed by its pieces).
    pub as_bought: &'static Food,
    /// The share of the counted weight eaten (less the skin SR28 gives
    /// as refuse when peeled after boiling).
    pub edible: f64,
}

/// SR28's boiled potato row when the line boils raw potatoes: "4
/// potatoes, boiled and peeled", "2 cups boiled potatoes". A mass whose
/// "boiled" is only after the comma ("2 lb potatoes, boiled") is the
/// potato as bought, weighed raw, and stays raw.
pub fn boiled_potatoes(found: &'static Food, line: &ParsedLine) -> Option<Boiled> {
    if !RAW_POTATOES.contains(&found.ndb) {
        return None;
    }
    let name = words(&line.name);
    let comment = words(&line.comment);
    let in_name = name.contains(" boiled ");
    let in_comment = comment.contains(" boiled ");
    let by_mass = matches!(line.amount.and_then(|a| a.unit), Some(Unit::Mass(_)));
    if !(in_name || in_comment && !by_mass) {
        return None;
    }
    let all = format!("{name}{comment}");
    let boiled_at = all.find(" boiled ")?;
    let peeled_at = [" peeled ", " peel "]
        .iter()
        .filter_map(|p| all.find(p))
        .min();
    let (row, edible) = match peeled_at {
        // Peeled, then boiled: the flesh boiled without its skin.
        Some(at) if at < boiled_at => (BOILED_PEELED, 1.0),
        // Boiled in the skin, then peeled: SR28's 9 % refuse is the skin.
        Some(_) => (BOILED_IN_SKIN, 0.91),
        None => (BOILED_IN_SKIN, 1.0),
    };
    Some(Boiled {
        row: food(row)?,
        as_bought: found,
        edible,
    })
}

/// Whether the line gives one amount of two foods: "a handful each of
/// parsley and cilantro", "1 tsp each salt and pepper".
pub fn two_foods_in_one_amount(line: &ParsedLine) -> bool {
    let text = words(&line.text);
    text.contains(" each ") && (text.contains(" and ") || text.contains(" & "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse_line;

    fn f(ndb: u32) -> &'static Food {
        food(ndb).unwrap()
    }

    #[test]
    fn deli_meat_is_the_deli_row() {
        assert_eq!(
            deli_row(f(5219), "8 slices turkey breast (deli)").map(|f| f.ndb),
            Some(7081)
        );
        assert_eq!(
            deli_row(f(5062), "4 oz sliced chicken breast from the deli").map(|f| f.ndb),
            Some(7961)
        );
        assert_eq!(deli_row(f(5219), "1 lb turkey breast"), None);
        assert_eq!(deli_row(f(5062), "2 chicken breasts, sliced"), None);
    }

    #[test]
    fn boiled_potatoes_are_the_boiled_row() {
        let b = |text: &str| boiled_potatoes(f(11352), &parse_line(text).unwrap());
        let counted = b("3 medium potatoes, boiled and peeled").unwrap();
        assert_eq!(counted.row.ndb, 11365);
        assert!((counted.edible - 0.91).abs() < 1e-9);
        assert_eq!(b("3 potatoes, peeled and boiled").unwrap().row.ndb, 11367);
        assert_eq!(b("2 cups boiled potatoes").unwrap().row.ndb, 11365);
        // A mass boiled after the comma is weighed as bought, raw.
        assert!(b("2 lb potatoes, boiled").is_none());
        assert!(b("2 potatoes, peeled and diced").is_none());
    }

    #[test]
    fn one_amount_of_two_foods_is_asked_about() {
        let p = |t: &str| two_foods_in_one_amount(&parse_line(t).unwrap());
        assert!(p("a handful each of mint and dill"));
        assert!(p("1 tsp each salt and pepper"));
        assert!(!p("2 tbsp salt and pepper mix"));
        assert!(!p("4 chicken breasts, 6 oz each"));
    }
}
