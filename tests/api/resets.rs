//! Accounts people can get back into (issue 26): a reset link by e-mail,
//! through a local SMTP sink, and from the operator's `reset-link`.

use std::rc::Rc;
use std::time::Duration;

use awc::http::Method;
use serde_json::{Value, json};

use crate::helpers::{Backend, Reply, TestApp, TestDb, settings, spawn_app, spawn_app_with};
use crate::smtp::{SmtpSink, unused_port};

const PASSWORD: &str = "password123";
const NEW_PASSWORD: &str = "a brand new secret";
const REQUESTED: &str = "If that address has an account, a reset link is on its way.";

/// Waits for mail this long at most (the sink answers at once).
const MAIL_WAIT: Duration = Duration::from_secs(10);

/// An app on a fresh database whose reset mail goes to `smtp_url`.
async fn app_with_mail(
    backend: Backend,
    smtp_url: &str,
    adjust: impl FnOnce(&mut mealplan::Settings),
) -> TestApp {
    let db = Rc::new(TestDb::create(backend));
    let url = smtp_url.to_owned();
    spawn_app_with(db, move |db| {
        let mut s = settings(db);
        s.mail = Some(mealplan::MailSettings {
            smtp_url: url,
            from: "mealplan <no-reply@mealplan.test>".into(),
        });
        s.password_reset.retry_delays = vec![Duration::from_millis(500); 6];
        adjust(&mut s);
        s
    })
    .await
}

async fn ask(app: &TestApp, email: &str) -> Reply {
    app.json(
        Method::POST,
        "/auth/password-reset",
        None,
        &json!({ "email": email }),
    )
    .await
}

async fn confirm(app: &TestApp, token: &str, password: &str) -> Reply {
    app.json(
        Method::POST,
        "/auth/password-reset/confirm",
        None,
        &json!({ "token": token, "new_password": password }),
    )
    .await
}

async fn login(app: &TestApp, email: &str, password: &str) -> u16 {
    app.json(
        Method::POST,
        "/auth/login",
        None,
        &json!({"email": email, "password": password}),
    )
    .await
    .status
}

fn invalid_token() -> Value {
    json!({"detail": "Invalid or expired reset token"})
}

fn assert_accepted(reply: &Reply) {
    assert_eq!(reply.status, 202, "{}", reply.text);
    assert_eq!(reply.json, json!({ "detail": REQUESTED }));
}

async fn a_forgotten_password_is_reset_by_mail(b: Backend) {
    let sink = SmtpSink::start();
    let app = app_with_mail(b, &sink.url(), |_| {}).await;
    let old = app.token_for("ann@example.com").await;

    assert_accepted(&ask(&app, "Ann@Example.com").await);
    let mail = sink.wait_for(1, MAIL_WAIT).await;
    assert_eq!(mail.len(), 1, "one mail");
    let mail = &mail[0];
    assert_eq!(mail.to, ["ann@example.com"]);
    assert_eq!(
        mail.header("From").as_deref(),
        Some("mealplan <no-reply@mealplan.test>")
    );
    assert!(
        mail.header("Content-Type")
            .unwrap()
            .starts_with("text/plain")
    );
    let body = mail.body();
    let token = mail.reset_token();
    assert!(token.len() >= 32, "at least 128 bits: {token}");
    let link = format!("{}/reset-password?token={token}", app.address);
    assert!(body.contains(&link), "{body}");
    assert!(body.contains("valid for 30 minutes"), "{body}");

    // The link opens the page, which posts to the confirm route.
    let page = app.get(&link[app.address.len()..], None).await;
    assert_eq!(page.status, 200);
    assert!(page.text.contains(&format!("value=\"{token}\"")));
    assert!(
        page.text
            .contains("action=\"/auth/password-reset/confirm\"")
    );

    let reply = confirm(&app, &token, NEW_PASSWORD).await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    assert_eq!(reply.json["token_type"], "bearer");
    assert_eq!(reply.json["user"]["email"], "ann@example.com");
    assert_eq!(reply.header("cache-control"), Some("no-store"));
    let fresh = reply.json["access_token"].as_str().unwrap();
    assert_eq!(app.get("/auth/me", Some(fresh)).await.status, 200);
    // Every token issued before is refused; the new password logs in.
    let refused = app.get("/auth/me", Some(&old)).await;
    assert_eq!(
        (refused.status, refused.json),
        (401, json!({"detail": "Could not validate credentials"}))
    );
    assert_eq!(login(&app, "ann@example.com", PASSWORD).await, 401);
    assert_eq!(login(&app, "ann@example.com", NEW_PASSWORD).await, 200);
    // The token worked once.
    let again = confirm(&app, &token, "yet another one").await;
    assert_eq!((again.status, again.json), (400, invalid_token()));
    assert_eq!(login(&app, "ann@example.com", NEW_PASSWORD).await, 200);
}

