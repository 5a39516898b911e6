//! The user repository: accounts, security stamps and revoked tokens.
//!
//! Every write runs in an explicit transaction whose `COMMIT` is checked:
//! an `INSERT … RETURNING` in autocommit mode commits when the statement is
//! reset, and SQLite reports a commit that fails there (a full disk) to
//! nobody, so a sign-up could be answered 201 for a row never stored.

use async_trait::async_trait;
use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use mealplan_domain::{Email, User, UserId, UserName};
use mealplan_ports::{NewUser, SessionState, StoreError, UserCredentials, UserRepository};

use super::own_marks::{OwnMarkColumn, OwnMarks};
use super::schema::{password_resets, revoked_tokens, users};
use super::transaction::write_transaction;
use super::{AnyConnection, Database, store_error};
use crate::jwt::random_hex;

#[derive(Queryable, Selectable)]
#[diesel(table_name = users)]
pub(in crate::db) struct UserRow {
    id: i64,
    name: String,
    email: String,
    password_hash: String,
    security_stamp: String,
    created_at: NaiveDateTime,
}

#[derive(Insertable)]
#[diesel(table_name = users)]
struct NewUserRow<'a> {
    name: &'a str,
    email: &'a str,
    password_hash: &'a str,
    created_at: NaiveDateTime,
    security_stamp: &'a str,
}

impl UserRow {
    pub(in crate::db) fn into_credentials(self) -> Result<UserCredentials, StoreError> {
        let corrupt =
            |what: &str| StoreError::Failure(format!("stored user {} has a bad {what}", self.id));
        let user = User {
            id: UserId(self.id),
            name: UserName::parse(&self.name).map_err(|_| corrupt("name"))?,
            email: Email::parse(&self.email).map_err(|_| corrupt("email"))?,
        };
        Ok(UserCredentials {
            user,
            password_hash: self.password_hash,
            security_stamp: self.security_stamp,
            created_at: self.created_at.and_utc(),
        })
    }
}

/// A new random security stamp.
pub(super) fn new_stamp() -> Result<String, StoreError> {
    random_hex(16).map_err(|e| StoreError::Failure(format!("no randomness for a stamp: {e}")))
}

fn by_id(conn: &mut super::AnyConnection, id: i64) -> Result<Option<UserCredentials>, StoreError> {
    users::table
        .find(id)
        .select(UserRow::as_select())
        .first(conn)
        .optional()
        .map_err(store_error)?
        .map(UserRow::into_credentials)
        .transpose()
}

/// The user `id`, their stamp and whether token `jti` was revoked, by one
/// statement (one round trip for every authenticated request).
pub(in crate::db) fn session_of(
    conn: &mut AnyConnection,
    id: UserId,
    jti: &str,
    marks: &OwnMarks,
) -> Result<Option<SessionState>, StoreError> {
    // On the backend's own connection (see `on_backend!`).
    let row: Option<(UserRow, bool, i64)> = on_backend!(conn, c => users::table
        .find(id.0)
        .select((
            UserRow::as_select(),
            diesel::dsl::exists(revoked_tokens::table.filter(revoked_tokens::jti.eq(jti))),
            OwnMarkColumn,
        ))
        .first(c))
    .optional()
    .map_err(store_error)?;
    let Some((row, revoked, mark)) = row else {
        return Ok(None);
    };
    marks.note(id, mark);
    let found = row.into_credentials()?;
    Ok(Some(SessionState {
        user: found.user,
        security_stamp: found.security_stamp,
        revoked,
    }))
}

#[async_trait]
impl UserRepository for Database {
    async fn create(&self, user: NewUser) -> Result<UserCredentials, StoreError> {
        let stamp = new_stamp()?;
        self.run(move |conn| {
            let id: i64 = write_transaction(conn, |conn| {
                diesel::insert_into(users::table)
                    .values(NewUserRow {
                        name: user.name.as_str(),
                        email: user.email.as_str(),
                        password_hash: &user.password_hash,
                        created_at: user.created_at.naive_utc(),
                        security_stamp: &stamp,
                    })
                    .returning(users::id)
                    .get_result(conn)
            })
            .map_err(store_error)?;
            Ok(UserCredentials {
                user: User {
                    id: UserId(id),
                    name: user.name,
                    email: user.email,
                },
                password_hash: user.password_hash,
                security_stamp: stamp,
                created_at: user.created_at,
            })
        })
        .await
    }

