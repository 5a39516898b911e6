//! A swap of a meal that later meals eat from, against mocks of the
//! ports: it asks, keeps or drops them, checks the rules of whoever eats
//! the recipe, writes once, and answers what the meal now cooks.

use std::sync::Arc;

use chrono::{DateTime, TimeZone, Utc};
use mealplan_domain::planner::CookedAt;
use mealplan_domain::{
    ActivityLevel, BirthDate, Body, BodyType, Gender, Goal, Height, Manual, MealStatus, MealType,
    MealsPerDay, NamedItem, Recipe, Targets, Taxonomy, UserId, Weight,
};
use mealplan_ports::{
    DailyMenu, LaterMeal, LeftoverChoice, LeftoverSwap, MealDetail, MockClock,
    MockPersonRepository, MockPlanRepository, MockRecipeCatalog, OwnedMeal, Person, Plan, Portion,
};

use super::super::kept::Kept;
use super::super::table::alone;
use super::{PlanError, Unanswered};
use crate::Plans;
use crate::fixtures;

fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 3, 2, 8, 0, 0).unwrap()
}

/// Dinners: 11 (lentils), 14 (peanut butter: the holder's allergy), 15
/// (tomato: Ana's allergy), 16 (chickpeas).
fn catalogue() -> Vec<Recipe> {
    use MealType::Dinner;
    vec![
        fixtures::recipe(11, &[("lentils", 250.0), ("carrot", 80.0)], Dinner, 900.0),
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
        fixtures::recipe(
            16,
            &[("chickpeas", 200.0), ("quinoa", 150.0)],
            Dinner,
            950.0,
        ),
    ]
}

fn holder() -> Person {
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
            calories: 1800.0,
            protein: 110.0,
            carbs: 220.0,
            fat: 50.0,
        })
        .unwrap(),
        manual: Manual::default(),
        tastes: vec![],
        restrictions: vec![NamedItem {
            id: 5,
            name: "peanut allergy".into(),
        }],
        diet_types: vec![],
    }
}

fn ana() -> Person {
    Person {
        id: 7,
        holder: false,
        name: mealplan_domain::UserName::parse("Ana").unwrap(),
        restrictions: vec![NamedItem {
            id: 1,
            name: "tomato allergy".into(),
        }],
        ..holder()
    }
}

fn service(plans: MockPlanRepository) -> Plans {
    let mut catalog = MockRecipeCatalog::new();
    catalog
        .expect_all()
        .returning(|| Ok(Arc::from(catalogue())));
    let mut people = MockPersonRepository::new();
    people.expect_find().returning(|_| Ok(Some(holder())));
    people.expect_members().returning(|_| Ok(vec![ana()]));
    let mut clock = MockClock::new();
    clock.expect_now().returning(now);
    Plans::new(
        Arc::new(plans),
        Arc::new(catalog),
        Arc::new(people),
        Arc::new(clock),
        Arc::new(Taxonomy::standard().clone()),
    )
    .with_household()
}

/// A dinner of recipe 11 at schedule 2; a leftover of Monday's dinner
/// when `from_monday`.
fn dinner(id: i64, servings: f64, portions: Vec<Portion>, from_monday: bool) -> MealDetail {
    MealDetail {
        id,
        recipe_id: 11,
        schedule: 2,
        status: MealStatus::Pending,
        meal_type: MealType::Dinner,
        servings,
        shared: portions.len() > 1 || portions.iter().any(|p| p.member_id.is_some()),
        portions,
        leftover_of: from_monday.then_some(CookedAt {
            day_of_week: 1,
            schedule: 2,
        }),
        note: None,
    }
}

/// Monday's dinner 9 of a one-person plan, eaten again on Tuesday (20,
/// 1.5 servings) and Wednesday (30, 0.5 servings).
fn cooking() -> OwnedMeal {
    OwnedMeal {
        meal: dinner(9, 1.0, alone(1.0), false),
        owner: UserId(1),
        plan_id: 4,
        day_of_week: 1,
        household: false,
        later: vec![
            LaterMeal {
                day_of_week: 2,
                meal: dinner(20, 1.5, alone(1.5), true),
            },
            LaterMeal {
                day_of_week: 3,
                meal: dinner(30, 0.5, alone(0.5), true),
            },
        ],
    }
}

