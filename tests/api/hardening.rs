//! Abuse limits, odd tokens, concurrency and arbitrary input.

use std::rc::Rc;

use awc::http::Method;
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::{Config, TestRunner};
use serde_json::{Value, json};

use crate::helpers::{Backend, TestApp, TestDb, settings, spawn_app, spawn_app_with};

async fn app_with(b: Backend, adjust: impl FnOnce(&mut mealplan::Settings)) -> TestApp {
    let db = Rc::new(TestDb::create(b));
    spawn_app_with(db, |db| {
        let mut s = settings(db);
        adjust(&mut s);
        s
    })
    .await
}

async fn auth_requests_are_limited_per_ip_before_hashing(b: Backend) {
    let app = app_with(b, |s| s.auth_rate_limit_per_minute = 3).await;
    for i in 0..3 {
        let reply = app
            .register("N", &format!("u{i}@example.com"), "password1")
            .await;
        assert_eq!(reply.status, 201);
    }
    let reply = app.register("N", "late@example.com", "password1").await;
    assert_eq!(reply.status, 429);
    assert_eq!(reply.text, r#"{"detail":"Too many requests"}"#);
    let retry: u64 = reply.header("retry-after").unwrap().parse().unwrap();
    assert!((1..=20).contains(&retry), "{retry}");
    // Refused before anything else happened: no account was made.
    assert_eq!(app.db.count("SELECT COUNT(*) AS n FROM users"), 3);
    let login = json!({"email": "u0@example.com", "password": "password1"});
    let reply = app
        .json(Method::POST, "/api/auth/login", None, &login)
        .await;
    assert_eq!(reply.status, 429);
    // Other routes are not limited.
    assert_eq!(app.get("/api/diet_type", None).await.status, 200);
}

async fn forwarded_for_counts_only_behind_a_trusted_proxy(b: Backend) {
    let untrusted = app_with(b, |s| s.auth_rate_limit_per_minute = 1).await;
    async fn send(app: &TestApp, ip: &str) -> u16 {
        let headers = [
            ("content-type", "application/json"),
            ("x-forwarded-for", ip),
        ];
        let body = json!({"email": "x@example.com", "password": "password1"}).to_string();
        app.send(Method::POST, "/auth/login", None, &headers, Some(&body))
            .await
            .status
    }
    assert_eq!(send(&untrusted, "10.0.0.1").await, 401);
    assert_eq!(
        send(&untrusted, "10.0.0.2").await,
        429,
        "a client cannot pick its own key"
    );
    let trusted = app_with(b, |s| {
        s.auth_rate_limit_per_minute = 1;
        s.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
    })
    .await;
    assert_eq!(send(&trusted, "10.0.0.1").await, 401);
    assert_eq!(send(&trusted, "10.0.0.2").await, 401);
    assert_eq!(send(&trusted, "10.0.0.1").await, 429);
}

async fn failed_logins_lock_the_email_for_a_while(b: Backend) {
    let app = app_with(b, |s| {
        s.auth_rate_limit_per_minute = 0;
        s.login_failure_limit = 2;
    })
    .await;
    app.register("Ann", "ann@example.com", "password1").await;
    app.register("Bob", "bob@example.com", "password1").await;
    let login = |email: &str, password: &str| json!({"email": email, "password": password});
    for _ in 0..2 {
        let reply = app
            .json(
                Method::POST,
                "/auth/login",
                None,
                &login("ann@example.com", "wrong-pass"),
            )
            .await;
        assert_eq!(reply.status, 401);
    }
    // Even the right password waits now; the e-mail is matched normalised.
    let reply = app
        .json(
            Method::POST,
            "/auth/login",
            None,
            &login(" ANN@example.com", "password1"),
        )
        .await;
    assert_eq!(
        (reply.status, &reply.json),
        (429, &json!({"detail": "Too many requests"}))
    );
    assert!(reply.header("retry-after").unwrap().parse::<u64>().unwrap() > 800);
    let reply = app
        .json(
            Method::POST,
            "/auth/login",
            None,
            &login("bob@example.com", "password1"),
        )
        .await;
    assert_eq!(reply.status, 200, "other accounts are not affected");

    // Guesses sent all at once cannot slip past the count.
    app.register("Cy", "cy@example.com", "password1").await;
    let guesses = (0..12).map(|i| {
        let app = &app;
        let body = login("cy@example.com", &format!("wrong-{i:04}"));
        async move {
            app.json(Method::POST, "/auth/login", None, &body)
                .await
                .status
        }
    });
    let mut statuses = futures_util::future::join_all(guesses).await;
    statuses.sort_unstable();
    assert_eq!(statuses, [vec![401; 2], vec![429; 10]].concat());
}

async fn an_rs256_token_is_refused(b: Backend) {
    let app = spawn_app(b).await;
    let token = app.token_for("ann@example.com").await;
    let payload = token.split('.').nth(1).unwrap();
    // {"alg":"RS256","typ":"JWT"}
    let forged = format!("eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.{payload}.c2lnbmF0dXJl");
    let reply = app.get("/auth/me", Some(&forged)).await;
    assert_eq!(
        (reply.status, reply.json),
        (401, json!({"detail": "Could not validate credentials"}))
    );
}

async fn fifty_concurrent_writers_all_succeed(b: Backend) {
    let app = app_with(b, |s| {
        s.auth_rate_limit_per_minute = 0;
        s.workers = 2;
    })
    .await;
    let mut tokens = Vec::new();
    for i in 0..50 {
        tokens.push(app.token_for(&format!("writer{i}@example.com")).await);
    }
    let body = |i: usize| {
        json!({
            "goal": "maintain_weight", "height": 170, "weight": 50 + i, "body_type": "normal",
            "gender": "female", "meals_per_day": 3, "activity_level": "low", "birth_date": "1990-01-01",
            "tastes": [{"name": format!("taste {i}")}], "restrictions": [{"name": "nut allergy"}],
        })
    };
    let requests = tokens.iter().enumerate().map(|(i, t)| {
        let app = &app;
        let body = body(i);
        async move { app.json(Method::PUT, "/api/profile", Some(t), &body).await }
    });
    for reply in futures_util::future::join_all(requests).await {
        assert_eq!(reply.status, 200, "{}", reply.text);
    }
    assert_eq!(app.db.count("SELECT COUNT(*) AS n FROM profiles"), 50);
}

/// Arbitrary JSON, biased towards the field names the API reads.
fn json_value() -> impl Strategy<Value = Value> {
    let key = prop_oneof![
        Just("email".to_owned()),
        Just("password".to_owned()),
        Just("name".to_owned()),
        Just("goal".to_owned()),
        Just("height".to_owned()),
        Just("weight".to_owned()),
        Just("meals_per_day".to_owned()),
        Just("birth_date".to_owned()),
        Just("tastes".to_owned()),
        Just("restrictions".to_owned()),
        Just("diet_types".to_owned()),
        Just("daily_menus".to_owned()),
        Just("meal_details".to_owned()),
        Just("day_of_week".to_owned()),
        Just("recipe_id".to_owned()),
        Just("schedule".to_owned()),
        Just("status".to_owned()),
        Just("meal_type".to_owned()),
        Just("servings".to_owned()),
        Just("days".to_owned()),
        Just("seed".to_owned()),
        Just("id".to_owned()),
        "[a-z_]{0,12}",
    ];
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(Value::from),
        ".{0,40}".prop_map(Value::from),
        prop_oneof![
            Just("1990-01-01"),
            Just("vegan"),
            Just("dinner"),
            Just("a@b.co"),
            Just("12345678")
        ]
        .prop_map(Value::from),
    ];
    leaf.prop_recursive(4, 48, 8, move |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::vec((key.clone(), inner), 0..8)
                .prop_map(|pairs| Value::Object(pairs.into_iter().collect())),
        ]
    })
}

