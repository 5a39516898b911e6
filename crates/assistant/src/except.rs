//! Kinds let back in after a food kept out: "no fish except salmon", "sin
//! carne salvo pollo", "no dairy, but cheese is fine", "no quiero
//! champiñones, pero las setas sí". What a dislike keeps out, less what
//! its exception names, is stored as one restriction ("fish except
//! salmon") that the domain reads ([`mealplan_domain::Restriction::except`]);
//! the food is never added to what is kept out, which was the opposite of
//! what was asked.

use mealplan_domain::taxonomy::key;
use mealplan_domain::{Restriction, Taxonomy};
use mealplan_ports::ItemKind;

use super::foods;
use super::lang::Lang;
use super::part::Signal;
use super::request::ToolRequest;
use super::vocab::{
    ALLERGY_NOUNS, ALLERGY_OPENERS, BEING, DISLIKE_OPENERS, EXCEPT, FILLER, FINE, LIKE_OPENERS,
    LIKING,
};
use super::words::Text;

/// Words that turn a part around ("cheese is not fine").
const NOT: &[&str] = &["not", "no", "dont", "never", "nunca", "tampoco", "ni"];

/// Phrases of [`FINE`] too weak to let a food back in alone, with no food
/// kept out just before ("chicken is good", "I eat salmon").
const WEAK: &[&str] = &["is good", "are good", "i eat", "i do eat", "si como"];

/// `part` cut at an exception word with foods on both sides: the words
/// before it (read as usual) and the foods after it (English names).
/// "I eat everything except fish" names no food before the word: it is
/// left whole, a dislike of fish; `after_out`: the part follows foods
/// kept out, so "…, except tuna" needs none.
pub(super) fn split(part: &Text, lang: Lang, after_out: bool) -> Option<(Text, Vec<String>)> {
    let words = part.words();
    let (at, end) = part.span_of_any(EXCEPT)?;
    let before = &words[..at];
    let opens = after_out && before.iter().all(|w| FILLER.contains(&w.as_str()));
    // "no fsh except salmon": a food kept out, even one not read, is
    // never traded for the one let back in.
    let keeps_out = before.iter().any(|w| NOT.contains(&w.as_str()))
        || Text::from_words(before.to_vec()).has_any(DISLIKE_OPENERS);
    if !opens && !keeps_out && foods::mentioned(before, lang).found.is_empty() {
        return None;
    }
    let after = foods::mentioned(&words[end..], lang).found;
    (!after.is_empty()).then(|| (Text::from_words(before.to_vec()), after))
}

/// The foods a part says are fine ("cheese is fine", "I do eat salmon",
/// "el atún sí lo como"); `after_out`: the part follows foods kept out in
/// the same message; `bare_si`: a bare "sí" says it too ("soy alérgica
/// al pescado, pero el atún sí"; after a dislike, "pero el ajo sí" is a
/// liking, read as one).
pub(super) fn fine(part: &Text, lang: Lang, after_out: bool, bare_si: bool) -> Option<Vec<String>> {
    let words = part.words();
    if words
        .iter()
        .any(|w| NOT.contains(&w.as_str()) || LIKING.contains(&w.as_str()))
    {
        return None;
    }
    let phrases: Vec<&str> = FINE
        .iter()
        .copied()
        .filter(|f| after_out || !WEAK.contains(f))
        .collect();
    let rest: Vec<String> = if let Some((at, end)) = part.span_of_any(&phrases) {
        words[..at].iter().chain(&words[end..]).cloned().collect()
    } else if bare_si && lang == Lang::Es && words.last().is_some_and(|w| w == "si") {
        words[..words.len() - 1].to_vec()
    } else {
        return None;
    };
    let found = foods::mentioned(&rest, lang).found;
    (!found.is_empty()).then_some(found)
}

