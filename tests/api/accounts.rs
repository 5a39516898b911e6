//! Sign-up, login, current user and token check.

use awc::http::Method;
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use serde_json::{Value, json};

use crate::helpers::{Backend, SECRET, TestApp, spawn_app, spawn_app_with};

fn sign(alg: Algorithm, secret: &[u8], claims: &Value) -> String {
    jsonwebtoken::encode(&Header::new(alg), claims, &EncodingKey::from_secret(secret)).unwrap()
}

fn now() -> i64 {
    chrono::Utc::now().timestamp()
}

fn user_body(id: i64, name: &str, email: &str) -> Value {
    json!({"id": id, "name": name, "email": email})
}

/// The login/register body, with the token taken from the reply and
/// checked to be an HS256 JWT naming `id`, living 3000 minutes.
fn assert_token_body(reply: &crate::helpers::Reply, id: i64, name: &str, email: &str) {
    let token = reply.json["access_token"].as_str().expect("access_token");
    assert_eq!(
        reply.json,
        json!({"access_token": token, "token_type": "bearer", "user": user_body(id, name, email)})
    );
    let mut validation = jsonwebtoken::Validation::new(Algorithm::HS256);
    validation.leeway = 0;
    let data = jsonwebtoken::decode::<Value>(
        token,
        &jsonwebtoken::DecodingKey::from_secret(SECRET),
        &validation,
    )
    .expect("token verifies with the configured secret");
    assert_eq!(data.claims["sub"], json!(id.to_string()));
    let iat = data.claims["iat"].as_i64().unwrap();
    assert_eq!(data.claims["exp"].as_i64().unwrap() - iat, 3000 * 60);
    assert!((iat - now()).abs() < 30);
}

async fn register_answers_201_and_logs_in(b: Backend) {
    let app = spawn_app(b).await;
    let reply = app
        .register("  Ann Lee ", "  Ann@Example.COM ", "password1")
        .await;
    assert_eq!(reply.status, 201, "{}", reply.text);
    assert_token_body(&reply, 1, "Ann Lee", "ann@example.com");
    let second = app.register("Bob", "bob@example.com", "password2").await;
    assert_token_body(&second, 2, "Bob", "bob@example.com");
}

async fn register_refuses_a_taken_email_in_any_case(b: Backend) {
    let app = spawn_app(b).await;
    app.register("Ann", "ann@example.com", "password1").await;
    for email in ["ann@example.com", " ANN@example.com"] {
        let reply = app.register("Other", email, "password2").await;
        assert_eq!(reply.status, 409);
        assert_eq!(reply.json, json!({"detail": "Email already registered"}));
    }
}

async fn register_validates_every_field_in_order(b: Backend) {
    let app = spawn_app(b).await;
    let body = json!({"name": "   ", "email": "no-at-sign", "password": "a".repeat(73)});
    let reply = app.json(Method::POST, "/auth/register", None, &body).await;
    assert_eq!(reply.status, 422);
    assert_eq!(
        reply.json,
        json!({"detail": [
            {"type":"string_too_short","loc":["body","name"],"msg":"String should have at least 1 character","input":"   ","ctx":{"min_length":1}},
            {"type":"value_error","loc":["body","email"],"msg":"value is not a valid email address: An email address must have an @-sign.","input":"no-at-sign","ctx":{"reason":"An email address must have an @-sign."}},
            {"type":"string_too_long","loc":["body","password"],"msg":"Password must be at most 72 bytes","input":"a".repeat(73),"ctx":{"max_length":72}}
        ]})
    );
    let reply = app
        .json(Method::POST, "/auth/register", None, &json!({}))
        .await;
    assert_eq!(
        reply.json,
        json!({"detail": [
            {"type":"missing","loc":["body","name"],"msg":"Field required","input":{}},
            {"type":"missing","loc":["body","email"],"msg":"Field required","input":{}},
            {"type":"missing","loc":["body","password"],"msg":"Field required","input":{}}
        ]})
    );
    let body = json!({"name": "x".repeat(101), "email": 5, "password": "short"});
    let reply = app
        .json(Method::POST, "/api/auth/register/", None, &body)
        .await;
    assert_eq!(
        reply.json,
        json!({"detail": [
            {"type":"string_too_long","loc":["body","name"],"msg":"String should have at most 100 characters","input":"x".repeat(101),"ctx":{"max_length":100}},
            {"type":"string_type","loc":["body","email"],"msg":"Input should be a valid string","input":5},
            {"type":"value_error","loc":["body","password"],"msg":"Value error, Password must be at least 8 characters long","input":"short","ctx":{"error":{}}}
        ]})
    );
    // Nothing was stored by the refused requests.
    let reply = app.register("Ann", "ann@example.com", "password1").await;
    assert_eq!(reply.json["user"]["id"], 1);
}

