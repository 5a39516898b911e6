//! Meal status changes that arrive together are committed together, on
//! PostgreSQL: one statement, one transaction, one durable commit for
//! every change waiting when a connection is free.
//!
//! A status change is a one-row `UPDATE`, and on PostgreSQL what bounds
//! many of them is the durable commit each one waits for (the server's
//! WAL flush), not the work: `pgbench` alone commits the statement about
//! 5,000-7,000 times a second on the project machine, 15,000 without
//! waiting for the flush. Here, at most [`FLUSHERS`] batches are in flight;
//! while they commit, new changes queue, and the next batch takes them
//! all (up to [`MOST`], one change per meal). Alone, a change goes at once
//! in a batch of one: nothing waits on a timer.
//!
//! Each change keeps its own checks inside the statement (its owner, and
//! for a change sent with a token, the token's user, security stamp and
//! revocation), so a change that may not be made is simply not made; the
//! caller then takes the single-change path, which says why. A batch that
//! fails as a whole (a lost connection, a deadlock) is answered "not
//! made" too, and each change is tried again on its own: nothing is lost
//! and nothing is acknowledged before its `COMMIT`.

use std::sync::Mutex;

use chrono::NaiveDateTime;
use diesel::RunQueryDsl;
use diesel::deserialize::QueryableByName; // the derive of an embedded field names it
use diesel::pg::Pg;
use diesel::sql_types::{BigInt, Double, Integer, Nullable, Text, Timestamp};
use mealplan_ports::StoreError;
use tokio::sync::oneshot;

use super::plan_read::{MealByName, meal_column_names};
use super::{AnyConnection, Database, store_error};

/// Batches in flight at once (each on its own connection).
const FLUSHERS: usize = 2;
/// Changes in one batch at most.
const MOST: usize = 64;

/// One status change, with the checks it must pass.
#[derive(Debug, Clone)]
pub(in crate::db) struct StatusChange {
    /// The meal.
    pub id: i64,
    /// Whose plan it must be in (`None`: anyone's, but only a meal not
    /// shared at a household's table).
    pub owner: Option<i64>,
    /// The token's `jti` and security stamp, when sent with one: the
    /// owner's session must admit it.
    pub session: Option<(String, String)>,
    /// The new status code.
    pub status: i32,
    /// The change's time.
    pub now: NaiveDateTime,
}

/// A changed meal as the statement returns it (its columns as a read
/// has them) and, for a meal not shared, its one portion, the holder's
/// (name and servings; `None` for a meal added by hand to a plan made for
/// the household's table, which has none).
pub(in crate::db) type ChangedRow = (super::plan_read::MealRow, Option<(String, f64)>);

#[derive(diesel::QueryableByName)]
struct Changed {
    #[diesel(embed)]
    meal: MealByName,
    #[diesel(sql_type = Nullable<Text>)]
    holder_name: Option<String>,
    #[diesel(sql_type = Nullable<Double>)]
    holder_servings: Option<f64>,
}

type Waiting = (StatusChange, oneshot::Sender<Option<ChangedRow>>);

/// The changes waiting for a batch, and how many batches are in flight.
#[derive(Default)]
pub(in crate::db) struct StatusBatches {
    queue: Mutex<Queue>,
}

#[derive(Default)]
struct Queue {
    waiting: Vec<Waiting>,
    flushing: usize,
}

impl StatusBatches {
    fn lock(&self) -> std::sync::MutexGuard<'_, Queue> {
        self.queue.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Queues `w`; true when the caller is to start a flusher.
    fn push(&self, w: Waiting) -> bool {
        let mut q = self.lock();
        q.waiting.push(w);
        if q.flushing < FLUSHERS {
            q.flushing += 1;
            true
        } else {
            false
        }
    }

    /// The next batch: waiting changes in arrival order, at most [`MOST`]
    /// meals. Changes of one meal with the same checks are one slot, the
    /// last of them made (as if made one after the other in one
    /// transaction); a change of a meal already in the batch with other
    /// checks waits for the next. `None` (and one flusher less) when none
    /// wait.
    fn take(&self) -> Option<Vec<Slot>> {
        let mut q = self.lock();
        if q.waiting.is_empty() {
            q.flushing -= 1;
            return None;
        }
        let mut batch: Vec<Slot> = Vec::new();
        let mut rest = Vec::new();
        for (change, reply) in q.waiting.drain(..) {
            match batch.iter().position(|s| s.change.id == change.id) {
                Some(i) if batch[i].change.same_checks(&change) => {
                    batch[i].waiters.push((change.status, reply));
                    batch[i].change = change;
                }
                Some(_) => rest.push((change, reply)),
                None if batch.len() < MOST => batch.push(Slot {
                    waiters: vec![(change.status, reply)],
                    change,
                }),
                None => rest.push((change, reply)),
            }
        }
        q.waiting = rest;
        Some(batch)
    }
}

