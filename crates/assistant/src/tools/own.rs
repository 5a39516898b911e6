//! A stranger's own profile made from what they tell the assistant ("soy
//! mujer, 29 años, 160 cm y 58 kilos, quiero bajar de peso"): asked only
//! for what is missing, the defaults said back, then the plan they asked
//! for. The profile is stored by [`mealplan_app::Profiles`], with the API's rules.

use std::fmt::Write as _;

use mealplan_domain::planner::PlanAdjust;
use mealplan_domain::{
    ActivityLevel, BirthDate, Body, BodyType, Goal, Height, MealsPerDay, Weight,
};
use mealplan_ports::StoreError;

use super::household::{and_list, born, chat_input};
use super::{Said, Shown, Toolbox, nutrition_of, totals_line};
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
        if let Some(age) = facts.age
            && !(BirthDate::MIN_AGE..=BirthDate::MAX_AGE).contains(&age)
        {
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
            let _ = write!(
                out,
                "{}",
                match self.lang {
                    Lang::En => format!(
                        "To make your profile I still need your {}. Can you tell me? For example: \"I'm a 30-year-old woman, 165 cm and 60 kg\".",
                        and_list(&missing, self.lang)
                    ),
                    Lang::Es => format!(
                        "Para crear tu perfil todavía necesito tu {}. ¿Me lo dices? Por ejemplo: \"soy mujer, tengo 30 años, mido 165 cm y peso 60 kg\".",
                        and_list(&missing, self.lang)
                    ),
                }
            );
            return Ok(Said {
                text: out,
                pending: Some(ToolRequest::CreateProfile { facts, then_plan }),
                shown: Shown::Keep,
                progress_day: None,
            });
        }
        let (Some(gender), Some(age), Some(cm), Some(kg)) =
            (facts.gender, facts.age, facts.height, facts.weight)
        else {
            return Ok(out.into());
        };
        let today = self.services.profiles.today();
        let (Ok(height), Ok(weight), Some(birth)) = (
            Height::parse(cm),
            Weight::parse(kg),
            born(today, age).and_then(|d| BirthDate::parse(d, today).ok()),
        ) else {
            return Ok(out.into());
        };
        let mut defaults: Vec<String> = Vec::new();
        let goal = facts.goal.unwrap_or_else(|| {
            defaults.push(format!(
                "{} {}",
                self.t("goal", "objetivo"),
                self.goal_name(Goal::MaintainWeight)
            ));
            Goal::MaintainWeight
        });
        let activity = facts.activity.unwrap_or_else(|| {
            defaults.push(self.activity_name(ActivityLevel::Medium).to_owned());
            ActivityLevel::Medium
        });
        defaults.push(self.t("body type normal", "complexión normal").to_owned());
        let meals = match facts
            .meals
            .and_then(|n| MealsPerDay::parse(i64::from(n)).ok())
        {
            Some(m) => m,
            None => {
                let three = MealsPerDay::parse(3).unwrap_or_else(|_| unreachable!());
                defaults.push(format!("3 {}", self.t("meals a day", "comidas al día")));
                three
            }
        };
        let (kept, dropped) = self.enforced(&facts.restrictions);
        let body = Body {
            goal,
            height,
            weight,
            body_type: BodyType::Normal,
            gender,
            activity_level: activity,
            birth_date: birth,
        };
        let draft = self.parse_draft(&chat_input(body, meals, &kept, &facts.diets))?;
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
            .generate(7, PlanAdjust::default(), 0, false, false)
            .await?;
        Ok(Said {
            text: format!("{out}\n\n{}", plan.text),
            ..plan
        })
    }
}
