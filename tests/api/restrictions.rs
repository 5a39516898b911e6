//! Restrictions that mean what people mean (issue 12): for each
//! restriction a generated week and a recipe search hold no ingredient of
//! the excluded kind, and restrictions the service cannot match are
//! reported as not enforced (profile answer and chat).

use std::collections::BTreeSet;

use awc::http::Method;
use serde_json::{Value, json};

use crate::helpers::{Backend, TestApp, spawn_app};

/// (restriction, catalogue ingredients it must keep out, taxonomy kinds
/// it must keep out entirely)
const CASES: &[(&str, &[&str], &[&str])] = &[
    ("no pork", &["ham", "bacon", "pork tenderloin"], &["pork"]),
    (
        "no onions",
        &["onion", "scallions", "salsa", "marinara sauce"],
        &["onion"],
    ),
    ("no coriander", &["cilantro", "salsa"], &["cilantro"]),
    (
        "no cheese",
        &[
            "mozzarella",
            "ricotta",
            "feta",
            "parmesan",
            "cheddar",
            "cottage cheese",
            "cream cheese",
            "pesto",
        ],
        &["cheese"],
    ),
    (
        "no tomatoes",
        &[
            "tomato",
            "canned tomatoes",
            "tomato paste",
            "salsa",
            "marinara sauce",
        ],
        &["tomato"],
    ),
    (
        "pescatarian",
        &[
            "chicken breast",
            "chicken thigh",
            "ground turkey",
            "lean ground beef",
            "sirloin steak",
            "pork tenderloin",
            "bacon",
            "ham",
            "chicken broth",
        ],
        &["meat"],
    ),
    (
        "no meat",
        &[
            "chicken breast",
            "chicken thigh",
            "ground turkey",
            "lean ground beef",
            "sirloin steak",
            "pork tenderloin",
            "bacon",
            "ham",
            "chicken broth",
        ],
        &["meat"],
    ),
    (
        "no red meat",
        &[
            "lean ground beef",
            "sirloin steak",
            "pork tenderloin",
            "bacon",
            "ham",
        ],
        &["red meat"],
    ),
    (
        "halal",
        &["ham", "bacon", "pork tenderloin"],
        &["pork", "alcohol"],
    ),
];

fn ingredients(recipe: &Value) -> Vec<String> {
    recipe["ingredients"]
        .as_str()
        .unwrap()
        .split(", ")
        .map(str::to_owned)
        .collect()
}

/// Panics naming the first ingredient of `recipe` that `restriction`
/// must keep out.
fn assert_clear(restriction: &str, where_: &str, recipe: &Value, banned: &[&str], kinds: &[&str]) {
    let taxonomy = mealplan_domain::Taxonomy::standard();
    for i in ingredients(recipe) {
        assert!(
            !banned.contains(&i.as_str()),
            "{restriction}: {where_} serves {} with {i}",
            recipe["name"]
        );
        for kind in kinds {
            assert!(
                !taxonomy.is_a(&i, kind),
                "{restriction}: {where_} serves {} with {i} ({kind})",
                recipe["name"]
            );
        }
    }
}

async fn put_profile(app: &TestApp, token: &str, restrictions: &[&str]) -> Value {
    let body = json!({
        "goal": "maintain_weight", "height": 170, "weight": 68, "body_type": "normal",
        "gender": "female", "meals_per_day": 4, "activity_level": "medium",
        "birth_date": "1990-03-04",
        "restrictions": restrictions.iter().map(|r| json!({"name": r})).collect::<Vec<_>>(),
    });
    let reply = app
        .json(Method::PUT, "/api/profile", Some(token), &body)
        .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    reply.json
}

async fn search(app: &TestApp, restriction: &str) -> (usize, Vec<Value>) {
    let mut items: Vec<Value> = Vec::new();
    loop {
        let query = serde_urlencoded::to_string([
            ("restriction", restriction.to_owned()),
            ("limit", "100".to_owned()),
            ("offset", items.len().to_string()),
        ])
        .unwrap();
        let reply = app.get(&format!("/api/recipes?{query}"), None).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        let page = reply.json["items"].as_array().unwrap().clone();
        if page.is_empty() {
            let total = reply.json["total"].as_u64().unwrap() as usize;
            assert_eq!(total, items.len());
            return (total, items);
        }
        items.extend(page);
    }
}

