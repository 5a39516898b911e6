//! The user repository.

use async_trait::async_trait;
use chrono::NaiveDateTime;
use diesel::prelude::*;
use mealplan_domain::{Email, User, UserId, UserName};
use mealplan_ports::{NewUser, StoreError, UserCredentials, UserRepository};

use super::schema::users;
use super::{Database, store_error};

#[derive(Queryable, Selectable)]
#[diesel(table_name = users)]
struct UserRow {
    id: i64,
    name: String,
    email: String,
    password_hash: String,
}

#[derive(Insertable)]
#[diesel(table_name = users)]
struct NewUserRow<'a> {
    name: &'a str,
    email: &'a str,
    password_hash: &'a str,
    created_at: NaiveDateTime,
}

impl UserRow {
    fn into_credentials(self) -> Result<UserCredentials, StoreError> {
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
        })
    }
}

#[async_trait]
impl UserRepository for Database {
    async fn create(&self, user: NewUser) -> Result<User, StoreError> {
        self.run(move |conn| {
            let id: i64 = diesel::insert_into(users::table)
                .values(NewUserRow {
                    name: user.name.as_str(),
                    email: user.email.as_str(),
                    password_hash: &user.password_hash,
                    created_at: user.created_at.naive_utc(),
                })
                .returning(users::id)
                .get_result(conn)
                .map_err(store_error)?;
            Ok(User {
                id: UserId(id),
                name: user.name,
                email: user.email,
            })
        })
        .await
    }

    async fn find_credentials(&self, email: &Email) -> Result<Option<UserCredentials>, StoreError> {
        let email = email.as_str().to_owned();
        self.run(move |conn| {
            users::table
                .filter(users::email.eq(email))
                .select(UserRow::as_select())
                .first(conn)
                .optional()
                .map_err(store_error)?
                .map(UserRow::into_credentials)
                .transpose()
        })
        .await
    }

    async fn find_by_id(&self, id: UserId) -> Result<Option<User>, StoreError> {
        self.run(move |conn| {
            users::table
                .find(id.0)
                .select(UserRow::as_select())
                .first(conn)
                .optional()
                .map_err(store_error)?
                .map(|row| row.into_credentials().map(|c| c.user))
                .transpose()
        })
        .await
    }
}
