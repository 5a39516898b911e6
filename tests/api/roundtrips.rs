//! Database round trips per request on PostgreSQL (issue 25), counted on
//! the wire: the service talks to PostgreSQL through a small proxy that
//! reads the frontend's messages and counts each simple `Query` and each
//! `Sync` (the end of an extended-protocol exchange) as one round trip.
//! Each request is sent a few times first, so that pools, caches and
//! prepared statements are warm, then counted alone. The counts are held
//! here so that they cannot creep back.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use awc::http::Method;
use serde_json::{Value, json};

use crate::helpers::{Backend, TestApp, TestDb, settings, spawn_app_with};

/// Round trips the frontend has started since the last reset.
#[derive(Clone, Default)]
struct Trips(Arc<AtomicUsize>);

impl Trips {
    fn take(&self) -> usize {
        self.0.swap(0, Ordering::SeqCst)
    }
}

/// A proxy in front of `upstream` (host:port) on a free local port; its
/// address and the round-trip counter.
fn proxy(upstream: String) -> (String, Trips) {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind proxy");
    let address = listener.local_addr().expect("proxy address").to_string();
    let trips = Trips::default();
    let counted = trips.clone();
    std::thread::spawn(move || {
        for client in listener.incoming() {
            let Ok(client) = client else { continue };
            let Ok(server) = TcpStream::connect(&upstream) else {
                continue;
            };
            let (c2, s2) = (
                client.try_clone().expect("clone"),
                server.try_clone().expect("clone"),
            );
            let trips = counted.clone();
            std::thread::spawn(move || frontend(client, server, trips));
            std::thread::spawn(move || copy(s2, c2));
        }
    });
    (address, trips)
}

/// Copies the server's answers back unchanged.
fn copy(mut from: TcpStream, mut to: TcpStream) {
    let _ = std::io::copy(&mut from, &mut to);
    let _ = to.shutdown(std::net::Shutdown::Both);
}

/// Forwards the frontend's messages, counting `Q` and `S`.
fn frontend(mut client: TcpStream, mut server: TcpStream, trips: Trips) {
    let mut started = false;
    loop {
        let mut kind = [0u8; 1];
        if started && client.read_exact(&mut kind).is_err() {
            break;
        }
        let mut len = [0u8; 4];
        if client.read_exact(&mut len).is_err() {
            break;
        }
        let n = u32::from_be_bytes(len) as usize;
        let mut body = vec![0u8; n.saturating_sub(4)];
        if client.read_exact(&mut body).is_err() {
            break;
        }
        if started {
            if kind[0] == b'Q' || kind[0] == b'S' {
                trips.0.fetch_add(1, Ordering::SeqCst);
            }
            if server.write_all(&kind).is_err() {
                break;
            }
        } else {
            // Untyped: SSL or GSS encryption requests (answered by one
            // byte, then another untyped message), a cancel, or the
            // startup message after which every message is typed.
            let code = body
                .get(..4)
                .map_or(0, |b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]));
            started = !matches!(code, 80_877_102..=80_877_104);
        }
        if server.write_all(&len).is_err() || server.write_all(&body).is_err() {
            break;
        }
    }
    let _ = server.shutdown(std::net::Shutdown::Both);
}

/// Sends `send` three times to warm up, then once more counted.
async fn counted<F, Fut>(trips: &Trips, mut send: F) -> usize
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = u16>,
{
    for _ in 0..3 {
        let status = send().await;
        assert!(status < 300, "warm-up answered {status}");
    }
    // Let anything the last request started settle.
    actix_web::rt::time::sleep(std::time::Duration::from_millis(50)).await;
    trips.take();
    let status = send().await;
    assert!(status < 300, "counted request answered {status}");
    actix_web::rt::time::sleep(std::time::Duration::from_millis(50)).await;
    trips.take()
}

fn profile_body(weight: f64) -> Value {
    json!({
        "goal": "maintain_weight", "height": 175, "weight": weight, "body_type": "normal",
        "gender": "female", "meals_per_day": 4, "activity_level": "medium",
        "birth_date": "1990-01-01", "restrictions": [{"name": "nut allergy"}],
        "diet_types": ["high_fiber"], "tastes": [{"name": "spicy"}],
    })
}

