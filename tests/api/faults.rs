//! Faults injected under the real binary: a full disk under SQLite, a
//! PostgreSQL server that stops or freezes (a private instance each test
//! starts), and NUL characters in stored text on both backends. Each test
//! fails, never skips, when it cannot set its fault up. SIGKILL during
//! writes is in `process.rs`.

use std::path::Path;
use std::rc::Rc;
use std::time::{Duration, Instant};

use awc::http::Method;
use serde_json::{Value, json};

use crate::binary::{Answer, Options, Service, free_port, limit_file_size, start};
use crate::helpers::{Backend, TestDb, spawn_app};
use crate::private_postgres::PrivatePostgres;

const PASSWORD: &str = "password1";

fn profile(weight: u32) -> Value {
    json!({
        "goal": "maintain_weight", "height": 175, "weight": weight, "body_type": "normal",
        "gender": "male", "meals_per_day": 3, "activity_level": "medium", "birth_date": "1985-05-05",
    })
}

/// An account the service acknowledged (201).
#[derive(Debug, Clone)]
struct Account {
    email: String,
    token: String,
    id: i64,
}

async fn sign_up(service: &Service, email: &str) -> Result<Account, Answer> {
    let body = json!({"name": "F", "email": email, "password": PASSWORD});
    let answer = service
        .call(Method::POST, "/auth/register", None, &body)
        .await;
    if answer.status != 201 {
        return Err(answer);
    }
    Ok(Account {
        email: email.to_owned(),
        token: answer.json["access_token"].as_str().unwrap().to_owned(),
        id: answer.json["user"]["id"].as_i64().unwrap(),
    })
}

/// The account behind `token` is the one it was given for, and its
/// password still logs it in as the same user.
async fn assert_is_stored(service: &Service, account: &Account) {
    let me = service
        .call(Method::GET, "/auth/me", Some(&account.token), &Value::Null)
        .await;
    assert_eq!(
        (me.status, me.json["email"].as_str(), me.json["id"].as_i64()),
        (200, Some(account.email.as_str()), Some(account.id)),
        "an acknowledged sign-up: {account:?}"
    );
    let login = json!({"email": account.email, "password": PASSWORD});
    let answer = service
        .call(Method::POST, "/auth/login", None, &login)
        .await;
    assert_eq!(answer.status, 200, "{account:?}: {}", answer.json);
    assert_eq!(answer.json["user"]["id"].as_i64(), Some(account.id));
}

/// The account's profile reads back, at least as new as the last
/// acknowledged save (`weight`, when there was one).
async fn assert_profile_kept(service: &Service, token: &str, weight: Option<u32>) {
    let (status, body) = service
        .json(Method::GET, "/api/profile", Some(token), &Value::Null)
        .await;
    assert_eq!(status, 200, "{body}");
    if let Some(weight) = weight {
        assert!(body["weight"].as_f64().unwrap() as u32 >= weight, "{body}");
    }
}

/// An error answer with the usual body.
fn assert_usual_error(answer: &Answer, what: &str) {
    assert!(
        matches!(answer.status, 500 | 503),
        "{what}: {} {}",
        answer.status,
        answer.json
    );
    let detail = answer.json["detail"].as_str().unwrap_or_default();
    assert!(
        [
            "Internal server error",
            "Service unavailable",
            "Error during authentication"
        ]
        .contains(&detail),
        "{what}: {}",
        answer.json
    );
}

fn file_len(path: &Path) -> u64 {
    std::fs::metadata(path).map_or(0, |m| m.len())
}

