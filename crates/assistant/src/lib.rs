//! The nutrition assistant behind `POST /api/chat`: it carries out the
//! original agent's seven tools through the use cases. A built-in reader
//! understands plain English and Spanish; when a language model is
//! configured it chooses the tools and words the answer instead, and any
//! model failure falls back to the built-in reader.

mod asks;
mod care;
mod except;
mod foods;
mod frames;
mod household;
mod intent;
mod lang;
mod leftovers;
mod measures;
mod mine;
mod negation;
mod others;
mod part;
#[cfg(test)]
mod reading_tests;
mod relations;
mod request;
mod statements;
mod tools;
mod vocab;
#[cfg(test)]
mod vocab_tests;
mod words;

use std::sync::Arc;

use chrono::Datelike;
use mealplan_domain::UserId;
use mealplan_ports::{ChatMemory, ChatMemoryStore, ChatMessage, ChatModel, ModelTurn, StoreError};

pub use intent::{Context, Signal, Understood, understand};
pub use lang::Lang;
pub use part::Care;
pub use request::{
    Choice, Criteria, MealRef, MemberFacts, ProfileChange, ToolRequest, names as tool_names,
};
pub use tools::model::{from_call, specs};
pub use tools::{Shown, ToolOutcome, Toolbox};

use mealplan_app::{Household, Meals, OwnRecipes, Planner, Plans, Profiles, Recipes, Shopping};

/// The assistant's answer.
#[derive(Debug, Clone, PartialEq)]
pub struct ChatReply {
    /// What to show the user (Markdown).
    pub response: String,
    /// Tools run, in order (the original's `used_tools`).
    pub used_tools: Vec<String>,
}

/// The use cases the tools call.
#[derive(Clone)]
pub(crate) struct Services {
    plans: Plans,
    meals: Meals,
    planner: Planner,
    shopping: Shopping,
    profiles: Profiles,
    recipes: Recipes,
    /// Household members, when the assistant may keep them.
    household: Option<Household>,
    /// One's own recipes, when the assistant may add them.
    own_recipes: Option<OwnRecipes>,
}

/// Model rounds before the assistant stops asking the model for more
/// tool calls and answers with what the tools said.
const MODEL_ROUNDS: usize = 4;

/// The chat use case.
#[derive(Clone)]
pub struct Chat {
    services: Arc<Services>,
    model: Option<Arc<dyn ChatModel>>,
    memory: Arc<dyn ChatMemoryStore>,
}

/// What one message did, gathered for the answer and the memory.
#[derive(Default)]
struct Turn {
    texts: Vec<String>,
    used: Vec<String>,
    pending: Option<ToolRequest>,
}

impl Chat {
    /// The assistant over the use cases, with the conversation memory
    /// and an optional model.
    pub fn new(
        plans: Plans,
        profiles: Profiles,
        recipes: Recipes,
        memory: Arc<dyn ChatMemoryStore>,
        model: Option<Arc<dyn ChatModel>>,
    ) -> Self {
        Self {
            services: Arc::new(Services {
                meals: plans.meals(),
                planner: plans.planner(),
                shopping: plans.shopping(),
                plans,
                profiles,
                recipes,
                household: None,
                own_recipes: None,
            }),
            model,
            memory,
        }
    }

    /// The assistant able to add household members, tell them and plan
    /// for everyone at the table.
    pub fn with_household(mut self, household: Household) -> Self {
        let mut services = (*self.services).clone();
        services.household = Some(household);
        self.services = Arc::new(services);
        self
    }

    /// The assistant able to add the user's own recipes from their
    /// ingredient lines ("add my recipe …").
    pub fn with_own_recipes(mut self, own_recipes: OwnRecipes) -> Self {
        let mut services = (*self.services).clone();
        services.own_recipes = Some(own_recipes);
        self.services = Arc::new(services);
        self
    }

    fn today(&self) -> u8 {
        self.services
            .profiles
            .today()
            .weekday()
            .number_from_monday() as u8
    }

