//! A plan and its days, as answered.

use mealplan_app::PlanView;
use serde::Serialize;
use utoipa::ToSchema;

use super::fit::DayFitResponse;
use super::meal::MealDetailResponse;

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
                })
                .collect(),
            cut_short: p.cut_short,
        }
    }
}
