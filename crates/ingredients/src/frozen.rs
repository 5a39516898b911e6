//! Frozen vegetables and fruit ("4 cups frozen corn kernels", "1 (10 oz)
//! package frozen spinach, thawed", "1 cup frozen peas, cooked") are
//! SR28's frozen rows, not its raw ones: blanching and the frozen pack
//! change them (frozen corn 88 kcal per 100 g against raw 86, a cup of
//! frozen kernels 136 g against 145 g raw), and SR28 weighs them as sold
//! ("UNPREP") or boiled from frozen. A line that says cooked or boiled is
//! the boiled row without salt; one that says sweetened the sweetened
//! pack, else the unsweetened.

use crate::foods::{Food, FoodTable};
use crate::parse::ParsedLine;
use crate::words::{description_stems, stem, stems};

/// SR28's food groups of fruit (9) and vegetables (11), the groups that
/// weigh frozen foods beside raw ones.
const GROUPS: &[u32] = &[9, 11];

/// Words of a frozen row that say how it is packed or kept, not which
/// food it is.
const PACK: &str = "FRZ,UNPREP,UNSWTND,RAW";

/// Words of a row that say it was cooked.
const COOKED: &str = "CKD,BLD,MICROWAVED,PREP";

/// Whether the line says its food is frozen.
pub(crate) fn said(line: &ParsedLine) -> bool {
    words(&format!("{} {}", line.name, line.comment)).any(|w| w == "frozen")
}

/// Whether the line says its food is cooked.
pub(crate) fn cooked(line: &ParsedLine) -> bool {
    words(&format!("{} {}", line.name, line.comment))
        .any(|w| matches!(w.as_str(), "cooked" | "boiled" | "steamed" | "microwaved"))
}

/// The food's name without "frozen" and "cooked": the food found by it
/// is brought to its frozen row by [`as_frozen`].
pub(crate) fn plain_name(name: &str) -> String {
    name.split_whitespace()
        .filter(|w| {
            let w = w.to_lowercase();
            !matches!(
                w.trim_matches(|c: char| !c.is_alphanumeric()),
                "frozen" | "cooked" | "boiled" | "steamed"
                // How a frozen vegetable is sold to be cooked (added on
                // branch ingr16): "frozen steam-in-bag broccoli florets".
                | "steam-in-bag" | "steamable" | "steamer" | "microwavable" | "microwaveable"
            )
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
}

/// SR28's frozen row of the fruit or vegetable `placed`, unprepared or
/// (when `cooked`, or SR28 has no unprepared row) boiled without salt,
/// sweetened only when `text` says so. Of several, the one whose other words the line says or that adds
/// the fewest ("BLUEBERRIES,FRZ,UNSWTND" before "BLUEBERRIES,WILD,FRZ"),
/// then SR28's first. `None` when SR28 has no frozen row of it, or
/// `placed` is the one.
pub(crate) fn as_frozen(placed: &Food, cooked: bool, text: &str) -> Option<&'static Food> {
    // Frozen kale or okra SR28 weighs only boiled: nearer, blanched as it
    // is, than the raw leaf (a cup of frozen chopped kale is about the
    // 130 g of a cup boiled, not the 16 g of a cup raw).
    let best = frozen_row(placed, cooked, text)
        .or_else(|| (!cooked).then(|| frozen_row(placed, true, text)).flatten())?;
    (best.ndb != placed.ndb).then_some(best)
}

/// The best frozen row of `placed`'s food in the state asked, which may
/// be `placed` itself.
fn frozen_row(placed: &Food, cooked: bool, text: &str) -> Option<&'static Food> {
    let group = placed.ndb / 1000;
    if !GROUPS.contains(&group) {
        return None;
    }
    let pack = description_stems(PACK);
    let cooked_stems = description_stems(COOKED);
    // A frozen row in the other state ("EDAMAME,FRZ,PREP" for edamame
    // bought frozen and thawed) is the same food: its state words go too.
    let placed_frozen = placed.description.split(',').any(|f| f.trim() == "FRZ");
    let base: Vec<String> = description_stems(&placed.description)
        .into_iter()
        .filter(|s| !(pack.contains(s) || (placed_frozen && cooked_stems.contains(s))))
        .collect();
    if base.iter().any(|s| cooked_stems.contains(s)) {
        return None;
    }
    let line = stems(text);
    let sweetened = line.iter().any(|s| *s == stem("sweetened"));
    let fields = |d: &str| -> Vec<String> { d.split(',').map(|f| f.trim().to_owned()).collect() };
    FoodTable::sr28()
        .foods()
        .iter()
        .filter(|f| f.ndb / 1000 == group)
        .filter(|f| fields(&f.description).iter().any(|x| x == "FRZ"))
        .filter(|f| {
            let d = &f.description;
            let boiled = d.contains("CKD") || d.contains("BLD");
            let other = d.contains("MICROWAVED") || d.contains(",PREP");
            let salted = d.contains("W/SALT") || d.contains("W/ SALT");
            let sweet = fields(d).iter().any(|x| x == "SWTND");
            (if cooked {
                boiled && !salted
            } else {
                !boiled && !other
            }) && sweet == sweetened
        })
        .filter(|f| {
            let stems_ = description_stems(&f.description);
            base.iter().all(|s| stems_.contains(s))
        })
        .min_by_key(|f| {
            // Fields the row adds that the line does not say.
            let extra = fields(&f.description)
                .iter()
                .filter(|field| {
                    let s = description_stems(field);
                    !s.is_empty()
                        && s.iter()
                            .all(|x| !base.contains(x) && !pack.contains(x) && !line.contains(x))
                        && !cooked_stems.iter().any(|c| s.contains(c))
                        && !field.contains("SALT")
                })
                .count();
            (extra, f.ndb)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frozen(ndb: u32, cooked: bool, text: &str) -> Option<u32> {
        as_frozen(FoodTable::sr28().get(ndb).unwrap(), cooked, text).map(|f| f.ndb)
    }

    #[test]
    fn a_raw_food_has_its_frozen_row() {
        assert_eq!(frozen(11167, false, "frozen sweet corn"), Some(11178));
        assert_eq!(frozen(11457, false, "frozen leaf spinach"), Some(11463));
        assert_eq!(frozen(9050, false, "frozen blueberries"), Some(9054));
        assert_eq!(
            frozen(9050, false, "frozen sweetened blueberries"),
            Some(9055)
        );
        assert_eq!(frozen(11052, false, "frozen green beans"), Some(11060));
    }

    #[test]
    fn cooked_is_boiled_from_frozen() {
        assert_eq!(frozen(11312, true, "frozen peas"), Some(11313));
        assert_eq!(frozen(11090, true, "frozen broccoli"), Some(11093));
        assert_eq!(frozen(11312, false, "frozen peas"), None);
        // Only a boiled frozen row: that, not the raw leaf.
        assert_eq!(frozen(11233, false, "frozen chopped kale"), Some(11236));
        // Thawed is not cooked: the unprepared row of a prepared one.
        assert_eq!(
            frozen(11212, false, "frozen shelled edamame, thawed"),
            Some(11211)
        );
        assert_eq!(frozen(11212, true, "frozen edamame, cooked"), None);
    }

    #[test]
    fn no_frozen_row_no_change() {
        assert_eq!(frozen(9176, false, "frozen mango"), None);
        assert_eq!(frozen(1001, false, "frozen butter"), None);
    }
}
