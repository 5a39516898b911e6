//! The nutrition assistant over HTTP: each of the seven tools asked for in
//! English and in Spanish, carried out for real, and the answers a person
//! reads.

use awc::http::Method;
use serde_json::{Value, json};

use crate::helpers::{Backend, Reply, TestApp, spawn_app};

pub(crate) async fn say(app: &TestApp, token: &str, message: &str) -> Reply {
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
pub(crate) async fn expect(app: &TestApp, token: &str, message: &str, tools: &[&str]) -> String {
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

pub(crate) fn profile() -> Value {
    json!({
        "goal": "maintain_weight", "height": 175, "weight": 72, "body_type": "normal",
        "gender": "male", "meals_per_day": 3, "activity_level": "medium",
        "birth_date": "1992-04-10",
    })
}

/// The active plan's answer.
pub(crate) async fn plan(app: &TestApp, token: &str) -> Value {
    let reply = app.get("/api/plan/current", Some(token)).await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    reply.json
}

/// The meal of `day` and `meal_type` in a plan body.
pub(crate) fn meal<'a>(plan: &'a Value, day: u64, meal_type: &str) -> &'a Value {
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
            "/api/recipes?meal_type=breakfast&diet_type=vegan&limit=100",
            None,
        )
        .await
        .json;
    for name in names {
        let r = vegan["items"]
            .as_array()
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
    // Every word of the answer in Spanish: the restriction is stored as
    // the rules read it (English), named in the answer in Spanish.
    assert!(text.contains("\"pescado\""), "{text}");
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
    // A message too long is refused without being sent back: the answer
    // says how long it was, not what it said.
    let long = "secret".repeat(400);
    let r = post(format!("/api/chat?message={long}"), Some(token.clone())).await;
    assert_eq!(
        (r.status, r.json),
        (
            422,
            json!({"detail":[{"type":"string_too_long","loc":["query","message"],"msg":"String should have at most 2000 characters","input":"(2400 characters, not repeated here)","ctx":{"max_length":2000}}]})
        )
    );
    assert!(!r.text.contains("secretsecret"), "{}", r.text);
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

/// A scripted OpenAI-compatible server: `mode` picks its behaviour.
#[derive(Clone, Copy)]
pub(crate) enum Script {
    /// Calls `generate_weekly_plan`, then answers in its own words.
    Plans,
    /// Calls `add_own_recipe` with a recipe of two lines, then answers
    /// with the tool's own words.
    OwnRecipe,
    /// Answers 500.
    Fails,
    /// Takes longer than the service waits.
    Hangs,
}

/// Starts the scripted model server; returns its base URL and the requests
/// it received.
fn fake_model(script: Script) -> (String, std::sync::Arc<std::sync::Mutex<Vec<Value>>>) {
    use actix_web::{App, HttpResponse, HttpServer, web};
    let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let log = seen.clone();
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    let server = HttpServer::new(move || {
        let log = log.clone();
        App::new().route(
            "/v1/chat/completions",
            web::post().to(move |body: web::Json<Value>| {
                let log = log.clone();
                async move {
                    log.lock().unwrap().push(body.0.clone());
                    let answered = body.0["messages"]
                        .as_array()
                        .is_some_and(|m| m.iter().any(|m| m["role"] == "tool"));
                    match script {
                        Script::Fails => HttpResponse::InternalServerError().body("boom"),
                        Script::Hangs => {
                            actix_web::rt::time::sleep(std::time::Duration::from_secs(30)).await;
                            HttpResponse::Ok().json(json!({}))
                        }
                        Script::Plans if !answered => HttpResponse::Ok().json(json!({
                            "choices": [{"message": {"role": "assistant", "content": null,
                                "tool_calls": [{"id": "call_1", "type": "function",
                                    "function": {"name": "generate_weekly_plan", "arguments": "{\"days\": 3}"}}]}}]
                        })),
                        Script::OwnRecipe if !answered => HttpResponse::Ok().json(json!({
                            "choices": [{"message": {"role": "assistant", "content": null,
                                "tool_calls": [{"id": "call_1", "type": "function",
                                    "function": {"name": "add_own_recipe", "arguments": "{\"name\": \"Model rice bowl\", \"ingredients\": \"200g white rice; 2 tbsp olive oil\", \"servings\": 2, \"meal_types\": \"lunch\"}"}}]}}]
                        })),
                        Script::OwnRecipe => HttpResponse::Ok().json(json!({
                            "choices": [{"message": {"role": "assistant", "content": "Saved it."}}]
                        })),
                        Script::Plans => HttpResponse::Ok().json(json!({
                            "choices": [{"message": {"role": "assistant",
                                "content": "Your 3-day plan is ready, enjoy!"}}]
                        })),
                    }
                }
            }),
        )
    })
    .workers(1)
    .listen(listener)
    .unwrap()
    .run();
    actix_web::rt::spawn(server);
    (format!("http://{addr}/v1"), seen)
}

pub(crate) async fn app_with_model(
    b: Backend,
    script: Script,
) -> (TestApp, std::sync::Arc<std::sync::Mutex<Vec<Value>>>) {
    let (url, seen) = fake_model(script);
    let db = std::rc::Rc::new(crate::helpers::TestDb::create(b));
    let app = crate::helpers::spawn_app_with(db, move |db| {
        let mut s = crate::helpers::settings(db);
        s.chat_model = Some(mealplan_http::ChatModelConfig {
            url,
            model: "scripted".into(),
            api_key: Some("sk-test".into()),
            timeout: std::time::Duration::from_secs(1),
        });
        s
    })
    .await;
    (app, seen)
}

async fn a_model_chooses_the_tools_and_words_the_answer(b: Backend) {
    let (app, seen) = app_with_model(b, Script::Plans).await;
    let token = app.token_for("model@example.com").await;
    app.json(Method::PUT, "/api/profile", Some(&token), &profile())
        .await;
    let text = expect(
        &app,
        &token,
        "I'd like a short plan, three days",
        &["generate_weekly_plan"],
    )
    .await;
    assert_eq!(text, "Your 3-day plan is ready, enjoy!");
    assert_eq!(
        plan(&app, &token).await["daily_menus"]
            .as_array()
            .unwrap()
            .len(),
        3
    );
    let seen = seen.lock().unwrap();
    assert_eq!(seen.len(), 2);
    assert_eq!(seen[0]["model"], "scripted");
    let tools: Vec<&str> = seen[0]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["function"]["name"].as_str().unwrap())
        .collect();
    // The original agent's seven, adding a household member, adding one's
    // own recipe.
    assert_eq!(tools.len(), 9, "{tools:?}");
    assert!(tools.contains(&"add_own_recipe"), "{tools:?}");
    // The tool's result went back to the model, in words.
    let result = seen[1]["messages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["role"] == "tool")
        .unwrap();
    assert_eq!(result["tool_call_id"], "call_1");
    assert!(
        result["content"]
            .as_str()
            .unwrap()
            .contains("3-day plan is ready")
    );
}

async fn a_failing_or_slow_model_falls_back_to_the_built_in_assistant(b: Backend) {
    for script in [Script::Fails, Script::Hangs] {
        let (app, seen) = app_with_model(b, script).await;
        let token = app.token_for("fallback@example.com").await;
        app.json(Method::PUT, "/api/profile", Some(&token), &profile())
            .await;
        let started = std::time::Instant::now();
        let text = expect(
            &app,
            &token,
            "Create my weekly plan",
            &["generate_weekly_plan"],
        )
        .await;
        // Under the model's 30 s hang by far, with room for a loaded
        // machine to plan the week (the model's own timeout is 1 s).
        assert!(started.elapsed() < std::time::Duration::from_secs(15));
        assert!(text.contains("**Monday**"), "{text}");
        assert_eq!(
            plan(&app, &token).await["daily_menus"]
                .as_array()
                .unwrap()
                .len(),
            7
        );
        assert_eq!(seen.lock().unwrap().len(), 1);
    }
}

/// "A new plan with more protein": said back, made on yes, and kept with
/// the plan, so its summary, fit and re-balancing use the same targets
/// while the profile stays as it was; a plan with eaten meals is never
/// replaced without a yes.
async fn a_plan_made_with_changes_keeps_them(b: Backend) {
    let app = spawn_app(b).await;
    let token = app.token_for("changes@example.com").await;
    let put = app
        .json(Method::PUT, "/api/profile", Some(&token), &profile())
        .await;
    let protein = put.json["protein_target"].as_f64().unwrap();
    let calories = put.json["calories_target"].as_f64().unwrap();
    expect(
        &app,
        &token,
        "Create my weekly plan",
        &["generate_weekly_plan"],
    )
    .await;
    let first = plan(&app, &token).await;
    // Tick a meal off: a new plan now needs a yes.
    let meal_id = meal(&first, 1, "breakfast")["id"].clone();
    let r = app
        .send(
            Method::PUT,
            &format!("/api/meal-detail/{meal_id}/status?status=1"),
            Some(&token),
            &[],
            None,
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text);
    let text = expect(
        &app,
        &token,
        "make me a new plan with more protein",
        &["generate_weekly_plan"],
    )
    .await;
    assert!(text.contains('?') && text.contains("Protein"), "{text}");
    assert_eq!(plan(&app, &token).await["id"], first["id"], "asked first");
    let text = expect(&app, &token, "yes", &["generate_weekly_plan"]).await;
    assert!(text.contains("ready"), "{text}");
    let second = plan(&app, &token).await;
    assert_ne!(second["id"], first["id"]);
    let summary = app
        .get("/api/plan/current/summary", Some(&token))
        .await
        .json;
    let planned = summary["targets"]["protein"].as_f64().unwrap();
    assert!(planned > protein * 1.1, "{planned} vs {protein}");
    assert_eq!(summary["targets"]["calories"].as_f64().unwrap(), calories);
    // The profile is unchanged.
    let profile = app.get("/api/profile", Some(&token)).await.json;
    assert_eq!(profile["protein_target"].as_f64().unwrap(), protein);
    // The days aim at the plan's own protein.
    for day in summary["days"].as_array().unwrap() {
        let p = day["planned"]["protein"].as_f64().unwrap();
        assert!((p - planned).abs() <= planned * 0.1 + 1.0, "{day}");
    }
    // Re-balancing keeps to them as well.
    expect(&app, &token, "rebalance my week", &["rebalance_day"]).await;
    let after = app
        .get("/api/plan/current/summary", Some(&token))
        .await
        .json;
    assert_eq!(after["targets"], summary["targets"]);
    for day in after["days"].as_array().unwrap() {
        let p = day["planned"]["protein"].as_f64().unwrap();
        assert!((p - planned).abs() <= planned * 0.1 + 1.0, "{day}");
    }
}

/// A stranger with no profile who tells the assistant about themselves
/// gets their profile made from it (asked only for what is missing, the
/// defaults said back), and the plan they asked for keeps their diet; in
/// Spanish and in English, with typos.
async fn a_stranger_makes_their_profile_by_telling_the_assistant(b: Backend) {
    let app = spawn_app(b).await;
    let token = app.token_for("ana@example.com").await;
    let text = expect(
        &app,
        &token,
        "hola! soy pescetariana, mujer de 29 años, 160 cm y 58 kilos, quiero bajar de peso. hazme un plan",
        &["create_user_profile"],
    )
    .await;
    assert!(text.contains("He creado tu perfil"), "{text}");
    assert!(text.contains("valores por defecto"), "{text}");
    let profile = app.get("/api/profile", Some(&token)).await;
    assert_eq!(profile.status, 200, "{}", profile.text);
    let p = &profile.json;
    assert_eq!(
        (p["gender"].as_str(), p["goal"].as_str()),
        (Some("female"), Some("lose_weight"))
    );
    assert_eq!(
        (p["height"].as_f64(), p["weight"].as_f64()),
        (Some(160.0), Some(58.0))
    );
    assert_eq!(p["restrictions"][0]["name"], "pescatarian", "{p}");
    assert_eq!(p["restriction_rules"][0]["enforced"], true, "{p}");
    let plan = app.get("/api/plan/current", Some(&token)).await;
    assert_eq!(plan.status, 200, "the plan asked for: {text}");
    let meats = [
        "chicken", "beef", "pork", "ham", "turkey", "bacon", "lamb", "sausage",
    ];
    for day in plan.json["daily_menus"].as_array().unwrap() {
        for meal in day["meal_details"].as_array().unwrap() {
            let ingredients = meal["recipe"]["ingredients"]
                .as_str()
                .unwrap()
                .to_lowercase();
            assert!(
                !meats.iter().any(|m| ingredients
                    .split(", ")
                    .any(|i| i.split(' ').any(|w| w == *m))),
                "{}: {ingredients}",
                meal["recipe"]["name"]
            );
        }
    }

    // Two requests beside the facts: the plan, then the day asked about.
    let token = app.token_for("leo@example.com").await;
    let reply = say(
        &app,
        &token,
        "soy vegetariano, hombre de 30 años, 175 cm y 70 kg. hazme un plan y dime cuánta proteína hay el lunes",
    )
    .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    let tools = reply.json["used_tools"].to_string();
    assert!(tools.starts_with("[\"create_user_profile\""), "{tools}");
    assert!(
        tools.len() > "[\"create_user_profile\"]".len(),
        "the day asked about: {tools}"
    );
    assert_eq!(app.get("/api/plan/current", Some(&token)).await.status, 200);

    // Rules said beside the facts are made with the profile.
    let token = app.token_for("lucia@example.com").await;
    let text = expect(
        &app,
        &token,
        "Hola, me llamo Lucía. Tengo 33 años, peso 62 kilos y mido 1,65, soy vegana y no como gluten",
        &["create_user_profile"],
    )
    .await;
    let p = app.get("/api/profile", Some(&token)).await.json;
    assert_eq!(p["height"].as_f64(), Some(165.0), "{text}");
    assert_eq!(p["gender"], "female", "{text}");
    assert_eq!(p["diet_types"][0]["name"], "vegan", "{text}");
    let rules = p["restrictions"].to_string();
    assert!(rules.contains("gluten"), "{text}: {rules}");

    // In English, a fact missing: asked for, then the profile is made.
    let token = app.token_for("sam@example.com").await;
    let text = expect(
        &app,
        &token,
        "hi, im a 41 year old man and i weigh 90kg, i want to loose weight",
        &["create_user_profile"],
    )
    .await;
    assert!(text.contains("height"), "{text}");
    assert_eq!(app.get("/api/profile", Some(&token)).await.status, 404);
    // A plan asked for before the facts: the question comes again.
    let text = expect(&app, &token, "ok make my plan", &["create_user_profile"]).await;
    assert!(text.contains("height"), "{text}");
    let text = expect(&app, &token, "182 cm", &["create_user_profile"]).await;
    assert!(text.contains("I made your profile"), "{text}");
    assert_eq!(
        app.get("/api/plan/current", Some(&token)).await.status,
        200,
        "the plan asked for while waiting: {text}"
    );
    let p = app.get("/api/profile", Some(&token)).await.json;
    assert_eq!(
        (p["gender"].as_str(), p["height"].as_f64()),
        (Some("male"), Some(182.0))
    );
    assert_eq!(p["weight"].as_f64(), Some(90.0));
    // Someone with a profile who states facts changes it as before.
    let before = expect(&app, &token, "I weigh 88 kg now", &["update_user_profile"]).await;
    assert!(!before.contains("I made your profile"), "{before}");
}

/// A question about a day the plan does not hold says which days it
/// holds ("tomorrow" asked on a Saturday of a Monday-to-Wednesday plan).
async fn a_day_the_plan_lacks_is_answered_with_the_days_it_holds(b: Backend) {
    let app = spawn_app(b).await;
    let token = app.token_for("days@example.com").await;
    let plan = app
        .profile_and_plan(&token, &profile(), &json!({"days": 3, "seed": 4}))
        .await;
    assert_eq!(plan.status, 201, "{}", plan.text);
    let text = say(&app, &token, "whats for lunch on sunday").await.json["response"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(
        text.contains("Your plan has no Sunday: it holds Monday to Wednesday."),
        "{text}"
    );
    let text = say(&app, &token, "que ceno el viernes?").await.json["response"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(
        text.contains("Tu plan no incluye el viernes: va de lunes a miércoles."),
        "{text}"
    );
}

/// A food liked now that was kept out comes off the restrictions ("el
/// cilantro sí me gusta" after "no me gusta el cilantro"); an allergy,
/// which has a name of its own, stays.
async fn a_food_liked_now_is_no_longer_kept_out(b: Backend) {
    let app = spawn_app(b).await;
    let token = app.token_for("liked@example.com").await;
    let mut p = profile();
    p["restrictions"] = json!([{"name": "cilantro"}, {"name": "nut allergy"}]);
    let put = app
        .json(Method::PUT, "/api/profile", Some(&token), &p)
        .await;
    assert_eq!(put.status, 200, "{}", put.text);
    let text = say(&app, &token, "bueno, el cilantro sí me gusta")
        .await
        .json["response"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(text.contains("He quitado \"cilantro\""), "{text}");
    let text = say(&app, &token, "I like peanuts").await.json["response"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(!text.contains("took"), "{text}");
    let p = app.get("/api/profile", Some(&token)).await.json;
    let names = |k: &str| -> Vec<String> {
        p[k].as_array()
            .unwrap()
            .iter()
            .map(|i| i["name"].as_str().unwrap().to_owned())
            .collect()
    };
    assert_eq!(names("restrictions"), ["nut allergy"]);
    assert!(names("tastes").contains(&"cilantro".to_owned()), "{p}");
}

/// A day already gone is told as what was ticked off, never as what is
/// "left" ("what did I eat yesterday?"); today as eaten so far and left.
/// A liked food group is a taste the planner can prefer ("I like fish").
async fn a_past_day_is_told_as_ticked_off(b: Backend) {
    use chrono::Datelike;
    let app = spawn_app(b).await;
    let token = app.token_for("past@example.com").await;
    let plan = app
        .profile_and_plan(&token, &profile(), &json!({"seed": 4}))
        .await;
    assert_eq!(plan.status, 201, "{}", plan.text);
    let text = say(&app, &token, "what have I eaten today?").await.json["response"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(
        text.contains("eaten so far") && text.contains("Left for the day"),
        "{text}"
    );
    // On a Monday, yesterday is the plan's Sunday, still ahead.
    if chrono::Utc::now().weekday().number_from_monday() > 1 {
        let text = say(&app, &token, "what did I eat yesterday?").await.json["response"]
            .as_str()
            .unwrap()
            .to_owned();
        assert!(text.contains("ticked off as eaten"), "{text}");
        assert!(
            !text.contains("Left for the day") && !text.contains("Still to eat"),
            "{text}"
        );
    }
    let text = say(&app, &token, "I like fish").await.json["response"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(text.contains("Added \"fish\" to your tastes"), "{text}");
}

/// A day or a meal said alone goes on from the meal last shown ("what
/// about lunch?" is that day's lunch; "and on Friday?" Friday's dinner).
/// A dish asked for by name at a meal is put there; one the person's
/// rules keep out is refused with the rule named, and the meal is left
/// as it was, asked for by name or by food.
async fn a_follow_up_and_a_dish_asked_for_by_name(b: Backend) {
    let app = spawn_app(b).await;
    let token = app.token_for("named@example.com").await;
    let mut p = profile();
    p["restrictions"] = json!([{"name": "nut allergy"}]);
    let made = app.profile_and_plan(&token, &p, &json!({"seed": 4})).await;
    assert_eq!(made.status, 201, "{}", made.text);
    let text = expect(
        &app,
        &token,
        "what's for dinner on tuesday?",
        &["get_current_plan_summary"],
    )
    .await;
    assert!(text.contains("Tuesday's dinner"), "{text}");
    let text = expect(
        &app,
        &token,
        "what about lunch?",
        &["get_current_plan_summary"],
    )
    .await;
    assert!(text.contains("Tuesday's lunch"), "{text}");
    let text = expect(
        &app,
        &token,
        "and on friday?",
        &["get_current_plan_summary"],
    )
    .await;
    assert!(text.contains("Friday's lunch"), "{text}");
    let text = expect(
        &app,
        &token,
        "what are my dinners this week",
        &["get_current_plan_summary"],
    )
    .await;
    for day in ["Monday", "Wednesday", "Sunday"] {
        assert!(text.contains(&format!("{day}'s dinner")), "{text}");
    }

    let text = expect(
        &app,
        &token,
        "put the shakshuka on monday breakfast",
        &["replace_meal_in_plan"],
    )
    .await;
    assert!(text.contains("is now **Shakshuka"), "{text}");
    let breakfast = meal(&plan(&app, &token).await, 1, "breakfast")["recipe"]["name"].clone();
    assert!(
        breakfast.as_str().unwrap().starts_with("Shakshuka"),
        "{breakfast}"
    );
    let text = expect(
        &app,
        &token,
        "i want shakshuka for breakfast on monday",
        &["replace_meal_in_plan"],
    )
    .await;
    assert!(text.contains("is already **Shakshuka"), "{text}");
    let again = meal(&plan(&app, &token).await, 1, "breakfast")["recipe"]["name"].clone();
    assert_eq!(again, breakfast);

    let before = meal(&plan(&app, &token).await, 2, "breakfast").clone();
    let text = expect(
        &app,
        &token,
        "can i have peanut butter toast for breakfast on tuesday",
        &["replace_meal_in_plan"],
    )
    .await;
    assert!(text.contains("nut allergy"), "{text}");
    let text = expect(
        &app,
        &token,
        "i want something with peanut butter",
        &["search_recipes_by_criteria"],
    )
    .await;
    assert!(
        text.contains("\"nut allergy\" keeps out every dish with peanut butter"),
        "{text}"
    );
    let after = meal(&plan(&app, &token).await, 2, "breakfast").clone();
    assert_eq!(before["recipe"], after["recipe"]);
}

/// A food let back in is let back in, by whatever words: the stored
/// restriction says "except", a plan and a search hold only that kind of
/// the food kept out, and an allergy keeps its foods out and says so
/// (issue of trust: "no fish except salmon" had kept only salmon out).
async fn a_food_said_fine_is_let_back_in(b: Backend) {
    let app = spawn_app(b).await;
    let token = app.token_for("except@example.com").await;
    let put = app
        .json(Method::PUT, "/api/profile", Some(&token), &profile())
        .await;
    assert_eq!(put.status, 200, "{}", put.text);
    let restrictions = |p: &Value| -> Vec<String> {
        p["restrictions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["name"].as_str().unwrap().to_owned())
            .collect()
    };
    let text = expect(
        &app,
        &token,
        "no fish except salmon",
        &["update_user_preference"],
    )
    .await;
    assert!(text.contains("\"fish except salmon\""), "{text}");
    let p = app.get("/api/profile", Some(&token)).await.json;
    assert_eq!(restrictions(&p), ["fish except salmon"]);
    // Said later: the restriction takes the food in, never a second one.
    let text = expect(
        &app,
        &token,
        "el atún sí lo como",
        &["update_user_preference"],
    )
    .await;
    assert!(text.contains("pescado excepto salmón y atún"), "{text}");
    let text = expect(
        &app,
        &token,
        "no dairy, but cheese is fine",
        &["update_user_preference"],
    )
    .await;
    assert!(text.contains("but not cheese"), "{text}");
    // A liked food a dislike keeps out is let back in.
    expect(&app, &token, "no pork", &["update_user_preference"]).await;
    let text = expect(&app, &token, "I love bacon", &["update_user_preference"]).await;
    assert!(text.contains("\"pork except bacon\""), "{text}");
    // An allergy has no exceptions.
    let text = expect(
        &app,
        &token,
        "soy alérgica a los frutos secos pero las almendras sí",
        &["update_user_preference"],
    )
    .await;
    assert!(text.contains("nunca hago excepciones"), "{text}");
    let p = app.get("/api/profile", Some(&token)).await.json;
    assert_eq!(
        restrictions(&p),
        [
            "fish except salmon and tuna",
            "dairy except cheese",
            "pork except bacon",
            "nut allergy"
        ]
    );
    // The plan follows the rules as read.
    let taxonomy = mealplan_domain::Taxonomy::standard();
    let reply = app
        .json(
            Method::POST,
            "/api/plan/generate",
            Some(&token),
            &json!({"seed": 3}),
        )
        .await;
    assert_eq!(reply.status, 201, "{}", reply.text);
    for day in reply.json["daily_menus"].as_array().unwrap() {
        for m in day["meal_details"].as_array().unwrap() {
            for i in m["recipe"]["ingredients"].as_str().unwrap().split(", ") {
                let out = (taxonomy.is_a(i, "fish")
                    && !taxonomy.is_a(i, "salmon")
                    && !taxonomy.is_a(i, "tuna"))
                    || (taxonomy.is_a(i, "dairy") && !taxonomy.is_a(i, "cheese"))
                    || (taxonomy.is_a(i, "pork") && !taxonomy.is_a(i, "bacon"))
                    || taxonomy.is_a(i, "tree nut")
                    || taxonomy.is_a(i, "peanut");
                assert!(!out, "{} has {i}", m["recipe"]["name"]);
            }
        }
    }
    // A name past the 50 characters a restriction may have is said, and
    // nothing is lost: "fish except salmon and tuna and cod and trout"
    // (45) takes no mackerel.
    expect(
        &app,
        &token,
        "cod and trout are fine",
        &["update_user_preference"],
    )
    .await;
    let text = expect(
        &app,
        &token,
        "mackerel is fine",
        &["update_user_preference"],
    )
    .await;
    assert!(text.contains("50 characters"), "{text}");
    let p = app.get("/api/profile", Some(&token)).await.json;
    assert!(
        restrictions(&p).contains(&"fish except salmon and tuna and cod and trout".to_owned()),
        "{p}"
    );
    // Two names of one food: it stays out, and the answer says why.
    let text = expect(
        &app,
        &token,
        "no quiero champiñones, pero las setas sí",
        &["update_user_preference"],
    )
    .await;
    assert!(text.contains("las recetas no distinguen"), "{text}");
    let p = app.get("/api/profile", Some(&token)).await.json;
    assert!(restrictions(&p).contains(&"mushrooms".to_owned()), "{p}");
    // Said of a member, by name or relation: theirs, the same way.
    expect(
        &app,
        &token,
        "my son Leo, 6 years, 120 cm, 22 kg",
        &["add_household_member"],
    )
    .await;
    let text = say(&app, &token, "Leo doesn't eat fish except salmon")
        .await
        .json["response"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(text.contains("\"fish except salmon\""), "{text}");
    let text = say(&app, &token, "Leo no come carne, pero el pollo sí")
        .await
        .json["response"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(text.contains("\"carne excepto pollo\""), "{text}");
    let p = app.get("/api/profile", Some(&token)).await.json;
    assert!(
        !restrictions(&p).iter().any(|r| r.contains("chicken")),
        "{p}"
    );
}

crate::on_both_backends!(
    a_food_said_fine_is_let_back_in,
    a_follow_up_and_a_dish_asked_for_by_name,
    a_past_day_is_told_as_ticked_off,
    a_food_liked_now_is_no_longer_kept_out,
    a_day_the_plan_lacks_is_answered_with_the_days_it_holds,
    a_stranger_makes_their_profile_by_telling_the_assistant,
    a_plan_made_with_changes_keeps_them,
    the_assistant_plans_and_changes_in_english,
    the_assistant_speaks_spanish,
    chat_messages_are_validated,
    a_model_chooses_the_tools_and_words_the_answer,
    a_failing_or_slow_model_falls_back_to_the_built_in_assistant,
);
