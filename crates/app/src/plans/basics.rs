//! What every planning service reads a profile and a plan with: the
//! profile as a plan's changes see it, recipe indices, and the blocking
//! pool CPU work runs on. Kept apart so that generation (`planning`) and
//! the household table (`table`) both use it without depending on each
//! other.

use mealplan_domain::planner::PlanAdjust;
use mealplan_domain::{Person, Recipe};
use mealplan_ports::StoreError;

use super::PlanError;

/// `profile` as a plan with `adjust` sees it: its targets, meals and diet
/// changed for that plan only.
pub(crate) fn adjusted(mut profile: Person, adjust: &PlanAdjust) -> Person {
    profile.targets = adjust.day_targets(profile.targets);
    if let Some(m) = adjust.meals_per_day {
        profile.meals_per_day = m;
    }
    if let Some(d) = adjust.diet
        && !profile.diet_types.contains(&d)
    {
        profile.diet_types.push(d);
    }
    profile
}

/// Runs CPU-bound work on the blocking pool.
pub(super) async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, PlanError> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| StoreError::Failure(format!("planning task failed: {e}")).into())
}

/// Index of recipe `id` in `all` (ordered by id).
pub(super) fn index_of(all: &[Recipe], id: i64) -> Result<usize, PlanError> {
    all.binary_search_by_key(&id, |r| r.id)
        .map_err(|_| StoreError::Failure(format!("a meal names missing recipe {id}")).into())
}
