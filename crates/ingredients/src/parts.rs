//! The parts of a chicken a line names: "2 lb chicken thighs and
//! drumsticks", "4 chicken legs", "a 3 lb chicken, cut into serving
//! pieces". SR28 weighs each part of a broiler (breast, thigh, drumstick,
//! leg, wing) and the dark meat of thighs and drumsticks together, each as
//! meat only and as meat and skin (`skin.rs` keeps the pairs). The lexicon
//! names one part; a line that names another takes the row of what it
//! buys. Thighs and drumsticks together are legs (SR28's leg is the thigh
//! and drumstick); parts of light and dark meat together are the whole
//! bird's row; parts offered as alternatives ("breast or thighs") leave the
//! lexicon's reading of the first. Parts bought on the bone (drumsticks, legs, wings,
//! pieces, a bird cut up) come with their skin unless the line says it is
//! removed, which `skin.rs` then reads.

use crate::foods::{Food, FoodTable};
use crate::skin::PAIRS;

/// A part of the bird and the words that name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Part {
    Breast,
    Thigh,
    Drumstick,
    Leg,
    Wing,
}

const PART_WORDS: &[(Part, &[&str])] = &[
    (Part::Breast, &["breast", "breasts"]),
    (Part::Thigh, &["thigh", "thighs"]),
    (Part::Drumstick, &["drumstick", "drumsticks"]),
    (Part::Leg, &["leg", "legs", "leg quarter", "leg quarters"]),
    (Part::Wing, &["wing", "wings"]),
];

/// Words for a bird bought whole and cut up: its pieces are the whole
/// bird's, skin included.
const CUT_UP: &[&str] = &[
    "cut up",
    "cut into pieces",
    "cut into serving pieces",
    "serving pieces",
    "cut into 8 pieces",
    "cut into eight pieces",
    "cut into 6 pieces",
    "cut into six pieces",
    "cut into 10 pieces",
    "jointed",
    "quartered",
    "spatchcocked",
    "butterflied",
    "chicken pieces",
    "bone in pieces",
];

/// Words of pieces bought on the bone.
const ON_THE_BONE: &[&str] = &["bone in", "on the bone", "pieces", "skin on"];

/// Whether `text` counts pieces of more than one part ("8 chicken thighs
/// and drumsticks"): no row of SR28 weighs such a piece, and a leg (thigh
/// and drumstick) would count twice the meat.
pub fn several_counted(text: &str, counted: bool) -> bool {
    let line = crate::words::spaced(text);
    counted && BIRD.iter().any(|w| says(&line, w)) && parts(&line).len() > 1
}

/// Words for the bird (SR28's broiler or fryer).
const BIRD: &[&str] = &["chicken", "chickens", "hen", "fryer", "broiler"];

/// The rows (meat only, meat and skin) of the broiler as a whole, its
/// dark meat and each part.
const WHOLE: (u32, u32) = (5011, 5006);
const DARK: (u32, u32) = (5043, 5034);
const LEG: (u32, u32) = (5080, 5075);
const ROWS: &[(Part, (u32, u32))] = &[
    (Part::Breast, (5062, 5057)),
    (Part::Thigh, (5096, 5091)),
    (Part::Drumstick, (5071, 5066)),
    (Part::Leg, (5080, 5075)),
    (Part::Wing, (5105, 5100)),
];

fn says(line: &str, phrase: &str) -> bool {
    line.contains(&format!(" {phrase} "))
}

/// The parts `text` names, in the order of [`PART_WORDS`].
fn parts(line: &str) -> Vec<Part> {
    PART_WORDS
        .iter()
        .filter(|(_, words)| words.iter().any(|w| says(line, w)))
        .map(|(part, _)| *part)
        .collect()
}

/// Whether `text` is of a bird bought whole and cut up, naming no part
/// ("1 chicken, cut into serving pieces", "3 lb chicken pieces"), or of
/// "chicken pieces" of the parts it names: pieces on the bone either way.
pub fn cut_up_bird(text: &str) -> bool {
    let line = crate::words::spaced(&text.to_lowercase().replace('-', " "));
    BIRD.iter().any(|w| says(&line, w))
        && (CUT_UP.iter().any(|w| says(&line, w)) || cut_in_pieces(&line))
        && (parts(&line).is_empty() || says(&line, "chicken pieces"))
}

/// Number words a bird is cut into.
const NUMBER_WORDS: &[&str] = &[
    "two", "four", "six", "eight", "ten", "twelve", "serving", "portions",
];

/// "cut in 8", "cut into 6 portions": cut into so many pieces.
fn cut_in_pieces(line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    words.windows(3).any(|w| {
        w[0] == "cut"
            && (w[1] == "in" || w[1] == "into")
            && (w[2].chars().all(|c| c.is_ascii_digit()) || NUMBER_WORDS.contains(&w[2]))
    })
}

