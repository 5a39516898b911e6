//! The original API's remaining plan routes: read one day of a plan, add a
//! day to a plan, add a meal to a day. They follow the meal-detail access
//! policy (`MealCaller`): without a token any plan is open (policy
//! `optional`), with one only the caller's own.

use actix_web::{HttpRequest, web};
use mealplan_app::{DayView, MenuError};
use mealplan_domain::{MealStatus, MealType};
use mealplan_ports::{NewDay, NewMeal};
use serde_json::{Number, Value};
use utoipa::ToSchema;

use crate::AppState;
use crate::auth::MealCaller;
use crate::error::{ApiError, ErrorBody, Loc, ValidationErrorBody};
use crate::routes::plans::MealDetailRequest;
use crate::routes::responses::{DailyMenuResponse, MealDetailResponse};
use crate::schema::MealTypeName;
use crate::validate::{
    BodyFields, Errors, FromBody, JsonBody, Params, Problem, Problems, RawJson, choice,
    int_in_range, integer, item_field, list, number, validate_body, with_more_entries,
};

impl From<&DayView> for DailyMenuResponse {
    fn from(d: &DayView) -> Self {
        Self {
            id: d.id,
            day_of_week: d.day_of_week,
            meal_details: d.meals.iter().map(Into::into).collect(),
            fit: d.fit.as_ref().map(Into::into),
        }
    }
}

/// Field names of a new day's body in declaration order (the original's
/// model declares `day_of_week` before `plan_id`), for sorting entries.
const DAY_FIELDS: [&str; 8] = [
    "day_of_week",
    "plan_id",
    "meal_details",
    "recipe_id",
    "schedule",
    "status",
    "meal_type",
    "servings",
];

/// The value of `path` in the body as sent, for an entry's `input`.
fn sent(body: &Value, path: &[Loc]) -> Value {
    path.iter()
        .try_fold(body, |value, step| match step {
            Loc::Name(name) => value.get(name),
            Loc::Index(i) => value.get(i),
        })
        .cloned()
        .unwrap_or(Value::Null)
}

/// Adds a `value_error` entry at `path` below the body.
fn push_value_error(errors: &mut Errors, body: &Value, path: Vec<Loc>, reason: impl ToString) {
    let input = sent(body, &path);
    let mut loc = vec![Loc::from("body")];
    loc.extend(path);
    errors.push(loc, &input, Problem::value_error(reason.to_string()));
}

/// Adds an entry per (meal index, id) of a new day naming no recipe.
fn push_unknown_recipes(errors: &mut Errors, body: &Value, unknown: &[(usize, i64)]) {
    for (meal, id) in unknown {
        let path = vec!["meal_details".into(), Loc::Index(*meal), "recipe_id".into()];
        push_value_error(errors, body, path, format!("unknown recipe id {id}"));
    }
}

/// Maps a day or meal use-case error to its answer; `body` is the request
/// body as sent, echoed in 422 entries.
pub(crate) fn menu_error(error: MenuError, body: &Value) -> ApiError {
    let mut errors = Errors::default();
    match error {
        MenuError::PlanNotFound => return ApiError::NotFound("Plan not found"),
        MenuError::DayNotFound => return ApiError::NotFound("Daily menu not found"),
        MenuError::RecipeNotFound => return ApiError::NotFound("Recipe not found"),
        MenuError::Store(e) => return ApiError::internal(e),
        e @ MenuError::DayTaken { .. } => {
            push_value_error(&mut errors, body, vec!["day_of_week".into()], e)
        }
        e @ MenuError::ScheduleTaken { .. } => {
            push_value_error(&mut errors, body, vec!["schedule".into()], e)
        }
        e @ MenuError::DuplicateSchedule(meal, _) => {
            let path = vec!["meal_details".into(), Loc::Index(meal), "schedule".into()];
            push_value_error(&mut errors, body, path, e)
        }
        MenuError::UnknownRecipes(unknown) => push_unknown_recipes(&mut errors, body, &unknown),
    }
    errors.into_error()
}

/// 0 or 1, Pydantic's `Literal[0, 1]`.
fn meal_status(value: &Value) -> Result<MealStatus, Problem> {
    integer(value)
        .ok()
        .and_then(|n| MealStatus::from_code(n).ok())
        .ok_or_else(|| Problem::literal(&["0", "1"]))
}

/// A portion in servings, 0.25 to 10.
fn servings(value: &Value) -> Result<f64, Problem> {
    let n = number(value)?;
    if n < 0.25 {
        Err(Problem::ge(
            Number::from_f64(0.25).unwrap_or_else(|| 0.into()),
        ))
    } else if n > 10.0 {
        Err(Problem::le(10))
    } else {
        Ok(n)
    }
}

