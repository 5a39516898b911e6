//! Carrying out requests through the use cases, answering in words a
//! person reads, all in one language. Every number said is computed by
//! the use case the API uses for it.

mod change;
mod complaint;
mod habit;
mod household;
mod keep_out;
mod leftovers;
mod limits;
mod meals;
mod members;
mod mine;
pub(super) mod model;
mod own;
mod plan;
mod profile;
mod protein;
mod relatives;
mod search;

use mealplan_domain::{Nutrition, ProfileDraft, ProfileInput, Targets, UserId};
use mealplan_ports::{ChatMemory, Person, ShownList, StoreError};

use super::lang::{Lang, day_name, meal_name};
use super::request::ToolRequest;
use mealplan_app::{DayView, MealView, PlanError, PlanView, ProfileError};

/// What to do with the list of recipes last shown.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum Shown {
    /// Leave it.
    #[default]
    Keep,
    /// A new list was shown.
    Set(ShownList),
    /// The list was used or no longer applies.
    Clear,
}

/// What a tool did, in words.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolOutcome {
    /// The tool's name.
    pub tool: &'static str,
    /// The answer for the user (and, on the model path, for the model).
    pub text: String,
    /// A request the answer asks the user to confirm.
    pub pending: Option<ToolRequest>,
    /// The list of recipes shown.
    pub shown: Shown,
    /// A day whose progress the answer should end with (after meals were
    /// ticked off: said once, however many were).
    pub progress_day: Option<u8>,
}

/// Carries out requests for one user through the use cases.
pub struct Toolbox<'a> {
    pub(super) services: &'a super::Services,
    pub(super) user: UserId,
    pub(super) lang: Lang,
    /// Today's day of week, 1 = Monday.
    pub(super) today: u8,
    /// What the conversation remembers (the list last shown).
    pub(super) memory: &'a ChatMemory,
}

/// An answer, and what it leaves for the next message.
pub(super) struct Said {
    text: String,
    pending: Option<ToolRequest>,
    shown: Shown,
    progress_day: Option<u8>,
}

impl From<String> for Said {
    fn from(text: String) -> Self {
        Self {
            text,
            pending: None,
            shown: Shown::Keep,
            progress_day: None,
        }
    }
}

