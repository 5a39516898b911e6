//! Password reset: a one-time link sent by e-mail (or handed out by the
//! operator) that lets a person who forgot their password choose a new
//! one, without telling anyone else which addresses have accounts.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use chrono::{DateTime, Utc};
use mealplan_domain::{Email, Password, User};
use mealplan_ports::{
    Clock, IssuedReset, Mail, Mailer, PasswordHasher, PasswordResetStore, StoreError, TokenService,
};

use crate::accounts::{AccountError, Session};

/// Default waits before each new try of a failed mail: four tries over
/// about a minute and a half.
pub const DEFAULT_RETRY_DELAYS: [Duration; 3] = [
    Duration::from_secs(10),
    Duration::from_secs(30),
    Duration::from_secs(60),
];

/// How reset links are made and sent.
#[derive(Debug, Clone)]
pub struct ResetSettings {
    /// How long a link works.
    pub ttl: chrono::Duration,
    /// Where the service is reached (`https://meals.example.com`); the link
    /// is `{base}/reset-password?token=…`. Empty: the link is a path.
    pub link_base: String,
    /// Waits before each new try of a failed send; their number is the
    /// number of retries.
    pub retry_delays: Vec<Duration>,
}

impl Default for ResetSettings {
    fn default() -> Self {
        Self {
            ttl: chrono::Duration::minutes(30),
            link_base: String::new(),
            retry_delays: DEFAULT_RETRY_DELAYS.to_vec(),
        }
    }
}

/// Making reset links: mailed to whoever asks for one (when the address
/// has an account), or handed to the operator.
#[derive(Clone)]
pub struct ResetLinks {
    store: Arc<dyn PasswordResetStore>,
    clock: Arc<dyn Clock>,
    mailer: Option<Arc<dyn Mailer>>,
    settings: Arc<ResetSettings>,
    warned: Arc<AtomicBool>,
}

impl ResetLinks {
    /// Wires the service to its ports; without a mailer, requests are
    /// answered but no mail goes out (see [`Self::with_mailer`]).
    pub fn new(
        store: Arc<dyn PasswordResetStore>,
        clock: Arc<dyn Clock>,
        settings: ResetSettings,
    ) -> Self {
        Self {
            store,
            clock,
            mailer: None,
            settings: Arc::new(settings),
            warned: Arc::default(),
        }
    }

    /// Sends reset links through `mailer`.
    pub fn with_mailer(mut self, mailer: Arc<dyn Mailer>) -> Self {
        self.mailer = Some(mailer);
        self
    }

    fn link(&self, token: &str) -> String {
        format!(
            "{}/reset-password?token={token}",
            self.settings.link_base.trim_end_matches('/')
        )
    }

    async fn issue(&self, email: &Email) -> Result<Option<IssuedReset>, StoreError> {
        let expires_at = self.clock.now() + self.settings.ttl;
        self.store.issue(email, expires_at).await
    }

    /// Asks for a reset link for `email`, and returns at once: nothing
    /// that depends on whether the address has an account is done before
    /// the caller answers. In the background the link is issued (the
    /// account's earlier one replaced; nothing stored for an unknown
    /// address) and, for an account, mailed; each is tried again after
    /// each of the retry delays while it fails (failures logged at WARN).
    /// So the caller never waits on the database's commit or the mail
    /// server, and its answer (content and time) never tells whether the
    /// address has an account. Without a mailer nothing is issued: a link
    /// nobody receives would only replace one the operator handed out.
    pub fn request(&self, email: &Email) {
        let Some(mailer) = self.mailer.clone() else {
            if !self.warned.swap(true, Ordering::Relaxed) {
                tracing::warn!(
                    "a password reset was asked for, but mail is not configured (SMTP_URL): \
                     no link is sent; `mealplan reset-link EMAIL` makes one"
                );
            }
            return;
        };
        tokio::spawn(self.clone().issue_and_mail(email.clone(), mailer));
    }

