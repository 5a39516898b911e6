//! The assistant against its corpus (`tests/chat/corpus.txt`): each
//! message, said by a fresh user in a given state, checked over HTTP by
//! its effect on the profile and the plan and by the language and numbers
//! of the answer, never by wording. On every message: nothing the rules
//! cannot read is stored, and a plan with eaten meals is never replaced
//! without a yes. The file's header says how cases are written.

use std::collections::BTreeSet;

use awc::http::Method;
use serde_json::{Value, json};

use crate::helpers::{Backend, TestApp};

const CORPUS: &str = include_str!("../chat/corpus.txt");

/// A message and what it must do.
#[derive(Debug)]
pub(crate) struct Step {
    line: usize,
    message: String,
    expect: Vec<(String, String)>,
    lang: &'static str,
}

/// Messages said by one user, from a starting state.
#[derive(Debug)]
pub(crate) struct Case {
    setup: String,
    steps: Vec<Step>,
}

/// The cases of a corpus file's text (the format in corpus.txt's header).
pub(crate) fn parse(text: &str) -> Vec<Case> {
    let mut cases: Vec<Case> = Vec::new();
    let mut lang = "en";
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || (line.starts_with('#') && !line.starts_with("##")) {
            continue;
        }
        if let Some(l) = line.strip_prefix("## ") {
            lang = if l.trim() == "es" { "es" } else { "en" };
            continue;
        }
        let (head, expect) = line
            .split_once("=>")
            .unwrap_or_else(|| panic!("line {}: no `=>`: {line}", i + 1));
        let expect: Vec<(String, String)> = expect
            .split_whitespace()
            .map(|kv| {
                let (k, v) = kv.split_once('=').unwrap_or((kv, ""));
                // `_` is a space in names; tool and field values keep it.
                let v = if ["r+", "r-", "t+", "says"].contains(&k) {
                    v.replace('_', " ")
                } else {
                    v.to_owned()
                };
                (k.to_owned(), v)
            })
            .collect();
        let head = head.trim();
        let step = |message: &str| Step {
            line: i + 1,
            message: message.trim().to_owned(),
            expect: expect.clone(),
            lang,
        };
        if let Some(message) = head.strip_prefix('+') {
            cases
                .last_mut()
                .unwrap_or_else(|| panic!("line {}: `+` with no case before", i + 1))
                .steps
                .push(step(message));
        } else {
            let (setup, message) = head
                .strip_prefix('[')
                .and_then(|h| h.split_once(']'))
                .unwrap_or_else(|| panic!("line {}: expected `[setup] message`", i + 1));
            cases.push(Case {
                setup: setup.to_owned(),
                steps: vec![step(message)],
            });
        }
    }
    cases
}

fn profile_body(setup: &str) -> Value {
    let mut p = json!({
        "goal": "maintain_weight", "height": 175, "weight": 72, "body_type": "normal",
        "gender": "male", "meals_per_day": 3, "activity_level": "medium",
        "birth_date": "1992-04-10",
    });
    for word in setup.split(',') {
        match word.trim() {
            "female" => {
                p["gender"] = json!("female");
                p["height"] = json!(165);
                p["weight"] = json!(60);
            }
            "5meals" => p["meals_per_day"] = json!(5),
            "vegetarian" => p["diet_types"] = json!(["vegetarian"]),
            "lowcarb" => p["diet_types"] = json!(["low_carb"]),
            "highprotein" => p["diet_types"] = json!(["high_protein"]),
            "lactose" => p["restrictions"] = json!([{"name": "lactose intolerance"}]),
            "pork" => p["restrictions"] = json!([{"name": "pork"}]),
            "lose" => p["goal"] = json!("lose_weight"),
            _ => {}
        }
    }
    p
}

/// What the user's state is, as the API tells it.
#[derive(Debug, Clone, Default)]
pub(crate) struct Seen {
    pub(crate) profile: Value,
    pub(crate) plan: Value,
    pub(crate) summary: Value,
    pub(crate) members: Value,
}

