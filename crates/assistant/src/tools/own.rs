//! A stranger's own profile made from what they tell the assistant ("soy
//! mujer, 29 años, 160 cm y 58 kilos, quiero bajar de peso"): asked only
//! for what is missing, the defaults said back, then the plan they asked
//! for. The profile is stored by [`mealplan_app::Profiles`], with the API's rules.

use std::fmt::Write as _;

use mealplan_domain::BirthDate;
use mealplan_domain::planner::PlanAdjust;
use mealplan_ports::StoreError;

use super::household::{Drafted, Usual, asking, out_of_range};
use super::{Said, Toolbox, nutrition_of, totals_line};
use crate::lang::and_list;
use crate::lang::{Lang, diet_name, restriction_name};
use crate::request::{MemberFacts, ToolRequest};
use mealplan_app::ProfileError;

impl Toolbox<'_> {
    /// Makes the user's profile from `facts`, asking for what is missing
    /// (and keeping the rest waiting for the answer); then, when asked,
    /// their plan.
    pub(super) async fn create_profile(
        &self,
        facts: &MemberFacts,
        then_plan: bool,
    ) -> Result<Said, StoreError> {
        if self.profile_of().await?.is_some() {
            return Ok(self
                .t(
                    "You already have a profile. Tell me what to change, e.g. \"I now weigh 70 kg\" or \"I'm vegetarian\".",
                    "Ya tienes un perfil. Dime qué cambiar, por ejemplo \"ahora peso 70 kg\" o \"soy vegetariana\".",
                )
                .to_owned()
                .into());
        }
        let mut facts = facts.clone();
        let mut out = String::new();
        if let Some(age) = out_of_range(facts.age) {
            return Ok(match self.lang {
                Lang::En => format!(
                    "I can only work out targets for people {}-{} years old, so I made no profile ({age}).",
                    BirthDate::MIN_AGE,
                    BirthDate::MAX_AGE
                ),
                Lang::Es => format!(
                    "Solo puedo calcular objetivos para personas de {} a {} años, así que no he creado el perfil ({age} años).",
                    BirthDate::MIN_AGE,
                    BirthDate::MAX_AGE
                ),
            }
            .into());
        }
        out.push_str(&self.unlikely_measures(&mut facts));
        let missing = self.missing_body(&facts);
        if !missing.is_empty() {
            let list = and_list(&missing, self.lang);
            let question = match self.lang {
                Lang::En => format!(
                    "To make your profile I still need your {list}. Can you tell me? For example: \"I'm a 30-year-old woman, 165 cm and 60 kg\"."
                ),
                Lang::Es => format!(
                    "Para crear tu perfil todavía necesito tu {list}. ¿Me lo dices? Por ejemplo: \"soy mujer, tengo 30 años, mido 165 cm y peso 60 kg\"."
                ),
            };
            return Ok(asking(
                out,
                &question,
                ToolRequest::CreateProfile { facts, then_plan },
            ));
        }
        let (Some(gender), Some(age)) = (facts.gender, facts.age) else {
            return Ok(out.into());
        };
        let Some(Drafted {
            draft,
            dropped,
            defaults,
        }) = self.drafted(&facts, Usual::default())?
        else {
            return Ok(out.into());
        };
        let (height, weight, goal) = (draft.body().height, draft.body().weight, draft.body().goal);
        let profile = match self.services.profiles.upsert(self.user, draft).await {
            Ok(p) => p,
            Err(ProfileError::Store(e)) => return Err(e),
            Err(e) => return Err(StoreError::Failure(e.to_string())),
        };
        let mut said = vec![
            self.sex(gender).to_owned(),
            format!("{age} {}", self.t("years", "años")),
            format!("{} cm", height.cm()),
            format!("{} kg", weight.kg()),
        ];
        if facts.goal.is_some() {
            said.push(self.goal_name(goal).to_owned());
        }
        said.extend(
            profile
                .diet_types
                .iter()
                .map(|d| diet_name(*d, self.lang).to_owned()),
        );
        said.extend(
            profile
                .restrictions
                .iter()
                .map(|r| restriction_name(r.name.as_str(), self.lang)),
        );
        let _ = write!(
            out,
            "{} ({}). {} {}.",
            self.t("I made your profile", "He creado tu perfil"),
            said.join(", "),
            self.t("Daily targets:", "Objetivos diarios:"),
            totals_line(&nutrition_of(&profile.targets.get()), self.lang)
        );
        out.push_str(&self.not_stored(&dropped));
        out.push_str(&self.defaults_used(&defaults));
        if !then_plan {
            let _ = write!(
                out,
                " {}",
                self.t(
                    "Say \"make my weekly plan\" when you want one.",
                    "Di \"haz mi plan semanal\" cuando quieras uno."
                )
            );
            return Ok(out.into());
        }
        let plan = self
            .generate(
                7,
                PlanAdjust::default(),
                0,
                false,
                (false, Default::default(), None),
            )
            .await?;
        Ok(Said {
            text: format!("{out}\n\n{}", plan.text),
            ..plan
        })
    }
}
