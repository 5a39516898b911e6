//! The relations a member may be named by ("my wife", "mi mamá"), and
//! whether a message speaks of everyone at the table. Below both the
//! household reader and the frames, which each need them.

use mealplan_domain::Gender;

use super::vocab::*;
use super::words::Text;

/// The relation a word names: the English relation and the sex implied.
pub(super) fn relation(word: &str) -> Option<(&'static str, Option<Gender>)> {
    RELATIONS
        .iter()
        .find(|(w, _, _)| *w == word)
        .map(|(_, en, g)| (*en, Gender::parse(g).ok()))
}

/// The relation word at place `i` of `words`: "mujer" only as "mi
/// mujer" (alone it is "a woman").
pub(super) fn relation_in(words: &[String], i: usize) -> Option<(&'static str, Option<Gender>)> {
    let w = words[i].as_str();
    if w == "mujer" && !(i > 0 && ["mi", "tu", "su"].contains(&words[i - 1].as_str())) {
        return None;
    }
    relation(w)
}

/// Whether a relation word says nothing of eating together (a friend).
pub(super) fn outsider(relation: &str) -> bool {
    OUTSIDERS.contains(&relation)
}

/// Whether a plan is asked for everyone at the table ("the whole
/// family", "los dos", "for me and my wife").
pub(super) fn for_everyone(t: &Text) -> bool {
    let words = t.words();
    t.has_any(EVERYONE)
        || (0..words.len()).any(|i| relation_in(words, i).is_some_and(|(en, _)| !outsider(en)))
}
