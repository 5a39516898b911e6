//! Plans, meal details, similar recipes and alternatives.

use std::rc::Rc;

use awc::http::Method;
use mealplan::MealDetailAuth;
use serde_json::{Value, json};

use crate::helpers::{
    Backend, NUTS, TestApp, TestDb, has_allergen, settings, spawn_app, spawn_app_with,
};

pub(crate) fn names(items: &Value, key: &str) -> Vec<String> {
    items[key]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["name"].as_str().unwrap().to_owned())
        .collect()
}

/// Ids of the first `n` recipes of a meal type (optionally more filters).
async fn recipe_ids(app: &TestApp, query: &str, n: usize) -> Vec<i64> {
    let reply = app
        .get(&format!("/api/recipes?{query}&limit={n}"), None)
        .await;
    reply.json["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_i64().unwrap())
        .collect()
}

fn plan_body(day1: &[(i64, i64, &str)]) -> Value {
    json!({"daily_menus": [{
        "day_of_week": 1,
        "meal_details": day1.iter().map(|(recipe, schedule, meal)| json!({"recipe_id": recipe, "schedule": schedule, "status": 0, "meal_type": meal})).collect::<Vec<_>>(),
    }]})
}

/// Recipe `id` as a meal nests it: the spec's members of
/// `GET /api/recipes/{id}`, without the extra ones a cook reads.
async fn recipe_json(app: &TestApp, id: i64) -> Value {
    let mut recipe = app.get(&format!("/api/recipes/{id}"), None).await.json;
    crate::recipes::keep_spec_members(&mut recipe);
    recipe
}

async fn plans_are_created_and_kept_as_history(b: Backend) {
    let app = spawn_app(b).await;
    let token = app.token_for("ann@example.com").await;
    let reply = app.get("/api/plan/current", Some(&token)).await;
    assert_eq!(
        (reply.status, reply.json),
        (
            404,
            json!({"detail": "Active plan not found for current user"})
        )
    );
    let breakfast = recipe_ids(&app, "meal_type=breakfast", 2).await;
    let dinner = recipe_ids(&app, "meal_type=dinner", 1).await;
    // Days and meals come back in day and schedule order, whatever the
    // order sent; a `plan_id` inside a day is ignored.
    let body = json!({"daily_menus": [
        {"day_of_week": 3, "plan_id": 77, "meal_details": [
            {"recipe_id": dinner[0], "schedule": 2, "status": 1, "meal_type": "dinner"},
            {"recipe_id": breakfast[0], "schedule": 1, "status": 0, "meal_type": "breakfast"}
        ]},
        {"day_of_week": 1, "meal_details": [
            {"recipe_id": breakfast[1], "schedule": 1, "status": 0, "meal_type": "breakfast"}
        ]}
    ]});
    let reply = app
        .json(Method::POST, "/api/plan", Some(&token), &body)
        .await;
    assert_eq!(reply.status, 201, "{}", reply.text);
    let created = reply.json.clone();
    let expected = json!({
        "id": 1, "user_id": 1,
        "created_at": created["created_at"], "updated_at": created["updated_at"],
        "active": true,
        "daily_menus": [
            {"id": 1, "day_of_week": 1, "meal_details": [
                {"id": 1, "recipe_id": breakfast[1], "schedule": 1, "status": 0, "meal_type": "breakfast", "recipe": recipe_json(&app, breakfast[1]).await, "servings": 1.0}
            ]},
            {"id": 2, "day_of_week": 3, "meal_details": [
                {"id": 2, "recipe_id": breakfast[0], "schedule": 1, "status": 0, "meal_type": "breakfast", "recipe": recipe_json(&app, breakfast[0]).await, "servings": 1.0},
                {"id": 3, "recipe_id": dinner[0], "schedule": 2, "status": 1, "meal_type": "dinner", "recipe": recipe_json(&app, dinner[0]).await, "servings": 1.0}
            ]}
        ]
    });
    assert_eq!(created, expected);
    assert!(created["created_at"].as_str().unwrap().ends_with('Z'));
    assert_eq!(
        app.get("/api/plan/current/", Some(&token)).await.json,
        expected
    );

    // A second plan replaces it as the active one; the first is kept.
    let reply = app
        .json(
            Method::POST,
            "/api/plan/",
            Some(&token),
            &plan_body(&[(dinner[0], 1, "dinner")]),
        )
        .await;
    assert_eq!(reply.status, 201);
    assert_eq!(reply.json["id"], 2);
    assert_eq!(
        app.get("/api/plan/current", Some(&token)).await.json["id"],
        2
    );
    assert_eq!(app.db.count("SELECT COUNT(*) AS n FROM plans"), 2);
    assert_eq!(
        app.db
            .count("SELECT COUNT(*) AS n FROM plans WHERE active = 1"),
        1
    );
    // Another user sees none of it.
    let bob = app.token_for("bob@example.com").await;
    assert_eq!(app.get("/api/plan/current", Some(&bob)).await.status, 404);
    assert_eq!(app.get("/api/plan/current", None).await.status, 401);
}

async fn plan_bodies_are_validated(b: Backend) {
    let app = spawn_app(b).await;
    let token = app.token_for("ann@example.com").await;
    let r = recipe_ids(&app, "meal_type=lunch", 1).await[0];
    let body = json!({"daily_menus": [
        {"day_of_week": 8, "meal_details": [
            {"recipe_id": r, "schedule": 7, "status": 2, "meal_type": "brunch"}
        ]},
        {"day_of_week": 2, "meal_details": [
            {"recipe_id": r, "schedule": 1, "status": 0, "meal_type": "lunch"},
            {"recipe_id": r, "schedule": 1, "status": 0, "meal_type": "lunch"},
            {"schedule": 2, "status": 0, "meal_type": "lunch"}
        ]},
        {"day_of_week": 2, "meal_details": []}
    ]});
    let reply = app
        .json(Method::POST, "/api/plan", Some(&token), &body)
        .await;
    assert_eq!(reply.status, 422);
    assert_eq!(
        reply.json,
        json!({"detail": [
            {"type":"less_than_equal","loc":["body","daily_menus",0,"day_of_week"],"msg":"Input should be less than or equal to 7","input":8,"ctx":{"le":7}},
            {"type":"less_than_equal","loc":["body","daily_menus",0,"meal_details",0,"schedule"],"msg":"Input should be less than or equal to 6","input":7,"ctx":{"le":6}},
            {"type":"literal_error","loc":["body","daily_menus",0,"meal_details",0,"status"],"msg":"Input should be 0 or 1","input":2,"ctx":{"expected":"0 or 1"}},
            {"type":"enum","loc":["body","daily_menus",0,"meal_details",0,"meal_type"],"msg":"Input should be 'breakfast', 'lunch', 'dinner' or 'snack'","input":"brunch","ctx":{"expected":"'breakfast', 'lunch', 'dinner' or 'snack'"}},
            {"type":"value_error","loc":["body","daily_menus",1,"meal_details",1,"schedule"],"msg":"Value error, duplicate schedule 1","input":1,"ctx":{"error":{}}},
            {"type":"missing","loc":["body","daily_menus",1,"meal_details",2,"recipe_id"],"msg":"Field required","input":{"schedule":2,"status":0,"meal_type":"lunch"}},
            {"type":"value_error","loc":["body","daily_menus",2,"day_of_week"],"msg":"Value error, duplicate day_of_week 2","input":2,"ctx":{"error":{}}}
        ]})
    );
    let reply = app
        .json(
            Method::POST,
            "/api/plan",
            Some(&token),
            &plan_body(&[(r, 1, "lunch"), (999_999, 2, "dinner")]),
        )
        .await;
    assert_eq!(
        reply.json,
        json!({"detail": [{"type":"value_error","loc":["body","daily_menus",0,"meal_details",1,"recipe_id"],"msg":"Value error, unknown recipe id 999999","input":999999,"ctx":{"error":{}}}]})
    );
    // Every unknown recipe is listed, beside the other problems, in order.
    let body = json!({"daily_menus": [
        {"day_of_week": 1, "meal_details": [
            {"recipe_id": 999_998, "schedule": 9, "status": 0, "meal_type": "lunch"},
            {"recipe_id": r, "schedule": 2, "status": 0, "meal_type": "lunch"},
            {"recipe_id": 999_999, "schedule": 3, "status": 0, "meal_type": "lunch"}
        ]}
    ]});
    let reply = app
        .json(Method::POST, "/api/plan", Some(&token), &body)
        .await;
    let entries: Vec<(Value, Value)> = reply.json["detail"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["loc"].clone(), e["msg"].clone()))
        .collect();
    assert_eq!(
        entries,
        [
            (
                json!(["body", "daily_menus", 0, "meal_details", 0, "recipe_id"]),
                json!("Value error, unknown recipe id 999998")
            ),
            (
                json!(["body", "daily_menus", 0, "meal_details", 0, "schedule"]),
                json!("Input should be less than or equal to 6")
            ),
            (
                json!(["body", "daily_menus", 0, "meal_details", 2, "recipe_id"]),
                json!("Value error, unknown recipe id 999999")
            ),
        ]
    );
    let reply = app
        .json(Method::POST, "/api/plan", Some(&token), &json!({}))
        .await;
    assert_eq!(
        reply.json,
        json!({"detail": [{"type":"missing","loc":["body","daily_menus"],"msg":"Field required","input":{}}]})
    );
    assert_eq!(app.db.count("SELECT COUNT(*) AS n FROM plans"), 0);
}

