//! One meal of a plan: read it, swap its recipe, tick it off, list
//! alternatives.

use actix_web::{HttpRequest, web};
use mealplan_domain::MealStatus;

use crate::AppState;
use crate::auth::MealCaller;
use crate::error::{ApiError, ErrorBody, ValidationErrorBody};
use crate::routes::errors::plan_error;
use crate::routes::responses::{AlternativeResponse, MealDetailResponse};
use crate::validate::{Params, Problem, int_in_range_str, parse_int_str};

/// One meal detail with its recipe.
#[utoipa::path(
    get, path = "/meal-detail/{meal_detail_id}", tag = "meal details",
    params(("meal_detail_id" = i64, Path, description = "Meal detail id")),
    security((), ("bearer" = [])),
    responses(
        (status = 200, description = "The meal detail", body = MealDetailResponse),
        (status = 401, description = "Invalid token (or none when MEAL_DETAIL_AUTH=required)", body = ErrorBody),
        (status = 404, description = "Meal detail not found", body = ErrorBody),
        (status = 422, description = "Invalid id", body = ValidationErrorBody),
        (status = 500, description = "Internal server error", body = ErrorBody),
    )
)]
pub async fn get_meal(
    state: web::Data<AppState>,
    req: HttpRequest,
    caller: MealCaller,
) -> Result<web::Json<MealDetailResponse>, ApiError> {
    let mut p = Params::new(&req);
    let id = p.path_int("meal_detail_id");
    let id = p.finish(|| id)?;
    let meal = state.plans.meal(caller.0, id).await.map_err(plan_error)?;
    Ok(web::Json((&meal).into()))
}

/// Replace the recipe of one meal detail (its status is kept).
#[utoipa::path(
    put, path = "/meal-detail/{meal_detail_id}", tag = "meal details",
    params(
        ("meal_detail_id" = i64, Path, description = "Meal detail id"),
        ("recipe_id" = i64, Query, description = "Id of the new recipe"),
    ),
    security((), ("bearer" = [])),
    responses(
        (status = 200, description = "The meal detail with the new recipe", body = MealDetailResponse),
        (status = 401, description = "Invalid token (or none when MEAL_DETAIL_AUTH=required)", body = ErrorBody),
        (status = 404, description = "Meal detail or recipe not found", body = ErrorBody),
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
    let recipe_id = p.query("recipe_id", parse_int_str);
    let (id, recipe_id) = p.finish(|| Some((id?, recipe_id?)))?;
    let meal = state
        .plans
        .swap(caller.0, id, recipe_id)
        .await
        .map_err(plan_error)?;
    Ok(web::Json((&meal).into()))
}

/// Mark one meal detail pending (0) or completed (1).
#[utoipa::path(
    put, path = "/meal-detail/{meal_detail_id}/status", tag = "meal details",
    params(
        ("meal_detail_id" = i64, Path, description = "Meal detail id"),
        ("status" = i64, Query, minimum = 0, maximum = 1, description = "0 pending, 1 completed"),
    ),
    security((), ("bearer" = [])),
    responses(
        (status = 200, description = "The meal detail", body = MealDetailResponse),
        (status = 401, description = "Invalid token (or none when MEAL_DETAIL_AUTH=required)", body = ErrorBody),
        (status = 404, description = "Meal detail not found", body = ErrorBody),
        (status = 422, description = "Invalid or missing query parameter", body = ValidationErrorBody),
        (status = 500, description = "Internal server error", body = ErrorBody),
    )
)]
pub async fn set_meal_status(
    state: web::Data<AppState>,
    req: HttpRequest,
    caller: MealCaller,
) -> Result<web::Json<MealDetailResponse>, ApiError> {
    let mut p = Params::new(&req);
    let id = p.path_int("meal_detail_id");
    let status = p.query("status", |raw| {
        parse_int_str(raw)
            .ok()
            .and_then(|n| MealStatus::from_code(n).ok())
            .ok_or_else(|| Problem::literal(&["0", "1"]))
    });
    let (id, status) = p.finish(|| Some((id?, status?)))?;
    let meal = state
        .plans
        .set_status(caller.0, id, status)
        .await
        .map_err(plan_error)?;
    Ok(web::Json((&meal).into()))
}

/// Ranked replacement candidates for one meal, with the day's new totals.
#[utoipa::path(
    get, path = "/meal-detail/{meal_detail_id}/alternatives", tag = "meal details",
    params(
        ("meal_detail_id" = i64, Path, description = "Meal detail id"),
        ("limit" = Option<i64>, Query, minimum = 1, maximum = 20, description = "How many (default 5)"),
    ),
    security((), ("bearer" = [])),
    responses(
        (status = 200, description = "Candidates, nearest first", body = [AlternativeResponse]),
        (status = 401, description = "Invalid token (or none when MEAL_DETAIL_AUTH=required)", body = ErrorBody),
        (status = 404, description = "Meal detail not found", body = ErrorBody),
        (status = 422, description = "Invalid parameter", body = ValidationErrorBody),
        (status = 500, description = "Internal server error", body = ErrorBody),
    )
)]
pub async fn meal_alternatives(
    state: web::Data<AppState>,
    req: HttpRequest,
    caller: MealCaller,
) -> Result<web::Json<Vec<AlternativeResponse>>, ApiError> {
    let mut p = Params::new(&req);
    let id = p.path_int("meal_detail_id");
    let limit = p.optional_query("limit", int_in_range_str(1, 20));
    let (id, limit) = p.finish(|| Some((id?, limit?.unwrap_or(5))))?;
    let alternatives = state
        .plans
        .alternatives(caller.0, id, limit as usize)
        .await
        .map_err(plan_error)?;
    Ok(web::Json(alternatives.iter().map(Into::into).collect()))
}
