//! Sugars and fibre ("less sugar", "more fibre", "how much fiber should I
//! eat?"): limits of the day, not targets. The answer says the limit for
//! this person as the planner keeps it, the current plan's days against
//! it, and the one change that moves new plans the way asked, offered
//! for a yes: added sugar kept out, the high-fibre diet added or dropped,
//! or the days over the ceiling re-balanced. Nothing is changed on the
//! question alone.

use std::fmt::Write as _;

use mealplan_domain::planner::whole_day::{FibreCeiling, LimitRule, Limits};
use mealplan_domain::{DietType, Recipe};
use mealplan_ports::{ItemKind, Person, StoreError};

use super::complaint::mg;
use super::{Said, Shown, Toolbox, capitalise};
use crate::lang::{Lang, day_name};
use crate::request::{Complaint, DayLimit, ProfileChange, ToolRequest};

/// The taxonomy's kind for sugar, honey, syrups and jam: what "less
/// sugar" can keep out.
const ADDED_SUGAR: &str = "added sugar";

/// Grams of a day's meals, by day of the week.
struct DayGrams {
    day: u8,
    grams: f64,
    kcal: f64,
}

impl Toolbox<'_> {
    /// The sugars or fibre limit, explained (see the module).
    pub(super) async fn explain_day_limit(
        &self,
        limit: DayLimit,
        complaint: Option<Complaint>,
    ) -> Result<Said, StoreError> {
        let Some(p) = self.profile_of().await? else {
            return Ok(self.no_profile().into());
        };
        let today = self.services.profiles.today();
        let rule = LimitRule::of(Some(&p), today);
        let kcal = p.targets.get().calories;
        let limits = rule.limits(kcal);
        let of = |r: &Recipe| match limit {
            DayLimit::Sugars => r.nutrition().sugar,
            DayLimit::Fibre => r.nutrition().fiber,
        };
        let days: Option<Vec<DayGrams>> = self.plan_of().await?.map(|plan| {
            plan.days
                .iter()
                .map(|d| DayGrams {
                    day: d.day_of_week,
                    grams: d
                        .meals
                        .iter()
                        .map(|m| of(&m.recipe) * m.meal.servings)
                        .sum(),
                    kcal: d
                        .meals
                        .iter()
                        .map(|m| m.recipe.nutrition().calories * m.meal.servings)
                        .sum(),
                })
                .collect()
        });
        let (text, pending) = match limit {
            DayLimit::Sugars => self.sugars(&p, kcal, &limits, days.as_deref(), complaint),
            DayLimit::Fibre => self.fibre(&p, &rule, kcal, &limits, days.as_deref(), complaint),
        };
        Ok(Said {
            text,
            pending,
            shown: Shown::Keep,
            progress_day: None,
        })
    }

    fn sugars(
        &self,
        p: &Person,
        kcal: f64,
        limits: &Limits,
        days: Option<&[DayGrams]>,
        complaint: Option<Complaint>,
    ) -> (String, Option<ToolRequest>) {
        let lang = self.lang;
        let mut out = match lang {
            Lang::En => format!(
                "Your plans keep sugars under **25% of energy**: at most **{:.0} g a day** on your {} kcal. That counts every sugar, the fruit's and the milk's too; added sugar, honey and syrups are the ones to cut first (the WHO advises keeping those under 10% of energy, about {:.0} g a day for you).",
                limits.sugars_max,
                mg(kcal, lang),
                0.10 * kcal / 4.0
            ),
            Lang::Es => format!(
                "Tus planes mantienen los azúcares por debajo del **25 % de la energía**: como mucho **{:.0} g al día** con tus {} kcal. Cuenta todo el azúcar, también el de la fruta y la leche; el azúcar añadido, la miel y los siropes son los primeros que conviene recortar (la OMS aconseja dejarlos por debajo del 10 % de la energía, unos {:.0} g al día en tu caso).",
                limits.sugars_max,
                mg(kcal, lang),
                0.10 * kcal / 4.0
            ),
        };
        if let Some(days) = days.filter(|d| !d.is_empty()) {
            self.plan_range(&mut out, days, limits.sugars_max, None, true);
        }
        let kept_out = p.restrictions.iter().any(|r| r.name == ADDED_SUGAR);
        if complaint == Some(Complaint::TooLow) {
            return (out, None);
        }
        if kept_out {
            out.push_str(self.t(
                "\n\nDishes with added sugar are already kept out of your plans.",
                "\n\nLos platos con azúcar añadido ya quedan fuera de tus planes.",
            ));
            return (out, None);
        }
        out.push_str(self.t(
            "\n\nI can keep dishes with added sugar (sugar, honey, syrups, jam…) out of new plans, swaps and searches. Shall I? Answer yes or no.",
            "\n\nPuedo dejar fuera de los planes, cambios y búsquedas nuevos los platos con azúcar añadido (azúcar, miel, siropes, mermelada…). ¿Lo hago? Responde sí o no.",
        ));
        (
            out,
            Some(ToolRequest::AddPreference {
                kind: ItemKind::Restriction,
                names: vec![ADDED_SUGAR.to_owned()],
            }),
        )
    }

    fn fibre(
        &self,
        p: &Person,
        rule: &LimitRule,
        kcal: f64,
        limits: &Limits,
        days: Option<&[DayGrams]>,
        complaint: Option<Complaint>,
    ) -> (String, Option<ToolRequest>) {
        let lang = self.lang;
        let why = match (rule.fibre, lang) {
            (FibreCeiling::Usual, Lang::En) => {
                "the larger of 50 g and 16 g per 1,000 kcal, past which fibre bloats and fills you before your energy is eaten"
            }
            (FibreCeiling::Usual, Lang::Es) => {
                "el mayor de 50 g y 16 g por cada 1.000 kcal; más fibra hincha y sacia antes de comer la energía del día"
            }
            (FibreCeiling::High, Lang::En) => {
                "higher than most since you follow the high-fibre diet (the larger of 70 g and 25 g per 1,000 kcal)"
            }
            (FibreCeiling::High, Lang::Es) => {
                "más alto que el habitual porque sigues la dieta rica en fibra (el mayor de 70 g y 25 g por cada 1.000 kcal)"
            }
            (FibreCeiling::Gaining, Lang::En) => {
                "kept low on purpose while you gain weight from under a healthy weight (14 g per 1,000 kcal plus 10 g), so fibre does not fill you before your energy is eaten"
            }
            (FibreCeiling::Gaining, Lang::Es) => {
                "bajo a propósito mientras ganas peso desde un peso bajo (14 g por cada 1.000 kcal más 10 g), para que la fibra no te sacie antes de comer tu energía"
            }
            (FibreCeiling::Child, Lang::En) => {
                "a child's ceiling: 25 g per 1,000 kcal, never under the floor plus 10 g"
            }
            (FibreCeiling::Child, Lang::Es) => {
                "el techo de un niño: 25 g por cada 1.000 kcal, nunca por debajo del mínimo más 10 g"
            }
        };
        let mut out = match lang {
            Lang::En => format!(
                "Your plans aim at **{:.0}-{:.0} g of fibre a day** on your {} kcal: at least 14 g per 1,000 kcal (the reference intake), and at most {:.0} g, {why}.",
                limits.fibre_min,
                limits.fibre_max,
                mg(kcal, lang),
                limits.fibre_max
            ),
            Lang::Es => format!(
                "Tus planes buscan **{:.0}-{:.0} g de fibra al día** con tus {} kcal: al menos 14 g por cada 1.000 kcal (la ingesta de referencia) y como mucho {:.0} g, {why}.",
                limits.fibre_min,
                limits.fibre_max,
                mg(kcal, lang),
                limits.fibre_max
            ),
        };
        let mut over = Vec::new();
        if let Some(days) = days.filter(|d| !d.is_empty()) {
            over = self.plan_range(
                &mut out,
                days,
                limits.fibre_max,
                Some(limits.fibre_min),
                false,
            );
        }
        let high = p.diet_types.contains(&DietType::HighFiber);
        let offer = |out: &mut String, en: &str, es: &str, request: ToolRequest| {
            let _ = write!(
                out,
                "\n\n{} {}",
                self.t(en, es),
                self.t("Shall I? Answer yes or no.", "¿Lo hago? Responde sí o no.")
            );
            Some(request)
        };
        match complaint {
            Some(Complaint::TooLow) if rule.fibre == FibreCeiling::Gaining => (out, None),
            Some(Complaint::TooLow) if !high => {
                let raised = LimitRule {
                    fibre: FibreCeiling::High,
                    ..*rule
                }
                .limits(kcal)
                .fibre_max;
                let pending = offer(
                    &mut out,
                    &format!(
                        "I can add the high-fibre diet to your profile: dishes rich in fibre come first and the ceiling rises to {raised:.0} g."
                    ),
                    &format!(
                        "Puedo añadir la dieta rica en fibra a tu perfil: los platos con más fibra van primero y el techo sube a {raised:.0} g."
                    ),
                    ToolRequest::ChangeProfile(ProfileChange::Diet(DietType::HighFiber)),
                );
                (out, pending)
            }
            Some(Complaint::TooHigh) if high => {
                let pending = offer(
                    &mut out,
                    "I can take the high-fibre diet off your profile, so that dishes rich in fibre no longer come first and the ceiling comes down.",
                    "Puedo quitar la dieta rica en fibra de tu perfil, para que los platos con más fibra dejen de ir primero y el techo baje.",
                    ToolRequest::ChangeProfile(ProfileChange::DropDiet(DietType::HighFiber)),
                );
                (out, pending)
            }
            Some(Complaint::TooHigh) if !over.is_empty() => {
                let pending = offer(
                    &mut out,
                    "I can re-balance the days over the ceiling (a re-balance weighs it like a target).",
                    "Puedo reequilibrar los días que pasan del techo (al reequilibrar, cuenta como un objetivo).",
                    ToolRequest::Rebalance {
                        day: (over.len() == 1).then_some(over[0]),
                    },
                );
                (out, pending)
            }
            Some(Complaint::TooHigh) if days.is_some() => {
                out.push_str(self.t(
                    "\n\nEvery day of your current plan is under the ceiling, so I changed nothing.",
                    "\n\nTodos los días de tu plan actual quedan por debajo del techo, así que no he cambiado nada.",
                ));
                (out, None)
            }
            _ => (out, None),
        }
    }

    /// Adds the current plan's range of a day's grams (and share of
    /// energy, for sugars) and the days past `max` or under `min`; the
    /// days past `max`.
    fn plan_range(
        &self,
        out: &mut String,
        days: &[DayGrams],
        max: f64,
        min: Option<f64>,
        share: bool,
    ) -> Vec<u8> {
        let lang = self.lang;
        let lo = days.iter().map(|d| d.grams).fold(f64::INFINITY, f64::min);
        let hi = days.iter().map(|d| d.grams).fold(0.0, f64::max);
        let _ = write!(
            out,
            "\n\n{} {lo:.0}-{hi:.0} g {}",
            self.t("Your current plan:", "Tu plan actual:"),
            self.t("a day", "al día")
        );
        if share {
            let pct = |d: &DayGrams| {
                if d.kcal > 0.0 {
                    400.0 * d.grams / d.kcal
                } else {
                    0.0
                }
            };
            let plo = days.iter().map(pct).fold(f64::INFINITY, f64::min);
            let phi = days.iter().map(pct).fold(0.0, f64::max);
            let _ = write!(
                out,
                " ({plo:.0}-{phi:.0}{} {})",
                self.t("%", " %"),
                self.t("of energy", "de la energía")
            );
        }
        out.push('.');
        let named = |pick: &dyn Fn(&DayGrams) -> bool| -> Vec<String> {
            days.iter()
                .filter(|d| pick(d))
                .map(|d| format!("{} ({:.0} g)", capitalise(day_name(d.day, lang)), d.grams))
                .collect()
        };
        let over = named(&|d| d.grams > max);
        if !over.is_empty() {
            let _ = write!(
                out,
                " {} {}.",
                self.t("Over the limit:", "Por encima del límite:"),
                over.join(", ")
            );
        }
        if let Some(min) = min {
            let under = named(&|d| d.grams < min);
            if !under.is_empty() {
                let _ = write!(
                    out,
                    " {} {}.",
                    self.t("Under the floor:", "Por debajo del mínimo:"),
                    under.join(", ")
                );
            }
        }
        days.iter()
            .filter(|d| d.grams > max)
            .map(|d| d.day)
            .collect()
    }
}
