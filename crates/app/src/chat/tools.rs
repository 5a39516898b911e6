//! The assistant's seven tools (the original agent's, by the same names):
//! what each asks for, how a model is told about it, and how it is carried
//! out through the use cases, answering in words a person reads.

use std::fmt::Write as _;

use mealplan_domain::{
    DietType, HardRules, ItemName, ItemRef, MealType, Nutrition, ProfileDraft, UserId,
    targets::Targets,
};
use mealplan_domain::{NonNegative, Recipe};
use mealplan_ports::{
    ItemKind, ParamType, Profile, StoreError, ToolArg, ToolCall, ToolParam, ToolSpec,
};

use super::lang::{Lang, day_name, day_word, english_food, meal_name, meal_word, normalise};
use crate::{DayView, MealView, PlanError, PlanView, ProfileError, RecipeQuery};

/// Tool names, as the original agent called them (and `used_tools` says).
pub mod names {
    /// Builds and activates a new plan.
    pub const GENERATE: &str = "generate_weekly_plan";
    /// Swaps one meal of the active plan.
    pub const REPLACE: &str = "replace_meal_in_plan";
    /// Lists swap candidates for one meal.
    pub const ALTERNATIVES: &str = "suggest_recipe_alternatives";
    /// Searches the catalogue.
    pub const SEARCH: &str = "search_recipes_by_criteria";
    /// Tells the active plan.
    pub const PLAN: &str = "get_current_plan_summary";
    /// Tells the profile and targets.
    pub const PROFILE: &str = "get_user_profile_summary";
    /// Adds a taste or restriction.
    pub const PREFERENCE: &str = "update_user_preference";
}

/// Which meal of the active plan a request is about.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MealRef {
    /// Day of week, 1-7 (absent: today if the plan has it, else its first day).
    pub day: Option<u8>,
    /// Meal type (absent: any; must then be told by `recipe_name`).
    pub meal_type: Option<MealType>,
    /// Which one of that type in the day (1-based), for several snacks.
    pub ordinal: Option<usize>,
    /// Part of the name of the meal's current recipe.
    pub recipe_name: Option<String>,
}

/// Which candidate a replacement takes.
#[derive(Debug, Clone, PartialEq)]
pub enum Choice {
    /// The n-th (1-based) of the suggested alternatives.
    Option(usize),
    /// A recipe by (part of its) name.
    Name(String),
}

/// Catalogue search criteria.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Criteria {
    /// Meal type.
    pub meal_type: Option<MealType>,
    /// Diet type.
    pub diet_type: Option<DietType>,
    /// Most kcal per serving.
    pub max_calories: Option<f64>,
    /// Least protein per serving, g.
    pub min_protein: Option<f64>,
    /// Most carbs per serving, g.
    pub max_carbs: Option<f64>,
    /// Most fat per serving, g.
    pub max_fat: Option<f64>,
    /// Text in the name or an ingredient.
    pub query: Option<String>,
}

/// A tool call with its arguments read.
#[derive(Debug, Clone, PartialEq)]
pub enum ToolRequest {
    /// Build and activate a plan of this many days.
    GenerateWeeklyPlan {
        /// 1-7.
        days: u8,
    },
    /// Swap a meal for a candidate (the best one when no choice is given).
    ReplaceMeal {
        /// The meal.
        meal: MealRef,
        /// The candidate.
        choice: Option<Choice>,
    },
    /// List three candidates for a meal.
    SuggestAlternatives {
        /// The meal.
        meal: MealRef,
    },
    /// Search the catalogue.
    SearchRecipes(Criteria),
    /// Tell the plan, or one day of it.
    PlanSummary {
        /// One day only.
        day: Option<u8>,
    },
    /// Tell the profile and targets.
    ProfileSummary,
    /// Add a taste or a restriction.
    AddPreference {
        /// Which list.
        kind: ItemKind,
        /// The name, in English where the word was Spanish.
        name: String,
    },
}