async fn strangers_learn_nothing_and_unknown_addresses_get_no_mail(b: Backend) {
    let sink = SmtpSink::start();
    let app = app_with_mail(b, &sink.url(), |_| {}).await;
    app.token_for("known@example.com").await;

    let known = ask(&app, "known@example.com").await;
    let unknown = ask(&app, "nobody@example.com").await;
    assert_accepted(&known);
    assert_accepted(&unknown);
    assert_eq!(known.text, unknown.text);
    let headers = |r: &Reply| {
        let mut h: Vec<(String, String)> = r
            .headers
            .iter()
            .filter(|(name, _)| name.as_str() != "date")
            .map(|(n, v)| (n.to_string(), v.to_str().unwrap().to_owned()))
            .collect();
        h.sort();
        h
    };
    assert_eq!(headers(&known), headers(&unknown));
    // The /api spelling answers the same.
    assert_eq!(
        app.json(
            Method::POST,
            "/api/auth/password-reset/",
            None,
            &json!({"email": "other@example.com"})
        )
        .await
        .text,
        known.text
    );

    assert_eq!(sink.wait_for(1, MAIL_WAIT).await.len(), 1);
    // Time for any other mail to arrive: none does.
    actix_web::rt::time::sleep(Duration::from_millis(500)).await;
    let mail = sink.messages();
    assert_eq!(mail.len(), 1, "{mail:?}");
    assert_eq!(mail[0].to, ["known@example.com"]);
    assert_eq!(app.db.count("SELECT COUNT(*) AS n FROM password_resets"), 1);

    // A malformed address is the usual 422, as sign-up words it.
    let bad = ask(&app, "not-an-address").await;
    let register = app.register("X", "not-an-address", PASSWORD).await;
    assert_eq!(bad.status, 422);
    assert_eq!(bad.json["detail"][0], register.json["detail"][0]);
    assert_eq!(bad.json["detail"][0]["loc"], json!(["body", "email"]));
    let missing = app
        .json(Method::POST, "/auth/password-reset", None, &json!({}))
        .await;
    assert_eq!(missing.status, 422);
    assert_eq!(missing.json["detail"][0]["type"], "missing");
}

