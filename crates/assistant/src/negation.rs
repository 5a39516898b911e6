//! Negation by scope, after NegEx (Chapman et al., "A simple algorithm
//! for identifying negated findings and diseases in discharge summaries",
//! 2001): a trigger word ("not", "ya no", "todavía no", "tampoco") negates
//! the words after it up to a scope terminator ("but", "pero") or the end
//! of a window; a trigger that follows what it negates ("anymore")
//! negates the words before it in the clause; pseudo-triggers ("not
//! only", "no problem") negate nothing. The words are in
//! `data/negation.tsv`.
//!
//! The reader asks whether the word that carries an act ("allergic",
//! "vegetarian", "lose", "desayunado", "create") is negated: then the act
//! is not done, and what it would have stored is taken back instead.

use super::vocab::{NEGATION_POST, NEGATION_PRE, NEGATION_PSEUDO, NEGATION_TERMINATORS};
use super::words::Text;

/// How many words after a trigger it reaches at most (NegEx's window is
/// five; a message's clause is short, and "I'm not really a big fan of"
/// needs six).
const WINDOW: usize = 6;

/// Which words of a clause are negated.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Scopes {
    negated: Vec<bool>,
    /// Where each trigger starts and how many words it has.
    triggers: Vec<(usize, usize)>,
}

impl Scopes {
    /// Reads the scopes of `t`'s words.
    pub fn of(t: &Text) -> Self {
        let words = t.words();
        let mut negated = vec![false; words.len()];
        let mut triggers = Vec::new();
        let mut i = 0;
        while i < words.len() {
            if let Some(len) = longest_at(words, i, NEGATION_PSEUDO) {
                i += len;
                continue;
            }
            if let Some(len) = longest_at(words, i, NEGATION_PRE) {
                triggers.push((i, len));
                let mut j = i + len;
                while j < words.len() && j < i + len + WINDOW {
                    if longest_at(words, j, NEGATION_TERMINATORS).is_some() {
                        break;
                    }
                    negated[j] = true;
                    j += 1;
                }
                i += len;
                continue;
            }
            if let Some(len) = longest_at(words, i, NEGATION_POST) {
                triggers.push((i, len));
                // Back to the start of the clause or a terminator.
                let mut j = i;
                while j > 0 {
                    j -= 1;
                    if longest_at(words, j, NEGATION_TERMINATORS).is_some() {
                        break;
                    }
                    negated[j] = true;
                }
                i += len;
                continue;
            }
            i += 1;
        }
        Self { negated, triggers }
    }

    /// Whether word `i` is in a negation's scope.
    pub fn negated(&self, i: usize) -> bool {
        self.negated.get(i).copied().unwrap_or(false)
    }

    /// Whether any trigger was found.
    pub fn any(&self) -> bool {
        !self.triggers.is_empty()
    }

    /// Whether word `i` is (part of) a trigger.
    pub fn is_trigger(&self, i: usize) -> bool {
        self.triggers
            .iter()
            .any(|&(at, len)| (at..at + len).contains(&i))
    }

    /// Whether some occurrence of one of `phrases` in `t` starts at a
    /// negated word: the act it carries is negated.
    pub fn negates_any(&self, t: &Text, phrases: &[&str]) -> bool {
        if !self.any() {
            return false;
        }
        let words = t.words();
        (0..words.len())
            .filter(|&i| self.negated(i))
            .any(|i| phrases.iter().any(|p| matches_at(words, i, p).is_some()))
    }

    /// [`Self::negates_any`], counting only phrases at most `near` words
    /// after their trigger ("don't make a new plan", not a verb of the
    /// next clause when clauses were joined).
    pub fn negates_near(&self, t: &Text, phrases: &[&str], near: usize) -> bool {
        if !self.any() {
            return false;
        }
        let words = t.words();
        (0..words.len())
            .filter(|&i| {
                self.negated(i)
                    && self
                        .triggers
                        .iter()
                        .any(|&(at, len)| at + len <= i && i - (at + len) < near)
            })
            .any(|i| phrases.iter().any(|p| matches_at(words, i, p).is_some()))
    }

    /// Whether one of `phrases` occurs outside every negation's scope.
    pub fn affirms_any(&self, t: &Text, phrases: &[&str]) -> bool {
        let words = t.words();
        (0..words.len())
            .filter(|&i| !self.negated(i) && !self.is_trigger(i))
            .any(|i| phrases.iter().any(|p| matches_at(words, i, p).is_some()))
    }

    /// The clause without its negated words and triggers: what it says
    /// is so ("i don t want to gain weight i want to lose weight" → "i
    /// want to lose weight" once the window closes).
    pub fn unnegated(&self, t: &Text) -> Text {
        Text::from_words(
            t.words()
                .iter()
                .enumerate()
                .filter(|(i, _)| !self.negated(*i) && !self.is_trigger(*i))
                .map(|(_, w)| w.clone())
                .collect(),
        )
    }

    /// The clause without its triggers: what it would say affirmed ("i m
    /// not lactose intolerant" → "i m lactose intolerant").
    pub fn affirmed(&self, t: &Text) -> Text {
        Text::from_words(
            t.words()
                .iter()
                .enumerate()
                .filter(|(i, _)| !self.is_trigger(*i))
                .map(|(_, w)| w.clone())
                .collect(),
        )
    }
}

/// The length (in words) of the longest of `phrases` starting at `i`.
fn longest_at(words: &[String], i: usize, phrases: &[&str]) -> Option<usize> {
    phrases.iter().filter_map(|p| matches_at(words, i, p)).max()
}

/// The number of words of `phrase` when it occurs at place `i` of
/// `words` (compared word by word, nothing allocated).
fn matches_at(words: &[String], i: usize, phrase: &str) -> Option<usize> {
    let mut n = 0;
    for part in phrase.split(' ') {
        if words.get(i + n).is_none_or(|w| w != part) {
            return None;
        }
        n += 1;
    }
    Some(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn negated_words(raw: &str) -> Vec<String> {
        let t = Text::new(raw);
        let s = Scopes::of(&t);
        t.words()
            .iter()
            .enumerate()
            .filter(|(i, _)| s.negated(*i))
            .map(|(_, w)| w.clone())
            .collect()
    }

    #[test]
    fn a_trigger_negates_the_words_after_it_up_to_a_terminator() {
        assert_eq!(
            negated_words("I'm not lactose intolerant"),
            ["lactose", "intolerant"]
        );
        assert_eq!(
            negated_words("not vegan but I don't eat pork"),
            ["vegan", "eat", "pork"]
        );
        assert!(negated_words("todavía no he desayunado").contains(&"desayunado".to_owned()));
        assert!(negated_words("ya no soy vegetariana").contains(&"vegetariana".to_owned()));
    }

    #[test]
    fn a_trigger_after_the_act_negates_back_to_the_clause_start() {
        let words = negated_words("I want to lose weight anymore");
        assert!(words.contains(&"lose".to_owned()), "{words:?}");
    }

    #[test]
    fn pseudo_triggers_negate_nothing() {
        assert!(negated_words("no problem, make my plan").is_empty());
        assert!(negated_words("not only vegan").is_empty());
    }

    #[test]
    fn the_affirmed_clause_drops_the_triggers() {
        let t = Text::new("I'm not allergic to eggs");
        assert_eq!(Scopes::of(&t).affirmed(&t).joined(), "i m allergic to eggs");
        let t = Text::new("ya no soy vegetariana");
        assert_eq!(Scopes::of(&t).affirmed(&t).joined(), "soy vegetariana");
    }
}
