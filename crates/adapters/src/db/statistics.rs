//! Planner statistics at start-up: after migrations and seeding, the
//! service runs PostgreSQL's `ANALYZE` on the tables that have none or
//! that grew a lot since their last.
//!
//! The hot statements do not depend on them (they are written as index
//! probes, see `plan_read.rs`), but every other statement's plan does,
//! and without autovacuum, after a bulk load or a restore, or while a
//! table grows fast, the server may hold none. Which tables: those never
//! analyzed nor vacuumed (`reltuples < 0`: a new database, a restore) and
//! those whose size on disk is more than twice, plus eight pages, what it
//! was at their last analysis (`relpages`). Both are read from the
//! catalogue and the files' sizes, not from the statistics collector
//! (whose counters a crash or `pg_stat_reset` clears), so a start-up on a
//! big database that is up to date costs one catalogue query; `ANALYZE`
//! itself reads a sample of each table (30,000 rows by default), not the
//! table.
//!
//! SQLite gets none: its planner, without `sqlite_stat1`, takes every
//! table to be large and every index to be selective, and so probes the
//! indexes; statistics gathered at start-up on a small database would
//! tell it the opposite just before the tables grow (and SQLite's
//! `ANALYZE` reads each table and index whole).

use std::time::Instant;

use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::sql_types::Text;

use super::{AnyConnection, Database, DbError};

/// The tables of the connection's schema that need `ANALYZE` (see the
/// module's comment), each as `schema.table` quoted by the server.
const STALE_TABLES: &str = "\
SELECT quote_ident(n.nspname) || '.' || quote_ident(c.relname) AS name \
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace \
WHERE c.relkind = 'r' AND n.nspname = current_schema() \
AND (c.reltuples < 0 \
 OR pg_relation_size(c.oid) / current_setting('block_size')::bigint > 2 * c.relpages + 8) \
ORDER BY c.relname";

#[derive(QueryableByName)]
struct Table {
    #[diesel(sql_type = Text)]
    name: String,
}

impl Database {
    /// Runs `ANALYZE` on the tables without statistics or grown a lot
    /// since their last (PostgreSQL; nothing on SQLite, see the module's
    /// comment); the tables analyzed. Blocking: call at start-up, after
    /// migrations and seeding.
    ///
    /// On a connection of its own, without time limits (a sample per
    /// table takes what it takes), one table per statement: each holds
    /// its table's `ANALYZE` lock alone and only while it runs, so
    /// instances starting at once neither wait on each other in a circle
    /// (one's migration wants a table another's `ANALYZE` holds) nor hold
    /// the migrations' advisory lock, which another's seeding waits for
    /// within its lock timeout. Two of them may analyze a table twice.
    pub fn analyze_stale_tables(&self) -> Result<Vec<String>, DbError> {
        if !matches!(self.backend, super::Backend::Postgres(_)) {
            return Ok(Vec::new());
        }
        let AnyConnection::Postgresql(mut pg) = self.backend.establish(&self.limits)? else {
            return Ok(Vec::new());
        };
        let started = Instant::now();
        pg.batch_execute("SET statement_timeout = 0; SET lock_timeout = 0")?;
        let tables: Vec<Table> = diesel::sql_query(STALE_TABLES).load(&mut pg)?;
        let names: Vec<String> = tables.into_iter().map(|t| t.name).collect();
        for name in &names {
            pg.batch_execute(&format!("ANALYZE {name}"))?;
        }
        if !names.is_empty() {
            tracing::info!(
                tables = names.len(),
                ms = started.elapsed().as_millis() as u64,
                "planner statistics gathered (ANALYZE)"
            );
        }
        Ok(names)
    }
}