impl ToolRequest {
    /// The tool's name.
    pub fn name(&self) -> &'static str {
        match self {
            Self::GenerateWeeklyPlan { .. } => names::GENERATE,
            Self::ReplaceMeal { .. } => names::REPLACE,
            Self::SuggestAlternatives { .. } => names::ALTERNATIVES,
            Self::SearchRecipes(_) => names::SEARCH,
            Self::PlanSummary { .. } => names::PLAN,
            Self::ProfileSummary => names::PROFILE,
            Self::AddPreference { .. } => names::PREFERENCE,
        }
    }

    /// Reads a model's call; `None` for an unknown tool or missing
    /// arguments (the model is told so and may try again).
    pub fn from_call(call: &ToolCall) -> Option<Self> {
        let text = |k: &str| {
            call.arguments
                .get(k)
                .map(ToolArg::as_text)
                .map(|s| s.trim().to_owned())
                .filter(|s| !s.is_empty())
        };
        let number = |k: &str| call.arguments.get(k).and_then(ToolArg::as_number);
        let meal_type = |k: &str| text(k).and_then(|t| meal_word(&normalise(&t)));
        let day = text("day_of_week").and_then(|t| {
            let t = normalise(&t);
            day_word(&t).or_else(|| t.parse::<u8>().ok().filter(|d| (1..=7).contains(d)))
        });
        let meal = MealRef {
            day,
            meal_type: meal_type("meal_type"),
            ordinal: None,
            recipe_name: text("recipe_name"),
        };
        Some(match call.name.as_str() {
            names::GENERATE => Self::GenerateWeeklyPlan {
                days: number("days").map_or(7, |d| d.clamp(1.0, 7.0) as u8),
            },
            names::REPLACE => Self::ReplaceMeal {
                meal,
                choice: number("option")
                    .filter(|n| *n >= 1.0)
                    .map(|n| Choice::Option(n as usize))
                    .or_else(|| text("new_recipe_name").map(Choice::Name)),
            },
            names::ALTERNATIVES => Self::SuggestAlternatives { meal },
            names::SEARCH => Self::SearchRecipes(Criteria {
                meal_type: meal_type("meal_type"),
                diet_type: text("diet_type")
                    .and_then(|t| DietType::parse(&normalise(&t).replace(' ', "_")).ok()),
                max_calories: number("max_calories"),
                min_protein: number("min_protein"),
                max_carbs: number("max_carbs"),
                max_fat: number("max_fat"),
                query: text("query").map(|q| english_food(&normalise(&q))),
            }),
            names::PLAN => Self::PlanSummary { day },
            names::PROFILE => Self::ProfileSummary,
            names::PREFERENCE => Self::AddPreference {
                kind: match text("preference_type")?.to_lowercase().as_str() {
                    "taste" => ItemKind::Taste,
                    "restriction" => ItemKind::Restriction,
                    _ => return None,
                },
                name: english_food(&normalise(&text("category_name")?)),
            },
            _ => return None,
        })
    }
}

const DAY: ToolParam = ToolParam {
    name: "day_of_week",
    kind: ParamType::String,
    description: "Day of the plan: monday … sunday",
    choices: &[
        "monday",
        "tuesday",
        "wednesday",
        "thursday",
        "friday",
        "saturday",
        "sunday",
    ],
    required: false,
};
const MEAL: ToolParam = ToolParam {
    name: "meal_type",
    kind: ParamType::String,
    description: "Meal type",
    choices: MealType::NAMES,
    required: false,
};
const RECIPE_NAME: ToolParam = ToolParam {
    name: "recipe_name",
    kind: ParamType::String,
    description: "Part of the name of the meal's current recipe, if the user named it",
    choices: &[],
    required: false,
};

fn number(name: &'static str, description: &'static str) -> ToolParam {
    ToolParam {
        name,
        kind: ParamType::Number,
        description,
        choices: &[],
        required: false,
    }
}

