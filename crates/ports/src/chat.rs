//! The port to a language model that can call tools (an OpenAI-compatible
//! chat-completions server), and the memory the assistant keeps of a
//! conversation. The assistant works without a model; with one, the
//! model chooses the tools and words the answer.

use std::collections::BTreeMap;

use async_trait::async_trait;
use mealplan_domain::UserId;

use crate::StoreError;

/// A tool argument's value: the JSON scalars a model sends.
#[derive(Debug, Clone, PartialEq)]
pub enum ToolArg {
    /// A string.
    Text(String),
    /// A number (integers too).
    Number(f64),
    /// A boolean.
    Bool(bool),
}

impl ToolArg {
    /// The value as text (numbers and booleans spelled out).
    pub fn as_text(&self) -> String {
        match self {
            Self::Text(s) => s.clone(),
            Self::Number(n) => n.to_string(),
            Self::Bool(b) => b.to_string(),
        }
    }

    /// The value as a number, if it is one or a string holding one.
    pub fn as_number(&self) -> Option<f64> {
        match self {
            Self::Number(n) => Some(*n),
            Self::Text(s) => s.trim().parse().ok(),
            Self::Bool(_) => None,
        }
    }
}

/// A tool the model may call, by name, with named arguments.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolCall {
    /// The id the model gave the call (echoed with its result).
    pub id: String,
    /// Tool name.
    pub name: String,
    /// Arguments by name; nulls and nested values are left out.
    pub arguments: BTreeMap<String, ToolArg>,
}

/// The JSON type of a tool parameter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParamType {
    /// A string.
    String,
    /// A whole number.
    Integer,
    /// Any number.
    Number,
    /// True or false.
    Boolean,
}

/// One parameter of a tool, as the model is told about it.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolParam {
    /// Name.
    pub name: &'static str,
    /// Type.
    pub kind: ParamType,
    /// What it means, for the model.
    pub description: &'static str,
    /// Allowed values, if closed.
    pub choices: &'static [&'static str],
    /// Whether the call must carry it.
    pub required: bool,
}

/// A tool the model may call.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolSpec {
    /// Name (also what `used_tools` reports).
    pub name: &'static str,
    /// When to use it, for the model.
    pub description: &'static str,
    /// Its parameters.
    pub params: Vec<ToolParam>,
}

/// One message of a conversation with the model.
#[derive(Debug, Clone, PartialEq)]
pub enum ChatMessage {
    /// Instructions.
    System(String),
    /// What the user wrote.
    User(String),
    /// The model's earlier turn: text and/or tool calls.
    Assistant {
        /// Text, if any.
        content: Option<String>,
        /// Calls it made.
        tool_calls: Vec<ToolCall>,
    },
    /// A tool's result, answering the call with `call_id`.
    Tool {
        /// The call answered.
        call_id: String,
        /// The result, as text.
        content: String,
    },
}

/// What the model answered.
#[derive(Debug, Clone, PartialEq)]
pub enum ModelTurn {
    /// A final answer for the user.
    Answer(String),
    /// Tools to run before it answers (any text beside them is dropped).
    ToolCalls(Vec<ToolCall>),
}

/// Why the model gave no usable answer; the caller falls back to the
/// built-in assistant.
#[derive(Debug, thiserror::Error)]
pub enum ModelError {
    /// No answer within the time limit.
    #[error("the model did not answer in time")]
    Timeout,
    /// Unreachable, a non-2xx status, or a body that is not a completion.
    #[error("model failure: {0}")]
    Failure(String),
}

/// A chat-completions model with tool calling.
#[cfg_attr(feature = "mock", mockall::automock)]
#[async_trait]
pub trait ChatModel: Send + Sync {
    /// One completion of `messages`, offering `tools`. Implementations
    /// bound the time taken and run blocking I/O off the executor.
    async fn complete(
        &self,
        messages: Vec<ChatMessage>,
        tools: Vec<ToolSpec>,
    ) -> Result<ModelTurn, ModelError>;
}

/// What the assistant remembers of one user's conversation between
/// messages: enough to answer "yes", "option 2" and a one-word message in
/// the right language, shared by every instance of the service.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ChatMemory {
    /// Language of the last message that told (`en`, `es`).
    pub lang: Option<String>,
    /// A request the assistant asked the user to confirm, as a command it
    /// reads again on "yes" (`new plan 7 days more protein`).
    pub pending: Option<String>,
    /// The list of recipes last shown, in the order shown.
    pub shown: Option<ShownList>,
}

/// Recipes the assistant listed, so "option 2" can be resolved.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ShownList {
    /// The meal they were alternatives for (`None` for a search).
    pub meal_id: Option<i64>,
    /// Storage ids of the recipes, in the order shown.
    pub recipe_ids: Vec<i64>,
}

/// Storage of [`ChatMemory`], one per user; deleted with the user.
#[cfg_attr(feature = "mock", mockall::automock)]
#[async_trait]
pub trait ChatMemoryStore: Send + Sync {
    /// The memory of `user` (default when none is stored).
    async fn recall(&self, user: UserId) -> Result<ChatMemory, StoreError>;
    /// Replaces the memory of `user`.
    async fn remember(&self, user: UserId, memory: ChatMemory) -> Result<(), StoreError>;
}