/// A user with a one-day plan of a breakfast and a dinner; returns the
/// token and the two meal detail ids.
async fn user_with_plan(app: &TestApp, email: &str) -> (String, i64, i64) {
    let token = app.token_for(email).await;
    let breakfast = recipe_ids(app, "meal_type=breakfast", 1).await[0];
    let dinner = recipe_ids(app, "meal_type=dinner", 1).await[0];
    let reply = app
        .json(
            Method::POST,
            "/api/plan",
            Some(&token),
            &plan_body(&[(breakfast, 1, "breakfast"), (dinner, 2, "dinner")]),
        )
        .await;
    let meals = &reply.json["daily_menus"][0]["meal_details"];
    (
        token,
        meals[0]["id"].as_i64().unwrap(),
        meals[1]["id"].as_i64().unwrap(),
    )
}

async fn meal_details_swap_and_status_at_both_paths(b: Backend) {
    let app = spawn_app(b).await;
    let (token, meal, _) = user_with_plan(&app, "ann@example.com").await;
    let other = recipe_ids(&app, "meal_type=breakfast&offset=3", 2).await;
    for prefix in ["", "/api"] {
        let path = format!("{prefix}/meal-detail/{meal}");
        // pending → completed
        let reply = app
            .send(
                Method::PUT,
                &format!("{path}/status?status=1"),
                None,
                &[],
                None,
            )
            .await;
        assert_eq!(
            (reply.status, reply.json["status"].clone()),
            (200, json!(1)),
            "{}",
            reply.text
        );
        // completed → completed (allowed, unchanged)
        let reply = app
            .send(
                Method::PUT,
                &format!("{path}/status/?status=1"),
                None,
                &[],
                None,
            )
            .await;
        assert_eq!(reply.json["status"], 1);
        // a swap keeps the status
        let recipe = if prefix.is_empty() {
            other[0]
        } else {
            other[1]
        };
        let reply = app
            .send(
                Method::PUT,
                &format!("{path}?recipe_id={recipe}"),
                None,
                &[],
                None,
            )
            .await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(
            reply.json,
            json!({"id": meal, "recipe_id": recipe, "schedule": 1, "status": 1, "meal_type": "breakfast", "recipe": recipe_json(&app, recipe).await, "servings": 1.0})
        );
        assert_eq!(
            app.get(&format!("{path}/"), Some(&token)).await.json,
            reply.json
        );
        // completed → pending
        let reply = app
            .send(
                Method::PUT,
                &format!("{path}/status?status=0"),
                None,
                &[],
                None,
            )
            .await;
        assert_eq!(reply.json["status"], 0);
        assert_eq!(reply.json["recipe_id"], recipe);
    }
}

