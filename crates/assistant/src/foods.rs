//! Foods named in a message: read only through what the domain knows (the
//! taxonomy, the allergen and diet words of the restriction reader, the
//! Spanish glossary), never guessed. Words that name no food are kept
//! apart so the assistant can say it did not understand them and offer
//! the closest names it knows.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::LazyLock;

use mealplan_domain::glossary::Glossary;
use mealplan_domain::restriction::allergens_named;
use mealplan_domain::taxonomy::key;
use mealplan_domain::{Diet, Restriction, Rule, Taxonomy};

use super::lang::Lang;
use super::vocab::{FILLER, FOOD_MODIFIERS, FOOD_SEPARATORS, FOOD_TAILS};
use super::words::Letters;

/// What a run of words was read as.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Foods {
    /// Foods found, by the English name the rules read.
    pub found: Vec<String>,
    /// Runs of words that named nothing known.
    pub unknown: Vec<String>,
}

/// The English name the rules know a food phrase (normalised words) by,
/// if it names one exactly: a taxonomy node or alias, an allergen word, a
/// diet, or a Spanish name of one of those.
pub fn exact(phrase: &str, lang: Lang) -> Option<String> {
    thread_local! {
        static READ: RefCell<HashMap<(String, Lang), Option<String>>> = RefCell::new(HashMap::new());
    }
    // Each phrase read once per thread: the reader looks at the same words
    // from several parts of a message. Cleared when full.
    let at = (phrase.to_owned(), lang);
    if let Some(known) = READ.with(|r| r.borrow().get(&at).cloned()) {
        return known;
    }
    let found = exact_uncached(phrase, lang);
    READ.with(|r| {
        let mut r = r.borrow_mut();
        if r.len() >= 4096 {
            r.clear();
        }
        r.insert(at, found.clone());
    });
    found
}

fn exact_uncached(phrase: &str, lang: Lang) -> Option<String> {
    if phrase.is_empty() || (lang == Lang::Es && phrase == "soy") {
        // In Spanish "soy" is "I am"; soy the food is "soja".
        return None;
    }
    let taxonomy = Taxonomy::standard();
    if let Some(en) = Glossary::standard().english(phrase) {
        return Some(en.to_owned());
    }
    if let Some(node) = taxonomy.resolve(phrase) {
        return Some(node.to_owned());
    }
    let k = key(phrase);
    if !allergens_named(&k).is_empty() {
        return Some(phrase.to_owned());
    }
    diet_named(&k)
}

/// The diet (vegan, vegetarian, …) a keyed phrase names as its only rule.
///
/// Read by the restriction reader over a taxonomy with no nodes: a diet
/// is named by words, never by the taxonomy, and the standard taxonomy
/// would make the reader look for `phrase` inside every node name (most
/// of the time a long message took). [`exact`] has already tried the
/// phrase as a node; `tests::diets_read_without_the_taxonomy_as_with_it`
/// holds the two readings equal.
fn diet_named(k: &str) -> Option<String> {
    static NO_NODES: LazyLock<Taxonomy> =
        LazyLock::new(|| Taxonomy::from_entries(Vec::new()).expect("an empty taxonomy is valid"));
    match Restriction::parse(&NO_NODES, k).rules() {
        [Rule::Diet(d)] if Diet::ALL.contains(d) => Some(d.name().to_owned()),
        _ => None,
    }
}

/// Reads `words` as a list of foods to store: items split at "and",
/// "or", "ni", …; each item's longest known phrases (up to four words),
/// filler skipped. An item with a word that names nothing ("dragon
/// fruit", "kiwi blorp") is unknown as a whole: no part of it is taken
/// for the whole. Stops at a tail such as "to my restrictions".
pub fn read(words: &[String], lang: Lang) -> Foods {
    let mut out = Foods::default();
    let end = tail_at(words).unwrap_or(words.len());
    for item in words[..end].split(|w| FOOD_SEPARATORS.contains(&w.as_str())) {
        let found = scan(item, lang);
        if found.unknown.is_empty() {
            out.add(found);
        } else {
            let content: Vec<&str> = item
                .iter()
                .map(String::as_str)
                .filter(|w| !ignorable(w))
                .collect();
            out.unknown.push(content.join(" "));
        }
    }
    out
}

/// The foods `words` mention anywhere, for a question or a search
/// ("is there anything with peanuts in my plan?"); nothing read this way
/// is stored.
pub fn mentioned(words: &[String], lang: Lang) -> Foods {
    scan(words, lang)
}

impl Foods {
    fn add(&mut self, other: Foods) {
        for f in other.found {
            if !self.found.contains(&f) {
                self.found.push(f);
            }
        }
        self.unknown.extend(other.unknown);
    }
}