    fn toolbox<'a>(&'a self, user: UserId, lang: Lang, memory: &'a ChatMemory) -> Toolbox<'a> {
        Toolbox {
            services: &self.services,
            user,
            lang,
            today: self.today(),
            memory,
        }
    }

    /// Answers `message` from `user`. Only storage failures are errors: a
    /// message it cannot place gets a list of what it can do.
    pub async fn reply(&self, user: UserId, message: &str) -> Result<ChatReply, StoreError> {
        let memory = self.memory.recall(user).await?;
        if let Some(model) = &self.model {
            let context = Context {
                today: self.today(),
                earlier: memory.lang.as_deref().and_then(Lang::from_code),
                names: Vec::new(),
            };
            let lang = understand(message, &context).lang;
            match self
                .with_model(model.as_ref(), user, message, lang, &memory)
                .await
            {
                Ok(reply) => {
                    // The conversation's language, for the next short message.
                    let memory = ChatMemory {
                        lang: Some(lang.code().to_owned()),
                        ..memory
                    };
                    self.memory.remember(user, memory).await?;
                    return Ok(reply);
                }
                Err(Fallback::Store(e)) => return Err(e),
                Err(Fallback::Model(why)) => {
                    tracing::warn!(%why, "chat model failed; answering with the built-in assistant");
                }
            }
        }
        self.built_in(user, message, memory).await
    }

    /// Whether `user` has a profile but no current plan.
    async fn has_no_plan(&self, user: UserId) -> Result<bool, StoreError> {
        if self.has_no_profile(user).await? {
            return Ok(false);
        }
        match self.services.plans.current(user).await {
            Ok(_) => Ok(false),
            Err(mealplan_app::PlanError::NoActivePlan) => Ok(true),
            Err(mealplan_app::PlanError::Store(e)) => Err(e),
            Err(_) => Ok(false),
        }
    }

    /// Whether `user` has no profile yet.
    async fn has_no_profile(&self, user: UserId) -> Result<bool, StoreError> {
        match self.services.profiles.get(user).await {
            Ok(_) => Ok(false),
            Err(mealplan_app::ProfileError::NotFound) => Ok(true),
            Err(mealplan_app::ProfileError::Store(e)) => Err(e),
            Err(e) => Err(StoreError::Failure(e.to_string())),
        }
    }