/// The tools as a model is told about them.
pub fn specs() -> Vec<ToolSpec> {
    vec![
        ToolSpec {
            name: names::GENERATE,
            description: "Creates a new meal plan from the user's profile (targets, restrictions, diet, tastes) and makes it the active plan. Use when the user asks for a (weekly) plan.",
            params: vec![ToolParam {
                name: "days",
                kind: ParamType::Integer,
                description: "Days to plan, 1-7 (default 7)",
                choices: &[],
                required: false,
            }],
        },
        ToolSpec {
            name: names::REPLACE,
            description: "Replaces one meal of the active plan. Identify the meal by day_of_week and meal_type (or recipe_name); the new recipe by option (number from suggest_recipe_alternatives) or new_recipe_name; with neither, the closest alternative is taken.",
            params: vec![
                DAY,
                MEAL,
                RECIPE_NAME,
                ToolParam {
                    name: "option",
                    kind: ParamType::Integer,
                    description: "Number of the alternative the user chose (1-3)",
                    choices: &[],
                    required: false,
                },
                ToolParam {
                    name: "new_recipe_name",
                    kind: ParamType::String,
                    description: "Name of the recipe the user chose",
                    choices: &[],
                    required: false,
                },
            ],
        },
        ToolSpec {
            name: names::ALTERNATIVES,
            description: "Suggests 3 alternatives for one meal of the active plan (same meal type, similar nutrition, fitting the user's restrictions). Step 1 of changing a meal.",
            params: vec![DAY, MEAL, RECIPE_NAME],
        },
        ToolSpec {
            name: names::SEARCH,
            description: "Searches the whole recipe catalogue by criteria, leaving out what the user's restrictions forbid. Not for changing the plan.",
            params: vec![
                MEAL,
                ToolParam {
                    name: "diet_type",
                    kind: ParamType::String,
                    description: "Diet type",
                    choices: DietType::NAMES,
                    required: false,
                },
                number("max_calories", "Most kcal per serving"),
                number("min_protein", "Least protein per serving, g"),
                number("max_carbs", "Most carbohydrates per serving, g"),
                number("max_fat", "Most fat per serving, g"),
                ToolParam {
                    name: "query",
                    kind: ParamType::String,
                    description: "An ingredient or word of the recipe name, in English",
                    choices: &[],
                    required: false,
                },
            ],
        },
        ToolSpec {
            name: names::PLAN,
            description: "Shows the user's active plan: each day's meals and totals against the targets.",
            params: vec![DAY],
        },
        ToolSpec {
            name: names::PROFILE,
            description: "Shows the user's profile: goal, body metrics, daily targets, diet types, restrictions and tastes.",
            params: vec![],
        },
        ToolSpec {
            name: names::PREFERENCE,
            description: "Adds a taste (something the user likes) or a restriction (allergy, intolerance, dislike) to the profile; plans and searches then follow it.",
            params: vec![
                ToolParam {
                    name: "preference_type",
                    kind: ParamType::String,
                    description: "taste or restriction",
                    choices: &["taste", "restriction"],
                    required: true,
                },
                ToolParam {
                    name: "category_name",
                    kind: ParamType::String,
                    description: "The food, ingredient or allergy, in English (e.g. fish, nut allergy, spicy)",
                    choices: &[],
                    required: true,
                },
            ],
        },
    ]
}

/// What a tool did, in words.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolOutcome {
    /// The tool's name.
    pub tool: &'static str,
    /// The answer for the user (and, on the model path, for the model).
    pub text: String,
}

