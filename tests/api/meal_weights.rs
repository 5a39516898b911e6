//! Meals a person eats (issue 38 item 2): however big the targets, no
//! generated meal for one person is over 900 g as served (1,200 g on a
//! one-meal day), and a day that only one more meal could meet says so.

use std::collections::HashMap;

use serde_json::json;

use crate::helpers::{Backend, spawn_app};

/// A 160 kg man of 25 gaining weight on a hard job: about 4,800 kcal,
/// which no one or two meals a person eats carry. Every meal stays under
/// the limit; the missed days say how many meals a day could meet them,
/// and each best is measured against meals a person eats.
async fn a_big_eater_gets_meals_a_person_eats_and_is_told_why(b: Backend) {
    let app = spawn_app(b).await;
    let token = app.token_for("big-eater@example.com").await;
    let grams: HashMap<i64, f64> = mealplan_catalogue::load()
        .unwrap()
        .iter()
        .map(|r| (r.id, r.grams()))
        .collect();
    for (meals, limit) in [(2, 900.0), (1, 1200.0)] {
        let profile = json!({
            "goal": "gain_weight", "height": 192, "weight": 160, "body_type": "normal",
            "gender": "male", "meals_per_day": meals, "activity_level": "high",
            "birth_date": "2001-03-02",
        });
        let plan = app
            .profile_and_plan(&token, &profile, &json!({"days": 3, "seed": 7}))
            .await;
        let mut told = 0;
        for day in plan.json["daily_menus"].as_array().unwrap() {
            for meal in day["meal_details"].as_array().unwrap() {
                let id = meal["recipe"]["id"].as_i64().unwrap();
                let served = grams[&id] * meal["servings"].as_f64().unwrap();
                assert!(served <= limit + 0.5, "{served} g at {meals} meals: {meal}");
            }
            let fit = &day["fit"];
            if fit["met"] == false {
                assert!(fit["best_miss_points"].as_f64().unwrap() > 0.0, "{fit}");
                let note = fit["note"].as_str().unwrap();
                assert!(note.contains("the meal weight limits"), "{note}");
                if note.contains("cannot hold these targets in meals a person eats")
                    && note.contains("meals a day could.")
                {
                    told += 1;
                }
            }
        }
        assert!(told > 0, "{meals} meals: {}", plan.text);
    }
}

crate::on_both_backends!(a_big_eater_gets_meals_a_person_eats_and_is_told_why);
