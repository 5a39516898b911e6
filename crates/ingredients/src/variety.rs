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
    if food.ndb == TOMATO_SAUCE && (spoonful(line) || condiment(line)) {
        return Some(KETCHUP);
    }
    if food.ndb == SOY_VERMICELLI && !said(line, &["soy", "soya"]) {
        return Some(PASTA);
    }
    if RICE_CAKES.contains(&food.ndb) && by_weight_or_cup(line) {
        return Some(GLUTINOUS_RICE);
    }
    if food.ndb == CAYENNE
        && said(line, &["chilli"])
        && said(line, &["powder"])
        && !said(line, &["red", "kashmiri", "cayenne", "lal", "mirch"])
    {
        return Some(CHILI_POWDER);
    }
    if food.ndb == CHOWCHOW && !said(line, &["chowchow", "chow"]) {
        return Some(ONIONS);
    }
    if food.ndb == FOCACCIA && !said(line, &["focaccia"]) {
        return Some(PITA);
    }
    (food.ndb == POHA_RICE && bare_poha(line)).then_some(GROUNDCHERRIES)
}

/// The hard roll to offer beside SR28's plain dinner roll, where the line
/// (after its flavoured or sweet row was brought to the plain one) says
/// no kind of roll.
pub fn unsaid_roll(line: &ParsedLine, food: &Food) -> Option<u32> {
    (food.ndb == DINNER_ROLL
        && !said(
            line,
            &[
                "dinner", "soft", "pav", "slider", "sliders", "brown", "sweet",
            ],
        ))
    .then_some(HARD_ROLL)
}

/// SR28's soft dinner roll and its hard (kaiser) roll: a "roll" of no
/// kind is the soft American dinner roll as often as the crusty European
/// bread roll ("1 stale roll, soaked in milk"), so both are offered
/// (held-out 47).
const DINNER_ROLL: u32 = 18342;
const HARD_ROLL: u32 = 18353;

/// SR28's chowchow, a relish of cauliflower, onion and mustard, found
/// for "pickled onions" by its words: SR28 has no pickled onion, so the
/// line is asked, raw onions offered.
const CHOWCHOW: u32 = 11983;
const ONIONS: u32 = 11282;

/// SR28's focaccia, the one row it calls a flatbread, and its pita: a
/// "flatbread" of no kind is as often pita, lavash or naan (held-out 43).
const FOCACCIA: u32 = 18973;
const PITA: u32 = 18041;

/// SR28's ground red pepper and its chili powder blend: an Indian "red
/// chilli powder" is the ground chilli, but a British "chilli powder" of
/// no colour said is sold as much as a blend with cumin and garlic, the
/// American chili powder, 11% lower in energy; both are offered
/// (held-out 19, run after held-out 41).
const CAYENNE: u32 = 2031;
const CHILI_POWDER: u32 = 2009;

/// SR28's one row named vermicelli, made from soy, and its dry pasta:
/// vermicelli of no kind said is the wheat pasta of a pilaf as often as
/// a soy or rice noodle (rice vermicelli is named), so both are offered
/// (held-out 34).
const SOY_VERMICELLI: u32 = 43114;
const PASTA: u32 = 20120;

/// SR28's puffed rice cakes, and its cooked glutinous rice: puffed
/// cakes are counted ("2 rice cakes"); rice cakes weighed or by the cup
/// ("300 g rice cakes") are as often Korean tteok or Chinese nian gao,
/// which SR28 lacks, so the line is asked, the nearest rice offered
/// (held-out 39).
const RICE_CAKES: &[u32] = &[
    19052, 19053, 19413, 19414, 19416, 19816, 19817, 19818, 19819, 42204,
];
const GLUTINOUS_RICE: u32 = 20055;

/// Whether the line measures its food by mass or volume, not by count.
fn by_weight_or_cup(line: &ParsedLine) -> bool {
    matches!(
        line.amount.and_then(|a| a.unit),
        Some(Unit::Mass(_) | Unit::Volume(_))
    )
}

