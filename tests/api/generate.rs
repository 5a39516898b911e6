//! Plan generation, the plan summary and the shopping list.

use awc::http::Method;
use serde_json::{Value, json};

use crate::helpers::{Backend, TestApp, spawn_app};

async fn profile(
    app: &TestApp,
    token: &str,
    meals: i64,
    restrictions: &[&str],
    diets: &[&str],
) -> Value {
    let body = json!({
        "goal": "lose_weight", "height": 172, "weight": 74, "body_type": "normal",
        "gender": "male", "meals_per_day": meals, "activity_level": "medium", "birth_date": "1988-09-09",
        "restrictions": restrictions.iter().map(|r| json!({"name": r})).collect::<Vec<_>>(),
        "diet_types": diets,
    });
    let reply = app
        .json(Method::PUT, "/api/profile", Some(token), &body)
        .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    reply.json
}

/// A day's report beyond the targets: the four limits in order, each
/// with its bound for the day's calories and `met` as the amount says,
/// and nothing repeated in a generated day.
fn assert_whole_day(w: &Value, kcal: f64) {
    let limits = w["limits"].as_array().unwrap();
    let names: Vec<&str> = limits
        .iter()
        .map(|l| l["nutrient"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["fiber", "sodium", "saturated_fat", "sugar"], "{w}");
    // The limits follow the day's calories as planned, each meal before
    // it is rounded as served: within 5 kcal of the summary's total.
    let near = |v: &Value, bound: &dyn Fn(f64) -> f64| {
        let v = v.as_f64().unwrap();
        v >= bound(kcal - 5.0) - 0.1 && v <= bound(kcal + 5.0) + 0.1
    };
    assert!(near(&limits[0]["min"], &|k| 14.0 * k / 1000.0), "{w}");
    // The profiles here are adults with no high_fiber diet, not
    // underweight: the usual fibre ceiling, the adult sodium limit.
    assert!(
        near(&limits[0]["max"], &|k| (16.0 * k / 1000.0).max(50.0)),
        "{w}"
    );
    assert!(near(&limits[1]["max"], &|_| 2300.0), "{w}");
    assert!(near(&limits[2]["max"], &|k| 0.10 * k / 9.0), "{w}");
    assert!(near(&limits[3]["max"], &|k| 0.25 * k / 4.0), "{w}");
    for l in limits {
        let amount = l["amount"].as_f64().unwrap();
        let inside = l["min"].as_f64().is_none_or(|m| amount >= m - 0.55)
            && amount <= l["max"].as_f64().unwrap() + 0.55;
        assert_eq!(l["met"].as_bool().unwrap(), inside, "{l}");
        assert_eq!(l["why"].is_null(), inside, "{l}");
    }
    assert_eq!(w["repeated_protein_foods"], json!([]), "{w}");
    assert_eq!(w["repeated_dish_families"], json!([]), "{w}");
}

async fn generate(app: &TestApp, token: &str, body: Value) -> crate::helpers::Reply {
    app.json(Method::POST, "/api/plan/generate", Some(token), &body)
        .await
}

fn meals(plan: &Value) -> Vec<&Value> {
    plan["daily_menus"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|d| d["meal_details"].as_array().unwrap())
        .collect()
}

fn has_nut(recipe: &Value) -> bool {
    crate::helpers::has_allergen(recipe, crate::helpers::NUTS)
}

async fn generated_plans_keep_the_hard_rules_and_meet_targets(b: Backend) {
    let app = spawn_app(b).await;
    let token = app.token_for("ann@example.com").await;
    let reply = generate(&app, &token, json!({})).await;
    assert_eq!(
        (reply.status, reply.json),
        (404, json!({"detail": "Profile not found"}))
    );

    let p = profile(
        &app,
        &token,
        5,
        &["nut allergy"],
        &["vegan", "high_protein"],
    )
    .await;
    let reply = generate(&app, &token, json!({"seed": 11})).await;
    assert_eq!(reply.status, 201, "{}", reply.text);
    let plan = reply.json;
    let days = plan["daily_menus"].as_array().unwrap();
    assert_eq!(days.len(), 7);
    for (i, day) in days.iter().enumerate() {
        assert_eq!(day["day_of_week"], i + 1);
        let slots: Vec<&str> = day["meal_details"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["meal_type"].as_str().unwrap())
            .collect();
        assert_eq!(slots, ["breakfast", "snack", "lunch", "snack", "dinner"]);
        let mut ids: Vec<i64> = day["meal_details"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["recipe_id"].as_i64().unwrap())
            .collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), 5, "no recipe twice in a day");
    }
    for m in meals(&plan) {
        let r = &m["recipe"];
        assert!(
            r["diet_types"]
                .as_array()
                .unwrap()
                .contains(&json!({"id": 3, "name": "vegan"})),
            "{r}"
        );
        assert!(!has_nut(r), "{r}");
        assert!(
            r["meal_types"]
                .as_array()
                .unwrap()
                .iter()
                .any(|t| t["name"] == m["meal_type"])
        );
        assert_eq!(m["status"], 0);
    }
    // Every day within 5% of calories and 10% of each macro.
    let summary = app
        .get("/api/plan/current/summary", Some(&token))
        .await
        .json;
    assert_eq!(summary["plan_id"], plan["id"]);
    assert_eq!(
        summary["targets"],
        json!({"calories": p["calories_target"], "protein": p["protein_target"], "carbs": p["carbs_target"], "fat": p["fat_target"]})
    );
    for day in summary["days"].as_array().unwrap() {
        let dev = &day["deviation_percent"];
        assert!(dev["calories"].as_f64().unwrap().abs() <= 5.0, "{day}");
        for k in ["protein", "carbs", "fat"] {
            assert!(dev[k].as_f64().unwrap().abs() <= 10.0, "{day}");
        }
        assert_whole_day(
            &day["whole_day"],
            day["planned"]["calories"].as_f64().unwrap(),
        );
    }
    // Each day's fit says the same, and no two dishes of a day are of one
    // kind (read here from the names, the part before "with").
    let current = app.get("/api/plan/current", Some(&token)).await.json;
    for menu in current["daily_menus"].as_array().unwrap() {
        let fit = &menu["fit"];
        assert_eq!(
            fit["whole_day"]["limits"].as_array().unwrap().len(),
            4,
            "{fit}"
        );
        let mut kinds = Vec::new();
        for m in menu["meal_details"].as_array().unwrap() {
            let name = m["recipe"]["name"].as_str().unwrap().to_lowercase();
            let main = name.split(" with ").next().unwrap().to_owned();
            for kind in [
                "stew",
                "curry",
                "stir-fry",
                "quesadilla",
                "omelette",
                "soup",
                "salad",
            ] {
                if main.contains(kind) {
                    assert!(!kinds.contains(&kind), "two {kind} dishes: {menu}");
                    kinds.push(kind);
                }
            }
        }
    }
    // The same seed gives the same plan; the previous one is kept.
    let again = generate(&app, &token, json!({"seed": 11, "days": 7}))
        .await
        .json;
    let picks = |p: &Value| {
        meals(p)
            .iter()
            .map(|m| (m["recipe_id"].clone(), m["servings"].clone()))
            .collect::<Vec<_>>()
    };
    assert_eq!(picks(&again), picks(&plan));
    assert_ne!(again["id"], plan["id"]);
    assert_eq!(
        app.db
            .count("SELECT COUNT(*) AS n FROM plans WHERE active = 1"),
        1
    );
    let short = generate(&app, &token, json!({"days": 2})).await.json;
    assert_eq!(short["daily_menus"].as_array().unwrap().len(), 2);
}

