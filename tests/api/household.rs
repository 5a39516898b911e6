//! Household members (issue 24): each account's own, with a profile of
//! their own whose targets follow the profile's rules.

use awc::http::Method;
use serde_json::{Value, json};

use crate::helpers::{Backend, TestApp, spawn_app};

fn member(name: &str) -> Value {
    json!({
        "name": name,
        "goal": "maintain_weight",
        "height": 150,
        "weight": 45,
        "body_type": "lean",
        "gender": "female",
        "meals_per_day": 5,
        "activity_level": "high",
        "birth_date": "2006-03-04",
        "restrictions": [{"name": "peanut allergy"}],
        "diet_types": ["vegetarian"],
    })
}

async fn add(app: &TestApp, token: &str, body: &Value) -> crate::helpers::Reply {
    app.json(Method::POST, "/api/household/members", Some(token), body)
        .await
}

/// Add, list, read, replace and remove a member; the targets are computed
/// as a profile's are, a value sent back unchanged stays computed.
async fn members_are_added_read_replaced_and_removed(b: Backend) {
    let app = spawn_app(b).await;
    let token = app.token_for("holder@example.com").await;
    let added = add(&app, &token, &member("Ana")).await;
    assert_eq!(added.status, 201, "{}", added.text);
    let m = &added.json;
    assert_eq!(m["name"], "Ana");
    assert_eq!(m["meals_per_day"], 5);
    assert!(m["calories_target"].as_f64().unwrap() > 1000.0, "{m}");
    assert_eq!(m["manual_fields"], json!([]));
    assert_eq!(m["restrictions"][0]["name"], "peanut allergy");
    assert_eq!(m["diet_types"][0]["name"], "vegetarian");
    let id = m["id"].as_i64().unwrap();
    let list = app.get("/api/household/members", Some(&token)).await;
    assert_eq!(list.status, 200);
    assert_eq!(list.json.as_array().unwrap().len(), 1);
    assert_eq!(list.json[0]["id"], id);
    let path = format!("/api/household/members/{id}");
    let one = app.get(&path, Some(&token)).await;
    assert_eq!(one.json, added.json);
    // Sent back as received with a new weight: the targets follow it.
    let mut changed = added.json.clone();
    changed["weight"] = json!(60);
    changed["name"] = json!("Ana María");
    // Diet types go back by name, as for the profile.
    changed["diet_types"] = json!(["vegetarian"]);
    let replaced = app.json(Method::PUT, &path, Some(&token), &changed).await;
    assert_eq!(replaced.status, 200, "{}", replaced.text);
    assert_eq!(replaced.json["name"], "Ana María");
    assert_eq!(replaced.json["manual_fields"], json!([]));
    assert!(
        replaced.json["calories_target"].as_f64() > added.json["calories_target"].as_f64(),
        "{}",
        replaced.text
    );
    let gone = app
        .send(Method::DELETE, &path, Some(&token), &[], None)
        .await;
    assert_eq!(gone.status, 204, "{}", gone.text);
    assert_eq!(app.get(&path, Some(&token)).await.status, 404);
    let list = app.get("/api/household/members", Some(&token)).await;
    assert_eq!(list.json, json!([]));
}

/// Another account's member is not found, and nothing of it changes.
async fn members_belong_to_their_account(b: Backend) {
    let app = spawn_app(b).await;
    let owner = app.token_for("owner@example.com").await;
    let other = app.token_for("other@example.com").await;
    let id = add(&app, &owner, &member("Leo")).await.json["id"]
        .as_i64()
        .unwrap();
    let path = format!("/api/household/members/{id}");
    assert_eq!(app.get(&path, Some(&other)).await.status, 404);
    let put = app
        .json(Method::PUT, &path, Some(&other), &member("Mine"))
        .await;
    assert_eq!(put.status, 404, "{}", put.text);
    assert_eq!(put.json, json!({"detail": "Member not found"}));
    let del = app
        .send(Method::DELETE, &path, Some(&other), &[], None)
        .await;
    assert_eq!(del.status, 404);
    assert_eq!(
        app.get("/api/household/members", Some(&other)).await.json,
        json!([])
    );
    assert_eq!(app.get(&path, Some(&owner)).await.json["name"], "Leo");
    assert_eq!(app.get("/api/household/members", None).await.status, 401);
}

/// Bodies are checked as the profile's are, the name first; at most 12
/// members.
async fn member_bodies_are_validated_and_households_are_bounded(b: Backend) {
    let app = spawn_app(b).await;
    let token = app.token_for("big@example.com").await;
    let mut body = member("x");
    body.as_object_mut().unwrap().remove("name");
    body["height"] = json!(90);
    let reply = add(&app, &token, &body).await;
    assert_eq!(reply.status, 422, "{}", reply.text);
    let locs: Vec<&Value> = reply.json["detail"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| &e["loc"])
        .collect();
    assert_eq!(
        locs,
        [&json!(["body", "name"]), &json!(["body", "height"])],
        "{}",
        reply.text
    );
    let long = add(&app, &token, &member(&"n".repeat(101))).await;
    assert_eq!(long.status, 422);
    assert_eq!(long.json["detail"][0]["type"], "string_too_long");
    let bad_id = app.get("/api/household/members/abc", Some(&token)).await;
    assert_eq!(bad_id.status, 422);
    for i in 0..12 {
        let r = add(&app, &token, &member(&format!("m{i}"))).await;
        assert_eq!(r.status, 201, "{}", r.text);
    }
    let full = add(&app, &token, &member("thirteen")).await;
    assert_eq!(full.status, 409, "{}", full.text);
    assert_eq!(
        app.get("/api/household/members", Some(&token))
            .await
            .json
            .as_array()
            .unwrap()
            .len(),
        12
    );
}

/// The export carries the members; deleting the account deletes them.
async fn members_are_exported_and_deleted_with_the_account(b: Backend) {
    let app = spawn_app(b).await;
    let token = app.token_for("leaving@example.com").await;
    add(&app, &token, &member("Kim")).await;
    let export = app.get("/auth/me/export", Some(&token)).await;
    assert_eq!(export.status, 200);
    assert_eq!(export.json["household_members"][0]["name"], "Kim");
    assert_eq!(
        app.db.count("SELECT COUNT(*) AS n FROM household_members"),
        1
    );
    let gone = app
        .json(
            Method::DELETE,
            "/auth/me",
            Some(&token),
            &json!({"password": "password123"}),
        )
        .await;
    assert_eq!(gone.status, 204, "{}", gone.text);
    assert_eq!(
        app.db.count("SELECT COUNT(*) AS n FROM household_members"),
        0
    );
}

crate::on_both_backends!(
    members_are_added_read_replaced_and_removed,
    members_belong_to_their_account,
    member_bodies_are_validated_and_households_are_bounded,
    members_are_exported_and_deleted_with_the_account,
);
