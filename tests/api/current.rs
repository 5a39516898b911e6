//! The current plan as answered before (`GET /api/plan/current` keeps its
//! rendered answer while the plan's stored revision, the profile and the
//! day are what it was rendered from): never stale, whatever changed the
//! plan and on whichever instance.

use std::rc::Rc;

use awc::http::Method;
use serde_json::{Value, json};

use crate::helpers::{Backend, Reply, TestApp, TestDb, settings, spawn_app_with};

/// `GET /api/plan/current` on `app`, answered 200.
async fn current(app: &TestApp, token: &str) -> Value {
    let reply = app.get("/api/plan/current", Some(token)).await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    reply.json
}

/// A change, answered with a success.
fn ok(reply: Reply, what: &str) -> Value {
    assert!(
        reply.status < 300,
        "{what}: {} {}",
        reply.status,
        reply.text
    );
    reply.json
}

/// The answer of `kept` after `what`, checked against that of `fresh`
/// (which keeps nothing) and, when `moved`, against `before`.
async fn stored(
    (kept, fresh, token): (&TestApp, &TestApp, &str),
    before: &mut Value,
    what: &str,
    moved: bool,
) -> Value {
    let now = current(kept, token).await;
    assert_eq!(now, current(fresh, token).await, "after {what}");
    if moved {
        assert_ne!(&now, before, "{what} changed nothing");
    }
    *before = now.clone();
    now
}

fn profile(weight: f64) -> Value {
    json!({
        "goal": "maintain_weight", "height": 170, "weight": weight, "body_type": "normal",
        "gender": "female", "meals_per_day": 3, "activity_level": "medium",
        "birth_date": "1991-05-06",
    })
}

/// Each kind of change, made through a second instance, shows at once on
/// the instance that answered before: its answer equals that of an
/// instance that keeps nothing, and differs from the answer before the
/// change.
async fn a_current_plan_answered_before_is_never_stale(b: Backend) {
    let db = Rc::new(TestDb::create(b));
    let kept = spawn_app_with(db.clone(), settings).await;
    let other = spawn_app_with(db.clone(), settings).await;
    let fresh = spawn_app_with(db, |db| {
        let mut s = settings(db);
        s.plan_cache_bytes = 0;
        s
    })
    .await;
    let token = kept.token_for("kept@example.com").await;
    let t = Some(token.as_str());
    ok(
        other
            .json(Method::PUT, "/api/profile", t, &profile(64.0))
            .await,
        "profile",
    );
    let member = json!({
        "name": "Ana", "goal": "maintain_weight", "height": 160, "weight": 52,
        "body_type": "lean", "gender": "female", "meals_per_day": 3,
        "activity_level": "medium", "birth_date": "2004-03-04",
    });
    ok(
        other
            .json(Method::POST, "/api/household/members", t, &member)
            .await,
        "member",
    );
    ok(
        other
            .json(
                Method::POST,
                "/api/plan/generate",
                t,
                &json!({"household": true, "days": 3, "seed": 5}),
            )
            .await,
        "generate",
    );
    let mut before = current(&kept, &token).await;
    assert_eq!(current(&kept, &token).await, before, "read twice");
    assert_eq!(current(&fresh, &token).await, before, "as stored");

    // After each change: the kept answer is the stored plan, and it moved.
    let apps = (&kept, &fresh, token.as_str());

    let plan = before.clone();
    let day = &plan["daily_menus"][0];
    let meal = day["meal_details"][0]["id"].as_i64().unwrap();
    let status = |s: u8| format!("/meal-detail/{meal}/status?status={s}");
    ok(
        other.send(Method::PUT, &status(1), t, &[], None).await,
        "tick",
    );
    stored(apps, &mut before, "a meal ticked", true).await;
    ok(
        other.send(Method::PUT, &status(0), t, &[], None).await,
        "untick",
    );
    stored(apps, &mut before, "a meal unticked", true).await;

    let swap_to = plan["daily_menus"][1]["meal_details"][0]["recipe_id"]
        .as_i64()
        .unwrap();
    let swap = format!("/meal-detail/{meal}?recipe_id={swap_to}");
    ok(other.send(Method::PUT, &swap, t, &[], None).await, "swap");
    let swapped = stored(apps, &mut before, "a household meal swapped", true).await;
    assert_eq!(
        swapped["daily_menus"][0]["meal_details"][0]["recipe_id"],
        swap_to
    );

    let day_of_week = day["day_of_week"].as_i64().unwrap();
    ok(
        other
            .json(
                Method::POST,
                "/api/plan/current/rebalance",
                t,
                &json!({"day": day_of_week}),
            )
            .await,
        "rebalance",
    );
    // A re-balance may find the day fine as it is; what it left must
    // still be what is stored.
    stored(apps, &mut before, "a re-balance", false).await;

    let snack = kept
        .get("/api/recipes?meal_type=snack&limit=1", None)
        .await
        .json["items"][0]["id"]
        .as_i64()
        .unwrap();
    let menu = day["id"].as_i64().unwrap();
    let added = json!({"daily_menu_id": menu, "recipe_id": snack, "schedule": 6, "status": 0, "meal_type": "snack"});
    ok(
        other
            .json(Method::POST, "/api/meal-detail", t, &added)
            .await,
        "add a meal",
    );
    stored(apps, &mut before, "a meal added", true).await;

    let days: Vec<i64> = plan["daily_menus"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["day_of_week"].as_i64().unwrap())
        .collect();
    let free = (1..=7).find(|d| !days.contains(d)).unwrap();
    let new_day = json!({"plan_id": plan["id"], "day_of_week": free});
    ok(
        other
            .json(Method::POST, "/api/daily-menu", t, &new_day)
            .await,
        "add a day",
    );
    stored(apps, &mut before, "an empty day added", true).await;

    // The profile's change moves each day's fit.
    ok(
        other
            .json(Method::PUT, "/api/profile", t, &profile(80.0))
            .await,
        "profile change",
    );
    stored(apps, &mut before, "the profile changed", true).await;

    ok(
        other
            .json(
                Method::POST,
                "/api/plan/generate",
                t,
                &json!({"days": 2, "seed": 9}),
            )
            .await,
        "generate again",
    );
    let regenerated = stored(apps, &mut before, "a new plan", true).await;
    assert_ne!(regenerated["id"], plan["id"]);
}

crate::on_both_backends!(a_current_plan_answered_before_is_never_stale);