async fn a_token_works_once_and_a_newer_link_or_a_password_change_ends_it(b: Backend) {
    let sink = SmtpSink::start();
    // More requests than one address may make in a minute.
    let app = app_with_mail(b, &sink.url(), |s| s.auth_rate_limit_per_minute = 0).await;
    let session = app.token_for("bob@example.com").await;

    assert_accepted(&ask(&app, "bob@example.com").await);
    assert_accepted(&ask(&app, "bob@example.com").await);
    let mail = sink.wait_for(2, MAIL_WAIT).await;
    assert_eq!(mail.len(), 2);
    let (first, second) = (mail[0].reset_token(), mail[1].reset_token());
    assert_ne!(first, second);
    // One row per account: the newer link replaced the older.
    assert_eq!(app.db.count("SELECT COUNT(*) AS n FROM password_resets"), 1);
    let replaced = confirm(&app, &first, NEW_PASSWORD).await;
    assert_eq!((replaced.status, replaced.json), (400, invalid_token()));
    assert_eq!(login(&app, "bob@example.com", PASSWORD).await, 200);
    for unknown in ["", "0123", &"f".repeat(64), &first.to_uppercase()] {
        let reply = confirm(&app, unknown, NEW_PASSWORD).await;
        assert_eq!(
            (reply.status, reply.json),
            (400, invalid_token()),
            "{unknown:?}"
        );
    }
    // The new password follows the sign-up rules (422 before the token).
    let short = confirm(&app, &second, "short").await;
    assert_eq!(short.status, 422);
    assert_eq!(
        short.json["detail"][0]["loc"],
        json!(["body", "new_password"])
    );
    assert_eq!(
        short.json["detail"][0]["msg"],
        "Value error, Password must be at least 8 characters long"
    );

    // A password change by the logged-in route ends the pending link.
    let change = app
        .json(
            Method::PUT,
            "/auth/password",
            Some(&session),
            &json!({"current_password": PASSWORD, "new_password": "changed password"}),
        )
        .await;
    assert_eq!(change.status, 200, "{}", change.text);
    assert_eq!(app.db.count("SELECT COUNT(*) AS n FROM password_resets"), 0);
    let ended = confirm(&app, &second, NEW_PASSWORD).await;
    assert_eq!((ended.status, ended.json), (400, invalid_token()));
    assert_eq!(
        login(&app, "bob@example.com", "changed password").await,
        200
    );
}

async fn an_expired_token_changes_nothing(b: Backend) {
    let sink = SmtpSink::start();
    let app = app_with_mail(b, &sink.url(), |s| s.password_reset.ttl_minutes = 5).await;
    app.token_for("eve@example.com").await;
    assert_accepted(&ask(&app, "eve@example.com").await);
    let mail = sink.wait_for(1, MAIL_WAIT).await;
    assert!(mail[0].body().contains("valid for 5 minutes"));
    let token = mail[0].reset_token();
    // The link's time has passed (as if 5 minutes had gone by).
    app.db.execute(match b {
        Backend::Postgres => {
            "UPDATE password_resets SET expires_at = expires_at - INTERVAL '6 minutes'"
        }
        Backend::Sqlite => {
            "UPDATE password_resets SET expires_at = datetime(expires_at, '-6 minutes')"
        }
    });
    let reply = confirm(&app, &token, NEW_PASSWORD).await;
    assert_eq!((reply.status, reply.json), (400, invalid_token()));
    assert_eq!(login(&app, "eve@example.com", PASSWORD).await, 200);
    assert_eq!(login(&app, "eve@example.com", NEW_PASSWORD).await, 401);
}

async fn reset_requests_are_rate_limited_per_address_and_per_email(b: Backend) {
    // Per e-mail, known or not alike: the login failure limit's count.
    let sink = SmtpSink::start();
    let app = app_with_mail(b, &sink.url(), |s| {
        s.auth_rate_limit_per_minute = 0;
        s.login_failure_limit = 3;
    })
    .await;
    app.token_for("limited@example.com").await;
    for email in ["limited@example.com", "ghost@example.com"] {
        for _ in 0..3 {
            assert_accepted(&ask(&app, email).await);
        }
        let refused = ask(&app, email).await;
        assert_eq!(refused.status, 429, "{email}");
        assert_eq!(refused.json, json!({"detail": "Too many requests"}));
        let wait: u64 = refused.header("retry-after").unwrap().parse().unwrap();
        assert!((1..=900).contains(&wait), "{wait}");
    }
    // Logins of the account are not locked by reset requests.
    assert_eq!(login(&app, "limited@example.com", PASSWORD).await, 200);

    // Per client address: the shared login/sign-up bucket.
    let app = app_with_mail(b, &sink.url(), |s| {
        s.auth_rate_limit_per_minute = 4;
        s.login_failure_limit = 0;
    })
    .await;
    for i in 0..4 {
        assert_accepted(&ask(&app, &format!("p{i}@example.com")).await);
    }
    let refused = ask(&app, "p9@example.com").await;
    assert_eq!(refused.status, 429);
    assert!(refused.header("retry-after").is_some());
    let confirm_refused = confirm(&app, "whatever", NEW_PASSWORD).await;
    assert_eq!(confirm_refused.status, 429);
}

