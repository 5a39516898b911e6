//! A message as words: normalised, typing slips mended against the
//! words the assistant knows, and matched by stem so inflections meet
//! (`cambiame` and `cambia`, `replacing` and `replace`).

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;
use std::sync::OnceLock;

use mealplan_domain::Taxonomy;
use mealplan_domain::glossary::Glossary;
use rust_stemmers::{Algorithm, Stemmer};

use super::lang::normalise;
use super::vocab::{
    self, POSSESSIVES, RELATION_PHRASES, REMOVE_WORDS, SHORTHAND, SHORTHAND_NOT_MINE, TOLD_NOT,
};

/// Every word the assistant knows (keywords of both languages, days,
/// meals, foods of the taxonomy and the glossary): what a slip is mended
/// towards.
fn known() -> &'static HashSet<String> {
    static KNOWN: OnceLock<HashSet<String>> = OnceLock::new();
    KNOWN.get_or_init(|| {
        let mut set: HashSet<String> = vocab::all_words().map(str::to_owned).collect();
        set.extend(food_words());
        set.retain(|w| !w.is_empty());
        set
    })
}

/// The words of every food name of the taxonomy and the glossary (both
/// languages), normalised.
fn food_words() -> HashSet<String> {
    let names = Taxonomy::standard().names().map(normalise);
    let glossary = Glossary::standard()
        .pairs()
        .flat_map(|(en, es)| [normalise(en), normalise(es)]);
    names
        .chain(glossary)
        .flat_map(|n| n.split(' ').map(str::to_owned).collect::<Vec<_>>())
        .collect()
}

/// Words of everyday speech in either language (`data/frequent.txt`): a
/// slip of one is more likely that word than a food, so it is never
/// mended into a food name ("sin pasar hambre" is not "sin pasas").
fn frequent() -> &'static HashSet<&'static str> {
    static FREQUENT: OnceLock<HashSet<&'static str>> = OnceLock::new();
    FREQUENT.get_or_init(|| {
        include_str!("../data/frequent.txt")
            .lines()
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .collect()
    })
}

/// Known words that only name foods (of the taxonomy or the glossary,
/// in no list of the reader's): what [`frequent`] words are kept from.
fn food_only() -> &'static HashSet<String> {
    static FOOD_ONLY: OnceLock<HashSet<String>> = OnceLock::new();
    FOOD_ONLY.get_or_init(|| {
        let listed: HashSet<&str> = vocab::all_words().flat_map(|w| w.split(' ')).collect();
        let mut foods = food_words();
        foods.retain(|w| !w.is_empty() && !listed.contains(w.as_str()));
        foods
    })
}

fn stemmers() -> &'static (Stemmer, Stemmer) {
    static STEMMERS: OnceLock<(Stemmer, Stemmer)> = OnceLock::new();
    STEMMERS.get_or_init(|| {
        (
            Stemmer::create(Algorithm::English),
            Stemmer::create(Algorithm::Spanish),
        )
    })
}

/// The English and Spanish stems of a word, each word stemmed once per
/// thread (the stems of a word never change; the memory is cleared
/// when full, so it stays small whatever is written).
fn stems(word: &str) -> Rc<(String, String)> {
    thread_local! {
        static STEMS: RefCell<HashMap<String, Rc<(String, String)>>> =
            RefCell::new(HashMap::new());
    }
    STEMS.with(|memo| {
        if let Some(known) = memo.borrow().get(word) {
            return known.clone();
        }
        let (en, es) = stemmers();
        let both = Rc::new((en.stem(word).into_owned(), es.stem(word).into_owned()));
        let mut memo = memo.borrow_mut();
        if memo.len() >= MEMO_MAX {
            memo.clear();
        }
        memo.insert(word.to_owned(), both.clone());
        both
    })
}

/// How many words each thread's memories of stems and mended words hold
/// at most.
const MEMO_MAX: usize = 4096;

