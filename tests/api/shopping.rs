//! The shopping list against hand-worked plans: grams × servings summed by
//! hand, then converted into the units people buy.

use awc::http::Method;
use serde_json::{Value, json};

use crate::helpers::{Backend, TestApp, spawn_app};

/// A plan of explicit recipes and portions.
///
/// | day | recipe | portion | status |
/// |---|---|---|---|
/// | 1 Mon | 1005 Porridge with banana and honey | 2 | pending |
/// | 1 Mon | 3004 Chicken and broccoli stir-fry with rice | 1.5 | pending |
/// | 3 Wed | 1042 Scrambled eggs on wholemeal toast | 1 | pending |
/// | 3 Wed | 3004 Chicken and broccoli stir-fry with rice | 1 | completed |
/// | 5 Fri | 1048 Shakshuka with sourdough | 1.5 | pending |
fn hand_worked_plan() -> Value {
    let meal = |recipe: i64, schedule: i64, meal_type: &str, servings: f64, status: i64| {
        json!({"recipe_id": recipe, "schedule": schedule, "status": status,
               "meal_type": meal_type, "servings": servings})
    };
    json!({"daily_menus": [
        {"day_of_week": 1, "meal_details": [
            meal(1005, 1, "breakfast", 2.0, 0),
            meal(3004, 2, "dinner", 1.5, 0),
        ]},
        {"day_of_week": 3, "meal_details": [
            meal(1042, 1, "breakfast", 1.0, 0),
            meal(3004, 2, "dinner", 1.0, 1),
        ]},
        {"day_of_week": 5, "meal_details": [
            meal(1048, 1, "breakfast", 1.5, 0),
        ]},
    ]})
}

async fn list(app: &TestApp, token: &str, query: &str) -> crate::helpers::Reply {
    app.get(
        &format!("/api/plan/current/shopping-list{query}"),
        Some(token),
    )
    .await
}

/// The items of the caller's shopping list.
async fn list_items(app: &TestApp, token: &str) -> Vec<Value> {
    list(app, token, "").await.json["items"]
        .as_array()
        .unwrap()
        .clone()
}

fn item<'a>(items: &'a [Value], name: &str) -> &'a Value {
    items
        .iter()
        .find(|i| i["name"] == name)
        .unwrap_or_else(|| panic!("{name} is not on the list"))
}

