//! The original API's remaining plan routes: read one day of a plan, add a
//! day to a plan, add a meal to a day. Each needs a token and touches only
//! the caller's own plans (whatever `MEAL_DETAIL_AUTH` says: the spec leaves
//! only a swap and a status change open).

use actix_web::{HttpRequest, web};
use mealplan_app::{DayView, MenuError};
use mealplan_domain::{DAY_OF_WEEK_RANGE, MealStatus, MealType, SCHEDULE_RANGE, SERVINGS_RANGE};
use mealplan_ports::{NewDay, NewMeal};
use serde_json::{Number, Value};
use utoipa::openapi::schema::{ArrayBuilder, Object, ObjectBuilder, Schema, Type};
use utoipa::openapi::{Ref, RefOr};
use utoipa::{PartialSchema, ToSchema};

use crate::AppState;
use crate::auth::CurrentUser;
use crate::error::{ApiError, ErrorBody, Loc, ValidationErrorBody};
use crate::routes::errors::breaks_rules;
use crate::routes::responses::{DailyMenuResponse, MealDetailResponse, amounts};
use crate::schema::{MealTypeName, field};
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
            micronutrients: d.fit.as_ref().map(|_| amounts(&d.micronutrients())),
            notes: d.notes.clone(),
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
        MenuError::Store(e) => return ApiError::store(e),
        MenuError::BreaksRules(refusal) => return breaks_rules(&refusal),
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

/// A portion in servings ([`SERVINGS_RANGE`]).
pub(crate) fn servings(value: &Value) -> Result<f64, Problem> {
    let n = number(value)?;
    let (low, high) = SERVINGS_RANGE;
    if n < low {
        Err(Problem::ge(limit(low)))
    } else if n > high {
        Err(Problem::le(limit(high)))
    } else {
        Ok(n)
    }
}

/// A limit as Pydantic words it: whole ones as integers (`ge=1`).
pub(crate) fn limit(x: f64) -> Number {
    if x.fract() == 0.0 {
        Number::from(x as i64)
    } else {
        Number::from_f64(x).unwrap_or_else(|| 0.into())
    }
}

/// A meal's position in its day ([`SCHEDULE_RANGE`]).
pub(crate) fn schedule(value: &Value) -> Result<i64, Problem> {
    int_in_range(SCHEDULE_RANGE.0, SCHEDULE_RANGE.1)(value)
}

/// The meals of a new day, in request order; every problem of every item.
fn meals(value: &Value) -> Result<Vec<NewMeal>, Problems> {
    let (out, problems) = meal_items(list(value)?, "MealDetailBase");
    if problems.is_empty() {
        Ok(out)
    } else {
        Err(Problems(problems))
    }
}

/// Reads the meal items of a day (`model` names an item's type in a
/// `model_type` error): the meals read whole, in request order, and every
/// problem of every item, placed below the list (`[index, field]`); no
/// schedule twice.
pub(crate) fn meal_items(items: &[Value], model: &'static str) -> (Vec<NewMeal>, Vec<Problem>) {
    let mut problems = Vec::new();
    let mut out = Vec::new();
    let mut seen_schedules = Vec::new();
    for (m, item) in items.iter().enumerate() {
        let at = [Loc::Index(m)];
        let Value::Object(f) = item else {
            problems.push(Problem::model_type(model).below(at.to_vec(), item));
            continue;
        };
        let p = &mut problems;
        let recipe_id = item_field(f, item, &at, "recipe_id", p, integer);
        let schedule = item_field(f, item, &at, "schedule", p, schedule);
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
                leftover_of: None,
                recipe_id,
                schedule: schedule as u8,
                status,
                meal_type,
                servings,
                portions: Vec::new(),
            });
        }
    }
    (out, problems)
}

/// A validated new day.
pub struct DayBody {
    plan_id: i64,
    day: NewDay,
}

