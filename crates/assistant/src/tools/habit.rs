//! A meal said not to be eaten as a habit ("I never eat breakfast", "no
//! desayuno nunca", "no breakfast on weekends"). A plan has the same
//! meals every day, laid out by the meals a day of the profile
//! ([`meal_slots`]); the answer says which layouts leave the meal out and
//! offers the nearest that does (two meals or more), for a yes. Nothing
//! is swapped: before, such a message swapped one day's breakfast for
//! another, the opposite of what was said.

use mealplan_domain::planner::meal_slots;
use mealplan_domain::{MealType, MealsPerDay};
use mealplan_ports::StoreError;

use super::{Said, Shown, Toolbox};
use crate::lang::{Lang, meal_name};
use crate::request::{ProfileChange, ToolRequest};

/// The fewest meals a day offered: one meal a day is a choice a person
/// makes, never one the assistant proposes.
const FEWEST_OFFERED: u8 = 2;

impl Toolbox<'_> {
    /// The layouts without `meal_type`, and the nearest offered.
    pub(super) async fn meal_not_eaten(&self, meal_type: MealType) -> Result<Said, StoreError> {
        let Some(p) = self.profile_of().await? else {
            return Ok(self.no_profile().into());
        };
        let lang = self.lang;
        let now = p.meals_per_day.get();
        let slots = |n: u8| {
            MealsPerDay::parse(i64::from(n))
                .map(meal_slots)
                .unwrap_or_default()
        };
        let name = meal_name(meal_type, lang);
        let listed = |n: u8| {
            slots(n)
                .iter()
                .map(|m| meal_name(*m, lang))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let mut out = match lang {
            Lang::En => format!(
                "A plan has the same meals every day, laid out by your meals a day ({now}: {}); I can't leave {name} out on some days only, so I changed nothing.",
                listed(now)
            ),
            Lang::Es => format!(
                "Un plan tiene las mismas comidas todos los días, según tus comidas al día ({now}: {}); no puedo quitar el {name} solo algunos días, así que no he cambiado nada.",
                listed(now)
            ),
        };
        if !slots(now).contains(&meal_type) {
            out = match lang {
                Lang::En => format!(
                    "Your plans have no {name}: at {now} meals a day they are {}.",
                    listed(now)
                ),
                Lang::Es => format!(
                    "Tus planes no tienen {name}: con {now} comidas al día son {}.",
                    listed(now)
                ),
            };
            return Ok(out.into());
        }
        let nearest = (FEWEST_OFFERED..=6)
            .filter(|n| *n != now && !slots(*n).contains(&meal_type))
            .min_by_key(|n| n.abs_diff(now));
        let Some(n) = nearest else {
            let _ = std::fmt::Write::write_fmt(
                &mut out,
                format_args!(
                    "\n\n{}",
                    match lang {
                        Lang::En => format!(
                            "Every layout of {FEWEST_OFFERED} meals a day or more has a {name}; only one meal a day (dinner alone) leaves it out. If you eat less of it, ask me for a lighter one (\"something lighter for {name}\")."
                        ),
                        Lang::Es => format!(
                            "Todas las opciones de {FEWEST_OFFERED} comidas al día o más tienen {name}; solo una comida al día (la cena) lo deja fuera. Si comes menos, pídeme uno más ligero (\"algo más ligero para el {name}\")."
                        ),
                    }
                ),
            );
            return Ok(out.into());
        };
        let _ = std::fmt::Write::write_fmt(
            &mut out,
            format_args!(
                "\n\n{}",
                match lang {
                    Lang::En => format!(
                        "At {n} meals a day your plans have no {name} ({}). Shall I change your profile to {n} meals a day? Answer yes or no.",
                        listed(n)
                    ),
                    Lang::Es => format!(
                        "Con {n} comidas al día tus planes no tienen {name} ({}). ¿Cambio tu perfil a {n} comidas al día? Responde sí o no.",
                        listed(n)
                    ),
                }
            ),
        );
        Ok(Said {
            text: out,
            pending: Some(ToolRequest::ChangeProfile(ProfileChange::Meals(n))),
            shown: Shown::Keep,
            progress_day: None,
        })
    }
}
