//! Plan searches, bounded: a few at once on an instance, one at a time
//! per account, each within a time budget, and stopped when nobody waits
//! for the answer any more.
//!
//! Generating a plan (alone or for a household) and re-balancing one are
//! CPU work of up to seconds (a household of 13 with tight tolerances);
//! unbounded, six of them kept both cores of an instance busy for 45 s.
//! Each such request first gets a [`Ticket`]: its account's only one (a
//! second is refused at once, [`Busy::Account`]), then one of the
//! instance's places, waited for at most [`SearchLimits::queue_wait`]
//! ([`Busy::Instance`]). The ticket's [`Budget`] runs out
//! [`SearchLimits::budget`] after it was let in: the searches then keep
//! the best plan found so far. Dropping the ticket (the request answered,
//! or its future dropped at the deadline or when the client left) cancels
//! the budget; its place and account are free once the last computation
//! under it has stopped, never before, so abandoned work never exceeds
//! the bound.
//!
//! Searches run on threads of their own, one per place, each first given
//! the instance's thread set-up (the binary lowers their scheduling
//! priority), so that requests (a login's bcrypt, a plan read) are served
//! first when they compete with searches for the cores.

use std::collections::HashSet;
use std::sync::mpsc;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use mealplan_domain::UserId;
use mealplan_domain::planner::Budget;
use mealplan_ports::StoreError;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::PlanError;

/// How plan searches are bounded on one instance.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchLimits {
    /// Searches that run at once, each on a thread of its own (at least
    /// 1).
    pub concurrent: usize,
    /// How long a search waits for a place before it is refused.
    pub queue_wait: Duration,
    /// How long one request's search may run before it keeps the best
    /// plan found by then.
    pub budget: Duration,
}

impl SearchLimits {
    /// Default time budget of a search: a usual plan takes a tenth of it,
    /// and it leaves the default request deadline (4.5 s) room for the
    /// wait and the database.
    pub const DEFAULT_BUDGET: Duration = Duration::from_millis(2000);
    /// Default wait for a place.
    pub const DEFAULT_QUEUE_WAIT: Duration = Duration::from_millis(1000);

    /// One search per core, with the default wait and budget.
    pub fn per_core() -> Self {
        Self {
            concurrent: std::thread::available_parallelism().map_or(1, |n| n.get()),
            queue_wait: Self::DEFAULT_QUEUE_WAIT,
            budget: Self::DEFAULT_BUDGET,
        }
    }

    /// When to ask again after a refusal: a running search ends within
    /// its budget (whole seconds, at least 1).
    fn retry_after(&self) -> Duration {
        Duration::from_secs(self.budget.as_secs_f64().ceil().max(1.0) as u64)
    }
}

impl Default for SearchLimits {
    fn default() -> Self {
        Self::per_core()
    }
}

/// Why a plan search was not started; each says when to ask again.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Busy {
    /// The account already has a search running.
    #[error("a plan is already being made for this account")]
    Account {
        /// When that search will have ended.
        retry_after: Duration,
    },
    /// Every place of the instance stayed taken for the whole wait.
    #[error("every plan search of this instance is taken")]
    Instance {
        /// When a place will have come free.
        retry_after: Duration,
    },
}

impl Busy {
    /// When to ask again.
    pub fn retry_after(&self) -> Duration {
        match self {
            Self::Account { retry_after } | Self::Instance { retry_after } => *retry_after,
        }
    }
}

/// The places of an instance, the accounts searching now, and the
/// threads searches run on.
pub(crate) struct Searches {
    limits: SearchLimits,
    places: Arc<Semaphore>,
    accounts: Arc<Mutex<HashSet<UserId>>>,
    /// Run first on each search thread.
    thread_start: Option<fn()>,
    /// Started on first use.
    pool: Arc<OnceLock<Pool>>,
}

impl Searches {
    /// Bounds searches by `limits`; each search thread runs
    /// `thread_start` first.
    pub fn new(limits: SearchLimits, thread_start: Option<fn()>) -> Self {
        Self {
            places: Arc::new(Semaphore::new(limits.concurrent.max(1))),
            accounts: Arc::default(),
            thread_start,
            pool: Arc::default(),
            limits,
        }
    }

    /// The limits in force.
    pub fn limits(&self) -> SearchLimits {
        self.limits
    }

    /// What each search thread runs first.
    pub fn thread_start(&self) -> Option<fn()> {
        self.thread_start
    }

