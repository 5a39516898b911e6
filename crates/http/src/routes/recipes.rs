//! The recipe catalogue and similar recipes.

use actix_web::{HttpRequest, web};
use mealplan_app::{RecipeQuery, RecipeSheet};
use mealplan_domain::{DietType, MealType};
use serde::Serialize;
use utoipa::openapi::schema::Object;
use utoipa::{IntoParams, ToSchema};

use crate::AppState;
use crate::auth::CurrentUser;
use crate::error::{ApiError, ErrorBody, ValidationErrorBody};
use crate::routes::errors::plan_error;
use crate::routes::responses::recipe::whole;
use crate::routes::responses::{
    MicronutrientAmount, RecipeResponse, ServedRecipeResponse, amounts,
};
pub use crate::routes::responses::{public_link, set_public_base_url};
use crate::schema::{DietTypeName, MealTypeName, field};
use crate::validate::{
    FromQuery, Params, Problem, int_in_range_str, meal_type_param, parse_int_str,
};

/// One ingredient of a recipe with its household measure.
#[derive(Debug, Serialize, ToSchema)]
pub struct IngredientLineResponse {
    /// Ingredient (as in `ingredients`).
    pub name: String,
    /// Grams in one serving (grains, pasta, legumes, meat and fish: cooked
    /// weight).
    pub grams: f64,
    /// Household measure when one makes sense (`2 eggs`, `1 tbsp`,
    /// `250 ml`, `⅔ cup`); `null` for things weighed only.
    pub measure: Option<String>,
    /// Grams, measure and notes as a cook reads them: `100 g (2 eggs)`,
    /// `150 g cooked (¾ cup; from 50 g dry)`.
    pub display: String,
}

/// One recipe: the spec's 2.5 members plus what a cook needs. Extra
/// nutrients are per serving.
#[derive(Debug, Serialize, ToSchema)]
pub struct RecipeDetailResponse {
    /// The recipe as listed.
    #[serde(flatten)]
    pub recipe: RecipeResponse,
    /// Ingredients in recipe order, with grams and household measures.
    pub ingredient_lines: Vec<IngredientLineResponse>,
    /// Numbered steps, in order, with the recipe's amounts written in.
    pub steps: Vec<String>,
    /// Hands-on preparation, minutes.
    pub prep_minutes: u32,
    /// Time on the stove or in the oven, minutes.
    pub cook_minutes: u32,
    /// Fibre, g (one decimal).
    pub fiber: f64,
    /// Sugars, g (one decimal).
    pub sugar: f64,
    /// Saturated fat, g (one decimal; USDA SR28).
    pub saturated_fat: f64,
    /// Sodium, mg (USDA SR28).
    pub sodium: i64,
    /// Calcium, iron, magnesium, potassium, zinc, vitamins A, C, D and
    /// B12 and folate of one serving (USDA SR28).
    pub micronutrients: Vec<MicronutrientAmount>,
}

fn tenths(v: f64) -> f64 {
    (v.max(0.0) * 10.0).round() / 10.0
}

impl From<&RecipeSheet> for RecipeDetailResponse {
    fn from(sheet: &RecipeSheet) -> Self {
        let r = &sheet.recipe;
        Self {
            recipe: r.into(),
            ingredient_lines: sheet
                .lines
                .iter()
                .map(|l| IngredientLineResponse {
                    name: l.name.clone(),
                    grams: tenths(l.grams),
                    measure: l.measure.clone(),
                    display: l.display.clone(),
                })
                .collect(),
            steps: sheet.steps.clone(),
            prep_minutes: r.card.prep_minutes,
            cook_minutes: r.card.cook_minutes,
            fiber: tenths(r.nutrition().fiber),
            sugar: tenths(r.nutrition().sugar),
            saturated_fat: tenths(r.card.saturated_fat),
            sodium: whole(r.card.sodium),
            micronutrients: amounts(&r.card.micronutrients),
        }
    }
}

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

/// Search and filter the recipe catalogue.
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
    let page = state
        .recipes
        .search(&query)
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
/// steps, times and per-serving fibre, sugar, saturated fat, sodium and
/// micronutrients.
/// `recipe_url` names its printable page.
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
) -> Result<web::Json<RecipeDetailResponse>, ApiError> {
    let mut p = Params::new(&req);
    let id = p.path_int("recipe_id");
    let id = p.finish(|| id)?;
    let sheet = state.recipes.sheet(id).await.map_err(ApiError::store)?;
    sheet
        .map(|s| web::Json((&s).into()))
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
