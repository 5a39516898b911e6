//! Leftovers in planned weeks: eaten within two days of their cooking,
//! at lunch or dinner only, cooked once for every portion, under the
//! bound on cooking sessions, and nothing changed for a plan that does
//! not ask for them.

use super::tests::catalogue;
use super::*;
use crate::profile::targets::DayTargets;

fn diner(calories: f64, meals: i64) -> Diner {
    let protein = calories * 0.25 / 4.0;
    let fat = calories * 0.3 / 9.0;
    let targets = DayTargets::parse(Targets {
        calories,
        protein,
        carbs: (calories - protein * 4.0 - fat * 9.0) / 4.0,
        fat,
    })
    .unwrap();
    Diner::new(
        targets,
        MealsPerDay::parse(meals).unwrap(),
        HardRules::default(),
    )
}

fn week(
    recipes: &[Recipe],
    diners: Vec<Diner>,
    leftovers: Option<Leftovers>,
    seed: u64,
) -> Vec<TableDay> {
    let request = PlanRequest::new(recipes, diners, 7)
        .unwrap()
        .with_seed(seed);
    let request = match leftovers {
        Some(l) => request.with_leftovers(l),
        None => request,
    };
    plan(&request).unwrap()
}

/// Days within each person's tolerances, over every person.
fn met(days: &[TableDay], diners: &[Diner]) -> usize {
    days.iter()
        .flat_map(|d| d.totals.iter().zip(diners))
        .filter(|(t, diner)| diner.tolerances.admits(t, &diner.targets.get()))
        .count()
}

/// Checks every leftover of `days` against its cooking meal: two days
/// at most before it (or earlier the same day), lunch or dinner both, the
/// same recipe, and the cooking meal's servings its own and every
/// leftover's. The number of leftovers.
fn check(days: &[TableDay]) -> usize {
    let mut leftovers = 0;
    for day in days {
        for m in &day.meals {
            let Some(at) = m.leftover_of else {
                continue;
            };
            leftovers += 1;
            assert!(
                (at.day_of_week < day.day_of_week
                    || (at.day_of_week == day.day_of_week && at.schedule < m.schedule))
                    && day.day_of_week - at.day_of_week <= 2,
                "{at:?} eaten on day {} at {}",
                day.day_of_week,
                m.schedule
            );
            assert!(matches!(m.meal_type, MealType::Lunch | MealType::Dinner));
            assert!(m.cook_servings.is_none());
            assert_eq!(m.servings_to_cook(), 0.0);
            let cook = days[usize::from(at.day_of_week) - 1]
                .meals
                .iter()
                .find(|c| c.schedule == at.schedule && c.recipe_id == m.recipe_id)
                .expect("the cooking meal");
            assert!(matches!(cook.meal_type, MealType::Lunch | MealType::Dinner));
            assert!(cook.leftover_of.is_none());
        }
        for cook in day.meals.iter().filter(|m| m.cook_servings.is_some()) {
            let kept: f64 = days
                .iter()
                .flat_map(|d| &d.meals)
                .filter(|m| {
                    m.leftover_of
                        == Some(CookedAt {
                            day_of_week: day.day_of_week,
                            schedule: cook.schedule,
                        })
                })
                .map(TableMeal::total_servings)
                .sum();
            assert!(kept > 0.0, "{cook:?}");
            let servings = cook.cook_servings.unwrap();
            assert!((servings - cook.total_servings() - kept).abs() < 1e-9);
            assert_eq!(cook.servings_to_cook(), servings);
        }
    }
    leftovers
}

#[test]
fn a_leftover_is_a_lunch_or_dinner_within_two_days_cooked_once_for_all() {
    let recipes = catalogue(40, 3);
    for (meals, seed) in [(3, 1), (4, 2), (5, 3), (2, 5), (1, 4)] {
        let me = diner(2200.0, meals);
        let days = week(&recipes, vec![me.clone()], Some(Leftovers::default()), seed);
        let n = check(&days);
        // A day of one or two meals eats a leftover only when the
        // leftover alone, or with breakfast, lands it.
        let want = if meals <= 2 { 2 } else { 5 };
        assert!(n >= want, "{meals} meals: {n} leftovers");
        // Breakfasts and snacks are never leftovers.
        assert!(days.iter().flat_map(|d| &d.meals).all(|m| {
            m.leftover_of.is_none() || !matches!(m.meal_type, MealType::Breakfast | MealType::Snack)
        }));
    }
}