async fn meal_detail_errors(b: Backend) {
    let app = spawn_app(b).await;
    let (token, meal, _) = user_with_plan(&app, "ann@example.com").await;
    let not_found = json!({"detail": "Meal detail not found"});
    for (method, path, token) in [
        (Method::GET, "/meal-detail/999999".to_owned(), Some(&token)),
        (
            Method::PUT,
            "/meal-detail/999999?recipe_id=1".to_owned(),
            None,
        ),
        (
            Method::PUT,
            "/api/meal-detail/999999/status?status=1".to_owned(),
            None,
        ),
    ] {
        let reply = app
            .send(method, &path, token.map(String::as_str), &[], None)
            .await;
        assert_eq!(
            (reply.status, reply.json),
            (404, not_found.clone()),
            "{path}"
        );
    }
    let reply = app
        .send(
            Method::PUT,
            &format!("/meal-detail/{meal}?recipe_id=999999"),
            None,
            &[],
            None,
        )
        .await;
    assert_eq!(
        (reply.status, reply.json),
        (404, json!({"detail": "Recipe not found"}))
    );
    let cases = [
        (
            format!("/meal-detail/{meal}"),
            json!([{"type":"missing","loc":["query","recipe_id"],"msg":"Field required","input":null}]),
        ),
        (
            format!("/meal-detail/{meal}?recipe_id=abc"),
            json!([{"type":"int_parsing","loc":["query","recipe_id"],"msg":"Input should be a valid integer, unable to parse string as an integer","input":"abc"}]),
        ),
        (
            format!("/meal-detail/{meal}?recipe_id=1.5"),
            json!([{"type":"int_parsing","loc":["query","recipe_id"],"msg":"Input should be a valid integer, unable to parse string as an integer","input":"1.5"}]),
        ),
        (
            "/meal-detail/x?recipe_id=y".to_owned(),
            json!([
                {"type":"int_parsing","loc":["path","meal_detail_id"],"msg":"Input should be a valid integer, unable to parse string as an integer","input":"x"},
                {"type":"int_parsing","loc":["query","recipe_id"],"msg":"Input should be a valid integer, unable to parse string as an integer","input":"y"}
            ]),
        ),
        (
            format!("/meal-detail/{meal}/status?status=7"),
            json!([{"type":"literal_error","loc":["query","status"],"msg":"Input should be 0 or 1","input":"7","ctx":{"expected":"0 or 1"}}]),
        ),
        (
            format!("/meal-detail/{meal}/status"),
            json!([{"type":"missing","loc":["query","status"],"msg":"Field required","input":null}]),
        ),
    ];
    for (path, detail) in cases {
        let reply = app.send(Method::PUT, &path, None, &[], None).await;
        assert_eq!(
            (reply.status, reply.json),
            (422, json!({"detail": detail})),
            "{path}"
        );
    }
    let reply = app
        .send(
            Method::DELETE,
            &format!("/meal-detail/{meal}"),
            None,
            &[],
            None,
        )
        .await;
    assert_eq!(
        (reply.status, reply.header("allow")),
        (405, Some("GET, PUT"))
    );
}