fn reading(owned: OwnedMeal) -> MockPlanRepository {
    let mut plans = MockPlanRepository::new();
    let id = owned.meal.id;
    plans
        .expect_meal()
        .withf(move |asked| *asked == id)
        .returning(move |_| Ok(Some(owned.clone())));
    plans
}

#[tokio::test]
async fn a_swap_of_a_cooking_meal_asks_and_changes_nothing_until_told() {
    // No write is expected: a call would panic.
    let s = service(reading(cooking()));
    let asked = s.meals().swap_with(Some(UserId(1)), 9, 16, None).await;
    let Err(PlanError::LeftoversUnanswered(unanswered)) = asked else {
        panic!("not asked: {asked:?}");
    };
    assert_eq!(
        unanswered,
        Unanswered {
            later: vec![(2, MealType::Dinner), (3, MealType::Dinner)]
        }
    );
    assert_eq!(
        unanswered.to_string(),
        "This meal is cooked for 2 leftover meals too (Tuesday's dinner and Wednesday's \
         dinner): send leftovers=keep to swap them to the new recipe as well, or \
         leftovers=drop to keep their recipe and cook each on its own day"
    );
    // A recipe that breaks the eater's rules is refused for that first.
    let refused = s.meals().swap_with(None, 9, 14, None).await;
    assert!(
        matches!(refused, Err(PlanError::BreaksRules(_))),
        "{refused:?}"
    );
}

#[tokio::test]
async fn kept_leftovers_take_the_recipe_at_their_portions_in_the_one_write() {
    let mut plans = reading(cooking());
    plans
        .expect_set_recipe_cooking()
        .withf(|id, recipe, portions, leftovers, at| {
            (*id, *recipe) == (9, 16)
                && portions.is_none()
                && *leftovers
                    == LeftoverSwap {
                        ids: vec![20, 30],
                        recipe_id: 11,
                        choice: LeftoverChoice::Keep,
                    }
                && *at == now()
        })
        .times(1)
        .returning(|_, _, _, _, _| Ok(()));
    let view = service(plans)
        .meals()
        .swap_with(Some(UserId(1)), 9, 16, Some(LeftoverChoice::Keep))
        .await
        .unwrap();
    assert_eq!((view.meal.recipe_id, view.recipe.id), (16, 16));
    assert_eq!(view.cook_servings, Some(3.0));
    assert_eq!(
        view.keep,
        [
            Kept {
                servings: 1.5,
                day_of_week: 2,
                meal_type: MealType::Dinner
            },
            Kept {
                servings: 0.5,
                day_of_week: 3,
                meal_type: MealType::Dinner
            },
        ]
    );
}

#[tokio::test]
async fn dropped_leftovers_keep_their_recipe_and_the_meal_cooks_its_own() {
    let mut plans = reading(cooking());
    plans
        .expect_set_recipe_cooking()
        .withf(|id, recipe, portions, leftovers, _| {
            (*id, *recipe) == (9, 16)
                && portions.is_none()
                && leftovers.choice == LeftoverChoice::Drop
                && leftovers.ids == [20, 30]
        })
        .times(1)
        .returning(|_, _, _, _, _| Ok(()));
    let s = service(plans);
    let view = s
        .meals()
        .swap_with(None, 9, 16, Some(LeftoverChoice::Drop))
        .await
        .unwrap();
    assert_eq!(view.recipe.id, 16);
    assert_eq!((view.cook_servings, view.keep.len()), (None, 0));
}

#[tokio::test]
async fn the_assistants_swap_drops_the_leftovers() {
    let mut plans = reading(cooking());
    plans
        .expect_set_recipe_cooking()
        .withf(|_, _, _, leftovers, _| leftovers.choice == LeftoverChoice::Drop)
        .times(1)
        .returning(|_, _, _, _, _| Ok(()));
    let view = service(plans)
        .meals()
        .swap(Some(UserId(1)), 9, 16)
        .await
        .unwrap();
    assert_eq!(view.cook_servings, None);
}

#[tokio::test]
async fn a_leftover_swapped_is_its_own_dish_and_the_choice_is_not_asked() {
    let owned = OwnedMeal {
        meal: dinner(20, 1.5, alone(1.5), true),
        day_of_week: 2,
        later: Vec::new(),
        ..cooking()
    };
    let mut plans = reading(owned);
    // The plain swap's one write (it makes the meal its own dish).
    plans
        .expect_set_recipe()
        .withf(|id, recipe, _| (*id, *recipe) == (20, 16))
        .times(1)
        .returning(|_, _, _| Ok(()));
    let view = service(plans)
        .meals()
        .swap_with(Some(UserId(1)), 20, 16, Some(LeftoverChoice::Keep))
        .await
        .unwrap();
    assert_eq!(view.meal.leftover_of, None);
    assert_eq!((view.cook_servings, view.keep.len()), (None, 0));
}

