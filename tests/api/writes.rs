//! Profile writes under concurrency: an upsert is one transaction that
//! answers from what it wrote, so concurrent saves of one profile leave
//! exactly one of them, lists included, and each answer is what its own
//! save stored.

use awc::http::Method;
use serde_json::{Value, json};

use crate::helpers::{Backend, spawn_app};

fn profile(tastes: Value, diet_types: Value, calories: f64) -> Value {
    json!({
        "goal": "maintain_weight", "height": 178, "weight": 76, "body_type": "normal",
        "gender": "male", "meals_per_day": 4, "activity_level": "medium",
        "birth_date": "1990-04-01", "calories_target": calories,
        "tastes": tastes, "diet_types": diet_types,
    })
}

fn names(items: &Value) -> Vec<String> {
    items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| {
            i["name"]
                .as_str()
                .unwrap_or_else(|| i.as_str().unwrap())
                .to_owned()
        })
        .collect()
}

async fn concurrent_saves_of_one_profile_leave_one_of_them_whole(b: Backend) {
    let app = spawn_app(b).await;
    let token = app.token_for("racer@example.com").await;
    // Each save names its own tastes (predefined, by id) and diet types, in
    // its own order, and its own calorie target.
    let variants = [
        profile(
            json!([{"id": 1, "name": "spicy"}, {"id": 2, "name": "x"}]),
            json!(["vegan"]),
            2001.0,
        ),
        profile(
            json!([{"id": 3, "name": "x"}]),
            json!(["low_carb", "high_protein"]),
            2002.0,
        ),
        profile(json!([]), json!([]), 2003.0),
        profile(
            json!([{"id": 2, "name": "x"}, {"id": 1, "name": "x"}]),
            json!(["high_protein"]),
            2004.0,
        ),
    ];
    let saves = (0..24).map(|i| {
        let (app, token, body) = (&app, &token, &variants[i % variants.len()]);
        async move {
            let reply = app
                .json(Method::PUT, "/api/profile", Some(token), body)
                .await;
            assert_eq!(reply.status, 200, "{}", reply.text);
            reply.json
        }
    });
    let answers = futures_util::future::join_all(saves).await;
    let shape = |p: &Value| {
        (
            p["calories_target"].as_f64().unwrap(),
            names(&p["tastes"]),
            names(&p["diet_types"]),
        )
    };
    // Every answer is one whole variant: its own lists with its target.
    let mut wanted = Vec::new();
    for (i, answer) in answers.iter().enumerate() {
        let (calories, tastes, diets) = shape(answer);
        assert_eq!(calories, 2001.0 + (i % variants.len()) as f64, "{answer}");
        wanted.push((calories, tastes, diets));
    }
    // What is stored is exactly one of them: no list mixes two saves.
    let stored = app.get("/api/profile", Some(&token)).await;
    assert_eq!(stored.status, 200);
    let now = shape(&stored.json);
    assert!(wanted.contains(&now), "stored {now:?} is none of the saves");
    assert_eq!(
        app.db.count("SELECT COUNT(*) AS n FROM profiles"),
        1,
        "one profile"
    );
}

crate::on_both_backends!(concurrent_saves_of_one_profile_leave_one_of_them_whole);
