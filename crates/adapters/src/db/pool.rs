//! The connection pool: r2d2 over [`AnyConnection`], no checkout ping.
//!
//! A connection is not tested with `SELECT 1` each time it leaves the
//! pool (that would be one more round trip per request). A broken one is
//! found by the error it returns: it is then marked lost, so r2d2 drops it
//! instead of taking it back, and an idempotent read ([`Database::run_read`])
//! runs once more on another connection. Each loss is counted; a
//! connection last seen working before the latest loss (a restarted
//! server takes every connection with it) is pinged once on its next
//! checkout, so the first request after a restart finds the breakage and
//! later ones get a connection known to work.

use std::ops::{Deref, DerefMut};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use diesel::connection::SimpleConnection;
use diesel::r2d2::R2D2Connection;
use mealplan_ports::StoreError;

use super::{AnyConnection, Backend, Database, PoolOptions};

/// A pooled connection and what the pool knows about it.
pub(crate) struct Pooled {
    conn: AnyConnection,
    /// The count of lost connections when this one was opened or last
    /// seen working: a lower count than now means it may be dead too.
    seen_at: u64,
    /// It returned a connection-level error: dropped, never reused.
    lost: bool,
}

impl Deref for Pooled {
    type Target = AnyConnection;

    fn deref(&self) -> &AnyConnection {
        &self.conn
    }
}

impl DerefMut for Pooled {
    fn deref_mut(&mut self) -> &mut AnyConnection {
        &mut self.conn
    }
}

/// Makes connections for r2d2, choosing the backend once from the URL so a
/// bad password surfaces as libpq's message, not as an r2d2 timeout.
#[derive(Debug)]
pub(crate) struct Manager {
    backend: Backend,
    limits: PoolOptions,
    /// Connections found broken so far (shared with [`Database`]).
    losses: Arc<AtomicU64>,
}

impl Manager {
    pub(super) fn new(backend: Backend, limits: PoolOptions, losses: Arc<AtomicU64>) -> Self {
        Self {
            backend,
            limits,
            losses,
        }
    }
}

impl r2d2::ManageConnection for Manager {
    type Connection = Pooled;
    type Error = diesel::ConnectionError;

    fn connect(&self) -> Result<Pooled, Self::Error> {
        let seen_at = self.losses.load(Ordering::Acquire);
        Ok(Pooled {
            conn: self.backend.establish(&self.limits)?,
            seen_at,
            lost: false,
        })
    }

    /// Only called if checkout tests are turned on, which they are not.
    fn is_valid(&self, conn: &mut Pooled) -> Result<(), Self::Error> {
        conn.batch_execute("SELECT 1")
            .map_err(diesel::ConnectionError::CouldntSetupConfiguration)
    }

    /// A connection that failed, or that is left inside a transaction or
    /// with Diesel's transaction manager in error, is closed, not reused.
    fn has_broken(&self, conn: &mut Pooled) -> bool {
        conn.lost || conn.conn.is_broken()
    }
}

/// Builds the pool: no test on checkout (see the module's comment).
pub(super) fn build(
    backend: Backend,
    options: PoolOptions,
    losses: Arc<AtomicU64>,
) -> Result<r2d2::Pool<Manager>, r2d2::Error> {
    r2d2::Pool::builder()
        .max_size(options.max_size)
        .min_idle(Some(1))
        .test_on_check_out(false)
        .connection_timeout(options.acquire_timeout)
        .build(Manager::new(backend, options, losses))
}

/// Whether `result` of work on `conn` says the connection is gone: the
/// work failed with [`StoreError::Unavailable`] (what `store_error` makes
/// of Diesel's connection-level errors) or left the connection broken.
fn is_lost<T>(conn: &mut Pooled, result: &Result<T, StoreError>) -> bool {
    matches!(result, Err(StoreError::Unavailable(_))) || conn.conn.is_broken()
}

/// Marks `conn` lost, so the pool closes it when it comes back, and counts
/// the loss.
fn discard(mut conn: r2d2::PooledConnection<Manager>, losses: &AtomicU64) {
    conn.lost = true;
    losses.fetch_add(1, Ordering::AcqRel);
    metrics::counter!("db_connections_lost_total").increment(1);
    drop(conn);
}