#[tokio::test]
async fn a_cooking_meal_read_alone_says_what_to_cook_and_keep() {
    let s = service(reading(cooking()));
    let view = s.meals().meal(UserId(1), 9).await.unwrap();
    assert_eq!(view.cook_servings, Some(3.0));
    assert_eq!(
        super::super::keep_note(3.0, &view.keep).as_deref(),
        Some("Cook 3 servings; keep 1.5 for Tuesday's dinner and 0.5 for Wednesday's dinner")
    );
    let plain = OwnedMeal {
        later: Vec::new(),
        ..cooking()
    };
    let view = service(reading(plain))
        .meals()
        .meal(UserId(1), 9)
        .await
        .unwrap();
    assert_eq!((view.cook_servings, view.keep.len()), (None, 0));
}

/// The household's plan 4: Monday's dinner 9, which the holder eats
/// alone, eaten again on Tuesday (20) by the holder and Ana.
fn household_cooking() -> (OwnedMeal, Plan) {
    let both = vec![
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
    let holder_alone = vec![Portion {
        member_id: None,
        name: "you".into(),
        servings: 1.0,
    }];
    let mut cook = dinner(9, 1.0, holder_alone, false);
    cook.shared = true;
    let later = dinner(20, 1.0, both, true);
    let owned = OwnedMeal {
        meal: cook.clone(),
        owner: UserId(1),
        plan_id: 4,
        day_of_week: 1,
        household: true,
        later: vec![LaterMeal {
            day_of_week: 2,
            meal: later.clone(),
        }],
    };
    let plan = Plan {
        id: 4,
        user_id: UserId(1),
        created_at: now(),
        updated_at: now(),
        active: true,
        household: true,
        settings: None,
        days: vec![
            DailyMenu {
                id: 1,
                day_of_week: 1,
                notes: Vec::new(),
                rebalance_notes: Vec::new(),
                meals: vec![cook],
            },
            DailyMenu {
                id: 2,
                day_of_week: 2,
                notes: Vec::new(),
                rebalance_notes: Vec::new(),
                meals: vec![later],
            },
        ],
    };
    (owned, plan)
}

#[tokio::test]
async fn kept_leftovers_keep_their_own_eaters_rules_at_the_table() {
    let (owned, plan) = household_cooking();
    let mut plans = reading(owned);
    plans
        .expect_plan()
        .withf(|id| *id == 4)
        .returning(move |_| Ok(Some(plan.clone())));
    plans
        .expect_set_recipe_cooking()
        .withf(|id, recipe, portions, leftovers, _| {
            (*id, *recipe) == (9, 15)
                && portions
                    .as_ref()
                    .is_some_and(|(_, p)| p.len() == 1 && p[0].member_id.is_none())
                && leftovers.choice == LeftoverChoice::Drop
                && leftovers.ids == [20]
        })
        .times(1)
        .returning(|_, _, _, _, _| Ok(()));
    let s = service(plans);
    // Recipe 15 is the holder's to eat, but Ana eats Tuesday's dinner.
    let kept = s
        .meals()
        .swap_with(Some(UserId(1)), 9, 15, Some(LeftoverChoice::Keep))
        .await;
    let Err(PlanError::BreaksRules(refusal)) = kept else {
        panic!("not refused: {kept:?}");
    };
    assert_eq!(
        refusal.to_string(),
        "r15 contains tomato, which Ana, who eats this meal, must avoid (tomato allergy)"
    );
    // Unasked, the swap asks; dropped, Tuesday's dinner stays as it is.
    let asked = s.meals().swap_with(Some(UserId(1)), 9, 15, None).await;
    assert!(
        matches!(asked, Err(PlanError::LeftoversUnanswered(_))),
        "{asked:?}"
    );
    let dropped = s
        .meals()
        .swap_with(Some(UserId(1)), 9, 15, Some(LeftoverChoice::Drop))
        .await
        .unwrap();
    assert_eq!(dropped.recipe.id, 15);
    assert_eq!(dropped.cook_servings, None);
}