/// How a word sounds in Spanish spelling, so that spellings people mix
/// up meet: `qu`/`k`, soft `c`/`s`/`z`, `b`/`v`, silent `h`, `ll`/`y`,
/// soft `g`/`j` ("kiero" and "quiero", "pezo" and "peso", "oy" and "hoy").
fn sound(word: &str) -> String {
    let chars: Vec<char> = word.chars().collect();
    let mut out = String::with_capacity(word.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        let soft = matches!(next, Some('e' | 'i'));
        let piece: &str = match c {
            'c' if next == Some('h') => {
                i += 1;
                "C"
            }
            'q' if next == Some('u') => {
                i += 1;
                "k"
            }
            'g' if next == Some('u') && matches!(chars.get(i + 2), Some('e' | 'i')) => {
                i += 1;
                "g"
            }
            'l' if next == Some('l') => {
                i += 1;
                "y"
            }
            'c' if soft => "s",
            'c' | 'k' | 'q' => "k",
            'g' if soft => "j",
            'z' | 's' => "s",
            'v' | 'b' => "b",
            'h' => "",
            'y' if next.is_none() => "i",
            _ => {
                out.push(c);
                i += 1;
                continue;
            }
        };
        if !out.ends_with(piece) || piece.is_empty() {
            out.push_str(piece);
        }
        i += 1;
    }
    out
}

/// Letters counted, the last slot for any other character: two words
/// whose counts differ by more than `n` letters are more than `n` slips
/// apart (an insertion, deletion or change moves at most one count each
/// way and a transposition none), so most known words are ruled out
/// without computing the distance.
#[derive(Clone, Copy)]
pub(crate) struct Letters([u8; 27], u32);

impl Letters {
    /// Whether the words may be within `allowed` slips, judged on which
    /// letters they have at all (one slip adds or takes at most two):
    /// one instruction, before counting.
    fn may_be_within(&self, other: &Self, allowed: usize) -> bool {
        ((self.1 ^ other.1).count_ones() as usize) <= 2 * allowed
    }

    /// The letters of `word`, counted.
    pub(crate) fn of(word: &str) -> Self {
        let mut counts = [0u8; 27];
        let mut present = 0u32;
        for c in word.chars() {
            let slot = if c.is_ascii_lowercase() {
                usize::from(c as u8 - b'a')
            } else {
                26
            };
            counts[slot] = counts[slot].saturating_add(1);
            present |= 1 << slot;
        }
        Self(counts, present)
    }

    /// Whether the words may be within `allowed` slips: [`Self::apart`]
    /// at most `allowed`, stopping as soon as it is not.
    pub(crate) fn within(&self, other: &Self, allowed: usize) -> bool {
        if !self.may_be_within(other, allowed) {
            return false;
        }
        let (mut more, mut fewer) = (0usize, 0usize);
        for (a, b) in self.0.iter().zip(&other.0) {
            if a > b {
                more += usize::from(a - b);
            } else {
                fewer += usize::from(b - a);
            }
            if more > allowed || fewer > allowed {
                return false;
            }
        }
        true
    }

    /// A lower bound of the Damerau-Levenshtein distance of the words.
    pub(crate) fn apart(&self, other: &Self) -> usize {
        let (mut more, mut fewer) = (0usize, 0usize);
        for (a, b) in self.0.iter().zip(&other.0) {
            if a > b {
                more += usize::from(a - b);
            } else {
                fewer += usize::from(b - a);
            }
        }
        more.max(fewer)
    }
}

/// A known word as [`mend`] compares it, computed once.
struct Known {
    word: &'static str,
    /// Its length in bytes, as the words are compared.
    bytes: usize,
    sound: String,
    letters: Letters,
    sound_letters: Letters,
}

/// The known words, indexed for [`mend`]: by sound, and by length.
struct Index {
    words: Vec<Known>,
    /// Places in `words` of the words with each sound.
    by_sound: HashMap<String, Vec<usize>>,
    /// Places in `words` of the words of each length in bytes.
    by_length: Vec<Vec<usize>>,
}

