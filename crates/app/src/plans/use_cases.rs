//! The plan use cases against mocks of their ports: generating a plan,
//! its summary, its shopping list and a meal's alternatives, for a user
//! whose rules the catalogue's own labels never mentioned (a vegan with a
//! peanut allergy, over recipes whose labels come from their
//! ingredients).

use std::sync::Arc;

use chrono::{DateTime, TimeZone, Utc};
use mealplan_domain::planner::RequestError;
use mealplan_domain::{
    ActivityLevel, BirthDate, Body, BodyType, DietType, Gender, Goal, Height, Manual, MealStatus,
    MealType, MealsPerDay, NamedItem, Nutrition, Recipe, Targets, Taxonomy, UserId, Weight,
};
use mealplan_ports::{
    DailyMenu, MealDetail, MockClock, MockPersonRepository, MockPlanRepository, MockRecipeCatalog,
    NewDay, OwnedMeal, Person, Plan, PlanSettings,
};

use super::{PlanError, Plans, SearchLimits};
use crate::fixtures;

pub(super) fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 3, 2, 8, 0, 0).unwrap()
}

/// Breakfasts 1-5 and dinners 11-15, ordered by id; 2 (peanut butter),
/// 3 (honey), 13 (chicken) and 14 (peanut butter) break the user's rules.
fn catalogue() -> Vec<Recipe> {
    use MealType::{Breakfast, Dinner};
    vec![
        fixtures::recipe(
            1,
            &[("rolled oats", 80.0), ("banana", 100.0)],
            Breakfast,
            600.0,
        ),
        fixtures::recipe(
            2,
            &[("whole wheat bread", 80.0), ("peanut butter", 30.0)],
            Breakfast,
            620.0,
        ),
        fixtures::recipe(3, &[("oats", 70.0), ("honey", 20.0)], Breakfast, 580.0),
        fixtures::recipe(4, &[("tofu", 200.0), ("spinach", 60.0)], Breakfast, 640.0),
        fixtures::recipe(
            5,
            &[("whole wheat bread", 80.0), ("avocado", 100.0)],
            Breakfast,
            560.0,
        ),
        fixtures::recipe(11, &[("lentils", 250.0), ("carrot", 80.0)], Dinner, 1000.0),
        fixtures::recipe(
            12,
            &[("chickpeas", 200.0), ("quinoa", 150.0)],
            Dinner,
            1050.0,
        ),
        fixtures::recipe(
            13,
            &[("chicken breast", 200.0), ("brown rice", 150.0)],
            Dinner,
            1020.0,
        ),
        fixtures::recipe(
            14,
            &[("pasta", 200.0), ("peanut butter", 40.0)],
            Dinner,
            990.0,
        ),
        fixtures::recipe(
            15,
            &[("kidney beans", 250.0), ("tomato", 200.0)],
            Dinner,
            980.0,
        ),
    ]
}

const BROKEN: [i64; 4] = [2, 3, 13, 14];

pub(super) fn profile() -> Person {
    Person {
        id: 1,
        user_id: UserId(1),
        holder: true,
        name: mealplan_domain::UserName::parse("Sam").unwrap(),
        relation: None,
        body: Body {
            goal: Goal::MaintainWeight,
            height: Height::parse(175.0).unwrap(),
            weight: Weight::parse(70.0).unwrap(),
            body_type: BodyType::Normal,
            gender: Gender::Male,
            activity_level: ActivityLevel::Medium,
            birth_date: BirthDate::from_stored(
                chrono::NaiveDate::from_ymd_opt(1990, 1, 1).unwrap(),
            ),
        },
        meals_per_day: MealsPerDay::parse(2).unwrap(),
        body_fat_percentage: 18.0,
        targets: mealplan_domain::DayTargets::parse(Targets {
            calories: 1600.0,
            protein: 100.0,
            carbs: 200.0,
            fat: 44.0,
        })
        .unwrap(),
        manual: Manual::default(),
        tastes: vec![],
        restrictions: vec![NamedItem {
            id: 5,
            name: "peanut allergy".into(),
        }],
        diet_types: vec![DietType::Vegan],
    }
}

