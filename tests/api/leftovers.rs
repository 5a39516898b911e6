//! Cook once, eat twice (issue 40 item 1), through the API: a week made
//! with `leftovers` eats some lunches and dinners from an earlier meal's
//! dish, says where (`leftover_of`) and how much the cooking meal cooks
//! (`cook_servings`), meets its targets as a plain week does, and the
//! shopping list buys each dish once.

use std::collections::HashMap;

use awc::http::Method;
use serde_json::{Value, json};

use crate::helpers::{Backend, TestApp, spawn_app};

async fn person(app: &TestApp, token: &str) {
    let body = json!({
        "goal": "maintain_weight", "height": 170, "weight": 68, "body_type": "normal",
        "gender": "female", "meals_per_day": 3, "activity_level": "medium",
        "birth_date": "1990-04-04", "restrictions": [], "diet_types": []
    });
    let reply = app
        .json(Method::PUT, "/api/profile", Some(token), &body)
        .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
}

fn meals(plan: &Value) -> Vec<(u64, &Value)> {
    plan["daily_menus"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|d| {
            let day = d["day_of_week"].as_u64().unwrap();
            d["meal_details"]
                .as_array()
                .unwrap()
                .iter()
                .map(move |m| (day, m))
        })
        .collect()
}

fn days_met(plan: &Value) -> usize {
    plan["daily_menus"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["fit"]["met"] == true)
        .count()
}

/// Lunches and dinners cooked, not eaten from an earlier meal.
fn sessions(plan: &Value) -> usize {
    meals(plan)
        .iter()
        .filter(|(_, m)| m["meal_type"] != "breakfast" && m["meal_type"] != "snack")
        .filter(|(_, m)| m.get("leftover_of").is_none())
        .count()
}

async fn a_leftover_week_cooks_less_and_buys_each_dish_once(b: Backend) {
    let app = spawn_app(b).await;
    let ann = app.token_for("ann@example.com").await;
    person(&app, &ann).await;
    let plain = app
        .json(
            Method::POST,
            "/api/plan/generate",
            Some(&ann),
            &json!({"seed": 5}),
        )
        .await;
    assert_eq!(plain.status, 201, "{}", plain.text);
    assert!(
        meals(&plain.json)
            .iter()
            .all(|(_, m)| m.get("leftover_of").is_none() && m.get("cook_servings").is_none()),
        "a plain week says nothing of leftovers"
    );
    let body = json!({"seed": 5, "leftovers": true});
    let week = app
        .json(Method::POST, "/api/plan/generate", Some(&ann), &body)
        .await;
    assert_eq!(week.status, 201, "{}", week.text);
    let all = meals(&week.json);
    let by_id: HashMap<i64, (u64, &Value)> = all
        .iter()
        .map(|(d, m)| (m["id"].as_i64().unwrap(), (*d, *m)))
        .collect();
    let leftovers: Vec<&(u64, &Value)> = all
        .iter()
        .filter(|(_, m)| m.get("leftover_of").is_some())
        .collect();
    assert!(leftovers.len() >= 4, "{} leftovers", leftovers.len());
    let mut eaten_from: HashMap<i64, f64> = HashMap::new();
    for (day, m) in &leftovers {
        let from = m["leftover_of"].as_i64().unwrap();
        let (cook_day, cook) = by_id[&from];
        // The same dish, cooked one or two days before, at a lunch or dinner.
        assert_eq!(m["recipe_id"], cook["recipe_id"]);
        assert!(
            (1..=2).contains(&(day - cook_day)),
            "eaten on {day}, cooked on {cook_day}"
        );
        for slot in [&m["meal_type"], &cook["meal_type"]] {
            assert!(slot == "lunch" || slot == "dinner", "{slot}");
        }
        *eaten_from
            .entry(from)
            .or_insert(cook["servings"].as_f64().unwrap()) += m["servings"].as_f64().unwrap();
    }
    // The cooking meal cooks its own portion and every leftover's.
    for (from, total) in &eaten_from {
        let cook = by_id[from].1;
        let said = cook["cook_servings"].as_f64().expect("cook_servings");
        assert!((said - total).abs() < 1e-9, "{said} against {total}");
    }
    assert!(
        sessions(&week.json) * 100 <= sessions(&plain.json) * 65,
        "sessions: {} with leftovers, {} plain",
        sessions(&week.json),
        sessions(&plain.json)
    );
    assert!(
        days_met(&week.json) + 1 >= days_met(&plain.json),
        "days met: {} with leftovers, {} plain",
        days_met(&week.json),
        days_met(&plain.json)
    );

    // The shopping list buys a leftover's dish once, at its cooking: a
    // leftover ticked eaten changes nothing on it, its cooking meal
    // ticked takes its whole dish off.
    let before = list_grams(&app, &ann).await;
    for (_, m) in &leftovers {
        let path = format!("/meal-detail/{}/status?status=1", m["id"]);
        let reply = app.send(Method::PUT, &path, Some(&ann), &[], None).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
    }
    let after = list_grams(&app, &ann).await;
    assert!((after - before).abs() < 1e-6, "{before} g, then {after} g");
    let (from, _) = eaten_from.iter().next().unwrap();
    let path = format!("/meal-detail/{from}/status?status=1");
    let reply = app.send(Method::PUT, &path, Some(&ann), &[], None).await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    assert!(
        list_grams(&app, &ann).await < after - 1.0,
        "the cooked dish leaves the list"
    );
}

/// The grams of the shopping list, every item together.
async fn list_grams(app: &TestApp, token: &str) -> f64 {
    let list = app
        .get("/api/plan/current/shopping-list", Some(token))
        .await;
    assert_eq!(list.status, 200, "{}", list.text);
    list.json["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["grams"].as_f64().unwrap())
        .sum()
}

async fn bad_leftover_options_are_422(b: Backend) {
    let app = spawn_app(b).await;
    let ann = app.token_for("ann@example.com").await;
    person(&app, &ann).await;
    for body in [
        json!({"leftovers": "yes"}),
        json!({"cook_at_most": 0}),
        json!({"cook_at_most": 15}),
        json!({"cook_at_most": "many"}),
    ] {
        let reply = app
            .json(Method::POST, "/api/plan/generate", Some(&ann), &body)
            .await;
        assert_eq!(reply.status, 422, "{body}: {}", reply.text);
    }
    // cook_at_most alone asks for leftovers.
    let body = json!({"seed": 3, "cook_at_most": 6});
    let week = app
        .json(Method::POST, "/api/plan/generate", Some(&ann), &body)
        .await;
    assert_eq!(week.status, 201, "{}", week.text);
    assert!(
        sessions(&week.json) <= 8,
        "{} sessions",
        sessions(&week.json)
    );
}

crate::on_both_backends!(
    a_leftover_week_cooks_less_and_buys_each_dish_once,
    bad_leftover_options_are_422,
);
