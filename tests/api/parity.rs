//! Wire parity on edge input: the same requests answered as the original
//! FastAPI backend answers them (ground truth: `bench/pydantic_parity.py`),
//! or as the README's contract decisions say where this service differs.

use awc::http::Method;
use serde_json::{Value, json};

use crate::helpers::{Backend, TestApp, TestDb, settings, spawn_app_with};

/// An app without the sign-up/login rate limits: these tests send many
/// refused requests from one address.
async fn spawn_app(b: Backend) -> TestApp {
    let db = std::rc::Rc::new(TestDb::create(b));
    spawn_app_with(db, |db| mealplan::Settings {
        auth_rate_limit_per_minute: 0,
        login_failure_limit: 0,
        ..settings(db)
    })
    .await
}

async fn register(app: &TestApp, email: &str, password: &str) -> crate::helpers::Reply {
    app.register("Ann", email, password).await
}

fn email_entry(input: &str, reason: &str) -> Value {
    json!({"detail": [{"type":"value_error","loc":["body","email"],"msg":format!("value is not a valid email address: {reason}"),"input":input,"ctx":{"reason":reason}}]})
}

async fn email_addresses_as_email_validator_reads_them(b: Backend) {
    let app = spawn_app(b).await;
    let label = "b".repeat(64);
    for (email, reason) in [
        (
            "a@b@example.com".to_owned(),
            "The part after the @-sign contains invalid characters: '@'.",
        ),
        (
            "\"a b\"@example.com".to_owned(),
            "Quoting the part before the @-sign is not allowed here.",
        ),
        (
            format!("a@{label}.com"),
            "After the @-sign, periods cannot be separated by so many characters (1 character too many).",
        ),
        (
            format!("{}@example.com", "a".repeat(250)),
            "The email address is too long (8 characters too many).",
        ),
    ] {
        for path in ["/auth/register", "/auth/login"] {
            let body = json!({"name": "Ann", "email": email, "password": "password1"});
            let reply = app.json(Method::POST, path, None, &body).await;
            assert_eq!(reply.status, 422, "{path} {email}");
            assert_eq!(reply.json, email_entry(&email, reason), "{path} {email}");
        }
    }
    // A 70-character local part is accepted (email-validator checks the
    // 64-character limit only in strict mode), and works for login.
    let long_local = format!("{}@example.com", "a".repeat(70));
    let reply = register(&app, &long_local, "password1").await;
    assert_eq!(reply.status, 201, "{}", reply.text);
    assert_eq!(reply.json["user"]["email"], long_local);
    let body = json!({"email": long_local, "password": "password1"});
    let reply = app.json(Method::POST, "/auth/login", None, &body).await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    // 63 characters between periods are fine.
    let reply = register(&app, &format!("a@{}.com", "b".repeat(63)), "password1").await;
    assert_eq!(reply.status, 201, "{}", reply.text);
}

async fn display_name_addresses_store_the_address(b: Backend) {
    let app = spawn_app(b).await;
    let reply = register(&app, "Bob <bob@example.com>", "password1").await;
    assert_eq!(reply.status, 201, "{}", reply.text);
    assert_eq!(reply.json["user"]["email"], "bob@example.com");
    let token = reply.json["access_token"].as_str().unwrap().to_owned();
    let me = app.get("/auth/me", Some(&token)).await;
    assert_eq!(me.json["email"], "bob@example.com");
    // The stored address is the account: both spellings log in, and the
    // same address in another wrapper is taken.
    for email in ["bob@example.com", "\"Bob Smith\" <BOB@example.com>"] {
        let body = json!({"email": email, "password": "password1"});
        let reply = app.json(Method::POST, "/auth/login", None, &body).await;
        assert_eq!(reply.status, 200, "{email}: {}", reply.text);
        assert_eq!(reply.json["user"]["id"], 1);
    }
    let reply = register(&app, "<Bob@Example.com>", "password1").await;
    assert_eq!(reply.status, 409, "{}", reply.text);
    let bad = "Bob <bob@example.com> x";
    let reply = register(&app, bad, "password1").await;
    assert_eq!(
        reply.json,
        email_entry(bad, "There can't be anything after the email address.")
    );
}

