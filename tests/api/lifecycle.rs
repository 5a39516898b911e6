//! Accounts people can leave: logout (one token or all), password change,
//! deletion and export; tokens that never name anyone else.

use awc::http::Method;
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use serde_json::{Value, json};

use crate::helpers::{Backend, SECRET, TestApp, settings, spawn_app, spawn_app_with};

const PASSWORD: &str = "password123";

async fn login(app: &TestApp, email: &str, password: &str) -> crate::helpers::Reply {
    app.json(
        Method::POST,
        "/auth/login",
        None,
        &json!({"email": email, "password": password}),
    )
    .await
}

async fn token(app: &TestApp, email: &str) -> String {
    let reply = login(app, email, PASSWORD).await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    reply.json["access_token"].as_str().unwrap().to_owned()
}

async fn me_status(app: &TestApp, token: &str) -> u16 {
    app.get("/auth/me", Some(token)).await.status
}

async fn post(app: &TestApp, path: &str, token: &str) -> crate::helpers::Reply {
    app.send(Method::POST, path, Some(token), &[], None).await
}

fn invalid() -> Value {
    json!({"detail": "Could not validate credentials"})
}

async fn logout_ends_one_token_and_logout_all_ends_every_one(b: Backend) {
    let db = std::rc::Rc::new(crate::helpers::TestDb::create(b));
    let app = spawn_app_with(db.clone(), settings).await;
    // A second instance on the same database sees every revocation.
    let other = spawn_app_with(db, settings).await;
    let first = app.token_for("out@example.com").await;
    let second = token(&app, "out@example.com").await;

    let reply = post(&app, "/auth/logout", &first).await;
    assert_eq!((reply.status, reply.text.as_str()), (204, ""));
    let refused = app.get("/auth/me", Some(&first)).await;
    assert_eq!((refused.status, refused.json), (401, invalid()));
    assert_eq!(me_status(&other, &first).await, 401);
    assert_eq!(
        app.get(&format!("/api/auth?token={first}"), None)
            .await
            .json,
        json!(false)
    );
    assert_eq!(me_status(&app, &second).await, 200);
    assert_eq!(me_status(&other, &second).await, 200);
    // Logging out twice is refused like any other dead token.
    assert_eq!(post(&app, "/api/auth/logout/", &first).await.status, 401);

    let third = token(&other, "out@example.com").await;
    let reply = post(&other, "/api/auth/logout-all", &second).await;
    assert_eq!(reply.status, 204, "{}", reply.text);
    for t in [&second, &third] {
        assert_eq!(me_status(&app, t).await, 401);
        assert_eq!(me_status(&other, t).await, 401);
    }
    // Logging in again works.
    let fresh = token(&app, "out@example.com").await;
    assert_eq!(me_status(&other, &fresh).await, 200);
    assert_eq!(post(&app, "/auth/logout", "not-a-token").await.status, 401);
}

async fn a_password_change_needs_the_current_one_and_ends_old_tokens(b: Backend) {
    let app = spawn_app(b).await;
    let old = app.token_for("pw@example.com").await;
    let change =
        |current: &str, new: &str| json!({"current_password": current, "new_password": new});

    let wrong = app
        .json(
            Method::PUT,
            "/auth/password",
            Some(&old),
            &change("wrong-password", "new-password-1"),
        )
        .await;
    assert_eq!(
        (wrong.status, wrong.json),
        (401, json!({"detail": "Incorrect password"}))
    );
    assert_eq!(me_status(&app, &old).await, 200);
    assert_eq!(login(&app, "pw@example.com", PASSWORD).await.status, 200);

    let short = app
        .json(
            Method::PUT,
            "/auth/password",
            Some(&old),
            &change(PASSWORD, "short"),
        )
        .await;
    assert_eq!(short.status, 422, "{}", short.text);
    assert_eq!(
        short.json["detail"][0]["loc"],
        json!(["body", "new_password"])
    );

    let other = token(&app, "pw@example.com").await;
    let done = app
        .json(
            Method::PUT,
            "/api/auth/password",
            Some(&old),
            &change(PASSWORD, "new-password-1"),
        )
        .await;
    assert_eq!(done.status, 200, "{}", done.text);
    assert_eq!(done.header("cache-control"), Some("no-store"));
    assert_eq!(done.json["user"]["email"], "pw@example.com");
    let new = done.json["access_token"].as_str().unwrap();
    assert_eq!(me_status(&app, new).await, 200);
    assert_eq!(me_status(&app, &old).await, 401);
    assert_eq!(me_status(&app, &other).await, 401);
    assert_eq!(login(&app, "pw@example.com", PASSWORD).await.status, 401);
    assert_eq!(
        login(&app, "pw@example.com", "new-password-1").await.status,
        200
    );
    let none = app
        .json(
            Method::PUT,
            "/auth/password",
            None,
            &change(PASSWORD, "x-password-2"),
        )
        .await;
    assert_eq!(none.status, 401);
}