pub(super) fn service(plans: MockPlanRepository, profile: Option<Person>) -> Plans {
    service_with(plans, profile, MockPersonRepository::new())
}

/// [`service`] over `people`, which may expect more calls (the members).
fn service_with(
    plans: MockPlanRepository,
    profile: Option<Person>,
    mut profiles: MockPersonRepository,
) -> Plans {
    let mut catalog = MockRecipeCatalog::new();
    catalog
        .expect_all()
        .returning(|| Ok(Arc::from(catalogue())));
    profiles
        .expect_find()
        .returning(move |_| Ok(profile.clone()));
    let mut clock = MockClock::new();
    clock.expect_now().returning(now);
    Plans::new(
        Arc::new(plans),
        Arc::new(catalog),
        Arc::new(profiles),
        Arc::new(clock),
        Arc::new(Taxonomy::standard().clone()),
    )
}

/// The plan storage would make of `days`.
fn stored(user: UserId, days: Vec<NewDay>) -> Plan {
    let mut id = 0;
    Plan {
        id: 4,
        user_id: user,
        created_at: now(),
        updated_at: now(),
        active: true,
        household: false,
        settings: None,
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
                            leftover_of: None,
                            id,
                            recipe_id: m.recipe_id,
                            schedule: m.schedule,
                            status: m.status,
                            meal_type: m.meal_type,
                            servings: m.servings,
                            portions: m.portions,
                            note: None,
                            shared: false,
                        }
                    })
                    .collect(),
                notes: Vec::new(),
                rebalance_notes: Vec::new(),
            })
            .collect(),
    }
}

#[tokio::test]
async fn generate_fills_the_profiles_slots_within_its_rules() {
    let mut plans = MockPlanRepository::new();
    plans
        .expect_create_generated()
        .withf(|user, days, settings, household, at| {
            *user == UserId(1)
                && days.len() == 3
                && *settings == PlanSettings::default()
                && !*household
                && *at == now()
        })
        .times(1)
        .returning(|user, days, _, _, _| Ok(stored(user, days)));
    let view = service(plans, Some(profile()))
        .planner()
        .generate(UserId(1), 3, Some(11))
        .await
        .unwrap();
    assert_eq!(view.days.len(), 3);
    for (d, day) in view.days.iter().enumerate() {
        assert_eq!(usize::from(day.day_of_week), d + 1);
        let slots: Vec<MealType> = day.meals.iter().map(|m| m.meal.meal_type).collect();
        assert_eq!(slots, [MealType::Breakfast, MealType::Dinner]);
        for m in &day.meals {
            assert!(
                !BROKEN.contains(&m.recipe.id),
                "day {} serves recipe {}",
                day.day_of_week,
                m.recipe.id
            );
            assert_eq!(m.meal.status, MealStatus::Pending);
            assert!(m.meal.servings >= 0.75 && m.meal.servings <= 2.0);
        }
    }
}