/// One meal's changes in a batch: the change made (the last to arrive)
/// and everyone waiting, each with the status they asked for.
struct Slot {
    change: StatusChange,
    waiters: Vec<(i32, oneshot::Sender<Option<ChangedRow>>)>,
}

impl StatusChange {
    /// Whether `other` passes exactly the checks this one does.
    fn same_checks(&self, other: &Self) -> bool {
        self.owner == other.owner && self.session == other.session
    }
}

impl Database {
    /// Makes `change` in the next batch; the meal as it now is, or `None`
    /// when it was not made (refused, not found, or the batch failed): the
    /// caller then makes it on its own.
    pub(in crate::db) async fn status_in_batch(&self, change: StatusChange) -> Option<ChangedRow> {
        let (tx, rx) = oneshot::channel();
        if self.status_batches.push((change, tx)) {
            let db = self.clone();
            tokio::spawn(async move { db.flush_status_batches().await });
        }
        rx.await.ok().flatten()
    }

    /// Sends batches until none wait.
    async fn flush_status_batches(&self) {
        let mut flusher = Flusher {
            batches: &self.status_batches,
            done: false,
        };
        loop {
            let Some(batch) = self.status_batches.take() else {
                flusher.done = true;
                return;
            };
            let changes: Vec<StatusChange> = batch.iter().map(|s| s.change.clone()).collect();
            let size = changes.len();
            let rows = self
                .run(move |conn| apply(conn, &changes))
                .await
                .unwrap_or_else(|e| {
                    tracing::warn!(error = %e, size, "status batch failed; each change goes alone");
                    Vec::new()
                });
            metrics::histogram!("db_status_batch_size").record(size as f64);
            for slot in batch {
                let row = rows.iter().find(|r| r.0.0 == slot.change.id);
                for (status, reply) in slot.waiters {
                    // Each sees the meal as its own change left it.
                    let _ = reply.send(row.cloned().map(|(mut meal, holder)| {
                        meal.3 = status; // MealRow's status column
                        (meal, holder)
                    }));
                }
            }
        }
    }
}

/// A flusher's place in [`StatusBatches`]: one that ends without having
/// seen the queue empty (its task dropped, as when a worker stops) gives
/// its place back and answers every waiting change "not made", so that
/// each is made alone rather than wait for a flusher that never comes.
struct Flusher<'a> {
    batches: &'a StatusBatches,
    done: bool,
}

impl Drop for Flusher<'_> {
    fn drop(&mut self) {
        if self.done {
            return;
        }
        let mut q = self.batches.lock();
        q.flushing = q.flushing.saturating_sub(1);
        for (_, reply) in q.waiting.drain(..) {
            let _ = reply.send(None);
        }
    }
}

