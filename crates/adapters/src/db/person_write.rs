//! The person repository port (its reads are `profiles.rs`, the members'
//! `household.rs`) and the one write of a person, holder or member: one
//! `UPDATE` (or `INSERT`) of their `profiles` row, values and lists
//! together, that takes effect only if the values the echo rule read are
//! still those stored (compare-and-set). A save that finds them changed
//! by a concurrent one writes nothing and is read and resolved again, so
//! the echo rule always runs against what it replaces, without holding a
//! lock across a round trip.
//!
//! An existing holder whose items all exist is saved on PostgreSQL by two
//! statements outside any explicit transaction: the read, then the
//! conditional `UPDATE`, which commits on its own (no `BEGIN`, no
//! `COMMIT`). A first save, or one that creates items, runs in a write
//! transaction (`transaction.rs`), as does every save on SQLite.

use async_trait::async_trait;
use diesel::prelude::*;
use mealplan_domain::{NamedItem, Person, Resolved, Stored, UserId, UserName};
use mealplan_ports::{
    ItemKind, NewPerson, PersonRepository, PersonStoreError, SessionState, StoreError,
};

use super::items::{Candidate, TxError, candidates_of, restriction_items, taste_items};
use super::lists;
use super::profiles::{
    ProfileValues, account_name, holder_row, load_in_session, load_profile, unwritable,
};
use super::schema::{profiles, users};
use super::transaction::write_transaction;
use super::{AnyConnection, Database, store_error};

/// How often a save that found its row changed is read and written again
/// before it reports the conflict.
pub(in crate::db) const ATTEMPTS: usize = 5;

/// Which row a person's write goes to.
#[derive(Clone, Copy)]
pub(in crate::db) struct Seat<'a> {
    /// The account.
    pub user: UserId,
    /// The row replaced and the values the echo rule read from it;
    /// `None` for a new person.
    pub existing: Option<(i64, Stored)>,
    /// A member's name; `None` for the holder.
    pub member: Option<&'a UserName>,
}

/// Writes `p` to its seat, `resolved` from the values read there and its
/// items resolved: returns the person as written, or [`TxError::Moved`]
/// when the row no longer holds the values read (nothing written). `name`
/// is what the person is called (the account's name for the holder).
pub(in crate::db) fn write_person(
    conn: &mut AnyConnection,
    seat: Seat<'_>,
    p: &NewPerson,
    resolved: &Resolved,
    (tastes, restrictions): (Vec<NamedItem>, Vec<NamedItem>),
    name: UserName,
) -> Result<Person, TxError> {
    let values = ProfileValues::of(p, resolved);
    let member_name = seat.member.map(UserName::as_str);
    let diet_types = mealplan_domain::profile::dedup_in_order(p.draft.diet_types());
    let lists = (
        profiles::tastes_list.eq(lists::encode_items(&tastes).map_err(unwritable)?),
        profiles::restrictions_list.eq(lists::encode_items(&restrictions).map_err(unwritable)?),
        profiles::diets_list.eq(lists::encode_diets(&diet_types)),
    );
    let id = match seat.existing {
        Some((id, read)) => {
            let t = read.targets;
            let unchanged = profiles::id
                .eq(id)
                .and(profiles::body_fat_percentage.eq(read.body_fat_percentage))
                .and(profiles::calories_target.eq(t.calories))
                .and(profiles::protein_target.eq(t.protein))
                .and(profiles::carbs_target.eq(t.carbs))
                .and(profiles::fat_target.eq(t.fat))
                .and(profiles::manual_targets.eq(super::profiles::manual_bits(&read.manual)));
            let update = diesel::update(profiles::table.filter(unchanged))
                .set((&values, profiles::name.eq(member_name), lists))
                .returning(profiles::id);
            // On the backend's own connection: found in its statement
            // cache by type (see `on_backend!`).
            on_backend!(conn, c => update.get_result::<i64>(c))
                .optional()?
                .ok_or(TxError::Moved)?
        }
        None => diesel::insert_into(profiles::table)
            .values((
                &values,
                lists,
                profiles::user_id.eq(seat.user.0),
                profiles::name.eq(member_name),
                profiles::created_at.eq(p.now.naive_utc()),
            ))
            .returning(profiles::id)
            .get_result(conn)?,
    };
    Ok(Person {
        id,
        user_id: seat.user,
        holder: seat.member.is_none(),
        name,
        relation: p.relation,
        body: *p.draft.body(),
        meals_per_day: p.draft.meals_per_day(),
        body_fat_percentage: resolved.body_fat_percentage,
        targets: resolved.targets,
        manual: resolved.manual,
        tastes,
        restrictions,
        diet_types,
    })
}

/// What a holder's save reads first, by one statement: their row's id
/// and the values the echo rule compares with, both lists' candidates,
/// and the account's name.
struct HolderRead {
    existing: Option<(i64, Stored)>,
    tastes: Vec<Candidate>,
    restrictions: Vec<Candidate>,
    name: UserName,
}

