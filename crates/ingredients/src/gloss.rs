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
}