async fn login_works_at_every_path_spelling(b: Backend) {
    let app = spawn_app(b).await;
    app.register("Ann", "ann@example.com", "password1").await;
    for path in [
        "/auth/login",
        "/auth/login/",
        "/api/auth/login",
        "/api/auth/login/",
    ] {
        let body = json!({"email": " ANN@example.com ", "password": "password1"});
        let reply = app.json(Method::POST, path, None, &body).await;
        assert_eq!(reply.status, 200, "{path}: {}", reply.text);
        assert_token_body(&reply, 1, "Ann", "ann@example.com");
    }
}

async fn login_failures_look_the_same(b: Backend) {
    let app = spawn_app(b).await;
    app.register("Ann", "ann@example.com", "a".repeat(72).as_str())
        .await;
    for (email, password) in [
        ("ann@example.com", "wrong-password".to_owned()),
        ("nobody@example.com", "password1".to_owned()),
        // Longer than bcrypt's 72 bytes: never truncated to match.
        ("ann@example.com", "a".repeat(80)),
    ] {
        let reply = app
            .json(
                Method::POST,
                "/auth/login",
                None,
                &json!({"email": email, "password": password}),
            )
            .await;
        assert_eq!(reply.status, 401, "{email}");
        assert_eq!(reply.json, json!({"detail": "Invalid email or password"}));
        assert_eq!(reply.header("www-authenticate"), None);
    }
    // Exactly 72 bytes, bcrypt's limit, is accepted at sign-up and works.
    let reply = app
        .json(
            Method::POST,
            "/auth/login",
            None,
            &json!({"email": "ann@example.com", "password": "a".repeat(72)}),
        )
        .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    assert_eq!(reply.header("cache-control"), Some("no-store"));
}

async fn login_validation_entries(b: Backend) {
    let app = spawn_app(b).await;
    let long = format!("{}@example.com", "a".repeat(250));
    let cases = [
        (
            json!({"email": "ann@example", "password": "password1"}),
            json!([{"type":"value_error","loc":["body","email"],"msg":"value is not a valid email address: The part after the @-sign is not valid. It should have a period.","input":"ann@example","ctx":{"reason":"The part after the @-sign is not valid. It should have a period."}}]),
        ),
        (
            json!({"email": "ann@example.com", "password": "123"}),
            json!([{"type":"string_too_short","loc":["body","password"],"msg":"String should have at least 8 characters","input":"123","ctx":{"min_length":8}}]),
        ),
        (
            json!({"email": long, "password": "password1"}),
            json!([{"type":"value_error","loc":["body","email"],"msg":"value is not a valid email address: The email address is too long (8 characters too many).","input":long,"ctx":{"reason":"The email address is too long (8 characters too many)."}}]),
        ),
        (
            json!({"email": "a@b.co"}),
            json!([{"type":"missing","loc":["body","password"],"msg":"Field required","input":{"email":"a@b.co"}}]),
        ),
        (
            json!({"email": null, "password": ["x"]}),
            json!([
                {"type":"string_type","loc":["body","email"],"msg":"Input should be a valid string","input":null},
                {"type":"string_type","loc":["body","password"],"msg":"Input should be a valid string","input":["x"]}
            ]),
        ),
        (
            json!(["not", "an", "object"]),
            json!([{"type":"model_attributes_type","loc":["body"],"msg":"Input should be a valid dictionary or object to extract fields from","input":["not","an","object"]}]),
        ),
        (
            json!(null),
            json!([{"type":"missing","loc":["body"],"msg":"Field required","input":null}]),
        ),
    ];
    for (body, detail) in cases {
        let reply = app.json(Method::POST, "/auth/login", None, &body).await;
        assert_eq!(reply.status, 422, "{body}");
        assert_eq!(reply.json, json!({"detail": detail}), "{body}");
    }
}

