//! A food refused for one day or one meal ("no fish for dinner
//! tomorrow", "hoy no me apetece pollo", "el jueves no quiero carne"):
//! each meal of that day (of that type, when one is named) that has the
//! food is swapped for the closest dish without it, and nothing is
//! stored for good: the answer says so, and how to keep it out always.

use std::fmt::Write as _;

use mealplan_domain::MealStatus;
use mealplan_ports::StoreError;

use super::{Said, Shown, Toolbox, capitalise};
use crate::lang::{Lang, day_name, meal_name, restriction_name};
use crate::request::MealRef;

impl Toolbox<'_> {
    /// Keeps `foods` out of the meals `r` names (a day, maybe a meal
    /// type; today when no day is named), for that day only.
    pub(super) async fn keep_out_of(
        &self,
        r: &MealRef,
        foods: &[String],
    ) -> Result<Said, StoreError> {
        let Some(plan) = self.plan_of().await? else {
            return Ok(self.no_plan().into());
        };
        let day = r.day.unwrap_or(self.today);
        let Some(menu) = plan.days.iter().find(|d| d.day_of_week == day) else {
            return Ok(self
                .no_such_day(
                    day,
                    &plan.days.iter().map(|d| d.day_of_week).collect::<Vec<_>>(),
                )
                .into());
        };
        let names: Vec<String> = foods
            .iter()
            .map(|f| restriction_name(f, self.lang))
            .collect();
        let food = names.join(self.t(" or ", " ni "));
        let rule = self
            .services
            .recipes
            .rules(foods.iter().map(String::as_str), &[]);
        let whose = |m: &&mealplan_app::MealView| r.meal_type.is_none_or(|t| m.meal.meal_type == t);
        let with_food: Vec<_> = menu
            .meals
            .iter()
            .filter(whose)
            .filter(|m| !rule.allow(&m.recipe))
            .collect();
        let place = match (r.meal_type, self.lang) {
            (Some(t), Lang::En) => {
                format!("{}'s {}", day_name(day, self.lang), meal_name(t, self.lang))
            }
            (Some(t), Lang::Es) => format!(
                "{} del {}",
                meal_name(t, self.lang),
                day_name(day, self.lang)
            ),
            (None, Lang::En) => format!("{}'s meals", day_name(day, self.lang)),
            (None, Lang::Es) => format!("las comidas del {}", day_name(day, self.lang)),
        };
        let mut out = String::new();
        if with_food.is_empty() {
            let _ = write!(
                out,
                "{}",
                match (self.lang, r.meal_type.is_some()) {
                    (Lang::En, true) => format!(
                        "{} has no {food}, so I changed nothing.",
                        capitalise(&place)
                    ),
                    (Lang::En, false) =>
                        format!("None of {place} has {food}, so I changed nothing."),
                    (Lang::Es, true) => format!(
                        "{} no lleva {food}, así que no he cambiado nada.",
                        capitalise(&place)
                    ),
                    (Lang::Es, false) =>
                        format!("Ninguna de {place} lleva {food}, así que no he cambiado nada."),
                }
            );
        }
        let mut swapped_any = false;
        for meal in with_food {
            let label = self.meal_label(&plan, meal);
            if meal.meal.status == MealStatus::Completed {
                let _ = write!(
                    out,
                    "{}",
                    match self.lang {
                        Lang::En => format!("{label} is already eaten, so I left it. "),
                        Lang::Es => format!("{label} ya está comido, así que lo dejo. "),
                    }
                );
                continue;
            }
            let pick = self
                .candidates(meal.meal.id, 200)
                .await?
                .into_iter()
                .find(|c| rule.allow(c));
            let Some(new) = pick else {
                let _ = write!(
                    out,
                    "{} {label} {} {food}. ",
                    self.t(
                        "I found no fitting recipe to put in",
                        "No encuentro una receta adecuada para"
                    ),
                    self.t("without", "sin"),
                );
                continue;
            };
            let swapped = self
                .services
                .meals
                .swap(Some(self.user), meal.meal.id, new.id)
                .await
                .map_err(super::store)?;
            swapped_any = true;
            let _ = write!(
                out,
                "{} {label} {} **{}** {} {}. ",
                self.t("Done:", "Hecho:"),
                self.t("is now", "ahora es"),
                swapped.recipe.name,
                self.t("instead of", "en lugar de"),
                meal.recipe.name
            );
        }
        let _ = write!(
            out,
            " {}",
            match self.lang {
                Lang::En => format!(
                    "That is for {} only: I didn't add {food} to your restrictions. To keep it out of every plan, say \"no {}\".",
                    day_name(day, self.lang),
                    names[0]
                ),
                Lang::Es => format!(
                    "Es solo para el {}: no he añadido {food} a tus restricciones. Para dejarlo fuera de todos tus planes, di \"nada de {}\".",
                    day_name(day, self.lang),
                    names[0]
                ),
            }
        );
        let mut text = out.split_whitespace().collect::<Vec<_>>().join(" ");
        if swapped_any {
            text.push_str(&self.after_swap(day).await?);
        }
        Ok(Said {
            text,
            pending: None,
            shown: if swapped_any {
                Shown::Clear
            } else {
                Shown::Keep
            },
            progress_day: None,
        })
    }
}
