//! A swap of a meal's recipe, and what becomes of the later meals that
//! eat from its dish (its leftovers): they take the new recipe too
//! ([`LeftoverChoice::Keep`]), or keep theirs and are each cooked where
//! they are eaten ([`LeftoverChoice::Drop`]). A swap that does not say is
//! refused ([`Unanswered`]) before anything changes; a meal no other eats
//! from is swapped as ever, and a swapped leftover is its own dish.

use std::fmt;

use mealplan_domain::{MealType, Recipe, UserId};
use mealplan_ports::{LeftoverChoice, LeftoverSwap, MealDetail, OwnedMeal, Portion};

use super::kept::{cooked_for, listed, meal_named};
use super::{MealView, Meals, PlanError, find};

/// A swap of a meal that later meals eat from, asked without saying what
/// becomes of them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unanswered {
    /// Each later meal's day (1-7) and slot, by day.
    pub later: Vec<(u8, MealType)>,
}

impl fmt::Display for Unanswered {
    /// `This meal is cooked for 2 leftover meals too (Tuesday's lunch and
    /// Wednesday's dinner): send leftovers=keep …`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let meals: Vec<String> = self
            .later
            .iter()
            .map(|(day, meal_type)| meal_named(*day, *meal_type))
            .collect();
        let (n, them, their, each) = match self.later.len() {
            1 => ("1 leftover meal".to_owned(), "it", "its", "it"),
            n => (format!("{n} leftover meals"), "them", "their", "each"),
        };
        write!(
            f,
            "This meal is cooked for {n} too ({}): send leftovers=keep to swap {them} to \
             the new recipe as well, or leftovers=drop to keep {their} recipe and cook \
             {each} on its own day",
            listed(&meals),
        )
    }
}

impl std::error::Error for Unanswered {}

/// What a swap asked with `leftovers` does to `owned`'s later meals:
/// nothing for a meal none eat from (`leftovers` is then not asked for),
/// else what it says; [`Unanswered`] when it says nothing.
fn choice_for(
    owned: &OwnedMeal,
    leftovers: Option<LeftoverChoice>,
) -> Result<Option<LeftoverChoice>, Unanswered> {
    if owned.later.is_empty() {
        return Ok(None);
    }
    leftovers.map(Some).ok_or_else(|| Unanswered {
        later: owned
            .later
            .iter()
            .map(|l| (l.day_of_week, l.meal.meal_type))
            .collect(),
    })
}

/// A swap of `owned` to `recipe`, its rules not checked yet: what every
/// path of a swap needs to decide, write and answer.
pub(super) struct Swap<'a> {
    /// The meal as read, with its later meals.
    pub owned: OwnedMeal,
    /// The new recipe.
    pub recipe: &'a Recipe,
    /// What becomes of the later meals, or why the swap must ask.
    pub choice: Result<Option<LeftoverChoice>, Unanswered>,
}

impl Swap<'_> {
    /// The meals whose eaters' rules the recipe must keep: the meal's,
    /// and each later meal's when they take the recipe too.
    pub fn eaten_by(&self) -> Vec<&[Portion]> {
        let mut out = vec![self.owned.meal.portions.as_slice()];
        if let Ok(Some(LeftoverChoice::Keep)) = self.choice {
            out.extend(self.owned.later.iter().map(|l| l.meal.portions.as_slice()));
        }
        out
    }

    /// What the write does to the later meals: `None` for a meal none eat
    /// from (or a swap that must ask first).
    pub fn leftovers(&self) -> Result<Option<LeftoverSwap>, Unanswered> {
        Ok(self.choice.clone()?.map(|choice| LeftoverSwap {
            ids: self.owned.later.iter().map(|l| l.meal.id).collect(),
            recipe_id: self.owned.meal.recipe_id,
            choice,
        }))
    }

    /// The meal as the swap left it (`meal`: its recipe and portions
    /// set): its own dish, and, when its later meals kept eating from it,
    /// what it cooks and keeps for them.
    pub fn answer(self, meal: MealDetail) -> MealView {
        let meal = MealDetail {
            leftover_of: None,
            ..meal
        };
        let (cook_servings, keep) = match self.choice {
            Ok(Some(LeftoverChoice::Keep)) => cooked_for(&meal, &self.owned.later),
            _ => (None, Vec::new()),
        };
        MealView {
            meal,
            recipe: self.recipe.clone(),
            leftover_of: None,
            cook_servings,
            keep,
        }
    }
}

impl Meals {
    /// Replaces a meal's recipe; its status stays as it was. The recipe
    /// must keep the rules of everyone who eats the meal (the refusal
    /// names whose rule only to the owner: `caller` set). A meal shared
    /// at the household's table is re-portioned for each of its eaters,
    /// and changed only with the owner's token; another keeps its
    /// portions.
    ///
    /// A meal that later meals eat from asks what becomes of them
    /// (`leftovers`, ignored for any other meal): kept, they take the
    /// recipe too (which must keep their eaters' rules as well) at their
    /// portions; dropped, they keep their recipe, each its own dish.
    /// Without it: [`PlanError::LeftoversUnanswered`] once the recipe is
    /// known to keep the meal's rules, and nothing changes. A leftover
    /// swapped is its own dish.
    pub async fn swap_with(
        &self,
        caller: Option<UserId>,
        id: i64,
        recipe_id: i64,
        leftovers: Option<LeftoverChoice>,
    ) -> Result<MealView, PlanError> {
        let owned = self.owned_meal(caller, id).await?;
        let shared = owned.meal.shared;
        if shared && caller.is_none() {
            return Err(PlanError::NeedsToken);
        }
        let all = self.recipes_of(owned.owner).await?;
        if self.hidden_of(owned.owner).await?.contains(&recipe_id) {
            return Err(PlanError::RecipeNotFound);
        }
        let recipe = find(&all, recipe_id).ok_or(PlanError::RecipeNotFound)?;
        let choice = choice_for(&owned, leftovers);
        let swap = Swap {
            owned,
            recipe,
            choice,
        };
        if shared {
            return self.swap_household(swap, &all).await;
        }
        let meals: Vec<(&Recipe, &[Portion])> =
            swap.eaten_by().into_iter().map(|p| (recipe, p)).collect();
        let (owner, household) = (swap.owned.owner, swap.owned.household);
        self.keep_rules::<PlanError>(owner, household, &meals, caller.is_some())
            .await?;
        let now = self.clock.now();
        match swap.leftovers()? {
            None => self.plans.set_recipe(id, recipe.id, now).await?,
            Some(leftovers) => {
                self.plans
                    .set_recipe_cooking(id, recipe.id, None, leftovers, now)
                    .await?
            }
        }
        let meal = MealDetail {
            recipe_id: recipe.id,
            ..swap.owned.meal.clone()
        };
        Ok(swap.answer(meal))
    }
}

#[cfg(test)]
#[path = "swap_tests.rs"]
mod tests;
