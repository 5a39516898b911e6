//! Sign-up, login and token authentication.

use std::sync::Arc;

use mealplan_domain::{Email, Password, User, UserName};
use mealplan_ports::{
    Clock, HashError, IssueError, NewUser, PasswordHasher, StoreError, TokenError, TokenService,
    UserRepository,
};

/// A logged-in user and the token that proves it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session {
    /// Bearer token for later requests.
    pub access_token: String,
    /// Who logged in.
    pub user: User,
}

/// Why sign-up failed.
#[derive(Debug, thiserror::Error)]
pub enum RegisterError {
    /// Another account has this e-mail.
    #[error("email already registered")]
    EmailTaken,
    /// Storage failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// Hashing failed.
    #[error(transparent)]
    Hash(#[from] HashError),
    /// Signing failed.
    #[error(transparent)]
    Issue(#[from] IssueError),
}

/// Why login failed.
#[derive(Debug, thiserror::Error)]
pub enum LoginError {
    /// Unknown e-mail or wrong password; deliberately one case.
    #[error("invalid email or password")]
    InvalidCredentials,
    /// Storage, hashing or signing failed.
    #[error("authentication failed: {0}")]
    Internal(String),
}

/// Why a bearer token does not identify a user.
#[derive(Debug, thiserror::Error)]
pub enum AuthError {
    /// The token was refused, or its user no longer exists.
    #[error(transparent)]
    Token(#[from] TokenError),
    /// Storage failed while looking the user up.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Account use cases.
#[derive(Clone)]
pub struct Accounts {
    users: Arc<dyn UserRepository>,
    hasher: Arc<dyn PasswordHasher>,
    tokens: Arc<dyn TokenService>,
    clock: Arc<dyn Clock>,
}

impl Accounts {
    /// Wires the service to its ports.
    pub fn new(
        users: Arc<dyn UserRepository>,
        hasher: Arc<dyn PasswordHasher>,
        tokens: Arc<dyn TokenService>,
        clock: Arc<dyn Clock>,
    ) -> Self {
        Self {
            users,
            hasher,
            tokens,
            clock,
        }
    }

    /// Creates an account and logs it in.
    pub async fn register(
        &self,
        name: UserName,
        email: Email,
        password: Password,
    ) -> Result<Session, RegisterError> {
        // Cheap check first, so a taken e-mail costs no bcrypt round; the
        // unique constraint still decides races.
        if self.users.find_credentials(&email).await?.is_some() {
            return Err(RegisterError::EmailTaken);
        }
        let password_hash = self.hasher.hash(password).await?;
        let user = self
            .users
            .create(NewUser {
                name,
                email,
                password_hash,
                created_at: self.clock.now(),
            })
            .await
            .map_err(|e| match e {
                StoreError::Conflict(_) => RegisterError::EmailTaken,
                other => RegisterError::Store(other),
            })?;
        let access_token = self.tokens.issue(user.id)?;
        Ok(Session { access_token, user })
    }

    /// Exchanges e-mail and password for a token. Unknown e-mails cost the
    /// same bcrypt work as known ones.
    pub async fn login(&self, email: Email, password: Password) -> Result<Session, LoginError> {
        let internal = |e: &dyn std::fmt::Display| LoginError::Internal(e.to_string());
        let found = self
            .users
            .find_credentials(&email)
            .await
            .map_err(|e| internal(&e))?;
        let hash = found.as_ref().map(|c| c.password_hash.clone());
        let matches = self
            .hasher
            .verify(password, hash)
            .await
            .map_err(|e| internal(&e))?;
        match found {
            Some(credentials) if matches => {
                let access_token = self
                    .tokens
                    .issue(credentials.user.id)
                    .map_err(|e| internal(&e))?;
                Ok(Session {
                    access_token,
                    user: credentials.user,
                })
            }
            _ => Err(LoginError::InvalidCredentials),
        }
    }

    /// The user a bearer token names, if the token is valid and they exist.
    pub async fn authenticate(&self, token: &str) -> Result<User, AuthError> {
        let id = self.tokens.verify(token)?;
        self.users
            .find_by_id(id)
            .await?
            .ok_or(AuthError::Token(TokenError::Invalid))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{TimeZone, Utc};
    use mealplan_domain::UserId;
    use mealplan_ports::{
        MockClock, MockPasswordHasher, MockTokenService, MockUserRepository, UserCredentials,
    };

    fn user(id: i64) -> User {
        User {
            id: UserId(id),
            name: UserName::parse("Ann").unwrap(),
            email: Email::parse("ann@example.com").unwrap(),
        }
    }

    fn clock() -> MockClock {
        let mut clock = MockClock::new();
        clock
            .expect_now()
            .returning(|| Utc.with_ymd_and_hms(2026, 1, 2, 3, 4, 5).unwrap());
        clock
    }

    fn service(
        users: MockUserRepository,
        hasher: MockPasswordHasher,
        tokens: MockTokenService,
    ) -> Accounts {
        Accounts::new(
            Arc::new(users),
            Arc::new(hasher),
            Arc::new(tokens),
            Arc::new(clock()),
        )
    }

    fn email() -> Email {
        Email::parse("ann@example.com").unwrap()
    }

    fn password() -> Password {
        Password::parse_new("correct horse").unwrap()
    }

    #[tokio::test]
    async fn register_hashes_stores_and_issues_a_token() {
        let mut users = MockUserRepository::new();
        users.expect_find_credentials().returning(|_| Ok(None));
        users
            .expect_create()
            .withf(|u| {
                u.password_hash == "HASH"
                    && u.email.as_str() == "ann@example.com"
                    && u.created_at == Utc.with_ymd_and_hms(2026, 1, 2, 3, 4, 5).unwrap()
            })
            .returning(|_| Ok(user(7)));
        let mut hasher = MockPasswordHasher::new();
        hasher
            .expect_hash()
            .withf(|p| p.expose() == "correct horse")
            .returning(|_| Ok("HASH".into()));
        let mut tokens = MockTokenService::new();
        tokens
            .expect_issue()
            .withf(|id| *id == UserId(7))
            .returning(|_| Ok("TOKEN".into()));
        let session = service(users, hasher, tokens)
            .register(UserName::parse("Ann").unwrap(), email(), password())
            .await
            .unwrap();
        assert_eq!(session.access_token, "TOKEN");
        assert_eq!(session.user, user(7));
    }

    #[tokio::test]
    async fn register_refuses_a_taken_email_without_hashing() {
        let mut users = MockUserRepository::new();
        users.expect_find_credentials().returning(|_| {
            Ok(Some(UserCredentials {
                user: user(1),
                password_hash: "H".into(),
            }))
        });
        let hasher = MockPasswordHasher::new(); // any call would panic
        let result = service(users, hasher, MockTokenService::new())
            .register(UserName::parse("Ann").unwrap(), email(), password())
            .await;
        assert!(matches!(result, Err(RegisterError::EmailTaken)));
    }

    #[tokio::test]
    async fn register_maps_a_lost_race_to_email_taken() {
        let mut users = MockUserRepository::new();
        users.expect_find_credentials().returning(|_| Ok(None));
        users
            .expect_create()
            .returning(|_| Err(StoreError::Conflict("users.email".into())));
        let mut hasher = MockPasswordHasher::new();
        hasher.expect_hash().returning(|_| Ok("HASH".into()));
        let result = service(users, hasher, MockTokenService::new())
            .register(UserName::parse("Ann").unwrap(), email(), password())
            .await;
        assert!(matches!(result, Err(RegisterError::EmailTaken)));
    }

    #[tokio::test]
    async fn login_with_the_right_password_issues_a_token() {
        let mut users = MockUserRepository::new();
        users.expect_find_credentials().returning(|_| {
            Ok(Some(UserCredentials {
                user: user(3),
                password_hash: "H".into(),
            }))
        });
        let mut hasher = MockPasswordHasher::new();
        hasher
            .expect_verify()
            .withf(|_, h| h.as_deref() == Some("H"))
            .returning(|_, _| Ok(true));
        let mut tokens = MockTokenService::new();
        tokens.expect_issue().returning(|_| Ok("T".into()));
        let session = service(users, hasher, tokens)
            .login(email(), password())
            .await
            .unwrap();
        assert_eq!(session.user.id, UserId(3));
    }

    #[tokio::test]
    async fn login_with_a_wrong_password_is_refused() {
        let mut users = MockUserRepository::new();
        users.expect_find_credentials().returning(|_| {
            Ok(Some(UserCredentials {
                user: user(3),
                password_hash: "H".into(),
            }))
        });
        let mut hasher = MockPasswordHasher::new();
        hasher.expect_verify().returning(|_, _| Ok(false));
        let result = service(users, hasher, MockTokenService::new())
            .login(email(), password())
            .await;
        assert!(matches!(result, Err(LoginError::InvalidCredentials)));
    }

    #[tokio::test]
    async fn login_with_an_unknown_email_still_verifies_once() {
        let mut users = MockUserRepository::new();
        users.expect_find_credentials().returning(|_| Ok(None));
        let mut hasher = MockPasswordHasher::new();
        hasher
            .expect_verify()
            .times(1)
            .withf(|_, h| h.is_none())
            .returning(|_, _| Ok(false));
        let result = service(users, hasher, MockTokenService::new())
            .login(email(), password())
            .await;
        assert!(matches!(result, Err(LoginError::InvalidCredentials)));
    }

    #[tokio::test]
    async fn login_storage_failure_is_internal() {
        let mut users = MockUserRepository::new();
        users
            .expect_find_credentials()
            .returning(|_| Err(StoreError::Unavailable("down".into())));
        let result = service(users, MockPasswordHasher::new(), MockTokenService::new())
            .login(email(), password())
            .await;
        assert!(matches!(result, Err(LoginError::Internal(_))));
    }

    #[tokio::test]
    async fn authenticate_resolves_the_tokens_user() {
        let mut users = MockUserRepository::new();
        users
            .expect_find_by_id()
            .withf(|id| *id == UserId(9))
            .returning(|_| Ok(Some(user(9))));
        let mut tokens = MockTokenService::new();
        tokens.expect_verify().returning(|_| Ok(UserId(9)));
        let found = service(users, MockPasswordHasher::new(), tokens)
            .authenticate("T")
            .await
            .unwrap();
        assert_eq!(found.id, UserId(9));
    }

    #[tokio::test]
    async fn authenticate_refuses_a_deleted_user_and_bad_tokens() {
        let mut users = MockUserRepository::new();
        users.expect_find_by_id().returning(|_| Ok(None));
        let mut tokens = MockTokenService::new();
        tokens.expect_verify().returning(|t| match t {
            "expired" => Err(TokenError::Expired),
            "bad" => Err(TokenError::Invalid),
            _ => Ok(UserId(1)),
        });
        let accounts = service(users, MockPasswordHasher::new(), tokens);
        for (token, want) in [
            ("gone", TokenError::Invalid),
            ("expired", TokenError::Expired),
            ("bad", TokenError::Invalid),
        ] {
            match accounts.authenticate(token).await {
                Err(AuthError::Token(e)) => assert_eq!(e, want, "{token}"),
                other => panic!("{token}: {other:?}"),
            }
        }
    }
}
