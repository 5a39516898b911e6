//! Accounts: who a user is and the rules for the values they sign up with.

mod email;

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
    /// A control character (NUL, a line break, …): stored names are
    /// printable text, the same on every database.
    #[error("control characters are not allowed")]
    ControlCharacter,
}

/// Refuses text holding a control character (`char::is_control`: C0, DEL
/// and C1), which names never need and PostgreSQL cannot store (NUL).
pub(crate) fn printable(text: &str) -> Result<&str, TextError> {
    if text.chars().any(char::is_control) {
        Err(TextError::ControlCharacter)
    } else {
        Ok(text)
    }
}

/// A display name: trimmed, 1 to 100 characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UserName(String);

impl UserName {
    /// Longest accepted name, in characters.
    pub const MAX_CHARS: usize = 100;

    /// Trims `raw` and checks its length and characters.
    pub fn parse(raw: &str) -> Result<Self, TextError> {
        let trimmed = printable(raw)?.trim();
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

/// Why a text is not an acceptable e-mail address: the reason worded as
/// the `email-validator` package words it, which the original API's
/// clients display.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EmailError {
    /// Not an address `email-validator` accepts.
    #[error("{0}")]
    Invalid(String),
}

/// An e-mail address, lowercased. Addresses users type are checked by
/// [`Email::parse_input`]; the longest is 254 bytes.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Email(String);

impl Email {
    /// Longest address accepted, in bytes.
    pub const MAX_BYTES: usize = crate::account::email::MAX_ADDRESS_BYTES;

    /// Checks and normalises an address as a user typed it (sign-up and
    /// login) exactly as the original API did (Pydantic's `EmailStr` with
    /// `email-validator` 2.4): `Name <address>` is unwrapped, surrounding
    /// space trimmed, every `email-validator` rule applied in its order.
    /// The address is then lowercased whole (contract 4.1), where the
    /// original kept the local part's case.
    pub fn parse_input(raw: &str) -> Result<Self, EmailError> {
        crate::account::email::normalize(raw)
            .map(|address| Self(address.to_lowercase()))
            .map_err(EmailError::Invalid)
    }

    /// Reads back an address that was stored after passing
    /// [`Email::parse_input`] (or the rules of an earlier version): only
    /// its shape is checked (one `@` with text on both sides, no spaces or
    /// control characters), so every stored row loads.
    pub fn parse(raw: &str) -> Result<Self, EmailError> {
        let address = raw.trim().to_lowercase();
        let invalid = |reason: &str| Err(EmailError::Invalid(reason.to_owned()));
        match address.split_once('@') {
            None => invalid("An email address must have an @-sign."),
            Some(("", _)) => invalid("There must be something before the @-sign."),
            Some((_, "")) => invalid("There must be something after the @-sign."),
            Some((_, domain)) if domain.contains('@') => {
                invalid("The email address is not valid. It must have exactly one @-sign.")
            }
            Some(_) if address.chars().any(|c| c.is_whitespace() || c.is_control()) => {
                invalid("The email address contains spaces or control characters.")
            }
            Some(_) => Ok(Self(address)),
        }
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
        let email = Email::parse_input("  Alice@Example.COM ").unwrap();
        assert_eq!(email.as_str(), "alice@example.com");
    }

    fn reason(raw: &str) -> String {
        match Email::parse_input(raw) {
            Err(EmailError::Invalid(reason)) => reason,
            Ok(email) => panic!("{raw:?} was accepted as {email:?}"),
        }
    }