/// The known words indexed, built once.
fn index() -> &'static Index {
    static INDEX: OnceLock<Index> = OnceLock::new();
    INDEX.get_or_init(|| {
        let words = known_words();
        let mut by_sound: HashMap<String, Vec<usize>> = HashMap::new();
        let mut by_length: Vec<Vec<usize>> = Vec::new();
        for (i, k) in words.iter().enumerate() {
            by_sound.entry(k.sound.clone()).or_default().push(i);
            if by_length.len() <= k.bytes {
                by_length.resize(k.bytes + 1, Vec::new());
            }
            by_length[k.bytes].push(i);
        }
        Index {
            words,
            by_sound,
            by_length,
        }
    })
}

/// Every known word with its sound and letter counts.
fn known_words() -> Vec<Known> {
    {
        let mut words: Vec<Known> = known()
            .iter()
            .map(|k| {
                let sound = sound(k);
                Known {
                    word: k.as_str(),
                    bytes: k.len(),
                    letters: Letters::of(k),
                    sound_letters: Letters::of(&sound),
                    sound,
                }
            })
            .collect();
        // A fixed order, so equal candidates are met the same way each run.
        words.sort_by_key(|k| k.word);
        words
    }
}

/// Words mended lately, so a word said twice (or read again by another
/// part of the reader) is mended once; cleared when full, so it stays
/// small whatever is written.
fn remembered(word: &str) -> Option<Option<&'static str>> {
    MENDED.with(|m| m.borrow().get(word).copied())
}

fn remember(word: &str, mended: Option<&'static str>) {
    MENDED.with(|m| {
        let mut m = m.borrow_mut();
        if m.len() >= MEMO_MAX {
            m.clear();
        }
        m.insert(word.to_owned(), mended);
    });
}

thread_local! {
    static MENDED: RefCell<HashMap<String, Option<&'static str>>> = RefCell::new(HashMap::new());
    /// The names of the writer's household members while a message is
    /// read: a name is no slip ("Pedro" is not "pero").
    static NAMES: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

/// `read` run with `names` (normalised words) kept as written, never
/// mended into a known word.
pub fn keeping_names<T>(names: &[String], read: impl FnOnce() -> T) -> T {
    NAMES.with(|n| *n.borrow_mut() = names.to_vec());
    let out = read();
    NAMES.with(|n| n.borrow_mut().clear());
    out
}

/// The known word `word` was most likely meant as, when it is not known
/// itself: one that sounds the same in Spanish spelling ("kiero",
/// "oy"), else one slip in words of 4-6 letters, two from 7 (then only
/// keeping the first letter), counted on the spelling or on the sound,
/// so an unknown word is left alone more often than it is turned into
/// another.
fn mend(word: &str) -> Option<&'static str> {
    let len = word.chars().count();
    if len < 2 || word.chars().any(|c| c.is_ascii_digit()) || known().contains(word) {
        return None;
    }
    if NAMES.with(|n| n.borrow().iter().any(|name| name == word)) {
        return None;
    }
    if let Some(seen) = remembered(word) {
        return seen;
    }
    let mended = closest_known(word, len);
    remember(word, mended);
    mended
}

