//! Planning is bounded (issue 35): heavy re-balances (a household of 13
//! with tight tolerances) from one account and from many, and requests
//! abandoned at their deadline or by their client, against the real
//! binary, whose `/metrics` is its own (`planner_searches_running` counts
//! the searches computing now).

use std::io::Write;
use std::time::{Duration, Instant};

use awc::http::Method;
use serde_json::{Value, json};

use crate::binary::{Options, Service, free_port};
use crate::helpers::{Backend, TestDb};

/// Budget of a search in these tests: heavy enough work outlasts it.
const BUDGET_MS: u64 = 1000;

/// The service with `places` searches at once, waiting `queue_ms` for one,
/// each searching up to `budget_ms`, answered 503 after `deadline_ms`.
async fn start(
    db: &TestDb,
    places: usize,
    queue_ms: u64,
    budget_ms: u64,
    deadline_ms: u64,
) -> Service {
    let options = Options::default()
        .with("PLAN_SEARCHES", places)
        .with("PLAN_QUEUE_WAIT_MS", queue_ms)
        .with("PLAN_SEARCH_BUDGET_MS", budget_ms)
        .with("REQUEST_TIMEOUT_MS", deadline_ms);
    crate::binary::start(&db.url(), free_port(), options).await
}

/// Twelve household members, different in size, meals and rules.
fn member(i: i64) -> Value {
    let k = (i % 3) as usize;
    let goal = ["lose_weight", "maintain_weight", "gain_weight"][k];
    let body_type = ["lean", "normal", "stocky"][k];
    let activity_level = ["low", "medium", "high"][k];
    let gender = ["female", "male"][(i % 2) as usize];
    let restrictions = if i % 4 == 0 {
        json!([{"name": "peanut allergy"}])
    } else {
        json!([])
    };
    let diet_types = if i % 5 == 0 {
        json!(["vegetarian"])
    } else {
        json!([])
    };
    json!({
        "name": format!("Member {i}"), "goal": goal, "height": 150 + 3 * i, "weight": 48 + 4 * i,
        "body_type": body_type, "gender": gender, "meals_per_day": 3 + i % 4,
        "activity_level": activity_level,
        "birth_date": format!("{}-0{}-1{}", 1950 + 4 * i, 1 + i % 9, i % 9),
        "restrictions": restrictions, "diet_types": diet_types,
    })
}

/// An account with a profile, 12 household members and a week planned for
/// all 13 with 1% tolerances: re-balancing it is the heaviest request.
async fn heavy_household(service: &Service, n: usize) -> String {
    let body =
        json!({"name": "H", "email": format!("house{n}@example.com"), "password": "password1"});
    let (status, reply) = service
        .json(Method::POST, "/auth/register", None, &body)
        .await;
    assert_eq!(status, 201, "{reply}");
    let token = reply["access_token"].as_str().unwrap().to_owned();
    let profile = json!({
        "goal": "maintain_weight", "height": 178, "weight": 76, "body_type": "normal",
        "gender": "male", "meals_per_day": 5, "activity_level": "medium", "birth_date": "1985-05-05",
    });
    let (status, reply) = service
        .json(Method::PUT, "/api/profile", Some(&token), &profile)
        .await;
    assert_eq!(status, 200, "{reply}");
    for i in 0..12 {
        let (status, reply) = service
            .json(
                Method::POST,
                "/api/household/members",
                Some(&token),
                &member(i),
            )
            .await;
        assert_eq!(status, 201, "{reply}");
    }
    let generate = json!({"household": true, "days": 7, "seed": n,
                          "tolerances": {"calories": 1, "macros": 1}});
    let (status, plan) = service
        .json(Method::POST, "/api/plan/generate", Some(&token), &generate)
        .await;
    assert_eq!(status, 201, "{plan}");
    // The search outlasted its budget: the plan is the best it found.
    assert_eq!(plan["cut_short"], true, "{}", plan["id"]);
    token
}

/// Status, `Retry-After` and body of a re-balance of the whole week.
async fn rebalance(service: &Service, token: &str) -> (u16, Option<u64>, Value) {
    let mut res = service
        .client
        .post(format!("{}/api/plan/current/rebalance", service.address))
        .insert_header(("Authorization", format!("Bearer {token}")))
        .send_json(&json!({}))
        .await
        .expect("a re-balance is answered");
    let retry = res
        .headers()
        .get("retry-after")
        .map(|v| v.to_str().unwrap().parse().unwrap());
    let body = res.body().await.expect("its body");
    (
        res.status().as_u16(),
        retry,
        serde_json::from_slice(&body).unwrap_or_default(),
    )
}

/// A metric of the service's own `/metrics` (0 when not there yet).
async fn metric(service: &Service, name: &str) -> f64 {
    let mut res = service
        .client
        .get(format!("{}/metrics", service.address))
        .send()
        .await
        .expect("GET /metrics");
    let text = String::from_utf8(res.body().await.unwrap().to_vec()).unwrap();
    text.lines()
        .filter(|l| l.starts_with(name) && !l.starts_with('#'))
        .map(|l| l.rsplit(' ').next().unwrap().parse::<f64>().unwrap())
        .sum()
}

