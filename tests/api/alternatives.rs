//! Alternatives a cook would take (issue 38 item 4): those offered first
//! keep the day's rules with its other meals, no second dish of a family
//! and no protein food in a third meal, wherever the catalogue has such.

use serde_json::json;

use crate::helpers::{Backend, spawn_app};

async fn alternatives_keep_the_days_rules_first(b: Backend) {
    let app = spawn_app(b).await;
    let token = app.token_for("alt@example.com").await;
    let profile = json!({
        "goal": "maintain_weight", "height": 170, "weight": 68, "body_type": "normal",
        "gender": "female", "meals_per_day": 3, "activity_level": "medium",
        "birth_date": "1990-06-01",
    });
    let plan = app
        .profile_and_plan(&token, &profile, &json!({"days": 3, "seed": 21}))
        .await;
    let mut seen = 0;
    for day in plan.json["daily_menus"].as_array().unwrap() {
        for meal in day["meal_details"].as_array().unwrap() {
            let id = meal["id"].as_i64().unwrap();
            let reply = app
                .get(
                    &format!("/meal-detail/{id}/alternatives?limit=5"),
                    Some(&token),
                )
                .await;
            assert_eq!(reply.status, 200, "{}", reply.text);
            for a in reply.json.as_array().unwrap() {
                seen += 1;
                let whole = &a["day_limits"];
                for rule in ["repeated_protein_foods", "repeated_dish_families"] {
                    assert_eq!(
                        whole[rule],
                        json!([]),
                        "{} for meal {id}: {whole}",
                        a["recipe"]["name"]
                    );
                }
            }
        }
    }
    assert!(seen >= 40, "{seen} alternatives");
}

crate::on_both_backends!(alternatives_keep_the_days_rules_first);
