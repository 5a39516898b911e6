//! The rate-limit counters in the database, shared by every instance that
//! uses it (`rate_limits`, migration `2026-11-23-000140`).
//!
//! Each check is one statement, `INSERT … ON CONFLICT (scope, subject) DO
//! UPDATE … RETURNING`, that both backends run atomically: PostgreSQL locks
//! the row for the update (a concurrent check of the same key waits and
//! then sees the new values), SQLite has one writer at a time. Diesel's
//! `MultiConnection` has no `on_conflict`, so the statement is raw SQL with
//! numbered parameters (`$1` on PostgreSQL, `?1` on SQLite).
//!
//! A row holds nothing once its `expires` has passed (a full bucket, a
//! window that ended): the statements treat such a row as absent, and a
//! bounded delete (at most [`CLEANUP_BATCH`] rows, oldest first) runs at
//! most once per [`CLEANUP_EVERY`] in each process, at once again while
//! the last one found a full batch. A check therefore costs one
//! primary-key upsert, and the table holds only the keys seen within a
//! window (15 minutes for login attempts, one period for addresses).

use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::RunQueryDsl;
use diesel::sql_types::{BigInt, Integer, SmallInt, Text};
use mealplan_ports::{Admission, RateLimitStore, StoreError};

use super::transaction::write_transaction;
use super::{AnyConnection, Database, store_error};

/// Scope of a client address's token bucket.
const BUCKETS: i16 = 1;
/// Scope of an e-mail's login attempts.
const ATTEMPTS: i16 = 2;

/// Most expired rows one cleanup deletes.
const CLEANUP_BATCH: i64 = 500;
/// How often, at most, a process deletes expired rows.
const CLEANUP_EVERY: Duration = Duration::from_secs(30);

/// A token bucket as a "generic cell rate algorithm": `mark` is when the
/// bucket would be full again (each request pushes it on by one emission
/// interval, `period / capacity`); a request is allowed when that leaves it
/// at most one `period` ahead of now. Parameters: scope, key, now,
/// interval, period (µs).
const TAKE_TOKEN: &str = "\
INSERT INTO rate_limits (scope, subject, mark, hits, expires) \
VALUES ($1, $2, $3 + $4, 1, $3 + $4) \
ON CONFLICT (scope, subject) DO UPDATE SET \
mark = CASE WHEN (CASE WHEN rate_limits.mark > $3 THEN rate_limits.mark ELSE $3 END) + $4 <= $3 + $5 \
       THEN (CASE WHEN rate_limits.mark > $3 THEN rate_limits.mark ELSE $3 END) + $4 \
       ELSE rate_limits.mark END, \
hits = CASE WHEN (CASE WHEN rate_limits.mark > $3 THEN rate_limits.mark ELSE $3 END) + $4 <= $3 + $5 \
       THEN 1 ELSE 0 END, \
expires = CASE WHEN (CASE WHEN rate_limits.mark > $3 THEN rate_limits.mark ELSE $3 END) + $4 <= $3 + $5 \
       THEN (CASE WHEN rate_limits.mark > $3 THEN rate_limits.mark ELSE $3 END) + $4 \
       ELSE rate_limits.mark END \
RETURNING mark, hits, expires";

/// Attempts in a window that opens with the first one: a row whose window
/// ended starts afresh; attempts over the limit are refused and not
/// counted (`hits` stops at limit + 1). Parameters: scope, key, now,
/// window (µs), limit.
const COUNT_ATTEMPT: &str = "\
INSERT INTO rate_limits (scope, subject, mark, hits, expires) \
VALUES ($1, $2, $3, 1, $3 + $4) \
ON CONFLICT (scope, subject) DO UPDATE SET \
mark = CASE WHEN rate_limits.expires <= $3 THEN $3 ELSE rate_limits.mark END, \
hits = CASE WHEN rate_limits.expires <= $3 THEN 1 \
            WHEN rate_limits.hits <= $5 THEN rate_limits.hits + 1 \
            ELSE rate_limits.hits END, \
expires = CASE WHEN rate_limits.expires <= $3 THEN $3 + $4 ELSE rate_limits.expires END \
RETURNING mark, hits, expires";

