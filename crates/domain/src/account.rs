//! Accounts: who a user is and the rules for the values they sign up with.

use std::fmt;

/// Identifier of a stored user; the `sub` claim of their tokens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct UserId(pub i64);

impl fmt::Display for UserId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// A registered user as the rest of the system sees them (no password hash).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct User {
    /// Stable identifier.
    pub id: UserId,
    /// Display name, trimmed.
    pub name: UserName,
    /// Login e-mail, trimmed and lowercased.
    pub email: Email,
}

/// A length rule broken by a piece of text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TextError {
    /// Fewer characters than allowed.
    #[error("at least {min} characters required")]
    TooShort {
        /// Minimum number of characters.
        min: usize,
    },
    /// More characters than allowed.
    #[error("at most {max} characters allowed")]
    TooLong {
        /// Maximum number of characters.
        max: usize,
    },
    /// More UTF-8 bytes than allowed (bcrypt reads at most 72 bytes).
    #[error("at most {max} bytes allowed")]
    TooManyBytes {
        /// Maximum number of bytes.
        max: usize,
    },
}

/// A display name: trimmed, 1 to 100 characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UserName(String);

impl UserName {
    /// Longest accepted name, in characters.
    pub const MAX_CHARS: usize = 100;

    /// Trims `raw` and checks its length.
    pub fn parse(raw: &str) -> Result<Self, TextError> {
        let trimmed = raw.trim();
        let chars = trimmed.chars().count();
        if chars == 0 {
            return Err(TextError::TooShort { min: 1 });
        }
        if chars > Self::MAX_CHARS {
            return Err(TextError::TooLong {
                max: Self::MAX_CHARS,
            });
        }
        Ok(Self(trimmed.to_owned()))
    }

    /// The name as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Why a text is not an acceptable e-mail address.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EmailError {
    /// Longer than [`Email::MAX_CHARS`].
    #[error("at most {max} characters allowed")]
    TooLong {
        /// Maximum number of characters.
        max: usize,
    },
    /// Not of e-mail form; the reason is worded as the `email-validator`
    /// package words it, which the original API's clients display.
    #[error("{0}")]
    Invalid(String),
}

/// An e-mail address: trimmed, lowercased, one `@`, a dotted domain, no
/// spaces or control characters, at most 255 characters.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Email(String);

impl Email {
    /// Longest accepted address, in characters (before trimming).
    pub const MAX_CHARS: usize = 255;
    const MAX_LOCAL: usize = 64;

    /// Checks and normalises `raw`.
    pub fn parse(raw: &str) -> Result<Self, EmailError> {
        if raw.chars().count() > Self::MAX_CHARS {
            return Err(EmailError::TooLong {
                max: Self::MAX_CHARS,
            });
        }
        let address = raw.trim().to_lowercase();
        let invalid = |reason: &str| Err(EmailError::Invalid(reason.to_owned()));
        // Checks in the order the `email-validator` package makes them.
        let mut parts = address.split('@');
        let (Some(local), Some(domain), None) = (parts.next(), parts.next(), parts.next()) else {
            return if address.contains('@') {
                invalid("The email address is not valid. It must have exactly one @-sign.")
            } else {
                invalid("An email address must have an @-sign.")
            };
        };
        if local.is_empty() {
            return invalid("There must be something before the @-sign.");
        }
        if domain.is_empty() {
            return invalid("There must be something after the @-sign.");
        }
        let local_len = local.chars().count();
        if local_len > Self::MAX_LOCAL {
            return Err(EmailError::Invalid(format!(
                "The email address is too long before the @-sign ({} character{} too many).",
                local_len - Self::MAX_LOCAL,
                if local_len - Self::MAX_LOCAL > 1 {
                    "s"
                } else {
                    ""
                }
            )));
        }
        let bad_local = Self::bad_chars(local, Self::local_char_ok);
        if !bad_local.is_empty() {
            return Err(EmailError::Invalid(format!(
                "The email address contains invalid characters before the @-sign: {bad_local}."
            )));
        }
        if local.ends_with('.') {
            return invalid("An email address cannot have a period immediately before the @-sign.");
        }
        if local.starts_with('.') {
            return invalid("An email address cannot start with a period.");
        }
        if local.contains("..") {
            return invalid("An email address cannot have two periods in a row.");
        }
        let bad_domain = Self::bad_chars(domain, Self::domain_char_ok);
        if !bad_domain.is_empty() {
            return Err(EmailError::Invalid(format!(
                "The part after the @-sign contains invalid characters: {bad_domain}."
            )));
        }
        if domain.ends_with('.') {
            return invalid("An email address cannot end with a period.");
        }
        if domain.starts_with('.') {
            return invalid("An email address cannot have a period immediately after the @-sign.");
        }
        if domain.contains("..") {
            return invalid("An email address cannot have two periods in a row.");
        }
        if domain.ends_with('-') {
            return invalid("An email address cannot end with a hyphen.");
        }
        if domain.starts_with('-') {
            return invalid("An email address cannot have a hyphen immediately after the @-sign.");
        }
        if domain.contains(".-") || domain.contains("-.") {
            return invalid(
                "An email address cannot have a period and a hyphen next to each other.",
            );
        }
        if !domain.contains('.') {
            return invalid("The part after the @-sign is not valid. It should have a period.");
        }
        let tld = domain.rsplit('.').next().unwrap_or_default();
        if tld.chars().all(|c| c.is_ascii_digit()) {
            return invalid(
                "The part after the @-sign is not valid. It is not within a valid top-level domain.",
            );
        }
        Ok(Self(address))
    }

