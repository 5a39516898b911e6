//! Names that tell the truth: every food a recipe's name names is in its
//! ingredients (`data/names.tsv` says which ingredients make each food
//! word true; every ingredient names itself).

use std::collections::HashMap;

use mealplan_catalogue::IngredientTable;

const NAMES: &str = include_str!("../data/names.tsv");

/// What a phrase of a name asks of the ingredients.
#[derive(Debug, Clone, PartialEq)]
enum Claim {
    /// Any one of these ingredients.
    AnyOf(Vec<String>),
    /// A dish, not a food: nothing (it hides the food words inside it).
    Dish,
    /// A food the catalogue does not have: no name may say it.
    Missing,
}

/// A word without its plural ending (`tomatoes` → `tomato`, `beans` →
/// `bean`), as `tests/cards.rs` reads words.
fn singular(word: &str) -> &str {
    if let Some(stem) = word.strip_suffix("es")
        && ["o", "sh", "ch", "x", "ss"]
            .iter()
            .any(|e| stem.ends_with(e))
    {
        return stem;
    }
    match word.strip_suffix('s') {
        Some(stem) if !stem.ends_with('s') && stem.len() > 2 => stem,
        _ => word,
    }
}

fn words(text: &str) -> Vec<String> {
    text.to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| singular(w).to_owned())
        .collect()
}

/// Every phrase a name may hold, longest first: the ingredients' own
/// names, then `names.tsv` (which may redefine one).
fn phrases(table: &IngredientTable) -> Vec<(Vec<String>, Claim)> {
    let mut all: HashMap<Vec<String>, Claim> = table
        .names()
        .map(|n| (words(n), Claim::AnyOf(vec![n.to_owned()])))
        .collect();
    let mut seen = HashMap::new();
    for (n, line) in NAMES.lines().enumerate() {
        if line.starts_with('#') || line.starts_with("phrase\t") || line.trim().is_empty() {
            continue;
        }
        let (phrase, what) = line
            .split_once('\t')
            .unwrap_or_else(|| panic!("names.tsv:{}: expected two columns", n + 1));
        let claim = match what.trim() {
            "-" => Claim::Dish,
            "none" => Claim::Missing,
            list => Claim::AnyOf(list.split(',').map(|i| i.trim().to_owned()).collect()),
        };
        if let Claim::AnyOf(list) = &claim {
            for i in list {
                assert!(
                    table.get(i).is_some(),
                    "names.tsv:{}: {i:?} is not an ingredient",
                    n + 1
                );
            }
        }
        assert!(
            seen.insert(words(phrase), n + 1).is_none(),
            "names.tsv:{}: {phrase:?} twice",
            n + 1
        );
        all.insert(words(phrase), claim);
    }
    let mut all: Vec<_> = all.into_iter().collect();
    all.sort_by(|a, b| b.0.len().cmp(&a.0.len()).then(a.0.cmp(&b.0)));
    all
}

/// The foods `name` names that `ingredients` do not have, as the phrase
/// and what would make it true.
fn untrue(
    phrases: &[(Vec<String>, Claim)],
    name: &str,
    ingredients: &[&str],
) -> Vec<(String, Claim)> {
    let w = words(name);
    let mut wrong = Vec::new();
    let mut at = 0;
    while at < w.len() {
        let Some((phrase, claim)) = phrases
            .iter()
            .find(|(p, _)| w.len() - at >= p.len() && w[at..at + p.len()] == p[..])
        else {
            at += 1;
            continue;
        };
        let holds = match claim {
            Claim::Dish => true,
            Claim::Missing => false,
            Claim::AnyOf(list) => list.iter().any(|i| ingredients.contains(&i.as_str())),
        };
        if !holds {
            wrong.push((phrase.join(" "), claim.clone()));
        }
        at += phrase.len();
    }
    wrong
}

#[test]
fn every_recipe_name_names_only_foods_it_has() {
    let table = IngredientTable::shipped().unwrap();
    let phrases = phrases(&table);
    let mut problems = Vec::new();
    for r in mealplan_catalogue::load().unwrap() {
        let have: Vec<&str> = r.ingredients().iter().map(|i| i.name.as_str()).collect();
        for (phrase, claim) in untrue(&phrases, &r.name, &have) {
            problems.push(format!(
                "{} {:?} says {phrase:?} but has none of {claim:?}",
                r.recipe_id, r.name
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_check_catches_the_names_that_lied() {
    let table = IngredientTable::shipped().unwrap();
    let phrases = phrases(&table);
    let lies = |name: &str, have: &[&str]| {
        untrue(&phrases, name, have)
            .into_iter()
            .map(|(p, _)| p)
            .collect::<Vec<_>>()
    };
    assert_eq!(
        lies("Chicken chow mein", &["chicken breast", "pasta"]),
        ["chow mein"]
    );
    assert!(lies("Chicken chow mein", &["chicken breast", "egg noodles"]).is_empty());
    assert_eq!(
        lies(
            "Edamame and tofu soba noodles",
            &["edamame", "tofu", "pasta"]
        ),
        ["soba noodle"]
    );
    assert_eq!(
        lies(
            "Pasta e fagioli with pancetta",
            &["pasta", "white beans", "bacon"]
        ),
        ["pancetta"]
    );
    assert_eq!(
        lies(
            "Pork, pineapple and pepper skewers",
            &["pork tenderloin", "red bell pepper"]
        ),
        ["pineapple"]
    );
    // Plurals, dish words and negation read as a cook reads them.
    assert!(lies("Tomatoes on toast", &["tomato", "sourdough bread"]).is_empty());
    assert!(lies("Butter bean stew", &["white beans"]).is_empty());
    assert!(lies("Tofu chili without beans", &["tofu"]).is_empty());
    assert_eq!(lies("Salmon with peanut sauce", &["salmon"]), ["peanut"]);
}