/// [`mend`]'s search over the known words.
fn closest_known(word: &str, len: usize) -> Option<&'static str> {
    let heard = sound(word);
    let index = index();
    let everyday = frequent().contains(word);
    let allowed_target = |k: &Known| !(everyday && food_only().contains(k.word));
    if let Some(k) = index
        .by_sound
        .get(&heard)
        .into_iter()
        .flatten()
        .map(|&i| &index.words[i])
        .filter(|k| k.bytes >= 2 && allowed_target(k))
        .min_by_key(|k| (k.bytes.abs_diff(word.len()), k.word))
    {
        return Some(k.word);
    }
    if len < 4 {
        return None;
    }
    let allowed = if len >= 7 { 2 } else { 1 };
    let first = word.chars().next()?;
    let letters = Letters::of(word);
    let heard_letters = Letters::of(&heard);
    let lengths = word.len().saturating_sub(allowed).max(4)..=word.len() + allowed;
    lengths
        .filter_map(|n| index.by_length.get(n))
        .flatten()
        .map(|&i| &index.words[i])
        .filter(|k| allowed_target(k))
        // Neither spelling nor sound can be within `allowed` slips.
        .filter(|k| {
            letters.within(&k.letters, allowed) || heard_letters.within(&k.sound_letters, allowed)
        })
        .map(|k| {
            let spelt = strsim::damerau_levenshtein(word, k.word);
            (
                spelt.min(strsim::damerau_levenshtein(&heard, &k.sound)),
                spelt,
                k.word,
            )
        })
        .filter(|(d, _, k)| *d <= 1 || (*d <= allowed && k.starts_with(first)))
        // A real word one slip from a short negation ("note" and "not",
        // "fever" and "never") is never turned into it: a negation made
        // up would take back what was said ("please note I'm allergic").
        .filter(|(_, _, k)| k.len() >= 7 || !negation_word(k))
        // Fewest slips (by sound or spelling), then by spelling, then the
        // same first letter, then the shorter word.
        .min_by_key(|(d, spelt, k)| (*d, *spelt, !k.starts_with(first), k.len(), *k))
        .map(|(_, _, k)| k)
}

/// Whether `word` is a negation, or a word that makes one ("don" of
/// "don t"): what a slip is only mended into when it sounds the same.
fn negation_word(word: &str) -> bool {
    const CONTRACTED: [&str; 11] = [
        "don", "doesn", "didn", "isn", "aren", "wasn", "weren", "haven", "hasn", "hadn", "won",
    ];
    CONTRACTED.contains(&word)
        || [vocab::NEGATION_PRE, vocab::NEGATION_POST, vocab::NO]
            .iter()
            .any(|list| list.contains(&word))
}

/// Whether `word` (normalised) is, as written, a word the assistant
/// knows: a slip of one ("Marta" of "martes") is not.
pub fn is_word(word: &str) -> bool {
    known().contains(word)
}

/// Whether `word` (normalised) is a word the assistant knows, or a slip
/// of one: what a name is not.
pub fn is_known(word: &str) -> bool {
    known().contains(word) || mend(word).is_some()
}

/// `20min` → `20`, `min`; `400kcal` → `400`, `kcal`; other words whole.
fn split_number(word: &str) -> Vec<&str> {
    let digits = word
        .char_indices()
        .take_while(|(_, c)| c.is_ascii_digit() || *c == '.')
        .last()
        .map_or(0, |(i, c)| i + c.len_utf8());
    if digits > 0 && digits < word.len() && word[digits..].chars().all(char::is_alphabetic) {
        vec![&word[..digits], &word[digits..]]
    } else {
        vec![word]
    }
}

/// `raw` with heights written with marks spelt out: `5'6"`, `5' 6`,
/// `5’6` become `5 ft 6 in`, a lone `6'` becomes `6 ft` (the marks are
/// lost when words are normalised).
fn feet_and_inches(raw: &str) -> std::borrow::Cow<'_, str> {
    const FOOT: [char; 3] = ['\'', '’', '′'];
    const INCH: [char; 3] = ['"', '”', '″'];
    let chars: Vec<char> = raw.chars().collect();
    let marked = chars
        .windows(2)
        .any(|w| w[0].is_ascii_digit() && FOOT.contains(&w[1]));
    if !marked {
        return std::borrow::Cow::Borrowed(raw);
    }
    let mut out = String::with_capacity(raw.len() + 8);
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let after_digit = i > 0 && chars[i - 1].is_ascii_digit();
        let before_letter = chars.get(i + 1).is_some_and(|n| n.is_alphabetic());
        if FOOT.contains(&c) && after_digit && !before_letter {
            // `''` is an inch mark.
            if chars.get(i + 1) == Some(&'\'') && c == '\'' {
                out.push_str(" in ");
                i += 2;
                continue;
            }
            out.push_str(" ft ");
            // The inches: digits after (spaces allowed), then a mark or not.
            let mut j = i + 1;
            while chars.get(j) == Some(&' ') {
                j += 1;
            }
            let start = j;
            while chars.get(j).is_some_and(char::is_ascii_digit) {
                j += 1;
            }
            if j > start {
                out.extend(&chars[start..j]);
                out.push_str(" in ");
                if chars.get(j).is_some_and(|m| INCH.contains(m)) {
                    j += 1;
                } else if chars.get(j) == Some(&'\'') && chars.get(j + 1) == Some(&'\'') {
                    j += 2;
                }
                i = j;
                continue;
            }
            i += 1;
            continue;
        }
        out.push(c);
        i += 1;
    }
    std::borrow::Cow::Owned(out)
}