/// SQLite on a full disk, by a file size limit on the running process
/// (`RLIMIT_FSIZE`, SIGXFSZ ignored: writes past it fail with `EFBIG`, as
/// on a full disk): every 201 has its row, no token names another user,
/// nothing is stored for a refused sign-up, and once space is back the
/// service works on, with new ids, and after a restart too.
#[actix_web::test]
async fn a_full_disk_never_acknowledges_a_lost_sign_up() {
    const LIMIT: u64 = 128 * 1024;
    let db = TestDb::create(Backend::Sqlite);
    let TestDb::Sqlite(dir) = &db else {
        unreachable!()
    };
    let (file, wal) = (dir.path().join("test.db"), dir.path().join("test.db-wal"));
    let options = Options {
        ignore_sigxfsz: true,
        capture_log: true,
        ..Options::default()
    };
    let mut service = start(&db.url(), free_port(), options.clone()).await;
    let mut acked = Vec::new();
    for i in 0..3 {
        acked.push(
            sign_up(&service, &format!("before{i}@example.com"))
                .await
                .unwrap(),
        );
    }
    // Everything into the database file and an empty WAL, so that the
    // next commits append to the WAL from its start.
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)");
    assert_eq!(file_len(&wal), 0, "the WAL was not truncated");
    assert!(
        file_len(&file) > LIMIT,
        "the database file is past the limit"
    );
    limit_file_size(service.pid(), Some(LIMIT));

    let mut refused = Vec::new();
    let mut upserts = Vec::new();
    for i in 0..60 {
        let email = format!("full{i}@example.com");
        match sign_up(&service, &email).await {
            Ok(account) => acked.push(account),
            Err(answer) => {
                assert_usual_error(&answer, &email);
                refused.push(email);
            }
        }
        // An upsert of an earlier account now and then.
        if i % 5 == 0 {
            let account = &acked[i % acked.len()];
            let weight = 50 + i as u32;
            let answer = service
                .call(
                    Method::PUT,
                    "/api/profile",
                    Some(&account.token),
                    &profile(weight),
                )
                .await;
            match answer.status {
                200 => upserts.push((account.clone(), weight)),
                _ => assert_usual_error(&answer, "upsert"),
            }
        }
    }
    let wal_at_limit = file_len(&wal);
    assert!(
        refused.len() >= 10,
        "the file size limit did not make writes fail (WAL {wal_at_limit} bytes); \
         the disk-full fault could not be set up. The service's log:\n{}",
        service.log().join("\n")
    );
    assert!(
        acked.len() > 3,
        "no sign-up succeeded before the disk filled"
    );
    eprintln!(
        "disk full: {} sign-ups acknowledged, {} refused, WAL {wal_at_limit} bytes",
        acked.len(),
        refused.len()
    );

    // Space comes back: no restart needed.
    limit_file_size(service.pid(), None);
    for account in &acked {
        assert_is_stored(&service, account).await;
    }
    let most = acked.iter().map(|a| a.id).max().unwrap();
    let mut later = Vec::new();
    for email in &refused {
        // Nothing was stored for a refused sign-up: the e-mail is free.
        let account = sign_up(&service, email)
            .await
            .unwrap_or_else(|a| panic!("{email} after space came back: {} {}", a.status, a.json));
        assert!(account.id > most, "an id was reused: {account:?}");
        later.push(account);
    }
    let stored = db.count("SELECT COUNT(*) AS n FROM users");
    assert_eq!(
        stored as usize,
        acked.len() + later.len(),
        "rows without a 201"
    );

    // And after a restart (WAL recovery over the failed writes).
    service.kill();
    let service = start(&db.url(), free_port(), options).await;
    for account in acked.iter().chain(&later) {
        assert_is_stored(&service, account).await;
    }
    for (account, weight) in &upserts {
        assert_profile_kept(&service, &account.token, Some(*weight)).await;
    }
}

/// Polls `/ready` until it says 200; how long that took.
async fn until_ready(service: &Service, within: Duration) -> Duration {
    let started = Instant::now();
    loop {
        if let Some(a) = service
            .try_call(Method::GET, "/ready", None, &Value::Null)
            .await
            && a.status == 200
        {
            return started.elapsed();
        }
        assert!(
            started.elapsed() < within,
            "the service did not recover within {within:?}"
        );
        actix_web::rt::time::sleep(Duration::from_millis(100)).await;
    }
}

