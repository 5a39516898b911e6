//! The nutrition assistant over HTTP: each of the seven tools asked for in
//! English and in Spanish, carried out for real, and the answers a person
//! reads.

use awc::http::Method;
use serde_json::{Value, json};

use crate::helpers::{Backend, Reply, TestApp, spawn_app};

async fn say(app: &TestApp, token: &str, message: &str) -> Reply {
    let query = serde_urlencoded::to_string([("message", message)]).unwrap();
    app.send(
        Method::POST,
        &format!("/api/chat/?{query}"),
        Some(token),
        &[],
        None,
    )
    .await
}

/// Says `message`, expects 200 with exactly `tools` used, returns the text.
async fn expect(app: &TestApp, token: &str, message: &str, tools: &[&str]) -> String {
    let reply = say(app, token, message).await;
    assert_eq!(reply.status, 200, "{message}: {}", reply.text);
    assert_eq!(
        reply.json["used_tools"],
        json!(tools),
        "{message}: {}",
        reply.text
    );
    let text = reply.json["response"].as_str().unwrap().to_owned();
    assert!(!text.trim().is_empty(), "{message}");
    text
}

fn profile() -> Value {
    json!({
        "goal": "maintain_weight", "height": 175, "weight": 72, "body_type": "normal",
        "gender": "male", "meals_per_day": 3, "activity_level": "medium",
        "birth_date": "1992-04-10",
    })
}

async fn plan(app: &TestApp, token: &str) -> Value {
    let reply = app.get("/api/plan/current", Some(token)).await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    reply.json
}

/// The meal of `day` and `meal_type` in a plan body.
fn meal<'a>(plan: &'a Value, day: u64, meal_type: &str) -> &'a Value {
    plan["daily_menus"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["day_of_week"] == day)
        .and_then(|d| {
            d["meal_details"]
                .as_array()
                .unwrap()
                .iter()
                .find(|m| m["meal_type"] == meal_type)
        })
        .unwrap_or_else(|| panic!("no {meal_type} on day {day}"))
}

