//! Password reset over the API: asking for a link by e-mail, and setting a
//! new password with the link's token (the page the link opens, and the
//! form it posts, are in `routes::reset_page`).

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use mealplan_app::Session;
use mealplan_domain::{Email, Password};
use serde::Serialize;
use utoipa::ToSchema;

use crate::AppState;
use crate::error::{ApiError, ErrorBody, ValidationErrorBody};
use crate::limits::RateLimits;
use crate::routes::accounts::{TokenResponse, email, new_password};
use crate::schema::field;
use crate::validate::{BodyFields, FromBody, JsonBody, string};

/// What every well-formed reset request is told, whether or not the
/// address has an account.
pub const REQUESTED: &str = "If that address has an account, a reset link is on its way.";

/// Body of a reset request.
#[derive(ToSchema)]
#[schema(as = PasswordResetRequest)]
pub struct ResetRequest {
    #[schema(schema_with = field::email)]
    email: Email,
}

impl FromBody for ResetRequest {
    fn from_fields(f: &mut BodyFields<'_>) -> Option<Self> {
        let email = f.required("email", email);
        Some(Self { email: email? })
    }
}

/// Body of a new password set with a reset token.
#[derive(ToSchema)]
#[schema(as = PasswordResetConfirmRequest)]
pub struct ResetConfirm {
    #[schema(schema_with = field::reset_token)]
    token: String,
    #[schema(schema_with = field::new_password)]
    new_password: Password,
}

impl FromBody for ResetConfirm {
    fn from_fields(f: &mut BodyFields<'_>) -> Option<Self> {
        let token = f.required("token", |v| string(v).map(str::to_owned));
        let new_password = f.required("new_password", new_password);
        Some(Self {
            token: token?,
            new_password: new_password?,
        })
    }
}

/// The answer to a reset request.
#[derive(Debug, Serialize, ToSchema)]
pub struct ResetRequested {
    /// Always the same sentence.
    #[schema(example = "If that address has an account, a reset link is on its way.")]
    pub detail: &'static str,
}

/// Ask for a password reset link by e-mail. Every well-formed address gets
/// the same answer, sent before anything that depends on whether it has an
/// account: the link is issued, and mailed (for an account), in the
/// background.
#[utoipa::path(
    post, path = "/auth/password-reset", tag = "accounts",
    request_body = ResetRequest,
    responses(
        (status = 202, description = "Accepted; a link is mailed if the address has an account", body = ResetRequested),
        (status = 413, description = "Body over 64 KiB", body = ErrorBody),
        (status = 422, description = "Invalid body", body = ValidationErrorBody),
        (status = 429, description = "Rate limited (per client address and per e-mail)", body = ErrorBody),
        (status = 500, description = "Internal server error", body = ErrorBody),
        (status = 503, description = "The database cannot be reached", body = ErrorBody),
    )
)]
pub async fn request_reset(
    state: web::Data<AppState>,
    limits: web::Data<RateLimits>,
    req: HttpRequest,
    body: Result<JsonBody<ResetRequest>, ApiError>,
) -> Result<HttpResponse, ApiError> {
    limits.check_ip(&req).await?;
    let ResetRequest { email } = body?.value;
    limits.begin_reset(email.as_str()).await?;
    // Issuing and mailing the link happen after this answer.
    state.resets.request(&email);
    Ok(HttpResponse::Accepted()
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(ResetRequested { detail: REQUESTED }))
}

/// Set a new password with the token of a reset link: the token is used
/// up, every token issued before stops working, and the answer logs in.
#[utoipa::path(
    post, path = "/auth/password-reset/confirm", tag = "accounts",
    request_body = ResetConfirm,
    responses(
        (status = 200, description = "Password set; logged in", body = TokenResponse),
        (status = 400, description = "Invalid or expired reset token", body = ErrorBody),
        (status = 413, description = "Body over 64 KiB", body = ErrorBody),
        (status = 422, description = "Invalid body", body = ValidationErrorBody),
        (status = 429, description = "Rate limited", body = ErrorBody),
        (status = 500, description = "Internal server error", body = ErrorBody),
        (status = 503, description = "The database cannot be reached", body = ErrorBody),
    )
)]
pub async fn confirm_reset(
    state: web::Data<AppState>,
    limits: web::Data<RateLimits>,
    req: HttpRequest,
    body: Result<JsonBody<ResetConfirm>, ApiError>,
) -> Result<HttpResponse, ApiError> {
    limits.check_ip(&req).await?;
    let ResetConfirm {
        token,
        new_password,
    } = body?.value;
    let session = set_password(&state, &limits, &token, new_password).await?;
    Ok(HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(TokenResponse::from(session)))
}

/// Sets a new password with a reset token, for this route and the reset
/// page's form alike (each checks the client's limit first): the token is
/// used up, every earlier session ends, and the e-mail's failed logins are
/// forgotten.
pub(crate) async fn set_password(
    state: &AppState,
    limits: &RateLimits,
    token: &str,
    new_password: Password,
) -> Result<Session, ApiError> {
    let session = state.resets.confirm(token, new_password).await?;
    // The owner is back in: earlier failed logins no longer count.
    limits.clear_failures(session.user.email.as_str()).await;
    Ok(session)
}