async fn ownership_in_optional_mode(b: Backend) {
    let app = spawn_app(b).await;
    let (ann, meal, _) = user_with_plan(&app, "ann@example.com").await;
    let bob = app.token_for("bob@example.com").await;
    let recipe = recipe_ids(&app, "meal_type=breakfast&offset=5", 1).await[0];
    let attempts = [
        (Method::GET, format!("/meal-detail/{meal}")),
        (
            Method::PUT,
            format!("/meal-detail/{meal}?recipe_id={recipe}"),
        ),
        (
            Method::PUT,
            format!("/api/meal-detail/{meal}/status?status=1"),
        ),
        (Method::GET, format!("/meal-detail/{meal}/alternatives")),
    ];
    for (method, path) in &attempts {
        let reply = app.send(method.clone(), path, Some(&bob), &[], None).await;
        assert_eq!(
            (reply.status, reply.json),
            (404, json!({"detail": "Meal detail not found"})),
            "{path}"
        );
        let reply = app
            .send(method.clone(), path, Some("forged"), &[], None)
            .await;
        assert_eq!(
            (reply.status, reply.json),
            (401, json!({"detail": "Could not validate credentials"})),
            "{path}"
        );
    }
    // Bob changed nothing.
    let reply = app.get(&format!("/meal-detail/{meal}"), Some(&ann)).await;
    assert_eq!(
        (
            reply.json["status"].clone(),
            reply.json["recipe_id"] == recipe
        ),
        (json!(0), false)
    );
    // Credentials of another scheme (a proxy's Basic auth) are no token.
    let reply = app
        .send(
            Method::PUT,
            &format!("/meal-detail/{meal}/status?status=0"),
            None,
            &[("authorization", "Basic dXNlcjpwYXNz")],
            None,
        )
        .await;
    assert_eq!(reply.status, 200);
    // Without a token the spec's open access holds for a swap and a status
    // change only (a read or the alternatives need one); with her own
    // token, Ann does everything.
    for (method, path) in &attempts {
        let reply = app.send(method.clone(), path, None, &[], None).await;
        let open = *method == Method::PUT;
        assert_eq!(
            reply.status,
            if open { 200 } else { 401 },
            "{path}: {}",
            reply.text
        );
        let reply = app.send(method.clone(), path, Some(&ann), &[], None).await;
        assert_eq!(reply.status, 200, "{path}: {}", reply.text);
    }
}

