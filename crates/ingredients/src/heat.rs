//! A pepper the line says is hot ("1 small hot green pepper", "2 green
//! chile peppers") is one of SR28's hot chili rows, never its sweet (bell)
//! pepper of that colour: 38 against 20 kcal per 100 g, and a dish's heat.
//! Added on branch ingr18 after held-out 16 placed "hot green pepper" on
//! the sweet green pepper (the lexicon reads "hot" as leaving a food as it
//! is, as of "hot water").

use crate::foods::{Food, FoodTable};

/// What the line's heat words make of the row found.
#[derive(Debug, PartialEq)]
pub(crate) enum Said {
    /// The hot chili row of the sweet row's colour.
    Row(&'static Food),
    /// Said hot, but SR28 has no hot row of that colour or state.
    Unsure,
}

/// Words that say a pepper is hot.
const HOT: &[&str] = &[
    "hot", "chile", "chiles", "chili", "chilis", "chilies", "chilli", "chillies", "chillis",
];

/// Words that say it is the sweet pepper after all.
const SWEET: &[&str] = &["bell", "sweet", "capsicum", "capsicums"];

/// SR28's raw hot chili row of a raw sweet pepper's colour.
const HOT_ROWS: &[(&str, u32)] = &[
    ("PEPPERS,SWT,GRN,RAW", 11670),
    ("PEPPERS,SWT,RED,RAW", 11819),
];

/// The row a sweet pepper said hot is, or `None` when `placed` is not a
/// sweet pepper or the line does not say hot.
pub(crate) fn as_said(placed: &Food, text: &str) -> Option<Said> {
    if !["PEPPERS,SWT,", "PEPPERS,SWEET,"]
        .iter()
        .any(|p| placed.description.starts_with(p))
    {
        return None;
    }
    let lower = text.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let said = |list: &[&str]| words.iter().any(|w| list.contains(w));
    if !said(HOT) || said(SWEET) {
        return None;
    }
    Some(
        HOT_ROWS
            .iter()
            .find(|(sweet, _)| placed.description == *sweet)
            .and_then(|&(_, hot)| FoodTable::sr28().get(hot))
            .map_or(Said::Unsure, Said::Row),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn said(ndb: u32, text: &str) -> Option<Said> {
        as_said(FoodTable::sr28().get(ndb).unwrap(), text)
    }

    fn row(ndb: u32) -> Option<Said> {
        Some(Said::Row(FoodTable::sr28().get(ndb).unwrap()))
    }

    #[test]
    fn a_pepper_said_hot_is_the_hot_chili_of_its_colour() {
        assert_eq!(said(11333, "2 small hot green peppers, minced"), row(11670));
        assert_eq!(said(11821, "1 red chilli pepper"), row(11819));
        // A hot yellow pepper: SR28 has no such row.
        assert_eq!(said(11951, "1 hot yellow pepper"), Some(Said::Unsure));
        // A cooked sweet pepper said hot: no hot row of that state.
        assert_eq!(said(11334, "hot green pepper, boiled"), Some(Said::Unsure));
    }

    #[test]
    fn a_bell_pepper_or_a_pepper_not_said_hot_stays() {
        assert_eq!(said(11333, "1 green bell pepper, for a hot salsa"), None);
        assert_eq!(said(11333, "1 green pepper, diced"), None);
        assert_eq!(said(11670, "1 hot green chili"), None);
    }
}
