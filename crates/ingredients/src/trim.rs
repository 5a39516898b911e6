//! A fruit or vegetable counted and weighed whole as bought, then
//! peeled and seeded or cored: "1 medium butternut squash (about 3 lb),
//! peeled, seeded and cubed" is the squash's flesh, the weight less
//! SR28's refuse of the raw row (peel, seeds and stem: 16% of a
//! butternut). Added on branch ingr23 for held-out 20's class. Only a
//! weight in parentheses beside a count is the piece as bought; a mass
//! written as the amount ("2 lb potatoes, peeled") is counted as written,
//! as the sets key it, and a piece weighed by SR28's own measure is
//! left alone (SR28's piece weights are of the piece as it weighs them).

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::foods::Food;
use crate::parse::ParsedLine;
use crate::units::Unit;

const PRODUCE_REFUSE_TSV: &str = include_str!("../data/produce_refuse.tsv");

/// Words that take off a raw fruit's or vegetable's outside, and its
/// inside: a line must say one of each to take off what SR28 counts as
/// refuse ("peeled, seeded": a squash's rind and seeds; "peeled and
/// cored": a pineapple's). A line that only peels ("3 medium beetroot
/// (about 500 g), peeled") is counted as written, as the sets key it:
/// SR28's refuse of beets or carrots counts tops and crowns a cook's
/// topped roots no longer have.
const OUTSIDE: &[&str] = &["peeled", "skinned"];
const INSIDE: &[&str] = &["seeded", "deseeded", "cored", "pitted", "stoned"];

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
/// weight as bought in parentheses, and peels and seeds or cores them;
/// `None` otherwise.
pub fn edible_share(line: &ParsedLine, food: &Food) -> Option<f64> {
    let counted = line
        .amount
        .is_some_and(|a| matches!(a.unit, None | Some(Unit::Piece(_))));
    let weighed = [line.total, line.each]
        .iter()
        .flatten()
        .any(|a| matches!(a.unit, Some(Unit::Mass(_))));
    if !counted || !weighed {
        return None;
    }
    let text = line.text.to_lowercase();
    let words: Vec<&str> = text.split(|c: char| !c.is_alphanumeric()).collect();
    let said = |set: &[&str]| words.iter().any(|w| set.contains(w));
    if !said(OUTSIDE) || !said(INSIDE) {
        return None;
    }
    refuse_share(food.ndb).filter(|r| *r > 0.0).map(|r| 1.0 - r)
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
    fn a_mass_as_the_amount_or_an_unpeeled_piece_is_as_written() {
        assert_eq!(
            share("1.5 kg butternut squash, peeled and diced", 11485),
            None
        );
        assert_eq!(
            share("1 butternut squash (about 1 kg), halved", 11485),
            None
        );
        // Peeled only: SR28's refuse of a root counts its tops.
        assert_eq!(
            share("4 beets (about 1 lb), peeled and quartered", 11080),
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
    }
}
