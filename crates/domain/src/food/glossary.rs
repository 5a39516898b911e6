//! Spanish names of what the restriction reader knows.
//!
//! [`Restriction::parse`](crate::Restriction::parse) reads English names.
//! A Spanish speaker writes `cerdo`, `setas` or `frutos secos`; the
//! [`Glossary`] turns those into the names the rules use (`pork`,
//! `mushrooms`, `nuts`) and back, so an answer can name what a rule
//! excludes in the speaker's language. [`Glossary::standard`] covers every
//! node of [`Taxonomy::standard`](crate::Taxonomy::standard), the 14 EU
//! allergen groups and the diets (tested).

use std::collections::HashMap;

use crate::food::taxonomy::key;

/// English ↔ Spanish names of foods, allergens and diets.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Glossary {
    /// (English name, Spanish names; the first is the one answers use).
    entries: Vec<(String, Vec<String>)>,
    /// Spanish name by [`key`] → entry.
    by_spanish: HashMap<String, usize>,
    /// English name by [`key`] → entry.
    by_english: HashMap<String, usize>,
}

/// Why a glossary text was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GlossaryError {
    /// A line without a tab or without Spanish names.
    #[error("line {0}: expected `english<TAB>spanish, …`")]
    Malformed(usize),
    /// A Spanish name given to two English names.
    #[error("line {line}: `{name}` already names `{other}`")]
    Duplicate {
        /// Line of the second use.
        line: usize,
        /// The Spanish name.
        name: String,
        /// The English name it named first.
        other: String,
    },
}

impl Glossary {
    /// The glossary mealplan ships (`data/spanish.tsv`), parsed once.
    ///
    /// ```
    /// use mealplan_domain::glossary::Glossary;
    ///
    /// let g = Glossary::standard();
    /// assert_eq!(g.english("Setas"), Some("mushrooms"));
    /// assert_eq!(g.english("carne de cerdo"), Some("pork"));
    /// assert_eq!(g.spanish("pork"), Some("cerdo"));
    /// ```
    pub fn standard() -> &'static Glossary {
        static STANDARD: std::sync::OnceLock<Glossary> = std::sync::OnceLock::new();
        STANDARD.get_or_init(|| {
            Self::parse_tsv(include_str!("../../data/spanish.tsv"))
                .expect("the shipped spanish.tsv is valid (tested)")
        })
    }

    /// A glossary from text in the format of the shipped `spanish.tsv`:
    /// `#` comments, a header line `english<TAB>spanish`, then one English
    /// name and its comma-separated Spanish names per line.
    pub fn parse_tsv(text: &str) -> Result<Self, GlossaryError> {
        let mut out = Self::default();
        for (i, line) in text.lines().enumerate() {
            let line_no = i + 1;
            if line.trim().is_empty() || line.starts_with('#') || line == "english\tspanish" {
                continue;
            }
            let (english, spanish) = line
                .split_once('\t')
                .ok_or(GlossaryError::Malformed(line_no))?;
            let names: Vec<String> = spanish
                .split(',')
                .map(|s| s.trim().to_owned())
                .filter(|s| !s.is_empty())
                .collect();
            if english.trim().is_empty() || names.is_empty() {
                return Err(GlossaryError::Malformed(line_no));
            }
            let index = out.entries.len();
            for name in &names {
                if let Some(&other) = out.by_spanish.get(&key(name))
                    && other != index
                {
                    return Err(GlossaryError::Duplicate {
                        line: line_no,
                        name: name.clone(),
                        other: out.entries[other].0.clone(),
                    });
                }
                out.by_spanish.insert(key(name), index);
            }
            out.by_english.insert(key(english), index);
            out.entries.push((english.trim().to_owned(), names));
        }
        Ok(out)
    }

    /// The English name a Spanish name (any case, accents, plural) stands
    /// for.
    pub fn english(&self, spanish: &str) -> Option<&str> {
        self.by_spanish
            .get(&key(spanish))
            .map(|&i| self.entries[i].0.as_str())
    }

    /// The Spanish name answers use for an English name.
    pub fn spanish(&self, english: &str) -> Option<&str> {
        self.by_english
            .get(&key(english))
            .map(|&i| self.entries[i].1[0].as_str())
    }

    /// Every (English name, Spanish name) pair, for matching near misses.
    pub fn pairs(&self) -> impl Iterator<Item = (&str, &str)> {
        self.entries
            .iter()
            .flat_map(|(en, es)| es.iter().map(move |s| (en.as_str(), s.as_str())))
    }

    /// Every English name.
    pub fn english_names(&self) -> impl Iterator<Item = &str> {
        self.entries.iter().map(|(en, _)| en.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Allergen, Diet, Restriction, Taxonomy};

    #[test]
    fn every_node_allergen_and_diet_has_a_spanish_name() {
        let g = Glossary::standard();
        let t = Taxonomy::standard();
        let missing: Vec<&str> = t.names().filter(|n| g.spanish(n).is_none()).collect();
        assert!(missing.is_empty(), "no Spanish name for {missing:?}");
        for d in Diet::ALL {
            assert!(g.spanish(d.name()).is_some(), "{d:?}");
        }
        for a in Allergen::ALL {
            let named = g
                .english_names()
                .any(|en| crate::food::restriction::allergens_named(&key(en)).contains(a));
            let by_kind = g
                .english_names()
                .any(|en| t.allergens_of(en).is_some_and(|x| x.contains(a)));
            assert!(named || by_kind, "{a:?}");
        }
    }

    #[test]
    fn every_english_name_is_a_rule_the_reader_enforces() {
        let t = Taxonomy::standard();
        for en in Glossary::standard().english_names() {
            let r = Restriction::parse(t, en);
            assert!(r.is_enforced(), "{en}: {r:?}");
        }
    }

    #[test]
    fn spanish_forms_fold_case_accents_and_plurals() {
        let g = Glossary::standard();
        assert_eq!(g.english("Champiñones"), Some("mushrooms"));
        assert_eq!(g.english("MARISCOS"), Some("shellfish"));
        assert_eq!(g.english("frutos secos"), Some("nuts"));
        assert_eq!(g.english("pescetariana"), Some("pescatarian"));
        assert_eq!(g.english("jamón"), Some("ham"));
        assert_eq!(g.english("kiwi thing"), None);
    }

    #[test]
    fn a_name_given_twice_is_refused() {
        let err = Glossary::parse_tsv("pork\tcerdo\nham\tjamon, cerdo\n").unwrap_err();
        assert!(
            matches!(err, GlossaryError::Duplicate { line: 2, .. }),
            "{err}"
        );
        assert_eq!(
            Glossary::parse_tsv("pork cerdo\n"),
            Err(GlossaryError::Malformed(1))
        );
    }
}
