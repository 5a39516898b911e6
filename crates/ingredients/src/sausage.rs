//! Fresh sausage is weighed as bought, raw: "1 lb sweet Italian sausage,
//! casings removed" is SR28's raw Italian pork sausage, not its cooked
//! links (346 against 344 kcal per 100 g, but a cooked row's grams are of
//! a sausage that has lost its fat and water). A sausage row SR28 keeps
//! cooked ("SAUSAGE,ITALIAN,PORK,CKD", "TURKEY SAUSAGE,FRSH,CKD") is
//! brought to its raw or unprepared twin, unless the line says the
//! sausage is bought cooked, smoked or precooked. Sausages SR28 has no raw
//! row of (bratwurst, fully cooked kielbasa) stay as they are.

use crate::foods::{Food, FoodTable};

/// SR28's group of sausages and luncheon meats.
const SAUSAGES: u32 = 7;

/// Parts of a description saying the row was cooked in the kitchen.
const COOKED: &[&str] = &["CKD", "PAN-FRIED", "BRLD", "GRILLED", "MICROWAVED", "RSTD"];

/// Parts saying it is sold cooked: such a row has no raw twin to want.
const SOLD_COOKED: &[&str] = &["FULLY CKD", "PRE-COOKED", "SMOKED", "BROWN&SERVE", "UNHTD"];

/// Parts of a raw twin saying it is raw.
const RAW: &[&str] = &["RAW", "UNPREP"];

/// Words of a line that buy the sausage cooked.
const LINE_COOKED: &[&str] = &[
    "cooked",
    "precooked",
    "pre cooked",
    "fully cooked",
    "smoked",
    "leftover",
    "grilled",
    "browned",
];

/// SR28's raw row of the cooked sausage `food`, when the line buys it
/// raw; `None` when `food` is not such a row or SR28 has no raw twin.
pub fn as_bought(food: &Food, text: &str) -> Option<&'static Food> {
    if food.ndb / 1000 != SAUSAGES {
        return None;
    }
    let line = crate::words::spaced(text);
    if LINE_COOKED.iter().any(|w| line.contains(&format!(" {w} "))) {
        return None;
    }
    let parts: Vec<&str> = food.description.split(',').collect();
    if !parts.iter().any(|p| COOKED.contains(p)) || parts.iter().any(|p| SOLD_COOKED.contains(p)) {
        return None;
    }
    let base: Vec<&str> = parts
        .iter()
        .copied()
        .filter(|p| !COOKED.contains(p))
        .collect();
    FoodTable::sr28()
        .foods()
        .iter()
        .filter(|f| f.ndb / 1000 == SAUSAGES)
        .find(|f| {
            let theirs: Vec<&str> = f.description.split(',').collect();
            theirs.iter().any(|p| RAW.contains(p))
                && theirs
                    .iter()
                    .copied()
                    .filter(|p| !RAW.contains(p))
                    .eq(base.iter().copied())
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(ndb: u32, text: &str) -> Option<u32> {
        as_bought(FoodTable::sr28().get(ndb).unwrap(), text).map(|f| f.ndb)
    }

    #[test]
    fn a_cooked_sausage_row_is_its_raw_twin() {
        assert_eq!(
            row(7089, "1 lb Italian sausage, casings removed"),
            Some(7036)
        );
        assert_eq!(row(7064, "8 oz pork sausage links"), Some(7063));
        assert_eq!(row(7958, "1 lb turkey sausage"), Some(7955));
        assert_eq!(row(7966, "12 oz reduced-fat pork sausage"), Some(7965));
    }

    #[test]
    fn sausage_bought_cooked_or_without_a_raw_row_stays() {
        assert_eq!(row(7089, "2 cups cooked Italian sausage, crumbled"), None);
        assert_eq!(row(7013, "4 bratwurst"), None);
        assert_eq!(row(7970, "1 lb kielbasa, sliced"), None);
        assert_eq!(row(7036, "1 lb Italian sausage"), None);
    }
}