    /// Reasons as `bench/pydantic_parity.py email` prints them for Pydantic
    /// 2.14.3 with email-validator 2.4.0.
    #[test]
    fn email_rules_and_their_reasons() {
        let cases = [
            ("x", "An email address must have an @-sign."),
            ("", "An email address must have an @-sign."),
            (" ", "An email address must have an @-sign."),
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
                "a\u{7}b@c.co",
                "The email address contains invalid characters before the @-sign: U+0007.",
            ),
            (
                "a\\b@c.co",
                "The email address contains invalid characters before the @-sign: \"\\\".",
            ),
            (
                "a,b@c.co",
                "The email address contains invalid characters before the @-sign: ','.",
            ),
            (
                "a@c o.co",
                "The part after the @-sign contains invalid characters: SPACE.",
            ),
            (
                "a@b_c.com",
                "The part after the @-sign contains invalid characters: '_'.",
            ),
            (
                "a@b.co\u{0}",
                "The part after the @-sign contains invalid characters: U+0000.",
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
            ("a@b.com-", "An email address cannot end with a hyphen."),
            (
                "a..b@c.co",
                "An email address cannot have two periods in a row.",
            ),
            (
                "a@b..com",
                "An email address cannot have two periods in a row.",
            ),
            (".a@c.co", "An email address cannot start with a period."),
            ("a@c.co.", "An email address cannot end with a period."),
            (
                "a@1.23",
                "The part after the @-sign is not valid. It is not within a valid top-level domain.",
            ),
            (
                "a@b.c1",
                "The part after the @-sign is not valid. It is not within a valid top-level domain.",
            ),
            (
                "a@x.test",
                "The part after the @-sign is a special-use or reserved name that cannot be used with email.",
            ),
            (
                "a@foo.local",
                "The part after the @-sign is a special-use or reserved name that cannot be used with email.",
            ),
            (
                "a@localhost.localhost",
                "The part after the @-sign is a special-use or reserved name that cannot be used with email.",
            ),
            (
                "a@x.arpa",
                "The part after the @-sign is a special-use or reserved name that cannot be used with email.",
            ),
            (
                "a@ab--c.com",
                "An email address cannot have two letters followed by two dashes immediately after the @-sign or after a period, except Punycode.",
            ),
            (
                "a@xn--.com",
                "An email address cannot have a period and a hyphen next to each other.",
            ),
            (
                "a@xn--abc.com",
                "The part after the @-sign is not valid IDNA (Codepoint U+0082 at position 1 of '\\x82\\x81\\x80' not allowed).",
            ),
            (
                "a@xn--zz-zzz.com",
                "The part after the @-sign is not valid IDNA (Codepoint U+298C at position 2 of 'z⦌z' not allowed).",
            ),
            (
                "a@☃.com",
                "The part after the @-sign is invalid (Codepoint U+2603 at position 1 of '☃' not allowed).",
            ),
            (
                "a@[127.0.0.1]",
                "A bracketed IP address after the @-sign is not allowed here.",
            ),
            (
                "a\nb@c.co",
                "Carriage return and line feed characters are not allowed",
            ),
            (
                "a\u{a0}b@c.co",
                "The email address contains unsafe characters: NO-BREAK SPACE.",
            ),
            (
                "a@b.com\u{200b}",
                "The email address contains unsafe characters: ZERO WIDTH SPACE.",
            ),
            (
                "a@b.c\u{ad}",
                "The email address contains unsafe characters: SOFT HYPHEN.",
            ),
            (
                "\u{301}a@b.com",
                "The email address contains unsafe characters: COMBINING ACUTE ACCENT.",
            ),
            (
                "a@b.c\u{2024}d",
                "The part after the @-sign contains invalid characters: '\u{2024}'.",
            ),
            (
                "a＠b.com",
                "The email address has the \"full-width\" at-sign (@) character instead of a regular at-sign.",
            ),
            ("\"\"@b.com", "There must be something before the @-sign."),
            (
                "\"a\"@example.com",
                "Quoting the part before the @-sign is not allowed here.",
            ),
            (
                "\"a\"x@b.com",
                "Extra character(s) found after close quote: 'x'",
            ),
            ("\"a@b.com", "An email address must have an @-sign."),
            ("a\"b@c.co", "An email address must have an @-sign."),
            (
                "a@b.com>",
                "The part after the @-sign contains invalid characters: '>'.",
            ),
            (
                "<a@b.com",
                "An open angle bracket at the start of the email address has to be followed by a close angle bracket at the end.",
            ),
            (
                "Bob <bob@example.com",
                "An open angle bracket at the start of the email address has to be followed by a close angle bracket at the end.",
            ),
            (
                "Bob <bob@example.com> x",
                "There can't be anything after the email address.",
            ),
            (
                "B<o>b <a@b.com>",
                "The display name contains invalid characters when not quoted: '>'.",
            ),
            (
                "Bob, Jr <a@b.com>",
                "The display name contains invalid characters when not quoted: ','.",
            ),
            (
                "Bob (x) <a@b.com>",
                "The display name contains invalid characters when not quoted: '(', ')'.",
            ),
            (
                "Bob <<a@b.com>>",
                "A display name and angle brackets around the email address are not permitted here.",
            ),
            ("Bob <>", "An email address must have an @-sign."),
            ("<>", "An email address must have an @-sign."),
            ("Bob <a>", "An email address must have an @-sign."),
            (
                "a@b.com <c@d.com>",
                "The part after the @-sign contains invalid characters: '<', '>', '@', SPACE.",
            ),
        ];
        for (raw, want) in cases {
            assert_eq!(reason(raw), want, "{raw:?}");
        }
    }

