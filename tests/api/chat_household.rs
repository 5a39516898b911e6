//! The assistant and the household (issue 24): members added in one
//! message or completed over two, what is said of a member kept on them
//! and never on the holder, household plans with a portion for each
//! person, in English and in Spanish.

use awc::http::Method;
use serde_json::Value;

use crate::chat::{expect, profile, say};
use crate::helpers::{Backend, TestApp, spawn_app};

async fn members(app: &TestApp, token: &str) -> Vec<Value> {
    let reply = app.get("/api/household/members", Some(token)).await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    reply.json.as_array().unwrap().clone()
}

fn named<'a>(members: &'a [Value], name: &str) -> &'a Value {
    members
        .iter()
        .find(|m| m["name"] == name)
        .unwrap_or_else(|| panic!("no member {name}: {members:?}"))
}

fn names(list: &Value) -> Vec<&str> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|i| i["name"].as_str().unwrap())
        .collect()
}

/// Age in whole years of a `YYYY-MM-DD` birth date, today.
fn age(birth: &Value) -> i64 {
    use chrono::Datelike;
    let born = chrono::NaiveDate::parse_from_str(birth.as_str().unwrap(), "%Y-%m-%d").unwrap();
    let today = chrono::Utc::now().date_naive();
    let mut years = i64::from(today.year() - born.year());
    if (today.month(), today.day()) < (born.month(), born.day()) {
        years -= 1;
    }
    years
}

/// Every meal of the active plan has portions; the people they name.
async fn portioned(app: &TestApp, token: &str) -> std::collections::BTreeSet<String> {
    let plan = app.get("/api/plan/current", Some(token)).await;
    assert_eq!(plan.status, 200, "{}", plan.text);
    let mut people = std::collections::BTreeSet::new();
    for day in plan.json["daily_menus"].as_array().unwrap() {
        for meal in day["meal_details"].as_array().unwrap() {
            let portions = meal["portions"].as_array().unwrap();
            assert!(!portions.is_empty(), "{meal}");
            people.extend(
                portions
                    .iter()
                    .map(|p| p["name"].as_str().unwrap().to_owned()),
            );
        }
    }
    people
}

