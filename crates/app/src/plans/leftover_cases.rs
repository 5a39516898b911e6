//! Leftovers in the plan use cases against mocks of their ports: a
//! generated week's notes are stored with its days and answered; a
//! re-balance keeps each leftover the dish cooked for it (its portion
//! moving what its cooking meal cooks) and stores why a day it keeps off
//! target is so, or clears what an earlier re-balance said.

use std::sync::{Arc, Mutex};

use mealplan_domain::planner::{CookedAt, Leftovers};
use mealplan_domain::{MealStatus, MealType, UserId};
use mealplan_ports::{DailyMenu, DayNotes, MealDetail, MockPlanRepository, Plan, PlanSettings};

use super::use_cases::{now, profile, service};
use super::{GenerateOptions, MyRecipes};

fn meal(id: i64, schedule: u8, recipe_id: i64, servings: f64) -> MealDetail {
    MealDetail {
        id,
        recipe_id,
        schedule,
        status: MealStatus::Pending,
        meal_type: if schedule == 1 {
            MealType::Breakfast
        } else {
            MealType::Dinner
        },
        servings,
        portions: super::table::alone(servings),
        shared: false,
        leftover_of: None,
        note: None,
    }
}

fn day(day_of_week: u8, meals: Vec<MealDetail>) -> DailyMenu {
    DailyMenu {
        id: i64::from(day_of_week),
        day_of_week,
        meals,
        notes: Vec::new(),
        rebalance_notes: Vec::new(),
    }
}

/// The profile's two-meal plan: day 1's dinner (meal 2, recipe 11) is
/// cooked for day 2's (meal 4), eaten with day 2's breakfast (meal 3)
/// at `breakfast` servings, ticked eaten.
fn plan(breakfast: f64) -> Plan {
    let mut eaten = meal(3, 1, 1, breakfast);
    eaten.status = MealStatus::Completed;
    let mut leftover = meal(4, 2, 11, 1.0);
    leftover.leftover_of = Some(CookedAt {
        day_of_week: 1,
        schedule: 2,
    });
    Plan {
        id: 4,
        user_id: UserId(1),
        created_at: now(),
        updated_at: now(),
        active: true,
        household: false,
        settings: Some(PlanSettings::default()),
        days: vec![
            day(1, vec![meal(1, 1, 1, 1.0), meal(2, 2, 11, 1.0)]),
            day(2, vec![eaten, leftover]),
        ],
    }
}

/// A repository holding `stored` as the active plan, re-balanced as the
/// store would (changes and notes applied), each re-balance's notes
/// kept in `said`.
fn holding(stored: Plan, said: Arc<Mutex<Vec<Vec<DayNotes>>>>) -> MockPlanRepository {
    let state = Arc::new(Mutex::new(stored));
    let mut plans = MockPlanRepository::new();
    let active = Arc::clone(&state);
    plans
        .expect_active()
        .returning(move |_| Ok(Some(active.lock().unwrap().clone())));
    let read = Arc::clone(&state);
    plans
        .expect_plan()
        .returning(move |_| Ok(Some(read.lock().unwrap().clone())));
    plans.expect_chosen_meals().returning(|_| Ok(Vec::new()));
    plans
        .expect_rebalance()
        .returning(move |_, changes, notes, _| {
            let mut plan = state.lock().unwrap();
            for change in &changes {
                let m = plan
                    .days
                    .iter_mut()
                    .flat_map(|d| &mut d.meals)
                    .find(|m| m.id == change.id)
                    .unwrap();
                m.recipe_id = change.recipe_id;
                m.servings = change.servings;
                m.portions = change.portions.clone();
            }
            for n in &notes {
                let d = plan.days.iter_mut().find(|d| d.id == n.day_id).unwrap();
                d.rebalance_notes = n.notes.clone();
            }
            said.lock().unwrap().push(notes);
            Ok(())
        });
    plans
}

