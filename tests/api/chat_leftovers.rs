//! The assistant and leftovers (issue 40): "cook once for two days"
//! makes a plan whose lunches and dinners are eaten again from an earlier
//! meal, and "I have leftovers from Tuesday's dinner" makes a later meal
//! that dish, eaten from it (in English and Spanish).

use awc::http::Method;
use serde_json::{Value, json};

use crate::chat::{expect, meal, plan as current, profile};
use crate::helpers::{Backend, spawn_app};

/// Every meal of a plan body.
fn meals(plan: &Value) -> Vec<&Value> {
    plan["daily_menus"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|d| d["meal_details"].as_array().unwrap())
        .collect()
}

async fn a_plan_cooked_once_for_two_days_is_asked_by_chat(b: Backend) {
    let app = spawn_app(b).await;
    let token = app.token_for("batch@example.com").await;
    let put = app
        .json(Method::PUT, "/api/profile", Some(&token), &profile())
        .await;
    assert_eq!(put.status, 200, "{}", put.text);

    let text = expect(
        &app,
        &token,
        "can you make my week so I cook once for two days?",
        &["generate_weekly_plan"],
    )
    .await;
    let plan = current(&app, &token).await;
    let all = meals(&plan);
    let leftovers: Vec<&&Value> = all.iter().filter(|m| m["leftover_of"].is_i64()).collect();
    // A plain week has none (the chat's search is seeded afresh, so how
    // many a week keeps varies: tests/api/leftovers.rs counts them).
    assert!(!leftovers.is_empty(), "no leftovers: {plan}");
    // The answer says which meals are cooked and which are not.
    assert!(text.contains("leftover: nothing to cook"), "{text}");
    assert!(text.contains("keep the rest for later"), "{text}");

    // "No leftovers" in Spanish: a plain week again.
    let text = expect(
        &app,
        &token,
        "hazme un plan nuevo sin sobras",
        &["generate_weekly_plan"],
    )
    .await;
    assert!(!text.contains("sobras: nada que cocinar"), "{text}");
    let plan = current(&app, &token).await;
    assert!(
        meals(&plan).iter().all(|m| m["leftover_of"].is_null()),
        "{plan}"
    );
}

async fn leftovers_on_hand_become_a_later_meal_by_chat(b: Backend) {
    let app = spawn_app(b).await;
    let token = app.token_for("fridge@example.com").await;
    let put = app
        .json(Method::PUT, "/api/profile", Some(&token), &profile())
        .await;
    assert_eq!(put.status, 200, "{}", put.text);
    let made = app
        .json(
            Method::POST,
            "/api/plan/generate",
            Some(&token),
            &json!({"seed": 3}),
        )
        .await;
    assert_eq!(made.status, 201, "{}", made.text);

    // English, both meals named.
    let text = expect(
        &app,
        &token,
        "I have leftovers from Tuesday's dinner, I'll eat them for Wednesday's lunch",
        &["replace_meal_in_plan"],
    )
    .await;
    let plan = current(&app, &token).await;
    let (cooked, eaten) = (meal(&plan, 2, "dinner"), meal(&plan, 3, "lunch"));
    assert_eq!(eaten["recipe_id"], cooked["recipe_id"], "{plan}");
    assert_eq!(eaten["leftover_of"], cooked["id"], "{plan}");
    let total = cooked["servings"].as_f64().unwrap() + eaten["servings"].as_f64().unwrap();
    let cook = cooked["cook_servings"].as_f64().unwrap();
    assert!((cook - total).abs() < 1e-9, "{cook} vs {total}: {plan}");
    assert!(text.contains("nothing to cook or buy"), "{text}");

    // Spanish, with a slip of the tongue's accents left out.
    let text = expect(
        &app,
        &token,
        "me sobro de la cena del jueves, me lo como en el almuerzo del viernes",
        &["replace_meal_in_plan"],
    )
    .await;
    let plan = current(&app, &token).await;
    let (cooked, eaten) = (meal(&plan, 4, "dinner"), meal(&plan, 5, "lunch"));
    assert_eq!(eaten["leftover_of"], cooked["id"], "{plan}");
    assert!(text.contains("sobras"), "{text}");

    // Too late to keep: said so, nothing changed.
    let before = meal(&current(&app, &token).await, 7, "lunch").clone();
    let text = expect(
        &app,
        &token,
        "I have leftovers from Monday's dinner for Sunday's lunch",
        &["replace_meal_in_plan"],
    )
    .await;
    assert!(text.contains("within 2 days"), "{text}");
    assert_eq!(meal(&current(&app, &token).await, 7, "lunch"), &before);

    // The shopping list buys the dish once: the eaten meal adds nothing.
    let list = app
        .get("/api/plan/current/shopping-list", Some(&token))
        .await;
    assert_eq!(list.status, 200, "{}", list.text);
}

crate::on_both_backends!(
    a_plan_cooked_once_for_two_days_is_asked_by_chat,
    leftovers_on_hand_become_a_later_meal_by_chat,
);
