//! One part of a message as read: the requests and signals it gave, and
//! where its foods went, shared by the readers of statements and asks.

use mealplan_domain::DietType;
use mealplan_ports::ItemKind;

use super::foods::{self, Foods};
use super::lang::Lang;
use super::request::{MemberFacts, ToolRequest};
use super::vocab::{
    BARE_SUBJECTS, CLAUSE_CLOSERS, JOINS, JOINS_AFTER_SUBJECT, POSSESSIVES, RELATIONS,
    SUBJECT_VERBS,
};
use super::words::Text;

/// A part of a message that is not a request.
#[derive(Debug, Clone, PartialEq)]
pub enum Signal {
    /// A greeting.
    Greeting,
    /// Thanks.
    Thanks,
    /// Wishing not to go hungry ("sin pasar hambre"): answered with what
    /// in a plan keeps one full.
    Satiety,
    /// Wishing to eat more healthily ("quiero comer más sano"): answered
    /// with what every plan keeps to and how to steer it.
    Healthier,
    /// Yes (to a question the assistant asked).
    Yes,
    /// No.
    No,
    /// A diet that is not a rule about ingredients (keto, paleo), with the
    /// diet type that comes closest, to offer.
    NotARule {
        /// The diet's name as written.
        name: String,
        /// The diet type to offer instead.
        offer: Option<DietType>,
    },
    /// Something said of another person ("my son is allergic to
    /// peanuts", "Ana is vegetarian"): the profile is the user's own, so
    /// nothing is stored there; what was said (their relation or name,
    /// restrictions, diets, body facts) goes to their household member
    /// when they are one.
    SomeoneElse(MemberFacts),
    /// The writer has children, said as a plural ("I have two kids",
    /// "tengo 2 hijos") with nothing else read: answered with how to add
    /// each to the household, so plans cover them.
    Children,
    /// Something that needs care before any change: nothing is done on a
    /// guess, the answer cautions and says what the service can do.
    Care(Care),
    /// A food said fine right after it was kept out, under another name
    /// the rules read as the same food ("no quiero champiñones, pero las
    /// setas sí": both mushrooms): it stays out, and the answer says why.
    SameFood {
        /// The food (English).
        food: String,
    },
    /// A food said fine that an allergy keeps out: an allergy has no
    /// exceptions, so it stays out, and the answer says so.
    AllergyKept {
        /// The allergy's name (English).
        allergy: String,
        /// The food (English).
        food: String,
    },
    /// Words meant as a food that name nothing known, with the closest
    /// names the assistant knows.
    NotAFood {
        /// The words.
        words: String,
        /// Closest known names.
        closest: Vec<foods::Near>,
        /// The list they were meant for.
        kind: ItemKind,
        /// Meant as an allergy.
        allergy: bool,
    },
}

/// What calls for care before acting on a message.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Care {
    /// Pregnancy or breastfeeding: needs change and are a clinician's.
    Pregnancy,
    /// A daily energy intake under 1,200 kcal asked for.
    VeryLowCalories(u32),
    /// A loss faster than 1 kg a week asked for (kg, weeks).
    FastLoss(f64, f64),
}

/// What list a part's foods went to.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum FoodKind {
    Allergy,
    Dislike,
    Like,
}

/// What one part asks for.
#[derive(Debug, Default)]
pub(super) struct Read {
    /// Requests found.
    pub(super) requests: Vec<ToolRequest>,
    /// Signals found.
    pub(super) signals: Vec<Signal>,
    /// Where the part's foods went (a bare food list after it goes there too).
    pub(super) food_kind: Option<FoodKind>,
    /// The part only named a day or meal.
    pub(super) bare: bool,
}

impl Read {
    /// Whether the part asked for nothing.
    pub(super) fn is_empty(&self) -> bool {
        self.requests.is_empty() && self.signals.is_empty()
    }
}

