//! Variety as people notice it (issue 38 item 4), on the shipped
//! catalogue: one main ingredient (the heaviest main protein food, oats
//! and yogurt aside, and any other a reader sees the dish built on:
//! `Dishes::mains`) in at most one meal a day and four meals a week, and
//! no dish of one family on one main ingredient in the same slot two days
//! running. A vegan on low carb, whose few fitting recipes once made a
//! week of two alternating days, is among the people checked.

use mealplan_bench::{Profile, kitchen, plan_alone, profiles, request, shipped};
use mealplan_domain::planner::whole_day::{Dishes, MAIN_PER_WEEK};
use mealplan_domain::planner::{self, PlanRequest, PlannedDay};
use mealplan_domain::{
    ActivityLevel, BirthDate, Body, BodyType, DietType, Gender, Goal, Height, MealsPerDay, Weight,
};

fn vegan_low_carb() -> Profile {
    let body = Body {
        goal: Goal::LoseWeight,
        height: Height::parse(165.0).unwrap(),
        weight: Weight::parse(70.0).unwrap(),
        body_type: BodyType::Normal,
        gender: Gender::Female,
        activity_level: ActivityLevel::Medium,
        birth_date: BirthDate::parse(
            chrono::NaiveDate::from_ymd_opt(1988, 5, 1).unwrap(),
            mealplan_bench::today(),
        )
        .unwrap(),
    };
    Profile::new(
        &body,
        MealsPerDay::parse(3).unwrap(),
        vec![],
        vec![DietType::Vegan, DietType::LowCarb],
    )
}

#[test]
fn a_main_ingredient_is_in_one_meal_a_day_and_four_a_week() {
    let recipes = shipped();
    let dishes = Dishes::new(&recipes, Some(kitchen()));
    let mut people = profiles(24, 7);
    people.push(vegan_low_carb());
    let (mut weeks, mut mains) = (0, 0);
    for (i, p) in people.iter().enumerate() {
        let req = request(&recipes, p, i, 7).with_dishes(&dishes);
        let days: Vec<PlannedDay> = plan_alone(&req).unwrap();
        let at = |id: i64| recipes.iter().position(|r| r.id == id).unwrap();
        let mut week: Vec<(u32, u32)> = Vec::new();
        for day in &days {
            let mut today: Vec<u32> = Vec::new();
            for m in &day.meals {
                let all = dishes.mains(at(m.recipe_id));
                mains += usize::from(!all.is_empty());
                for main in all.iter().copied() {
                    assert!(
                        !today.contains(&main),
                        "profile {i}: {} twice on day {}",
                        dishes.food_name(main),
                        day.day_of_week
                    );
                    today.push(main);
                    match week.iter_mut().find(|(m, _)| *m == main) {
                        Some((_, n)) => *n += 1,
                        None => week.push((main, 1)),
                    }
                }
            }
        }
        // The vegan on low carb has three main ingredients that fit
        // (tofu, tempeh, seitan): the weekly rule gives way to targets
        // more than 10 points off, and tofu comes back (issue 38 notes).
        let weekly_rule_holds = i < 24;
        for (main, n) in week.iter().filter(|_| weekly_rule_holds) {
            assert!(
                *n <= MAIN_PER_WEEK,
                "profile {i}: {} in {n} meals",
                dishes.food_name(*main)
            );
        }
        // No twin (one family, one main) in a slot two days running.
        for pair in days.windows(2) {
            for (a, b) in pair[0].meals.iter().zip(&pair[1].meals) {
                assert_ne!(
                    dishes.twin(at(a.recipe_id)),
                    dishes.twin(at(b.recipe_id)),
                    "profile {i}: {} then {}",
                    recipes[at(a.recipe_id)].name,
                    recipes[at(b.recipe_id)].name
                );
            }
        }
        // Not a week of two alternating days (a 3,400 kcal high-carb,
        // dairy-free week has only 3 different days: few dishes keep its
        // targets under 2,300 mg of sodium).
        let menu = |d: &PlannedDay| d.meals.iter().map(|m| m.recipe_id).collect::<Vec<_>>();
        let distinct: std::collections::BTreeSet<Vec<i64>> = days.iter().map(menu).collect();
        if days[0].meals.len() >= 3 {
            assert!(
                distinct.len() >= 3,
                "profile {i} ({:?}, {:?}, {:.0} kcal): {} different days",
                p.diets,
                p.restrictions,
                p.targets.calories,
                distinct.len()
            );
        }
        weeks += 1;
    }
    assert_eq!(weeks, people.len());
    // The rule has something to hold: most meals have a main ingredient.
    assert!(mains > weeks * 7, "{mains} meals with a main ingredient");
}

/// The same weekly rule at a table (issue 38 item 7: household members
/// are people too): each person's main ingredients over the dishes they
/// eat. And the meal sizes of a day of three meals (no main meal under
/// 15% of the person's day, none over half): at a table they weigh below
/// the targets, since a shared dish cannot be sized for one person
/// alone; measured on these 4 tables (84 person-days).
#[test]
fn at_a_table_each_person_keeps_the_weekly_rule_and_the_meal_sizes() {
    use mealplan_bench::diner;
    use mealplan_domain::planner::{is_main, share_breach};

    let recipes = shipped();
    let dishes = Dishes::new(&recipes, Some(kitchen()));
    let people = profiles(12, 11);
    let at = |id: i64| recipes.iter().position(|r| r.id == id).unwrap();
    let (mut person_days, mut breached) = (0, 0);
    for (t, table) in people.chunks(3).enumerate() {
        let diners = table.iter().map(|p| diner(p, false)).collect();
        let budget = mealplan_domain::planner::Budget::unlimited();
        let request = PlanRequest::new(&recipes, diners, 7)
            .unwrap()
            .with_kitchen(kitchen())
            .with_dishes(&dishes)
            .with_budget(budget);
        let days = planner::plan(&request).unwrap();
        for d in 0..table.len() {
            let mut week: Vec<(u32, u32)> = Vec::new();
            for day in &days {
                let mine: Vec<(bool, f64)> = day
                    .meals
                    .iter()
                    .flat_map(|m| {
                        let kcal = recipes[at(m.recipe_id)].nutrition().calories;
                        m.shares
                            .iter()
                            .filter(|s| s.diner == d)
                            .map(move |s| (is_main(m.meal_type), kcal * s.servings))
                    })
                    .collect();
                let total: f64 = mine.iter().map(|(_, k)| k).sum();
                person_days += 1;
                if mine
                    .iter()
                    .any(|(main, k)| share_breach(k / total, *main, mine.len(), true) > 1e-6)
                {
                    breached += 1;
                }
                for m in day
                    .meals
                    .iter()
                    .filter(|m| m.shares.iter().any(|s| s.diner == d))
                {
                    for main in dishes.mains(at(m.recipe_id)).iter().copied() {
                        match week.iter_mut().find(|(f, _)| *f == main) {
                            Some((_, n)) => *n += 1,
                            None => week.push((main, 1)),
                        }
                    }
                }
            }
            for (main, n) in &week {
                assert!(
                    *n <= MAIN_PER_WEEK,
                    "table {t} person {d}: {} in {n} meals",
                    dishes.food_name(*main)
                );
            }
        }
    }
    assert_eq!(person_days, 84);
    assert!(
        breached <= MEASURED_BREACHES,
        "{breached} of 84 person-days outside the meal sizes"
    );
}

/// Person-days of the test above with a meal outside the sizes, as
/// measured when the rule came in: 23 (30 without it; 3 with the sizes
/// weighed above a 10-point miss, which cost the table's targets).
const MEASURED_BREACHES: usize = 23;