    /// Issues a link for `email` and, when it has an account, mails it
    /// (each retried after the retry delays).
    async fn issue_and_mail(self, email: Email, mailer: Arc<dyn Mailer>) {
        let mut waits = self.settings.retry_delays.clone().into_iter();
        let issued = loop {
            match self.issue(&email).await {
                Ok(issued) => break issued,
                Err(e) => match waits.next() {
                    Some(wait) => {
                        tracing::warn!(error = %e, retry_in_ms = wait.as_millis() as u64,
                            "password reset link not issued; will try again");
                        tokio::time::sleep(wait).await;
                    }
                    None => {
                        tracing::warn!(error = %e, "password reset link not issued; giving up");
                        return;
                    }
                },
            }
        };
        if let Some(issued) = issued {
            let mail = self.message(&issued.user, &issued.token, self.clock.now());
            deliver(mailer, mail, self.settings.retry_delays.clone()).await;
        }
    }

    /// A one-time link for `email`'s account, for the operator to hand out;
    /// `None` when no account has that e-mail. It replaces any earlier link.
    pub async fn link_for(&self, email: &Email) -> Result<Option<String>, StoreError> {
        Ok(self
            .issue(email)
            .await?
            .map(|issued| self.link(&issued.token)))
    }

    /// The mail carrying `token` to `user`.
    fn message(&self, user: &User, token: &str, now: DateTime<Utc>) -> Mail {
        let minutes = self.settings.ttl.num_minutes();
        let until = (now + self.settings.ttl).format("%H:%M UTC on %-d %B %Y");
        Mail {
            to: user.email.clone(),
            subject: "Reset your mealplan password".to_owned(),
            body: format!(
                "Hello {name},\n\n\
                 Someone, probably you, asked to reset the password of your mealplan\n\
                 account. To choose a new password, open this link:\n\n\
                 {link}\n\n\
                 The link is valid for {minutes} minutes (until {until})\n\
                 and works once. Choosing a new password logs you out everywhere else.\n\n\
                 If you did not ask for this, ignore this message: your password stays\n\
                 as it is.\n",
                name = user.name.as_str(),
                link = self.link(token),
            ),
        }
    }
}

/// The password reset use cases: links, and setting a new password with
/// one.
#[derive(Clone)]
pub struct PasswordResets {
    links: ResetLinks,
    hasher: Arc<dyn PasswordHasher>,
    tokens: Arc<dyn TokenService>,
}

impl PasswordResets {
    /// Wires the service: `links` makes and sends the links.
    pub fn new(
        links: ResetLinks,
        hasher: Arc<dyn PasswordHasher>,
        tokens: Arc<dyn TokenService>,
    ) -> Self {
        Self {
            links,
            hasher,
            tokens,
        }
    }

    /// Asks for a reset link by e-mail; see [`ResetLinks::request`].
    pub fn request(&self, email: &Email) {
        self.links.request(email);
    }

    /// Sets a new password with a reset token: the token is used up, every
    /// token issued before stops working, and the answer is a new session.
    /// An unknown, used, replaced or expired token changes nothing
    /// ([`AccountError::InvalidResetToken`]).
    pub async fn confirm(&self, token: &str, new: Password) -> Result<Session, AccountError> {
        let store = &self.links.store;
        let now = self.links.clock.now();
        // Cheap look first, so a wrong token costs no bcrypt round.
        if !store.check(token.to_owned(), now).await? {
            return Err(AccountError::InvalidResetToken);
        }
        let hash = self.hasher.hash(new).await?;
        let (user, stamp) = store
            .redeem(token.to_owned(), now, hash)
            .await?
            .ok_or(AccountError::InvalidResetToken)?;
        let access_token = self.tokens.issue(user.id, &stamp)?;
        Ok(Session { access_token, user })
    }
}

