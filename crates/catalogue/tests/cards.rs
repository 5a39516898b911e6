//! Checks the recipe cards: every recipe has steps and times, every
//! ingredient a household measure and a shopping unit, and the steps match
//! the recipe (each ingredient's amount is used exactly once in all, and no
//! step names an ingredient the recipe does not have).

use std::collections::{HashMap, HashSet};

use mealplan_catalogue::IngredientTable;
use mealplan_domain::Recipe;
use mealplan_domain::kitchen::{HouseMeasure, Kitchen, StepPart, parse_step};

fn catalogue() -> Vec<Recipe> {
    mealplan_catalogue::load().expect("the shipped catalogue parses")
}

fn kitchen() -> Kitchen {
    mealplan_catalogue::kitchen().expect("the kitchen table parses")
}

/// A word without its plural ending (`tomatoes` → `tomato`, `dates` →
/// `date`).
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

fn contains(haystack: &[String], needle: &[String]) -> bool {
    needle.len() <= haystack.len() && haystack.windows(needle.len()).any(|w| w == needle)
}

#[test]
fn the_kitchen_table_covers_exactly_the_ingredient_table() {
    let table = IngredientTable::shipped().unwrap();
    let kitchen = kitchen();
    let mut names: Vec<&str> = table.names().collect();
    names.sort_unstable();
    for name in &names {
        let facts = kitchen
            .get(name)
            .unwrap_or_else(|| panic!("{name} has no row in kitchen.tsv"));
        assert!(
            facts.sodium_mg < 40_000.0 && facts.saturated_fat <= 100.0,
            "{name}"
        );
    }
    assert_eq!(kitchen.len(), names.len(), "kitchen.tsv has extra rows");
    // Spot checks against SR28 (ABBREV.txt).
    let egg = kitchen.get("egg").unwrap();
    assert_eq!((egg.sodium_mg, egg.saturated_fat), (142.0, 3.126));
    assert_eq!(kitchen.get("salt").unwrap().sodium_mg, 38758.0);
    assert_eq!(kitchen.get("butter").unwrap().saturated_fat, 51.368);
}

#[test]
fn every_recipe_has_steps_times_and_measures() {
    let kitchen = kitchen();
    let mut measured = 0;
    let mut lines = 0;
    for r in catalogue() {
        let card = &r.card;
        assert!(
            card.steps.len() >= 2,
            "{} {}: needs steps",
            r.recipe_id,
            r.name
        );
        assert!(
            card.prep_minutes >= 1 && card.prep_minutes <= 60,
            "{}: prep {}",
            r.recipe_id,
            card.prep_minutes
        );
        assert!(card.cook_minutes <= 240, "{}", r.recipe_id);
        assert_eq!(
            r.recipe_url.as_deref(),
            Some(format!("/recipes/{}", r.recipe_id).as_str())
        );
        let mut has_measure = false;
        for i in r.ingredients() {
            let line = kitchen.line(i);
            lines += 1;
            if line.measure.is_some() {
                measured += 1;
                has_measure = true;
            } else {
                // Only weighed things, or too little of a counted thing to
                // count, go without a household measure.
                let how = &kitchen.get(&i.name).unwrap().measure;
                assert!(
                    matches!(
                        how,
                        HouseMeasure::Weight | HouseMeasure::Piece(_) | HouseMeasure::Whole(_)
                    ),
                    "{}: {} has no measure",
                    r.recipe_id,
                    i.name
                );
            }
        }
        assert!(has_measure, "{}: no household measure at all", r.recipe_id);
        assert!(card.saturated_fat >= 0.0 && card.sodium >= 0.0);
    }
    assert!(
        measured * 100 >= lines * 80,
        "only {measured} of {lines} ingredient lines have a household measure"
    );
}

