//! Micronutrients (issue 38 item 6): a recipe's per serving from SR28, a
//! plan day's, and each person's week against their RDA or AI in the
//! summary, portions applied.

use std::collections::HashMap;

use awc::http::Method;
use serde_json::{Value, json};

use crate::helpers::{Backend, TestApp, spawn_app};

/// The ten names, in the order answers list them.
const NAMES: [&str; 10] = [
    "calcium",
    "iron",
    "magnesium",
    "potassium",
    "zinc",
    "vitamin_a",
    "vitamin_c",
    "vitamin_d",
    "vitamin_b12",
    "folate",
];

/// `nutrient` of a list of amounts as answered.
fn amount(list: &Value, nutrient: &str) -> f64 {
    list.as_array()
        .unwrap()
        .iter()
        .find(|a| a["nutrient"] == nutrient)
        .unwrap_or_else(|| panic!("no {nutrient} in {list}"))["amount"]
        .as_f64()
        .unwrap()
}

/// Each recipe's micronutrients per serving, as `/api/recipes/{id}`
/// answers them, by nutrient.
async fn per_serving(app: &TestApp, cache: &mut HashMap<i64, Value>, id: i64) -> Value {
    if let Some(v) = cache.get(&id) {
        return v.clone();
    }
    let sheet = app.get(&format!("/api/recipes/{id}"), None).await;
    assert_eq!(sheet.status, 200, "{}", sheet.text);
    let list = sheet.json["micronutrients"].clone();
    cache.insert(id, list.clone());
    list
}

/// A recipe's micronutrients are its ingredients' SR28 values per 100 g
/// times their grams, every one of the ten with its unit; a plan day's
/// are its meals' at their portions.
async fn recipes_and_days_report_micronutrients(b: Backend) {
    let app = spawn_app(b).await;
    let table = mealplan_catalogue::IngredientTable::shipped().unwrap();
    let catalogue = mealplan_catalogue::load().unwrap();
    // A dairy breakfast and a few others.
    let page = app.get("/api/recipes?limit=5&q=yogurt", None).await.json;
    let ids: Vec<i64> = page["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_i64().unwrap())
        .collect();
    assert!(!ids.is_empty(), "{page}");
    for id in ids {
        let sheet = app.get(&format!("/api/recipes/{id}"), None).await;
        assert_eq!(sheet.status, 200, "{}", sheet.text);
        let list = &sheet.json["micronutrients"];
        let names: Vec<&str> = list
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a["nutrient"].as_str().unwrap())
            .collect();
        assert_eq!(names, NAMES, "{list}");
        assert_eq!(list[0]["unit"], "mg");
        assert_eq!(list[5]["unit"], "µg RAE");
        assert_eq!(list[8]["unit"], "µg");
        assert_eq!(list[9]["unit"], "µg DFE");
        let recipe = catalogue.iter().find(|r| r.id == id).unwrap();
        for (k, name) in NAMES.iter().enumerate() {
            let expected: f64 = recipe
                .ingredients()
                .iter()
                .map(|i| {
                    let per_100g = table.get(&i.name).unwrap().micronutrients;
                    per_100g.iter().nth(k).unwrap().1 * i.grams / 100.0
                })
                .sum();
            assert!(
                (amount(list, name) - expected).abs() < 0.006,
                "{id} {name}: {list} against {expected}"
            );
        }
        // Yogurt brings calcium.
        assert!(amount(list, "calcium") > 50.0, "{id}: {list}");
    }
    // A plan day's micronutrients are its meals' at their servings.
    let token = app.token_for("micro-days@example.com").await;
    let profile = json!({
        "goal": "maintain_weight", "height": 170, "weight": 65, "body_type": "normal",
        "gender": "female", "meals_per_day": 3, "activity_level": "medium",
        "birth_date": "1990-05-06",
    });
    let reply = app
        .json(Method::PUT, "/api/profile", Some(&token), &profile)
        .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    let plan = app
        .json(
            Method::POST,
            "/api/plan/generate",
            Some(&token),
            &json!({"days": 2, "seed": 3}),
        )
        .await;
    assert_eq!(plan.status, 201, "{}", plan.text);
    let mut cache = HashMap::new();
    for day in plan.json["daily_menus"].as_array().unwrap() {
        for name in NAMES {
            let mut expected = 0.0;
            for m in day["meal_details"].as_array().unwrap() {
                let id = m["recipe_id"].as_i64().unwrap();
                let one = per_serving(&app, &mut cache, id).await;
                expected += amount(&one, name) * m["servings"].as_f64().unwrap();
            }
            let got = amount(&day["micronutrients"], name);
            assert!(
                (got - expected).abs() <= 0.02 + expected * 1e-3,
                "{name}: {got} against {expected} in {day}"
            );
        }
    }
}

