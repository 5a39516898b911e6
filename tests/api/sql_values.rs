//! No value of a client's is written into SQL text (issue 35): names with
//! quotes, backslashes, double quotes and letters beyond ASCII are stored
//! and read back whole by the profile, member and household-plan writes,
//! against private PostgreSQL servers with the settings that change what
//! a literal means: `backslash_quote=off` (a `\'` in a literal is an
//! error) and `standard_conforming_strings=off` (a backslash in a plain
//! literal is an escape).

use std::rc::Rc;

use awc::http::Method;
use diesel::prelude::*;
use serde_json::{Value, json};

use crate::helpers::{Backend, TestApp, TestDb, settings, spawn_app_with};
use crate::private_postgres::PrivatePostgres;

/// Names no literal writer may break.
const NAMES: [&str; 5] = [
    "O'Brien",
    r"back\slash \' and \\",
    r#"say "cheese" ''"#,
    "Zoë Ñandú – 東京 🍲",
    r"x'); DROP TABLE users; -- \",
];

/// The service on `pg` (its `postgres` database), in this process.
async fn service_on(pg: &PrivatePostgres) -> TestApp {
    // The test database is only a place holder: the URL is the server's.
    let url = pg.url();
    spawn_app_with(Rc::new(TestDb::create(Backend::Sqlite)), move |db| {
        let mut s = settings(db);
        s.database_url = url;
        s
    })
    .await
}

/// What `SHOW name` says on `pg`.
fn show(pg: &PrivatePostgres, name: &str) -> String {
    #[derive(QueryableByName)]
    struct Setting {
        #[diesel(sql_type = diesel::sql_types::Text)]
        value: String,
    }
    let mut conn = PgConnection::establish(&pg.url()).expect("connect");
    diesel::sql_query(format!("SELECT current_setting('{name}') AS value"))
        .get_result::<Setting>(&mut conn)
        .expect("setting")
        .value
}

fn names(list: &Value) -> Vec<&str> {
    list.as_array()
        .unwrap_or_else(|| panic!("not a list: {list}"))
        .iter()
        .map(|i| i["name"].as_str().unwrap())
        .collect()
}

/// Item names as the service keeps them: in lower case.
fn lower(names: &[&str]) -> Vec<String> {
    names.iter().map(|n| n.to_lowercase()).collect()
}

/// The profile (created, then changed), a member (added, then changed)
/// and a household plan, every name one of [`NAMES`].
async fn every_write_keeps_the_names(app: &TestApp) {
    let reply = app
        .register(NAMES[0], "sql-values@example.com", "password123")
        .await;
    assert_eq!(reply.status, 201, "{}", reply.text);
    let token = reply.json["access_token"].as_str().unwrap().to_owned();
    let t = Some(token.as_str());
    let me = app.get("/auth/me", t).await;
    assert_eq!(me.json["name"], NAMES[0], "{}", me.text);
    let items = |names: &[&str]| -> Value { names.iter().map(|n| json!({"name": n})).collect() };
    for (round, weight) in [(0, 70), (1, 71)] {
        // The second round updates the stored profile, reversing the
        // lists: the update path and the replacement of lists.
        let mut tastes: Vec<&str> = NAMES.to_vec();
        if round == 1 {
            tastes.reverse();
        }
        let restrictions = [NAMES[1], NAMES[3]];
        let body = json!({
            "goal": "maintain_weight", "height": 172, "weight": weight, "body_type": "normal",
            "gender": "female", "meals_per_day": 3, "activity_level": "medium",
            "birth_date": "1990-01-01", "tastes": items(&tastes),
            "restrictions": items(&restrictions), "diet_types": ["high_fiber"],
        });
        let saved = app.json(Method::PUT, "/api/profile", t, &body).await;
        assert_eq!(saved.status, 200, "round {round}: {}", saved.text);
        assert_eq!(names(&saved.json["tastes"]), lower(&tastes));
        assert_eq!(names(&saved.json["restrictions"]), lower(&restrictions));
        let read = app.get("/api/profile", t).await;
        assert_eq!(read.json, saved.json, "round {round}");
    }
    let member = |name: &str, restrictions: &[&str]| {
        json!({
            "name": name, "goal": "maintain_weight", "height": 160, "weight": 55,
            "body_type": "lean", "gender": "female", "meals_per_day": 3,
            "activity_level": "high", "birth_date": "2001-03-04",
            "restrictions": items(restrictions), "tastes": items(&[NAMES[4]]),
        })
    };
    let added = app
        .json(
            Method::POST,
            "/api/household/members",
            t,
            &member(NAMES[1], &[NAMES[0], NAMES[2]]),
        )
        .await;
    assert_eq!(added.status, 201, "{}", added.text);
    assert_eq!(added.json["name"], NAMES[1]);
    assert_eq!(
        names(&added.json["restrictions"]),
        lower(&[NAMES[0], NAMES[2]])
    );
    let id = added.json["id"].as_i64().unwrap();
    let path = format!("/api/household/members/{id}");
    let changed = app
        .json(Method::PUT, &path, t, &member(NAMES[2], &[NAMES[3]]))
        .await;
    assert_eq!(changed.status, 200, "{}", changed.text);
    assert_eq!(changed.json["name"], NAMES[2]);
    assert_eq!(names(&changed.json["restrictions"]), lower(&[NAMES[3]]));
    assert_eq!(app.get(&path, t).await.json, changed.json);
    let plan = app
        .json(
            Method::POST,
            "/api/plan/generate",
            t,
            &json!({"household": true, "days": 2, "seed": 4}),
        )
        .await;
    assert_eq!(plan.status, 201, "{}", plan.text);
    let current = app.get("/api/plan/current", t).await;
    assert_eq!(current.json, plan.json);
    let portions: Vec<&Value> = plan.json["daily_menus"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|d| d["meal_details"].as_array().unwrap())
        .flat_map(|m| m["portions"].as_array().unwrap())
        .filter(|p| p["member_id"] == id)
        .collect();
    assert!(!portions.is_empty(), "{}", plan.text);
    assert!(
        portions.iter().all(|p| p["name"] == NAMES[2]),
        "{}",
        plan.text
    );
}

/// `backslash_quote=off`: a literal written `E'O\'Brien'` would fail.
#[actix_web::test]
#[cfg_attr(
    mealplan_skip_postgres,
    ignore = "built with MEALPLAN_TEST_SKIP_POSTGRES=1"
)]
async fn names_survive_backslash_quote_off() {
    let pg = PrivatePostgres::start_with(&["backslash_quote=off"]);
    assert_eq!(show(&pg, "backslash_quote"), "off");
    every_write_keeps_the_names(&service_on(&pg).await).await;
}

/// `standard_conforming_strings=off` too: a backslash in a plain literal
/// (`'a\b'`) would be read as an escape.
#[actix_web::test]
#[cfg_attr(
    mealplan_skip_postgres,
    ignore = "built with MEALPLAN_TEST_SKIP_POSTGRES=1"
)]
async fn names_survive_standard_conforming_strings_off() {
    let pg = PrivatePostgres::start_with(&[
        "backslash_quote=off",
        "standard_conforming_strings=off",
        "escape_string_warning=off",
    ]);
    assert_eq!(show(&pg, "standard_conforming_strings"), "off");
    every_write_keeps_the_names(&service_on(&pg).await).await;
}