    /// Lets a search of `user`'s in, or says why not: the account has one
    /// running, or no place came free within the wait.
    pub async fn admit(&self, user: UserId) -> Result<Ticket, Busy> {
        let retry_after = self.limits.retry_after();
        let Some(account) = AccountSlot::take(&self.accounts, user) else {
            metrics::counter!("planner_searches_refused_total", "reason" => "account").increment(1);
            return Err(Busy::Account { retry_after });
        };
        let wait = Arc::clone(&self.places).acquire_owned();
        let Ok(Ok(place)) = tokio::time::timeout(self.limits.queue_wait, wait).await else {
            metrics::counter!("planner_searches_refused_total", "reason" => "instance")
                .increment(1);
            return Err(Busy::Instance { retry_after });
        };
        let threads = self.limits.concurrent.max(1);
        let start = self.thread_start;
        let pool = Arc::clone(&self.pool);
        pool.get_or_init(|| Pool::start(threads, start));
        Ok(Ticket {
            held: Arc::new(Held {
                _place: place,
                _account: account,
            }),
            budget: Arc::new(Budget::lasting(self.limits.budget)),
            pool,
        })
    }

    /// Places free now (all of them when no search runs).
    #[cfg(test)]
    pub fn free_places(&self) -> usize {
        self.places.available_permits()
    }
}

/// An account's mark among the accounts searching now, removed when
/// dropped.
struct AccountSlot {
    accounts: Arc<Mutex<HashSet<UserId>>>,
    user: UserId,
}

impl AccountSlot {
    /// Marks `user`, unless already marked.
    fn take(accounts: &Arc<Mutex<HashSet<UserId>>>, user: UserId) -> Option<Self> {
        let mut marked = accounts.lock().unwrap_or_else(|p| p.into_inner());
        marked.insert(user).then(|| Self {
            accounts: Arc::clone(accounts),
            user,
        })
    }
}

impl Drop for AccountSlot {
    fn drop(&mut self) {
        let mut marked = self.accounts.lock().unwrap_or_else(|p| p.into_inner());
        marked.remove(&self.user);
    }
}

/// What a let-in search holds until its last computation has stopped.
struct Held {
    _place: OwnedSemaphorePermit,
    _account: AccountSlot,
}

/// A search let in: its budget, its place and its account. Dropping it
/// cancels the budget.
pub(crate) struct Ticket {
    held: Arc<Held>,
    budget: Arc<Budget>,
    pool: Arc<OnceLock<Pool>>,
}

impl Ticket {
    /// Runs `work` on a search thread under this ticket's budget. The
    /// place and the account stay held until `work` returns, even when
    /// the caller stopped waiting for it.
    pub async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce(&Budget) -> T + Send + 'static,
    ) -> Result<T, PlanError> {
        let held = Arc::clone(&self.held);
        let budget = Arc::clone(&self.budget);
        let (answer, answered) = tokio::sync::oneshot::channel();
        let job: Job = Box::new(move || {
            let running = Running::start();
            // A panic loses this answer (the caller gets an error), never
            // the thread.
            let out = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(&budget)));
            // Counted out and the place freed before the answer goes: no
            // one is answered while the search still counts as running.
            drop(running);
            drop(held);
            if let Ok(out) = out {
                let _ = answer.send(out);
            }
        });
        match self.pool.get() {
            Some(pool) => pool.submit(job),
            // Admission starts the pool: a ticket always finds one.
            None => drop(tokio::task::spawn_blocking(job)),
        }
        answered
            .await
            .map_err(|_| StoreError::Failure("planning task failed".into()).into())
    }

    /// Whether a search under this ticket stopped at its budget with the
    /// best plan found by then.
    pub fn cut_short(&self) -> bool {
        self.budget.cut_short()
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        if self.budget.cut_short() && !self.budget.is_cancelled() {
            metrics::counter!("planner_searches_cut_short_total").increment(1);
        }
        self.budget.cancel();
    }
}

/// A search's work, run on a search thread.
type Job = Box<dyn FnOnce() + Send>;

/// The search threads: one per place, so a let-in search never waits for
/// one.
struct Pool {
    jobs: Mutex<mpsc::Sender<Job>>,
}

impl Pool {
    /// `threads` threads, each running `start` first.
    fn start(threads: usize, start: Option<fn()>) -> Self {
        let (jobs, queue) = mpsc::channel::<Job>();
        let queue = Arc::new(Mutex::new(queue));
        for i in 0..threads {
            let queue = Arc::clone(&queue);
            let spawned = std::thread::Builder::new()
                .name(format!("plan-search-{i}"))
                .spawn(move || {
                    if let Some(start) = start {
                        start();
                    }
                    loop {
                        let next = queue.lock().unwrap_or_else(|p| p.into_inner()).recv();
                        match next {
                            Ok(job) => job(),
                            Err(_) => return,
                        }
                    }
                });
            if let Err(e) = spawned {
                tracing::error!(error = %e, "a plan search thread did not start");
            }
        }
        Self {
            jobs: Mutex::new(jobs),
        }
    }

