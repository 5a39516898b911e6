//! Recipes people can cook: the recipe answer's ingredient lines, steps,
//! times and extra nutrients, the page `recipe_url` points to, and the
//! recipe cards in storage.

use awc::http::Method;
use serde_json::{Value, json};

use crate::helpers::{Backend, RECIPE_SPEC_KEYS, spawn_app, spawn_app_with};

/// Drops the members `GET /api/recipes/{id}` adds to the spec's 2.5 shape.
pub fn keep_spec_members(recipe: &mut Value) {
    if let Some(object) = recipe.as_object_mut() {
        object.retain(|key, _| RECIPE_SPEC_KEYS.contains(&key.as_str()));
    }
}

fn tenths(v: f64) -> f64 {
    (v * 10.0).round() / 10.0
}

async fn one_recipe_has_lines_steps_times_and_nutrients(b: Backend) {
    let app = spawn_app(b).await;
    let reply = app.get("/api/recipes/1048", None).await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    let r = reply.json;
    // The spec's 2.5 members come first, unchanged; the rest are extra.
    let keys: Vec<&str> = r.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(&keys[..12], RECIPE_SPEC_KEYS);
    assert_eq!(
        &keys[12..],
        [
            "ingredient_lines",
            "steps",
            "prep_minutes",
            "cook_minutes",
            "fiber",
            "sugar",
            "saturated_fat",
            "sodium",
            "micronutrients"
        ]
    );
    assert_eq!(r["recipe_url"], "/recipes/1048");
    let catalogue = mealplan_catalogue::load().unwrap();
    let shipped = catalogue.iter().find(|c| c.recipe_id == 1048).unwrap();
    // Ingredient lines: the `ingredients` names, grams of one serving, and
    // household measures beside them.
    let lines = r["ingredient_lines"].as_array().unwrap();
    let names: Vec<&str> = lines.iter().map(|l| l["name"].as_str().unwrap()).collect();
    assert_eq!(names.join(", "), r["ingredients"].as_str().unwrap());
    for (line, i) in lines.iter().zip(shipped.ingredients()) {
        assert_eq!(line["grams"].as_f64().unwrap(), i.grams);
    }
    assert_eq!(
        lines[0],
        json!({"name": "egg", "grams": 100.0, "measure": "2 eggs", "display": "100 g (2 eggs; large)"})
    );
    assert_eq!(lines[4]["name"], "olive oil");
    assert_eq!(lines[4]["measure"], "2 tsp");
    // Steps with the recipe's amounts written in.
    let steps: Vec<&str> = r["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect();
    assert_eq!(steps.len(), shipped.card.steps.len());
    assert!(
        steps.iter().any(|s| s.contains("crack 2 eggs (100 g)")),
        "{steps:?}"
    );
    assert!(steps.iter().all(|s| !s.contains('{')));
    assert_eq!(
        (r["prep_minutes"].as_u64(), r["cook_minutes"].as_u64()),
        (
            Some(u64::from(shipped.card.prep_minutes)),
            Some(u64::from(shipped.card.cook_minutes))
        )
    );
    // Per serving, from SR28: sodium of the canned tomatoes, sourdough,
    // egg, … and their saturated fat.
    let n = shipped.nutrition();
    assert_eq!(r["fiber"].as_f64().unwrap(), tenths(n.fiber));
    assert_eq!(r["sugar"].as_f64().unwrap(), tenths(n.sugar));
    assert_eq!(
        r["saturated_fat"].as_f64().unwrap(),
        tenths(shipped.card.saturated_fat)
    );
    assert_eq!(
        r["sodium"].as_i64().unwrap(),
        shipped.card.sodium.round() as i64
    );
    // By hand: egg 100 g × 142 mg/100 g, canned tomatoes 200 × 115, red
    // pepper 80 × 4, onion 50 × 4, olive oil 10 × 2, garlic 5 × 17, cumin
    // 1 × 168, paprika 1 × 68, sourdough 50 × 720, all / 100.
    let sodium: f64 = (100.0 * 142.0
        + 200.0 * 115.0
        + 80.0 * 4.0
        + 50.0 * 4.0
        + 10.0 * 2.0
        + 5.0 * 17.0
        + 168.0
        + 68.0
        + 50.0 * 720.0)
        / 100.0;
    assert_eq!(r["sodium"].as_i64().unwrap(), sodium.round() as i64);
}

async fn every_recipe_links_its_page(b: Backend) {
    let app = spawn_app(b).await;
    let mut offset = 0;
    loop {
        let page = app
            .get(&format!("/api/recipes?limit=100&offset={offset}"), None)
            .await
            .json;
        let items = page["items"].as_array().unwrap();
        if items.is_empty() {
            break;
        }
        for r in items {
            assert_eq!(
                r["recipe_url"],
                json!(format!("/recipes/{}", r["recipe_id"])),
                "{}",
                r["name"]
            );
        }
        offset += items.len();
    }
    assert_eq!(offset, mealplan_catalogue::load().unwrap().len());
}

fn step_items(html: &str) -> Vec<String> {
    let list = html
        .split("<ol class=\"steps\">")
        .nth(1)
        .and_then(|rest| rest.split("</ol>").next())
        .unwrap_or_default();
    list.split("<li>")
        .skip(1)
        .map(|item| item.split("</li>").next().unwrap_or_default().to_owned())
        .collect()
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

async fn the_recipe_page_shows_the_same_content(b: Backend) {
    let app = spawn_app(b).await;
    let recipe: Value = app.get("/api/recipes/3084", None).await.json;
    let url = recipe["recipe_url"].as_str().unwrap();
    for path in [url.to_owned(), format!("{url}/")] {
        let reply = app.get(&path, None).await;
        assert_eq!(reply.status, 200, "{path}");
        assert_eq!(
            reply.header("content-type"),
            Some("text/html; charset=utf-8")
        );
        let csp = reply.header("content-security-policy").unwrap();
        assert!(csp.starts_with("default-src 'none'"), "{csp}");
        let page = reply.text;
        assert!(page.starts_with("<!doctype html>"));
        assert!(
            page.contains(
                "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            )
        );
        assert!(page.contains("@media print"));
        assert!(page.contains(&format!(
            "<h1>{}</h1>",
            escape(recipe["name"].as_str().unwrap())
        )));
        for line in recipe["ingredient_lines"].as_array().unwrap() {
            assert!(
                page.contains(&format!(
                    "<span class=\"name\">{}</span> <span class=\"amount\">{}</span>",
                    escape(line["name"].as_str().unwrap()),
                    escape(line["display"].as_str().unwrap())
                )),
                "{line}"
            );
        }
        let steps: Vec<String> = recipe["steps"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| escape(s.as_str().unwrap()))
            .collect();
        assert_eq!(step_items(&page), steps);
        assert!(page.contains(&format!("<b>Prep</b> {} min", recipe["prep_minutes"])));
        assert!(page.contains(&format!("<dd>{} kcal</dd>", recipe["calories"])));
        assert!(page.contains(&format!("<dd>{} mg</dd>", recipe["sodium"])));
        assert!(page.contains(&format!(
            "<dd>{:.1} g</dd>",
            recipe["saturated_fat"].as_f64().unwrap()
        )));
        assert!(!page.contains("<script") && !page.contains("<link") && !page.contains("src="));
    }
    // Unknown and malformed ids get a 404 page, not JSON; other methods 405.
    for path in ["/recipes/999999", "/recipes/abc", "/recipes/0/"] {
        let reply = app.get(path, None).await;
        assert_eq!(reply.status, 404, "{path}");
        assert_eq!(
            reply.header("content-type"),
            Some("text/html; charset=utf-8")
        );
        assert!(reply.text.contains("<h1>Recipe not found</h1>"));
    }
    let reply = app.send(Method::POST, url, None, &[], None).await;
    assert_eq!((reply.status, reply.header("allow")), (405, Some("GET")));
}

/// A database seeded before recipe cards existed gets them at the next
/// start (the seeding fingerprint covers the card), and a changed step
/// rewrites its recipe in place.
async fn cards_are_seeded_into_older_databases(b: Backend) {
    let db = std::rc::Rc::new(crate::helpers::TestDb::create(b));
    let old = mealplan_adapters::Database::open(&db.url(), Default::default()).unwrap();
    old.migrate_before(Some("2026-11-23-000101")).unwrap();
    let columns = "id, recipe_id, name, calories, protein, carbs, fat, fiber, sugar, meal_types, \
                   diet_types, allergens, tastes, ingredients, fingerprint";
    db.execute(&format!(
        "INSERT INTO recipes ({columns}) VALUES (1048, 1048, 'Shakshuka with sourdough', 1, 1, \
         1, 1, 0, 0, 'breakfast', '', '', '', 'egg:100', 'before cards')"
    ));
    drop(old);
    let app = spawn_app_with(db.clone(), crate::helpers::settings).await;
    let r = app.get("/api/recipes/1048", None).await.json;
    assert!(r["steps"].as_array().unwrap().len() >= 2, "{r}");
    assert!(r["prep_minutes"].as_u64().unwrap() > 0);
    assert!(r["sodium"].as_i64().unwrap() > 0);
    assert_eq!(r["recipe_url"], "/recipes/1048");

    let store = mealplan_adapters::Database::open(&db.url(), Default::default()).unwrap();
    let mut catalogue = mealplan_catalogue::load().unwrap();
    let report = store.seed_catalogue(&catalogue).unwrap();
    assert_eq!((report.inserted, report.updated), (0, 0));
    catalogue[0].card.steps[0] = "Stir {rolled oats} into {milk} and {honey}.".into();
    let report = store.seed_catalogue(&catalogue).unwrap();
    assert_eq!((report.inserted, report.updated), (0, 1));
}

/// `?servings=` scales the page: amounts, household measures, steps and
/// nutrition are for the portion, which the page names at the top; a bad
/// value is a 422 page that changes nothing.
async fn the_recipe_page_scales_to_a_portion(b: Backend) {
    let app = spawn_app(b).await;
    let recipe: Value = app.get("/api/recipes/3084", None).await.json;
    let url = recipe["recipe_url"].as_str().unwrap();
    let one = app.get(url, None).await.text;
    let reply = app.get(&format!("{url}?servings=1.25"), None).await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    let page = reply.text;
    assert!(page.contains("<b>Portion</b> 1¼ servings"), "{page}");
    assert!(page.contains("Nutrition for 1¼ servings"));
    assert!(one.contains("<b>Portion</b> 1 serving") && one.contains("Nutrition per serving"));
    // The nutrition of 1.25 servings, within the rounding of one.
    let near = |value: f64, unit: &str| {
        let want = (value * 1.25).round() as i64;
        (want - 2..=want + 2).any(|v| page.contains(&format!("<dd>{v} {unit}</dd>")))
    };
    assert!(near(recipe["calories"].as_f64().unwrap(), "kcal"), "kcal");
    assert!(near(recipe["sodium"].as_f64().unwrap(), "mg"), "sodium");
    // And what the portion weighs as served: its ingredients' grams.
    let grams: f64 = recipe["ingredient_lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["grams"].as_f64().unwrap())
        .sum();
    assert!(
        page.contains("<dt>Weight as served</dt>") && near(grams, "g"),
        "weight {grams}"
    );
    // Every ingredient at 1.25 times its grams.
    for line in recipe["ingredient_lines"].as_array().unwrap() {
        let grams = line["grams"].as_f64().unwrap() * 1.25;
        let name = escape(line["name"].as_str().unwrap());
        let shown = page
            .split(&format!(
                "<span class=\"name\">{name}</span> <span class=\"amount\">"
            ))
            .nth(1)
            .and_then(|rest| rest.split(' ').next())
            .unwrap_or_else(|| panic!("{name} listed"));
        let got: f64 = shown.parse().unwrap_or_else(|_| panic!("{name}: {shown}"));
        assert!(
            (got - grams).abs() <= grams * 0.05 + 1.0,
            "{name}: {got} vs {grams}"
        );
    }
    // Steps change with the amounts (the same count of steps).
    assert_eq!(step_items(&page).len(), step_items(&one).len());
    assert_ne!(step_items(&page), step_items(&one));
    // The water in the steps scales too: 420 ml for one serving (since
    // issue 38's one-person servings; 450 before), shown to 25 ml.
    assert!(one.contains("425 ml boiling water"), "{one}");
    assert!(page.contains("525 ml boiling water"), "{page}");
    let small = app.get(&format!("{url}?servings=0.75"), None).await.text;
    assert!(small.contains("325 ml boiling water"), "{small}");
    // Eggs come whole, and a page that rounds says so: 150 g of egg for
    // one serving is 3 eggs, for 1.25 servings 3¾, cooked as 4.
    let eggs = app.get("/recipes/1042?servings=1.25", None).await.text;
    assert!(eggs.contains("188 g (4 eggs, rounded from 3¾"), "{eggs}");
    assert!(eggs.contains("Rounded to whole units: egg"), "{eggs}");
    assert!(!eggs.contains("¾ egg"), "{eggs}");
    for bad in ["abc", "0", "-1", "11", "NaN", "inf", "", "1e400"] {
        let reply = app.get(&format!("{url}?servings={bad}"), None).await;
        assert_eq!(reply.status, 422, "{bad}");
        assert_eq!(
            reply.header("content-type"),
            Some("text/html; charset=utf-8")
        );
        assert!(reply.text.contains("<h1>Invalid portion</h1>"), "{bad}");
    }
    // A planned meal's link opens its page at the meal's portion.
    assert_eq!(
        app.get(&format!("{url}?servings=2"), None).await.status,
        200
    );
}

/// Every recipe's `image_url` is its plate, drawn by the service: an SVG
/// whose wedges follow the recipe's food groups, cacheable, revalidated
/// by its ETag; an unknown recipe has none.
async fn every_recipe_has_its_plate_picture(b: Backend) {
    let app = spawn_app(b).await;
    let page = app.get("/api/recipes?limit=100", None).await.json;
    let items = page["items"]
        .as_array()
        .or(page.as_array())
        .unwrap()
        .clone();
    assert!(!items.is_empty());
    for r in &items {
        let url = r["image_url"].as_str().unwrap_or_else(|| panic!("{r}"));
        assert_eq!(url, format!("/recipes/{}/plate.svg", r["id"]), "{r}");
    }
    // Chicken and broccoli stir-fry with rice: chicken 180 g; rice 200 g;
    // broccoli 150 g, scallions 15 g and garlic 5 g on the plate (550 g);
    // soy sauce, ginger and oil aside.
    let reply = app.get("/recipes/3004/plate.svg", None).await;
    assert_eq!(reply.status, 200);
    assert_eq!(reply.header("content-type"), Some("image/svg+xml"));
    assert!(reply.header("cache-control").unwrap().contains("max-age"));
    let svg = &reply.text;
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(svg.contains("Chicken and broccoli stir-fry with rice"));
    // 200 / 550 grains, 180 / 550 protein, 170 / 550 vegetables.
    for want in [
        "Grains 36%",
        "Protein 33%",
        "Vegetables 31%",
        "Fruits 0%",
        "Dairy (cup) 0%",
    ] {
        assert!(svg.contains(want), "{want}: {svg}");
    }
    assert_eq!(svg.matches("<path d=").count(), 3);
    assert!(!svg.contains("<script") && !svg.contains("href="));
    let tag = reply.header("etag").unwrap().to_owned();
    let again = app
        .send(
            Method::GET,
            "/recipes/3004/plate.svg",
            None,
            &[("if-none-match", tag.as_str())],
            None,
        )
        .await;
    assert_eq!(again.status, 304);
    assert!(again.text.is_empty());
    for path in [
        "/recipes/999999/plate.svg",
        "/recipes/abc/plate.svg",
        "/recipes/9223372036854775808/plate.svg",
    ] {
        let reply = app.get(path, None).await;
        assert_eq!(
            (reply.status, reply.json),
            (404, json!({"detail": "Recipe not found"})),
            "{path}"
        );
    }
}

crate::on_both_backends!(
    every_recipe_has_its_plate_picture,
    the_recipe_page_scales_to_a_portion,
    one_recipe_has_lines_steps_times_and_nutrients,
    every_recipe_links_its_page,
    the_recipe_page_shows_the_same_content,
    cards_are_seeded_into_older_databases,
);
