//! Implementations of the mealplan ports.
//!
//! This is the only crate that knows Diesel, bcrypt, jsonwebtoken and
//! lettre (SMTP).
//! Every blocking call (a Diesel query, r2d2's `get()`, a bcrypt round)
//! runs on tokio's blocking pool, never on the async executor.

pub mod clock;
pub mod db;
pub mod jwt;
pub mod mail;
pub mod password;

pub use clock::SystemClock;
pub use db::{Backend, Database, DbError, PoolOptions, SeedReport};
pub use jwt::JwtTokens;
pub use mail::{MailSetupError, SmtpMailer};
pub use password::BcryptHasher;