    /// Runs `job` on a search thread; on the blocking pool when none
    /// could be started.
    fn submit(&self, job: Job) {
        let sent = self
            .jobs
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .send(job);
        if let Err(mpsc::SendError(job)) = sent {
            drop(tokio::task::spawn_blocking(job));
        }
    }
}

/// One search computing now, counted in the `planner_searches_running`
/// gauge while it lives.
struct Running;

impl Running {
    fn start() -> Self {
        metrics::gauge!("planner_searches_running").increment(1.0);
        Self
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        metrics::gauge!("planner_searches_running").decrement(1.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicBool, Ordering};

    fn limits(concurrent: usize) -> SearchLimits {
        SearchLimits {
            concurrent,
            queue_wait: Duration::from_millis(50),
            budget: Duration::from_millis(1500),
        }
    }

    #[tokio::test]
    async fn one_search_per_account_and_places_per_instance() {
        let searches = Searches::new(limits(2), None);
        let first = searches.admit(UserId(1)).await.unwrap();
        assert_eq!(
            searches.admit(UserId(1)).await.err(),
            Some(Busy::Account {
                retry_after: Duration::from_secs(2)
            })
        );
        let second = searches.admit(UserId(2)).await.unwrap();
        assert!(matches!(
            searches.admit(UserId(3)).await,
            Err(Busy::Instance { .. })
        ));
        assert_eq!(searches.free_places(), 0);
        // An account refused for want of a place was not left marked:
        // once a place is free, it gets in.
        drop(first);
        let third = searches.admit(UserId(3)).await.unwrap();
        // The first account's search is over: it is refused only for want
        // of a place now.
        assert!(matches!(
            searches.admit(UserId(1)).await,
            Err(Busy::Instance { .. })
        ));
        drop((second, third));
        assert_eq!(searches.free_places(), 2);
        assert!(searches.admit(UserId(1)).await.is_ok());
    }

    #[tokio::test]
    async fn an_abandoned_search_is_cancelled_and_holds_its_place_until_it_stops() {
        let searches = Arc::new(Searches::new(limits(1), None));
        let started = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&started);
        let ticket = searches.admit(UserId(1)).await.unwrap();
        let request = tokio::spawn(async move {
            ticket
                .run(move |budget| {
                    flag.store(true, Ordering::SeqCst);
                    // A search loop: stops when its budget says so.
                    while !budget.spent() {
                        std::thread::sleep(Duration::from_millis(1));
                    }
                    budget.is_cancelled()
                })
                .await
        });
        while !started.load(Ordering::SeqCst) {
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        // The request goes away (a deadline, a client gone): its future is
        // dropped, which cancels the budget.
        request.abort();
        // Until the work has stopped, the place and the account are held.
        let mut waited = 0;
        while searches.free_places() == 0 {
            assert!(waited < 1000, "the search never stopped");
            tokio::time::sleep(Duration::from_millis(1)).await;
            waited += 1;
        }
        assert!(searches.admit(UserId(1)).await.is_ok());
    }

    /// Search threads that ran their set-up (this module's tests only).
    static STARTED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

    fn started() {
        STARTED.fetch_add(1, Ordering::SeqCst);
    }

    #[tokio::test]
    async fn searches_run_on_their_own_thread_set_up_first() {
        let searches = Searches::new(limits(1), Some(started));
        let ticket = searches.admit(UserId(1)).await.unwrap();
        let thread = || std::thread::current().name().map(str::to_owned);
        let name = ticket.run(move |_| thread()).await.unwrap();
        assert_eq!(name.as_deref(), Some("plan-search-0"));
        assert!(STARTED.load(Ordering::SeqCst) >= 1, "set up first");
        // A search that panics costs its answer, not its thread.
        assert!(ticket.run(|_| -> u8 { panic!("a bug") }).await.is_err());
        let name = ticket.run(move |_| thread()).await.unwrap();
        assert_eq!(name.as_deref(), Some("plan-search-0"));
    }

    #[tokio::test]
    async fn the_budget_runs_out_and_says_the_search_was_cut_short() {
        let searches = Searches::new(
            SearchLimits {
                budget: Duration::from_millis(20),
                ..limits(1)
            },
            None,
        );
        let ticket = searches.admit(UserId(1)).await.unwrap();
        assert!(!ticket.cut_short());
        let started = std::time::Instant::now();
        let cancelled = ticket
            .run(|budget| {
                while !budget.spent() {
                    std::thread::sleep(Duration::from_millis(1));
                }
                budget.is_cancelled()
            })
            .await
            .unwrap();
        assert!(started.elapsed() >= Duration::from_millis(20));
        assert!(!cancelled, "the deadline stopped it, not a cancel");
        assert!(ticket.cut_short());
    }
}
