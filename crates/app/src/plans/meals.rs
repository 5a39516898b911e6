//! One meal of a plan: read it, swap its recipe, note it, tick it off,
//! its alternatives and a similar recipe, under the ownership rule.

use super::*;
use crate::accounts::{AuthError, InSession};
use mealplan_ports::{LeftoverChoice, TokenClaims, TokenError};

/// `owned`'s meal with its recipe, and what it cooks and keeps for the
/// later meals that eat from it.
fn cooking_view(owned: OwnedMeal, all: &[Recipe]) -> Result<MealView, PlanError> {
    let (cook_servings, keep) = kept::cooked_for(&owned.meal, &owned.later);
    Ok(MealView {
        cook_servings,
        keep,
        ..meal_view(owned.meal, all)?
    })
}

impl Meals {
    /// One meal detail of the caller's, with its recipe; for a meal that
    /// later meals eat from, what it cooks and keeps for them.
    pub async fn meal(&self, caller: UserId, id: i64) -> Result<MealView, PlanError> {
        let owned = self.owned_meal(Some(caller), id).await?;
        let all = self.recipes_of(owned.owner).await?;
        cooking_view(owned, &all)
    }

    /// [`swap_with`](Self::swap_with) (the recipe must keep the rules of
    /// everyone who eats the meal) for a caller that does not ask about
    /// leftovers (the assistant): the later meals that eat from the meal's
    /// dish keep their recipe, each its own dish
    /// ([`LeftoverChoice::Drop`]).
    pub async fn swap(
        &self,
        caller: Option<UserId>,
        id: i64,
        recipe_id: i64,
    ) -> Result<MealView, PlanError> {
        self.swap_with(caller, id, recipe_id, Some(LeftoverChoice::Drop))
            .await
    }

    /// Makes meal `id` of the caller's a leftover of meal `of` ("I have
    /// leftovers from last night"): it takes `of`'s dish, swapped as
    /// [`Self::swap`] swaps (under the rules of everyone who eats it, a
    /// shared meal re-portioned), and is cooked where `of` is cooked (at
    /// `of`, or at its own cooking meal when `of` is a leftover too), so
    /// the shopping list and the pantry count the dish once. `of` must
    /// be an earlier meal of the same plan whose cooking is at most
    /// [`KEEPS_DAYS`](mealplan_domain::planner::KEEPS_DAYS) days before.
    pub async fn eat_leftover(
        &self,
        caller: UserId,
        id: i64,
        of: i64,
    ) -> Result<MealView, PlanError> {
        use mealplan_domain::planner::{CookedAt, KEEPS_DAYS};
        let owned = self.owned_meal(Some(caller), id).await?;
        let plan = self
            .plans
            .plan(owned.plan_id)
            .await?
            .ok_or(PlanError::MealNotFound)?;
        let (from_day, from) = plan
            .days
            .iter()
            .find_map(|d| {
                d.meals
                    .iter()
                    .find(|m| m.id == of)
                    .map(|m| (d.day_of_week, m))
            })
            .ok_or(PlanError::MealNotFound)?;
        let cooked = from.leftover_of.unwrap_or(CookedAt {
            day_of_week: from_day,
            schedule: from.schedule,
        });
        let at = (owned.day_of_week, owned.meal.schedule);
        if (cooked.day_of_week, cooked.schedule) >= at
            || owned.day_of_week > cooked.day_of_week + KEEPS_DAYS
        {
            return Err(PlanError::LeftoverOutOfReach);
        }
        let cooking = plan
            .days
            .iter()
            .filter(|d| d.day_of_week == cooked.day_of_week)
            .flat_map(|d| &d.meals)
            .find(|m| m.schedule == cooked.schedule)
            .map_or(of, |m| m.id);
        let mut view = if owned.meal.recipe_id == from.recipe_id {
            let all = self.recipes_of(owned.owner).await?;
            meal_view(owned.meal, &all)?
        } else {
            self.swap(Some(caller), id, from.recipe_id).await?
        };
        self.plans
            .set_cooked_at(id, Some(cooked), self.clock.now())
            .await?;
        view.meal.leftover_of = Some(cooked);
        view.leftover_of = Some(cooking);
        Ok(view)
    }