/// Where a tail such as "to my restrictions" starts.
fn tail_at(words: &[String]) -> Option<usize> {
    (0..words.len()).find(|&i| {
        FOOD_TAILS.iter().any(|tail| {
            let t: Vec<&str> = tail.split(' ').collect();
            words[i..].len() >= t.len() && words[i..i + t.len()].iter().zip(&t).all(|(a, b)| a == b)
        })
    })
}

/// Words around food names that say nothing of the food.
fn ignorable(w: &str) -> bool {
    FILLER.contains(&w)
        || FOOD_MODIFIERS.contains(&w)
        || super::lang::day_word(w).is_some()
        || super::lang::meal_word(w).is_some()
        || [
            "on", "for", "para", "today", "tomorrow", "tonight", "hoy", "manana",
        ]
        .contains(&w)
}

/// The longest known phrase at each place (up to four words); filler
/// skipped; runs of other words kept as unknown.
fn scan(words: &[String], lang: Lang) -> Foods {
    let mut out = Foods::default();
    let mut unknown: Vec<&str> = Vec::new();
    let flush = |unknown: &mut Vec<&str>, out: &mut Foods| {
        if !unknown.is_empty() {
            out.unknown.push(unknown.join(" "));
            unknown.clear();
        }
    };
    let mut i = 0;
    'words: while i < words.len() {
        for len in (1..=4.min(words.len() - i)).rev() {
            let phrase = words[i..i + len].join(" ");
            if let Some(en) = exact(&phrase, lang) {
                flush(&mut unknown, &mut out);
                if !out.found.contains(&en) {
                    out.found.push(en);
                }
                i += len;
                continue 'words;
            }
        }
        if ignorable(&words[i]) {
            flush(&mut unknown, &mut out);
        } else {
            unknown.push(&words[i]);
        }
        i += 1;
    }
    flush(&mut unknown, &mut out);
    out
}

/// A name the assistant knows that is close to what was written.
#[derive(Debug, Clone, PartialEq)]
pub struct Near {
    /// The English name the rules read.
    pub english: String,
    /// The name in the message's language.
    pub shown: String,
}

/// Every food name as written (Spanish and English names of the
/// glossary, normalised, then the taxonomy's), with its English name:
/// what [`closest`] compares a phrase with, built once.
static NAMES: LazyLock<Vec<Name>> = LazyLock::new(|| {
    let mut names = Vec::new();
    for (en, es) in Glossary::standard().pairs() {
        names.push(Name::new(super::lang::normalise(es), en));
        names.push(Name::new(super::lang::normalise(en), en));
    }
    for name in Taxonomy::standard().names() {
        names.push(Name::new(name.to_owned(), name));
    }
    names
});

/// A food name as [`closest`] compares it.
struct Name {
    written: String,
    english: &'static str,
    chars: usize,
    letters: Letters,
}

impl Name {
    fn new(written: String, english: &'static str) -> Self {
        Self {
            chars: written.chars().count(),
            letters: Letters::of(&written),
            written,
            english,
        }
    }
}

/// The names the assistant knows that are closest to `phrase`, best
/// first (at most three).
pub fn closest(phrase: &str, lang: Lang) -> Vec<Near> {
    let mut scored: Vec<(f64, Near)> = Vec::new();
    let mut consider = |written: &str, english: &str| {
        let score = strsim::normalized_damerau_levenshtein(phrase, written);
        if score < 0.7 {
            return;
        }
        match scored.iter_mut().find(|(_, n)| n.english == english) {
            Some(seen) => seen.0 = seen.0.max(score),
            None => scored.push((
                score,
                Near {
                    english: english.to_owned(),
                    shown: super::lang::food_name(english, lang),
                },
            )),
        }
    };
    let chars = phrase.chars().count();
    let letters = Letters::of(phrase);
    for name in NAMES.iter() {
        // Scores at most 1 - (a lower bound of the distance) / length:
        // names that cannot reach 0.7 are not compared.
        let longest = chars.max(name.chars).max(1);
        let bound = chars.abs_diff(name.chars).max(letters.apart(&name.letters));
        if 1.0 - bound as f64 / longest as f64 >= 0.7 {
            consider(&name.written, name.english);
        }
    }
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.english.cmp(&b.1.english)));
    scored.into_iter().take(3).map(|(_, n)| n).collect()
}

/// `names` and, for each food whose restriction is a condition rather
/// than an allergy (lactose intolerance, gluten free), that condition
/// too: what taking the food back takes back.
pub fn with_conditions(names: Vec<String>) -> Vec<String> {
    let mut out = names.clone();
    for n in &names {
        let condition = allergy_name(n);
        if (condition.ends_with("intolerance") || condition == "gluten free")
            && !out.contains(&condition)
        {
            out.push(condition);
        }
    }
    out
}