/// A connection from `pool` within `timeout`. One last seen working before
/// the latest loss is pinged first, and discarded if the ping fails.
fn checkout(
    pool: &r2d2::Pool<Manager>,
    losses: &AtomicU64,
    timeout: Duration,
) -> Result<r2d2::PooledConnection<Manager>, StoreError> {
    let deadline = Instant::now() + timeout;
    loop {
        let remaining = deadline.saturating_duration_since(Instant::now());
        let mut conn = pool
            .get_timeout(remaining.max(Duration::from_millis(1)))
            .map_err(|e| {
                metrics::counter!("db_pool_timeouts_total").increment(1);
                StoreError::Unavailable(e.to_string())
            })?;
        let now = losses.load(Ordering::Acquire);
        if conn.seen_at >= now {
            return Ok(conn);
        }
        if conn.batch_execute("SELECT 1").is_ok() {
            conn.seen_at = now;
            return Ok(conn);
        }
        discard(conn, losses);
    }
}

impl Database {
    /// Runs `work` with a pooled connection on the blocking pool.
    ///
    /// A request first waits, asynchronously and in arrival order, for one
    /// of `max_size` permits, so the blocking pool never holds more
    /// threads than there are connections and no thread sleeps in r2d2's
    /// queue; the pool's own wait then only covers opening a connection.
    /// A connection that fails is dropped; the work is not run again (it
    /// may have written): use [`Self::run_read`] for reads.
    pub(crate) async fn run<T, F>(&self, work: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: FnOnce(&mut AnyConnection) -> Result<T, StoreError> + Send + 'static,
    {
        let mut work = Some(work);
        self.run_on_pool(false, move |conn| match work.take() {
            Some(work) => work(conn),
            None => unreachable!("work that may write runs once"),
        })
        .await
    }

    /// [`Self::run`] for work that only reads: when its connection turns
    /// out to be broken (a restarted or failed-over server), the connection
    /// is dropped and the work runs once more on another one, checked or
    /// new.
    pub(crate) async fn run_read<T, F>(&self, work: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: FnMut(&mut AnyConnection) -> Result<T, StoreError> + Send + 'static,
    {
        self.run_on_pool(true, work).await
    }

    async fn run_on_pool<T, F>(&self, idempotent: bool, mut work: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: FnMut(&mut AnyConnection) -> Result<T, StoreError> + Send + 'static,
    {
        let waited = Instant::now();
        let timeout = || {
            metrics::counter!("db_pool_timeouts_total").increment(1);
            StoreError::Unavailable("timed out waiting for a database connection".into())
        };
        let permit = tokio::time::timeout(
            self.limits.acquire_timeout,
            self.permits.clone().acquire_owned(),
        )
        .await
        .map_err(|_| timeout())?
        .map_err(|_| StoreError::Unavailable("the pool is closed".into()))?;
        let remaining = self.limits.acquire_timeout.saturating_sub(waited.elapsed());
        let pool = self.pool.clone();
        let losses = self.losses.clone();
        let patience = self.limits.acquire_timeout;
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            let conn = checkout(&pool, &losses, remaining);
            metrics::histogram!("db_pool_wait_seconds").record(waited.elapsed().as_secs_f64());
            let state = pool.state();
            metrics::gauge!("db_pool_connections").set(f64::from(state.connections));
            metrics::gauge!("db_pool_in_use")
                .set(f64::from(state.connections - state.idle_connections));
            metrics::gauge!("db_pool_max_size").set(f64::from(pool.max_size()));
            let mut conn = conn?;
            let seen = losses.load(Ordering::Acquire);
            let result = work(&mut conn);
            if !is_lost(&mut conn, &result) {
                conn.seen_at = conn.seen_at.max(seen);
                return result;
            }
            discard(conn, &losses);
            if !idempotent {
                return result;
            }
            metrics::counter!("db_read_retries_total").increment(1);
            let mut conn = checkout(&pool, &losses, patience)?;
            let retried = work(&mut conn);
            if is_lost(&mut conn, &retried) {
                discard(conn, &losses);
            }
            retried
        })
        .await
        .map_err(|e| StoreError::Failure(format!("storage task failed: {e}")))?
    }
}
