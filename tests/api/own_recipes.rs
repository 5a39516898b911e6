//! One's own recipes (issue 39): added in the project's shape or as
//! schema.org JSON-LD, lines placed on SR28 foods or left for review,
//! nutrition computed, visible to their owner only, deleted, exported.

use awc::http::Method;
use serde_json::{Value, json};

use crate::helpers::{Backend, TestApp, spawn_app};

/// Own recipes stored (not deleted or deleted).
fn stored(app: &TestApp) -> i64 {
    app.db.count("SELECT COUNT(*) AS n FROM own_recipes")
}

fn stew() -> Value {
    json!({
        "name": "Chickpea <b>stew</b>",
        "servings": 2,
        "ingredients": [
            "200g white rice",
            "1 (400 g) can chickpeas, drained",
            "2 tbsp olive oil",
            "1 head lettuce"
        ],
        "steps": ["Cook the rice.", "Warm the chickpeas in the oil."],
        "meal_types": ["dinner"],
        "prep_minutes": 10,
        "cook_minutes": 20
    })
}

async fn post(app: &TestApp, token: &str, body: &Value) -> crate::helpers::Reply {
    app.json(Method::POST, "/api/recipes", Some(token), body)
        .await
}

async fn add_place_read_and_delete(b: Backend) {
    let app = spawn_app(b).await;
    let ann = app.token_for("ann@example.com").await;
    let bob = app.token_for("bob@example.com").await;
    let ann_id = app.get("/auth/me", Some(&ann)).await.json["id"].clone();

    let reply = post(&app, &ann, &stew()).await;
    assert_eq!(reply.status, 201, "{}", reply.text);
    let r = reply.json;
    let id = r["id"].as_i64().unwrap();
    assert!(id > 1_000_000_000, "{id}");
    assert_eq!(r["owner"], ann_id);
    assert_eq!(r["status"], "needs_review");
    // HTML is kept as text.
    assert_eq!(r["name"], "Chickpea <b>stew</b>");
    let lines = r["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 4);
    for line in &lines[..3] {
        assert_eq!(line["status"], "placed", "{line}");
        assert!(line["ndb"].as_str().unwrap().len() == 5, "{line}");
        assert!(line["grams"].as_f64().unwrap() > 0.0, "{line}");
        assert!(line["confidence"].as_f64().unwrap() >= 0.8, "{line}");
    }
    assert_eq!(lines[2]["ndb"], "04053", "olive oil: {}", lines[2]);
    assert_eq!(lines[3]["status"], "needs_review");
    assert!(lines[3]["ndb"].is_null());
    let candidates = lines[3]["candidates"].as_array().unwrap();
    assert!((1..=5).contains(&candidates.len()), "{}", lines[3]);
    let before = r["calories"].as_i64().unwrap();
    // 100 g raw rice, 120 g chickpeas, a tablespoon of oil a serving.
    assert!((450..750).contains(&before), "{before}");
    assert!(
        r["diet_types"].to_string().contains("vegan"),
        "{}",
        r["diet_types"]
    );
    assert_eq!(r["steps"][0], "Cook the rice.");
    assert_eq!(
        (r["prep_minutes"].as_u64(), r["cook_minutes"].as_u64()),
        (Some(10), Some(20))
    );

    // Its owner reads it; nobody else does.
    let path = format!("/api/recipes/{id}");
    let mine = app.get(&path, Some(&ann)).await;
    assert_eq!(mine.status, 200, "{}", mine.text);
    assert_eq!(mine.json["lines"], r["lines"]);
    assert_eq!(app.get(&path, Some(&bob)).await.status, 404);
    assert_eq!(app.get(&path, None).await.status, 404);
    assert_eq!(
        app.get(&format!("{path}/jsonld"), Some(&bob)).await.status,
        404
    );

    // Placing the lettuce makes it ready and adds its calories.
    let edit = json!({"lines": [{"line": 3, "ndb": "11252", "grams": 300}]});
    assert_eq!(
        app.json(Method::PUT, &path, Some(&bob), &edit).await.status,
        404
    );
    let placed = app.json(Method::PUT, &path, Some(&ann), &edit).await;
    assert_eq!(placed.status, 200, "{}", placed.text);
    assert_eq!(placed.json["status"], "ready");
    assert_eq!(placed.json["lines"][3]["ndb"], "11252");
    assert!(placed.json["calories"].as_i64().unwrap() > before);
    let bad = app
        .json(
            Method::PUT,
            &path,
            Some(&ann),
            &json!({"lines": [{"line": 9, "grams": 5}]}),
        )
        .await;
    assert_eq!(bad.status, 422, "{}", bad.text);
    let bad = app
        .json(
            Method::PUT,
            &path,
            Some(&ann),
            &json!({"lines": [{"line": 0, "ndb": "99999999"}]}),
        )
        .await;
    assert_eq!(bad.status, 422, "{}", bad.text);

    // Search finds it for its owner only.
    let found = app
        .get("/api/recipes?q=chickpea&limit=100", Some(&ann))
        .await;
    assert!(
        found.json["items"]
            .as_array()
            .unwrap()
            .iter()
            .any(|i| i["id"] == id),
        "{}",
        found.text
    );
    let others = app
        .get("/api/recipes?q=chickpea&limit=100", Some(&bob))
        .await;
    assert!(
        !others.json["items"]
            .as_array()
            .unwrap()
            .iter()
            .any(|i| i["id"] == id)
    );
    // A stale token reads the catalogue as no token does.
    let stale = app
        .get("/api/recipes?q=chickpea", Some("not-a-token"))
        .await;
    assert_eq!(stale.status, 200, "{}", stale.text);
    assert_eq!(app.get(&path, Some("not-a-token")).await.status, 404);

    // JSON-LD out, with its nutrition.
    let ld = app.get(&format!("{path}/jsonld"), Some(&ann)).await;
    assert_eq!(ld.status, 200, "{}", ld.text);
    assert_eq!(ld.json["@type"], "Recipe");
    assert_eq!(ld.json["recipeIngredient"][0], "200g white rice");
    let kcal = ld.json["nutrition"]["calories"].as_str().unwrap();
    assert!(kcal.ends_with(" kcal"), "{kcal}");
    assert!(
        ld.json["nutrition"]["proteinContent"]
            .as_str()
            .unwrap()
            .ends_with(" g")
    );
    let catalogue = app.get("/api/recipes/1048/jsonld", None).await;
    assert_eq!(catalogue.status, 200, "{}", catalogue.text);

    // Deleted: gone for everyone, kept in the export.
    let gone = app.send(Method::DELETE, &path, Some(&bob), &[], None).await;
    assert_eq!(gone.status, 404);
    let gone = app.send(Method::DELETE, &path, Some(&ann), &[], None).await;
    assert_eq!(gone.status, 204, "{}", gone.text);
    assert_eq!(app.get(&path, Some(&ann)).await.status, 404);
    let found = app
        .get("/api/recipes?q=chickpea&limit=100", Some(&ann))
        .await;
    assert!(
        !found.json["items"]
            .as_array()
            .unwrap()
            .iter()
            .any(|i| i["id"] == id)
    );
    let export = app.get("/auth/me/export", Some(&ann)).await;
    assert_eq!(export.json["own_recipes"][0]["id"], id, "{}", export.text);
    assert_eq!(export.json["own_recipes"][0]["deleted"], true);

    // Deleting the account deletes its recipes.
    post(&app, &ann, &stew()).await;
    let deleted = app
        .json(
            Method::DELETE,
            "/auth/me",
            Some(&ann),
            &json!({"password": "password123"}),
        )
        .await;
    assert_eq!(deleted.status, 204, "{}", deleted.text);
    assert_eq!(stored(&app), 0);
    assert_eq!(
        app.db
            .count("SELECT COUNT(*) AS n FROM recipes WHERE id > 1000000000"),
        0
    );
}

async fn json_ld_one_many_and_stated(b: Backend) {
    let app = spawn_app(b).await;
    let ann = app.token_for("ann@example.com").await;
    let soup = json!({
        "@context": "https://schema.org",
        "@type": "Recipe",
        "name": "Lentil soup",
        "recipeYield": "4 servings",
        "recipeIngredient": ["1 cup dried lentils", "1 onion, diced", "2 cloves garlic", "salt to taste"],
        "recipeInstructions": [{"@type": "HowToSection", "name": "Soup", "itemListElement": [
            {"@type": "HowToStep", "text": "Rinse the lentils."},
            {"@type": "HowToStep", "text": "Simmer everything 30 minutes."}]}],
        "prepTime": "PT10M",
        "totalTime": "PT45M",
        "recipeCategory": "Lunch",
        "keywords": "soup, easy",
        "nutrition": {"@type": "NutritionInformation", "calories": "900 kcal", "proteinContent": "2 g"}
    });
    let reply = post(&app, &ann, &soup).await;
    assert_eq!(reply.status, 201, "{}", reply.text);
    let r = &reply.json;
    assert_eq!(r["servings"], 4);
    assert_eq!(r["steps"].as_array().unwrap().len(), 2);
    assert_eq!(
        (r["prep_minutes"].as_u64(), r["cook_minutes"].as_u64()),
        (Some(10), Some(35))
    );
    assert_eq!(r["meal_types"][0]["name"], "lunch", "{}", r["meal_types"]);
    assert_eq!(r["keywords"], json!(["soup", "easy"]));
    assert_eq!(r["stated"]["calories"], 900.0);
    // The stated figures are kept, never used, and called out when far off.
    assert!(r["calories"].as_i64().unwrap() < 400, "{}", r["calories"]);
    let warnings = r["warnings"].to_string();
    assert!(
        warnings.contains("calories") && warnings.contains("protein"),
        "{warnings}"
    );
    // A figure the source did not state is null and never said to differ.
    assert!(r["stated"]["fat"].is_null(), "{}", r["stated"]);
    assert!(
        !warnings.contains("fat") && !warnings.contains("carbs"),
        "{warnings}"
    );

    // A list: each recipe stands or fails on its own.
    let mut no_lines = soup.clone();
    no_lines["recipeIngredient"] = json!([]);
    let list = post(
        &app,
        &ann,
        &json!([soup, no_lines, {"@type": "Person", "name": "x"}]),
    )
    .await;
    assert_eq!(list.status, 201, "{}", list.text);
    assert_eq!(
        (list.json["imported"].as_u64(), list.json["failed"].as_u64()),
        (Some(1), Some(2))
    );
    assert_eq!(
        list.json["results"][1]["errors"][0]["loc"],
        json!(["body", 1, "recipeIngredient"])
    );
    // An @graph, as recipe sites publish it, with several recipes.
    let graph = json!({"@context": "https://schema.org", "@graph": [
        {"@type": "WebPage", "name": "blog"}, soup.clone(), soup.clone()]});
    let reply = post(&app, &ann, &graph).await;
    assert_eq!(reply.json["imported"], 2, "{}", reply.text);
    assert_eq!(stored(&app), 4);
}

async fn bad_input_stores_nothing(b: Backend) {
    let app = spawn_app(b).await;
    let ann = app.token_for("ann@example.com").await;
    let mut cases = vec![
        json!({"@context": "https://schema.org", "@type": "Person", "name": "Ann"}),
        json!({"@graph": [{"@type": "WebPage"}]}),
        json!("a recipe"),
        json!([]),
    ];
    for (field, value) in [
        ("ingredients", json!([])),
        ("servings", json!(0)),
        ("servings", json!(5000)),
        ("ingredients", json!(vec!["1 egg"; 501])),
        ("meal_types", json!(["elevenses"])),
    ] {
        let mut bad = stew();
        bad[field] = value;
        cases.push(bad);
    }
    for case in &cases {
        let reply = post(&app, &ann, case).await;
        assert_eq!(reply.status, 422, "{case}: {}", reply.text);
        let detail = &reply.json["detail"][0];
        assert!(
            detail["loc"][0] == "body" && detail["msg"].is_string(),
            "{}",
            reply.text
        );
    }
    assert_eq!(post(&app, "not-a-token", &stew()).await.status, 401);
    assert_eq!(stored(&app), 0);

    // An import of 100 recipes answers within a few seconds.
    let hundred = json!((0..100).map(|_| stew()).collect::<Vec<_>>());
    let started = std::time::Instant::now();
    let reply = post(&app, &ann, &hundred).await;
    let took = started.elapsed();
    assert_eq!(
        reply.json["imported"],
        100,
        "{}",
        &reply.text[..200.min(reply.text.len())]
    );
    eprintln!("import of 100 recipes ({b:?}): {took:?}");
    assert!(took.as_secs_f64() < 5.0, "{took:?}");

    // 2 MiB for recipes; 64 KiB everywhere else.
    let long = |_| {
        let mut r = stew();
        r["steps"] = json!(["Stir slowly. ".repeat(100)]);
        r
    };
    let many: Vec<Value> = (0..60).map(long).collect();
    let big = json!(many);
    let size = big.to_string().len();
    assert!(size > 64 * 1024 && size < 2 * 1024 * 1024, "{size}");
    let reply = post(&app, &ann, &big).await;
    assert_eq!(
        reply.status,
        201,
        "{}",
        &reply.text[..200.min(reply.text.len())]
    );
    assert_eq!(reply.json["imported"], 60);
    let elsewhere = app
        .json(
            Method::PUT,
            "/api/recipes/1000000001",
            Some(&ann),
            &json!({"lines": many}),
        )
        .await;
    assert_eq!(elsewhere.status, 413);
    let huge = "x".repeat(2 * 1024 * 1024 + 1);
    let reply = app
        .send(
            Method::POST,
            "/api/recipes",
            Some(&ann),
            &[("content-type", "application/json")],
            Some(&huge),
        )
        .await;
    assert_eq!(reply.status, 413);
}

/// A dinner of one's own, ready to plan.
fn dinner(name: &str) -> Value {
    json!({
        "name": name,
        "servings": 2,
        "ingredients": [
            "300g chicken breast",
            "200g white rice",
            "2 cups broccoli florets",
            "1 tbsp olive oil"
        ],
        "steps": ["Cook it all."],
        "meal_types": ["dinner"]
    })
}

async fn own_recipes_are_planned(b: Backend) {
    let app = spawn_app(b).await;
    let ann = app.token_for("ann@example.com").await;
    let profile = json!({
        "goal": "maintain_weight", "height": 172, "weight": 74, "body_type": "normal",
        "gender": "male", "meals_per_day": 3, "activity_level": "medium",
        "birth_date": "1988-09-09", "restrictions": [], "diet_types": []
    });
    let reply = app
        .json(Method::PUT, "/api/profile", Some(&ann), &profile)
        .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    let mut ids = Vec::new();
    for name in [
        "Chicken rice bowl",
        "Chicken and broccoli",
        "Rice with chicken",
    ] {
        let r = post(&app, &ann, &dinner(name)).await;
        assert_eq!(r.json["status"], "ready", "{}", r.text);
        ids.push(r.json["id"].as_i64().unwrap());
    }
    let bad = app
        .json(
            Method::POST,
            "/api/plan/generate",
            Some(&ann),
            &json!({"my_recipes": "mine"}),
        )
        .await;
    assert_eq!(bad.status, 422, "{}", bad.text);

    let body = json!({"days": 1, "seed": 7, "my_recipes": "only"});
    let plan = app
        .json(Method::POST, "/api/plan/generate", Some(&ann), &body)
        .await;
    assert_eq!(plan.status, 201, "{}", plan.text);
    let meals: Vec<&Value> = plan.json["daily_menus"][0]["meal_details"]
        .as_array()
        .unwrap()
        .iter()
        .collect();
    let dinners: Vec<i64> = meals
        .iter()
        .filter(|m| m["meal_type"] == "dinner")
        .map(|m| m["recipe"]["id"].as_i64().unwrap())
        .collect();
    assert!(!dinners.is_empty(), "{}", plan.text);
    assert!(
        dinners.iter().all(|d| ids.contains(d)),
        "{dinners:?}: {}",
        plan.text
    );
    let unfilled: Vec<&str> = plan.json["unfilled"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["meal_type"].as_str().unwrap())
        .collect();
    assert!(
        unfilled.contains(&"breakfast") && !unfilled.contains(&"dinner"),
        "{unfilled:?}"
    );
    assert!(
        plan.json["unfilled"][0]["reason"]
            .as_str()
            .unwrap()
            .contains("none of your")
    );

    // A planned own dinner links to its page at its portion, with its key;
    // the page opens from that link alone, as a catalogue recipe's does.
    let planned = meals.iter().find(|m| m["meal_type"] == "dinner").unwrap();
    let link = planned["recipe"]["recipe_url"].as_str().unwrap();
    assert!(link.contains("?key="), "{link}");
    let path = &link[link.find("/recipes/").unwrap()..];
    let page = app.get(path, None).await;
    assert_eq!(page.status, 200, "{path}: {}", page.text);

    // The plan reads back with its own recipe, which keeps it once deleted.
    let own = dinners[0];
    let current = app.get("/api/plan/current", Some(&ann)).await;
    assert_eq!(current.status, 200, "{}", current.text);
    assert!(current.text.contains(&format!("\"id\":{own}")));
    let meal_id = meals.iter().find(|m| m["recipe"]["id"] == own).unwrap()["id"]
        .as_i64()
        .unwrap();
    let gone = app
        .send(
            Method::DELETE,
            &format!("/api/recipes/{own}"),
            Some(&ann),
            &[],
            None,
        )
        .await;
    assert_eq!(gone.status, 204);
    let meal = app
        .get(&format!("/api/meal-detail/{meal_id}"), Some(&ann))
        .await;
    assert_eq!(meal.status, 200, "{}", meal.text);
    assert_eq!(meal.json["recipe"]["id"], own);
    // Nothing new picks it: a swap to it, a plan made by hand.
    let swap = app
        .send(
            Method::PUT,
            &format!("/api/meal-detail/{meal_id}?recipe_id={own}"),
            Some(&ann),
            &[],
            None,
        )
        .await;
    assert_eq!(swap.status, 404, "{}", swap.text);
    let current = app.get("/api/plan/current", Some(&ann)).await;
    assert_eq!(current.status, 200, "{}", current.text);

    // "include" (the default) may use them too; the answer names no slot.
    let plan = app
        .json(
            Method::POST,
            "/api/plan/generate",
            Some(&ann),
            &json!({"days": 2, "seed": 3}),
        )
        .await;
    assert_eq!(plan.status, 201, "{}", plan.text);
    assert!(plan.json.get("unfilled").is_none());
    assert!(
        !plan.text.contains(&format!("\"id\":{own},")),
        "a deleted recipe is not planned"
    );
}

/// An own recipe's page and picture open for the holder of their links,
/// with no login, and for nobody else: not without the key, not with
/// another recipe's key.
async fn own_pages_open_for_their_links_only(b: Backend) {
    let app = spawn_app(b).await;
    let ann = app.token_for("ann@example.com").await;
    let first = post(&app, &ann, &stew()).await;
    assert_eq!(first.status, 201, "{}", first.text);
    let second = post(&app, &ann, &dinner("Rice with chicken")).await;
    assert_eq!(second.status, 201, "{}", second.text);
    let id = first.json["id"].as_i64().unwrap();
    let page = first.json["recipe_url"].as_str().unwrap();
    let picture = first.json["image_url"].as_str().unwrap();
    let path = |url: &str| url[url.find("/recipes/").unwrap()..].to_owned();
    let (page, picture) = (path(page), path(picture));
    let key = page.split_once("?key=").unwrap().1.to_owned();
    assert_eq!(key.len(), 32, "{page}");
    assert_eq!(picture, format!("/recipes/{id}/plate.svg?key={key}"));
    // The same link on GET answers as on POST.
    let read = app.get(&format!("/api/recipes/{id}"), Some(&ann)).await;
    assert_eq!(path(read.json["recipe_url"].as_str().unwrap()), page);

    let opened = app.get(&format!("{page}&servings=2"), None).await;
    assert_eq!(opened.status, 200, "{}", opened.text);
    assert!(
        opened.text.contains("Chickpea &lt;b&gt;stew&lt;/b&gt;"),
        "escaped"
    );
    assert_eq!(app.get(&picture, None).await.status, 200);
    let other = second.json["recipe_url"].as_str().unwrap();
    let other_key = other.split_once("?key=").unwrap().1;
    assert_ne!(other_key, key, "each recipe its own key");
    for refused in [
        format!("/recipes/{id}"),
        format!("/recipes/{id}?key="),
        format!("/recipes/{id}?key={other_key}"),
        format!("/recipes/{id}/plate.svg"),
        format!("/recipes/{id}/plate.svg?key={other_key}"),
    ] {
        assert_eq!(app.get(&refused, None).await.status, 404, "{refused}");
    }
    // An edit computes the recipe again; its links stay.
    let edit = app
        .json(
            Method::PUT,
            &format!("/api/recipes/{id}"),
            Some(&ann),
            &json!({"lines": [{"line": 3, "ndb": "11252", "grams": 300}]}),
        )
        .await;
    assert_eq!(edit.status, 200, "{}", edit.text);
    assert_eq!(path(edit.json["recipe_url"].as_str().unwrap()), page);
}

/// An account keeps at most 2,000 recipes, reached as a person would
/// (imports of 100): the import that crosses it stores what fits, each
/// recipe past it is refused on its own, and a deleted one makes room.
async fn an_account_keeps_at_most_2000_recipes(b: Backend) {
    let app = spawn_app(b).await;
    let ann = app.token_for("ann@example.com").await;
    let toast = |n: usize| {
        json!({"name": format!("Toast {n}"), "servings": 1,
        "ingredients": ["2 slices whole wheat bread"], "meal_types": ["breakfast"]})
    };
    for batch in 0..20 {
        let size = if batch == 19 { 99 } else { 100 };
        let list: Vec<Value> = (0..size).map(|i| toast(batch * 100 + i)).collect();
        let reply = post(&app, &ann, &Value::Array(list)).await;
        assert_eq!(reply.status, 201, "batch {batch}: {}", reply.text);
        assert_eq!(reply.json["imported"], size, "batch {batch}");
    }
    assert_eq!(stored(&app), 1_999);
    let crossing = post(&app, &ann, &json!([toast(5_000), toast(5_001)])).await;
    assert_eq!(crossing.status, 201, "{}", crossing.text);
    assert_eq!(
        (
            crossing.json["imported"].as_u64(),
            crossing.json["failed"].as_u64()
        ),
        (Some(1), Some(1)),
        "{}",
        crossing.text
    );
    let one = post(&app, &ann, &toast(5_002)).await;
    assert_eq!(one.status, 422, "{}", one.text);
    assert!(
        one.text.contains("2000") || one.text.contains("2,000"),
        "{}",
        one.text
    );
    assert_eq!(stored(&app), 2_000);
    // Another account is not limited by Ann's recipes.
    let bob = app.token_for("bob@example.com").await;
    assert_eq!(post(&app, &bob, &toast(1)).await.status, 201);
    // Deleting one makes room for one.
    let first = crossing.json["results"][0]["recipe"]["id"]
        .as_i64()
        .unwrap();
    let gone = app
        .send(
            Method::DELETE,
            &format!("/api/recipes/{first}"),
            Some(&ann),
            &[],
            None,
        )
        .await;
    assert_eq!(gone.status, 204);
    assert_eq!(post(&app, &ann, &toast(5_003)).await.status, 201);
}

/// Own recipes at the table: a household plan made from them portions
/// them for everyone; the shopping list buys their foods; a meal's
/// alternatives may offer them and a swap may pick one, as the
/// catalogue's.
async fn own_recipes_are_served_at_the_table(b: Backend) {
    let app = spawn_app(b).await;
    let ann = app.token_for("ann@example.com").await;
    let profile = json!({
        "goal": "maintain_weight", "height": 168, "weight": 64, "body_type": "normal",
        "gender": "female", "meals_per_day": 3, "activity_level": "medium",
        "birth_date": "1984-02-02", "restrictions": [], "diet_types": []
    });
    let reply = app
        .json(Method::PUT, "/api/profile", Some(&ann), &profile)
        .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    let tom = json!({
        "name": "Tom", "goal": "maintain_weight", "height": 181, "weight": 80,
        "body_type": "normal", "gender": "male", "meals_per_day": 3,
        "activity_level": "high", "birth_date": "1982-06-06",
        "restrictions": [], "diet_types": []
    });
    let reply = app
        .json(Method::POST, "/api/household/members", Some(&ann), &tom)
        .await;
    assert_eq!(reply.status, 201, "{}", reply.text);
    let tom_id = reply.json["id"].as_i64().unwrap();
    let mut ids = Vec::new();
    for name in [
        "Chicken rice bowl",
        "Chicken and broccoli",
        "Rice with chicken",
    ] {
        let r = post(&app, &ann, &dinner(name)).await;
        assert_eq!(r.json["status"], "ready", "{}", r.text);
        ids.push(r.json["id"].as_i64().unwrap());
    }
    let body = json!({"days": 2, "seed": 4, "household": true, "my_recipes": "only"});
    let plan = app
        .json(Method::POST, "/api/plan/generate", Some(&ann), &body)
        .await;
    assert_eq!(plan.status, 201, "{}", plan.text);
    let mut dinner_meals = Vec::new();
    for day in plan.json["daily_menus"].as_array().unwrap() {
        for m in day["meal_details"].as_array().unwrap() {
            if m["meal_type"] != "dinner" {
                continue;
            }
            let id = m["recipe"]["id"].as_i64().unwrap();
            assert!(ids.contains(&id), "an own dinner: {m}");
            let portions = m["portions"].as_array().unwrap();
            assert!(
                portions.iter().any(|p| p["member_id"].is_null())
                    && portions.iter().any(|p| p["member_id"] == tom_id),
                "both at the table: {m}"
            );
            dinner_meals.push(m["id"].as_i64().unwrap());
        }
    }
    assert_eq!(dinner_meals.len(), 2, "{}", plan.text);

    // The shopping list buys the own dinners' foods.
    let list = app.get("/api/plan/current/shopping-list", Some(&ann)).await;
    assert_eq!(list.status, 200, "{}", list.text);
    let names: Vec<String> = list.json["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["name"].as_str().unwrap().to_lowercase())
        .collect();
    assert!(names.iter().any(|n| n.contains("chicken")), "{names:?}");
    assert!(names.iter().any(|n| n.contains("broccoli")), "{names:?}");

    let meal = dinner_meals[0];
    // A meal of one's own recipe has alternatives like any meal, and a
    // similar-recipe search may start from it.
    let current = plan.json["daily_menus"][0]["meal_details"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["id"] == meal)
        .unwrap()["recipe"]["id"]
        .as_i64()
        .unwrap();
    let offered = app
        .get(
            &format!("/meal-detail/{meal}/alternatives?limit=5"),
            Some(&ann),
        )
        .await;
    assert_eq!(offered.status, 200, "{}", offered.text);
    assert_eq!(
        offered.json.as_array().unwrap().len(),
        5,
        "{}",
        offered.text
    );
    let similar = app
        .send(
            Method::POST,
            &format!("/api/ml/swap-recipe?recipe_id={current}&meal_label=dinner"),
            Some(&ann),
            &[],
            None,
        )
        .await;
    assert_eq!(similar.status, 200, "{}", similar.text);
    // A swap takes another own dinner.
    let other = *ids.iter().find(|id| **id != current).unwrap();
    let swap = app
        .send(
            Method::PUT,
            &format!("/api/meal-detail/{meal}?recipe_id={other}"),
            Some(&ann),
            &[],
            None,
        )
        .await;
    assert_eq!(swap.status, 200, "{}", swap.text);
    assert_eq!(swap.json["recipe"]["id"], other);
}

/// `"prefer"` puts one's own dishes on the table as often as the targets
/// allow: more of them than `"include"`, on days that meet the targets as
/// often.
async fn prefer_puts_own_dishes_on_target_days(b: Backend) {
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
    // Four dinners of one's own, as a cook writes them.
    let dinners = [
        (
            "Chicken rice bowl",
            vec![
                "300g chicken breast",
                "250g cooked white rice",
                "2 cups broccoli florets",
                "1 tbsp olive oil",
            ],
        ),
        (
            "Beef chili",
            vec![
                "250g lean ground beef",
                "1 (400 g) can kidney beans, drained",
                "1 (400 g) can diced tomatoes",
                "1 onion, diced",
                "150g cooked white rice",
            ],
        ),
        (
            "Salmon and potatoes",
            vec![
                "2 salmon fillets (300 g)",
                "400g potatoes",
                "2 cups green beans",
                "1 tbsp olive oil",
            ],
        ),
        (
            "Lentil curry",
            vec![
                "1 cup dried lentils",
                "1 (400 ml) can coconut milk",
                "1 onion, diced",
                "2 cups spinach",
                "150g cooked white rice",
            ],
        ),
    ];
    let mut ids = Vec::new();
    for (name, lines) in dinners {
        let body = json!({"name": name, "servings": 2, "ingredients": lines,
            "steps": ["Cook it all."], "meal_types": ["dinner"]});
        let r = post(&app, &ann, &body).await;
        assert_eq!(r.json["status"], "ready", "{}", r.text);
        ids.push(r.json["id"].as_i64().unwrap());
    }
    let week = |mode: &str| json!({"days": 7, "seed": 11, "my_recipes": mode});
    let (mut own_by, mut met_by) = (Vec::new(), Vec::new());
    for mode in ["include", "prefer"] {
        let plan = app
            .json(Method::POST, "/api/plan/generate", Some(&ann), &week(mode))
            .await;
        assert_eq!(plan.status, 201, "{mode}: {}", plan.text);
        // Only "prefer" says which slots one's own could not take.
        let unfilled: Vec<&str> = plan.json["unfilled"]
            .as_array()
            .map(|u| u.iter().map(|u| u["meal_type"].as_str().unwrap()).collect())
            .unwrap_or_default();
        let expected: &[&str] = if mode == "prefer" {
            &["breakfast", "lunch"]
        } else {
            &[]
        };
        assert_eq!(unfilled, expected, "{mode}");
        let days = plan.json["daily_menus"].as_array().unwrap();
        let own = days
            .iter()
            .flat_map(|d| d["meal_details"].as_array().unwrap())
            .filter(|m| ids.contains(&m["recipe"]["id"].as_i64().unwrap()))
            .count();
        let met = days.iter().filter(|d| d["fit"]["met"] == true).count();
        own_by.push(own);
        met_by.push(met);
    }
    assert!(
        own_by[1] >= 3 && own_by[1] > own_by[0],
        "own dinners, include then prefer: {own_by:?}"
    );
    assert!(
        met_by[1] >= met_by[0] && met_by[1] >= 6,
        "days met, include then prefer: {met_by:?}"
    );
}

/// Crab meat, a food the taxonomy has no name for, keeps its crustacean
/// allergen, even on a row stored without it: a person with a shellfish
/// allergy never gets the dish, not in a generated plan, not by a swap,
/// not as an added meal.
async fn crab_stays_off_a_shellfish_allergy_plate(b: Backend) {
    let app = spawn_app(b).await;
    let ann = app.token_for("ann@example.com").await;
    let profile = json!({
        "goal": "maintain_weight", "height": 170, "weight": 70, "body_type": "normal",
        "gender": "female", "meals_per_day": 3, "activity_level": "medium",
        "birth_date": "1985-03-03", "restrictions": [{"name": "shellfish allergy"}],
        "diet_types": []
    });
    let reply = app
        .json(Method::PUT, "/api/profile", Some(&ann), &profile)
        .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    let crab = json!({
        "name": "Crab rice bowl",
        "servings": 2,
        "ingredients": ["1 lb jumbo lump crabmeat", "200g white rice", "1 tbsp olive oil"],
        "steps": ["Cook the rice.", "Fold in the crab."],
        "meal_types": ["dinner"]
    });
    let r = post(&app, &ann, &crab).await;
    assert_eq!(r.status, 201, "{}", r.text);
    assert_eq!(r.json["status"], "ready", "{}", r.text);
    assert!(
        r.json["allergens"]
            .as_array()
            .unwrap()
            .contains(&json!("crustaceans")),
        "{}",
        r.text
    );
    let crab = r.json["id"].as_i64().unwrap();
    // As a recipe stored before foods without a taxonomy name were
    // counted: its row holds no allergen. It is read with them all the same.
    app.db.execute(&format!(
        "UPDATE recipes SET allergens = '' WHERE id = {crab}"
    ));
    let read = app.get(&format!("/api/recipes/{crab}"), Some(&ann)).await;
    assert_eq!(read.status, 200, "{}", read.text);
    assert!(read.text.contains("crustaceans"), "{}", read.text);
    let r = post(&app, &ann, &dinner("Chicken rice bowl")).await;
    assert_eq!(r.json["status"], "ready", "{}", r.text);

    // Generated from one's own recipes only: the chicken, never the crab.
    let body = json!({"days": 2, "seed": 5, "my_recipes": "only"});
    let plan = app
        .json(Method::POST, "/api/plan/generate", Some(&ann), &body)
        .await;
    assert_eq!(plan.status, 201, "{}", plan.text);
    assert!(
        !plan.text.contains(&format!("\"id\":{crab},")),
        "{}",
        plan.text
    );
    let menu = &plan.json["daily_menus"][0];
    let dinner_meal = menu["meal_details"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["meal_type"] == "dinner")
        .unwrap()["id"]
        .as_i64()
        .unwrap();

    // Swapped in, or added: refused, the allergy named.
    let swap = app
        .send(
            Method::PUT,
            &format!("/api/meal-detail/{dinner_meal}?recipe_id={crab}"),
            Some(&ann),
            &[],
            None,
        )
        .await;
    let added = json!({"daily_menu_id": menu["id"], "recipe_id": crab, "schedule": 6, "status": 0, "meal_type": "dinner"});
    let add = app
        .json(Method::POST, "/api/meal-detail", Some(&ann), &added)
        .await;
    for (what, reply) in [("swap", swap), ("added meal", add)] {
        assert_eq!(reply.status, 409, "{what}: {}", reply.text);
        let detail = reply.json["detail"].as_str().unwrap();
        assert!(
            detail.contains("crustaceans") && detail.contains("(shellfish allergy)"),
            "{what}: {detail}"
        );
    }
    let current = app.get("/api/plan/current", Some(&ann)).await;
    assert!(
        !current.text.contains(&format!("\"id\":{crab},")),
        "{}",
        current.text
    );
}

/// Beef brisket and scallops, foods the taxonomy has no name for (SR28
/// `BEEF,BRISKET,…`, `SCALLOP,MIXED SPECIES,RAW`), are meat and a
/// mollusc to the rules: a pescatarian who keeps kosher never gets
/// either dish, not in a generated plan, not by a swap, not as an added
/// meal; a salmon dinner is still served.
async fn meat_and_shellfish_stay_off_a_pescatarian_kosher_plate(b: Backend) {
    let app = spawn_app(b).await;
    let ann = app.token_for("ann@example.com").await;
    let profile = json!({
        "goal": "maintain_weight", "height": 170, "weight": 70, "body_type": "normal",
        "gender": "female", "meals_per_day": 3, "activity_level": "medium",
        "birth_date": "1985-03-03",
        "restrictions": [{"name": "pescatarian"}, {"name": "kosher"}],
        "diet_types": []
    });
    let reply = app
        .json(Method::PUT, "/api/profile", Some(&ann), &profile)
        .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    let bowl = |name: &str, main: &str| {
        json!({
            "name": name,
            "servings": 2,
            "ingredients": [main, "200g white rice", "2 cups broccoli florets", "1 tbsp olive oil"],
            "steps": ["Cook it all."],
            "meal_types": ["dinner"]
        })
    };
    let mut banned = Vec::new();
    for (name, main) in [
        ("Brisket rice bowl", "300 g beef brisket"),
        ("Scallop rice bowl", "200 g scallops"),
    ] {
        let r = post(&app, &ann, &bowl(name, main)).await;
        assert_eq!(r.status, 201, "{}", r.text);
        assert_eq!(r.json["status"], "ready", "{}", r.text);
        banned.push(r.json["id"].as_i64().unwrap());
    }
    let r = post(&app, &ann, &bowl("Salmon rice bowl", "4 salmon fillets")).await;
    assert_eq!(r.json["status"], "ready", "{}", r.text);
    let salmon = r.json["id"].as_i64().unwrap();

    // Generated from one's own recipes only: the salmon, never the others.
    let body = json!({"days": 2, "seed": 5, "my_recipes": "only"});
    let plan = app
        .json(Method::POST, "/api/plan/generate", Some(&ann), &body)
        .await;
    assert_eq!(plan.status, 201, "{}", plan.text);
    assert!(
        plan.text.contains(&format!("\"id\":{salmon},")),
        "{}",
        plan.text
    );
    for id in &banned {
        assert!(
            !plan.text.contains(&format!("\"id\":{id},")),
            "{}",
            plan.text
        );
    }
    let menu = &plan.json["daily_menus"][0];
    let dinner_meal = menu["meal_details"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["meal_type"] == "dinner")
        .unwrap()["id"]
        .as_i64()
        .unwrap();

    // Swapped in, or added: refused, the rule named.
    for (id, rule) in banned.iter().zip(["(pescatarian)", "(kosher)"]) {
        let swap = app
            .send(
                Method::PUT,
                &format!("/api/meal-detail/{dinner_meal}?recipe_id={id}"),
                Some(&ann),
                &[],
                None,
            )
            .await;
        let added = json!({"daily_menu_id": menu["id"], "recipe_id": id, "schedule": 6, "status": 0, "meal_type": "dinner"});
        let add = app
            .json(Method::POST, "/api/meal-detail", Some(&ann), &added)
            .await;
        for (what, reply) in [("swap", swap), ("added meal", add)] {
            assert_eq!(reply.status, 409, "{what} {id}: {}", reply.text);
            let detail = reply.json["detail"].as_str().unwrap();
            assert!(detail.contains(rule), "{what}: {detail}");
        }
    }
    let current = app.get("/api/plan/current", Some(&ann)).await;
    for id in &banned {
        assert!(
            !current.text.contains(&format!("\"id\":{id},")),
            "{}",
            current.text
        );
    }
}

crate::on_both_backends!(
    meat_and_shellfish_stay_off_a_pescatarian_kosher_plate,
    crab_stays_off_a_shellfish_allergy_plate,
    prefer_puts_own_dishes_on_target_days,
    own_recipes_are_served_at_the_table,
    an_account_keeps_at_most_2000_recipes,
    own_pages_open_for_their_links_only,
    add_place_read_and_delete,
    json_ld_one_many_and_stated,
    bad_input_stores_nothing,
    own_recipes_are_planned,
);
