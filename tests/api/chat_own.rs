//! The assistant and one's own recipes (issue 39): a recipe added from
//! its ingredient lines by chat ("add my recipe …: …"), answered with its
//! status and the lines that wait for review, and a plan drawn on one's
//! own recipes ("use my recipes this week", "solo mis recetas").

use awc::http::Method;
use serde_json::Value;

use crate::chat::{expect, profile};
use crate::helpers::{Backend, TestApp, spawn_app};

/// The user's own recipes whose name has `q`, each as its own page
/// tells it (with its status).
async fn own_named(app: &TestApp, token: &str, q: &str) -> Vec<Value> {
    let reply = app
        .get(&format!("/api/recipes?q={q}&limit=100"), Some(token))
        .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    let mut out = Vec::new();
    for r in reply.json["items"].as_array().unwrap() {
        let Some(id) = r["id"].as_i64().filter(|id| *id > 1_000_000_000) else {
            continue;
        };
        let one = app.get(&format!("/api/recipes/{id}"), Some(token)).await;
        assert_eq!(one.status, 200, "{}", one.text);
        out.push(one.json);
    }
    out
}

/// How many meals of the active plan are the user's own recipes.
async fn own_meals(app: &TestApp, token: &str) -> usize {
    let plan = app.get("/api/plan/current", Some(token)).await;
    assert_eq!(plan.status, 200, "{}", plan.text);
    plan.json["daily_menus"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|d| d["meal_details"].as_array().unwrap())
        .filter(|m| m["recipe_id"].as_i64().is_some_and(|id| id > 1_000_000_000))
        .count()
}

async fn own_recipes_are_added_and_planned_by_chat(b: Backend) {
    let app = spawn_app(b).await;
    let token = app.token_for("cook@example.com").await;
    let put = app
        .json(Method::PUT, "/api/profile", Some(&token), &profile())
        .await;
    assert_eq!(put.status, 200, "{}", put.text);

    // Every line placed and a meal named: ready, and stored as one's own.
    let text = expect(
        &app,
        &token,
        "add my recipe Chickpea rice bowl for 2, for dinner: 200g white rice; 1 (400 g) can chickpeas, drained; 2 tbsp olive oil",
        &["add_own_recipe"],
    )
    .await;
    assert!(text.contains("Chickpea rice bowl"), "{text}");
    assert!(text.contains("Status: ready"), "{text}");
    let saved = own_named(&app, &token, "chickpea").await;
    assert_eq!(saved.len(), 1, "{saved:?}");
    assert_eq!(saved[0]["status"], "ready", "{}", saved[0]);

    // A line no food fits and no meal named: needs review, and the
    // answer names the line and the meals it still needs.
    let text = expect(
        &app,
        &token,
        "add my recipe Mystery stew: 2 cups blorpberries; 200g white rice",
        &["add_own_recipe"],
    )
    .await;
    assert!(text.contains("Status: needs review"), "{text}");
    assert!(text.contains("\"2 cups blorpberries\""), "{text}");
    assert!(!text.contains("\"200g white rice\""), "{text}");
    assert!(text.contains("meals it is for"), "{text}");
    assert_eq!(
        own_named(&app, &token, "mystery").await[0]["status"],
        "needs_review"
    );

    // "use my recipes this week": a plan with one's own recipes first.
    let text = expect(
        &app,
        &token,
        "use my recipes this week",
        &["generate_weekly_plan"],
    )
    .await;
    assert!(text.contains("from your own recipes first"), "{text}");
    let mine = own_meals(&app, &token).await;
    assert!(mine >= 1, "no own recipe planned: {text}");
    assert!(
        text.contains(&format!("{mine} of its meals are yours")),
        "{text}"
    );

    // "solo mis recetas": only one's own; the slots they cannot fill are
    // named, in Spanish.
    let text = expect(
        &app,
        &token,
        "solo mis recetas esta semana",
        &["generate_weekly_plan"],
    )
    .await;
    assert!(text.contains("solo con tus recetas"), "{text}");
    assert!(text.contains("El catálogo completó desayuno"), "{text}");

    // Said not to: nothing is done.
    let before = app.get("/api/plan/current", Some(&token)).await.json["id"].clone();
    expect(&app, &token, "don't use my recipes", &[]).await;
    let after = app.get("/api/plan/current", Some(&token)).await.json["id"].clone();
    assert_eq!(before, after);

    // One's own recipe put in a meal by name, in a plan of the catalogue.
    expect(
        &app,
        &token,
        "create my weekly plan",
        &["generate_weekly_plan"],
    )
    .await;
    let text = expect(
        &app,
        &token,
        "put my chickpea rice bowl on sunday's dinner",
        &["replace_meal_in_plan"],
    )
    .await;
    assert!(text.contains("Chickpea rice bowl"), "{text}");
    let plan = crate::chat::plan(&app, &token).await;
    let dinner = crate::chat::meal(&plan, 7, "dinner");
    assert_eq!(dinner["recipe"]["name"], "Chickpea rice bowl", "{dinner}");
    // Kept out by a restriction: said, and nothing swapped.
    let put = app
        .json(
            Method::PUT,
            "/api/profile",
            Some(&token),
            &serde_json::json!({
                "goal": "maintain_weight", "height": 175, "weight": 72, "body_type": "normal",
                "gender": "male", "meals_per_day": 3, "activity_level": "medium",
                "birth_date": "1992-04-10", "restrictions": [{"name": "chickpeas"}],
            }),
        )
        .await;
    assert_eq!(put.status, 200, "{}", put.text);
    let monday = crate::chat::meal(&plan, 1, "dinner")["recipe_id"].clone();
    let text = expect(
        &app,
        &token,
        "swap monday's dinner for my chickpea rice bowl",
        &["replace_meal_in_plan"],
    )
    .await;
    assert!(text.contains("must avoid (chickpeas)"), "{text}");
    let plan = crate::chat::plan(&app, &token).await;
    assert_eq!(crate::chat::meal(&plan, 1, "dinner")["recipe_id"], monday);
}

/// A language model that calls `add_own_recipe` adds the recipe through
/// the same use case as the keyword reader: stored as one's own, its
/// lines placed, its meal and servings as the model gave them.
async fn a_model_adds_an_own_recipe_through_its_tool(b: Backend) {
    let (app, seen) = crate::chat::app_with_model(b, crate::chat::Script::OwnRecipe).await;
    let token = app.token_for("model-cook@example.com").await;
    let put = app
        .json(Method::PUT, "/api/profile", Some(&token), &profile())
        .await;
    assert_eq!(put.status, 200, "{}", put.text);
    let text = expect(
        &app,
        &token,
        "save my rice bowl recipe",
        &["add_own_recipe"],
    )
    .await;
    assert_eq!(text, "Saved it.");
    let saved = own_named(&app, &token, "model").await;
    assert_eq!(saved.len(), 1, "{saved:?}");
    assert_eq!(saved[0]["status"], "ready", "{}", saved[0]);
    assert_eq!(saved[0]["servings"], 2, "{}", saved[0]);
    // The tool's answer went back to the model.
    let seen = seen.lock().unwrap();
    let result = seen[1]["messages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["role"] == "tool")
        .unwrap();
    assert!(
        result["content"]
            .as_str()
            .unwrap()
            .contains("Status: ready"),
        "{result}"
    );
}

crate::on_both_backends!(
    own_recipes_are_added_and_planned_by_chat,
    a_model_adds_an_own_recipe_through_its_tool,
);