    /// The built-in assistant: every request the message holds, read by
    /// [`understand`], carried out in turn; a yes carries out what the
    /// last answer asked about.
    async fn built_in(
        &self,
        user: UserId,
        message: &str,
        mut memory: ChatMemory,
    ) -> Result<ChatReply, StoreError> {
        let names = self.toolbox(user, Lang::En, &memory).member_names().await?;
        let context = Context {
            today: self.today(),
            earlier: memory.lang.as_deref().and_then(Lang::from_code),
            names,
        };
        let Understood {
            lang,
            mut requests,
            signals,
            unread,
            mut unread_parts,
        } = understand(message, &context);
        let mut waiting = memory.pending.take().and_then(|p| request::decode(&p));
        // "she is 34, 165 cm and 60 kg": the facts a member waiting for
        // them lacked, not the holder's own.
        if let Some(ToolRequest::AddMember(partial)) = &waiting
            && let Some(more) = household::completes(message, lang, partial)
        {
            let mut facts = partial.clone();
            facts.merge(more);
            requests = vec![ToolRequest::AddMember(facts)];
            waiting = None;
            // The whole message was their facts: no part of it unread.
            unread_parts.clear();
        }
        // A stranger who tells the assistant about themselves ("soy mujer,
        // 29 años, 160 cm y 58 kilos"): their profile is made from it,
        // asking only for what is missing, then the plan they asked for.
        // "plan pls", "plan?": a plan shown when there is one, made when
        // there is none yet (or the profile is being made).
        let bare_plan = matches!(
            requests.as_slice(),
            [ToolRequest::PlanSummary {
                day: None,
                meal_type: None
            }]
        ) && message.split_whitespace().count() <= 3;
        if bare_plan
            && (matches!(waiting, Some(ToolRequest::CreateProfile { .. }))
                || self.has_no_plan(user).await?)
        {
            requests = vec![ToolRequest::GenerateWeeklyPlan {
                days: 7,
                adjust: mealplan_domain::planner::PlanAdjust::default(),
                meals_change: 0,
                confirmed: false,
                household: false,
                mine: mealplan_app::MyRecipes::Include,
                leftovers: None,
            }];
        }
        let asks_plan = requests
            .iter()
            .any(|r| matches!(r, ToolRequest::GenerateWeeklyPlan { .. }));
        if let Some(ToolRequest::CreateProfile { facts, then_plan }) = &waiting
            && let Some(more) = own_facts(message, lang, Some(facts))
        {
            let mut merged = facts.clone();
            merged.merge(more);
            with_rules_of(&mut merged, &requests);
            let create = ToolRequest::CreateProfile {
                facts: merged,
                then_plan: *then_plan || asks_plan,
            };
            requests = after_creating(create, requests);
            waiting = None;
        } else if let Some(ToolRequest::CreateProfile { facts, .. }) = &waiting
            && (asks_plan || signals.contains(&Signal::Yes))
        {
            // "yes, make the plan" before the facts asked for: asked again.
            requests = vec![ToolRequest::CreateProfile {
                facts: facts.clone(),
                then_plan: true,
            }];
            waiting = None;
        } else if let Some(mut facts) = own_facts(message, lang, None)
            && self.has_no_profile(user).await?
        {
            with_rules_of(&mut facts, &requests);
            let create = ToolRequest::CreateProfile {
                facts,
                then_plan: asks_plan,
            };
            requests = after_creating(create, requests);
        }
        // "female, 28, 165 cm": a part that gave a fact of the profile or
        // member being made was understood, whatever the other readers
        // made of it; an answer never names it as not understood.
        if requests.iter().any(|r| {
            matches!(
                r,
                ToolRequest::CreateProfile { .. } | ToolRequest::AddMember(_)
            )
        }) {
            unread_parts.retain(|p| !household::gives_facts(p, lang));
        }
        let mut turn = Turn::default();
        let said_yes = signals.contains(&Signal::Yes);
        let said_no = signals.contains(&Signal::No);
        // A member still waiting for facts outlives a message about
        // something else ("make a plan for us"), unless declined or
        // replaced by another member.
        let still_waiting = match &waiting {
            Some(member @ ToolRequest::AddMember(_))
                if !said_no
                    && !requests
                        .iter()
                        .any(|r| matches!(r, ToolRequest::AddMember(_))) =>
            {
                Some(member.clone())
            }
            _ => None,
        };
        if requests.is_empty() && said_yes {
            match waiting {
                Some(r) => requests.push(r),
                None => turn.texts.push(
                    lang.pick(
                        "Yes to what? I haven't asked you anything. Tell me what you'd like, e.g. \"create my weekly plan\".",
                        "¿Sí a qué? No te he preguntado nada. Dime qué quieres, por ejemplo \"genera mi plan semanal\".",
                    )
                    .to_owned(),
                ),
            }
        } else if requests.is_empty() && said_no {
            turn.texts.push(
                lang.pick(
                    "OK, I won't change anything.",
                    "De acuerdo, no cambio nada.",
                )
                .to_owned(),
            );
        }
        let toolbox = self.toolbox(user, lang, &memory);
        for signal in &signals {
            if let Signal::SomeoneElse(facts) = signal {
                let own = requests.iter().any(ToolRequest::changes_profile);
                let (text, changed, offer) = toolbox.someone_else(facts, own).await?;
                turn.texts.push(text);
                if offer.is_some() {
                    turn.pending = offer;
                }
                if changed {
                    turn.used.push(tool_names::UPDATE_MEMBER.to_owned());
                }
            }
            if let Signal::Care(care) = signal {
                turn.texts.push(care_note(*care, lang));
            }
            // Said beside another person, their answer already says how
            // to add someone.
            if *signal == Signal::Children
                && !signals.iter().any(|s| matches!(s, Signal::SomeoneElse(_)))
            {
                turn.texts.push(toolbox.children_to_add());
            }
            if let Signal::NotARule { name, offer } = signal {
                turn.texts.push(not_a_rule(name, *offer, lang));
                turn.pending = offer.map(|d| ToolRequest::ChangeProfile(ProfileChange::Diet(d)));
            }
            if let Signal::NotAFood {
                words,
                closest,
                kind,
                allergy,
            } = signal
            {
                turn.texts.push(toolbox.not_understood(words, closest));
                if let Some(first) = closest.first() {
                    let name = if *allergy {
                        foods::allergy_name(&first.english)
                    } else {
                        first.english.clone()
                    };
                    turn.pending = Some(ToolRequest::AddPreference {
                        kind: *kind,
                        names: vec![name],
                    });
                }
            }
        }
        let mut shown = Shown::Keep;
        let mut progress_day = None;
        for request in &requests {
            let toolbox = self.toolbox(user, lang, &memory);
            let outcome = toolbox.run(request).await?;
            turn.texts.push(outcome.text);
            turn.used.push(outcome.tool.to_owned());
            let asked = outcome.pending.is_some();
            if asked {
                turn.pending = outcome.pending;
            }
            // A profile still waiting for facts: the rest would only say
            // there is none.
            if asked && matches!(request, ToolRequest::CreateProfile { .. }) {
                break;
            }
            if outcome.shown != Shown::Keep {
                shown = outcome.shown;
            }
            progress_day = outcome.progress_day.or(progress_day);
            match &shown {
                Shown::Set(list) => memory.shown = Some(list.clone()),
                Shown::Clear => memory.shown = None,
                Shown::Keep => {}
            }
        }
        if let Some(day) = progress_day {
            let toolbox = self.toolbox(user, lang, &memory);
            turn.texts.push(toolbox.day_progress(day).await?);
        }
        // What a food said fine could not do, after what was done.
        let toolbox = self.toolbox(user, lang, &memory);
        for signal in &signals {
            if let Signal::SameFood { food } = signal {
                turn.texts.push(toolbox.same_food(food));
            }
            if let Signal::AllergyKept { allergy, food } = signal {
                turn.texts.push(toolbox.allergy_kept(allergy, food));
            }
        }
        // Every part done, or named as not done.
        if !turn.used.is_empty() {
            let named: Vec<String> = unread_parts
                .iter()
                .filter(|p| p.split(' ').count() > 1 || p.chars().count() > 3)
                .map(|p| format!("\"{p}\""))
                .collect();
            if !named.is_empty() {
                turn.texts.push(match lang {
                    Lang::En => format!(
                        "I didn't understand {}, so I did nothing about it.",
                        named.join(", ")
                    ),
                    Lang::Es => format!(
                        "No he entendido {}, así que no he hecho nada con eso.",
                        named.join(", ")
                    ),
                });
            }
        }
        if signals.contains(&Signal::Satiety) {
            turn.texts.push(
                lang.pick(
                    "To keep hunger away, your plans keep your protein target and aim at 14 g of fibre or more per 1,000 kcal, spread over the meals you eat a day (you can change how many in your profile).",
                    "Para no pasar hambre, tus planes mantienen tu objetivo de proteína y buscan 14 g de fibra o más por cada 1.000 kcal, repartidos en las comidas que haces al día (puedes cambiar cuántas en tu perfil).",
                )
                .to_owned(),
            );
        }
        if signals.contains(&Signal::Healthier) {
            turn.texts.push(
                lang.pick(
                    "Every plan already keeps to what a dietitian checks first: your calorie and macro targets, sodium under your day limit (2,300 mg for adults), saturated fat under 10% of energy, fibre from 14 g per 1,000 kcal, calcium, iron, potassium and vitamin B12 over the week, and no dish or main food over and over. To steer it further, tell me what you would change, for example \"less sugar\", \"more fibre\", \"more protein\", \"I love vegetables\" or \"I'm vegetarian\".",
                    "Cada plan ya cumple lo que un dietista mira primero: tus objetivos de calorías y macros, el sodio bajo tu límite diario (2.300 mg en adultos), la grasa saturada por debajo del 10 % de la energía, la fibra desde 14 g por cada 1.000 kcal, el calcio, el hierro, el potasio y la vitamina B12 a lo largo de la semana, y ningún plato ni alimento principal una y otra vez. Para ajustarlo más, dime qué cambiarías, por ejemplo \"menos azúcar\", \"más fibra\", \"más proteína\", \"me encantan las verduras\" o \"soy vegetariana\".",
                )
                .to_owned(),
            );
        }
        if turn.texts.is_empty() {
            let greeting = signals.contains(&Signal::Greeting);
            let thanks = signals.contains(&Signal::Thanks);
            turn.texts.push(if greeting {
                format!(
                    "{}\n\n{}",
                    lang.pick(
                        "Hi! I'm Smarty, your nutrition assistant.",
                        "¡Hola! Soy Smarty, tu asistente de nutrición."
                    ),
                    capabilities(lang)
                )
            } else if thanks && !unread {
                lang.pick(
                    "You're welcome! Anything else about your plan?",
                    "¡De nada! ¿Algo más sobre tu plan?",
                )
                .to_owned()
            } else {
                format!(
                    "{}\n\n{}",
                    lang.pick(
                        "I'm not sure what you mean.",
                        "No estoy seguro de lo que quieres decir."
                    ),
                    capabilities(lang)
                )
            });
        }
        memory.lang = Some(lang.code().to_owned());
        if turn.pending.is_none() {
            turn.pending = still_waiting;
        }
        memory.pending = turn.pending.as_ref().and_then(request::encode);
        self.memory.remember(user, memory).await?;
        Ok(ChatReply {
            response: paragraphs(&turn.texts),
            used_tools: turn.used,
        })
    }

