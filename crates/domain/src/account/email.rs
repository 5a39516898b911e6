//! E-mail address syntax exactly as the original API checked it: Pydantic's
//! `EmailStr` (which first unwraps `Display Name <address>`) in front of the
//! `email-validator` package (version 2.4, no DNS checks). The checks run in
//! that package's order, and each refusal carries its reason word for word,
//! because the original's clients show that reason to the user.
//!
//! ASCII addresses are checked exactly. For non-ASCII text some Unicode
//! tables are approximated (general categories, character names, UTS-46
//! mapping, IDNA code point validity; NFC normalisation is not applied), so
//! a rare internationalised address may be refused with different words, or
//! accepted where the original refuses it on IDNA grounds.

mod domain;
mod punycode;
mod unicode;

use domain::{check_domain_literal, validate_domain};
use unicode::{check_unsafe, display, displayed_set};

/// Longest input Pydantic passes to `email-validator`, in characters.
const MAX_INPUT_CHARS: usize = 2048;
/// Longest address, in UTF-8 bytes (RFC 3696 errata 1690).
/// Longest address accepted, in bytes (RFC 5321's path limit less its
/// angle brackets).
pub(crate) const MAX_ADDRESS_BYTES: usize = 254;

/// Checks `value` and returns the normalised address (local part as given,
/// domain lowercased), or the reason it is refused.
pub(crate) fn normalize(value: &str) -> Result<String, String> {
    if value.chars().count() > MAX_INPUT_CHARS {
        return Err(format!(
            "Length must not exceed {MAX_INPUT_CHARS} characters"
        ));
    }
    if value.contains(['\r', '\n']) {
        return Err("Carriage return and line feed characters are not allowed".into());
    }
    let address = unwrap_display_name(value).unwrap_or(value);
    validate(address.trim_matches(py_space))
}

/// Pydantic's "pretty" form `Name <address>` or `"Name" <address>`: the
/// text between the brackets, when the whole value has that form.
fn unwrap_display_name(value: &str) -> Option<&str> {
    let body = value.trim_matches(py_space);
    let inner_end = body.len().checked_sub(1).filter(|_| body.ends_with('>'))?;
    let open = if let Some(rest) = body.strip_prefix('"') {
        // The quoted name ends at the last quote that is followed by
        // optional space and `<` (the regular expression is greedy).
        rest.char_indices()
            .filter(|&(i, c)| c == '"' && i > 0)
            .map(|(i, _)| 1 + i + 1)
            .rev()
            .find_map(|after| {
                let gap = body[after..].len() - body[after..].trim_start_matches(py_space).len();
                let open = after + gap;
                (body[open..].starts_with('<') && open + 1 < inner_end).then_some(open)
            })?
    } else {
        let open = body.find('<')?;
        let name = body[..open].trim_end_matches(py_space);
        let name_ok = name
            .split(py_space)
            .all(|token| token.chars().all(pretty_name_char));
        (name.is_empty() || name_ok).then_some(open)?
    };
    (open + 1 < inner_end).then(|| &body[open + 1..inner_end])
}

/// A character of an unquoted display name in Pydantic's pattern.
fn pretty_name_char(c: char) -> bool {
    c.is_alphanumeric() || "_.!#$%&'*+-/=?^`{|}~".contains(c)
}

/// Whitespace as Python's `str.isspace` sees it.
fn py_space(c: char) -> bool {
    c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c)
}

/// The parts of an address, as `email-validator` splits it.
struct Parts {
    display_name: Option<String>,
    local_as_given: String,
    local: String,
    quoted: bool,
    domain: String,
}

/// `email-validator`'s `validate_email` for one address.
fn validate(email: &str) -> Result<String, String> {
    let parts = split(email)?;
    let local = validate_local(&parts.local, parts.quoted)?;
    if parts.quoted {
        return Err("Quoting the part before the @-sign is not allowed here.".into());
    }
    if parts.domain.is_empty() {
        return Err("There must be something after the @-sign.".into());
    }
    if let Some(literal) = parts
        .domain
        .strip_prefix('[')
        .and_then(|d| d.strip_suffix(']'))
    {
        check_domain_literal(literal)?;
        return Err("A bracketed IP address after the @-sign is not allowed here.".into());
    }
    let (ascii_domain, domain) = validate_domain(&parts.domain)?;
    let normalized = format!("{local}@{domain}");
    check_length(&[
        (format!("{}@{}", parts.local_as_given, parts.domain), None),
        (normalized.clone(), Some("after normalization")),
        (
            format!("{local}@{ascii_domain}"),
            Some("when the part after the @-sign is converted to IDNA ASCII"),
        ),
    ])?;
    if parts.display_name.is_some() {
        return Err(
            "A display name and angle brackets around the email address are not permitted here."
                .into(),
        );
    }
    Ok(normalized)
}