async fn a_mail_server_that_is_down_gets_the_link_on_a_later_try(b: Backend) {
    let port = unused_port();
    let app = app_with_mail(b, &format!("smtp://127.0.0.1:{port}"), |s| {
        s.password_reset.retry_delays = vec![Duration::from_millis(1500); 4];
    })
    .await;
    app.token_for("late@example.com").await;
    assert_accepted(&ask(&app, "late@example.com").await);
    // The first try fails at once (nothing listens); the server comes up
    // before the retry.
    actix_web::rt::time::sleep(Duration::from_millis(400)).await;
    let sink = SmtpSink::start_on(port);
    let mail = sink.wait_for(1, MAIL_WAIT).await;
    assert_eq!(mail.len(), 1, "the retry delivers");
    let reply = confirm(&app, &mail[0].reset_token(), NEW_PASSWORD).await;
    assert_eq!(reply.status, 200, "{}", reply.text);
}

async fn without_mail_requests_are_still_accepted(b: Backend) {
    let app = spawn_app(b).await;
    app.token_for("nomail@example.com").await;
    assert_accepted(&ask(&app, "nomail@example.com").await);
    assert_accepted(&ask(&app, "nobody@example.com").await);
    // The page without a token says the link is incomplete.
    let page = app.get("/reset-password", None).await;
    assert_eq!(page.status, 400);
    assert!(page.text.contains("incomplete"));
    let page = app.get("/reset-password?token=abc", None).await;
    assert_eq!(page.status, 200);
    assert_eq!(page.header("cache-control"), Some("no-store"));
    assert_eq!(page.header("referrer-policy"), Some("no-referrer"));
    assert!(
        page.header("content-security-policy")
            .unwrap()
            .starts_with("default-src 'none';")
    );
}

async fn the_operator_hands_out_a_link(b: Backend) {
    let app = spawn_app(b).await;
    let old = app.token_for("op@example.com").await;
    let run = |email: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_mealplan"))
            .args(["reset-link", email])
            .env("DATABASE_URL", app.db.url())
            .env("PUBLIC_BASE_URL", "https://meals.example.com/")
            .env("RUST_LOG", "warn")
            .output()
            .expect("reset-link runs")
    };
    let out = run("OP@example.com");
    assert!(out.status.success(), "{out:?}");
    let link = String::from_utf8(out.stdout).unwrap();
    let token = link
        .trim()
        .strip_prefix("https://meals.example.com/reset-password?token=")
        .unwrap_or_else(|| panic!("a link: {link}"))
        .to_owned();
    assert!(String::from_utf8_lossy(&out.stderr).contains("30 minutes"));
    let reply = confirm(&app, &token, NEW_PASSWORD).await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    assert_eq!(app.get("/auth/me", Some(&old)).await.status, 401);
    assert_eq!(
        confirm(&app, &token, NEW_PASSWORD).await.json,
        invalid_token()
    );

    let out = run("stranger@example.com");
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("no account has the e-mail"),
        "{out:?}"
    );
}

crate::on_both_backends!(
    a_forgotten_password_is_reset_by_mail,
    strangers_learn_nothing_and_unknown_addresses_get_no_mail,
    a_token_works_once_and_a_newer_link_or_a_password_change_ends_it,
    an_expired_token_changes_nothing,
    reset_requests_are_rate_limited_per_address_and_per_email,
    a_mail_server_that_is_down_gets_the_link_on_a_later_try,
    without_mail_requests_are_still_accepted,
    the_operator_hands_out_a_link,
);
