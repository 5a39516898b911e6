//! The shared error machinery: unknown routes, wrong methods, broken
//! bodies, oversized bodies, CORS.

use std::rc::Rc;

use awc::http::Method;
use serde_json::json;

use crate::helpers::{Backend, TestDb, settings, spawn_app, spawn_app_with};

async fn unknown_routes_are_404(b: Backend) {
    let app = spawn_app(b).await;
    for (method, path) in [
        (Method::GET, "/nope"),
        (Method::POST, "/api/nothing/here"),
        (Method::GET, "/auth"),
    ] {
        let reply = app.send(method, path, None, &[], None).await;
        assert_eq!(reply.status, 404, "{path}");
        assert_eq!(reply.text, r#"{"detail":"Not Found"}"#);
    }
}

async fn wrong_methods_are_405_with_allow(b: Backend) {
    let app = spawn_app(b).await;
    for (method, path, allow) in [
        (Method::GET, "/auth/login", "POST"),
        (Method::DELETE, "/api/auth/register/", "POST"),
        (Method::POST, "/auth/me", "GET, DELETE"),
        (Method::GET, "/auth/logout", "POST"),
        (Method::PUT, "/api/auth", "GET"),
        (Method::POST, "/health", "GET"),
    ] {
        let reply = app.send(method.clone(), path, None, &[], None).await;
        assert_eq!(reply.status, 405, "{method} {path}");
        assert_eq!(reply.text, r#"{"detail":"Method Not Allowed"}"#);
        assert_eq!(reply.header("allow"), Some(allow));
    }
}

async fn broken_json_is_json_invalid(b: Backend) {
    let app = spawn_app(b).await;
    let json = [("content-type", "application/json")];
    for (body, offset, error) in [
        (r#"{"email": }"#, 10, "Expecting value"),
        (r#"{"email" "x"}"#, 9, "Expecting ':' delimiter"),
        (r#"{"email": "x""#, 13, "Expecting ',' delimiter"),
        (r#"{"password": NaN}"#, 13, "Expecting value"),
        (r#"{"password": Infinity}"#, 13, "Expecting value"),
        (
            r#"{email: 1}"#,
            1,
            "Expecting property name enclosed in double quotes",
        ),
    ] {
        let reply = app
            .send(Method::POST, "/auth/login", None, &json, Some(body))
            .await;
        assert_eq!(reply.status, 422, "{body}");
        assert_eq!(
            reply.json,
            json!({"detail":[{"type":"json_invalid","loc":["body",offset],"msg":"JSON decode error","input":{},"ctx":{"error":error}}]}),
            "{body}"
        );
    }
    let reply = app
        .send(Method::POST, "/auth/login", None, &json, Some(""))
        .await;
    assert_eq!(
        reply.text,
        r#"{"detail":[{"type":"missing","loc":["body"],"msg":"Field required","input":null}]}"#
    );
    // A body that is not declared as JSON is not parsed as JSON.
    let form = [("content-type", "application/x-www-form-urlencoded")];
    let reply = app
        .send(Method::POST, "/auth/login", None, &form, Some("email=a"))
        .await;
    assert_eq!(
        reply.json,
        json!({"detail":[{"type":"model_attributes_type","loc":["body"],"msg":"Input should be a valid dictionary or object to extract fields from","input":"email=a"}]})
    );
    // No content type at all: not JSON either, as FastAPI decides by
    // default (`strict_content_type`).
    let body = r#"{"email":"a@b.co","password":"password1"}"#;
    let reply = app
        .send(Method::POST, "/auth/login", None, &[], Some(body))
        .await;
    assert_eq!(
        reply.json,
        json!({"detail":[{"type":"model_attributes_type","loc":["body"],"msg":"Input should be a valid dictionary or object to extract fields from","input":body}]})
    );
}

async fn bodies_over_64_kib_are_413(b: Backend) {
    let app = spawn_app(b).await;
    let padding = "x".repeat(64 * 1024);
    let body = json!({"email": "a@b.co", "password": padding}).to_string();
    let reply = app
        .send(
            Method::POST,
            "/auth/register",
            None,
            &[("content-type", "application/json")],
            Some(&body),
        )
        .await;
    assert_eq!(reply.status, 413);
    assert_eq!(reply.text, r#"{"detail":"Request body too large"}"#);
    // Just under the limit is read and validated normally.
    let body =
        json!({"name": "n", "email": "a@b.co", "password": "x".repeat(60 * 1024)}).to_string();
    let reply = app
        .send(
            Method::POST,
            "/auth/register",
            None,
            &[("content-type", "application/json")],
            Some(&body),
        )
        .await;
    assert_eq!(reply.status, 422);
}

async fn cors_allows_only_configured_origins(b: Backend) {
    let db = Rc::new(TestDb::create(b));
    let app = spawn_app_with(db, |db| {
        let mut s = settings(db);
        s.cors_allowed_origins = vec!["https://app.example".into()];
        s
    })
    .await;
    let reply = app
        .send(
            Method::GET,
            "/health",
            None,
            &[("origin", "https://app.example")],
            None,
        )
        .await;
    assert_eq!(
        reply.header("access-control-allow-origin"),
        Some("https://app.example")
    );
    let reply = app
        .send(
            Method::GET,
            "/health",
            None,
            &[("origin", "https://evil.example")],
            None,
        )
        .await;
    assert_eq!(reply.status, 200);
    assert_eq!(reply.header("access-control-allow-origin"), None);
    let preflight = app
        .send(
            Method::OPTIONS,
            "/auth/login",
            None,
            &[
                ("origin", "https://app.example"),
                ("access-control-request-method", "POST"),
            ],
            None,
        )
        .await;
    assert_eq!(preflight.status, 200);
    assert_eq!(
        preflight.header("access-control-allow-origin"),
        Some("https://app.example")
    );
    let refused = app
        .send(
            Method::OPTIONS,
            "/auth/login",
            None,
            &[
                ("origin", "https://evil.example"),
                ("access-control-request-method", "POST"),
            ],
            None,
        )
        .await;
    assert_eq!(refused.status, 400);
    assert_eq!(
        refused.json,
        json!({"detail": "Origin is not allowed to make this request"})
    );

    let plain = spawn_app(b).await;
    let reply = plain
        .send(
            Method::GET,
            "/health",
            None,
            &[("origin", "https://app.example")],
            None,
        )
        .await;
    assert_eq!(reply.header("access-control-allow-origin"), None);
}

crate::on_both_backends!(
    unknown_routes_are_404,
    wrong_methods_are_405_with_allow,
    broken_json_is_json_invalid,
    bodies_over_64_kib_are_413,
    cors_allows_only_configured_origins,
);