async fn wrong_passwords_on_account_routes_are_rate_limited(b: Backend) {
    let app = spawn_app(b).await;
    let t = app.token_for("limit@example.com").await;
    let body = json!({"current_password": "wrong-password", "new_password": "new-password-1"});
    for _ in 0..5 {
        let r = app
            .json(Method::PUT, "/auth/password", Some(&t), &body)
            .await;
        assert_eq!(r.status, 401);
    }
    let r = app
        .json(Method::PUT, "/auth/password", Some(&t), &body)
        .await;
    assert_eq!(r.status, 429, "{}", r.text);
    let r = app
        .json(
            Method::DELETE,
            "/auth/me",
            Some(&t),
            &json!({"password": "wrong-password"}),
        )
        .await;
    assert_eq!(r.status, 429, "{}", r.text);
}

fn profile() -> Value {
    json!({
        "goal": "maintain_weight", "height": 170, "weight": 65, "body_type": "normal",
        "gender": "female", "meals_per_day": 3, "activity_level": "low",
        "birth_date": "1991-03-03", "tastes": [{"name": "smoky"}],
        "restrictions": [{"name": "kiwi allergy"}],
    })
}

async fn an_account_is_deleted_with_all_its_data_and_exported_first(b: Backend) {
    let app = spawn_app(b).await;
    let t = app.token_for("leave@example.com").await;
    let put = app
        .json(Method::PUT, "/api/profile", Some(&t), &profile())
        .await;
    assert_eq!(put.status, 200, "{}", put.text);
    for _ in 0..2 {
        let plan = app
            .json(
                Method::POST,
                "/api/plan/generate",
                Some(&t),
                &json!({"days": 2, "seed": 3}),
            )
            .await;
        assert_eq!(plan.status, 201, "{}", plan.text);
    }
    let current = app.get("/api/plan/current", Some(&t)).await.json;

    // The export holds every stored fact, and no secret.
    let export = app.get("/auth/me/export", Some(&t)).await;
    assert_eq!(export.status, 200, "{}", export.text);
    let data = export.json;
    assert_eq!(data["user"]["email"], "leave@example.com");
    assert!(data["user"]["created_at"].is_string());
    assert_eq!(data["profile"], put.json);
    assert_eq!(data["custom_tastes"], json!([{"id": 101, "name": "smoky"}]));
    assert_eq!(
        data["custom_restrictions"],
        json!([{"id": 101, "name": "kiwi allergy"}])
    );
    assert_eq!(data["plans"].as_array().unwrap().len(), 2);
    assert_eq!(data["plans"][0], current);
    assert_eq!(data["plans"][1]["active"], false);
    assert!(!export.text.contains("password") && !export.text.contains("stamp"));

    // A wrong password deletes nothing.
    let wrong = app
        .json(
            Method::DELETE,
            "/auth/me",
            Some(&t),
            &json!({"password": "wrong-password"}),
        )
        .await;
    assert_eq!(
        (wrong.status, wrong.json),
        (401, json!({"detail": "Incorrect password"}))
    );
    let missing = app
        .json(Method::DELETE, "/auth/me", Some(&t), &json!({}))
        .await;
    assert_eq!(missing.status, 422);
    assert_eq!(me_status(&app, &t).await, 200);

    let gone = app
        .json(
            Method::DELETE,
            "/api/auth/me/",
            Some(&t),
            &json!({"password": PASSWORD}),
        )
        .await;
    assert_eq!((gone.status, gone.text.as_str()), (204, ""));
    assert_eq!(me_status(&app, &t).await, 401);
    assert_eq!(login(&app, "leave@example.com", PASSWORD).await.status, 401);
    for table in [
        "users",
        "profiles",
        "plans",
        "daily_menus",
        "meal_details",
        "profile_tastes",
        "profile_restrictions",
    ] {
        assert_eq!(
            app.db.count(&format!("SELECT COUNT(*) AS n FROM {table}")),
            0,
            "{table}"
        );
    }
    assert_eq!(
        app.db
            .count("SELECT COUNT(*) AS n FROM tastes WHERE owner_id IS NOT NULL"),
        0
    );

    // The e-mail can sign up again; the new account has a new id.
    let again = app.register("Again", "leave@example.com", PASSWORD).await;
    assert_eq!(again.status, 201, "{}", again.text);
    assert_ne!(again.json["user"]["id"], data["user"]["id"]);
    assert_eq!(me_status(&app, &t).await, 401);
}

fn forged(sub: &str, stamp: &str) -> String {
    let now = chrono::Utc::now().timestamp();
    jsonwebtoken::encode(
        &Header::new(Algorithm::HS256),
        &json!({"sub": sub, "iat": now, "exp": now + 600, "stm": stamp, "jti": "j"}),
        &EncodingKey::from_secret(SECRET),
    )
    .unwrap()
}