#[test]
fn a_week_with_leftovers_cooks_less_and_meets_its_targets_about_as_often() {
    let recipes = catalogue(40, 7);
    let (mut plain_met, mut left_met, mut plain_cooks, mut left_cooks) = (0, 0, 0, 0);
    for seed in 0..4 {
        let me = vec![diner(1900.0 + 200.0 * seed as f64, 3)];
        let plain = week(&recipes, me.clone(), None, seed);
        let left = week(&recipes, me.clone(), Some(Leftovers::default()), seed);
        check(&left);
        plain_met += met(&plain, &me);
        left_met += met(&left, &me);
        plain_cooks += cooking_sessions(&plain);
        left_cooks += cooking_sessions(&left);
    }
    assert_eq!(plain_cooks, 4 * 14);
    assert!(
        left_cooks * 100 <= plain_cooks * 65,
        "{left_cooks} of {plain_cooks}"
    );
    assert!(left_met + 1 >= plain_met, "{left_met} of {plain_met}");
}

#[test]
fn cook_at_most_is_kept_or_the_week_says_why() {
    let recipes = catalogue(40, 11);
    let one = vec![diner(2400.0, 3)];
    let two = vec![diner(2400.0, 3), diner(1900.0, 3)];
    // One eater below the lanes' 6: batches, down to 3; a table stays
    // on the lanes.
    for (people, bound, least) in [
        (&one, 7u8, 7usize),
        (&one, 6, 6),
        (&one, 5, 5),
        (&one, 1, 3),
        (&two, 7, 7),
        (&two, 5, 6),
    ] {
        let days = week(
            &recipes,
            people.clone(),
            Some(Leftovers {
                cook_at_most: Some(bound),
            }),
            9,
        );
        check(&days);
        let sessions = cooking_sessions(&days);
        let said = |what: &str| days[0].notes.iter().any(|n| n.contains(what));
        // Kept, or the week says how many more and why.
        assert!(
            sessions <= least || said("rather than at most"),
            "{bound}: {sessions} {:?}",
            days[0].notes
        );
        let dropped = days
            .iter()
            .flat_map(|d| &d.notes)
            .filter(|n| n.contains("cooked fresh"))
            .count();
        // Each leftover dropped for a day's targets is one more session,
        // and said.
        assert!(sessions <= least + 2 * dropped, "{bound}: {sessions}");
        assert_eq!(
            said(&format!("at least {least}")),
            usize::from(bound) < least,
            "{bound}: {:?}",
            days[0].notes
        );
    }
}

#[test]
fn four_sessions_a_week_of_three_meals_cook_in_batches() {
    let recipes = catalogue(40, 7);
    let (mut on_target, mut plain_met, mut left_met) = (0, 0, 0);
    for seed in 0..4 {
        let me = vec![diner(1900.0 + 200.0 * seed as f64, 3)];
        let days = week(
            &recipes,
            me.clone(),
            Some(Leftovers {
                cook_at_most: Some(4),
            }),
            seed,
        );
        let n = check(&days);
        let sessions = cooking_sessions(&days);
        assert_eq!(sessions + n, 14, "every lunch and dinner cooked or eaten");
        let dropped = days
            .iter()
            .flat_map(|d| &d.notes)
            .filter(|n| n.contains("cooked fresh"))
            .count();
        // Four, or the week says how many and why.
        assert!(
            sessions == 4
                || (dropped > 0
                    && days[0]
                        .notes
                        .iter()
                        .any(|n| n.contains("rather than at most 4"))),
            "{seed}: {sessions} {:?}",
            days.iter().map(|d| &d.notes).collect::<Vec<_>>()
        );
        on_target += usize::from(sessions == 4);
        // A dish eaten twice in a day only as a leftover.
        for day in &days {
            for (i, a) in day.meals.iter().enumerate() {
                for b in &day.meals[i + 1..] {
                    assert!(
                        a.recipe_id != b.recipe_id || b.leftover_of.is_some(),
                        "{day:?}"
                    );
                }
            }
        }
        plain_met += met(&week(&recipes, me.clone(), None, seed), &me);
        left_met += met(&days, &me);
    }
    assert!(on_target >= 3, "{on_target} of 4 weeks cook 4 times");
    assert!(left_met + 2 >= plain_met, "{left_met} of {plain_met}");
}