    /// Sets (`Some`) or clears (`None`) the note of a meal of the
    /// caller's, whoever eats it; the meal as it now is. A
    /// [`MealNote`](mealplan_domain::meal::MealNote) is within its length by
    /// construction.
    pub async fn set_note(
        &self,
        caller: UserId,
        id: i64,
        note: Option<mealplan_domain::meal::MealNote>,
    ) -> Result<MealView, PlanError> {
        let note = note.map(mealplan_domain::meal::MealNote::into_string);
        let owned = self.owned_meal(Some(caller), id).await?;
        self.plans
            .set_note(id, note.clone(), self.clock.now())
            .await?;
        let all = self.recipes_of(owned.owner).await?;
        let meal = MealDetail { note, ..owned.meal };
        cooking_view(OwnedMeal { meal, ..owned }, &all)
    }

    /// Sets a meal's status (setting the current one again is allowed).
    /// Without a token (`caller` `None`) a shared meal is not changed
    /// ([`PlanError::NeedsToken`]).
    pub async fn set_status(
        &self,
        caller: Option<UserId>,
        id: i64,
        requested: MealStatus,
    ) -> Result<MealView, PlanError> {
        // Every transition is allowed (`MealStatus::transition`), so the
        // change, the ownership check and the answer are one write.
        let status = MealStatus::Pending.transition(requested);
        let Some(meal) = self
            .plans
            .set_status_of(id, caller, status, self.clock.now())
            .await?
        else {
            // Not changed: say whether it was a shared meal that the open
            // policy may not touch, or no meal of the caller's.
            let refused = match caller {
                None => self.plans.meal(id).await?,
                Some(_) => None,
            };
            return Err(match refused {
                Some(owned) if owned.meal.shared => PlanError::NeedsToken,
                _ => PlanError::MealNotFound,
            });
        };
        let all = self.recipes_naming(&[meal.recipe_id]).await?;
        meal_view(meal, &all)
    }

    /// [`Self::set_status`] for the caller `claims` name (if a token was
    /// sent), the token checked on the same connection just before the
    /// write: one round trip less than authenticating first.
    pub async fn set_status_claimed(
        &self,
        claims: Option<TokenClaims>,
        id: i64,
        requested: MealStatus,
    ) -> Result<MealView, InSession<PlanError>> {
        let Some(claims) = claims else {
            return self
                .set_status(None, id, requested)
                .await
                .map_err(InSession::Work);
        };
        let status = MealStatus::Pending.transition(requested);
        let meal = self
            .plans
            .set_status_in_session(id, claims, status, self.clock.now())
            .await
            .map_err(|e| InSession::Auth(AuthError::Store(e)))?
            .ok_or(InSession::Auth(AuthError::Token(TokenError::Invalid)))?
            .ok_or(InSession::Work(PlanError::MealNotFound))?;
        let all = self
            .recipes_naming(&[meal.recipe_id])
            .await
            .map_err(|e| InSession::Work(e.into()))?;
        meal_view(meal, &all).map_err(InSession::Work)
    }

    /// The recipe of `meal_type` nearest to `recipe_id` in calories and
    /// macros that fits the restrictions and vegan/vegetarian diet of
    /// everyone who eats the meal it would replace (the active plan's meal
    /// of that type with that recipe; without one, `user` or, in a
    /// household plan, everyone at the table) and is not in their active
    /// plan, with the portion it would be served at: that meal's, else one
    /// serving.
    pub async fn similar(
        &self,
        user: UserId,
        recipe_id: i64,
        meal_type: MealType,
    ) -> Result<(Recipe, f64), PlanError> {
        let all = self.recipes_of(user).await?;
        let original = find(&all, recipe_id).ok_or(PlanError::RecipeNotFound)?;
        let plan = self.plans.active(user).await?;
        let meals: Vec<&MealDetail> = plan
            .iter()
            .flat_map(|p| p.days.iter().flat_map(|d| &d.meals))
            .collect();
        let mut exclude: Vec<i64> = meals.iter().map(|m| m.recipe_id).collect();
        exclude.extend(self.hidden_of(user).await?);
        let replaced = |same_type: bool| {
            meals
                .iter()
                .find(|m| m.recipe_id == recipe_id && (!same_type || m.meal_type == meal_type))
        };
        let replaced = replaced(true).or_else(|| replaced(false));
        let servings = replaced.map_or(1.0, |m| m.servings);
        let household = plan.as_ref().is_some_and(|p| p.household);
        let rules = self
            .eaters(user, household)
            .await?
            .rules(&self.taxonomy, replaced.map_or(&[], |m| &m.portions));
        similar_recipes(&all, original, meal_type, &rules, &exclude, 1)
            .first()
            .map(|r| ((*r).clone(), servings))
            .ok_or(PlanError::NoSimilarRecipe)
    }