async fn me_returns_the_tokens_user(b: Backend) {
    let app = spawn_app(b).await;
    app.token_for("first@example.com").await;
    let token = app.token_for("Second@Example.com").await;
    for path in ["/auth/me", "/auth/me/", "/api/auth/me", "/api/auth/me/"] {
        let reply = app.get(path, Some(&token)).await;
        assert_eq!(reply.status, 200, "{path}");
        assert_eq!(reply.json, user_body(2, "Test User", "second@example.com"));
    }
}

async fn refused_tokens_get_the_right_detail(b: Backend) {
    let app = spawn_app(b).await;
    let good = app.token_for("ann@example.com").await;
    let claims = |sub: Value, exp: i64| json!({"sub": sub, "iat": now() - 10, "exp": exp});
    let later = now() + 3600;
    let (header, payload, _) = {
        let mut parts = good.splitn(3, '.');
        (
            parts.next().unwrap(),
            parts.next().unwrap(),
            parts.next().unwrap(),
        )
    };
    let not_authenticated = json!({"detail": "Not authenticated"});
    let invalid = json!({"detail": "Could not validate credentials"});
    let expired = json!({"detail": "Token has expired"});
    let cases: Vec<(Option<String>, Value)> = vec![
        (None, not_authenticated.clone()),
        (Some(format!("Basic {good}")), not_authenticated.clone()),
        (Some("Bearer ".to_owned()), not_authenticated.clone()),
        (Some("Bearer".to_owned()), not_authenticated.clone()),
        (Some("Bearer garbage".to_owned()), invalid.clone()),
        // alg none, unsigned
        (
            Some(format!(
                "Bearer eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.{payload}."
            )),
            invalid.clone(),
        ),
        (
            Some(format!(
                "Bearer {}",
                sign(Algorithm::HS512, SECRET, &claims(json!("1"), later))
            )),
            invalid.clone(),
        ),
        (
            Some(format!(
                "Bearer {}",
                sign(Algorithm::HS384, SECRET, &claims(json!("1"), later))
            )),
            invalid.clone(),
        ),
        (
            Some(format!(
                "Bearer {}",
                sign(
                    Algorithm::HS256,
                    b"another-secret-another-secret-0123",
                    &claims(json!("1"), later)
                )
            )),
            invalid.clone(),
        ),
        // tampered payload: sub changed, signature kept
        (
            Some(format!(
                "Bearer {header}.eyJzdWIiOiIyIiwiaWF0IjowLCJleHAiOjQxMDI0NDQ4MDB9.{}",
                good.rsplit('.').next().unwrap()
            )),
            invalid.clone(),
        ),
        (
            Some(format!(
                "Bearer {}",
                sign(Algorithm::HS256, SECRET, &json!({"iat": 0, "exp": later}))
            )),
            invalid.clone(),
        ),
        (
            Some(format!(
                "Bearer {}",
                sign(Algorithm::HS256, SECRET, &claims(json!("abc"), later))
            )),
            invalid.clone(),
        ),
        (
            Some(format!(
                "Bearer {}",
                sign(Algorithm::HS256, SECRET, &claims(json!("999"), later))
            )),
            invalid.clone(),
        ),
        (
            Some(format!(
                "Bearer {}",
                sign(Algorithm::HS256, SECRET, &claims(json!("1"), now() - 1))
            )),
            expired.clone(),
        ),
        (Some(format!("bearer {good}")), json!(null)),
    ];
    for (authorization, want) in cases {
        let headers: Vec<(&str, &str)> = authorization
            .as_deref()
            .map(|a| vec![("authorization", a)])
            .unwrap_or_default();
        let reply = app
            .send(Method::GET, "/auth/me", None, &headers, None)
            .await;
        if want.is_null() {
            assert_eq!(reply.status, 200, "{authorization:?}");
            continue;
        }
        assert_eq!(reply.status, 401, "{authorization:?}");
        assert_eq!(reply.json, want, "{authorization:?}");
        assert_eq!(reply.header("www-authenticate"), Some("Bearer"));
    }
}