/// PostgreSQL stops under the running service: every request answers 503
/// with `Retry-After` within 5 s, `/ready` 503, `/health` 200; when the
/// server is back, the same process works again.
#[actix_web::test]
#[cfg_attr(
    mealplan_skip_postgres,
    ignore = "built with MEALPLAN_TEST_SKIP_POSTGRES=1"
)]
async fn a_stopped_postgres_fails_requests_quickly_and_the_service_recovers() {
    let pg = PrivatePostgres::start();
    let service = start(&pg.url(), free_port(), Options::default()).await;
    let pid = service.pid();
    let account = sign_up(&service, "stop@example.com").await.unwrap();
    let token = Some(account.token.as_str());
    let (status, _) = service
        .json(Method::PUT, "/api/profile", token, &profile(61))
        .await;
    assert_eq!(status, 200);

    pg.stop_server();
    let requests = [
        (Method::GET, "/api/profile", token, Value::Null),
        (Method::PUT, "/api/profile", token, profile(62)),
        (Method::GET, "/auth/me", token, Value::Null),
        (
            Method::POST,
            "/auth/register",
            None,
            json!({"name": "F", "email": "down@example.com", "password": PASSWORD}),
        ),
        (
            Method::POST,
            "/auth/login",
            None,
            json!({"email": "stop@example.com", "password": PASSWORD}),
        ),
    ];
    for (method, path, token, body) in &requests {
        let answer = service.call(method.clone(), path, *token, body).await;
        eprintln!(
            "PostgreSQL stopped: {method} {path} answered {} after {:?}",
            answer.status, answer.elapsed
        );
        assert_usual_error(&answer, &format!("{method} {path}"));
        // Unreachable, not broken: to be sent again (issue 35).
        assert_eq!(
            (answer.status, answer.retry_after.as_deref()),
            (503, Some("2")),
            "{method} {path}"
        );
        assert!(
            answer.elapsed < Duration::from_secs(5),
            "{method} {path} took {:?}",
            answer.elapsed
        );
    }
    let ready = service
        .call(Method::GET, "/ready", None, &Value::Null)
        .await;
    assert_eq!(
        (ready.status, ready.json),
        (503, json!({"detail": "Service unavailable"}))
    );
    assert!(ready.elapsed < Duration::from_secs(5));
    let health = service
        .call(Method::GET, "/health", None, &Value::Null)
        .await;
    assert_eq!(health.status, 200);

    pg.start_server();
    let took = until_ready(&service, Duration::from_secs(20)).await;
    eprintln!("PostgreSQL back: ready again after {took:?}");
    assert_eq!(service.pid(), pid);
    let (status, body) = service
        .json(Method::GET, "/api/profile", token, &Value::Null)
        .await;
    assert_eq!((status, body["weight"].as_f64()), (200, Some(61.0)));
    let (status, _) = service
        .json(Method::PUT, "/api/profile", token, &profile(63))
        .await;
    assert_eq!(status, 200);
    assert_is_stored(
        &service,
        &sign_up(&service, "back@example.com").await.unwrap(),
    )
    .await;
}

/// One counter of the service's `GET /metrics` (0 when not there yet).
async fn counter(service: &Service, name: &str) -> f64 {
    let mut res = service
        .client
        .get(format!("{}/metrics", service.address))
        .send()
        .await
        .expect("GET /metrics");
    let text = String::from_utf8(res.body().await.unwrap().to_vec()).unwrap();
    text.lines()
        .filter(|l| l.split([' ', '{']).next() == Some(name))
        .filter_map(|l| l.rsplit(' ').next()?.parse::<f64>().ok())
        .sum()
}

/// PostgreSQL restarted between two authenticated reads (`pg_ctl restart
/// -m fast` cuts every pooled connection): the second read still succeeds.
/// No connection is pinged on checkout; the read finds its connection
/// broken by the error, the pool drops it, and the read runs again on a
/// working one. Writes after it succeed too, and nothing is lost.
#[actix_web::test]
#[cfg_attr(
    mealplan_skip_postgres,
    ignore = "built with MEALPLAN_TEST_SKIP_POSTGRES=1"
)]
async fn a_restarted_postgres_fails_no_read() {
    let pg = PrivatePostgres::start();
    let service = start(&pg.url(), free_port(), Options::default()).await;
    let account = sign_up(&service, "restart@example.com").await.unwrap();
    let token = Some(account.token.as_str());
    let (status, _) = service
        .json(Method::PUT, "/api/profile", token, &profile(61))
        .await;
    assert_eq!(status, 200);
    // Several reads at once, so that the pool holds several connections.
    let reads = (0..6).map(|_| service.json(Method::GET, "/api/profile", token, &Value::Null));
    for (status, body) in futures_util::future::join_all(reads).await {
        assert_eq!(status, 200, "{body}");
    }
    let lost_before = counter(&service, "db_connections_lost_total").await;

    pg.restart();
    for round in 0..3 {
        let answer = service
            .call(Method::GET, "/api/profile", token, &Value::Null)
            .await;
        assert_eq!(
            (answer.status, answer.json["weight"].as_f64()),
            (200, Some(61.0)),
            "read {round} after the restart: {}",
            answer.json
        );
    }
    let me = service
        .call(Method::GET, "/auth/me", token, &Value::Null)
        .await;
    assert_eq!(me.status, 200, "{}", me.json);
    assert!(
        counter(&service, "db_connections_lost_total").await > lost_before,
        "no connection was found broken: were they tested on checkout?"
    );
    assert!(counter(&service, "db_read_retries_total").await >= 1.0);

    let (status, body) = service
        .json(Method::PUT, "/api/profile", token, &profile(62))
        .await;
    assert_eq!(status, 200, "a write after the restart: {body}");
    assert_profile_kept(&service, &account.token, Some(62)).await;
    assert_is_stored(&service, &account).await;
}

