//! One meal of a plan: read it, swap its recipe or note it, tick it off,
//! list alternatives. Only a swap and a status change are open to a caller
//! without a token (the spec's two, under `MEAL_DETAIL_AUTH=optional`),
//! and only for a meal not shared at a household's table.

use actix_web::{HttpRequest, web};
use mealplan_app::{LeftoverChoice, PlanError};
use mealplan_domain::MealStatus;
use mealplan_domain::meal::MealNote;
use utoipa::IntoParams;
use utoipa::openapi::path::{Parameter, ParameterIn};
use utoipa::openapi::schema::Object;

use crate::AppState;
use crate::auth::{CurrentUser, MealCaller, MealClaims, in_session_error, refuse_dead_token};
use crate::error::{ApiError, ErrorBody, ValidationErrorBody};
use crate::routes::errors::plan_error;
use crate::routes::responses::{AlternativeResponse, MealDetailResponse};
use crate::schema::{LeftoversChoice, field};
use crate::validate::{FromQuery, Params, Problem, int_in_range_str, parse_int_str};

/// One meal detail with its recipe.
#[utoipa::path(
    get, path = "/meal-detail/{meal_detail_id}", tag = "meal details",
    params(("meal_detail_id" = i64, Path, description = "Meal detail id")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The meal detail", body = MealDetailResponse),
        (status = 401, description = "Token missing, invalid or expired", body = ErrorBody),
        (status = 404, description = "Meal detail not found", body = ErrorBody),
        (status = 422, description = "Invalid id", body = ValidationErrorBody),
        (status = 500, description = "Internal server error", body = ErrorBody),
    )
)]
pub async fn get_meal(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: CurrentUser,
) -> Result<web::Json<MealDetailResponse>, ApiError> {
    let mut p = Params::new(&req);
    let id = p.path_int("meal_detail_id");
    let id = p.finish(|| id)?;
    let meal = state.meals.meal(user.0.id, id).await.map_err(plan_error)?;
    Ok(web::Json((&meal).into()))
}

/// The query of a swap, a note, or both.
#[derive(IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SwapQuery {
    /// Id of the new recipe (required unless `note` is given)
    #[param(required = false)]
    recipe_id: Option<i64>,
    /// The meal's note, at most 200 characters; empty clears it (only
    /// with the owner's token)
    #[param(required = false, max_length = 200, value_type = Option<String>)]
    note: Option<Option<MealNote>>,
    /// With `recipe_id`, for a meal that later meals eat from (its
    /// answer has `keep`): `keep` gives them the new recipe too, `drop`
    /// leaves their recipe and cooks each where it is eaten. Required for
    /// such a meal (409 without it), ignored for any other
    #[param(required = false, value_type = Option<LeftoversChoice>)]
    leftovers: Option<LeftoverChoice>,
}

impl FromQuery for SwapQuery {
    fn from_query(p: &mut Params<'_>) -> Option<Self> {
        let recipe_id = p.optional_query("recipe_id", parse_int_str);
        let note = p.optional_query("note", |raw| {
            MealNote::parse(raw).map_err(|e| Problem::too_long(e.max))
        });
        let leftovers = p.optional_query("leftovers", |raw| match raw {
            "keep" => Ok(LeftoverChoice::Keep),
            "drop" => Ok(LeftoverChoice::Drop),
            _ => Err(Problem::one_of(&["keep", "drop"])),
        });
        if let (Some(None), Some(None)) = (&recipe_id, &note) {
            // Neither: the recipe is required, as it always was (the
            // read records it missing).
            let _missing = p.query("recipe_id", parse_int_str);
            return None;
        }
        Some(Self {
            recipe_id: recipe_id?,
            note: note?,
            leftovers: leftovers?,
        })
    }
}

/// The query of a status change.
pub struct StatusQuery {
    status: MealStatus,
}

impl IntoParams for StatusQuery {
    fn into_params(_: impl Fn() -> Option<ParameterIn>) -> Vec<Parameter> {
        vec![field::required_query(
            "status",
            "0 pending, 1 completed",
            field::int(MealStatus::CODES).build(),
        )]
    }
}

impl FromQuery for StatusQuery {
    fn from_query(p: &mut Params<'_>) -> Option<Self> {
        let status = p.query("status", |raw| {
            parse_int_str(raw)
                .ok()
                .and_then(|n| MealStatus::from_code(n).ok())
                .ok_or_else(|| Problem::literal(&["0", "1"]))
        });
        Some(Self { status: status? })
    }
}

/// How many alternatives may be asked for.
const ALTERNATIVES: (i64, i64) = (1, 20);
/// How many when the query does not say.
const DEFAULT_ALTERNATIVES: usize = 5;

/// The query of the alternatives of a meal.
#[derive(IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AlternativesQuery {
    #[param(schema_with = alternatives_schema, required = false)]
    limit: usize,
}

/// `limit`.
fn alternatives_schema() -> Object {
    field::described(
        field::int(ALTERNATIVES),
        &format!("How many (default {DEFAULT_ALTERNATIVES})"),
    )
}

impl FromQuery for AlternativesQuery {
    fn from_query(p: &mut Params<'_>) -> Option<Self> {
        let limit = p.optional_query("limit", int_in_range_str(ALTERNATIVES.0, ALTERNATIVES.1));
        Some(Self {
            limit: limit?.map_or(DEFAULT_ALTERNATIVES, |n| n as usize),
        })
    }
}

