//! Changing the profile by a message: the goal, a goal weight or a goal
//! taken back, the activity, the weight (absolute or by a change), the
//! height, meals a day and diet types, each answered truly: "now X" only
//! when X changed, "already X" when it was so.

use std::fmt::Write as _;

use mealplan_domain::{BirthDate, DietType, Goal, Height, MealsPerDay, Weight};
use mealplan_ports::StoreError;

use super::{Toolbox, nutrition_of, totals_line};
use crate::lang::{Lang, diet_name};
use crate::request::ProfileChange;

impl Toolbox<'_> {
    /// Changes goal, activity, weight, meals a day or diet, and says what
    /// that does to the targets.
    pub(super) async fn change_profile(&self, change: ProfileChange) -> Result<String, StoreError> {
        let Some(profile) = self.profile_of().await? else {
            return Ok(self.no_profile());
        };
        let mut draft = self.draft_of(&profile)?;
        if let Some(already) = self.already(&draft, change) {
            return Ok(already);
        }
        let said = match change {
            ProfileChange::Goal(g) => {
                draft.body_mut().goal = g;
                format!(
                    "{} {}.",
                    self.t("Your goal is now to", "Tu objetivo ahora es"),
                    self.goal_name(g)
                )
            }
            ProfileChange::NotGoal(g) => {
                // Taken back: maintaining, as the goal was this one.
                draft.body_mut().goal = Goal::MaintainWeight;
                match self.lang {
                    Lang::En => format!(
                        "OK: your goal is no longer to {}. Your goal is now to {}.",
                        self.goal_name(g),
                        self.goal_name(Goal::MaintainWeight)
                    ),
                    Lang::Es => format!(
                        "De acuerdo: tu objetivo ya no es {}. Tu objetivo ahora es {}.",
                        self.goal_name(g),
                        self.goal_name(Goal::MaintainWeight)
                    ),
                }
            }
            ProfileChange::GoalWeight(kg) => {
                let now = draft.body().weight.kg();
                let g = goal_towards(now, kg);
                draft.body_mut().goal = g;
                match self.lang {
                    Lang::En => format!(
                        "A goal weight of {kg} kg against your weight of {now} kg: your goal is now to {}. Your weight stays {now} kg.",
                        self.goal_name(g)
                    ),
                    Lang::Es => format!(
                        "Un peso objetivo de {kg} kg frente a tu peso de {now} kg: tu objetivo ahora es {}. Tu peso sigue siendo {now} kg.",
                        self.goal_name(g)
                    ),
                }
            }
            ProfileChange::WeightBy(delta) => {
                let was = draft.body().weight.kg();
                let kg = ((was + delta) * 10.0).round() / 10.0;
                match Weight::parse(kg) {
                    Ok(w) => {
                        draft.body_mut().weight = w;
                        let by = delta.abs();
                        match (self.lang, delta < 0.0) {
                            (Lang::En, true) => format!(
                                "Your weight is now {} kg ({by} kg less than the {was} kg stored). Your goal stays to {}.",
                                w.kg(),
                                self.goal_name(draft.body().goal)
                            ),
                            (Lang::En, false) => format!(
                                "Your weight is now {} kg ({by} kg more than the {was} kg stored). Your goal stays to {}.",
                                w.kg(),
                                self.goal_name(draft.body().goal)
                            ),
                            (Lang::Es, true) => format!(
                                "Tu peso ahora es {} kg ({by} kg menos que los {was} kg guardados). Tu objetivo sigue siendo {}.",
                                w.kg(),
                                self.goal_name(draft.body().goal)
                            ),
                            (Lang::Es, false) => format!(
                                "Tu peso ahora es {} kg ({by} kg más que los {was} kg guardados). Tu objetivo sigue siendo {}.",
                                w.kg(),
                                self.goal_name(draft.body().goal)
                            ),
                        }
                    }
                    Err(_) => {
                        return Ok(match self.lang {
                            Lang::En => format!(
                                "{was} kg and {delta:+} kg would be {kg} kg, which I can't store; nothing changed."
                            ),
                            Lang::Es => format!(
                                "{was} kg y {delta:+} kg serían {kg} kg, que no puedo guardar; no he cambiado nada."
                            ),
                        });
                    }
                }
            }
            ProfileChange::Activity(a) => {
                draft.body_mut().activity_level = a;
                format!(
                    "{} {}.",
                    self.t("Your activity is now", "Tu actividad ahora es"),
                    self.activity_name(a)
                )
            }
            ProfileChange::Weight(kg) => match Weight::parse(kg) {
                Ok(w) => {
                    draft.body_mut().weight = w;
                    format!(
                        "{} {} kg.",
                        self.t("Your weight is now", "Tu peso ahora es"),
                        w.kg()
                    )
                }
                Err(_) => {
                    let (min, max) = (Weight::MIN, Weight::MAX);
                    return Ok(match self.lang {
                        Lang::En => format!(
                            "I can't store a weight of {kg} kg: it must be between {min} and {max} kg."
                        ),
                        Lang::Es => format!(
                            "No puedo guardar un peso de {kg} kg: debe estar entre {min} y {max} kg."
                        ),
                    });
                }
            },
            ProfileChange::Height(cm) => match Height::parse(cm) {
                Ok(h) => {
                    draft.body_mut().height = h;
                    format!(
                        "{} {} cm.",
                        self.t("Your height is now", "Tu altura ahora es"),
                        h.cm()
                    )
                }
                Err(_) => {
                    let (min, max) = (Height::MIN, Height::MAX);
                    return Ok(match self.lang {
                        Lang::En => format!(
                            "I can't store a height of {cm} cm: it must be between {min} and {max} cm."
                        ),
                        Lang::Es => format!(
                            "No puedo guardar una altura de {cm} cm: debe estar entre {min} y {max} cm."
                        ),
                    });
                }
            },
            ProfileChange::Meals(n) => match MealsPerDay::parse(i64::from(n)) {
                Ok(m) => {
                    draft.set_meals_per_day(m);
                    format!(
                        "{} {}.",
                        self.t(
                            "Your plans will now have this many meals a day:",
                            "Tus planes tendrán ahora estas comidas al día:"
                        ),
                        m.get()
                    )
                }
                Err(_) => {
                    return Ok(self
                        .t(
                            "A plan can have 1 to 6 meals a day.",
                            "Un plan puede tener de 1 a 6 comidas al día.",
                        )
                        .to_owned());
                }
            },
            ProfileChange::DropDiet(d) => {
                if !draft.diet_types().contains(&d) {
                    return Ok(match self.lang {
                        Lang::En => format!(
                            "Your profile has no {} diet to take off; nothing changed.",
                            diet_name(d, self.lang)
                        ),
                        Lang::Es => format!(
                            "Tu perfil no tiene la dieta {} que quitar; no he cambiado nada.",
                            diet_name(d, self.lang)
                        ),
                    });
                }
                draft.remove_diet(d);
                match self.lang {
                    Lang::En => format!(
                        "Took the {} diet type off your profile.",
                        diet_name(d, self.lang)
                    ),
                    Lang::Es => format!(
                        "He quitado el tipo de dieta {} de tu perfil.",
                        diet_name(d, self.lang)
                    ),
                }
            }
            ProfileChange::Age(years) => {
                let today = self.services.profiles.today();
                let born = draft
                    .body()
                    .birth_date
                    .with_age(years, today)
                    .and_then(|d| BirthDate::parse(d, today).ok());
                let Some(born) = born else {
                    let (min, max) = (BirthDate::MIN_AGE, BirthDate::MAX_AGE);
                    return Ok(match self.lang {
                        Lang::En => format!(
                            "I can't store an age of {years}: it must be between {min} and {max}."
                        ),
                        Lang::Es => format!(
                            "No puedo guardar una edad de {years} años: debe estar entre {min} y {max}."
                        ),
                    });
                };
                draft.body_mut().birth_date = born;
                let date = born.date().format("%Y-%m-%d");
                match self.lang {
                    Lang::En => {
                        format!("Your age is now {years} (birth date {date}, your birthday kept).")
                    }
                    Lang::Es => format!(
                        "Tu edad ahora es {years} años (fecha de nacimiento {date}, con tu cumpleaños igual)."
                    ),
                }
            }
            ProfileChange::Diet(d) => {
                if draft.diet_types().contains(&d) {
                    return Ok(match self.lang {
                        Lang::En => format!(
                            "Your profile already follows a {} diet.",
                            diet_name(d, self.lang)
                        ),
                        Lang::Es => {
                            format!("Tu perfil ya sigue una dieta {}.", diet_name(d, self.lang))
                        }
                    });
                }
                draft.add_diet(d);
                let rule = matches!(d, DietType::Vegan | DietType::Vegetarian);
                format!(
                    "{}.{}",
                    match self.lang {
                        Lang::En => format!("Added the {} diet type", diet_name(d, self.lang)),
                        Lang::Es =>
                            format!("He añadido el tipo de dieta {}", diet_name(d, self.lang)),
                    },
                    if rule {
                        self.t(" New plans, swaps and searches will only use recipes that fit it.", " Los nuevos planes, cambios y búsquedas solo usarán recetas que la cumplan.")
                    } else {
                        ""
                    }
                )
            }
        };
        let before = profile.targets;
        let stored = self.save(draft).await?;
        let mut out = said;
        if stored.targets != before {
            let _ = write!(
                out,
                " {} {} ({} {}).",
                self.t(
                    "Your daily targets are now",
                    "Tus objetivos diarios ahora son"
                ),
                totals_line(&nutrition_of(&stored.targets), self.lang),
                self.t("before:", "antes:"),
                totals_line(&nutrition_of(&before), self.lang)
            );
        }
        if self.plan_of().await?.is_some() {
            let _ = write!(
                out,
                " {}",
                self.t(
                    "Your current plan was made for the old profile: say \"create my weekly plan\" for one that follows it.",
                    "Tu plan actual se hizo con el perfil anterior: di \"genera mi plan semanal\" para uno que lo siga."
                )
            );
        }
        Ok(out)
    }
}

