//! Every error the API answers with, and its exact body.
//!
//! Handlers return [`ApiError`]; this module alone turns one into a
//! response, so bodies match the original FastAPI service byte for byte.

use actix_web::http::{StatusCode, header};
use actix_web::{HttpResponse, ResponseError};
use mealplan_ports::StoreError;
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

/// `Retry-After` of a 503, in seconds: about how long a database failover
/// or restart keeps writes away (`docs/DEPLOYMENT.md`).
const UNAVAILABLE_RETRY_AFTER: &str = "2";

/// One step of a validation entry's `loc`: a name or a list index.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(untagged)]
pub enum Loc {
    /// `body`, `query`, `path` or a field name.
    Name(String),
    /// Position in a list or, for `json_invalid`, a character offset.
    Index(usize),
}

impl From<&str> for Loc {
    fn from(s: &str) -> Self {
        Self::Name(s.to_owned())
    }
}

impl From<usize> for Loc {
    fn from(i: usize) -> Self {
        Self::Index(i)
    }
}

/// One entry of a 422 body, members in Pydantic's order.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct ErrorEntry {
    /// Pydantic error type, e.g. `missing`, `greater_than_equal`.
    #[serde(rename = "type")]
    pub kind: String,
    /// Where: `body`/`query`/`path`, then field names and indices.
    pub loc: Vec<Loc>,
    /// Human-readable message.
    pub msg: String,
    /// The offending input as received (any JSON value).
    pub input: Value,
    /// Parameters of the rule that failed, for the types that have them.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub ctx: Option<Value>,
}

/// Body of every non-422 error.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorBody {
    /// What went wrong.
    #[schema(example = "Not authenticated")]
    pub detail: String,
}

/// Body of a 422.
#[derive(Debug, Serialize, ToSchema)]
pub struct ValidationErrorBody {
    /// One entry per failing field, in declaration order.
    pub detail: Vec<ErrorEntry>,
}

/// An error answer of the API.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// 422 with these entries.
    #[error("validation failed")]
    Validation(Vec<ErrorEntry>),
    /// 401: no usable `Authorization: Bearer` header.
    #[error("Not authenticated")]
    NotAuthenticated,
    /// 401: the token or its user is not valid.
    #[error("Could not validate credentials")]
    BadCredentials,
    /// 401: the token's `exp` has passed.
    #[error("Token has expired")]
    TokenExpired,
    /// 401: login with an unknown e-mail or a wrong password.
    #[error("Invalid email or password")]
    LoginFailed,
    /// 401: a password-checked change with the wrong password.
    #[error("Incorrect password")]
    WrongPassword,
    /// 404 with this detail.
    #[error("{0}")]
    NotFound(&'static str),
    /// 405; the value is the `Allow` header.
    #[error("Method Not Allowed")]
    MethodNotAllowed(String),
    /// 409 with this detail.
    #[error("{0}")]
    Conflict(&'static str),
    /// 409 with a detail naming what conflicts (a person, a recipe).
    #[error("{0}")]
    ConflictWith(String),
    /// 413: the body is over the limit.
    #[error("Request body too large")]
    PayloadTooLarge,
    /// 400: the body could not be read (broken transfer encoding, reset).
    #[error("Invalid request body")]
    BadBody,
    /// 400: a password reset token that is unknown, used, replaced or
    /// expired.
    #[error("Invalid or expired reset token")]
    InvalidResetToken,
    /// 408: the body did not arrive in time.
    #[error("Request timeout")]
    RequestTimeout,
    /// 429; the value is `Retry-After` in seconds.
    #[error("Too many requests")]
    TooManyRequests(u64),
    /// 429 with this detail and `Retry-After` in seconds (a plan search
    /// while the account has one running).
    #[error("{0}")]
    TooManyRequestsBecause(&'static str, u64),
    /// 503, with `Retry-After`: the database cannot be reached right now
    /// (stopped, failing over, every connection busy past the wait), a
    /// request's deadline passed, or `/ready` says so.
    #[error("Service unavailable")]
    Unavailable,
    /// 503 with `Retry-After` in seconds: the instance is at capacity
    /// (every plan search place stayed taken).
    #[error("Service unavailable")]
    UnavailableFor(u64),
    /// 500 during login or sign-up.
    #[error("Error during authentication")]
    AuthFailure,
    /// 500 anywhere else.
    #[error("Internal server error")]
    Internal,
}

impl ApiError {
    /// A 500 whose cause is logged here and never sent to the client.
    pub fn internal(cause: impl std::fmt::Display) -> Self {
        tracing::error!(error = %cause, "internal error");
        Self::Internal
    }

    /// The answer to a storage failure: 503 with `Retry-After` when the
    /// database cannot be reached right now (the request can be sent
    /// again, e.g. after a failover), a logged 500 otherwise.
    pub fn store(error: StoreError) -> Self {
        match error {
            StoreError::Unavailable(cause) => {
                tracing::warn!(error = %cause, "database unavailable");
                Self::Unavailable
            }
            other => Self::internal(other),
        }
    }

    /// A login/sign-up 500, cause logged.
    pub fn auth_failure(cause: impl std::fmt::Display) -> Self {
        tracing::error!(error = %cause, "authentication failure");
        Self::AuthFailure
    }

    /// The same answer from login or sign-up, whose 500 says "Error
    /// during authentication" (the cause is logged where it was made).
    pub fn in_authentication(self) -> Self {
        match self {
            Self::Internal => Self::AuthFailure,
            other => other,
        }
    }

    /// 404 for an unknown route.
    pub fn route_not_found() -> Self {
        Self::NotFound("Not Found")
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        match self {
            Self::Validation(_) => StatusCode::UNPROCESSABLE_ENTITY,
            Self::NotAuthenticated
            | Self::BadCredentials
            | Self::TokenExpired
            | Self::LoginFailed
            | Self::WrongPassword => StatusCode::UNAUTHORIZED,
            Self::NotFound(_) => StatusCode::NOT_FOUND,
            Self::MethodNotAllowed(_) => StatusCode::METHOD_NOT_ALLOWED,
            Self::Conflict(_) | Self::ConflictWith(_) => StatusCode::CONFLICT,
            Self::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            Self::BadBody | Self::InvalidResetToken => StatusCode::BAD_REQUEST,
            Self::RequestTimeout => StatusCode::REQUEST_TIMEOUT,
            Self::TooManyRequests(_) | Self::TooManyRequestsBecause(..) => {
                StatusCode::TOO_MANY_REQUESTS
            }
            Self::Unavailable | Self::UnavailableFor(_) => StatusCode::SERVICE_UNAVAILABLE,
            Self::AuthFailure | Self::Internal => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        let mut response = HttpResponse::build(self.status_code());
        match self {
            Self::NotAuthenticated | Self::BadCredentials | Self::TokenExpired => {
                response.insert_header((header::WWW_AUTHENTICATE, "Bearer"));
            }
            Self::MethodNotAllowed(allow) => {
                response.insert_header((header::ALLOW, allow.as_str()));
            }
            Self::TooManyRequests(seconds)
            | Self::TooManyRequestsBecause(_, seconds)
            | Self::UnavailableFor(seconds) => {
                response.insert_header((header::RETRY_AFTER, seconds.to_string()));
            }
            Self::Unavailable => {
                response.insert_header((header::RETRY_AFTER, UNAVAILABLE_RETRY_AFTER));
            }
            _ => {}
        }
        match self {
            Self::Validation(entries) => response.json(ValidationErrorBody {
                detail: entries.clone(),
            }),
            other => response.json(ErrorBody {
                detail: other.to_string(),
            }),
        }
    }
}
