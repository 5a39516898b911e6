//! A dry mix of a dressing, gravy or sauce: "1 packet ranch dressing mix",
//! "1 envelope brown gravy mix", "2 tbsp Italian dressing seasoning mix".
//! The mix is a powder of salt, starch and flavourings, a few grams of
//! which make a cup of the prepared food: SR28's prepared dressing or
//! canned gravy is a different food of many times the weight and another
//! make-up. Such a line is placed on a dry row where SR28 has one (its
//! gravies and a few sauces: "GRAVY,BROWN,DRY"), and is never sure of a
//! prepared one.

use crate::foods::Food;
use crate::parse::ParsedLine;

/// Words of the food that say it is the dry mix.
const MIX_WORDS: &[&str] = &["mix", "mixes", "seasoning", "powder", "powdered"];

/// Packages a dry mix comes in, anywhere in the line.
const PACKETS: &[&str] = &[
    "packet",
    "packets",
    "envelope",
    "envelopes",
    "sachet",
    "sachets",
];

/// The starts of SR28's descriptions of dressings, gravies and sauces.
const SAUCES: &[&str] = &[
    "SALAD DRSNG",
    "SALAD DRESSING",
    "DRESSING",
    "GRAVY",
    "SAUCE",
];

/// Words of SR28's descriptions of a dry row.
const DRY: &[&str] = &["DRY", "MIX", "PDR", "POWDER", "DEHYD"];

/// Whether the line buys a dry mix or a packet of one.
pub fn said(line: &ParsedLine) -> bool {
    let has = |text: &str, words: &[&str]| {
        let text = crate::words::spaced(text);
        words.iter().any(|w| text.contains(&format!(" {w} ")))
    };
    has(&line.name, MIX_WORDS) || has(&line.text, PACKETS)
}

/// Whether `food` is a prepared dressing, gravy or sauce: one a dry mix
/// line must not be sure of.
pub fn is_prepared(food: &Food) -> bool {
    let d = food.description.as_str();
    SAUCES.iter().any(|s| d.starts_with(s)) && !DRY.iter().any(|w| d.contains(w))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foods::FoodTable;
    use crate::parse::parse_line;

    fn mix(text: &str) -> bool {
        said(&parse_line(text).unwrap())
    }

    fn prepared(ndb: u32) -> bool {
        is_prepared(FoodTable::sr28().get(ndb).unwrap())
    }

    #[test]
    fn a_mix_is_said_by_its_words_or_packet() {
        assert!(mix("1 packet dry Italian dressing mix"));
        assert!(mix("1 (1 oz) envelope ranch seasoning"));
        assert!(mix("2 tbsp ranch dressing powder"));
        assert!(!mix("1/2 cup ranch dressing"));
        assert!(!mix("2 cups mixed greens"));
        assert!(!mix("1 cup marinara sauce, plus more for seasoning"));
    }

    #[test]
    fn prepared_rows_are_told_from_dry_ones() {
        assert!(prepared(4639)); // ranch dressing
        assert!(prepared(6998)); // Campbell's brown gravy, canned
        assert!(!prepared(6118)); // brown gravy, dry
        assert!(!prepared(6960)); // alfredo sauce mix, dry
        assert!(!prepared(2075)); // taco seasoning mix
    }
}