    async fn find_credentials(&self, email: &Email) -> Result<Option<UserCredentials>, StoreError> {
        let email = email.as_str().to_owned();
        self.run_read(move |conn| {
            users::table
                .filter(users::email.eq(&email))
                .select(UserRow::as_select())
                .first(conn)
                .optional()
                .map_err(store_error)?
                .map(UserRow::into_credentials)
                .transpose()
        })
        .await
    }

    async fn credentials_by_id(&self, id: UserId) -> Result<Option<UserCredentials>, StoreError> {
        self.run_read(move |conn| by_id(conn, id.0)).await
    }

    async fn find_by_id(&self, id: UserId) -> Result<Option<User>, StoreError> {
        Ok(self.credentials_by_id(id).await?.map(|c| c.user))
    }

    async fn session(&self, id: UserId, jti: String) -> Result<Option<SessionState>, StoreError> {
        let marks = std::sync::Arc::clone(&self.own_marks);
        self.run_read(move |conn| session_of(conn, id, &jti, &marks))
            .await
    }

    async fn revoke_token(
        &self,
        user: UserId,
        jti: String,
        expires_at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        self.run(move |conn| {
            write_transaction(conn, |conn| {
                // Revocations past their token's expiry protect nothing; a
                // token logged out twice keeps one row.
                diesel::delete(
                    revoked_tokens::table.filter(
                        revoked_tokens::expires_at
                            .lt(Utc::now().naive_utc())
                            .or(revoked_tokens::jti.eq(&jti)),
                    ),
                )
                .execute(conn)?;
                diesel::insert_into(revoked_tokens::table)
                    .values((
                        revoked_tokens::jti.eq(&jti),
                        revoked_tokens::user_id.eq(user.0),
                        revoked_tokens::expires_at.eq(expires_at.naive_utc()),
                    ))
                    .execute(conn)
            })
            .map(drop)
            .map_err(store_error)
        })
        .await
    }

    async fn rotate_stamp(&self, user: UserId) -> Result<String, StoreError> {
        let stamp = new_stamp()?;
        self.run(move |conn| {
            write_transaction(conn, |conn| {
                diesel::update(users::table.find(user.0))
                    .set(users::security_stamp.eq(&stamp))
                    .execute(conn)
            })
            .map_err(store_error)?;
            Ok(stamp)
        })
        .await
    }

    async fn set_password(
        &self,
        user: UserId,
        password_hash: String,
    ) -> Result<String, StoreError> {
        let stamp = new_stamp()?;
        self.run(move |conn| {
            write_transaction(conn, |conn| {
                // A reset link asked for earlier must not undo this change.
                diesel::delete(password_resets::table.filter(password_resets::user_id.eq(user.0)))
                    .execute(conn)?;
                diesel::update(users::table.find(user.0))
                    .set((
                        users::password_hash.eq(&password_hash),
                        users::security_stamp.eq(&stamp),
                    ))
                    .execute(conn)
            })
            .map_err(store_error)?;
            Ok(stamp)
        })
        .await
    }

    async fn delete(&self, user: UserId) -> Result<bool, StoreError> {
        // Profiles, their lists, custom items, plans and revocations go with
        // the user (ON DELETE CASCADE), in this one transaction.
        self.run(move |conn| {
            write_transaction(conn, |conn| {
                let n = diesel::delete(users::table.find(user.0)).execute(conn)?;
                // Its own recipes' rows, which its plans no longer use.
                super::own_recipes::sweep_orphans(conn)?;
                Ok::<_, diesel::result::Error>(n)
            })
            .map(|n| n > 0)
            .map_err(store_error)
        })
        .await
    }
}