#[tokio::test]
async fn a_generated_weeks_notes_are_stored_and_answered() {
    let mut plans = MockPlanRepository::new();
    let kept = Arc::new(Mutex::new(Vec::new()));
    let store = Arc::clone(&kept);
    plans.expect_create_generated().times(1).returning(
        move |user, days, settings, household, at| {
            *store.lock().unwrap() = days.iter().map(|d| d.notes.clone()).collect();
            let mut id = 0;
            Ok(Plan {
                id: 4,
                user_id: user,
                created_at: at,
                updated_at: at,
                active: true,
                household,
                settings: Some(settings),
                days: days
                    .into_iter()
                    .map(|d| DailyMenu {
                        id: i64::from(d.day_of_week),
                        day_of_week: d.day_of_week,
                        meals: d
                            .meals
                            .into_iter()
                            .map(|m| {
                                id += 1;
                                MealDetail {
                                    leftover_of: m.leftover_of,
                                    ..meal(id, m.schedule, m.recipe_id, m.servings)
                                }
                            })
                            .collect(),
                        notes: d.notes,
                        rebalance_notes: Vec::new(),
                    })
                    .collect(),
            })
        },
    );
    let options = GenerateOptions {
        days: 7,
        seed: Some(3),
        settings: PlanSettings::default(),
        household: false,
        my_recipes: MyRecipes::Include,
        use_pantry: false,
        // One dinner a day needs 3 sessions a week at least.
        leftovers: Some(Leftovers {
            cook_at_most: Some(1),
        }),
    };
    let view = service(plans, Some(profile()))
        .planner()
        .generate_with(UserId(1), options)
        .await
        .unwrap();
    let stored = kept.lock().unwrap().clone();
    assert_eq!(stored.len(), 7);
    assert!(
        stored[0].iter().any(|n| n.contains("need at least 3")),
        "{stored:?}"
    );
    let answered: Vec<Vec<String>> = view.days.iter().map(|d| d.notes.clone()).collect();
    assert_eq!(answered, stored, "the notes stored are the notes answered");
    assert!(
        view.days
            .iter()
            .flat_map(|d| &d.meals)
            .any(|m| m.leftover_of.is_some())
    );
}

#[tokio::test]
async fn a_re_balance_keeps_the_leftover_its_dish_and_says_why_the_day_is_off() {
    let said = Arc::new(Mutex::new(Vec::new()));
    // Breakfast eaten at 2.5 servings (1,500 kcal of 1,600): no dinner
    // portion lands the day, and the leftover may not become another dish.
    let plans = holding(plan(2.5), Arc::clone(&said));
    let view = service(plans, Some(profile()))
        .planner()
        .rebalance(UserId(1), Some(2))
        .await
        .unwrap();
    let leftover = &view.days[1].meals[1];
    assert_eq!(leftover.recipe.id, 11, "the leftover stays the dish cooked");
    assert_eq!(leftover.leftover_of, Some(2));
    assert!(leftover.meal.servings < 1.0, "its portion is re-balanced");
    // The cooking meal cooks its own portion and the leftover's new one.
    let cook = &view.days[0].meals[1];
    assert_eq!(cook.recipe.id, 11);
    assert_eq!(cook.cook_servings, Some(1.0 + leftover.meal.servings));
    // The day says why it is still off, and the note is stored.
    let notes = &view.days[1].notes;
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert!(
        notes[0].contains("off target after re-balancing (calories")
            && notes[0].contains("its dinner is a leftover")
            && notes[0].contains("r11"),
        "{notes:?}"
    );
    assert_eq!(
        *said.lock().unwrap(),
        [vec![DayNotes {
            day_id: 2,
            notes: notes.clone()
        }]]
    );
    assert!(view.days[0].notes.is_empty(), "day 1 was not re-balanced");
}

#[tokio::test]
async fn a_day_back_on_target_clears_what_a_re_balance_said_and_nothing_else() {
    let said = Arc::new(Mutex::new(Vec::new()));
    // Breakfast 600 kcal and the leftover dinner 1,000: on target, but an
    // earlier re-balance left a note on the day and the planner one too.
    let mut stored = plan(1.0);
    stored.days[1].rebalance_notes = vec!["off target after re-balancing (old)".into()];
    stored.days[1].notes = vec!["day 2: planned".into()];
    let plans = holding(stored, Arc::clone(&said));
    let view = service(plans, Some(profile()))
        .planner()
        .rebalance(UserId(1), Some(2))
        .await
        .unwrap();
    assert_eq!(
        *said.lock().unwrap(),
        [vec![DayNotes {
            day_id: 2,
            notes: Vec::new()
        }]]
    );
    assert_eq!(view.days[1].notes, ["day 2: planned"]);
    assert_eq!(view.days[1].meals[1].meal.servings, 1.0);
    // Nothing to say and nothing to change: nothing is written.
    let mut plans = MockPlanRepository::new();
    plans.expect_active().returning(|_| Ok(Some(plan(1.0))));
    plans.expect_chosen_meals().returning(|_| Ok(Vec::new()));
    plans.expect_rebalance().never();
    let view = service(plans, Some(profile()))
        .planner()
        .rebalance(UserId(1), Some(2))
        .await
        .unwrap();
    assert!(view.days.iter().all(|d| d.notes.is_empty()));
}
