//! Write transactions that behave the same on both backends.

use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};

use diesel::Connection;
use diesel::connection::SimpleConnection;

use super::AnyConnection;

/// Runs `work` in a write transaction, committed if it returns `Ok`.
///
/// On SQLite the transaction starts with `BEGIN IMMEDIATE`, taking the
/// write lock up front: a deferred transaction that reads and then writes
/// can fail with `SQLITE_BUSY` at once, without waiting for `busy_timeout`,
/// when another writer got in between. On PostgreSQL it is an ordinary
/// transaction; uniqueness races surface as unique violations.
pub(crate) fn write_transaction<T, E>(
    conn: &mut AnyConnection,
    work: impl FnOnce(&mut AnyConnection) -> Result<T, E>,
) -> Result<T, E>
where
    E: From<diesel::result::Error>,
{
    if matches!(conn, AnyConnection::Postgresql(_)) {
        return conn.transaction(work);
    }
    conn.batch_execute("BEGIN IMMEDIATE")?;
    match catch_unwind(AssertUnwindSafe(|| work(conn))) {
        Ok(Ok(value)) => match conn.batch_execute("COMMIT") {
            Ok(()) => Ok(value),
            Err(e) => {
                let _ = conn.batch_execute("ROLLBACK");
                Err(e.into())
            }
        },
        Ok(Err(e)) => {
            conn.batch_execute("ROLLBACK")?;
            Err(e)
        }
        Err(panic) => {
            // Never hand a connection back to the pool mid-transaction.
            let _ = conn.batch_execute("ROLLBACK");
            resume_unwind(panic)
        }
    }
}
