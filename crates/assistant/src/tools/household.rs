//! The household through the assistant: adding a member (asking for what
//! is missing, saying back the defaults used), telling who is in it,
//! storing on a member what is said of them, and the answer to a
//! household plan. Members are kept by [`mealplan_app::Household`], whose rules
//! (targets, echo rule, at most [`MAX_MEMBERS`]) are the API's.

use std::fmt::Write as _;

use chrono::{Datelike, NaiveDate};
use mealplan_domain::{
    ActivityLevel, BirthDate, Body, BodyType, Gender, Goal, Height, ItemName, ItemRef, MealsPerDay,
    NonNegative, ProfileDraft, ProfileInput, RangeError, Relation, Targets, UserName, Weight,
};
use mealplan_ports::{MAX_MEMBERS, Person, StoreError};

use super::{Said, Shown, Toolbox, capitalise, day_total, nutrition_of, totals_line, whole};
use crate::lang::{
    Lang, and_list, day_name, diet_name, meal_name, normalise, relation_es, restriction_name,
};
use crate::request::{MemberFacts, ToolRequest};
use mealplan_app::{MemberError, PlanView};

/// The example of a whole member, in the answer's language.
pub(super) fn example(lang: Lang) -> &'static str {
    lang.pick(
        "\"add my wife Ana: she's 34, 165 cm, 60 kg, vegetarian\"",
        "\"añade a mi hijo Leo, 17 años, 175 cm, 62 kg\"",
    )
}

/// The birth date that makes `age` on `today`.
pub(super) fn born(today: NaiveDate, age: u32) -> Option<NaiveDate> {
    let year = today.year() - i32::try_from(age).ok()?;
    today
        .with_year(year)
        .or_else(|| today.pred_opt().and_then(|d| d.with_year(year)))
}

pub(super) fn member_error(e: MemberError) -> StoreError {
    match e {
        MemberError::Store(e) => e,
        other => StoreError::Failure(other.to_string()),
    }
}

/// Whether `name` names `member` (its first word, case and accents aside).
pub(super) fn names(member: &Person, name: &str) -> bool {
    let first = |s: &str| {
        normalise(s)
            .split(' ')
            .next()
            .unwrap_or_default()
            .to_owned()
    };
    !name.is_empty() && first(member.name.as_str()) == first(name)
}

