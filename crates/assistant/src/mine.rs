//! One's own recipes in a message (issue 39): a plan that draws on them
//! ("use my recipes this week", "usa mis recetas": first; "only my
//! recipes", "solo mis recetas": only), and a recipe added from its
//! ingredient lines ("add my recipe lentil soup for 4: 200 g lentils; 1
//! onion"). The words are `data/own.tsv`.

use mealplan_app::MyRecipes;
use mealplan_domain::MealType;

use super::lang::{meal_word, normalise};
use super::negation::Scopes;
use super::request::ToolRequest;
use super::vocab::*;
use super::words::{Text, number_word};

/// Which recipes a plan asked in `t` draws on: one's own first when they
/// are named, only them when "only" is said too; else both alike. Never
/// from a negated mention ("don't use my recipes").
pub(super) fn plan_mine(t: &Text) -> MyRecipes {
    if !t.has_any(OWN_RECIPES) || Scopes::of(t).negates_any(t, OWN_RECIPES) {
        return MyRecipes::Include;
    }
    if t.has_any(ONLY_MINE) {
        MyRecipes::Only
    } else {
        MyRecipes::Prefer
    }
}

/// Whether part `t` asks a plan from one's own recipes ("use my recipes
/// this week", "con mis recetas"); `Some(false)` when it says not to.
pub(super) fn uses_mine(t: &Text) -> Option<bool> {
    if !t.has_any(OWN_RECIPES) || !(t.has_any(USE_MINE) || t.has_any(ONLY_MINE)) {
        return None;
    }
    let scopes = Scopes::of(t);
    Some(!(scopes.negates_any(t, OWN_RECIPES) || scopes.negates_any(t, USE_MINE)))
}

/// A recipe of one's own added in `message`: a header that says so
/// ("add my recipe …", "guarda mi receta …") with the dish's name, then,
/// after a colon or a line break, its ingredient lines (one a line, or
/// separated by `;`, or by `,` when written on one line).
pub(super) fn new_recipe(message: &str) -> Option<ToolRequest> {
    let cut = message.find([':', '\n'])?;
    let (header, body) = (&message[..cut], &message[cut + 1..]);
    if !Text::new(header).has_any(RECIPE_NEW) {
        return None;
    }
    let (name, servings, meal_types) = named(header)?;
    let lines = lines_of(body);
    Some(ToolRequest::AddOwnRecipe {
        name,
        servings,
        meal_types,
        lines,
    })
}

/// The dish's name in `header` (as written, after the word "recipe"),
/// the servings said there ("for 4", "serves 2", "para 4") and the meals
/// named ("for dinner", "para la cena").
fn named(header: &str) -> Option<(String, u32, Vec<MealType>)> {
    let words: Vec<&str> = header.split_whitespace().collect();
    let plain: Vec<String> = words.iter().map(|w| normalise(w)).collect();
    let start = plain
        .iter()
        .position(|w| RECIPE_WORDS.iter().any(|r| w.trim_end_matches('s') == *r))?
        + 1;
    let mut at = start;
    while at < words.len() && RECIPE_NAME_OPENERS.contains(&plain[at].as_str()) {
        at += 1;
    }
    // The name ends where its servings or meals begin.
    let ends = |i: usize| {
        let w = plain[i].as_str();
        let next = plain.get(i + 1).map_or("", String::as_str);
        let after = plain.get(i + 2).map_or("", String::as_str);
        words[i].starts_with('(')
            || ["serves", "makes", "rinde"].contains(&w)
            || ["for", "para", "de"].contains(&w)
                && (number_word(next).is_some()
                    || meal_word(next).is_some()
                    || ["la", "el", "the"].contains(&next) && meal_word(after).is_some())
            || number_word(w).is_some()
                && [
                    "servings",
                    "serving",
                    "raciones",
                    "racion",
                    "porciones",
                    "people",
                    "personas",
                ]
                .contains(&next)
    };
    let mut end = at;
    while end < words.len() && !ends(end) {
        end += 1;
    }
    let name = words[at..end]
        .join(" ")
        .trim_matches(|c: char| !c.is_alphanumeric())
        .to_owned();
    if name.is_empty() {
        return None;
    }
    let tail = &plain[end..];
    let servings = tail
        .iter()
        .filter_map(|w| number_word(w.trim_matches(|c: char| !c.is_alphanumeric())))
        .find(|n| n.fract() == 0.0 && (1.0..=100.0).contains(n))
        .map_or(1, |n| n as u32);
    let mut meal_types: Vec<MealType> = Vec::new();
    for m in tail.iter().filter_map(|w| meal_word(w)) {
        if !meal_types.contains(&m) {
            meal_types.push(m);
        }
    }
    Some((name, servings, meal_types))
}

/// The ingredient lines of `body`: one a line; a single line split at
/// `;`, else at `,`; list marks taken off.
fn lines_of(body: &str) -> Vec<String> {
    let clean = |s: &str| {
        s.trim()
            .trim_start_matches(['-', '*', '•'])
            .trim()
            .trim_end_matches(['.', ','])
            .to_owned()
    };
    let mut lines: Vec<String> = body.lines().map(clean).filter(|l| !l.is_empty()).collect();
    for mark in [';', ','] {
        if lines.len() == 1 {
            lines = lines[0]
                .split(mark)
                .map(clean)
                .filter(|l| !l.is_empty())
                .collect();
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_recipe_is_read_with_its_name_servings_meals_and_lines() {
        let r = new_recipe(
            "add my recipe Lentil soup for 4, for dinner: 200 g lentils; 1 onion; 2 carrots",
        );
        assert_eq!(
            r,
            Some(ToolRequest::AddOwnRecipe {
                name: "Lentil soup".into(),
                servings: 4,
                meal_types: vec![MealType::Dinner],
                lines: vec!["200 g lentils".into(), "1 onion".into(), "2 carrots".into()],
            })
        );
        let r =
            new_recipe("guarda mi receta de Tortilla de patatas:\n- 4 huevos\n- 500 g de patatas");
        assert!(matches!(
            r,
            Some(ToolRequest::AddOwnRecipe { ref name, servings: 1, ref lines, .. })
                if name == "Tortilla de patatas" && lines.len() == 2
        ));
        assert_eq!(new_recipe("my plan: show it"), None);
    }

    #[test]
    fn a_plan_draws_on_ones_own_recipes_when_named() {
        assert_eq!(
            plan_mine(&Text::new("use my recipes this week")),
            MyRecipes::Prefer
        );
        assert_eq!(plan_mine(&Text::new("solo mis recetas")), MyRecipes::Only);
        assert_eq!(plan_mine(&Text::new("make me a plan")), MyRecipes::Include);
        assert_eq!(uses_mine(&Text::new("don't use my recipes")), Some(false));
        assert_eq!(
            uses_mine(&Text::new("usa mis recetas esta semana")),
            Some(true)
        );
    }
}
