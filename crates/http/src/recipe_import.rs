//! Recipes people bring, read from a request body into drafts: the
//! project's own shape (`{name, servings, ingredients, steps,
//! meal_types, prep_minutes?, cook_minutes?}`) or schema.org `Recipe`
//! JSON-LD as recipe sites, Mealie and Tandoor publish it (one object, a
//! list, or an `@graph`). Each recipe stands or fails on its own; what is
//! wrong is worded as Pydantic words a 422, under its place in the body.
//! Text is kept as written (HTML too: pages escape it).

use mealplan_app::OwnDraft;
use mealplan_app::own_recipes::{MAX_LINES, MAX_NAME, MAX_STEPS, MAX_TEXT, SERVINGS};
use mealplan_domain::{MealType, Stated};
use serde_json::Value;

use crate::error::Loc;
use crate::validate::{Errors, Problem, integer};

/// Longest preparation or cooking time, minutes (a week).
pub const MAX_MINUTES: u32 = 7 * 24 * 60;

/// What a body holds: one recipe, or several (a list, an `@graph` with
/// more than one `Recipe`), each read or refused on its own.
pub enum Import {
    /// One recipe.
    One(Result<OwnDraft, Errors>),
    /// Several, in body order.
    Many(Vec<Result<OwnDraft, Errors>>),
}

/// Reads a body: a JSON-LD document or list, or the project's shape.
pub fn read(body: &Value) -> Import {
    let root = vec![Loc::from("body")];
    match body {
        Value::Array(items) => Import::Many(
            items
                .iter()
                .enumerate()
                .map(|(i, item)| {
                    let mut loc = root.clone();
                    loc.push(Loc::Index(i));
                    read_one(item, &loc)
                })
                .collect(),
        ),
        Value::Object(o) if o.contains_key("@graph") => {
            let recipes: Vec<&Value> = o["@graph"]
                .as_array()
                .map(|g| g.iter().filter(|n| is_recipe(n)).collect())
                .unwrap_or_default();
            match recipes.as_slice() {
                [one] => Import::One(read_json_ld(one, &root)),
                [] => Import::One(Err(not_a_recipe(body, &root))),
                many => Import::Many(
                    many.iter()
                        .enumerate()
                        .map(|(i, item)| {
                            let mut loc = root.clone();
                            loc.extend([Loc::from("@graph"), Loc::Index(i)]);
                            read_json_ld(item, &loc)
                        })
                        .collect(),
                ),
            }
        }
        _ => Import::One(read_one(body, &root)),
    }
}

fn read_one(item: &Value, loc: &[Loc]) -> Result<OwnDraft, Errors> {
    match item {
        Value::Object(o) if o.contains_key("@type") || o.contains_key("@context") => {
            read_json_ld(item, loc)
        }
        Value::Object(_) => read_own(item, loc),
        _ => {
            let mut e = Errors::default();
            e.push(loc.to_vec(), item, Problem::model_type("Recipe"));
            Err(e)
        }
    }
}

fn is_recipe(v: &Value) -> bool {
    let named = |t: &str| {
        matches!(
            t.trim_start_matches("http://schema.org/")
                .trim_start_matches("https://schema.org/")
                .trim_start_matches("schema:"),
            "Recipe"
        )
    };
    match v.get("@type") {
        Some(Value::String(t)) => named(t),
        Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).any(named),
        _ => false,
    }
}

fn not_a_recipe(v: &Value, loc: &[Loc]) -> Errors {
    let mut e = Errors::default();
    let mut at = loc.to_vec();
    at.push(Loc::from("@type"));
    e.push(
        at,
        v.get("@type").unwrap_or(&Value::Null),
        Problem::value_error("the JSON-LD is not a schema.org Recipe"),
    );
    e
}

/// One field's place: `loc` then `name`.
fn at(loc: &[Loc], name: &str) -> Vec<Loc> {
    let mut l = loc.to_vec();
    l.push(Loc::from(name));
    l
}

/// A name: text of 1 to [`MAX_NAME`] characters.
fn name(o: &Value, key: &str, loc: &[Loc], e: &mut Errors) -> Option<String> {
    match o.get(key) {
        None | Some(Value::Null) => e.push(at(loc, key), &Value::Null, Problem::missing()),
        Some(Value::String(s)) if s.trim().is_empty() => {
            e.push(at(loc, key), &o[key], Problem::too_short(1));
        }
        Some(Value::String(s)) if s.trim().chars().count() > MAX_NAME => {
            e.push(at(loc, key), &o[key], Problem::too_long(MAX_NAME));
        }
        Some(Value::String(s)) => return Some(s.trim().to_owned()),
        Some(other) => e.push(at(loc, key), other, Problem::string_type()),
    }
    None
}