async fn ownership_in_required_mode(b: Backend) {
    let db = Rc::new(TestDb::create(b));
    let app = spawn_app_with(db, |db| {
        let mut s = settings(db);
        s.meal_detail_auth = MealDetailAuth::Required;
        s
    })
    .await;
    let (ann, meal, _) = user_with_plan(&app, "ann@example.com").await;
    let bob = app.token_for("bob@example.com").await;
    let paths = [
        (Method::GET, format!("/meal-detail/{meal}")),
        (
            Method::PUT,
            format!("/api/meal-detail/{meal}/status?status=1"),
        ),
    ];
    for (method, path) in &paths {
        let reply = app.send(method.clone(), path, None, &[], None).await;
        assert_eq!(
            (reply.status, reply.json.clone()),
            (401, json!({"detail": "Not authenticated"})),
            "{path}"
        );
        assert_eq!(reply.header("www-authenticate"), Some("Bearer"));
        let reply = app.send(method.clone(), path, Some(&bob), &[], None).await;
        assert_eq!(reply.status, 404, "{path}");
        let reply = app.send(method.clone(), path, Some(&ann), &[], None).await;
        assert_eq!(reply.status, 200, "{path}");
    }
}

async fn put_profile(app: &TestApp, token: &str, restrictions: &[&str], diets: &[&str]) {
    let body = json!({
        "goal": "maintain_weight", "height": 170, "weight": 65, "body_type": "normal",
        "gender": "female", "meals_per_day": 3, "activity_level": "medium", "birth_date": "1992-03-04",
        "restrictions": restrictions.iter().map(|r| json!({"name": r})).collect::<Vec<_>>(),
        "diet_types": diets,
    });
    let reply = app
        .json(Method::PUT, "/api/profile", Some(token), &body)
        .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
}

