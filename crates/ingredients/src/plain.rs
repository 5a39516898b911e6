//! A food named plainly is SR28's plain row of it. Where SR28 keeps a
//! plain row ("ROLLS, DINNER, PLN,...") beside sweet, flavoured or
//! fortified ones ("ROLLS,DINNER,SWT"), a search that lands on a variant
//! the line does not say ("8 pav (dinner rolls)") moves to the plain row:
//! a cook who wants the sweet roll says so.

use crate::foods::{Food, FoodTable};

/// Parts of a description (or the start of one) that make a row a
/// variant of its food, each with the line words that ask for it.
const VARIANTS: &[(&str, &[&str])] = &[
    ("SWT", &["sweet", "sweetened"]),
    ("SWTND", &["sweet", "sweetened"]),
    ("SWEETENED", &["sweet", "sweetened"]),
    ("FLAVORED", &["flavored", "flavoured"]),
    ("FLAV", &["flavored", "flavoured"]),
    ("W/ ADDED", &["added", "with"]),
    ("W/ADDED", &["added", "with"]),
];

/// Parts of a description that name the plain row.
const PLAIN: &[&str] = &["PLN", "PLAIN"];

/// SR28's plain row of `food`'s food when `food` is a variant the line
/// does not say; `None` otherwise, when a name the lexicon gives the
/// variant is in the line ("Hawaiian rolls" are sweet rolls), or when
/// SR28 has no plain row of the same first two parts.
pub fn as_said(food: &Food, text: &str) -> Option<&'static Food> {
    let line = crate::words::spaced(text);
    let named = crate::lexicon::Lexicon::standard()
        .names_of(food.ndb)
        .any(|name| {
            crate::words::spaced(name)
                .split_whitespace()
                .all(|w| line.contains(&format!(" {w} ")))
        });
    if named {
        return None;
    }
    let parts = parts(&food.description);
    let unsaid = parts.iter().any(|p| {
        VARIANTS.iter().any(|(v, asked)| {
            p.starts_with(v) && !asked.iter().any(|w| line.contains(&format!(" {w} ")))
        })
    });
    if !unsaid || parts.len() < 2 || parts.iter().any(|p| PLAIN.contains(p)) {
        return None;
    }
    FoodTable::sr28()
        .foods()
        .iter()
        .filter(|f| {
            let theirs = parts_owned(&f.description);
            theirs.len() > 2
                && theirs[..2] == parts[..2]
                && theirs.iter().any(|p| PLAIN.contains(&p.as_str()))
                && !theirs
                    .iter()
                    .any(|p| VARIANTS.iter().any(|(v, _)| p.starts_with(v)))
        })
        .min_by_key(|f| (f.description.len(), f.ndb))
}

fn parts(description: &str) -> Vec<&str> {
    description.split(',').map(str::trim).collect()
}

fn parts_owned(description: &str) -> Vec<String> {
    description
        .split(',')
        .map(|p| p.trim().to_owned())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(ndb: u32, text: &str) -> Option<u32> {
        as_said(FoodTable::sr28().get(ndb).unwrap(), text).map(|f| f.ndb)
    }

    #[test]
    fn a_variant_the_line_does_not_say_is_the_plain_row() {
        assert_eq!(plain(28348, "6 dinner rolls"), Some(18342));
        // Said: the sweet roll stays.
        assert_eq!(plain(28348, "6 sweet dinner rolls"), None);
        assert_eq!(plain(28348, "4 King's Hawaiian rolls"), None);
        // Already plain.
        assert_eq!(plain(18342, "6 dinner rolls"), None);
    }
}
