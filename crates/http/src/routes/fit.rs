//! How each day of a plan meets the targets (`fit`, a member beyond the
//! spec's plan shape), the generation options that set its measure
//! (`tolerances`, `max_servings`), and re-balancing a day.

use actix_web::web;
use mealplan_domain::DAY_OF_WEEK_RANGE;
use mealplan_domain::planner::{
    CALORIE_TOLERANCE_RANGE, DEFAULT_MAX_SERVINGS, MACRO_TOLERANCE_RANGE, MAX_SERVINGS_RANGE,
    Portions, STEPS_PER_SERVING, Tolerances, USUAL_MAX_SERVINGS,
};
use serde_json::{Number, Value};
use utoipa::ToSchema;
use utoipa::openapi::schema::{Object, ObjectBuilder, Type};

use crate::AppState;
use crate::auth::CurrentUser;
use crate::error::{ApiError, ErrorBody, ValidationErrorBody};
use crate::routes::errors::plan_error;
use crate::routes::responses::PlanResponse;
use crate::schema::field;
use crate::validate::{BodyFields, FromBody, JsonBody, Problem, Problems, int_in_range, number};

/// `tolerances`: how close each day must land, in percent of each target.
pub(crate) fn tolerances_schema() -> Object {
    let percent = |range: (f64, f64), text: &str| {
        field::described(field::or_null(field::number(range), Type::Number), text)
    };
    let defaults = Tolerances::default();
    field::described(
        field::or_null(
            ObjectBuilder::new()
                .property(
                    "calories",
                    percent(
                        CALORIE_TOLERANCE_RANGE,
                        &format!("Calories (default {}).", defaults.calories * 100.0),
                    ),
                )
                .property(
                    "macros",
                    percent(
                        MACRO_TOLERANCE_RANGE,
                        &format!(
                            "Each of protein, carbs and fat (default {}).",
                            defaults.macros * 100.0
                        ),
                    ),
                ),
            Type::Object,
        ),
        "How close each day must land, in percent of each target. Kept with the \
         plan: its days are judged, and re-balanced, by them.",
    )
}

/// `max_servings`: the largest main-meal portion.
pub(crate) fn max_servings_schema() -> Object {
    field::described(
        field::or_null(field::number(MAX_SERVINGS_RANGE), Type::Number)
            .multiple_of(Some(1.0 / STEPS_PER_SERVING)),
        &format!(
            "Largest main-meal portion, in servings, in quarter servings (default \
             {DEFAULT_MAX_SERVINGS}). Main meals go above {USUAL_MAX_SERVINGS} servings, and \
             snacks never do, only on a day whose targets cannot be met otherwise."
        ),
    )
}

fn number_between(value: &Value, (low, high): (f64, f64)) -> Result<f64, Problem> {
    let n = number(value)?;
    // Whole limits show as integers, as Pydantic words `ge=1`.
    let limit = |x: f64| {
        if x.fract() == 0.0 {
            Number::from(x as i64)
        } else {
            Number::from_f64(x).unwrap_or_else(|| 0.into())
        }
    };
    if n < low {
        Err(Problem::ge(limit(low)))
    } else if n > high {
        Err(Problem::le(limit(high)))
    } else {
        Ok(n)
    }
}

/// `tolerances`: an object of optional percentages.
pub(crate) fn tolerances(value: &Value) -> Result<Tolerances, Problems> {
    let Value::Object(fields) = value else {
        return Err(Problem::model_type("Tolerances").into());
    };
    let defaults = Tolerances::default();
    let mut problems = Vec::new();
    let mut read = |name: &str, range: (f64, f64), default: f64| match fields.get(name) {
        None | Some(Value::Null) => Some(default),
        Some(raw) => number_between(raw, range)
            .map(|n| n / 100.0)
            .map_err(|p| problems.push(p.below(vec![name.into()], raw)))
            .ok(),
    };
    let calories = read("calories", CALORIE_TOLERANCE_RANGE, defaults.calories);
    let macros = read("macros", MACRO_TOLERANCE_RANGE, defaults.macros);
    match (calories, macros) {
        (Some(calories), Some(macros)) if problems.is_empty() => {
            Ok(Tolerances { calories, macros })
        }
        _ => Err(Problems(problems)),
    }
}