async fn summary_and_shopping_list_follow_the_meals(b: Backend) {
    let app = spawn_app(b).await;
    let token = app.token_for("ann@example.com").await;
    for path in [
        "/api/plan/current/summary",
        "/api/plan/current/shopping-list",
    ] {
        let reply = app.get(path, Some(&token)).await;
        assert_eq!(
            (reply.status, reply.json),
            (
                404,
                json!({"detail": "Active plan not found for current user"})
            )
        );
        assert_eq!(app.get(path, None).await.status, 401);
    }
    profile(&app, &token, 3, &[], &[]).await;
    let plan = generate(&app, &token, json!({"days": 2, "seed": 3}))
        .await
        .json;
    let all = meals(&plan);
    // Tick off the first meal.
    let first = all[0]["id"].as_i64().unwrap();
    app.send(
        Method::PUT,
        &format!("/meal-detail/{first}/status?status=1"),
        Some(&token),
        &[],
        None,
    )
    .await;

    let summary = app
        .get("/api/plan/current/summary", Some(&token))
        .await
        .json;
    // A meal's nested recipe shows the portion served, so the day totals a
    // portion-blind client sums equal the summary's, nutrient by nutrient.
    for (d, day) in plan["daily_menus"].as_array().unwrap().iter().enumerate() {
        for nutrient in ["calories", "protein", "carbs", "fat"] {
            let shown: i64 = day["meal_details"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m["recipe"][nutrient].as_i64().unwrap())
                .sum();
            assert_eq!(summary["days"][d]["planned"][nutrient], shown, "{nutrient}");
        }
        for m in day["meal_details"].as_array().unwrap() {
            let one = app
                .get(&format!("/api/recipes/{}", m["recipe_id"]), None)
                .await
                .json;
            // The catalogue shows whole calories per serving.
            let servings = m["servings"].as_f64().unwrap();
            let portion = servings * one["calories"].as_f64().unwrap();
            assert!(
                (m["recipe"]["calories"].as_f64().unwrap() - portion).abs() <= 0.5 * servings + 0.5
            );
        }
    }
    assert_eq!(
        summary["days"][0]["completed"]["calories"],
        all[0]["recipe"]["calories"]
    );
    assert_eq!(
        summary["days"][1]["completed"],
        json!({"calories": 0, "protein": 0, "carbs": 0, "fat": 0})
    );

    // The shopping list sums the pending meals' ingredients by name.
    let list = app
        .get("/api/plan/current/shopping-list", Some(&token))
        .await
        .json;
    assert_eq!(list["plan_id"], plan["id"]);
    let items = list["items"].as_array().unwrap();
    let names: Vec<&str> = items.iter().map(|i| i["name"].as_str().unwrap()).collect();
    let mut sorted = names.clone();
    sorted.sort_unstable();
    assert_eq!(names, sorted);
    let pending_names: std::collections::BTreeSet<String> = all[1..]
        .iter()
        .flat_map(|m| {
            m["recipe"]["ingredients"]
                .as_str()
                .unwrap()
                .split(", ")
                .map(str::to_owned)
                .collect::<Vec<_>>()
        })
        .collect();
    assert_eq!(
        names
            .iter()
            .map(|n| n.to_string())
            .collect::<std::collections::BTreeSet<_>>(),
        pending_names
    );
    for item in items {
        assert!(item["grams"].as_f64().unwrap() > 0.0);
    }

    // Alternatives report the day's totals with portions applied, also for
    // a plan that is no longer the active one.
    let meal = all
        .iter()
        .find(|m| m["servings"] != json!(1.0))
        .unwrap_or(&all[0]);
    let servings = meal["servings"].as_f64().unwrap();
    let id = meal["id"].as_i64().unwrap();
    let day_of_meal = plan["daily_menus"]
        .as_array()
        .unwrap()
        .iter()
        .position(|d| {
            d["meal_details"]
                .as_array()
                .unwrap()
                .iter()
                .any(|m| m["id"] == id)
        })
        .unwrap();
    let planned = summary["days"][day_of_meal]["planned"]["calories"]
        .as_f64()
        .unwrap();
    generate(&app, &token, json!({"days": 1, "seed": 9})).await;
    let reply = app
        .get(
            &format!("/meal-detail/{id}/alternatives?limit=3"),
            Some(&token),
        )
        .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    // The meal's nested recipe is the portion, and so is every
    // alternative's: its recipe, `served`, day totals and change are at
    // the meal's servings; only `per_serving` is one serving.
    let current = meal["recipe"]["calories"].as_f64().unwrap();
    for a in reply.json.as_array().unwrap() {
        assert_eq!(a["servings"].as_f64().unwrap(), servings, "{a}");
        let share = a["served"]["calories"].as_f64().unwrap();
        assert_eq!(a["recipe"]["calories"].as_f64().unwrap(), share, "{a}");
        let one = a["per_serving"]["calories"].as_f64().unwrap();
        assert!((one * servings - share).abs() <= servings + 0.5, "{a}");
        let url = a["recipe"]["recipe_url"].as_str().unwrap();
        if servings == 1.0 {
            assert!(!url.contains('?'), "{url}");
        } else {
            assert!(url.ends_with(&format!("?servings={servings}")), "{url}");
        }
        let day = a["day_totals"]["calories"].as_f64().unwrap();
        assert!(
            (day - (planned - current + share)).abs() <= 4.0 * servings + 2.0,
            "{day} vs {planned} - {current} + {share}"
        );
        assert!(
            (a["change"]["calories"].as_f64().unwrap() - (share - current)).abs()
                <= 2.0 * servings + 1.0
        );
    }
}