/// Carries out tool requests for one user through the use cases.
pub struct Toolbox<'a> {
    pub(super) services: &'a super::Services,
    pub(super) user: UserId,
    pub(super) lang: Lang,
    /// Today's day of week, 1 = Monday.
    pub(super) today: u8,
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
    format!(
        "{}: {}{} — {} kcal",
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

impl Toolbox<'_> {
    /// Runs `request`; storage failures are errors, everything else (no
    /// profile, no plan, nothing found) is an answer.
    pub async fn run(&self, request: &ToolRequest) -> Result<ToolOutcome, StoreError> {
        let text = match request {
            ToolRequest::GenerateWeeklyPlan { days } => self.generate(*days).await?,
            ToolRequest::ReplaceMeal { meal, choice } => self.replace(meal, choice).await?,
            ToolRequest::SuggestAlternatives { meal } => self.alternatives(meal).await?,
            ToolRequest::SearchRecipes(criteria) => self.search(criteria).await?,
            ToolRequest::PlanSummary { day } => self.plan(*day).await?,
            ToolRequest::ProfileSummary => self.profile().await?,
            ToolRequest::AddPreference { kind, name } => self.add_preference(*kind, name).await?,
        };
        Ok(ToolOutcome {
            tool: request.name(),
            text,
        })
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

    fn no_plan(&self) -> String {
        self.t(
            "You don't have an active plan yet. Say \"create my weekly plan\" and I'll build one from your profile.",
            "Todavía no tienes un plan activo. Di \"genera mi plan semanal\" y te preparo uno a partir de tu perfil.",
        )
        .to_owned()
    }

    async fn profile_of(&self) -> Result<Option<Profile>, StoreError> {
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

    async fn generate(&self, days: u8) -> Result<String, StoreError> {
        let plan = match self.services.plans.generate(self.user, days, None).await {
            Ok(plan) => plan,
            Err(PlanError::NoProfile) => return Ok(self.no_profile()),
            Err(PlanError::Infeasible(e)) => {
                return Ok(format!(
                    "{} {e}. {}",
                    self.t(
                        "I couldn't build a plan:",
                        "No he podido crear un plan:"
                    ),
                    self.t(
                        "Try relaxing a restriction or changing your diet types in your profile.",
                        "Prueba a quitar alguna restricción o cambiar tus tipos de dieta en el perfil."
                    )
                ));
            }
            Err(e) => return Err(store(e)),
        };
        let profile = self.profile_of().await?;
        let mut out = String::new();
        let n = plan.days.len();
        let _ = writeln!(
            out,
            "{}",
            match self.lang {
                Lang::En => format!("Your new {n}-day plan is ready and active."),
                Lang::Es => format!("Tu nuevo plan de {n} días está listo y activo."),
            }
        );
        if let Some(p) = &profile {
            let _ = writeln!(
                out,
                "{} {}.",
                self.t("Daily target:", "Objetivo diario:"),
                totals_line(&nutrition_of(&p.targets), self.lang)
            );
        }
        for day in &plan.days {
            let total = day_total(day);
            let _ = writeln!(
                out,
                "\n**{}** — {} kcal",
                capitalise(day_name(day.day_of_week, self.lang)),
                whole(total.calories)
            );
            for m in &day.meals {
                let _ = writeln!(out, "- {}", meal_line(m, self.lang));
            }
        }
        let _ = write!(
            out,
            "\n{}",
            self.t(
                "You'll find it on your dashboard. Ask me to change any meal, e.g. \"replace Monday's lunch\".",
                "Lo tienes en tu panel. Pídeme cambiar cualquier comida, por ejemplo \"cambia el almuerzo del lunes\"."
            )
        );
        Ok(out)
    }

    /// The meal `r` names in `plan`, or a sentence saying why not.
    fn find_meal<'p>(&self, plan: &'p PlanView, r: &MealRef) -> Result<&'p MealView, String> {
        if let Some(name) = &r.recipe_name {
            let wanted = normalise(name);
            let hit = plan
                .days
                .iter()
                .filter(|d| r.day.is_none_or(|day| d.day_of_week == day))
                .flat_map(|d| &d.meals)
                .find(|m| normalise(&m.recipe.name).contains(&wanted));
            if let Some(m) = hit {
                return Ok(m);
            }
            if r.meal_type.is_none() {
                return Err(format!(
                    "{} \"{name}\".",
                    self.t(
                        "I couldn't find a meal in your plan called",
                        "No encuentro en tu plan ninguna comida llamada"
                    )
                ));
            }
        }
        let Some(meal_type) = r.meal_type else {
            return Err(self
                .t(
                    "Which meal do you mean? Tell me the day and the meal, e.g. \"Monday's lunch\".",
                    "¿Qué comida? Dime el día y la comida, por ejemplo \"el almuerzo del lunes\".",
                )
                .to_owned());
        };
        let day = r.day.unwrap_or_else(|| {
            if plan.days.iter().any(|d| d.day_of_week == self.today) {
                self.today
            } else {
                plan.days.first().map_or(1, |d| d.day_of_week)
            }
        });
        let Some(menu) = plan.days.iter().find(|d| d.day_of_week == day) else {
            return Err(format!(
                "{} {}.",
                self.t("Your plan has no", "Tu plan no incluye el"),
                capitalise(day_name(day, self.lang))
            ));
        };
        menu.meals
            .iter()
            .filter(|m| m.meal.meal_type == meal_type)
            .nth(r.ordinal.unwrap_or(1).saturating_sub(1))
            .ok_or_else(|| {
                format!(
                    "{} {} {} {}.",
                    self.t("There is no", "No hay"),
                    meal_name(meal_type, self.lang),
                    self.t("on", "el"),
                    capitalise(day_name(day, self.lang))
                )
            })
    }

    fn meal_label(&self, plan: &PlanView, m: &MealView) -> String {
        let day = plan
            .days
            .iter()
            .find(|d| d.meals.iter().any(|x| x.meal.id == m.meal.id))
            .map_or(1, |d| d.day_of_week);
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

    async fn candidates(&self, meal_id: i64, limit: usize) -> Result<Vec<Recipe>, StoreError> {
        let found = self
            .services
            .plans
            .alternatives(Some(self.user), meal_id, limit)
            .await
            .map_err(store)?;
        Ok(found.into_iter().map(|a| a.recipe).collect())
    }

    async fn alternatives(&self, r: &MealRef) -> Result<String, StoreError> {
        let Some(plan) = self.plan_of().await? else {
            return Ok(self.no_plan());
        };
        let meal = match self.find_meal(&plan, r) {
            Ok(m) => m,
            Err(why) => return Ok(why),
        };
        let options = self.candidates(meal.meal.id, 3).await?;
        let label = self.meal_label(&plan, meal);
        if options.is_empty() {
            return Ok(format!(
                "{} {label}.",
                self.t(
                    "I found no other recipe that fits your restrictions for",
                    "No encuentro otra receta que cumpla tus restricciones para"
                )
            ));
        }
        let mut out = format!(
            "{} {label} ({}{}, {} kcal):\n",
            self.t("Alternatives for", "Alternativas para"),
            meal.recipe.name,
            servings_note(meal.meal.servings, self.lang),
            whole(meal.recipe.nutrition().served(meal.meal.servings).calories)
        );
        for (i, recipe) in options.iter().enumerate() {
            let n = recipe.nutrition().served(meal.meal.servings);
            let _ = writeln!(
                out,
                "{}. {} — {}",
                i + 1,
                recipe.name,
                totals_line(&n, self.lang)
            );
        }
        let _ = write!(
            out,
            "\n{}",
            match self.lang {
                Lang::En => format!("Say \"replace {label} with option 2\" to take one."),
                Lang::Es => format!(
                    "Di \"cambia el {} del {} por la opción 2\" para elegir una.",
                    meal_name(meal.meal.meal_type, self.lang),
                    day_name(
                        plan.days
                            .iter()
                            .find(|d| d.meals.iter().any(|x| x.meal.id == meal.meal.id))
                            .map_or(1, |d| d.day_of_week),
                        self.lang
                    )
                ),
            }
        );
        Ok(out)
    }

    async fn replace(&self, r: &MealRef, choice: &Option<Choice>) -> Result<String, StoreError> {
        let Some(plan) = self.plan_of().await? else {
            return Ok(self.no_plan());
        };
        let meal = match self.find_meal(&plan, r) {
            Ok(m) => m,
            Err(why) => return Ok(why),
        };
        let label = self.meal_label(&plan, meal);
        let pick = match choice {
            None => self.candidates(meal.meal.id, 1).await?.into_iter().next(),
            Some(Choice::Option(n)) => self
                .candidates(meal.meal.id, (*n).max(3))
                .await?
                .into_iter()
                .nth(n - 1),
            Some(Choice::Name(name)) => {
                let wanted = normalise(name);
                self.candidates(meal.meal.id, 200)
                    .await?
                    .into_iter()
                    .find(|c| normalise(&c.name).contains(&wanted))
            }
        };
        let Some(new) = pick else {
            return Ok(format!(
                "{} {label}. {}",
                self.t(
                    "I found no fitting recipe to put in",
                    "No encuentro una receta adecuada para"
                ),
                self.t(
                    "Ask me for alternatives to see what fits.",
                    "Pídeme alternativas para ver qué encaja."
                )
            ));
        };
        let swapped = self
            .services
            .plans
            .swap(Some(self.user), meal.meal.id, new.id)
            .await
            .map_err(store)?;
        let n = swapped.recipe.nutrition().served(swapped.meal.servings);
        Ok(format!(
            "{} {label} {} **{}**{} ({}) {} {}.",
            self.t("Done:", "Hecho:"),
            self.t("is now", "ahora es"),
            swapped.recipe.name,
            servings_note(swapped.meal.servings, self.lang),
            totals_line(&n, self.lang),
            self.t("instead of", "en lugar de"),
            meal.recipe.name
        ))
    }

    async fn search(&self, c: &Criteria) -> Result<String, StoreError> {
        let profile = self.profile_of().await?;
        let rules = profile.as_ref().map_or_else(HardRules::default, |p| {
            self.services.recipes.rules(
                p.restrictions.iter().map(|r| r.name.as_str()),
                &p.diet_types,
            )
        });
        let page = self
            .services
            .recipes
            .search(&RecipeQuery {
                text: c.query.clone(),
                meal_type: c.meal_type,
                diet_type: c.diet_type,
                restriction: None,
                limit: usize::MAX,
                offset: 0,
            })
            .await?;
        let within = |v: f64, max: Option<f64>| max.is_none_or(|m| v <= m);
        let found: Vec<&Recipe> = page
            .items
            .iter()
            .filter(|r| rules.allow(r))
            .filter(|r| within(r.nutrition().calories, c.max_calories))
            .filter(|r| within(r.nutrition().carbs, c.max_carbs))
            .filter(|r| within(r.nutrition().fat, c.max_fat))
            .filter(|r| c.min_protein.is_none_or(|m| r.nutrition().protein >= m))
            .collect();
        if found.is_empty() {
            return Ok(self
                .t(
                    "I found no recipe matching that (your restrictions and diet are applied). Try fewer criteria.",
                    "No encuentro recetas con esos criterios (se aplican tus restricciones y dieta). Prueba con menos criterios.",
                )
                .to_owned());
        }
        let mut out = format!(
            "{} {} {}:\n",
            self.t("I found", "He encontrado"),
            found.len(),
            self.t(
                "recipes; here are the first ones",
                "recetas; aquí tienes las primeras"
            )
        );
        for r in found.iter().take(5) {
            let _ = writeln!(
                out,
                "- **{}** — {}",
                r.name,
                totals_line(&r.nutrition(), self.lang)
            );
        }
        out.push_str(self.t("\nValues are per serving.", "\nValores por ración."));
        Ok(out)
    }

    async fn plan(&self, day: Option<u8>) -> Result<String, StoreError> {
        let Some(plan) = self.plan_of().await? else {
            return Ok(self.no_plan());
        };
        let targets = self.profile_of().await?.map(|p| p.targets);
        let days: Vec<&DayView> = plan
            .days
            .iter()
            .filter(|d| day.is_none_or(|x| d.day_of_week == x))
            .collect();
        if days.is_empty() {
            return Ok(format!(
                "{} {}.",
                self.t("Your plan has no", "Tu plan no incluye el"),
                capitalise(day_name(day.unwrap_or(1), self.lang))
            ));
        }
        let mut out = format!(
            "{} {} {}",
            self.t("Your active plan has", "Tu plan activo tiene"),
            plan.days.len(),
            self.t("days.", "días."),
        );
        if let Some(t) = &targets {
            let _ = write!(
                out,
                " {} {}.",
                self.t("Daily target:", "Objetivo diario:"),
                totals_line(&nutrition_of(t), self.lang)
            );
        }
        out.push('\n');
        for d in days {
            let total = day_total(d);
            let done = d
                .meals
                .iter()
                .filter(|m| m.meal.status == mealplan_domain::MealStatus::Completed)
                .count();
            let _ = writeln!(
                out,
                "\n**{}** — {} ({}/{} {})",
                capitalise(day_name(d.day_of_week, self.lang)),
                totals_line(&total, self.lang),
                done,
                d.meals.len(),
                self.t("eaten", "hechas")
            );
            for m in &d.meals {
                let _ = writeln!(out, "- {}", meal_line(m, self.lang));
            }
        }
        Ok(out.trim_end().to_owned())
    }

    async fn profile(&self) -> Result<String, StoreError> {
        let Some(p) = self.profile_of().await? else {
            return Ok(self.no_profile());
        };
        let goal = match p.body.goal.as_str() {
            "lose_weight" => self.t("lose weight", "perder peso"),
            "gain_weight" => self.t("gain weight", "ganar peso"),
            _ => self.t("maintain weight", "mantener el peso"),
        };
        let list = |items: Vec<&str>| {
            if items.is_empty() {
                self.t("none", "ninguna").to_owned()
            } else {
                items.join(", ")
            }
        };
        let not_enforced = self.t("not enforced", "no se aplica");
        let restrictions: Vec<String> = p
            .restrictions
            .iter()
            .map(|r| {
                if self.services.recipes.restriction(&r.name).is_enforced() {
                    r.name.clone()
                } else {
                    format!("{} ({not_enforced})", r.name)
                }
            })
            .collect();
        let today = self.services.profiles.today();
        Ok(format!(
            "{}: {goal}.\n- {}: {} cm, {} kg, {} {}, {} ({})\n- {}: {}\n- {}: {}\n- {}: {}\n- {}: {}\n- {}: {}",
            self.t("Your goal", "Tu objetivo"),
            self.t("Body", "Cuerpo"),
            p.body.height.cm(),
            p.body.weight.kg(),
            p.body.birth_date.age_on(today),
            self.t("years", "años"),
            p.body.gender.as_str(),
            p.body.activity_level.as_str(),
            self.t("Daily targets", "Objetivos diarios"),
            totals_line(&nutrition_of(&p.targets), self.lang),
            self.t("Meals a day", "Comidas al día"),
            p.meals_per_day.get(),
            self.t("Diet types", "Tipos de dieta"),
            list(p.diet_types.iter().map(|d| d.as_str()).collect()),
            self.t("Restrictions", "Restricciones"),
            list(restrictions.iter().map(String::as_str).collect()),
            self.t("Tastes", "Gustos"),
            list(p.tastes.iter().map(|t| t.name.as_str()).collect()),
        ))
    }

    async fn add_preference(&self, kind: ItemKind, name: &str) -> Result<String, StoreError> {
        let Some(profile) = self.profile_of().await? else {
            return Ok(self.no_profile());
        };
        let Ok(item) = ItemName::parse(name) else {
            return Ok(self
                .t(
                    "That name is not one I can store (1-50 characters).",
                    "No puedo guardar ese nombre (1-50 caracteres).",
                )
                .to_owned());
        };
        let (list, noun) = match kind {
            ItemKind::Taste => (&profile.tastes, self.t("tastes", "gustos")),
            ItemKind::Restriction => (
                &profile.restrictions,
                self.t("restrictions", "restricciones"),
            ),
        };
        if list.iter().any(|i| i.name == item.as_str()) {
            return Ok(format!(
                "\"{}\" {} {noun}.",
                item.as_str(),
                self.t("is already in your", "ya está en tus")
            ));
        }
        let draft = draft_with(&profile, kind, item.clone());
        let stored = match self.services.profiles.upsert(self.user, draft).await {
            Ok(p) => p,
            Err(ProfileError::Store(e)) => return Err(e),
            Err(e) => return Err(StoreError::Failure(e.to_string())),
        };
        let mut out = format!(
            "{} \"{}\" {} {noun}.",
            self.t("Added", "He añadido"),
            item.as_str(),
            self.t("to your", "a tus")
        );
        if kind == ItemKind::Restriction {
            out.push(' ');
            out.push_str(&self.restriction_effect(&stored, item.as_str()).await?);
        } else {
            out.push(' ');
            out.push_str(self.t(
                "New plans will prefer it.",
                "Los nuevos planes lo tendrán en cuenta.",
            ));
        }
        Ok(out)
    }

    /// What a new restriction excludes (or that it is not understood, so
    /// not enforced), and what it means for the active plan.
    async fn restriction_effect(
        &self,
        profile: &Profile,
        name: &str,
    ) -> Result<String, StoreError> {
        let meaning = self.services.recipes.restriction(name);
        if meaning.rules().is_empty() {
            return Ok(self
                .t(
                    "Note: it matches no ingredient, allergen or diet I know, so it is stored but not enforced: it excludes nothing. Name an ingredient (e.g. \"mushrooms\"), an allergy (e.g. \"nut allergy\") or a diet (e.g. \"pescatarian\") for it to take effect. Keto and low FODMAP are not rules about ingredients, so they are not enforced.",
                    "Ojo: no corresponde a ningún ingrediente, alérgeno ni dieta que conozca, así que queda guardada pero no se aplica: no excluye nada. Indica un ingrediente (p. ej. \"setas\"), una alergia (p. ej. \"alergia a los frutos secos\") o una dieta (p. ej. \"pescetariana\") para que tenga efecto. Keto y low FODMAP no son reglas sobre ingredientes, así que no se aplican.",
                )
                .to_owned());
        }
        let all = self
            .services
            .recipes
            .search(&RecipeQuery {
                limit: usize::MAX,
                ..RecipeQuery::default()
            })
            .await?
            .items;
        let rule = self.services.recipes.rules([name], &[]);
        let excluded = all.iter().filter(|r| !rule.allow(r)).count();
        let rules = self.services.recipes.rules(
            profile.restrictions.iter().map(|r| r.name.as_str()),
            &profile.diet_types,
        );
        let clashes = self
            .plan_of()
            .await?
            .map(|plan| {
                plan.days
                    .iter()
                    .flat_map(|d| &d.meals)
                    .filter(|m| !rules.allow(&m.recipe))
                    .count()
            })
            .unwrap_or(0);
        let mut out = format!(
            "{} {}: {} {excluded} {}",
            self.t("It excludes", "Excluye"),
            meaning.excludes().join(", "),
            self.t("that leaves out", "lo que deja fuera"),
            self.t(
                "recipes from new plans and searches.",
                "recetas de los nuevos planes y búsquedas."
            )
        );
        if !meaning.unmatched().is_empty() {
            let _ = write!(
                out,
                " {} {}.",
                self.t(
                    "Not understood, so not enforced:",
                    "No lo entiendo, así que no se aplica:"
                ),
                meaning.unmatched().join(", ")
            );
        }
        if clashes > 0 {
            let _ = write!(
                out,
                " {} {clashes} {}",
                self.t("Your current plan has", "Tu plan actual tiene"),
                self.t(
                    "meals with it: say \"create my weekly plan\" for a new one.",
                    "comidas que no la cumplen: di \"genera mi plan semanal\" para uno nuevo."
                )
            );
        }
        Ok(out)
    }
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

/// The profile as a save would send it, with one more taste or
/// restriction: hand-set values stay hand-set, computed ones computed.
fn draft_with(p: &Profile, kind: ItemKind, item: ItemName) -> ProfileDraft {
    let keep = |manual: bool, v: f64| {
        if manual {
            NonNegative::parse(v).unwrap_or_default()
        } else {
            NonNegative::default()
        }
    };
    let refs = |items: &[mealplan_domain::NamedItem]| -> Vec<ItemRef> {
        items
            .iter()
            .filter_map(|i| ItemName::parse(&i.name).ok().map(|n| ItemRef::Id(i.id, n)))
            .collect()
    };
    let mut tastes = refs(&p.tastes);
    let mut restrictions = refs(&p.restrictions);
    match kind {
        ItemKind::Taste => tastes.push(ItemRef::Name(item)),
        ItemKind::Restriction => restrictions.push(ItemRef::Name(item)),
    }
    let m = p.manual;
    ProfileDraft {
        body: p.body,
        meals_per_day: p.meals_per_day,
        body_fat_percentage: keep(m.body_fat, p.body_fat_percentage),
        requested: Targets {
            calories: keep(m.targets.calories, p.targets.calories),
            protein: keep(m.targets.protein, p.targets.protein),
            carbs: keep(m.targets.carbs, p.targets.carbs),
            fat: keep(m.targets.fat, p.targets.fat),
        },
        tastes,
        restrictions,
        diet_types: p.diet_types.clone(),
    }
}

fn store(e: PlanError) -> StoreError {
    match e {
        PlanError::Store(e) => e,
        other => StoreError::Failure(other.to_string()),
    }
}
