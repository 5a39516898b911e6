//! Which row of a food a line means when its name alone does not say:
//! the amount or the piece does. British "tomato purée" by the spoon is
//! tomato paste; a sprig or bunch of a herb the lexicon knows dried is the
//! fresh herb. And stand-ins: foods SR28 lacks whose nearest row a person
//! may accept, offered for review, never placed.

use crate::foods::{Food, FoodTable};
use crate::parse::ParsedLine;
use crate::units::Unit;

/// SR28's canned tomato purée rows and its tomato paste.
const PUREES: &[u32] = &[11547, 11888];
const PASTE: u32 = 11546;

/// Below this much a "tomato purée" is the British one, paste: paste is
/// used a spoonful or a tube at a time, the American purée by the cup or
/// the can (SR28's purée measures are a cup and a 29 oz can). A quarter
/// cup (59 ml) and more, or 150 g and more, is purée.
const PASTE_BELOW_ML: f64 = 59.0;
const PASTE_BELOW_G: f64 = 150.0;

/// The row the amount says, where it says another than the name's.
pub fn as_measured(line: &ParsedLine, food: &Food) -> Option<&'static Food> {
    if !PUREES.contains(&food.ndb) {
        return None;
    }
    let tube = line
        .text
        .to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .any(|w| w == "tube" || w == "tubes");
    (tube || spoonful(line)).then(|| FoodTable::sr28().get(PASTE).expect("SR28 has tomato paste"))
}

/// Whether the line measures less than a quarter cup or 150 g.
fn spoonful(line: &ParsedLine) -> bool {
    match line.amount.and_then(|a| a.unit.map(|u| (a.quantity, u))) {
        Some((q, Unit::Volume(ml))) => q * ml < PASTE_BELOW_ML,
        Some((q, Unit::Mass(g))) => q * g < PASTE_BELOW_G,
        _ => false,
    }
}

/// SR28's canned tomato sauce and its ketchup.
const TOMATO_SAUCE: u32 = 11549;
const KETCHUP: u32 = 11935;

/// The other row a food's name means where the amount cannot tell them
/// apart: "tomato sauce" by the spoon is Australian, New Zealand and
/// British ketchup as often as a spoonful of American canned sauce, so
/// both are offered for review. By the cup or the can it is the canned
/// sauce (ketchup is not bought by the can).
pub fn ambiguous(line: &ParsedLine, food: &Food) -> Option<u32> {
    (food.ndb == TOMATO_SAUCE && spoonful(line)).then_some(KETCHUP)
}

/// Whether a line counts a herb in sprigs or bunches of a food SR28 has
/// dried: sprigs are fresh ("4 sprigs thyme" is fresh thyme).
pub fn wants_fresh(line: &ParsedLine, food: &Food) -> bool {
    matches!(
        line.amount.and_then(|a| a.unit),
        Some(Unit::Piece("sprig" | "bunch"))
    ) && food.description.contains("DRIED")
}

/// Foods SR28 has no row for, and the nearest row a person may accept
/// (offered for review, never placed: the difference is too large to be
/// sure). Mascarpone is about 44% fat and 430 kcal a 100 g, SR28's
/// cream cheese 34% and 350 kcal.
const STAND_INS: &[(&str, u32)] = &[("mascarpone", 1017)];

/// The stand-in a line's words name, if any.
pub fn stand_in(line: &ParsedLine) -> Option<u32> {
    let words = line.name.to_lowercase();
    STAND_INS
        .iter()
        .find(|(name, _)| words.contains(name))
        .map(|&(_, ndb)| ndb)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse_line;

    fn table(ndb: u32) -> &'static Food {
        FoodTable::sr28().get(ndb).unwrap()
    }

    fn paste_of(line: &str) -> Option<u32> {
        as_measured(&parse_line(line).unwrap(), table(11547)).map(|f| f.ndb)
    }

    #[test]
    fn tomato_sauce_by_the_spoon_may_be_ketchup() {
        let line = |text: &str| parse_line(text).unwrap();
        assert_eq!(
            ambiguous(&line("2 tbsp tomato sauce"), table(11549)),
            Some(11935)
        );
        assert_eq!(ambiguous(&line("1 cup tomato sauce"), table(11549)), None);
        assert_eq!(
            ambiguous(&line("1 (15 oz) can tomato sauce"), table(11549)),
            None
        );
        assert_eq!(ambiguous(&line("2 tbsp ketchup"), table(11935)), None);
    }

    #[test]
    fn tomato_puree_by_the_spoon_or_tube_is_paste() {
        assert_eq!(paste_of("1 tbsp tomato purée"), Some(PASTE));
        assert_eq!(paste_of("40 g tomato puree"), Some(PASTE));
        assert_eq!(paste_of("½ tube tomato purée"), Some(PASTE));
        assert_eq!(paste_of("1 cup tomato puree"), None);
        assert_eq!(paste_of("1 (15 oz) can tomato puree"), None);
        assert_eq!(paste_of("400 g tomato purée"), None);
        // Any other food is left alone.
        let line = parse_line("1 tbsp ketchup").unwrap();
        assert_eq!(as_measured(&line, table(11935)), None);
    }

    #[test]
    fn sprigs_of_a_dried_herb_are_fresh() {
        let line = parse_line("4 sprigs thyme").unwrap();
        assert!(wants_fresh(&line, table(2042)));
        assert!(!wants_fresh(&line, table(2049)));
        let line = parse_line("1 tsp thyme").unwrap();
        assert!(!wants_fresh(&line, table(2042)));
    }

    #[test]
    fn stand_ins_are_named_by_the_line() {
        let line = parse_line("8 oz mascarpone cheese").unwrap();
        assert_eq!(stand_in(&line), Some(1017));
        assert_eq!(stand_in(&parse_line("8 oz cream cheese").unwrap()), None);
    }
}
