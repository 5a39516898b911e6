//! The state or form a line buys a food in, said beside the food's name
//! (added on branch ingr16, issue 39, for held-out 15's classes):
//! sliced turkey or chicken breast "from the deli" is SR28's deli
//! (luncheon) row, never the raw meat; potatoes "boiled" are SR28's
//! boiled potatoes, weighed as bought when counted, less the skin SR28
//! gives as refuse when peeled after boiling; and a line naming two foods
//! in one amount ("a handful each of parsley and cilantro") is asked
//! about, as no one row weighs both. Branch ingr22 (held-out 19's
//! classes): a state word the chosen row lacks and another row of the
//! food carries ("bamboo shoots, drained"), and stock made with cubes.

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

/// State or form words a line may say of its food, with the words of
/// SR28's descriptions that carry the state (added on branch ingr22 for
/// held-out 19's classes: "bamboo shoots, drained" is SR28's canned,
/// drained row, not the raw shoots). "Toasted" is not among them: the
/// sets key toasted bread and seeds both as bought and as SR28's toasted
/// row (`bench-data/README.md`, "Key corrections (ingr22)").
const FORMS: &[(&str, &[&str])] = &[
    ("drained", &["CND", "CANNED", "DRND", "DRAINED"]),
    ("canned", &["CND", "CANNED"]),
    ("tinned", &["CND", "CANNED"]),
    ("smoked", &["SMOKED", "SMKD"]),
];

/// Segments of a description that say the food is as bought, raw.
const AS_BOUGHT: &[&str] = &["RAW", "FRSH", "FRESH", "UNPREP"];

/// Segments another row may add besides its state: the can's solids or
/// liquid, its salt.
const CAN_PARTS: &[&str] = &[
    "DRND SOL",
    "DRAINED SOLIDS",
    "SOL&LIQUIDS",
    "SOLIDS&LIQUIDS",
    "WO/SALT",
    "W/SALT",
];

/// What a state word of the line makes of the chosen row.
#[derive(Debug)]
pub enum Form {
    /// The one other row of the food in the state said.
    Row(&'static Food),
    /// Several rows of it carry the state: the line is asked about.
    Unsure(Vec<&'static Food>),
}

/// A state or form word of the line ("drained", "canned", "smoked") the
/// chosen row lacks, where other SR28 rows of the same food carry it: the
/// food is that row when it is the only one, else asked about with them.
/// A row of the same food holds every segment of the chosen row but its
/// "raw" and adds only the state and the can's parts ("BAMBOO
/// SHOOTS,CND,DRND SOL" of "BAMBOO SHOOTS,RAW"; never "BAMBOO
/// SHOOTS,CKD,BLD,DRND", a state the line does not say).
pub fn form_said(chosen: &Food, line: &ParsedLine) -> Option<Form> {
    let said = words(&format!("{} {}", line.name, line.comment));
    let segments = |d: &str| -> Vec<String> { d.split(',').map(|s| s.trim().to_owned()).collect() };
    let own = segments(&chosen.description);
    let core: Vec<&String> = own
        .iter()
        .filter(|s| !AS_BOUGHT.contains(&s.as_str()))
        .collect();
    if core.is_empty() {
        return None;
    }
    let carries = |seg: &str, tokens: &[&str]| {
        seg.split([' ', '/', '&', '(', ')'])
            .any(|w| tokens.contains(&w))
    };
    for (word, tokens) in FORMS {
        if !said.contains(&format!(" {word} ")) || own.iter().any(|s| carries(s, tokens)) {
            continue;
        }
        let rows: Vec<&'static Food> = FoodTable::sr28()
            .foods()
            .iter()
            .filter(|f| f.ndb != chosen.ndb)
            .filter(|f| {
                let other = segments(&f.description);
                core.iter().all(|c| other.contains(c))
                    && other.iter().any(|s| carries(s, tokens))
                    && other.iter().all(|s| {
                        own.contains(s) || carries(s, tokens) || CAN_PARTS.contains(&s.as_str())
                    })
            })
            .collect();
        match rows.as_slice() {
            [] => continue,
            [one] => return Some(Form::Row(one)),
            _ => return Some(Form::Unsure(rows)),
        }
    }
    None
}

/// Stock said made with cubes ("1.2 litres chicken stock (made with 2
/// stock cubes)") found on a ready-to-serve broth: SR28's cubed broth of
/// the same meat prepared with water (keying rule K7).
pub fn stock_from_cubes(chosen: &Food, text: &str) -> Option<&'static Food> {
    let line = words(text);
    let made = [" made with ", " made from ", " made up with ", " from "]
        .iter()
        .any(|m| line.contains(m));
    if !made || !(line.contains(" cube ") || line.contains(" cubes ")) {
        return None;
    }
    let desc = &chosen.description;
    if !desc.contains("BROTH") || desc.contains("CUBE") || !desc.starts_with("SOUP,") {
        return None;
    }
    let meat = ["CHICK", "BEEF", "BF ", "VEG"]
        .into_iter()
        .find(|m| desc.contains(m))?;
    FoodTable::sr28().foods().iter().find(|f| {
        let d = &f.description;
        d.starts_with("SOUP,")
            && d.contains(meat)
            && d.contains("CUBE")
            && d.contains("PREP W")
            && d.contains("H2O")
    })
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
    #[test]
    fn a_state_the_line_says_is_the_row_of_that_state() {
        let form = |ndb: u32, text: &str| form_said(f(ndb), &parse_line(text).unwrap());
        // Drained shoots come from a can: SR28's canned, drained row,
        // never its boiled and drained one.
        match form(11026, "1 can (8 oz) sliced bamboo shoots, drained") {
            Some(Form::Row(row)) => assert_eq!(row.ndb, 11028),
            other => panic!("{other:?}"),
        }
        assert!(form(11026, "1 cup fresh bamboo shoots, sliced").is_none());
        // A row already in the state said: nothing to move.
        assert!(form(11028, "1 cup canned bamboo shoots, drained").is_none());
    }

    #[test]
    fn stock_made_with_cubes_is_the_cube_made_up() {
        let cube = |text: &str| stock_from_cubes(f(6194), text).map(|r| r.ndb);
        assert_eq!(
            cube("2 cups chicken stock (made from 1 stock cube)"),
            Some(6481)
        );
        assert_eq!(cube("500 ml chicken stock, made with a cube"), Some(6481));
        assert_eq!(cube("3 cups homemade chicken stock"), None);
    }
}
