//! What a service that signs people up would do: check a profile sent as
//! plain values, report every broken rule by field, and compute the daily
//! targets of a valid one.
//!
//! Run with `cargo run -p mealplan-domain --example profile_targets`.

use chrono::NaiveDate;
use mealplan_domain::{ItemInput, ProfileDraft, ProfileInput, Targets};

fn main() {
    let today = NaiveDate::from_ymd_opt(2026, 11, 23).expect("a date");
    let input = ProfileInput {
        goal: "lose_weight".into(),
        height: 168.0,
        weight: 72.5,
        body_type: "normal".into(),
        gender: "female".into(),
        meals_per_day: 3,
        activity_level: "medium".into(),
        birth_date: NaiveDate::from_ymd_opt(1991, 4, 2).expect("a date"),
        // 0 = not set: estimated from the body type.
        body_fat_percentage: 0.0,
        // Protein set by hand; the other targets are computed around it.
        targets: Targets {
            protein: 120.0,
            ..Targets::default()
        },
        restrictions: vec![ItemInput {
            id: None,
            name: "Peanut allergy".into(),
        }],
        diet_types: vec!["vegan".into()],
        ..ProfileInput::default()
    };

    let draft = ProfileDraft::parse(&input, today).expect("a valid profile");
    let resolved = draft.resolve(today);
    let t = resolved.targets;
    println!(
        "Age {}, body fat {}% (estimated), targets: {} kcal, {} g protein (yours), {} g carbs, {} g fat",
        draft.body().age_on(today),
        resolved.body_fat_percentage,
        t.calories,
        t.protein,
        t.carbs,
        t.fat
    );
    assert!(resolved.manual.targets.protein && !resolved.manual.targets.calories);

    // Every broken rule comes back at once, by field, with its limits.
    let broken = ProfileInput {
        goal: "bulk".into(),
        height: 250.0,
        meals_per_day: 0,
        birth_date: NaiveDate::from_ymd_opt(2015, 1, 1).expect("a date"),
        diet_types: vec!["paleo".into()],
        ..input
    };
    let errors = ProfileDraft::parse(&broken, today).expect_err("an invalid profile");
    for e in &errors.0 {
        println!("refused: {e}");
    }
    assert_eq!(errors.0.len(), 5);
}
