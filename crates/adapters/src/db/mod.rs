//! Diesel storage on SQLite or PostgreSQL through one code path.
//!
//! The backend is chosen by the URL scheme. Queries are written once
//! against [`AnyConnection`], a Diesel `MultiConnection`; only migrations
//! differ per backend (`migrations/sqlite`, `migrations/postgres`), and
//! both sets are embedded in the binary.

/// Runs `$body` with `$c` bound to the concrete connection inside
/// `$conn`: what `MultiConnection` does not offer (multi-row inserts)
/// each backend's own connection does, and there a hot statement is
/// found in the statement cache by its type, without building its SQL
/// text first.
macro_rules! on_backend {
    ($conn:expr, $c:ident => $body:expr) => {
        match $conn {
            AnyConnection::Postgresql($c) => $body,
            AnyConnection::Sqlite($c) => $body,
        }
    };
}

mod chat;
mod cooking;
mod fixed;
mod household;
mod items;
mod limits;
mod lists;
mod meal_status;
#[cfg(test)]
mod migration_tests;
mod own_marks;
mod own_recipes;
mod pantry;
mod person_write;
mod plan_insert;
mod plan_read;
mod plan_rows;
mod plan_write;
mod plans;
mod pool;
mod profiles;
mod recipes;
mod reference;
mod resets;
mod schema;
mod statistics;
mod status_batch;
mod transaction;
mod users;

use std::path::PathBuf;
use std::time::Duration;

use async_trait::async_trait;
use diesel::connection::SimpleConnection;
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use diesel::{Connection, PgConnection, SqliteConnection};
use diesel_migrations::{EmbeddedMigrations, MigrationHarness, embed_migrations};
use mealplan_ports::{HealthProbe, StoreError};

const SQLITE_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../../migrations/sqlite");
const POSTGRES_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../../migrations/postgres");

/// Arbitrary key of the advisory lock that serialises migrations when
/// several instances start on one PostgreSQL database at once.
const MIGRATION_LOCK_KEY: i64 = 0x6d65_616c_706c_616e;

/// `SELECT function(key)` for one of PostgreSQL's advisory-lock functions
/// on the key that serialises migrations and seeding.
fn advisory_lock_sql(function: &str) -> String {
    format!("SELECT {function}({MIGRATION_LOCK_KEY})")
}

/// Every SQLite connection gets these after `busy_timeout`: setting WAL
/// first made several connections opening at once fail with "database is
/// locked". `synchronous=NORMAL` in WAL mode survives a process crash. A
/// page cache of 512 KiB per connection (SQLite's default is 2 MiB) holds
/// the hot pages of accounts, profiles and plans; the catalogue is read
/// once into memory, and its pages need not stay cached in every pooled
/// connection (about 1 MB less idle RSS with 1,079 recipes, no measurable
/// change in `bench/throughput.py`).
const SQLITE_PRAGMAS: &str = "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; \
     PRAGMA foreign_keys = ON; PRAGMA cache_size = -512;";

/// `url` with the libpq parameters that keep a lost server from holding a
/// request, each unless the URL sets it: `connect_timeout` (whole
/// seconds, at least 2 as libpq wants; per host of a multi-host URL), and
/// TCP keepalives with `tcp_user_timeout`, so that a server that stops
/// answering at the TCP level (a host that died, a cut network, a
/// failover's old primary) fails its connections within about ten
/// seconds instead of the kernel's two hours. A statement that runs long
/// on a live server is not affected: the server's TCP stack answers the
/// probes.
fn with_connection_defaults(url: &str, connect_timeout: Duration) -> String {
    let seconds = connect_timeout.as_secs().max(2).to_string();
    let defaults = [
        ("connect_timeout", seconds.as_str()),
        ("keepalives", "1"),
        ("keepalives_idle", "5"),
        ("keepalives_interval", "2"),
        ("keepalives_count", "3"),
        ("tcp_user_timeout", "10000"),
    ];
    let query = url.split_once('?').map_or("", |(_, q)| q);
    let set: Vec<&str> = query
        .split('&')
        .filter_map(|pair| pair.split_once('=').map(|(k, _)| k))
        .collect();
    let mut out = url.to_owned();
    for (key, value) in defaults {
        if set.contains(&key) {
            continue;
        }
        out.push(if out.contains('?') { '&' } else { '?' });
        out.push_str(key);
        out.push('=');
        out.push_str(value);
    }
    out
}