async fn similar_recipe_honours_a_vegan_users_rules(b: Backend) {
    let app = spawn_app(b).await;
    let (token, _, dinner_meal) = user_with_plan(&app, "ann@example.com").await;
    put_profile(&app, &token, &["nut allergy"], &["vegan"]).await;
    let plan = app.get("/api/plan/current", Some(&token)).await.json;
    let in_plan: Vec<i64> = plan["daily_menus"][0]["meal_details"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["recipe_id"].as_i64().unwrap())
        .collect();
    // From every one of the first 20 dinners (vegan or not), the answer is a
    // vegan, nut-free dinner that is not in the plan.
    for original in recipe_ids(&app, "meal_type=dinner", 20).await {
        let reply = app
            .send(
                Method::POST,
                &format!("/api/ml/swap-recipe?recipe_id={original}&meal_label=dinner"),
                Some(&token),
                &[],
                None,
            )
            .await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        let r = &reply.json;
        assert!(names(r, "diet_types").contains(&"vegan".to_owned()), "{r}");
        assert!(names(r, "meal_types").contains(&"dinner".to_owned()));
        assert!(!has_allergen(r, NUTS), "{r}");
        assert!(!in_plan.contains(&r["id"].as_i64().unwrap()));
        assert_ne!(r["id"].as_i64().unwrap(), original);
    }
    // Alternatives follow the same rules and report the day's totals.
    let reply = app
        .get(
            &format!("/meal-detail/{dinner_meal}/alternatives?limit=3"),
            Some(&token),
        )
        .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    let alternatives = reply.json.as_array().unwrap();
    assert_eq!(alternatives.len(), 3);
    let day = &plan["daily_menus"][0]["meal_details"];
    let current = &day[1]["recipe"];
    let day_calories: i64 = day
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["recipe"]["calories"].as_i64().unwrap())
        .sum();
    for a in alternatives {
        let r = &a["recipe"];
        assert!(names(r, "diet_types").contains(&"vegan".to_owned()));
        assert!(!has_allergen(r, NUTS));
        let change = a["change"]["calories"].as_i64().unwrap();
        assert!(
            (change - (r["calories"].as_i64().unwrap() - current["calories"].as_i64().unwrap()))
                .abs()
                <= 1
        );
        assert!(
            (a["day_totals"]["calories"].as_i64().unwrap() - (day_calories + change)).abs() <= 2
        );
        // What the swap would do to each of the day's limits.
        let limits = a["day_limits"]["limits"].as_array().unwrap();
        let nutrients: Vec<&str> = limits
            .iter()
            .map(|l| l["nutrient"].as_str().unwrap())
            .collect();
        assert_eq!(
            nutrients,
            ["fiber", "sodium", "saturated_fat", "sugar"],
            "{a}"
        );
        assert_eq!(limits[1]["max"], json!(2300.0), "{a}");
        let sodium = limits[1]["amount"].as_f64().unwrap();
        assert_eq!(limits[1]["met"], json!(sodium <= 2300.5), "{a}");
    }
    // The candidates differ, and so do the days they would make.
    let sugars: Vec<&Value> = alternatives
        .iter()
        .map(|a| &a["day_limits"]["limits"][3]["amount"])
        .collect();
    assert!(sugars.windows(2).any(|w| w[0] != w[1]), "{sugars:?}");
}

