//! The relations a member may be named by ("my wife", "mi mamá"), and
//! whether a message speaks of everyone at the table. Below both the
//! household reader and the frames, which each need them.

use mealplan_domain::Gender;

use super::lang::Lang;
use super::vocab::*;
use super::words::Text;

/// The relation said of every child of the household at once ("my kids
/// are vegetarian"): found as each member saved as a son, a daughter or a
/// child, or else each member under 18.
pub(super) const ALL_CHILDREN: &str = "children";

/// The relation a word names: the English relation and the sex implied.
/// A word that names one only after a possessive ("mujer", "niña") is
/// none here: alone it is a woman, or a name ("Nina").
pub(super) fn relation(word: &str) -> Option<(&'static str, Option<Gender>)> {
    if RELATIONS_AFTER_MINE.contains(&word) {
        return None;
    }
    relation_after_mine(word)
}

/// The relation a word names after a possessive ("mi niña", "my wife").
pub(super) fn relation_after_mine(word: &str) -> Option<(&'static str, Option<Gender>)> {
    RELATIONS
        .iter()
        .find(|(w, _, _)| *w == word)
        .map(|(_, en, g)| (*en, Gender::parse(g).ok()))
}

/// The relation word at place `i` of `words`: "mujer" and "niña" only
/// after a possessive ("mi mujer", "mi niña"); none as the object of an
/// eating verb ("no como papa": potatoes, [`eaten_at`]).
pub(super) fn relation_in(words: &[String], i: usize) -> Option<(&'static str, Option<Gender>)> {
    let w = words[i].as_str();
    if eaten_at(words, i) {
        return None;
    }
    if i > 0 && POSSESSIVES.contains(&words[i - 1].as_str()) {
        relation_after_mine(w)
    } else {
        relation(w)
    }
}

/// `words` without the words that name a person ("saca a mi papá": "papá"
/// is a father here, not a potato).
pub(super) fn without_people(words: &[String]) -> Vec<String> {
    (0..words.len())
        .filter(|&i| relation_in(words, i).is_none())
        .map(|i| words[i].clone())
        .collect()
}

/// Whether `t` speaks of someone other than the writer: a word for other
/// people ("my son", "a guest", `OTHERS`), or a word that is a relation
/// only after a possessive ("mi niña", "mi pequeña es celíaca").
pub(super) fn of_others(t: &Text) -> bool {
    let words = t.words();
    // "no como papa": a word eaten is a food, never a person.
    let eaten: Vec<usize> = (0..words.len()).filter(|&i| eaten_at(words, i)).collect();
    let kept;
    let people = if eaten.is_empty() {
        t
    } else {
        kept = Text::from_words(
            (0..words.len())
                .filter(|i| !eaten.contains(i))
                .map(|i| words[i].clone())
                .collect(),
        );
        &kept
    };
    people.has_any(OTHERS)
        || (1..words.len()).any(|i| {
            POSSESSIVES.contains(&words[i - 1].as_str())
                && RELATIONS_AFTER_MINE.contains(&words[i].as_str())
        })
}

/// Whether the word at `i` is the object of an eating verb and names a
/// food ("no como papa", "I don't eat papas", "come la papa"): a food,
/// whatever else it may name. A possessive between them ("como mi
/// papá") keeps it a person.
pub(super) fn eaten_at(words: &[String], i: usize) -> bool {
    let mut j = i;
    while j > 0 && EATEN_SKIPPED.contains(&words[j - 1].as_str()) {
        j -= 1;
    }
    j > 0
        && EATING_OBJECT_VERBS.contains(&words[j - 1].as_str())
        && [Lang::Es, Lang::En]
            .iter()
            .any(|l| super::foods::exact(&words[i], *l).is_some())
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