/// The relation phrase that starts at place `i` of `words` ("baby girl",
/// "my little one"): how many words it takes and the relation word it
/// is read as ("daughter", "child").
pub(super) fn relation_phrase_at<S: AsRef<str>>(
    words: &[S],
    i: usize,
) -> Option<(usize, &'static str)> {
    RELATION_PHRASES.iter().find_map(|(phrase, word, guard)| {
        let n = phrase.split(' ').count();
        let here = words.get(i..i + n)?;
        let mine = i > 0 && POSSESSIVES.contains(&words[i - 1].as_ref());
        (phrase.split(' ').zip(here).all(|(p, w)| p == w.as_ref()) && (*guard != "mine" || mine))
            .then_some((n, *word))
    })
}

/// A message (or a part of one) as words.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Text {
    words: Vec<String>,
}

impl Text {
    /// `raw` normalised ([`normalise`]), shorthand spelled out, slips
    /// mended, relation phrases read as one word ("baby girl" as
    /// "daughter").
    pub fn new(raw: &str) -> Self {
        let mut words: Vec<String> = Vec::new();
        let normal = normalise(&feet_and_inches(raw));
        let pieces = normal.split(' ').flat_map(|w| {
            // "2morrow" is shorthand, not a number and a word.
            if SHORTHAND.iter().any(|(s, _)| *s == w) {
                vec![w]
            } else {
                split_number(w)
            }
        });
        let pieces: Vec<&str> = pieces.filter(|w| !w.is_empty()).collect();
        for (i, &w) in pieces.iter().enumerate() {
            // "wat's 4 dinner": "4" is "for" before a meal or a day.
            if w == "4"
                && pieces.get(i + 1).is_some_and(|n| {
                    super::lang::meal_word(n).is_some()
                        || ["tomorrow", "today", "tonight", "2morrow", "me"].contains(n)
                })
                && (i == 0
                    || ["s", "what", "wat", "whats", "is", "have", "eat"].contains(&pieces[i - 1]))
            {
                words.push("for".to_owned());
                continue;
            }
            let after_mine = i > 0 && POSSESSIVES.contains(&pieces[i - 1]);
            let not_mine = SHORTHAND_NOT_MINE
                .iter()
                .find(|(s, _)| *s == w && !after_mine);
            if let Some((_, long)) = SHORTHAND.iter().find(|(s, _)| *s == w).or(not_mine) {
                words.extend(long.split(' ').map(str::to_owned));
            } else {
                words.push(mend(w).unwrap_or(w).to_owned());
            }
        }
        // "my baby girl" is "my daughter": one word, as a relation.
        let mut i = 0;
        while i < words.len() {
            if let Some((n, word)) = relation_phrase_at(&words, i) {
                words.splice(i..i + n, [word.to_owned()]);
            }
            i += 1;
        }
        Self { words }
    }

    /// Words already read (no mending).
    pub fn from_words(words: Vec<String>) -> Self {
        Self { words }
    }

    /// The words.
    pub fn words(&self) -> &[String] {
        &self.words
    }

    /// The words joined by single spaces.
    pub fn joined(&self) -> String {
        self.words.join(" ")
    }

