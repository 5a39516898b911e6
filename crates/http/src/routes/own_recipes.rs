//! One's own recipes: add them (the project's shape or schema.org JSON-LD,
//! one or many), place their lines, delete them, and export any recipe as
//! schema.org JSON-LD with its nutrition.

use actix_web::{HttpRequest, HttpResponse, web};
use mealplan_app::{LineEdit, OwnRecipeError};
use mealplan_domain::{MealType, OwnRecipe, Recipe, is_own_recipe_id};
use serde::Serialize;
use serde_json::{Value, json};
use utoipa::ToSchema;

use crate::AppState;
use crate::auth::{CurrentUser, Viewer};
use crate::error::{ApiError, ErrorBody, ErrorEntry, Loc, ValidationErrorBody};
use crate::recipe_import::{self, Import};
use crate::routes::errors::own_recipe_error;
use crate::routes::responses::OwnRecipeResponse;
use crate::schema::{MealTypeName, field};
use crate::validate::{Errors, Params, Problem, RecipeBody, integer};

/// A recipe in the project's own shape (or send schema.org `Recipe`
/// JSON-LD: one object, a list, or an `@graph`).
#[derive(ToSchema)]
pub struct OwnRecipeBody {
    /// Dish name (1 to 200 characters; kept as text).
    #[schema(schema_with = field::recipe_name)]
    pub name: String,
    /// Servings the lines make, 1 to 100.
    #[schema(minimum = 1, maximum = 100)]
    pub servings: u32,
    /// Ingredient lines as a cook writes them (1 to 500).
    #[schema(schema_with = field::recipe_lines)]
    pub ingredients: Vec<String>,
    /// Steps, in order.
    #[schema(schema_with = field::recipe_steps)]
    pub steps: Option<Vec<String>>,
    /// breakfast, lunch, dinner or snack; none: `needs_review`.
    pub meal_types: Option<Vec<String>>,
    /// Preparation, minutes (at most a week).
    #[schema(minimum = 0, maximum = 10080)]
    pub prep_minutes: Option<u32>,
    /// Cooking, minutes (at most a week).
    #[schema(minimum = 0, maximum = 10080)]
    pub cook_minutes: Option<u32>,
}

/// One line placed by hand: its food, its grams, or both.
#[derive(ToSchema)]
pub struct LineEditBody {
    /// The line's number, as in the recipe's `lines`.
    #[schema(minimum = 0, maximum = 499)]
    pub line: u32,
    /// The SR28 food (NDB number) the line is: one of SR28's foods, whose
    /// numbers run from 1001 to 93600 (also as a string, "11252").
    #[schema(minimum = 1001, maximum = 93600)]
    pub ndb: Option<u32>,
    /// Its grams for the whole recipe, 0 to 100,000.
    #[schema(minimum = 0.0, maximum = 100000.0)]
    pub grams: Option<f64>,
}

/// What `PUT /api/recipes/{id}` changes.
#[derive(ToSchema)]
pub struct RecipeEditBody {
    /// Lines placed by hand.
    pub lines: Option<Vec<LineEditBody>>,
    /// breakfast, lunch, dinner or snack.
    #[schema(value_type = Option<Vec<MealTypeName>>)]
    pub meal_types: Option<Vec<String>>,
}

/// What became of one recipe of an import.
#[derive(Debug, Serialize, ToSchema)]
pub struct ImportedResponse {
    /// Its place in the list (or among the `@graph`'s recipes).
    pub index: usize,
    /// The recipe stored, when it was.
    pub recipe: Option<OwnRecipeResponse>,
    /// Why it was refused, when it was (nothing of it is stored).
    pub errors: Vec<ErrorEntry>,
}

/// The answer to an import of several recipes.
#[derive(Debug, Serialize, ToSchema)]
pub struct ImportResponse {
    /// Recipes stored.
    pub imported: usize,
    /// Recipes refused.
    pub failed: usize,
    /// Each recipe, in body order.
    pub results: Vec<ImportedResponse>,
}

fn answer(state: &AppState, own: &OwnRecipe) -> OwnRecipeResponse {
    OwnRecipeResponse::of(own, &state.recipes.sheet_of(own.recipe.clone(), 1.0))
}

fn entries(error: ApiError) -> Result<Vec<ErrorEntry>, ApiError> {
    match error {
        ApiError::Validation(entries) => Ok(entries),
        other => Err(other),
    }
}

