//! Sign-up, login, current user and token check.

use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, web};
use mealplan_app::Session;
use mealplan_domain::{Email, EmailError, Password, TextError, User, UserName};
use serde::Serialize;
use utoipa::{IntoParams, ToSchema};

use crate::AppState;
use crate::auth::CurrentUser;
use crate::error::{ApiError, ErrorBody, ValidationErrorBody};
use crate::limits::RateLimits;
use crate::routes::errors::text_problem;
use crate::schema::field;
use crate::validate::{BodyFields, FromBody, FromQuery, JsonBody, Params, Problem, string};

/// A user as the API shows them.
#[derive(Debug, Serialize, ToSchema)]
pub struct UserResponse {
    /// User id.
    pub id: i64,
    /// Display name.
    pub name: String,
    /// Lowercased e-mail.
    pub email: String,
}

impl From<User> for UserResponse {
    fn from(user: User) -> Self {
        Self {
            id: user.id.0,
            name: user.name.as_str().to_owned(),
            email: user.email.as_str().to_owned(),
        }
    }
}

/// Answer of login and sign-up.
#[derive(Debug, Serialize, ToSchema)]
pub struct TokenResponse {
    /// JWT for the `Authorization: Bearer` header.
    pub access_token: String,
    /// Always `bearer`.
    #[schema(example = "bearer")]
    pub token_type: &'static str,
    /// Who is logged in.
    pub user: UserResponse,
}

impl From<Session> for TokenResponse {
    fn from(session: Session) -> Self {
        Self {
            access_token: session.access_token,
            token_type: "bearer",
            user: session.user.into(),
        }
    }
}

/// An e-mail field, as sign-up and login read it.
pub(crate) fn email(value: &serde_json::Value) -> Result<Email, Problem> {
    Email::parse_input(string(value)?)
        .map_err(|EmailError::Invalid(reason)| Problem::email(&reason))
}

/// A sign-up password: the original checked its length with a validator of
/// its own (`value_error`, not Pydantic's `string_too_short`). It also
/// required an upper-case letter, a lower-case letter and a digit; this
/// service does not (NIST SP 800-63B advises against composition rules; see
/// the README's contract decisions).
pub(crate) fn new_password(value: &serde_json::Value) -> Result<Password, Problem> {
    Password::parse_new(string(value)?).map_err(|e| match e {
        TextError::TooShort { min } => {
            Problem::value_error(format!("Password must be at least {min} characters long"))
        }
        other => text_problem(other),
    })
}

/// Sign-up body.
#[derive(ToSchema)]
#[schema(as = RegisterRequest)]
pub struct Register {
    #[schema(schema_with = field::user_name)]
    name: UserName,
    #[schema(schema_with = field::email)]
    email: Email,
    #[schema(schema_with = field::new_password)]
    password: Password,
}

impl FromBody for Register {
    fn from_fields(f: &mut BodyFields<'_>) -> Option<Self> {
        let name = f.required("name", |v| {
            UserName::parse(string(v)?).map_err(text_problem)
        });
        let email = f.required("email", email);
        let password = f.required("password", new_password);
        Some(Self {
            name: name?,
            email: email?,
            password: password?,
        })
    }
}

/// Login body.
#[derive(ToSchema)]
#[schema(as = LoginRequest)]
pub struct Login {
    #[schema(schema_with = field::email)]
    email: Email,
    #[schema(schema_with = field::password)]
    password: Password,
}

impl FromBody for Login {
    fn from_fields(f: &mut BodyFields<'_>) -> Option<Self> {
        let email = f.required("email", email);
        let password = f.required("password", |v| {
            Password::parse_for_login(string(v)?).map_err(text_problem)
        });
        Some(Self {
            email: email?,
            password: password?,
        })
    }
}