    /// Whether `phrase` (normalised words) occurs as whole words.
    pub fn has(&self, phrase: &str) -> bool {
        // Word by word, nothing allocated: the readers ask this of every
        // phrase of every list.
        let (first, rest) = phrase.split_once(' ').unwrap_or((phrase, ""));
        (0..self.words.len()).any(|i| {
            self.words[i] == first
                && (rest.is_empty() || {
                    let mut n = i + 1;
                    rest.split(' ').all(|part| {
                        let ok = self.words.get(n).is_some_and(|w| w == part);
                        n += 1;
                        ok
                    })
                })
        })
    }

    /// Whether any of `phrases` occurs.
    pub fn has_any(&self, phrases: &[&str]) -> bool {
        phrases.iter().any(|p| self.has(p))
    }

    fn position(&self, wanted: &[&str]) -> Option<usize> {
        if wanted.is_empty() || wanted.len() > self.words.len() {
            return None;
        }
        self.words
            .windows(wanted.len())
            .position(|w| w.iter().zip(wanted).all(|(a, b)| a == b))
    }

    /// Whether a word has the same stem as one of `words` (in English or
    /// Spanish): `replacing` meets `replace`, `cambiame` meets `cambiar`.
    pub fn has_stem(&self, words: &[&str]) -> bool {
        let wanted: Vec<Rc<(String, String)>> = words.iter().map(|w| stems(w)).collect();
        self.words.iter().any(|w| {
            let stemmed = stems(w);
            let (en, es) = (&stemmed.0, &stemmed.1);
            words.contains(&w.as_str())
                || wanted.iter().any(|stem| {
                    let (wen, wes) = (&stem.0, &stem.1);
                    (wen.len() >= 3 && wen == en)
                        || (wes.len() >= 3 && wes == es)
                        // Spanish pronouns ride on the verb: "cámbiame".
                        || (wes.len() >= 5 && w.starts_with(wes.as_str()))
                })
        })
    }

    /// Where the earliest of `phrases` stands (the longest of those that
    /// start there): its first word and the word after it.
    pub fn span_of_any(&self, phrases: &[&str]) -> Option<(usize, usize)> {
        phrases
            .iter()
            .filter_map(|o| {
                let wanted: Vec<&str> = o.split(' ').collect();
                self.position(&wanted).map(|at| (at, at + wanted.len()))
            })
            .min_by_key(|(at, end)| (*at, usize::MAX - end))
    }

    /// The words after the earliest of `openers`, if any occurs.
    pub fn after(&self, openers: &[&str]) -> Option<Vec<String>> {
        self.span_of_any(openers)
            .map(|(_, end)| self.words[end..].to_vec())
    }

    /// The words before the earliest of `openers`, if any occurs ("el
    /// cilantro sí me gusta": the food said before the verb).
    pub fn before(&self, openers: &[&str]) -> Option<Vec<String>> {
        self.span_of_any(openers)
            .map(|(at, _)| self.words[..at].to_vec())
    }

    /// The words, less any of `drop` ("egg allergy" less the allergy
    /// words).
    pub fn without(&self, drop: &[&str]) -> Vec<String> {
        self.words
            .iter()
            .filter(|w| !drop.contains(&w.as_str()))
            .cloned()
            .collect()
    }

    /// The number of words.
    pub fn len(&self) -> usize {
        self.words.len()
    }
}

/// The numbers in `t`, with their places.
pub fn numbers(t: &Text) -> Vec<(usize, f64)> {
    t.words()
        .iter()
        .enumerate()
        .filter_map(|(i, w)| number_word(w).map(|n| (i, n)))
        .collect()
}

pub fn number_word(w: &str) -> Option<f64> {
    if let Some(n) = w.parse::<f64>().ok().filter(|n| n.is_finite()) {
        return Some(n);
    }
    Some(match w {
        "one" | "uno" | "once" => 1.0,
        "two" | "dos" | "twice" => 2.0,
        "three" | "tres" => 3.0,
        "four" | "cuatro" => 4.0,
        "five" | "cinco" => 5.0,
        "six" | "seis" => 6.0,
        "seven" | "siete" => 7.0,
        _ => return None,
    })
}

