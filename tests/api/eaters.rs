//! Issue 35: every path that puts a recipe into a plan keeps the rules of
//! everyone who eats the meal, with or without a token, and a caller
//! without one gets only what the spec gives them (a swap and a status
//! change of a meal without portions).
//!
//! The owner is allergic to nuts, gluten free and lactose intolerant; in
//! the household test a member, Ana, is vegetarian and allergic to eggs.
//! Each path is tried anonymously and by the owner: a recipe that breaks a
//! rule is 409, naming the rule (and whose it is only to the owner), and
//! nothing is stored. The lists that offer recipes (alternatives,
//! `ml/swap-recipe`) and the planner (generation, re-balance) never offer
//! or store one.

use awc::http::Method;
use mealplan_domain::Allergen;
use serde_json::{Value, json};

use crate::helpers::{Backend, Reply, TestApp, has_allergen, spawn_app};

/// What the owner may not eat: nut allergy, gluten free, lactose
/// intolerance.
const OWNER: &[Allergen] = &[
    Allergen::Peanut,
    Allergen::TreeNut,
    Allergen::Gluten,
    Allergen::Milk,
];

/// Someone at the table and what they may not eat.
#[derive(Clone, Copy)]
struct Eater {
    /// The member's id, `None` for the owner.
    member: Option<i64>,
    allergens: &'static [Allergen],
    vegetarian: bool,
}

impl Eater {
    fn owner() -> Self {
        Self {
            member: None,
            allergens: OWNER,
            vegetarian: false,
        }
    }

    fn ana(id: i64) -> Self {
        Self {
            member: Some(id),
            allergens: &[Allergen::Egg],
            vegetarian: true,
        }
    }

    /// Whether `recipe` (as answered: its ingredients and diet types)
    /// breaks one of their rules, judged from its ingredients by the
    /// shipped taxonomy.
    fn refuses(&self, recipe: &Value) -> bool {
        let vegetarian = recipe["diet_types"]
            .as_array()
            .unwrap()
            .iter()
            .any(|d| d["name"] == "vegetarian");
        has_allergen(recipe, self.allergens) || (self.vegetarian && !vegetarian)
    }
}

/// The owner's profile.
fn owner_profile() -> Value {
    json!({
        "goal": "maintain_weight", "height": 172, "weight": 68, "body_type": "normal",
        "gender": "female", "meals_per_day": 3, "activity_level": "medium",
        "birth_date": "1988-05-06",
        "restrictions": [{"name": "nut allergy"}, {"name": "gluten free"}, {"name": "lactose intolerance"}],
    })
}

/// A user with the owner's rules; their token.
async fn owner(app: &TestApp, email: &str) -> String {
    let token = app.token_for(email).await;
    let reply = app
        .json(Method::PUT, "/api/profile", Some(&token), &owner_profile())
        .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    token
}