async fn the_assistant_plans_and_changes_in_english(b: Backend) {
    let app = spawn_app(b).await;
    let token = app.token_for("chat@example.com").await;

    // Without a profile it says what to do first; nothing is created.
    let text = expect(
        &app,
        &token,
        "Create my weekly plan",
        &["generate_weekly_plan"],
    )
    .await;
    assert!(text.contains("profile"), "{text}");
    assert_eq!(app.get("/api/plan/current", Some(&token)).await.status, 404);

    let put = app
        .json(Method::PUT, "/api/profile", Some(&token), &profile())
        .await;
    assert_eq!(put.status, 200, "{}", put.text);
    let targets = put.json;

    // A weekly plan: active afterwards, its days and totals in the answer.
    let text = expect(
        &app,
        &token,
        "Create my weekly plan",
        &["generate_weekly_plan"],
    )
    .await;
    let plan1 = plan(&app, &token).await;
    assert_eq!(plan1["daily_menus"].as_array().unwrap().len(), 7);
    let summary = app
        .get("/api/plan/current/summary", Some(&token))
        .await
        .json;
    for (name, day) in ["Monday", "Sunday"].iter().zip([0, 6]) {
        let kcal = &summary["days"][day]["planned"]["calories"];
        assert!(
            text.contains(&format!("**{name}** — {kcal} kcal")),
            "{text}"
        );
    }
    let lunch = meal(&plan1, 1, "lunch");
    assert!(
        text.contains(lunch["recipe"]["name"].as_str().unwrap()),
        "{text}"
    );
    assert!(text.contains(&format!(
        "{} kcal",
        targets["calories_target"].as_f64().unwrap() as i64
    )));

    // The plan, and one day of it.
    let text = expect(&app, &token, "Show my plan", &["get_current_plan_summary"]).await;
    assert!(
        text.contains(
            meal(&plan1, 7, "dinner")["recipe"]["name"]
                .as_str()
                .unwrap()
        )
    );
    let text = expect(
        &app,
        &token,
        "What's for dinner on Tuesday?",
        &["get_current_plan_summary"],
    )
    .await;
    assert!(
        text.contains("Tuesday") && !text.contains("Wednesday"),
        "{text}"
    );

    // The profile.
    let text = expect(
        &app,
        &token,
        "Show my profile and targets",
        &["get_user_profile_summary"],
    )
    .await;
    assert!(
        text.contains("maintain weight") && text.contains("175 cm"),
        "{text}"
    );

    // Alternatives, then the second one taken.
    let text = expect(
        &app,
        &token,
        "Suggest alternatives for Monday's lunch",
        &["suggest_recipe_alternatives"],
    )
    .await;
    let options: Vec<String> = text
        .lines()
        .filter_map(|l| l.strip_prefix("2. "))
        .map(|l| l.split(" — ").next().unwrap().to_owned())
        .collect();
    assert_eq!(options.len(), 1, "{text}");
    let text = expect(
        &app,
        &token,
        "Replace Monday's lunch with option 2",
        &["replace_meal_in_plan"],
    )
    .await;
    let plan2 = plan(&app, &token).await;
    let new_lunch = meal(&plan2, 1, "lunch");
    assert_eq!(new_lunch["recipe"]["name"], json!(options[0]), "{text}");
    assert!(text.contains(&options[0]) && text.contains(lunch["recipe"]["name"].as_str().unwrap()));
    assert_eq!(new_lunch["id"], lunch["id"]);

    // A replacement with no choice takes the closest fitting recipe.
    let dinner = meal(&plan2, 2, "dinner").clone();
    expect(
        &app,
        &token,
        "please swap tuesday's dinner",
        &["replace_meal_in_plan"],
    )
    .await;
    assert_ne!(
        meal(&plan(&app, &token).await, 2, "dinner")["recipe_id"],
        dinner["recipe_id"]
    );

    // A search: every result named exists and fits the criteria.
    let text = expect(
        &app,
        &token,
        "Find vegan breakfast recipes under 400 kcal",
        &["search_recipes_by_criteria"],
    )
    .await;
    let names: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("- **"))
        .map(|l| l.split("**").next().unwrap())
        .collect();
    assert!(!names.is_empty(), "{text}");
    let vegan = app
        .get(
            "/api/recipes?meal_type=breakfast&diet_type=vegan&limit=500",
            None,
        )
        .await
        .json;
    for name in names {
        let r = vegan["items"]
            .as_array()
            .or(vegan.as_array())
            .unwrap()
            .iter()
            .find(|r| r["name"] == name)
            .unwrap_or_else(|| panic!("{name} is not a vegan breakfast"));
        assert!(r["calories"].as_i64().unwrap() <= 400);
    }

    // Preferences land in the profile.
    let text = expect(
        &app,
        &token,
        "I don't like fish",
        &["update_user_preference"],
    )
    .await;
    assert!(text.contains("fish"), "{text}");
    expect(
        &app,
        &token,
        "I love spicy food",
        &["update_user_preference"],
    )
    .await;
    let profile = app.get("/api/profile", Some(&token)).await.json;
    assert!(
        profile["restrictions"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["name"] == "fish")
    );
    assert!(
        profile["tastes"]
            .as_array()
            .unwrap()
            .iter()
            .any(|t| t["name"] == "spicy")
    );
    // Targets computed before stay computed.
    assert_eq!(profile["calories_target"], targets["calories_target"]);
    assert_eq!(profile["manual_fields"], json!([]));

    // Anything else: what it can do, never an error.
    let text = expect(&app, &token, "what is the meaning of life?", &[]).await;
    assert!(text.contains("Create my weekly plan"), "{text}");
}