#[test]
fn a_table_eats_its_leftovers_each_at_their_own_portion() {
    let recipes = catalogue(40, 5);
    let diners = vec![diner(2600.0, 3), diner(1800.0, 3), diner(2200.0, 5)];
    let plain = week(&recipes, diners.clone(), None, 3);
    let left = week(&recipes, diners.clone(), Some(Leftovers::default()), 3);
    let n = check(&left);
    assert!(n >= 3, "{n} leftovers");
    for m in left.iter().flat_map(|d| &d.meals) {
        if m.leftover_of.is_some() {
            assert!(!m.shares.is_empty());
        }
    }
    assert!(cooking_sessions(&left) < cooking_sessions(&plain));
    assert!(
        met(&left, &diners) + 2 >= met(&plain, &diners),
        "{} of {}",
        met(&left, &diners),
        met(&plain, &diners)
    );
}

#[test]
fn a_plan_without_leftovers_is_as_before() {
    let recipes = catalogue(40, 13);
    let me = diner(2100.0, 3);
    for diners in [vec![me.clone()], vec![me.clone(), diner(1700.0, 4)]] {
        let plain = week(&recipes, diners.clone(), None, 21);
        assert!(plain.iter().all(|d| d.notes.is_empty()));
        assert!(
            plain
                .iter()
                .flat_map(|d| &d.meals)
                .all(|m| m.leftover_of.is_none() && m.cook_servings.is_none())
        );
        // A one-day plan has no later day to eat from: leftovers asked
        // for change nothing.
        let one_day = |leftovers: Option<Leftovers>| {
            let request = PlanRequest::new(&recipes, diners.clone(), 1)
                .unwrap()
                .with_seed(4);
            let request = match leftovers {
                Some(l) => request.with_leftovers(l),
                None => request,
            };
            plan(&request).unwrap()
        };
        assert_eq!(one_day(None), one_day(Some(Leftovers::default())));
        assert_eq!(
            plain,
            week(&recipes, diners.clone(), None, 21),
            "deterministic"
        );
    }
}

/// `days` as the re-balancer reads a stored plan: each dish its recipe's
/// index, each leftover naming its cooking dish by (day, dish) (no slot
/// of these weeks is split, so a dish's index is its schedule less one).
fn as_dishes(recipes: &[Recipe], days: &[TableDay]) -> Vec<Vec<TableDish>> {
    days.iter()
        .map(|d| {
            d.meals
                .iter()
                .map(|m| TableDish {
                    recipe: recipes.iter().position(|r| r.id == m.recipe_id).unwrap(),
                    meal_type: m.meal_type,
                    shares: m.shares.clone(),
                    keep: Keep::Nothing,
                    leftover_of: m
                        .leftover_of
                        .map(|c| (usize::from(c.day_of_week) - 1, usize::from(c.schedule) - 1)),
                })
                .collect()
        })
        .collect()
}

/// Day `day` of `plan` with its breakfast eaten at `times` everyone's
/// portion (kept as eaten), as a re-balance of `diners` reads it.
fn with_big_breakfast<'a>(
    recipes: &'a [Recipe],
    diners: &'a [Diner],
    dishes: &'a Dishes,
    mut plan: Vec<Vec<TableDish>>,
    day: usize,
    times: f64,
) -> DayRequest<'a> {
    let breakfast = &mut plan[day][0];
    assert_eq!(breakfast.meal_type, MealType::Breakfast);
    breakfast.keep = Keep::All;
    for s in &mut breakfast.shares {
        s.servings *= times;
    }
    DayRequest {
        recipes,
        diners,
        dishes,
        plan,
        day,
        seed: 7,
        budget: Budget::unlimited(),
    }
}