    #[test]
    fn email_parity_rows() {
        // A second @-sign is an invalid character of the domain.
        assert_eq!(
            reason("a@b@example.com"),
            "The part after the @-sign contains invalid characters: '@'."
        );
        // A quoted local part is valid syntax, but not allowed.
        assert_eq!(
            reason("\"a b\"@example.com"),
            "Quoting the part before the @-sign is not allowed here."
        );
        // The 64-character local part limit applies only in strict mode.
        let long_local = format!("{}@example.com", "a".repeat(70));
        assert_eq!(
            Email::parse_input(&long_local).unwrap().as_str(),
            long_local
        );
        // A DNS label has at most 63 characters.
        assert!(Email::parse_input(&format!("a@{}.com", "b".repeat(63))).is_ok());
        assert_eq!(
            reason(&format!("a@{}.com", "b".repeat(64))),
            "After the @-sign, periods cannot be separated by so many characters (1 character too many)."
        );
        // Pydantic unwraps a display name.
        for raw in [
            "Bob <bob@example.com>",
            "\"Bob Smith\" <Bob@Example.COM>",
            "<bob@example.com>",
            "Bob. <bob@example.com>",
            " Bob\tSmith<bob@example.com> ",
            "Bób <bob@example.com>",
        ] {
            assert_eq!(
                Email::parse_input(raw).unwrap().as_str(),
                "bob@example.com",
                "{raw:?}"
            );
        }
    }

    #[test]
    fn email_lengths() {
        // 254 bytes at most, counted on the address as given.
        let at_limit = format!("{}@{}.com", "a".repeat(189), "b".repeat(60));
        assert_eq!(at_limit.len(), 254);
        assert!(Email::parse_input(&at_limit).is_ok());
        assert_eq!(
            reason(&format!("{}@{}.com", "a".repeat(200), "b".repeat(50))),
            "The email address is too long (1 character too many)."
        );
        assert_eq!(
            reason(&format!("{}@example.com", "a".repeat(250))),
            "The email address is too long (8 characters too many)."
        );
        assert_eq!(
            reason(&format!("{}@example.com", "é".repeat(130))),
            "The email address is too long (9-18 characters too many)."
        );
        // Space around an address does not count; a display name neither.
        assert!(Email::parse_input(&format!("a@b.co{}", " ".repeat(300))).is_ok());
        assert!(Email::parse_input(&format!("{} <a@b.co>", "B".repeat(300))).is_ok());
        assert_eq!(
            reason(&"a".repeat(2049)),
            "Length must not exceed 2048 characters"
        );
        assert_eq!(
            reason(&format!("a@{}.com", "é".repeat(70))),
            "The part after the @-sign is invalid (Label too long)."
        );
    }

    #[test]
    fn internationalised_addresses() {
        for (raw, stored) in [
            ("josé@example.com", "josé@example.com"),
            ("☃@example.com", "☃@example.com"),
            ("a@b.cé", "a@b.cé"),
            ("a@CAFÉ.com", "a@café.com"),
            ("a@xn--caf-dma.com", "a@café.com"),
            ("a@ｅｘａｍｐｌｅ.com", "a@example.com"),
            ("a@例え.jp", "a@例え.jp"),
            ("a@b。com", "a@b.com"),
        ] {
            assert_eq!(Email::parse_input(raw).unwrap().as_str(), stored, "{raw:?}");
        }
    }

    #[test]
    fn stored_addresses_are_read_back_by_shape() {
        assert_eq!(
            Email::parse("ann@host.local").unwrap().as_str(),
            "ann@host.local"
        );
        assert!(Email::parse("ann").is_err());
        assert!(Email::parse("a@b@c").is_err());
        assert!(Email::parse("a b@c.co").is_err());
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