async fn the_assistant_speaks_spanish(b: Backend) {
    let app = spawn_app(b).await;
    let token = app.token_for("chat-es@example.com").await;
    app.json(Method::PUT, "/api/profile", Some(&token), &profile())
        .await;

    let text = expect(
        &app,
        &token,
        "genera mi plan semanal",
        &["generate_weekly_plan"],
    )
    .await;
    assert!(
        text.contains("**Lunes**") && text.contains("listo"),
        "{text}"
    );
    let plan1 = plan(&app, &token).await;
    assert_eq!(plan1["daily_menus"].as_array().unwrap().len(), 7);

    let text = expect(
        &app,
        &token,
        "muéstrame mi plan",
        &["get_current_plan_summary"],
    )
    .await;
    assert!(text.contains("Tu plan activo"), "{text}");
    let text = expect(
        &app,
        &token,
        "muestra mi perfil",
        &["get_user_profile_summary"],
    )
    .await;
    assert!(text.contains("mantener el peso"), "{text}");
    let text = expect(
        &app,
        &token,
        "alternativas para la cena del miércoles",
        &["suggest_recipe_alternatives"],
    )
    .await;
    assert!(
        text.starts_with("Alternativas para Cena del miércoles"),
        "{text}"
    );
    let dinner = meal(&plan1, 3, "dinner").clone();
    let text = expect(
        &app,
        &token,
        "cambia la cena del miércoles por la opción 1",
        &["replace_meal_in_plan"],
    )
    .await;
    assert!(text.starts_with("Hecho"), "{text}");
    assert_ne!(
        meal(&plan(&app, &token).await, 3, "dinner")["recipe_id"],
        dinner["recipe_id"]
    );
    let text = expect(
        &app,
        &token,
        "busca recetas con pollo",
        &["search_recipes_by_criteria"],
    )
    .await;
    assert!(
        text.contains("He encontrado") && text.to_lowercase().contains("chicken"),
        "{text}"
    );
    let text = expect(
        &app,
        &token,
        "no me gusta el pescado",
        &["update_user_preference"],
    )
    .await;
    assert!(text.contains("\"fish\""), "{text}");
    let profile = app.get("/api/profile", Some(&token)).await.json;
    assert!(
        profile["restrictions"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["name"] == "fish")
    );
    // A new plan follows the new restriction.
    expect(
        &app,
        &token,
        "crea un plan nuevo para la semana",
        &["generate_weekly_plan"],
    )
    .await;
    let plan2 = plan(&app, &token).await;
    assert_ne!(plan2["id"], plan1["id"]);
    let text = expect(&app, &token, "¿cuál es el sentido de la vida?", &[]).await;
    assert!(text.contains("Genera mi plan semanal"), "{text}");
}

async fn chat_messages_are_validated(b: Backend) {
    let app = spawn_app(b).await;
    let token = app.token_for("chat-v@example.com").await;
    let post = |path: String, token: Option<String>| {
        let app = &app;
        async move {
            app.send(Method::POST, &path, token.as_deref(), &[], None)
                .await
        }
    };
    let r = post("/api/chat/".into(), Some(token.clone())).await;
    assert_eq!(
        (r.status, r.json),
        (
            422,
            json!({"detail":[{"type":"missing","loc":["query","message"],"msg":"Field required","input":null}]})
        )
    );
    let r = post("/api/chat?message=".into(), Some(token.clone())).await;
    assert_eq!(
        (r.status, r.json),
        (
            422,
            json!({"detail":[{"type":"string_too_short","loc":["query","message"],"msg":"String should have at least 1 character","input":"","ctx":{"min_length":1}}]})
        )
    );
    let long = "a".repeat(2001);
    let r = post(format!("/api/chat?message={long}"), Some(token.clone())).await;
    assert_eq!(
        (r.status, r.json),
        (
            422,
            json!({"detail":[{"type":"string_too_long","loc":["query","message"],"msg":"String should have at most 2000 characters","input":long,"ctx":{"max_length":2000}}]})
        )
    );
    let ok = post(
        format!("/api/chat?message={}", "a".repeat(2000)),
        Some(token.clone()),
    )
    .await;
    assert_eq!(ok.status, 200);
    let r = post("/api/chat/?message=hi".into(), None).await;
    assert_eq!(
        (r.status, r.json),
        (401, json!({"detail": "Not authenticated"}))
    );
    let r = app.get("/api/chat?message=hi", Some(&token)).await;
    assert_eq!(r.status, 405);
    assert_eq!(r.header("allow"), Some("POST"));
    let hello = post("/api/chat?message=Hello".into(), Some(token)).await;
    assert_eq!(hello.json["used_tools"], json!([]));
    assert!(hello.json["response"].as_str().unwrap().contains("Smarty"));
}

crate::on_both_backends!(
    the_assistant_plans_and_changes_in_english,
    the_assistant_speaks_spanish,
    chat_messages_are_validated,
);
