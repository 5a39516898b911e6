//! A plan's table in the use cases: who sits at it (the holder, and for
//! a plan made for the household's table each member, as the planner's
//! [`Diner`]s; a one-person plan is a table of one), and a stored day of
//! a plan changed after the fact: re-balanced around what people ate or
//! chose, or re-portioned for each eater after a swap.

use std::sync::Arc;

use chrono::NaiveDate;

use mealplan_domain::intakes::ReferenceIntakes;
use mealplan_domain::planner::{
    Budget, DayRequest, Diner, Keep, Share, TableDish, rebalance_day, rebalance_notes,
    reportion_day,
};
use mealplan_domain::{MealStatus, Person, Recipe, Taxonomy, UserId};
use mealplan_ports::{DailyMenu, DayNotes, MealChange, MealDetail, Plan, PlanSettings, Portion};

use super::basics::{adjusted, blocking, index_of};
use super::eaters::Eaters;
use super::leftovers::Cooking;
use super::swap::Swap;
use super::{MealView, Meals, PlanContext, PlanError};

/// What the holder is called in a plan's portions.
pub(super) const HOLDER_NAME: &str = "you";

/// The portions of a one-person plan's meal of `servings`: one, the
/// holder's, at the meal's servings.
pub(super) fn alone(servings: f64) -> Vec<Portion> {
    vec![Portion {
        member_id: None,
        name: HOLDER_NAME.to_owned(),
        servings,
    }]
}

/// The people at a plan's table, the holder first.
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
    /// person's own), with their reference intakes of micronutrients,
    /// which the planner keeps as the week's soft goals (issue 38).
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
                let age = p.body.age_on(today);
                let diner = Diner::of(taxonomy, p)
                    .within(settings.tolerances, settings.portions)
                    .in_body(&p.body, age, &p.diet_types)
                    .with_intakes(ReferenceIntakes::of(age, p.body.gender));
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

    /// A stored day's dishes as the planner reads them, each eater's
    /// share their portion; a portion of someone no longer at the table
    /// names no diner (and so stays as it is).
    fn dishes(
        &self,
        all: &[Recipe],
        day: &DailyMenu,
        keep: impl Fn(&MealDetail) -> Keep,
    ) -> Result<Vec<TableDish>, PlanError> {
        day.meals
            .iter()
            .map(|m| {
                let shares = m
                    .portions
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
                    .collect();
                Ok(TableDish {
                    recipe: index_of(all, m.recipe_id)?,
                    meal_type: m.meal_type,
                    shares,
                    keep: keep(m),
                    // Named by the re-balance, which reads the pairs.
                    leftover_of: None,
                })
            })
            .collect()
    }

    /// `dish`'s shares as the stored portions they replace (same people,
    /// same order), and the holder's own portion (0 when they do not eat
    /// it); a meal stored without portions (added by hand to a plan for
    /// the table) keeps none and takes the holder's share.
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
    /// The table of `user`'s plan of `settings` (`household`: made for
    /// the household's table, else a table of one) as it sees it: their
    /// profile with the plan's changes and, for the household's table,
    /// their members today; and the same people as [`Eaters`], by their
    /// rules as stored.
    pub(super) async fn table(
        &self,
        user: UserId,
        settings: Option<PlanSettings>,
        household: bool,
    ) -> Result<(Table, Eaters), PlanError> {
        let profile = self
            .profiles
            .find(user)
            .await?
            .ok_or(PlanError::NoProfile)?;
        self.table_of(user, profile, settings, household).await
    }

    /// [`table`](Self::table) with `user`'s profile already read.
    pub(super) async fn table_of(
        &self,
        user: UserId,
        profile: Person,
        settings: Option<PlanSettings>,
        household: bool,
    ) -> Result<(Table, Eaters), PlanError> {
        let settings = settings.unwrap_or_default();
        let members = if household && self.household {
            self.profiles.members(user).await?
        } else {
            Vec::new()
        };
        let eaters = Eaters::new(&self.taxonomy, Some(&profile), &members, household);
        let profile = adjusted(profile, &settings.adjust);
        Ok((
            Table::of(
                &self.taxonomy,
                &profile,
                &members,
                &settings,
                self.clock.now().date_naive(),
            ),
            eaters,
        ))
    }
}

