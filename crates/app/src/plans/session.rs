//! Plan reads that check their token on the way: the session state, the
//! profile and the active plan come on one connection in one go, and each
//! day's fit is computed once per plan content and profile (a cache), not
//! on every read. The answer to "my current plan" is kept as rendered
//! ([`Renditions`]) while the plan's stored revision says it still holds.

use std::collections::HashMap;
use std::fmt::{self, Write as _};
use std::hash::{BuildHasher, Hash, Hasher, RandomState};
use std::sync::{Arc, Mutex};

use mealplan_domain::{Recipe, UserId};
use mealplan_ports::{Person, Plan, PlanHead, TokenClaims};

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
    pub(crate) fn key(&self, profile: &Person, view: &PlanView, today: chrono::NaiveDate) -> u64 {
        let mut h = self.hasher.build_hasher();
        hash_debug(&mut h, profile);
        hash_debug(&mut h, &view.settings);
        today.hash(&mut h);
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

/// Feeds `value`'s `Debug` rendering to `h` without building a string:
/// every field of the value counts, including fields added later.
pub(crate) fn hash_debug(h: &mut impl Hasher, value: &impl fmt::Debug) {
    struct Feed<'a, H>(&'a mut H);
    impl<H: Hasher> fmt::Write for Feed<'_, H> {
        fn write_str(&mut self, s: &str) -> fmt::Result {
            self.0.write(s.as_bytes());
            Ok(())
        }
    }
    // Writing to a hasher cannot fail.
    let _ = write!(Feed(h), "{value:?}");
}

/// Answers rendered from users' active plans (the JSON of "my current
/// plan", say), one per user, each with what it was rendered from: the
/// plan's head (id and revision), the profile, the day and the catalogue
/// snapshot. A read whose session statement finds the same is answered
/// from here, without reading the plan: one statement instead of two, and
/// no view, fit or rendering. The revision is read from the database on
/// every request, so a change made through any instance is seen at once.
///
/// Bounded by the bytes it holds: past its budget, entries are dropped
/// until the newest fits.
pub struct Renditions<T> {
    hasher: RandomState,
    budget: usize,
    entries: Mutex<Kept<T>>,
}

/// The entries of a [`Renditions`] and the bytes they hold.
struct Kept<T> {
    by_user: HashMap<UserId, Rendition<T>>,
    bytes: usize,
}

/// One user's rendered answer and what it was rendered from.
struct Rendition<T> {
    key: u64,
    catalogue: Arc<[Recipe]>,
    value: T,
}

impl<T: Clone + AsRef<[u8]>> Renditions<T> {
    /// An empty store holding at most about `budget` bytes of answers.
    pub fn new(budget: usize) -> Self {
        Self {
            hasher: RandomState::new(),
            budget,
            entries: Mutex::new(Kept {
                by_user: HashMap::new(),
                bytes: 0,
            }),
        }
    }