/// Splits at the first unquoted `@` (or `<`, which starts `Name <address>`).
fn split(email: &str) -> Result<Parts, String> {
    let (left, right) = split_at_special(email, &['@', '<'])?;
    let (display_name, local, domain) = if right.starts_with('<') {
        let (name, quoted) = unquote(left.trim_end_matches(py_space))?;
        if !quoted {
            let bad = displayed_set(name.chars().filter(|&c| !(atext(c) || c == ' ')));
            if !bad.is_empty() {
                return Err(format!(
                    "The display name contains invalid characters when not quoted: {bad}."
                ));
            }
        }
        check_unsafe(&name, true)?;
        if !right.contains('>') {
            return Err("An open angle bracket at the start of the email address has to be followed by a close angle bracket at the end.".into());
        }
        let right = right.trim_end_matches(' ');
        let Some(spec) = right.strip_suffix('>') else {
            return Err("There can't be anything after the email address.".into());
        };
        let (local, domain) = split_at_special(&spec[1..], &['@'])?;
        (Some(name), local, domain)
    } else {
        (None, left, right)
    };
    let domain = domain.strip_prefix('@').unwrap_or(domain);
    let (unquoted, quoted) = unquote(local)?;
    Ok(Parts {
        display_name,
        local_as_given: local.to_owned(),
        local: unquoted,
        quoted,
        domain: domain.to_owned(),
    })
}

/// Splits `text` before its first special character outside quotes.
fn split_at_special<'a>(text: &'a str, specials: &[char]) -> Result<(&'a str, &'a str), String> {
    let (mut inside_quote, mut escaped) = (false, false);
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        // `<` followed by U+0338 is the character `≮`, not a bracket.
        if c == '<' && chars.peek().is_some_and(|&(_, n)| n == '\u{338}') {
            continue;
        }
        if inside_quote {
            match c {
                '\\' if !escaped => escaped = true,
                '"' if !escaped => (inside_quote, escaped) = (false, false),
                _ => escaped = false,
            }
        } else if c == '"' {
            inside_quote = true;
        } else if specials.contains(&c) {
            return Ok((&text[..i], &text[i..]));
        }
    }
    Err(if text.contains('＠') {
        "The email address has the \"full-width\" at-sign (@) character instead of a regular at-sign."
    } else if text.contains('﹫') {
        "The email address has the \"small commercial at\" character instead of a regular at-sign."
    } else {
        "An email address must have an @-sign."
    }
    .into())
}

/// Removes surrounding quotes and backslash escapes: the text and whether
/// it was quoted.
fn unquote(text: &str) -> Result<(String, bool), String> {
    let (mut quoted, mut escaped) = (false, false);
    let mut value = String::new();
    let count = text.chars().count();
    for (i, c) in text.chars().enumerate() {
        if quoted {
            if escaped {
                value.push(c);
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                if i != count - 1 {
                    let extra: Vec<String> = text.chars().skip(i + 1).map(display).collect();
                    return Err(format!(
                        "Extra character(s) found after close quote: {}",
                        extra.join(", ")
                    ));
                }
                break;
            } else {
                value.push(c);
            }
        } else if i == 0 && c == '"' {
            quoted = true;
        } else {
            value.push(c);
        }
    }
    Ok((value, quoted))
}

/// RFC 5322 `atext` (ASCII, without the period).
fn atext(c: char) -> bool {
    c.is_ascii_alphanumeric() || "_!#$%&'*+-/=?^`{|}~".contains(c)
}

/// Dot-atom form: atoms of `ok` characters joined by single periods.
fn dot_atom(text: &str, ok: impl Fn(char) -> bool) -> bool {
    text.split('.')
        .all(|atom| !atom.is_empty() && atom.chars().all(&ok))
}