/// A list of texts (`lines` of at most `max`; `required` needs one).
fn texts(
    o: &Value,
    key: &str,
    loc: &[Loc],
    e: &mut Errors,
    required: bool,
    max: usize,
) -> Option<Vec<String>> {
    let value = o.get(key).filter(|v| !v.is_null());
    let Some(value) = value else {
        if required {
            e.push(at(loc, key), &Value::Null, Problem::missing());
            return None;
        }
        return Some(Vec::new());
    };
    let Some(items) = value.as_array() else {
        e.push(at(loc, key), value, Problem::list_type());
        return None;
    };
    if required && items.is_empty() {
        e.push(
            at(loc, key),
            value,
            Problem::value_error("a recipe needs at least one ingredient"),
        );
        return None;
    }
    if items.len() > max {
        e.push(
            at(loc, key),
            &Value::from(items.len()),
            Problem::value_error(format!(
                "at most {max} are taken, {} were sent",
                items.len()
            )),
        );
        return None;
    }
    let before = e.len();
    let out: Vec<String> = items
        .iter()
        .enumerate()
        .filter_map(|(i, item)| {
            let mut l = at(loc, key);
            l.push(Loc::Index(i));
            text(item, l, e)
        })
        .collect();
    (e.len() == before).then_some(out)
}

fn text(item: &Value, loc: Vec<Loc>, e: &mut Errors) -> Option<String> {
    match item.as_str().map(str::trim) {
        Some("") => e.push(loc, item, Problem::too_short(1)),
        Some(s) if s.chars().count() > MAX_TEXT => e.push(loc, item, Problem::too_long(MAX_TEXT)),
        Some(s) => return Some(s.to_owned()),
        None => e.push(loc, item, Problem::string_type()),
    }
    None
}

fn servings_in(n: i64, value: &Value, loc: Vec<Loc>, e: &mut Errors) -> Option<u32> {
    if n < i64::from(SERVINGS.0) {
        e.push(loc, value, Problem::ge(SERVINGS.0));
    } else if n > i64::from(SERVINGS.1) {
        e.push(loc, value, Problem::le(SERVINGS.1));
    } else {
        return u32::try_from(n).ok();
    }
    None
}

fn minutes(o: &Value, key: &str, loc: &[Loc], e: &mut Errors) -> Option<u32> {
    match o.get(key) {
        None | Some(Value::Null) => Some(0),
        // Laxly, as Pydantic reads an `int`: `20.0` and `"20"` too.
        Some(v) => match integer(v) {
            Ok(n) if n < 0 => {
                e.push(at(loc, key), v, Problem::ge(0));
                None
            }
            Ok(n) if n > i64::from(MAX_MINUTES) => {
                e.push(at(loc, key), v, Problem::le(MAX_MINUTES));
                None
            }
            Ok(n) => u32::try_from(n).ok(),
            Err(problem) => {
                e.push(at(loc, key), v, problem);
                None
            }
        },
    }
}

fn meal_types(o: &Value, key: &str, loc: &[Loc], e: &mut Errors) -> Option<Vec<MealType>> {
    let items = texts(o, key, loc, e, false, 4)?;
    let mut out = Vec::new();
    let mut ok = true;
    for (i, t) in items.iter().enumerate() {
        match MealType::parse(&t.to_lowercase()) {
            Ok(m) if !out.contains(&m) => out.push(m),
            Ok(_) => {}
            Err(_) => {
                let mut l = at(loc, key);
                l.push(Loc::Index(i));
                e.push(
                    l,
                    &Value::from(t.as_str()),
                    Problem::one_of(&["breakfast", "lunch", "dinner", "snack"]),
                );
                ok = false;
            }
        }
    }
    ok.then_some(out)
}