/// Whether `t` says to take something or someone out ("take Ana out",
/// "kick him out": those two only with "out" or "off").
pub(super) fn removing(t: &Text) -> bool {
    REMOVE_WORDS
        .iter()
        .filter(|w| !["take", "kick"].contains(w))
        .any(|w| t.has(w))
        || t.has_any(&["take", "kick"]) && t.has_any(&["out", "off"])
}

/// Whether one of `phrases` is told not to be done right before it
/// ("don't remove Tom", "please do not delete her", "no quites a Rosa"):
/// a negation within the two words before, never one of another clause
/// ("she doesn't eat with us anymore, remove her").
pub(super) fn told_not_to(t: &Text, phrases: &[&str]) -> bool {
    let words = t.words();
    (0..words.len()).any(|i| {
        phrases.iter().any(|p| {
            let p: Vec<&str> = p.split(' ').collect();
            words[i..].len() >= p.len()
                && words[i..i + p.len()].iter().zip(&p).all(|(a, b)| a == b)
                && words[i.saturating_sub(2)..i]
                    .iter()
                    .any(|w| TOLD_NOT.contains(&w.as_str()))
        })
    })
}

/// The word after place `i`, if any.
pub fn next(t: &Text, i: usize) -> &str {
    t.words().get(i + 1).map_or("", String::as_str)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slips_are_mended_towards_known_words() {
        assert_eq!(
            Text::new("what's for dinner on firday?").joined(),
            "what s for dinner on friday"
        );
        assert_eq!(
            Text::new("wat is my protien target").joined(),
            "what is my protein target"
        );
        assert_eq!(Text::new("replase my lunch").joined(), "replace my lunch");
        assert_eq!(
            Text::new("no me gustan los champiñones").joined(),
            "no me gustan los champinones"
        );
        assert_eq!(
            Text::new("I dont like mushroms").joined(),
            "i don t like mushrooms"
        );
        assert_eq!(
            Text::new("cena del miercole").joined(),
            "cena del miercoles"
        );
        // Numbers and short words are left alone.
        assert_eq!(Text::new("under 20 min").joined(), "under 20 min");
    }

    #[test]
    fn any_text_is_read_without_a_panic() {
        for raw in [
            "日本語のテキスト",
            "ßßßß ñññ",
            "🙂🙂🙂 plan",
            "٣ وجبات",
            "ÀÉÎÕÜ 12.5.3",
            "",
            "  ",
            "a.b.c",
        ] {
            let _ = Text::new(raw);
        }
    }

    #[test]
    fn a_real_word_is_never_mended_into_a_negation() {
        assert!(!Text::new("please note I'm allergic").has("not"));
        assert!(!Text::new("I have a fever").has("never"));
        assert!(!Text::new("nota que soy alergica").has("no"));
        // A longer slip of one is still mended.
        assert_eq!(Text::new("anymroe").joined(), "anymore");
    }

    #[test]
    fn spellings_that_sound_alike_meet() {
        assert_eq!(
            Text::new("ola, kiero perder pezo oy").joined(),
            "hola quiero perder peso hoy"
        );
        assert_eq!(
            Text::new("cambiame la sena del bierne").joined(),
            "cambiame la cena del viernes"
        );
        assert_eq!(Text::new("soy alerjica").joined(), "soy alergica");
    }

    #[test]
    fn stems_meet_inflections() {
        assert!(Text::new("cámbiame la cena").has_stem(&["cambiar"]));
        assert!(Text::new("replacing lunch").has_stem(&["replace"]));
        assert!(!Text::new("show my plan").has_stem(&["replace"]));
    }

    #[test]
    fn phrases_are_whole_words() {
        let t = Text::new("is there anything with peanuts in my plan");
        assert!(t.has("in my plan"));
        assert!(!t.has("pea"));
        assert_eq!(
            t.after(&["with", "anything"]).unwrap(),
            ["with", "peanuts", "in", "my", "plan"]
        );
    }
}
