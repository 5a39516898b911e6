//! A meal's note: set and cleared by `PUT /meal-detail/{id}?note=`,
//! shown wherever the meal is answered, refused when too long, without a
//! token, or on someone else's meal.

use awc::http::Method;
use serde_json::{Value, json};

use crate::helpers::{Backend, TestApp, spawn_app};

/// `PUT path` with an optional token and no body.
async fn put(app: &TestApp, path: &str, token: Option<&str>) -> crate::helpers::Reply {
    app.send(Method::PUT, path, token, &[], None).await
}

/// The query-string form of `text` (every byte but letters and digits
/// escaped, a space as `%20`).
fn encoded(text: &str) -> String {
    text.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

/// Where `GET /api/plan/current` and `GET /api/daily-menu/1` put the
/// plan's two meals, and the meal itself: each answer of meal `id`.
async fn answers_of(app: &TestApp, token: &str, index: usize) -> [Value; 3] {
    let id = index + 1;
    let plan = app.get("/api/plan/current", Some(token)).await;
    assert_eq!(plan.status, 200, "{}", plan.text);
    let day = app.get("/api/daily-menu/1", Some(token)).await;
    assert_eq!(day.status, 200, "{}", day.text);
    let meal = app.get(&format!("/meal-detail/{id}"), Some(token)).await;
    assert_eq!(meal.status, 200, "{}", meal.text);
    [
        plan.json["daily_menus"][0]["meal_details"][index].clone(),
        day.json["meal_details"][index].clone(),
        meal.json,
    ]
}

async fn a_meal_note_is_set_shown_and_cleared(b: Backend) {
    let app = spawn_app(b).await;
    let token = app.token_for("ann@example.com").await;
    let breakfast = app
        .get("/api/recipes?meal_type=breakfast&limit=2", None)
        .await;
    let ids: Vec<i64> = breakfast.json["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_i64().unwrap())
        .collect();
    let body = json!({"daily_menus": [{"day_of_week": 1, "meal_details": [
        {"recipe_id": ids[0], "schedule": 1, "status": 0, "meal_type": "breakfast"},
        {"recipe_id": ids[1], "schedule": 2, "status": 0, "meal_type": "breakfast"}
    ]}]});
    let created = app
        .json(Method::POST, "/api/plan", Some(&token), &body)
        .await;
    assert_eq!(created.status, 201, "{}", created.text);
    let before = answers_of(&app, &token, 0).await;
    for answer in &before {
        assert!(answer.get("note").is_none(), "{answer}");
    }

    // Set: answered at once, then shown by every read of the meal, and
    // only on that meal; nothing else about it changes.
    let note = "Cook double: lunch on Tuesday & \"no\" salt, ñ 🍳";
    let set = put(
        &app,
        &format!("/meal-detail/1?note={}", encoded(note)),
        Some(&token),
    )
    .await;
    assert_eq!(set.status, 200, "{}", set.text);
    let mut expected = before[2].clone();
    expected["note"] = json!(note);
    assert_eq!(set.json, expected);
    for answer in answers_of(&app, &token, 0).await {
        assert_eq!(answer, expected);
    }
    for answer in answers_of(&app, &token, 1).await {
        assert!(answer.get("note").is_none(), "{answer}");
    }
    // A status change answers the meal with its note, and keeps it.
    for status in [1, 0] {
        let ticked = put(
            &app,
            &format!("/meal-detail/1/status?status={status}"),
            Some(&token),
        )
        .await;
        assert_eq!(ticked.status, 200, "{}", ticked.text);
        assert_eq!(ticked.json["note"], json!(note));
    }

    // 200 characters (not bytes) are taken; 201 are refused as Pydantic
    // words a string too long, and the note stays.
    let longest = "é".repeat(200);
    let set = put(
        &app,
        &format!("/api/meal-detail/2?note={}", encoded(&longest)),
        Some(&token),
    )
    .await;
    assert_eq!((set.status, &set.json["note"]), (200, &json!(longest)));
    let too_long = "x".repeat(201);
    let refused = put(
        &app,
        &format!("/meal-detail/2?note={too_long}"),
        Some(&token),
    )
    .await;
    assert_eq!(
        (refused.status, refused.json),
        (
            422,
            json!({"detail": [{"type": "string_too_long", "loc": ["query", "note"],
                "msg": "String should have at most 200 characters", "input": too_long,
                "ctx": {"max_length": 200}}]})
        )
    );
    assert_eq!(answers_of(&app, &token, 1).await[2]["note"], json!(longest));

    // A swap and a note at once: both made.
    let both = put(
        &app,
        &format!("/meal-detail/2?recipe_id={}&note=swapped", ids[0]),
        Some(&token),
    )
    .await;
    assert_eq!(both.status, 200, "{}", both.text);
    assert_eq!(
        (&both.json["recipe_id"], &both.json["note"]),
        (&json!(ids[0]), &json!("swapped"))
    );

    // An empty note clears it: the answers are as before it was set.
    let cleared = put(&app, "/meal-detail/1?note=", Some(&token)).await;
    assert_eq!((cleared.status, &cleared.json), (200, &before[2]));
    assert_eq!(answers_of(&app, &token, 0).await, before);
}

async fn a_note_is_only_the_owners(b: Backend) {
    let app = spawn_app(b).await;
    let ann = app.token_for("ann@example.com").await;
    let bob = app.token_for("bob@example.com").await;
    let recipe = app
        .get("/api/recipes?meal_type=dinner&limit=1", None)
        .await
        .json["items"][0]["id"]
        .clone();
    let body = json!({"daily_menus": [{"day_of_week": 1, "meal_details": [
        {"recipe_id": recipe, "schedule": 1, "status": 0, "meal_type": "dinner"}
    ]}]});
    let created = app.json(Method::POST, "/api/plan", Some(&ann), &body).await;
    assert_eq!(created.status, 201, "{}", created.text);

    // Someone else's meal is not found for them; without a token a note
    // is refused even where a swap would be open; no meal, no note.
    let theirs = put(&app, "/meal-detail/1?note=mine", Some(&bob)).await;
    assert_eq!(
        (theirs.status, theirs.json),
        (404, json!({"detail": "Meal detail not found"}))
    );
    let anonymous = put(
        &app,
        &format!("/meal-detail/1?recipe_id={recipe}&note=mine"),
        None,
    )
    .await;
    assert_eq!(
        (anonymous.status, anonymous.json),
        (401, json!({"detail": "Not authenticated"}))
    );
    let missing = put(&app, "/meal-detail/99?note=x", Some(&ann)).await;
    assert_eq!(
        (missing.status, missing.json),
        (404, json!({"detail": "Meal detail not found"}))
    );
    let meal = app.get("/meal-detail/1", Some(&ann)).await.json;
    assert!(meal.get("note").is_none(), "{meal}");

    // Neither a recipe nor a note: the recipe is missing, as before.
    let neither = put(&app, "/meal-detail/1", Some(&ann)).await;
    assert_eq!(
        (neither.status, neither.json),
        (
            422,
            json!({"detail": [{"type": "missing", "loc": ["query", "recipe_id"],
                "msg": "Field required", "input": null}]})
        )
    );
}

crate::on_both_backends!(
    a_meal_note_is_set_shown_and_cleared,
    a_note_is_only_the_owners
);
