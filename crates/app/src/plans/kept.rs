//! What the recipe page of a cooking meal says: how much of the dish to
//! keep, and for which later meal ([`Kept`]), worded in one line
//! ([`keep_note`]).

use std::collections::HashMap;

use mealplan_domain::MealType;
use mealplan_ports::{DailyMenu, LaterMeal, MealDetail};

use super::leftovers::Cooking;

/// Servings of a cooking meal's dish kept for one later meal (a
/// leftover).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Kept {
    /// What the later meal eats: every portion of a meal shared at the
    /// table, else its own.
    pub servings: f64,
    /// Its day, 1-7.
    pub day_of_week: u8,
    /// Its slot.
    pub meal_type: MealType,
}

impl Kept {
    /// What is kept for `meal`, eaten on `day_of_week`.
    fn of(day_of_week: u8, meal: &MealDetail) -> Self {
        Self {
            servings: meal.to_cook(),
            day_of_week,
            meal_type: meal.meal_type,
        }
    }
}

/// What each cooking meal of `days` keeps, by its id, its leftovers in
/// the order of the days ([`Cooking::eaten_from`] says which meal eats
/// from which).
pub(super) fn kept_in(days: &[DailyMenu], cooking: &Cooking) -> HashMap<i64, Vec<Kept>> {
    let mut out: HashMap<i64, Vec<Kept>> = HashMap::new();
    for day in days {
        for meal in &day.meals {
            if let Some(from) = cooking.eaten_from.get(&meal.id) {
                out.entry(*from)
                    .or_default()
                    .push(Kept::of(day.day_of_week, meal));
            }
        }
    }
    out
}

/// A meal read alone with its leftovers (`later`): the servings it cooks
/// in all and what it keeps for each; `None` and nothing for a meal no
/// other eats from.
pub(super) fn cooked_for(meal: &MealDetail, later: &[LaterMeal]) -> (Option<f64>, Vec<Kept>) {
    if later.is_empty() {
        return (None, Vec::new());
    }
    let kept: Vec<Kept> = later
        .iter()
        .map(|l| Kept::of(l.day_of_week, &l.meal))
        .collect();
    let total = meal.to_cook() + kept.iter().map(|k| k.servings).sum::<f64>();
    (Some(total), kept)
}

/// `Cook 3 servings; keep 1.5 for Tuesday's lunch and 0.5 for
/// Wednesday's dinner`: what a cooking meal's recipe page says; `None`
/// for a meal that keeps nothing.
pub fn keep_note(cook_servings: f64, keep: &[Kept]) -> Option<String> {
    if keep.is_empty() {
        return None;
    }
    let each: Vec<String> = keep
        .iter()
        .map(|k| {
            format!(
                "{} for {}",
                amount(k.servings),
                meal_named(k.day_of_week, k.meal_type)
            )
        })
        .collect();
    let unit = if amount(cook_servings) == "1" {
        "serving"
    } else {
        "servings"
    };
    Some(format!(
        "Cook {} {unit}; keep {}",
        amount(cook_servings),
        listed(&each)
    ))
}

/// `Tuesday's lunch`.
pub(super) fn meal_named(day_of_week: u8, meal_type: MealType) -> String {
    format!("{}'s {}", day_name(day_of_week), meal_type.as_str())
}

/// `a`, `a and b`, `a, b and c`.
pub(super) fn listed(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The English name of day 1 (Monday) to 7; `day N` past them.
fn day_name(day_of_week: u8) -> String {
    const NAMES: [&str; 7] = [
        "Monday",
        "Tuesday",
        "Wednesday",
        "Thursday",
        "Friday",
        "Saturday",
        "Sunday",
    ];
    usize::from(day_of_week)
        .checked_sub(1)
        .and_then(|i| NAMES.get(i))
        .map_or_else(|| format!("day {day_of_week}"), |n| (*n).to_owned())
}

/// Servings as people read them: at most two decimals, no trailing zeros.
fn amount(servings: f64) -> String {
    let text = format!("{servings:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use mealplan_domain::MealStatus;
    use mealplan_domain::planner::CookedAt;

    fn meal(id: i64, meal_type: MealType, servings: f64, from: Option<(u8, u8)>) -> MealDetail {
        MealDetail {
            id,
            recipe_id: 7,
            schedule: if meal_type == MealType::Lunch { 2 } else { 3 },
            status: MealStatus::Pending,
            meal_type,
            servings,
            portions: Vec::new(),
            shared: false,
            leftover_of: from.map(|(day_of_week, schedule)| CookedAt {
                day_of_week,
                schedule,
            }),
            note: None,
        }
    }

    #[test]
    fn a_cooking_meal_keeps_each_leftovers_servings_for_its_day() {
        let days = [
            DailyMenu {
                id: 1,
                day_of_week: 1,
                notes: Vec::new(),
                rebalance_notes: Vec::new(),
                meals: vec![meal(10, MealType::Dinner, 1.0, None)],
            },
            DailyMenu {
                id: 2,
                day_of_week: 2,
                notes: Vec::new(),
                rebalance_notes: Vec::new(),
                meals: vec![meal(20, MealType::Lunch, 1.5, Some((1, 3)))],
            },
            DailyMenu {
                id: 3,
                day_of_week: 3,
                notes: Vec::new(),
                rebalance_notes: Vec::new(),
                meals: vec![
                    meal(30, MealType::Lunch, 1.0, None),
                    meal(31, MealType::Dinner, 0.5, Some((1, 3))),
                ],
            },
        ];
        let kept = kept_in(&days, &Cooking::of(&days));
        assert_eq!(kept.len(), 1);
        let keep = &kept[&10];
        assert_eq!(
            keep.as_slice(),
            [
                Kept {
                    servings: 1.5,
                    day_of_week: 2,
                    meal_type: MealType::Lunch
                },
                Kept {
                    servings: 0.5,
                    day_of_week: 3,
                    meal_type: MealType::Dinner
                },
            ]
        );
        assert_eq!(
            keep_note(3.0, keep).as_deref(),
            Some("Cook 3 servings; keep 1.5 for Tuesday's lunch and 0.5 for Wednesday's dinner")
        );
    }

    #[test]
    fn a_meal_read_alone_cooks_its_own_and_its_leftovers_servings() {
        let cook = meal(10, MealType::Dinner, 1.25, None);
        let later = [LaterMeal {
            day_of_week: 2,
            meal: meal(20, MealType::Lunch, 1.0, Some((1, 3))),
        }];
        let (total, keep) = cooked_for(&cook, &later);
        assert_eq!(total, Some(2.25));
        assert_eq!(
            keep_note(2.25, &keep).as_deref(),
            Some("Cook 2.25 servings; keep 1 for Tuesday's lunch")
        );
        assert_eq!(cooked_for(&cook, &[]), (None, Vec::new()));
        assert_eq!(keep_note(1.0, &[]), None);
    }

    #[test]
    fn amounts_and_lists_read_as_people_write_them() {
        assert_eq!(amount(1.0 / 3.0), "0.33");
        assert_eq!(amount(2.5), "2.5");
        assert_eq!(amount(1.0), "1");
        assert_eq!(day_name(7), "Sunday");
        assert_eq!(day_name(9), "day 9");
        let items = ["a".to_owned(), "b".to_owned(), "c".to_owned()];
        assert_eq!(listed(&items), "a, b and c");
        assert_eq!(listed(&items[..1]), "a");
    }
}