impl Seen {
    pub(crate) fn plan_id(&self) -> Option<i64> {
        self.plan["id"].as_i64()
    }

    fn eaten(&self) -> usize {
        self.meals()
            .iter()
            .filter(|m| m["status"] == 1 || m["status"] == "completed")
            .count()
    }

    pub(crate) fn meals(&self) -> Vec<&Value> {
        self.plan["daily_menus"]
            .as_array()
            .map(|d| {
                d.iter()
                    .flat_map(|d| d["meal_details"].as_array().into_iter().flatten())
                    .collect()
            })
            .unwrap_or_default()
    }

    pub(crate) fn names(&self, list: &str) -> BTreeSet<String> {
        self.profile[list]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|i| i["name"].as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default()
    }

    fn meal(&self, day: u64, meal_type: &str) -> Option<&Value> {
        self.plan["daily_menus"]
            .as_array()?
            .iter()
            .find(|d| d["day_of_week"] == day)
            .and_then(|d| {
                d["meal_details"]
                    .as_array()?
                    .iter()
                    .find(|m| m["meal_type"] == meal_type)
            })
    }
}

async fn look(app: &TestApp, token: &str) -> Seen {
    Seen {
        profile: app.get("/api/profile", Some(token)).await.json,
        plan: app.get("/api/plan/current", Some(token)).await.json,
        summary: app.get("/api/plan/current/summary", Some(token)).await.json,
        members: app.get("/api/household/members", Some(token)).await.json,
    }
}

/// Today's day of week as the service counts it (1 = Monday).
fn today() -> u64 {
    use chrono::Datelike;
    u64::from(chrono::Utc::now().weekday().number_from_monday())
}

async fn set_up(app: &TestApp, token: &str, setup: &str) {
    let words: Vec<&str> = setup.split(',').map(str::trim).collect();
    if words.contains(&"none") {
        return;
    }
    let put = app
        .json(
            Method::PUT,
            "/api/profile",
            Some(token),
            &profile_body(setup),
        )
        .await;
    assert_eq!(put.status, 200, "{}", put.text);
    if words.iter().any(|w| ["plan", "eaten"].contains(w)) {
        let made = app
            .json(
                Method::POST,
                "/api/plan/generate",
                Some(token),
                &json!({"days": 7, "seed": 7}),
            )
            .await;
        assert_eq!(made.status, 201, "{}", made.text);
    }
    if words.contains(&"eaten") {
        let seen = look(app, token).await;
        let today = seen.plan["daily_menus"]
            .as_array()
            .unwrap()
            .iter()
            .find(|d| d["day_of_week"] == today())
            .unwrap()
            .clone();
        for m in today["meal_details"].as_array().unwrap().iter().take(2) {
            let r = app
                .send(
                    Method::PUT,
                    &format!("/api/meal-detail/{}/status?status=1", m["id"]),
                    Some(token),
                    &[],
                    None,
                )
                .await;
            assert_eq!(r.status, 200, "{}", r.text);
        }
    }
}

/// Words only one language uses, to tell an answer's language once the
/// recipe names (which stay as stored) are taken out ("son" is not one:
/// English answers name a son).
const ENGLISH: &[&str] = &[
    "the",
    "your",
    "you",
    "is",
    "are",
    "with",
    "and",
    "of",
    "for",
    "to",
    "have",
    "has",
    "this",
    "that",
    "what",
    "which",
    "now",
    "it",
    "from",
    "instead",
    "new",
    "meals",
    "meal",
    "day",
    "days",
    "eaten",
    "left",
    "target",
    "targets",
    "lunch",
    "dinner",
    "breakfast",
    "snack",
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
    "protein",
    "carbs",
    "fat",
    "recipes",
    "found",
    "here",
    "say",
    "week",
    "weight",
    "goal",
    "added",
    "excludes",
    "pork",
    "chicken",
    "fish",
    "mushrooms",
    "peanuts",
    "shellfish",
    "meat",
    "vegetarian",
    "eggs",
    "milk",
    "cheese",
    "allergy",
    "shopping",
    "list",
    "servings",
];
const SPANISH: &[&str] = &[
    "el",
    "la",
    "los",
    "las",
    "tu",
    "tus",
    "es",
    "con",
    "y",
    "del",
    "que",
    "ahora",
    "comida",
    "comidas",
    "día",
    "días",
    "almuerzo",
    "cena",
    "desayuno",
    "merienda",
    "lunes",
    "martes",
    "miércoles",
    "jueves",
    "viernes",
    "sábado",
    "domingo",
    "proteína",
    "carbohidratos",
    "grasa",
    "recetas",
    "semana",
    "objetivo",
    "cerdo",
    "pollo",
    "pescado",
    "setas",
    "cacahuetes",
    "marisco",
    "carne",
    "raciones",
    "excluye",
    "añadido",
];