/// `max_servings`: 1 to 2.5 in quarter servings.
pub(crate) fn max_servings(value: &Value) -> Result<Portions, Problem> {
    let n = number_between(value, MAX_SERVINGS_RANGE)?;
    if ((n * STEPS_PER_SERVING).round() - n * STEPS_PER_SERVING).abs() > 1e-9 {
        return Err(Problem::value_error(
            "max_servings must be a whole number of quarter servings",
        ));
    }
    Ok(Portions { max_servings: n })
}

/// A re-balance body; every field is optional, and so is the body.
#[derive(ToSchema)]
#[schema(as = RebalanceRequest)]
pub struct Rebalance {
    #[schema(schema_with = day_schema)]
    day: Option<u8>,
}

/// `day`: the day to re-balance.
fn day_schema() -> Object {
    field::described(
        field::or_null(field::int(DAY_OF_WEEK_RANGE), Type::Integer),
        "The day of week (1-7) to re-balance; every day when absent.",
    )
}

impl FromBody for Rebalance {
    const EMPTY_MEANS_DEFAULTS: bool = true;

    fn from_fields(f: &mut BodyFields<'_>) -> Option<Self> {
        let day = f.optional(
            "day",
            int_in_range(DAY_OF_WEEK_RANGE.0, DAY_OF_WEEK_RANGE.1),
        );
        Some(Self {
            day: day?.map(|d| d as u8),
        })
    }
}

/// Re-balance the active plan after meals were swapped or ticked off.
///
/// Re-optimises the portions, and where that is not enough the recipes,
/// of the pending meals the planner chose on one day (or every day), so
/// that the day lands on the profile's targets again. Completed meals and
/// meals whose recipe the user chose (swapped in, added, or in a plan
/// made by hand) stay as they are; a day already within its tolerances is
/// not touched. The answer is the plan, each day with its `fit`, and
/// `limit_changes`: what re-balancing did to each day's fibre, sodium,
/// saturated fat and sugars. The search is bounded as generation's is
/// (429, 503, `cut_short`).
#[utoipa::path(
    post, path = "/api/plan/current/rebalance", tag = "plans",
    security(("bearer" = [])),
    request_body(content = Option<Rebalance>, description = "Optional; `{}` or no body re-balances every day"),
    responses(
        (status = 200, description = "The plan after re-balancing", body = PlanResponse),
        (status = 401, description = "Token missing, invalid or expired", body = ErrorBody),
        (status = 404, description = "Profile not found, Active plan not found for current user, or Daily menu not found (the plan has no such day)", body = ErrorBody),
        (status = 413, description = "Body over 64 KiB", body = ErrorBody),
        (status = 422, description = "Invalid body", body = ValidationErrorBody),
        (status = 500, description = "Internal server error", body = ErrorBody),
        (status = 429, description = "A plan is already being made for this account (`Retry-After`)", body = ErrorBody),
        (status = 503, description = "Every plan search place of the instance stayed taken (`Retry-After`), or the request deadline passed", body = ErrorBody),
    )
)]
pub async fn rebalance_plan(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonBody<Rebalance>,
) -> Result<web::Json<PlanResponse>, ApiError> {
    let user = user.0.id;
    // The days as they were, judged, to say what re-balancing did to each
    // limit (`limit_changes`).
    let before = match state.plans.current(user).await {
        Ok(view) => Some(state.plans.with_fit(user, view).await.map_err(plan_error)?),
        Err(mealplan_app::PlanError::NoActivePlan) => None,
        Err(e) => return Err(plan_error(e)),
    };
    let plan = state
        .planner
        .rebalance(user, body.value.day)
        .await
        .map_err(plan_error)?;
    let mut plan = state.plans.with_fit(user, plan).await.map_err(plan_error)?;
    plan.limit_changes = before
        .map(|before| mealplan_app::limit_changes(&before, &plan))
        .unwrap_or_default();
    Ok(web::Json((&plan).into()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn generation_options_are_checked() {
        assert_eq!(
            tolerances(&json!({"calories": 8})).unwrap(),
            Tolerances {
                calories: 0.08,
                macros: 0.10
            }
        );
        assert!(tolerances(&json!({"calories": 0.5})).is_err());
        assert_eq!(
            tolerances(&json!({"macros": 60, "calories": 30}))
                .unwrap_err()
                .0
                .len(),
            2
        );
        assert!(tolerances(&json!(5)).is_err());
        assert_eq!(max_servings(&json!(2.5)).unwrap().max_servings, 2.5);
        assert!(max_servings(&json!(2.75)).is_err());
        assert!(max_servings(&json!(1.1)).is_err());
        assert!(max_servings(&json!(0.5)).is_err());
    }
}