/// The catalogue's recipe called `name`, as answered.
async fn recipe(app: &TestApp, name: &str) -> Value {
    let query: String = name.split(' ').collect::<Vec<_>>().join("+");
    let reply = app
        .get(&format!("/api/recipes?q={query}&limit=20"), None)
        .await;
    reply.json["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == name)
        .unwrap_or_else(|| panic!("no recipe {name}: {}", reply.text))
        .clone()
}

fn id(v: &Value) -> i64 {
    v["id"].as_i64().unwrap()
}

/// The 409 of a refused write, and its detail.
fn refused(reply: &Reply, what: &str) -> String {
    assert_eq!(reply.status, 409, "{what}: {}", reply.text);
    reply.json["detail"].as_str().unwrap().to_owned()
}

/// The 401 of a caller without a token.
fn needs_token(reply: &Reply, what: &str) {
    assert_eq!(
        (reply.status, &reply.json),
        (401, &json!({"detail": "Not authenticated"})),
        "{what}"
    );
}

/// Rows of each table that holds a plan.
fn stored_rows(app: &TestApp) -> [i64; 4] {
    ["plans", "daily_menus", "meal_details", "meal_portions"]
        .map(|t| app.db.count(&format!("SELECT COUNT(*) AS n FROM {t}")))
}

async fn current(app: &TestApp, token: &str) -> Value {
    let reply = app.get("/api/plan/current", Some(token)).await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    reply.json
}

/// Every meal of `plan` with who eats it (the owner for a meal without
/// portions).
fn meals_of(plan: &Value) -> Vec<&Value> {
    plan["daily_menus"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|d| d["meal_details"].as_array().unwrap())
        .collect()
}

/// Whether `eater` eats `meal`: has a portion of it, or it has none and
/// they own it.
fn eats(eater: &Eater, meal: &Value) -> bool {
    match meal.get("portions").and_then(Value::as_array) {
        Some(portions) => portions
            .iter()
            .any(|p| p["member_id"].as_i64() == eater.member),
        None => eater.member.is_none(),
    }
}

/// Every meal of `plan` keeps the rules of everyone at `table` who eats it.
fn keeps_everyones_rules(plan: &Value, table: &[Eater], what: &str) {
    for meal in meals_of(plan) {
        for eater in table.iter().filter(|e| eats(e, meal)) {
            assert!(
                !eater.refuses(&meal["recipe"]),
                "{what}: {:?} may not eat {meal}",
                eater.member
            );
        }
    }
}

/// The owner's plan of one day (a safe breakfast and dinner): every path
/// that could put one of the breaking recipes in is refused, with and
/// without a token, and nothing is stored; the lists and the planner
/// never offer one.
async fn no_path_stores_what_the_owner_must_not_eat(b: Backend) {
    let app = spawn_app(b).await;
    let token = owner(&app, "owner@example.com").await;
    let oats = recipe(&app, "Peanut butter banana overnight oats").await;
    let pasta = recipe(&app, "Spaghetti aglio e olio").await;
    let risotto = recipe(&app, "Wild mushroom and parmesan risotto").await;
    let congee = recipe(&app, "Vegetable congee with mushrooms and ginger").await;
    let squash = recipe(&app, "Butternut squash risotto").await;
    let owner = Eater::owner();
    for r in [&oats, &pasta, &risotto] {
        assert!(owner.refuses(r), "{r}");
    }
    for r in [&congee, &squash] {
        assert!(!owner.refuses(r), "{r}");
    }
    let plan = json!({"daily_menus": [{"day_of_week": 1, "meal_details": [
        {"recipe_id": id(&congee), "schedule": 1, "status": 0, "meal_type": "breakfast"},
        {"recipe_id": id(&squash), "schedule": 2, "status": 0, "meal_type": "dinner"},
    ]}]});
    let created = app
        .json(Method::POST, "/api/plan", Some(&token), &plan)
        .await;
    assert_eq!(created.status, 201, "{}", created.text);
    let before = current(&app, &token).await;
    let rows = stored_rows(&app);
    let day = &before["daily_menus"][0];
    let breakfast = id(&day["meal_details"][0]);
    let dinner = id(&day["meal_details"][1]);
    let anonymous = "which a person eating this meal must avoid";

    // A swap, at both spellings: the rule is named to anyone, the person
    // only to the owner.
    for prefix in ["", "/api"] {
        let swap = |meal: i64, recipe: &Value| {
            format!("{prefix}/meal-detail/{meal}?recipe_id={}", id(recipe))
        };
        let reply = app
            .send(Method::PUT, &swap(breakfast, &oats), None, &[], None)
            .await;
        assert_eq!(
            refused(&reply, "anonymous swap"),
            format!(
                "Peanut butter banana overnight oats contains peanuts, {anonymous} (nut allergy)"
            )
        );
        let reply = app
            .send(
                Method::PUT,
                &swap(breakfast, &oats),
                Some(&token),
                &[],
                None,
            )
            .await;
        assert_eq!(
            refused(&reply, "owner's swap"),
            "Peanut butter banana overnight oats contains peanuts, which you must avoid (nut allergy)"
        );
        let reply = app
            .send(Method::PUT, &swap(dinner, &pasta), Some(&token), &[], None)
            .await;
        let detail = refused(&reply, "pasta");
        assert!(
            detail.contains("gluten, which you must avoid (gluten free)"),
            "{detail}"
        );
        let reply = app
            .send(Method::PUT, &swap(dinner, &risotto), None, &[], None)
            .await;
        let detail = refused(&reply, "risotto");
        assert!(
            detail.contains(&format!("milk, {anonymous} (lactose intolerance)")),
            "{detail}"
        );
    }

    // An added meal and an added day, at both spellings: a token is
    // needed, and the owner's is refused the recipe.
    let menu = day["id"].as_i64().unwrap();
    let meal = json!({"daily_menu_id": menu, "recipe_id": id(&pasta), "schedule": 3, "status": 0, "meal_type": "lunch"});
    let new_day = json!({"plan_id": before["id"], "day_of_week": 2, "meal_details": [
        {"recipe_id": id(&congee), "schedule": 1, "status": 0, "meal_type": "breakfast"},
        {"recipe_id": id(&oats), "schedule": 2, "status": 0, "meal_type": "breakfast"},
    ]});
    for (path, body) in [
        ("/meal-detail", &meal),
        ("/api/meal-detail", &meal),
        ("/api/daily-menu", &new_day),
        ("/daily-menu", &new_day),
    ] {
        needs_token(&app.json(Method::POST, path, None, body).await, path);
        let reply = app.json(Method::POST, path, Some(&token), body).await;
        let detail = refused(&reply, path);
        assert!(detail.contains("which you must avoid"), "{path}: {detail}");
    }

    // A posted plan.
    let breaking = json!({"daily_menus": [{"day_of_week": 1, "meal_details": [
        {"recipe_id": id(&risotto), "schedule": 1, "status": 0, "meal_type": "dinner"},
    ]}]});
    let reply = app
        .json(Method::POST, "/api/plan", Some(&token), &breaking)
        .await;
    assert!(
        refused(&reply, "posted plan").contains("(lactose intolerance)"),
        "{}",
        reply.text
    );

    // Nothing was stored.
    assert_eq!(stored_rows(&app), rows);
    assert_eq!(current(&app, &token).await, before);
    // What the spec leaves open still is: a status change without a token.
    let reply = app
        .send(
            Method::PUT,
            &format!("/meal-detail/{breakfast}/status?status=1"),
            None,
            &[],
            None,
        )
        .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    assert!(reply.json.get("portions").is_none(), "{}", reply.text);

    // The lists offer nothing the owner may not eat.
    let reply = app
        .get(
            &format!("/meal-detail/{dinner}/alternatives?limit=20"),
            Some(&token),
        )
        .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    let offered = reply.json.as_array().unwrap();
    assert!(!offered.is_empty());
    for a in offered {
        assert!(!owner.refuses(&a["recipe"]), "alternative {a}");
    }
    for (r, label) in [
        (&oats, "breakfast"),
        (&pasta, "dinner"),
        (&risotto, "dinner"),
    ] {
        let reply = app
            .send(
                Method::POST,
                &format!("/api/ml/swap-recipe?recipe_id={}&meal_label={label}", id(r)),
                Some(&token),
                &[],
                None,
            )
            .await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert!(!owner.refuses(&reply.json), "swap-recipe {}", reply.text);
    }
    // Nor does the planner, generating or re-balancing.
    let generated = app
        .json(
            Method::POST,
            "/api/plan/generate",
            Some(&token),
            &json!({"days": 7, "seed": 3}),
        )
        .await;
    assert_eq!(generated.status, 201, "{}", generated.text);
    keeps_everyones_rules(&generated.json, &[owner], "generated");
    let rebalanced = app
        .json(
            Method::POST,
            "/api/plan/current/rebalance",
            Some(&token),
            &json!({}),
        )
        .await;
    assert_eq!(rebalanced.status, 200, "{}", rebalanced.text);
    keeps_everyones_rules(&rebalanced.json, &[owner], "rebalanced");
}

/// A household plan of the owner and Ana: a caller without a token
/// neither reads nor changes it; the owner is refused what anyone who eats
/// the meal may not eat, told whose rule it is; a meal without portions
/// in it is everyone's, and a caller without a token who tries to swap
/// one is not told who eats it.
async fn a_household_meal_keeps_every_eaters_rules(b: Backend) {
    let app = spawn_app(b).await;
    let token = owner(&app, "holder@example.com").await;
    let member = json!({
        "name": "Ana", "goal": "maintain_weight", "height": 160, "weight": 55,
        "body_type": "normal", "gender": "female", "meals_per_day": 3,
        "activity_level": "medium", "birth_date": "2004-03-04",
        "restrictions": [{"name": "egg allergy"}], "diet_types": ["vegetarian"],
    });
    let added = app
        .json(
            Method::POST,
            "/api/household/members",
            Some(&token),
            &member,
        )
        .await;
    assert_eq!(added.status, 201, "{}", added.text);
    let table = [Eater::owner(), Eater::ana(id(&added.json))];
    let chicken = recipe(&app, "Lemon garlic chicken with quinoa and green beans").await;
    assert!(!table[0].refuses(&chicken) && table[1].refuses(&chicken));
    let oats = recipe(&app, "Peanut butter banana overnight oats").await;
    let generated = app
        .json(
            Method::POST,
            "/api/plan/generate",
            Some(&token),
            &json!({"household": true, "days": 2, "seed": 5}),
        )
        .await;
    assert_eq!(generated.status, 201, "{}", generated.text);
    keeps_everyones_rules(&generated.json, &table, "generated");
    let before = current(&app, &token).await;
    let rows = stored_rows(&app);
    let anas = meals_of(&before)
        .into_iter()
        .find(|m| eats(&table[1], m))
        .expect("a meal Ana eats")
        .clone();
    let meal = id(&anas);
    let menu = before["daily_menus"][0]["id"].as_i64().unwrap();

    // Without a token: nothing read, nothing changed, nobody named.
    let safe = meals_of(&before)
        .into_iter()
        .find(|m| m["meal_type"] == anas["meal_type"] && m["id"] != anas["id"])
        .map_or(id(&chicken), |m| m["recipe_id"].as_i64().unwrap());
    for (method, path) in [
        (Method::GET, format!("/meal-detail/{meal}")),
        (Method::GET, format!("/api/meal-detail/{meal}/alternatives")),
        (Method::GET, format!("/api/daily-menu/{menu}")),
        (Method::PUT, format!("/meal-detail/{meal}?recipe_id={safe}")),
        (
            Method::PUT,
            format!("/meal-detail/{meal}?recipe_id={}", id(&chicken)),
        ),
        (
            Method::PUT,
            format!("/api/meal-detail/{meal}/status?status=1"),
        ),
    ] {
        let reply = app.send(method, &path, None, &[], None).await;
        needs_token(&reply, &path);
        assert!(!reply.text.contains("Ana") && !reply.text.contains("share="));
    }

    // The owner is told whose rule a recipe breaks.
    let ana_avoids = "Ana, who eats this meal, must avoid";
    let reply = app
        .send(
            Method::PUT,
            &format!("/meal-detail/{meal}?recipe_id={}", id(&chicken)),
            Some(&token),
            &[],
            None,
        )
        .await;
    let detail = refused(&reply, "household swap");
    assert!(
        detail.contains(ana_avoids) && detail.contains("(vegetarian diet)"),
        "{detail}"
    );
    // A meal added to a household plan, or a day, is everyone's.
    let added_meal = json!({"daily_menu_id": menu, "recipe_id": id(&chicken), "schedule": 6, "status": 0, "meal_type": "snack"});
    let added_day = json!({"plan_id": before["id"], "day_of_week": 7, "meal_details": [
        {"recipe_id": id(&chicken), "schedule": 1, "status": 0, "meal_type": "dinner"},
    ]});
    for (path, body) in [
        ("/api/meal-detail", &added_meal),
        ("/api/daily-menu", &added_day),
    ] {
        needs_token(&app.json(Method::POST, path, None, body).await, path);
        let reply = app.json(Method::POST, path, Some(&token), body).await;
        let detail = refused(&reply, path);
        assert!(detail.contains(ana_avoids), "{path}: {detail}");
    }
    let peanut_day = json!({"plan_id": before["id"], "day_of_week": 7, "meal_details": [
        {"recipe_id": id(&oats), "schedule": 1, "status": 0, "meal_type": "breakfast"},
    ]});
    let reply = app
        .json(Method::POST, "/api/daily-menu", Some(&token), &peanut_day)
        .await;
    assert!(refused(&reply, "peanut day").contains("which you must avoid (nut allergy)"));
    assert_eq!(stored_rows(&app), rows);
    assert_eq!(current(&app, &token).await, before);

    // A meal without portions that both may eat, added by the owner: a
    // caller without a token may swap it, under everyone's rules, and is
    // not told whose rule the refused recipe breaks.
    let fits = meals_of(&before)
        .into_iter()
        .find(|m| table.iter().all(|e| !e.refuses(&m["recipe"])))
        .expect("a dish both may eat");
    let fine = json!({"daily_menu_id": menu, "recipe_id": fits["recipe_id"], "schedule": 6, "status": 0, "meal_type": fits["meal_type"]});
    let reply = app
        .json(Method::POST, "/api/meal-detail", Some(&token), &fine)
        .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    assert!(reply.json.get("portions").is_none(), "{}", reply.text);
    let own = id(&reply.json);
    let reply = app
        .send(
            Method::PUT,
            &format!("/meal-detail/{own}?recipe_id={}", id(&chicken)),
            None,
            &[],
            None,
        )
        .await;
    let detail = refused(&reply, "anonymous swap in a household plan");
    assert!(
        detail.contains("which a person eating this meal must avoid (vegetarian diet)")
            && !detail.contains("Ana"),
        "{detail}"
    );
    let reply = app.get(&format!("/meal-detail/{own}"), Some(&token)).await;
    assert_eq!(reply.json["recipe_id"], fits["recipe_id"]);

    // The lists offer each meal only what all its eaters may eat.
    let eaters: Vec<Eater> = table.iter().copied().filter(|e| eats(e, &anas)).collect();
    let reply = app
        .get(
            &format!("/meal-detail/{meal}/alternatives?limit=20"),
            Some(&token),
        )
        .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    for a in reply.json.as_array().unwrap() {
        assert!(eaters.iter().all(|e| !e.refuses(&a["recipe"])), "{a}");
    }
    let reply = app
        .send(
            Method::POST,
            &format!(
                "/api/ml/swap-recipe?recipe_id={}&meal_label={}",
                anas["recipe_id"],
                anas["meal_type"].as_str().unwrap()
            ),
            Some(&token),
            &[],
            None,
        )
        .await;
    if reply.status == 200 {
        assert!(
            eaters.iter().all(|e| !e.refuses(&reply.json)),
            "{}",
            reply.text
        );
    } else {
        assert_eq!(reply.status, 404, "{}", reply.text);
    }
    // Re-balancing keeps everyone's rules too.
    let rebalanced = app
        .json(
            Method::POST,
            "/api/plan/current/rebalance",
            Some(&token),
            &json!({}),
        )
        .await;
    assert_eq!(rebalanced.status, 200, "{}", rebalanced.text);
    keeps_everyones_rules(&rebalanced.json, &table, "rebalanced");
}

/// The OpenAPI document says who may call each plan and meal route: a
/// swap and a status change take a token or none (401 for a household
/// meal); every other one needs a token.
async fn the_document_says_who_may_call(b: Backend) {
    let app = spawn_app(b).await;
    let doc = app.get("/openapi.json", None).await.json;
    let op = |path: &str, method: &str| doc["paths"][path][method].clone();
    for (path, method) in [
        ("/meal-detail/{meal_detail_id}", "put"),
        ("/meal-detail/{meal_detail_id}/status", "put"),
    ] {
        let o = op(path, method);
        assert_eq!(
            o["security"],
            json!([{}, {"bearer": []}]),
            "{method} {path}"
        );
        assert!(o["responses"].get("401").is_some(), "{method} {path}");
    }
    assert!(
        op("/meal-detail/{meal_detail_id}", "put")["responses"]
            .get("409")
            .is_some()
    );
    for (path, method) in [
        ("/meal-detail/{meal_detail_id}", "get"),
        ("/meal-detail/{meal_detail_id}/alternatives", "get"),
        ("/meal-detail", "post"),
        ("/api/daily-menu", "post"),
        ("/api/daily-menu/{daily_menu_id}", "get"),
        ("/api/plan", "post"),
    ] {
        let o = op(path, method);
        assert_eq!(o["security"], json!([{"bearer": []}]), "{method} {path}");
        assert!(o["responses"].get("401").is_some(), "{method} {path}");
    }
    for (path, method) in [
        ("/meal-detail", "post"),
        ("/api/daily-menu", "post"),
        ("/api/plan", "post"),
    ] {
        assert!(
            op(path, method)["responses"].get("409").is_some(),
            "{method} {path}"
        );
    }
}

crate::on_both_backends!(
    no_path_stores_what_the_owner_must_not_eat,
    a_household_meal_keeps_every_eaters_rules,
    the_document_says_who_may_call,
);
