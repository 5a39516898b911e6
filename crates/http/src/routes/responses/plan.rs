//! A plan and its days, as answered.

use mealplan_app::PlanView;
use serde::Serialize;
use utoipa::ToSchema;

use super::fit::DayFitResponse;
use super::meal::MealDetailResponse;
use super::micronutrients::{MicronutrientAmount, amounts};

/// One day of a plan.
#[derive(Debug, Serialize, ToSchema)]
pub struct DailyMenuResponse {
    /// Daily menu id.
    pub id: i64,
    /// 1 (Monday) to 7.
    pub day_of_week: u8,
    /// Meals by schedule.
    pub meal_details: Vec<MealDetailResponse>,
    /// How the day meets the owner's targets (plan answers only; absent
    /// without a profile).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fit: Option<DayFitResponse>,
    /// The day's micronutrients, each meal at its `servings` (USDA SR28),
    /// beside `fit` (plan answers for an owner with a profile; absent
    /// where the day keeps the original API's shape).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub micronutrients: Option<Vec<MicronutrientAmount>>,
    /// What the planner could not do as asked on the day when it made the
    /// plan (a leftover dropped to keep the day on target, a day its
    /// leftover keeps off target, a week over `cook_at_most`), then what
    /// the last re-balance of the day could not do (a day a leftover
    /// keeps off target). Absent when there is nothing to say.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schema(required = false)]
    pub notes: Vec<String>,
}

/// A plan.
#[derive(Debug, Serialize, ToSchema)]
pub struct PlanResponse {
    /// Plan id.
    pub id: i64,
    /// Owner.
    pub user_id: i64,
    /// Created (UTC, RFC 3339).
    pub created_at: String,
    /// Last changed (UTC, RFC 3339).
    pub updated_at: String,
    /// Whether it is the owner's current plan.
    pub active: bool,
    /// Days by day of week.
    pub daily_menus: Vec<DailyMenuResponse>,
    /// Only on the answer of a generation or re-balance whose search
    /// stopped at its time budget (`PLAN_SEARCH_BUDGET_MS`), and then
    /// `true`: the plan is the best found by then, every rule kept;
    /// asking again may land closer to the targets.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[schema(required = false)]
    pub cut_short: bool,
    /// Only on the answer of a re-balance: each limit (fibre, sodium,
    /// saturated fat, sugars) whose amount it changed, day by day, before
    /// and after.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schema(required = false)]
    pub limit_changes: Vec<LimitChangeResponse>,
    /// A plan just made with `my_recipes` `only` or `prefer`: the slots
    /// one's own recipes could not fill (the catalogue filled them), and
    /// why. Absent otherwise.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schema(required = false)]
    pub unfilled: Vec<UnfilledResponse>,
}

/// A slot one's own recipes could not fill.
#[derive(Debug, Serialize, ToSchema)]
pub struct UnfilledResponse {
    /// breakfast, lunch, dinner or snack.
    pub meal_type: &'static str,
    /// Why.
    pub reason: String,
}

/// What a re-balance did to one limit of one day.
#[derive(Debug, Serialize, ToSchema)]
pub struct LimitChangeResponse {
    /// 1-7.
    pub day_of_week: u8,
    /// `fiber`, `sodium`, `saturated_fat` or `sugar`.
    pub nutrient: &'static str,
    /// `g`, or `mg` for sodium.
    pub unit: &'static str,
    /// The day's amount before.
    pub before: f64,
    /// And after.
    pub after: f64,
    /// The least (fibre only).
    pub min: Option<f64>,
    /// The most.
    pub max: Option<f64>,
    /// Whether the day kept it before.
    pub met_before: bool,
    /// And after.
    pub met_after: bool,
}

impl From<&mealplan_app::LimitChange> for LimitChangeResponse {
    fn from(c: &mealplan_app::LimitChange) -> Self {
        let one = |v: f64| (v * 10.0).round() / 10.0;
        Self {
            day_of_week: c.day_of_week,
            nutrient: c.minor.as_str(),
            unit: c.minor.unit(),
            before: one(c.before),
            after: one(c.after),
            min: c.min.map(one),
            max: c.max.map(one),
            met_before: c.met_before,
            met_after: c.met_after,
        }
    }
}

fn timestamp(t: chrono::DateTime<chrono::Utc>) -> String {
    t.to_rfc3339_opts(chrono::SecondsFormat::Micros, true)
}

impl From<&PlanView> for PlanResponse {
    fn from(p: &PlanView) -> Self {
        Self {
            id: p.id,
            user_id: p.user_id.0,
            created_at: timestamp(p.created_at),
            updated_at: timestamp(p.updated_at),
            active: p.active,
            daily_menus: p
                .days
                .iter()
                .map(|d| DailyMenuResponse {
                    id: d.id,
                    day_of_week: d.day_of_week,
                    meal_details: d.meals.iter().map(Into::into).collect(),
                    fit: d.fit.as_ref().map(Into::into),
                    micronutrients: d.fit.as_ref().map(|_| amounts(&d.micronutrients())),
                    notes: d.notes.clone(),
                })
                .collect(),
            cut_short: p.cut_short,
            limit_changes: p.limit_changes.iter().map(Into::into).collect(),
            unfilled: p
                .unfilled
                .iter()
                .map(|u| UnfilledResponse {
                    meal_type: u.meal_type.as_str(),
                    reason: u.reason.clone(),
                })
                .collect(),
        }
    }
}