/// The (day, dish) of every dish of `plan` in a leftover pair: eaten
/// from another, or eaten from.
fn paired(plan: &[Vec<TableDish>]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for (d, day) in plan.iter().enumerate() {
        for (k, dish) in day.iter().enumerate() {
            if let Some(from) = dish.leftover_of {
                out.push((d, k));
                out.push(from);
            }
        }
    }
    out
}

#[test]
fn a_re_balance_keeps_leftover_pairs_and_changes_their_portions_only() {
    let recipes = catalogue(40, 3);
    let dishes = Dishes::new(&recipes, None);
    let (mut checked, mut would_change, mut portions_moved) = (0, 0, 0);
    for diners in [
        vec![diner(2200.0, 3)],
        vec![diner(2400.0, 3), diner(1800.0, 3)],
    ] {
        let days = week(&recipes, diners.clone(), Some(Leftovers::default()), 2);
        let plan = as_dishes(&recipes, &days);
        let pairs = paired(&plan);
        assert!(!pairs.is_empty());
        for day in 0..plan.len() {
            if !pairs.iter().any(|(d, _)| *d == day) {
                continue;
            }
            let request = with_big_breakfast(&recipes, &diners, &dishes, plan.clone(), day, 2.5);
            let Some(out) = rebalance_day(&request) else {
                continue;
            };
            checked += 1;
            for (k, (was, now)) in plan[day].iter().zip(&out).enumerate() {
                if pairs.contains(&(day, k)) {
                    assert_eq!(was.recipe, now.recipe, "day {day} dish {k} keeps its dish");
                    assert_eq!(was.leftover_of, now.leftover_of);
                    portions_moved += usize::from(was.shares != now.shares);
                }
                // Each dish as asked, but for its recipe and portions.
                assert_eq!(now.keep, request.plan[day][k].keep);
            }
            // The same day, its pairs forgotten: the re-balancer would
            // have changed some of their recipes (the rule is not idle).
            let mut unpaired = request.plan.clone();
            for dish in unpaired.iter_mut().flatten() {
                dish.leftover_of = None;
            }
            let free = DayRequest {
                plan: unpaired,
                ..request.clone()
            };
            if let Some(other) = rebalance_day(&free) {
                would_change += plan[day]
                    .iter()
                    .zip(&other)
                    .enumerate()
                    .filter(|(k, (was, now))| {
                        pairs.contains(&(day, *k)) && was.recipe != now.recipe
                    })
                    .count();
            }
        }
    }
    assert!(checked >= 4, "{checked} days re-balanced");
    assert!(
        portions_moved > 0,
        "a leftover's portion is re-balanced too"
    );
    assert!(would_change > 0, "without the pairs, their dishes change");
}

#[test]
fn a_day_its_leftover_keeps_off_target_says_why_and_others_say_nothing() {
    let recipes = catalogue(40, 3);
    let dishes = Dishes::new(&recipes, None);
    let diners = vec![diner(2200.0, 3)];
    let days = week(&recipes, diners.clone(), Some(Leftovers::default()), 2);
    let plan = as_dishes(&recipes, &days);
    let day = plan
        .iter()
        .position(|d| d.iter().any(|m| m.leftover_of.is_some()))
        .expect("a day eating a leftover");
    let k = plan[day]
        .iter()
        .position(|m| m.leftover_of.is_some())
        .unwrap();
    // Breakfast eaten at four portions: no day around it is on target.
    let request = with_big_breakfast(&recipes, &diners, &dishes, plan.clone(), day, 4.0);
    let out = rebalance_day(&request).unwrap_or_else(|| request.plan[day].clone());
    assert_eq!(out[k].recipe, plan[day][k].recipe);
    let notes = rebalance_notes(&request, &out);
    assert_eq!(notes.len(), 1, "{notes:?}");
    let meal = plan[day][k].meal_type.as_str();
    assert!(
        notes[0].contains("off target after re-balancing (")
            && notes[0].contains("% over")
            && notes[0].contains(&format!("its {meal} is a leftover"))
            && notes[0].contains(&recipes[plan[day][k].recipe].name),
        "{notes:?}"
    );
    // The same day without its pair: off target, but no leftover to blame.
    let mut unpaired = request.plan.clone();
    for dish in unpaired.iter_mut().flatten() {
        dish.leftover_of = None;
    }
    let free = DayRequest {
        plan: unpaired,
        ..request.clone()
    };
    assert!(rebalance_notes(&free, &out).is_empty());
    // A day on target says nothing, leftover or not.
    let calm = DayRequest {
        plan: plan.clone(),
        ..request.clone()
    };
    if rebalance_day(&calm).is_none() {
        assert!(rebalance_notes(&calm, &plan[day]).is_empty());
    }
    // Its leftover eaten already (kept as it is): the pair changed
    // nothing the re-balance could do, so it is not named.
    let mut eaten = request.plan.clone();
    eaten[day][k].keep = Keep::All;
    let eaten = DayRequest {
        plan: eaten,
        ..request.clone()
    };
    let cooks = eaten.plan[day]
        .iter()
        .enumerate()
        .any(|(j, _)| paired(&eaten.plan).contains(&(day, j)) && j != k);
    if !cooks {
        assert!(rebalance_notes(&eaten, &out).is_empty());
    }
}