/// Adds one's own recipes. The body is the project's shape or schema.org
/// `Recipe` JSON-LD (`name`, `recipeYield`, `recipeIngredient`,
/// `recipeInstructions` as texts, `HowToStep`s or `HowToSection`s,
/// `prepTime`, `cookTime`, `totalTime`, `recipeCategory`, `keywords`,
/// `nutrition` kept as `stated`). Each line is placed on an SR28 food, or
/// left for review with up to 5 candidates; nutrition and labels are
/// computed. One recipe: 201 with it. A list or an `@graph` of several:
/// 201 with each one's outcome (each stands or fails on its own), 422 when
/// none was stored. Bodies up to 2 MiB.
#[utoipa::path(
    post, path = "/api/recipes", tag = "recipes",
    security(("bearer" = [])),
    request_body = OwnRecipeBody,
    responses(
        (status = 201, description = "The recipe, or each recipe's outcome", body = OwnRecipeResponse),
        (status = 401, description = "Token missing, invalid or expired", body = ErrorBody),
        (status = 413, description = "Body over 2 MiB", body = ErrorBody),
        (status = 422, description = "Not a recipe, no ingredients, bad servings, over 500 lines or 2,000 recipes", body = ValidationErrorBody),
        (status = 500, description = "Internal server error", body = ErrorBody),
    )
)]
pub async fn add_recipes(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: RecipeBody,
) -> Result<HttpResponse, ApiError> {
    let owner = user.0.id;
    let body = body.0;
    match recipe_import::read(&body) {
        Import::One(Err(errors)) => Err(errors.into_error()),
        Import::One(Ok(draft)) => {
            let own = state
                .own_recipes
                .add(owner, draft)
                .await
                .map_err(|e| own_recipe_error(e, &["body".into()], &body))?;
            Ok(HttpResponse::Created().json(answer(&state, &own)))
        }
        Import::Many(items) => {
            // Drafts that read are stored in one write; each recipe stands
            // or fails on its own.
            let mut drafts = Vec::new();
            let mut refused = Vec::new();
            for (index, item) in items.into_iter().enumerate() {
                match item {
                    Ok(draft) => drafts.push((index, draft)),
                    Err(errors) => refused.push((index, errors.into_entries())),
                }
            }
            let (indices, drafts): (Vec<usize>, Vec<_>) = drafts.into_iter().unzip();
            let stored = state
                .own_recipes
                .add_all(owner, drafts)
                .await
                .map_err(ApiError::store)?;
            let mut results: Vec<ImportedResponse> = refused
                .into_iter()
                .map(|(index, errors)| ImportedResponse {
                    index,
                    recipe: None,
                    errors,
                })
                .collect();
            for (index, outcome) in indices.into_iter().zip(stored) {
                let at = [Loc::from("body"), Loc::Index(index)];
                results.push(match outcome {
                    Ok(own) => ImportedResponse {
                        index,
                        recipe: Some(answer(&state, &own)),
                        errors: Vec::new(),
                    },
                    Err(e) => ImportedResponse {
                        index,
                        recipe: None,
                        errors: entries(own_recipe_error(e, &at, &Value::Null))?,
                    },
                });
            }
            results.sort_by_key(|r| r.index);
            let imported = results.iter().filter(|r| r.recipe.is_some()).count();
            if imported == 0 {
                let mut all: Vec<ErrorEntry> = results.into_iter().flat_map(|r| r.errors).collect();
                if all.is_empty() {
                    let mut e = Errors::default();
                    e.push(
                        vec!["body".into()],
                        &body,
                        Problem::value_error("no recipe to import"),
                    );
                    all = e.into_entries();
                }
                return Err(ApiError::Validation(all));
            }
            Ok(HttpResponse::Created().json(ImportResponse {
                imported,
                failed: results.len() - imported,
                results,
            }))
        }
    }
}

/// One edit of a line: `{"line": 2, "ndb": "11252", "grams": 300}`.
fn read_edit(item: &Value, i: usize, errors: &mut Errors) -> Option<LineEdit> {
    let loc = |field: &str| {
        vec![
            Loc::from("body"),
            Loc::from("lines"),
            Loc::Index(i),
            Loc::from(field),
        ]
    };
    // Whole numbers laxly, as Pydantic reads an `int` ("2", 2.0).
    let line = match item.get("line").map(integer) {
        Some(Ok(n)) if n < 0 => {
            errors.push(loc("line"), &item["line"], Problem::ge(0));
            None
        }
        Some(Ok(n)) => usize::try_from(n).ok(),
        Some(Err(problem)) => {
            errors.push(loc("line"), &item["line"], problem);
            None
        }
        None => {
            errors.push(loc("line"), &Value::Null, Problem::missing());
            None
        }
    };
    let ndb = match item.get("ndb") {
        None | Some(Value::Null) => Some(None),
        Some(v) => match integer(v).ok().and_then(|n| u32::try_from(n).ok()) {
            Some(n) => Some(Some(n)),
            None => {
                errors.push(
                    loc("ndb"),
                    v,
                    Problem::value_error("an SR28 NDB number is expected"),
                );
                None
            }
        },
    };
    let grams = match item.get("grams") {
        None | Some(Value::Null) => Some(None),
        Some(v) => match v.as_f64() {
            Some(g) if (0.0..=100_000.0).contains(&g) => Some(Some(g)),
            Some(g) if g < 0.0 => {
                errors.push(loc("grams"), v, Problem::ge_float(0.0));
                None
            }
            Some(_) => {
                errors.push(loc("grams"), v, Problem::le_float(100_000.0));
                None
            }
            None => {
                errors.push(loc("grams"), v, Problem::float_type());
                None
            }
        },
    };
    let (line, ndb, grams) = (line?, ndb?, grams?);
    if ndb.is_none() && grams.is_none() {
        errors.push(
            vec![Loc::from("body"), Loc::from("lines"), Loc::Index(i)],
            item,
            Problem::value_error("give the line's ndb, its grams, or both"),
        );
        return None;
    }
    Some(LineEdit { line, ndb, grams })
}