#[allow(missing_docs)] // the derive generates undocumented public items
mod any {
    use diesel::{PgConnection, SqliteConnection};

    /// One connection to whichever backend the URL named.
    #[derive(diesel::MultiConnection)]
    pub enum AnyConnection {
        /// PostgreSQL (listed first: the derived `establish` tries in order).
        Postgresql(PgConnection),
        /// Embedded SQLite.
        Sqlite(SqliteConnection),
    }
}
pub use any::AnyConnection;

/// Where the data lives, parsed from `DATABASE_URL`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Backend {
    /// `sqlite://PATH`: a file, created on first start.
    Sqlite(PathBuf),
    /// `postgres://…` or `postgresql://…`, handed to libpq as is (with the
    /// defaults of [`with_connection_defaults`]): libpq's multi-host form
    /// (`postgres://u@h1:5432,h2:5432/db?target_session_attrs=read-write`)
    /// reaches whichever of the hosts is the primary.
    Postgres(String),
}

impl Backend {
    /// Picks the backend from the URL scheme.
    pub fn from_url(url: &str) -> Result<Self, DbError> {
        if let Some(path) = url
            .strip_prefix("sqlite://")
            .or_else(|| url.strip_prefix("sqlite:"))
        {
            if path.is_empty() {
                return Err(DbError::Url("sqlite URL has no file path".into()));
            }
            Ok(Self::Sqlite(PathBuf::from(path)))
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Ok(Self::Postgres(url.to_owned()))
        } else {
            Err(DbError::Url(
                "DATABASE_URL must start with sqlite:// or postgres://".into(),
            ))
        }
    }

    fn establish(&self, limits: &PoolOptions) -> Result<AnyConnection, diesel::ConnectionError> {
        let ms = limits.statement_timeout.as_millis();
        let setup = |conn: &mut dyn SimpleConnection, sql: &str| {
            conn.batch_execute(sql)
                .map_err(diesel::ConnectionError::CouldntSetupConfiguration)
        };
        match self {
            Self::Sqlite(path) => {
                let mut conn = SqliteConnection::establish(&path.to_string_lossy())?;
                // A writer waits for the lock at most as long as a
                // statement may take on PostgreSQL.
                setup(
                    &mut conn,
                    &format!("PRAGMA busy_timeout = {ms}; {SQLITE_PRAGMAS}"),
                )?;
                Ok(AnyConnection::Sqlite(conn))
            }
            Self::Postgres(url) => {
                let url = with_connection_defaults(url, limits.connect_timeout);
                let mut conn = PgConnection::establish(&url)?;
                // The server ends any statement, lock wait or idle open
                // transaction that outlives the limit. No JIT compilation:
                // the service's statements read a few rows by index, and
                // JIT starts by cost estimates, which grow with the tables
                // while no `ANALYZE` has seen them (the plan head's were
                // over the threshold at 20,000 users: 204 ms of
                // compilation a read of under a millisecond). Generic plans
                // only: every statement is a keyed lookup written to run
                // as index probes whatever the estimates (`plan_read.rs`),
                // so its plan does not depend on the values bound, and one
                // plan per connection and statement is made once. Left to
                // choose, PostgreSQL kept planning the plan read and head
                // anew on every call at 20,000 users without statistics
                // (their generic estimate above the custom ones): half the
                // throughput of `GET /api/plan/current` (`bench/flat.py`).
                setup(
                    &mut conn,
                    &format!(
                        "SET statement_timeout = {ms}; SET lock_timeout = {ms}; \
                         SET idle_in_transaction_session_timeout = {}; SET jit = off; \
                         SET plan_cache_mode = force_generic_plan",
                        ms.saturating_mul(4)
                    ),
                )?;
                Ok(AnyConnection::Postgresql(conn))
            }
        }
    }

    /// Short name for logs: `sqlite` or `postgres`.
    pub fn kind(&self) -> &'static str {
        match self {
            Self::Sqlite(_) => "sqlite",
            Self::Postgres(_) => "postgres",
        }
    }
}