const CLEAR: &str = "DELETE FROM rate_limits WHERE scope = $1 AND subject = $2";

/// The expired rows, oldest first, at most a batch; the outer condition
/// repeats `expires` so that a row another instance just renewed is kept
/// (PostgreSQL re-checks it on the new row version).
const CLEANUP: &str = "\
DELETE FROM rate_limits WHERE expires <= $1 AND (scope, subject) IN \
(SELECT scope, subject FROM rate_limits WHERE expires <= $1 ORDER BY expires LIMIT $2)";

#[derive(diesel::QueryableByName)]
struct Counter {
    /// A bucket's `mark` (see [`TAKE_TOKEN`]), which a refusal's wait
    /// counts from; an attempt window's start.
    #[diesel(sql_type = BigInt)]
    mark: i64,
    #[diesel(sql_type = Integer)]
    hits: i32,
    #[diesel(sql_type = BigInt)]
    expires: i64,
}

/// `sql` as the backend of `conn` numbers its parameters.
pub(super) fn numbered(conn: &AnyConnection, sql: &str) -> String {
    match conn {
        AnyConnection::Postgresql(_) => sql.to_owned(),
        AnyConnection::Sqlite(_) => sql.replace('$', "?"),
    }
}

/// Runs one write statement: autocommit on PostgreSQL (one round trip),
/// in a `BEGIN IMMEDIATE` transaction on SQLite, whose `COMMIT` is checked.
fn write<T>(
    conn: &mut AnyConnection,
    work: impl FnOnce(&mut AnyConnection) -> diesel::QueryResult<T>,
) -> Result<T, StoreError> {
    match conn {
        AnyConnection::Postgresql(_) => work(conn).map_err(store_error),
        AnyConnection::Sqlite(_) => write_transaction(conn, work).map_err(store_error),
    }
}

fn micros(d: Duration) -> i64 {
    i64::try_from(d.as_micros()).unwrap_or(i64::MAX / 4)
}

/// Whole seconds from `now` to `until` (µs), at least 1.
fn seconds_until(until: i64, now: i64) -> u64 {
    let us = until.saturating_sub(now).max(0) as u64;
    us.div_ceil(1_000_000).max(1)
}

/// Takes a token; see [`TAKE_TOKEN`].
fn take_token(
    conn: &mut AnyConnection,
    key: &str,
    capacity: u32,
    period: Duration,
    now: i64,
) -> Result<Admission, StoreError> {
    let period = micros(period).max(1);
    let interval = (period / i64::from(capacity.max(1))).max(1);
    let sql = numbered(conn, TAKE_TOKEN);
    let row: Counter = write(conn, |conn| {
        diesel::sql_query(sql)
            .bind::<SmallInt, _>(BUCKETS)
            .bind::<Text, _>(key)
            .bind::<BigInt, _>(now)
            .bind::<BigInt, _>(interval)
            .bind::<BigInt, _>(period)
            .get_result(conn)
    })?;
    Ok(if row.hits == 1 {
        Admission::Allowed
    } else {
        // The next request fits once `mark` is one period minus one
        // interval ahead of the clock.
        Admission::Refused {
            retry_after: seconds_until(row.mark + interval - period, now),
        }
    })
}

/// Counts an attempt; see [`COUNT_ATTEMPT`].
fn count_attempt(
    conn: &mut AnyConnection,
    key: &str,
    limit: u32,
    window: Duration,
    now: i64,
) -> Result<Admission, StoreError> {
    let limit = i32::try_from(limit).unwrap_or(i32::MAX - 1);
    let sql = numbered(conn, COUNT_ATTEMPT);
    let row: Counter = write(conn, |conn| {
        diesel::sql_query(sql)
            .bind::<SmallInt, _>(ATTEMPTS)
            .bind::<Text, _>(key)
            .bind::<BigInt, _>(now)
            .bind::<BigInt, _>(micros(window).max(1))
            .bind::<Integer, _>(limit)
            .get_result(conn)
    })?;
    Ok(if row.hits <= limit {
        Admission::Allowed
    } else {
        Admission::Refused {
            retry_after: seconds_until(row.expires, now),
        }
    })
}