async fn impossible_or_invalid_requests_are_422(b: Backend) {
    let app = spawn_app(b).await;
    let token = app.token_for("ann@example.com").await;
    profile(
        &app,
        &token,
        3,
        &crate::helpers::restrictions_banning_everything()
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>(),
        &[],
    )
    .await;
    let reply = generate(&app, &token, json!({"days": 3})).await;
    assert_eq!(reply.status, 422);
    assert_eq!(
        reply.json,
        json!({"detail": [{"type": "value_error", "loc": ["body"], "msg": "Value error, No breakfast recipe fits your restrictions and diet: need 1 different recipe(s) a day, found 0", "input": {"days": 3}, "ctx": {"error": {}}}]})
    );
    assert_eq!(app.db.count("SELECT COUNT(*) AS n FROM plans"), 0);
    for (body, entry) in [
        (
            json!({"days": 0}),
            json!({"type":"greater_than_equal","loc":["body","days"],"msg":"Input should be greater than or equal to 1","input":0,"ctx":{"ge":1}}),
        ),
        (
            json!({"seed": -1}),
            json!({"type":"greater_than_equal","loc":["body","seed"],"msg":"Input should be greater than or equal to 0","input":-1,"ctx":{"ge":0}}),
        ),
        (
            json!([]),
            json!({"type":"model_attributes_type","loc":["body"],"msg":"Input should be a valid dictionary or object to extract fields from","input":[]}),
        ),
    ] {
        let reply = generate(&app, &token, body.clone()).await;
        assert_eq!(
            (reply.status, reply.json),
            (422, json!({"detail": [entry]})),
            "{body}"
        );
    }
    let reply = app
        .send(Method::POST, "/api/plan/generate", None, &[], None)
        .await;
    assert_eq!(reply.status, 401);
}

