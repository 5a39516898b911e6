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

/// Posts the reset page's form as a browser does.
async fn post_form(app: &TestApp, fields: &[(&str, &str)]) -> Reply {
    let body = serde_urlencoded::to_string(fields).unwrap();
    app.send(
        Method::POST,
        "/reset-password",
        None,
        &[("content-type", "application/x-www-form-urlencoded")],
        Some(&body),
    )
    .await
}

/// The form as the page sends it.
async fn submit(app: &TestApp, token: &str, password: &str, again: &str) -> Reply {
    post_form(
        app,
        &[
            ("token", token),
            ("new_password", password),
            ("confirm_password", again),
        ],
    )
    .await
}

/// An HTML page with `status`, the reset pages' headers, and no script.
fn assert_page(reply: &Reply, status: u16, says: &str) {
    assert_eq!(reply.status, status, "{}", reply.text);
    assert_eq!(
        reply.header("content-type"),
        Some("text/html; charset=utf-8")
    );
    assert_eq!(reply.header("cache-control"), Some("no-store"));
    assert_eq!(reply.header("referrer-policy"), Some("no-referrer"));
    let csp = reply.header("content-security-policy").unwrap();
    assert!(csp.starts_with("default-src 'none';"), "{csp}");
    assert!(csp.contains("form-action 'self'"), "{csp}");
    assert!(!csp.contains("script-src"), "no script may run: {csp}");
    assert!(!reply.text.contains("<script"), "no JavaScript needed");
    assert!(reply.text.contains(says), "{says:?} in {}", reply.text);
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

    // The link opens the page, whose form posts to the page's own path
    // (`the_form_works_without_javascript`); the JSON route does the same.
    let page = app.get(&link[app.address.len()..], None).await;
    assert_eq!(page.status, 200);
    assert!(page.text.contains(&format!("value=\"{token}\"")));
    assert!(
        page.text
            .contains("method=\"post\" action=\"/reset-password\"")
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
    // Mail goes out in the background: the first is in before the second
    // is asked for, so the two arrive in the order they were made.
    sink.wait_for(1, MAIL_WAIT).await;
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

async fn the_form_works_without_javascript(b: Backend) {
    let sink = SmtpSink::start();
    // More attempts than one address may make in a minute (the limit is
    // `the_form_shares_the_confirm_routes_limits`).
    let app = app_with_mail(b, &sink.url(), |s| s.auth_rate_limit_per_minute = 0).await;
    let old = app.token_for("form@example.com").await;
    assert_accepted(&ask(&app, "form@example.com").await);
    let token = sink.wait_for(1, MAIL_WAIT).await[0].reset_token();

    // The page is a plain form that posts to itself.
    let page = app
        .get(&format!("/reset-password?token={token}"), None)
        .await;
    assert_page(
        &page,
        200,
        "<form id=\"reset\" method=\"post\" action=\"/reset-password\">",
    );
    for field in [
        format!("<input type=\"hidden\" name=\"token\" value=\"{token}\">"),
        "name=\"new_password\" type=\"password\"".to_owned(),
        "name=\"confirm_password\" type=\"password\"".to_owned(),
        "<button type=\"submit\">".to_owned(),
    ] {
        assert!(page.text.contains(&field), "{field}");
    }
    assert!(!page.text.contains("noscript"));

    // Two different passwords: 422, the form again with the token kept
    // (and neither password shown back).
    let mismatch = submit(&app, &token, NEW_PASSWORD, "something else").await;
    assert_page(&mismatch, 422, "The two passwords are not the same.");
    assert!(
        mismatch
            .text
            .contains(&format!("name=\"token\" value=\"{token}\""))
    );
    assert!(!mismatch.text.contains(NEW_PASSWORD));
    // A password the rules refuse: 422 naming the rule as sign-up does.
    let register = app.register("Weak", "weak@example.com", "short").await;
    assert_eq!(
        register.json["detail"][0]["msg"],
        "Value error, Password must be at least 8 characters long"
    );
    let weak = submit(&app, &token, "short", "short").await;
    assert_page(&weak, 422, "Password must be at least 8 characters long");
    assert!(weak.text.contains(&format!("value=\"{token}\"")));
    let long = "é".repeat(40);
    let too_long = submit(&app, &token, &long, &long).await;
    assert_page(&too_long, 422, "Password must be at most 72 bytes");
    // Both at once: both said.
    let both = submit(&app, &token, "short", "shorter").await;
    assert_page(&both, 422, "Password must be at least 8 characters long");
    assert!(both.text.contains("The two passwords are not the same."));
    // None of that used the token or changed the password.
    assert_eq!(login(&app, "form@example.com", PASSWORD).await, 200);
    assert_eq!(app.db.count("SELECT COUNT(*) AS n FROM password_resets"), 1);

    // The form as a browser sends it: the password is changed.
    let done = submit(&app, &token, NEW_PASSWORD, NEW_PASSWORD).await;
    assert_page(
        &done,
        200,
        "Your password has been changed. You can now log in with it.",
    );
    assert!(
        done.text
            .contains("Every other session of the account has been signed out")
    );
    assert!(!done.text.contains(&token), "the token is not shown again");
    assert_eq!(login(&app, "form@example.com", NEW_PASSWORD).await, 200);
    assert_eq!(login(&app, "form@example.com", PASSWORD).await, 401);
    let refused = app.get("/auth/me", Some(&old)).await;
    assert_eq!(refused.status, 401, "sessions from before are signed out");

    // The token worked once: the used link is a 400 page, for the form and
    // the JSON route alike.
    let used = submit(&app, &token, "yet another one", "yet another one").await;
    assert_page(&used, 400, "Invalid or expired reset token");
    assert_eq!(
        confirm(&app, &token, "yet another one").await.json,
        invalid_token()
    );
    assert_eq!(login(&app, "form@example.com", NEW_PASSWORD).await, 200);
    // A form without a token, or with one never issued, is the same 400.
    let missing = post_form(
        &app,
        &[
            ("new_password", NEW_PASSWORD),
            ("confirm_password", NEW_PASSWORD),
        ],
    )
    .await;
    assert_page(&missing, 400, "Invalid or expired reset token");
    let unknown = submit(&app, &"f".repeat(64), NEW_PASSWORD, NEW_PASSWORD).await;
    assert_page(&unknown, 400, "Invalid or expired reset token");

    // Bodies are bounded as JSON bodies are; only a form is read.
    let huge = format!("token={}", "a".repeat(70 * 1024));
    let too_large = app
        .send(
            Method::POST,
            "/reset-password",
            None,
            &[("content-type", "application/x-www-form-urlencoded")],
            Some(&huge),
        )
        .await;
    assert_page(&too_large, 413, "The form was too large");
    let json = app
        .json(
            Method::POST,
            "/reset-password",
            None,
            &json!({"token": token, "new_password": NEW_PASSWORD}),
        )
        .await;
    assert_page(&json, 415, "application/x-www-form-urlencoded");
    let other = app
        .send(Method::PUT, "/reset-password", None, &[], None)
        .await;
    assert_eq!(other.status, 405);
    assert_eq!(other.header("allow"), Some("GET, POST"));
}

async fn the_form_shares_the_confirm_routes_limits(b: Backend) {
    let app = spawn_app_with(Rc::new(TestDb::create(b)), |db| {
        let mut s = settings(db);
        s.auth_rate_limit_per_minute = 3;
        s
    })
    .await;
    // One bucket per client address for logins, sign-ups and both ways of
    // setting a password.
    assert_eq!(login(&app, "nobody@example.com", PASSWORD).await, 401);
    assert_page(
        &submit(&app, "nope", NEW_PASSWORD, NEW_PASSWORD).await,
        400,
        "Invalid or expired reset token",
    );
    assert_eq!(confirm(&app, "nope", NEW_PASSWORD).await.status, 400);
    let refused = submit(&app, "the token", NEW_PASSWORD, NEW_PASSWORD).await;
    assert_page(&refused, 429, "Too many attempts");
    let wait: u64 = refused.header("retry-after").unwrap().parse().unwrap();
    assert!((1..=60).contains(&wait), "{wait}");
    assert!(refused.text.contains(&format!("Wait {wait} second")));
    // The form comes back with its token, to send again later.
    assert!(refused.text.contains("name=\"token\" value=\"the token\""));
    assert_eq!(confirm(&app, "nope", NEW_PASSWORD).await.status, 429);
}

/// A transaction of the test's own that keeps the service from writing
/// reset tokens until it is dropped: the whole database's write lock on
/// SQLite, the `password_resets` table on PostgreSQL.
enum TokensLocked {
    Sqlite(diesel::SqliteConnection),
    Postgres(diesel::PgConnection),
}

impl TokensLocked {
    fn take(db: &TestDb) -> Self {
        use diesel::Connection;
        use diesel::connection::SimpleConnection;
        let url = db.url();
        match db {
            TestDb::Sqlite(_) => {
                let path = url.strip_prefix("sqlite://").unwrap();
                let mut conn = diesel::SqliteConnection::establish(path).unwrap();
                conn.batch_execute("BEGIN IMMEDIATE").unwrap();
                Self::Sqlite(conn)
            }
            TestDb::Postgres { .. } => {
                let mut conn = diesel::PgConnection::establish(&url).unwrap();
                conn.batch_execute("BEGIN; LOCK TABLE password_resets IN ACCESS EXCLUSIVE MODE")
                    .unwrap();
                Self::Postgres(conn)
            }
        }
    }

    /// Reset tokens stored, as this transaction sees them.
    fn tokens(&mut self) -> i64 {
        #[derive(diesel::QueryableByName)]
        struct Row {
            #[diesel(sql_type = diesel::sql_types::BigInt)]
            n: i64,
        }
        use diesel::RunQueryDsl;
        let query = diesel::sql_query("SELECT COUNT(*) AS n FROM password_resets");
        let row: Row = match self {
            Self::Sqlite(c) => query.get_result(c),
            Self::Postgres(c) => query.get_result(c),
        }
        .unwrap();
        row.n
    }
}

impl Drop for TokensLocked {
    fn drop(&mut self) {
        use diesel::connection::SimpleConnection;
        let _ = match self {
            Self::Sqlite(c) => c.batch_execute("ROLLBACK"),
            Self::Postgres(c) => c.batch_execute("ROLLBACK"),
        };
    }
}

/// The answer goes out before anything that depends on whether the
/// address has an account: while no reset token can be written, a known
/// and an unknown address are both answered, alike; the known one's link
/// is issued and mailed once writing is possible again, and works.
async fn the_answer_does_not_wait_for_the_account_dependent_write(b: Backend) {
    let sink = SmtpSink::start();
    // No rate limits: their counters are writes too (on SQLite, locked).
    let app = app_with_mail(b, &sink.url(), |s| {
        s.auth_rate_limit_per_minute = 0;
        s.login_failure_limit = 0;
    })
    .await;
    app.token_for("held@example.com").await;
    let mut locked = TokensLocked::take(&app.db);
    let known = ask(&app, "held@example.com").await;
    let unknown = ask(&app, "nobody@example.com").await;
    assert_accepted(&known);
    assert_accepted(&unknown);
    assert_eq!(known.text, unknown.text);
    actix_web::rt::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(locked.tokens(), 0, "nothing issued yet");
    assert!(sink.messages().is_empty());
    drop(locked);
    let mail = sink.wait_for(1, MAIL_WAIT).await;
    assert_eq!(mail.len(), 1);
    assert_eq!(mail[0].to, ["held@example.com"]);
    let reply = confirm(&app, &mail[0].reset_token(), NEW_PASSWORD).await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    assert_eq!(app.db.count("SELECT COUNT(*) AS n FROM password_resets"), 0);
}

crate::on_both_backends!(
    the_answer_does_not_wait_for_the_account_dependent_write,
    a_forgotten_password_is_reset_by_mail,
    strangers_learn_nothing_and_unknown_addresses_get_no_mail,
    a_token_works_once_and_a_newer_link_or_a_password_change_ends_it,
    an_expired_token_changes_nothing,
    reset_requests_are_rate_limited_per_address_and_per_email,
    a_mail_server_that_is_down_gets_the_link_on_a_later_try,
    without_mail_requests_are_still_accepted,
    the_operator_hands_out_a_link,
    the_form_works_without_javascript,
    the_form_shares_the_confirm_routes_limits,
);