async fn json_bodies_need_a_json_content_type(b: Backend) {
    let app = spawn_app(b).await;
    let body = r#"{"name":"Ann","email":"ann@example.com","password":"password1"}"#;
    let not_an_object = json!({"detail":[{"type":"model_attributes_type","loc":["body"],"msg":"Input should be a valid dictionary or object to extract fields from","input":body}]});
    for headers in [&[][..], &[("content-type", "text/plain")][..]] {
        for path in ["/auth/register", "/auth/login"] {
            let reply = app
                .send(Method::POST, path, None, headers, Some(body))
                .await;
            assert_eq!(reply.status, 422, "{path} {headers:?}");
            assert_eq!(reply.json, not_an_object, "{path} {headers:?}");
        }
    }
    // No body at all is still `missing`, whatever the headers.
    let reply = app
        .send(Method::POST, "/auth/login", None, &[], Some(""))
        .await;
    assert_eq!(
        reply.json,
        json!({"detail":[{"type":"missing","loc":["body"],"msg":"Field required","input":null}]})
    );
    // The JSON content types the web client and others send are read.
    for content_type in [
        "application/json",
        "application/json; charset=utf-8",
        "Application/JSON",
        "application/vnd.api+json",
    ] {
        let reply = app
            .send(
                Method::POST,
                "/auth/login",
                None,
                &[("content-type", content_type)],
                Some(r#"{"email":"nobody@example.com","password":"password1"}"#),
            )
            .await;
        assert_eq!(reply.status, 401, "{content_type}: {}", reply.text);
    }
    // Routes without a body do not care (the web client sends none there).
    let token = app.token_for("ann@example.com").await;
    let reply = app.get("/auth/me", Some(&token)).await;
    assert_eq!(reply.status, 200);
}

async fn sign_up_passwords(b: Backend) {
    let app = spawn_app(b).await;
    // The original's own validator words a short sign-up password…
    for password in ["Ab1", ""] {
        let reply = register(&app, "ann@example.com", password).await;
        assert_eq!(reply.status, 422);
        assert_eq!(
            reply.json,
            json!({"detail":[{"type":"value_error","loc":["body","password"],"msg":"Value error, Password must be at least 8 characters long","input":password,"ctx":{"error":{}}}]})
        );
    }
    // …while login keeps Pydantic's `min_length` entry (contract 3.2).
    let body = json!({"email": "ann@example.com", "password": "Ab1"});
    let reply = app.json(Method::POST, "/auth/login", None, &body).await;
    assert_eq!(
        reply.json,
        json!({"detail":[{"type":"string_too_short","loc":["body","password"],"msg":"String should have at least 8 characters","input":"Ab1","ctx":{"min_length":8}}]})
    );
    // No composition rules (README: contract decisions).
    for (i, password) in ["abcdefg1", "Abcdefgh", "ABCDEFG1", "correct horse battery"]
        .iter()
        .enumerate()
    {
        let reply = register(&app, &format!("u{i}@example.com"), password).await;
        assert_eq!(reply.status, 201, "{password}: {}", reply.text);
    }
}

fn profile(birth_date: Value) -> Value {
    json!({
        "goal": "maintain_weight", "height": 170, "weight": 65, "body_type": "normal",
        "gender": "female", "meals_per_day": 3, "activity_level": "medium",
        "birth_date": birth_date,
    })
}

async fn birth_dates_as_pydantic_reads_them(b: Backend) {
    let app = spawn_app(b).await;
    let token = app.token_for("ann@example.com").await;
    let put = |birth_date: Value| {
        let app = &app;
        let token = token.clone();
        async move {
            app.json(
                Method::PUT,
                "/api/profile",
                Some(&token),
                &profile(birth_date),
            )
            .await
        }
    };
    // Unix timestamps at midnight UTC are dates; other instants are not.
    for (sent, stored) in [
        (json!(631152000), "1990-01-01"),
        (json!("631152000"), "1990-01-01"),
        (json!(631152000000i64), "1990-01-01"),
        (json!("1990-05-10T00:00:00+02:00"), "1990-05-10"),
        (json!("1990-05-10"), "1990-05-10"),
    ] {
        let reply = put(sent.clone()).await;
        assert_eq!(reply.status, 200, "{sent}: {}", reply.text);
        assert_eq!(reply.json["birth_date"], stored, "{sent}");
    }
    for sent in [
        json!(19900510),
        json!("19900510"),
        json!("1990-05-10T08:00"),
    ] {
        let reply = put(sent.clone()).await;
        assert_eq!(
            reply.json,
            json!({"detail":[{"type":"date_from_datetime_inexact","loc":["body","birth_date"],"msg":"Datetimes provided to dates should have zero time - e.g. be exact dates","input":sent}]})
        );
    }
    let reply = put(json!(1e20)).await;
    assert_eq!(
        reply.json["detail"][0]["msg"],
        "Input should be a valid date or datetime, dates after 9999 are not supported as unix timestamps"
    );
    let reply = put(json!(true)).await;
    assert_eq!(
        reply.json,
        json!({"detail":[{"type":"date_type","loc":["body","birth_date"],"msg":"Input should be a valid date","input":true}]})
    );
    // Contract 3.2 words the upper age limit itself.
    let reply = put(json!("1900-01-01")).await;
    assert_eq!(
        reply.json,
        json!({"detail":[{"type":"value_error","loc":["body","birth_date"],"msg":"Value error, User must be at most 100 years old","input":"1900-01-01","ctx":{"error":{}}}]})
    );
}

/// A plan with one breakfast; its meal detail id and the recipe's.
async fn one_meal(app: &TestApp, token: &str) -> (i64, i64) {
    let reply = app
        .get("/api/recipes?meal_type=breakfast&limit=1", None)
        .await;
    let recipe = reply.json["items"][0]["id"].as_i64().unwrap();
    let body = json!({"daily_menus": [{"day_of_week": 1, "meal_details": [
        {"recipe_id": recipe, "schedule": 1, "status": 0, "meal_type": "breakfast"}
    ]}]});
    let reply = app
        .json(Method::POST, "/api/plan", Some(token), &body)
        .await;
    assert_eq!(reply.status, 201, "{}", reply.text);
    let meal = reply.json["daily_menus"][0]["meal_details"][0]["id"]
        .as_i64()
        .unwrap();
    (meal, recipe)
}

async fn integers_in_paths_and_queries_read_laxly(b: Backend) {
    let app = spawn_app(b).await;
    let recipe = |id: i64| {
        let app = &app;
        async move { app.get(&format!("/api/recipes/{id}"), None).await.json }
    };
    // Recipe ids are catalogue numbers: 1001 and 1010 are breakfasts.
    let (one, ten) = (recipe(1001).await, recipe(1010).await);
    for (path, want) in [
        ("/api/recipes/1001.0", &one),
        ("/api/recipes/01001", &one),
        ("/api/recipes/+1001", &one),
        ("/api/recipes/%201001", &one),
        ("/api/recipes/1_010", &ten),
        ("/api/recipes/10_10.00", &ten),
    ] {
        let reply = app.get(path, None).await;
        assert_eq!(reply.status, 200, "{path}: {}", reply.text);
        assert_eq!(&reply.json, want, "{path}");
    }
    let reply = app.get("/api/recipes?limit=1_0&offset=0.0", None).await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    assert_eq!(reply.json["items"].as_array().unwrap().len(), 10);
    for path in ["/api/recipes/1.", "/api/recipes/1e1", "/api/recipes/1__0"] {
        let reply = app.get(path, None).await;
        assert_eq!(reply.status, 422, "{path}");
        assert_eq!(reply.json["detail"][0]["type"], "int_parsing", "{path}");
    }
    let token = app.token_for("ann@example.com").await;
    let (meal, recipe_id) = one_meal(&app, &token).await;
    let reply = app
        .send(
            Method::PUT,
            &format!("/meal-detail/{meal}.0?recipe_id={recipe_id}.0"),
            None,
            &[],
            None,
        )
        .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    assert_eq!(reply.json["id"], meal);
    let reply = app
        .get(&format!("/api/meal-detail/{meal}.00"), Some(&token))
        .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
}

async fn ids_beyond_64_bits_are_not_found(b: Backend) {
    let app = spawn_app(b).await;
    let token = app.token_for("ann@example.com").await;
    let (meal, recipe) = one_meal(&app, &token).await;
    let not_found = |what: &str| json!({"detail": what});
    for big in [
        "9223372036854775807",
        "9223372036854775808",
        "18446744073709551616",
        "-9223372036854775809",
        "99999999999999999999999999999999999999999999",
    ] {
        let reply = app.get(&format!("/api/recipes/{big}"), None).await;
        assert_eq!(reply.status, 404, "{big}");
        assert_eq!(reply.json, not_found("Recipe not found"), "{big}");
        for (method, path) in [
            (Method::GET, format!("/meal-detail/{big}")),
            (
                Method::PUT,
                format!("/meal-detail/{big}?recipe_id={recipe}"),
            ),
            (
                Method::PUT,
                format!("/api/meal-detail/{big}/status?status=1"),
            ),
            (Method::GET, format!("/meal-detail/{big}/alternatives")),
        ] {
            let reply = app.send(method, &path, Some(&token), &[], None).await;
            assert_eq!(reply.status, 404, "{path}");
            assert_eq!(reply.json, not_found("Meal detail not found"), "{path}");
        }
        let reply = app
            .send(
                Method::PUT,
                &format!("/meal-detail/{meal}?recipe_id={big}"),
                None,
                &[],
                None,
            )
            .await;
        assert_eq!(reply.status, 404, "{big}");
        assert_eq!(reply.json, not_found("Recipe not found"), "{big}");
        let reply = app
            .send(
                Method::POST,
                &format!("/api/ml/swap-recipe?recipe_id={big}&meal_label=breakfast"),
                Some(&token),
                &[],
                None,
            )
            .await;
        assert_eq!(reply.status, 404, "{big}");
        assert_eq!(reply.json, not_found("Recipe not found"), "{big}");
    }
    // The meal was not changed by any of that.
    let reply = app.get(&format!("/meal-detail/{meal}"), Some(&token)).await;
    assert_eq!(reply.json["recipe_id"], recipe);
    // A bounded parameter still reports the bound.
    let reply = app
        .get("/api/recipes?offset=9223372036854775808", None)
        .await;
    assert_eq!(
        reply.json,
        json!({"detail":[{"type":"less_than_equal","loc":["query","offset"],"msg":"Input should be less than or equal to 9223372036854775807","input":"9223372036854775808","ctx":{"le":9223372036854775807i64}}]})
    );
    // More digits than Python converts is its own error.
    let huge = "1".repeat(4301);
    let reply = app.get(&format!("/api/recipes/{huge}"), None).await;
    assert_eq!(
        reply.json,
        json!({"detail":[{"type":"int_parsing_size","loc":["path","recipe_id"],"msg":"Unable to parse input string as an integer, exceeded maximum size","input":huge}]})
    );
}

crate::on_both_backends!(
    email_addresses_as_email_validator_reads_them,
    display_name_addresses_store_the_address,
    json_bodies_need_a_json_content_type,
    sign_up_passwords,
    birth_dates_as_pydantic_reads_them,
    integers_in_paths_and_queries_read_laxly,
    ids_beyond_64_bits_are_not_found,
);