/// Adds the foods of a part to the list `kind` names; words that named
/// no food become [`Signal::NotAFood`] with the closest names known.
pub(super) fn add_foods(read: &mut Read, kind: FoodKind, found: Foods, lang: Lang) {
    for words in &found.unknown {
        read.signals.push(Signal::NotAFood {
            words: words.clone(),
            closest: foods::closest(words, lang),
            kind: if kind == FoodKind::Like {
                ItemKind::Taste
            } else {
                ItemKind::Restriction
            },
            allergy: kind == FoodKind::Allergy,
        });
    }
    if found.found.is_empty() {
        return;
    }
    let (list, names) = match kind {
        FoodKind::Allergy => (
            ItemKind::Restriction,
            found.found.iter().map(|f| foods::allergy_name(f)).collect(),
        ),
        // "no gluten", "sin lactosa": the condition's own restriction.
        FoodKind::Dislike => (
            ItemKind::Restriction,
            found
                .found
                .into_iter()
                .map(|f| match f.as_str() {
                    "gluten" => "gluten free".to_owned(),
                    "lactose" => "lactose intolerance".to_owned(),
                    _ => f,
                })
                .collect(),
        ),
        FoodKind::Like => (ItemKind::Taste, found.found),
    };
    read.requests
        .push(ToolRequest::AddPreference { kind: list, names });
    read.food_kind = Some(kind);
}

/// Whether `chars[i]` is a full stop or comma between digits: a decimal
/// point ("68.5 kg", "mide 1,58").
fn is_decimal(chars: &[char], i: usize) -> bool {
    matches!(chars[i], '.' | ',')
        && i > 0
        && chars[i - 1].is_ascii_digit()
        && chars.get(i + 1).is_some_and(char::is_ascii_digit)
}

/// `message` with each decimal comma made a point ("mide 1,58" is 1.58 m,
/// not 1 and 58).
pub(super) fn decimal_points(message: &str) -> String {
    let chars: Vec<char> = message.chars().collect();
    (0..chars.len())
        .map(|i| if is_decimal(&chars, i) { '.' } else { chars[i] })
        .collect()
}

/// Splits a message into parts: sentences, then clauses at joining words.
pub(super) fn parts(message: &str) -> Vec<Text> {
    let mut out = Vec::new();
    let chars: Vec<char> = message.chars().collect();
    let mut sentences = vec![String::new()];
    for (i, c) in chars.iter().enumerate() {
        let decimal = is_decimal(&chars, i);
        if !decimal && matches!(c, '.' | '!' | '?' | ';' | '\n' | ',' | '¿' | '¡' | ':') {
            sentences.push(String::new());
        } else if let Some(last) = sentences.last_mut() {
            last.push(if decimal { '.' } else { *c });
        }
    }
    for sentence in &sentences {
        let text = Text::new(sentence);
        let mut current: Vec<String> = Vec::new();
        let words = text.words();
        for (at, w) in words.iter().enumerate() {
            // "I eat anything but fish": one clause, an exception.
            let exception = w == "but"
                && current
                    .last()
                    .is_some_and(|l| ["anything", "everything", "all"].contains(&l.as_str()));
            // "I also hate olives", "yo también odio el pescado": an
            // adverb between a subject and its verb joins nothing.
            // "mi marido también quiere adelgazar": so is one between a
            // subject and a verb in the third person.
            let next_is_verb = words
                .get(at + 1)
                .is_some_and(|n| SUBJECT_VERBS.contains(&n.as_str()));
            let adverb = JOINS_AFTER_SUBJECT.contains(&w.as_str())
                && !current.is_empty()
                && ((current.len() == 1 && BARE_SUBJECTS.contains(&current[0].as_str()))
                    || (next_is_verb
                        && !current.iter().any(|c| SUBJECT_VERBS.contains(&c.as_str()))));
            // "... in my food please my son is allergic": a possessive and
            // a relation after a word that closes a request open another.
            let opens_someone = POSSESSIVES.contains(&w.as_str())
                && current
                    .last()
                    .is_some_and(|l| CLAUSE_CLOSERS.contains(&l.as_str()))
                && words
                    .get(at + 1)
                    .is_some_and(|n| RELATIONS.iter().any(|r| r.0 == n.as_str()));
            if opens_someone {
                out.push(Text::from_words(std::mem::take(&mut current)));
                current.push(w.clone());
            } else if exception {
                current.push(w.clone());
            } else if adverb {
                continue;
            } else if JOINS.contains(&w.as_str()) && !current.is_empty() {
                out.push(Text::from_words(std::mem::take(&mut current)));
            } else if !JOINS.contains(&w.as_str()) {
                current.push(w.clone());
            }
        }
        if !current.is_empty() {
            out.push(Text::from_words(current));
        }
    }
    out
}
