//! Two instances of the real binary on one PostgreSQL database behind
//! HAProxy (Debian's package, started here in the foreground): sign-ups,
//! logins, plans and revocations work through it, and when one instance
//! is killed under load, requests go on through the other, no
//! acknowledged write is lost and no request fails beyond those in flight.
//!
//! HAProxy must be installed (`apt-get install haproxy`; `.ci/run` does
//! it). Without it the test fails; built with
//! `MEALPLAN_TEST_SKIP_HAPROXY=1` (and not `CI=true`) it is ignored.

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::rc::Rc;
use std::time::{Duration, Instant};

use awc::http::Method;
use serde_json::{Value, json};

use crate::binary::{Options, Service, free_port, start};
use crate::helpers::{Backend, TestDb};

const PASSWORD: &str = "password1";
/// Client tasks of the load: at most this many requests are in flight.
const CLIENTS: usize = 4;
/// Load before the kill, and after it.
const BEFORE_KILL: Duration = Duration::from_secs(2);
const AFTER_KILL: Duration = Duration::from_secs(3);

fn profile(weight: f64) -> Value {
    json!({
        "goal": "maintain_weight", "height": 175, "weight": weight, "body_type": "normal",
        "gender": "male", "meals_per_day": 3, "activity_level": "medium", "birth_date": "1985-05-05",
    })
}

/// `haproxy` on `PATH` or in the sbin directories Debian installs it to.
fn haproxy_bin() -> PathBuf {
    let path = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .unwrap_or_default();
    path.into_iter()
        .chain(["/usr/sbin", "/usr/local/sbin"].map(PathBuf::from))
        .map(|dir| dir.join("haproxy"))
        .find(|bin| bin.is_file())
        .unwrap_or_else(|| {
            panic!(
                "the load-balancer test needs HAProxy: `apt-get install -y haproxy` (.ci/run \
                 installs it). To skip it on a machine without it, build the tests with \
                 MEALPLAN_TEST_SKIP_HAPROXY=1 (not honoured under CI=true)."
            )
        })
}

/// HAProxy in front of `backends`, listening on `port`, with its CSV
/// statistics on `stats_port`: round robin, `/ready` checked every 200 ms
/// and a server out of rotation after two failed checks or at its first
/// refused connection; a request whose connection attempt fails is sent
/// to the other server (`retries`, `option redispatch`), and every request
/// opens its own server connection (`option http-server-close`), so none
/// sent after a kill rides a kept-alive connection to the dead instance.
fn haproxy_config(port: u16, stats_port: u16, backends: &[u16]) -> String {
    let servers: String = backends
        .iter()
        .enumerate()
        .map(|(i, p)| format!("    server app{i} 127.0.0.1:{p} check\n"))
        .collect();
    format!(
        "global\n    maxconn 512\n\n\
         defaults\n    mode http\n    timeout connect 500ms\n    timeout client 30s\n    \
         timeout server 30s\n    timeout check 500ms\n    retries 3\n    \
         option redispatch 1\n    option http-server-close\n\n\
         listen api\n    bind 127.0.0.1:{port}\n    balance roundrobin\n    \
         option httpchk GET /ready\n    http-check expect status 200\n    \
         default-server inter 200ms fastinter 100ms downinter 500ms fall 2 rise 2 \
         observe layer4 error-limit 1 on-error mark-down\n{servers}\n\
         listen stats\n    bind 127.0.0.1:{stats_port}\n    stats enable\n    stats uri /\n"
    )
}

/// HAProxy, started in the foreground; killed when dropped (the
/// [`Service`] guard), its config and log in a temporary directory.
struct Proxy {
    service: Rc<Service>,
    stats_port: u16,
    dir: tempfile::TempDir,
}

impl Proxy {
    async fn start(backends: &[u16]) -> Self {
        let bin = haproxy_bin();
        let dir = tempfile::tempdir().expect("temp dir");
        let (port, stats_port) = (free_port(), free_port());
        let config = dir.path().join("haproxy.cfg");
        std::fs::write(&config, haproxy_config(port, stats_port, backends)).unwrap();
        let check = Command::new(&bin)
            .arg("-c")
            .arg("-f")
            .arg(&config)
            .output()
            .expect("haproxy runs");
        assert!(
            check.status.success(),
            "haproxy refused its config: {}",
            String::from_utf8_lossy(&check.stderr)
        );
        let log = std::fs::File::create(dir.path().join("haproxy.log")).unwrap();
        let child = Command::new(&bin)
            .arg("-db")
            .arg("-f")
            .arg(&config)
            .stdin(Stdio::null())
            .stdout(log.try_clone().unwrap())
            .stderr(log)
            .spawn()
            .expect("haproxy starts");
        let proxy = Self {
            service: Rc::new(Service::adopt(child, port)),
            stats_port,
            dir,
        };
        // Up when every server is.
        let deadline = Instant::now() + Duration::from_secs(20);
        while proxy.servers_up().await.len() < backends.len() {
            assert!(
                Instant::now() < deadline,
                "HAProxy did not see its servers up: {:?}\n{}",
                proxy.servers_up().await,
                proxy.log()
            );
            actix_web::rt::time::sleep(Duration::from_millis(100)).await;
        }
        proxy
    }

