//! Sign-up, login and token authentication.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use mealplan_domain::{Email, Password, User, UserId, UserName};
use mealplan_ports::{
    Clock, HashError, IssueError, NewUser, PasswordHasher, SessionState, StoreError, TokenClaims,
    TokenError, TokenService, UserRepository,
};

/// A logged-in user and the token that proves it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session {
    /// Bearer token for later requests.
    pub access_token: String,
    /// Who logged in.
    pub user: User,
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

/// A request's verified token: its user, and what logging it out needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Authenticated {
    /// The token's user, as stored now.
    pub user: User,
    /// The token's id.
    pub jti: String,
    /// When the token expires.
    pub expires_at: DateTime<Utc>,
}

/// Admits `claims` if the stored `state` still backs them: the user
/// exists, this token was not logged out, and it carries the user's
/// current security stamp (so a token outlives neither a logout
/// everywhere, a password change nor its account).
pub fn admit(claims: TokenClaims, state: Option<SessionState>) -> Result<Authenticated, AuthError> {
    let state = state.ok_or(AuthError::Token(TokenError::Invalid))?;
    if !state.admits(&claims.security_stamp) {
        return Err(AuthError::Token(TokenError::Invalid));
    }
    Ok(Authenticated {
        user: state.user,
        jti: claims.jti,
        expires_at: claims.expires_at,
    })
}

/// What a read that checks its token on the way `found` (the session
/// state and the rest it read, `None` if the user is gone), admitted for
/// `claims`: the session and the rest, or why not.
pub(crate) fn admit_found<T, E>(
    claims: TokenClaims,
    found: Result<Option<(SessionState, T)>, StoreError>,
) -> Result<(Authenticated, T), InSession<E>> {
    let found = found.map_err(|e| InSession::Auth(AuthError::Store(e)))?;
    let (state, rest) = found.map_or((None, None), |(s, r)| (Some(s), Some(r)));
    let session = admit(claims, state).map_err(InSession::Auth)?;
    // `admit` refuses a missing state, so `rest` is there.
    let rest = rest.ok_or(InSession::Auth(AuthError::Token(TokenError::Invalid)))?;
    Ok((session, rest))
}

/// Why a use case that checks its token on the way failed: the token
/// (401), or the work itself.
#[derive(Debug, thiserror::Error)]
pub enum InSession<E> {
    /// The token was refused, or storage failed reading it.
    #[error(transparent)]
    Auth(AuthError),
    /// The work failed.
    #[error(transparent)]
    Work(E),
}

