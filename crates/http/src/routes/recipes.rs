//! The recipe catalogue and similar recipes.

use actix_web::{HttpRequest, HttpResponse, web};
use mealplan_app::RecipeQuery;
use mealplan_domain::{DietType, MealType};
use serde::Serialize;
use utoipa::openapi::schema::Object;
use utoipa::{IntoParams, ToSchema};

use crate::AppState;
use crate::auth::{CurrentUser, Viewer};
use crate::error::{ApiError, ErrorBody, ValidationErrorBody};
use crate::routes::errors::{own_recipe_error, plan_error};
use crate::routes::responses::{
    OwnRecipeResponse, RecipeDetailResponse, RecipeResponse, ServedRecipeResponse,
};
pub use crate::routes::responses::{public_link, set_public_base_url};
use crate::schema::{DietTypeName, MealTypeName, field};
use crate::validate::{
    FromQuery, Params, Problem, int_in_range_str, meal_type_param, parse_int_str,
};

/// A page of recipes.
#[derive(Debug, Serialize, ToSchema)]
pub struct RecipePageResponse {
    /// All matches before paging.
    pub total: usize,
    /// Page size asked for.
    pub limit: usize,
    /// Matches skipped.
    pub offset: usize,
    /// This page.
    pub items: Vec<RecipeResponse>,
}

/// The query of a catalogue search.
#[derive(IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RecipeSearch {
    /// Text in the name or an ingredient
    q: Option<String>,
    /// breakfast, lunch, dinner or snack
    #[param(value_type = Option<MealTypeName>)]
    meal_type: Option<MealType>,
    /// One of the 7 diet types
    #[param(value_type = Option<DietTypeName>)]
    diet_type: Option<DietType>,
    /// Leave out recipes this restriction forbids (e.g. `nut allergy`)
    restriction: Option<String>,
    #[param(schema_with = page_size_schema, required = false)]
    limit: usize,
    #[param(schema_with = offset_schema, required = false)]
    offset: usize,
}

/// Page sizes of a catalogue search.
const PAGE_SIZES: (i64, i64) = (1, 100);
/// The page size when none is asked for.
const DEFAULT_PAGE_SIZE: usize = 20;

/// `limit` (its description goes in the schema: utoipa drops a
/// parameter's doc comment when `schema_with` gives its schema).
fn page_size_schema() -> Object {
    field::described(
        field::int(PAGE_SIZES),
        &format!("Page size (default {DEFAULT_PAGE_SIZE})"),
    )
}

/// `offset`.
fn offset_schema() -> Object {
    field::described(
        field::int((0, 0)).maximum(None::<i64>),
        "Matches to skip (default 0)",
    )
}

impl FromQuery for RecipeSearch {
    fn from_query(p: &mut Params<'_>) -> Option<Self> {
        let q = p.optional_query("q", |raw| Ok(raw.to_owned()));
        let meal_type = p.optional_query("meal_type", meal_type_param);
        let diet_type = p.optional_query("diet_type", |raw| {
            DietType::parse(raw).map_err(Problem::from)
        });
        let restriction = p.optional_query("restriction", |raw| Ok(raw.trim().to_lowercase()));
        let limit = p.optional_query("limit", int_in_range_str(PAGE_SIZES.0, PAGE_SIZES.1));
        let offset = p.optional_query("offset", int_in_range_str(0, i64::MAX));
        Some(Self {
            q: q?,
            meal_type: meal_type?,
            diet_type: diet_type?,
            restriction: restriction?.filter(|r| !r.is_empty()),
            limit: limit?.map_or(DEFAULT_PAGE_SIZE, |n| n as usize),
            offset: offset?.unwrap_or(0) as usize,
        })
    }
}

/// Search and filter the recipe catalogue; with a token, the caller's own
/// recipes too (after the catalogue's).
#[utoipa::path(
    get, path = "/api/recipes", tag = "recipes",
    params(RecipeSearch),
    responses(
        (status = 200, description = "A page of recipes", body = RecipePageResponse),
        (status = 422, description = "Invalid query parameter", body = ValidationErrorBody),
        (status = 500, description = "Internal server error", body = ErrorBody),
    )
)]
pub async fn list_recipes(
    state: web::Data<AppState>,
    req: HttpRequest,
    viewer: Viewer,
) -> Result<web::Json<RecipePageResponse>, ApiError> {
    let mut p = Params::new(&req);
    let search = p.read::<RecipeSearch>();
    let search = p.finish(|| search)?;
    let query = RecipeQuery {
        text: search.q,
        meal_type: search.meal_type,
        diet_type: search.diet_type,
        restriction: search.restriction,
        limit: search.limit,
        offset: search.offset,
    };
    // A caller who sends a token finds their own recipes too.
    let own: Vec<mealplan_domain::Recipe> = match viewer.0 {
        Some(user) => state
            .own_recipes
            .list(user)
            .await
            .map_err(ApiError::store)?
            .into_iter()
            .map(|o| o.recipe)
            .collect(),
        None => Vec::new(),
    };
    let page = state
        .recipes
        .search_with(&query, &own)
        .await
        .map_err(ApiError::store)?;
    Ok(web::Json(RecipePageResponse {
        total: page.total,
        limit: query.limit,
        offset: query.offset,
        items: page.items.iter().map(Into::into).collect(),
    }))
}