#[test]
fn steps_use_each_ingredient_amount_exactly_once() {
    let kitchen = kitchen();
    let mut problems = Vec::new();
    // Recipes without steps are the other test's business.
    for r in catalogue().into_iter().filter(|r| !r.card.steps.is_empty()) {
        let mut shares: HashMap<&str, f64> = HashMap::new();
        for step in &r.card.steps {
            let parts = match parse_step(step) {
                Ok(p) => p,
                Err(e) => {
                    problems.push(format!("{}: {e}", r.recipe_id));
                    continue;
                }
            };
            for part in &parts {
                let StepPart::Ref(reference) = part else {
                    continue;
                };
                let Some(i) = r.ingredients().iter().find(|i| i.name == reference.name) else {
                    problems.push(format!(
                        "{} {}: step names {:?}, which the recipe does not have",
                        r.recipe_id, r.name, reference.name
                    ));
                    continue;
                };
                if let Some(form) = &reference.form {
                    let bought = kitchen.get(&i.name).and_then(|f| f.bought.as_ref());
                    if bought.map(|b| &b.word) != Some(form) {
                        problems.push(format!(
                            "{}: {{{}:{form}}}, but {} is not bought {form}",
                            r.recipe_id, i.name, i.name
                        ));
                    }
                }
                *shares.entry(i.name.as_str()).or_default() += reference.share;
            }
        }
        for i in r.ingredients() {
            let share = shares.get(i.name.as_str()).copied().unwrap_or(0.0);
            if (share - 1.0).abs() > 1e-6 {
                problems.push(format!(
                    "{} {}: the steps use {share:.2} of the {}",
                    r.recipe_id, r.name, i.name
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn steps_name_no_ingredient_the_recipe_lacks() {
    let table = IngredientTable::shipped().unwrap();
    let names: Vec<Vec<String>> = {
        let mut n: Vec<Vec<String>> = table.names().map(words).collect();
        // Longest names first, so `peanut butter` wins over `butter`.
        n.sort_by_key(|w| std::cmp::Reverse(w.len()));
        n
    };
    let mut problems = Vec::new();
    for r in catalogue() {
        let own: Vec<Vec<String>> = r.ingredients().iter().map(|i| words(&i.name)).collect();
        for step in &r.card.steps {
            let text: String = parse_step(step)
                .unwrap_or_default()
                .iter()
                .map(|p| match p {
                    StepPart::Text(t) => t.as_str(),
                    // "2 tbsp of the coconut milk" names coconut milk too.
                    StepPart::Amount(a) => a.what.as_str(),
                    StepPart::Ref(_) => " | ",
                })
                .collect();
            let w = words(&text);
            let mut at = 0;
            while at < w.len() {
                let found = names
                    .iter()
                    .find(|n| at + n.len() <= w.len() && w[at..at + n.len()] == n[..]);
                match found {
                    Some(n) => {
                        if !own.iter().any(|o| contains(o, n)) {
                            problems.push(format!(
                                "{} {}: {:?} names {}",
                                r.recipe_id,
                                r.name,
                                step,
                                n.join(" ")
                            ));
                        }
                        at += n.len();
                    }
                    None => at += 1,
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Units a step may measure an amount in.
const UNITS: [&str; 7] = ["ml", "l", "litre", "litres", "tbsp", "tsp", "cup"];

#[test]
fn every_amount_in_the_steps_scales_with_the_portion() {
    // An amount written as plain text ("add 100 ml water") would say one
    // serving's water to a cook making four: every one is `{100 ml water}`,
    // which the page scales.
    let mut problems = Vec::new();
    for r in catalogue() {
        for step in &r.card.steps {
            for part in parse_step(step).unwrap_or_default() {
                let StepPart::Text(text) = part else { continue };
                let tokens: Vec<&str> = text.split_whitespace().collect();
                for pair in tokens.windows(2) {
                    let number = pair[0].trim_start_matches('(');
                    let is_number = !number.is_empty()
                        && number
                            .chars()
                            .any(|c| c.is_ascii_digit() || "½¼¾⅓⅔".contains(c))
                        && number
                            .chars()
                            .all(|c| c.is_ascii_digit() || "½¼¾⅓⅔.-".contains(c));
                    let unit = pair[1].trim_end_matches([',', ';', '.', ')']);
                    if is_number && UNITS.contains(&unit) {
                        problems.push(format!(
                            "{}: {:?} is not scaled; write {{{} {} …}}",
                            r.recipe_id, step, number, unit
                        ));
                    }
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn a_pot_for_four_says_four_servings_of_water() {
    let kitchen = kitchen();
    let with_water = catalogue()
        .into_iter()
        .find(|r| r.card.steps.iter().any(|s| s.contains("{200 ml water")))
        .expect("a recipe cooks in 200 ml water");
    let scaled: Vec<_> = with_water
        .ingredients()
        .iter()
        .map(|i| mealplan_domain::RecipeIngredient {
            name: i.name.clone(),
            grams: i.grams * 4.0,
        })
        .collect();
    let steps: Vec<String> = with_water
        .card
        .steps
        .iter()
        .map(|s| kitchen.step(s, &scaled, 4.0))
        .collect();
    assert!(
        steps.iter().any(|s| s.contains("800 ml water")),
        "{steps:?}"
    );
    assert!(
        !steps.iter().any(|s| s.contains("200 ml water")),
        "{steps:?}"
    );
}

/// Words that must not stand right before an amount: "Top with sliced
/// 2 bananas" reads wrong; "Slice 2 bananas" reads right.
const ADJECTIVES: [&str; 19] = [
    "sliced", "diced", "chopped", "grated", "cooked", "shredded", "toasted", "crumbled", "drained",
    "mashed", "halved", "peeled", "minced", "crushed", "cubed", "rinsed", "roasted", "torn",
    "beaten",
];

#[test]
fn steps_read_as_sentences() {
    let kitchen = kitchen();
    let mut seen = HashSet::new();
    let mut problems = Vec::new();
    for r in catalogue() {
        for step in &r.card.steps {
            let parts = parse_step(step).unwrap_or_default();
            for (n, part) in parts.iter().enumerate() {
                let StepPart::Ref(_) = part else { continue };
                if let Some(StepPart::Text(before)) = n.checked_sub(1).map(|b| &parts[b]) {
                    let last = before.split_whitespace().last().unwrap_or("");
                    if ADJECTIVES.contains(&last.to_lowercase().as_str()) {
                        problems.push(format!(
                            "{}: {last:?} before an amount in {step:?}",
                            r.recipe_id
                        ));
                    }
                }
                if let Some(StepPart::Text(after)) = parts.get(n + 1)
                    && after.starts_with(" (")
                {
                    problems.push(format!(
                        "{}: a bracket after an amount (which may have its own) in {step:?}",
                        r.recipe_id
                    ));
                }
            }
            let text = kitchen.step(step, r.ingredients(), 1.0);
            let first = text.chars().next().unwrap_or(' ');
            if !(first.is_uppercase() || first.is_ascii_digit())
                || !(text.ends_with('.') || text.ends_with('!'))
                || text.contains("  ")
                || text.contains('{')
                || text.contains('}')
            {
                problems.push(format!("{}: not a sentence: {text:?}", r.recipe_id));
            }
            seen.insert(step.clone());
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // Steps are written per recipe, not one template pasted everywhere:
    // no two recipes share their steps, and common moves ("cook the rice")
    // are a small part of all steps.
    let all = catalogue();
    let with_steps: Vec<&Vec<String>> = all
        .iter()
        .map(|r| &r.card.steps)
        .filter(|s| !s.is_empty())
        .collect();
    let methods: HashSet<&&Vec<String>> = with_steps.iter().collect();
    assert_eq!(
        methods.len(),
        with_steps.len(),
        "two recipes share their steps"
    );
    let steps: usize = all.iter().map(|r| r.card.steps.len()).sum();
    assert!(
        seen.len() * 4 >= steps * 3,
        "{} distinct of {steps}",
        seen.len()
    );
}

/// Egg whites are a product of their own (liquid egg white, by volume), so
/// no shopping list buys whole eggs for their whites and leaves the yolks
/// over (issue 38 item 3); nothing else is bought as another ingredient.
#[test]
fn egg_whites_are_bought_as_liquid_egg_white() {
    let kitchen = kitchen();
    let whites = kitchen.purchase("egg white", 825.0);
    assert_eq!(kitchen.bought_as("egg white", 825.0).0, "egg white");
    assert_eq!(whites.display, "810 ml", "{whites:?}");
    let table = IngredientTable::shipped().unwrap();
    for name in table.names() {
        assert_eq!(
            kitchen.bought_as(name, 100.0).0,
            name,
            "{name} is bought as another"
        );
    }
}