/// The meals of a new day, in request order; every problem of every item.
fn meals(value: &Value) -> Result<Vec<NewMeal>, Problems> {
    let mut problems = Vec::new();
    let mut out = Vec::new();
    let mut seen_schedules = Vec::new();
    for (m, item) in list(value)?.iter().enumerate() {
        let at = [Loc::Index(m)];
        let Value::Object(f) = item else {
            problems.push(Problem::model_type("MealDetailBase").below(at.to_vec(), item));
            continue;
        };
        let p = &mut problems;
        let recipe_id = item_field(f, item, &at, "recipe_id", p, integer);
        let schedule = item_field(f, item, &at, "schedule", p, int_in_range(1, 6));
        if let Some(s) = schedule {
            if seen_schedules.contains(&s) {
                p.push(
                    Problem::value_error(format!("duplicate schedule {s}"))
                        .below(vec![Loc::Index(m), "schedule".into()], &f["schedule"]),
                );
            }
            seen_schedules.push(s);
        }
        let status = item_field(f, item, &at, "status", p, meal_status);
        let meal_type = choice(MealType::parse, MealType::NAMES);
        let meal_type = item_field(f, item, &at, "meal_type", p, meal_type);
        let servings = match f.get("servings") {
            None | Some(Value::Null) => Some(1.0),
            Some(raw) => servings(raw)
                .map_err(|e| p.push(e.below(vec![Loc::Index(m), "servings".into()], raw)))
                .ok(),
        };
        if let (Some(recipe_id), Some(schedule), Some(status), Some(meal_type), Some(servings)) =
            (recipe_id, schedule, status, meal_type, servings)
        {
            out.push(NewMeal {
                recipe_id,
                schedule: schedule as u8,
                status,
                meal_type,
                servings,
            });
        }
    }
    if problems.is_empty() {
        Ok(out)
    } else {
        Err(Problems(problems))
    }
}

/// A validated new day.
pub struct DayBody {
    plan_id: i64,
    day: NewDay,
}

impl FromBody for DayBody {
    fn from_fields(f: &mut BodyFields<'_>) -> Option<Self> {
        let day_of_week = f.required("day_of_week", int_in_range(1, 7));
        let plan_id = f.required("plan_id", integer);
        let meals = f.defaulted("meal_details", meals);
        Some(Self {
            plan_id: plan_id?,
            day: NewDay {
                day_of_week: day_of_week? as u8,
                meals: meals?.unwrap_or_default(),
            },
        })
    }
}

/// Every (meal index, recipe id) of a new day's body whose `recipe_id`
/// reads as an integer, however broken the rest of the body.
fn sent_recipe_ids(body: &Value) -> Vec<(usize, i64)> {
    body.get("meal_details")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .enumerate()
        .filter_map(|(m, meal)| integer(meal.get("recipe_id")?).ok().map(|id| (m, id)))
        .collect()
}

/// A day to add to a plan.
#[derive(ToSchema)]
#[allow(dead_code)] // documents the body; validation is in `FromBody`
pub struct DailyMenuCreateRequest {
    /// 1 (Monday) to 7; the plan must not have this day yet.
    #[schema(minimum = 1, maximum = 7)]
    day_of_week: i64,
    /// The plan to add the day to.
    plan_id: i64,
    /// Meals, each schedule at most once (default none).
    #[serde(default)]
    meal_details: Vec<MealDetailRequest>,
}

/// A meal to add to a day.
#[derive(ToSchema)]
#[allow(dead_code)] // documents the body; validation is in `FromBody`
pub struct MealDetailCreateRequest {
    /// An existing recipe's id.
    recipe_id: i64,
    /// Order in the day; the day must not have a meal at it yet.
    #[schema(minimum = 1, maximum = 6)]
    schedule: i64,
    /// 0 pending, 1 completed.
    #[schema(minimum = 0, maximum = 1)]
    status: i64,
    /// `breakfast`, `lunch`, `dinner` or `snack`.
    #[schema(value_type = MealTypeName)]
    meal_type: String,
    /// The daily menu to add the meal to.
    daily_menu_id: i64,
    /// Portion in servings (default 1).
    #[schema(minimum = 0.25, maximum = 10)]
    servings: Option<f64>,
}

/// A validated new meal.
pub struct MealBody {
    daily_menu_id: i64,
    meal: NewMeal,
}

impl FromBody for MealBody {
    fn from_fields(f: &mut BodyFields<'_>) -> Option<Self> {
        let recipe_id = f.required("recipe_id", integer);
        let schedule = f.required("schedule", int_in_range(1, 6));
        let status = f.required("status", meal_status);
        let meal_type = f.required("meal_type", choice(MealType::parse, MealType::NAMES));
        let daily_menu_id = f.required("daily_menu_id", integer);
        let servings = f.optional("servings", servings);
        Some(Self {
            daily_menu_id: daily_menu_id?,
            meal: NewMeal {
                recipe_id: recipe_id?,
                schedule: schedule? as u8,
                status: status?,
                meal_type: meal_type?,
                servings: servings?.unwrap_or(1.0),
            },
        })
    }
}

