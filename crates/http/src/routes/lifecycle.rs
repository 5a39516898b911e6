//! Leaving and managing an account: logout (this token or all), password
//! change, deletion, and a copy of every stored fact about the user.

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use mealplan_domain::Password;
use serde::Serialize;
use utoipa::ToSchema;

use crate::AppState;
use crate::auth::CurrentUser;
use crate::error::{ApiError, ErrorBody, ValidationErrorBody};
use crate::limits::RateLimits;
use crate::routes::accounts::{TokenResponse, UserResponse};
use crate::routes::errors::text_problem;
use crate::routes::household::MemberResponse;
use crate::routes::profile::ProfileResponse;
use crate::routes::responses::{ItemResponse, OwnRecipeResponse, PantryItemResponse, PlanResponse};
use crate::schema::field;
use crate::validate::{BodyFields, FromBody, JsonBody, string};

fn no_content() -> HttpResponse {
    HttpResponse::NoContent()
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .finish()
}

/// Log out: this token stops working; the user's other tokens do not.
#[utoipa::path(
    post, path = "/auth/logout", tag = "accounts",
    security(("bearer" = [])),
    responses(
        (status = 204, description = "Logged out"),
        (status = 401, description = "Token missing, invalid or expired", body = ErrorBody),
        (status = 500, description = "Internal server error", body = ErrorBody),
    )
)]
pub async fn logout(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> Result<HttpResponse, ApiError> {
    state
        .accounts
        .logout(&user.1)
        .await
        .map_err(ApiError::store)?;
    Ok(no_content())
}

/// Log out everywhere: every token of the user stops working.
#[utoipa::path(
    post, path = "/auth/logout-all", tag = "accounts",
    security(("bearer" = [])),
    responses(
        (status = 204, description = "Every token of the user ended"),
        (status = 401, description = "Token missing, invalid or expired", body = ErrorBody),
        (status = 500, description = "Internal server error", body = ErrorBody),
    )
)]
pub async fn logout_all(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> Result<HttpResponse, ApiError> {
    state
        .accounts
        .logout_all(user.0.id)
        .await
        .map_err(ApiError::store)?;
    Ok(no_content())
}

/// Password change body.
#[derive(ToSchema)]
#[schema(as = PasswordChangeRequest)]
pub struct PasswordChange {
    #[schema(schema_with = field::password)]
    current_password: Password,
    #[schema(schema_with = field::new_password)]
    new_password: Password,
}

impl FromBody for PasswordChange {
    fn from_fields(f: &mut BodyFields<'_>) -> Option<Self> {
        let current = f.required("current_password", |v| {
            Password::parse_for_login(string(v)?).map_err(text_problem)
        });
        let new = f.required("new_password", |v| {
            Password::parse_new(string(v)?).map_err(text_problem)
        });
        Some(Self {
            current_password: current?,
            new_password: new?,
        })
    }
}

/// Account deletion body.
#[derive(ToSchema)]
#[schema(as = DeleteAccountRequest)]
pub struct DeleteAccount {
    #[schema(schema_with = field::password)]
    password: Password,
}

impl FromBody for DeleteAccount {
    fn from_fields(f: &mut BodyFields<'_>) -> Option<Self> {
        let password = f.required("password", |v| {
            Password::parse_for_login(string(v)?).map_err(text_problem)
        });
        Some(Self {
            password: password?,
        })
    }
}

/// Change the password: the current one must be given; every earlier token
/// stops working and the answer carries a new one.
#[utoipa::path(
    put, path = "/auth/password", tag = "accounts",
    security(("bearer" = [])),
    request_body = PasswordChange,
    responses(
        (status = 200, description = "Password changed; a new token", body = TokenResponse),
        (status = 401, description = "Token missing or invalid, or wrong current password", body = ErrorBody),
        (status = 413, description = "Body over 64 KiB", body = ErrorBody),
        (status = 422, description = "Invalid body", body = ValidationErrorBody),
        (status = 429, description = "Rate limited", body = ErrorBody),
        (status = 500, description = "Internal server error", body = ErrorBody),
    )
)]
pub async fn change_password(
    state: web::Data<AppState>,
    limits: web::Data<RateLimits>,
    req: HttpRequest,
    user: CurrentUser,
    body: Result<JsonBody<PasswordChange>, ApiError>,
) -> Result<HttpResponse, ApiError> {
    limits.check_ip(&req).await?;
    let PasswordChange {
        current_password: current,
        new_password: new,
    } = body?.value;
    let key = user.0.email.as_str().to_owned();
    limits.begin_login(&key).await?;
    let session = state
        .accounts
        .change_password(&user.0, current, new)
        .await?;
    limits.clear_failures(&key).await;
    Ok(HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(TokenResponse::from(session)))
}