/// 12 concurrent heavy re-balances from one account: one runs, and says
/// it was cut short at its budget; the 11 others are refused at once, 429
/// with Retry-After; the assistant asked to re-balance meanwhile says to
/// ask again. Then 12 from 12 accounts: at most 2 (the places) search at
/// once, each answered 200 or, when no place came free within the wait,
/// 503 with Retry-After. After each burst no search goes on.
async fn heavy_rebalances_are_bounded_per_account_and_per_instance(b: Backend) {
    let db = TestDb::create(b);
    let service = std::rc::Rc::new(start(&db, 2, 1500, BUDGET_MS, 60_000).await);
    let mut tokens = Vec::new();
    for n in 0..12 {
        tokens.push(heavy_household(&service, n).await);
    }

    let same = (0..12).map(|_| rebalance(&service, &tokens[0]));
    let chat = async {
        actix_web::rt::time::sleep(Duration::from_millis(300)).await;
        let mut res = service
            .client
            .post(format!(
                "{}/api/chat/?message=rebalance%20my%20week",
                service.address
            ))
            .insert_header(("Authorization", format!("Bearer {}", tokens[0])))
            .send()
            .await
            .expect("the chat answers");
        let body: Value = serde_json::from_slice(&res.body().await.unwrap()).unwrap();
        (res.status().as_u16(), body)
    };
    let (answers, (chat_status, chat)) =
        futures_util::future::join(futures_util::future::join_all(same), chat).await;
    assert_eq!(metric(&service, "planner_searches_running").await, 0.0);
    let ok: Vec<&Value> = answers
        .iter()
        .filter(|(s, ..)| *s == 200)
        .map(|(_, _, body)| body)
        .collect();
    assert_eq!(
        ok.len(),
        1,
        "{:?}",
        answers.iter().map(|a| a.0).collect::<Vec<_>>()
    );
    assert_eq!(ok[0]["cut_short"], true);
    for (status, retry, body) in answers.iter().filter(|(s, ..)| *s != 200) {
        assert_eq!(*status, 429, "{body}");
        assert_eq!(
            body["detail"],
            "A plan is already being made for this account; try again shortly"
        );
        assert_eq!(*retry, Some(BUDGET_MS.div_ceil(1000)));
    }
    assert_eq!(chat_status, 200, "{chat}");
    let said = chat["response"].as_str().unwrap();
    assert!(said.contains("still working on a plan"), "{said}");

    let refused_before = metric(
        &service,
        "planner_searches_refused_total{reason=\"instance\"}",
    )
    .await;
    let answers =
        futures_util::future::join_all(tokens.iter().map(|t| rebalance(&service, t))).await;
    assert_eq!(metric(&service, "planner_searches_running").await, 0.0);
    let mut statuses: Vec<u16> = answers.iter().map(|a| a.0).collect();
    statuses.sort_unstable();
    let ok = statuses.iter().filter(|s| **s == 200).count();
    let busy = statuses.iter().filter(|s| **s == 503).count();
    assert_eq!(ok + busy, 12, "{statuses:?}");
    // Two places, a wait shorter than two budgets: some got in, not all.
    assert!(ok >= 2 && busy >= 1, "{statuses:?}");
    for (status, retry, body) in &answers {
        if *status == 503 {
            assert_eq!(body["detail"], "Service unavailable");
            assert_eq!(*retry, Some(BUDGET_MS.div_ceil(1000)));
        }
    }
    let refused = metric(
        &service,
        "planner_searches_refused_total{reason=\"instance\"}",
    )
    .await;
    assert_eq!(refused - refused_before, busy as f64);
}

/// A heavy re-balance whose client goes away, and one whose deadline
/// passes, stop computing: the search's place comes free long before its
/// budget would have run out.
async fn an_abandoned_search_stops_computing(b: Backend) {
    let db = TestDb::create(b);
    let token = {
        let setup = start(&db, 2, 1000, BUDGET_MS, 60_000).await;
        heavy_household(&setup, 0).await
    };
    // A budget and a deadline far beyond the test: only the client going
    // away can stop the search.
    let service = start(&db, 1, 0, 60_000, 60_000).await;

    // The client sends its request and hangs up.
    let addr = service.address.trim_start_matches("http://").to_owned();
    let mut socket = std::net::TcpStream::connect(&addr).unwrap();
    write!(
        socket,
        "POST /api/plan/current/rebalance HTTP/1.1\r\nHost: {addr}\r\n\
         Authorization: Bearer {token}\r\nContent-Type: application/json\r\n\
         Content-Length: 2\r\n\r\n{{}}"
    )
    .unwrap();
    running_within(&service, 1.0, Duration::from_secs(5)).await;
    drop(socket);
    running_within(&service, 0.0, Duration::from_secs(5)).await;
    drop(service);

    // The deadline passes: 503, and the search stops.
    let service = start(&db, 1, 0, 60_000, 2_000).await;
    let (status, _, body) = rebalance(&service, &token).await;
    assert_eq!(status, 503, "{body}");
    running_within(&service, 0.0, Duration::from_secs(5)).await;
    // Its place is free again: another search gets it at once (the
    // deadline again, not a refusal: both are 503 with Retry-After).
    let refused = metric(&service, "planner_searches_refused_total").await;
    let (status, _, body) = rebalance(&service, &token).await;
    assert_eq!(status, 503, "{body}");
    assert_eq!(
        metric(&service, "planner_searches_refused_total").await,
        refused,
        "the deadline again, not a refusal"
    );
}

/// Waits until `planner_searches_running` is `value`, at most `limit`.
async fn running_within(service: &Service, value: f64, limit: Duration) {
    let started = Instant::now();
    loop {
        let now = metric(service, "planner_searches_running").await;
        if now == value {
            return;
        }
        assert!(
            started.elapsed() < limit,
            "planner_searches_running stayed {now}, not {value}"
        );
        actix_web::rt::time::sleep(Duration::from_millis(20)).await;
    }
}

crate::on_both_backends!(
    heavy_rebalances_are_bounded_per_account_and_per_instance,
    an_abandoned_search_stops_computing,
);