/// The local part, checked.
fn validate_local(local: &str, quoted: bool) -> Result<String, String> {
    if local.is_empty() {
        return Err("There must be something before the @-sign.".into());
    }
    if dot_atom(local, atext) {
        return Ok(local.to_owned());
    }
    if dot_atom(local, |c| atext(c) || !c.is_ascii()) {
        check_unsafe(local, false)?;
        return Ok(local.to_owned());
    }
    if quoted {
        let bad = displayed_set(
            local
                .chars()
                .filter(|&c| c.is_ascii() && !(' '..='~').contains(&c)),
        );
        if !bad.is_empty() {
            return Err(format!(
                "The email address contains invalid characters in quotes before the @-sign: {bad}."
            ));
        }
        check_unsafe(local, true)?;
        return Ok(local.to_owned());
    }
    let bad = displayed_set(
        local
            .chars()
            .filter(|&c| !(atext(c) || c == '.' || !c.is_ascii())),
    );
    if !bad.is_empty() {
        return Err(format!(
            "The email address contains invalid characters before the @-sign: {bad}."
        ));
    }
    check_dot_atom(
        local,
        "An email address cannot start with a {}.",
        "An email address cannot have a {} immediately before the @-sign.",
        false,
    )?;
    Err("The email address contains invalid characters before the @-sign.".into())
}

/// Period (and, for host names, hyphen) placement rules.
fn check_dot_atom(label: &str, start: &str, end: &str, hostname: bool) -> Result<(), String> {
    let fail = |template: &str, what: &str| Err(template.replace("{}", what));
    if label.ends_with('.') {
        return fail(end, "period");
    }
    if label.starts_with('.') {
        return fail(start, "period");
    }
    if label.contains("..") {
        return Err("An email address cannot have two periods in a row.".into());
    }
    if hostname {
        if label.ends_with('-') {
            return fail(end, "hyphen");
        }
        if label.starts_with('-') {
            return fail(start, "hyphen");
        }
        if label.contains(".-") || label.contains("-.") {
            return Err(
                "An email address cannot have a period and a hyphen next to each other.".into(),
            );
        }
    }
    Ok(())
}

/// The three length checks of the whole address, in UTF-8 bytes.
fn check_length(addresses: &[(String, Option<&str>)]) -> Result<(), String> {
    for (address, why) in addresses {
        let bytes = address.len();
        if bytes <= MAX_ADDRESS_BYTES {
            continue;
        }
        let diff = bytes - MAX_ADDRESS_BYTES;
        let chars = address.chars().count();
        let reason = match why {
            None if chars == bytes => length_reason(chars, MAX_ADDRESS_BYTES),
            None => {
                let widest = address.chars().map(char::len_utf8).max().unwrap_or(1);
                let fewest = (diff / widest).max(1);
                if fewest == diff {
                    format!("({diff} character{} too many)", plural(diff))
                } else {
                    format!("({fewest}-{diff} character{} too many)", plural(diff))
                }
            }
            Some(why) => format!("{why} ({diff} byte{} too many)", plural(diff)),
        };
        return Err(format!("The email address is too long {reason}."));
    }
    Ok(())
}

/// `(N character(s) too many)`.
fn length_reason(len: usize, limit: usize) -> String {
    let diff = len - limit;
    format!("({diff} character{} too many)", plural(diff))
}

fn plural(n: usize) -> &'static str {
    if n > 1 { "s" } else { "" }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn punycode_round_trips() {
        assert_eq!(punycode::encode("café").as_deref(), Some("caf-dma"));
        assert_eq!(punycode::decode("caf-dma").as_deref(), Some("café"));
        assert_eq!(punycode::encode("例え").as_deref(), Some("r8jz45g"));
        assert_eq!(punycode::decode("r8jz45g").as_deref(), Some("例え"));
    }

    #[test]
    fn display_names_are_unwrapped_as_pydantic_does() {
        assert_eq!(
            unwrap_display_name("Bob <bob@example.com>"),
            Some("bob@example.com")
        );
        assert_eq!(unwrap_display_name(" Bob  Smith<a@b.co> "), Some("a@b.co"));
        assert_eq!(unwrap_display_name("\"B <o>\" <a@b.co>"), Some("a@b.co"));
        assert_eq!(unwrap_display_name("<a@b.co>"), Some("a@b.co"));
        assert_eq!(unwrap_display_name("Bob <<a@b.co>>"), Some("<a@b.co>"));
        assert_eq!(unwrap_display_name("Bob <a@b.co> x"), None);
        assert_eq!(unwrap_display_name("Bob, Jr <a@b.co>"), None);
        assert_eq!(unwrap_display_name("<>"), None);
        assert_eq!(unwrap_display_name("a@b.co"), None);
    }
}
