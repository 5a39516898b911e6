//! A household's table in the use cases: who sits at it (the holder and
//! each member as the planner's [`Diner`]s), and a stored day of a
//! household plan changed after the fact: re-balanced around what people
//! ate or chose, or re-portioned for each eater after a swap.

use std::sync::Arc;

use chrono::NaiveDate;

use mealplan_domain::planner::{
    Budget, DayRequest, Diner, Keep, Share, TableDish, rebalance_day, reportion_day,
};
use mealplan_domain::{MealStatus, Person, Recipe, Taxonomy, UserId};
use mealplan_ports::{
    DailyMenu, MealChange, MealDetail, OwnedMeal, Plan, PlanSettings, Portion, StoreError,
};

use super::basics::{adjusted, blocking, index_of};
use super::eaters::Eaters;
use super::searches::Ticket;
use super::{MealView, Meals, PlanContext, PlanError, PlanView, Planner};

/// What the holder is called in a household plan's portions.
pub(super) const HOLDER_NAME: &str = "you";

/// How many times a household re-balance that lost a race with another
/// change of the plan is computed again.
const REBALANCE_ATTEMPTS: usize = 3;

/// The people at a household's table, the holder first.
pub(super) struct Table {
    /// Each person as the planner sees them.
    pub diners: Vec<Diner>,
    /// Who each is: member id (`None` for the holder) and name.
    pub people: Vec<(Option<i64>, String)>,
}

impl Table {
    /// The holder (`profile`, the plan's changes applied) and `members`,
    /// each seated by the one builder ([`Diner::of`]) with `settings`'
    /// tolerances and portion limits, at their age on `today` (a child's
    /// portions are sized for them; sodium and fibre limits are each
    /// person's own).
    pub fn of(
        taxonomy: &Taxonomy,
        profile: &Person,
        members: &[Person],
        settings: &PlanSettings,
        today: NaiveDate,
    ) -> Self {
        let people = std::iter::once(profile).chain(members);
        let (diners, people) = people
            .map(|p| {
                let diner = Diner::of(taxonomy, p)
                    .within(settings.tolerances, settings.portions)
                    .in_body(&p.body, p.body.age_on(today), &p.diet_types);
                let who = if p.holder {
                    (None, HOLDER_NAME.to_owned())
                } else {
                    (Some(p.id), p.name.as_str().to_owned())
                };
                (diner, who)
            })
            .unzip();
        Self { diners, people }
    }

    /// A stored day's dishes as the planner reads them; a portion of
    /// someone no longer at the table names no diner (and so stays as it
    /// is). A meal of a plan without portions (`alone`: the holder's own)
    /// is the holder's alone, at its servings.
    fn dishes(
        &self,
        all: &[Recipe],
        day: &DailyMenu,
        alone: bool,
        keep: impl Fn(&MealDetail) -> Keep,
    ) -> Result<Vec<TableDish>, PlanError> {
        day.meals
            .iter()
            .map(|m| {
                let shares = if alone {
                    vec![Share {
                        diner: 0,
                        servings: m.servings,
                    }]
                } else {
                    m.portions
                        .iter()
                        .enumerate()
                        .map(|(k, p)| Share {
                            diner: self
                                .people
                                .iter()
                                .position(|(id, _)| *id == p.member_id)
                                .unwrap_or(self.diners.len() + k),
                            servings: p.servings,
                        })
                        .collect()
                };
                Ok(TableDish {
                    recipe: index_of(all, m.recipe_id)?,
                    meal_type: m.meal_type,
                    shares,
                    keep: keep(m),
                })
            })
            .collect()
    }

    /// `dish`'s shares as the stored portions they replace (same people,
    /// same order), and the holder's own portion (0 when they do not eat
    /// it); a meal stored without portions (the holder's own) keeps none
    /// and takes the holder's share.
    fn portions(dish: &TableDish, stored: &[Portion]) -> (f64, Vec<Portion>) {
        if stored.is_empty() {
            let holder = dish
                .shares
                .iter()
                .find(|s| s.diner == 0)
                .map_or(0.0, |s| s.servings);
            return (holder, Vec::new());
        }
        let portions: Vec<Portion> = stored
            .iter()
            .zip(&dish.shares)
            .map(|(p, s)| Portion {
                servings: s.servings,
                ..p.clone()
            })
            .collect();
        let holder = portions
            .iter()
            .find(|p| p.member_id.is_none())
            .map_or(0.0, |p| p.servings);
        (holder, portions)
    }
}