impl Toolbox<'_> {
    /// The members, or `None` when this assistant has no household.
    pub(super) async fn members_of(&self) -> Result<Option<Vec<Person>>, StoreError> {
        match &self.services.household {
            Some(h) => h.list(self.user).await.map(Some).map_err(member_error),
            None => Ok(None),
        }
    }

    /// The household members' names (none without a household).
    pub(crate) async fn member_names(&self) -> Result<Vec<String>, StoreError> {
        Ok(self
            .members_of()
            .await?
            .unwrap_or_default()
            .iter()
            .map(|m| m.name.as_str().to_owned())
            .collect())
    }

    pub(super) fn how_to_add(&self) -> String {
        match self.lang {
            Lang::En => format!(
                "To add someone, tell me their name, age, sex, height and weight, e.g. {}.",
                example(self.lang)
            ),
            Lang::Es => format!(
                "Para añadir a alguien, dime su nombre, edad, sexo, altura y peso, por ejemplo {}.",
                example(self.lang)
            ),
        }
    }

    /// The members at a household plan's table, or the answer when there
    /// are none.
    pub(super) async fn table(&self) -> Result<Result<Vec<Person>, Said>, StoreError> {
        match self.members_of().await? {
            Some(members) if !members.is_empty() => Ok(Ok(members)),
            _ => Ok(Err(format!(
                "{} {}",
                self.t(
                    "Your household has no members yet, so there is no one to plan with; I made no plan.",
                    "Tu hogar todavía no tiene miembros, así que no hay con quién planificar; no he hecho ningún plan."
                ),
                self.how_to_add()
            )
            .into())),
        }
    }

    /// Who is being talked about: the name, else "your wife".
    pub(super) fn label(&self, facts: &MemberFacts) -> String {
        if let Some(name) = &facts.name {
            return name.clone();
        }
        match (&facts.relation, self.lang) {
            (Some(r), Lang::En) => format!("your {r}"),
            (Some(r), Lang::Es) => format!("tu {}", relation_es(r, facts.gender)),
            (None, _) => self.t("them", "a esa persona").to_owned(),
        }
    }

    /// Adds a member from what was said; asks for what is missing and
    /// keeps the rest waiting for the answer.
    pub(super) async fn add_member(&self, facts: &MemberFacts) -> Result<Said, StoreError> {
        let Some(household) = &self.services.household else {
            return Ok(self
                .t(
                    "I can't keep household members here.",
                    "Aquí no puedo guardar miembros del hogar.",
                )
                .to_owned()
                .into());
        };
        let mut facts = facts.clone();
        let mut out = String::new();
        if let Some(age) = member_out_of_range(facts.age) {
            let who = self.label(&facts);
            let (min, max) = (BirthDate::MEMBER_MIN_AGE, BirthDate::MAX_AGE);
            return Ok(match (self.lang, age < min) {
                (Lang::En, true) => format!(
                    "Household members must be {min}-{max} years old, so I didn't add {who} ({age}) and changed nothing. Infants and toddlers need a paediatric plan: please ask their paediatrician or a dietitian. What I can do: keep foods they can't eat out of your own plan (\"no peanuts\"), and find recipes to share."
                ),
                (Lang::Es, true) => format!(
                    "Los miembros del hogar deben tener entre {min} y {max} años, así que no he añadido a {who} ({age} años) ni he cambiado nada. Los bebés y niños pequeños necesitan un plan pediátrico: pregunta a su pediatra o a un dietista. Lo que sí puedo hacer: dejar fuera de tu plan lo que no pueda comer (\"nada de cacahuetes\") y buscar recetas para compartir."
                ),
                (Lang::En, false) => format!(
                    "Household members must be {min}-{max} years old, so I didn't add {who} ({age})."
                ),
                (Lang::Es, false) => format!(
                    "Los miembros del hogar deben tener entre {min} y {max} años, así que no he añadido a {who} ({age} años)."
                ),
            }
            .into());
        }
        out.push_str(&self.unlikely_measures(&mut facts));
        if let Some(name) = &facts.name
            && UserName::parse(name).is_err()
        {
            facts.name = None;
        }
        let missing = self.missing(&facts);
        if !missing.is_empty() {
            let (who, list) = (self.label(&facts), and_list(&missing, self.lang));
            let question = match self.lang {
                Lang::En => format!(
                    "To add {who} to your household I still need their {list}. Can you tell me? For example: \"her name is Ana, she is 34, 165 cm and 60 kg\"."
                ),
                Lang::Es => format!(
                    "Para añadir a {who} a tu hogar todavía necesito su {list}. ¿Me lo dices? Por ejemplo: \"se llama Ana, tiene 34 años, mide 165 cm y pesa 60 kg\"."
                ),
            };
            return Ok(asking(out, &question, ToolRequest::AddMember(facts)));
        }
        let (Some(name), Some(gender), Some(age)) =
            (facts.name.as_deref(), facts.gender, facts.age)
        else {
            return Ok(out.into());
        };
        let members = household.list(self.user).await.map_err(member_error)?;
        if members.len() >= MAX_MEMBERS {
            return Ok(self.full().into());
        }
        if let Some(m) = members.iter().find(|m| names(m, name)) {
            return Ok(match self.lang {
                Lang::En => format!(
                    "You already have a household member called {}, so I added no one. To change them, tell me e.g. \"{} is allergic to peanuts\".",
                    m.name.as_str(),
                    m.name.as_str()
                ),
                Lang::Es => format!(
                    "Ya tienes un miembro del hogar llamado {}, así que no he añadido a nadie. Para cambiarlo, dime por ejemplo \"{} es alérgica a los cacahuetes\".",
                    m.name.as_str(),
                    m.name.as_str()
                ),
            }
            .into());
        }
        let Ok(user_name) = UserName::parse(name) else {
            return Ok(out.into());
        };
        // What was not said is as the holder's own, when they have a profile.
        let usual = match self.profile_of().await? {
            Some(p) => Usual {
                activity: (
                    p.body.activity_level,
                    self.t(" (as yours)", " (como la tuya)"),
                ),
                meals: (p.meals_per_day, self.t(" (as yours)", " (como tú)")),
            },
            None => Usual::default(),
        };
        let Some(Drafted {
            draft,
            dropped,
            defaults,
        }) = self.drafted(&facts, usual)?
        else {
            return Ok(out.into());
        };
        let (height, weight) = (draft.body().height, draft.body().weight);
        // Stored as the canonical relation ("mother" for "mi mamá"), so that
        // the member is found by it later in either language.
        let relation = facts
            .relation
            .as_deref()
            .and_then(|r| Relation::parse(r).ok());
        let member = match household.add(self.user, user_name, relation, draft).await {
            Ok(m) => m,
            Err(MemberError::Full) => return Ok(self.full().into()),
            Err(e) => return Err(member_error(e)),
        };
        let mut facts_line = Vec::new();
        if let Some(r) = &facts.relation {
            facts_line.push(match self.lang {
                Lang::En => r.clone(),
                Lang::Es => relation_es(r, Some(gender)).to_owned(),
            });
        }
        facts_line.push(self.sex(gender).to_owned());
        facts_line.push(format!("{age} {}", self.t("years", "años")));
        facts_line.push(format!("{} cm", height.cm()));
        facts_line.push(format!("{} kg", weight.kg()));
        let _ = write!(
            out,
            "{} **{}** ({}) {}. {} {}.",
            self.t("Added", "He añadido a"),
            member.name.as_str(),
            facts_line.join(", "),
            self.t("to your household", "a tu hogar"),
            self.t("Daily targets:", "Objetivos diarios:"),
            totals_line(&nutrition_of(&member.targets.get()), self.lang)
        );
        let rules = self.rules_line(&member);
        if !rules.is_empty() {
            let _ = write!(out, " {}: {rules}.", self.t("Rules", "Reglas"));
        }
        out.push_str(&self.not_stored(&dropped));
        out.push_str(&self.defaults_used(&defaults));
        let _ = write!(
            out,
            " {}",
            self.t(
                "Say \"make a plan for the whole family\" for a plan with a portion for each person.",
                "Di \"haz un plan para toda la familia\" para un plan con una ración para cada persona."
            )
        );
        Ok(Said {
            text: out,
            pending: None,
            shown: Shown::Keep,
            progress_day: None,
        })
    }

    /// Clears a height or weight in `facts` that cannot be right, and
    /// says why (each sentence followed by a space).
    pub(super) fn unlikely_measures(&self, facts: &mut MemberFacts) -> String {
        let mut out = String::new();
        let child = facts.age.is_some_and(|a| a < BirthDate::MIN_AGE);
        let (h_min, h_max, w_min, w_max) = if child {
            (
                Height::CHILD_MIN,
                Height::CHILD_MAX,
                Weight::CHILD_MIN,
                Weight::CHILD_MAX,
            )
        } else {
            (Height::MIN, Height::MAX, Weight::MIN, Weight::MAX)
        };
        if let Some(cm) = facts.height
            && body_height(cm, facts.age).is_err()
        {
            facts.height = None;
            let _ = write!(
                out,
                "{} ",
                match self.lang {
                    Lang::En => format!(
                        "A height of {cm} cm can't be right: it must be between {h_min} and {h_max} cm."
                    ),
                    Lang::Es => format!(
                        "Una altura de {cm} cm no puede ser: debe estar entre {h_min} y {h_max} cm."
                    ),
                }
            );
        }
        if let Some(kg) = facts.weight
            && body_weight(kg, facts.age).is_err()
        {
            facts.weight = None;
            let _ = write!(
                out,
                "{} ",
                match self.lang {
                    Lang::En => format!(
                        "A weight of {kg} kg can't be right: it must be between {w_min} and {w_max} kg."
                    ),
                    Lang::Es => format!(
                        "Un peso de {kg} kg no puede ser: debe estar entre {w_min} y {w_max} kg."
                    ),
                }
            );
        }
        out
    }

    /// Says which restrictions were not stored, being no rule the
    /// planner can enforce.
    pub(super) fn not_stored(&self, dropped: &[String]) -> String {
        let mut out = String::new();
        for name in dropped {
            let _ = write!(
                out,
                " {}",
                match self.lang {
                    Lang::En => format!(
                        "I didn't store \"{}\": it is no rule I can enforce.",
                        restriction_name(name, self.lang)
                    ),
                    Lang::Es => format!(
                        "No he guardado \"{}\": no es una regla que pueda aplicar.",
                        restriction_name(name, self.lang)
                    ),
                }
            );
        }
        out
    }

    /// The defaults used for what was not said, said back.
    pub(super) fn defaults_used(&self, defaults: &[String]) -> String {
        let mut out = String::new();
        let _ = write!(
            out,
            "\n\n{} {}.",
            self.t(
                "Not said, so I used defaults (tell me to change any):",
                "No me lo dijiste, así que usé valores por defecto (dime si quieres cambiar alguno):"
            ),
            defaults.join(", ")
        );
        out
    }

    /// The needed facts `facts` lacks, named in the answer's language.
    pub(super) fn missing(&self, facts: &MemberFacts) -> Vec<&'static str> {
        let mut out = Vec::new();
        if facts.name.is_none() {
            out.push(self.t("name", "nombre"));
        }
        out.extend(self.missing_body(facts));
        out
    }

    /// The body facts targets need that `facts` lacks (age, sex, height,
    /// weight), named in the answer's language.
    pub(super) fn missing_body(&self, facts: &MemberFacts) -> Vec<&'static str> {
        let mut out = Vec::new();
        if facts.age.is_none() {
            out.push(self.t("age", "edad"));
        }
        if facts.gender.is_none() {
            out.push(self.t("sex (male or female)", "sexo (hombre o mujer)"));
        }
        if facts.height.is_none() {
            out.push(self.t("height (cm)", "altura (cm)"));
        }
        if facts.weight.is_none() {
            out.push(self.t("weight (kg)", "peso (kg)"));
        }
        out
    }

    fn full(&self) -> String {
        match self.lang {
            Lang::En => format!(
                "Your household already has {MAX_MEMBERS} members, the most it can have, so I added no one."
            ),
            Lang::Es => format!(
                "Tu hogar ya tiene {MAX_MEMBERS} miembros, el máximo, así que no he añadido a nadie."
            ),
        }
    }

    pub(super) fn sex(&self, g: Gender) -> &'static str {
        match g {
            Gender::Male => self.t("male", "hombre"),
            Gender::Female => self.t("female", "mujer"),
        }
    }

    /// The restrictions the rules enforce, and those they do not.
    pub(super) fn enforced(&self, names: &[String]) -> (Vec<ItemName>, Vec<String>) {
        let mut kept = Vec::new();
        let mut dropped = Vec::new();
        for n in names {
            match ItemName::parse(n) {
                Ok(item) if self.services.recipes.restriction(n).is_enforced() => {
                    if !kept.contains(&item) {
                        kept.push(item);
                    }
                }
                _ => dropped.push(n.clone()),
            }
        }
        (kept, dropped)
    }

    /// A member's diets and restrictions, in the answer's language.
    fn rules_line(&self, m: &Person) -> String {
        let mut rules: Vec<String> = m
            .diet_types
            .iter()
            .map(|d| diet_name(*d, self.lang).to_owned())
            .collect();
        rules.extend(
            m.restrictions
                .iter()
                .map(|r| restriction_name(&r.name, self.lang)),
        );
        rules.join(", ")
    }

    /// Who is in the household, with their targets.
    pub(super) async fn household(&self) -> Result<String, StoreError> {
        let Some(members) = self.members_of().await? else {
            return Ok(self
                .t(
                    "I can't keep household members here.",
                    "Aquí no puedo guardar miembros del hogar.",
                )
                .to_owned());
        };
        if members.is_empty() {
            return Ok(format!(
                "{} {}",
                self.t(
                    "Your household has no members yet: plans are for you alone.",
                    "Tu hogar todavía no tiene miembros: los planes son solo para ti."
                ),
                self.how_to_add()
            ));
        }
        let today = self.services.profiles.today();
        let mut out = match self.lang {
            Lang::En => format!(
                "At your table: you and {} household member{}.",
                members.len(),
                if members.len() == 1 { "" } else { "s" }
            ),
            Lang::Es => format!(
                "En tu mesa: tú y {} miembro{} del hogar.",
                members.len(),
                if members.len() == 1 { "" } else { "s" }
            ),
        };
        if let Some(p) = self.profile_of().await? {
            let _ = write!(
                out,
                "\n- **{}**: {}",
                self.t("You", "Tú"),
                totals_line(&nutrition_of(&p.targets), self.lang)
            );
        }
        for m in &members {
            let _ = write!(
                out,
                "\n- **{}** ({}, {} {}, {} cm, {} kg): {}",
                m.name.as_str(),
                self.sex(m.body.gender),
                m.body.age_on(today),
                self.t("years", "años"),
                m.body.height.cm(),
                m.body.weight.kg(),
                totals_line(&nutrition_of(&m.targets.get()), self.lang)
            );
            let rules = self.rules_line(m);
            if !rules.is_empty() {
                let _ = write!(out, "; {rules}");
            }
        }
        let _ = write!(
            out,
            "\n\n{}",
            self.t(
                "Say \"make a plan for the whole family\" for one plan with a portion for each person.",
                "Di \"haz un plan para toda la familia\" para un plan con una ración para cada persona."
            )
        );
        Ok(out)
    }

    /// The answer to a household plan: who is at the table with their
    /// targets, and each meal with everyone's portion.
    pub(super) fn household_plan(
        &self,
        plan: &PlanView,
        members: &[Person],
        holder: &mealplan_domain::Targets<f64>,
    ) -> Said {
        let mut out = String::new();
        let n = plan.days.len();
        let _ = writeln!(
            out,
            "{}",
            match self.lang {
                Lang::En => format!(
                    "Your new {n}-day household plan is ready and active: one table for you and {}, and each meal has a portion for each person.",
                    members
                        .iter()
                        .map(|m| m.name.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                Lang::Es => format!(
                    "Tu nuevo plan del hogar de {n} días está listo y activo: una mesa para ti y {}, y cada comida tiene una ración para cada persona.",
                    members
                        .iter()
                        .map(|m| m.name.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            }
        );
        let _ = writeln!(out, "{}", self.t("At the table:", "En la mesa:"));
        let _ = writeln!(
            out,
            "- {}: {}",
            self.t("You", "Tú"),
            totals_line(&nutrition_of(holder), self.lang)
        );
        for m in members {
            let _ = writeln!(
                out,
                "- {}: {}",
                m.name.as_str(),
                totals_line(&nutrition_of(&m.targets.get()), self.lang)
            );
        }
        let you = self.t("you", "tú");
        for day in &plan.days {
            let _ = writeln!(
                out,
                "\n**{}** — {} kcal {}",
                capitalise(day_name(day.day_of_week, self.lang)),
                whole(day_total(day).calories),
                self.t("(yours)", "(las tuyas)")
            );
            for m in &day.meals {
                let portions: Vec<String> = m
                    .meal
                    .portions
                    .iter()
                    .map(|p| {
                        format!(
                            "{} {}",
                            if p.member_id.is_none() {
                                you
                            } else {
                                p.name.as_str()
                            },
                            (p.servings * 100.0).round() / 100.0
                        )
                    })
                    .collect();
                let _ = writeln!(
                    out,
                    "- {}: {} — {} ({})",
                    capitalise(meal_name(m.meal.meal_type, self.lang)),
                    m.recipe.name,
                    portions.join(", "),
                    self.t("servings", "raciones")
                );
            }
        }
        let _ = write!(
            out,
            "\n{}",
            self.t(
                "The shopping list adds up everyone's portions.",
                "La lista de la compra suma las raciones de todos."
            )
        );
        Said {
            text: out,
            pending: None,
            shown: Shown::Clear,
            progress_day: None,
        }
    }
}

/// The age when it is outside the ages targets are worked out for.
pub(super) fn out_of_range(age: Option<u32>) -> Option<u32> {
    age.filter(|a| !(BirthDate::MIN_AGE..=BirthDate::MAX_AGE).contains(a))
}

/// A height in the range of a person of `age` (a child's under 16).
fn body_height(cm: f64, age: Option<u32>) -> Result<Height, RangeError> {
    match age {
        Some(a) if a < BirthDate::MIN_AGE => Height::parse_child(cm),
        _ => Height::parse(cm),
    }
}

/// A weight in the range of a person of `age` (a child's under 16).
fn body_weight(kg: f64, age: Option<u32>) -> Result<Weight, RangeError> {
    match age {
        Some(a) if a < BirthDate::MIN_AGE => Weight::parse_child(kg),
        _ => Weight::parse(kg),
    }
}

/// `age` when a household member cannot be that old: members may be
/// children from 3 (their targets follow the child equations), unlike
/// the account holder.
fn member_out_of_range(age: Option<u32>) -> Option<u32> {
    age.filter(|a| !(BirthDate::MEMBER_MIN_AGE..=BirthDate::MAX_AGE).contains(a))
}

/// `out` and then `question`, asking for what is missing; `waiting`
/// kept for the answer.
pub(super) fn asking(mut out: String, question: &str, waiting: ToolRequest) -> Said {
    out.push_str(question);
    Said {
        text: out,
        pending: Some(waiting),
        shown: Shown::Keep,
        progress_day: None,
    }
}

/// A person told about in the chat, made into a draft.
pub(super) struct Drafted {
    /// What the rules store.
    pub(super) draft: ProfileDraft,
    /// Restrictions the rules cannot enforce, left out.
    pub(super) dropped: Vec<String>,
    /// The defaults used for what was not said, in the answer's language.
    pub(super) defaults: Vec<String>,
}

/// The activity and meals a day used when not said, each with the words
/// that say whose they are (" (as yours)", or nothing).
pub(super) struct Usual {
    pub(super) activity: (ActivityLevel, &'static str),
    pub(super) meals: (MealsPerDay, &'static str),
}

impl Default for Usual {
    /// Medium activity and three meals a day.
    fn default() -> Self {
        Self {
            activity: (ActivityLevel::Medium, ""),
            meals: (MealsPerDay::parse(3).unwrap_or_else(|_| unreachable!()), ""),
        }
    }
}

impl Toolbox<'_> {
    /// `facts` as a draft: the body as said (the age as a birth date
    /// today), goal maintain, body type normal and `usual` for what was
    /// not said, the restrictions the rules enforce. `None` when a body
    /// fact is missing or out of range.
    pub(super) fn drafted(
        &self,
        facts: &MemberFacts,
        usual: Usual,
    ) -> Result<Option<Drafted>, StoreError> {
        let (Some(gender), Some(age), Some(cm), Some(kg)) =
            (facts.gender, facts.age, facts.height, facts.weight)
        else {
            return Ok(None);
        };
        let today = self.services.profiles.today();
        let (Ok(height), Ok(weight), Some(birth)) = (
            body_height(cm, Some(age)),
            body_weight(kg, Some(age)),
            born(today, age).and_then(|d| BirthDate::parse_member(d, today).ok()),
        ) else {
            return Ok(None);
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
            let (level, whose) = usual.activity;
            defaults.push(format!("{}{whose}", self.activity_name(level)));
            level
        });
        defaults.push(self.t("body type normal", "complexión normal").to_owned());
        let meals = match facts
            .meals
            .and_then(|n| MealsPerDay::parse(i64::from(n)).ok())
        {
            Some(m) => m,
            None => {
                let (m, whose) = usual.meals;
                defaults.push(format!(
                    "{} {}{whose}",
                    m.get(),
                    self.t("meals a day", "comidas al día")
                ));
                m
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
        let input = chat_input(body, meals, &kept, &facts.diets);
        // The holder's own profile never gets here under 16 (refused
        // first), so a child is always a member.
        let draft = if age < BirthDate::MIN_AGE {
            self.parse_member_draft(&input)?
        } else {
            self.parse_draft(&input)?
        };
        Ok(Some(Drafted {
            draft,
            dropped,
            defaults,
        }))
    }
}

/// What a save would send for a person told about in the chat: the body
/// as said (body type normal), no tastes, the enforceable restrictions and
/// the diets; body fat and targets worked out by the rules.
pub(super) fn chat_input(
    body: Body,
    meals: MealsPerDay,
    restrictions: &[ItemName],
    diets: &[mealplan_domain::DietType],
) -> ProfileInput {
    let restrictions: Vec<ItemRef> = restrictions.iter().cloned().map(ItemRef::Name).collect();
    ProfileInput::of(
        &body,
        meals,
        NonNegative::default(),
        Targets::default(),
        &[],
        &restrictions,
        diets,
    )
}