/// What clients saw while the database was frozen.
#[derive(Debug, Default)]
struct Seen {
    answers: Vec<(String, Answer)>,
    sign_ups: Vec<Account>,
    upserts: Vec<u32>,
}

/// One client's requests, in a loop, until `until`.
async fn client_during_freeze(
    service: Rc<Service>,
    n: usize,
    token: String,
    until: Instant,
) -> Seen {
    let mut seen = Seen::default();
    let mut step = 0u32;
    while Instant::now() < until {
        step += 1;
        let email = format!("frozen{n}-{step}@example.com");
        let weight = 70 + step;
        let (method, path, token, body) = match step % 6 {
            0 => (Method::GET, "/ready", None, Value::Null),
            1 => (
                Method::PUT,
                "/api/profile",
                Some(token.as_str()),
                profile(weight),
            ),
            2 => (
                Method::POST,
                "/auth/register",
                None,
                json!({"name": "F", "email": email, "password": PASSWORD}),
            ),
            3 => (
                Method::GET,
                "/api/profile",
                Some(token.as_str()),
                Value::Null,
            ),
            4 => (Method::GET, "/health", None, Value::Null),
            _ => (Method::GET, "/api/recipes?limit=1", None, Value::Null),
        };
        let answer = service.call(method.clone(), path, token, &body).await;
        match (path, answer.status) {
            ("/auth/register", 201) => seen.sign_ups.push(Account {
                email,
                token: answer.json["access_token"].as_str().unwrap().to_owned(),
                id: answer.json["user"]["id"].as_i64().unwrap(),
            }),
            ("/api/profile", 200) if method == Method::PUT => seen.upserts.push(weight),
            _ => {}
        }
        seen.answers.push((format!("{method} {path}"), answer));
    }
    seen
}

/// PostgreSQL frozen for 20 s (SIGSTOP: connections are accepted, nothing
/// is answered, no error ever comes): every request is answered within 8 s
/// (the 4.5 s deadline by default), `/ready` says 503 and `/health` 200;
/// after SIGCONT the same process recovers by itself and nothing it
/// acknowledged is lost.
#[actix_web::test]
#[cfg_attr(
    mealplan_skip_postgres,
    ignore = "built with MEALPLAN_TEST_SKIP_POSTGRES=1"
)]
async fn a_frozen_postgres_delays_no_answer_past_the_deadline() {
    const FREEZE: Duration = Duration::from_secs(20);
    const CLIENTS: usize = 4;
    let pg = PrivatePostgres::start();
    let service = Rc::new(start(&pg.url(), free_port(), Options::default()).await);
    let pid = service.pid();
    let mut accounts = Vec::new();
    for n in 0..CLIENTS {
        let account = sign_up(&service, &format!("client{n}@example.com"))
            .await
            .unwrap();
        let (status, _) = service
            .json(
                Method::PUT,
                "/api/profile",
                Some(&account.token),
                &profile(70),
            )
            .await;
        assert_eq!(status, 200);
        accounts.push(account);
    }

    pg.freeze();
    let until = Instant::now() + FREEZE;
    let clients: Vec<_> = accounts
        .iter()
        .enumerate()
        .map(|(n, a)| {
            actix_web::rt::spawn(client_during_freeze(
                service.clone(),
                n,
                a.token.clone(),
                until,
            ))
        })
        .collect();
    let mut seen = Vec::new();
    for c in clients {
        seen.push(c.await.unwrap());
    }
    pg.thaw();

    let answers: Vec<&(String, Answer)> = seen.iter().flat_map(|s| &s.answers).collect();
    let slowest = answers.iter().map(|(_, a)| a.elapsed).max().unwrap();
    eprintln!(
        "frozen PostgreSQL: {} requests answered, slowest after {slowest:?}",
        answers.len()
    );
    assert!(
        answers.len() >= 4 * CLIENTS,
        "too few requests: {}",
        answers.len()
    );
    for (what, answer) in &answers {
        assert!(
            answer.elapsed < Duration::from_secs(8),
            "{what} took {:?}",
            answer.elapsed
        );
        match what.as_str() {
            "GET /health" => assert_eq!(answer.status, 200, "{what}: {}", answer.json),
            "GET /ready" => assert_eq!(
                (answer.status, &answer.json),
                (503, &json!({"detail": "Service unavailable"})),
                "{what}"
            ),
            _ if answer.status >= 500 => assert_usual_error(answer, what),
            _ => assert!(
                matches!(answer.status, 200 | 201),
                "{what}: {} {}",
                answer.status,
                answer.json
            ),
        }
    }

    let took = until_ready(&service, Duration::from_secs(20)).await;
    eprintln!("thawed PostgreSQL: ready again after {took:?}");
    assert_eq!(service.pid(), pid, "recovered without a restart");
    for (s, account) in seen.iter().zip(&accounts) {
        for acked in &s.sign_ups {
            assert_is_stored(&service, acked).await;
        }
        assert_profile_kept(&service, &account.token, s.upserts.iter().max().copied()).await;
        let (status, _) = service
            .json(
                Method::PUT,
                "/api/profile",
                Some(&account.token),
                &profile(99),
            )
            .await;
        assert_eq!(status, 200);
    }
    assert_is_stored(
        &service,
        &sign_up(&service, "thawed@example.com").await.unwrap(),
    )
    .await;
}

