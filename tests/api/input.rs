//! Bad input gets one answer on both backends: control characters in
//! stored names, physical bounds on body fat and targets, and e-mail
//! domains normalised before the uniqueness check.

use awc::http::Method;
use serde_json::{Value, json};

use crate::helpers::{Backend, spawn_app};

const PATTERN: &str = r"^[^\x00-\x1f\x7f-\x9f]*$";

fn pattern_entry(loc: Value, input: &str) -> Value {
    json!({
        "type": "string_pattern_mismatch", "loc": loc,
        "msg": format!("String should match pattern '{PATTERN}'"),
        "input": input, "ctx": {"pattern": PATTERN},
    })
}

fn profile(extra: Value) -> Value {
    let mut body = json!({
        "goal": "lose_weight", "height": 170, "weight": 70, "body_type": "normal",
        "gender": "female", "meals_per_day": 3, "activity_level": "medium",
        "birth_date": "1990-05-17",
    });
    for (k, v) in extra.as_object().unwrap() {
        body[k] = v.clone();
    }
    body
}

async fn control_characters_in_stored_names_are_422(b: Backend) {
    let app = spawn_app(b).await;
    for name in ["Ann\u{0}Lee", "Ann\nLee", "Ann\u{7f}", "\u{85}Ann"] {
        let reply = app.register(name, "nul@example.com", "password123").await;
        assert_eq!(
            (reply.status, reply.json),
            (
                422,
                json!({"detail": [pattern_entry(json!(["body", "name"]), name)]})
            ),
            "{name:?}"
        );
    }
    let token = app.token_for("nul@example.com").await;
    let body = profile(json!({
        "tastes": [{"name": "sweet\u{0}"}],
        "restrictions": [{"name": "ok"}, {"name": "no\u{0}nuts"}],
    }));
    let reply = app
        .json(Method::PUT, "/api/profile", Some(&token), &body)
        .await;
    assert_eq!(
        (reply.status, reply.json),
        (
            422,
            json!({"detail": [
                pattern_entry(json!(["body", "tastes", 0, "name"]), "sweet\u{0}"),
                pattern_entry(json!(["body", "restrictions", 1, "name"]), "no\u{0}nuts"),
            ]})
        )
    );
    assert_eq!(app.db.count("SELECT COUNT(*) AS n FROM profiles"), 0);
    // Through the assistant too: nothing stored, no 500.
    let chat = app
        .send(
            Method::POST,
            "/api/chat?message=I%20don%27t%20like%20fi%00sh",
            Some(&token),
            &[],
            None,
        )
        .await;
    assert_eq!(chat.status, 200, "{}", chat.text);
    assert_eq!(
        app.db
            .count("SELECT COUNT(*) AS n FROM restrictions WHERE owner_id IS NOT NULL"),
        0
    );
}

async fn body_fat_and_targets_have_physical_bounds(b: Backend) {
    let app = spawn_app(b).await;
    let token = app.token_for("bounds@example.com").await;
    let body = profile(json!({
        "body_fat_percentage": 150, "calories_target": 1e308,
        "protein_target": 2500, "carbs_target": -5, "fat_target": 2000,
    }));
    let reply = app
        .json(Method::PUT, "/api/profile", Some(&token), &body)
        .await;
    assert_eq!(
        (reply.status, reply.json),
        (
            422,
            json!({"detail": [
                {"type": "less_than", "loc": ["body", "body_fat_percentage"], "msg": "Input should be less than 100", "input": 150, "ctx": {"lt": 100.0}},
                {"type": "less_than_equal", "loc": ["body", "calories_target"], "msg": "Input should be less than or equal to 20000", "input": 1e308, "ctx": {"le": 20000.0}},
                {"type": "less_than_equal", "loc": ["body", "protein_target"], "msg": "Input should be less than or equal to 2000", "input": 2500, "ctx": {"le": 2000.0}},
                {"type": "greater_than_equal", "loc": ["body", "carbs_target"], "msg": "Input should be greater than or equal to 0", "input": -5, "ctx": {"ge": 0.0}},
            ]})
        )
    );
    let edge =
        profile(json!({"body_fat_percentage": 99.9, "calories_target": 20000, "fat_target": 2000}));
    let reply = app
        .json(Method::PUT, "/api/profile", Some(&token), &edge)
        .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    let reply = app
        .json(
            Method::PUT,
            "/api/profile",
            Some(&token),
            &profile(json!({"body_fat_percentage": 100})),
        )
        .await;
    assert_eq!(reply.json["detail"][0]["type"], "less_than");
}

async fn an_idn_domain_is_one_account_in_both_spellings(b: Backend) {
    let app = spawn_app(b).await;
    let first = app.register("Ann", "a@exämple.com", "password123").await;
    assert_eq!(first.status, 201, "{}", first.text);
    let second = app
        .register("Ann", "a@xn--exmple-cua.com", "password123")
        .await;
    assert_eq!(
        (second.status, second.json),
        (409, json!({"detail": "Email already registered"}))
    );
    let login = app
        .json(
            Method::POST,
            "/auth/login",
            None,
            &json!({"email": "A@XN--EXMPLE-CUA.COM", "password": "password123"}),
        )
        .await;
    assert_eq!(login.status, 200, "{}", login.text);
    assert_eq!(login.json["user"]["id"], first.json["user"]["id"]);
}

crate::on_both_backends!(
    control_characters_in_stored_names_are_422,
    body_fat_and_targets_have_physical_bounds,
    an_idn_domain_is_one_account_in_both_spellings,
);
