//! Rate limits kept in the database: two instances on one database (two
//! servers in this process, each with its own memory) enforce one limit.

use std::rc::Rc;

use awc::http::Method;
use serde_json::json;

use crate::helpers::{Backend, Reply, TestApp, TestDb, settings, spawn_app_with};

/// Two instances on one new database, with these limits.
async fn two_instances(b: Backend, per_minute: u32, failures: u32) -> (TestApp, TestApp) {
    let db = Rc::new(TestDb::create(b));
    let adjust = move |db: &TestDb| {
        let mut s = settings(db);
        s.auth_rate_limit_per_minute = per_minute;
        s.login_failure_limit = failures;
        s
    };
    let first = spawn_app_with(db.clone(), adjust).await;
    let second = spawn_app_with(db, adjust).await;
    assert_ne!(first.address, second.address);
    (first, second)
}

async fn login(app: &TestApp, email: &str, password: &str) -> Reply {
    app.json(
        Method::POST,
        "/auth/login",
        None,
        &json!({"email": email, "password": password}),
    )
    .await
}

fn retry_after(reply: &Reply) -> u64 {
    reply
        .header("retry-after")
        .expect("Retry-After")
        .parse()
        .unwrap()
}

async fn two_instances_share_one_limit_per_address(b: Backend) {
    let (a, other) = two_instances(b, 3, 0).await;
    assert_eq!(
        a.register("N", "a1@example.com", "password1").await.status,
        201
    );
    assert_eq!(
        other
            .register("N", "b1@example.com", "password1")
            .await
            .status,
        201
    );
    assert_eq!(
        a.register("N", "a2@example.com", "password1").await.status,
        201
    );
    // Three of three used, across both: each instance refuses the fourth.
    for app in [&other, &a] {
        let reply = app.register("N", "late@example.com", "password1").await;
        assert_eq!(reply.status, 429, "{}", reply.text);
        assert_eq!(reply.text, r#"{"detail":"Too many requests"}"#);
        assert!((1..=20).contains(&retry_after(&reply)));
        let reply = login(app, "a1@example.com", "password1").await;
        assert_eq!(reply.status, 429, "login shares the address limit");
    }
    assert_eq!(a.db.count("SELECT COUNT(*) AS n FROM users"), 3);
}

async fn two_instances_share_one_login_failure_limit(b: Backend) {
    let (a, other) = two_instances(b, 0, 3).await;
    a.register("Ann", "ann@example.com", "password1").await;
    for app in [&a, &other, &a] {
        assert_eq!(
            login(app, "ann@example.com", "wrong-pass").await.status,
            401
        );
    }
    // Locked on both, even with the right password.
    for app in [&other, &a] {
        let reply = login(app, "ANN@example.com", "password1").await;
        assert_eq!(reply.status, 429, "{}", reply.text);
        assert_eq!(reply.json, json!({"detail": "Too many requests"}));
        assert!(retry_after(&reply) > 800);
    }

    // Guesses sent at once, half to each instance, cannot slip past.
    a.register("Cy", "cy@example.com", "password1").await;
    let guesses = (0..12).map(|i| {
        let app = if i % 2 == 0 { &a } else { &other };
        async move {
            login(app, "cy@example.com", &format!("wrong-{i:04}"))
                .await
                .status
        }
    });
    let mut statuses = futures_util::future::join_all(guesses).await;
    statuses.sort_unstable();
    assert_eq!(statuses, [vec![401; 3], vec![429; 9]].concat());

    // A success on one instance clears the count for both.
    a.register("Dan", "dan@example.com", "password1").await;
    for _ in 0..2 {
        assert_eq!(login(&a, "dan@example.com", "wrong-pass").await.status, 401);
    }
    assert_eq!(
        login(&other, "dan@example.com", "password1").await.status,
        200
    );
    for _ in 0..3 {
        assert_eq!(login(&a, "dan@example.com", "wrong-pass").await.status, 401);
    }
    assert_eq!(
        login(&other, "dan@example.com", "wrong-pass").await.status,
        429
    );
}

/// The limits outlive the instance that counted: a new one on the same
/// database starts where the others stopped.
async fn a_new_instance_inherits_the_counts(b: Backend) {
    let (a, _other) = two_instances(b, 2, 0).await;
    for i in 0..2 {
        let email = format!("u{i}@example.com");
        assert_eq!(a.register("N", &email, "password1").await.status, 201);
    }
    let db = a.db.clone();
    let third = spawn_app_with(db, |db| {
        let mut s = settings(db);
        s.auth_rate_limit_per_minute = 2;
        s
    })
    .await;
    let reply = third.register("N", "late@example.com", "password1").await;
    assert_eq!(reply.status, 429);
    assert_eq!(
        a.db.count("SELECT COUNT(*) AS n FROM rate_limits WHERE scope = 1"),
        1,
        "one row per address, not per instance"
    );
}

crate::on_both_backends!(
    two_instances_share_one_limit_per_address,
    two_instances_share_one_login_failure_limit,
    a_new_instance_inherits_the_counts,
);