/// One recipe, with ingredient lines (grams and household measures),
/// steps, times and per-serving fibre, sugar, saturated fat and sodium.
/// `recipe_url` names its printable page. One's own recipe (ids above
/// 1,000,000,000) answers its owner only, with `owner`, `status` and each
/// line's food (`OwnRecipeResponse`); anyone else gets 404.
#[utoipa::path(
    get, path = "/api/recipes/{recipe_id}", tag = "recipes",
    params(("recipe_id" = i64, Path, description = "Recipe id")),
    responses(
        (status = 200, description = "The recipe", body = RecipeDetailResponse),
        (status = 404, description = "Recipe not found", body = ErrorBody),
        (status = 422, description = "Invalid id", body = ValidationErrorBody),
        (status = 500, description = "Internal server error", body = ErrorBody),
    )
)]
pub async fn get_recipe(
    state: web::Data<AppState>,
    req: HttpRequest,
    viewer: Viewer,
) -> Result<HttpResponse, ApiError> {
    let mut p = Params::new(&req);
    let id = p.path_int("recipe_id");
    let id = p.finish(|| id)?;
    if mealplan_domain::is_own_recipe_id(id) {
        let own = state
            .own_recipes
            .get(viewer.0, id)
            .await
            .map_err(|e| own_recipe_error(e, &["path".into()], &id.into()))?;
        let sheet = state.recipes.sheet_of(own.recipe.clone(), 1.0);
        return Ok(HttpResponse::Ok().json(OwnRecipeResponse::of(&own, &sheet)));
    }
    let sheet = state.recipes.sheet(id).await.map_err(ApiError::store)?;
    sheet
        .map(|s| HttpResponse::Ok().json(RecipeDetailResponse::from(&s)))
        .ok_or(ApiError::NotFound("Recipe not found"))
}

/// The query of a similar-recipe search (the original's ML swap).
#[derive(IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SimilarQuery {
    /// The recipe to replace
    recipe_id: i64,
    /// breakfast, lunch, dinner or snack
    #[param(value_type = MealTypeName)]
    meal_label: MealType,
    #[param(schema_with = n_search_schema, required = false)]
    n_search: Option<i64>,
}

/// What `n_search` the original accepted.
const N_SEARCH: (i64, i64) = (1, 1000);

/// `n_search`.
fn n_search_schema() -> Object {
    field::described(
        field::int(N_SEARCH),
        "Accepted for compatibility; the nearest fitting recipe is always returned",
    )
}

impl FromQuery for SimilarQuery {
    fn from_query(p: &mut Params<'_>) -> Option<Self> {
        let recipe_id = p.query("recipe_id", parse_int_str);
        let meal_label = p.query("meal_label", meal_type_param);
        let n_search = p.optional_query("n_search", int_in_range_str(N_SEARCH.0, N_SEARCH.1));
        Some(Self {
            recipe_id: recipe_id?,
            meal_label: meal_label?,
            n_search: n_search?,
        })
    }
}

/// A recipe like the given one, for a meal type, that fits the caller.
#[utoipa::path(
    post, path = "/api/ml/swap-recipe", tag = "recipes",
    security(("bearer" = [])),
    params(SimilarQuery),
    responses(
        (status = 200, description = "The nearest fitting recipe, its nutrition at the portion of the meal it would replace", body = ServedRecipeResponse),
        (status = 401, description = "Token missing, invalid or expired", body = ErrorBody),
        (status = 404, description = "Recipe not found, or no similar recipe", body = ErrorBody),
        (status = 422, description = "Invalid parameter", body = ValidationErrorBody),
        (status = 500, description = "Internal server error", body = ErrorBody),
    )
)]
pub async fn similar_recipe(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: CurrentUser,
) -> Result<web::Json<ServedRecipeResponse>, ApiError> {
    let mut p = Params::new(&req);
    let query = p.read::<SimilarQuery>();
    let SimilarQuery {
        recipe_id,
        meal_label: meal_type,
        n_search,
    } = p.finish(|| query)?;
    // Checked as the original did, but the nearest recipe is always the one.
    let _ = n_search;
    let (recipe, servings) = state
        .meals
        .similar(user.0.id, recipe_id, meal_type)
        .await
        .map_err(plan_error)?;
    Ok(web::Json(ServedRecipeResponse {
        recipe: RecipeResponse::served(&recipe, servings),
        servings,
    }))
}
