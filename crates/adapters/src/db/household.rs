//! The household members of the one person repository (the holder's own
//! profile is in `profiles.rs`): rows of `profiles` with a name, written
//! by the same write as the holder's ([`write_person`]) after the values
//! they replace are read, so the echo rule runs on them inside the write
//! (a replace that finds them changed is read and written again).
//! Adding checks the household's size inside the write's transaction,
//! with the account's row locked on PostgreSQL (SQLite's `BEGIN
//! IMMEDIATE` serialises writers), so concurrent adds never pass the
//! limit.

use diesel::prelude::*;
use diesel::sql_types::BigInt;
use mealplan_domain::{Person, Stored, UserId, UserName};
use mealplan_ports::{MAX_MEMBERS, NewPerson, PersonStoreError, StoreError};

use super::items::{TxError, candidates, restriction_items, taste_items};
use super::person_write::{ATTEMPTS, Seat, write_person};
use super::profiles::{ProfileRow, stored_of};
use super::schema::profiles;
use super::transaction::write_transaction;
use super::{AnyConnection, Database, store_error};

/// A failure inside a member write.
enum WriteError {
    Full,
    Items(TxError),
}

impl From<diesel::result::Error> for WriteError {
    fn from(e: diesel::result::Error) -> Self {
        Self::Items(TxError::Db(e))
    }
}

impl From<TxError> for WriteError {
    fn from(e: TxError) -> Self {
        Self::Items(e)
    }
}

impl From<WriteError> for PersonStoreError {
    fn from(e: WriteError) -> Self {
        match e {
            WriteError::Full => Self::Full,
            WriteError::Items(TxError::Unknown { kind, index, id }) => {
                Self::UnknownItem { kind, index, id }
            }
            WriteError::Items(TxError::Moved) => Self::Store(StoreError::Conflict(
                "the member kept changing while it was saved".into(),
            )),
            WriteError::Items(TxError::Db(e)) => Self::Store(store_error(e)),
        }
    }
}

/// Writes member `name` of `user` from `p` over the row `existing`
/// (whose stored values are `previous`; `None` for a new member), the
/// item references resolved for `user` (names new to the account become
/// its own items).
fn write(
    conn: &mut AnyConnection,
    user: UserId,
    existing: Option<(i64, Stored)>,
    name: &UserName,
    p: &NewPerson,
) -> Result<Person, WriteError> {
    let (tastes, restrictions) = candidates(conn, user, p.draft.tastes(), p.draft.restrictions())?;
    let tastes = taste_items::resolve(conn, user, p.draft.tastes(), &tastes)?;
    let restrictions =
        restriction_items::resolve(conn, user, p.draft.restrictions(), &restrictions)?;
    let resolved = (p.resolve)(existing.as_ref().map(|(_, s)| s));
    let seat = Seat {
        user,
        existing,
        member: Some(name),
    };
    Ok(write_person(
        conn,
        seat,
        p,
        &resolved,
        (tastes, restrictions),
        name.clone(),
    )?)
}

/// The stored values of `user`'s member `id` the echo rule compares a
/// save with; `None` when there is no such member.
fn stored(
    conn: &mut AnyConnection,
    user: UserId,
    id: i64,
) -> Result<Option<Stored>, diesel::result::Error> {
    type Read = (f64, f64, f64, f64, f64, i32);
    let row: Option<Read> = profiles::table
        .filter(profiles::id.eq(id))
        .filter(profiles::user_id.eq(user.0))
        .filter(profiles::name.is_not_null())
        .select((
            profiles::body_fat_percentage,
            profiles::calories_target,
            profiles::protein_target,
            profiles::carbs_target,
            profiles::fat_target,
            profiles::manual_targets,
        ))
        .first(conn)
        .optional()?;
    Ok(
        row.map(|(body_fat, calories, protein, carbs, fat, manual)| {
            stored_of(body_fat, [calories, protein, carbs, fat], manual)
        }),
    )
}

