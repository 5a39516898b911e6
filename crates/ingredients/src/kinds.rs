//! Words of a line that choose among SR28's rows of one food: "hard-boiled"
//! eggs, "medium-grain" rice, "low-sodium" soy sauce. The food found by its
//! name is the plain row ("EGG,WHL,RAW,FRSH"); a line that says which kind
//! it buys is brought to the row of that kind, or, where SR28 has rows of
//! that kind of the food but none near the one found, is not sure of it.

use crate::foods::{Food, FoodTable};

/// A kind a line may say, and where it applies.
struct Kind {
    /// Phrases of the line (lower case, hyphens as spaces) that say it.
    said: &'static [&'static str],
    /// The first part of the descriptions of the food it chooses among
    /// ("EGG"), or `None` for any food.
    family: Option<&'static str>,
    /// Parts of SR28 descriptions that say the kind.
    rows: &'static [&'static str],
}

/// SR28's abbreviations of a lowered sodium.
const LOW_SODIUM: &[&str] = &[
    "LO NA",
    "RED NA",
    "LESS NA",
    "LOW NA",
    "REDUCED/LOW NA",
    "LESS/REDUCED NA",
];

const KINDS: &[Kind] = &[
    Kind {
        said: &["hard boiled", "hard cooked", "boiled"],
        family: Some("EGG"),
        rows: &["HARD-BOILED"],
    },
    Kind {
        said: &["medium grain", "arborio"],
        family: Some("RICE"),
        rows: &["MEDIUM-GRAIN"],
    },
    Kind {
        said: &["short grain", "sushi rice"],
        family: Some("RICE"),
        rows: &["SHORT-GRAIN"],
    },
    Kind {
        said: &["long grain", "jasmine", "basmati"],
        family: Some("RICE"),
        rows: &["LONG-GRAIN"],
    },
    Kind {
        said: &["glutinous", "sticky rice", "sweet rice"],
        family: Some("RICE"),
        rows: &["GLUTINOUS"],
    },
    Kind {
        said: &[
            "low sodium",
            "reduced sodium",
            "less sodium",
            "lower sodium",
            "no salt added",
            "low salt",
            "reduced salt",
        ],
        family: None,
        rows: LOW_SODIUM,
    },
];

/// What the kinds a line says make of the food found.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Said {
    /// The row of the kind said.
    Row(&'static Food),
    /// SR28 has rows of that kind of the food, none near the one found.
    Unsure,
}

/// The row of `food` the line's kind words ask for, when `food` is not
/// it: `None` when the line says no kind SR28 tells apart for this food,
/// or `food` is already of it.
pub fn as_said(food: &Food, text: &str) -> Option<Said> {
    let line = phrases(text);
    let family = food.description.split(',').next().unwrap_or_default();
    let mut out = None;
    let mut current = food;
    for kind in KINDS {
        if kind.family.is_some_and(|f| f != family)
            || !kind.said.iter().any(|p| line.contains(&format!(" {p} ")))
            || says(current, kind.rows)
        {
            continue;
        }
        match nearest(current, family, kind.rows) {
            Some(row) => {
                current = row;
                out = Some(Said::Row(row));
            }
            None if of_family(family).any(|f| says(f, kind.rows)) => return Some(Said::Unsure),
            None => {}
        }
    }
    out
}

/// The line lower case, every run of other characters one space, padded.
fn phrases(text: &str) -> String {
    let mut out = String::from(" ");
    for word in text
        .to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
    {
        out.push_str(word);
        out.push(' ');
    }
    out
}

fn says(food: &Food, rows: &[&str]) -> bool {
    rows.iter().any(|r| food.description.contains(r))
}

fn of_family(family: &str) -> impl Iterator<Item = &'static Food> + '_ {
    FoodTable::sr28()
        .foods()
        .iter()
        .filter(move |f| f.description.split(',').next() == Some(family))
}

/// The row of the same food saying the kind that keeps most of `food`'s
/// other parts (at least half of them); of those as near, the shortest.
fn nearest(food: &Food, family: &str, rows: &[&str]) -> Option<&'static Food> {
    let parts: Vec<&str> = food.description.split(',').collect();
    let needed = parts.len().div_ceil(2);
    of_family(family)
        .filter(|f| says(f, rows))
        .map(|f| {
            let theirs: Vec<&str> = f.description.split(',').collect();
            let kept = parts.iter().filter(|p| theirs.contains(p)).count();
            (
                kept,
                std::cmp::Reverse(theirs.len()),
                std::cmp::Reverse(f.ndb),
                f,
            )
        })
        .filter(|(kept, ..)| *kept >= needed)
        .max_by(|a, b| (a.0, a.1, a.2).cmp(&(b.0, b.1, b.2)))
        .map(|(.., f)| f)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(ndb: u32, text: &str) -> Option<u32> {
        let food = FoodTable::sr28().get(ndb).unwrap();
        match as_said(food, text) {
            Some(Said::Row(f)) => Some(f.ndb),
            Some(Said::Unsure) => Some(0),
            None => None,
        }
    }

    #[test]
    fn a_kind_said_brings_the_food_to_its_row() {
        assert_eq!(row(1123, "6 eggs, hard-boiled and chopped"), Some(1129));
        assert_eq!(row(20044, "1 cup medium-grain rice"), Some(20050));
        assert_eq!(row(20044, "1 cup short grain rice"), Some(20052));
        assert_eq!(row(16123, "3 tbsp reduced-sodium soy sauce"), Some(16424));
        assert_eq!(row(6194, "4 cups low sodium chicken broth"), Some(6183));
    }

    #[test]
    fn a_kind_the_row_says_or_sr28_lacks_changes_nothing() {
        assert_eq!(row(20044, "1 cup jasmine rice"), None);
        assert_eq!(row(1123, "4 large eggs"), None);
        // "sticky rice" of a lettuce line is not the lettuce's kind.
        assert_eq!(row(11251, "lettuce leaves and sticky rice"), None);
        // SR28 has no low-sodium row of ketchup's family at all.
        assert_eq!(row(11935, "2 tbsp low-sodium ketchup"), None);
    }
}