/// The project's own shape.
fn read_own(o: &Value, loc: &[Loc]) -> Result<OwnDraft, Errors> {
    let mut e = Errors::default();
    let name = name(o, "name", loc, &mut e);
    let servings = match o.get("servings") {
        None | Some(Value::Null) => {
            e.push(at(loc, "servings"), &Value::Null, Problem::missing());
            None
        }
        // Laxly, as Pydantic reads an `int`: `4.0` and `"4"` too.
        Some(v) => match integer(v) {
            Ok(n) => servings_in(n, v, at(loc, "servings"), &mut e),
            Err(problem) => {
                e.push(at(loc, "servings"), v, problem);
                None
            }
        },
    };
    let lines = texts(o, "ingredients", loc, &mut e, true, MAX_LINES);
    let steps = texts(o, "steps", loc, &mut e, false, MAX_STEPS);
    let meal_types = meal_types(o, "meal_types", loc, &mut e);
    let prep = minutes(o, "prep_minutes", loc, &mut e);
    let cook = minutes(o, "cook_minutes", loc, &mut e);
    match (name, servings, lines, steps, meal_types, prep, cook) {
        (
            Some(name),
            Some(servings),
            Some(lines),
            Some(steps),
            Some(meal_types),
            Some(p),
            Some(c),
        ) if e.is_empty() => Ok(OwnDraft {
            name,
            servings,
            lines,
            steps,
            meal_types,
            prep_minutes: p,
            cook_minutes: c,
            stated: None,
            keywords: Vec::new(),
        }),
        _ => Err(e),
    }
}

/// Strings of a JSON-LD value that may be one string or a list of them.
fn strings(v: Option<&Value>) -> Vec<String> {
    match v {
        Some(Value::String(s)) => vec![s.clone()],
        Some(Value::Array(items)) => items
            .iter()
            .filter_map(Value::as_str)
            .map(str::to_owned)
            .collect(),
        _ => Vec::new(),
    }
}

