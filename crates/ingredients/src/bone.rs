//! Meat weighed on the bone: "3 lbs chicken wings", "2 racks of ribs (4
//! lb)", "a 6 lb bone-in leg of lamb". SR28 gives nutrients per 100 g of
//! the edible part and, for each food, the share of it as bought that is
//! refuse (bone, and for some rows skin or fat trimmed off:
//! `data/refuse.tsv`, derived from ABBREV.txt). A mass of meat that comes
//! on the bone is counted by its edible part; a boneless cut, and a cut
//! of no stated bone that is usually sold boneless (breasts, thighs,
//! chops, steaks), is counted as weighed.

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::parse::ParsedLine;

const REFUSE_TSV: &str = include_str!("../data/refuse.tsv");

/// Words that say the meat is weighed with its bone.
const ON_THE_BONE: &[&str] = &["bone-in", "bone in", "on the bone", "with bone", "bone on"];

/// Cuts that come on the bone unless the line says otherwise.
const BONE_CUTS: &[&str] = &[
    "wing",
    "drumstick",
    "drumette",
    "rib",
    "spareribs",
    "spare ribs",
    "shank",
    "oxtail",
    "leg quarter",
    "whole chicken",
    "whole turkey",
    "whole duck",
    "t-bone",
    "porterhouse",
    "neck",
];

/// SR28's refuse of food `ndb` as a share of it as bought (0.38 for raw
/// wings), where SR28 gives one for a meat, poultry or fish food.
pub fn refuse_share(ndb: u32) -> Option<f64> {
    static TABLE: OnceLock<HashMap<u32, f64>> = OnceLock::new();
    TABLE
        .get_or_init(|| {
            REFUSE_TSV
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

/// Whether `line` weighs its meat with the bone: it says so, or it names
/// a cut that comes on the bone; never when it says boneless.
pub fn on_the_bone(line: &ParsedLine) -> bool {
    // The whole line: "ribs" may have been read as a unit ("2 ribs celery").
    let text = format!(" {} ", line.text).to_lowercase();
    if text.contains("boneless") || text.contains("deboned") || text.contains("off the bone") {
        return false;
    }
    let word = |w: &str| {
        text.match_indices(w).any(|(at, _)| {
            let before = text[..at]
                .chars()
                .next_back()
                .is_none_or(|c| !c.is_alphanumeric());
            let after = text[at + w.len()..]
                .chars()
                .next()
                .is_none_or(|c| !(c.is_alphanumeric() || c == '-') || c == 's');
            before && after
        })
    };
    ON_THE_BONE.iter().any(|w| text.contains(w)) || BONE_CUTS.iter().any(|w| word(w))
}

/// Whether food `ndb` is meat, poultry or fish (SR28 groups 05, 10, 13,
/// 15, 17), whose weight on the bone is not its edible weight.
pub fn is_meat(ndb: u32) -> bool {
    matches!(ndb / 1000, 5 | 10 | 13 | 15 | 17)
}

/// The edible share of a mass of `line` placed on food `ndb`: 1 less
/// SR28's refuse when the meat is weighed on the bone, else `None`.
pub fn edible_share(line: &ParsedLine, ndb: u32) -> Option<f64> {
    if !on_the_bone(line) {
        return None;
    }
    refuse_share(ndb)
        .filter(|r| *r > 0.0 && *r < 1.0)
        .map(|r| 1.0 - r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse_line;

    fn share(line: &str, ndb: u32) -> Option<f64> {
        edible_share(&parse_line(line).unwrap(), ndb)
    }

    #[test]
    fn refuse_is_read_from_sr28() {
        assert_eq!(refuse_share(5100), Some(0.38));
        assert_eq!(refuse_share(17230), Some(0.22));
        // Ground beef has none.
        assert_eq!(refuse_share(23572), None);
    }

    #[test]
    fn meat_on_the_bone_counts_its_edible_part() {
        let wings = share("3 lbs chicken wings, split at the joint", 5100).unwrap();
        assert!((wings - 0.62).abs() < 1e-9);
        assert_eq!(share("2 lb bone-in pork shoulder", 10084), Some(1.0 - 0.32));
        let line = parse_line("3 lb beef short ribs").unwrap();
        assert!(on_the_bone(&line), "{line:?}");
        assert_eq!(share("3 lb beef short ribs", 13147), Some(1.0 - 0.27));
        assert_eq!(
            share("4 beef short ribs (about 3 lb)", 13147),
            Some(1.0 - 0.27)
        );
    }

    #[test]
    fn a_food_without_refuse_has_none() {
        // SR28 gives raw thighs with skin (05091) no refuse: the grams
        // then ask for the meat's weight (`grams.rs`).
        assert_eq!(refuse_share(5091), None);
        assert!(on_the_bone(
            &parse_line("8 bone-in, skin-on chicken thighs (about 2 lbs)").unwrap()
        ));
    }

    #[test]
    fn boneless_and_usually_boneless_cuts_count_as_weighed() {
        assert_eq!(share("2 lb boneless chicken wings", 5100), None);
        assert_eq!(share("1 ½ lb chicken breasts", 5062), None);
        assert_eq!(share("2 lb ribeye steak", 23201), None);
        // "ribeye" is not a rib on the bone; "ribbon" neither.
        assert!(!on_the_bone(&parse_line("1 lb ribeye").unwrap()));
        assert!(!on_the_bone(&parse_line("1 lb rib-eye steak").unwrap()));
        assert!(!on_the_bone(&parse_line("1 cup ribbon pasta").unwrap()));
    }
}
