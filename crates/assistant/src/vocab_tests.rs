//! The word lists of `data/*.tsv` held to their rules: each entry once in
//! its list, each key of a table (a word and what it means) once, and no
//! entry shared by two lists that contradict each other (`OPPOSITES`).

use std::collections::BTreeSet;

use super::vocab::{LISTS, OPPOSITES};

/// The word lists (all but `OPPOSITES`, a list of list names).
fn word_lists()
-> impl Iterator<Item = &'static (&'static str, &'static str, &'static [&'static str])> {
    LISTS.iter().filter(|(name, _, _)| *name != "OPPOSITES")
}

/// The entries of the list called `name`.
fn list(name: &str) -> &'static [&'static str] {
    LISTS
        .iter()
        .find(|(n, _, _)| *n == name)
        .map(|(_, _, words)| *words)
        .unwrap_or_else(|| panic!("no list called {name}"))
}

/// The entries lists `a` and `b` share.
fn shared(a: &[&str], b: &[&str]) -> BTreeSet<String> {
    let a: BTreeSet<&str> = a.iter().copied().collect();
    b.iter()
        .filter(|w| a.contains(*w))
        .map(|w| (*w).to_owned())
        .collect()
}

/// Entries said twice in `words`.
fn repeated(words: &[&str]) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    words
        .iter()
        .filter(|w| !seen.insert(**w))
        .map(|w| (*w).to_owned())
        .collect()
}

#[test]
fn no_word_is_in_two_lists_that_contradict_each_other() {
    let mut found = Vec::new();
    for (a, b) in OPPOSITES {
        let both = shared(list(a), list(b));
        if !both.is_empty() {
            found.push(format!("{a} and {b} share {both:?}"));
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
    assert!(OPPOSITES.len() >= 10, "the opposites were not read");
}

#[test]
fn each_entry_is_once_in_its_list() {
    let found: Vec<String> = word_lists()
        .filter_map(|(name, file, words)| {
            let twice = repeated(words);
            (!twice.is_empty()).then(|| format!("{file} {name}: {twice:?}"))
        })
        .collect();
    assert!(found.is_empty(), "said twice:\n{}", found.join("\n"));
}

#[test]
fn the_check_finds_a_shared_and_a_repeated_word() {
    assert_eq!(
        shared(&["yes", "sure"], &["nope", "sure"]),
        BTreeSet::from(["sure".to_owned()])
    );
    assert_eq!(repeated(&["a", "b", "a"]), BTreeSet::from(["a".to_owned()]));
}

#[test]
fn every_list_is_compiled_in_and_entries_are_normalised() {
    assert!(LISTS.len() >= 60, "only {} lists", LISTS.len());
    for (name, file, words) in word_lists() {
        assert!(!words.is_empty(), "{file} {name} is empty");
        for w in *words {
            let normal = super::lang::normalise(w);
            // `-` (none) aside, every entry is as the reader sees words.
            assert!(
                *w == "-" || normal == *w,
                "{file} {name}: {w:?} is not normalised ({normal:?})"
            );
        }
    }
}

/// Every relation word maps onto a relation a member can be stored with
/// ("mom", "mamá" and "madre" all onto `mother`).
#[test]
fn every_relation_word_names_a_storable_relation() {
    for (word, english, _) in crate::vocab::RELATIONS {
        assert!(
            mealplan_domain::Relation::parse(english).is_ok(),
            "{word} -> {english}"
        );
    }
    for word in ["mom", "mum", "mama", "madre", "mother"] {
        assert_eq!(
            crate::relations::relation(word).map(|(en, _)| en),
            Some("mother"),
            "{word}"
        );
    }
}

/// A word that is a relation only after a possessive, and a phrase read
/// as one relation word, each name a relation word of `RELATIONS`, so
/// they are stored as a relation a member can keep.
#[test]
fn guarded_relation_words_and_phrases_name_relation_words() {
    use crate::vocab::{RELATION_PHRASES, RELATIONS, RELATIONS_AFTER_MINE};
    let known = |w: &str| RELATIONS.iter().any(|(r, _, _)| *r == w);
    for w in RELATIONS_AFTER_MINE {
        assert!(known(w), "{w} is in no relation row");
    }
    for (phrase, word, guard) in RELATION_PHRASES {
        assert!(known(word), "{phrase} -> {word}");
        assert!(["any", "mine"].contains(guard), "{phrase}: guard {guard}");
    }
    assert_eq!(crate::relations::relation("nina"), None);
    let words: Vec<String> = ["mi", "nina"].map(str::to_owned).to_vec();
    assert_eq!(
        crate::relations::relation_in(&words, 1).map(|(en, _)| en),
        Some("daughter")
    );
}