/// The chicken row of the part(s) `text` names, when `food` is a raw
/// broiler row of another part or of another skin default: `None` when
/// the food is not a broiler part or the line says nothing more.
pub fn as_named(food: &Food, text: &str) -> Option<&'static Food> {
    let with_skin = PAIRS.iter().any(|(_, with)| *with == food.ndb);
    if !PAIRS
        .iter()
        .any(|(only, with)| *only == food.ndb || *with == food.ndb)
    {
        return None;
    }
    let line = crate::words::spaced(&text.to_lowercase().replace('-', " "));
    let named = parts(&line);
    let dark = |p: &Part| matches!(p, Part::Thigh | Part::Drumstick | Part::Leg);
    let (pair, pieces) = match named.as_slice() {
        [] if says(&line, "dark meat") => (DARK, false),
        [] if cut_up_bird(text) => (WHOLE, true),
        [] => return None,
        [one] => {
            let pair = ROWS.iter().find(|(p, _)| p == one)?.1;
            // Drumsticks, legs and wings are sold on the bone, skin on.
            (
                pair,
                matches!(one, Part::Drumstick | Part::Leg | Part::Wing),
            )
        }
        _ if says(&line, "or") => return None,
        several if several.iter().all(dark) => (LEG, true),
        // Breasts and thighs: on the bone with skin when the line says
        // pieces on the bone or names a part sold so, else meat only.
        several => (
            WHOLE,
            several
                .iter()
                .any(|p| matches!(p, Part::Drumstick | Part::Leg | Part::Wing))
                || ON_THE_BONE.iter().any(|w| says(&line, w)),
        ),
    };
    // Boneless pieces are sold without their skin, as the lexicon reads.
    let boneless = says(&line, "boneless") || says(&line, "deboned");
    if boneless && pair == WHOLE && named.is_empty() {
        return None;
    }
    let ndb = if (pieces && !boneless) || with_skin {
        pair.1
    } else {
        pair.0
    };
    (ndb != food.ndb)
        .then(|| FoodTable::sr28().get(ndb))
        .flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(ndb: u32, text: &str) -> Option<u32> {
        as_named(FoodTable::sr28().get(ndb).unwrap(), text).map(|f| f.ndb)
    }

    #[test]
    fn thighs_and_drumsticks_are_legs() {
        assert_eq!(row(5096, "3 lb chicken thighs and drumsticks"), Some(5075));
        assert_eq!(
            row(5011, "2 lb chicken pieces (drumsticks and thighs)"),
            Some(5075)
        );
        assert_eq!(row(5011, "1 lb chicken dark meat, diced"), Some(5043));
    }

    #[test]
    fn counted_pieces_of_several_parts_are_not_weighed() {
        assert!(several_counted("8 chicken thighs and drumsticks", true));
        assert!(!several_counted(
            "2 lb chicken thighs and drumsticks",
            false
        ));
        assert!(!several_counted("6 chicken thighs", true));
    }

    #[test]
    fn alternative_parts_leave_the_first() {
        assert_eq!(row(5062, "1 lb chicken breasts or thighs, diced"), None);
    }

    #[test]
    fn a_named_part_is_its_row() {
        assert_eq!(row(5011, "1 kg chicken (wings only)"), Some(5100));
        assert_eq!(row(5011, "4 chicken legs, whole"), Some(5075));
        // The lexicon's own part and skin: nothing to change.
        assert_eq!(row(5096, "6 chicken thighs"), None);
        assert_eq!(row(5100, "2 lb chicken wings"), None);
    }

    #[test]
    fn a_cut_up_bird_keeps_its_skin() {
        assert_eq!(row(5011, "1 (4 lb) chicken, cut into 8 pieces"), Some(5006));
        assert_eq!(row(5011, "1 roasting hen, jointed"), Some(5006));
        assert_eq!(row(5011, "2 chickens (1.2 kg each), cut in 6"), Some(5006));
        assert_eq!(row(5011, "1 fryer, cut into four"), Some(5006));
        assert!(!cut_up_bird("1 lb chicken, cut in strips"));
        assert_eq!(row(5006, "1 whole chicken, cut up"), None);
        // Light and dark pieces together: the whole bird's row.
        assert_eq!(
            row(5062, "2 lb chicken breasts and thighs, bone in"),
            Some(5006)
        );
        assert_eq!(
            row(5062, "1 lb chicken breasts and thighs, diced"),
            Some(5011)
        );
    }

    #[test]
    fn other_foods_and_plain_lines_are_left() {
        assert_eq!(row(5011, "2 cups chicken, diced"), None);
        assert_eq!(row(5011, "1 lb boneless chicken pieces"), None);
        assert_eq!(
            row(5096, "2 lb boneless chicken thighs and drumsticks"),
            Some(5080)
        );
        assert_eq!(row(15076, "4 salmon fillets, cut into pieces"), None);
        assert_eq!(row(5013, "2 cups cooked chicken, cut up"), None);
        assert!(!cut_up_bird("2 chicken breasts, cut up"));
        assert!(cut_up_bird("3 lb bone-in chicken pieces"));
        assert!(cut_up_bird("2 lb chicken pieces (breasts and thighs)"));
        assert!(!cut_up_bird("2 lb chicken breasts and thighs"));
    }
}
