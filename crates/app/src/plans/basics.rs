//! What every planning service reads a profile and a plan with: the
//! profile as a plan's changes see it, its hard rules and preferences,
//! recipe indices, and the blocking pool CPU work runs on. Kept apart so
//! that generation (`planning`) and the household table (`table`) both
//! use it without depending on each other.

use mealplan_domain::planner::PlanAdjust;
use mealplan_domain::{DietType, HardRules, Recipe, Taxonomy};
use mealplan_ports::{Profile, StoreError};

use super::PlanError;

/// `profile` as a plan with `adjust` sees it: its targets, meals and diet
/// changed for that plan only.
pub(crate) fn adjusted(mut profile: Profile, adjust: &PlanAdjust) -> Profile {
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

/// The hard rules of a profile, read against `taxonomy`.
pub(super) fn rules(taxonomy: &Taxonomy, profile: &Profile) -> HardRules {
    HardRules::new(
        taxonomy,
        profile.restrictions.iter().map(|r| r.name.as_str()),
        &profile.diet_types,
    )
}

/// The diet types a profile prefers (vegan/vegetarian are hard rules).
pub(super) fn preferred(profile: &Profile) -> Vec<DietType> {
    preferred_of(&profile.diet_types)
}

/// The preferences among `diets`: all but vegan and vegetarian, which are
/// hard rules.
pub(super) fn preferred_of(diets: &[DietType]) -> Vec<DietType> {
    diets
        .iter()
        .copied()
        .filter(|d| !matches!(d, DietType::Vegan | DietType::Vegetarian))
        .collect()
}

/// Index of recipe `id` in `all` (ordered by id).
pub(super) fn index_of(all: &[Recipe], id: i64) -> Result<usize, PlanError> {
    all.binary_search_by_key(&id, |r| r.id)
        .map_err(|_| StoreError::Failure(format!("a meal names missing recipe {id}")).into())
}