    /// The servers HAProxy has in rotation (status `UP`).
    async fn servers_up(&self) -> Vec<String> {
        let url = format!("http://127.0.0.1:{}/;csv", self.stats_port);
        let Ok(mut res) = self.service.client.get(url).send().await else {
            return Vec::new();
        };
        let body = res.body().await.unwrap_or_default();
        String::from_utf8_lossy(&body)
            .lines()
            .filter_map(|line| {
                let fields: Vec<&str> = line.split(',').collect();
                (fields.len() > 17 && fields[0] == "api" && fields[17] == "UP")
                    .then(|| fields[1].to_owned())
                    .filter(|name| name.starts_with("app"))
            })
            .collect()
    }

    fn log(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("haproxy.log")).unwrap_or_default()
    }
}

/// An account registered through the proxy.
#[derive(Debug, Clone)]
struct Account {
    email: String,
    token: String,
    id: i64,
}

async fn register(via: &Service, email: &str) -> Option<Account> {
    let body = json!({"name": "B", "email": email, "password": PASSWORD});
    let answer = via
        .try_call(Method::POST, "/auth/register", None, &body)
        .await?;
    (answer.status == 201).then(|| Account {
        email: email.to_owned(),
        token: answer.json["access_token"].as_str().unwrap().to_owned(),
        id: answer.json["user"]["id"].as_i64().unwrap(),
    })
}

/// What one client of the load saw.
#[derive(Debug, Default)]
struct Load {
    /// Sign-ups answered 201.
    sign_ups: Vec<Account>,
    /// The highest profile weight answered 200, and the highest sent.
    acked_weight: Option<f64>,
    sent_weight: f64,
    /// Requests answered otherwise or not at all: what, when sent.
    failures: Vec<(String, Instant)>,
    requests: usize,
}

/// One client until `until`: its profile saved with a rising weight, a
/// sign-up every third request, a read in between.
async fn client(proxy: Rc<Service>, n: usize, token: String, until: Instant) -> Load {
    let mut load = Load::default();
    let mut step = 0u32;
    while Instant::now() < until && step < 20_000 {
        step += 1;
        let sent = Instant::now();
        let weight = 40.0 + f64::from(step) / 100.0;
        let (what, ok) = match step % 3 {
            0 => {
                let email = format!("load{n}-{step}@example.com");
                let account = register(&proxy, &email).await;
                let ok = account.is_some();
                load.sign_ups.extend(account);
                (format!("POST /auth/register {email}"), ok)
            }
            1 => {
                load.sent_weight = weight;
                let answer = proxy
                    .try_call(Method::PUT, "/api/profile", Some(&token), &profile(weight))
                    .await;
                let ok = answer.is_some_and(|a| a.status == 200);
                if ok {
                    load.acked_weight = Some(weight);
                }
                (format!("PUT /api/profile {weight}"), ok)
            }
            _ => {
                let answer = proxy
                    .try_call(Method::GET, "/auth/me", Some(&token), &Value::Null)
                    .await;
                (
                    "GET /auth/me".to_owned(),
                    answer.is_some_and(|a| a.status == 200),
                )
            }
        };
        load.requests += 1;
        if !ok {
            load.failures.push((what, sent));
        }
    }
    load
}

