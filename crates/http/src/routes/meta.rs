//! Liveness, readiness and the fallbacks for unknown routes.

use actix_web::web;
use serde::Serialize;
use utoipa::ToSchema;

use crate::AppState;
use crate::error::{ApiError, ErrorBody};

/// Health answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct Status {
    /// `ok` or `ready`.
    #[schema(example = "ok")]
    pub status: &'static str,
}

/// The process is up (no dependency is checked).
#[utoipa::path(get, path = "/health", tag = "operations",
    responses((status = 200, description = "Process is up", body = Status)))]
pub async fn health() -> web::Json<Status> {
    web::Json(Status { status: "ok" })
}

/// The database answers; 503 when it does not.
#[utoipa::path(get, path = "/ready", tag = "operations",
    responses(
        (status = 200, description = "Database reachable", body = Status),
        (status = 503, description = "Database unreachable", body = ErrorBody),
    ))]
pub async fn ready(state: web::Data<AppState>) -> Result<web::Json<Status>, ApiError> {
    match state.health.ping().await {
        Ok(()) => Ok(web::Json(Status { status: "ready" })),
        Err(e) => {
            tracing::warn!(error = %e, "readiness check failed");
            Err(ApiError::Unavailable)
        }
    }
}

/// Any path no route matches.
pub async fn not_found() -> Result<&'static str, ApiError> {
    Err(ApiError::route_not_found())
}
