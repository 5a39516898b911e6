//! The traits the mealplan core needs from the outside world.
//!
//! Use cases depend on these traits only; `mealplan-adapters` implements
//! them and the binary wires the implementations in. With the `mock`
//! feature every trait also gets a mockall `Mock…` type for tests.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mealplan_domain::{Email, Password, User, UserId, UserName};

/// Why storage could not do what was asked.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// A uniqueness rule refused the write (e.g. an e-mail already taken).
    #[error("conflict: {0}")]
    Conflict(String),
    /// The database could not be reached (pool timeout, connection refused).
    #[error("storage unavailable: {0}")]
    Unavailable(String),
    /// Any other storage failure; the text is for logs only.
    #[error("storage failure: {0}")]
    Failure(String),
}

/// A user about to be stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewUser {
    /// Display name.
    pub name: UserName,
    /// Normalised e-mail; unique across users.
    pub email: Email,
    /// bcrypt hash of the password.
    pub password_hash: String,
    /// When the account was created.
    pub created_at: DateTime<Utc>,
}

/// A stored user together with their password hash and security stamp.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UserCredentials {
    /// The user.
    pub user: User,
    /// bcrypt hash to verify a password against.
    pub password_hash: String,
    /// Random value every token of the user carries; a new one (logout
    /// everywhere, password change) makes all earlier tokens invalid.
    pub security_stamp: String,
    /// When the account was created.
    pub created_at: DateTime<Utc>,
}

/// What authenticating a token needs to know of its user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionState {
    /// The user.
    pub user: User,
    /// Their current security stamp.
    pub security_stamp: String,
    /// Whether this token (by its id) was logged out.
    pub revoked: bool,
}

impl SessionState {
    /// Whether a token carrying `security_stamp` may act for this user:
    /// it was not logged out, and its stamp is the user's current one.
    pub fn admits(&self, security_stamp: &str) -> bool {
        !self.revoked && self.security_stamp == security_stamp
    }
}

/// Persistence of user accounts and token revocations.
#[cfg_attr(feature = "mock", mockall::automock)]
#[async_trait]
pub trait UserRepository: Send + Sync {
    /// Stores a new user with a fresh security stamp, committed before it
    /// returns; [`StoreError::Conflict`] when the e-mail is taken.
    async fn create(&self, user: NewUser) -> Result<UserCredentials, StoreError>;
    /// The user with this e-mail and their hash, if any.
    async fn find_credentials(&self, email: &Email) -> Result<Option<UserCredentials>, StoreError>;
    /// The user with this id and their hash, if they still exist.
    async fn credentials_by_id(&self, id: UserId) -> Result<Option<UserCredentials>, StoreError>;
    /// The user with this id, if they still exist.
    async fn find_by_id(&self, id: UserId) -> Result<Option<User>, StoreError>;
    /// The user with this id, their stamp, and whether token `jti` was
    /// revoked: all that authenticating a request needs.
    async fn session(&self, id: UserId, jti: String) -> Result<Option<SessionState>, StoreError>;
    /// Revokes one token until it would have expired anyway.
    async fn revoke_token(
        &self,
        user: UserId,
        jti: String,
        expires_at: DateTime<Utc>,
    ) -> Result<(), StoreError>;
    /// Gives the user a new security stamp (every earlier token stops
    /// working) and returns it.
    async fn rotate_stamp(&self, user: UserId) -> Result<String, StoreError>;
    /// Stores a new password hash and a new stamp in one transaction;
    /// returns the stamp.
    async fn set_password(&self, user: UserId, password_hash: String)
    -> Result<String, StoreError>;
    /// Deletes the user and everything of theirs in one transaction;
    /// `false` when there was no such user.
    async fn delete(&self, user: UserId) -> Result<bool, StoreError>;
}

/// What a rate-limit counter answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Admission {
    /// The request counts and may go on.
    Allowed,
    /// Over the limit; the client may try again after this many seconds
    /// (at least 1).
    Refused {
        /// Seconds until a request would be allowed.
        retry_after: u64,
    },
}

/// The counters behind the login and sign-up rate limits, kept where every
/// instance of the service sees them, so that instances sharing a store
/// enforce one limit. Each call is one atomic step on the store: two
/// instances counting the same key at once never both take the last place.
#[cfg_attr(feature = "mock", mockall::automock)]
#[async_trait]
pub trait RateLimitStore: Send + Sync {
    /// Takes one request from `key`'s token bucket: at most `capacity` at
    /// once, refilled evenly over `period` (`capacity` per `period`).
    async fn take_token(
        &self,
        key: String,
        capacity: u32,
        period: std::time::Duration,
        now: DateTime<Utc>,
    ) -> Result<Admission, StoreError>;
    /// Counts one attempt of `key` in its window: at most `limit` attempts
    /// in a window of `window` that opens with the first attempt; refused
    /// attempts are not counted.
    async fn count_attempt(
        &self,
        key: String,
        limit: u32,
        window: std::time::Duration,
        now: DateTime<Utc>,
    ) -> Result<Admission, StoreError>;
    /// Forgets `key`'s attempts.
    async fn clear_attempts(&self, key: String) -> Result<(), StoreError>;
}

