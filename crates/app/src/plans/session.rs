//! Plan reads that check their token on the way: the session state, the
//! profile and the active plan come on one connection in one go, and each
//! day's fit is computed once per plan content and profile (a cache), not
//! on every read.

use std::collections::HashMap;
use std::hash::{BuildHasher, Hash, Hasher, RandomState};
use std::sync::{Arc, Mutex};

use mealplan_domain::Recipe;
use mealplan_ports::{Plan, Profile, TokenClaims};

use super::planning::DayFitView;
use super::{PlanError, PlanSummary, PlanView, Plans};
use crate::accounts::{Authenticated, InSession, admit_found};

/// Entries kept before the cache starts over (a few hundred bytes each:
/// about 1 MB when full).
const FIT_CACHE_ENTRIES: usize = 2_048;

/// Fits computed for one catalogue snapshot.
type Entry = (Arc<[Recipe]>, Vec<DayFitView>);

/// Each day's fit of a plan, by what it was computed from (see
/// [`FitCache::key`]); the catalogue snapshot is compared by identity.
#[derive(Default)]
pub(crate) struct FitCache {
    hasher: RandomState,
    entries: Mutex<HashMap<u64, Entry>>,
}

impl FitCache {
    /// A key naming everything a plan's fits are computed from: the
    /// profile (body, targets, lists), the plan's settings, every meal as
    /// stored, and the day (a profile's age changes with it). A random
    /// hasher key makes collisions impossible to arrange.
    pub(crate) fn key(&self, profile: &Profile, view: &PlanView, today: chrono::NaiveDate) -> u64 {
        let mut h = self.hasher.build_hasher();
        format!("{profile:?}{:?}{today}", view.settings).hash(&mut h);
        for day in &view.days {
            (day.id, day.day_of_week).hash(&mut h);
            for m in &day.meals {
                let meal = &m.meal;
                (meal.id, meal.recipe_id, meal.schedule, meal.status.code()).hash(&mut h);
                (meal.meal_type.id(), meal.servings.to_bits()).hash(&mut h);
                for p in &meal.portions {
                    (p.member_id, &p.name, p.servings.to_bits()).hash(&mut h);
                }
            }
        }
        h.finish()
    }

    /// The fits stored under `key` for catalogue snapshot `all`.
    pub(crate) fn get(&self, key: u64, all: &Arc<[Recipe]>) -> Option<Vec<DayFitView>> {
        let entries = self.entries.lock().unwrap_or_else(|p| p.into_inner());
        entries
            .get(&key)
            .filter(|(of, _)| Arc::ptr_eq(of, all))
            .map(|(_, fits)| fits.clone())
    }

    /// Stores `fits` under `key`.
    pub(crate) fn put(&self, key: u64, all: &Arc<[Recipe]>, fits: &[DayFitView]) {
        let mut entries = self.entries.lock().unwrap_or_else(|p| p.into_inner());
        if entries.len() >= FIT_CACHE_ENTRIES {
            entries.clear();
        }
        entries.insert(key, (Arc::clone(all), fits.to_vec()));
    }
}

impl Plans {
    /// The session state, profile and active plan of the user `claims`
    /// name, read on one connection in one go, the token admitted.
    async fn read_in_session(
        &self,
        claims: TokenClaims,
    ) -> Result<(Authenticated, Option<Profile>, Plan), InSession<PlanError>> {
        let found = self
            .plans
            .active_in_session(claims.user, claims.jti.clone())
            .await
            .map(|read| read.map(|r| (r.session, (r.profile, r.plan))));
        let (session, (profile, plan)) = admit_found(claims, found)?;
        let plan = plan.ok_or(InSession::Work(PlanError::NoActivePlan))?;
        Ok((session, profile, plan))
    }

    /// The active plan of the user `claims` name, with each day's fit;
    /// the token is checked on the way.
    pub async fn current_in_session(
        &self,
        claims: TokenClaims,
    ) -> Result<PlanView, InSession<PlanError>> {
        let (_, profile, plan) = self.read_in_session(claims).await?;
        let work = async {
            let all = self.catalog.all().await?;
            let view = self.view(plan, &all)?;
            self.with_fit_from(profile, view).await
        };
        work.await.map_err(InSession::Work)
    }

    /// The summary of the active plan of the user `claims` name; the
    /// token is checked on the way.
    pub async fn summary_in_session(
        &self,
        claims: TokenClaims,
    ) -> Result<PlanSummary, InSession<PlanError>> {
        let (session, profile, plan) = self.read_in_session(claims).await?;
        self.summary_of(session.user.id, profile, plan)
            .await
            .map_err(InSession::Work)
    }
}
