//! How each day of a plan meets the targets (`fit`, a member beyond the
//! spec's plan shape), the generation options that set its measure
//! (`tolerances`, `max_servings`), and re-balancing a day.

use actix_web::web;
use mealplan_app::DayFitView;
use mealplan_domain::planner::{
    MAX_SERVINGS_RANGE, Portions, STEPS_PER_SERVING, Tolerances, USUAL_MAX_SERVINGS,
};
use mealplan_ports::PlanSettings;
use serde::Serialize;
use serde_json::{Number, Value};
use utoipa::ToSchema;

use crate::AppState;
use crate::auth::CurrentUser;
use crate::error::{ApiError, ErrorBody, ValidationErrorBody};
use crate::routes::plans::{PlanResponse, plan_error};
use crate::validate::{BodyFields, FromBody, JsonBody, Problem, Problems, int_in_range, number};

/// Percent with one decimal.
fn percent(fraction: f64) -> f64 {
    (fraction * 1000.0).round() / 10.0
}

/// One target a day misses.
#[derive(Debug, Serialize, ToSchema)]
pub struct OffTarget {
    /// `calories`, `protein`, `carbs` or `fat`.
    pub target: &'static str,
    /// The day's total (kcal or g), portions applied, as the meals show it.
    pub planned: f64,
    /// The target.
    pub wanted: f64,
    /// Total against target, in percent (one decimal; negative: under).
    pub percent: f64,
    /// The tolerance, in percent.
    pub tolerance: f64,
}

/// Tolerances, in percent of each target.
#[derive(Debug, Serialize, ToSchema)]
pub struct TolerancesResponse {
    /// Calories.
    pub calories: f64,
    /// Each of protein, carbs and fat.
    pub macros: f64,
}

/// How a day meets the owner's current targets. Days of a generated plan
/// are judged by the tolerances it was generated with, others by 5% kcal
/// and 10% per macro.
#[derive(Debug, Serialize, ToSchema)]
pub struct DayFitResponse {
    /// Every target within its tolerance.
    pub within_tolerance: bool,
    /// The tolerances the day is judged by.
    pub tolerances: TolerancesResponse,
    /// The targets outside their tolerance.
    pub off: Vec<OffTarget>,
    /// How far the worst target is beyond its tolerance, in percentage
    /// points of the target (0 when every target is within).
    pub miss_points: f64,
    /// When a target is off: the least `miss_points` any day of these meal
    /// slots can have under the owner's restrictions and diet and the
    /// portion limits; null otherwise.
    pub best_miss_points: Option<f64>,
    /// The same with the rest of the plan as it is (the same recipe may
    /// not fill a slot two days running, and one meal a day needs 5
    /// different recipes a week): what re-balancing could reach at best.
    pub best_miss_points_this_day: Option<f64>,
    /// Whether the best values are reached by an actual day (one or two
    /// slots: every choice tried) rather than lower bounds (a linear
    /// relaxation: no day does better, perhaps none as well).
    pub best_is_exact: Option<bool>,
    /// A main meal is above 1.5 servings; in a generated plan, only on a
    /// day whose targets cannot be met with usual portions.
    pub larger_portions: bool,
    /// The above in words; null when the day is within tolerance with
    /// usual portions.
    pub note: Option<String>,
}

