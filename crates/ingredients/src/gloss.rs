//! A part of the comment that names, on its own, a closer kind of the
//! food the line names: "200 g stale bread (pan de barra)" is French
//! bread, the loaf the note says, not the generic white bread of "bread".
//! Added after held-out 12. The note must be a name the lexicon knows
//! outright, and its food of the same kind as the line's (the first field
//! of SR28's description, "BREAD"), so a note naming another food ("rice
//! (for serving)", "broth (chicken)") changes nothing.

use crate::foods::Food;

/// Lead-ins of a note that offers another food in the named one's stead:
/// "(or chow mein noodles)", ", or use spaghetti". The food named first is
/// the line's food; such a note can at most be a candidate (`honest.rs`
/// asks when the two differ in energy), never the food placed (branch
/// ingr25, after "8 oz dried egg noodles (or chow mein noodles)" was
/// placed on the chow mein noodles).
const ALTERNATIVE_LEADS: &[&str] = &["or ", "or use ", "or sub ", "alternatively "];

/// Lead-ins of a note giving an example of the food named: "sweet onion
/// (such as Vidalia)", "apples (e.g. Boskoop)", "sausage (like Jimmy
/// Dean)". A cook means a food of the kind named, for instance the one
/// the note names, so the example may say the closer kind (as a bare note
/// does) once the lead-in is taken off.
const EXAMPLE_LEADS: &[&str] = &[
    "such as ",
    "e.g. ",
    "e.g.",
    "eg ",
    "eg. ",
    "for example ",
    "for instance ",
    "like ",
    "preferably ",
];

/// Whether a part of a note offers another food instead of the one named.
pub(crate) fn offers_another(part: &str) -> bool {
    let part = part.trim().to_lowercase();
    ALTERNATIVE_LEADS.iter().any(|lead| part.starts_with(lead))
}

/// The food a part of a note gives as an example, without its lead-in
/// ("Vidalia" of "such as Vidalia"); any other part as it is.
pub(crate) fn example_in(part: &str) -> &str {
    let part = part.trim();
    let lower = part.to_lowercase();
    EXAMPLE_LEADS
        .iter()
        .find(|lead| lower.starts_with(*lead))
        .and_then(|lead| part.get(lead.len()..))
        .map_or(part, str::trim)
}

/// SR28's kind of a food: the first field of its description.
fn kind(food: &Food) -> String {
    food.description
        .split(',')
        .next()
        .unwrap_or_default()
        .trim()
        .to_uppercase()
}

/// The food a part of `comment` names outright, through `known`, when it
/// is another row of `placed`'s kind.
pub(crate) fn closer_kind(
    comment: &str,
    placed: &Food,
    known: impl Fn(&str) -> Option<&'static Food>,
) -> Option<&'static Food> {
    comment
        .split([';', ','])
        .map(str::trim)
        .filter(|part| !part.is_empty() && !offers_another(part))
        .map(example_in)
        .filter_map(known)
        .find(|food| food.ndb != placed.ndb && kind(food) == kind(placed))
}

/// The stems a food is known by: its lexicon names and its description.
pub(crate) fn known_by(food: &Food) -> Vec<String> {
    crate::lexicon::Lexicon::standard()
        .names_of(food.ndb)
        .flat_map(crate::words::stems)
        .chain(crate::words::description_stems(&food.description))
        .collect()
}

