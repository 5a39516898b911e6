//! The recipe catalogue over HTTP: listing, filters, errors, seeding.

use serde_json::{Value, json};

use crate::helpers::{Backend, NUTS, RECIPE_SPEC_KEYS, TestApp, has_allergen, spawn_app};
use crate::plans::names;

fn ingredients_of(recipe: &Value) -> Vec<String> {
    recipe["ingredients"]
        .as_str()
        .unwrap()
        .split(", ")
        .map(str::to_owned)
        .collect()
}

/// Every recipe matching `query`, following the pages.
async fn all_pages(app: &TestApp, query: &str) -> (usize, Vec<Value>) {
    let mut items = Vec::new();
    let total = loop {
        let reply = app
            .get(
                &format!("/api/recipes?{query}&limit=100&offset={}", items.len()),
                None,
            )
            .await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        let page = reply.json["items"].as_array().unwrap().clone();
        if page.is_empty() {
            break reply.json["total"].as_u64().unwrap() as usize;
        }
        items.extend(page);
    };
    assert_eq!(items.len(), total);
    (total, items)
}

async fn catalogue_lists_and_filters(b: Backend) {
    let app = spawn_app(b).await;
    let (total, all) = all_pages(&app, "").await;
    assert!(total >= 300, "{total}");
    // Each item has the spec's 2.5 shape.
    let first = &all[0];
    let keys: Vec<&str> = first
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(keys, RECIPE_SPEC_KEYS);
    // One recipe by id has its list entry's members and values, then
    // extra ones (see recipes.rs).
    let reply = app
        .get(&format!("/api/recipes/{}", first["id"]), None)
        .await;
    assert_eq!(reply.status, 200);
    for (key, value) in first.as_object().unwrap() {
        assert_eq!(&reply.json[key], value, "{key}");
    }

    let (_, nut_free) = all_pages(&app, "restriction=nut%20allergy").await;
    assert!(!nut_free.is_empty());
    assert!(nut_free.iter().all(|r| !has_allergen(r, NUTS)));
    let with_nuts = all.iter().filter(|r| has_allergen(r, NUTS)).count();
    assert_eq!(nut_free.len() + with_nuts, total);

    let (_, vegan_snacks) = all_pages(&app, "meal_type=snack&diet_type=vegan").await;
    assert!(vegan_snacks.len() >= 10);
    for r in &vegan_snacks {
        assert!(names(r, "meal_types").contains(&"snack".to_owned()));
        assert!(names(r, "diet_types").contains(&"vegan".to_owned()));
    }
    let (_, tofu) = all_pages(&app, "q=TOFU").await;
    assert!(!tofu.is_empty());
    for r in &tofu {
        let name = r["name"].as_str().unwrap().to_lowercase();
        assert!(name.contains("tofu") || ingredients_of(r).iter().any(|i| i.contains("tofu")));
    }
    // Paging: offset past the end is an empty page with the same total.
    let reply = app
        .get(&format!("/api/recipes/?offset={total}&limit=5"), None)
        .await;
    assert_eq!(reply.json["items"], json!([]));
    assert_eq!(reply.json["total"], total);
    assert_eq!(
        (reply.json["limit"].clone(), reply.json["offset"].clone()),
        (json!(5), json!(total))
    );
}

async fn catalogue_errors(b: Backend) {
    let app = spawn_app(b).await;
    let reply = app.get("/api/recipes/999999", None).await;
    assert_eq!(
        (reply.status, reply.json),
        (404, json!({"detail": "Recipe not found"}))
    );
    let reply = app.get("/api/recipes/abc", None).await;
    assert_eq!(
        reply.json,
        json!({"detail":[{"type":"int_parsing","loc":["path","recipe_id"],"msg":"Input should be a valid integer, unable to parse string as an integer","input":"abc"}]})
    );
    let reply = app.get("/api/recipes?limit=0&meal_type=brunch", None).await;
    assert_eq!(
        reply.json,
        json!({"detail":[
            {"type":"enum","loc":["query","meal_type"],"msg":"Input should be 'breakfast', 'lunch', 'dinner' or 'snack'","input":"brunch","ctx":{"expected":"'breakfast', 'lunch', 'dinner' or 'snack'"}},
            {"type":"greater_than_equal","loc":["query","limit"],"msg":"Input should be greater than or equal to 1","input":"0","ctx":{"ge":1}}
        ]})
    );
}

/// Seeding is idempotent and updates a changed recipe in place.
async fn seeding_is_idempotent(b: Backend) {
    let app = spawn_app(b).await;
    let db = mealplan_adapters::Database::open(&app.db.url(), Default::default()).unwrap();
    let mut catalogue = mealplan_catalogue::load().unwrap();
    let report = db.seed_catalogue(&catalogue).unwrap();
    assert_eq!(
        (report.inserted, report.updated, report.unchanged),
        (0, 0, catalogue.len())
    );
    let before = app.db.count("SELECT COUNT(*) AS n FROM recipes");
    catalogue[0].name = "Renamed overnight oats".into();
    let report = db.seed_catalogue(&catalogue).unwrap();
    assert_eq!((report.inserted, report.updated), (0, 1));
    assert_eq!(app.db.count("SELECT COUNT(*) AS n FROM recipes"), before);
    assert_eq!(
        app.db.count(&format!(
            "SELECT id AS n FROM recipes WHERE name = 'Renamed overnight oats' AND recipe_id = {}",
            catalogue[0].recipe_id
        )),
        catalogue[0].recipe_id,
        "a recipe's id is its catalogue number"
    );
}

crate::on_both_backends!(
    catalogue_lists_and_filters,
    catalogue_errors,
    seeding_is_idempotent,
);