/// The goal a weight wished for means, against the weight of today.
fn goal_towards(now: f64, wished: f64) -> Goal {
    if wished < now - 0.5 {
        Goal::LoseWeight
    } else if wished > now + 0.5 {
        Goal::GainWeight
    } else {
        Goal::MaintainWeight
    }
}

impl Toolbox<'_> {
    /// What to say instead of changing anything when `change` is already
    /// so ("already X"), or cannot be taken back because it is not so.
    fn already(
        &self,
        draft: &mealplan_domain::ProfileDraft,
        change: ProfileChange,
    ) -> Option<String> {
        let goal = draft.body().goal;
        let today = self.services.profiles.today();
        match change {
            ProfileChange::Age(years) if draft.body().age_on(today) == years => {
                Some(match self.lang {
                    Lang::En => format!("Your age is already {years}; nothing changed."),
                    Lang::Es => format!("Tu edad ya es {years} años; no he cambiado nada."),
                })
            }
            ProfileChange::Goal(g) if g == goal => Some(match self.lang {
                Lang::En => format!(
                    "Your goal is already to {}; nothing changed.",
                    self.goal_name(g)
                ),
                Lang::Es => format!(
                    "Tu objetivo ya es {}; no he cambiado nada.",
                    self.goal_name(g)
                ),
            }),
            ProfileChange::GoalWeight(kg) if goal_towards(draft.body().weight.kg(), kg) == goal => {
                Some(match self.lang {
                    Lang::En => format!(
                        "A goal weight of {kg} kg against your weight of {} kg: your goal is already to {}; nothing changed.",
                        draft.body().weight.kg(),
                        self.goal_name(goal)
                    ),
                    Lang::Es => format!(
                        "Un peso objetivo de {kg} kg frente a tu peso de {} kg: tu objetivo ya es {}; no he cambiado nada.",
                        draft.body().weight.kg(),
                        self.goal_name(goal)
                    ),
                })
            }
            ProfileChange::NotGoal(g) if g != goal => Some(match self.lang {
                Lang::En => format!(
                    "Your goal isn't to {} (it is to {}), so nothing changed.",
                    self.goal_name(g),
                    self.goal_name(goal)
                ),
                Lang::Es => format!(
                    "Tu objetivo no es {} (es {}), así que no he cambiado nada.",
                    self.goal_name(g),
                    self.goal_name(goal)
                ),
            }),
            ProfileChange::Activity(a) if a == draft.body().activity_level => {
                Some(match self.lang {
                    Lang::En => format!(
                        "Your activity is already {}; nothing changed.",
                        self.activity_name(a)
                    ),
                    Lang::Es => format!(
                        "Tu actividad ya es {}; no he cambiado nada.",
                        self.activity_name(a)
                    ),
                })
            }
            ProfileChange::Weight(kg) if (kg - draft.body().weight.kg()).abs() < 0.05 => {
                Some(match self.lang {
                    Lang::En => format!("Your weight is already {kg} kg; nothing changed."),
                    Lang::Es => format!("Tu peso ya es {kg} kg; no he cambiado nada."),
                })
            }
            ProfileChange::Height(cm) if (cm - draft.body().height.cm()).abs() < 0.5 => {
                Some(match self.lang {
                    Lang::En => format!("Your height is already {cm} cm; nothing changed."),
                    Lang::Es => format!("Tu altura ya es {cm} cm; no he cambiado nada."),
                })
            }
            ProfileChange::Meals(n) if i64::from(n) == i64::from(draft.meals_per_day().get()) => {
                Some(match self.lang {
                    Lang::En => {
                        format!("Your plans already have {n} meals a day; nothing changed.")
                    }
                    Lang::Es => {
                        format!("Tus planes ya tienen {n} comidas al día; no he cambiado nada.")
                    }
                })
            }
            _ => None,
        }
    }
}