/// A one-person plan is a household of one: every meal it stores,
/// generated or made by hand, carries one portion, the holder's, at its
/// servings; the plan is not the table's, and no meal of it is shared.
#[tokio::test]
async fn a_one_person_plans_meals_carry_the_holders_portion() {
    let holder_alone = |days: &[NewDay]| {
        days.iter()
            .flat_map(|d| &d.meals)
            .all(|m| m.portions == super::table::alone(m.servings))
    };
    let mut plans = MockPlanRepository::new();
    plans
        .expect_create_generated()
        .withf(move |_, days, _, household, _| !*household && holder_alone(days))
        .times(1)
        .returning(|user, days, _, _, _| Ok(stored(user, days)));
    plans
        .expect_create()
        .withf(move |_, days, _| holder_alone(days))
        .times(1)
        .returning(|user, days, _| Ok(stored(user, days)));
    let s = service(plans, Some(profile()));
    let generated = s.planner().generate(UserId(1), 2, Some(3)).await.unwrap();
    assert!(!generated.household);
    for m in generated.days.iter().flat_map(|d| &d.meals) {
        assert_eq!(m.meal.portions, super::table::alone(m.meal.servings));
        assert!(!m.meal.shared);
    }
    let day = NewDay {
        day_of_week: 1,
        meals: vec![mealplan_ports::NewMeal {
            leftover_of: None,
            recipe_id: 1,
            schedule: 1,
            status: MealStatus::Pending,
            meal_type: MealType::Breakfast,
            servings: 1.25,
            portions: Vec::new(),
        }],
        notes: Vec::new(),
    };
    let made = s.create(UserId(1), vec![day]).await.unwrap();
    assert_eq!(
        made.days[0].meals[0].meal.portions,
        super::table::alone(1.25)
    );
}

#[tokio::test]
async fn a_generation_out_of_time_keeps_the_rules_and_says_it_was_cut_short() {
    let limits = |budget| SearchLimits {
        concurrent: 1,
        queue_wait: std::time::Duration::from_millis(10),
        budget,
    };
    for (budget, cut) in [
        (std::time::Duration::ZERO, true),
        (std::time::Duration::from_secs(600), false),
    ] {
        let mut plans = MockPlanRepository::new();
        plans
            .expect_create_generated()
            .times(1)
            .returning(|user, days, _, _, _| Ok(stored(user, days)));
        let view = service(plans, Some(profile()))
            .with_search_limits(limits(budget))
            .planner()
            .generate(UserId(1), 7, Some(11))
            .await
            .unwrap();
        assert_eq!(view.cut_short, cut, "{budget:?}");
        assert_eq!(view.days.len(), 7);
        for m in view.days.iter().flat_map(|d| &d.meals) {
            assert!(!BROKEN.contains(&m.recipe.id), "{}", m.recipe.id);
        }
    }
}

#[tokio::test]
async fn generate_refuses_what_the_planner_refuses_and_stores_nothing() {
    // No expectation on the plan repository: storing would panic.
    let s = service(MockPlanRepository::new(), Some(profile()));
    assert!(matches!(
        s.planner().generate(UserId(1), 0, Some(1)).await,
        Err(PlanError::Request(RequestError::Days { days: 0 }))
    ));
    assert!(matches!(
        s.planner().generate(UserId(1), 8, Some(1)).await,
        Err(PlanError::Request(RequestError::Days { days: 8 }))
    ));
    let none = service(MockPlanRepository::new(), None);
    assert!(matches!(
        none.planner().generate(UserId(1), 7, Some(1)).await,
        Err(PlanError::NoProfile)
    ));
    // Six slots a day, with only breakfasts and dinners to choose from.
    let mut six = profile();
    six.meals_per_day = MealsPerDay::parse(6).unwrap();
    let s = service(MockPlanRepository::new(), Some(six));
    assert!(matches!(
        s.planner().generate(UserId(1), 7, Some(1)).await,
        Err(PlanError::Infeasible(_))
    ));
}

fn meal(
    id: i64,
    recipe_id: i64,
    meal_type: MealType,
    status: MealStatus,
    servings: f64,
) -> MealDetail {
    MealDetail {
        leftover_of: None,
        id,
        recipe_id,
        schedule: if meal_type == MealType::Breakfast {
            1
        } else {
            2
        },
        status,
        meal_type,
        servings,
        // A one-person plan's meal: the holder's portion.
        portions: super::table::alone(servings),
        note: None,
        shared: false,
    }
}