/// The food a gloss in parentheses names outright, as a whole ("1/4 cup
/// tomato sauce (ketchup)": British and Australian tomato sauce is
/// ketchup), when the gloss says nothing the food found already says:
/// "oil (olive)" and "broth (chicken)" qualify the food they gloss (the
/// food found, olive oil or chicken broth, holds the gloss's words) and
/// change nothing. The food named must be of SR28's food group of the
/// food found (ketchup and canned tomato sauce are both vegetable
/// products, group 11): "flat (Romano) green beans" names a variety of
/// bean, not the cheese. Added on branch ingr23. `glosses` are the comment's
/// parts written in parentheses; `named` gives the food a part is the
/// lexicon's name of, word for word; `says` the stems the food found is
/// known by (its names and description).
pub(crate) fn named_instead(
    glosses: &[&str],
    placed: &Food,
    named: impl Fn(&str) -> Option<&'static Food>,
    says: &[String],
) -> Option<&'static Food> {
    glosses.iter().find_map(|part| {
        if offers_another(part) {
            return None;
        }
        let part = example_in(part);
        let food =
            named(part).filter(|f| f.ndb != placed.ndb && f.ndb / 1000 == placed.ndb / 1000)?;
        let stems = crate::words::stems(part);
        (!stems.is_empty() && !stems.iter().all(|s| says.contains(s))).then_some(food)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foods::FoodTable;

    fn food(ndb: u32) -> &'static Food {
        FoodTable::sr28().get(ndb).unwrap()
    }

    #[test]
    fn a_note_naming_a_kind_of_the_food_is_that_kind() {
        let known = |part: &str| match part {
            "pan de barra" => Some(food(18029)),
            "chicken" => Some(food(5011)),
            _ => None,
        };
        assert_eq!(
            closer_kind("pan de barra; crust off", food(18069), known).map(|f| f.ndb),
            Some(18029)
        );
        // Another kind of food, or no name: as placed.
        assert_eq!(closer_kind("chicken", food(6194), known), None);
        assert_eq!(closer_kind("crust off", food(18069), known), None);
    }

    #[test]
    fn an_alternative_is_never_the_kind_and_an_example_is() {
        assert!(offers_another("or chow mein noodles"));
        assert!(offers_another("Or use spaghetti"));
        assert!(!offers_another("such as Vidalia"));
        assert!(!offers_another("organic"));
        assert_eq!(example_in("such as Vidalia"), "Vidalia");
        assert_eq!(example_in("e.g. Boskoop"), "Boskoop");
        assert_eq!(example_in("like Jimmy Dean"), "Jimmy Dean");
        assert_eq!(example_in("pan de barra"), "pan de barra");
        // A lookup that would find the food in the whole note.
        let known = |part: &str| part.ends_with("pan de barra").then(|| food(18029));
        // "bread (or pan de barra)": the bread named first stays.
        assert_eq!(closer_kind("or pan de barra", food(18069), known), None);
        assert_eq!(
            closer_kind("such as pan de barra", food(18069), known).map(|f| f.ndb),
            Some(18029)
        );
        let named = |part: &str| part.ends_with("catsup").then(|| food(11935));
        let says = known_by(food(11549));
        assert_eq!(
            named_instead(&["or catsup"], food(11549), named, &says),
            None
        );
    }

    #[test]
    fn a_gloss_naming_another_food_outright_is_that_food() {
        let named = |part: &str| match part {
            "catsup" => Some(food(11935)),
            "chicken" => Some(food(5006)),
            _ => None,
        };
        let says = |ndb: u32| known_by(food(ndb));
        // Canned tomato sauce glossed as catsup: the catsup.
        assert_eq!(
            named_instead(&["catsup"], food(11549), named, &says(11549)).map(|f| f.ndb),
            Some(11935)
        );
        // Chicken broth glossed "(chicken)": the gloss says what the food
        // found says already.
        assert_eq!(
            named_instead(&["chicken"], food(6172), named, &says(6172)),
            None
        );
        // A food of another group (a cheese named beside beans).
        let cheese = |part: &str| (part == "romano").then(|| food(1038));
        assert_eq!(
            named_instead(&["romano"], food(11052), cheese, &says(11052)),
            None
        );
        // No name, or the food found itself: as placed.
        assert_eq!(
            named_instead(&["warmed"], food(11549), named, &says(11549)),
            None
        );
        assert_eq!(
            named_instead(&["catsup"], food(11935), named, &says(11935)),
            None
        );
    }
}
