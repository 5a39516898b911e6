//! Leftovers one has now ("I have leftovers from last night"): a later
//! meal of the plan takes the dish they come from, cooked then, through
//! `Meals::eat_leftover`, so nothing is cooked or bought for it and it
//! counts on the day it is eaten.

use mealplan_app::{MealView, PlanError, PlanView};
use mealplan_domain::planner::KEEPS_DAYS;
use mealplan_domain::{MealStatus, MealType};
use mealplan_ports::StoreError;

use super::{Said, Shown, Toolbox, day_of, servings_note, store, totals_line};
use crate::lang::Lang;
use crate::request::MealRef;

impl Toolbox<'_> {
    /// Makes the meal `at` names (else the next lunch or dinner still to
    /// eat after `from`) a leftover of the meal `from` names.
    pub(super) async fn eat_leftovers(
        &self,
        from: &MealRef,
        at: Option<&MealRef>,
    ) -> Result<Said, StoreError> {
        let Some(plan) = self.plan_of().await? else {
            return Ok(self.no_plan().into());
        };
        let Some(source) = self.leftover_source(&plan, from) else {
            return Ok(self
                .t(
                    "I can't find that meal in your plan, so I don't know which dish the leftovers are. Tell me the day and meal they come from, e.g. \"leftovers from Monday's dinner\".",
                    "No encuentro esa comida en tu plan, así que no sé de qué plato son las sobras. Dime el día y la comida de la que vienen, por ejemplo \"sobras de la cena del lunes\".",
                )
                .to_owned()
                .into());
        };
        let target = match at {
            Some(r) => match self.find_meal(&plan, r) {
                Ok(m) => Some(m),
                Err(why) => return Ok(why.into()),
            },
            None => next_meal_after(&plan, source, self.today),
        };
        let Some(target) = target else {
            return Ok(self
                .t(
                    "There's no lunch or dinner left to eat in the next two days of your plan to put them in. Tell me which meal you'll eat them at.",
                    "No queda ningún almuerzo ni cena por comer en los próximos dos días de tu plan donde ponerlas. Dime en qué comida te las vas a comer.",
                )
                .to_owned()
                .into());
        };
        let from_label = self.meal_label(&plan, source);
        let at_label = self.meal_label(&plan, target);
        if target.leftover_of == Some(source.meal.id)
            || source
                .leftover_of
                .is_some_and(|c| Some(c) == target.leftover_of)
        {
            return Ok(match self.lang {
                Lang::En => format!(
                    "{at_label} is already the leftover {} from {from_label}.",
                    source.recipe.name
                ),
                Lang::Es => format!(
                    "{at_label} ya son las sobras de {} de {}.",
                    source.recipe.name,
                    lower_first(&from_label)
                ),
            }
            .into());
        }
        let eaten = match self
            .services
            .meals
            .eat_leftover(self.user, target.meal.id, source.meal.id)
            .await
        {
            Ok(view) => view,
            Err(PlanError::LeftoverOutOfReach) => {
                return Ok(match self.lang {
                    Lang::En => format!(
                        "Leftovers from {from_label} can't go into {at_label}: a leftover is eaten after its cooking, within {KEEPS_DAYS} days."
                    ),
                    Lang::Es => format!(
                        "Las sobras de {} no pueden ir en {}: las sobras se comen después de cocinarlas, en {KEEPS_DAYS} días como mucho.",
                        lower_first(&from_label),
                        lower_first(&at_label)
                    ),
                }
                .into());
            }
            Err(PlanError::BreaksRules(refusal)) => {
                return Ok(super::refused(&refusal, self.lang).into());
            }
            Err(e) => return Err(store(e)),
        };
        let n = eaten.recipe.nutrition().served(eaten.meal.servings);
        let mut out = match self.lang {
            Lang::En => format!(
                "Done: {at_label} is now the leftover **{}**{} from {from_label} ({}): nothing to cook or buy for it, and it counts on that day's targets.",
                eaten.recipe.name,
                servings_note(eaten.meal.servings, self.lang),
                totals_line(&n, self.lang)
            ),
            Lang::Es => format!(
                "Hecho: {} ahora son las sobras de **{}**{} de {} ({}): no hay que cocinar ni comprar nada para esa comida, y cuenta en los objetivos de ese día.",
                lower_first(&at_label),
                eaten.recipe.name,
                servings_note(eaten.meal.servings, self.lang),
                lower_first(&from_label),
                totals_line(&n, self.lang)
            ),
        };
        out.push_str(&self.after_swap(day_of(&plan, target)).await?);
        Ok(Said {
            text: out,
            pending: None,
            shown: Shown::Clear,
            progress_day: None,
        })
    }

    /// The meal of `plan` leftovers come from: the one `from` names; for a
    /// day alone, its dinner, else its lunch.
    fn leftover_source<'p>(&self, plan: &'p PlanView, from: &MealRef) -> Option<&'p MealView> {
        if from.meal_type.is_some() || from.recipe_name.is_some() {
            return self.find_meal(plan, from).ok();
        }
        let day = plan
            .days
            .iter()
            .find(|d| d.day_of_week == from.day.unwrap_or(self.today))?;
        [MealType::Dinner, MealType::Lunch]
            .into_iter()
            .find_map(|t| day.meals.iter().rev().find(|m| m.meal.meal_type == t))
    }
}

/// The first lunch or dinner of `plan` still to eat after `source`, from
/// `today` on, within [`KEEPS_DAYS`] days of it.
fn next_meal_after<'p>(plan: &'p PlanView, source: &MealView, today: u8) -> Option<&'p MealView> {
    let from_day = day_of(plan, source);
    let start = (from_day, source.meal.schedule);
    plan.days
        .iter()
        .filter(|d| d.day_of_week >= today && d.day_of_week <= from_day + KEEPS_DAYS)
        .flat_map(|d| d.meals.iter().map(move |m| (d.day_of_week, m)))
        .filter(|(d, m)| (*d, m.meal.schedule) > start)
        .find(|(_, m)| {
            matches!(m.meal.meal_type, MealType::Lunch | MealType::Dinner)
                && m.meal.status != MealStatus::Completed
                && m.meal.id != source.meal.id
        })
        .map(|(_, m)| m)
}

/// "Cena del lunes" as it reads inside a sentence: "cena del lunes".
fn lower_first(s: &str) -> String {
    let mut chars = s.chars();
    chars
        .next()
        .map(|c| c.to_lowercase().chain(chars).collect())
        .unwrap_or_default()
}
