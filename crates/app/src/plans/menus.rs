//! Days and meals added to an existing plan one at a time (the original
//! API's daily-menu and meal-detail creation): only the plan's owner
//! reads or adds to it, and every recipe added keeps the rules of everyone
//! who eats the meal ([`PlanContext::keep_rules`](super::PlanContext)).

use mealplan_domain::{Recipe, UserId};
use mealplan_ports::{DailyMenu, MealDetail, NewDay, NewMeal, OwnedDay, Plan, StoreError};

use super::eaters::Refusal;
use super::table::alone;
use super::{DayView, MealView, Menus};
use crate::recipes::find;

/// Why reading or adding a day or a meal failed.
#[derive(Debug, thiserror::Error)]
pub enum MenuError {
    /// No such plan, or not the caller's.
    #[error("plan not found")]
    PlanNotFound,
    /// No such daily menu, or not the caller's.
    #[error("daily menu not found")]
    DayNotFound,
    /// A new meal names a recipe that does not exist.
    #[error("recipe not found")]
    RecipeNotFound,
    /// The plan has this day of week already.
    #[error("day {day_of_week} already exists in plan {plan_id}")]
    DayTaken {
        /// The plan.
        plan_id: i64,
        /// The day sent.
        day_of_week: u8,
    },
    /// The daily menu has a meal at this schedule already.
    #[error("schedule {schedule} already exists in daily menu {daily_menu_id}")]
    ScheduleTaken {
        /// The daily menu.
        daily_menu_id: i64,
        /// The schedule sent.
        schedule: u8,
    },
    /// A new day names one schedule twice: (meal index, schedule) of the
    /// later meal.
    #[error("duplicate schedule {1}")]
    DuplicateSchedule(usize, u8),
    /// A new day names recipes that do not exist: (meal index, id) of each,
    /// in request order.
    #[error("unknown recipe ids {0:?}")]
    UnknownRecipes(Vec<(usize, i64)>),
    /// A recipe breaks a rule of someone who eats the meal.
    #[error(transparent)]
    BreaksRules(#[from] Refusal),
    /// Storage failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl Menus {
    /// A plan of the caller's.
    async fn owned_plan(&self, caller: UserId, id: i64) -> Result<Plan, MenuError> {
        self.plans
            .plan(id)
            .await?
            .filter(|plan| plan.user_id == caller)
            .ok_or(MenuError::PlanNotFound)
    }

    /// A daily menu of the caller's.
    async fn owned_day(&self, caller: UserId, id: i64) -> Result<OwnedDay, MenuError> {
        self.plans
            .day(id)
            .await?
            .filter(|owned| owned.owner == caller)
            .ok_or(MenuError::DayNotFound)
    }

    /// One daily menu with its meals (by schedule) and their recipes.
    pub async fn daily_menu(&self, caller: UserId, id: i64) -> Result<DayView, MenuError> {
        let owned = self.owned_day(caller, id).await?;
        let all = self.recipes_of(caller).await?;
        day_view(owned.day, &all)
    }

    /// Adds a day with its meals to plan `plan_id` and touches the plan.
    /// Every recipe must exist and keep the rules of everyone who eats it;
    /// the day of week must be new to the plan and each schedule used
    /// once. In a one-person plan each meal is the holder's portion; in a
    /// plan for the household's table a meal added without portions is
    /// everyone's.
    pub async fn add_day(
        &self,
        caller: UserId,
        plan_id: i64,
        mut day: NewDay,
    ) -> Result<DayView, MenuError> {
        let plan = self.owned_plan(caller, plan_id).await?;
        let all = self.recipes_of(caller).await?;
        let mut unknown = Vec::new();
        for (i, meal) in day.meals.iter_mut().enumerate() {
            match find(&all, meal.recipe_id) {
                Some(recipe) => meal.recipe_id = recipe.id,
                None => unknown.push((i, meal.recipe_id)),
            }
        }
        if !unknown.is_empty() {
            return Err(MenuError::UnknownRecipes(unknown));
        }
        for (i, meal) in day.meals.iter().enumerate() {
            if day.meals[..i].iter().any(|m| m.schedule == meal.schedule) {
                return Err(MenuError::DuplicateSchedule(i, meal.schedule));
            }
        }
        let taken = MenuError::DayTaken {
            plan_id,
            day_of_week: day.day_of_week,
        };
        if plan.days.iter().any(|d| d.day_of_week == day.day_of_week) {
            return Err(taken);
        }
        let household = plan.household;
        if !household {
            for meal in &mut day.meals {
                meal.portions = alone(meal.servings);
            }
        }
        let picked = super::picked(&all, std::slice::from_ref(&day));
        self.keep_rules::<MenuError>(caller, household, &picked, true)
            .await?;
        // A concurrent request may have added the day since the check.
        let stored = match self.plans.add_day(plan_id, day, self.clock.now()).await {
            Err(StoreError::Conflict(_)) => return Err(taken),
            other => other?,
        };
        day_view(stored, &all)
    }

    /// Adds a meal to daily menu `daily_menu_id` and touches its plan. The
    /// recipe must exist and keep the rules of everyone who eats it, and
    /// the schedule be free in that day; in a one-person plan the meal is
    /// the holder's portion (see [`add_day`](Self::add_day)).
    pub async fn add_meal(
        &self,
        caller: UserId,
        daily_menu_id: i64,
        mut meal: NewMeal,
    ) -> Result<MealView, MenuError> {
        let owned = self.owned_day(caller, daily_menu_id).await?;
        let all = self.recipes_of(caller).await?;
        let recipe = find(&all, meal.recipe_id)
            .ok_or(MenuError::RecipeNotFound)?
            .clone();
        meal.recipe_id = recipe.id;
        let taken = MenuError::ScheduleTaken {
            daily_menu_id,
            schedule: meal.schedule,
        };
        if owned.day.meals.iter().any(|m| m.schedule == meal.schedule) {
            return Err(taken);
        }
        if !owned.household {
            meal.portions = alone(meal.servings);
        }
        let picked = [(&recipe, meal.portions.as_slice())];
        self.keep_rules::<MenuError>(caller, owned.household, &picked, true)
            .await?;
        // A concurrent request may have taken the schedule since the check.
        let stored = match self
            .plans
            .add_meal(daily_menu_id, meal, self.clock.now())
            .await
        {
            Err(StoreError::Conflict(_)) => return Err(taken),
            other => other?,
        };
        Ok(MealView {
            cook_servings: None,
            keep: Vec::new(),
            leftover_of: None,
            meal: stored,
            recipe,
        })
    }
}

/// A stored day with every recipe resolved.
fn day_view(day: DailyMenu, all: &[Recipe]) -> Result<DayView, MenuError> {
    let meals = day
        .meals
        .into_iter()
        .map(|meal| meal_view(meal, all))
        .collect::<Result<_, _>>()?;
    Ok(DayView {
        id: day.id,
        day_of_week: day.day_of_week,
        meals,
        fit: None,
        notes: day.notes.into_iter().chain(day.rebalance_notes).collect(),
    })
}

fn meal_view(meal: MealDetail, all: &[Recipe]) -> Result<MealView, MenuError> {
    let recipe = find(all, meal.recipe_id)
        .cloned()
        .ok_or_else(|| StoreError::Failure(format!("meal {} names a missing recipe", meal.id)))?;
    Ok(MealView {
        cook_servings: None,
        keep: Vec::new(),
        leftover_of: None,
        meal,
        recipe,
    })
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use chrono::{DateTime, TimeZone, Utc};
    use mealplan_domain::{MealStatus, MealType};
    use mealplan_ports::{MockClock, MockPersonRepository, MockPlanRepository, MockRecipeCatalog};

    use super::*;

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 1, 1, 0, 0, 0).unwrap()
    }

    fn recipe(id: i64) -> Recipe {
        crate::fixtures::recipe(id, &[("rice", 100.0)], MealType::Dinner, 400.0)
    }

    use crate::plans::Plans;

    fn service(plans: MockPlanRepository) -> Menus {
        let mut catalog = MockRecipeCatalog::new();
        catalog
            .expect_all()
            .returning(|| Ok(Arc::from(vec![recipe(1), recipe(2), recipe(3)])));
        let mut clock = MockClock::new();
        clock.expect_now().returning(now);
        // An owner without a profile keeps no rule.
        let mut profiles = MockPersonRepository::new();
        profiles.expect_find().returning(|_| Ok(None));
        Plans::new(
            Arc::new(plans),
            Arc::new(catalog),
            Arc::new(profiles),
            Arc::new(clock),
            Arc::new(mealplan_domain::Taxonomy::default()),
        )
        .menus()
    }

    fn meal(id: i64, recipe_id: i64, schedule: u8) -> MealDetail {
        MealDetail {
            leftover_of: None,
            id,
            recipe_id,
            schedule,
            status: MealStatus::Pending,
            meal_type: MealType::Dinner,
            servings: 1.0,
            portions: Vec::new(),
            note: None,
            shared: false,
        }
    }

    fn new_meal(recipe_id: i64, schedule: u8) -> NewMeal {
        NewMeal {
            leftover_of: None,
            recipe_id,
            schedule,
            status: MealStatus::Pending,
            meal_type: MealType::Dinner,
            servings: 1.0,
            portions: Vec::new(),
        }
    }

    /// Plan 4 of user 1 with day 1 (menu 7, a meal at schedule 1).
    fn plan() -> Plan {
        Plan {
            id: 4,
            user_id: UserId(1),
            created_at: now(),
            updated_at: now(),
            active: true,
            household: false,
            settings: None,
            days: vec![day()],
        }
    }

    fn day() -> DailyMenu {
        DailyMenu {
            id: 7,
            day_of_week: 1,
            meals: vec![meal(9, 1, 1)],
            notes: Vec::new(),
            rebalance_notes: Vec::new(),
        }
    }

    fn owned_day() -> OwnedDay {
        OwnedDay {
            day: day(),
            owner: UserId(1),
            plan_id: 4,
            household: false,
        }
    }

    fn with_plan() -> MockPlanRepository {
        let mut plans = MockPlanRepository::new();
        plans.expect_plan().returning(|id| Ok((id == 4).then(plan)));
        plans
    }

    fn with_day() -> MockPlanRepository {
        let mut plans = MockPlanRepository::new();
        plans
            .expect_day()
            .returning(|id| Ok((id == 7).then(owned_day)));
        plans
    }

    #[tokio::test]
    async fn a_day_is_seen_by_its_owner_only() {
        let s = service(with_day());
        let view = s.daily_menu(UserId(1), 7).await.unwrap();
        assert_eq!((view.id, view.day_of_week), (7, 1));
        assert_eq!(view.meals.len(), 1);
        assert_eq!(view.meals[0].recipe.id, 1);
        assert!(matches!(
            s.daily_menu(UserId(2), 7).await,
            Err(MenuError::DayNotFound)
        ));
        assert!(matches!(
            s.daily_menu(UserId(1), 8).await,
            Err(MenuError::DayNotFound)
        ));
    }

    #[tokio::test]
    async fn a_day_is_added_to_the_callers_plan() {
        let mut plans = with_plan();
        plans
            .expect_add_day()
            .withf(|plan, day, at| {
                *plan == 4 && day.day_of_week == 2 && day.meals.len() == 2 && *at == now()
            })
            .times(1)
            .returning(|_, day, _| {
                Ok(DailyMenu {
                    id: 8,
                    day_of_week: day.day_of_week,
                    meals: vec![meal(10, 3, 1), meal(11, 2, 2)],
                    notes: Vec::new(),
                    rebalance_notes: Vec::new(),
                })
            });
        let day = NewDay {
            day_of_week: 2,
            meals: vec![new_meal(2, 2), new_meal(3, 1)],
            notes: Vec::new(),
        };
        let view = service(plans).add_day(UserId(1), 4, day).await.unwrap();
        assert_eq!((view.id, view.day_of_week), (8, 2));
        let recipes: Vec<i64> = view.meals.iter().map(|m| m.recipe.id).collect();
        assert_eq!(recipes, [3, 2]);
    }

    #[tokio::test]
    async fn another_users_plan_is_not_found_and_unchanged() {
        // add_day must not be called.
        let s = service(with_plan());
        let day = || NewDay {
            day_of_week: 2,
            meals: vec![],
            notes: Vec::new(),
        };
        assert!(matches!(
            s.add_day(UserId(2), 4, day()).await,
            Err(MenuError::PlanNotFound)
        ));
        assert!(matches!(
            s.add_day(UserId(1), 5, day()).await,
            Err(MenuError::PlanNotFound)
        ));
    }

    #[tokio::test]
    async fn a_day_the_plan_has_is_refused() {
        let s = service(with_plan());
        let day = NewDay {
            day_of_week: 1,
            meals: vec![],
            notes: Vec::new(),
        };
        let error = s.add_day(UserId(1), 4, day).await.unwrap_err();
        assert_eq!(error.to_string(), "day 1 already exists in plan 4");
    }

    #[tokio::test]
    async fn a_day_added_concurrently_is_refused_the_same_way() {
        let mut plans = with_plan();
        plans
            .expect_add_day()
            .times(1)
            .returning(|_, _, _| Err(StoreError::Conflict("unique".into())));
        let day = NewDay {
            day_of_week: 3,
            meals: vec![],
            notes: Vec::new(),
        };
        assert!(matches!(
            service(plans).add_day(UserId(1), 4, day).await,
            Err(MenuError::DayTaken {
                plan_id: 4,
                day_of_week: 3
            })
        ));
    }

    #[tokio::test]
    async fn unknown_recipes_and_repeated_schedules_are_refused() {
        let s = service(with_plan());
        let day = NewDay {
            day_of_week: 2,
            meals: vec![new_meal(1, 1), new_meal(42, 2), new_meal(43, 3)],
            notes: Vec::new(),
        };
        assert!(matches!(
            s.add_day(UserId(1), 4, day).await,
            Err(MenuError::UnknownRecipes(u)) if u == [(1, 42), (2, 43)]
        ));
        let day = NewDay {
            day_of_week: 2,
            meals: vec![new_meal(1, 1), new_meal(2, 1)],
            notes: Vec::new(),
        };
        assert!(matches!(
            s.add_day(UserId(1), 4, day).await,
            Err(MenuError::DuplicateSchedule(1, 1))
        ));
    }

    #[tokio::test]
    async fn a_meal_is_added_to_a_free_schedule() {
        let mut plans = with_day();
        plans
            .expect_add_meal()
            .withf(|menu, meal, at| {
                *menu == 7 && meal.schedule == 2 && meal.recipe_id == 3 && *at == now()
            })
            .times(1)
            .returning(|_, m, _| Ok(meal(12, m.recipe_id, m.schedule)));
        let view = service(plans)
            .add_meal(UserId(1), 7, new_meal(3, 2))
            .await
            .unwrap();
        assert_eq!((view.meal.id, view.recipe.id), (12, 3));
    }

    /// A meal added to a one-person plan is the holder's portion; one
    /// added to a plan made for the household's table, sent without
    /// portions, stays everyone's (none).
    #[tokio::test]
    async fn an_added_meal_carries_the_portions_of_its_plan() {
        for household in [false, true] {
            let mut plans = MockPlanRepository::new();
            plans.expect_day().returning(move |id| {
                Ok((id == 7).then(|| OwnedDay {
                    household,
                    ..owned_day()
                }))
            });
            let expected = if household {
                Vec::new()
            } else {
                crate::plans::table::alone(1.0)
            };
            plans
                .expect_add_meal()
                .withf(move |_, meal, _| meal.portions == expected)
                .times(1)
                .returning(|_, m, _| {
                    Ok(MealDetail {
                        portions: m.portions,
                        ..meal(12, m.recipe_id, m.schedule)
                    })
                });
            let view = service(plans)
                .add_meal(UserId(1), 7, new_meal(3, 2))
                .await
                .unwrap();
            assert_eq!(view.meal.portions.is_empty(), household);
        }
    }

    #[tokio::test]
    async fn a_meal_is_refused_without_a_day_a_recipe_or_a_free_schedule() {
        // add_meal must not be called.
        let s = service(with_day());
        assert!(matches!(
            s.add_meal(UserId(2), 7, new_meal(3, 2)).await,
            Err(MenuError::DayNotFound)
        ));
        assert!(matches!(
            s.add_meal(UserId(1), 8, new_meal(3, 2)).await,
            Err(MenuError::DayNotFound)
        ));
        assert!(matches!(
            s.add_meal(UserId(1), 7, new_meal(42, 2)).await,
            Err(MenuError::RecipeNotFound)
        ));
        let error = s.add_meal(UserId(1), 7, new_meal(3, 1)).await.unwrap_err();
        assert_eq!(
            error.to_string(),
            "schedule 1 already exists in daily menu 7"
        );
    }

    #[tokio::test]
    async fn a_schedule_taken_concurrently_is_refused_the_same_way() {
        let mut plans = with_day();
        plans
            .expect_add_meal()
            .times(1)
            .returning(|_, _, _| Err(StoreError::Conflict("unique".into())));
        assert!(matches!(
            service(plans).add_meal(UserId(1), 7, new_meal(3, 4)).await,
            Err(MenuError::ScheduleTaken {
                daily_menu_id: 7,
                schedule: 4
            })
        ));
    }
}
