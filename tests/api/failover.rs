//! The database fails over under load (issue 35): a primary and its
//! synchronous streaming standby (`pg_basebackup -R`,
//! `synchronous_standby_names`), the service given both in libpq's
//! multi-host form with `target_session_attrs=read-write`, eight writers
//! through it; the primary is SIGKILLed and the standby promoted, as
//! pg_auto_failover or Patroni would. No acknowledged write is lost,
//! requests caught in the switch are answered 503 with `Retry-After` and
//! none hangs, and writes resume without restarting the service.

use std::cell::RefCell;
use std::rc::Rc;
use std::time::{Duration, Instant};

use awc::http::Method;
use diesel::prelude::*;
use serde_json::{Value, json};

use crate::binary::{Answer, Options, Service, free_port, start};
use crate::private_postgres::PrivatePostgres;

/// Writers sending at once.
const WRITERS: usize = 8;

/// What the writers saw.
#[derive(Default)]
struct Log {
    /// Accounts whose sign-up was acknowledged: (e-mail, token, the
    /// profile weight acknowledged for it, if its profile PUT was).
    accounts: Vec<(String, String, Option<u32>)>,
    /// Every answer: when it was sent (from the start), what it was.
    answers: Vec<(Duration, &'static str, Answer)>,
    /// Requests with no answer at all (the connection failed).
    unanswered: usize,
}

fn profile(weight: u32) -> Value {
    json!({
        "goal": "maintain_weight", "height": 170, "weight": weight, "body_type": "normal",
        "gender": "female", "meals_per_day": 3, "activity_level": "medium",
        "birth_date": "1991-02-03",
    })
}

/// One writer: signs up account after account and saves each one's
/// profile, logging what was acknowledged, until `stop`.
async fn writer(
    service: Rc<Service>,
    log: Rc<RefCell<Log>>,
    stop: Rc<RefCell<bool>>,
    started: Instant,
    w: usize,
) {
    let mut n = 0u32;
    while !*stop.borrow() {
        n += 1;
        let email = format!("w{w}-{n}@example.com");
        let body = json!({"name": "W", "email": email, "password": "password1"});
        let sent = started.elapsed();
        let Some(answer) = service
            .try_call(Method::POST, "/auth/register", None, &body)
            .await
        else {
            log.borrow_mut().unanswered += 1;
            continue;
        };
        let token = (answer.status == 201)
            .then(|| answer.json["access_token"].as_str().unwrap().to_owned());
        log.borrow_mut().answers.push((sent, "sign-up", answer));
        let Some(token) = token else {
            actix_web::rt::time::sleep(Duration::from_millis(20)).await;
            continue;
        };
        let weight = 50 + n % 100;
        let sent = started.elapsed();
        let answer = service
            .try_call(Method::PUT, "/api/profile", Some(&token), &profile(weight))
            .await;
        let mut log = log.borrow_mut();
        let acked = answer.as_ref().is_some_and(|a| a.status == 200);
        match answer {
            Some(answer) => log.answers.push((sent, "profile", answer)),
            None => log.unanswered += 1,
        }
        log.accounts.push((email, token, acked.then_some(weight)));
    }
}

/// Whether `primary` has a synchronous standby streaming to it.
fn has_sync_standby(primary: &PrivatePostgres) -> bool {
    #[derive(QueryableByName)]
    struct N {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        n: i64,
    }
    let mut conn = PgConnection::establish(&primary.url()).expect("connect to the primary");
    diesel::sql_query(
        "SELECT COUNT(*) AS n FROM pg_stat_replication \
         WHERE sync_state = 'sync' AND state = 'streaming'",
    )
    .get_result::<N>(&mut conn)
    .expect("pg_stat_replication")
    .n == 1
}

#[actix_web::test]
#[cfg_attr(
    mealplan_skip_postgres,
    ignore = "built with MEALPLAN_TEST_SKIP_POSTGRES=1"
)]
async fn killing_the_primary_loses_no_acknowledged_write() {
    let primary = PrivatePostgres::start();
    let standby = PrivatePostgres::standby_of(&primary, "standby1");
    primary.execute("ALTER SYSTEM SET synchronous_standby_names = 'standby1'");
    primary.execute("SELECT pg_reload_conf()");
    let waited = Instant::now();
    while !has_sync_standby(&primary) {
        assert!(
            waited.elapsed() < Duration::from_secs(30),
            "the standby never became synchronous"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let url = format!(
        "postgres://postgres@127.0.0.1:{},127.0.0.1:{}/postgres?target_session_attrs=read-write",
        primary.port(),
        standby.port()
    );
    let service = Rc::new(start(&url, free_port(), Options::default()).await);
    let pid = service.pid();

    let log = Rc::new(RefCell::new(Log::default()));
    let stop = Rc::new(RefCell::new(false));
    let started = Instant::now();
    let writers: Vec<_> = (0..WRITERS)
        .map(|w| {
            actix_web::rt::spawn(writer(
                service.clone(),
                log.clone(),
                stop.clone(),
                started,
                w,
            ))
        })
        .collect();
    actix_web::rt::time::sleep(Duration::from_millis(1500)).await;
    let before_kill = log.borrow().accounts.len();
    assert!(
        before_kill >= WRITERS,
        "the writers barely wrote: {before_kill}"
    );
    let killed_at = started.elapsed();
    primary.kill();
    // A failover manager notices, then promotes the standby.
    actix_web::rt::time::sleep(Duration::from_millis(1000)).await;
    let promoting = started.elapsed();
    // Kept to the end: dropping it stops the server.
    let _standby = actix_blocking(move || {
        standby.promote();
        standby
    })
    .await;
    let promoted = started.elapsed();
    // Writes go on until every writer has been acknowledged again for a
    // while, or the time a resumption may take has passed.
    let resumed = loop {
        // When the first write was acknowledged after the promotion
        // (requests that wait for a connection are answered after it).
        let first = log
            .borrow()
            .answers
            .iter()
            .map(|(sent, _, a)| (*sent + a.elapsed, a.status))
            .filter(|(answered, status)| *answered > promoted && *status < 300)
            .map(|(answered, _)| answered)
            .min();
        if let Some(first) = first
            && started.elapsed() > first + Duration::from_secs(2)
        {
            break Some(first);
        }
        if started.elapsed() > killed_at + Duration::from_secs(20) {
            break None;
        }
        actix_web::rt::time::sleep(Duration::from_millis(100)).await;
    };
    *stop.borrow_mut() = true;
    for w in writers {
        w.await.unwrap();
    }
    let log = std::mem::take(&mut *log.borrow_mut());
    let failed: Vec<&(Duration, &str, Answer)> = log
        .answers
        .iter()
        .filter(|(.., a)| a.status >= 300)
        .collect();
    let slowest = log.answers.iter().map(|(.., a)| a.elapsed).max().unwrap();
    eprintln!(
        "failover: killed at {killed_at:?}, promoting at {promoting:?}, promoted at \
         {promoted:?}, first write acknowledged after it at {resumed:?}; {} answers, {} failed \
         ({:?}), {} unanswered, slowest {slowest:?}; {} accounts acknowledged",
        log.answers.len(),
        failed.len(),
        failed
            .iter()
            .map(|(_, what, a)| (*what, a.status))
            .collect::<std::collections::BTreeSet<_>>(),
        log.unanswered,
        log.accounts.len(),
    );
    let resumed = resumed.expect("writes did not resume within 20 s of the kill");
    assert!(
        resumed - killed_at < Duration::from_secs(10),
        "writes resumed {:?} after the kill",
        resumed - killed_at
    );
    assert_eq!(log.unanswered, 0, "every request is answered");
    for (sent, what, answer) in &failed {
        assert_eq!(
            (answer.status, answer.retry_after.is_some()),
            (503, true),
            "a {what} sent at {sent:?} answered {} {}",
            answer.status,
            answer.json
        );
    }
    assert!(
        slowest < Duration::from_secs(6),
        "an answer took {slowest:?}: a request hung"
    );
    assert!(
        log.accounts.len() > before_kill + WRITERS,
        "too few writes after the failover"
    );

    // Every acknowledged write is on the new primary, read through the
    // same service, never restarted.
    assert_eq!(service.pid(), pid);
    for (email, token, weight) in &log.accounts {
        let me = service
            .call(Method::GET, "/auth/me", Some(token), &Value::Null)
            .await;
        assert_eq!(
            (me.status, &me.json["email"]),
            (200, &json!(email)),
            "{email}"
        );
        if let Some(weight) = weight {
            let read = service
                .call(Method::GET, "/api/profile", Some(token), &Value::Null)
                .await;
            assert_eq!(
                (read.status, read.json["weight"].as_f64()),
                (200, Some(f64::from(*weight))),
                "{email}'s acknowledged profile"
            );
        }
    }
}

/// Runs blocking `work` off the test's executor, so the writers go on.
async fn actix_blocking<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> T {
    actix_web::rt::task::spawn_blocking(work).await.unwrap()
}