/// A statement about a member by name, whole ("Leo doesn't eat fish
/// except salmon", "Ana no come carne, pero el pollo sí"): the words before
/// the exception, and the foods it lets back in.
pub(super) fn cut_whole(t: &Text, lang: Lang) -> (Text, Vec<String>) {
    if let Some(cut) = split(t, lang, false) {
        return cut;
    }
    let words = t.words();
    if let Some(at) = words
        .iter()
        .position(|w| matches!(w.as_str(), "but" | "pero"))
        && let Some(foods) = fine(
            &Text::from_words(words[at + 1..].to_vec()),
            lang,
            true,
            true,
        )
    {
        return (Text::from_words(words[..at].to_vec()), foods);
    }
    (t.clone(), Vec::new())
}

/// `foods` let back in through `restrictions` (a member's), where a
/// dislike keeps them out; an allergy keeps them out.
pub(super) fn fold_into(restrictions: &mut [String], foods: &[String]) {
    let taxonomy = Taxonomy::standard();
    for food in foods {
        for r in restrictions.iter_mut() {
            match fold(taxonomy, r, food) {
                Fold::Excepted(name) => *r = name,
                Fold::Apart => continue,
                Fold::Same | Fold::Allergy => {}
            }
            break;
        }
    }
}

/// The foods of a part that is a bare list of them ("cod", "cheese"),
/// with no word that keeps them out ("no dairy" is no such list).
pub(super) fn bare_list(part: &Text, lang: Lang) -> Option<Vec<String>> {
    let says_more = [
        DISLIKE_OPENERS,
        ALLERGY_OPENERS,
        ALLERGY_NOUNS,
        LIKE_OPENERS,
        BEING,
    ]
    .iter()
    .any(|list| part.has_any(list));
    if says_more || part.words().iter().any(|w| NOT.contains(&w.as_str())) {
        return None;
    }
    let read = foods::read(part.words(), lang);
    (read.unknown.is_empty() && !read.found.is_empty()).then_some(read.found)
}

/// Folds the foods let back in (`said`, from [`split`] and [`fine`]) and
/// the tastes of the message into its restrictions: "fish" and "salmon"
/// become "fish except salmon". A food that is itself kept out in the
/// message ("champiñones" and "setas", both mushrooms) stays out, and an
/// allergy keeps its foods out: both are said ([`Signal::SameFood`],
/// [`Signal::AllergyKept`]). Foods said fine that no restriction of the
/// message keeps out are let back in from the profile ([`ToolRequest::LetBack`]).
pub(super) fn apply(requests: &mut Vec<ToolRequest>, signals: &mut Vec<Signal>, said: Vec<String>) {
    let taxonomy = Taxonomy::standard();
    let tastes: Vec<String> = requests
        .iter()
        .filter_map(|r| match r {
            ToolRequest::AddPreference {
                kind: ItemKind::Taste,
                names,
            } => Some(names.clone()),
            _ => None,
        })
        .flatten()
        .collect();
    let mut same: Vec<String> = Vec::new();
    let mut from_profile: Vec<String> = Vec::new();
    let mut said_now: Vec<Signal> = Vec::new();
    // "my son doesn't eat fish except salmon": the exception is theirs,
    // never the writer's.
    let of_someone = signals.iter().any(|s| matches!(s, Signal::SomeoneElse(_)));
    let foods = said
        .iter()
        .map(|f| (f, true))
        .chain(tastes.iter().map(|f| (f, false)));
    for (food, explicit) in foods {
        let mut done = false;
        for r in restrictions_mut(requests, signals) {
            match fold(taxonomy, r, food) {
                Fold::Same => {
                    if !same.contains(food) {
                        same.push(food.clone());
                        said_now.push(Signal::SameFood { food: food.clone() });
                    }
                }
                Fold::Excepted(name) => *r = name,
                Fold::Allergy => {
                    if !same.contains(food) {
                        same.push(food.clone());
                        said_now.push(Signal::AllergyKept {
                            allergy: r.clone(),
                            food: food.clone(),
                        });
                    }
                }
                Fold::Apart => continue,
            }
            done = true;
            break;
        }
        if !done && explicit && !of_someone && !from_profile.contains(food) {
            from_profile.push(food.clone());
        }
    }
    signals.extend(said_now);
    // A food kept out and said fine in one breath stays out, not liked
    // (an allergy's or intolerance's food too: said once why).
    for r in requests.iter_mut() {
        if let ToolRequest::AddPreference {
            kind: ItemKind::Taste,
            names,
        } = r
        {
            names.retain(|n| !same.contains(n));
        }
    }
    requests.retain(|r| !matches!(r, ToolRequest::AddPreference { names, .. } if names.is_empty()));
    if !from_profile.is_empty() {
        requests.push(ToolRequest::LetBack {
            names: from_profile,
        });
    }
}