/// Whether storage answers at all; behind `GET /ready`.
#[cfg_attr(feature = "mock", mockall::automock)]
#[async_trait]
pub trait HealthProbe: Send + Sync {
    /// Runs a trivial query.
    async fn ping(&self) -> Result<(), StoreError>;
}

/// A hashing failure (never a wrong password, which is `Ok(false)`).
#[derive(Debug, thiserror::Error)]
#[error("password hashing failed: {0}")]
pub struct HashError(pub String);

/// Slow, salted password hashing. Implementations run the work off the
/// async executor and bound how much of it runs at once.
#[cfg_attr(feature = "mock", mockall::automock)]
#[async_trait]
pub trait PasswordHasher: Send + Sync {
    /// Hashes a new password.
    async fn hash(&self, password: Password) -> Result<String, HashError>;
    /// Checks `password` against `hash`. With no hash (unknown e-mail) it
    /// verifies against a dummy hash of the same cost and answers `false`,
    /// so the time taken does not reveal whether the account exists.
    async fn verify(&self, password: Password, hash: Option<String>) -> Result<bool, HashError>;
}

/// Why a bearer token was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TokenError {
    /// Bad signature, wrong algorithm, malformed, or missing claims.
    #[error("invalid token")]
    Invalid,
    /// Well-formed and signed, but past its `exp`.
    #[error("token has expired")]
    Expired,
}

/// A signing failure.
#[derive(Debug, thiserror::Error)]
#[error("token signing failed: {0}")]
pub struct IssueError(pub String);

/// What a valid token says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenClaims {
    /// Its subject.
    pub user: UserId,
    /// The subject's security stamp when it was issued.
    pub security_stamp: String,
    /// Its own random id, for revoking just this token.
    pub jti: String,
    /// When it expires.
    pub expires_at: DateTime<Utc>,
}

/// Issues and checks the bearer tokens clients authenticate with.
#[cfg_attr(feature = "mock", mockall::automock)]
pub trait TokenService: Send + Sync {
    /// A fresh token naming `user` as its subject and carrying their
    /// current security stamp.
    fn issue(&self, user: UserId, security_stamp: &str) -> Result<String, IssueError>;
    /// The claims of a well-signed, unexpired token.
    fn verify(&self, token: &str) -> Result<TokenClaims, TokenError>;
}

/// The current time, injectable so rules about time can be tested.
#[cfg_attr(feature = "mock", mockall::automock)]
pub trait Clock: Send + Sync {
    /// Now, in UTC.
    fn now(&self) -> DateTime<Utc>;
}

pub use mealplan_domain::Person;
pub use profiles::{
    ItemKind, MAX_MEMBERS, NewPerson, PersonRepository, PersonStoreError, ReferenceData,
    ReferenceList, Resolver,
};
#[cfg(feature = "mock")]
pub use profiles::{MockPersonRepository, MockReferenceData};

mod profiles;

pub use plans::{
    DailyMenu, DayNotes, LaterMeal, LeftoverChoice, LeftoverSwap, MealChange, MealDetail, NewDay,
    NewMeal, OwnedDay, OwnedMeal, Plan, PlanHead, PlanRepository, PlanSettings, Portion,
    RecipeCatalog, SessionHead, SessionRead,
};
#[cfg(feature = "mock")]
pub use plans::{MockPlanRepository, MockRecipeCatalog};

mod plans;

pub use chat::{
    ChatMemory, ChatMemoryStore, ChatMessage, ChatModel, ModelError, ModelTurn, ParamType,
    ShownList, ToolArg, ToolCall, ToolParam, ToolSpec,
};
#[cfg(feature = "mock")]
pub use chat::{MockChatMemoryStore, MockChatModel};

mod chat;

pub use resets::{IssuedReset, Mail, MailError, Mailer, PasswordResetStore};
#[cfg(feature = "mock")]
pub use resets::{MockMailer, MockPasswordResetStore};

mod resets;

#[cfg(feature = "mock")]
pub use own_recipes::MockOwnRecipeStore;
pub use own_recipes::OwnRecipeStore;

mod own_recipes;

#[cfg(feature = "mock")]
pub use pantry::MockPantryStore;
pub use pantry::{EatenMeal, MealDraw, PantryLedger, PantryStore, Settle, Settlement};

mod pantry;
