//! Cook once, eat twice, in a stored plan: which meal each leftover is
//! eaten from, and how much each meal cooks. A leftover names its cooking
//! meal by day and schedule ([`MealDetail::leftover_of`]); this finds the
//! meal, so that answers can give its id, the shopping list buy the dish
//! once and the pantry give it once.

use std::collections::HashMap;

use mealplan_ports::{DailyMenu, MealDetail};

/// A plan's leftovers, by meal id.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Cooking {
    /// Each leftover's cooking meal.
    pub eaten_from: HashMap<i64, i64>,
    /// Servings each meal that others eat from cooks: its own and every
    /// leftover's.
    pub cooks: HashMap<i64, f64>,
}

impl Cooking {
    /// The leftovers of `days` (one plan's). A leftover whose cooking meal
    /// is not in the plan (removed, or the plan cut) is cooked where it
    /// is eaten.
    pub(crate) fn of(days: &[DailyMenu]) -> Self {
        let at: HashMap<(u8, u8), &MealDetail> = days
            .iter()
            .flat_map(|d| {
                d.meals
                    .iter()
                    .map(move |m| ((d.day_of_week, m.schedule), m))
            })
            .collect();
        let mut out = Self::default();
        for meal in days.iter().flat_map(|d| &d.meals) {
            let Some(from) = meal
                .leftover_of
                .and_then(|c| at.get(&(c.day_of_week, c.schedule)))
                .filter(|from| from.recipe_id == meal.recipe_id && from.id != meal.id)
            else {
                continue;
            };
            out.eaten_from.insert(meal.id, from.id);
            *out.cooks.entry(from.id).or_insert(from.to_cook()) += meal.to_cook();
        }
        out
    }

    /// The leftovers of a plan's answer (see [`Cooking::of`]): its meals
    /// already say where they are eaten from.
    pub(crate) fn from_views(days: &[super::DayView]) -> Self {
        let mut out = Self::default();
        for m in days.iter().flat_map(|d| &d.meals) {
            if let Some(from) = m.leftover_of {
                out.eaten_from.insert(m.meal.id, from);
            }
            if let Some(total) = m.cook_servings {
                out.cooks.insert(m.meal.id, total);
            }
        }
        out
    }

    /// Servings to cook at `meal`: none for a leftover, its own and its
    /// leftovers' for a meal others eat from, else its own.
    pub(crate) fn servings_at(&self, meal: &MealDetail) -> f64 {
        if self.eaten_from.contains_key(&meal.id) {
            0.0
        } else {
            self.cooks
                .get(&meal.id)
                .copied()
                .unwrap_or_else(|| meal.to_cook())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mealplan_domain::planner::CookedAt;
    use mealplan_domain::{MealStatus, MealType};

    fn meal(
        id: i64,
        schedule: u8,
        recipe_id: i64,
        servings: f64,
        from: Option<(u8, u8)>,
    ) -> MealDetail {
        MealDetail {
            id,
            recipe_id,
            schedule,
            status: MealStatus::Pending,
            meal_type: MealType::Dinner,
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

    fn day(id: i64, day_of_week: u8, meals: Vec<MealDetail>) -> DailyMenu {
        DailyMenu {
            id,
            day_of_week,
            meals,
            notes: Vec::new(),
            rebalance_notes: Vec::new(),
        }
    }

    #[test]
    fn a_dish_is_cooked_once_for_every_meal_that_eats_it() {
        let days = [
            day(1, 1, vec![meal(10, 2, 7, 1.0, None)]),
            day(
                2,
                2,
                vec![meal(20, 1, 7, 1.5, Some((1, 2))), meal(21, 2, 8, 1.0, None)],
            ),
            day(3, 3, vec![meal(30, 1, 7, 0.5, Some((1, 2)))]),
        ];
        let cooking = Cooking::of(&days);
        assert_eq!(cooking.eaten_from, HashMap::from([(20, 10), (30, 10)]));
        assert_eq!(cooking.servings_at(&days[0].meals[0]), 3.0);
        assert_eq!(cooking.servings_at(&days[1].meals[0]), 0.0);
        assert_eq!(cooking.servings_at(&days[1].meals[1]), 1.0);
    }

    #[test]
    fn a_leftover_whose_dish_is_no_longer_cooked_is_cooked_where_it_is_eaten() {
        // The cooking meal was swapped to another recipe, or is gone.
        let days = [
            day(1, 1, vec![meal(10, 2, 9, 1.0, None)]),
            day(
                2,
                2,
                vec![
                    meal(20, 1, 7, 1.5, Some((1, 2))),
                    meal(21, 2, 7, 1.0, Some((5, 1))),
                ],
            ),
        ];
        let cooking = Cooking::of(&days);
        assert!(cooking.eaten_from.is_empty());
        assert_eq!(cooking.servings_at(&days[1].meals[0]), 1.5);
    }
}