    /// Ranked replacements for one of the caller's meals under the rules
    /// of everyone who eats it, each with the day's totals it would give.
    pub async fn alternatives(
        &self,
        caller: UserId,
        id: i64,
        limit: usize,
    ) -> Result<Vec<Alternative>, PlanError> {
        let owned = self.owned_meal(Some(caller), id).await?;
        let all = self.recipes_of(owned.owner).await?;
        let current = find(&all, owned.meal.recipe_id).ok_or(PlanError::RecipeNotFound)?;
        let household = owned.household;
        // The owner's profile, read once: their rules and their limits.
        let owner = self.profiles.find(owned.owner).await?;
        let rules = self
            .eaters_with(owned.owner, owner.as_ref(), household)
            .await?
            .rules(&self.taxonomy, &owned.meal.portions);
        // The meal's own plan (active or not): its recipes are excluded and
        // its day's totals, portions applied, are what a swap changes.
        let plan = self.plans.plan(owned.plan_id).await?;
        let mut exclude: Vec<i64> = plan
            .iter()
            .flat_map(|p| {
                p.days
                    .iter()
                    .flat_map(|d| d.meals.iter().map(|m| m.recipe_id))
            })
            .collect();
        exclude.extend(self.hidden_of(owned.owner).await?);
        let servings = owned.meal.servings;
        let current_share = current.nutrition().served(servings);
        // What a swap does to the day's limits, judged for the holder.
        let limits = LimitRule::of(owner.as_ref(), self.clock.now().date_naive());
        let dishes = self.dishes_of(&all);
        let day_meals: Vec<(i64, usize, f64)> = plan
            .as_ref()
            .and_then(|p| p.days.iter().find(|d| d.day_of_week == owned.day_of_week))
            .map(|d| {
                d.meals
                    .iter()
                    .filter_map(|m| {
                        let at = all.iter().position(|r| r.id == m.recipe_id)?;
                        Some((m.id, at, m.servings))
                    })
                    .collect()
            })
            .unwrap_or_default();
        let day_limits = |candidate: usize| {
            let mut meals: Vec<(usize, f64)> = day_meals
                .iter()
                .filter(|(meal, _, _)| *meal != owned.meal.id)
                .map(|(_, at, s)| (*at, *s))
                .collect();
            meals.push((candidate, servings));
            whole_day::check(&all, &dishes, &meals, &limits)
        };
        let day_total: Nutrition = if day_meals.is_empty() {
            current_share
        } else {
            day_meals
                .iter()
                .map(|(_, at, s)| all[*at].nutrition().served(*s))
                .sum()
        };
        // Different main ingredients first: of the nearest candidates, one
        // per main ingredient (the current meal's aside), then the rest in
        // order.
        let nearest = similar_recipes(
            &all,
            current,
            owned.meal.meal_type,
            &rules,
            &exclude,
            limit.saturating_mul(4),
        );
        let mains_of = |r: &Recipe| {
            all.iter()
                .position(|x| x.id == r.id)
                .map(|at| dishes.mains(at).to_vec())
                .unwrap_or_default()
        };
        // Those that keep the day's rules with its other meals first (no
        // main ingredient in a second meal, no protein food in a third,
        // no second dish of a family): "something without rice" is not
        // the lunch's lupini salad again at dinner (issue 38).
        let day_mains: Vec<u32> = day_meals
            .iter()
            .filter(|(meal, _, _)| *meal != owned.meal.id)
            .flat_map(|(_, at, _)| dishes.mains(*at).iter().copied())
            .collect();
        let (keeps, breaks): (Vec<&Recipe>, Vec<&Recipe>) = nearest.into_iter().partition(|r| {
            let at = all.iter().position(|x| x.id == r.id).unwrap_or_default();
            let day = day_limits(at);
            !mains_of(r).iter().any(|m| day_mains.contains(m))
                && day.repeated_foods.is_empty()
                && day.repeated_families.is_empty()
        });
        let current_mains = mains_of(current);
        let mut first = different_mains_first(keeps, mains_of, &current_mains, limit);
        let left = limit.saturating_sub(first.len());
        first.extend(different_mains_first(
            breaks,
            mains_of,
            &current_mains,
            left,
        ));
        Ok(first
            .into_iter()
            .map(|r| {
                let share = r.nutrition().served(servings);
                let at = all.iter().position(|x| x.id == r.id).unwrap_or_default();
                Alternative {
                    recipe: r.clone(),
                    servings,
                    day_totals: day_total - current_share + share,
                    change: share - current_share,
                    day_limits: day_limits(at),
                }
            })
            .collect())
    }
}