fn clear_attempts(conn: &mut AnyConnection, key: &str) -> Result<(), StoreError> {
    let sql = numbered(conn, CLEAR);
    write(conn, |conn| {
        diesel::sql_query(sql)
            .bind::<SmallInt, _>(ATTEMPTS)
            .bind::<Text, _>(key)
            .execute(conn)
    })
    .map(drop)
}

/// Deletes up to a batch of expired rows; returns how many.
fn cleanup(conn: &mut AnyConnection, now: i64) -> Result<usize, StoreError> {
    let sql = numbered(conn, CLEANUP);
    write(conn, |conn| {
        diesel::sql_query(sql)
            .bind::<BigInt, _>(now)
            .bind::<BigInt, _>(CLEANUP_BATCH)
            .execute(conn)
    })
}

/// When this process last deleted expired rows (µs since the epoch), per
/// database: clones of a [`Database`] share it.
#[derive(Debug, Default)]
pub(crate) struct Cleanup {
    last: AtomicI64,
}

impl Cleanup {
    /// Whether a cleanup is due at `now`; claims it if so.
    fn due(&self, now: i64) -> bool {
        let last = self.last.load(Ordering::Relaxed);
        now.saturating_sub(last) >= micros(CLEANUP_EVERY)
            && self
                .last
                .compare_exchange(last, now, Ordering::Relaxed, Ordering::Relaxed)
                .is_ok()
    }

    /// After a cleanup that deleted `deleted` rows: a full batch means more
    /// are waiting, so the next check cleans again.
    fn done(&self, deleted: usize) {
        if deleted as i64 >= CLEANUP_BATCH {
            self.last.store(0, Ordering::Relaxed);
        }
    }
}

fn epoch_micros(now: DateTime<Utc>) -> i64 {
    now.timestamp_micros()
}

impl Database {
    /// Runs `check` and, when one is due, a bounded cleanup after it (its
    /// failure is logged, never the check's).
    async fn limit_check(
        &self,
        now: DateTime<Utc>,
        check: impl FnOnce(&mut AnyConnection, i64) -> Result<Admission, StoreError> + Send + 'static,
    ) -> Result<Admission, StoreError> {
        let now = epoch_micros(now);
        let cleanup_state = self.limit_cleanup.clone();
        self.run(move |conn| {
            let admission = check(conn, now)?;
            if cleanup_state.due(now) {
                match cleanup(conn, now) {
                    Ok(deleted) => cleanup_state.done(deleted),
                    Err(e) => tracing::warn!(error = %e, "rate-limit cleanup failed"),
                }
            }
            Ok(admission)
        })
        .await
    }
}

#[async_trait]
impl RateLimitStore for Database {
    async fn take_token(
        &self,
        key: String,
        capacity: u32,
        period: Duration,
        now: DateTime<Utc>,
    ) -> Result<Admission, StoreError> {
        self.limit_check(now, move |conn, now| {
            take_token(conn, &key, capacity, period, now)
        })
        .await
    }

    async fn count_attempt(
        &self,
        key: String,
        limit: u32,
        window: Duration,
        now: DateTime<Utc>,
    ) -> Result<Admission, StoreError> {
        self.limit_check(now, move |conn, now| {
            count_attempt(conn, &key, limit, window, now)
        })
        .await
    }

