//! The real binary as a process: durability after SIGKILL, graceful
//! shutdown on SIGTERM.

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use awc::http::Method;
use serde_json::json;

use crate::helpers::{Backend, SECRET, TestDb};

struct Service {
    child: Child,
    address: String,
    client: awc::Client,
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

async fn start(db: &TestDb, port: u16, bcrypt_cost: u32) -> Service {
    let child = Command::new(env!("CARGO_BIN_EXE_mealplan"))
        .arg("serve")
        .env("DATABASE_URL", db.url())
        .env("BIND", format!("127.0.0.1:{port}"))
        .env("JWT_SECRET", String::from_utf8_lossy(SECRET).into_owned())
        .env("BCRYPT_COST", bcrypt_cost.to_string())
        .env("AUTH_RATE_LIMIT_PER_MINUTE", "0")
        .env("LOG_FORMAT", "json")
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary starts");
    let service = Service {
        child,
        address: format!("http://127.0.0.1:{port}"),
        client: awc::Client::builder()
            .timeout(Duration::from_secs(30))
            .finish(),
    };
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        if let Ok(r) = service
            .client
            .get(format!("{}/health", service.address))
            .send()
            .await
            && r.status() == 200
        {
            return service;
        }
        assert!(Instant::now() < deadline, "service did not come up");
        actix_web::rt::time::sleep(Duration::from_millis(50)).await;
    }
}

impl Service {
    async fn json(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: &serde_json::Value,
    ) -> (u16, serde_json::Value) {
        let mut req = self
            .client
            .request(method, format!("{}{path}", self.address));
        if let Some(t) = token {
            req = req.insert_header(("Authorization", format!("Bearer {t}")));
        }
        let mut res = req.send_json(body).await.expect("answered");
        let bytes = res.body().await.unwrap_or_default();
        (
            res.status().as_u16(),
            serde_json::from_slice(&bytes).unwrap_or_default(),
        )
    }
}

fn profile(weight: u32) -> serde_json::Value {
    json!({
        "goal": "maintain_weight", "height": 175, "weight": weight, "body_type": "normal",
        "gender": "male", "meals_per_day": 3, "activity_level": "medium", "birth_date": "1985-05-05",
    })
}

async fn acknowledged_upserts_survive_sigkill(b: Backend) {
    let db = TestDb::create(b);
    let port = free_port();
    let mut service = start(&db, port, 4).await;
    let (status, body) = service
        .json(
            Method::POST,
            "/auth/register",
            None,
            &json!({"name": "K", "email": "k@example.com", "password": "password1"}),
        )
        .await;
    assert_eq!(status, 201);
    let token = body["access_token"].as_str().unwrap().to_owned();
    let mut last_acked = 0;
    for weight in 40..70u32 {
        let (status, _) = service
            .json(Method::PUT, "/api/profile", Some(&token), &profile(weight))
            .await;
        assert_eq!(status, 200);
        last_acked = weight;
    }
    // One more upsert in flight, then SIGKILL.
    let in_flight = {
        let client = service.client.clone();
        let url = format!("{}/api/profile", service.address);
        let token = token.clone();
        actix_web::rt::spawn(async move {
            client
                .put(url)
                .insert_header(("Authorization", format!("Bearer {token}")))
                .send_json(&profile(70))
                .await
                .map(|r| r.status().as_u16())
        })
    };
    actix_web::rt::time::sleep(Duration::from_millis(2)).await;
    service.child.kill().expect("SIGKILL");
    service.child.wait().unwrap();
    let acked_in_flight = matches!(in_flight.await, Ok(Ok(200)));

    let mut service = start(&db, port, 4).await;
    let (status, body) = service
        .json(Method::GET, "/api/profile", Some(&token), &json!(null))
        .await;
    assert_eq!(status, 200);
    let weight = body["weight"].as_f64().unwrap() as u32;
    if acked_in_flight {
        assert_eq!(weight, 70);
    } else {
        assert!(
            weight == last_acked || weight == 70,
            "{weight} after {last_acked}"
        );
    }
    service.child.kill().unwrap();
    service.child.wait().unwrap();
}

async fn sigterm_finishes_in_flight_requests_then_exits(b: Backend) {
    let db = TestDb::create(b);
    let port = free_port();
    // A real bcrypt cost, so the login below is still running at SIGTERM.
    let mut service = start(&db, port, 12).await;
    let (status, _) = service
        .json(
            Method::POST,
            "/auth/register",
            None,
            &json!({"name": "T", "email": "t@example.com", "password": "password1"}),
        )
        .await;
    assert_eq!(status, 201);
    let login = {
        let client = service.client.clone();
        let url = format!("{}/auth/login", service.address);
        actix_web::rt::spawn(async move {
            client
                .post(url)
                .send_json(&json!({"email": "t@example.com", "password": "password1"}))
                .await
                .map(|r| r.status().as_u16())
        })
    };
    actix_web::rt::time::sleep(Duration::from_millis(60)).await;
    let pid = service.child.id().to_string();
    assert!(
        Command::new("kill")
            .args(["-TERM", &pid])
            .status()
            .unwrap()
            .success()
    );
    assert_eq!(
        login.await.unwrap().unwrap(),
        200,
        "the in-flight login completes"
    );
    let deadline = Instant::now() + Duration::from_secs(30);
    let status = loop {
        if let Some(status) = service.child.try_wait().unwrap() {
            break status;
        }
        assert!(Instant::now() < deadline, "no exit after SIGTERM");
        actix_web::rt::time::sleep(Duration::from_millis(50)).await;
    };
    assert!(status.success(), "{status:?}");
    assert!(
        service
            .client
            .get(format!("{}/health", service.address))
            .send()
            .await
            .is_err()
    );
}

crate::on_both_backends!(
    acknowledged_upserts_survive_sigkill,
    sigterm_finishes_in_flight_requests_then_exits,
);