/// The restriction name for an allergy or intolerance to `food`
/// (English): the predefined names where one fits.
pub fn allergy_name(food: &str) -> String {
    match key(food).as_str() {
        "peanut" => "peanut allergy".into(),
        "nut" => "nut allergy".into(),
        "tree nut" => "tree nut allergy".into(),
        "shellfish" | "crustacean" | "mollusk" => "shellfish allergy".into(),
        "seafood" => "seafood allergy".into(),
        "fish" => "fish allergy".into(),
        "egg" => "egg allergy".into(),
        "soy" | "soybean" => "soy allergy".into(),
        "sesame" => "sesame allergy".into(),
        "gluten" | "wheat" | "celiac" => "gluten free".into(),
        "milk" | "lactose" | "dairy" => "lactose intolerance".into(),
        _ => format!("{food} allergy"),
    }
}

/// Taste names among `words` (`spicy`, `picante`).
pub(super) fn tastes_of(words: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for w in words {
        if let Some((_, taste)) = super::vocab::TASTES.iter().find(|(word, _)| word == w)
            && !out.iter().any(|t| t == taste)
        {
            out.push((*taste).to_owned());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        text.split(' ').map(str::to_owned).collect()
    }

    #[test]
    fn foods_are_read_in_both_languages() {
        let f = read(&words("carne ni pollo"), Lang::Es);
        assert_eq!(f.found, ["meat", "chicken"]);
        let f = read(&words("pork and no shellfish please"), Lang::En);
        assert_eq!(f.found, ["pork", "shellfish"]);
        assert!(f.unknown.is_empty(), "{f:?}");
        let f = read(&words("cerdo a mis restricciones"), Lang::Es);
        assert_eq!(f.found, ["pork"]);
        let f = read(&words("los frutos secos"), Lang::Es);
        assert_eq!(f.found, ["nuts"]);
        // Part of an item is never taken for the whole.
        let f = read(&words("kiwi blorp"), Lang::En);
        assert!(f.found.is_empty(), "{f:?}");
        assert_eq!(f.unknown, ["kiwi blorp"]);
        let f = read(&words("dragon fruit and pork"), Lang::En);
        assert_eq!(
            (f.found, f.unknown),
            (vec!["pork".to_owned()], vec!["dragon fruit".to_owned()])
        );
        let f = read(&words("kiwi thing"), Lang::En);
        assert_eq!(f.found, ["kiwi"]);
        assert_eq!(mentioned(&words("dragon fruit"), Lang::En).found, ["fruit"]);
        let f = read(&words("blorps"), Lang::En);
        assert!(f.found.is_empty());
        assert_eq!(f.unknown, ["blorps"]);
    }

    /// What [`exact`] read before: the restriction reader over the
    /// standard taxonomy.
    fn diet_over_the_taxonomy(k: &str) -> Option<String> {
        match Restriction::parse(Taxonomy::standard(), k).rules() {
            [Rule::Diet(d)] if Diet::ALL.contains(d) => Some(d.name().to_owned()),
            _ => None,
        }
    }

    #[test]
    fn diets_read_without_the_taxonomy_as_with_it() {
        let taxonomy = Taxonomy::standard();
        let mut phrases: Vec<String> = Vec::new();
        let diets = [
            "vegan",
            "vegetarian",
            "veggie",
            "pescatarian",
            "pescetarian",
            "halal",
            "kosher",
            "plant based",
            "lacto vegetarian",
            "ovo vegetarian",
            "pesco vegetarian",
        ];
        let around = ["", "no ", "not ", "without ", "free of "];
        let after = ["", " diet", " free", " only", " food", " allergy"];
        for name in taxonomy.names().chain(diets) {
            for a in around {
                for b in after {
                    phrases.push(key(&format!("{a}{name}{b}")));
                }
            }
        }
        for (en, es) in Glossary::standard().pairs() {
            phrases.push(key(en));
            phrases.push(key(es));
        }
        let mut diets_found = 0;
        for k in &phrases {
            // Only what `exact` asks: phrases that are no node themselves.
            if taxonomy.resolve(k).is_some() {
                continue;
            }
            let fast = diet_named(k);
            assert_eq!(fast, diet_over_the_taxonomy(k), "{k:?}");
            diets_found += usize::from(fast.is_some());
        }
        assert!(diets_found >= 20, "only {diets_found} diets read");
    }

    #[test]
    fn soy_is_a_verb_in_spanish() {
        assert_eq!(exact("soy", Lang::En).as_deref(), Some("soybean"));
        assert_eq!(exact("soy", Lang::Es), None);
        assert_eq!(exact("soja", Lang::Es).as_deref(), Some("soybean"));
    }

    #[test]
    fn closest_names_are_offered() {
        let shown = |p: &str, lang| {
            closest(p, lang)
                .into_iter()
                .map(|n| n.shown)
                .collect::<Vec<_>>()
        };
        assert!(shown("mushrom", Lang::En).contains(&"mushrooms".to_owned()));
        assert!(shown("cerdito", Lang::Es).contains(&"cerdo".to_owned()));
    }
}