/// Issue 37: a `low_carb` profile's week is low in carbohydrate: its
/// targets put carbohydrate under 26% of energy, and the planned week,
/// within today's tolerances, stays there.
async fn a_low_carb_week_is_low_in_carbohydrate(b: Backend) {
    // The week takes about 0.6 s in a release build; a debug build's is
    // many times that, so its deadline is a minute.
    let db = std::rc::Rc::new(crate::helpers::TestDb::create(b));
    let app = crate::helpers::spawn_app_with(db, |db| {
        let mut s = crate::helpers::settings(db);
        s.deadlines.request = std::time::Duration::from_secs(60);
        s
    })
    .await;
    let token = app.token_for("lc@example.com").await;
    let p = profile(&app, &token, 3, &[], &["low_carb"]).await;
    let kcal = p["calories_target"].as_f64().unwrap();
    assert!(
        4.0 * p["carbs_target"].as_f64().unwrap() <= 0.26 * kcal,
        "{p}"
    );
    let reply = generate(&app, &token, json!({"seed": 4})).await;
    assert_eq!(reply.status, 201, "{}", reply.text);
    let summary = app
        .get("/api/plan/current/summary", Some(&token))
        .await
        .json;
    let (mut carbs, mut calories) = (0.0, 0.0);
    let mut on_target = 0;
    for day in summary["days"].as_array().unwrap() {
        carbs += day["planned"]["carbs"].as_f64().unwrap();
        calories += day["planned"]["calories"].as_f64().unwrap();
        let dev = &day["deviation_percent"];
        if dev["calories"].as_f64().unwrap().abs() <= 5.0
            && ["protein", "carbs", "fat"]
                .iter()
                .all(|k| dev[*k].as_f64().unwrap().abs() <= 10.0)
        {
            on_target += 1;
        }
    }
    let share = 4.0 * carbs / calories;
    assert!(
        share <= 0.26,
        "carbohydrate {share:.3} of energy: {summary}"
    );
    assert!(on_target >= 6, "{on_target} days on target: {summary}");
}

crate::on_both_backends!(
    generated_plans_keep_the_hard_rules_and_meet_targets,
    summary_and_shopping_list_follow_the_meals,
    impossible_or_invalid_requests_are_422,
    a_low_carb_week_is_low_in_carbohydrate,
);