    /// The characters `ok` refuses, shown as `email-validator` shows them
    /// (Python's `repr` for visible ones, the Unicode name or `U+XXXX` for
    /// the rest), de-duplicated and sorted by that display.
    fn bad_chars(part: &str, ok: fn(char) -> bool) -> String {
        let mut bad: Vec<String> = part
            .chars()
            .filter(|&c| !ok(c))
            .map(Self::display)
            .collect();
        bad.sort_unstable();
        bad.dedup();
        bad.join(", ")
    }

    fn display(c: char) -> String {
        match c {
            '\\' => "\"\\\"".to_owned(),
            '\'' => "\"'\"".to_owned(),
            ' ' => "SPACE".to_owned(),
            '\u{a0}' => "NO-BREAK SPACE".to_owned(),
            c if c.is_control() || c.is_whitespace() => format!("U+{:04X}", u32::from(c)),
            c => format!("'{c}'"),
        }
    }

    fn local_char_ok(c: char) -> bool {
        c.is_ascii_alphanumeric()
            || "!#$%&'*+-/=?^_`{|}~.".contains(c)
            || (!c.is_ascii() && c.is_alphanumeric())
    }

    fn domain_char_ok(c: char) -> bool {
        c.is_ascii_alphanumeric() || c == '-' || c == '.' || (!c.is_ascii() && c.is_alphanumeric())
    }

    /// The normalised address.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A password as typed by its owner. Kept only long enough to hash or verify.
#[derive(Clone, PartialEq, Eq)]
pub struct Password(String);

impl fmt::Debug for Password {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Password(***)")
    }
}

impl Password {
    /// Fewest characters a password may have.
    pub const MIN_CHARS: usize = 8;
    /// Most bytes bcrypt reads; a longer password would be silently cut.
    pub const MAX_BYTES: usize = 72;

    /// A password offered at login: at least 8 characters. Longer than 72
    /// bytes is allowed here and simply never matches.
    pub fn parse_for_login(raw: &str) -> Result<Self, TextError> {
        if raw.chars().count() < Self::MIN_CHARS {
            return Err(TextError::TooShort {
                min: Self::MIN_CHARS,
            });
        }
        Ok(Self(raw.to_owned()))
    }

    /// A password chosen at sign-up: 8 characters to 72 bytes, so that
    /// bcrypt never truncates it.
    pub fn parse_new(raw: &str) -> Result<Self, TextError> {
        let password = Self::parse_for_login(raw)?;
        if raw.len() > Self::MAX_BYTES {
            return Err(TextError::TooManyBytes {
                max: Self::MAX_BYTES,
            });
        }
        Ok(password)
    }

