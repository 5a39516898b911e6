//! Profile writes under concurrency: an upsert is one transaction that
//! answers from what it wrote, so concurrent saves of one profile leave
//! exactly one of them, lists included, and each answer is what its own
//! save stored.

use awc::http::Method;
use serde_json::{Value, json};

use crate::helpers::{Backend, spawn_app};

fn profile(tastes: Value, diet_types: Value, calories: f64) -> Value {
    json!({
        "goal": "maintain_weight", "height": 178, "weight": 76, "body_type": "normal",
        "gender": "male", "meals_per_day": 4, "activity_level": "medium",
        "birth_date": "1990-04-01", "calories_target": calories,
        "tastes": tastes, "diet_types": diet_types,
    })
}

fn names(items: &Value) -> Vec<String> {
    items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| {
            i["name"]
                .as_str()
                .unwrap_or_else(|| i.as_str().unwrap())
                .to_owned()
        })
        .collect()
}

async fn concurrent_saves_of_one_profile_leave_one_of_them_whole(b: Backend) {
    let app = spawn_app(b).await;
    let token = app.token_for("racer@example.com").await;
    // Each save names its own tastes (predefined, by id) and diet types, in
    // its own order, and its own calorie target.
    let variants = [
        profile(
            json!([{"id": 1, "name": "spicy"}, {"id": 2, "name": "x"}]),
            json!(["vegan"]),
            2001.0,
        ),
        profile(
            json!([{"id": 3, "name": "x"}]),
            json!(["low_carb", "high_protein"]),
            2002.0,
        ),
        profile(json!([]), json!([]), 2003.0),
        profile(
            json!([{"id": 2, "name": "x"}, {"id": 1, "name": "x"}]),
            json!(["high_protein"]),
            2004.0,
        ),
    ];
    let saves = (0..24).map(|i| {
        let (app, token, body) = (&app, &token, &variants[i % variants.len()]);
        async move {
            let reply = app
                .json(Method::PUT, "/api/profile", Some(token), body)
                .await;
            assert_eq!(reply.status, 200, "{}", reply.text);
            reply.json
        }
    });
    let answers = futures_util::future::join_all(saves).await;
    let shape = |p: &Value| {
        (
            p["calories_target"].as_f64().unwrap(),
            names(&p["tastes"]),
            names(&p["diet_types"]),
        )
    };
    // Every answer is one whole variant: its own lists with its target.
    let mut wanted = Vec::new();
    for (i, answer) in answers.iter().enumerate() {
        let (calories, tastes, diets) = shape(answer);
        assert_eq!(calories, 2001.0 + (i % variants.len()) as f64, "{answer}");
        wanted.push((calories, tastes, diets));
    }
    // What is stored is exactly one of them: no list mixes two saves.
    let stored = app.get("/api/profile", Some(&token)).await;
    assert_eq!(stored.status, 200);
    let now = shape(&stored.json);
    assert!(wanted.contains(&now), "stored {now:?} is none of the saves");
    assert_eq!(
        app.db.count("SELECT COUNT(*) AS n FROM profiles"),
        1,
        "one profile"
    );
}

/// Meal status changes sent at once (on PostgreSQL, committed together in
/// batches): each answer says what happened to its own change, and the
/// plans hold exactly the acknowledged changes. Owners tick their meals,
/// a stranger's change and a logged-out token's change are refused and
/// write nothing, and a change sent without a token (the open policy)
/// goes through.
async fn status_changes_sent_at_once_are_each_answered_for_themselves(b: Backend) {
    let app = spawn_app(b).await;
    let mut owners = Vec::new();
    for n in 0..4 {
        let token = app.token_for(&format!("batch{n}@example.com")).await;
        let body = profile(json!([]), json!([]), 2400.0);
        let put = app
            .json(Method::PUT, "/api/profile", Some(&token), &body)
            .await;
        assert_eq!(put.status, 200, "{}", put.text);
        let plan = app
            .json(
                Method::POST,
                "/api/plan/generate",
                Some(&token),
                &json!({"days": 2, "seed": n}),
            )
            .await;
        assert_eq!(plan.status, 201, "{}", plan.text);
        let meals: Vec<i64> = plan.json["daily_menus"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|d| d["meal_details"].as_array().unwrap().clone())
            .map(|m| m["id"].as_i64().unwrap())
            .collect();
        owners.push((token, meals));
    }
    let gone = app.token_for("gone@example.com").await;
    let out = app
        .send(Method::POST, "/auth/logout", Some(&gone), &[], None)
        .await;
    assert_eq!(out.status, 204);

    // (meal, token, status asked for, expected answer)
    let mut sends: Vec<(i64, Option<String>, u8, u16)> = Vec::new();
    for (token, meals) in &owners {
        for &m in &meals[..3] {
            sends.push((m, Some(token.clone()), 1, 200));
        }
    }
    let stranger = owners[0].0.clone();
    let theirs = owners[1].1[5];
    sends.push((theirs, Some(stranger), 1, 404));
    let logged_out = owners[2].1[5];
    sends.push((logged_out, Some(gone), 1, 401));
    let open = owners[3].1[5];
    sends.push((open, None, 1, 200));
    // One meal ticked and unticked by its owner, six times at once: each
    // answer shows the change it asked for.
    let twice = owners[3].1[6];
    for i in 0..6 {
        sends.push((twice, Some(owners[3].0.clone()), i % 2, 200));
    }
    let answers = futures_util::future::join_all(sends.iter().map(|(m, token, status, _)| {
        let app = &app;
        async move {
            app.send(
                Method::PUT,
                &format!("/meal-detail/{m}/status?status={status}"),
                token.as_deref(),
                &[],
                None,
            )
            .await
        }
    }))
    .await;
    for ((m, _, status, expected), answer) in sends.iter().zip(&answers) {
        assert_eq!(answer.status, *expected, "meal {m}: {}", answer.text);
        if answer.status == 200 {
            assert_eq!(answer.json["id"], *m);
            assert_eq!(answer.json["status"], *status, "meal {m}");
        }
    }
    // What is stored: exactly the acknowledged changes.
    let ticked: Vec<i64> = sends
        .iter()
        .filter(|(m, _, _, expected)| *expected == 200 && *m != twice)
        .map(|(m, ..)| *m)
        .collect();
    for (token, meals) in &owners {
        let plan = app.get("/api/plan/current", Some(token)).await.json;
        for day in plan["daily_menus"].as_array().unwrap() {
            for meal in day["meal_details"].as_array().unwrap() {
                let id = meal["id"].as_i64().unwrap();
                if id == twice {
                    // Whichever change came last.
                    assert!(meal["status"] == 0 || meal["status"] == 1);
                    continue;
                }
                let want = i64::from(ticked.contains(&id));
                assert_eq!(meal["status"], want, "meal {id} of {meals:?}");
            }
        }
    }
}

crate::on_both_backends!(
    concurrent_saves_of_one_profile_leave_one_of_them_whole,
    status_changes_sent_at_once_are_each_answered_for_themselves,
);
