//! Days and meals added to a plan one at a time, and one day read back:
//! `GET /api/daily-menu/{id}`, `POST /api/daily-menu`, `POST
//! /api/meal-detail`, each also without `/api`; each needs a token.

use std::rc::Rc;

use awc::http::Method;
use mealplan::MealDetailAuth;
use serde_json::{Value, json};

use crate::helpers::{Backend, TestApp, TestDb, settings, spawn_app, spawn_app_with};

/// Ids of the first `n` recipes of a meal type.
async fn recipe_ids(app: &TestApp, meal_type: &str, n: usize) -> Vec<i64> {
    let reply = app
        .get(
            &format!("/api/recipes?meal_type={meal_type}&limit={n}"),
            None,
        )
        .await;
    reply.json["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_i64().unwrap())
        .collect()
}

/// Recipe `id` as a meal nests it: the spec's members of
/// `GET /api/recipes/{id}`, without the extra ones a cook reads.
async fn recipe_json(app: &TestApp, id: i64) -> Value {
    let mut recipe = app.get(&format!("/api/recipes/{id}"), None).await.json;
    crate::recipes::keep_spec_members(&mut recipe);
    recipe
}

/// The meal detail `id` as every route shows it.
async fn meal_json(
    app: &TestApp,
    id: i64,
    recipe: i64,
    schedule: i64,
    status: i64,
    meal_type: &str,
) -> Value {
    json!({"id": id, "recipe_id": recipe, "schedule": schedule, "status": status, "meal_type": meal_type, "recipe": recipe_json(app, recipe).await, "servings": 1.0})
}

/// A user with a plan of one day (Monday: a breakfast at 1, a dinner at
/// 2); returns the token and the plan as created.
async fn user_with_plan(app: &TestApp, email: &str) -> (String, Value) {
    let token = app.token_for(email).await;
    let breakfast = recipe_ids(app, "breakfast", 1).await[0];
    let dinner = recipe_ids(app, "dinner", 1).await[0];
    let body = json!({"daily_menus": [{"day_of_week": 1, "meal_details": [
        {"recipe_id": breakfast, "schedule": 1, "status": 0, "meal_type": "breakfast"},
        {"recipe_id": dinner, "schedule": 2, "status": 1, "meal_type": "dinner"}
    ]}]});
    let reply = app
        .json(Method::POST, "/api/plan", Some(&token), &body)
        .await;
    assert_eq!(reply.status, 201, "{}", reply.text);
    (token, reply.json)
}

async fn current_plan(app: &TestApp, token: &str) -> Value {
    app.get("/api/plan/current", Some(token)).await.json
}

fn detail(entries: Value) -> Value {
    json!({ "detail": entries })
}

async fn a_day_is_read_by_its_owner_only(b: Backend) {
    let app = spawn_app(b).await;
    let (ann, plan) = user_with_plan(&app, "ann@example.com").await;
    let day = &plan["daily_menus"][0];
    let breakfast = day["meal_details"][0]["recipe_id"].as_i64().unwrap();
    let dinner = day["meal_details"][1]["recipe_id"].as_i64().unwrap();
    let expected = json!({"id": 1, "day_of_week": 1, "meal_details": [
        meal_json(&app, 1, breakfast, 1, 0, "breakfast").await,
        meal_json(&app, 2, dinner, 2, 1, "dinner").await,
    ]});
    assert_eq!(day, &expected);
    for path in [
        "/api/daily-menu/1",
        "/api/daily-menu/1/",
        "/daily-menu/1",
        "/daily-menu/1/",
    ] {
        let reply = app.get(path, Some(&ann)).await;
        assert_eq!((reply.status, &reply.json), (200, &expected), "{path}");
        // No token, whatever the meal-detail policy: the spec opens only a
        // swap and a status change.
        let reply = app.get(path, None).await;
        assert_eq!(
            (reply.status, &reply.json),
            (401, &json!({"detail": "Not authenticated"})),
            "{path}"
        );
    }
    // Another user's token: as if it did not exist; a bad token: 401.
    let bob = app.token_for("bob@example.com").await;
    let not_found = json!({"detail": "Daily menu not found"});
    let reply = app.get("/api/daily-menu/1", Some(&bob)).await;
    assert_eq!((reply.status, reply.json), (404, not_found.clone()));
    let reply = app.get("/api/daily-menu/999", Some(&ann)).await;
    assert_eq!((reply.status, reply.json), (404, not_found));
    let reply = app.get("/api/daily-menu/1", Some("forged")).await;
    assert_eq!(
        (reply.status, reply.json),
        (401, json!({"detail": "Could not validate credentials"}))
    );
    let reply = app.get("/daily-menu/x", Some(&ann)).await;
    assert_eq!(
        (reply.status, reply.json),
        (
            422,
            detail(
                json!([{"type":"int_parsing","loc":["path","daily_menu_id"],"msg":"Input should be a valid integer, unable to parse string as an integer","input":"x"}])
            )
        )
    );
    let reply = app
        .send(Method::PUT, "/api/daily-menu/1", None, &[], None)
        .await;
    assert_eq!(
        (reply.status, reply.header("allow"), &reply.json),
        (405, Some("GET"), &json!({"detail": "Method Not Allowed"}))
    );
}

async fn a_day_is_added_to_a_plan(b: Backend) {
    let app = spawn_app(b).await;
    let (ann, plan) = user_with_plan(&app, "ann@example.com").await;
    let lunch = recipe_ids(&app, "lunch", 2).await;
    // Meals come back by schedule, whatever the order sent.
    let body = json!({"plan_id": 1, "day_of_week": 3, "meal_details": [
        {"recipe_id": lunch[0], "schedule": 2, "status": 1, "meal_type": "lunch"},
        {"recipe_id": lunch[1], "schedule": 1, "status": 0, "meal_type": "lunch"}
    ]});
    let reply = app
        .json(Method::POST, "/api/daily-menu/", Some(&ann), &body)
        .await;
    let expected = json!({"id": 2, "day_of_week": 3, "meal_details": [
        meal_json(&app, 4, lunch[1], 1, 0, "lunch").await,
        meal_json(&app, 3, lunch[0], 2, 1, "lunch").await,
    ]});
    assert_eq!(
        (reply.status, &reply.json),
        (200, &expected),
        "{}",
        reply.text
    );
    assert_eq!(
        app.get("/api/daily-menu/2", Some(&ann)).await.json,
        expected
    );
    let after = current_plan(&app, &ann).await;
    assert_eq!(
        after["daily_menus"],
        json!([plan["daily_menus"][0], expected])
    );
    assert_eq!(after["created_at"], plan["created_at"]);
    assert!(after["updated_at"].as_str() > plan["updated_at"].as_str());

    // A caller without a token adds nothing; `meal_details` is optional,
    // and the path without `/api` answers too.
    let seven = json!({"plan_id": 1, "day_of_week": 7});
    let reply = app.json(Method::POST, "/daily-menu", None, &seven).await;
    assert_eq!(reply.status, 401, "{}", reply.text);
    let reply = app
        .json(Method::POST, "/daily-menu", Some(&ann), &seven)
        .await;
    assert_eq!(
        (reply.status, reply.json),
        (200, json!({"id": 3, "day_of_week": 7, "meal_details": []}))
    );
    let days: Vec<Value> = current_plan(&app, &ann).await["daily_menus"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["day_of_week"].clone())
        .collect();
    assert_eq!(days, [json!(1), json!(3), json!(7)]);
}

async fn a_day_is_refused(b: Backend) {
    let app = spawn_app(b).await;
    let (ann, plan) = user_with_plan(&app, "ann@example.com").await;
    let bob = app.token_for("bob@example.com").await;
    let lunch = recipe_ids(&app, "lunch", 1).await[0];
    let post = |body: Value, token: Option<String>| {
        let app = &app;
        async move {
            app.json(Method::POST, "/api/daily-menu", token.as_deref(), &body)
                .await
        }
    };
    // A day the plan has already.
    let reply = post(json!({"plan_id": 1, "day_of_week": 1}), Some(ann.clone())).await;
    assert_eq!(
        (reply.status, reply.json),
        (
            422,
            detail(
                json!([{"type":"value_error","loc":["body","day_of_week"],"msg":"Value error, day 1 already exists in plan 1","input":1,"ctx":{"error":{}}}])
            )
        )
    );
    // A missing plan, and another user's plan, are not found.
    let not_found = json!({"detail": "Plan not found"});
    let reply = post(json!({"plan_id": 999, "day_of_week": 2}), Some(ann.clone())).await;
    assert_eq!((reply.status, reply.json), (404, not_found.clone()));
    let reply = post(json!({"plan_id": 1, "day_of_week": 2}), None).await;
    assert_eq!(reply.status, 401);
    let reply = post(json!({"plan_id": 1, "day_of_week": 2}), Some(bob.clone())).await;
    assert_eq!((reply.status, reply.json), (404, not_found));
    let reply = post(
        json!({"plan_id": 1, "day_of_week": 2}),
        Some("forged".into()),
    )
    .await;
    assert_eq!(reply.status, 401);
    // Unknown recipes are listed beside the other problems, in field order.
    let body = json!({"plan_id": 1, "day_of_week": 8, "meal_details": [
        {"recipe_id": 999_999, "schedule": 1, "status": 0, "meal_type": "lunch"},
        {"recipe_id": lunch, "schedule": 9, "status": 0, "meal_type": "lunch"},
        {"recipe_id": 999_998, "schedule": 2, "status": 0, "meal_type": "lunch"}
    ]});
    let reply = post(body, Some(ann.clone())).await;
    assert_eq!(
        (reply.status, reply.json),
        (
            422,
            detail(json!([
                {"type":"less_than_equal","loc":["body","day_of_week"],"msg":"Input should be less than or equal to 7","input":8,"ctx":{"le":7}},
                {"type":"value_error","loc":["body","meal_details",0,"recipe_id"],"msg":"Value error, unknown recipe id 999999","input":999_999,"ctx":{"error":{}}},
                {"type":"less_than_equal","loc":["body","meal_details",1,"schedule"],"msg":"Input should be less than or equal to 6","input":9,"ctx":{"le":6}},
                {"type":"value_error","loc":["body","meal_details",2,"recipe_id"],"msg":"Value error, unknown recipe id 999998","input":999_998,"ctx":{"error":{}}}
            ]))
        )
    );
    let body = json!({"plan_id": 1, "day_of_week": 2, "meal_details": [
        {"recipe_id": 999_999, "schedule": 1, "status": 0, "meal_type": "lunch"}
    ]});
    let reply = post(body, Some(ann.clone())).await;
    assert_eq!(
        (reply.status, reply.json),
        (
            422,
            detail(
                json!([{"type":"value_error","loc":["body","meal_details",0,"recipe_id"],"msg":"Value error, unknown recipe id 999999","input":999_999,"ctx":{"error":{}}}])
            )
        )
    );
    // Shapes, as Pydantic checks them (`day_of_week` is declared first).
    let cases = [
        (
            json!({}),
            json!([
                {"type":"missing","loc":["body","day_of_week"],"msg":"Field required","input":{}},
                {"type":"missing","loc":["body","plan_id"],"msg":"Field required","input":{}}
            ]),
        ),
        (
            json!({"plan_id": "x", "day_of_week": 0, "meal_details": null}),
            json!([
                {"type":"greater_than_equal","loc":["body","day_of_week"],"msg":"Input should be greater than or equal to 1","input":0,"ctx":{"ge":1}},
                {"type":"int_parsing","loc":["body","plan_id"],"msg":"Input should be a valid integer, unable to parse string as an integer","input":"x"},
                {"type":"list_type","loc":["body","meal_details"],"msg":"Input should be a valid list","input":null}
            ]),
        ),
        (
            json!({"plan_id": 1, "day_of_week": 2, "meal_details": [
                5,
                {"recipe_id": lunch, "schedule": 1, "status": 2, "meal_type": "brunch"},
                {"recipe_id": lunch, "schedule": 1, "status": 0, "meal_type": "lunch", "servings": 0}
            ]}),
            json!([
                {"type":"model_type","loc":["body","meal_details",0],"msg":"Input should be a valid dictionary or instance of MealDetailBase","input":5,"ctx":{"class_name":"MealDetailBase"}},
                {"type":"literal_error","loc":["body","meal_details",1,"status"],"msg":"Input should be 0 or 1","input":2,"ctx":{"expected":"0 or 1"}},
                {"type":"enum","loc":["body","meal_details",1,"meal_type"],"msg":"Input should be 'breakfast', 'lunch', 'dinner' or 'snack'","input":"brunch","ctx":{"expected":"'breakfast', 'lunch', 'dinner' or 'snack'"}},
                {"type":"value_error","loc":["body","meal_details",2,"schedule"],"msg":"Value error, duplicate schedule 1","input":1,"ctx":{"error":{}}},
                {"type":"greater_than_equal","loc":["body","meal_details",2,"servings"],"msg":"Input should be greater than or equal to 0.25","input":0,"ctx":{"ge":0.25}}
            ]),
        ),
        (
            json!({"plan_id": 1, "day_of_week": 2, "meal_details": [{"schedule": 1}]}),
            json!([
                {"type":"missing","loc":["body","meal_details",0,"recipe_id"],"msg":"Field required","input":{"schedule":1}},
                {"type":"missing","loc":["body","meal_details",0,"status"],"msg":"Field required","input":{"schedule":1}},
                {"type":"missing","loc":["body","meal_details",0,"meal_type"],"msg":"Field required","input":{"schedule":1}}
            ]),
        ),
    ];
    for (body, entries) in cases {
        let reply = post(body.clone(), Some(ann.clone())).await;
        assert_eq!((reply.status, reply.json), (422, detail(entries)), "{body}");
    }
    let reply = app
        .send(Method::POST, "/api/daily-menu", Some(&ann), &[], None)
        .await;
    assert_eq!(
        reply.json,
        detail(json!([{"type":"missing","loc":["body"],"msg":"Field required","input":null}]))
    );
    let reply = app.get("/api/daily-menu/", None).await;
    assert_eq!((reply.status, reply.header("allow")), (405, Some("POST")));
    // Nothing changed.
    assert_eq!(app.db.count("SELECT COUNT(*) AS n FROM daily_menus"), 1);
    assert_eq!(current_plan(&app, &ann).await, plan);
}

async fn a_meal_is_added_to_a_day(b: Backend) {
    let app = spawn_app(b).await;
    let (ann, plan) = user_with_plan(&app, "ann@example.com").await;
    let lunch = recipe_ids(&app, "lunch", 2).await;
    let body = json!({"daily_menu_id": 1, "recipe_id": lunch[0], "schedule": 4, "status": 1, "meal_type": "lunch"});
    let reply = app
        .json(Method::POST, "/api/meal-detail/", Some(&ann), &body)
        .await;
    let expected = meal_json(&app, 3, lunch[0], 4, 1, "lunch").await;
    assert_eq!(
        (reply.status, &reply.json),
        (200, &expected),
        "{}",
        reply.text
    );
    assert_eq!(app.get("/meal-detail/3", Some(&ann)).await.json, expected);
    let after = current_plan(&app, &ann).await;
    assert!(after["updated_at"].as_str() > plan["updated_at"].as_str());

    // A caller without a token adds nothing; the path without `/api`
    // answers too, and meals stay in schedule order.
    let body = json!({"daily_menu_id": 1, "recipe_id": lunch[1], "schedule": 3, "status": 0, "meal_type": "snack"});
    let reply = app.json(Method::POST, "/meal-detail", None, &body).await;
    assert_eq!(reply.status, 401, "{}", reply.text);
    let reply = app
        .json(Method::POST, "/meal-detail", Some(&ann), &body)
        .await;
    let snack = meal_json(&app, 4, lunch[1], 3, 0, "snack").await;
    assert_eq!((reply.status, &reply.json), (200, &snack));
    let day = app.get("/api/daily-menu/1", Some(&ann)).await.json;
    let first_two = &plan["daily_menus"][0]["meal_details"];
    assert_eq!(
        day,
        json!({"id": 1, "day_of_week": 1, "meal_details": [first_two[0], first_two[1], snack, expected]})
    );
}

async fn a_meal_is_refused(b: Backend) {
    let app = spawn_app(b).await;
    let (ann, plan) = user_with_plan(&app, "ann@example.com").await;
    let bob = app.token_for("bob@example.com").await;
    let lunch = recipe_ids(&app, "lunch", 1).await[0];
    let post = |body: Value, token: Option<String>| {
        let app = &app;
        async move {
            app.json(Method::POST, "/api/meal-detail", token.as_deref(), &body)
                .await
        }
    };
    let meal = |day: i64, recipe: i64, schedule: i64| json!({"daily_menu_id": day, "recipe_id": recipe, "schedule": schedule, "status": 0, "meal_type": "lunch"});
    let reply = post(meal(1, lunch, 2), Some(ann.clone())).await;
    assert_eq!(
        (reply.status, reply.json),
        (
            422,
            detail(
                json!([{"type":"value_error","loc":["body","schedule"],"msg":"Value error, schedule 2 already exists in daily menu 1","input":2,"ctx":{"error":{}}}])
            )
        )
    );
    let reply = post(meal(1, 999_999, 3), Some(ann.clone())).await;
    assert_eq!(
        (reply.status, reply.json),
        (404, json!({"detail": "Recipe not found"}))
    );
    let not_found = json!({"detail": "Daily menu not found"});
    let reply = post(meal(999, lunch, 3), Some(ann.clone())).await;
    assert_eq!((reply.status, reply.json), (404, not_found.clone()));
    let reply = post(meal(1, lunch, 3), None).await;
    assert_eq!(reply.status, 401);
    let reply = post(meal(1, lunch, 3), Some(bob)).await;
    assert_eq!((reply.status, reply.json), (404, not_found));
    let reply = post(meal(1, lunch, 3), Some("forged".into())).await;
    assert_eq!(reply.status, 401);
    let cases = [
        (
            json!({}),
            json!([
                {"type":"missing","loc":["body","recipe_id"],"msg":"Field required","input":{}},
                {"type":"missing","loc":["body","schedule"],"msg":"Field required","input":{}},
                {"type":"missing","loc":["body","status"],"msg":"Field required","input":{}},
                {"type":"missing","loc":["body","meal_type"],"msg":"Field required","input":{}},
                {"type":"missing","loc":["body","daily_menu_id"],"msg":"Field required","input":{}}
            ]),
        ),
        (
            json!({"daily_menu_id": 1.5, "recipe_id": "a", "schedule": 0, "status": 2, "meal_type": "brunch"}),
            json!([
                {"type":"int_parsing","loc":["body","recipe_id"],"msg":"Input should be a valid integer, unable to parse string as an integer","input":"a"},
                {"type":"greater_than_equal","loc":["body","schedule"],"msg":"Input should be greater than or equal to 1","input":0,"ctx":{"ge":1}},
                {"type":"literal_error","loc":["body","status"],"msg":"Input should be 0 or 1","input":2,"ctx":{"expected":"0 or 1"}},
                {"type":"enum","loc":["body","meal_type"],"msg":"Input should be 'breakfast', 'lunch', 'dinner' or 'snack'","input":"brunch","ctx":{"expected":"'breakfast', 'lunch', 'dinner' or 'snack'"}},
                {"type":"int_from_float","loc":["body","daily_menu_id"],"msg":"Input should be a valid integer, got a number with a fractional part","input":1.5}
            ]),
        ),
        (
            json!([]),
            json!([{"type":"model_attributes_type","loc":["body"],"msg":"Input should be a valid dictionary or object to extract fields from","input":[]}]),
        ),
    ];
    for (body, entries) in cases {
        let reply = post(body.clone(), Some(ann.clone())).await;
        assert_eq!((reply.status, reply.json), (422, detail(entries)), "{body}");
    }
    let reply = app.get("/meal-detail/", None).await;
    assert_eq!((reply.status, reply.header("allow")), (405, Some("POST")));
    // Nothing changed.
    assert_eq!(app.db.count("SELECT COUNT(*) AS n FROM meal_details"), 2);
    assert_eq!(current_plan(&app, &ann).await, plan);
}

/// Under either meal-detail policy.
async fn every_policy_needs_a_token(b: Backend) {
    for policy in [MealDetailAuth::Optional, MealDetailAuth::Required] {
        a_token_is_needed(b, policy).await;
    }
}

async fn a_token_is_needed(b: Backend, policy: MealDetailAuth) {
    let db = Rc::new(TestDb::create(b));
    let app = spawn_app_with(db, move |db| {
        let mut s = settings(db);
        s.meal_detail_auth = policy;
        s
    })
    .await;
    let (ann, _) = user_with_plan(&app, "ann@example.com").await;
    let bob = app.token_for("bob@example.com").await;
    let lunch = recipe_ids(&app, "lunch", 1).await[0];
    let calls = [
        (Method::GET, "/daily-menu/1", Value::Null),
        (
            Method::POST,
            "/api/daily-menu",
            json!({"plan_id": 1, "day_of_week": 2}),
        ),
        (
            Method::POST,
            "/api/meal-detail",
            json!({"daily_menu_id": 1, "recipe_id": lunch, "schedule": 3, "status": 0, "meal_type": "lunch"}),
        ),
    ];
    for (method, path, body) in &calls {
        let reply = app.json(method.clone(), path, None, body).await;
        assert_eq!(
            (reply.status, &reply.json),
            (401, &json!({"detail": "Not authenticated"})),
            "{path}"
        );
        assert_eq!(reply.header("www-authenticate"), Some("Bearer"));
        let reply = app.json(method.clone(), path, Some(&bob), body).await;
        assert_eq!(reply.status, 404, "{path}");
        let reply = app.json(method.clone(), path, Some(&ann), body).await;
        assert_eq!(reply.status, 200, "{path}: {}", reply.text);
    }
}

async fn concurrent_adds_leave_one_day_and_one_meal_per_schedule(b: Backend) {
    let app = spawn_app(b).await;
    let (ann, _) = user_with_plan(&app, "ann@example.com").await;
    let lunch = recipe_ids(&app, "lunch", 1).await[0];
    for (path, body, refusal) in [
        (
            "/api/daily-menu",
            json!({"plan_id": 1, "day_of_week": 4}),
            json!({"type":"value_error","loc":["body","day_of_week"],"msg":"Value error, day 4 already exists in plan 1","input":4,"ctx":{"error":{}}}),
        ),
        (
            "/api/meal-detail",
            json!({"daily_menu_id": 1, "recipe_id": lunch, "schedule": 5, "status": 0, "meal_type": "lunch"}),
            json!({"type":"value_error","loc":["body","schedule"],"msg":"Value error, schedule 5 already exists in daily menu 1","input":5,"ctx":{"error":{}}}),
        ),
    ] {
        let requests = (0..6).map(|_| app.json(Method::POST, path, Some(&ann), &body));
        let replies = futures_util::future::join_all(requests).await;
        let created = replies.iter().filter(|r| r.status == 200).count();
        assert_eq!(created, 1, "{path}");
        for reply in replies.iter().filter(|r| r.status != 200) {
            assert_eq!(
                (reply.status, &reply.json),
                (422, &detail(json!([refusal]))),
                "{path}"
            );
        }
    }
    assert_eq!(app.db.count("SELECT COUNT(*) AS n FROM daily_menus"), 2);
    assert_eq!(app.db.count("SELECT COUNT(*) AS n FROM meal_details"), 3);
}

crate::on_both_backends!(
    a_day_is_read_by_its_owner_only,
    a_day_is_added_to_a_plan,
    a_day_is_refused,
    a_meal_is_added_to_a_day,
    a_meal_is_refused,
    every_policy_needs_a_token,
    concurrent_adds_leave_one_day_and_one_meal_per_schedule,
);