async fn similar_recipe_errors(b: Backend) {
    let app = spawn_app(b).await;
    let token = app.token_for("ann@example.com").await;
    let dinner = recipe_ids(&app, "meal_type=dinner", 1).await[0];
    let call = |q: String, t: Option<String>| {
        let app = &app;
        async move {
            app.send(
                Method::POST,
                &format!("/api/ml/swap-recipe?{q}"),
                t.as_deref(),
                &[],
                None,
            )
            .await
        }
    };
    let reply = call(format!("recipe_id={dinner}&meal_label=dinner"), None).await;
    assert_eq!(
        (reply.status, reply.json),
        (401, json!({"detail": "Not authenticated"}))
    );
    let reply = call(
        "recipe_id=999999&meal_label=dinner".into(),
        Some(token.clone()),
    )
    .await;
    assert_eq!(
        (reply.status, reply.json),
        (404, json!({"detail": "Recipe not found"}))
    );
    let reply = call(
        format!("recipe_id={dinner}&meal_label=supper"),
        Some(token.clone()),
    )
    .await;
    assert_eq!(
        reply.json,
        json!({"detail":[{"type":"enum","loc":["query","meal_label"],"msg":"Input should be 'breakfast', 'lunch', 'dinner' or 'snack'","input":"supper","ctx":{"expected":"'breakfast', 'lunch', 'dinner' or 'snack'"}}]})
    );
    // Restrictions that rule out every ingredient leave nothing to offer.
    put_profile(
        &app,
        &token,
        &crate::helpers::restrictions_banning_everything()
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>(),
        &[],
    )
    .await;
    let reply = call(
        format!("recipe_id={dinner}&meal_label=dinner&n_search=5"),
        Some(token.clone()),
    )
    .await;
    assert_eq!(
        (reply.status, reply.json),
        (
            404,
            json!({"detail": "No similar recipe found for this meal type"})
        )
    );
}

/// A database as the previous release left it (recipe ids 1, 2, … apart
/// from the catalogue numbers) upgrades without losing a plan: its meals
/// name the same recipes, now by catalogue number.
async fn an_old_database_upgrades_and_keeps_its_plans(b: Backend) {
    let db = std::rc::Rc::new(crate::helpers::TestDb::create(b));
    let old = mealplan_adapters::Database::open(&db.url(), Default::default()).unwrap();
    old.migrate_before(Some("2026-11-22-000005")).unwrap();
    let columns = "name, calories, protein, carbs, fat, fiber, sugar, meal_types, diet_types, \
                   allergens, tastes, ingredients, fingerprint";
    let values = "'x', 1, 1, 1, 1, 0, 0, 'lunch', '', '', '', 'rice:100', 'old'";
    db.execute(&format!(
        "INSERT INTO recipes (id, recipe_id, {columns}) VALUES (1, 2001, {values}), (2, 3001, {values});
         INSERT INTO users (id, name, email, password_hash, created_at)
             VALUES (1, 'Old', 'old@example.com', 'x', '2026-01-01 00:00:00');
         INSERT INTO plans (id, user_id, active, created_at, updated_at)
             VALUES (1, 1, 1, '2026-01-01 00:00:00', '2026-01-01 00:00:00');
         INSERT INTO daily_menus (id, plan_id, day_of_week) VALUES (1, 1, 1);
         INSERT INTO meal_details (id, daily_menu_id, recipe_id, schedule, status, meal_type_id)
             VALUES (1, 1, 1, 1, 0, 2), (2, 1, 2, 2, 1, 3);"
    ));
    drop(old);
    let app = crate::helpers::spawn_app_with(db, crate::helpers::settings).await;
    // Tokens of the old release carry no stamp: the user would log in again.
    app.db
        .execute("UPDATE users SET security_stamp = 'known' WHERE id = 1");
    let token = jsonwebtoken::encode(
        &jsonwebtoken::Header::new(jsonwebtoken::Algorithm::HS256),
        &json!({"sub": "1", "iat": chrono::Utc::now().timestamp(), "exp": chrono::Utc::now().timestamp() + 600, "stm": "known", "jti": "t1"}),
        &jsonwebtoken::EncodingKey::from_secret(crate::helpers::SECRET),
    )
    .unwrap();
    let plan = app.get("/api/plan/current", Some(&token)).await;
    assert_eq!(plan.status, 200, "{}", plan.text);
    let meals = &plan.json["daily_menus"][0]["meal_details"];
    assert_eq!(meals[0]["recipe_id"], 2001);
    assert_eq!(meals[0]["recipe"]["id"], 2001);
    assert_eq!(meals[0]["recipe"]["recipe_id"], 2001);
    assert_eq!(meals[1]["recipe_id"], 3001);
    assert_eq!(meals[1]["status"], 1);
    // The catalogue seeded over the old rows: every id is its number.
    assert_eq!(
        app.db
            .count("SELECT COUNT(*) AS n FROM recipes WHERE id <> recipe_id"),
        0
    );
    assert_eq!(
        app.db.count("SELECT COUNT(*) AS n FROM recipes"),
        mealplan_catalogue::load().unwrap().len() as i64
    );
}

