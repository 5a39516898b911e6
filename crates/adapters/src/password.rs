//! bcrypt password hashing, bounded to one hash per core at a time.

use std::sync::Arc;

use async_trait::async_trait;
use mealplan_domain::Password;
use mealplan_ports::{HashError, PasswordHasher};
use tokio::sync::{OnceCell, Semaphore};

/// bcrypt with a configurable cost. Work runs on the blocking pool and at
/// most `permits` hashes run at once, so a login flood cannot starve the
/// blocking pool that database queries also use.
#[derive(Clone)]
pub struct BcryptHasher {
    cost: u32,
    permits: Arc<Semaphore>,
    dummy: Arc<OnceCell<String>>,
}

impl BcryptHasher {
    /// A hasher of `cost` (4-31) allowing `concurrency` hashes at once.
    pub fn new(cost: u32, concurrency: usize) -> Self {
        Self {
            cost,
            permits: Arc::new(Semaphore::new(concurrency.max(1))),
            dummy: Arc::new(OnceCell::new()),
        }
    }

    async fn blocking<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> Result<T, bcrypt::BcryptError> + Send + 'static,
    ) -> Result<T, HashError> {
        let _permit = self
            .permits
            .acquire()
            .await
            .map_err(|e| HashError(e.to_string()))?;
        let started = std::time::Instant::now();
        let result = tokio::task::spawn_blocking(work)
            .await
            .map_err(|e| HashError(e.to_string()))?
            .map_err(|e| HashError(e.to_string()));
        // The bcrypt work itself, once a permit was had.
        metrics::histogram!("password_hash_seconds").record(started.elapsed().as_secs_f64());
        result
    }

    /// A hash of a random secret at this cost, made once, for unknown e-mails.
    async fn dummy_hash(&self) -> Result<String, HashError> {
        self.dummy
            .get_or_try_init(|| async {
                let mut secret = [0u8; 16];
                getrandom::fill(&mut secret).map_err(|e| HashError(e.to_string()))?;
                let cost = self.cost;
                self.blocking(move || bcrypt::hash(secret, cost)).await
            })
            .await
            .cloned()
    }
}

#[async_trait]
impl PasswordHasher for BcryptHasher {
    async fn hash(&self, password: Password) -> Result<String, HashError> {
        let cost = self.cost;
        self.blocking(move || bcrypt::hash(password.expose(), cost))
            .await
    }

    async fn verify(&self, password: Password, hash: Option<String>) -> Result<bool, HashError> {
        let (hash, known) = match hash {
            Some(hash) => (hash, true),
            None => (self.dummy_hash().await?, false),
        };
        let secret = password.expose().as_bytes();
        // bcrypt reads at most 72 bytes. Up to 72 they are all compared (the
        // crate's `non_truncating_verify` also counts a NUL terminator and so
        // refuses exactly 72); a longer password never matches, but is still
        // verified (its first 72 bytes) so it takes the same time.
        let fits = secret.len() <= Password::MAX_BYTES;
        let checked = secret[..secret.len().min(Password::MAX_BYTES)].to_vec();
        let matches = self
            .blocking(move || bcrypt::verify(checked, &hash))
            .await?;
        Ok(known && fits && matches)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pw(s: &str) -> Password {
        Password::parse_for_login(s).unwrap()
    }

    #[tokio::test]
    async fn hash_then_verify() {
        let hasher = BcryptHasher::new(4, 2);
        let hash = hasher
            .hash(Password::parse_new("correct horse").unwrap())
            .await
            .unwrap();
        assert!(hash.starts_with("$2b$04$"));
        assert!(
            hasher
                .verify(pw("correct horse"), Some(hash.clone()))
                .await
                .unwrap()
        );
        assert!(!hasher.verify(pw("wrong horse"), Some(hash)).await.unwrap());
    }

    #[tokio::test]
    async fn a_password_of_exactly_72_bytes_works() {
        let hasher = BcryptHasher::new(4, 1);
        for secret in ["a".repeat(72), "é".repeat(36), "a".repeat(71)] {
            let hash = hasher
                .hash(Password::parse_new(&secret).unwrap())
                .await
                .unwrap();
            assert!(
                hasher
                    .verify(pw(&secret), Some(hash.clone()))
                    .await
                    .unwrap(),
                "{secret}"
            );
            let mut other = secret.clone();
            other.pop();
            other.push('b');
            assert!(
                !hasher.verify(pw(&other), Some(hash)).await.unwrap(),
                "{other}"
            );
        }
    }

    #[tokio::test]
    async fn long_passwords_are_never_truncated() {
        let hasher = BcryptHasher::new(4, 1);
        let hash = hasher
            .hash(Password::parse_new(&"a".repeat(72)).unwrap())
            .await
            .unwrap();
        assert!(
            !hasher
                .verify(pw(&"a".repeat(80)), Some(hash))
                .await
                .unwrap()
        );
    }

    #[tokio::test]
    async fn unknown_user_is_checked_against_a_dummy_of_the_same_cost() {
        let hasher = BcryptHasher::new(5, 1);
        assert!(!hasher.verify(pw("whatever1"), None).await.unwrap());
        assert!(hasher.dummy.get().unwrap().starts_with("$2b$05$"));
    }
}