impl Toolbox<'_> {
    /// Runs `request`; storage failures are errors, everything else (no
    /// profile, no plan, nothing found) is an answer.
    pub async fn run(&self, request: &ToolRequest) -> Result<ToolOutcome, StoreError> {
        let said: Said = match request {
            ToolRequest::GenerateWeeklyPlan {
                days,
                adjust,
                meals_change,
                confirmed,
                household,
                mine,
                leftovers,
            } => {
                self.generate(
                    *days,
                    *adjust,
                    *meals_change,
                    *confirmed,
                    (*household, *mine, *leftovers),
                )
                .await?
            }
            ToolRequest::EatLeftovers { from, at } => self.eat_leftovers(from, at.as_ref()).await?,
            ToolRequest::ReplaceMeal { meal, choice } => self.replace(meal, choice).await?,
            ToolRequest::KeepOutOf { meal, foods } => self.keep_out_of(meal, foods).await?,
            ToolRequest::SuggestAlternatives { meal } => self.alternatives(meal).await?,
            ToolRequest::SearchRecipes(criteria) => self.search(criteria).await?,
            ToolRequest::PlanSummary { day, meal_type } => self.plan(*day, *meal_type).await?,
            ToolRequest::PlanFollowUp { day, meal_type } => {
                self.plan_carried(*day, *meal_type, true).await?
            }
            ToolRequest::ProfileSummary => self.profile().await?.into(),
            ToolRequest::AddPreference { kind, names } => self.add_preference(*kind, names).await?,
            ToolRequest::LetBack { names } => self.let_back(names).await?.into(),
            ToolRequest::RemovePreference { kind, names } => {
                self.remove_preference(*kind, names).await?.into()
            }
            ToolRequest::ChangeProfile(change) => self.change_profile(*change).await?.into(),
            ToolRequest::DayProgress { day } => self.progress(*day).await?.into(),
            ToolRequest::ExplainSodium => self.explain_sodium().await?,
            ToolRequest::MealNotEaten { meal_type } => self.meal_not_eaten(*meal_type).await?,
            ToolRequest::ExplainDayLimit { limit, complaint } => {
                self.explain_day_limit(*limit, *complaint).await?
            }
            ToolRequest::ExplainTargets { focus, complaint } => {
                self.explain_targets(*focus, *complaint).await?
            }
            ToolRequest::ShoppingList { food } => self.shopping(food.as_deref()).await?.into(),
            ToolRequest::Rebalance { day } => self.rebalance(*day).await?.into(),
            ToolRequest::PlanContains { food, meal } => self.contains(food, meal).await?.into(),
            ToolRequest::MarkEaten { meal } => self.mark_eaten(meal).await?,
            ToolRequest::MarkPending { meal } => self.mark_pending(meal).await?,
            ToolRequest::RemoveMember { who } => self.remove_member(who).await?.into(),
            ToolRequest::AddMember(facts) => self.add_member(facts).await?,
            ToolRequest::CreateProfile { facts, then_plan } => {
                self.create_profile(facts, *then_plan).await?
            }
            ToolRequest::HouseholdSummary => self.household().await?.into(),
            ToolRequest::AddOwnRecipe {
                name,
                servings,
                meal_types,
                lines,
            } => self
                .add_own_recipe(name, *servings, meal_types, lines)
                .await?
                .into(),
        };
        Ok(ToolOutcome {
            tool: request.name(),
            text: said.text,
            pending: said.pending,
            shown: said.shown,
            progress_day: said.progress_day,
        })
    }

    /// What was eaten on `day` and what is left, as a closing paragraph.
    pub async fn day_progress(&self, day: u8) -> Result<String, StoreError> {
        self.progress(Some(day)).await
    }

    fn t<'s>(&self, en: &'s str, es: &'s str) -> &'s str {
        self.lang.pick(en, es)
    }

    fn no_profile(&self) -> String {
        self.t(
            "You don't have a nutrition profile yet. Fill in your profile first (goal, height, weight, activity…) so I can work out your targets.",
            "Todavía no tienes un perfil nutricional. Completa primero tu perfil (objetivo, altura, peso, actividad…) para que pueda calcular tus objetivos.",
        )
        .to_owned()
    }

    /// A plan search refused ([`PlanError::Busy`]): when to ask again.
    fn busy(&self, busy: mealplan_app::Busy) -> String {
        let seconds = busy.retry_after().as_secs().max(1);
        match (self.lang, busy) {
            (Lang::En, mealplan_app::Busy::Account { .. }) => {
                format!("I'm still working on a plan for you. Ask me again in {seconds} s.")
            }
            (Lang::Es, mealplan_app::Busy::Account { .. }) => format!(
                "Todavía estoy preparando un plan para ti. Pídemelo de nuevo en {seconds} s."
            ),
            (Lang::En, mealplan_app::Busy::Instance { .. }) => {
                format!("I'm planning for many people right now. Ask me again in {seconds} s.")
            }
            (Lang::Es, mealplan_app::Busy::Instance { .. }) => format!(
                "Ahora mismo estoy planificando para mucha gente. Pídemelo de nuevo en {seconds} s."
            ),
        }
    }

    /// The answer to a question about `day` of a plan that holds only
    /// `days`: which days it holds, so that "tomorrow" asked on a
    /// Saturday of a Monday-to-Wednesday plan is told where the plan is.
    fn no_such_day(&self, day: u8, days: &[u8]) -> String {
        let mut days = days.to_vec();
        days.sort_unstable();
        days.dedup();
        let name = |d: u8| day_name(d, self.lang);
        let held = match days.as_slice() {
            [] => String::new(),
            [one] => format!("{} {}", self.t("it holds", "tiene el"), name(*one)),
            [first, .., last] if usize::from(last - first) + 1 == days.len() && days.len() > 2 => {
                format!(
                    "{} {} {} {}",
                    self.t("it holds", "va de"),
                    name(*first),
                    self.t("to", "a"),
                    name(*last)
                )
            }
            [most @ .., last] => format!(
                "{} {} {} {}",
                self.t("it holds", "tiene"),
                most.iter().map(|d| name(*d)).collect::<Vec<_>>().join(", "),
                self.t("and", "y"),
                name(*last)
            ),
        };
        let first = self.t("Your plan has no", "Tu plan no incluye el");
        let missing = day_name(day, self.lang);
        if held.is_empty() {
            format!("{first} {missing}.")
        } else {
            format!("{first} {missing}: {held}.")
        }
    }

    fn no_plan(&self) -> String {
        self.t(
            "You don't have an active plan yet. Say \"create my weekly plan\" and I'll build one from your profile.",
            "Todavía no tienes un plan activo. Di \"genera mi plan semanal\" y te preparo uno a partir de tu perfil.",
        )
        .to_owned()
    }

    async fn profile_of(&self) -> Result<Option<Person>, StoreError> {
        match self.services.profiles.get(self.user).await {
            Ok(p) => Ok(Some(p)),
            Err(ProfileError::NotFound) => Ok(None),
            Err(ProfileError::Store(e)) => Err(e),
            Err(e @ ProfileError::UnknownItem { .. }) => Err(StoreError::Failure(e.to_string())),
        }
    }

    async fn plan_of(&self) -> Result<Option<PlanView>, StoreError> {
        match self.services.plans.current(self.user).await {
            Ok(p) => Ok(Some(p)),
            Err(PlanError::NoActivePlan) => Ok(None),
            Err(e) => Err(store(e)),
        }
    }

    /// "Monday's lunch" / "Almuerzo del lunes".
    fn meal_label(&self, plan: &PlanView, m: &MealView) -> String {
        let day = day_of(plan, m);
        match self.lang {
            Lang::En => format!(
                "{}'s {}",
                day_name(day, self.lang),
                meal_name(m.meal.meal_type, self.lang)
            ),
            Lang::Es => format!(
                "{} del {}",
                capitalise(meal_name(m.meal.meal_type, self.lang)),
                day_name(day, self.lang)
            ),
        }
    }
}