/// Makes every change of `changes` that passes its checks, by one
/// statement (PostgreSQL only; SQLite makes each change alone, where a
/// commit costs no round trip).
fn apply(
    conn: &mut AnyConnection,
    changes: &[StatusChange],
) -> Result<Vec<ChangedRow>, StoreError> {
    let AnyConnection::Postgresql(pg) = conn else {
        return Ok(Vec::new());
    };
    let mut sql = String::from("WITH v (id, owner, status, at, jti, stamp) AS (VALUES ");
    for i in 0..changes.len() {
        let p = i * 6;
        if i > 0 {
            sql.push(',');
        }
        sql.push_str(&format!(
            "(${}::bigint, ${}::bigint, ${}::integer, ${}::timestamp, ${}::text, ${}::text)",
            p + 1,
            p + 2,
            p + 3,
            p + 4,
            p + 5,
            p + 6
        ));
    }
    // A meal not shared answers its one portion, the holder's, from the
    // same statement (a probe of the portions' key each): its status
    // change costs no read more than before every meal carried portions.
    // The meals are locked in id order before any is changed: two batches
    // (of this instance or another) then never wait on each other in a
    // circle, whatever order the join visits them in. The owner check
    // goes from the meal to its day and plan by their primary keys (an
    // `EXISTS` keyed on ids): asked as "the meal's day is among the
    // owner's days", the server, without statistics, hashed every daily
    // menu, and walked every plan the owner ever had.
    sql.push_str(
        "), locked AS MATERIALIZED (SELECT l.id FROM meal_details l \
         WHERE l.id IN (SELECT id FROM v) ORDER BY l.id FOR UPDATE) \
         UPDATE meal_details m SET status = v.status, updated_at = v.at, \
         revision = m.revision + 1 FROM v, locked WHERE m.id = v.id AND locked.id = v.id \
         AND ((v.owner IS NULL AND m.shared = 0) OR EXISTS (SELECT 1 FROM daily_menus d \
         JOIN plans p ON p.id = d.plan_id WHERE d.id = m.daily_menu_id AND p.user_id = v.owner)) \
         AND (v.jti IS NULL OR (EXISTS (SELECT 1 FROM users u WHERE u.id = v.owner \
         AND u.security_stamp = v.stamp) \
         AND NOT EXISTS (SELECT 1 FROM revoked_tokens r WHERE r.jti = v.jti))) \
         RETURNING ",
    );
    sql.push_str(meal_column_names!("m."));
    sql.push_str(
        ", (SELECT h.name FROM meal_portions h WHERE h.meal_detail_id = m.id \
         AND h.position = 0 AND h.member_id IS NULL AND m.shared = 0) AS holder_name, \
         (SELECT h.servings FROM meal_portions h WHERE h.meal_detail_id = m.id \
         AND h.position = 0 AND h.member_id IS NULL AND m.shared = 0) AS holder_servings",
    );
    let mut query = diesel::sql_query(sql).into_boxed::<Pg>();
    for c in changes {
        let (jti, stamp) = c.session.clone().unzip();
        query = query
            .bind::<BigInt, _>(c.id)
            .bind::<Nullable<BigInt>, _>(c.owner)
            .bind::<Integer, _>(c.status)
            .bind::<Timestamp, _>(c.now)
            .bind::<Nullable<Text>, _>(jti)
            .bind::<Nullable<Text>, _>(stamp);
    }
    let rows: Vec<Changed> = query.load(pg).map_err(store_error)?;
    Ok(rows
        .into_iter()
        .map(|r| (r.meal.into(), r.holder_name.zip(r.holder_servings)))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn change(id: i64, owner: Option<i64>, status: i32) -> StatusChange {
        StatusChange {
            id,
            owner,
            session: None,
            status,
            now: NaiveDateTime::default(),
        }
    }

    fn waiting(c: StatusChange) -> (Waiting, oneshot::Receiver<Option<ChangedRow>>) {
        let (tx, rx) = oneshot::channel();
        ((c, tx), rx)
    }

    #[test]
    fn a_batch_takes_one_slot_per_meal_and_leaves_other_checks_for_the_next() {
        let batches = StatusBatches::default();
        let mut receivers = Vec::new();
        let mut starts = 0;
        for c in [
            change(1, Some(9), 1),
            change(2, None, 1),
            change(1, Some(9), 0),
            change(1, Some(8), 1),
        ] {
            let (w, rx) = waiting(c);
            starts += usize::from(batches.push(w));
            receivers.push(rx);
        }
        assert_eq!(starts, FLUSHERS, "one flusher per free place");
        let batch = batches.take().unwrap();
        let slots: Vec<(i64, i32, usize)> = batch
            .iter()
            .map(|s| (s.change.id, s.change.status, s.waiters.len()))
            .collect();
        // Meal 1's two changes by owner 9 share a slot, the last made.
        assert_eq!(slots, [(1, 0, 2), (2, 1, 1)]);
        let next = batches.take().unwrap();
        assert_eq!(next.len(), 1);
        assert_eq!(next[0].change.owner, Some(8));
        assert!(batches.take().is_none());
        assert_eq!(batches.lock().flushing, FLUSHERS - 1);
    }

    #[test]
    fn a_flusher_dropped_midway_gives_its_place_back_and_frees_the_waiting() {
        let batches = StatusBatches::default();
        let (w, mut rx) = waiting(change(1, None, 1));
        assert!(batches.push(w));
        drop(Flusher {
            batches: &batches,
            done: false,
        });
        assert_eq!(batches.lock().flushing, 0);
        assert_eq!(rx.try_recv(), Ok(None), "answered: not made");
        // The next change starts a flusher again.
        let (w, _rx) = waiting(change(2, None, 1));
        assert!(batches.push(w));
    }

    #[test]
    fn a_batch_holds_at_most_its_share_of_meals() {
        let batches = StatusBatches::default();
        let mut receivers = Vec::new();
        for id in 0..(MOST as i64 + 5) {
            let (w, rx) = waiting(change(id, None, 1));
            batches.push(w);
            receivers.push(rx);
        }
        assert_eq!(batches.take().unwrap().len(), MOST);
        assert_eq!(batches.take().unwrap().len(), 5);
    }
}