    async fn clear_attempts(&self, key: String) -> Result<(), StoreError> {
        self.run(move |conn| clear_attempts(conn, &key)).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::PoolOptions;

    const S: i64 = 1_000_000;
    const MINUTE: Duration = Duration::from_secs(60);
    const WINDOW: Duration = Duration::from_secs(900);

    /// Which backend a test runs on.
    #[derive(Debug, Clone, Copy)]
    enum Kind {
        Sqlite,
        Postgres,
    }

    /// The PostgreSQL server the test databases are created on: the API
    /// tests' (`MEALPLAN_TEST_POSTGRES_URL`, else the local default).
    fn postgres_admin_url() -> String {
        std::env::var("MEALPLAN_TEST_POSTGRES_URL")
            .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".to_owned())
    }

    /// A migrated database of `kind`, and what removes it. PostgreSQL's is
    /// created on the tests' server, which must be reachable: built with
    /// `MEALPLAN_TEST_SKIP_POSTGRES=1`, the PostgreSQL variants are
    /// ignored instead (`build.rs`), never passed without running.
    fn database(kind: Kind) -> (Database, Box<dyn FnOnce()>) {
        match kind {
            Kind::Sqlite => {
                let dir = tempfile::tempdir().unwrap();
                let url = format!("sqlite://{}", dir.path().join("t.db").display());
                let db = Database::open(&url, PoolOptions::default()).unwrap();
                db.migrate().unwrap();
                (db, Box::new(move || drop(dir)))
            }
            Kind::Postgres => {
                use diesel::Connection;
                use diesel::connection::SimpleConnection;
                let admin = postgres_admin_url();
                // The tests run in parallel: the clock alone can give two
                // of them the same name within a microsecond.
                static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
                let name = format!(
                    "mealplan_limits_{}_{}_{}",
                    std::process::id(),
                    Utc::now().timestamp_micros(),
                    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
                );
                let mut conn = diesel::PgConnection::establish(&admin).unwrap_or_else(|e| {
                    panic!(
                        "PostgreSQL is unreachable at {admin}: {e}. Start one there, point \
                         MEALPLAN_TEST_POSTGRES_URL at another, or build the tests with \
                         MEALPLAN_TEST_SKIP_POSTGRES=1 to have these reported as ignored."
                    )
                });
                conn.batch_execute(&format!("CREATE DATABASE {name}"))
                    .unwrap();
                let base = admin.rsplit_once('/').unwrap().0.to_owned();
                let db = Database::open(&format!("{base}/{name}"), PoolOptions::default()).unwrap();
                db.migrate().unwrap();
                (
                    db,
                    Box::new(move || {
                        let _ = conn.batch_execute(&format!("DROP DATABASE {name} WITH (FORCE)"));
                    }),
                )
            }
        }
    }

    /// Runs each listed `fn name(Kind)` once per backend, as a module of
    /// two tests, `name::sqlite` and `name::postgres`.
    macro_rules! on_both_backends {
        ($($test:meta => $name:ident),* $(,)?) => {$(
            mod $name {
                #[$test]
                async fn sqlite() {
                    super::$name(super::Kind::Sqlite).await
                }

                #[$test]
                #[cfg_attr(
                    mealplan_skip_postgres,
                    ignore = "built with MEALPLAN_TEST_SKIP_POSTGRES=1"
                )]
                async fn postgres() {
                    super::$name(super::Kind::Postgres).await
                }
            }
        )*};
    }

    on_both_backends!(
        tokio::test => buckets_allow_a_burst_then_refill,
        tokio::test => attempts_block_until_the_window_ends_and_clear,
        tokio::test => expired_rows_are_deleted_in_bounded_batches,
        tokio::test => concurrent_checks_never_pass_more_than_the_limit,
    );

    fn conn(db: &Database) -> r2d2::PooledConnection<super::super::pool::Manager> {
        db.pool.get().unwrap()
    }

    fn rows(db: &Database) -> i64 {
        #[derive(diesel::QueryableByName)]
        struct N {
            #[diesel(sql_type = BigInt)]
            n: i64,
        }
        let n: N = diesel::sql_query("SELECT COUNT(*) AS n FROM rate_limits")
            .get_result(&mut **conn(db))
            .unwrap();
        n.n
    }

    async fn buckets_allow_a_burst_then_refill(kind: Kind) {
        let (db, done) = database(kind);
        let c = &mut **conn(&db);
        let t0 = 1_800_000_000 * S;
        let take =
            |c: &mut AnyConnection, key: &str, at: i64| take_token(c, key, 3, MINUTE, at).unwrap();
        for _ in 0..3 {
            assert_eq!(take(c, "a", t0), Admission::Allowed);
        }
        assert_eq!(
            take(c, "a", t0),
            Admission::Refused { retry_after: 20 },
            "{:?}",
            db.backend()
        );
        assert_eq!(take(c, "b", t0), Admission::Allowed, "keys are independent");
        assert_eq!(take(c, "a", t0 + 20 * S), Admission::Allowed);
        assert_eq!(
            take(c, "a", t0 + 21 * S),
            Admission::Refused { retry_after: 19 }
        );
        // A full minute later the bucket is full again.
        for _ in 0..3 {
            assert_eq!(take(c, "a", t0 + 200 * S), Admission::Allowed);
        }
        assert!(matches!(
            take(c, "a", t0 + 200 * S),
            Admission::Refused { .. }
        ));
        done();
    }

    async fn attempts_block_until_the_window_ends_and_clear(kind: Kind) {
        let (db, done) = database(kind);
        let c = &mut **conn(&db);
        let t0 = 1_800_000_000 * S;
        let count = |c: &mut AnyConnection, key: &str, at: i64| {
            count_attempt(c, key, 2, WINDOW, at).unwrap()
        };
        assert_eq!(count(c, "a", t0), Admission::Allowed);
        assert_eq!(count(c, "a", t0 + 100 * S), Admission::Allowed);
        assert_eq!(
            count(c, "a", t0 + 100 * S),
            Admission::Refused { retry_after: 800 }
        );
        // Refusals are not counted and do not move the window.
        for _ in 0..5 {
            assert!(matches!(
                count(c, "a", t0 + 200 * S),
                Admission::Refused { .. }
            ));
        }
        assert_eq!(count(c, "b", t0), Admission::Allowed);
        assert_eq!(count(c, "a", t0 + 900 * S), Admission::Allowed);
        assert_eq!(count(c, "a", t0 + 901 * S), Admission::Allowed);
        assert!(matches!(
            count(c, "a", t0 + 902 * S),
            Admission::Refused { .. }
        ));
        clear_attempts(c, "a").unwrap();
        assert_eq!(count(c, "a", t0 + 903 * S), Admission::Allowed);
        // Buckets and attempts of the same key are separate.
        assert_eq!(
            take_token(c, "a", 1, MINUTE, t0 + 903 * S).unwrap(),
            Admission::Allowed
        );
        done();
    }

    async fn expired_rows_are_deleted_in_bounded_batches(kind: Kind) {
        let (db, done) = database(kind);
        let t0 = 1_800_000_000 * S;
        {
            let c = &mut **conn(&db);
            for i in 0..(CLEANUP_BATCH + 100) {
                take_token(c, &format!("k{i}"), 10, MINUTE, t0).unwrap();
            }
            count_attempt(c, "live", 5, WINDOW, t0).unwrap();
        }
        assert_eq!(rows(&db), CLEANUP_BATCH + 101);
        let later = t0 + 61 * S;
        let c = &mut **conn(&db);
        assert_eq!(cleanup(c, later).unwrap() as i64, CLEANUP_BATCH);
        assert_eq!(cleanup(c, later).unwrap(), 100);
        assert_eq!(cleanup(c, later).unwrap(), 0);
        assert_eq!(rows(&db), 1, "the live window stays");
        done();
    }

    #[test]
    fn a_cleanup_is_due_once_per_period_and_again_after_a_full_batch() {
        let c = Cleanup::default();
        let t = 1_800_000_000 * S;
        assert!(c.due(t));
        assert!(!c.due(t + S));
        c.done(CLEANUP_BATCH as usize);
        assert!(c.due(t + 2 * S));
        c.done(3);
        assert!(!c.due(t + 3 * S));
        assert!(c.due(t + 2 * S + micros(CLEANUP_EVERY)));
    }

    async fn concurrent_checks_never_pass_more_than_the_limit(kind: Kind) {
        let (db, done) = database(kind);
        let now = Utc::now();
        let checks = (0..40).map(|_| {
            let db = db.clone();
            tokio::spawn(async move {
                db.count_attempt("same".into(), 7, WINDOW, now)
                    .await
                    .unwrap()
            })
        });
        let mut allowed = 0;
        for check in checks {
            if check.await.unwrap() == Admission::Allowed {
                allowed += 1;
            }
        }
        assert_eq!(allowed, 7, "{:?}", db.backend());
        done();
    }
}