    async fn with_model(
        &self,
        model: &dyn ChatModel,
        user: UserId,
        message: &str,
        lang: Lang,
        memory: &ChatMemory,
    ) -> Result<ChatReply, Fallback> {
        let toolbox = self.toolbox(user, lang, memory);
        let mut messages = vec![
            ChatMessage::System(SYSTEM_PROMPT.to_owned()),
            ChatMessage::User(message.to_owned()),
        ];
        let mut used = Vec::new();
        let mut last_results = Vec::new();
        for _ in 0..MODEL_ROUNDS {
            let turn = model
                .complete(messages.clone(), specs())
                .await
                .map_err(|e| Fallback::Model(e.to_string()))?;
            let calls = match turn {
                ModelTurn::Answer(text) => {
                    return Ok(ChatReply {
                        response: text,
                        used_tools: used,
                    });
                }
                ModelTurn::ToolCalls(calls) => calls,
            };
            messages.push(ChatMessage::Assistant {
                content: None,
                tool_calls: calls.clone(),
            });
            last_results.clear();
            for call in calls {
                let content = match from_call(&call) {
                    Some(request) => {
                        let outcome = toolbox.run(&request).await.map_err(Fallback::Store)?;
                        used.push(outcome.tool.to_owned());
                        last_results.push(outcome.text.clone());
                        outcome.text
                    }
                    None => format!(
                        "Unknown tool or missing arguments: {} {:?}",
                        call.name, call.arguments
                    ),
                };
                messages.push(ChatMessage::Tool {
                    call_id: call.id,
                    content,
                });
            }
        }
        // The model kept calling tools: answer with what they said.
        if last_results.is_empty() {
            return Err(Fallback::Model("no answer after tool rounds".into()));
        }
        Ok(ChatReply {
            response: paragraphs(&last_results),
            used_tools: used,
        })
    }
}