async fn amounts_follow_hand_worked_grams_and_units(b: Backend) {
    let app = spawn_app(b).await;
    let token = app.token_for("shopper@example.com").await;
    let reply = app
        .json(Method::POST, "/api/plan", Some(&token), &hand_worked_plan())
        .await;
    assert_eq!(reply.status, 201, "{}", reply.text);

    let reply = list(&app, &token, "").await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    let items = reply.json["items"].as_array().unwrap().clone();
    // (name, grams by hand, amount, unit, form, aisle, days)
    type Row = (
        &'static str,
        f64,
        f64,
        &'static str,
        Option<&'static str>,
        &'static str,
        Vec<u8>,
    );
    let expected: Vec<Row> = vec![
        // 1042: 150 × 1; 1048: 100 × 1.5 → 300 g = 6 eggs of 50 g.
        (
            "egg",
            150.0 + 100.0 * 1.5,
            6.0,
            "eggs",
            None,
            "dairy",
            vec![3, 5],
        ),
        // 1005: 250 × 2; 1042: 30 × 1 → 530 g = 514 ml, up to 520 ml.
        (
            "milk",
            250.0 * 2.0 + 30.0,
            520.0,
            "ml",
            None,
            "dairy",
            vec![1, 3],
        ),
        // 3004: 200 × 1.5 = 300 g cooked (the completed Wednesday dinner
        // is not counted) → × 0.358 = 107.4 g dry, up to 110 g.
        (
            "white rice",
            200.0 * 1.5,
            110.0,
            "g",
            Some("dry"),
            "grains",
            vec![1],
        ),
        // 3004: 180 × 1.5 = 270 g cooked → × 1.33 = 359.1 g raw → 360 g.
        (
            "chicken breast",
            180.0 * 1.5,
            360.0,
            "g",
            Some("raw"),
            "meat",
            vec![1],
        ),
        // 1005: 100 × 2 = 200 g = 1.7 bananas of 118 g → 2.
        (
            "banana",
            100.0 * 2.0,
            2.0,
            "bananas",
            None,
            "produce",
            vec![1],
        ),
        // 3004: 5 × 1.5; 1048: 5 × 1.5 → 15 g: one head of garlic.
        (
            "garlic",
            5.0 * 1.5 + 5.0 * 1.5,
            1.0,
            "head",
            None,
            "produce",
            vec![1, 5],
        ),
        // 1048: 10 × 1.5 = 15 g = 16.4 ml, up to 20 ml.
        (
            "olive oil",
            10.0 * 1.5,
            20.0,
            "ml",
            None,
            "condiments",
            vec![5],
        ),
        // 1048: 200 × 1.5 = 300 g: one 400 g can.
        (
            "canned tomatoes",
            200.0 * 1.5,
            1.0,
            "can",
            None,
            "tins",
            vec![5],
        ),
        // 1048: 50 × 1.5 = 75 g = 2.6 slices of 29 g → 3.
        (
            "sourdough bread",
            50.0 * 1.5,
            3.0,
            "slices",
            None,
            "bakery",
            vec![5],
        ),
        // 1042: 60 g = 1.9 slices of 32 g → 2.
        (
            "whole wheat bread",
            60.0,
            2.0,
            "slices",
            None,
            "bakery",
            vec![3],
        ),
        // 1005: 60 × 2 = 120 g.
        (
            "rolled oats",
            60.0 * 2.0,
            120.0,
            "g",
            None,
            "breakfast",
            vec![1],
        ),
        // 3004: 15 × 1.5 = 22.5 g = 20.8 ml, up to 25 ml.
        (
            "soy sauce",
            15.0 * 1.5,
            25.0,
            "ml",
            None,
            "condiments",
            vec![1],
        ),
        // 1042: 1 g salt: 5 g is the least a shop sells here.
        ("salt", 1.0, 5.0, "g", None, "spices", vec![3]),
        // 3004: 150 × 1.5 = 225 g: one head of broccoli (300 g).
        (
            "broccoli",
            150.0 * 1.5,
            1.0,
            "head",
            None,
            "produce",
            vec![1],
        ),
    ];
    for (name, grams, amount, unit, form, aisle, days) in expected {
        let i = item(&items, name);
        assert_eq!(i["grams"].as_f64().unwrap(), grams, "{name} grams");
        assert_eq!(i["amount"].as_f64().unwrap(), amount, "{name} amount");
        assert_eq!(i["unit"], unit, "{name} unit");
        assert_eq!(i["form"], json!(form), "{name} form");
        assert_eq!(i["aisle"], aisle, "{name} aisle");
        assert_eq!(i["days"], json!(days), "{name} days");
        let display = if amount.fract() == 0.0 {
            format!("{amount:.0} {unit}")
        } else {
            format!("{amount} {unit}")
        };
        assert_eq!(i["display"], display, "{name} display");
    }
    // Every ingredient of the pending meals and nothing else, by name.
    let mut names: Vec<&str> = items.iter().map(|i| i["name"].as_str().unwrap()).collect();
    let sorted = {
        let mut s = names.clone();
        s.sort_unstable();
        s
    };
    assert_eq!(names, sorted, "items are sorted by name");
    names.dedup();
    assert_eq!(names.len(), 24, "{names:?}");
    // Aisles in shop order, each listing its items; together all items.
    let aisles = reply.json["aisles"].as_array().unwrap();
    let order: Vec<&str> = aisles
        .iter()
        .map(|a| a["aisle"].as_str().unwrap())
        .collect();
    assert_eq!(
        order,
        [
            "produce",
            "bakery",
            "meat",
            "dairy",
            "grains",
            "tins",
            "breakfast",
            "condiments",
            "spices"
        ]
    );
    let grouped: usize = aisles
        .iter()
        .map(|a| a["items"].as_array().unwrap().len())
        .sum();
    assert_eq!(grouped, items.len());
    for a in aisles {
        for name in a["items"].as_array().unwrap() {
            assert_eq!(item(&items, name.as_str().unwrap())["aisle"], a["aisle"]);
        }
    }
    assert_eq!(aisles[0]["title"], "Fruit & vegetables");

    // Ticking off Monday's dinner takes the rice and the chicken off the
    // list and leaves the garlic to Friday.
    let plan = app.get("/api/plan/current", Some(&token)).await.json;
    let dinner = plan["daily_menus"][0]["meal_details"][1]["id"]
        .as_i64()
        .unwrap();
    let reply = app
        .send(
            Method::PUT,
            &format!("/meal-detail/{dinner}/status?status=1"),
            Some(&token),
            &[],
            None,
        )
        .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    let items = list_items(&app, &token).await;
    assert!(
        !items
            .iter()
            .any(|i| i["name"] == "white rice" || i["name"] == "chicken breast")
    );
    let garlic = item(&items, "garlic");
    assert_eq!(
        (garlic["grams"].as_f64().unwrap(), &garlic["days"]),
        (7.5, &json!([5]))
    );
}