fn encode(text: &str) -> String {
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

fn assert_client_error(reply: &crate::helpers::Reply, what: &str) {
    assert!(
        reply.status < 500,
        "{what}: {} {}",
        reply.status,
        reply.text
    );
    if reply.status >= 400 {
        assert!(reply.json.get("detail").is_some(), "{what}: {}", reply.text);
    }
}

async fn arbitrary_input_never_breaks_the_server(b: Backend) {
    let app = app_with(b, |s| {
        s.auth_rate_limit_per_minute = 0;
        s.login_failure_limit = 0;
    })
    .await;
    let token = app.token_for("fuzz@example.com").await;
    let mut runner = TestRunner::new(Config {
        cases: 40,
        ..Config::default()
    });
    let values = json_value();
    let bytes = prop::collection::vec(any::<u8>(), 0..120);
    let text = ".{0,24}";
    let body_routes = [
        (Method::POST, "/auth/register"),
        (Method::POST, "/auth/login"),
        (Method::PUT, "/api/profile"),
        (Method::POST, "/api/plan"),
        (Method::POST, "/api/plan/generate"),
        (Method::POST, "/api/daily-menu"),
        (Method::POST, "/api/meal-detail"),
    ];
    for _ in 0..40 {
        let value = values.new_tree(&mut runner).unwrap().current();
        let raw = bytes.new_tree(&mut runner).unwrap().current();
        let raw = String::from_utf8_lossy(&raw).into_owned();
        for (method, path) in &body_routes {
            for body in [value.to_string(), raw.clone()] {
                let reply = app
                    .send(
                        method.clone(),
                        path,
                        Some(&token),
                        &[("content-type", "application/json")],
                        Some(&body),
                    )
                    .await;
                assert_client_error(&reply, &format!("{method} {path} {body}"));
            }
        }
        let s = encode(&text.new_tree(&mut runner).unwrap().current());
        for (method, path) in [
            (
                Method::GET,
                format!(
                    "/api/recipes?q={s}&meal_type={s}&limit={s}&offset={s}&restriction={s}&diet_type={s}"
                ),
            ),
            (Method::GET, format!("/api/recipes/{s}")),
            (Method::GET, format!("/api/auth?token={s}")),
            (Method::GET, format!("/meal-detail/{s}")),
            (Method::GET, format!("/api/daily-menu/{s}")),
            (Method::PUT, format!("/meal-detail/{s}?recipe_id={s}")),
            (Method::PUT, format!("/meal-detail/1/status?status={s}")),
            (
                Method::GET,
                format!("/meal-detail/1/alternatives?limit={s}"),
            ),
            (
                Method::POST,
                format!("/api/ml/swap-recipe?recipe_id={s}&meal_label={s}&n_search={s}"),
            ),
        ] {
            let reply = app
                .send(method.clone(), &path, Some(&token), &[], None)
                .await;
            assert_client_error(&reply, &format!("{method} {path}"));
        }
    }
}

crate::on_both_backends!(
    auth_requests_are_limited_per_ip_before_hashing,
    forwarded_for_counts_only_behind_a_trusted_proxy,
    failed_logins_lock_the_email_for_a_while,
    an_rs256_token_is_refused,
    fifty_concurrent_writers_all_succeed,
    arbitrary_input_never_breaks_the_server,
);