/// A well-signed token for an account that does not exist, or carrying a
/// stamp its user never had, names nobody: not even a later account.
async fn tokens_never_name_another_user(b: Backend) {
    let app = spawn_app(b).await;
    let ghost = forged("1", "never-stored");
    assert_eq!(me_status(&app, &ghost).await, 401);
    let real = app.token_for("first@example.com").await;
    let me = app.get("/auth/me", Some(&real)).await.json;
    assert_eq!(me["id"], 1);
    assert_eq!(me_status(&app, &ghost).await, 401);
    assert_eq!(me_status(&app, &forged("1", "")).await, 401);
    assert_eq!(me_status(&app, &forged("2", "never-stored")).await, 401);
}

/// The status of each read that checks its token on the way, for `t`; a
/// refusal must answer as `/auth/me` does.
async fn statuses(app: &TestApp, t: &str) -> Vec<u16> {
    let mut got = Vec::new();
    for path in [
        "/api/profile",
        "/api/plan/current",
        "/api/plan/current/summary",
    ] {
        let reply = app.get(path, Some(t)).await;
        if reply.status == 401 {
            assert_eq!(reply.json, invalid(), "{path}");
        }
        got.push(reply.status);
    }
    got
}

/// The reads that check their token in the statement that reads the
/// profile (GET profile, plan/current, its summary) refuse exactly the
/// tokens `/auth/me` refuses, on this instance and on another: logged
/// out, logged out everywhere, forged or naming nobody.
async fn reads_that_check_the_token_on_the_way_refuse_dead_tokens(b: Backend) {
    let db = std::rc::Rc::new(crate::helpers::TestDb::create(b));
    let app = spawn_app_with(db.clone(), settings).await;
    let other = spawn_app_with(db, settings).await;
    let first = app.token_for("reads@example.com").await;
    let profile = json!({
        "goal": "maintain_weight", "height": 170, "weight": 65, "body_type": "normal",
        "gender": "female", "meals_per_day": 3, "activity_level": "medium",
        "birth_date": "1990-01-01",
    });
    let put = app
        .json(Method::PUT, "/api/profile", Some(&first), &profile)
        .await;
    assert_eq!(put.status, 200, "{}", put.text);
    let plan = app
        .json(
            Method::POST,
            "/api/plan/generate",
            Some(&first),
            &json!({"days": 2, "seed": 1}),
        )
        .await;
    assert_eq!(plan.status, 201, "{}", plan.text);
    let second = token(&app, "reads@example.com").await;
    assert_eq!(statuses(&app, &first).await, [200, 200, 200]);
    assert_eq!(statuses(&other, &first).await, [200, 200, 200]);

    assert_eq!(post(&app, "/auth/logout", &first).await.status, 204);
    assert_eq!(statuses(&app, &first).await, [401, 401, 401]);
    assert_eq!(statuses(&other, &first).await, [401, 401, 401]);
    assert_eq!(statuses(&other, &second).await, [200, 200, 200]);
    // A status change checks its token on the connection that writes: a
    // dead token changes nothing, and is answered 401 before a bad query.
    let meal = plan.json["daily_menus"][0]["meal_details"][0]["id"]
        .as_i64()
        .expect("a meal");
    let tick = format!("/meal-detail/{meal}/status?status=1");
    for path in [
        tick.as_str(),
        &format!("/meal-detail/{meal}/status?status=7"),
    ] {
        let refused = other.send(Method::PUT, path, Some(&first), &[], None).await;
        assert_eq!((refused.status, refused.json), (401, invalid()), "{path}");
    }
    let current = other.get("/api/plan/current", Some(&second)).await.json;
    assert_eq!(current["daily_menus"][0]["meal_details"][0]["status"], 0);
    let ticked = other
        .send(Method::PUT, &tick, Some(&second), &[], None)
        .await;
    assert_eq!(
        (ticked.status, &ticked.json["status"]),
        (200, &json!(1)),
        "{}",
        ticked.text
    );

    assert_eq!(
        post(&other, "/api/auth/logout-all", &second).await.status,
        204
    );
    assert_eq!(statuses(&app, &second).await, [401, 401, 401]);
    for forged in [forged("1", "never-stored"), forged("2", "")] {
        assert_eq!(statuses(&app, &forged).await, [401, 401, 401]);
    }
    let missing = app.get("/api/profile", None).await;
    assert_eq!(missing.status, 401, "{}", missing.text);
    assert_eq!(missing.json, json!({"detail": "Not authenticated"}));
}

crate::on_both_backends!(
    reads_that_check_the_token_on_the_way_refuse_dead_tokens,
    logout_ends_one_token_and_logout_all_ends_every_one,
    a_password_change_needs_the_current_one_and_ends_old_tokens,
    wrong_passwords_on_account_routes_are_rate_limited,
    an_account_is_deleted_with_all_its_data_and_exported_first,
    tokens_never_name_another_user,
);