/// One day of a plan with its meals.
#[utoipa::path(
    get, path = "/api/daily-menu/{daily_menu_id}", tag = "daily menus",
    params(("daily_menu_id" = i64, Path, description = "Daily menu id")),
    security((), ("bearer" = [])),
    responses(
        (status = 200, description = "The day, meals by schedule", body = DailyMenuResponse),
        (status = 401, description = "Invalid token (or none when MEAL_DETAIL_AUTH=required)", body = ErrorBody),
        (status = 404, description = "Daily menu not found", body = ErrorBody),
        (status = 422, description = "Invalid id", body = ValidationErrorBody),
        (status = 500, description = "Internal server error", body = ErrorBody),
    )
)]
pub async fn get_daily_menu(
    state: web::Data<AppState>,
    req: HttpRequest,
    caller: MealCaller,
) -> Result<web::Json<DailyMenuResponse>, ApiError> {
    let mut p = Params::new(&req);
    let id = p.path_int("daily_menu_id");
    let id = p.finish(|| id)?;
    let day = state
        .plans
        .daily_menu(caller.0, id)
        .await
        .map_err(|e| menu_error(e, &Value::Null))?;
    Ok(web::Json((&day).into()))
}

/// Add a day, with its meals, to a plan.
#[utoipa::path(
    post, path = "/api/daily-menu", tag = "daily menus",
    security((), ("bearer" = [])),
    request_body = DailyMenuCreateRequest,
    responses(
        (status = 200, description = "The new day, meals by schedule", body = DailyMenuResponse),
        (status = 401, description = "Invalid token (or none when MEAL_DETAIL_AUTH=required)", body = ErrorBody),
        (status = 404, description = "Plan not found", body = ErrorBody),
        (status = 413, description = "Body over 64 KiB", body = ErrorBody),
        (status = 422, description = "Invalid day, unknown recipe, or a day the plan has already", body = ValidationErrorBody),
        (status = 500, description = "Internal server error", body = ErrorBody),
    )
)]
pub async fn create_daily_menu(
    state: web::Data<AppState>,
    caller: MealCaller,
    body: RawJson,
) -> Result<web::Json<DailyMenuResponse>, ApiError> {
    let validated = validate_body::<DayBody>(&body.value, body.today);
    // Unknown recipes are reported beside every other problem, in order.
    let sent: Vec<(usize, usize, i64)> = sent_recipe_ids(&body.value)
        .into_iter()
        .map(|(m, id)| (0, m, id))
        .collect();
    let unknown: Vec<(usize, i64)> = state
        .plans
        .unknown_recipes(&sent)
        .await
        .map_err(ApiError::internal)?
        .into_iter()
        .map(|(_, m, id)| (m, id))
        .collect();
    let mut errors = Errors::default();
    push_unknown_recipes(&mut errors, &body.value, &unknown);
    let new = with_more_entries(validated, errors.into_entries(), &DAY_FIELDS)?;
    let day = state
        .plans
        .add_day(caller.0, new.plan_id, new.day)
        .await
        .map_err(|e| menu_error(e, &body.value))?;
    Ok(web::Json((&day).into()))
}

/// Add a meal to a day of a plan.
#[utoipa::path(
    post, path = "/meal-detail", tag = "meal details",
    security((), ("bearer" = [])),
    request_body = MealDetailCreateRequest,
    responses(
        (status = 200, description = "The new meal detail", body = MealDetailResponse),
        (status = 401, description = "Invalid token (or none when MEAL_DETAIL_AUTH=required)", body = ErrorBody),
        (status = 404, description = "Daily menu or recipe not found", body = ErrorBody),
        (status = 413, description = "Body over 64 KiB", body = ErrorBody),
        (status = 422, description = "Invalid meal, or a schedule the day has already", body = ValidationErrorBody),
        (status = 500, description = "Internal server error", body = ErrorBody),
    )
)]
pub async fn create_meal_detail(
    state: web::Data<AppState>,
    caller: MealCaller,
    body: JsonBody<MealBody>,
) -> Result<web::Json<MealDetailResponse>, ApiError> {
    let JsonBody { value: new, raw } = body;
    let meal = state
        .plans
        .add_meal(caller.0, new.daily_menu_id, new.meal)
        .await
        .map_err(|e| menu_error(e, &raw))?;
    Ok(web::Json((&meal).into()))
}
