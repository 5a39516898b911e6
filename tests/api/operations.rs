//! Health, readiness and the API documentation.

use awc::http::Method;
use serde_json::json;

use crate::helpers::{Backend, spawn_app};

async fn health_and_ready(b: Backend) {
    let app = spawn_app(b).await;
    let reply = app.get("/health", None).await;
    assert_eq!(
        (reply.status, reply.json.clone()),
        (200, json!({"status": "ok"}))
    );
    assert_eq!(reply.header("x-content-type-options"), Some("nosniff"));
    assert_eq!(reply.header("server"), None);
    let reply = app.get("/ready/", None).await;
    assert_eq!(
        (reply.status, reply.json),
        (200, json!({"status": "ready"}))
    );
}

/// PostgreSQL only: an embedded SQLite file cannot become unreachable
/// under a running process.
#[actix_web::test]
#[cfg_attr(
    mealplan_skip_postgres,
    ignore = "built with MEALPLAN_TEST_SKIP_POSTGRES=1"
)]
async fn ready_is_503_when_the_postgres_database_is_gone() {
    let app = spawn_app(Backend::Postgres).await;
    app.db.drop_now();
    let started = std::time::Instant::now();
    let reply = app.get("/ready", None).await;
    assert_eq!(reply.status, 503);
    assert_eq!(reply.json, json!({"detail": "Service unavailable"}));
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
    assert_eq!(app.get("/health", None).await.status, 200);
}

async fn openapi_documents_every_operation(b: Backend) {
    let app = spawn_app(b).await;
    let reply = app.get("/openapi.json", None).await;
    assert_eq!(reply.status, 200);
    let doc = reply.json;
    assert_eq!(doc["openapi"], "3.1.0");
    let mut operations: Vec<String> = doc["paths"]
        .as_object()
        .unwrap()
        .iter()
        .flat_map(|(path, item)| {
            item.as_object()
                .unwrap()
                .keys()
                .map(move |m| format!("{m} {path}"))
        })
        .collect();
    operations.sort();
    assert_eq!(
        operations,
        [
            "delete /api/household/members/{member_id}",
            "delete /api/recipes/{recipe_id}",
            "delete /auth/me",
            "get /api/auth",
            "get /api/daily-menu/{daily_menu_id}",
            "get /api/diet_type",
            "get /api/household/members",
            "get /api/household/members/{member_id}",
            "get /api/meal_type",
            "get /api/pantry",
            "get /api/plan/current",
            "get /api/plan/current/shopping-list",
            "get /api/plan/current/summary",
            "get /api/profile",
            "get /api/recipes",
            "get /api/recipes/{recipe_id}",
            "get /api/recipes/{recipe_id}/jsonld",
            "get /api/restriction",
            "get /api/taste",
            "get /auth/me",
            "get /auth/me/export",
            "get /health",
            "get /meal-detail/{meal_detail_id}",
            "get /meal-detail/{meal_detail_id}/alternatives",
            "get /ready",
            "get /recipes/{recipe_id}",
            "get /recipes/{recipe_id}/plate.svg",
            "get /reset-password",
            "post /api/chat",
            "post /api/daily-menu",
            "post /api/household/members",
            "post /api/ml/swap-recipe",
            "post /api/plan",
            "post /api/plan/current/rebalance",
            "post /api/plan/generate",
            "post /api/recipes",
            "post /auth/login",
            "post /auth/logout",
            "post /auth/logout-all",
            "post /auth/password-reset",
            "post /auth/password-reset/confirm",
            "post /auth/register",
            "post /meal-detail",
            "post /reset-password",
            "put /api/household/members/{member_id}",
            "put /api/pantry",
            "put /api/profile",
            "put /api/recipes/{recipe_id}",
            "put /auth/password",
            "put /meal-detail/{meal_detail_id}",
            "put /meal-detail/{meal_detail_id}/status",
        ]
    );
    let login = &doc["paths"]["/auth/login"]["post"]["responses"];
    for status in ["200", "401", "413", "422", "429", "500"] {
        assert!(login.get(status).is_some(), "login lacks {status}");
    }
    let reset = &doc["paths"]["/auth/password-reset"]["post"]["responses"];
    let confirm = &doc["paths"]["/auth/password-reset/confirm"]["post"]["responses"];
    for status in ["413", "422", "429", "500"] {
        assert!(reset.get(status).is_some(), "reset lacks {status}");
        assert!(confirm.get(status).is_some(), "confirm lacks {status}");
    }
    assert!(reset.get("202").is_some() && confirm.get("200").is_some());
    assert!(confirm.get("400").is_some());
    // The reset page's form: a form body, an HTML page for every outcome.
    let form = &doc["paths"]["/reset-password"]["post"];
    assert!(
        form["requestBody"]["content"]
            .get("application/x-www-form-urlencoded")
            .is_some()
    );
    for status in ["200", "400", "413", "422", "429", "500"] {
        assert!(
            form["responses"][status]["content"]
                .get("text/html")
                .is_some(),
            "the form lacks {status}"
        );
    }
    assert_eq!(
        doc["components"]["securitySchemes"]["bearer"]["scheme"],
        "bearer"
    );
    // Every schema a parameter or body names is in the document.
    let text = doc.to_string();
    for reference in text.split("\"#/components/schemas/").skip(1) {
        let name = reference.split('"').next().unwrap();
        assert!(
            doc["components"]["schemas"].get(name).is_some(),
            "{name} is referenced but not defined"
        );
    }
    // The generation options and each day's fit are documented.
    let schemas = &doc["components"]["schemas"];
    for (schema, field) in [
        ("GenerateRequest", "tolerances"),
        ("GenerateRequest", "max_servings"),
        ("GenerateRequest", "my_recipes"),
        ("DailyMenuResponse", "fit"),
        ("DayFitResponse", "best_miss_points"),
        ("RebalanceRequest", "day"),
    ] {
        assert!(
            schemas[schema]["properties"].get(field).is_some(),
            "{schema}.{field}"
        );
    }
}