async fn plans_and_searches_keep_out_the_excluded_kinds(b: Backend) {
    let app = spawn_app(b).await;
    let token = app.token_for("rita@example.com").await;
    let (everything, all) = search(&app, "").await;
    for (i, (restriction, banned, kinds)) in CASES.iter().enumerate() {
        // The profile says the restriction is enforced and what it excludes.
        let profile = put_profile(&app, &token, &[restriction]).await;
        assert_eq!(
            profile["unenforced_restrictions"],
            json!([]),
            "{restriction}"
        );
        let rule = &profile["restriction_rules"][0];
        assert_eq!(rule["name"], *restriction);
        assert_eq!(rule["enforced"], true, "{rule}");
        assert!(!rule["excludes"].as_array().unwrap().is_empty(), "{rule}");

        // A generated week.
        let reply = app
            .json(
                Method::POST,
                "/api/plan/generate",
                Some(&token),
                &json!({"days": 7, "seed": 100 + i}),
            )
            .await;
        assert_eq!(reply.status, 201, "{restriction}: {}", reply.text);
        let days = reply.json["daily_menus"].as_array().unwrap();
        assert_eq!(days.len(), 7);
        let mut meals = 0;
        for day in days {
            for meal in day["meal_details"].as_array().unwrap() {
                meals += 1;
                assert_clear(restriction, "the plan", &meal["recipe"], banned, kinds);
            }
        }
        assert_eq!(meals, 28, "{restriction}");

        // A search.
        let (total, found) = search(&app, restriction).await;
        assert!(total >= 100 && total < everything, "{restriction}: {total}");
        for r in &found {
            assert_clear(restriction, "the search", r, banned, kinds);
        }
        // It leaves out exactly the recipes with such an ingredient (or
        // one that only the diet forbids, such as alcohol for halal).
        let with: usize = all
            .iter()
            .filter(|r| {
                let names = ingredients(r);
                names.iter().any(|n| banned.contains(&n.as_str()))
            })
            .count();
        assert!(everything - total >= with, "{restriction}");
    }
}

async fn unknown_restrictions_are_reported_as_not_enforced(b: Backend) {
    let app = spawn_app(b).await;
    let token = app.token_for("uma@example.com").await;
    let profile = put_profile(
        &app,
        &token,
        &[
            "kiwi thing",
            "Keto",
            "low FODMAP",
            "no pork",
            "no pork and zorbleberries",
            "nut allergy",
        ],
    )
    .await;
    let unenforced: BTreeSet<&str> = profile["unenforced_restrictions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert_eq!(
        unenforced,
        BTreeSet::from([
            "kiwi thing",
            "keto",
            "low fodmap",
            "no pork and zorbleberries"
        ])
    );
    let rules = profile["restriction_rules"].as_array().unwrap();
    assert_eq!(rules.len(), 6);
    let rule = |name: &str| rules.iter().find(|r| r["name"] == name).unwrap().clone();
    assert_eq!(
        rule("kiwi thing"),
        json!({"name": "kiwi thing", "enforced": false, "excludes": [], "not_understood": ["kiwi thing"], "except": [], "except_not_applied": []})
    );
    assert_eq!(
        rule("no pork and zorbleberries"),
        json!({"name": "no pork and zorbleberries", "enforced": false, "excludes": ["pork"], "not_understood": ["zorbleberry"], "except": [], "except_not_applied": []})
    );
    assert_eq!(rule("no pork")["excludes"], json!(["pork"]));
    // The same on reading the profile back.
    let again = app.get("/api/profile", Some(&token)).await.json;
    assert_eq!(
        again["unenforced_restrictions"],
        profile["unenforced_restrictions"]
    );
    assert_eq!(again["restriction_rules"], profile["restriction_rules"]);
    // A search by an unknown restriction leaves everything in.
    let (everything, _) = search(&app, "").await;
    assert_eq!(search(&app, "keto").await.0, everything);

    // The assistant says so too.
    let say = |message: &'static str| {
        let app = &app;
        let token = token.clone();
        async move {
            let query = serde_urlencoded::to_string([("message", message)]).unwrap();
            let reply = app
                .send(
                    Method::POST,
                    &format!("/api/chat?{query}"),
                    Some(&token),
                    &[],
                    None,
                )
                .await;
            assert_eq!(reply.status, 200, "{}", reply.text);
            reply.json["response"].as_str().unwrap().to_owned()
        }
    };
    // A name the rules cannot read is never stored from a chat message;
    // the answer says so (and no part of it, "fruit", is taken instead).
    let before = app.get("/api/profile", Some(&token)).await.json;
    let text = say("I don't like dragon fruit").await;
    assert!(text.contains("saved nothing"), "{text}");
    let after = app.get("/api/profile", Some(&token)).await.json;
    assert_eq!(after["restrictions"], before["restrictions"]);
    let text = say("Show my profile").await;
    assert!(text.contains("kiwi thing (not enforced)"), "{text}");
    assert!(!text.contains("nut allergy (not"), "{text}");
    let text = say("I don't like coriander").await;
    assert!(text.contains("excludes cilantro"), "{text}");
    assert!(!text.contains("not enforced"), "{text}");
}

