//! A fruit or vegetable counted and weighed as bought, then peeled: its
//! flesh, the weight less SR28's refuse of the raw row (keying rule K9,
//! `bench-data/README.md`). "3 medium carrots (about 300 g), peeled" is
//! 300 g less 11 %, "1 butternut squash (about 3 lb), peeled, seeded and
//! cubed" 3 lb less 16 %, and "1 medium potato, peeled" SR28's whole
//! 213 g potato less 25 %: a potato row is of flesh and skin, and its
//! piece weights are of the whole potato. A mass written as the amount
//! ("2 lb potatoes, peeled") is counted as written, and a piece of a row
//! that is already the edible part (a peeled apple's row, a mango's "1
//! fruit, without refuse") is left alone. Branch ingr23 took the refuse
//! off peeled and seeded pieces weighed in parentheses; ingr24 applied K9.

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::foods::Food;
use crate::parse::ParsedLine;
use crate::units::Unit;

const PRODUCE_REFUSE_TSV: &str = include_str!("../data/produce_refuse.tsv");

/// Words that take a raw fruit's or vegetable's outside off ("unpeeled"
/// is a word of its own, so it never counts).
const OUTSIDE: &[&str] = &[
    "peeled", "skinned", "pelado", "pelada", "pelados", "peladas",
];
/// Cooked before it is peeled: the skin comes off the cooked food (SR28's
/// boiled potato rows and their 9 % skin, `kinds.rs`), not as bought.
const COOKED_FIRST: &[&str] = &["boiled", "baked", "roasted", "steamed", "cooked"];

/// SR28's refuse of raw fruit or vegetable `ndb` as a share of it as
/// bought (`data/produce_refuse.tsv`).
fn refuse_share(ndb: u32) -> Option<f64> {
    static TABLE: OnceLock<HashMap<u32, f64>> = OnceLock::new();
    TABLE
        .get_or_init(|| {
            PRODUCE_REFUSE_TSV
                .lines()
                .filter(|l| !l.starts_with('#') && !l.starts_with("ndb\t"))
                .filter_map(|l| {
                    let (ndb, pct) = l.split_once('\t')?;
                    Some((ndb.parse().ok()?, pct.trim().parse::<f64>().ok()? / 100.0))
                })
                .collect()
        })
        .get(&ndb)
        .copied()
}

/// The edible share of `food` when `line` counts pieces, gives their
/// weight as bought in parentheses, and peels them; `None` otherwise.
pub fn edible_share(line: &ParsedLine, food: &Food) -> Option<f64> {
    let weighed = [line.total, line.each]
        .iter()
        .flatten()
        .any(|a| matches!(a.unit, Some(Unit::Mass(_))));
    if !counted(line) || !weighed || !peeled(line) {
        return None;
    }
    refuse_share(food.ndb).filter(|r| *r > 0.0).map(|r| 1.0 - r)
}

/// The edible share of a counted piece of `food` weighed by one of its
/// piece measures, when the line peels it and the row is of flesh and
/// skin (SR28's potatoes: "POTATOES,FLESH & SKN,RAW"), whose piece weighs
/// the whole potato; `None` otherwise.
pub fn piece_share(line: &ParsedLine, food: &Food) -> Option<f64> {
    if !counted(line) || !food.description.contains("FLESH & SKN") || !peeled(line) {
        return None;
    }
    refuse_share(food.ndb).filter(|r| *r > 0.0).map(|r| 1.0 - r)
}

/// Whether the line counts pieces ("3 medium carrots", "2 cans").
fn counted(line: &ParsedLine) -> bool {
    line.amount
        .is_some_and(|a| matches!(a.unit, None | Some(Unit::Piece(_))))
}

/// Whether the line peels the food raw.
fn peeled(line: &ParsedLine) -> bool {
    let text = line.text.to_lowercase();
    let words: Vec<&str> = text.split(|c: char| !c.is_alphanumeric()).collect();
    let said = |set: &[&str]| words.iter().any(|w| set.contains(w));
    said(OUTSIDE) && !said(COOKED_FIRST)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foods::FoodTable;
    use crate::parse::parse_line;

    fn share(text: &str, ndb: u32) -> Option<f64> {
        edible_share(
            &parse_line(text).unwrap(),
            FoodTable::sr28().get(ndb).unwrap(),
        )
    }

    #[test]
    fn a_piece_weighed_as_bought_and_peeled_is_its_flesh() {
        // SR28: butternut 16% refuse, pineapple 49%.
        assert_eq!(
            share(
                "2 butternut squashes (1 kg each), peeled, seeded and diced",
                11485
            ),
            Some(0.84)
        );
        assert_eq!(
            share("1 pineapple (about 4 lb), peeled and cored", 9266),
            Some(0.51)
        );
    }

    #[test]
    fn a_piece_weighed_as_bought_and_only_peeled_is_its_flesh() {
        // K9: peeled alone takes SR28's refuse off (beets 33%, carrots 11%).
        let near = |got: Option<f64>, want: f64| got.is_some_and(|g| (g - want).abs() < 1e-9);
        assert!(near(
            share("4 beets (about 1 lb), peeled and quartered", 11080),
            0.67
        ));
        assert!(near(
            share("5 large carrots (600 g), peeled, in sticks", 11124),
            0.89
        ));
    }

    #[test]
    fn a_mass_as_the_amount_or_an_unpeeled_piece_is_as_written() {
        assert_eq!(
            share("1.5 kg butternut squash, peeled and diced", 11485),
            None
        );
        assert_eq!(
            share("1 butternut squash (about 1 kg), halved", 11485),
            None
        );
        assert_eq!(
            share("1 butternut squash (about 1 kg), unpeeled, cubed", 11485),
            None
        );
        // A row not raw: SR28 gives its refuse only to the raw one.
        assert_eq!(
            share("1 butternut squash (2 lb), baked and peeled", 11486),
            None
        );
        // Cooked first: the skin comes off the cooked piece.
        assert_eq!(
            share("2 beets (about 300 g), roasted and peeled", 11080),
            None
        );
    }

    fn piece(text: &str, ndb: u32) -> Option<f64> {
        piece_share(
            &parse_line(text).unwrap(),
            FoodTable::sr28().get(ndb).unwrap(),
        )
    }

    #[test]
    fn a_peeled_potato_counted_by_its_piece_loses_its_parings() {
        // SR28's potato rows are of flesh and skin, 25% refuse.
        assert_eq!(
            piece("2 large red potatoes, peeled, in wedges", 11355),
            Some(0.75)
        );
        assert_eq!(piece("1 small russet potato, peeled", 11353), Some(0.75));
        // Unpeeled, boiled first, or weighed by mass: as written.
        assert_eq!(
            piece("2 large red potatoes, unpeeled, in wedges", 11355),
            None
        );
        assert_eq!(piece("2 large potatoes, boiled and peeled", 11352), None);
        assert_eq!(piece("700 g potatoes, peeled", 11352), None);
        // A row that is not of flesh and skin: its piece is as SR28 weighs it.
        assert_eq!(piece("2 small sweet potatoes, peeled", 11507), None);
    }
}