/// The round trips of the requests issue 25 names, on a warm service.
#[actix_web::test]
#[cfg_attr(
    mealplan_skip_postgres,
    ignore = "built with MEALPLAN_TEST_SKIP_POSTGRES=1"
)]
async fn each_request_takes_few_round_trips() {
    let db = std::rc::Rc::new(TestDb::create(Backend::Postgres));
    let direct = db.url();
    let (rest, name) = direct.rsplit_once('/').expect("url has a database");
    let upstream = rest
        .rsplit_once('@')
        .map_or(rest, |(_, host)| host)
        .trim_start_matches("postgres://")
        .to_owned();
    let upstream = if upstream.contains(':') {
        upstream
    } else {
        format!("{upstream}:5432")
    };
    let (address, trips) = proxy(upstream);
    let user = rest
        .trim_start_matches("postgres://")
        .split_once('@')
        .map_or("postgres", |(u, _)| u)
        .to_owned();
    let url = format!("postgres://{user}@{address}/{name}?sslmode=disable");
    let app: TestApp = spawn_app_with(db, move |db| {
        let mut s = settings(db);
        s.database_url = url;
        s
    })
    .await;
    let token = app.token_for("trips@example.com").await;
    let t = Some(token.as_str());
    let mut figures: Vec<(&str, usize, usize)> = Vec::new();

    let n = counted(&trips, || async { app.get("/auth/me", t).await.status }).await;
    figures.push(("GET /auth/me", n, 1));
    let mut weight = 60.0;
    let n = counted(&trips, || {
        weight += 1.0;
        let body = profile_body(weight);
        let app = &app;
        async move { app.json(Method::PUT, "/api/profile", t, &body).await.status }
    })
    .await;
    figures.push(("PUT /api/profile", n, 4));
    let n = counted(&trips, || async { app.get("/api/profile", t).await.status }).await;
    figures.push(("GET /api/profile", n, 1));
    let plan = app
        .json(
            Method::POST,
            "/api/plan/generate",
            t,
            &json!({"days": 7, "seed": 3}),
        )
        .await;
    assert_eq!(plan.status, 201, "{}", plan.text);
    let n = counted(&trips, || async {
        app.json(
            Method::POST,
            "/api/plan/generate",
            t,
            &json!({"days": 7, "seed": 3}),
        )
        .await
        .status
    })
    .await;
    figures.push(("POST /api/plan/generate", n, 4));
    let n = counted(&trips, || async {
        app.get("/api/plan/current", t).await.status
    })
    .await;
    // Answered before, at the same revision: the session statement alone.
    figures.push(("GET /api/plan/current (as answered before)", n, 1));
    let n = counted(&trips, || async {
        app.get("/api/plan/current/summary", t).await.status
    })
    .await;
    figures.push(("GET /api/plan/current/summary", n, 2));
    let current = app.get("/api/plan/current", t).await.json;
    let meal = &current["daily_menus"][0]["meal_details"][0];
    let id = meal["id"].as_i64().expect("a meal");
    let status_path = format!("/meal-detail/{id}/status?status=1");
    let n = counted(&trips, || async {
        app.send(Method::PUT, &status_path, t, &[], None)
            .await
            .status
    })
    .await;
    figures.push(("PUT /meal-detail/{id}/status", n, 2));
    // Read right after a change: the plan is read again.
    let changed = app
        .send(
            Method::PUT,
            &format!("/meal-detail/{id}/status?status=0"),
            t,
            &[],
            None,
        )
        .await;
    assert_eq!(changed.status, 200, "{}", changed.text);
    actix_web::rt::time::sleep(std::time::Duration::from_millis(50)).await;
    trips.take();
    let after = app.get("/api/plan/current", t).await;
    assert_eq!(after.status, 200, "{}", after.text);
    actix_web::rt::time::sleep(std::time::Duration::from_millis(50)).await;
    figures.push(("GET /api/plan/current (after a change)", trips.take(), 2));
    assert_eq!(
        after.json["daily_menus"][0]["meal_details"][0]["status"], 0,
        "the change shows at once"
    );
    let other = current["daily_menus"][1]["meal_details"][0]["recipe_id"]
        .as_i64()
        .expect("another recipe");
    let swap_path = format!("/meal-detail/{id}?recipe_id={other}");
    let n = counted(&trips, || async {
        app.send(Method::PUT, &swap_path, t, &[], None).await.status
    })
    .await;
    // The session, the meal, the owner's rules (their profile), the write.
    figures.push(("PUT /meal-detail/{id}?recipe_id=", n, 4));
    // A cooking meal's swap that keeps its leftovers: the same four (its
    // leftovers read with the meal, and written in the swap's statement).
    let week = app
        .json(
            Method::POST,
            "/api/plan/generate",
            t,
            &json!({"days": 7, "seed": 5, "leftovers": true}),
        )
        .await;
    assert_eq!(week.status, 201, "{}", week.text);
    let meals: Vec<&Value> = week.json["daily_menus"]
        .as_array()
        .expect("days")
        .iter()
        .flat_map(|d| d["meal_details"].as_array().expect("meals"))
        .collect();
    let cook = meals
        .iter()
        .find(|m| m.get("cook_servings").is_some())
        .expect("a cooking meal");
    let other = meals
        .iter()
        .find(|m| m["meal_type"] == cook["meal_type"] && m["recipe_id"] != cook["recipe_id"])
        .expect("another recipe")["recipe_id"]
        .as_i64()
        .expect("a recipe id");
    let keep_path = format!(
        "/meal-detail/{}?recipe_id={other}&leftovers=keep",
        cook["id"]
    );
    let n = counted(&trips, || async {
        app.send(Method::PUT, &keep_path, t, &[], None).await.status
    })
    .await;
    let kept = app.get("/api/plan/current", t).await.json;
    assert!(
        kept.to_string().contains("keep_note"),
        "the cooking meal still keeps its leftovers"
    );
    figures.push(("PUT /meal-detail/{id}?recipe_id=&leftovers=keep", n, 4));

    for (request, trips, _) in &figures {
        println!("{request}: {trips} round trips");
    }
    for (request, trips, most) in &figures {
        assert!(
            trips <= most,
            "{request} took {trips} round trips, more than {most}"
        );
        assert!(
            *trips > 0,
            "{request}: nothing counted, the proxy is not in the path"
        );
    }
}