impl PlanContext {
    /// The table of `user`'s household as a plan of `settings` sees it:
    /// their profile with the plan's changes, and their members today;
    /// and the same people as [`Eaters`], by their rules as stored.
    async fn table(
        &self,
        user: UserId,
        settings: Option<PlanSettings>,
    ) -> Result<(Table, PlanSettings, Eaters), PlanError> {
        let profile = self
            .profiles
            .find(user)
            .await?
            .ok_or(PlanError::NoProfile)?;
        let settings = settings.unwrap_or_default();
        let members = if self.household {
            self.profiles.members(user).await?
        } else {
            Vec::new()
        };
        let eaters = Eaters::new(&self.taxonomy, Some(&profile), &members, true);
        let profile = adjusted(profile, &settings.adjust);
        Ok((
            Table::of(
                &self.taxonomy,
                &profile,
                &members,
                &settings,
                self.clock.now().date_naive(),
            ),
            settings,
            eaters,
        ))
    }
}

impl Planner {
    /// [`rebalance`](Self::rebalance) of a household's plan: every
    /// person's day of `day` (every day when `None`) brought back within
    /// their own tolerances around the meals eaten or chosen, by
    /// re-portioning the other meals for each eater and, where portions
    /// cannot do it, changing their dishes (each keeping the rules of
    /// everyone who eats it); searched under `ticket`.
    pub(super) async fn rebalance_household(
        &self,
        user: UserId,
        plan: Plan,
        day: Option<u8>,
        all: Arc<[Recipe]>,
        ticket: &Ticket,
    ) -> Result<PlanView, PlanError> {
        let mut plan = plan;
        let mut attempt = 1;
        loop {
            let (table, _, eaters) = self.table(user, plan.settings).await?;
            let chosen = self.plans.chosen_meals(plan.id).await?;
            let dishes = self.dishes_of(&all);
            let (recipes, stored) = (Arc::clone(&all), plan.clone());
            let seed = self.clock.now().timestamp_nanos_opt().unwrap_or(0) as u64;
            let changes = ticket
                .run(move |budget| {
                    let search = (seed, budget);
                    day_changes(&table, &recipes, &dishes, &stored, &chosen, day, search)
                })
                .await??;
            if changes.is_empty() {
                return self.view(plan, &all);
            }
            keep_rules_of_changes(&eaters, &all, &plan, &changes)?;
            match self
                .plans
                .rebalance(plan.id, changes, self.clock.now())
                .await
            {
                Err(StoreError::Conflict(_)) if attempt < REBALANCE_ATTEMPTS => {
                    attempt += 1;
                    plan = self
                        .plans
                        .active(user)
                        .await?
                        .ok_or(PlanError::NoActivePlan)?;
                }
                Err(e) => return Err(e.into()),
                Ok(()) => {
                    let plan = self
                        .plans
                        .plan(plan.id)
                        .await?
                        .ok_or(PlanError::NoActivePlan)?;
                    return self.view(plan, &all);
                }
            }
        }
    }
}