#[test]
fn a_week_that_keeps_a_leftover_off_target_says_so() {
    // Small catalogues and people far from their dishes: days that miss,
    // with a leftover or planned fresh; one person, and a table.
    let (mut said_days, mut table_said) = (0, 0);
    for (seed, per_type, calories) in [
        (1, 2, vec![4200.0]),
        (2, 2, vec![900.0]),
        (3, 3, vec![4200.0]),
        (5, 2, vec![3000.0]),
        (6, 2, vec![4200.0, 4000.0]),
        (7, 3, vec![900.0, 4400.0]),
    ] {
        let recipes = catalogue(per_type, seed);
        let diners: Vec<Diner> = calories.iter().map(|c| diner(*c, 3)).collect();
        let days = week(&recipes, diners.clone(), Some(Leftovers::default()), seed);
        check(&days);
        for day in &days {
            let off = day
                .totals
                .iter()
                .zip(&diners)
                .any(|(t, d)| !d.tolerances.admits(t, &d.targets.get()));
            let eats = day.meals.iter().any(|m| m.leftover_of.is_some());
            let said = day
                .notes
                .iter()
                .any(|n| n.contains("off its targets around"));
            assert_eq!(
                said,
                off && eats,
                "day {}: {:?}",
                day.day_of_week,
                day.notes
            );
            said_days += usize::from(said);
            table_said += usize::from(said && diners.len() > 1);
        }
    }
    assert!(
        said_days >= 3 && table_said >= 1,
        "{said_days}, {table_said}"
    );
}

/// A batch week (a dish eaten twice a day) re-balances as a lane week
/// does: every dish of a pair keeps its recipe, portions move.
#[test]
fn a_batch_weeks_days_re_balance_keeping_their_dishes() {
    let recipes = catalogue(40, 3);
    let dishes = Dishes::new(&recipes, None);
    let diners = vec![diner(2200.0, 3)];
    let bound = Leftovers {
        cook_at_most: Some(4),
    };
    let days = week(&recipes, diners.clone(), Some(bound), 2);
    let plan = as_dishes(&recipes, &days);
    let pairs = paired(&plan);
    let twice = |day: &[TableDish]| {
        day.iter()
            .enumerate()
            .any(|(k, a)| day[k + 1..].iter().any(|b| a.recipe == b.recipe))
    };
    assert!(plan.iter().any(|d| twice(d)), "a dish eaten twice a day");
    let mut moved = 0;
    for day in (0..plan.len()).filter(|d| twice(&plan[*d])) {
        for times in [0.5, 2.5] {
            let request = with_big_breakfast(&recipes, &diners, &dishes, plan.clone(), day, times);
            let Some(out) = rebalance_day(&request) else {
                continue;
            };
            for (k, (was, now)) in plan[day].iter().zip(&out).enumerate() {
                if pairs.contains(&(day, k)) {
                    assert_eq!(was.recipe, now.recipe, "day {day} dish {k}");
                    moved += usize::from(was.shares != now.shares);
                }
            }
        }
    }
    assert!(moved > 0, "their portions re-balanced");
}
