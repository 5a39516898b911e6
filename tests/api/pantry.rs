//! The pantry (issue 40 item 2): read and replaced whole, names matched
//! to the catalogue's foods, each account its own; the shopping list buys
//! only what it lacks and says what it keeps; a week made with
//! `use_pantry` uses more of it and meets its targets as often.

use awc::http::Method;
use serde_json::{Value, json};

use crate::helpers::{Backend, TestApp, spawn_app};

async fn put(app: &TestApp, token: &str, body: &Value) -> crate::helpers::Reply {
    app.json(Method::PUT, "/api/pantry", Some(token), body)
        .await
}

async fn pantry_round_trip_each_account_its_own(b: Backend) {
    let app = spawn_app(b).await;
    let ann = app.token_for("ann@example.com").await;
    let bob = app.token_for("bob@example.com").await;
    assert_eq!(app.get("/api/pantry", None).await.status, 401);
    let empty = app.get("/api/pantry", Some(&ann)).await;
    assert_eq!((empty.status, empty.json.clone()), (200, json!([])));

    let sent = json!([
        {"name": "Eggs", "grams": 600, "use_by": "2026-12-01"},
        {"name": "chicken Breasts", "grams": "500.25"},
        {"name": "aubergines", "grams": 250, "use_by": null},
    ]);
    let reply = put(&app, &ann, &sent).await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    let stored = json!([
        {"name": "egg", "grams": 600.0, "use_by": "2026-12-01"},
        {"name": "chicken breast", "grams": 500.3, "use_by": null},
        {"name": "eggplant", "grams": 250.0, "use_by": null},
    ]);
    assert_eq!(reply.json, stored);
    assert_eq!(app.get("/api/pantry/", Some(&ann)).await.json, stored);

    // Bob sees none of it, and his own list leaves Ann's alone.
    assert_eq!(app.get("/api/pantry", Some(&bob)).await.json, json!([]));
    let bobs = put(&app, &bob, &json!([{"name": "spinach", "grams": 300}])).await;
    assert_eq!(bobs.status, 200, "{}", bobs.text);
    assert_eq!(app.get("/api/pantry", Some(&ann)).await.json, stored);
    assert_eq!(
        app.db.count("SELECT COUNT(*) AS n FROM pantry_items"),
        4,
        "three of Ann's, one of Bob's"
    );

    // The export carries it; `[]` empties it.
    let export = app.get("/auth/me/export", Some(&ann)).await;
    assert_eq!(export.json["pantry"], stored, "{}", export.text);
    let emptied = put(&app, &ann, &json!([])).await;
    assert_eq!(emptied.json, json!([]));
    assert_eq!(app.get("/api/pantry", Some(&ann)).await.json, json!([]));

    // An account's deletion takes its pantry.
    let gone = app
        .json(
            Method::DELETE,
            "/auth/me",
            Some(&bob),
            &json!({"password": "password123"}),
        )
        .await;
    assert_eq!(gone.status, 204, "{}", gone.text);
    assert_eq!(app.db.count("SELECT COUNT(*) AS n FROM pantry_items"), 0);
}

async fn unknown_names_and_bad_items_store_nothing(b: Backend) {
    let app = spawn_app(b).await;
    let ann = app.token_for("ann@example.com").await;
    let first = json!([{"name": "egg", "grams": 120}]);
    assert_eq!(put(&app, &ann, &first).await.status, 200);

    let reply = put(
        &app,
        &ann,
        &json!([{"name": "spinach", "grams": 100}, {"name": "chicken wings", "grams": 400}]),
    )
    .await;
    assert_eq!(reply.status, 422, "{}", reply.text);
    let entry = &reply.json["detail"][0];
    assert_eq!(entry["type"], "value_error");
    assert_eq!(entry["loc"], json!(["body", 1, "name"]));
    assert_eq!(entry["input"], "chicken wings");
    let msg = entry["msg"].as_str().unwrap();
    assert!(
        msg.starts_with("Value error, unknown food 'chicken wings'; did you mean "),
        "{msg}"
    );
    let named = msg.matches('\'').count() / 2 - 1;
    assert!((1..=5).contains(&named), "{msg}");
    assert!(msg.contains("'chicken breast'"), "{msg}");

    // Pydantic's words for grams, a date, a list.
    let bad = put(
        &app,
        &ann,
        &json!([{"name": "egg", "grams": 0}, {"name": "egg", "grams": 100001, "use_by": "soon"}]),
    )
    .await;
    assert_eq!(bad.status, 422, "{}", bad.text);
    let kinds: Vec<&str> = bad.json["detail"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["type"].as_str().unwrap())
        .collect();
    assert_eq!(
        kinds,
        [
            "greater_than",
            "less_than_equal",
            "date_from_datetime_parsing"
        ]
    );
    let many = Value::Array(vec![json!({"name": "egg", "grams": 1}); 201]);
    assert_eq!(
        put(&app, &ann, &many).await.json["detail"][0]["type"],
        "too_long"
    );
    let object = put(&app, &ann, &json!({"name": "egg", "grams": 1})).await;
    assert_eq!(object.json["detail"][0]["type"], "list_type");

    // Nothing of any refused list was stored.
    assert_eq!(
        app.get("/api/pantry", Some(&ann)).await.json,
        json!([{"name": "egg", "grams": 120.0, "use_by": null}])
    );
}

