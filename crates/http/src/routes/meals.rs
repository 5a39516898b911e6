//! One meal of a plan: read it, swap its recipe, tick it off, list
//! alternatives.

use actix_web::{HttpRequest, web};
use mealplan_app::{Alternative, MealView};
use mealplan_domain::{MealStatus, Nutrition};
use serde::Serialize;
use utoipa::ToSchema;

use crate::AppState;
use crate::auth::MealCaller;
use crate::error::{ApiError, ErrorBody, ValidationErrorBody};
use crate::routes::plans::plan_error;
use crate::routes::recipes::RecipeResponse;
use crate::validate::{Params, Problem, int_in_range_str, parse_int_str};

/// A meal of a plan (spec 2.4).
#[derive(Debug, Serialize, ToSchema)]
pub struct MealDetailResponse {
    /// Meal detail id.
    pub id: i64,
    /// Recipe currently assigned.
    pub recipe_id: i64,
    /// Order in the day, 1-6.
    pub schedule: u8,
    /// 0 pending, 1 completed.
    pub status: i64,
    /// `breakfast`, `lunch`, `dinner` or `snack`.
    pub meal_type: &'static str,
    /// The recipe, its nutrition that of the portion served (`servings`
    /// servings); `/api/recipes` shows one serving.
    pub recipe: RecipeResponse,
    /// Portion, in servings of the recipe (generated plans scale portions
    /// to meet the targets; 1 otherwise).
    pub servings: f64,
}

impl From<&MealView> for MealDetailResponse {
    fn from(v: &MealView) -> Self {
        Self {
            id: v.meal.id,
            recipe_id: v.meal.recipe_id,
            schedule: v.meal.schedule,
            status: v.meal.status.code(),
            meal_type: v.meal.meal_type.as_str(),
            recipe: RecipeResponse::served(&v.recipe, v.meal.servings),
            servings: v.meal.servings,
        }
    }
}

/// Whole-number nutrition totals.
#[derive(Debug, Serialize, ToSchema)]
pub struct Totals {
    /// kcal.
    pub calories: i64,
    /// g.
    pub protein: i64,
    /// g.
    pub carbs: i64,
    /// g.
    pub fat: i64,
}

impl From<Nutrition> for Totals {
    fn from(n: Nutrition) -> Self {
        let r = |v: f64| v.round() as i64;
        Self {
            calories: r(n.calories),
            protein: r(n.protein),
            carbs: r(n.carbs),
            fat: r(n.fat),
        }
    }
}

/// A replacement candidate for a meal.
#[derive(Debug, Serialize, ToSchema)]
pub struct AlternativeResponse {
    /// The candidate recipe.
    pub recipe: RecipeResponse,
    /// The day's planned totals with the candidate in place.
    pub day_totals: Totals,
    /// Candidate minus current recipe.
    pub change: Totals,
}

impl From<&Alternative> for AlternativeResponse {
    fn from(a: &Alternative) -> Self {
        Self {
            recipe: (&a.recipe).into(),
            day_totals: a.day_totals.into(),
            change: a.change.into(),
        }
    }
}

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