/// The web client sends a recipe's catalogue number (`recipe_id`) to the
/// swap routes; both accept it, and a proposal shows the portion of the
/// meal it would replace.
async fn the_catalogue_number_names_a_recipe_everywhere(b: Backend) {
    let app = spawn_app(b).await;
    let token = app.token_for("swap@example.com").await;
    let lunches = recipe_ids(&app, "meal_type=lunch", 3).await;
    let body = json!({"daily_menus": [{"day_of_week": 1, "meal_details": [
        {"recipe_id": lunches[0], "schedule": 1, "status": 0, "meal_type": "lunch", "servings": 1.5}
    ]}]});
    let plan = app
        .json(Method::POST, "/api/plan", Some(&token), &body)
        .await;
    assert_eq!(plan.status, 201, "{}", plan.text);
    let meal = &plan.json["daily_menus"][0]["meal_details"][0];
    assert_eq!(meal["recipe"]["id"], meal["recipe"]["recipe_id"]);
    let one = app
        .get(&format!("/api/recipes/{}", lunches[0]), None)
        .await
        .json;
    assert_eq!(one["id"], one["recipe_id"]);
    assert!(
        (meal["recipe"]["calories"].as_f64().unwrap() - 1.5 * one["calories"].as_f64().unwrap())
            .abs()
            <= 1.0
    );

    let proposal = app
        .send(
            Method::POST,
            &format!(
                "/api/ml/swap-recipe?recipe_id={}&meal_label=lunch",
                meal["recipe"]["recipe_id"]
            ),
            Some(&token),
            &[],
            None,
        )
        .await;
    assert_eq!(proposal.status, 200, "{}", proposal.text);
    assert_eq!(proposal.json["servings"], 1.5);
    let new = proposal.json["recipe_id"].as_i64().unwrap();
    let per_serving = app.get(&format!("/api/recipes/{new}"), None).await.json;
    assert!(
        (proposal.json["calories"].as_f64().unwrap()
            - 1.5 * per_serving["calories"].as_f64().unwrap())
        .abs()
            <= 1.0
    );

    let swapped = app
        .send(
            Method::PUT,
            &format!("/api/meal-detail/{}?recipe_id={new}", meal["id"]),
            Some(&token),
            &[],
            None,
        )
        .await;
    assert_eq!(swapped.status, 200, "{}", swapped.text);
    assert_eq!(swapped.json["recipe_id"], new);
    assert_eq!(swapped.json["recipe"]["recipe_id"], new);
    // What the client shows after accepting is what the plan now holds.
    assert_eq!(
        swapped.json["recipe"]["calories"],
        proposal.json["calories"]
    );
}

crate::on_both_backends!(
    an_old_database_upgrades_and_keeps_its_plans,
    the_catalogue_number_names_a_recipe_everywhere,
    plans_are_created_and_kept_as_history,
    plan_bodies_are_validated,
    meal_details_swap_and_status_at_both_paths,
    meal_detail_errors,
    ownership_in_optional_mode,
    ownership_in_required_mode,
    similar_recipe_honours_a_vegan_users_rules,
    similar_recipe_errors,
);