/// The names of the message's restrictions, the writer's and those said
/// of someone else, to rewrite.
fn restrictions_mut<'a>(
    requests: &'a mut [ToolRequest],
    signals: &'a mut [Signal],
) -> impl Iterator<Item = &'a mut String> {
    let own = requests
        .iter_mut()
        .filter_map(|r| match r {
            ToolRequest::AddPreference {
                kind: ItemKind::Restriction,
                names,
            } => Some(names.iter_mut()),
            _ => None,
        })
        .flatten();
    let theirs = signals
        .iter_mut()
        .filter_map(|s| match s {
            Signal::SomeoneElse(facts) => Some(facts.restrictions.iter_mut()),
            _ => None,
        })
        .flatten();
    own.chain(theirs)
}

/// The food a restriction name keeps out, before its exceptions ("fish"
/// of "fish except salmon"), as this module writes them.
pub(super) fn base_of(name: &str) -> &str {
    name.split(" except ").next().unwrap_or(name)
}

/// What letting `food` back in does to restriction `name`.
#[derive(Debug, PartialEq)]
pub(super) enum Fold {
    /// The restriction is that very food.
    Same,
    /// It keeps the food out; its new name lets it back in.
    Excepted(String),
    /// It keeps the food out and is an allergy, which has no exceptions.
    Allergy,
    /// It does not keep the food out.
    Apart,
}

/// What letting `food` (an English name) back in does to the restriction
/// `name`, as the domain reads both.
pub(super) fn fold(taxonomy: &Taxonomy, name: &str, food: &str) -> Fold {
    if key(base_of(name)) == key(food) {
        return Fold::Same;
    }
    let Some(node) = taxonomy.resolve(&key(food)) else {
        return Fold::Apart;
    };
    let meaning = Restriction::parse(taxonomy, name);
    if !meaning.keeps_out(taxonomy, node) || meaning.except().iter().any(|e| taxonomy.is_a(node, e))
    {
        return Fold::Apart;
    }
    let joined = if name.contains(" except ") {
        format!("{name} and {food}")
    } else {
        format!("{name} except {food}")
    };
    if Restriction::parse(taxonomy, &joined)
        .except()
        .iter()
        .any(|e| e == node)
    {
        Fold::Excepted(joined)
    } else {
        Fold::Allergy
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folds_as_the_domain_reads() {
        let t = Taxonomy::standard();
        assert_eq!(
            fold(t, "fish", "salmon"),
            Fold::Excepted("fish except salmon".into())
        );
        assert_eq!(
            fold(t, "fish except salmon", "tuna"),
            Fold::Excepted("fish except salmon and tuna".into())
        );
        assert_eq!(fold(t, "fish except salmon", "salmon"), Fold::Apart);
        assert_eq!(fold(t, "fish allergy", "tuna"), Fold::Allergy);
        assert_eq!(fold(t, "nut allergy", "almonds"), Fold::Allergy);
        assert_eq!(fold(t, "mushrooms", "mushrooms"), Fold::Same);
        assert_eq!(fold(t, "fish", "chicken"), Fold::Apart);
        assert_eq!(
            fold(t, "dairy", "cheese"),
            Fold::Excepted("dairy except cheese".into())
        );
        assert_eq!(
            fold(t, "meat", "chicken"),
            Fold::Excepted("meat except chicken".into())
        );
    }
}
