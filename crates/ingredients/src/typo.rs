//! Typos of cooks' food names (branch ingr28, held-out 27: "oinon",
//! "parsely", "papirka"): a word of five or more letters that neither the
//! lexicon's names nor SR28's descriptions hold, and that is one slip —
//! two neighbouring letters swapped, or one letter too many — from exactly
//! one word of the lexicon's names, is read as that word. A word near two
//! names, or near none, is left as written (and the line goes to review).

use std::collections::HashSet;
use std::sync::OnceLock;

use crate::foods::FoodTable;
use crate::lexicon::Lexicon;

/// Shortest name word a typo is mended to: shorter words are too close to
/// one another for one slip to say which was meant.
const MIN_LETTERS: usize = 5;

/// The words the matcher knows (any word of a name or an SR28
/// description) and the name words a typo may be mended to.
struct Vocabulary {
    known: HashSet<String>,
    targets: Vec<String>,
}

fn words_of(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !c.is_alphabetic())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
}

fn vocabulary() -> &'static Vocabulary {
    static VOCABULARY: OnceLock<Vocabulary> = OnceLock::new();
    VOCABULARY.get_or_init(|| {
        let mut known: HashSet<String> = HashSet::new();
        let mut targets: HashSet<String> = HashSet::new();
        for name in Lexicon::standard().names() {
            for w in words_of(name) {
                if w.chars().count() >= MIN_LETTERS {
                    targets.insert(w.clone());
                }
                known.insert(w);
            }
        }
        for food in FoodTable::sr28().foods() {
            known.extend(words_of(&food.description));
        }
        let mut targets: Vec<String> = targets.into_iter().collect();
        targets.sort();
        Vocabulary { known, targets }
    })
}

/// Shortest name word a slip that loses a letter, or writes one vowel
/// for another, is mended to (after held-out 29: "chedder"; "brocoli",
/// "tumeric"): these slips are commoner between short words.
const MIN_LETTERS_LOST_OR_VOWEL: usize = 6;

fn is_vowel(c: char) -> bool {
    "aeiou".contains(c)
}

/// Whether `typo` is `word` with two neighbouring letters swapped, with
/// one letter added, or (for words of six letters and more) with one
/// letter lost or one vowel written for another.
fn one_slip(typo: &[char], word: &[char]) -> bool {
    // `long` drops one letter of `short` (none when they differ otherwise).
    let one_more = |long: &[char], short: &[char]| {
        (0..long.len()).any(|skip| {
            long.iter()
                .enumerate()
                .filter(|&(i, _)| i != skip)
                .map(|(_, c)| c)
                .eq(short.iter())
        })
    };
    if typo.len() == word.len() {
        let differ: Vec<usize> = (0..typo.len()).filter(|&i| typo[i] != word[i]).collect();
        let swapped = differ.len() == 2
            && differ[1] == differ[0] + 1
            && typo[differ[0]] == word[differ[1]]
            && typo[differ[1]] == word[differ[0]];
        // Not the last letter: "albacora" is Spanish for the fish, not a
        // slip of "albacore".
        let vowel = word.len() >= MIN_LETTERS_LOST_OR_VOWEL
            && differ.len() == 1
            && differ[0] + 1 < word.len()
            && is_vowel(typo[differ[0]])
            && is_vowel(word[differ[0]]);
        return swapped || vowel;
    }
    if typo.len() + 1 == word.len() {
        return word.len() >= MIN_LETTERS_LOST_OR_VOWEL && one_more(word, typo);
    }
    typo.len() == word.len() + 1 && one_more(typo, word)
}

/// Whether `word` is one alphabetic word that neither a name nor an SR28
/// description holds: a food's gloss in it ("carne de res (bola)") says
/// what the matcher cannot read.
pub(crate) fn unknown_word(word: &str) -> bool {
    !word.is_empty()
        && word.chars().all(char::is_alphabetic)
        && !vocabulary().known.contains(&word.to_lowercase())
}

/// The name word a typo stands for, when exactly one is one slip away.
fn mend_word(word: &str) -> Option<&'static str> {
    let vocabulary = vocabulary();
    let lower = word.to_lowercase();
    if lower.chars().count() < MIN_LETTERS || vocabulary.known.contains(&lower) {
        return None;
    }
    let typo: Vec<char> = lower.chars().collect();
    let mut found = vocabulary.targets.iter().filter(|t| {
        let t: Vec<char> = t.chars().collect();
        one_slip(&typo, &t)
    });
    let first = found.next()?;
    found.next().is_none().then_some(first.as_str())
}

/// `name` with each mendable typo read as the name word it stands for.
pub fn mend(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        match mend_word(word) {
            Some(m) => out.push_str(m),
            None => out.push_str(word),
        }
        word.clear();
    };
    for c in name.chars() {
        if c.is_alphabetic() {
            word.push(c);
        } else {
            flush(&mut word, &mut out);
            out.push(c);
        }
    }
    flush(&mut word, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_one_slip_typo_of_a_known_name_is_read_as_the_name() {
        assert_eq!(mend("medium oinon"), "medium onion");
        assert_eq!(mend("chopped parsely"), "chopped parsley");
        assert_eq!(mend("smoked papirka"), "smoked paprika");
        // One letter too many.
        assert_eq!(mend("cinnamonn"), "cinnamon");
        // A letter lost, or a vowel for another, in a long word.
        assert_eq!(mend("shredded chedder"), "shredded cheddar");
        assert_eq!(mend("tumeric"), "turmeric");
        // A last vowel that differs is another language's word.
        assert_eq!(mend("albacora"), "albacora");
        // Known words, short words and words near nothing are kept.
        assert_eq!(mend("onion"), "onion");
        assert_eq!(mend("oinn"), "oinn");
        assert_eq!(mend("zqxwvy"), "zqxwvy");
    }
}