    /// The secret itself, for the hasher.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn email_is_trimmed_and_lowercased() {
        let email = Email::parse("  Alice@Example.COM ").unwrap();
        assert_eq!(email.as_str(), "alice@example.com");
    }

    #[test]
    fn email_rules_and_their_reasons() {
        let cases = [
            ("x", "An email address must have an @-sign."),
            (
                "a@b",
                "The part after the @-sign is not valid. It should have a period.",
            ),
            ("@b.co", "There must be something before the @-sign."),
            ("a@", "There must be something after the @-sign."),
            (
                "a b@c.co",
                "The email address contains invalid characters before the @-sign: SPACE.",
            ),
            (
                "a(b)\t@c.co",
                "The email address contains invalid characters before the @-sign: '(', ')', U+0009.",
            ),
            (
                "a@b@c.co",
                "The email address is not valid. It must have exactly one @-sign.",
            ),
            (
                "a@c o.co",
                "The part after the @-sign contains invalid characters: SPACE.",
            ),
            (
                "a.@c.co",
                "An email address cannot have a period immediately before the @-sign.",
            ),
            (
                "a@-c.co",
                "An email address cannot have a hyphen immediately after the @-sign.",
            ),
            (
                "a@c-.co",
                "An email address cannot have a period and a hyphen next to each other.",
            ),
            (
                "a..b@c.co",
                "An email address cannot have two periods in a row.",
            ),
            (".a@c.co", "An email address cannot start with a period."),
            ("a@c.co.", "An email address cannot end with a period."),
            (
                "a@1.23",
                "The part after the @-sign is not valid. It is not within a valid top-level domain.",
            ),
        ];
        for (raw, reason) in cases {
            assert_eq!(
                Email::parse(raw),
                Err(EmailError::Invalid(reason.to_owned())),
                "{raw}"
            );
        }
    }

    #[test]
    fn email_length_limit_counts_characters() {
        let ok = format!("{}@example.com", "a".repeat(60));
        assert!(Email::parse(&ok).is_ok());
        let long = format!("a@{}.com", "b".repeat(252));
        assert_eq!(Email::parse(&long), Err(EmailError::TooLong { max: 255 }));
        let local = format!("{}@example.com", "a".repeat(65));
        assert!(
            matches!(Email::parse(&local), Err(EmailError::Invalid(r)) if r.contains("(1 character too many)"))
        );
    }

    #[test]
    fn control_characters_are_refused() {
        assert!(Email::parse("a\u{7}b@c.co").is_err());
    }

    #[test]
    fn name_is_trimmed_and_bounded() {
        assert_eq!(UserName::parse("  Ann ").unwrap().as_str(), "Ann");
        assert_eq!(UserName::parse("   "), Err(TextError::TooShort { min: 1 }));
        assert!(UserName::parse(&"é".repeat(100)).is_ok());
        assert_eq!(
            UserName::parse(&"é".repeat(101)),
            Err(TextError::TooLong { max: 100 })
        );
    }

    #[test]
    fn new_password_is_8_chars_to_72_bytes() {
        assert_eq!(
            Password::parse_new("1234567"),
            Err(TextError::TooShort { min: 8 })
        );
        assert!(Password::parse_new(&"a".repeat(72)).is_ok());
        assert_eq!(
            Password::parse_new(&"a".repeat(73)),
            Err(TextError::TooManyBytes { max: 72 })
        );
        // 36 two-byte characters are 72 bytes; 37 are too many.
        assert!(Password::parse_new(&"é".repeat(36)).is_ok());
        assert!(Password::parse_new(&"é".repeat(37)).is_err());
    }

    #[test]
    fn login_password_has_no_upper_bound() {
        assert!(Password::parse_for_login(&"a".repeat(80)).is_ok());
        assert!(Password::parse_for_login("short").is_err());
    }

    #[test]
    fn password_debug_hides_the_secret() {
        let p = Password::parse_new("hunter2hunter2").unwrap();
        assert!(!format!("{p:?}").contains("hunter2"));
    }
}