/// Places lines of one's own recipe on the foods (SR28 NDB numbers) and
/// grams given, and sets its meal types; nutrition and labels computed
/// again. Body: `{"lines": [{"line": 0, "ndb": "11252", "grams": 300}],
/// "meal_types": ["dinner"]}` (either member may be left out). The recipe
/// is `ready` once every line is placed and it has a meal type.
#[utoipa::path(
    put, path = "/api/recipes/{recipe_id}", tag = "recipes",
    security(("bearer" = [])),
    params(("recipe_id" = i64, Path, description = "Recipe id")),
    request_body = RecipeEditBody,
    responses(
        (status = 200, description = "The recipe, computed again", body = OwnRecipeResponse),
        (status = 401, description = "Token missing, invalid or expired", body = ErrorBody),
        (status = 404, description = "No such recipe of the caller's", body = ErrorBody),
        (status = 422, description = "Invalid line, food or grams", body = ValidationErrorBody),
        (status = 500, description = "Internal server error", body = ErrorBody),
    )
)]
pub async fn edit_recipe(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: CurrentUser,
    body: crate::validate::RawJson,
) -> Result<web::Json<OwnRecipeResponse>, ApiError> {
    let mut p = Params::new(&req);
    let id = p.path_int("recipe_id");
    let id = p.finish(|| id)?;
    // Only one's own recipe is edited: anything else is 404 whatever the
    // body holds.
    state
        .own_recipes
        .get(Some(user.0.id), id)
        .await
        .map_err(|e| own_recipe_error(e, &["path".into()], &id.into()))?;
    let body = body.value;
    let mut errors = Errors::default();
    if !body.is_object() {
        errors.push(
            vec!["body".into()],
            &body,
            Problem::model_type("RecipeEdit"),
        );
        return Err(errors.into_error());
    }
    let edits: Vec<LineEdit> = match body.get("lines") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(items)) => items
            .iter()
            .enumerate()
            .filter_map(|(i, item)| read_edit(item, i, &mut errors))
            .collect(),
        Some(other) => {
            errors.push(
                vec!["body".into(), "lines".into()],
                other,
                Problem::list_type(),
            );
            Vec::new()
        }
    };
    let meal_types = match body.get("meal_types") {
        None | Some(Value::Null) => None,
        Some(Value::Array(items)) => {
            let mut out = Vec::new();
            for (i, item) in items.iter().enumerate() {
                match item.as_str().map(|s| MealType::parse(&s.to_lowercase())) {
                    Some(Ok(m)) if !out.contains(&m) => out.push(m),
                    Some(Ok(_)) => {}
                    _ => errors.push(
                        vec!["body".into(), "meal_types".into(), Loc::Index(i)],
                        item,
                        Problem::one_of(&["breakfast", "lunch", "dinner", "snack"]),
                    ),
                }
            }
            Some(out)
        }
        Some(other) => {
            errors.push(
                vec!["body".into(), "meal_types".into()],
                other,
                Problem::list_type(),
            );
            None
        }
    };
    if !errors.is_empty() {
        return Err(errors.into_error());
    }
    let own = state
        .own_recipes
        .edit(user.0.id, id, &edits, meal_types)
        .await
        .map_err(|e| own_recipe_error(e, &["body".into()], &body))?;
    Ok(web::Json(answer(&state, &own)))
}