/// Reads [`HolderRead`] for `user` saving `p`.
fn read_holder(
    conn: &mut AnyConnection,
    user: UserId,
    p: &NewPerson,
) -> Result<HolderRead, TxError> {
    let columns = (
        (
            profiles::id,
            profiles::body_fat_percentage,
            profiles::calories_target,
            profiles::protein_target,
            profiles::carbs_target,
            profiles::fat_target,
            profiles::manual_targets,
        )
            .nullable(),
        taste_items::column(conn, user, p.draft.tastes()),
        restriction_items::column(conn, user, p.draft.restrictions()),
        users::name,
    );
    type Read = (
        Option<(i64, f64, f64, f64, f64, f64, i32)>,
        String,
        String,
        String,
    );
    let (row, tastes, restrictions, name): Read = users::table
        .left_join(profiles::table.on(holder_row!()))
        .filter(users::id.eq(user.0))
        .select(columns)
        .first(conn)
        .optional()?
        .unwrap_or_default();
    let existing = row.map(|(id, body_fat, calories, protein, carbs, fat, manual)| {
        (
            id,
            super::profiles::stored_of(body_fat, [calories, protein, carbs, fat], manual),
        )
    });
    Ok(HolderRead {
        existing,
        tastes: candidates_of(&tastes)?,
        restrictions: candidates_of(&restrictions)?,
        name: account_name(user, &name).map_err(unwritable)?,
    })
}

/// One attempt at saving `user`'s own profile (see the module's
/// documentation for the statements it sends).
fn save_holder_once(
    conn: &mut AnyConnection,
    user: UserId,
    p: &NewPerson,
) -> Result<Person, TxError> {
    if matches!(conn, AnyConnection::Postgresql(_)) {
        let read = read_holder(conn, user, p)?;
        if let Some(existing) = read.existing {
            let tastes = taste_items::resolve_known(user, p.draft.tastes(), &read.tastes)?;
            let restrictions =
                restriction_items::resolve_known(user, p.draft.restrictions(), &read.restrictions)?;
            if let (Some(tastes), Some(restrictions)) = (tastes, restrictions) {
                let resolved = (p.resolve)(Some(&existing.1));
                let seat = Seat {
                    user,
                    existing: Some(existing),
                    member: None,
                };
                return write_person(conn, seat, p, &resolved, (tastes, restrictions), read.name);
            }
        }
    }
    write_transaction(conn, |conn| {
        let read = read_holder(conn, user, p)?;
        let tastes = taste_items::resolve(conn, user, p.draft.tastes(), &read.tastes)?;
        let restrictions =
            restriction_items::resolve(conn, user, p.draft.restrictions(), &read.restrictions)?;
        let resolved = (p.resolve)(read.existing.as_ref().map(|(_, s)| s));
        let seat = Seat {
            user,
            existing: read.existing,
            member: None,
        };
        write_person(conn, seat, p, &resolved, (tastes, restrictions), read.name)
    })
}

/// Saves `user`'s own profile, read and written again (up to
/// [`ATTEMPTS`] times) while a concurrent save changes it in between.
pub(in crate::db) fn save_holder(
    conn: &mut AnyConnection,
    user: UserId,
    p: &NewPerson,
) -> Result<Person, TxError> {
    let mut attempt = 1;
    loop {
        match save_holder_once(conn, user, p) {
            Err(TxError::Moved) if attempt < ATTEMPTS => attempt += 1,
            outcome => return outcome,
        }
    }
}

#[async_trait]
impl PersonRepository for Database {
    async fn upsert(&self, user: UserId, profile: NewPerson) -> Result<Person, PersonStoreError> {
        let outcome = self
            .run(move |conn| match save_holder(conn, user, &profile) {
                Ok(stored) => Ok(Ok(stored)),
                Err(TxError::Unknown { kind, index, id }) => Ok(Err((kind, index, id))),
                Err(TxError::Moved) => Err(StoreError::Conflict(
                    "the profile kept changing while it was saved".into(),
                )),
                Err(TxError::Db(e)) => Err(store_error(e)),
            })
            .await?;
        outcome.map_err(|(kind, index, id)| PersonStoreError::UnknownItem { kind, index, id })
    }

    async fn find(&self, user: UserId) -> Result<Option<Person>, StoreError> {
        self.run_read(move |conn| load_profile(conn, user)).await
    }

    async fn find_in_session(
        &self,
        user: UserId,
        jti: String,
    ) -> Result<Option<(SessionState, Option<Person>)>, StoreError> {
        let marks = std::sync::Arc::clone(&self.own_marks);
        self.run_read(move |conn| load_in_session(conn, user, &jti, &marks))
            .await
    }

    async fn members(&self, user: UserId) -> Result<Vec<Person>, StoreError> {
        self.household_members(user).await
    }

    async fn member(&self, user: UserId, id: i64) -> Result<Option<Person>, StoreError> {
        self.household_member(user, id).await
    }

    async fn add_member(
        &self,
        user: UserId,
        person: NewPerson,
    ) -> Result<Person, PersonStoreError> {
        self.add_household_member(user, person).await
    }

    async fn replace_member(
        &self,
        user: UserId,
        id: i64,
        person: NewPerson,
    ) -> Result<Option<Person>, PersonStoreError> {
        self.replace_household_member(user, id, person).await
    }

    async fn remove_member(&self, user: UserId, id: i64) -> Result<bool, StoreError> {
        self.remove_household_member(user, id).await
    }

    async fn owned_items(
        &self,
        user: UserId,
        kind: ItemKind,
    ) -> Result<Vec<NamedItem>, StoreError> {
        self.run_read(move |conn| {
            match kind {
                ItemKind::Taste => taste_items::owned(conn, user),
                ItemKind::Restriction => restriction_items::owned(conn, user),
            }
            .map_err(store_error)
        })
        .await
    }

    async fn visible_items(
        &self,
        user: UserId,
        kind: ItemKind,
        ids: Vec<i64>,
    ) -> Result<Vec<i64>, StoreError> {
        self.run_read(move |conn| {
            match kind {
                ItemKind::Taste => taste_items::visible(conn, user, &ids),
                ItemKind::Restriction => restriction_items::visible(conn, user, &ids),
            }
            .map_err(store_error)
        })
        .await
    }
}
