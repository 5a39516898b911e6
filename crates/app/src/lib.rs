//! Use cases of mealplan: each service combines ports to carry out one
//! user-visible operation. Services hold `Arc<dyn Port>`s and are cheap to
//! clone; they know nothing of HTTP or SQL.

pub mod accounts;
pub mod profiles;

pub use accounts::{Accounts, AuthError, LoginError, RegisterError, Session};
pub use profiles::{ProfileError, Profiles};
