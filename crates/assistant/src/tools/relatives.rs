//! What is said of someone else ("my son is allergic to peanuts", "Ana
//! is vegetarian"): stored on their household member, found by name or
//! by the relation's sex, never on the holder's own profile.

use std::fmt::Write as _;

use mealplan_domain::{BirthDate, Height, ItemRef, MealsPerDay, Weight};
use mealplan_ports::{Person, StoreError};

use super::household::{member_error, names};
use super::members::find_member;
use super::{Toolbox, capitalise, nutrition_of, totals_line};
use crate::lang::{Lang, diet_name, restriction_name};
use crate::relations::{ALL_CHILDREN, outsider};
use crate::request::{MemberFacts, ToolRequest};

impl Toolbox<'_> {
    /// What was said of someone else: stored on their member when they
    /// are one (never on the holder's profile). The answer, whether a
    /// member changed, and a member to add offered for a yes ("my son is
    /// 8" with no son in the household).
    /// `own`: whether the same message also changes the holder's own
    /// profile (then only the part about them stays off it).
    pub async fn someone_else(
        &self,
        facts: &MemberFacts,
        own: bool,
    ) -> Result<(String, bool, Option<ToolRequest>), StoreError> {
        let (text, changed) = self.said_of_someone(facts, own).await?;
        // Offered only when no member is found ("my son is 8", no son).
        let kept = changed || !self.member_of(facts).await?.is_empty();
        Ok(match self.offer_to_add(facts, kept) {
            Some((ask, offer)) => (ask, changed, Some(offer)),
            None => (text, changed, None),
        })
    }

    /// "I have two kids", "tengo 2 hijos": how to add each to the
    /// household, so plans cover them.
    pub fn children_to_add(&self) -> String {
        match self.lang {
            Lang::En => format!(
                "To plan for your children too, add each one to your household: tell me their name, age, sex, height and weight, e.g. {}.",
                super::household::example(self.lang)
            ),
            Lang::Es => format!(
                "Para planificar también para tus hijos, añade a cada uno a tu hogar: dime su nombre, edad, sexo, altura y peso, por ejemplo {}.",
                super::household::example(self.lang)
            ),
        }
    }

    /// "my son is 8", "mi hija tiene 5 años" with no such member: asked
    /// whether to add them, with what else adding them needs, the facts
    /// said kept for the yes.
    fn offer_to_add(&self, facts: &MemberFacts, kept: bool) -> Option<(String, ToolRequest)> {
        let relation = facts.relation.as_deref()?;
        if kept || facts.age.is_none() || facts.name.is_some() || outsider(relation) {
            return None;
        }
        let mut draft = facts.clone();
        draft.gender = draft
            .gender
            .or_else(|| crate::relations::relation(relation).and_then(|(_, g)| g));
        let who = self.label(&draft);
        let still = self.missing(&draft).join(self.t(", ", ", "));
        let ask = match self.lang {
            Lang::En => format!(
                "{} isn't in your household yet, so I stored nothing. Shall I add {who} ({} years)? I'd still need their {still}; answer yes, or tell me everything at once, e.g. {}.",
                capitalise(&who),
                draft.age.unwrap_or_default(),
                super::household::example(self.lang)
            ),
            Lang::Es => format!(
                "{} todavía no está en tu hogar, así que no he guardado nada. ¿Añado a {who} ({} años)? Aún necesitaría su {still}; responde sí, o dímelo todo de una vez, por ejemplo {}.",
                capitalise(&who),
                draft.age.unwrap_or_default(),
                super::household::example(self.lang)
            ),
        };
        Some((ask, ToolRequest::AddMember(draft)))
    }

    /// The members `facts` may be about: by name, else by relation.
    async fn member_of(&self, facts: &MemberFacts) -> Result<Vec<Person>, StoreError> {
        let Some(members) = self.members_of().await? else {
            return Ok(Vec::new());
        };
        Ok(match (&facts.name, &facts.relation) {
            (Some(name), _) => members.into_iter().filter(|m| names(m, name)).collect(),
            (None, Some(rel)) if !outsider(rel) => {
                let age = self.holder_age().await?;
                find_member(&members, rel, age)
                    .into_iter()
                    .cloned()
                    .collect()
            }
            _ => Vec::new(),
        })
    }

    async fn said_of_someone(
        &self,
        facts: &MemberFacts,
        own: bool,
    ) -> Result<(String, bool), StoreError> {
        let unchanged = if own {
            self.t(
                "What you said of someone else stays off your own profile.",
                "Lo dicho de otra persona no va a tu propio perfil.",
            )
        } else {
            self.t(
                "That sounds like it is about someone else, so I didn't change your own profile.",
                "Parece que hablas de otra persona, así que no he cambiado tu propio perfil.",
            )
        };
        let changes = facts.changes();
        let Some(members) = self.members_of().await? else {
            return Ok((
                self.t(
                    "That sounds like it is about someone else. Your profile and plans are yours alone, so I changed nothing: tell me about your own tastes, allergies and diet.",
                    "Parece que hablas de otra persona. Tu perfil y tus planes son solo tuyos, así que no he cambiado nada: cuéntame tus propios gustos, alergias y dieta.",
                )
                .to_owned(),
                false,
            ));
        };
        let mut found: Vec<&Person> = match (&facts.name, &facts.relation) {
            (Some(name), _) => members.iter().filter(|m| names(m, name)).collect(),
            // "mi mamá": the member saved under that relation in either
            // language, else the only one of its sex.
            (None, Some(rel)) if !outsider(rel) => {
                find_member(&members, rel, self.holder_age().await?)
            }
            _ => Vec::new(),
        };
        // "my daughters": the children of that sex only.
        if facts.relation.as_deref() == Some(ALL_CHILDREN)
            && let Some(sex) = facts.gender
        {
            found.retain(|m| m.body.gender == sex);
        }
        let who = self.label(facts);
        match found.as_slice() {
            [] if facts.relation.as_deref() == Some(ALL_CHILDREN) => {
                Ok((format!("{unchanged} {}", self.children_to_add()), false))
            }
            [] => {
                let not_member = match self.lang {
                    Lang::En => format!(
                        "{} isn't a member of your household, so I stored nothing.",
                        capitalise(&who)
                    ),
                    Lang::Es => format!(
                        "{} no es miembro de tu hogar, así que no he guardado nada.",
                        capitalise(&who)
                    ),
                };
                Ok((
                    format!("{unchanged} {not_member} {}", self.how_to_add()),
                    false,
                ))
            }
            [one] if changes => self.change_member(one, facts).await.map(|t| (t, true)),
            [one] => Ok((
                match self.lang {
                    Lang::En => format!(
                        "{unchanged} If it is about {}, tell me an allergy, a diet or a food they don't eat, e.g. \"{} is allergic to peanuts\".",
                        one.name.as_str(),
                        one.name.as_str()
                    ),
                    Lang::Es => format!(
                        "{unchanged} Si hablas de {}, dime una alergia, una dieta o algo que no coma, por ejemplo \"{} es alérgica a los cacahuetes\".",
                        one.name.as_str(),
                        one.name.as_str()
                    ),
                },
                false,
            )),
            // "my kids are vegetarian": stored on each child.
            several if changes && facts.relation.as_deref() == Some(ALL_CHILDREN) => {
                let mut texts = Vec::new();
                for one in several {
                    texts.push(self.change_member(one, facts).await?);
                }
                Ok((texts.join(" "), true))
            }
            several => {
                let list: Vec<&str> = several.iter().map(|m| m.name.as_str()).collect();
                Ok((
                    match self.lang {
                        Lang::En => format!(
                            "{unchanged} Which household member do you mean: {}? Say it with the name, e.g. \"{} is allergic to peanuts\".",
                            list.join(" or "),
                            list[0]
                        ),
                        Lang::Es => format!(
                            "{unchanged} ¿De qué miembro del hogar hablas: {}? Dímelo con el nombre, por ejemplo \"{} es alérgica a los cacahuetes\".",
                            list.join(" o "),
                            list[0]
                        ),
                    },
                    false,
                ))
            }
        }
    }

    /// Stores on `member` what was said of them, with their other values
    /// as they are (computed targets stay computed).
    async fn change_member(
        &self,
        member: &Person,
        facts: &MemberFacts,
    ) -> Result<String, StoreError> {
        let Some(household) = &self.services.household else {
            return Ok(String::new());
        };
        let mut draft = self.draft_of(member)?;
        let mut said: Vec<String> = Vec::new();
        let (kept, dropped) = self.enforced(&facts.restrictions);
        for item in kept {
            if member.restrictions.iter().any(|r| r.name == item.as_str()) {
                continue;
            }
            said.push(format!(
                "\"{}\"",
                restriction_name(item.as_str(), self.lang)
            ));
            draft.restrictions_mut().push(ItemRef::Name(item));
        }
        // "Ana can eat gluten again": under either name it was kept.
        for back in &facts.taken_back {
            let names = [crate::foods::allergy_name(back), back.clone()];
            let before = draft.restrictions().len();
            draft
                .restrictions_mut()
                .retain(|r| !names.iter().any(|n| item_name(r) == n.as_str()));
            if draft.restrictions().len() < before {
                said.push(format!(
                    "{} \"{}\"",
                    self.t("taken off", "quitado"),
                    restriction_name(back, self.lang)
                ));
            }
        }
        for d in &facts.dropped_diets {
            if draft.remove_diet(*d) {
                said.push(format!(
                    "{} {}",
                    self.t("taken off the diet", "quitada la dieta"),
                    diet_name(*d, self.lang)
                ));
            }
        }
        for d in &facts.diets {
            if draft.add_diet(*d) {
                said.push(format!(
                    "{} {}",
                    self.t("the diet", "la dieta"),
                    diet_name(*d, self.lang)
                ));
            }
        }
        // "Luis lost 3 kg": from the weight kept for them.
        let moved = facts
            .weight_by
            .map(|by| ((member.body.weight.kg() + by) * 10.0).round() / 10.0);
        if let Some(w) = facts.weight.or(moved).and_then(|kg| Weight::parse(kg).ok()) {
            draft.body_mut().weight = w;
            said.push(format!("{} kg", w.kg()));
        }
        // "my daughter is 11 now": the birth date that makes that age.
        let today = self.services.profiles.today();
        if let Some(age) = facts.age
            && member.body.age_on(today) != age
            && let Some(birth) = super::household::born(today, age)
                .and_then(|d| BirthDate::parse_member(d, today).ok())
        {
            draft.body_mut().birth_date = birth;
            said.push(format!("{age} {}", self.t("years old", "años")));
        }
        if let Some(h) = facts.height.and_then(|cm| Height::parse(cm).ok()) {
            draft.body_mut().height = h;
            said.push(format!("{} cm", h.cm()));
        }
        if let Some(g) = facts.goal {
            draft.body_mut().goal = g;
            said.push(self.goal_name(g).to_owned());
        }
        if let Some(a) = facts.activity {
            draft.body_mut().activity_level = a;
            said.push(self.activity_name(a).to_owned());
        }
        if let Some(m) = facts
            .meals
            .and_then(|n| MealsPerDay::parse(i64::from(n)).ok())
        {
            draft.set_meals_per_day(m);
            said.push(format!(
                "{} {}",
                m.get(),
                self.t("meals a day", "comidas al día")
            ));
        }
        let name = member.name.as_str();
        if said.is_empty() {
            let mut out = match self.lang {
                Lang::En => format!("{name}'s profile already has that; nothing changed."),
                Lang::Es => format!("El perfil de {name} ya lo tiene; no he cambiado nada."),
            };
            for d in dropped {
                let _ = write!(
                    out,
                    " {} \"{}\".",
                    self.t("I can't enforce", "No puedo aplicar"),
                    restriction_name(&d, self.lang)
                );
            }
            return Ok(out);
        }
        let stored = household
            .replace(
                self.user,
                member.id,
                member.name.clone(),
                member.relation,
                draft,
            )
            .await
            .map_err(member_error)?;
        let mut out = match self.lang {
            Lang::En => format!(
                "Saved for **{name}**, your household member (your own profile is unchanged): {}. {name}'s daily targets: {}.",
                said.join(", "),
                totals_line(&nutrition_of(&stored.targets.get()), self.lang)
            ),
            Lang::Es => format!(
                "Guardado para **{name}**, miembro de tu hogar (tu propio perfil no cambia): {}. Objetivos diarios de {name}: {}.",
                said.join(", "),
                totals_line(&nutrition_of(&stored.targets.get()), self.lang)
            ),
        };
        // A child's energy is the growth equation's whatever the goal:
        // said, so the unchanged targets are no surprise.
        let age = stored.body.age_on(today);
        if facts.goal.is_some() && age < BirthDate::MIN_AGE {
            let _ = write!(
                out,
                " {}",
                match self.lang {
                    Lang::En => format!(
                        "{name} is {age}: a child's energy follows the growth equations (NASEM 2023) whatever the goal, so the targets stay; the goal is kept for when {name} is {}.",
                        BirthDate::MIN_AGE
                    ),
                    Lang::Es => format!(
                        "{name} tiene {age} años: la energía de un niño sigue las ecuaciones de crecimiento (NASEM 2023) sea cual sea el objetivo, así que sus objetivos no cambian; el objetivo queda guardado para cuando tenga {}.",
                        BirthDate::MIN_AGE
                    ),
                }
            );
        }
        let _ = write!(
            out,
            " {}",
            self.t(
                "New household plans follow it.",
                "Los nuevos planes del hogar lo tendrán en cuenta."
            )
        );
        Ok(out)
    }
}

/// The name of a restriction as it is referred to.
fn item_name(r: &ItemRef) -> &str {
    match r {
        ItemRef::Id(_, n) | ItemRef::Name(n) => n.as_str(),
    }
}
