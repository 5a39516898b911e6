//! A part of the comment that names, on its own, a closer kind of the
//! food the line names: "200 g stale bread (pan de barra)" is French
//! bread, the loaf the note says, not the generic white bread of "bread".
//! Added after held-out 12. The note must be a name the lexicon knows
//! outright, and its food of the same kind as the line's (the first field
//! of SR28's description, "BREAD"), so a note naming another food ("rice
//! (for serving)", "broth (chicken)") changes nothing.

use crate::foods::Food;

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
        .filter(|part| !part.is_empty())
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
