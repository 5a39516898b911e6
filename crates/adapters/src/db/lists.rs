//! The one text encoding of a person's stored lists (tastes, restrictions,
//! diet types), whoever the person is: entries separated by U+001F, an
//! item as `id:name` (the name whole, colons included), a diet type as its
//! id. Names are validated item names, which hold no control character,
//! so the separator never occurs in one; the encoder checks it all the
//! same. Reading is strict: an entry that does not read is an error
//! naming it, never left out, so a damaged row fails loudly instead of
//! losing a restriction (which would let a planner serve what a person
//! must avoid).

use mealplan_domain::{DietType, NamedItem};

/// What separates two entries of a stored list.
pub(in crate::db) const SEPARATOR: char = '\u{1f}';

/// Why a list could not be written or read back.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(in crate::db) enum ListError {
    /// An entry is not `id:name` with a whole-number id and a name.
    #[error("entry {index} of a stored list is not `id:name`: {entry:?}")]
    NotAnItem {
        /// Position in the list.
        index: usize,
        /// The entry as stored.
        entry: String,
    },
    /// An entry names no diet type.
    #[error("entry {index} of a stored list is no diet type id: {entry:?}")]
    NotADiet {
        /// Position in the list.
        index: usize,
        /// The entry as stored.
        entry: String,
    },
    /// A name to store is empty or holds a control character, which
    /// would not read back as written.
    #[error("item {index} cannot be stored in a list: {name:?}")]
    Unwritable {
        /// Position in the list.
        index: usize,
        /// The name refused.
        name: String,
    },
}

/// `items` as a stored list; a name that would not read back is refused.
pub(in crate::db) fn encode_items(items: &[NamedItem]) -> Result<String, ListError> {
    let mut text = String::new();
    for (index, item) in items.iter().enumerate() {
        if item.name.is_empty() || item.name.chars().any(char::is_control) {
            return Err(ListError::Unwritable {
                index,
                name: item.name.clone(),
            });
        }
        if index > 0 {
            text.push(SEPARATOR);
        }
        text.push_str(&item.id.to_string());
        text.push(':');
        text.push_str(&item.name);
    }
    Ok(text)
}

/// The items of a stored list, in order.
pub(in crate::db) fn decode_items(text: &str) -> Result<Vec<NamedItem>, ListError> {
    entries(text)
        .map(|(index, entry)| {
            let bad = || ListError::NotAnItem {
                index,
                entry: entry.to_owned(),
            };
            let (id, name) = entry.split_once(':').ok_or_else(bad)?;
            if name.is_empty() {
                return Err(bad());
            }
            Ok(NamedItem {
                id: id.parse().map_err(|_| bad())?,
                name: name.to_owned(),
            })
        })
        .collect()
}

/// `diets` as a stored list of ids.
pub(in crate::db) fn encode_diets(diets: &[DietType]) -> String {
    diets
        .iter()
        .map(|d| d.id().to_string())
        .collect::<Vec<_>>()
        .join(&SEPARATOR.to_string())
}

/// The diet types of a stored list, in order.
pub(in crate::db) fn decode_diets(text: &str) -> Result<Vec<DietType>, ListError> {
    entries(text)
        .map(|(index, entry)| {
            entry
                .parse::<i64>()
                .ok()
                .and_then(DietType::from_id)
                .ok_or_else(|| ListError::NotADiet {
                    index,
                    entry: entry.to_owned(),
                })
        })
        .collect()
}

/// A day's notes as stored: `None` for none, else the notes between
/// separators. Notes are the planner's sentences, not a person's input:
/// a control character in one (which would split it) is stored as a
/// space rather than refusing the plan.
pub(in crate::db) fn encode_notes(notes: &[String]) -> Option<String> {
    if notes.is_empty() {
        return None;
    }
    let clean = |n: &String| n.replace(char::is_control, " ");
    Some(
        notes
            .iter()
            .map(clean)
            .collect::<Vec<_>>()
            .join(&SEPARATOR.to_string()),
    )
}

/// A day's notes as [`encode_notes`] stored them, in order.
pub(in crate::db) fn decode_notes(text: Option<String>) -> Vec<String> {
    text.map_or_else(Vec::new, |t| {
        entries(&t).map(|(_, n)| n.to_owned()).collect()
    })
}

/// The numbered entries of `text`: none for the empty text (the empty
/// list), else every one between separators, empty ones included (which
/// no entry reader accepts).
fn entries(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let all = (!text.is_empty()).then(|| text.split(SEPARATOR));
    all.into_iter().flatten().enumerate()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(id: i64, name: &str) -> NamedItem {
        NamedItem {
            id,
            name: name.to_owned(),
        }
    }

    #[test]
    fn notes_read_back_in_order_none_as_null() {
        let notes = vec!["day 2: a, b: c".to_owned(), "x\ny".to_owned()];
        let text = encode_notes(&notes);
        assert_eq!(text.as_deref(), Some("day 2: a, b: c\u{1f}x y"));
        assert_eq!(decode_notes(text), ["day 2: a, b: c", "x y"]);
        assert_eq!(encode_notes(&[]), None);
        assert!(decode_notes(None).is_empty());
    }

    #[test]
    fn items_read_back_in_order_names_with_colons_whole() {
        let items = [item(3, "spicy"), item(12, "no: really"), item(7, "x")];
        let text = encode_items(&items).unwrap();
        assert_eq!(text, "3:spicy\u{1f}12:no: really\u{1f}7:x");
        assert_eq!(decode_items(&text).unwrap(), items);
        assert_eq!(encode_items(&[]).unwrap(), "");
        assert!(decode_items("").unwrap().is_empty());
    }

    #[test]
    fn a_bad_item_entry_is_an_error_naming_it() {
        for (text, index, entry) in [
            ("x:y", 0, "x:y"),
            ("1:a\u{1f}spicy", 1, "spicy"),
            ("1:a\u{1f}\u{1f}2:b", 1, ""),
            ("1:a\u{1f}", 1, ""),
            ("4:", 0, "4:"),
            ("1\tspicy", 0, "1\tspicy"),
        ] {
            assert_eq!(
                decode_items(text),
                Err(ListError::NotAnItem {
                    index,
                    entry: entry.to_owned()
                }),
                "{text:?}"
            );
        }
    }

    #[test]
    fn a_name_that_would_not_read_back_is_not_written() {
        for name in ["", "a\u{1f}b", "tab\there"] {
            assert_eq!(
                encode_items(&[item(1, "ok"), item(2, name)]),
                Err(ListError::Unwritable {
                    index: 1,
                    name: name.to_owned()
                })
            );
        }
    }

    #[test]
    fn diets_read_back_and_an_unknown_one_is_an_error() {
        let diets = [DietType::Vegan, DietType::HighProtein];
        let text = encode_diets(&diets);
        assert_eq!(text, "3\u{1f}1");
        assert_eq!(decode_diets(&text).unwrap(), diets);
        assert!(decode_diets("").unwrap().is_empty());
        for (text, index, entry) in [
            ("3\u{1f}99", 1, "99"),
            ("vegan", 0, "vegan"),
            ("3,1", 0, "3,1"),
        ] {
            assert_eq!(
                decode_diets(text),
                Err(ListError::NotADiet {
                    index,
                    entry: entry.to_owned()
                })
            );
        }
    }
}