impl FromBody for DayBody {
    fn from_fields(f: &mut BodyFields<'_>) -> Option<Self> {
        let day_of_week = f.required(
            "day_of_week",
            int_in_range(DAY_OF_WEEK_RANGE.0, DAY_OF_WEEK_RANGE.1),
        );
        let plan_id = f.required("plan_id", integer);
        let meals = f.defaulted("meal_details", meals);
        Some(Self {
            plan_id: plan_id?,
            day: NewDay {
                day_of_week: day_of_week? as u8,
                meals: meals?.unwrap_or_default(),
                notes: Vec::new(),
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

/// The schema of a meal of a request: one of a day's (`standalone` false)
/// or one added on its own, naming its day.
pub(crate) fn meal_schema(standalone: bool, title: &str) -> Object {
    let int = |text: &str| {
        field::described(
            field::int((i64::MIN, i64::MAX))
                .minimum(None::<i64>)
                .maximum(None::<i64>),
            text,
        )
    };
    let mut meal = ObjectBuilder::new()
        .schema_type(Type::Object)
        .description(Some(title))
        .property("recipe_id", int("An existing recipe's id."))
        .required("recipe_id")
        .property(
            "schedule",
            field::described(
                field::int(SCHEDULE_RANGE),
                if standalone {
                    "Order in the day; the day must not have a meal at it yet."
                } else {
                    "Order in the day."
                },
            ),
        )
        .required("schedule")
        .property(
            "status",
            field::described(field::int(MealStatus::CODES), "0 pending, 1 completed."),
        )
        .required("status")
        .property("meal_type", {
            let mut meal_type = Ref::from_schema_name(MealTypeName::name());
            meal_type.description = "`breakfast`, `lunch`, `dinner` or `snack`.".into();
            RefOr::Ref(meal_type)
        })
        .required("meal_type");
    if standalone {
        meal = meal
            .property("daily_menu_id", int("The daily menu to add the meal to."))
            .required("daily_menu_id");
    }
    meal.property(
        "servings",
        field::described(
            field::or_null(field::number(SERVINGS_RANGE), Type::Number),
            "Portion in servings (default 1).",
        ),
    )
    .build()
}

/// The schema of a day of a request: one of a plan's (`standalone`
/// false) or one added on its own, naming its plan.
pub(crate) fn day_schema(standalone: bool, title: &str) -> Object {
    let mut day = ObjectBuilder::new()
        .schema_type(Type::Object)
        .description(Some(title))
        .property(
            "day_of_week",
            field::described(
                field::int(DAY_OF_WEEK_RANGE),
                if standalone {
                    "1 (Monday) to 7; the plan must not have this day yet."
                } else {
                    "1 (Monday) to 7."
                },
            ),
        )
        .required("day_of_week");
    if standalone {
        day = day
            .property(
                "plan_id",
                field::described(
                    field::int((i64::MIN, i64::MAX))
                        .minimum(None::<i64>)
                        .maximum(None::<i64>),
                    "The plan to add the day to.",
                ),
            )
            .required("plan_id");
    }
    let meals = ArrayBuilder::new()
        .items(meal_schema(false, "One meal of a day."))
        .description(Some(if standalone {
            "Meals, each schedule at most once (default none)."
        } else {
            "Meals, each schedule at most once."
        }));
    let day = day.property("meal_details", meals);
    if standalone {
        day.build()
    } else {
        day.required("meal_details").build()
    }
}

/// The schemas a day or meal body refers to.
fn meal_type_schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
    schemas.push((MealTypeName::name().into_owned(), MealTypeName::schema()));
}

impl PartialSchema for DayBody {
    fn schema() -> RefOr<Schema> {
        day_schema(true, "A day to add to a plan.").into()
    }
}

impl ToSchema for DayBody {
    fn name() -> std::borrow::Cow<'static, str> {
        "DailyMenuCreateRequest".into()
    }

    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        meal_type_schemas(schemas);
    }
}

impl PartialSchema for MealBody {
    fn schema() -> RefOr<Schema> {
        meal_schema(true, "A meal to add to a day.").into()
    }
}

impl ToSchema for MealBody {
    fn name() -> std::borrow::Cow<'static, str> {
        "MealDetailCreateRequest".into()
    }

    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        meal_type_schemas(schemas);
    }
}

/// A validated new meal.
pub struct MealBody {
    daily_menu_id: i64,
    meal: NewMeal,
}