async fn members_are_added_told_and_planned_for_in_english(b: Backend) {
    let app = spawn_app(b).await;
    let token = app.token_for("family@example.com").await;
    let put = app
        .json(Method::PUT, "/api/profile", Some(&token), &profile())
        .await;
    assert_eq!(put.status, 200, "{}", put.text);
    let holder = put.json;

    // No members yet: a household plan is not made, and the answer says
    // how to add someone.
    let text = expect(
        &app,
        &token,
        "make a plan for the whole family",
        &["generate_weekly_plan"],
    )
    .await;
    assert!(
        text.contains("no members") && text.contains("add"),
        "{text}"
    );
    assert_eq!(app.get("/api/plan/current", Some(&token)).await.status, 404);

    // A whole member in one message.
    let text = expect(
        &app,
        &token,
        "add my wife Ana to my household: she's 34, 165 cm, 60 kg, vegetarian",
        &["add_household_member"],
    )
    .await;
    let list = members(&app, &token).await;
    assert_eq!(list.len(), 1);
    let ana = named(&list, "Ana");
    assert_eq!(ana["gender"], "female");
    assert_eq!(ana["height"].as_f64(), Some(165.0));
    assert_eq!(ana["weight"].as_f64(), Some(60.0));
    assert_eq!(age(&ana["birth_date"]), 34);
    assert_eq!(names(&ana["diet_types"]), ["vegetarian"]);
    assert_eq!(ana["goal"], "maintain_weight");
    assert_eq!(ana["activity_level"], holder["activity_level"]);
    assert_eq!(ana["meals_per_day"], holder["meals_per_day"]);
    assert_eq!(ana["body_type"], "normal");
    let kcal = ana["calories_target"].as_f64().unwrap().round() as i64;
    assert!(text.contains(&format!("{kcal} kcal")), "{text}");
    assert!(
        text.contains("defaults") && text.contains("maintain weight"),
        "{text}"
    );

    // A member with facts missing: asked for, then completed; the
    // numbers are the member's, not the holder's.
    let text = expect(
        &app,
        &token,
        "my partner Sam eats with me",
        &["add_household_member"],
    )
    .await;
    assert!(text.contains('?') && text.contains("age"), "{text}");
    assert_eq!(members(&app, &token).await.len(), 1);
    expect(
        &app,
        &token,
        "he is 41, 180cm and 85kg",
        &["add_household_member"],
    )
    .await;
    let list = members(&app, &token).await;
    let sam = named(&list, "Sam");
    assert_eq!(sam["gender"], "male");
    assert_eq!(sam["weight"].as_f64(), Some(85.0));
    assert_eq!(age(&sam["birth_date"]), 41);
    let own = app.get("/api/profile", Some(&token)).await.json;
    assert_eq!(own["weight"], holder["weight"]);
    assert_eq!(own["height"], holder["height"]);

    // A child is a member with a child's targets (issue 37); under 3 is
    // refused, nothing added.
    expect(
        &app,
        &token,
        "add my son Leo, he's 12, 150 cm, 40 kg",
        &["add_household_member"],
    )
    .await;
    let list = members(&app, &token).await;
    assert_eq!(list.len(), 3);
    assert_eq!(age(&named(&list, "Leo")["birth_date"]), 12);
    let text = expect(
        &app,
        &token,
        "add my daughter Mia, she's 2, 85 cm, 12 kg",
        &["add_household_member"],
    )
    .await;
    assert!(
        text.contains("3-100") && text.contains("paediatric"),
        "{text}"
    );
    assert_eq!(members(&app, &token).await.len(), 3);

    // An allergy said later lands on the member, by relation or by name.
    expect(
        &app,
        &token,
        "my wife is allergic to peanuts",
        &["update_household_member"],
    )
    .await;
    expect(
        &app,
        &token,
        "Sam doesn't eat pork",
        &["update_household_member"],
    )
    .await;
    let list = members(&app, &token).await;
    assert_eq!(
        names(&named(&list, "Ana")["restrictions"]),
        ["peanut allergy"]
    );
    assert_eq!(names(&named(&list, "Sam")["restrictions"]), ["pork"]);
    assert_eq!(names(&named(&list, "Ana")["diet_types"]), ["vegetarian"]);
    let own = app.get("/api/profile", Some(&token)).await.json;
    assert_eq!(own["restrictions"], serde_json::json!([]));

    // Who is at the table.
    let text = expect(
        &app,
        &token,
        "show my household",
        &["get_household_summary"],
    )
    .await;
    assert!(text.contains("Ana") && text.contains("Sam"), "{text}");

    // A household plan: a portion for each person at every meal.
    let text = expect(
        &app,
        &token,
        "make a 2 day plan for the whole family",
        &["generate_weekly_plan"],
    )
    .await;
    assert!(
        text.contains("household plan") && text.contains("portion for each person"),
        "{text}"
    );
    for m in members(&app, &token).await {
        let kcal = m["calories_target"].as_f64().unwrap().round() as i64;
        assert!(text.contains(&format!("{kcal} kcal")), "{text}");
    }
    let people = portioned(&app, &token).await;
    assert!(
        people.contains("Ana")
            && people.contains("Sam")
            && people.contains("Leo")
            && people.len() == 4,
        "{people:?}"
    );
}

