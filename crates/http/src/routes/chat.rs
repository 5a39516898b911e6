//! The nutrition assistant: `POST /api/chat/?message=…`, as the original
//! web client calls it.

use actix_web::{HttpRequest, web};
use serde::Serialize;
use serde_json::Value;
use utoipa::openapi::path::{Parameter, ParameterIn};
use utoipa::{IntoParams, ToSchema};

use crate::AppState;
use crate::auth::CurrentUser;
use crate::error::{ApiError, ErrorBody, ValidationErrorBody};
use crate::schema::field;
use crate::validate::{FromQuery, Params, Problem};

/// Longest message, in characters.
pub const MAX_MESSAGE_CHARS: usize = 2000;

/// The assistant's answer, in the original's shape.
#[derive(Debug, Serialize, ToSchema)]
pub struct ChatResponse {
    /// What to show the user (Markdown).
    pub response: String,
    /// Tools the assistant ran, in order (empty when it only talked).
    pub used_tools: Vec<String>,
}

fn message(raw: &str) -> Result<String, Problem> {
    let chars = raw.chars().count();
    if raw.trim().is_empty() {
        Err(Problem::too_short(1))
    } else if chars > MAX_MESSAGE_CHARS {
        // Not echoed back: a message may be long and private, and the
        // writer has it. The entry's input says only how long it was.
        let input = Value::String(format!("({chars} characters, not repeated here)"));
        Err(Problem::too_long(MAX_MESSAGE_CHARS).below(Vec::new(), &input))
    } else {
        Ok(raw.to_owned())
    }
}

/// The query of a chat message.
pub struct ChatQuery {
    message: String,
}

impl IntoParams for ChatQuery {
    fn into_params(_: impl Fn() -> Option<ParameterIn>) -> Vec<Parameter> {
        vec![field::required_query(
            "message",
            "What the user wrote",
            field::text(Some(1), Some(MAX_MESSAGE_CHARS)).build(),
        )]
    }
}

impl FromQuery for ChatQuery {
    fn from_query(p: &mut Params<'_>) -> Option<Self> {
        let text = p.query("message", message);
        Some(Self { message: text? })
    }
}

/// Talk to the nutrition assistant: create a weekly plan, show the plan or
/// the profile, suggest alternatives for a meal or replace it, search
/// recipes, add a taste or restriction. Understands English and Spanish.
#[utoipa::path(
    post, path = "/api/chat", tag = "assistant",
    security(("bearer" = [])),
    params(ChatQuery),
    responses(
        (status = 200, description = "The assistant's answer", body = ChatResponse),
        (status = 401, description = "Token missing, invalid or expired", body = ErrorBody),
        (status = 422, description = "Missing, empty or over-long message", body = ValidationErrorBody),
        (status = 500, description = "Internal server error", body = ErrorBody),
    )
)]
pub async fn chat(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: CurrentUser,
) -> Result<web::Json<ChatResponse>, ApiError> {
    let mut p = Params::new(&req);
    let query = p.read::<ChatQuery>();
    let ChatQuery { message: text } = p.finish(|| query)?;
    let reply = state
        .chat
        .reply(user.0.id, &text)
        .await
        .map_err(ApiError::store)?;
    Ok(web::Json(ChatResponse {
        response: reply.response,
        used_tools: reply.used_tools,
    }))
}