/// Replace the recipe of one meal detail (its status is kept), set or
/// clear its note, or both. A meal that later meals eat from (a cooking
/// meal, whose answer has `keep`) is swapped only with `leftovers`:
/// `keep` or `drop`. A leftover swapped is its own dish.
#[utoipa::path(
    put, path = "/meal-detail/{meal_detail_id}", tag = "meal details",
    params(
        ("meal_detail_id" = i64, Path, description = "Meal detail id"),
        SwapQuery,
    ),
    security((), ("bearer" = [])),
    responses(
        (status = 200, description = "The meal detail with the new recipe and note", body = MealDetailResponse),
        (status = 401, description = "Invalid token; no token for a note, for a household meal (one with portions), or when MEAL_DETAIL_AUTH=required", body = ErrorBody),
        (status = 404, description = "Meal detail or recipe not found", body = ErrorBody),
        (status = 409, description = "The recipe breaks a rule (restriction, vegan or vegetarian diet) of someone who eats the meal (or, with leftovers=keep, one of its later meals); the detail names the rule, and whose it is only to the plan's owner. Or the meal is cooked for later meals too and `leftovers` is missing: the detail names how many and on which days", body = ErrorBody),
        (status = 422, description = "Invalid or missing query parameter", body = ValidationErrorBody),
        (status = 500, description = "Internal server error", body = ErrorBody),
    )
)]
pub async fn swap_meal(
    state: web::Data<AppState>,
    req: HttpRequest,
    caller: MealCaller,
) -> Result<web::Json<MealDetailResponse>, ApiError> {
    let mut p = Params::new(&req);
    let id = p.path_int("meal_detail_id");
    let query = p.read::<SwapQuery>();
    let (
        id,
        SwapQuery {
            recipe_id,
            note,
            leftovers,
        },
    ) = p.finish(|| Some((id?, query?)))?;
    // A note is the owner's: refused without a token before anything
    // changes.
    let noted = match (note, caller.0) {
        (Some(_), None) => return Err(plan_error(PlanError::NeedsToken)),
        (Some(note), Some(user)) => Some((user, note)),
        (None, _) => None,
    };
    let mut meal = None;
    if let Some(recipe_id) = recipe_id {
        let swapped = state
            .meals
            .swap_with(caller.0, id, recipe_id, leftovers)
            .await;
        meal = Some(swapped.map_err(plan_error)?);
    }
    if let Some((user, note)) = noted {
        let noted = state.meals.set_note(user, id, note).await;
        meal = Some(noted.map_err(plan_error)?);
    }
    let meal = meal.expect("the query has a recipe or a note");
    Ok(web::Json((&meal).into()))
}

/// Mark one meal detail pending (0) or completed (1).
#[utoipa::path(
    put, path = "/meal-detail/{meal_detail_id}/status", tag = "meal details",
    params(
        ("meal_detail_id" = i64, Path, description = "Meal detail id"),
        StatusQuery,
    ),
    security((), ("bearer" = [])),
    responses(
        (status = 200, description = "The meal detail", body = MealDetailResponse),
        (status = 401, description = "Invalid token; no token for a household meal (one with portions), or when MEAL_DETAIL_AUTH=required", body = ErrorBody),
        (status = 404, description = "Meal detail not found", body = ErrorBody),
        (status = 422, description = "Invalid or missing query parameter", body = ValidationErrorBody),
        (status = 500, description = "Internal server error", body = ErrorBody),
    )
)]
pub async fn set_meal_status(
    state: web::Data<AppState>,
    req: HttpRequest,
    caller: MealClaims,
) -> Result<web::Json<MealDetailResponse>, ApiError> {
    let mut p = Params::new(&req);
    let id = p.path_int("meal_detail_id");
    let query = p.read::<StatusQuery>();
    let (id, StatusQuery { status }) = match p.finish(|| Some((id?, query?))) {
        Ok(parsed) => parsed,
        Err(invalid) => {
            refuse_dead_token(&state, &req).await?;
            return Err(invalid);
        }
    };
    let meal = state
        .meals
        .set_status_claimed(caller.0, id, status)
        .await
        .map_err(|e| in_session_error(e, plan_error))?;
    Ok(web::Json((&meal).into()))
}

/// Ranked replacement candidates for one meal, with the day's new totals.
#[utoipa::path(
    get, path = "/meal-detail/{meal_detail_id}/alternatives", tag = "meal details",
    params(
        ("meal_detail_id" = i64, Path, description = "Meal detail id"),
        AlternativesQuery,
    ),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Candidates, nearest first, each keeping the rules of everyone who eats the meal", body = [AlternativeResponse]),
        (status = 401, description = "Token missing, invalid or expired", body = ErrorBody),
        (status = 404, description = "Meal detail not found", body = ErrorBody),
        (status = 422, description = "Invalid parameter", body = ValidationErrorBody),
        (status = 500, description = "Internal server error", body = ErrorBody),
    )
)]
pub async fn meal_alternatives(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: CurrentUser,
) -> Result<web::Json<Vec<AlternativeResponse>>, ApiError> {
    let mut p = Params::new(&req);
    let id = p.path_int("meal_detail_id");
    let query = p.read::<AlternativesQuery>();
    let (id, AlternativesQuery { limit }) = p.finish(|| Some((id?, query?)))?;
    let alternatives = state
        .meals
        .alternatives(user.0.id, id, limit)
        .await
        .map_err(plan_error)?;
    Ok(web::Json(alternatives.iter().map(Into::into).collect()))
}