/// The meal changes that re-balance `day` (every day when `None`) of
/// `plan`, a household's or the holder's own (stored without portions),
/// searched from `seed` until `budget` is spent.
pub(super) fn day_changes(
    table: &Table,
    all: &[Recipe],
    dishes: &mealplan_domain::planner::whole_day::Dishes,
    plan: &Plan,
    chosen: &[i64],
    day: Option<u8>,
    (seed, budget): (u64, &Budget),
) -> Result<Vec<MealChange>, PlanError> {
    let alone = plan
        .days
        .iter()
        .flat_map(|d| &d.meals)
        .all(|m| m.portions.is_empty());
    let keep = |m: &MealDetail| {
        if m.status == MealStatus::Completed || chosen.contains(&m.id) {
            Keep::All
        } else {
            Keep::Nothing
        }
    };
    let week = plan
        .days
        .iter()
        .map(|d| table.dishes(all, d, alone, keep))
        .collect::<Result<Vec<_>, _>>()?;
    let mut changes = Vec::new();
    let wanted = |stored: &&DailyMenu| {
        day.is_none_or(|d| d == stored.day_of_week) && !stored.meals.is_empty()
    };
    let mut days_left = plan.days.iter().filter(wanted).count();
    for (d, stored) in plan.days.iter().enumerate() {
        if !wanted(&stored) {
            continue;
        }
        // Each day its share of the time left.
        let budget = budget.part(days_left);
        days_left -= 1;
        let request = DayRequest {
            recipes: all,
            diners: &table.diners,
            dishes,
            plan: week.clone(),
            day: d,
            seed: seed.wrapping_add(u64::from(stored.day_of_week)),
            budget: &budget,
        };
        let Some(out) = rebalance_day(&request) else {
            continue;
        };
        for (meal, dish) in stored.meals.iter().zip(&out) {
            let (servings, portions) = Table::portions(dish, &meal.portions);
            if all[dish.recipe].id != meal.recipe_id
                || portions != meal.portions
                || servings != meal.servings
            {
                changes.push(MealChange {
                    id: meal.id,
                    recipe_id: all[dish.recipe].id,
                    servings,
                    portions,
                });
            }
        }
    }
    Ok(changes)
}

/// The check of [`PlanContext::keep_rules`] on a re-balance's `changes`
/// of `plan`: each meal given another recipe keeps the rules of everyone
/// who eats it (the planner chose among those recipes only; this holds it
/// to that). The owner asked, so the refusal may name whose rule it is.
pub(super) fn keep_rules_of_changes(
    eaters: &Eaters,
    all: &[Recipe],
    plan: &Plan,
    changes: &[MealChange],
) -> Result<(), PlanError> {
    let stored = |id: i64| plan.days.iter().flat_map(|d| &d.meals).find(|m| m.id == id);
    for change in changes {
        if stored(change.id).is_some_and(|m| m.recipe_id == change.recipe_id) {
            continue;
        }
        let recipe = all
            .get(index_of(all, change.recipe_id)?)
            .ok_or(PlanError::RecipeNotFound)?;
        eaters.check(recipe, &change.portions, true)?;
    }
    Ok(())
}

impl Meals {
    /// [`swap`](Self::swap) of a household meal: the new recipe must keep
    /// the rules of everyone who eats it, and each eater's portion of it
    /// is chosen anew for their own day (the day's other meals as they
    /// are).
    pub(super) async fn swap_household(
        &self,
        owned: OwnedMeal,
        recipe: &Recipe,
        all: &Arc<[Recipe]>,
    ) -> Result<MealView, PlanError> {
        let plan = self
            .plans
            .plan(owned.plan_id)
            .await?
            .ok_or(PlanError::MealNotFound)?;
        let (table, _, eaters) = self.table(owned.owner, plan.settings).await?;
        // The owner's own change (a household meal is not changed without
        // a token): the refusal may say whose rule it is.
        eaters.check(recipe, &owned.meal.portions, true)?;
        let day = plan
            .days
            .iter()
            .find(|d| d.meals.iter().any(|m| m.id == owned.meal.id))
            .ok_or(PlanError::MealNotFound)?;
        let id = owned.meal.id;
        let mut meals = table.dishes(all, day, false, |m| {
            if m.id == id { Keep::Dish } else { Keep::All }
        })?;
        let k = day
            .meals
            .iter()
            .position(|m| m.id == id)
            .ok_or(PlanError::MealNotFound)?;
        meals[k].recipe = index_of(all, recipe.id)?;
        let dishes = self.dishes_of(all);
        let recipes = Arc::clone(all);
        let out = blocking(move || {
            let request = DayRequest {
                recipes: &recipes,
                diners: &table.diners,
                dishes: &dishes,
                plan: vec![meals],
                day: 0,
                seed: 0,
                // Portions only: no search to bound.
                budget: Budget::unlimited(),
            };
            Ok::<_, PlanError>(reportion_day(&request).swap_remove(k))
        })
        .await??;
        let (servings, portions) = Table::portions(&out, &day.meals[k].portions);
        self.plans
            .set_recipe_portions(id, recipe.id, servings, portions.clone(), self.clock.now())
            .await?;
        Ok(MealView {
            meal: MealDetail {
                recipe_id: recipe.id,
                servings,
                portions,
                ..owned.meal
            },
            recipe: recipe.clone(),
        })
    }
}