#[actix_web::test]
#[cfg_attr(
    mealplan_skip_postgres,
    ignore = "built with MEALPLAN_TEST_SKIP_POSTGRES=1"
)]
#[cfg_attr(
    mealplan_skip_haproxy,
    ignore = "built with MEALPLAN_TEST_SKIP_HAPROXY=1"
)]
async fn two_instances_behind_haproxy_survive_losing_one() {
    let db = TestDb::create(Backend::Postgres);
    let (port_a, port_b) = (free_port(), free_port());
    // Both start at once: migrations and seeding take turns on the
    // advisory lock.
    let (a, b) = futures_util::future::join(
        start(&db.url(), port_a, Options::default()),
        start(&db.url(), port_b, Options::default()),
    )
    .await;
    let mut a = a;
    let proxy = Proxy::start(&[port_a, port_b]).await;
    let proxy_client = proxy.service.clone();
    let via = &*proxy_client;

    // Sign-up, login, a profile and a generated plan, through the proxy:
    // successive requests land on alternate instances.
    let first = register(via, "lb@example.com").await.expect("sign-up");
    let login = via
        .call(
            Method::POST,
            "/auth/login",
            None,
            &json!({"email": first.email, "password": PASSWORD}),
        )
        .await;
    assert_eq!(login.status, 200, "{}", login.json);
    let token = login.json["access_token"].as_str().unwrap().to_owned();
    let (status, body) = via
        .json(Method::PUT, "/api/profile", Some(&token), &profile(70.0))
        .await;
    assert_eq!(status, 200, "{body}");
    let (status, plan) = via
        .json(
            Method::POST,
            "/api/plan/generate",
            Some(&token),
            &json!({"days": 2}),
        )
        .await;
    assert_eq!(status, 201, "{plan}");
    for _ in 0..2 {
        let (status, current) = via
            .json(Method::GET, "/api/plan/current", Some(&token), &Value::Null)
            .await;
        assert_eq!((status, &current["id"]), (200, &plan["id"]), "{current}");
    }

    // A logout through the proxy revokes the token on both instances at
    // once; the other token of the account still works.
    let answer = via
        .call(
            Method::POST,
            "/auth/logout",
            Some(&first.token),
            &Value::Null,
        )
        .await;
    assert_eq!(answer.status, 204, "{}", answer.json);
    for (name, instance) in [("a", &a), ("b", &b), ("proxy", via)] {
        let me = instance
            .call(Method::GET, "/auth/me", Some(&first.token), &Value::Null)
            .await;
        assert_eq!(me.status, 401, "the revoked token on {name}: {}", me.json);
        let me = instance
            .call(Method::GET, "/auth/me", Some(&token), &Value::Null)
            .await;
        assert_eq!(me.status, 200, "the live token on {name}: {}", me.json);
    }

    // Load through the proxy; one instance SIGKILLed in the middle.
    let mut accounts = Vec::new();
    for n in 0..CLIENTS {
        let account = register(via, &format!("client{n}@example.com"))
            .await
            .expect("sign-up");
        accounts.push(account);
    }
    let until = Instant::now() + BEFORE_KILL + AFTER_KILL;
    let clients: Vec<_> = accounts
        .iter()
        .enumerate()
        .map(|(n, a)| actix_web::rt::spawn(client(proxy_client.clone(), n, a.token.clone(), until)))
        .collect();
    actix_web::rt::time::sleep(BEFORE_KILL).await;
    let killed_at = Instant::now();
    a.kill();
    let mut loads = Vec::new();
    for c in clients {
        loads.push(c.await.unwrap());
    }

    let requests: usize = loads.iter().map(|l| l.requests).sum();
    let failures: Vec<&(String, Instant)> = loads.iter().flat_map(|l| &l.failures).collect();
    eprintln!(
        "behind HAProxy: {requests} requests, {} sign-ups acknowledged, {} failed: {:?}",
        loads.iter().map(|l| l.sign_ups.len()).sum::<usize>(),
        failures.len(),
        failures
            .iter()
            .map(|(what, sent)| format!(
                "{what}, sent {:?} before the kill",
                killed_at.saturating_duration_since(*sent)
            ))
            .collect::<Vec<_>>()
    );
    assert!(
        requests >= 20 * CLIENTS,
        "too little load to mean anything: {requests} requests"
    );
    assert!(
        failures.len() <= CLIENTS,
        "more requests failed than were in flight at the kill: {failures:?}\n{}",
        proxy.log()
    );
    for (what, sent) in &failures {
        assert!(
            *sent <= killed_at,
            "{what}, sent {:?} after the kill, failed",
            sent.duration_since(killed_at)
        );
    }
    assert_eq!(
        proxy.servers_up().await,
        ["app1"],
        "HAProxy still has the killed instance in rotation"
    );

    // Nothing acknowledged is lost: read back through the survivor.
    for (load, account) in loads.iter().zip(&accounts) {
        for acked in &load.sign_ups {
            let me = via
                .call(Method::GET, "/auth/me", Some(&acked.token), &Value::Null)
                .await;
            assert_eq!(
                (me.status, me.json["id"].as_i64()),
                (200, Some(acked.id)),
                "an acknowledged sign-up: {acked:?}"
            );
        }
        let (status, body) = via
            .json(
                Method::GET,
                "/api/profile",
                Some(&account.token),
                &Value::Null,
            )
            .await;
        assert_eq!(status, 200, "{body}");
        let stored = body["weight"].as_f64().unwrap();
        let acked = load.acked_weight.expect("some profile saves acknowledged");
        assert!(
            stored >= acked - 1e-9 && stored <= load.sent_weight + 1e-9,
            "{}: stored weight {stored}, last acknowledged {acked}",
            account.email
        );
    }
    let stored = db.count("SELECT COUNT(*) AS n FROM users WHERE email LIKE 'load%'");
    let acked: usize = loads.iter().map(|l| l.sign_ups.len()).sum();
    assert!(
        stored as usize >= acked && stored as usize <= acked + CLIENTS,
        "{stored} sign-ups stored, {acked} acknowledged"
    );
    drop(proxy_client);
    drop(proxy);
    drop(b);
}