/// Sends `mail`, trying again after each of `delays` while it fails.
async fn deliver(mailer: Arc<dyn Mailer>, mail: Mail, delays: Vec<Duration>) {
    let mut waits = delays.into_iter();
    let mut tries = 1;
    loop {
        match mailer.send(mail.clone()).await {
            Ok(()) => {
                if tries > 1 {
                    tracing::info!(tries, "password reset mail sent after retrying");
                }
                return;
            }
            Err(e) => match waits.next() {
                Some(wait) => {
                    tracing::warn!(error = %e, tries, retry_in_ms = wait.as_millis() as u64,
                        "password reset mail not sent; will try again");
                    tokio::time::sleep(wait).await;
                    tries += 1;
                }
                None => {
                    tracing::warn!(error = %e, tries, "password reset mail not sent; giving up");
                    return;
                }
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;
    use mealplan_domain::{UserId, UserName};
    use mealplan_ports::{
        MailError, MockClock, MockMailer, MockPasswordHasher, MockPasswordResetStore,
        MockTokenService,
    };
    use std::sync::Mutex;

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 1, 2, 3, 4, 5).unwrap()
    }

    fn user() -> User {
        User {
            id: UserId(7),
            name: UserName::parse("Ann").unwrap(),
            email: Email::parse("ann@example.com").unwrap(),
        }
    }

    fn clock() -> Arc<MockClock> {
        let mut clock = MockClock::new();
        clock.expect_now().returning(now);
        Arc::new(clock)
    }

    fn settings() -> ResetSettings {
        ResetSettings {
            ttl: chrono::Duration::minutes(30),
            link_base: "https://meals.example.com/".into(),
            retry_delays: vec![Duration::from_millis(1); 3],
        }
    }

    fn links(store: MockPasswordResetStore) -> ResetLinks {
        ResetLinks::new(Arc::new(store), clock(), settings())
    }

    fn service(store: MockPasswordResetStore, hasher: MockPasswordHasher) -> PasswordResets {
        let mut tokens = MockTokenService::new();
        tokens
            .expect_issue()
            .withf(|id, stamp| *id == UserId(7) && stamp == "S2")
            .returning(|_, _| Ok("JWT".into()));
        PasswordResets::new(links(store), Arc::new(hasher), Arc::new(tokens))
    }

    /// What happened, in order: the caller's answer, the port calls, the
    /// mail.
    type Log = Arc<Mutex<Vec<&'static str>>>;

    /// A store whose one `issue` is logged, for an address `known` or not,
    /// failing first `failures` times.
    fn logged_issuing(known: bool, failures: usize, log: Log) -> MockPasswordResetStore {
        let mut store = MockPasswordResetStore::new();
        let mut left = failures;
        store
            .expect_issue()
            .withf(|_, expires| *expires == now() + chrono::Duration::minutes(30))
            .returning(move |_, _| {
                log.lock().unwrap().push("issue");
                if left > 0 {
                    left -= 1;
                    return Err(StoreError::Unavailable("failing over".into()));
                }
                Ok(known.then(|| IssuedReset {
                    user: user(),
                    token: "TOKEN".into(),
                }))
            });
        store
    }

    /// A mailer that fails `failures` times, then logs and keeps what it
    /// sends.
    fn logged_mailer(failures: usize, log: Log, sent: Arc<Mutex<Vec<Mail>>>) -> MockMailer {
        let mut mailer = MockMailer::new();
        let mut left = failures;
        mailer.expect_send().returning(move |mail| {
            if left > 0 {
                left -= 1;
                return Err(MailError("refused".into()));
            }
            log.lock().unwrap().push("mail");
            sent.lock().unwrap().push(mail);
            Ok(())
        });
        mailer
    }

    async fn settle() {
        for _ in 0..50 {
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
    }

    #[tokio::test]
    async fn the_answer_comes_before_anything_that_depends_on_the_account() {
        for known in [true, false] {
            let log: Log = Arc::default();
            let sent = Arc::new(Mutex::new(Vec::new()));
            let resets = links(logged_issuing(known, 0, log.clone()))
                .with_mailer(Arc::new(logged_mailer(0, log.clone(), sent.clone())));
            // The request returns without a port call, known or not.
            resets.request(&user().email);
            log.lock().unwrap().push("answer");
            settle().await;
            let expected: &[&str] = if known {
                &["answer", "issue", "mail"]
            } else {
                &["answer", "issue"]
            };
            assert_eq!(*log.lock().unwrap(), expected, "known: {known}");
            assert_eq!(sent.lock().unwrap().len(), usize::from(known));
        }
    }

    #[tokio::test]
    async fn a_known_address_gets_a_link_after_failed_tries() {
        let log: Log = Arc::default();
        let sent = Arc::new(Mutex::new(Vec::new()));
        // The database fails over once, the mail server refuses twice.
        let resets = links(logged_issuing(true, 1, log.clone()))
            .with_mailer(Arc::new(logged_mailer(2, log.clone(), sent.clone())));
        resets.request(&user().email);
        settle().await;
        assert_eq!(*log.lock().unwrap(), ["issue", "issue", "mail"]);
        let sent = sent.lock().unwrap();
        assert_eq!(sent.len(), 1);
        assert_eq!(sent[0].to, user().email);
        assert!(
            sent[0]
                .body
                .contains("https://meals.example.com/reset-password?token=TOKEN\n"),
            "{}",
            sent[0].body
        );
        assert!(
            sent[0]
                .body
                .contains("valid for 30 minutes (until 03:34 UTC on 2 January 2026)")
        );
    }

    #[tokio::test]
    async fn an_unknown_address_gets_no_mail() {
        let mut mailer = MockMailer::new();
        mailer.expect_send().never();
        let log: Log = Arc::default();
        let resets = links(logged_issuing(false, 0, log.clone())).with_mailer(Arc::new(mailer));
        resets.request(&Email::parse("nobody@example.com").unwrap());
        settle().await;
        assert_eq!(*log.lock().unwrap(), ["issue"]);
    }

    #[tokio::test]
    async fn a_link_or_mail_that_keeps_failing_is_given_up_after_the_retries() {
        for (issue_failures, mail_failures) in [(0, 4), (4, 0)] {
            let log: Log = Arc::default();
            let sent = Arc::new(Mutex::new(Vec::new()));
            let resets = links(logged_issuing(true, issue_failures, log.clone())).with_mailer(
                Arc::new(logged_mailer(mail_failures, log.clone(), sent.clone())),
            );
            resets.request(&user().email);
            settle().await;
            assert!(sent.lock().unwrap().is_empty());
            // The first try and three retries.
            let issued = log
                .lock()
                .unwrap()
                .iter()
                .filter(|e| **e == "issue")
                .count();
            assert_eq!(issued, if issue_failures > 0 { 4 } else { 1 });
        }
    }

    #[tokio::test]
    async fn without_a_mailer_nothing_is_issued_and_links_are_made_for_the_operator() {
        let mut store = MockPasswordResetStore::new();
        store.expect_issue().never();
        service(store, MockPasswordHasher::new()).request(&user().email);
        settle().await;
        let mut store = MockPasswordResetStore::new();
        store.expect_issue().times(1).returning(|_, _| {
            Ok(Some(IssuedReset {
                user: user(),
                token: "TOKEN".into(),
            }))
        });
        assert_eq!(
            links(store)
                .link_for(&user().email)
                .await
                .unwrap()
                .as_deref(),
            Some("https://meals.example.com/reset-password?token=TOKEN")
        );
    }

    #[tokio::test]
    async fn a_valid_token_sets_the_password_and_logs_in_with_the_new_stamp() {
        let mut store = MockPasswordResetStore::new();
        store
            .expect_check()
            .withf(|t, at| t == "T" && *at == now())
            .returning(|_, _| Ok(true));
        store
            .expect_redeem()
            .withf(|t, at, hash| t == "T" && *at == now() && hash == "NEWHASH")
            .times(1)
            .returning(|_, _, _| Ok(Some((user(), "S2".into()))));
        let mut hasher = MockPasswordHasher::new();
        hasher.expect_hash().returning(|_| Ok("NEWHASH".into()));
        let session = service(store, hasher)
            .confirm("T", Password::parse_new("a new secret").unwrap())
            .await
            .unwrap();
        assert_eq!(
            (session.access_token.as_str(), session.user),
            ("JWT", user())
        );
    }

    #[tokio::test]
    async fn a_bad_token_costs_no_hashing_and_changes_nothing() {
        let mut store = MockPasswordResetStore::new();
        store.expect_check().returning(|_, _| Ok(false));
        store.expect_redeem().never();
        let hasher = MockPasswordHasher::new(); // any call would panic
        let result = service(store, hasher)
            .confirm("T", Password::parse_new("a new secret").unwrap())
            .await;
        assert!(matches!(result, Err(AccountError::InvalidResetToken)));
    }

    #[tokio::test]
    async fn a_token_used_in_between_is_refused() {
        let mut store = MockPasswordResetStore::new();
        store.expect_check().returning(|_, _| Ok(true));
        store.expect_redeem().returning(|_, _, _| Ok(None));
        let mut hasher = MockPasswordHasher::new();
        hasher.expect_hash().returning(|_| Ok("H".into()));
        let result = service(store, hasher)
            .confirm("T", Password::parse_new("a new secret").unwrap())
            .await;
        assert!(matches!(result, Err(AccountError::InvalidResetToken)));
    }
}