/// The first whole number in a text ("Serves 4-6" → 4).
fn first_number(s: &str) -> Option<i64> {
    let digits: String = s
        .chars()
        .skip_while(|c| !c.is_ascii_digit())
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

/// `recipeYield`: a number, a text with one, or a list of those.
fn servings_of(v: &Value) -> Option<i64> {
    match v {
        Value::Number(n) => n.as_f64().map(|f| f.round() as i64),
        Value::String(s) => first_number(s),
        Value::Array(items) => items.iter().find_map(servings_of),
        _ => None,
    }
}

/// Minutes of an ISO 8601 duration (`PT1H30M`, `P0DT0H20M`, `PT90M`).
pub fn iso_minutes(s: &str) -> Option<u32> {
    let rest = s.trim().strip_prefix('P')?;
    let (date, time) = rest.split_once('T').unwrap_or((rest, ""));
    let mut total = 0.0;
    let mut read = |part: &str, units: &[(char, f64)]| -> Option<()> {
        let mut number = String::new();
        for c in part.chars() {
            if c.is_ascii_digit() || c == '.' {
                number.push(c);
            } else {
                let (_, per) = units.iter().find(|(u, _)| *u == c)?;
                total += number.parse::<f64>().ok()? * per;
                number.clear();
            }
        }
        number.is_empty().then_some(())
    };
    read(date, &[('D', 1440.0), ('W', 10080.0)])?;
    read(time, &[('H', 60.0), ('M', 1.0), ('S', 1.0 / 60.0)])?;
    (total <= f64::from(MAX_MINUTES)).then(|| total.round() as u32)
}

fn duration(o: &Value, key: &str, loc: &[Loc], e: &mut Errors) -> Option<Option<u32>> {
    match o.get(key) {
        None | Some(Value::Null) => Some(None),
        Some(Value::String(s)) if s.trim().is_empty() => Some(None),
        Some(v) => match v.as_str().and_then(iso_minutes) {
            Some(m) => Some(Some(m)),
            None => {
                e.push(
                    at(loc, key),
                    v,
                    Problem::value_error(format!(
                        "an ISO 8601 duration of at most {MAX_MINUTES} minutes is expected (PT1H30M)"
                    )),
                );
                None
            }
        },
    }
}

/// Instructions: a text (one step a line), texts, `HowToStep`s, and
/// `HowToSection`s of those.
fn instructions(v: Option<&Value>, out: &mut Vec<String>) {
    match v {
        Some(Value::String(s)) => out.extend(
            s.lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .map(str::to_owned),
        ),
        Some(Value::Array(items)) => items.iter().for_each(|i| instructions(Some(i), out)),
        Some(Value::Object(o)) => {
            if let Some(list) = o.get("itemListElement") {
                instructions(Some(list), out);
            } else if let Some(t) = o.get("text").or_else(|| o.get("name")) {
                instructions(Some(t), out);
            }
        }
        _ => {}
    }
}

/// The slots a `recipeCategory` names.
fn category_meals(category: &str) -> Vec<MealType> {
    let c = category.trim().to_lowercase();
    match c.as_str() {
        "breakfast" | "brunch" => vec![MealType::Breakfast],
        "lunch" => vec![MealType::Lunch],
        "dinner" | "supper" => vec![MealType::Dinner],
        "main" | "main course" | "main dish" | "mains" | "entree" | "entrée" => {
            vec![MealType::Lunch, MealType::Dinner]
        }
        "snack" | "snacks" | "appetizer" | "appetiser" | "starter" | "dessert" => {
            vec![MealType::Snack]
        }
        _ => Vec::new(),
    }
}

/// A NutritionInformation figure: a number, or a text with one ("520 kcal",
/// "31 g", "1,200 mg").
fn figure(v: Option<&Value>) -> Option<f64> {
    match v? {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => {
            let s = s.replace(',', "");
            let number: String = s
                .trim()
                .chars()
                .take_while(|c| c.is_ascii_digit() || *c == '.')
                .collect();
            number.parse().ok()
        }
        _ => None,
    }
}

fn stated(v: Option<&Value>) -> Option<Stated> {
    let n = v?;
    let calories = figure(n.get("calories"))?;
    Some(Stated {
        calories,
        protein: figure(n.get("proteinContent")),
        carbs: figure(n.get("carbohydrateContent")),
        fat: figure(n.get("fatContent")),
        fiber: figure(n.get("fiberContent")),
        sugar: figure(n.get("sugarContent")),
    })
}

/// A schema.org `Recipe`.
fn read_json_ld(o: &Value, loc: &[Loc]) -> Result<OwnDraft, Errors> {
    if !is_recipe(o) {
        return Err(not_a_recipe(o, loc));
    }
    let mut e = Errors::default();
    let name = name(o, "name", loc, &mut e);
    let servings = match o.get("recipeYield") {
        None | Some(Value::Null) => {
            e.push(at(loc, "recipeYield"), &Value::Null, Problem::missing());
            None
        }
        Some(v) => match servings_of(v) {
            Some(n) => servings_in(n, v, at(loc, "recipeYield"), &mut e),
            None => {
                e.push(
                    at(loc, "recipeYield"),
                    v,
                    Problem::value_error("recipeYield gives no number of servings"),
                );
                None
            }
        },
    };
    let lines = texts(o, "recipeIngredient", loc, &mut e, true, MAX_LINES);
    let mut steps = Vec::new();
    instructions(o.get("recipeInstructions"), &mut steps);
    steps.retain(|s| !s.trim().is_empty());
    if steps.len() > MAX_STEPS {
        e.push(
            at(loc, "recipeInstructions"),
            &Value::from(steps.len()),
            Problem::value_error(format!("at most {MAX_STEPS} steps are taken")),
        );
    }
    for (i, s) in steps.iter().enumerate() {
        if s.chars().count() > MAX_TEXT {
            let mut l = at(loc, "recipeInstructions");
            l.push(Loc::Index(i));
            e.push(l, &Value::from(s.as_str()), Problem::too_long(MAX_TEXT));
        }
    }
    let prep = duration(o, "prepTime", loc, &mut e);
    let cook = duration(o, "cookTime", loc, &mut e);
    let total = duration(o, "totalTime", loc, &mut e);
    let mut meals: Vec<MealType> = Vec::new();
    for c in strings(o.get("recipeCategory"))
        .iter()
        .flat_map(|c| c.split(','))
    {
        for m in category_meals(c) {
            if !meals.contains(&m) {
                meals.push(m);
            }
        }
    }
    if o.get("meal_types").is_some()
        && let Some(asked) = meal_types(o, "meal_types", loc, &mut e)
    {
        meals = asked;
    }
    let keywords: Vec<String> = strings(o.get("keywords"))
        .iter()
        .flat_map(|k| k.split(','))
        .map(str::trim)
        .filter(|k| !k.is_empty())
        .map(str::to_owned)
        .collect();
    match (name, servings, lines, prep, cook, total) {
        (Some(name), Some(servings), Some(lines), Some(prep), Some(cook), Some(total))
            if e.is_empty() =>
        {
            let prep = prep.unwrap_or(0);
            let cook = cook.unwrap_or_else(|| total.map_or(0, |t| t.saturating_sub(prep)));
            Ok(OwnDraft {
                name,
                servings,
                lines,
                steps,
                meal_types: meals,
                prep_minutes: prep,
                cook_minutes: cook,
                stated: stated(o.get("nutrition")),
                keywords,
            })
        }
        _ => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn one(body: Value) -> Result<OwnDraft, Errors> {
        match read(&body) {
            Import::One(r) => r,
            Import::Many(_) => panic!("several read from {body}"),
        }
    }

    #[test]
    fn durations_read_as_minutes() {
        assert_eq!(iso_minutes("PT1H30M"), Some(90));
        assert_eq!(iso_minutes("P0DT0H20M"), Some(20));
        assert_eq!(iso_minutes("PT90M"), Some(90));
        assert_eq!(iso_minutes("PT45S"), Some(1));
        assert_eq!(iso_minutes("1 hour"), None);
        assert_eq!(iso_minutes("PT5X"), None);
    }

    #[test]
    fn a_json_ld_recipe_reads_every_field() {
        let d = one(json!({
            "@context": "https://schema.org",
            "@type": "Recipe",
            "name": "Lentil soup",
            "recipeYield": ["4", "4 servings"],
            "recipeIngredient": ["1 cup dried lentils", "1 onion, diced"],
            "recipeInstructions": [
                {"@type": "HowToSection", "name": "Soup", "itemListElement": [
                    {"@type": "HowToStep", "text": "Rinse the lentils."},
                    {"@type": "HowToStep", "text": "Simmer 30 minutes."}
                ]},
                "Serve."
            ],
            "prepTime": "PT10M",
            "totalTime": "PT45M",
            "recipeCategory": "Main course",
            "keywords": "soup, vegan",
            "nutrition": {"@type": "NutritionInformation", "calories": "520 kcal", "proteinContent": "31 g"}
        }))
        .unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(d.servings, 4);
        assert_eq!(
            d.steps,
            ["Rinse the lentils.", "Simmer 30 minutes.", "Serve."]
        );
        assert_eq!((d.prep_minutes, d.cook_minutes), (10, 35));
        assert_eq!(d.meal_types, [MealType::Lunch, MealType::Dinner]);
        assert_eq!(d.keywords, ["soup", "vegan"]);
        let s = d.stated.unwrap();
        assert_eq!((s.calories, s.protein, s.fat), (520.0, Some(31.0), None));
    }

    #[test]
    fn a_graph_imports_its_recipes_and_refuses_other_types() {
        let recipe = |name: &str| {
            json!({"@type": "Recipe", "name": name, "recipeYield": 2,
                   "recipeIngredient": ["1 egg"]})
        };
        match read(&json!({"@graph": [{"@type": "WebPage"}, recipe("a"), recipe("b")]})) {
            Import::Many(all) => assert_eq!(all.len(), 2),
            Import::One(_) => panic!("one"),
        }
        assert!(one(json!({"@graph": [{"@type": "WebPage"}, recipe("a")]})).is_ok());
        assert!(
            one(json!({"@context": "https://schema.org", "@type": "Person", "name": "x"})).is_err()
        );
        assert!(one(json!({"@graph": [{"@type": "WebPage"}]})).is_err());
    }

    #[test]
    fn bad_drafts_are_refused_field_by_field() {
        let ok = json!({"name": "Toast", "servings": 1, "ingredients": ["2 slices bread"],
                        "meal_types": ["breakfast"]});
        assert!(one(ok.clone()).is_ok());
        for (field, value) in [
            ("servings", json!(0)),
            ("servings", json!(1000)),
            ("servings", json!("two")),
            ("ingredients", json!([])),
            ("ingredients", json!(vec!["1 egg"; MAX_LINES + 1])),
            ("meal_types", json!(["brunch"])),
            ("name", json!("")),
        ] {
            let mut bad = ok.clone();
            bad[field] = value;
            let e = one(bad).expect_err(field);
            let entries = e.into_entries();
            assert_eq!(entries[0].loc[1], Loc::from(field), "{entries:?}");
        }
        // Whole numbers written as floats or strings are read as Pydantic
        // reads an `int`; a fraction is not.
        for (field, value) in [
            ("servings", json!(4.0)),
            ("servings", json!("4")),
            ("prep_minutes", json!(20.0)),
        ] {
            let mut lax = ok.clone();
            lax[field] = value;
            assert!(one(lax).is_ok(), "{field}");
        }
        let mut half = ok.clone();
        half["servings"] = json!(2.5);
        let entries = one(half).expect_err("2.5 servings").into_entries();
        assert_eq!(entries[0].kind, "int_from_float", "{entries:?}");
        let mut yieldless = json!({"@type": "Recipe", "name": "x", "recipeIngredient": ["1 egg"]});
        assert!(one(yieldless.clone()).is_err());
        yieldless["recipeYield"] = json!("0 servings");
        assert!(one(yieldless).is_err());
    }
}