impl FromBody for MealBody {
    fn from_fields(f: &mut BodyFields<'_>) -> Option<Self> {
        let recipe_id = f.required("recipe_id", integer);
        let schedule = f.required("schedule", int_in_range(SCHEDULE_RANGE.0, SCHEDULE_RANGE.1));
        let status = f.required("status", meal_status);
        let meal_type = f.required("meal_type", choice(MealType::parse, MealType::NAMES));
        let daily_menu_id = f.required("daily_menu_id", integer);
        let servings = f.optional("servings", servings);
        Some(Self {
            daily_menu_id: daily_menu_id?,
            meal: NewMeal {
                leftover_of: None,
                recipe_id: recipe_id?,
                schedule: schedule? as u8,
                status: status?,
                meal_type: meal_type?,
                servings: servings?.unwrap_or(1.0),
                portions: Vec::new(),
            },
        })
    }
}

/// One day of a plan with its meals.
#[utoipa::path(
    get, path = "/api/daily-menu/{daily_menu_id}", tag = "daily menus",
    params(("daily_menu_id" = i64, Path, description = "Daily menu id")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The day, meals by schedule", body = DailyMenuResponse),
        (status = 401, description = "Token missing, invalid or expired", body = ErrorBody),
        (status = 404, description = "Daily menu not found", body = ErrorBody),
        (status = 422, description = "Invalid id", body = ValidationErrorBody),
        (status = 500, description = "Internal server error", body = ErrorBody),
    )
)]
pub async fn get_daily_menu(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: CurrentUser,
) -> Result<web::Json<DailyMenuResponse>, ApiError> {
    let mut p = Params::new(&req);
    let id = p.path_int("daily_menu_id");
    let id = p.finish(|| id)?;
    let day = state
        .menus
        .daily_menu(user.0.id, id)
        .await
        .map_err(|e| menu_error(e, &Value::Null))?;
    Ok(web::Json((&day).into()))
}

/// Add a day, with its meals, to a plan.
#[utoipa::path(
    post, path = "/api/daily-menu", tag = "daily menus",
    security(("bearer" = [])),
    request_body = DayBody,
    responses(
        (status = 200, description = "The new day, meals by schedule", body = DailyMenuResponse),
        (status = 401, description = "Token missing, invalid or expired", body = ErrorBody),
        (status = 404, description = "Plan not found", body = ErrorBody),
        (status = 413, description = "Body over 64 KiB", body = ErrorBody),
        (status = 409, description = "A recipe breaks a rule (restriction, vegan or vegetarian diet) of someone who eats the meal; the detail names the rule and whose it is", body = ErrorBody),
        (status = 422, description = "Invalid day, unknown recipe, or a day the plan has already", body = ValidationErrorBody),
        (status = 500, description = "Internal server error", body = ErrorBody),
    )
)]
pub async fn create_daily_menu(
    state: web::Data<AppState>,
    user: CurrentUser,
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
        .unknown_recipes(user.0.id, &sent)
        .await
        .map_err(ApiError::store)?
        .into_iter()
        .map(|(_, m, id)| (m, id))
        .collect();
    let mut errors = Errors::default();
    push_unknown_recipes(&mut errors, &body.value, &unknown);
    let new = with_more_entries(validated, errors.into_entries(), &DAY_FIELDS)?;
    let day = state
        .menus
        .add_day(user.0.id, new.plan_id, new.day)
        .await
        .map_err(|e| menu_error(e, &body.value))?;
    Ok(web::Json((&day).into()))
}

/// Add a meal to a day of a plan.
#[utoipa::path(
    post, path = "/meal-detail", tag = "meal details",
    security(("bearer" = [])),
    request_body = MealBody,
    responses(
        (status = 200, description = "The new meal detail", body = MealDetailResponse),
        (status = 401, description = "Token missing, invalid or expired", body = ErrorBody),
        (status = 404, description = "Daily menu or recipe not found", body = ErrorBody),
        (status = 413, description = "Body over 64 KiB", body = ErrorBody),
        (status = 409, description = "The recipe breaks a rule (restriction, vegan or vegetarian diet) of someone who eats the meal; the detail names the rule and whose it is", body = ErrorBody),
        (status = 422, description = "Invalid meal, or a schedule the day has already", body = ValidationErrorBody),
        (status = 500, description = "Internal server error", body = ErrorBody),
    )
)]
pub async fn create_meal_detail(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonBody<MealBody>,
) -> Result<web::Json<MealDetailResponse>, ApiError> {
    let JsonBody { value: new, raw } = body;
    let meal = state
        .menus
        .add_meal(user.0.id, new.daily_menu_id, new.meal)
        .await
        .map_err(|e| menu_error(e, &raw))?;
    Ok(web::Json((&meal).into()))
}