/// Monday: breakfast 1 eaten (1.5 servings), dinner 11 pending; Tuesday:
/// breakfast 4, dinner 12 pending.
fn active_plan() -> Plan {
    Plan {
        id: 4,
        user_id: UserId(1),
        created_at: now(),
        updated_at: now(),
        active: true,
        household: false,
        settings: None,
        days: vec![
            DailyMenu {
                id: 1,
                day_of_week: 1,
                meals: vec![
                    meal(1, 1, MealType::Breakfast, MealStatus::Completed, 1.5),
                    meal(2, 11, MealType::Dinner, MealStatus::Pending, 1.0),
                ],
                notes: Vec::new(),
                rebalance_notes: Vec::new(),
            },
            DailyMenu {
                id: 2,
                day_of_week: 2,
                meals: vec![
                    meal(3, 4, MealType::Breakfast, MealStatus::Pending, 1.0),
                    meal(4, 12, MealType::Dinner, MealStatus::Pending, 1.25),
                ],
                notes: Vec::new(),
                rebalance_notes: Vec::new(),
            },
        ],
    }
}

fn served(id: i64, servings: f64) -> Nutrition {
    let all = catalogue();
    crate::recipes::find(&all, id)
        .unwrap()
        .nutrition()
        .served(servings)
}

#[tokio::test]
async fn the_summary_adds_portions_as_served_and_what_was_eaten() {
    let mut plans = MockPlanRepository::new();
    plans
        .expect_active()
        .withf(|user| *user == UserId(1))
        .returning(|_| Ok(Some(active_plan())));
    // A plan made by hand has no settings: the profile's targets.
    let summary = service(plans, Some(profile()))
        .summary(UserId(1))
        .await
        .unwrap();
    assert_eq!(summary.plan_id, 4);
    assert_eq!(summary.targets, Some(profile().targets));
    let monday = &summary.days[0];
    assert_eq!(monday.planned, served(1, 1.5) + served(11, 1.0));
    assert_eq!(monday.completed, served(1, 1.5));
    let tuesday = &summary.days[1];
    assert_eq!(tuesday.planned, served(4, 1.0) + served(12, 1.25));
    assert_eq!(tuesday.completed, Nutrition::default());

    let mut none = MockPlanRepository::new();
    none.expect_active().returning(|_| Ok(None));
    assert!(matches!(
        service(none, Some(profile())).summary(UserId(1)).await,
        Err(PlanError::NoActivePlan)
    ));

    // A plan made with "more protein" is summed up against its own targets.
    let mut adjusted = MockPlanRepository::new();
    adjusted.expect_active().returning(|_| {
        Ok(Some(Plan {
            settings: Some(mealplan_ports::PlanSettings {
                adjust: mealplan_domain::planner::PlanAdjust {
                    protein: 1,
                    ..Default::default()
                },
                ..Default::default()
            }),
            ..active_plan()
        }))
    });
    let summary = service(adjusted, Some(profile()))
        .summary(UserId(1))
        .await
        .unwrap();
    let targets = summary.targets.unwrap();
    assert!(targets.protein > profile().targets.protein);
    assert_eq!(targets.calories, profile().targets.calories.round());
}

#[tokio::test]
async fn the_shopping_list_buys_for_pending_meals_only() {
    let mut plans = MockPlanRepository::new();
    plans.expect_active().returning(|_| Ok(Some(active_plan())));
    let list = service(plans, Some(profile()))
        .shopping()
        .shopping_list(UserId(1))
        .await
        .unwrap();
    let grams = |name: &str| {
        list.items
            .iter()
            .find(|i| i.name == name)
            .map(|i| (i.grams, i.days.clone()))
    };
    // Breakfast 1 (oats, banana) was eaten: nothing of it is bought.
    assert_eq!(grams("rolled oats"), None);
    assert_eq!(grams("lentils"), Some((250.0, vec![1])));
    assert_eq!(grams("tofu"), Some((200.0, vec![2])));
    assert_eq!(grams("chickpeas"), Some((250.0, vec![2])));
    let names: Vec<&str> = list.items.iter().map(|i| i.name.as_str()).collect();
    let mut sorted = names.clone();
    sorted.sort_unstable();
    assert_eq!(names, sorted);
}