async fn members_are_added_and_planned_for_in_spanish(b: Backend) {
    let app = spawn_app(b).await;
    let token = app.token_for("familia@example.com").await;
    app.json(Method::PUT, "/api/profile", Some(&token), &profile())
        .await;
    let text = expect(
        &app,
        &token,
        "agrega a mi madre Carmen a la familia, tiene 66 años, mide 158 y pesa 70 kilos, es celíaca",
        &["add_household_member"],
    )
    .await;
    assert!(text.contains("He añadido a **Carmen**"), "{text}");
    let list = members(&app, &token).await;
    let carmen = named(&list, "Carmen");
    assert_eq!(carmen["gender"], "female");
    assert_eq!(carmen["height"].as_f64(), Some(158.0));
    assert_eq!(age(&carmen["birth_date"]), 66);
    assert_eq!(names(&carmen["restrictions"]), ["gluten free"]);

    // Missing facts asked for in Spanish, then given.
    let text = expect(&app, &token, "añade a mi hijo", &["add_household_member"]).await;
    assert!(text.contains("nombre") && text.contains('?'), "{text}");
    expect(
        &app,
        &token,
        "se llama Leo, tiene 17 añso, mide 175 y pesa 62",
        &["add_household_member"],
    )
    .await;
    let list = members(&app, &token).await;
    let leo = named(&list, "Leo");
    assert_eq!(leo["gender"], "male");
    assert_eq!(age(&leo["birth_date"]), 17);

    // "mi hijo" is Leo: his allergy is his.
    expect(
        &app,
        &token,
        "mi hijo es alérgico a los cacahuetes",
        &["update_household_member"],
    )
    .await;
    let list = members(&app, &token).await;
    assert_eq!(
        names(&named(&list, "Leo")["restrictions"]),
        ["peanut allergy"]
    );
    let own = app.get("/api/profile", Some(&token)).await.json;
    assert_eq!(own["restrictions"], serde_json::json!([]));

    let text = expect(
        &app,
        &token,
        "¿quién está en mi familia?",
        &["get_household_summary"],
    )
    .await;
    assert!(text.contains("Carmen") && text.contains("Leo"), "{text}");
    let text = expect(
        &app,
        &token,
        "haz un plan de 2 días para toda la familia",
        &["generate_weekly_plan"],
    )
    .await;
    assert!(text.contains("una ración para cada persona"), "{text}");
    assert_eq!(portioned(&app, &token).await.len(), 3);
    // "¿qué cena Leo el martes?": the table's dish with each person's
    // portion, Leo's among them (it gave the holder's portion only).
    let reply = say(&app, &token, "¿qué cena Leo el martes?").await;
    let text = reply.json["response"].as_str().unwrap();
    assert!(
        text.contains("Raciones en la mesa:") && text.contains("Leo ") && text.contains("Carmen "),
        "{text}"
    );
    // A swap at the table says each eater's portion, never the holder's
    // 0 servings of a dish only others eat.
    let reply = say(&app, &token, "cambia la cena del martes").await;
    let text = reply.json["response"].as_str().unwrap();
    assert!(
        text.contains("Hecho:") && text.contains("Leo ") && !text.contains("(0 raciones)"),
        "{text}"
    );
    // How the day now stands is told for every eater at the table, not
    // the holder alone.
    assert!(
        text.contains("\n  - Leo: ") && text.contains("\n  - Carmen: "),
        "{text}"
    );
}

/// A member waiting for a fact outlives a message about something else:
/// the fact given after it still completes them.
async fn a_member_waits_through_another_request(b: Backend) {
    let app = spawn_app(b).await;
    let token = app.token_for("espera@example.com").await;
    app.json(Method::PUT, "/api/profile", Some(&token), &profile())
        .await;
    let text = expect(
        &app,
        &token,
        "mi pareja Tomás come conmigo, tiene 40 años, mide 180 y pesa 88 kilos, es intolerante a la lactosa",
        &["add_household_member"],
    )
    .await;
    assert!(text.contains("sexo"), "{text}");
    expect(
        &app,
        &token,
        "haz un plan para los dos",
        &["generate_weekly_plan"],
    )
    .await;
    assert!(members(&app, &token).await.is_empty());
    let text = expect(&app, &token, "es hombre", &["add_household_member"]).await;
    assert!(text.contains("He añadido a **Tomás**"), "{text}");
    let list = members(&app, &token).await;
    let tomas = named(&list, "Tomás");
    assert_eq!(tomas["gender"], "male");
    assert_eq!(names(&tomas["restrictions"]), ["lactose intolerance"]);
}