fn language_of(answer: &str, recipe_names: &[String]) -> (usize, usize) {
    let mut text = answer.to_lowercase();
    for name in recipe_names {
        text = text.replace(name.as_str(), " ");
    }
    let words: Vec<&str> = text
        .split(|c: char| !c.is_alphanumeric() && c != '\'')
        .filter(|w| !w.is_empty())
        .collect();
    let count = |list: &[&str]| words.iter().filter(|w| list.contains(w)).count();
    (count(ENGLISH), count(SPANISH))
}

async fn recipe_names(app: &TestApp) -> Vec<String> {
    let mut names = Vec::new();
    let mut offset = 0;
    loop {
        let page = app
            .get(&format!("/api/recipes?limit=100&offset={offset}"), None)
            .await
            .json;
        let items = page["items"].as_array().cloned().unwrap_or_default();
        if items.is_empty() {
            break;
        }
        offset += items.len();
        names.extend(
            items
                .iter()
                .filter_map(|r| r["name"].as_str().map(str::to_lowercase)),
        );
    }
    names.sort_by_key(|n| std::cmp::Reverse(n.len()));
    names
}

const YES: &[&str] = &[
    "yes",
    "sí",
    "si",
    "ok",
    "vale",
    "sure",
    "yes please",
    "claro",
    "dale",
    "go ahead",
    "yep",
    "sí, hazlo",
    "adelante",
];