#[tokio::test]
async fn alternatives_respect_the_owners_rules_and_show_the_new_day() {
    let mut plans = MockPlanRepository::new();
    plans.expect_meal().withf(|id| *id == 2).returning(|_| {
        Ok(Some(OwnedMeal {
            meal: meal(2, 11, MealType::Dinner, MealStatus::Pending, 1.0),
            owner: UserId(1),
            plan_id: 4,
            day_of_week: 1,
            household: false,
            later: Vec::new(),
        }))
    });
    plans
        .expect_plan()
        .withf(|id| *id == 4)
        .returning(|_| Ok(Some(active_plan())));
    let s = service(plans, Some(profile()));
    let found = s.meals().alternatives(UserId(1), 2, 10).await.unwrap();
    let ids: Vec<i64> = found.iter().map(|a| a.recipe.id).collect();
    // Dinners only, not 11 itself nor 12 (in the plan), not 13 (chicken)
    // nor 14 (peanut butter, never flagged by hand).
    assert_eq!(ids, [15]);
    let day = served(1, 1.5) + served(11, 1.0);
    assert_eq!(found[0].change, served(15, 1.0) - served(11, 1.0));
    assert_eq!(found[0].day_totals, day - served(11, 1.0) + served(15, 1.0));
    // Another user's token sees no such meal.
    assert!(matches!(
        s.meals().alternatives(UserId(2), 2, 10).await,
        Err(PlanError::MealNotFound)
    ));
}

/// Meal 9 of user 1's plan 4 (day 1, a dinner of recipe 11), with
/// `portions` (a household meal) or the holder's alone.
fn owned_dinner(portions: Vec<mealplan_ports::Portion>) -> OwnedMeal {
    let household = !portions.is_empty();
    let mut dinner = meal(9, 11, MealType::Dinner, MealStatus::Pending, 1.0);
    if household {
        dinner.portions = portions;
        dinner.shared = true;
    }
    OwnedMeal {
        household,
        meal: dinner,
        owner: UserId(1),
        plan_id: 4,
        day_of_week: 1,
        later: Vec::new(),
    }
}

/// What a refused write answers, in words.
fn refused<T: std::fmt::Debug>(result: Result<T, PlanError>) -> String {
    match result {
        Err(PlanError::BreaksRules(refusal)) => refusal.to_string(),
        other => panic!("not refused: {other:?}"),
    }
}

#[tokio::test]
async fn every_write_keeps_the_owners_rules_and_stores_nothing_that_breaks_them() {
    // No write of the plan storage is expected: a mock call would panic.
    let mut plans = MockPlanRepository::new();
    plans
        .expect_meal()
        .returning(|_| Ok(Some(owned_dinner(Vec::new()))));
    let s = service(plans, Some(profile()));
    // A caller without a token learns the rule, not whose it is.
    assert_eq!(
        refused(s.meals().swap(None, 9, 14).await),
        "r14 contains peanuts, which a person eating this meal must avoid (peanut allergy)"
    );
    // The owner is told it is their own.
    assert_eq!(
        refused(s.meals().swap(Some(UserId(1)), 9, 13).await),
        "r13 contains animal product (chicken breast), which you must avoid (vegan diet)"
    );
    let day = |recipe_id| NewDay {
        day_of_week: 1,
        meals: vec![mealplan_ports::NewMeal {
            leftover_of: None,
            recipe_id,
            schedule: 1,
            status: MealStatus::Pending,
            meal_type: MealType::Breakfast,
            servings: 1.0,
            portions: Vec::new(),
        }],
        notes: Vec::new(),
    };
    assert_eq!(
        refused(s.create(UserId(1), vec![day(1), day(2)]).await),
        "r2 contains peanuts, which you must avoid (peanut allergy)"
    );
}