/// A NUL in a stored string is a 422 at that field on both backends
/// (PostgreSQL cannot store one, SQLite would), and nothing is stored.
async fn nul_characters_are_refused_where_text_is_stored(b: Backend) {
    let app = spawn_app(b).await;
    let locs = |reply: &crate::helpers::Reply| -> Vec<Value> {
        reply.json["detail"]
            .as_array()
            .map(|d| d.iter().map(|e| e["loc"].clone()).collect())
            .unwrap_or_default()
    };
    let reply = app
        .register("Ann\u{0}Lee", "nul@example.com", PASSWORD)
        .await;
    assert_eq!(reply.status, 422, "{}", reply.text);
    assert_eq!(locs(&reply), [json!(["body", "name"])]);

    let token = app.token_for("nul2@example.com").await;
    for field in ["tastes", "restrictions"] {
        let mut body = profile(70);
        body[field] = json!([{"name": "ok"}, {"name": "sw\u{0}eet"}]);
        let reply = app
            .json(Method::PUT, "/api/profile", Some(&token), &body)
            .await;
        assert_eq!(reply.status, 422, "{field}: {}", reply.text);
        assert_eq!(locs(&reply), [json!(["body", field, 1, "name"])]);
    }
    assert_eq!(app.get("/api/profile", Some(&token)).await.status, 404);
    assert_eq!(app.db.count("SELECT COUNT(*) AS n FROM users"), 1);

    // The assistant stores preferences from free text: never a 5xx, and
    // never a NUL in what it stored.
    let reply = app
        .json(Method::PUT, "/api/profile", Some(&token), &profile(70))
        .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    let reply = app
        .send(
            Method::POST,
            "/api/chat?message=I%20don%27t%20like%20fi%00sh",
            Some(&token),
            &[],
            None,
        )
        .await;
    assert!(reply.status < 500, "{} {}", reply.status, reply.text);
    let export = app.get("/auth/me/export", Some(&token)).await;
    assert_eq!(export.status, 200);
    assert!(!export.text.contains("\\u0000"), "{}", export.text);
}

mod nul {
    //! Ignored until the validation of issue 10 item 3 (control
    //! characters refused with a 422 entry) is merged: delete the two
    //! `ignore` lines then.
    #[actix_web::test]
    async fn on_sqlite() {
        super::nul_characters_are_refused_where_text_is_stored(crate::helpers::Backend::Sqlite)
            .await
    }

    #[actix_web::test]
    async fn on_postgres() {
        super::nul_characters_are_refused_where_text_is_stored(crate::helpers::Backend::Postgres)
            .await
    }
}
