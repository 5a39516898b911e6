//! The real binary as a process: durability after SIGKILL (also with
//! concurrent writers), graceful shutdown on SIGTERM.

use std::process::Command;
use std::time::{Duration, Instant};

use awc::http::Method;
use serde_json::{Value, json};

use crate::binary::{Options, Service, free_port};
use crate::helpers::{Backend, TestDb};

async fn start(db: &TestDb, port: u16, bcrypt_cost: u32) -> Service {
    let options = Options::default().with("BCRYPT_COST", bcrypt_cost);
    crate::binary::start(&db.url(), port, options).await
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

/// What one writer had acknowledged when the process died.
#[derive(Debug, Default)]
struct Acked {
    last_weight: Option<u32>,
    last_sent: u32,
    sign_ups: Vec<(String, i64)>,
}

/// Writes until the service stops answering: profile upserts with rising
/// weights and, every third step, a sign-up.
async fn writer(service: std::rc::Rc<Service>, n: usize, token: String) -> Acked {
    let mut acked = Acked::default();
    for (step, weight) in (40..140u32).enumerate() {
        acked.last_sent = weight;
        match service
            .try_call(Method::PUT, "/api/profile", Some(&token), &profile(weight))
            .await
        {
            Some(a) if a.status == 200 => acked.last_weight = Some(weight),
            Some(a) => panic!("upsert answered {} {}", a.status, a.json),
            None => break,
        }
        if step % 3 == 0 {
            let email = format!("w{n}-{step}@example.com");
            let body = json!({"name": "W", "email": email, "password": "password1"});
            match service
                .try_call(Method::POST, "/auth/register", None, &body)
                .await
            {
                Some(a) if a.status == 201 => acked
                    .sign_ups
                    .push((email, a.json["user"]["id"].as_i64().unwrap())),
                Some(a) => panic!("sign-up answered {} {}", a.status, a.json),
                None => break,
            }
        }
    }
    acked
}

/// Several clients write at once when the process is killed: every write
/// acknowledged before the kill is there after the restart.
async fn acknowledged_writes_of_concurrent_clients_survive_sigkill(b: Backend) {
    const WRITERS: usize = 6;
    let db = TestDb::create(b);
    let service = std::rc::Rc::new(start(&db, free_port(), 4).await);
    let mut tokens = Vec::new();
    for n in 0..WRITERS {
        let body = json!({"name": "W", "email": format!("writer{n}@example.com"), "password": "password1"});
        let (status, reply) = service
            .json(Method::POST, "/auth/register", None, &body)
            .await;
        assert_eq!(status, 201, "{reply}");
        tokens.push(reply["access_token"].as_str().unwrap().to_owned());
    }
    let writers: Vec<_> = tokens
        .iter()
        .enumerate()
        .map(|(n, token)| actix_web::rt::spawn(writer(service.clone(), n, token.clone())))
        .collect();
    actix_web::rt::time::sleep(Duration::from_millis(1500)).await;
    let pid = service.pid().to_string();
    assert!(
        Command::new("kill")
            .args(["-KILL", &pid])
            .status()
            .unwrap()
            .success()
    );
    let mut acked = Vec::new();
    for w in writers {
        acked.push(w.await.unwrap());
    }
    drop(service);
    let progress: usize = acked.iter().map(|a| a.sign_ups.len()).sum();
    assert!(
        progress >= WRITERS,
        "too few writes before the kill: {acked:?}"
    );

    let service = start(&db, free_port(), 4).await;
    for (token, acked) in tokens.iter().zip(&acked) {
        let (status, profile) = service
            .json(Method::GET, "/api/profile", Some(token), &Value::Null)
            .await;
        let Some(last) = acked.last_weight else {
            continue;
        };
        assert_eq!(status, 200, "{profile}");
        let weight = profile["weight"].as_f64().unwrap() as u32;
        assert!(
            (last..=acked.last_sent).contains(&weight),
            "stored {weight}, acknowledged {last}, last sent {}",
            acked.last_sent
        );
        for (email, id) in &acked.sign_ups {
            let login = json!({"email": email, "password": "password1"});
            let (status, reply) = service
                .json(Method::POST, "/auth/login", None, &login)
                .await;
            assert_eq!(status, 200, "{email} was acknowledged: {reply}");
            assert_eq!(reply["user"]["id"].as_i64(), Some(*id));
        }
    }
}

crate::on_both_backends!(
    acknowledged_writes_of_concurrent_clients_survive_sigkill,
    acknowledged_upserts_survive_sigkill,
    sigterm_finishes_in_flight_requests_then_exits,
);