/// A member's row read back.
fn member_of((row, name): (ProfileRow, Option<String>)) -> Result<Person, StoreError> {
    let id = row.id;
    let name = name
        .as_deref()
        .and_then(|n| UserName::parse(n).ok())
        .ok_or_else(|| StoreError::Failure(format!("stored member {id} has a bad name")))?;
    row.into_person(name, false)
}

/// A member write's name: a member always has one.
fn name_of(p: &NewPerson) -> Result<UserName, PersonStoreError> {
    p.name
        .clone()
        .ok_or_else(|| StoreError::Failure("a household member needs a name".into()).into())
}

/// The member half of [`mealplan_ports::PersonRepository`].
impl Database {
    pub(in crate::db) async fn household_members(
        &self,
        user: UserId,
    ) -> Result<Vec<Person>, StoreError> {
        self.run_read(move |conn| {
            profiles::table
                .filter(profiles::user_id.eq(user.0))
                .filter(profiles::name.is_not_null())
                .order(profiles::id)
                .select((ProfileRow::as_select(), profiles::name))
                .load(conn)
                .map_err(store_error)?
                .into_iter()
                .map(member_of)
                .collect()
        })
        .await
    }

    pub(in crate::db) async fn household_member(
        &self,
        user: UserId,
        id: i64,
    ) -> Result<Option<Person>, StoreError> {
        self.run_read(move |conn| {
            profiles::table
                .filter(profiles::id.eq(id))
                .filter(profiles::user_id.eq(user.0))
                .filter(profiles::name.is_not_null())
                .select((ProfileRow::as_select(), profiles::name))
                .first(conn)
                .optional()
                .map_err(store_error)?
                .map(member_of)
                .transpose()
        })
        .await
    }

    pub(in crate::db) async fn add_household_member(
        &self,
        user: UserId,
        member: NewPerson,
    ) -> Result<Person, PersonStoreError> {
        let name = name_of(&member)?;
        self.run(move |conn| {
            let written = write_transaction(conn, |conn| {
                if matches!(conn, AnyConnection::Postgresql(_)) {
                    // Concurrent adds for one account take turns.
                    diesel::sql_query("SELECT id FROM users WHERE id = $1 FOR UPDATE")
                        .bind::<BigInt, _>(user.0)
                        .execute(conn)?;
                }
                let count: i64 = profiles::table
                    .filter(profiles::user_id.eq(user.0))
                    .filter(profiles::name.is_not_null())
                    .count()
                    .get_result(conn)?;
                if count >= MAX_MEMBERS as i64 {
                    return Err(WriteError::Full);
                }
                write(conn, user, None, &name, &member)
            });
            Ok(written.map_err(PersonStoreError::from))
        })
        .await?
    }

    pub(in crate::db) async fn replace_household_member(
        &self,
        user: UserId,
        id: i64,
        member: NewPerson,
    ) -> Result<Option<Person>, PersonStoreError> {
        let name = name_of(&member)?;
        self.run(move |conn| {
            let mut attempt = 1;
            loop {
                let written = write_transaction(conn, |conn| {
                    let Some(previous) = stored(conn, user, id)? else {
                        return Ok(None);
                    };
                    write(conn, user, Some((id, previous)), &name, &member).map(Some)
                });
                match written {
                    Err(WriteError::Items(TxError::Moved)) if attempt < ATTEMPTS => attempt += 1,
                    written => return Ok(written.map_err(PersonStoreError::from)),
                }
            }
        })
        .await?
    }

    pub(in crate::db) async fn remove_household_member(
        &self,
        user: UserId,
        id: i64,
    ) -> Result<bool, StoreError> {
        self.run(move |conn| {
            diesel::delete(
                profiles::table
                    .filter(profiles::id.eq(id))
                    .filter(profiles::user_id.eq(user.0))
                    .filter(profiles::name.is_not_null()),
            )
            .execute(conn)
            .map(|n| n > 0)
            .map_err(store_error)
        })
        .await
    }
}