    /// Bytes held now.
    pub fn bytes(&self) -> usize {
        self.lock().bytes
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Kept<T>> {
        self.entries.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A key naming what an answer is rendered from, the catalogue aside
    /// (compared by identity). A random hasher key makes collisions
    /// impossible to arrange.
    fn key(&self, head: PlanHead, profile: Option<&Person>, today: chrono::NaiveDate) -> u64 {
        let mut h = self.hasher.build_hasher();
        head.hash(&mut h);
        today.hash(&mut h);
        hash_debug(&mut h, &profile);
        h.finish()
    }

    fn get(&self, user: UserId, key: u64, all: &Arc<[Recipe]>) -> Option<T> {
        self.lock()
            .by_user
            .get(&user)
            .filter(|r| r.key == key && Arc::ptr_eq(&r.catalogue, all))
            .map(|r| r.value.clone())
    }

    fn put(&self, user: UserId, key: u64, all: &Arc<[Recipe]>, value: T) {
        let size = value.as_ref().len();
        if size > self.budget {
            return;
        }
        let mut kept = self.lock();
        if let Some(old) = kept.by_user.remove(&user) {
            kept.bytes -= old.value.as_ref().len();
        }
        while kept.bytes + size > self.budget {
            let Some(&victim) = kept.by_user.keys().next() else {
                break;
            };
            if let Some(old) = kept.by_user.remove(&victim) {
                kept.bytes -= old.value.as_ref().len();
            }
        }
        kept.bytes += size;
        let catalogue = Arc::clone(all);
        kept.by_user.insert(
            user,
            Rendition {
                key,
                catalogue,
                value,
            },
        );
    }
}

impl Plans {
    /// The session state, profile and active plan of the user `claims`
    /// name, read on one connection in one go, the token admitted.
    async fn read_in_session(
        &self,
        claims: TokenClaims,
    ) -> Result<(Authenticated, Option<Person>, Plan), InSession<PlanError>> {
        let found = self
            .plans
            .active_in_session(claims.user, claims.jti.clone())
            .await
            .map(|read| read.map(|r| (r.session, (r.profile, r.plan))));
        let (session, (profile, plan)) = admit_found(claims, found)?;
        let plan = plan.ok_or(InSession::Work(PlanError::NoActivePlan))?;
        Ok((session, profile, plan))
    }

    /// The active plan of the user `claims` name as `render` renders it
    /// (with each day's fit), from `kept` when the plan, profile, day and
    /// catalogue are what it was rendered from: then one statement (the
    /// session, profile and plan head) serves it. The token is checked on
    /// the way.
    pub async fn current_rendered<T, E>(
        &self,
        claims: TokenClaims,
        kept: &Renditions<T>,
        render: impl FnOnce(&PlanView) -> Result<T, E>,
    ) -> Result<Result<T, E>, InSession<PlanError>>
    where
        T: Clone + AsRef<[u8]>,
    {
        let found = self
            .plans
            .head_in_session(claims.user, claims.jti.clone())
            .await
            .map(|read| read.map(|r| (r.session, (r.profile, r.plan))));
        let (session, (profile, head)) = admit_found(claims, found)?;
        let user = session.user.id;
        let head = head.ok_or(InSession::Work(PlanError::NoActivePlan))?;
        let work = async {
            let all = self.recipes_of(user).await?;
            let key = kept.key(head, profile.as_ref(), self.clock.now().date_naive());
            if let Some(value) = kept.get(user, key, &all) {
                return Ok(Ok(value));
            }
            // Read after the head: the plan is at its revision or later,
            // so an answer kept under this key is never older than it.
            let plan = self
                .plans
                .active(user)
                .await?
                .ok_or(PlanError::NoActivePlan)?;
            let view = self.view(plan, &all)?;
            let view = self.with_fit_from(profile, view).await?;
            Ok(render(&view).inspect(|value| kept.put(user, key, &all, value.clone())))
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

#[cfg(test)]
mod tests {
    use super::*;

    fn catalogue() -> Arc<[Recipe]> {
        Arc::from(Vec::new())
    }

    fn head(revision: i64) -> PlanHead {
        PlanHead { id: 7, revision }
    }

    fn today() -> chrono::NaiveDate {
        chrono::NaiveDate::from_ymd_opt(2026, 11, 26).unwrap()
    }

    #[test]
    fn an_answer_is_kept_only_for_what_it_was_rendered_from() {
        let kept: Renditions<Vec<u8>> = Renditions::new(1 << 20);
        let all = catalogue();
        let (ann, bob) = (UserId(1), UserId(2));
        let key = kept.key(head(3), None, today());
        kept.put(ann, key, &all, b"plan at 3".to_vec());
        assert_eq!(kept.get(ann, key, &all).as_deref(), Some(&b"plan at 3"[..]));
        // Another revision, day, user or catalogue snapshot: not this one.
        assert_eq!(kept.get(ann, kept.key(head(4), None, today()), &all), None);
        let tomorrow = today().succ_opt().unwrap();
        assert_eq!(kept.get(ann, kept.key(head(3), None, tomorrow), &all), None);
        assert_eq!(kept.get(bob, key, &all), None);
        assert_eq!(kept.get(ann, key, &catalogue()), None);
        // A newer answer replaces the user's older one.
        let newer = kept.key(head(4), None, today());
        kept.put(ann, newer, &all, b"plan at 4!".to_vec());
        assert_eq!(kept.get(ann, key, &all), None);
        assert_eq!(kept.bytes(), 10);
    }

    #[test]
    fn the_budget_bounds_what_is_kept() {
        let kept: Renditions<Vec<u8>> = Renditions::new(100);
        let all = catalogue();
        for user in 0..10 {
            let key = kept.key(head(user), None, today());
            kept.put(UserId(user), key, &all, vec![0; 40]);
            assert!(kept.bytes() <= 100, "{} bytes", kept.bytes());
        }
        let last = kept.key(head(9), None, today());
        assert!(
            kept.get(UserId(9), last, &all).is_some(),
            "the newest stays"
        );
        // An answer larger than the whole budget is not kept at all.
        kept.put(UserId(11), last, &all, vec![0; 101]);
        assert_eq!(kept.get(UserId(11), last, &all), None);
        // Nothing kept with a budget of 0.
        let none: Renditions<Vec<u8>> = Renditions::new(0);
        none.put(UserId(1), last, &all, vec![1]);
        assert_eq!(none.get(UserId(1), last, &all), None);
    }
}
