//! The [`Mailer`] port over SMTP, with `lettre` (rustls, no system TLS
//! library). Each message is one blocking SMTP session run on tokio's
//! blocking pool, with a time limit; retrying is the caller's business.

use std::time::Duration;

use async_trait::async_trait;
use lettre::message::{Mailbox, header::ContentType};
use lettre::transport::smtp::SmtpTransport;
use lettre::{Message, Transport};
use mealplan_ports::{Mail, MailError, Mailer};

/// How long one SMTP session may take.
const SMTP_TIMEOUT: Duration = Duration::from_secs(20);

/// Why the mail settings cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum MailSetupError {
    /// `SMTP_URL` is not `smtp://…` or `smtps://…`.
    #[error(
        "SMTP_URL is not usable ({0}); expected smtp://[user:password@]host[:port] or smtps://…"
    )]
    Url(String),
    /// `MAIL_FROM` is not an address.
    #[error("MAIL_FROM is not a mail address: {0}")]
    From(String),
}

/// Sends mail through one SMTP server.
#[derive(Clone)]
pub struct SmtpMailer {
    transport: SmtpTransport,
    from: Mailbox,
}

impl std::fmt::Debug for SmtpMailer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The URL may hold a password: never print the transport.
        f.debug_struct("SmtpMailer")
            .field("from", &self.from.to_string())
            .finish_non_exhaustive()
    }
}

/// `url` as lettre reads it: `smtp://` without a `tls` parameter becomes
/// opportunistic STARTTLS (used when the server offers it); `smtps://` is
/// TLS from the first byte.
fn with_starttls(url: &str) -> String {
    if !url.starts_with("smtp://") || url.contains("tls=") {
        return url.to_owned();
    }
    let sep = if url.contains('?') { '&' } else { '?' };
    format!("{url}{sep}tls=opportunistic")
}

impl SmtpMailer {
    /// A mailer for `url` (`smtp://user:password@host:port`, `smtps://…`)
    /// sending as `from`. Nothing is connected until the first message.
    pub fn new(url: &str, from: &str) -> Result<Self, MailSetupError> {
        let from: Mailbox = from
            .trim()
            .parse()
            .map_err(|e: lettre::address::AddressError| MailSetupError::From(e.to_string()))?;
        let transport = SmtpTransport::from_url(&with_starttls(url.trim()))
            .map_err(|e| MailSetupError::Url(e.to_string()))?
            .timeout(Some(SMTP_TIMEOUT))
            .build();
        Ok(Self { transport, from })
    }
}

#[async_trait]
impl Mailer for SmtpMailer {
    async fn send(&self, mail: Mail) -> Result<(), MailError> {
        let fail = |e: &dyn std::fmt::Display| MailError(e.to_string());
        let to: Mailbox = mail.to.as_str().parse().map_err(|e| fail(&e))?;
        let message = Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(mail.subject)
            .header(ContentType::TEXT_PLAIN)
            .body(mail.body)
            .map_err(|e| fail(&e))?;
        let transport = self.transport.clone();
        tokio::task::spawn_blocking(move || transport.send(&message))
            .await
            .map_err(|e| fail(&e))?
            .map(drop)
            .map_err(|e| fail(&e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_smtp_urls_use_starttls_when_offered() {
        assert_eq!(
            with_starttls("smtp://u:p@mail.example.com:587"),
            "smtp://u:p@mail.example.com:587?tls=opportunistic"
        );
        assert_eq!(
            with_starttls("smtp://h:25?tls=required"),
            "smtp://h:25?tls=required"
        );
        assert_eq!(with_starttls("smtps://h:465"), "smtps://h:465");
    }

    #[test]
    fn bad_settings_are_refused() {
        assert!(matches!(
            SmtpMailer::new("http://h", "a@example.com"),
            Err(MailSetupError::Url(_))
        ));
        assert!(matches!(
            SmtpMailer::new("smtp://h:25", "not an address"),
            Err(MailSetupError::From(_))
        ));
        assert!(SmtpMailer::new("smtps://u:p@h:465", "Mealplan <no-reply@example.com>").is_ok());
    }
}