async fn swagger_ui_is_served_from_the_binary(b: Backend) {
    let app = spawn_app(b).await;
    let reply = app.get("/docs", None).await;
    assert_eq!(reply.status, 308);
    assert_eq!(reply.header("location"), Some("/docs/"));
    let page = app.get("/docs/", None).await;
    assert_eq!(page.status, 200);
    assert!(page.text.contains("swagger-ui"), "{}", page.text);
    for asset in [
        "/docs/swagger-ui.css",
        "/docs/swagger-ui-bundle.js",
        "/docs/swagger-initializer.js",
    ] {
        let reply = app.send(Method::GET, asset, None, &[], None).await;
        assert_eq!(reply.status, 200, "{asset}");
    }
    let init = app.get("/docs/swagger-initializer.js", None).await;
    assert!(init.text.contains("/openapi.json"));
}

/// Instances starting at once on one database migrate and seed one after
/// the other, and all come up.
async fn concurrent_start_ups_all_succeed(b: Backend) {
    let db = crate::helpers::TestDb::create(b);
    let url = db.url();
    let starts = (0..3).map(|_| mealplan::prepare_database(&url, Default::default()));
    for result in futures_util::future::join_all(starts).await {
        assert!(result.is_ok(), "{:?}", result.err());
    }
    let recipes = db.count("SELECT COUNT(*) AS n FROM recipes");
    assert_eq!(recipes as usize, mealplan_catalogue::load().unwrap().len());
}

/// `/metrics` is Prometheus text with request counts and latencies per
/// route; it can be switched off or moved to a separate address.
async fn metrics_are_prometheus_text(b: Backend) {
    let app = spawn_app(b).await;
    app.get("/api/diet_type", None).await;
    let token = app.token_for("metrics@example.com").await;
    app.get("/auth/me", Some(&token)).await;
    let reply = app.get("/metrics", None).await;
    assert_eq!(reply.status, 200);
    assert!(
        reply
            .header("content-type")
            .unwrap()
            .starts_with("text/plain; version=0.0.4")
    );
    let mut samples = 0;
    for line in reply.text.lines().filter(|l| !l.is_empty()) {
        if let Some(rest) = line.strip_prefix("# ") {
            assert!(
                rest.starts_with("TYPE ") || rest.starts_with("HELP "),
                "{line}"
            );
            continue;
        }
        // name{labels} value
        let (series, value) = line.rsplit_once(' ').unwrap();
        value.parse::<f64>().unwrap_or_else(|_| panic!("{line}"));
        let name = series.split('{').next().unwrap();
        assert!(
            name.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':'),
            "{line}"
        );
        samples += 1;
    }
    assert!(samples > 10);
    assert!(
        reply
            .text
            .contains(r#"http_requests_total{route="/api/diet_type",method="GET",status="200"}"#)
    );
    assert!(reply.text.contains("http_request_duration_seconds_bucket"));
    assert!(reply.text.contains("password_hash_seconds_count"));
    assert!(reply.text.contains("db_pool_in_use"));

    let off = crate::helpers::spawn_app_with(app.db.clone(), |db| {
        let mut s = crate::helpers::settings(db);
        s.metrics = mealplan_http::MetricsAccess::Off;
        s
    })
    .await;
    assert_eq!(off.get("/metrics", None).await.status, 404);
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap();
    let separate = crate::helpers::spawn_app_with(app.db.clone(), move |db| {
        let mut s = crate::helpers::settings(db);
        s.metrics = mealplan_http::MetricsAccess::Separate(port);
        s
    })
    .await;
    assert_eq!(separate.get("/metrics", None).await.status, 404);
    let private = separate
        .client
        .get(format!("http://{port}/metrics"))
        .send()
        .await
        .unwrap();
    assert_eq!(private.status().as_u16(), 200);
}

crate::on_both_backends!(
    metrics_are_prometheus_text,
    health_and_ready,
    openapi_documents_every_operation,
    swagger_ui_is_served_from_the_binary,
    concurrent_start_ups_all_succeed,
);