/// The summary gives the holder and each member their day's average over
/// the plan, their own portions applied, against their RDA or AI for age
/// and sex, with the share and whether it reaches 80%; a vegan's entry
/// names vitamin B12 and vitamin D.
async fn the_summary_judges_each_persons_week(b: Backend) {
    let app = spawn_app(b).await;
    let token = app.token_for("micro-table@example.com").await;
    let holder = json!({
        "goal": "maintain_weight", "height": 180, "weight": 82, "body_type": "normal",
        "gender": "male", "meals_per_day": 3, "activity_level": "medium",
        "birth_date": "1985-04-02",
    });
    let reply = app
        .json(Method::PUT, "/api/profile", Some(&token), &holder)
        .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    // Without a household: the holder alone.
    let alone = app
        .json(
            Method::POST,
            "/api/plan/generate",
            Some(&token),
            &json!({"days": 2, "seed": 4}),
        )
        .await;
    assert_eq!(alone.status, 201, "{}", alone.text);
    let summary = app
        .get("/api/plan/current/summary", Some(&token))
        .await
        .json;
    let section = &summary["micronutrients"];
    assert_eq!(section["adequate_percent"], 80.0);
    assert!(
        section["source"].as_str().unwrap().contains("NIH"),
        "{section}"
    );
    let people = section["people"].as_array().unwrap();
    assert_eq!(people.len(), 1, "{section}");
    assert!(people[0]["member_id"].is_null());
    // A man of 41: calcium 1,000 mg, iron 8 mg (RDA), potassium 3,400 mg (AI).
    let nutrients = people[0]["nutrients"].as_array().unwrap();
    assert_eq!(nutrients.len(), 10);
    assert_eq!(nutrients[0]["reference"], 1000.0);
    assert_eq!(nutrients[1]["reference"], 8.0);
    assert_eq!(nutrients[3]["reference"], 3400.0);
    assert_eq!(nutrients[3]["reference_kind"], "AI");
    assert_eq!(nutrients[8]["reference_kind"], "RDA");
    let days = alone.json["daily_menus"].as_array().unwrap();
    for (k, name) in NAMES.iter().enumerate() {
        let mean = days
            .iter()
            .map(|d| amount(&d["micronutrients"], name))
            .sum::<f64>()
            / days.len() as f64;
        let n = &nutrients[k];
        assert_eq!(n["nutrient"], *name);
        let average = n["average"].as_f64().unwrap();
        assert!((average - mean).abs() <= 0.02 + mean * 1e-3, "{n}");
        let percent = n["percent"].as_f64().unwrap();
        let reference = n["reference"].as_f64().unwrap();
        assert!((percent - 100.0 * average / reference).abs() < 0.2, "{n}");
        assert_eq!(n["adequate"], percent >= 80.0 - 0.05, "{n}");
        let short = people[0]["short_of"]
            .as_array()
            .unwrap()
            .contains(&json!(name));
        assert_eq!(short, n["adequate"] == false, "{}", people[0]);
    }
    // Not vegan: no word of a supplement.
    let note = people[0]["note"].as_str().unwrap_or("");
    assert!(!note.contains("supplement"), "{note}");
    // Each nutrient the note names under 80% reads under 80 (79.6% read
    // "80%" before), its figure floored from the one reported.
    for n in nutrients.iter().filter(|n| n["adequate"] == false) {
        let percent = n["percent"].as_f64().unwrap();
        let (a, b) = (percent.floor(), (percent - 0.05).floor().max(0.0));
        assert!(a < 80.0 || b < 80.0, "{n}");
        assert!(
            note.contains(&format!("({a}%)")) || note.contains(&format!("({b}%)")),
            "{percent} in {note}"
        );
    }

    // A household: the holder and a vegan member of 20, each their own
    // portions.
    let sam = app
        .json(
            Method::POST,
            "/api/household/members",
            Some(&token),
            &json!({
                "name": "Sam", "goal": "maintain_weight", "height": 160, "weight": 55,
                "body_type": "lean", "gender": "female", "meals_per_day": 3,
                "activity_level": "medium", "birth_date": "2006-03-04",
                "diet_types": ["vegan"],
            }),
        )
        .await;
    assert_eq!(sam.status, 201, "{}", sam.text);
    let sam_id = sam.json["id"].as_i64().unwrap();
    let plan = app
        .json(
            Method::POST,
            "/api/plan/generate",
            Some(&token),
            &json!({"household": true, "days": 2, "seed": 6}),
        )
        .await;
    assert_eq!(plan.status, 201, "{}", plan.text);
    let summary = app
        .get("/api/plan/current/summary", Some(&token))
        .await
        .json;
    let people = summary["micronutrients"]["people"].as_array().unwrap();
    assert_eq!(people.len(), 2, "{summary}");
    assert!(people[0]["member_id"].is_null());
    assert_eq!(people[1]["member_id"], sam_id);
    assert_eq!(people[1]["name"], "Sam");
    // A woman of 20: iron 18 mg, potassium 2,600 mg.
    assert_eq!(people[1]["nutrients"][1]["reference"], 18.0);
    assert_eq!(people[1]["nutrients"][3]["reference"], 2600.0);
    let note = people[1]["note"].as_str().unwrap();
    assert!(
        note.contains("vitamin B12") && note.contains("vitamin D") && note.contains("fortified"),
        "{note}"
    );
    // Each person's average is what their own portions bring.
    let mut cache = HashMap::new();
    let days = plan.json["daily_menus"].as_array().unwrap();
    for (person, who) in [(&people[0], Value::Null), (&people[1], json!(sam_id))] {
        for (k, name) in NAMES.iter().enumerate() {
            let mut total = 0.0;
            for m in days
                .iter()
                .flat_map(|d| d["meal_details"].as_array().unwrap())
            {
                let id = m["recipe_id"].as_i64().unwrap();
                let one = per_serving(&app, &mut cache, id).await;
                let servings: f64 = m["portions"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter(|p| p["member_id"] == who)
                    .map(|p| p["servings"].as_f64().unwrap())
                    .sum();
                total += amount(&one, name) * servings;
            }
            let mean = total / days.len() as f64;
            let average = person["nutrients"][k]["average"].as_f64().unwrap();
            assert!(
                (average - mean).abs() <= 0.05 + mean * 1e-3,
                "{name} of {who}: {average} against {mean}"
            );
        }
    }
}

crate::on_both_backends!(
    recipes_and_days_report_micronutrients,
    the_summary_judges_each_persons_week
);