/// Why an account use case failed: sign-up, login, a password-checked
/// change or a password reset ([`PasswordResets`](crate::PasswordResets)).
/// Each use case says which refusals it gives; the last three variants
/// are faults underneath, never the caller's doing. (A request's token is
/// checked apart, by [`AuthError`].)
#[derive(Debug, thiserror::Error)]
pub enum AccountError {
    /// Sign-up: another account has this e-mail.
    #[error("email already registered")]
    EmailTaken,
    /// Login: unknown e-mail or wrong password; deliberately one case.
    #[error("invalid email or password")]
    InvalidCredentials,
    /// A password-checked change: the password given is not the account's.
    #[error("wrong password")]
    WrongPassword,
    /// A password-checked change: the account is gone.
    #[error("account not found")]
    NotFound,
    /// A password reset: the token is unknown, used, replaced or expired.
    #[error("invalid or expired reset token")]
    InvalidResetToken,
    /// Storage failed (a database that cannot be reached right now is
    /// answered differently from a broken one).
    #[error(transparent)]
    Store(#[from] StoreError),
    /// Hashing failed.
    #[error(transparent)]
    Hash(#[from] HashError),
    /// Signing failed.
    #[error(transparent)]
    Issue(#[from] IssueError),
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

    /// Creates an account and logs it in; [`AccountError::EmailTaken`]
    /// when the e-mail has an account.
    pub async fn register(
        &self,
        name: UserName,
        email: Email,
        password: Password,
    ) -> Result<Session, AccountError> {
        // Cheap check first, so a taken e-mail costs no bcrypt round; the
        // unique constraint still decides races.
        if self.users.find_credentials(&email).await?.is_some() {
            return Err(AccountError::EmailTaken);
        }
        let password_hash = self.hasher.hash(password).await?;
        let stored = self
            .users
            .create(NewUser {
                name,
                email,
                password_hash,
                created_at: self.clock.now(),
            })
            .await
            .map_err(|e| match e {
                StoreError::Conflict(_) => AccountError::EmailTaken,
                other => AccountError::Store(other),
            })?;
        let access_token = self.tokens.issue(stored.user.id, &stored.security_stamp)?;
        Ok(Session {
            access_token,
            user: stored.user,
        })
    }

    /// Exchanges e-mail and password for a token
    /// ([`AccountError::InvalidCredentials`] otherwise). Unknown e-mails
    /// cost the same bcrypt work as known ones.
    pub async fn login(&self, email: Email, password: Password) -> Result<Session, AccountError> {
        let found = self.users.find_credentials(&email).await?;
        let hash = found.as_ref().map(|c| c.password_hash.clone());
        let matches = self.hasher.verify(password, hash).await?;
        match found {
            Some(credentials) if matches => {
                let access_token = self
                    .tokens
                    .issue(credentials.user.id, &credentials.security_stamp)?;
                Ok(Session {
                    access_token,
                    user: credentials.user,
                })
            }
            _ => Err(AccountError::InvalidCredentials),
        }
    }

    /// The user a bearer token names: the token must be well signed,
    /// unexpired, not logged out, and carry its user's current security
    /// stamp (so a token outlives neither a logout everywhere, a password
    /// change nor its account, and never names anyone else).
    pub async fn authenticate(&self, token: &str) -> Result<Authenticated, AuthError> {
        let claims = self.tokens.verify(token)?;
        let state = self.users.session(claims.user, claims.jti.clone()).await?;
        admit(claims, state)
    }

    /// What a well-signed, unexpired `token` claims, not yet checked
    /// against the store: a use case that reads its user's rows anyway
    /// reads the session state in the same statement and calls [`admit`]
    /// (one round trip instead of two).
    pub fn claims(&self, token: &str) -> Result<TokenClaims, AuthError> {
        Ok(self.tokens.verify(token)?)
    }

    /// Ends one token; the user's other tokens keep working.
    pub async fn logout(&self, session: &Authenticated) -> Result<(), StoreError> {
        self.users
            .revoke_token(session.user.id, session.jti.clone(), session.expires_at)
            .await
    }

    /// Ends every token of the user.
    pub async fn logout_all(&self, user: UserId) -> Result<(), StoreError> {
        self.users.rotate_stamp(user).await.map(drop)
    }

    /// Checks `password` against the user's; `WrongPassword` otherwise.
    async fn check_password(&self, user: UserId, password: Password) -> Result<(), AccountError> {
        let found = self
            .users
            .credentials_by_id(user)
            .await?
            .ok_or(AccountError::NotFound)?;
        if self
            .hasher
            .verify(password, Some(found.password_hash))
            .await?
        {
            Ok(())
        } else {
            Err(AccountError::WrongPassword)
        }
    }

    /// Replaces the password after checking the current one; every earlier
    /// token stops working and a new one is returned. A wrong current
    /// password changes nothing.
    pub async fn change_password(
        &self,
        user: &User,
        current: Password,
        new: Password,
    ) -> Result<Session, AccountError> {
        self.check_password(user.id, current).await?;
        let hash = self.hasher.hash(new).await?;
        let stamp = self.users.set_password(user.id, hash).await?;
        Ok(Session {
            access_token: self.tokens.issue(user.id, &stamp)?,
            user: user.clone(),
        })
    }

    /// Deletes the account and all its data after checking the password.
    pub async fn delete_account(
        &self,
        user: UserId,
        password: Password,
    ) -> Result<(), AccountError> {
        self.check_password(user, password).await?;
        if self.users.delete(user).await? {
            Ok(())
        } else {
            Err(AccountError::NotFound)
        }
    }

    /// The stored account: user and when it was created.
    pub async fn account(&self, user: UserId) -> Result<Option<(User, DateTime<Utc>)>, StoreError> {
        Ok(self
            .users
            .credentials_by_id(user)
            .await?
            .map(|c| (c.user, c.created_at)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{TimeZone, Utc};
    use mealplan_domain::UserId;
    use mealplan_ports::{
        MockClock, MockPasswordHasher, MockTokenService, MockUserRepository, SessionState,
        TokenClaims, UserCredentials,
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

    fn creds(id: i64, stamp: &str) -> UserCredentials {
        UserCredentials {
            user: user(id),
            password_hash: "H".into(),
            security_stamp: stamp.into(),
            created_at: Utc.with_ymd_and_hms(2026, 1, 1, 0, 0, 0).unwrap(),
        }
    }

    fn claims(id: i64, stamp: &str) -> TokenClaims {
        TokenClaims {
            user: UserId(id),
            security_stamp: stamp.into(),
            jti: "J".into(),
            expires_at: Utc.with_ymd_and_hms(2026, 1, 3, 0, 0, 0).unwrap(),
        }
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
            .returning(|_| Ok(creds(7, "S7")));
        let mut hasher = MockPasswordHasher::new();
        hasher
            .expect_hash()
            .withf(|p| p.expose() == "correct horse")
            .returning(|_| Ok("HASH".into()));
        let mut tokens = MockTokenService::new();
        tokens
            .expect_issue()
            .withf(|id, stamp| *id == UserId(7) && stamp == "S7")
            .returning(|_, _| Ok("TOKEN".into()));
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
        users
            .expect_find_credentials()
            .returning(|_| Ok(Some(creds(1, "S"))));
        let hasher = MockPasswordHasher::new(); // any call would panic
        let result = service(users, hasher, MockTokenService::new())
            .register(UserName::parse("Ann").unwrap(), email(), password())
            .await;
        assert!(matches!(result, Err(AccountError::EmailTaken)));
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
        assert!(matches!(result, Err(AccountError::EmailTaken)));
    }

    #[tokio::test]
    async fn login_with_the_right_password_issues_a_token() {
        let mut users = MockUserRepository::new();
        users
            .expect_find_credentials()
            .returning(|_| Ok(Some(creds(3, "S3"))));
        let mut hasher = MockPasswordHasher::new();
        hasher
            .expect_verify()
            .withf(|_, h| h.as_deref() == Some("H"))
            .returning(|_, _| Ok(true));
        let mut tokens = MockTokenService::new();
        tokens
            .expect_issue()
            .withf(|_, stamp| stamp == "S3")
            .returning(|_, _| Ok("T".into()));
        let session = service(users, hasher, tokens)
            .login(email(), password())
            .await
            .unwrap();
        assert_eq!(session.user.id, UserId(3));
    }

    #[tokio::test]
    async fn login_with_a_wrong_password_is_refused() {
        let mut users = MockUserRepository::new();
        users
            .expect_find_credentials()
            .returning(|_| Ok(Some(creds(3, "S3"))));
        let mut hasher = MockPasswordHasher::new();
        hasher.expect_verify().returning(|_, _| Ok(false));
        let result = service(users, hasher, MockTokenService::new())
            .login(email(), password())
            .await;
        assert!(matches!(result, Err(AccountError::InvalidCredentials)));
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
        assert!(matches!(result, Err(AccountError::InvalidCredentials)));
    }

    #[tokio::test]
    async fn login_storage_failure_is_a_storage_failure() {
        let mut users = MockUserRepository::new();
        users
            .expect_find_credentials()
            .returning(|_| Err(StoreError::Unavailable("down".into())));
        let result = service(users, MockPasswordHasher::new(), MockTokenService::new())
            .login(email(), password())
            .await;
        assert!(matches!(
            result,
            Err(AccountError::Store(StoreError::Unavailable(_)))
        ));
    }

    fn session_of(id: i64, stamp: &str, revoked: bool) -> SessionState {
        SessionState {
            user: user(id),
            security_stamp: stamp.into(),
            revoked,
        }
    }

    #[tokio::test]
    async fn authenticate_resolves_the_tokens_user() {
        let mut users = MockUserRepository::new();
        users
            .expect_session()
            .withf(|id, jti| *id == UserId(9) && jti == "J")
            .returning(|_, _| Ok(Some(session_of(9, "S", false))));
        let mut tokens = MockTokenService::new();
        tokens.expect_verify().returning(|_| Ok(claims(9, "S")));
        let found = service(users, MockPasswordHasher::new(), tokens)
            .authenticate("T")
            .await
            .unwrap();
        assert_eq!((found.user.id, found.jti.as_str()), (UserId(9), "J"));
    }

    #[tokio::test]
    async fn authenticate_refuses_gone_users_old_stamps_logged_out_and_bad_tokens() {
        let mut users = MockUserRepository::new();
        users.expect_session().returning(|id, _| {
            Ok(match id.0 {
                1 => None,
                2 => Some(session_of(2, "NEW", false)),
                3 => Some(session_of(3, "S", true)),
                _ => Some(session_of(id.0, "S", false)),
            })
        });
        let mut tokens = MockTokenService::new();
        tokens.expect_verify().returning(|t| match t {
            "expired" => Err(TokenError::Expired),
            "bad" => Err(TokenError::Invalid),
            "gone" => Ok(claims(1, "S")),
            "old-stamp" => Ok(claims(2, "S")),
            "logged-out" => Ok(claims(3, "S")),
            _ => Ok(claims(4, "S")),
        });
        let accounts = service(users, MockPasswordHasher::new(), tokens);
        for (token, want) in [
            ("gone", TokenError::Invalid),
            ("old-stamp", TokenError::Invalid),
            ("logged-out", TokenError::Invalid),
            ("expired", TokenError::Expired),
            ("bad", TokenError::Invalid),
        ] {
            match accounts.authenticate(token).await {
                Err(AuthError::Token(e)) => assert_eq!(e, want, "{token}"),
                other => panic!("{token}: {other:?}"),
            }
        }
        assert!(accounts.authenticate("fine").await.is_ok());
    }

    #[tokio::test]
    async fn a_wrong_current_password_changes_nothing() {
        let mut users = MockUserRepository::new();
        users
            .expect_credentials_by_id()
            .returning(|_| Ok(Some(creds(5, "S"))));
        // set_password / delete must not be called.
        let mut hasher = MockPasswordHasher::new();
        hasher.expect_verify().returning(|_, _| Ok(false));
        let accounts = service(users, hasher, MockTokenService::new());
        assert!(matches!(
            accounts
                .change_password(&user(5), password(), password())
                .await,
            Err(AccountError::WrongPassword)
        ));
        assert!(matches!(
            accounts.delete_account(UserId(5), password()).await,
            Err(AccountError::WrongPassword)
        ));
    }

    #[tokio::test]
    async fn a_password_change_rotates_the_stamp_and_issues_a_token_with_it() {
        let mut users = MockUserRepository::new();
        users
            .expect_credentials_by_id()
            .returning(|_| Ok(Some(creds(5, "S"))));
        users
            .expect_set_password()
            .withf(|id, hash| *id == UserId(5) && hash == "NEWHASH")
            .times(1)
            .returning(|_, _| Ok("S2".into()));
        let mut hasher = MockPasswordHasher::new();
        hasher.expect_verify().returning(|_, _| Ok(true));
        hasher.expect_hash().returning(|_| Ok("NEWHASH".into()));
        let mut tokens = MockTokenService::new();
        tokens
            .expect_issue()
            .withf(|id, stamp| *id == UserId(5) && stamp == "S2")
            .returning(|_, _| Ok("T2".into()));
        let session = service(users, hasher, tokens)
            .change_password(&user(5), password(), password())
            .await
            .unwrap();
        assert_eq!(session.access_token, "T2");
    }
}