#[tokio::test]
async fn a_household_meal_keeps_every_eaters_rules() {
    use mealplan_ports::Portion;
    let ana = || Person {
        id: 7,
        holder: false,
        name: mealplan_domain::UserName::parse("Ana").unwrap(),
        restrictions: vec![NamedItem {
            id: 1,
            name: "tomato allergy".into(),
        }],
        diet_types: vec![],
        ..profile()
    };
    let portions = vec![
        Portion {
            member_id: None,
            name: "you".into(),
            servings: 1.0,
        },
        Portion {
            member_id: Some(7),
            name: "Ana".into(),
            servings: 1.0,
        },
    ];
    let mut plans = MockPlanRepository::new();
    let shared = portions.clone();
    plans
        .expect_meal()
        .returning(move |_| Ok(Some(owned_dinner(shared.clone()))));
    let shared = portions.clone();
    plans.expect_plan().returning(move |_| {
        let mut plan = active_plan();
        plan.household = true;
        plan.days[0].meals[1].id = 9;
        plan.days[0].meals[1].shared = true;
        plan.days[0].meals[1].portions = shared.clone();
        Ok(Some(plan))
    });
    // Storage refuses the open policy's change of a household meal.
    plans
        .expect_set_status_of()
        .withf(|id, owner, _, _| *id == 9 && owner.is_none())
        .returning(|_, _, _, _| Ok(None));
    let mut people = MockPersonRepository::new();
    people.expect_members().returning(move |_| Ok(vec![ana()]));
    let s = service_with(plans, Some(profile()), people).with_household();
    // Without a token a household meal is not changed at all.
    assert!(matches!(
        s.meals().swap(None, 9, 15).await,
        Err(PlanError::NeedsToken)
    ));
    assert!(matches!(
        s.meals().set_status(None, 9, MealStatus::Completed).await,
        Err(PlanError::NeedsToken)
    ));
    // The owner is told whose rule each recipe breaks: 14 the holder's
    // own, 15 (kidney beans, tomato), which the holder alone may eat,
    // Ana's.
    assert_eq!(
        refused(s.meals().swap(Some(UserId(1)), 9, 14).await),
        "r14 contains peanuts, which you must avoid (peanut allergy)"
    );
    assert_eq!(
        refused(s.meals().swap(Some(UserId(1)), 9, 15).await),
        "r15 contains tomato, which Ana, who eats this meal, must avoid (tomato allergy)"
    );
    // So no alternative is offered: 15 was the holder's only one.
    let found = s.meals().alternatives(UserId(1), 9, 10).await.unwrap();
    assert!(found.is_empty(), "{found:?}");
}

#[tokio::test]
async fn a_note_is_stored_for_the_owner_only_and_answered_with_the_meal() {
    let mut plans = MockPlanRepository::new();
    plans
        .expect_meal()
        .returning(|_| Ok(Some(owned_dinner(Vec::new()))));
    // Exactly one write: the owner's note on meal 9, at the clock's time.
    plans
        .expect_set_note()
        .withf(|id, note, at| *id == 9 && note.as_deref() == Some("mind the salt") && *at == now())
        .times(1)
        .returning(|_, _, _| Ok(()));
    let s = service(plans, Some(profile()));
    let noted = s
        .meals()
        .set_note(
            UserId(1),
            9,
            mealplan_domain::meal::MealNote::parse("mind the salt").unwrap(),
        )
        .await
        .unwrap();
    assert_eq!(noted.meal.note.as_deref(), Some("mind the salt"));
    assert_eq!((noted.meal.id, noted.recipe.id), (9, 11));
    // Another user's token sees no such meal, and writes nothing.
    assert!(matches!(
        s.meals().set_note(UserId(2), 9, None).await,
        Err(PlanError::MealNotFound)
    ));
}