/// A member added by relation keeps it, and is found by it in either
/// language ("my mum", "mi mamá") where age and sex alone cannot tell
/// two members apart.
async fn a_member_is_found_by_the_relation_saved(b: Backend) {
    let app = spawn_app(b).await;
    let token = app.token_for("relacion@example.com").await;
    app.json(Method::PUT, "/api/profile", Some(&token), &profile())
        .await;
    expect(
        &app,
        &token,
        "add my mom Rosa to my household: she's 70, 160 cm, 62 kg",
        &["add_household_member"],
    )
    .await;
    expect(
        &app,
        &token,
        "agrega a mi tía Marta a la familia, tiene 68 años, mide 155 y pesa 58 kilos",
        &["add_household_member"],
    )
    .await;
    let list = members(&app, &token).await;
    assert_eq!(named(&list, "Rosa")["relation"], "mother", "{list:?}");
    assert_eq!(named(&list, "Marta")["relation"], "aunt", "{list:?}");
    // Two women old enough to be the holder's mother: the relation saved
    // tells them apart, in Spanish and in English.
    expect(
        &app,
        &token,
        "mi mamá es alérgica a los cacahuetes",
        &["update_household_member"],
    )
    .await;
    let list = members(&app, &token).await;
    assert_eq!(
        names(&named(&list, "Rosa")["restrictions"]),
        ["peanut allergy"]
    );
    assert_eq!(named(&list, "Marta")["restrictions"], serde_json::json!([]));
    expect(
        &app,
        &token,
        "my aunt is vegetarian",
        &["update_household_member"],
    )
    .await;
    let list = members(&app, &token).await;
    assert_eq!(names(&named(&list, "Marta")["diet_types"]), ["vegetarian"]);
    assert_eq!(named(&list, "Rosa")["diet_types"], serde_json::json!([]));
    // The relation stays through a change.
    assert_eq!(named(&list, "Rosa")["relation"], "mother");
    let own = app.get("/api/profile", Some(&token)).await.json;
    assert_eq!(own["restrictions"], serde_json::json!([]));
    expect(
        &app,
        &token,
        "quita a mi madre de la familia",
        &["remove_household_member"],
    )
    .await;
    let list = members(&app, &token).await;
    assert_eq!(list.len(), 1, "{list:?}");
    assert_eq!(list[0]["name"], "Marta");
}

/// "my kids are vegetarian": stored on each child, never on the partner
/// or the holder; with no child yet, how to add them, nothing stored.
async fn what_is_said_of_the_children_lands_on_each_child(b: Backend) {
    let app = spawn_app(b).await;
    let token = app.token_for("kids@example.com").await;
    let put = app
        .json(Method::PUT, "/api/profile", Some(&token), &profile())
        .await;
    assert_eq!(put.status, 200, "{}", put.text);
    let text = expect(&app, &token, "my kids are vegetarian", &[]).await;
    assert!(text.contains("add each one"), "{text}");
    for add in [
        "add my wife Ana to my household: she's 34, 165 cm, 60 kg",
        "add my son Leo, he's 12, 150 cm, 40 kg",
        "add my daughter Lucia, she is 6, 118 cm, 21 kg",
    ] {
        expect(&app, &token, add, &["add_household_member"]).await;
    }
    expect(
        &app,
        &token,
        "my kids are vegetarian",
        &["update_household_member"],
    )
    .await;
    expect(
        &app,
        &token,
        "mis hijos son alérgicos al maní",
        &["update_household_member"],
    )
    .await;
    let list = members(&app, &token).await;
    for child in ["Leo", "Lucia"] {
        assert_eq!(names(&named(&list, child)["diet_types"]), ["vegetarian"]);
        assert_eq!(
            names(&named(&list, child)["restrictions"]),
            ["peanut allergy"]
        );
    }
    assert_eq!(named(&list, "Ana")["diet_types"], serde_json::json!([]));
    assert_eq!(named(&list, "Ana")["restrictions"], serde_json::json!([]));
    // "mis hijas": the daughters only.
    expect(
        &app,
        &token,
        "mis hijas son intolerantes a la lactosa",
        &["update_household_member"],
    )
    .await;
    let list = members(&app, &token).await;
    assert_eq!(
        names(&named(&list, "Lucia")["restrictions"]),
        ["peanut allergy", "lactose intolerance"]
    );
    assert_eq!(
        names(&named(&list, "Leo")["restrictions"]),
        ["peanut allergy"]
    );
    let own = app.get("/api/profile", Some(&token)).await.json;
    assert_eq!(own["restrictions"], serde_json::json!([]));
    assert_eq!(own["diet_types"], serde_json::json!([]));
}

crate::on_both_backends!(
    what_is_said_of_the_children_lands_on_each_child,
    members_are_added_told_and_planned_for_in_english,
    members_are_added_and_planned_for_in_spanish,
    a_member_waits_through_another_request,
    a_member_is_found_by_the_relation_saved,
);