/// Why a diet such as keto is not enforced, and what is offered instead.
fn not_a_rule(name: &str, offer: Option<mealplan_domain::DietType>, lang: Lang) -> String {
    let mut out = match lang {
        Lang::En => format!(
            "\"{name}\" is not a rule about ingredients (it is about amounts across the day), so I can't enforce it and saved nothing."
        ),
        Lang::Es => format!(
            "\"{name}\" no es una regla sobre ingredientes (depende de cantidades a lo largo del día), así que no puedo aplicarla y no he guardado nada."
        ),
    };
    if let Some(d) = offer {
        out.push(' ');
        out.push_str(&match lang {
            Lang::En => format!(
                "I can add the {} diet type so plans prefer such recipes. Shall I? Answer yes or no.",
                lang::diet_name(d, lang)
            ),
            Lang::Es => format!(
                "Puedo añadir el tipo de dieta {} para que los planes prefieran esas recetas. ¿Lo añado? Responde sí o no.",
                lang::diet_name(d, lang)
            ),
        });
    }
    out
}

/// The caution for what needs care, and what the service can safely do
/// instead; nothing in the message was changed.
fn care_note(care: Care, lang: Lang) -> String {
    let unchanged = lang.pick(
        "I haven't changed anything in your profile or plan.",
        "No he cambiado nada de tu perfil ni de tu plan.",
    );
    match (care, lang) {
        (Care::Pregnancy, Lang::En) => format!(
            "Congratulations, and thank you for telling me. During pregnancy and breastfeeding your needs for energy, protein, iron, folate and other nutrients change, and some foods are best avoided; those targets should come from your doctor or midwife, not from a guess of mine. {unchanged} What I can do safely: show your current plan, swap meals you don't fancy, and keep out any food you name (say \"no raw fish\", for example)."
        ),
        (Care::Pregnancy, Lang::Es) => format!(
            "Enhorabuena, y gracias por contármelo. En el embarazo y la lactancia cambian las necesidades de energía, proteína, hierro, folato y otros nutrientes, y conviene evitar algunos alimentos; esos objetivos deben venir de tu médico o tu matrona, no de una suposición mía. {unchanged} Lo que sí puedo hacer con seguridad: mostrarte tu plan, cambiar comidas que no te apetezcan y excluir cualquier alimento que me digas (por ejemplo \"nada de pescado crudo\")."
        ),
        (Care::VeryLowCalories(kcal), Lang::En) => format!(
            "{kcal} kcal a day is below {min} kcal, the least I plan for: eating that little needs a doctor's or dietitian's supervision. {unchanged} What I can do safely: set your goal to lose weight (say \"I want to lose weight\"), which plans a moderate deficit at a healthy pace.",
            min = care::MIN_KCAL
        ),
        (Care::VeryLowCalories(kcal), Lang::Es) => format!(
            "{kcal} kcal al día está por debajo de {min} kcal, lo mínimo que planifico: comer tan poco necesita supervisión de un médico o dietista. {unchanged} Lo que sí puedo hacer: poner tu objetivo en perder peso (di \"quiero perder peso\"), con un déficit moderado a un ritmo saludable.",
            min = care::MIN_KCAL
        ),
        (Care::FastLoss(kg, weeks), Lang::En) => format!(
            "Losing {kg:.0} kg in {} is more than {max} kg a week, faster than is safe without a doctor's supervision. {unchanged} What I can do safely: set your goal to lose weight (say \"I want to lose weight\"); plans then aim at about half a kilo a week.",
            weeks_en(weeks),
            max = care::MAX_LOSS_PER_WEEK
        ),
        (Care::FastLoss(kg, weeks), Lang::Es) => format!(
            "Bajar {kg:.0} kg en {} es más de {max} kg por semana, más rápido de lo seguro sin supervisión de un médico. {unchanged} Lo que sí puedo hacer: poner tu objetivo en perder peso (di \"quiero perder peso\"); los planes apuntan entonces a medio kilo por semana.",
            weeks_es(weeks),
            max = care::MAX_LOSS_PER_WEEK
        ),
    }
}

