//! Password resets: one-time tokens kept as hashes, and the mail that
//! carries them.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mealplan_domain::{Email, User};

use crate::StoreError;

/// A reset token just made for an account: the token itself exists only
/// here (storage keeps its hash).
#[derive(Clone, PartialEq, Eq)]
pub struct IssuedReset {
    /// The account it resets.
    pub user: User,
    /// The random token to send, at least 128 bits.
    pub token: String,
}

impl std::fmt::Debug for IssuedReset {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("IssuedReset")
            .field("user", &self.user)
            .field("token", &"<redacted>")
            .finish()
    }
}

/// The stored reset tokens: at most one per account, kept as a hash.
#[cfg_attr(feature = "mock", mockall::automock)]
#[async_trait]
pub trait PasswordResetStore: Send + Sync {
    /// Makes a new random token for the account with `email`, valid until
    /// `expires_at`, replacing the account's earlier one, and answers it.
    /// An unknown e-mail costs the same work (a token made and hashed, the
    /// same statements run) and stores nothing: `None`.
    async fn issue(
        &self,
        email: &Email,
        expires_at: DateTime<Utc>,
    ) -> Result<Option<IssuedReset>, StoreError>;
    /// Whether `token` is stored and still valid at `now`; changes nothing.
    async fn check(&self, token: String, now: DateTime<Utc>) -> Result<bool, StoreError>;
    /// Uses `token` up: when it is stored and valid at `now`, deletes it and
    /// stores `password_hash` with a new security stamp, in one transaction,
    /// answering the user and the stamp. Otherwise `None`, and the password
    /// is left as it was.
    async fn redeem(
        &self,
        token: String,
        now: DateTime<Utc>,
        password_hash: String,
    ) -> Result<Option<(User, String)>, StoreError>;
}

/// A plain-text message to one address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mail {
    /// The recipient.
    pub to: Email,
    /// Subject line.
    pub subject: String,
    /// Plain-text body.
    pub body: String,
}

/// Why a message was not handed over; the text is for logs only.
#[derive(Debug, thiserror::Error)]
#[error("mail not sent: {0}")]
pub struct MailError(pub String);

/// Sends mail. Implementations keep blocking work (SMTP) off the async
/// executor; one call is one attempt, without retries.
#[cfg_attr(feature = "mock", mockall::automock)]
#[async_trait]
pub trait Mailer: Send + Sync {
    /// Hands `mail` to the mail server.
    async fn send(&self, mail: Mail) -> Result<(), MailError>;
}