/// The day of week of a meal of `plan`.
fn day_of(plan: &PlanView, m: &MealView) -> u8 {
    plan.days
        .iter()
        .find(|d| d.meals.iter().any(|x| x.meal.id == m.meal.id))
        .map_or(1, |d| d.day_of_week)
}

fn whole(v: f64) -> i64 {
    v.round() as i64
}

fn totals_line(n: &Nutrition, lang: Lang) -> String {
    format!(
        "{} kcal, {} g {}, {} g {}, {} g {}",
        whole(n.calories),
        whole(n.protein),
        lang.pick("protein", "proteína"),
        whole(n.carbs),
        lang.pick("carbs", "carbohidratos"),
        whole(n.fat),
        lang.pick("fat", "grasa"),
    )
}

fn servings_note(servings: f64, lang: Lang) -> String {
    if (servings - 1.0).abs() < 1e-9 {
        String::new()
    } else {
        format!(" ({servings} {})", lang.pick("servings", "raciones"))
    }
}

fn meal_line(m: &MealView, lang: Lang) -> String {
    let served = m.recipe.nutrition().served(m.meal.servings);
    let eaten = if m.meal.status == mealplan_domain::MealStatus::Completed {
        lang.pick(" ✓ eaten", " ✓ comida")
    } else {
        ""
    };
    // Cook once, eat twice: what to cook, and what is not cooked.
    let cooking = match (m.leftover_of, m.cook_servings) {
        (Some(_), _) => lang
            .pick(
                " (leftover: nothing to cook)",
                " (sobras: nada que cocinar)",
            )
            .to_owned(),
        (None, Some(total)) => match lang {
            Lang::En => format!(" (cook {total} servings, keep the rest for later)"),
            Lang::Es => format!(" (cocina {total} raciones y guarda el resto para después)"),
        },
        (None, None) => String::new(),
    };
    format!(
        "{}: {}{} — {} kcal{cooking}{eaten}",
        capitalise(meal_name(m.meal.meal_type, lang)),
        m.recipe.name,
        servings_note(m.meal.servings, lang),
        whole(served.calories)
    )
}

