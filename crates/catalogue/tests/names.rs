//! Names that tell the truth (issue 38 item 5): every food a recipe's name
//! names is among its ingredients, by the table `data/names.tsv` (name
//! phrases → the ingredients that satisfy them) plus every ingredient's own
//! name.

use std::collections::{HashMap, HashSet};

use mealplan_catalogue::IngredientTable;

const TABLE: &str = include_str!("../data/names.tsv");

/// What a phrase marked `!` needs: no ingredient has that name, so no
/// recipe may say it.
const NONE_OF_OURS: &str = "!";

/// Lower-cased words of `text`, cut at spaces, hyphens and commas; a
/// possessive `'s` is dropped ("shepherd's pie").
fn words(text: &str) -> Vec<String> {
    text.to_lowercase()
        .replace("'s", "")
        .split(|c: char| c.is_whitespace() || c == '-' || c == ',')
        .filter(|w| !w.is_empty())
        .map(str::to_owned)
        .collect()
}

/// Phrase (as words) → the ingredients any one of which makes it true
/// (none for a phrase that names no food).
fn vocabulary(table: &IngredientTable) -> HashMap<Vec<String>, Vec<String>> {
    let mut phrases = HashMap::new();
    for (n, line) in TABLE.lines().enumerate() {
        if line.starts_with('#') || line.starts_with("phrases\t") || line.trim().is_empty() {
            continue;
        }
        let (forms, needs) = line
            .split_once('\t')
            .unwrap_or_else(|| panic!("names.tsv:{}: expected 2 columns", n + 1));
        let needs: Vec<String> = if needs.trim() == "-" {
            Vec::new()
        } else if needs.trim() == "!" {
            vec![NONE_OF_OURS.to_owned()]
        } else {
            needs.split(',').map(|i| i.trim().to_owned()).collect()
        };
        for need in needs.iter().filter(|i| *i != NONE_OF_OURS) {
            assert!(
                table.get(need).is_some(),
                "names.tsv:{}: {need:?} is not an ingredient",
                n + 1
            );
        }
        for form in forms.split(',') {
            let key = words(form);
            assert!(!key.is_empty(), "names.tsv:{}: empty phrase", n + 1);
            let before = phrases.insert(key, needs.clone());
            assert!(before.is_none(), "names.tsv:{}: {form:?} twice", n + 1);
        }
    }
    for name in table.names() {
        phrases
            .entry(words(name))
            .or_insert_with(|| vec![name.to_owned()]);
    }
    phrases
}

/// The phrases of `name` that its ingredients do not make true, longest
/// phrase first at each word.
fn untrue(
    name: &str,
    ingredients: &HashSet<&str>,
    phrases: &HashMap<Vec<String>, Vec<String>>,
) -> Vec<String> {
    let longest = phrases.keys().map(Vec::len).max().unwrap_or(1);
    let words = words(name);
    let mut missing = Vec::new();
    let mut at = 0;
    while at < words.len() {
        let found = (1..=longest.min(words.len() - at))
            .rev()
            .find_map(|n| phrases.get(&words[at..at + n]).map(|needs| (n, needs)));
        match found {
            Some((n, needs)) => {
                if !needs.is_empty() && !needs.iter().any(|i| ingredients.contains(i.as_str())) {
                    missing.push(format!(
                        "{:?} needs one of {needs:?}",
                        words[at..at + n].join(" ")
                    ));
                }
                at += n;
            }
            None => at += 1,
        }
    }
    missing
}

#[test]
fn every_named_food_is_an_ingredient() {
    let table = IngredientTable::shipped().unwrap();
    let phrases = vocabulary(&table);
    let lies: Vec<String> = mealplan_catalogue::load()
        .unwrap()
        .iter()
        .flat_map(|r| {
            let ingredients: HashSet<&str> =
                r.ingredients().iter().map(|i| i.name.as_str()).collect();
            untrue(&r.name, &ingredients, &phrases)
                .into_iter()
                .map(|m| format!("#{} {}: {m}", r.recipe_id, r.name))
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(
        lies.is_empty(),
        "{} untrue names:\n{}",
        lies.len(),
        lies.join("\n")
    );
}

#[test]
fn the_matcher_reads_phrases_longest_first() {
    let table = IngredientTable::shipped().unwrap();
    let phrases = vocabulary(&table);
    let has = |names: &[&'static str]| names.iter().copied().collect::<HashSet<&str>>();
    // "sweet potato" asks for sweet potato, not potato; "peanut butter" not butter.
    assert!(
        untrue(
            "Sweet potato toast with peanut butter",
            &has(&["sweet potato", "peanut butter"]),
            &phrases
        )
        .is_empty()
    );
    assert_eq!(
        untrue(
            "Chicken chow mein",
            &has(&["chicken breast", "pasta"]),
            &phrases
        )
        .len(),
        1
    );
    assert_eq!(
        untrue(
            "Edamame soba noodles",
            &has(&["edamame", "pasta"]),
            &phrases
        )
        .len(),
        1
    );
    assert!(
        untrue(
            "Edamame soba noodles",
            &has(&["edamame", "soba noodles"]),
            &phrases
        )
        .is_empty()
    );
    assert_eq!(
        untrue("Chili sin carne", &has(&["chili powder"]), &phrases),
        Vec::<String>::new()
    );
    assert_eq!(
        untrue("Pasta with pancetta", &has(&["pasta", "bacon"]), &phrases).len(),
        1
    );
    assert_eq!(
        untrue("Brown rice bowl", &has(&["white rice"]), &phrases).len(),
        1
    );
}
