//! Password reset tokens (`password_resets`, migration
//! `2026-11-26-000170`): one row per account at most, holding the SHA-256
//! of the token sent and its expiry.
//!
//! Issuing runs the same statements whether or not the e-mail has an
//! account (the user's row read by e-mail, the old token deleted and the
//! new one inserted through that e-mail; for an unknown e-mail they touch
//! no row). Their time still differs (on PostgreSQL the commit waits for a
//! WAL flush only when a row was written), which is why the service issues
//! a link only after it has answered the request (`ResetLinks::request`).

use async_trait::async_trait;
use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{Text, Timestamp};
use mealplan_domain::{Email, User};
use mealplan_ports::{IssuedReset, PasswordResetStore, StoreError};
use sha2::{Digest, Sha256};

use super::limits::numbered;
use super::schema::{password_resets, users};
use super::transaction::write_transaction;
use super::users::{UserRow, new_stamp};
use super::{Database, store_error};
use crate::jwt::random_hex;

/// Random bytes in a token: 256 bits, sent as 64 hex digits.
const TOKEN_BYTES: usize = 32;

/// Drops the account's earlier token. Parameter: e-mail.
const DROP_OLD: &str =
    "DELETE FROM password_resets WHERE user_id IN (SELECT id FROM users WHERE email = $1)";

/// Stores the new token's hash; no row for an unknown e-mail. Parameters:
/// e-mail, hash, expiry.
const STORE_NEW: &str = "INSERT INTO password_resets (user_id, token_hash, expires_at) \
                         SELECT id, $2, $3 FROM users WHERE email = $1";

/// The hex SHA-256 of a token: what is stored and looked up.
fn token_hash(token: &str) -> String {
    Sha256::digest(token.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn new_token() -> Result<String, StoreError> {
    random_hex(TOKEN_BYTES)
        .map_err(|e| StoreError::Failure(format!("no randomness for a reset token: {e}")))
}

#[async_trait]
impl PasswordResetStore for Database {
    async fn issue(
        &self,
        email: &Email,
        expires_at: DateTime<Utc>,
    ) -> Result<Option<IssuedReset>, StoreError> {
        let email = email.as_str().to_owned();
        let token = new_token()?;
        let hash = token_hash(&token);
        self.run(move |conn| {
            let drop_old = numbered(conn, DROP_OLD);
            let store_new = numbered(conn, STORE_NEW);
            let found = write_transaction(conn, |conn| {
                let found = users::table
                    .filter(users::email.eq(&email))
                    .select(UserRow::as_select())
                    .first(conn)
                    .optional()?;
                diesel::sql_query(drop_old)
                    .bind::<Text, _>(&email)
                    .execute(conn)?;
                diesel::sql_query(store_new)
                    .bind::<Text, _>(&email)
                    .bind::<Text, _>(&hash)
                    .bind::<Timestamp, _>(expires_at.naive_utc())
                    .execute(conn)?;
                Ok::<_, diesel::result::Error>(found)
            })
            .map_err(store_error)?;
            found
                .map(|row| {
                    Ok(IssuedReset {
                        user: row.into_credentials()?.user,
                        token,
                    })
                })
                .transpose()
        })
        .await
    }

    async fn check(&self, token: String, now: DateTime<Utc>) -> Result<bool, StoreError> {
        let hash = token_hash(&token);
        self.run(move |conn| {
            password_resets::table
                .filter(password_resets::token_hash.eq(hash))
                .filter(password_resets::expires_at.gt(now.naive_utc()))
                .count()
                .get_result::<i64>(conn)
                .map(|n| n > 0)
                .map_err(store_error)
        })
        .await
    }

    async fn redeem(
        &self,
        token: String,
        now: DateTime<Utc>,
        password_hash: String,
    ) -> Result<Option<(User, String)>, StoreError> {
        let hash = token_hash(&token);
        let stamp = new_stamp()?;
        self.run(move |conn| {
            let row = write_transaction(conn, |conn| {
                // Deleting first takes the row: of two uses of one token,
                // one finds it and the other finds nothing.
                let taken: Option<(i64, NaiveDateTime)> = diesel::delete(
                    password_resets::table.filter(password_resets::token_hash.eq(&hash)),
                )
                .returning((password_resets::user_id, password_resets::expires_at))
                .get_result(conn)
                .optional()?;
                let Some((user, _)) = taken.filter(|(_, expires)| *expires > now.naive_utc())
                else {
                    return Ok::<_, diesel::result::Error>(None);
                };
                diesel::update(users::table.find(user))
                    .set((
                        users::password_hash.eq(&password_hash),
                        users::security_stamp.eq(&stamp),
                    ))
                    .execute(conn)?;
                users::table
                    .find(user)
                    .select(UserRow::as_select())
                    .first(conn)
                    .optional()
            })
            .map_err(store_error)?;
            row.map(|row| Ok((row.into_credentials()?.user, stamp)))
                .transpose()
        })
        .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_long_random_and_stored_as_their_hash() {
        let (a, b) = (new_token().unwrap(), new_token().unwrap());
        assert_eq!(a.len(), 2 * TOKEN_BYTES);
        assert_ne!(a, b);
        assert_eq!(
            token_hash("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_ne!(token_hash(&a), a);
    }
}
