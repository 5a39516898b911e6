//! Bearer-token authentication as an extractor.

use std::future::Future;
use std::pin::Pin;

use actix_web::dev::Payload;
use actix_web::http::header;
use actix_web::{FromRequest, HttpRequest, web};
use mealplan_app::{AuthError, Authenticated, InSession};
use mealplan_domain::User;
use mealplan_ports::{TokenClaims, TokenError};

use crate::AppState;
use crate::error::ApiError;

/// The token of an `Authorization: Bearer …` header, as FastAPI's
/// `OAuth2PasswordBearer` reads it: scheme compared case-insensitively,
/// absent, other schemes and empty tokens give `None`.
pub fn bearer_token(req: &HttpRequest) -> Option<String> {
    let value = req.headers().get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ').unwrap_or((value, ""));
    (scheme.eq_ignore_ascii_case("bearer") && !token.is_empty()).then(|| token.to_owned())
}

/// Maps an authentication failure to its 401 (or a logged 500).
pub fn auth_error(error: AuthError) -> ApiError {
    match error {
        AuthError::Token(TokenError::Expired) => ApiError::TokenExpired,
        AuthError::Token(TokenError::Invalid) => ApiError::BadCredentials,
        AuthError::Store(e) => ApiError::store(e),
    }
}

/// The authenticated user of a request; refuses the request with 401
/// when the bearer token is missing, invalid, expired, logged out, older
/// than the user's security stamp, or names no user. The second field is
/// the verified token (for logging it out).
pub struct CurrentUser(pub User, pub Authenticated);

impl FromRequest for CurrentUser {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let token = bearer_token(req);
        let state = req.app_data::<web::Data<AppState>>().cloned();
        Box::pin(async move {
            let token = token.ok_or(ApiError::NotAuthenticated)?;
            let state = state.ok_or_else(|| ApiError::internal("application state missing"))?;
            state
                .accounts
                .authenticate(&token)
                .await
                .map(|a| CurrentUser(a.user.clone(), a))
                .map_err(auth_error)
        })
    }
}

/// A request's bearer token, well signed and unexpired but not yet
/// checked against the store: for a route whose use case reads its user's
/// rows anyway and checks the session in the same statement
/// ([`mealplan_app::InSession`]). Missing or refused tokens answer as for
/// [`CurrentUser`].
pub struct Claimed(pub TokenClaims);

impl FromRequest for Claimed {
    type Error = ApiError;
    type Future = std::future::Ready<Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        std::future::ready((|| {
            let token = bearer_token(req).ok_or(ApiError::NotAuthenticated)?;
            let state = req
                .app_data::<web::Data<AppState>>()
                .ok_or_else(|| ApiError::internal("application state missing"))?;
            state
                .accounts
                .claims(&token)
                .map(Claimed)
                .map_err(auth_error)
        })())
    }
}

/// [`MealCaller`] for a route whose use case checks the token itself, on
/// the connection that does the work: the token's claims if one was sent
/// (well signed and unexpired), `None` if none was and the policy lets
/// anyone in.
pub struct MealClaims(pub Option<TokenClaims>);

impl FromRequest for MealClaims {
    type Error = ApiError;
    type Future = std::future::Ready<Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let policy = req
            .app_data::<web::Data<AppState>>()
            .map(|s| s.meal_detail_auth)
            .unwrap_or_default();
        if bearer_token(req).is_none() && policy == MealDetailAuth::Optional {
            return std::future::ready(Ok(Self(None)));
        }
        let claimed = Claimed::from_request(req, payload).into_inner();
        std::future::ready(claimed.map(|c| Self(Some(c.0))))
    }
}

/// Refuses the request's token, if one was sent, when the store no longer
/// backs it: for a route taking [`MealClaims`] that answers an invalid
/// request before its use case would have checked the token, so that a
/// dead token is still answered 401 first, as [`MealCaller`] answers it.
pub async fn refuse_dead_token(state: &AppState, req: &HttpRequest) -> Result<(), ApiError> {
    match bearer_token(req) {
        Some(token) => state
            .accounts
            .authenticate(&token)
            .await
            .map(drop)
            .map_err(auth_error),
        None => Ok(()),
    }
}

/// The answer to a use case that checked its token on the way: the
/// token's refusal as [`CurrentUser`] answers it, else `work`'s own.
pub fn in_session_error<E>(error: InSession<E>, work: impl FnOnce(E) -> ApiError) -> ApiError {
    match error {
        InSession::Auth(e) => auth_error(e),
        InSession::Work(e) => work(e),
    }
}

/// Who may swap a meal or change its status (contract §4.4), the two
/// routes the spec leaves without authentication; every other plan, day
/// and meal route needs a token whatever this says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum MealDetailAuth {
    /// No token needed for those two (a household meal still needs one:
    /// the use case refuses it); a token sent must be valid and limits the
    /// caller to their own meal details.
    #[default]
    Optional,
    /// A valid token is always needed.
    Required,
}

/// The caller of a swap: `Some(user)` when a token was sent (it must be
/// valid), `None` when none was and the policy allows it.
pub struct MealCaller(pub Option<mealplan_domain::UserId>);

impl FromRequest for MealCaller {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let state = req.app_data::<web::Data<AppState>>().cloned();
        // A non-bearer `Authorization` (say, a proxy's Basic credentials)
        // is no token.
        let has_token = bearer_token(req).is_some();
        let user = CurrentUser::from_request(req, payload);
        Box::pin(async move {
            let policy = state.map(|s| s.meal_detail_auth).unwrap_or_default();
            if !has_token && policy == MealDetailAuth::Optional {
                return Ok(Self(None));
            }
            user.await.map(|u| Self(Some(u.0.id)))
        })
    }
}

/// The caller of a public read (`GET /api/recipes`, `GET
/// /api/recipes/{id}`): `Some(user)` when a valid token was sent, so that
/// their own recipes are among what they see. A token that is not valid
/// (expired, logged out) reads as none: these routes answered without
/// looking at it before own recipes, and a client that sends a stale one
/// still gets the catalogue.
pub struct Viewer(pub Option<mealplan_domain::UserId>);

impl FromRequest for Viewer {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        if bearer_token(req).is_none() {
            return Box::pin(async { Ok(Self(None)) });
        }
        let user = CurrentUser::from_request(req, payload);
        Box::pin(async move { Ok(Self(user.await.ok().map(|u| u.0.id))) })
    }
}
