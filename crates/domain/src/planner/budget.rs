//! When a search stops before it has tried everything it would: its time
//! budget is spent, or whoever asked for it no longer waits for the answer.
//!
//! The searches are plain loops (restarts, descent passes, a slot's
//! improvement); each looks at its [`Budget`] between two steps and, when
//! it says stop, keeps the best it has found so far. A step in progress
//! finishes first, so a stop takes effect within milliseconds. A search of
//! several days gives each day its [`part`](Budget::part) of what is left,
//! so that the first day cannot spend the last day's time. Nothing here
//! knows about threads or runtimes: the caller shares the budget (`Arc`)
//! with whatever cancels it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

/// How long a search may go on, and whether anyone still wants its answer.
#[derive(Debug, Clone, Default)]
pub struct Budget {
    /// Past it the searches keep what they have.
    deadline: Option<Instant>,
    /// Set when nobody waits for the answer any more (shared with parts).
    cancelled: Arc<AtomicBool>,
    /// Set when a search stopped early because of this budget or one of
    /// its parts (shared with them).
    stopped: Arc<AtomicBool>,
}

impl Budget {
    /// No limit: every search runs to its own end.
    pub fn unlimited() -> &'static Budget {
        static NONE: OnceLock<Budget> = OnceLock::new();
        NONE.get_or_init(Budget::default)
    }

    /// A budget that runs out `time` from now.
    pub fn lasting(time: Duration) -> Self {
        Self {
            deadline: Instant::now().checked_add(time),
            ..Self::default()
        }
    }

    /// The share of what is left for one of `parts` searches still to
    /// run one after the other (the days of a plan): it runs out after
    /// `1/parts` of the time left, and is cancelled with this budget and
    /// says [`cut_short`](Self::cut_short) through it.
    pub fn part(&self, parts: usize) -> Self {
        let now = Instant::now();
        Self {
            deadline: self
                .deadline
                .map(|d| now + d.saturating_duration_since(now) / parts.max(1) as u32),
            ..self.clone()
        }
    }

    /// Nobody waits for the answer any more: every search under this
    /// budget (and its parts) stops at its next step. The
    /// [`unlimited`](Self::unlimited) budget, shared by every search
    /// without one, cannot be cancelled.
    pub fn cancel(&self) {
        if !Arc::ptr_eq(&self.cancelled, &Self::unlimited().cancelled) {
            self.cancelled.store(true, Ordering::Relaxed);
        }
    }

    /// Whether [`cancel`](Self::cancel) was called.
    pub fn is_cancelled(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed)
    }

    /// Whether a search that has more to try must stop now (cancelled, or
    /// past the deadline). Asked only where the search would otherwise go
    /// on, so a `true` answer means the search was cut short, and
    /// [`cut_short`](Self::cut_short) remembers it.
    pub fn spent(&self) -> bool {
        let spent = self.is_cancelled() || self.deadline.is_some_and(|d| Instant::now() >= d);
        if spent {
            self.stopped.store(true, Ordering::Relaxed);
        }
        spent
    }

    /// Whether a search under this budget stopped before its end and
    /// answered with the best it had found by then.
    pub fn cut_short(&self) -> bool {
        self.stopped.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unlimited_budget_never_stops_a_search() {
        let budget = Budget::unlimited();
        budget.cancel();
        budget.part(3).cancel();
        assert!(!budget.spent() && !budget.part(7).spent());
        assert!(!budget.cut_short());
    }

    #[test]
    fn a_budget_stops_at_its_deadline_or_when_cancelled_and_says_so() {
        let long = Budget::lasting(Duration::from_secs(3600));
        assert!(!long.spent() && !long.cut_short());
        long.cancel();
        assert!(long.is_cancelled() && long.spent() && long.cut_short());

        let over = Budget::lasting(Duration::ZERO);
        assert!(!over.cut_short(), "nothing was cut before a search asked");
        assert!(over.spent() && over.cut_short());
    }

    #[test]
    fn a_part_ends_sooner_and_shares_the_cancel_and_the_report() {
        let whole = Budget::lasting(Duration::from_secs(3600));
        let day = whole.part(4);
        let left = |b: &Budget| b.deadline.unwrap() - Instant::now();
        assert!(left(&day) <= Duration::from_secs(900));
        assert!(left(&day) > Duration::from_secs(890));
        assert!(!day.spent());
        whole.cancel();
        assert!(day.spent());
        assert!(whole.cut_short(), "a part cut short cuts the whole short");

        let whole = Budget::lasting(Duration::from_secs(3600));
        let spent = Budget {
            deadline: Some(Instant::now()),
            ..whole.part(1)
        };
        assert!(spent.spent() && whole.cut_short() && !whole.is_cancelled());
    }
}