/// Delete the account and all its data (profile, custom items, plans) in
/// one transaction; the e-mail can sign up again.
#[utoipa::path(
    delete, path = "/auth/me", tag = "accounts",
    security(("bearer" = [])),
    request_body = DeleteAccount,
    responses(
        (status = 204, description = "Account and data deleted"),
        (status = 401, description = "Token missing or invalid, or wrong password", body = ErrorBody),
        (status = 413, description = "Body over 64 KiB", body = ErrorBody),
        (status = 422, description = "Invalid body", body = ValidationErrorBody),
        (status = 429, description = "Rate limited", body = ErrorBody),
        (status = 500, description = "Internal server error", body = ErrorBody),
    )
)]
pub async fn delete_account(
    state: web::Data<AppState>,
    limits: web::Data<RateLimits>,
    req: HttpRequest,
    user: CurrentUser,
    body: Result<JsonBody<DeleteAccount>, ApiError>,
) -> Result<HttpResponse, ApiError> {
    limits.check_ip(&req).await?;
    let DeleteAccount { password } = body?.value;
    let key = user.0.email.as_str().to_owned();
    limits.begin_login(&key).await?;
    state.accounts.delete_account(user.0.id, password).await?;
    limits.clear_failures(&key).await;
    Ok(no_content())
}

/// The account in an export.
#[derive(Debug, Serialize, ToSchema)]
pub struct ExportedUser {
    /// The user.
    #[serde(flatten)]
    pub user: UserResponse,
    /// When the account was created (UTC, RFC 3339).
    pub created_at: String,
}

/// Every stored fact about the caller.
#[derive(Debug, Serialize, ToSchema)]
pub struct AccountExport {
    /// When this copy was made (UTC, RFC 3339).
    pub exported_at: String,
    /// The account (the password is stored only as a bcrypt hash and is not
    /// part of the copy).
    pub user: ExportedUser,
    /// The nutrition profile, or null.
    pub profile: Option<ProfileResponse>,
    /// Custom tastes the user created.
    pub custom_tastes: Vec<ItemResponse>,
    /// Custom restrictions the user created.
    pub custom_restrictions: Vec<ItemResponse>,
    /// Every plan, newest first, the active one included.
    pub plans: Vec<PlanResponse>,
    /// Household members, oldest first.
    pub household_members: Vec<MemberResponse>,
    /// The account's own recipes, deleted ones too (`deleted`), by id.
    pub own_recipes: Vec<OwnRecipeResponse>,
    /// What the caller has at home, in its order.
    pub pantry: Vec<PantryItemResponse>,
}

fn rfc3339(t: chrono::DateTime<chrono::Utc>) -> String {
    t.to_rfc3339_opts(chrono::SecondsFormat::Micros, true)
}

/// A copy of every stored fact about the caller, as JSON.
#[utoipa::path(
    get, path = "/auth/me/export", tag = "accounts",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Everything stored about the caller", body = AccountExport),
        (status = 401, description = "Token missing, invalid or expired", body = ErrorBody),
        (status = 500, description = "Internal server error", body = ErrorBody),
        (status = 503, description = "The database cannot be reached, or the request deadline passed (an account with many own recipes)", body = ErrorBody),
    )
)]
pub async fn export(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> Result<HttpResponse, ApiError> {
    let data = state
        .export
        .account_data(user.0.id)
        .await
        .map_err(ApiError::store)?
        .ok_or(ApiError::BadCredentials)?;
    let body = AccountExport {
        exported_at: rfc3339(chrono::Utc::now()),
        user: ExportedUser {
            user: data.user.into(),
            created_at: rfc3339(data.created_at),
        },
        profile: data
            .profile
            .map(|p| ProfileResponse::new(p, &state.recipes, state.profiles.today())),
        custom_tastes: data.custom_tastes.into_iter().map(Into::into).collect(),
        custom_restrictions: data
            .custom_restrictions
            .into_iter()
            .map(Into::into)
            .collect(),
        plans: data.plans.iter().map(Into::into).collect(),
        household_members: data
            .members
            .into_iter()
            .map(|m| MemberResponse::new(m, &state))
            .collect(),
        own_recipes: data
            .own_recipes
            .iter()
            .map(|own| OwnRecipeResponse::of(own, &state.recipes.sheet_of(own.recipe.clone(), 1.0)))
            .collect(),
        pantry: data.pantry.iter().map(Into::into).collect(),
    };
    Ok(HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .insert_header((
            header::CONTENT_DISPOSITION,
            "attachment; filename=\"mealplan-export.json\"",
        ))
        .json(body))
}