/// The meal changes that re-balance `day` (every day when `None`) of
/// `plan` at `table`, searched from `seed` until `budget` is spent, and
/// the re-balance notes of each day re-balanced whose notes change (see
/// [`rebalance_notes`]). The planner reads the plan's leftover pairs
/// ([`Cooking`]): a leftover and its cooking meal keep their recipe, so
/// a leftover stays the dish cooked for it, and what its cooking meal
/// cooks follows its portion.
pub(super) fn day_changes(
    table: &Table,
    all: &[Recipe],
    dishes: &mealplan_domain::planner::whole_day::Dishes,
    plan: &Plan,
    chosen: &[i64],
    day: Option<u8>,
    (seed, budget): (u64, &Budget),
) -> Result<(Vec<MealChange>, Vec<DayNotes>), PlanError> {
    let keep = |m: &MealDetail| {
        if m.status == MealStatus::Completed || chosen.contains(&m.id) {
            Keep::All
        } else {
            Keep::Nothing
        }
    };
    let mut week = plan
        .days
        .iter()
        .map(|d| table.dishes(all, d, keep))
        .collect::<Result<Vec<_>, _>>()?;
    // Each leftover names its cooking meal's place in the week.
    let cooking = Cooking::of(&plan.days);
    let place = |id: i64| {
        plan.days.iter().enumerate().find_map(|(d, day)| {
            let k = day.meals.iter().position(|m| m.id == id)?;
            Some((d, k))
        })
    };
    for (eaten, cook) in &cooking.eaten_from {
        if let (Some((d, k)), Some(from)) = (place(*eaten), place(*cook)) {
            week[d][k].leftover_of = Some(from);
        }
    }
    let mut changes = Vec::new();
    let mut notes = Vec::new();
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
        let out = rebalance_day(&request);
        let said = rebalance_notes(&request, out.as_deref().unwrap_or(&week[d]));
        if said != stored.rebalance_notes {
            notes.push(DayNotes {
                day_id: stored.id,
                notes: said,
            });
        }
        let Some(out) = out else {
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
    Ok((changes, notes))
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
    /// [`swap_with`](Self::swap_with) of a shared meal: the new recipe
    /// must keep the rules of everyone who eats it (and, kept, its later
    /// meals), and each eater's portion of it is chosen anew for their
    /// own day (the day's other meals as they are); later meals keep
    /// their portions.
    pub(super) async fn swap_household(
        &self,
        swap: Swap<'_>,
        all: &Arc<[Recipe]>,
    ) -> Result<MealView, PlanError> {
        let (owned, recipe) = (&swap.owned, swap.recipe);
        let plan = self
            .plans
            .plan(owned.plan_id)
            .await?
            .ok_or(PlanError::MealNotFound)?;
        let (table, eaters) = self
            .table(owned.owner, plan.settings, plan.household)
            .await?;
        // The owner's own change (a household meal is not changed without
        // a token): the refusal may say whose rule it is.
        for portions in swap.eaten_by() {
            eaters.check(recipe, portions, true)?;
        }
        let leftovers = swap.leftovers()?;
        let day = plan
            .days
            .iter()
            .find(|d| d.meals.iter().any(|m| m.id == owned.meal.id))
            .ok_or(PlanError::MealNotFound)?;
        let id = owned.meal.id;
        let mut meals = table.dishes(
            all,
            day,
            |m| {
                if m.id == id { Keep::Dish } else { Keep::All }
            },
        )?;
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
        let now = self.clock.now();
        match leftovers {
            None => {
                self.plans
                    .set_recipe_portions(id, recipe.id, servings, portions.clone(), now)
                    .await?
            }
            Some(leftovers) => {
                let portions = Some((servings, portions.clone()));
                self.plans
                    .set_recipe_cooking(id, recipe.id, portions, leftovers, now)
                    .await?
            }
        }
        let meal = MealDetail {
            recipe_id: recipe.id,
            servings,
            portions,
            ..swap.owned.meal.clone()
        };
        Ok(swap.answer(meal))
    }
}