async fn the_text_list_is_printable(b: Backend) {
    let app = spawn_app(b).await;
    let token = app.token_for("printer@example.com").await;
    app.json(Method::POST, "/api/plan", Some(&token), &hand_worked_plan())
        .await;
    let reply = list(&app, &token, "?format=text").await;
    assert_eq!(reply.status, 200);
    assert_eq!(
        reply.header("content-type"),
        Some("text/plain; charset=utf-8")
    );
    let text = reply.text;
    assert!(text.starts_with("Shopping list (plan "), "{text}");
    let lines: Vec<&str> = text.lines().collect();
    let line = |name: &str| {
        lines
            .iter()
            .find(|l| l.starts_with(&format!("[ ] {name} ")))
            .unwrap_or_else(|| panic!("no line for {name} in\n{text}"))
            .to_string()
    };
    let egg = line("egg");
    assert!(
        egg.contains(" 6 eggs ") && egg.ends_with("Wed Fri"),
        "{egg}"
    );
    let rice = line("white rice, dry");
    assert!(rice.contains(" 110 g ") && rice.ends_with("Mon"), "{rice}");
    let milk = line("milk");
    assert!(
        milk.contains(" 520 ml ") && milk.ends_with("Mon Wed"),
        "{milk}"
    );
    // Aisle headings in shop order, produce first.
    let headings: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| !l.is_empty() && l.chars().all(|c| !c.is_lowercase()))
        .collect();
    assert_eq!(headings[0], "FRUIT & VEGETABLES", "{text}");
    assert!(headings.contains(&"DAIRY, EGGS & PLANT MILKS"));
    // JSON stays the default; other formats are refused.
    assert_eq!(
        list(&app, &token, "?format=json").await.json["items"]
            .as_array()
            .map(Vec::len),
        Some(24)
    );
    let reply = list(&app, &token, "?format=pdf").await;
    assert_eq!(
        (reply.status, reply.json),
        (
            422,
            json!({"detail":[{"type":"enum","loc":["query","format"],"msg":"Input should be 'json' or 'text'","input":"pdf","ctx":{"expected":"'json' or 'text'"}}]})
        )
    );
    assert_eq!(list(&app, "not-a-token", "?format=text").await.status, 401);
}

/// A generated week reads in buyable units: no item in a count unit is
/// fractional, and eggs are counted.
async fn a_generated_week_reads_in_buyable_units(b: Backend) {
    let app = spawn_app(b).await;
    let token = app.token_for("week@example.com").await;
    let reply = app
        .json(
            Method::PUT,
            "/api/profile",
            Some(&token),
            &json!({"goal":"maintain_weight","height":175,"weight":70,"body_type":"normal",
                    "gender":"male","meals_per_day":4,"activity_level":"medium",
                    "birth_date":"1990-01-01"}),
        )
        .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    let reply = app
        .json(
            Method::POST,
            "/api/plan/generate",
            Some(&token),
            &json!({"seed": 5}),
        )
        .await;
    assert_eq!(reply.status, 201, "{}", reply.text);
    let items = list_items(&app, &token).await;
    assert!(items.len() > 20);
    for i in &items {
        let amount = i["amount"].as_f64().unwrap();
        let unit = i["unit"].as_str().unwrap();
        assert!(amount > 0.0, "{i}");
        match unit {
            "g" | "ml" => assert_eq!(amount.fract(), 0.0, "{i}"),
            "kg" | "l" => assert_eq!((amount * 10.0).fract(), 0.0, "{i}"),
            _ => assert_eq!(amount.fract(), 0.0, "a count is whole: {i}"),
        }
        if i["name"] == "egg" {
            assert!(unit == "egg" || unit == "eggs", "{i}");
        }
        assert_ne!(i["aisle"], "other", "{i}");
        assert!(!i["days"].as_array().unwrap().is_empty());
    }
}

/// Egg whites are bought as liquid egg white by volume, on a line of their
/// own, so no list buys whole eggs for their whites (issue 38 item 3).
async fn egg_whites_are_bought_as_liquid_egg_white(b: Backend) {
    let app = spawn_app(b).await;
    let token = app.token_for("whites@example.com").await;
    // 1046: 200 g egg white (195 ml at 1.027 g/ml); 1042: 150 g egg (3 eggs).
    let plan = json!({"daily_menus": [
        {"day_of_week": 2, "meal_details": [
            {"recipe_id": 1046, "schedule": 1, "status": 0, "meal_type": "breakfast", "servings": 1.0},
        ]},
        {"day_of_week": 4, "meal_details": [
            {"recipe_id": 1042, "schedule": 1, "status": 0, "meal_type": "breakfast", "servings": 1.0},
        ]},
    ]});
    let reply = app
        .json(Method::POST, "/api/plan", Some(&token), &plan)
        .await;
    assert_eq!(reply.status, 201, "{}", reply.text);
    let items = list_items(&app, &token).await;
    let names: Vec<&str> = items.iter().map(|i| i["name"].as_str().unwrap()).collect();
    let mut unique = names.clone();
    unique.dedup();
    assert_eq!(unique, names, "one line per thing");
    let whites = item(&items, "egg white");
    assert_eq!(whites["amount"], json!(200.0), "{whites}");
    assert_eq!(whites["unit"], json!("ml"), "{whites}");
    assert_eq!(whites["days"], json!([2]), "{whites}");
    // Only the whole eggs of 1042 are eggs.
    let eggs = item(&items, "egg");
    assert_eq!(eggs["amount"], json!(3.0), "{eggs}");
    assert_eq!(eggs["days"], json!([4]), "{eggs}");
}

crate::on_both_backends!(
    egg_whites_are_bought_as_liquid_egg_white,
    amounts_follow_hand_worked_grams_and_units,
    the_text_list_is_printable,
    a_generated_week_reads_in_buyable_units,
);
