//! A target found too high or too low ("protein is too high", "muy pocas
//! calorías"): after the target and how it was worked out, the one
//! change the service can make that moves it that way, offered for a
//! yes. Nothing is changed on the complaint alone: the person may only
//! have wanted to know why.

use mealplan_domain::planner::Nutrient;
use mealplan_domain::targets::child::sodium_limit;
use mealplan_domain::{DietType, Goal};
use mealplan_ports::{Person, StoreError};

use super::{Said, Shown, Toolbox, capitalise};
use crate::lang::{Lang, day_name, diet_name};
use crate::request::{Complaint, ProfileChange, ToolRequest};

/// The change that moves `focus` the way the person asked, if the
/// service has one: a diet type dropped or added, or the goal a step
/// along (`goal` and `diets`: the profile's). `None` when the target was
/// set `by_hand` or nothing moves it.
pub(super) fn change_for(
    goal: Goal,
    diets: &[DietType],
    by_hand: bool,
    focus: Nutrient,
    complaint: Complaint,
) -> Option<ProfileChange> {
    use Complaint::{TooHigh, TooLow};
    let has = |d: DietType| diets.contains(&d);
    if by_hand {
        return None;
    }
    let drop_or_add = |drop: &[DietType], add: Option<DietType>| {
        drop.iter()
            .find(|d| has(**d))
            .map(|d| ProfileChange::DropDiet(*d))
            .or_else(|| add.map(ProfileChange::Diet))
    };
    match (focus, complaint) {
        // Both raise protein (high-protein to 25% or more, low-carb
        // towards 25%).
        (Nutrient::Protein, TooHigh) => {
            drop_or_add(&[DietType::HighProtein, DietType::LowCarb], None)
        }
        (Nutrient::Protein, TooLow) => drop_or_add(
            &[],
            (!has(DietType::HighProtein)).then_some(DietType::HighProtein),
        ),
        (Nutrient::Carbs, TooHigh) => drop_or_add(
            &[DietType::HighCarb],
            (!has(DietType::LowCarb)).then_some(DietType::LowCarb),
        ),
        (Nutrient::Carbs, TooLow) => drop_or_add(
            &[DietType::LowCarb],
            (!has(DietType::HighCarb)).then_some(DietType::HighCarb),
        ),
        (Nutrient::Calories, TooHigh) => match goal {
            Goal::GainWeight => Some(ProfileChange::Goal(Goal::MaintainWeight)),
            Goal::MaintainWeight => Some(ProfileChange::Goal(Goal::LoseWeight)),
            Goal::LoseWeight => None,
        },
        (Nutrient::Calories, TooLow) => match goal {
            Goal::LoseWeight => Some(ProfileChange::Goal(Goal::MaintainWeight)),
            Goal::MaintainWeight => Some(ProfileChange::Goal(Goal::GainWeight)),
            Goal::GainWeight => None,
        },
        (Nutrient::Fat, _) => None,
    }
}

/// Milligrams as people read them: "2,300" in English, "2.300" in
/// Spanish.
pub(super) fn mg(v: f64, lang: Lang) -> String {
    let n = v.round() as i64;
    let (th, rest) = (n / 1000, n % 1000);
    if th == 0 {
        return n.to_string();
    }
    format!("{th}{}{rest:03}", lang.pick(",", "."))
}

