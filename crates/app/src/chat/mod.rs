//! The nutrition assistant behind `POST /api/chat`: it carries out the
//! original agent's seven tools through the use cases. A built-in reader
//! understands plain English and Spanish; when a language model is
//! configured it chooses the tools and words the answer instead, and any
//! model failure falls back to the built-in reader.

mod intent;
mod lang;
mod tools;

use std::sync::Arc;

use chrono::Datelike;
use mealplan_domain::UserId;
use mealplan_ports::{ChatMessage, ChatModel, ModelTurn, StoreError};

pub use intent::{Action, Understood, understand};
pub use lang::Lang;
pub use tools::{
    Choice, Criteria, MealRef, ToolOutcome, ToolRequest, Toolbox, names as tool_names, specs,
};

use crate::{Plans, Profiles, Recipes};

/// The assistant's answer.
#[derive(Debug, Clone, PartialEq)]
pub struct ChatReply {
    /// What to show the user (Markdown).
    pub response: String,
    /// Tools run, in order (the original's `used_tools`).
    pub used_tools: Vec<String>,
}

/// The use cases the tools call.
pub(crate) struct Services {
    plans: Plans,
    profiles: Profiles,
    recipes: Recipes,
}

/// Model rounds before the assistant stops asking the model for more
/// tool calls and answers with what the tools said.
const MODEL_ROUNDS: usize = 4;

/// The chat use case.
#[derive(Clone)]
pub struct Chat {
    services: Arc<Services>,
    model: Option<Arc<dyn ChatModel>>,
}

impl Chat {
    /// The assistant over the use cases, with an optional model.
    pub fn new(
        plans: Plans,
        profiles: Profiles,
        recipes: Recipes,
        model: Option<Arc<dyn ChatModel>>,
    ) -> Self {
        Self {
            services: Arc::new(Services {
                plans,
                profiles,
                recipes,
            }),
            model,
        }
    }

    fn toolbox(&self, user: UserId, lang: Lang) -> Toolbox<'_> {
        Toolbox {
            services: &self.services,
            user,
            lang,
            today: self
                .services
                .profiles
                .today()
                .weekday()
                .number_from_monday() as u8,
        }
    }

    /// Answers `message` from `user`. Only storage failures are errors: a
    /// message it cannot place gets a list of what it can do.
    pub async fn reply(&self, user: UserId, message: &str) -> Result<ChatReply, StoreError> {
        if let Some(model) = &self.model {
            match self.with_model(model.as_ref(), user, message).await {
                Ok(reply) => return Ok(reply),
                Err(Fallback::Store(e)) => return Err(e),
                Err(Fallback::Model(why)) => {
                    tracing::warn!(%why, "chat model failed; answering with the built-in assistant");
                }
            }
        }
        self.built_in(user, message).await
    }

    /// The built-in assistant: one tool per message, chosen by [`understand`].
    pub async fn built_in(&self, user: UserId, message: &str) -> Result<ChatReply, StoreError> {
        let today = self.toolbox(user, Lang::En).today;
        let Understood { lang, action } = understand(message, today);
        let reply = |text: &str| ChatReply {
            response: text.to_owned(),
            used_tools: vec![],
        };
        Ok(match action {
            Action::Tool(request) => {
                let outcome = self.toolbox(user, lang).run(&request).await?;
                ChatReply {
                    response: outcome.text,
                    used_tools: vec![outcome.tool.to_owned()],
                }
            }
            Action::Greeting => reply(&format!(
                "{}\n\n{}",
                lang.pick(
                    "Hi! I'm Smarty, your nutrition assistant.",
                    "¡Hola! Soy Smarty, tu asistente de nutrición."
                ),
                capabilities(lang)
            )),
            Action::Thanks => reply(lang.pick(
                "You're welcome! Anything else about your plan?",
                "¡De nada! ¿Algo más sobre tu plan?",
            )),
            Action::Help => reply(&format!(
                "{}\n\n{}",
                lang.pick(
                    "I'm not sure what you mean.",
                    "No estoy seguro de lo que quieres decir."
                ),
                capabilities(lang)
            )),
        })
    }

    async fn with_model(
        &self,
        model: &dyn ChatModel,
        user: UserId,
        message: &str,
    ) -> Result<ChatReply, Fallback> {
        let lang = understand(message, 1).lang;
        let toolbox = self.toolbox(user, lang);
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
                let content = match ToolRequest::from_call(&call) {
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
            response: last_results.join("\n\n"),
            used_tools: used,
        })
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
         - **Create your plan**: \"Create my weekly plan\"\n\
         - **Show your plan**: \"Show my plan\", \"What's for dinner on Tuesday?\"\n\
         - **Suggest alternatives**: \"Alternatives for Monday's lunch\"\n\
         - **Replace a meal**: \"Replace Monday's lunch\", \"…with option 2\"\n\
         - **Find recipes**: \"Find vegan breakfast recipes under 400 kcal\"\n\
         - **Show your profile and targets**: \"Show my profile\"\n\
         - **Add a taste or restriction**: \"I don't like fish\", \"I'm allergic to nuts\", \"I love spicy food\"",
        "Esto es lo que puedo hacer:\n\
         - **Crear tu plan**: \"Genera mi plan semanal\"\n\
         - **Mostrar tu plan**: \"Muéstrame mi plan\", \"¿Qué ceno el martes?\"\n\
         - **Sugerir alternativas**: \"Alternativas para el almuerzo del lunes\"\n\
         - **Cambiar una comida**: \"Cambia el almuerzo del lunes\", \"…por la opción 2\"\n\
         - **Buscar recetas**: \"Busca desayunos veganos de menos de 400 calorías\"\n\
         - **Ver tu perfil y objetivos**: \"Muestra mi perfil\"\n\
         - **Añadir un gusto o restricción**: \"No me gusta el pescado\", \"Soy alérgico a los frutos secos\", \"Me encanta lo picante\"",
    )
    .to_owned()
}