fn capitalise(s: &str) -> String {
    let mut chars = s.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

fn day_total(day: &DayView) -> Nutrition {
    day.meals
        .iter()
        .map(|m| m.recipe.nutrition().served(m.meal.servings))
        .sum()
}

fn nutrition_of(t: &Targets<f64>) -> Nutrition {
    Nutrition {
        calories: t.calories,
        protein: t.protein,
        carbs: t.carbs,
        fat: t.fat,
        ..Nutrition::default()
    }
}

impl Toolbox<'_> {
    /// `input` checked as a save checks what a client sends, on today's
    /// date: the one way to a draft.
    pub(super) fn parse_draft(&self, input: &ProfileInput) -> Result<ProfileDraft, StoreError> {
        ProfileDraft::parse(input, self.services.profiles.today())
            .map_err(|e| StoreError::Failure(e.to_string()))
    }

    /// As [`Self::parse_draft`], by a household member's rules (children
    /// from 3, with their body ranges).
    pub(super) fn parse_member_draft(
        &self,
        input: &ProfileInput,
    ) -> Result<ProfileDraft, StoreError> {
        ProfileDraft::parse_member(input, self.services.profiles.today())
            .map_err(|e| StoreError::Failure(e.to_string()))
    }

    /// The person as a save would send them ([`Person::input`]: hand-set
    /// values stay hand-set, computed ones computed), for a change to be
    /// made on.
    fn draft_of(&self, p: &Person) -> Result<ProfileDraft, StoreError> {
        p.draft(self.services.profiles.today())
            .map_err(|e| StoreError::Failure(e.to_string()))
    }
}

/// A swap refused by a rule, in `lang` ("PB toast contains peanuts,
/// which you must avoid (nut allergy)"; "PB toast contiene cacahuetes,
/// que debes evitar (alergia a frutos secos)").
fn refused(r: &mealplan_app::Refusal, lang: Lang) -> String {
    use mealplan_app::Eater;
    use mealplan_domain::food::hard_rules::Cause;
    if lang == Lang::En {
        return r.to_string();
    }
    let who = match &r.eater {
        None => "quien come esta comida debe evitar".to_owned(),
        Some(Eater::Holder) => "debes evitar".to_owned(),
        Some(Eater::Member(name)) => format!("{name}, que come esta comida, debe evitar"),
    };
    let rule = crate::lang::restriction_name(r.breach.rule(), lang);
    let food = |english: &str| crate::lang::food_name(english, lang);
    let what = match r.breach.cause() {
        Cause::Allergen { allergen, may } => format!(
            "{} {}",
            if *may { "puede contener" } else { "contiene" },
            food(allergen.group_name())
        ),
        Cause::Kind { kind, .. } => format!("contiene {}", food(kind)),
        Cause::Named { ingredient } => format!("contiene {}", food(ingredient)),
        Cause::MeatWithDairy => "mezcla carne y lácteos".to_owned(),
        Cause::NotDiet(d) => {
            return format!(
                "{} no es {}, y tu dieta es {} ({rule})",
                r.recipe,
                crate::lang::diet_name(*d, lang),
                crate::lang::diet_name(*d, lang)
            );
        }
    };
    format!("{} {what}, que {who} ({rule})", r.recipe)
}

fn store(e: PlanError) -> StoreError {
    match e {
        PlanError::Store(e) => e,
        other => StoreError::Failure(other.to_string()),
    }
}