impl From<&DayFitView> for DayFitResponse {
    fn from(f: &DayFitView) -> Self {
        let off: Vec<OffTarget> = f
            .fit
            .off
            .iter()
            .map(|o| OffTarget {
                target: o.nutrient.as_str(),
                planned: o.planned,
                wanted: o.target,
                percent: (o.percent * 10.0).round() / 10.0,
                tolerance: (o.tolerance * 10.0).round() / 10.0,
            })
            .collect();
        let best = f.best.map(|b| percent(b.miss));
        let here = f.best_here.map(|b| percent(b.miss));
        let mut note = Vec::new();
        if !off.is_empty() {
            let each: Vec<String> = off
                .iter()
                .map(|o| {
                    format!(
                        "{} {:.1}% {} target",
                        o.target,
                        o.percent.abs(),
                        if o.percent < 0.0 { "under" } else { "over" }
                    )
                })
                .collect();
            let mut text = format!(
                "Off target: {} (tolerance {}% for calories, {}% for macros).",
                each.join(", "),
                percent(f.tolerances.calories),
                percent(f.tolerances.macros)
            );
            if let Some(best) = best {
                text.push_str(&format!(
                    " No day of these meals under your restrictions and the portion limits comes closer than {best:.1} points beyond a tolerance"
                ));
                match here {
                    Some(here) if here > best + 0.05 => text.push_str(&format!(
                        "; with the rest of the plan as it is, {here:.1} (the same recipe does not fill a slot two days running)."
                    )),
                    _ => text.push('.'),
                }
            }
            note.push(text);
        }
        if f.larger_portions {
            note.push(if f.generated {
                format!(
                    "A main meal is above {USUAL_MAX_SERVINGS} servings: the targets cannot be met with usual portions."
                )
            } else {
                format!("A main meal is above {USUAL_MAX_SERVINGS} servings.")
            });
        }
        Self {
            within_tolerance: off.is_empty(),
            tolerances: TolerancesResponse {
                calories: percent(f.tolerances.calories),
                macros: percent(f.tolerances.macros),
            },
            miss_points: percent(f.fit.miss),
            best_miss_points: best,
            best_miss_points_this_day: here,
            best_is_exact: f.best.map(|b| b.exact),
            larger_portions: f.larger_portions,
            off,
            note: (!note.is_empty()).then(|| note.join(" ")),
        }
    }
}

/// Limits of the generation options, in percent.
const CALORIE_TOLERANCE_RANGE: (f64, f64) = (1.0, 25.0);
const MACRO_TOLERANCE_RANGE: (f64, f64) = (1.0, 50.0);

/// Tolerances of a generation body, in percent of each target.
#[derive(ToSchema)]
#[allow(dead_code)] // documents the body; validation is in `FromBody`
pub struct TolerancesRequest {
    /// Calories, 1-25 (default 5).
    #[schema(minimum = 1, maximum = 25)]
    calories: Option<f64>,
    /// Each of protein, carbs and fat, 1-50 (default 10).
    #[schema(minimum = 1, maximum = 50)]
    macros: Option<f64>,
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

/// Reads the generation options of a body.
pub(crate) fn settings(f: &mut BodyFields<'_>) -> Option<PlanSettings> {
    let tolerances = f.optional("tolerances", tolerances);
    let portions = f.optional("max_servings", max_servings);
    Some(PlanSettings {
        tolerances: tolerances?.unwrap_or_default(),
        portions: portions?.unwrap_or_default(),
    })
}

/// A re-balance body; every field is optional, and so is the body.
#[derive(ToSchema)]
#[allow(dead_code)] // documents the body; validation is in `FromBody`
pub struct RebalanceRequest {
    /// The day of week (1-7) to re-balance; every day when absent.
    #[schema(minimum = 1, maximum = 7)]
    day: Option<i64>,
}

/// A validated re-balance body.
pub struct Rebalance {
    day: Option<u8>,
}

impl FromBody for Rebalance {
    const EMPTY_MEANS_DEFAULTS: bool = true;

    fn from_fields(f: &mut BodyFields<'_>) -> Option<Self> {
        let day = f.optional("day", int_in_range(1, 7));
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
/// not touched. The answer is the plan, each day with its `fit`.
#[utoipa::path(
    post, path = "/api/plan/current/rebalance", tag = "plans",
    security(("bearer" = [])),
    request_body(content = Option<RebalanceRequest>, description = "Optional; `{}` or no body re-balances every day"),
    responses(
        (status = 200, description = "The plan after re-balancing", body = PlanResponse),
        (status = 401, description = "Token missing, invalid or expired", body = ErrorBody),
        (status = 404, description = "Profile not found, Active plan not found for current user, or Daily menu not found (the plan has no such day)", body = ErrorBody),
        (status = 413, description = "Body over 64 KiB", body = ErrorBody),
        (status = 422, description = "Invalid body", body = ValidationErrorBody),
        (status = 500, description = "Internal server error", body = ErrorBody),
    )
)]
pub async fn rebalance_plan(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonBody<Rebalance>,
) -> Result<web::Json<PlanResponse>, ApiError> {
    let user = user.0.id;
    let plan = state
        .plans
        .rebalance(user, body.value.day)
        .await
        .map_err(plan_error)?;
    let plan = state.plans.with_fit(user, plan).await.map_err(plan_error)?;
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