/// Why the database could not be opened or migrated.
#[derive(Debug, thiserror::Error)]
pub enum DbError {
    /// The URL names no supported backend.
    #[error("invalid DATABASE_URL: {0}")]
    Url(String),
    /// The first connection failed; carries the driver's own message.
    #[error("cannot connect to the database: {0}")]
    Connect(#[from] diesel::ConnectionError),
    /// The pool could not be built.
    #[error("cannot build the connection pool: {0}")]
    Pool(#[from] r2d2::Error),
    /// A migration or seed step failed.
    #[error("migration failed: {0}")]
    Migrate(String),
}

impl From<DieselError> for DbError {
    fn from(e: DieselError) -> Self {
        Self::Migrate(e.to_string())
    }
}

/// The pool size for a setting of `requested` connections, 0 meaning the
/// default: two per core plus two. Each connection is a database server
/// process and, while in use, a blocking thread; on a small machine more of
/// them only queue for the same cores (measured on 2 cores: 10 connections
/// gave `GET /api/profile` at c=32 a p99 23-42 times its p50, 6 two to
/// three times, at about the same throughput; `docs/BENCHMARKS.md`).
pub fn pool_size(requested: u32) -> u32 {
    if requested > 0 {
        return requested;
    }
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    u32::try_from(cores * 2 + 2).unwrap_or(u32::MAX)
}

/// Pool sizing and patience.
#[derive(Debug, Clone, Copy)]
pub struct PoolOptions {
    /// Most connections open at once.
    pub max_size: u32,
    /// How long a request waits for a connection before failing.
    pub acquire_timeout: Duration,
    /// Longest a statement (or, on SQLite, a wait for the write lock) may
    /// take before the database ends it.
    pub statement_timeout: Duration,
    /// Longest a new PostgreSQL connection may take to open.
    pub connect_timeout: Duration,
}

impl Default for PoolOptions {
    fn default() -> Self {
        Self {
            max_size: pool_size(0),
            acquire_timeout: Duration::from_secs(2),
            statement_timeout: Duration::from_secs(4),
            connect_timeout: Duration::from_secs(2),
        }
    }
}

pub use recipes::SeedReport;

/// The connection pool, built once and shared by every repository.
#[derive(Clone)]
pub struct Database {
    pool: r2d2::Pool<pool::Manager>,
    backend: Backend,
    limits: PoolOptions,
    recipe_cache: std::sync::Arc<tokio::sync::OnceCell<std::sync::Arc<[mealplan_domain::Recipe]>>>,
    reference_cache: std::sync::Arc<[tokio::sync::OnceCell<Vec<mealplan_domain::NamedItem>>; 4]>,
    limit_cleanup: std::sync::Arc<limits::Cleanup>,
    /// One permit per pooled connection: a request waits for one here,
    /// holding no thread, before its work goes to the blocking pool.
    permits: std::sync::Arc<tokio::sync::Semaphore>,
    /// Connections found broken so far (see `pool`).
    losses: std::sync::Arc<std::sync::atomic::AtomicU64>,
    /// Meal status changes waiting to be committed together (PostgreSQL).
    status_batches: std::sync::Arc<status_batch::StatusBatches>,
    /// Which users had no own recipes when last admitted (see `own_marks`).
    own_marks: std::sync::Arc<own_marks::OwnMarks>,
}

impl Database {
    /// Connects once (failing fast with the driver's message), then builds
    /// the pool. Blocking: call before the server starts.
    pub fn open(url: &str, options: PoolOptions) -> Result<Self, DbError> {
        let backend = Backend::from_url(url)?;
        drop(backend.establish(&options)?);
        let losses = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
        let pool = pool::build(backend.clone(), options, losses.clone())?;
        Ok(Self {
            pool,
            backend,
            limits: options,
            recipe_cache: Default::default(),
            reference_cache: Default::default(),
            limit_cleanup: Default::default(),
            permits: std::sync::Arc::new(tokio::sync::Semaphore::new(options.max_size as usize)),
            losses,
            status_batches: Default::default(),
            own_marks: Default::default(),
        })
    }

    /// Which backend this is.
    pub fn backend(&self) -> &Backend {
        &self.backend
    }

    /// Applies pending migrations of this backend. Blocking.
    pub fn migrate(&self) -> Result<(), DbError> {
        self.migrate_before(None)
    }

    /// Applies pending migrations in order, stopping before the first
    /// whose version starts with `stop` (all of them with `None`). Upgrade
    /// tests build a database as an older release left it this way.
    pub fn migrate_before(&self, stop: Option<&str>) -> Result<(), DbError> {
        fn run<DB: diesel::backend::Backend>(
            c: &mut impl MigrationHarness<DB>,
            source: EmbeddedMigrations,
            stop: Option<&str>,
        ) -> Result<(), DbError> {
            let fail =
                |e: Box<dyn std::error::Error + Send + Sync>| DbError::Migrate(e.to_string());
            for migration in c.pending_migrations(source).map_err(fail)? {
                let name = migration.name().to_string();
                if stop.is_some_and(|s| name.starts_with(s)) {
                    break;
                }
                c.run_migration(&*migration).map_err(fail)?;
            }
            Ok(())
        }
        let mut conn = self.pool.get()?;
        match &mut **conn {
            // One process at a time: the write lock is taken up front.
            AnyConnection::Sqlite(c) => {
                c.immediate_transaction(|c| run(c, SQLITE_MIGRATIONS, stop))
            }
            // One transaction holding a transaction-scoped advisory lock:
            // instances starting at once take turns, and the lock ends with
            // the transaction, also through a transaction-mode pooler
            // (PgBouncer), where a session-level lock and its unlock could
            // reach different server connections and the lock outlive both.
            AnyConnection::Postgresql(c) => c.transaction(|c| {
                // Migrations and the wait for another instance's take as
                // long as they take; requests keep their limits.
                c.batch_execute(&format!(
                    "SET LOCAL statement_timeout = 0; SET LOCAL lock_timeout = 0; {}",
                    advisory_lock_sql("pg_advisory_xact_lock")
                ))?;
                run(c, POSTGRES_MIGRATIONS, stop)
            }),
        }
    }
}

/// Classifies a Diesel error for the core.
///
/// Only errors of the connection itself (closed, a command that could not
/// be sent, Diesel's transaction manager left broken, a `COMMIT` lost with
/// its connection) and a write refused by a server that is no longer the
/// primary (a read-only transaction: a standby, or a demoted primary) are
/// [`StoreError::Unavailable`], which the service answers 503, to be sent
/// again: from work on a pooled connection, that answer also makes the
/// pool drop the connection (`pool`), so that the next one is opened to
/// whichever server is the primary now.
pub(crate) fn store_error(error: DieselError) -> StoreError {
    match error {
        DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, info) => {
            StoreError::Conflict(info.message().to_owned())
        }
        DieselError::DatabaseError(
            DatabaseErrorKind::ClosedConnection
            | DatabaseErrorKind::UnableToSendCommand
            | DatabaseErrorKind::ReadOnlyTransaction,
            info,
        ) => StoreError::Unavailable(info.message().to_owned()),
        DieselError::BrokenTransactionManager => StoreError::Unavailable(error.to_string()),
        // The `COMMIT` failed and so did the `ROLLBACK` after it: what the
        // `COMMIT` met says whether the server was lost.
        DieselError::RollbackErrorOnCommit { commit_error, .. } => store_error(*commit_error),
        other => StoreError::Failure(other.to_string()),
    }
}

#[async_trait]
impl HealthProbe for Database {
    async fn ping(&self) -> Result<(), StoreError> {
        self.run_read(|conn| conn.batch_execute("SELECT 1").map_err(store_error))
            .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use diesel::RunQueryDsl;
    use diesel::sql_types::{BigInt, Text};

    #[derive(diesel::QueryableByName)]
    struct Mode {
        #[diesel(sql_type = Text)]
        journal_mode: String,
    }

    #[derive(diesel::QueryableByName)]
    struct Keys {
        #[diesel(sql_type = BigInt)]
        foreign_keys: i64,
    }

    #[test]
    fn url_schemes_choose_the_backend() {
        assert_eq!(
            Backend::from_url("sqlite://mealplan.db").unwrap(),
            Backend::Sqlite("mealplan.db".into())
        );
        assert_eq!(
            Backend::from_url("sqlite:///var/lib/m.db").unwrap(),
            Backend::Sqlite("/var/lib/m.db".into())
        );
        assert!(matches!(
            Backend::from_url("postgresql://u@h/db").unwrap(),
            Backend::Postgres(_)
        ));
        assert!(Backend::from_url("mysql://x").is_err());
        assert!(Backend::from_url("sqlite://").is_err());
    }

    #[test]
    fn postgres_urls_get_connection_defaults_unless_they_set_them() {
        let multi = "postgres://u@h1:5432,h2:5433/db?target_session_attrs=read-write";
        assert_eq!(
            Backend::from_url(multi).unwrap(),
            Backend::Postgres(multi.into())
        );
        assert_eq!(
            with_connection_defaults(multi, Duration::from_secs(1)),
            format!(
                "{multi}&connect_timeout=2&keepalives=1&keepalives_idle=5\
                 &keepalives_interval=2&keepalives_count=3&tcp_user_timeout=10000"
            )
        );
        let own = "postgres://u@h/db?keepalives_idle=60&connect_timeout=9&tcp_user_timeout=0";
        let url = with_connection_defaults(own, Duration::from_secs(3));
        assert!(url.starts_with(own), "{url}");
        for key in ["keepalives_idle=", "connect_timeout=", "tcp_user_timeout="] {
            assert_eq!(url.matches(key).count(), 1, "{url}");
        }
        assert!(
            with_connection_defaults("postgres://u@h/db", Duration::from_secs(3))
                .starts_with("postgres://u@h/db?connect_timeout=3&")
        );
    }

    /// libpq itself takes the multi-host form with the defaults added: the
    /// first host refuses, the second is the server.
    #[test]
    #[cfg_attr(
        mealplan_skip_postgres,
        ignore = "built with MEALPLAN_TEST_SKIP_POSTGRES=1"
    )]
    fn a_multi_host_url_reaches_the_host_that_answers() {
        let admin = std::env::var("MEALPLAN_TEST_POSTGRES_URL")
            .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".to_owned());
        let (head, rest) = admin.split_once('@').expect("a user in the test URL");
        let (host, tail) = rest.split_once('/').expect("a database in the test URL");
        let closed = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let url = format!("{head}@127.0.0.1:{closed},{host}/{tail}");
        let url = if url.contains('?') {
            format!("{url}&target_session_attrs=read-write")
        } else {
            format!("{url}?target_session_attrs=read-write")
        };
        let db = Database::open(&url, PoolOptions::default()).unwrap();
        let mut conn = db.pool.get().unwrap();
        conn.batch_execute("SELECT 1").unwrap();
    }