/// Deletes one's own recipe: gone from lists, search and the planner;
/// plans that used it keep it as it was.
#[utoipa::path(
    delete, path = "/api/recipes/{recipe_id}", tag = "recipes",
    security(("bearer" = [])),
    params(("recipe_id" = i64, Path, description = "Recipe id")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 401, description = "Token missing, invalid or expired", body = ErrorBody),
        (status = 404, description = "No such recipe of the caller's", body = ErrorBody),
        (status = 422, description = "Invalid id", body = ValidationErrorBody),
        (status = 500, description = "Internal server error", body = ErrorBody),
    )
)]
pub async fn delete_recipe(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: CurrentUser,
) -> Result<HttpResponse, ApiError> {
    let mut p = Params::new(&req);
    let id = p.path_int("recipe_id");
    let id = p.finish(|| id)?;
    state
        .own_recipes
        .delete(user.0.id, id)
        .await
        .map_err(|e| own_recipe_error(e, &["path".into()], &Value::from(id)))?;
    Ok(HttpResponse::NoContent().finish())
}

/// `PT…M` of `minutes`.
fn iso(minutes: u32) -> String {
    format!("PT{minutes}M")
}

/// A recipe as schema.org `Recipe` JSON-LD, its nutrition per serving as
/// a `NutritionInformation` block ("520 kcal", "31 g"), as Mealie and
/// Tandoor import it.
pub fn json_ld(recipe: &Recipe, servings: u32, lines: &[String], keywords: &[String]) -> Value {
    let n = recipe.nutrition();
    let g = |v: f64| format!("{} g", (v.max(0.0) * 10.0).round() / 10.0);
    let card = &recipe.card;
    json!({
        "@context": "https://schema.org",
        "@type": "Recipe",
        "name": recipe.name,
        "recipeYield": format!("{servings} servings"),
        "recipeIngredient": lines,
        "recipeInstructions": card.steps.iter().map(|s| json!({"@type": "HowToStep", "text": s})).collect::<Vec<_>>(),
        "prepTime": iso(card.prep_minutes),
        "cookTime": iso(card.cook_minutes),
        "totalTime": iso(card.prep_minutes + card.cook_minutes),
        "recipeCategory": recipe.meal_types().iter().map(|m| m.as_str()).collect::<Vec<_>>(),
        "keywords": keywords.join(", "),
        "nutrition": {
            "@type": "NutritionInformation",
            "servingSize": "1 serving",
            "calories": format!("{} kcal", n.calories.max(0.0).round()),
            "proteinContent": g(n.protein),
            "carbohydrateContent": g(n.carbs),
            "fatContent": g(n.fat),
            "fiberContent": g(n.fiber),
            "sugarContent": g(n.sugar),
            "saturatedFatContent": g(card.saturated_fat),
            "sodiumContent": format!("{} mg", card.sodium.max(0.0).round()),
        },
    })
}

/// A recipe as schema.org `Recipe` JSON-LD with a `nutrition` block
/// (`NutritionInformation`: `calories` "520 kcal", `proteinContent`
/// "31 g", …), to import into Mealie, Tandoor or any app that reads it.
/// One's own recipes (with their lines as written) to their owner only.
#[utoipa::path(
    get, path = "/api/recipes/{recipe_id}/jsonld", tag = "recipes",
    params(("recipe_id" = i64, Path, description = "Recipe id")),
    responses(
        (status = 200, description = "schema.org Recipe JSON-LD", content_type = "application/ld+json"),
        (status = 404, description = "Recipe not found", body = ErrorBody),
        (status = 422, description = "Invalid id", body = ValidationErrorBody),
        (status = 500, description = "Internal server error", body = ErrorBody),
    )
)]
pub async fn recipe_json_ld(
    state: web::Data<AppState>,
    req: HttpRequest,
    viewer: Viewer,
) -> Result<HttpResponse, ApiError> {
    let mut p = Params::new(&req);
    let id = p.path_int("recipe_id");
    let id = p.finish(|| id)?;
    let doc = if is_own_recipe_id(id) {
        let own = state
            .own_recipes
            .get(viewer.0, id)
            .await
            .map_err(|e: OwnRecipeError| own_recipe_error(e, &["path".into()], &Value::from(id)))?;
        let lines: Vec<String> = own.lines.iter().map(|l| l.text.clone()).collect();
        json_ld(&own.recipe, own.servings, &lines, &own.keywords)
    } else {
        let sheet = state
            .recipes
            .sheet(id)
            .await
            .map_err(ApiError::store)?
            .ok_or(ApiError::NotFound("Recipe not found"))?;
        let lines: Vec<String> = sheet
            .lines
            .iter()
            .map(|l| format!("{} {}", l.display, l.name))
            .collect();
        let mut recipe = sheet.recipe.clone();
        recipe.card.steps = sheet.steps.clone();
        json_ld(&recipe, 1, &lines, &recipe.tastes)
    };
    Ok(HttpResponse::Ok()
        .content_type("application/ld+json")
        .json(doc))
}