fn weeks_en(weeks: f64) -> String {
    if weeks < 1.0 {
        format!("{:.0} days", weeks * 7.0)
    } else if (weeks - 1.0).abs() < 0.01 {
        "a week".to_owned()
    } else {
        format!("{weeks:.0} weeks")
    }
}

fn weeks_es(weeks: f64) -> String {
    if weeks < 1.0 {
        format!("{:.0} días", weeks * 7.0)
    } else if (weeks - 1.0).abs() < 0.01 {
        "una semana".to_owned()
    } else {
        format!("{weeks:.0} semanas")
    }
}

/// Why the model path gave up.
enum Fallback {
    /// Storage failed: an error for the caller, not a reason to retry.
    Store(StoreError),
    /// The model failed: answer with the built-in assistant.
    Model(String),
}

const SYSTEM_PROMPT: &str = "You are Smarty, a friendly and concise nutrition assistant of a \
meal-planning service. Use the tools to act on the user's profile and plan; never invent plan \
contents, recipes or numbers: report what the tools return. To change a meal, first suggest \
alternatives, then replace with the option the user picks (or the closest one if they just ask \
to replace it). Answer in the language the user writes in (English or Spanish), in Markdown.";

/// What the assistant can do, with examples.
pub fn capabilities(lang: Lang) -> String {
    lang.pick(
        "Here is what I can do:\n\
         - **Create your plan**: \"Create my weekly plan\", \"a new plan with more protein\"\n\
         - **Show your plan**: \"Show my plan\", \"What's for dinner on Tuesday?\"\n\
         - **Today**: \"What have I eaten today?\", \"How much is left?\"\n\
         - **Suggest alternatives**: \"Alternatives for Monday's lunch\"\n\
         - **Replace a meal**: \"Replace Monday's lunch\", \"…with option 2\", \"something else for dinner\"\n\
         - **Re-balance a day**: \"Rebalance Friday\"\n\
         - **Shopping list**: \"Give me the shopping list\"\n\
         - **Find recipes**: \"Find vegan breakfast recipes under 400 kcal\", \"What can I cook in 20 minutes?\"\n\
         - **Your profile and targets**: \"Show my profile\", \"How much protein should I eat?\"\n\
         - **Change your profile**: \"I want to lose weight\", \"I weigh 70 kg now\", \"I train twice a day\", \"I'm vegetarian\"\n\
         - **Tastes and restrictions**: \"I don't like fish\", \"I'm allergic to nuts\", \"I love spicy food\"\n\
         - **Your household**: \"add my wife Ana: she's 34, 165 cm, 60 kg\", \"a plan for the whole family\", \"who is in my household?\"",
        "Esto es lo que puedo hacer:\n\
         - **Crear tu plan**: \"Genera mi plan semanal\", \"un plan nuevo con más proteína\"\n\
         - **Mostrar tu plan**: \"Muéstrame mi plan\", \"¿Qué ceno el martes?\"\n\
         - **Hoy**: \"¿Qué he comido hoy?\", \"¿Cuánto me queda?\"\n\
         - **Sugerir alternativas**: \"Alternativas para el almuerzo del lunes\"\n\
         - **Cambiar una comida**: \"Cambia el almuerzo del lunes\", \"…por la opción 2\", \"otra cosa para cenar\"\n\
         - **Reajustar un día**: \"Reajusta el viernes\"\n\
         - **Lista de la compra**: \"Dame la lista de la compra\"\n\
         - **Buscar recetas**: \"Busca desayunos veganos de menos de 400 calorías\", \"¿Qué puedo cocinar en 20 minutos?\"\n\
         - **Tu perfil y objetivos**: \"Muestra mi perfil\", \"¿Cuánta proteína debo comer?\"\n\
         - **Cambiar tu perfil**: \"Quiero perder peso\", \"Ahora peso 70 kg\", \"Entreno dos veces al día\", \"Soy vegetariana\"\n\
         - **Gustos y restricciones**: \"No me gusta el pescado\", \"Soy alérgico a los frutos secos\", \"Me encanta lo picante\"\n\
         - **Tu hogar**: \"añade a mi hijo Leo, 17 años, 175 cm, 62 kg\", \"un plan para toda la familia\", \"¿quién está en mi familia?\"",
    )
    .to_owned()
}