/// Create an account and log it in.
#[utoipa::path(
    post, path = "/auth/register", tag = "accounts",
    request_body = Register,
    responses(
        (status = 201, description = "Account created; logged in", body = TokenResponse),
        (status = 409, description = "E-mail already registered", body = ErrorBody),
        (status = 413, description = "Body over 64 KiB", body = ErrorBody),
        (status = 422, description = "Invalid body", body = ValidationErrorBody),
        (status = 429, description = "Rate limited", body = ErrorBody),
        (status = 500, description = "Storage or hashing failure", body = ErrorBody),
    )
)]
pub async fn register(
    state: web::Data<AppState>,
    limits: web::Data<RateLimits>,
    req: HttpRequest,
    body: Result<JsonBody<Register>, ApiError>,
) -> Result<HttpResponse, ApiError> {
    limits.check_ip(&req).await?;
    let Register {
        name,
        email,
        password,
    } = body?.value;
    let session = state
        .accounts
        .register(name, email, password)
        .await
        .map_err(|e| ApiError::from(e).in_authentication())?;
    Ok(HttpResponse::build(StatusCode::CREATED)
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(TokenResponse::from(session)))
}

/// Exchange e-mail and password for a bearer token.
#[utoipa::path(
    post, path = "/auth/login", tag = "accounts",
    request_body = Login,
    responses(
        (status = 200, description = "Logged in", body = TokenResponse),
        (status = 401, description = "Invalid email or password", body = ErrorBody),
        (status = 413, description = "Body over 64 KiB", body = ErrorBody),
        (status = 422, description = "Invalid body", body = ValidationErrorBody),
        (status = 429, description = "Rate limited", body = ErrorBody),
        (status = 500, description = "Error during authentication", body = ErrorBody),
    )
)]
pub async fn login(
    state: web::Data<AppState>,
    limits: web::Data<RateLimits>,
    req: HttpRequest,
    body: Result<JsonBody<Login>, ApiError>,
) -> Result<HttpResponse, ApiError> {
    limits.check_ip(&req).await?;
    let Login { email, password } = body?.value;
    let key = email.as_str().to_owned();
    limits.begin_login(&key).await?;
    let session = state
        .accounts
        .login(email, password)
        .await
        .map_err(|e| ApiError::from(e).in_authentication())?;
    limits.clear_failures(&key).await;
    Ok(HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(TokenResponse::from(session)))
}

/// The user the bearer token belongs to.
#[utoipa::path(
    get, path = "/auth/me", tag = "accounts",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The current user", body = UserResponse),
        (status = 401, description = "Token missing, invalid or expired", body = ErrorBody),
        (status = 500, description = "Internal server error", body = ErrorBody),
    )
)]
pub async fn me(user: CurrentUser) -> web::Json<UserResponse> {
    web::Json(user.0.into())
}

/// The query of a token check.
#[derive(IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TokenQuery {
    /// The token to check
    token: String,
}

impl FromQuery for TokenQuery {
    fn from_query(p: &mut Params<'_>) -> Option<Self> {
        let token = p.query("token", |raw| Ok(raw.to_owned()));
        Some(Self { token: token? })
    }
}

/// Whether a token is currently valid (`true`/`false`).
#[utoipa::path(
    get, path = "/api/auth", tag = "accounts",
    params(TokenQuery),
    responses(
        (status = 200, description = "Whether the token is valid", body = bool, content_type = "application/json"),
        (status = 422, description = "Missing token parameter", body = ValidationErrorBody),
        (status = 500, description = "Internal server error", body = ErrorBody),
    )
)]
pub async fn check_token(
    state: web::Data<AppState>,
    req: HttpRequest,
) -> Result<web::Json<bool>, ApiError> {
    let mut params = Params::new(&req);
    let query = params.read::<TokenQuery>();
    let TokenQuery { token } = params.finish(|| query)?;
    match state.accounts.authenticate(&token).await {
        Ok(_) => Ok(web::Json(true)),
        Err(mealplan_app::AuthError::Token(_)) => Ok(web::Json(false)),
        Err(mealplan_app::AuthError::Store(e)) => Err(ApiError::store(e)),
    }
}
