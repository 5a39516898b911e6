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

/// [`write_transaction`] for work that ends with statements returning
/// nothing: `work` gives back its value and that SQL, which is sent
/// together with `COMMIT` as one batch, one round trip. Row locks taken
/// before are then held for one round trip less. Nothing can be bound in
/// a batch: the SQL must carry no client value (see `literal.rs`).
pub(crate) fn write_transaction_with_final_batch<T, E>(
    conn: &mut AnyConnection,
    work: impl FnOnce(&mut AnyConnection) -> Result<(T, String), E>,
) -> Result<T, E>
where
    E: From<diesel::result::Error>,
{
    let begin = match conn {
        AnyConnection::Postgresql(_) => "BEGIN",
        AnyConnection::Sqlite(_) => "BEGIN IMMEDIATE",
    };
    conn.batch_execute(begin)?;
    match catch_unwind(AssertUnwindSafe(|| work(conn))) {
        Ok(Ok((value, mut last))) => {
            if !last.is_empty() && !last.trim_end().ends_with(';') {
                last.push(';');
            }
            last.push_str("COMMIT");
            match conn.batch_execute(&last) {
                Ok(()) => Ok(value),
                Err(e) => {
                    // A failed statement of the batch left the transaction
                    // open (aborted); a failed COMMIT ended it already.
                    let _ = conn.batch_execute("ROLLBACK");
                    Err(e.into())
                }
            }
        }
        Ok(Err(e)) => {
            conn.batch_execute("ROLLBACK")?;
            Err(e)
        }
        Err(panic) => {
            let _ = conn.batch_execute("ROLLBACK");
            resume_unwind(panic)
        }
    }
}