/// What the tools said, one paragraph each, a paragraph said twice kept
/// once: several tools that each stop at the same missing fact (no
/// profile yet) would otherwise repeat it once per tool.
fn paragraphs(texts: &[String]) -> String {
    let mut kept: Vec<&str> = Vec::with_capacity(texts.len());
    for text in texts {
        if !kept.contains(&text.as_str()) {
            kept.push(text);
        }
    }
    kept.join("\n\n")
}

/// `facts` with the restrictions and diets the message's other requests
/// would have added to a profile ("soy vegana y no como gluten"): made
/// with the profile rather than lost with those requests.
fn with_rules_of(facts: &mut MemberFacts, requests: &[ToolRequest]) {
    for request in requests {
        match request {
            ToolRequest::AddPreference {
                kind: mealplan_ports::ItemKind::Restriction,
                names,
            } => {
                for name in names {
                    if !facts.restrictions.contains(name) {
                        facts.restrictions.push(name.clone());
                    }
                }
            }
            ToolRequest::ChangeProfile(ProfileChange::Diet(d)) if !facts.diets.contains(d) => {
                facts.diets.push(*d);
            }
            _ => {}
        }
    }
}

/// `create` first, then the message's other requests ("…make me a plan
/// and tell me Monday's protein"): those the profile takes in (profile
/// changes, restrictions) or that follow it (the plan) left out.
fn after_creating(create: ToolRequest, requests: Vec<ToolRequest>) -> Vec<ToolRequest> {
    let rest = requests.into_iter().filter(|r| {
        !matches!(
            r,
            ToolRequest::ChangeProfile(_)
                | ToolRequest::GenerateWeeklyPlan { .. }
                | ToolRequest::CreateProfile { .. }
                | ToolRequest::AddPreference {
                    kind: mealplan_ports::ItemKind::Restriction,
                    ..
                }
        )
    });
    std::iter::once(create).chain(rest).collect()
}

/// What `message` says of its writer's own body, when it says enough to
/// be about making their profile: two or more of sex, age, height and
/// weight with no other person named. With `partial` (a profile waiting
/// for facts), any of the facts it lacks is enough.
fn own_facts(
    message: &str,
    lang: Lang,
    partial: Option<&request::MemberFacts>,
) -> Option<request::MemberFacts> {
    let facts = household::facts(message, lang);
    if facts.relation.is_some() {
        return None;
    }
    let body = |f: &request::MemberFacts| {
        [
            f.gender.is_some(),
            f.age.is_some(),
            f.height.is_some(),
            f.weight.is_some(),
        ]
    };
    let said = body(&facts);
    let enough = match partial {
        Some(p) => body(p).iter().zip(said).any(|(had, now)| !had && now),
        None => said.iter().filter(|s| **s).count() >= 2,
    };
    enough.then_some(facts)
}

#[cfg(test)]
mod paragraph_tests {
    use super::paragraphs;

    #[test]
    fn a_paragraph_said_twice_is_kept_once_in_order() {
        let said = ["a", "b", "a", "c", "b"].map(String::from);
        assert_eq!(paragraphs(&said), "a\n\nb\n\nc");
        assert_eq!(paragraphs(&[]), "");
    }
}