async fn the_shopping_list_buys_what_the_pantry_lacks(b: Backend) {
    let app = spawn_app(b).await;
    let ann = app.token_for("ann@example.com").await;
    // Monday: 1.5 servings of 3004 (chicken breast 180 g, broccoli 150 g,
    // white rice 200 g cooked, … a serving).
    let plan = json!({"daily_menus": [{"day_of_week": 1, "meal_details": [
        {"recipe_id": 3004, "schedule": 1, "status": 0, "meal_type": "dinner", "servings": 1.5}
    ]}]});
    let created = app.json(Method::POST, "/api/plan", Some(&ann), &plan).await;
    assert_eq!(created.status, 201, "{}", created.text);
    let before = app
        .get("/api/plan/current/shopping-list", Some(&ann))
        .await
        .json;
    assert_eq!(before["pantry_left"], json!([]));
    assert!(
        before["items"]
            .as_array()
            .unwrap()
            .iter()
            .all(|i| i["from_pantry"] == json!(0.0)),
        "{before}"
    );

    let pantry = json!([
        {"name": "broccoli", "grams": 100, "use_by": "2026-12-02"},
        {"name": "chicken breast", "grams": 1000},
        {"name": "lentils", "grams": 500},
    ]);
    assert_eq!(put(&app, &ann, &pantry).await.status, 200);
    let list = app
        .get("/api/plan/current/shopping-list", Some(&ann))
        .await
        .json;
    let item = |name: &str| {
        list["items"]
            .as_array()
            .unwrap()
            .iter()
            .find(|i| i["name"] == name)
            .unwrap_or_else(|| panic!("{name}: {list}"))
            .clone()
    };
    // 225 g of broccoli needed, 100 g at home: 125 g bought (a head).
    let broccoli = item("broccoli");
    assert_eq!(broccoli["grams"], json!(225.0));
    assert_eq!(broccoli["from_pantry"], json!(100.0));
    assert_eq!(broccoli["display"], "1 head", "{broccoli}");
    // 270 g cooked chicken (359 g raw) all from the kilo at home.
    let chicken = item("chicken breast");
    assert_eq!(chicken["from_pantry"], chicken["grams"]);
    assert_eq!(chicken["amount"], json!(0.0));
    assert_eq!(chicken["display"], "in the pantry");
    // Rice is not at home: bought as before.
    let rice = item("white rice");
    assert_eq!(rice["from_pantry"], json!(0.0));
    let rice_before = before["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["name"] == "white rice")
        .unwrap();
    assert_eq!(rice["display"], rice_before["display"]);
    // What is left: the chicken less what the meal takes, the lentils.
    let left = list["pantry_left"].as_array().unwrap();
    assert_eq!(left.len(), 2, "{list}");
    assert_eq!(left[0]["name"], "chicken breast");
    let kept = left[0]["grams"].as_f64().unwrap();
    assert!((kept - (1000.0 - 270.0 * 1.33)).abs() < 0.2, "{kept}");
    assert_eq!(
        left[1],
        json!({"name": "lentils", "grams": 500.0, "use_by": null})
    );
}

/// How many of a plan's meals hold a food of `foods`.
fn pantry_meals(plan: &Value, foods: &[&str]) -> usize {
    plan["daily_menus"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|d| d["meal_details"].as_array().unwrap())
        .filter(|m| {
            let ingredients = m["recipe"]["ingredients"].as_str().unwrap_or("");
            ingredients.split(',').any(|i| foods.contains(&i.trim()))
        })
        .count()
}

async fn a_pantry_week_uses_more_of_it_on_target(b: Backend) {
    let app = spawn_app(b).await;
    let ann = app.token_for("ann@example.com").await;
    let profile = json!({
        "goal": "maintain_weight", "height": 178, "weight": 77, "body_type": "normal",
        "gender": "male", "meals_per_day": 3, "activity_level": "medium",
        "birth_date": "1987-05-05", "restrictions": [], "diet_types": []
    });
    let reply = app
        .json(Method::PUT, "/api/profile", Some(&ann), &profile)
        .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    let foods = ["salmon", "spinach", "sweet potato", "chickpeas"];
    let today = chrono::Utc::now().date_naive();
    let due = |days: i64| (today + chrono::Duration::days(days)).to_string();
    let pantry = json!([
        {"name": "salmon", "grams": 600, "use_by": due(2)},
        {"name": "spinach", "grams": 300, "use_by": due(1)},
        {"name": "sweet potatoes", "grams": 1000, "use_by": due(6)},
        {"name": "chickpeas", "grams": 800},
    ]);
    let stored = put(&app, &ann, &pantry).await;
    assert_eq!(stored.status, 200, "{}", stored.text);
    let (mut used, mut met) = (Vec::new(), Vec::new());
    for use_pantry in [false, true] {
        let body = json!({"days": 7, "seed": 11, "use_pantry": use_pantry});
        let plan = app
            .json(Method::POST, "/api/plan/generate", Some(&ann), &body)
            .await;
        assert_eq!(plan.status, 201, "{use_pantry}: {}", plan.text);
        used.push(pantry_meals(&plan.json, &foods));
        met.push(
            plan.json["daily_menus"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|d| d["fit"]["met"] == true)
                .count(),
        );
    }
    assert!(
        used[1] > used[0],
        "meals using the pantry, plain then use_pantry: {used:?}"
    );
    assert!(met[1] >= met[0], "days met, plain then use_pantry: {met:?}");
    eprintln!("pantry meals {used:?}, days met {met:?}");
}

/// A table of two plans from the pantry too: more of its foods, as many
/// person-days within their tolerances.
async fn a_table_plans_from_the_pantry_too(b: Backend) {
    let app = spawn_app(b).await;
    let ann = app.token_for("ann@example.com").await;
    let profile = json!({
        "goal": "maintain_weight", "height": 168, "weight": 62, "body_type": "normal",
        "gender": "female", "meals_per_day": 3, "activity_level": "medium",
        "birth_date": "1985-02-03", "restrictions": [], "diet_types": []
    });
    let reply = app
        .json(Method::PUT, "/api/profile", Some(&ann), &profile)
        .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    let member = json!({
        "name": "Sam", "goal": "maintain_weight", "height": 180, "weight": 80,
        "body_type": "normal", "gender": "male", "meals_per_day": 3,
        "activity_level": "high", "birth_date": "1983-06-07",
        "restrictions": [], "diet_types": []
    });
    let added = app
        .json(Method::POST, "/api/household/members", Some(&ann), &member)
        .await;
    assert_eq!(added.status, 201, "{}", added.text);
    let foods = ["chicken breast", "broccoli", "egg"];
    let pantry = json!([
        {"name": "chicken breast", "grams": 1200},
        {"name": "broccoli", "grams": 600},
        {"name": "eggs", "grams": 600},
    ]);
    assert_eq!(put(&app, &ann, &pantry).await.status, 200);
    let (mut used, mut within) = (Vec::new(), Vec::new());
    for use_pantry in [false, true] {
        let body = json!({"days": 7, "seed": 3, "household": true, "use_pantry": use_pantry});
        let plan = app
            .json(Method::POST, "/api/plan/generate", Some(&ann), &body)
            .await;
        assert_eq!(plan.status, 201, "{use_pantry}: {}", plan.text);
        used.push(pantry_meals(&plan.json, &foods));
        let summary = app.get("/api/plan/current/summary", Some(&ann)).await.json;
        within.push(
            summary["people"]
                .as_array()
                .unwrap()
                .iter()
                .flat_map(|p| p["days"].as_array().unwrap())
                .filter(|d| d["within_tolerance"] == true)
                .count(),
        );
    }
    assert!(
        used[1] > used[0],
        "meals using the pantry, plain then use_pantry: {used:?}"
    );
    assert!(
        within[1] >= within[0],
        "person-days within, plain then use_pantry: {within:?}"
    );
    eprintln!("table: pantry meals {used:?}, person-days within {within:?}");
}

/// The pantry's items as (name, grams rounded to 0.1 g, use-by), sorted.
fn stock(app_answer: &Value) -> Vec<(String, i64, Value)> {
    let mut items: Vec<(String, i64, Value)> = app_answer
        .as_array()
        .unwrap_or_else(|| panic!("a pantry: {app_answer}"))
        .iter()
        .map(|i| {
            (
                i["name"].as_str().unwrap().to_owned(),
                (i["grams"].as_f64().unwrap() * 10.0).round() as i64,
                i["use_by"].clone(),
            )
        })
        .collect();
    items.sort_by(|a, b| (&a.0, a.1).cmp(&(&b.0, b.1)));
    items
}

/// Ticking a meal eaten takes its foods out of the pantry (the earliest
/// due first), once however often it is ticked; un-ticking puts exactly
/// that back. A meal eaten before the pantry was written took nothing
/// from it. The shopping list and the pantry agree.
async fn ticking_a_meal_takes_from_the_pantry_and_unticking_puts_back(b: Backend) {
    let app = spawn_app(b).await;
    let ann = app.token_for("ann@example.com").await;
    let bob = app.token_for("bob@example.com").await;
    // 3004 a serving: chicken breast 180 g (cooked), broccoli 150 g,
    // white rice 200 g cooked, …
    let plan = json!({"daily_menus": [{"day_of_week": 1, "meal_details": [
        {"recipe_id": 3004, "schedule": 1, "status": 1, "meal_type": "lunch", "servings": 1.0},
        {"recipe_id": 3004, "schedule": 2, "status": 0, "meal_type": "dinner", "servings": 1.5}
    ]}]});
    let created = app.json(Method::POST, "/api/plan", Some(&ann), &plan).await;
    assert_eq!(created.status, 201, "{}", created.text);
    let meals = created.json["daily_menus"][0]["meal_details"].clone();
    let (lunch, dinner) = (
        meals[0]["id"].as_i64().unwrap(),
        meals[1]["id"].as_i64().unwrap(),
    );
    let pantry = json!([
        {"name": "broccoli", "grams": 500},
        {"name": "broccoli", "grams": 100, "use_by": "2026-12-02"},
        {"name": "chicken breast", "grams": 1000},
        {"name": "lentils", "grams": 500},
    ]);
    assert_eq!(put(&app, &ann, &pantry).await.status, 200);
    assert_eq!(put(&app, &bob, &pantry).await.status, 200);
    let written = stock(&app.get("/api/pantry", Some(&ann)).await.json);
    // Lunch was eaten before the list was written: it took nothing.
    assert_eq!(written, stock(&pantry_as_stored(&pantry)));

    let tick = |id: i64, status: u8| {
        let app = &app;
        let ann = ann.clone();
        async move {
            let path = format!("/meal-detail/{id}/status?status={status}");
            let reply = app.send(Method::PUT, &path, Some(&ann), &[], None).await;
            assert_eq!(reply.status, 200, "{}", reply.text);
        }
    };
    tick(dinner, 1).await;
    tick(dinner, 1).await;
    let after = app.get("/api/pantry", Some(&ann)).await.json;
    // 225 g of broccoli: the 100 g due first, then 125 g of the rest;
    // 270 g of cooked chicken is about 359 g raw.
    let after_stock = stock(&after);
    assert_eq!(after_stock.len(), 3, "{after}");
    assert_eq!(after_stock[0], ("broccoli".to_owned(), 3750, Value::Null));
    assert_eq!(after_stock[1].0, "chicken breast");
    let chicken = after_stock[1].1 as f64 / 10.0;
    assert!((chicken - (1000.0 - 270.0 * 1.33)).abs() < 0.5, "{chicken}");
    assert_eq!(after_stock[2], ("lentils".to_owned(), 5000, Value::Null));
    // Nothing pending is left to buy; the list keeps what the pantry does.
    let list = app
        .get("/api/plan/current/shopping-list", Some(&ann))
        .await
        .json;
    assert_eq!(list["items"], json!([]), "{list}");
    assert_eq!(stock(&list["pantry_left"]), after_stock);
    // Another account's pantry is its own.
    assert_eq!(
        stock(&app.get("/api/pantry", Some(&bob)).await.json),
        written
    );

    // Un-ticked: exactly what it took comes back.
    tick(dinner, 0).await;
    assert_eq!(
        stock(&app.get("/api/pantry", Some(&ann)).await.json),
        written
    );
    // Un-ticking the lunch eaten before the list puts nothing back.
    tick(lunch, 0).await;
    assert_eq!(
        stock(&app.get("/api/pantry", Some(&ann)).await.json),
        written
    );
    // Ticked again after the list: now it takes from it.
    tick(lunch, 1).await;
    let again = stock(&app.get("/api/pantry", Some(&ann)).await.json);
    assert_eq!(again[0], ("broccoli".to_owned(), 4500, Value::Null));
}

/// A pantry as the service stores it: grams as numbers, `use_by` null
/// when not given.
fn pantry_as_stored(sent: &Value) -> Value {
    Value::Array(
        sent.as_array()
            .unwrap()
            .iter()
            .map(|i| {
                json!({"name": i["name"], "grams": i["grams"].as_f64().unwrap(),
                       "use_by": i.get("use_by").cloned().unwrap_or(Value::Null)})
            })
            .collect(),
    )
}

crate::on_both_backends!(
    ticking_a_meal_takes_from_the_pantry_and_unticking_puts_back,
    a_table_plans_from_the_pantry_too,
    pantry_round_trip_each_account_its_own,
    unknown_names_and_bad_items_store_nothing,
    the_shopping_list_buys_what_the_pantry_lacks,
    a_pantry_week_uses_more_of_it_on_target,
);