impl Toolbox<'_> {
    /// The sodium limit ("too much salt in my days"): what it is for this
    /// person (2,300 mg for adults, less for children by age), that a day
    /// over it is not counted as met, and the current plan's days over
    /// it, whose re-balance is offered for a yes.
    pub(super) async fn explain_sodium(&self) -> Result<Said, StoreError> {
        let Some(p) = self.profile_of().await? else {
            return Ok(self.no_profile().into());
        };
        let age = p.body.age_on(self.services.profiles.today());
        let limit = sodium_limit(age);
        let lang = self.lang;
        let mut out = match lang {
            Lang::En => format!(
                "Your sodium limit is **{} mg a day** (about {:.1} g of salt): {} mg for adults and from age 14 (NASEM 2019, the intake that lowers chronic disease risk); children less by age ({} mg at 1-3, {} mg at 4-8, {} mg at 9-13). It is a limit, not a target: a day over it is not counted as met, whatever its calories and macros, and plans keep days under it where the recipes allow.",
                mg(limit, lang),
                limit * 2.5 / 1000.0,
                mg(2300.0, lang),
                mg(1200.0, lang),
                mg(1500.0, lang),
                mg(1800.0, lang)
            ),
            Lang::Es => format!(
                "Tu límite de sodio es **{} mg al día** (unos {} g de sal): {} mg para adultos y desde los 14 años (NASEM 2019, la ingesta que reduce el riesgo de enfermedad crónica); los niños, menos según la edad ({} mg de 1 a 3 años, {} mg de 4 a 8, {} mg de 9 a 13). Es un límite, no un objetivo: un día que lo pasa no cuenta como cumplido, sean cuales sean sus calorías y macros, y los planes dejan los días por debajo cuando las recetas lo permiten.",
                mg(limit, lang),
                format!("{:.1}", limit * 2.5 / 1000.0).replace('.', ","),
                mg(2300.0, lang),
                mg(1200.0, lang),
                mg(1500.0, lang),
                mg(1800.0, lang)
            ),
        };
        let mut pending = None;
        if let Some(plan) = self.plan_of().await? {
            let over: Vec<(u8, f64)> = plan
                .days
                .iter()
                .map(|d| {
                    let sodium: f64 = d
                        .meals
                        .iter()
                        .map(|m| m.recipe.card.sodium * m.meal.servings)
                        .sum();
                    (d.day_of_week, sodium)
                })
                .filter(|(_, sodium)| *sodium > limit)
                .collect();
            if over.is_empty() {
                out.push_str(self.t(
                    "\n\nEvery day of your current plan is under it, so I changed nothing.",
                    "\n\nTodos los días de tu plan actual quedan por debajo, así que no he cambiado nada.",
                ));
            } else {
                let days: Vec<String> = over
                    .iter()
                    .map(|(d, s)| {
                        format!("{} ({} mg)", capitalise(day_name(*d, lang)), mg(*s, lang))
                    })
                    .collect();
                let _ = std::fmt::Write::write_fmt(
                    &mut out,
                    format_args!(
                        "\n\n{} {}. {}",
                        self.t(
                            "Days of your current plan over it:",
                            "Días de tu plan actual que lo pasan:"
                        ),
                        days.join(", "),
                        self.t(
                            "I can re-balance them (a re-balance weighs sodium like a target). Shall I? Answer yes or no.",
                            "Puedo reequilibrarlos (al reequilibrar, el sodio cuenta como un objetivo). ¿Lo hago? Responde sí o no.",
                        )
                    ),
                );
                pending = Some(ToolRequest::Rebalance {
                    day: (over.len() == 1).then_some(over[0].0),
                });
            }
        }
        Ok(Said {
            text: out,
            pending,
            shown: Shown::Keep,
            progress_day: None,
        })
    }

    /// What to tell a person who finds `focus` too high or too low, and
    /// the change offered for their yes, if there is one.
    pub(super) fn complaint_answer(
        &self,
        p: &Person,
        focus: Nutrient,
        complaint: Complaint,
    ) -> (String, Option<ToolRequest>) {
        let m = p.manual.targets;
        let by_hand = match focus {
            Nutrient::Protein => m.protein,
            Nutrient::Carbs => m.carbs,
            Nutrient::Fat => m.fat,
            Nutrient::Calories => m.calories,
        };
        let change = change_for(p.body.goal, &p.diet_types, by_hand, focus, complaint);
        let lang = self.lang;
        let offer = match change {
            Some(ProfileChange::DropDiet(d)) => Some(match lang {
                Lang::En => format!(
                    "Your {} diet type raises it. I can take that diet type off your profile, so new plans follow the standard split. Shall I? Answer yes or no.",
                    diet_name(d, lang)
                ),
                Lang::Es => format!(
                    "Tu tipo de dieta {} lo sube. Puedo quitar ese tipo de dieta de tu perfil, para que los planes nuevos sigan el reparto normal. ¿Lo quito? Responde sí o no.",
                    diet_name(d, lang)
                ),
            }),
            Some(ProfileChange::Diet(d)) => Some(match lang {
                Lang::En => format!(
                    "I can add the {} diet type to your profile, so your targets and new plans follow it. Shall I? Answer yes or no.",
                    diet_name(d, lang)
                ),
                Lang::Es => format!(
                    "Puedo añadir el tipo de dieta {} a tu perfil, para que tus objetivos y los planes nuevos lo sigan. ¿Lo añado? Responde sí o no.",
                    diet_name(d, lang)
                ),
            }),
            Some(ProfileChange::Goal(g)) => Some(match lang {
                Lang::En => format!(
                    "Your calories follow your goal ({}). I can change your goal to {}. Shall I? Answer yes or no.",
                    self.goal_name(p.body.goal),
                    self.goal_name(g)
                ),
                Lang::Es => format!(
                    "Tus calorías siguen tu objetivo ({}). Puedo cambiar tu objetivo a {}. ¿Lo cambio? Responde sí o no.",
                    self.goal_name(p.body.goal),
                    self.goal_name(g)
                ),
            }),
            _ => None,
        };
        let text = offer.unwrap_or_else(|| {
            self.t(
                "I have changed nothing. If you want a different number, you can set your own target in your profile.",
                "No he cambiado nada. Si quieres otra cifra, puedes fijar tu propio objetivo en tu perfil.",
            )
            .to_owned()
        });
        (text, change.map(ToolRequest::ChangeProfile))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn milligrams_read_as_written_in_each_language() {
        assert_eq!(mg(2300.0, Lang::En), "2,300");
        assert_eq!(mg(2300.0, Lang::Es), "2.300");
        assert_eq!(mg(950.4, Lang::En), "950");
        assert_eq!(mg(1045.0, Lang::Es), "1.045");
    }

    #[test]
    fn each_complaint_is_offered_the_change_that_moves_it_that_way() {
        use Complaint::{TooHigh, TooLow};
        let keep = Goal::MaintainWeight;
        let change = |goal, diets: &[DietType], focus, c| change_for(goal, diets, false, focus, c);
        assert_eq!(change(keep, &[], Nutrient::Protein, TooHigh), None);
        assert_eq!(
            change(keep, &[], Nutrient::Protein, TooLow),
            Some(ProfileChange::Diet(DietType::HighProtein))
        );
        assert_eq!(
            change(keep, &[], Nutrient::Carbs, TooHigh),
            Some(ProfileChange::Diet(DietType::LowCarb))
        );
        assert_eq!(
            change(keep, &[DietType::LowCarb], Nutrient::Carbs, TooLow),
            Some(ProfileChange::DropDiet(DietType::LowCarb))
        );
        assert_eq!(
            change(keep, &[], Nutrient::Calories, TooLow),
            Some(ProfileChange::Goal(Goal::GainWeight))
        );
        assert_eq!(
            change(keep, &[], Nutrient::Calories, TooHigh),
            Some(ProfileChange::Goal(Goal::LoseWeight))
        );
        let high = [DietType::Vegetarian, DietType::HighProtein];
        assert_eq!(
            change(keep, &high, Nutrient::Protein, TooHigh),
            Some(ProfileChange::DropDiet(DietType::HighProtein))
        );
        assert_eq!(change(keep, &high, Nutrient::Protein, TooLow), None);
        let lose = Goal::LoseWeight;
        assert_eq!(
            change(lose, &[], Nutrient::Calories, TooLow),
            Some(ProfileChange::Goal(Goal::MaintainWeight))
        );
        assert_eq!(change(lose, &[], Nutrient::Calories, TooHigh), None);
        assert_eq!(change(keep, &[], Nutrient::Fat, TooHigh), None);
        // A target set by hand is the person's: nothing offered.
        assert_eq!(
            change_for(lose, &[], true, Nutrient::Calories, TooLow),
            None
        );
    }
}