async fn check(
    app: &TestApp,
    token: &str,
    step: &Step,
    before: &Seen,
    names: &[String],
) -> Vec<String> {
    let query = serde_urlencoded::to_string([("message", step.message.as_str())]).unwrap();
    let reply = app
        .send(
            Method::POST,
            &format!("/api/chat/?{query}"),
            Some(token),
            &[],
            None,
        )
        .await;
    let mut problems = Vec::new();
    if reply.status != 200 {
        return vec![format!("status {}: {}", reply.status, reply.text)];
    }
    let answer = reply.json["response"].as_str().unwrap_or("").to_owned();
    let tools: Vec<String> = reply.json["used_tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap().to_owned())
        .collect();
    let after = look(app, token).await;
    // Nothing the rules cannot read is ever stored.
    if let Some(unenforced) = after.profile["unenforced_restrictions"].as_array()
        && !unenforced.is_empty()
    {
        problems.push(format!("stored unreadable restrictions {unenforced:?}"));
    }
    // No plan with eaten meals is replaced without a yes.
    let replaced = before.plan_id().is_some() && after.plan_id() != before.plan_id();
    if replaced && before.eaten() > 0 && !YES.contains(&step.message.to_lowercase().as_str()) {
        problems.push("replaced a plan with eaten meals without a yes".into());
    }
    // Never the opposite of what was said; no allergy said lost.
    for broken in crate::chat_invariants::broken(&step.message, before, &after, &answer) {
        problems.push(format!("invariant: {broken}"));
    }
    let lang = step
        .expect
        .iter()
        .find(|(k, _)| k == "lang")
        .map_or(step.lang, |(_, v)| if v == "es" { "es" } else { "en" });
    let (en, es) = language_of(&answer, names);
    if lang == "es" && en > 0 || lang == "en" && es > 0 {
        problems.push(format!("answer not all in {lang} (en {en}, es {es})"));
    }
    for (key, value) in &step.expect {
        // `X|ask`: X holds, or the answer asks and nothing changed.
        if let Some(value) = value.strip_suffix("|ask") {
            let asked = answer.contains('?') && after.profile == before.profile;
            if !asked
                && !holds(
                    app, token, step, key, value, before, &after, &answer, &tools,
                )
                .await
            {
                problems.push(format!("{key}={value}|ask not met"));
            }
            continue;
        }
        if !holds(
            app, token, step, key, value, before, &after, &answer, &tools,
        )
        .await
        {
            problems.push(format!("{key}={value} not met"));
        }
    }
    if !problems.is_empty() {
        problems.push(format!("tools {tools:?}; answer:\n{answer}"));
    }
    problems
}

/// The day of week (1 = Monday) a corpus day names: 1-7, or today,
/// yesterday, tomorrow, today+N relative to the server date.
fn day_of(spec: &str) -> u64 {
    let shift = |n: i64| ((today() as i64 - 1 + n).rem_euclid(7) + 1) as u64;
    match spec.to_lowercase().as_str() {
        "today" => shift(0),
        "yesterday" => shift(-1),
        "tomorrow" => shift(1),
        s => match s.strip_prefix("today+") {
            Some(n) => shift(n.parse().unwrap()),
            None => s.parse().unwrap_or_else(|_| panic!("day {spec}?")),
        },
    }
}

/// Words of an answer that point a person to a health professional.
const CARE: &[&str] = &[
    "doctor",
    "midwife",
    "dietitian",
    "dietician",
    "physician",
    "health professional",
    "médico",
    "medico",
    "matrona",
    "dietista",
    "nutricionista",
    "profesional",
];

/// Whether one expectation holds after a message.
#[allow(clippy::too_many_arguments)]
async fn holds(
    app: &TestApp,
    token: &str,
    step: &Step,
    key: &str,
    value: &str,
    before: &Seen,
    after: &Seen,
    answer: &str,
    tools: &[String],
) -> bool {
    let list = |v: &str| -> Vec<String> {
        v.split(',')
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
            .collect()
    };
    match key {
        "lang" => true,
        "tools" => {
            let want = if value == "-" {
                Vec::new()
            } else {
                list(value)
            };
            tools == want.as_slice()
        }
        "r+" => list(value).iter().all(|n| {
            n.split('|')
                .any(|n| after.names("restrictions").contains(n))
        }),
        "r" if value == "same" => after.names("restrictions") == before.names("restrictions"),
        "t+" => list(value)
            .iter()
            .all(|n| after.names("tastes").contains(n)),
        "diet+" => list(value).iter().all(|d| {
            after.profile["diet_types"]
                .as_array()
                .is_some_and(|a| a.iter().any(|x| x["name"] == d.as_str()))
        }),
        "diet-" => list(value).iter().all(|d| {
            !after.profile["diet_types"]
                .as_array()
                .is_some_and(|a| a.iter().any(|x| x["name"] == d.as_str()))
        }),
        "goal" | "activity_level" | "meals_per_day" => {
            after.profile[key].to_string().trim_matches('"') == value
        }
        // Converted units round: within half a kilo or a centimetre.
        "weight" | "height" => {
            let slack = if key == "weight" { 0.5 } else { 1.0 };
            after.profile[key]
                .as_f64()
                .zip(value.parse::<f64>().ok())
                .is_some_and(|(got, want)| (got - want).abs() <= slack)
        }
        "plan" => match value {
            "new" => after.plan_id().is_some() && after.plan_id() != before.plan_id(),
            "same" => after.plan_id() == before.plan_id() && after.plan == before.plan,
            "kept" => after.plan_id() == before.plan_id(),
            "none" => after.plan_id().is_none(),
            other => panic!("line {}: plan={other}?", step.line),
        },
        "changed" => {
            let (day, meal) = value.split_once(':').unwrap();
            let day = day_of(day);
            let was = before.meal(day, meal).map(|m| m["recipe_id"].clone());
            let now = after.meal(day, meal).map(|m| m["recipe_id"].clone());
            was.is_some() && now.is_some() && was != now
        }
        "ask" => answer.contains('?') && after.plan_id() == before.plan_id(),
        "members" => after.members.as_array().map(Vec::len) == value.parse().ok(),
        "portions" => {
            let mut people = BTreeSet::new();
            let every = after.meals().iter().all(|m| {
                m["portions"].as_array().is_some_and(|p| {
                    people.extend(p.iter().map(|p| p["name"].to_string()));
                    !p.is_empty()
                })
            });
            every && !after.meals().is_empty() && people.len() == value.parse::<usize>().unwrap()
        }
        "eaten_kcal" => {
            let day = after.summary["days"]
                .as_array()
                .and_then(|d| d.iter().find(|d| d["day_of_week"] == today()));
            day.is_some_and(|d| {
                let kcal = d["completed"]["calories"].as_f64().unwrap_or(-1.0).round() as i64;
                answer.contains(&format!("{kcal} kcal"))
            })
        }
        "target" => {
            let (field, unit) = match value {
                "protein" => ("protein_target", "g"),
                "carbs" => ("carbs_target", "g"),
                "fat" => ("fat_target", "g"),
                _ => ("calories_target", "kcal"),
            };
            let v = after.profile[field].as_f64().unwrap_or(-1.0).round() as i64;
            answer.contains(&format!("{v} {unit}"))
        }
        "listed" => {
            let n = answer
                .lines()
                .filter(|l| {
                    l.starts_with("- **")
                        || l.split_once(". ")
                            .is_some_and(|(n, _)| n.parse::<u32>().is_ok())
                })
                .count();
            n >= value.trim_end_matches('+').parse::<usize>().unwrap()
        }
        "items" => {
            let api = app
                .get("/api/plan/current/shopping-list", Some(token))
                .await
                .json;
            let want = api["items"].as_array().map_or(0, Vec::len);
            let lines = answer.lines().filter(|l| l.starts_with("- ")).count();
            want > 0 && lines == want
        }
        "r-" => value
            .split('|')
            .all(|n| !after.names("restrictions").contains(n)),
        "status" => {
            let mut parts = value.split(':');
            let (day, meal, want) = (
                day_of(parts.next().unwrap()),
                parts.next().unwrap(),
                parts.next().unwrap(),
            );
            after.meal(day, meal).is_some_and(|m| {
                let eaten = m["status"] == 1 || m["status"] == "completed";
                if want == "eaten" { eaten } else { !eaten }
            })
        }
        "veg" => {
            let (day, meal) = value.split_once(':').unwrap();
            after.meal(day_of(day), meal).is_some_and(|m| {
                m["recipe"]["diet_types"].as_array().is_some_and(|d| {
                    d.iter()
                        .any(|x| x["name"] == "vegetarian" || x["name"] == "vegan")
                })
            })
        }
        // The meal's recipe has none of the words in its ingredients.
        "lacks" => {
            let mut parts = value.splitn(3, ':');
            let (day, meal, words) = (
                day_of(parts.next().unwrap()),
                parts.next().unwrap(),
                parts
                    .next()
                    .unwrap_or_else(|| panic!("line {}: lacks=D:meal:a|b", step.line)),
            );
            after.meal(day, meal).is_some_and(|m| {
                let ingredients = m["recipe"]["ingredients"]
                    .as_str()
                    .unwrap_or("")
                    .to_lowercase();
                words.split('|').all(|w| !ingredients.contains(w))
            })
        }
        // The member of that name (`Name:years`), or the writer (`years`),
        // is that many years old.
        "age" => {
            let aged = |who: &Value, years: &str| {
                let years: u32 = years.parse().unwrap();
                who["birth_date"]
                    .as_str()
                    .and_then(|d| chrono::NaiveDate::parse_from_str(d, "%Y-%m-%d").ok())
                    .is_some_and(|born| {
                        chrono::Utc::now().date_naive().years_since(born) == Some(years)
                    })
            };
            match value.split_once(':') {
                Some((name, years)) => after.members.as_array().is_some_and(|ms| {
                    ms.iter()
                        .any(|m| m["name"].as_str() == Some(name) && aged(m, years))
                }),
                None => aged(&after.profile, value),
            }
        }
        "profile" if value == "same" => after.profile == before.profile,
        "care" => {
            let lower = answer.to_lowercase();
            after.profile == before.profile
                && after.plan == before.plan
                && after.members == before.members
                && CARE.iter().any(|w| lower.contains(w))
        }
        "says" => value.split('|').any(|want| {
            // MEAL_DAY names a planned meal's recipe (DINNER_TOMORROW).
            let want = match want.split_once(' ') {
                Some((meal, day)) if want.chars().all(|c| !c.is_lowercase()) => after
                    .meal(day_of(day), &meal.to_lowercase())
                    .and_then(|m| m["recipe"]["name"].as_str())
                    .unwrap_or("\u{0}no such meal")
                    .to_owned(),
                _ => want.to_owned(),
            };
            answer.to_lowercase().contains(&want.to_lowercase())
        }),
        other => panic!("line {}: unknown expectation {other}", step.line),
    }
}

/// Runs every case of a corpus text on a fresh service: the number of
/// messages and a description of each message that missed.
pub(crate) async fn run(b: Backend, text: &str) -> (usize, Vec<String>) {
    run_with(b, text, false).await
}

/// [`run`]; with `invariants_only`, a message is reported only for the
/// invariants it broke (`chat_invariants`), its other expectations aside.
pub(crate) async fn run_with(
    b: Backend,
    text: &str,
    invariants_only: bool,
) -> (usize, Vec<String>) {
    let db = std::rc::Rc::new(crate::helpers::TestDb::create(b));
    let app = crate::helpers::spawn_app_with(db, |db| {
        let mut s = crate::helpers::settings(db);
        s.auth_rate_limit_per_minute = 100_000;
        s
    })
    .await;
    let names = recipe_names(&app).await;
    let cases = parse(text);
    let messages: usize = cases.iter().map(|c| c.steps.len()).sum();
    let mut failures = Vec::new();
    for (n, case) in cases.iter().enumerate() {
        let token = app.token_for(&format!("corpus{n}@example.com")).await;
        set_up(&app, &token, &case.setup).await;
        for step in &case.steps {
            let before = look(&app, &token).await;
            let mut problems = check(&app, &token, step, &before, &names).await;
            if invariants_only {
                let answer = problems.pop();
                problems.retain(|p| p.starts_with("invariant:"));
                if !problems.is_empty() {
                    problems.extend(answer);
                }
            }
            if !problems.is_empty() {
                failures.push(format!(
                    "line {} [{}] {:?}:\n  {}",
                    step.line,
                    case.setup,
                    step.message,
                    problems.join("\n  ")
                ));
            }
        }
    }
    (messages, failures)
}

async fn the_assistant_meets_its_corpus(b: Backend) {
    let (messages, failures) = run(b, CORPUS).await;
    assert!(messages >= 300, "the corpus has {messages} messages");
    assert!(
        failures.is_empty(),
        "{} of {messages} messages failed:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

crate::on_both_backends!(the_assistant_meets_its_corpus);

/// Every expectation of a corpus file named by `CHAT_CORPUS_FILE`
/// (relative to the workspace root, or absolute), on SQLite: for trying
/// new cases before they join the corpus (`CHAT_CORPUS_FILE=/tmp/new.txt
/// cargo test --workspace --test api -- --ignored a_corpus_file_meets
/// --nocapture`).
#[actix_web::test]
#[ignore = "runs a corpus file given by CHAT_CORPUS_FILE"]
async fn a_corpus_file_meets_its_expectations() {
    let path = std::env::var("CHAT_CORPUS_FILE").unwrap_or_else(|_| "tests/chat/corpus.txt".into());
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let text = std::fs::read_to_string(root.join(&path)).unwrap_or_else(|e| panic!("{path}: {e}"));
    let (messages, failures) = run(Backend::Sqlite, &text).await;
    println!(
        "{path}: {} of {messages} messages failed\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
    assert!(failures.is_empty());
}