    /// Every pooled PostgreSQL connection has JIT compilation off (see
    /// `Backend::establish`).
    #[test]
    #[cfg_attr(
        mealplan_skip_postgres,
        ignore = "built with MEALPLAN_TEST_SKIP_POSTGRES=1"
    )]
    fn every_postgres_connection_has_jit_off() {
        #[derive(diesel::QueryableByName)]
        struct Jit {
            #[diesel(sql_type = Text)]
            jit: String,
        }
        let url = std::env::var("MEALPLAN_TEST_POSTGRES_URL")
            .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".to_owned());
        let db = Database::open(&url, PoolOptions::default()).unwrap();
        let mut a = db.pool.get().unwrap();
        let mut b = db.pool.get().unwrap();
        for conn in [&mut **a, &mut **b] {
            let AnyConnection::Postgresql(c) = conn else {
                panic!("not postgres")
            };
            let jit: Jit = diesel::sql_query("SHOW jit").get_result(c).unwrap();
            assert_eq!(jit.jit, "off");
        }
    }

    #[test]
    fn every_sqlite_connection_gets_wal_and_foreign_keys() {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("t.db").display());
        let db = Database::open(&url, PoolOptions::default()).unwrap();
        db.migrate().unwrap();
        // Hold two connections at once so both are distinct pool members.
        let mut a = db.pool.get().unwrap();
        let mut b = db.pool.get().unwrap();
        for conn in [&mut **a, &mut **b] {
            let AnyConnection::Sqlite(c) = conn else {
                panic!("not sqlite")
            };
            let mode: Mode = diesel::sql_query("PRAGMA journal_mode")
                .get_result(c)
                .unwrap();
            assert_eq!(mode.journal_mode, "wal");
            let keys: Keys = diesel::sql_query("PRAGMA foreign_keys")
                .get_result(c)
                .unwrap();
            assert_eq!(keys.foreign_keys, 1);
        }
    }

    #[test]
    fn a_bad_postgres_url_fails_at_once_with_the_driver_message() {
        let started = std::time::Instant::now();
        let err = Database::open("postgres://nobody@127.0.0.1:1/none", PoolOptions::default())
            .err()
            .unwrap();
        assert!(matches!(err, DbError::Connect(_)), "{err}");
        assert!(started.elapsed() < Duration::from_secs(2));
    }
}