async fn a_deleted_users_token_is_refused(b: Backend) {
    let app = spawn_app(b).await;
    let token = app.token_for("ann@example.com").await;
    assert_eq!(app.get("/auth/me", Some(&token)).await.status, 200);
    app.db.execute("DELETE FROM users");
    let reply = app.get("/auth/me", Some(&token)).await;
    assert_eq!(reply.status, 401);
    assert_eq!(
        reply.json,
        json!({"detail": "Could not validate credentials"})
    );
}

async fn token_check_says_true_or_false(b: Backend) {
    let app = spawn_app(b).await;
    let token = app.token_for("ann@example.com").await;
    let reply = app.get(&format!("/api/auth?token={token}"), None).await;
    assert_eq!((reply.status, reply.text.as_str()), (200, "true"));
    let reply = app.get("/api/auth/?token=nonsense", None).await;
    assert_eq!((reply.status, reply.text.as_str()), (200, "false"));
    let reply = app.get("/api/auth", None).await;
    assert_eq!(reply.status, 422);
    assert_eq!(
        reply.json,
        json!({"detail":[{"type":"missing","loc":["query","token"],"msg":"Field required","input":null}]})
    );
}

async fn two_instances_share_tokens(b: Backend) {
    let first = spawn_app(b).await;
    let second: TestApp = spawn_app_with(first.db.clone(), crate::helpers::settings).await;
    let token = first.token_for("ann@example.com").await;
    let reply = second.get("/auth/me", Some(&token)).await;
    assert_eq!(reply.status, 200);
    assert_eq!(reply.json, user_body(1, "Test User", "ann@example.com"));
    let login = second
        .json(
            Method::POST,
            "/auth/login",
            None,
            &json!({"email": "ann@example.com", "password": "password123"}),
        )
        .await;
    let token = login.json["access_token"].as_str().unwrap();
    assert_eq!(first.get("/auth/me", Some(token)).await.status, 200);
}

async fn storage_failures_are_500_without_internals(b: Backend) {
    let app = spawn_app(b).await;
    let token = app.token_for("ann@example.com").await;
    app.db.execute("ALTER TABLE users RENAME TO users_gone");
    let login = json!({"email": "ann@example.com", "password": "password123"});
    let reply = app.json(Method::POST, "/auth/login", None, &login).await;
    assert_eq!(
        (reply.status, reply.text.as_str()),
        (500, r#"{"detail":"Error during authentication"}"#)
    );
    let reply = app.register("Bob", "bob@example.com", "password123").await;
    assert_eq!(
        (reply.status, reply.text.as_str()),
        (500, r#"{"detail":"Error during authentication"}"#)
    );
    let reply = app.get("/auth/me", Some(&token)).await;
    assert_eq!(
        (reply.status, reply.text.as_str()),
        (500, r#"{"detail":"Internal server error"}"#)
    );
}

crate::on_both_backends!(
    register_answers_201_and_logs_in,
    register_refuses_a_taken_email_in_any_case,
    register_validates_every_field_in_order,
    login_works_at_every_path_spelling,
    login_failures_look_the_same,
    login_validation_entries,
    me_returns_the_tokens_user,
    refused_tokens_get_the_right_detail,
    a_deleted_users_token_is_refused,
    token_check_says_true_or_false,
    two_instances_share_tokens,
    storage_failures_are_500_without_internals,
);