/// Whether the line says any of `words`.
fn said(line: &ParsedLine, words: &[&str]) -> bool {
    let text = format!("{} {}", line.name, line.comment).to_lowercase();
    text.split(|c: char| !c.is_alphanumeric())
        .any(|w| words.contains(&w))
}

/// Whether a line of no amount is served with the dish ("Tomato sauce, to
/// serve"): a condiment, as ketchup is.
fn condiment(line: &ParsedLine) -> bool {
    let words = format!("{} {}", line.name, line.comment).to_lowercase();
    line.amount.is_none()
        && ["serve", "serving", "dipping", "side"]
            .iter()
            .any(|w| words.contains(w))
}

/// The rice the lexicon reads "poha" as (Indian flattened rice), and
/// SR28's groundcherries, which Hawaii calls poha.
const POHA_RICE: u32 = 20444;
const GROUNDCHERRIES: u32 = 9138;

/// Words beside "poha" that say it is the Indian flattened rice: its
/// thickness as sold, the dish, its other names.
const RICE_POHA: &[&str] = &[
    "thick",
    "thin",
    "medium",
    "flattened",
    "beaten",
    "aval",
    "kanda",
    "batata",
    "rice",
];

/// Whether the line says "poha" and nothing that tells which poha it is.
fn bare_poha(line: &ParsedLine) -> bool {
    let text = line.text.to_lowercase();
    let words: Vec<&str> = text
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    words.contains(&"poha") && !RICE_POHA.iter().any(|w| words.contains(w))
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
/// Curry leaves (of the curry tree, not curry powder) have no row: SR28's
/// bay leaf, another leaf used whole for its aroma, is offered.
/// Tomate frito (added after held-out 12) is tomato sauce cooked down in
/// olive oil, two to three times the energy of SR28's canned tomato
/// sauce, which is offered.
/// Added on branch ingr16: cassava (manioc) flour, the Brazilian farinha
/// de mandioca, has no row; SR28's dry pearl tapioca (cassava starch) is
/// offered. Ají amarillo and ají panca (Peruvian chilies) have no row;
/// SR28's raw red hot chili is offered. Galangal is offered SR28's ginger;
/// makrut (kaffir) lime leaves, lime; berbere, paprika; hake (merluza),
/// which SR28 lacks, Atlantic cod, another lean white fish of the cod
/// order.
const STAND_INS: &[(&str, u32)] = &[
    ("mascarpone", 1017),
    ("curry leaves", 2004),
    ("tomate frito", 11549),
    ("cassava flour", 20068),
    ("manioc flour", 20068),
    ("aji amarillo", 11819),
    ("aji panca", 11819),
    ("galangal", 11216),
    ("makrut lime", 9159),
    ("kaffir lime", 9159),
    ("berbere", 2028),
    ("hake", 15015),
];

/// The stand-in a line's words name, if any.
pub fn stand_in(line: &ParsedLine) -> Option<u32> {
    // The whole line: "10 curry leaves" counts leaves of "curry".
    let words = line.text.to_lowercase();
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
        // Served with the dish, unmeasured: a condiment.
        assert_eq!(
            ambiguous(&line("tomato sauce, to serve"), table(11549)),
            Some(11935)
        );
    }

    #[test]
    fn bare_poha_may_be_groundcherries() {
        let line = |text: &str| parse_line(text).unwrap();
        assert_eq!(ambiguous(&line("2 cups poha"), table(20444)), Some(9138));
        assert_eq!(ambiguous(&line("2 cups thick poha"), table(20444)), None);
        assert_eq!(ambiguous(&line("1 cup aval (poha)"), table(20444)), None);
        assert_eq!(ambiguous(&line("1 cup rice"), table(20444)), None);
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
        let line = parse_line("1 sprig curry leaves").unwrap();
        assert_eq!(stand_in(&line), Some(2004));
        assert_eq!(
            stand_in(&parse_line("12 curry leaves").unwrap()),
            Some(2004)
        );
    }
}