/// A catalogue seeded by an earlier release, with the labels of its rules
/// (allergen names such as `nut`, parmesan counted vegetarian), is
/// rewritten at start-up: the fingerprint changed, so the rows are.
async fn labels_of_an_earlier_release_are_reseeded(b: Backend) {
    let app = spawn_app(b).await;
    let catalogue = mealplan_catalogue::load().unwrap();
    let parmesan = catalogue
        .iter()
        .find(|r| {
            r.ingredients().iter().any(|i| i.name == "parmesan")
                && r.ingredients()
                    .iter()
                    .any(|i| i.name == "almonds" || i.name == "pesto")
        })
        .or_else(|| {
            catalogue
                .iter()
                .find(|r| r.ingredients().iter().any(|i| i.name == "parmesan"))
        })
        .unwrap();
    let id = parmesan.recipe_id;
    app.db.execute(&format!(
        "UPDATE recipes SET allergens = 'nut,lactose', diet_types = 'vegetarian', \
         fingerprint = 'earlier' WHERE recipe_id = {id}"
    ));
    // A row outside the catalogue keeps its earlier names, which still
    // read (`nut` is peanuts and tree nuts).
    app.db.execute(
        "INSERT INTO recipes (id, recipe_id, name, calories, protein, carbs, fat, fiber, sugar, \
         meal_types, diet_types, allergens, tastes, ingredients, fingerprint) VALUES \
         (999999, 999999, 'Old nut bar', 200, 5, 20, 10, 1, 5, 'snack', 'vegetarian', \
         'nut,lactose', '', 'mystery bar:50', 'earlier')",
    );
    let restarted = crate::helpers::spawn_app_with(app.db.clone(), crate::helpers::settings).await;
    let allergens: Vec<&str> = parmesan.allergens().iter().map(|a| a.as_str()).collect();
    let diets: Vec<&str> = parmesan.diet_types().iter().map(|d| d.as_str()).collect();
    assert!(!diets.contains(&"vegetarian"));
    assert_eq!(
        restarted.db.count(&format!(
            "SELECT COUNT(*) AS n FROM recipes WHERE recipe_id = {id} AND allergens = '{}' \
             AND diet_types = '{}'",
            allergens.join(","),
            diets.join(",")
        )),
        1
    );
    let one = restarted
        .get(&format!("/api/recipes/{id}"), None)
        .await
        .json;
    let labels: Vec<&str> = one["diet_types"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["name"].as_str().unwrap())
        .collect();
    assert!(!labels.contains(&"vegetarian"), "{one}");
    let old = restarted.get("/api/recipes/999999", None).await;
    assert_eq!(old.status, 200, "{}", old.text);
    for (restriction, kept) in [
        ("peanut allergy", false),
        ("dairy free", false),
        ("egg allergy", true),
    ] {
        let query =
            serde_urlencoded::to_string([("restriction", restriction), ("q", "old nut bar")])
                .unwrap();
        let reply = restarted.get(&format!("/api/recipes?{query}"), None).await;
        assert_eq!(
            reply.json["total"],
            json!(usize::from(kept)),
            "{restriction}"
        );
    }
}

/// A dislike with an exception ("no fish except salmon") lets that kind
/// back in, in searches and plans, and nothing else; an allergy keeps
/// its exceptions out, and the profile says which applied.
async fn exceptions_let_one_kind_back_in(b: Backend) {
    let app = spawn_app(b).await;
    let token = app.token_for("xena@example.com").await;
    let taxonomy = mealplan_domain::Taxonomy::standard();
    let has = |r: &Value, kind: &str, but: &str| {
        ingredients(r)
            .iter()
            .any(|i| taxonomy.is_a(i, kind) && (but.is_empty() || !taxonomy.is_a(i, but)))
    };
    for (restriction, plain, kind, back) in [
        ("no fish except salmon", "no fish", "fish", "salmon"),
        ("no dairy except cheese", "no dairy", "dairy", "cheese"),
        ("no meat other than chicken", "no meat", "meat", "chicken"),
    ] {
        let (with, found) = search(&app, restriction).await;
        let (without, _) = search(&app, plain).await;
        assert!(with > without, "{restriction}: {with} vs {without}");
        assert!(found.iter().any(|r| has(r, back, "")), "{restriction}");
        for r in &found {
            assert!(!has(r, kind, back), "{restriction}: {}", r["name"]);
        }
        let profile = put_profile(&app, &token, &[restriction]).await;
        let rule = &profile["restriction_rules"][0];
        assert_eq!(rule["except"], json!([back]), "{rule}");
        assert_eq!(rule["enforced"], true, "{rule}");
        let reply = app
            .json(
                Method::POST,
                "/api/plan/generate",
                Some(&token),
                &json!({"days": 7, "seed": 5}),
            )
            .await;
        assert_eq!(reply.status, 201, "{restriction}: {}", reply.text);
        for day in reply.json["daily_menus"].as_array().unwrap() {
            for meal in day["meal_details"].as_array().unwrap() {
                assert!(
                    !has(&meal["recipe"], kind, back),
                    "{restriction}: {}",
                    meal["recipe"]["name"]
                );
            }
        }
    }
    // An allergy has no exceptions.
    let (allergy, _) = search(&app, "fish allergy except salmon").await;
    assert_eq!(allergy, search(&app, "fish allergy").await.0);
    let profile = put_profile(&app, &token, &["fish allergy except salmon"]).await;
    let rule = &profile["restriction_rules"][0];
    assert_eq!(rule["except"], json!([]));
    assert_eq!(rule["except_not_applied"], json!(["salmon"]));
}

crate::on_both_backends!(
    exceptions_let_one_kind_back_in,
    plans_and_searches_keep_out_the_excluded_kinds,
    unknown_restrictions_are_reported_as_not_enforced,
    labels_of_an_earlier_release_are_reseeded,
);
