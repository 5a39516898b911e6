//! The part after the @-sign: host name rules, UTS-46 mapping, IDNA
//! labels and the bracketed address literals `email-validator` refuses
//! with a reason of their own.

use std::net::Ipv6Addr;

use super::punycode;
use super::unicode::{Category, category, check_unsafe, displayed_set, py_repr};
use super::{check_dot_atom, length_reason, plural};

/// Longest domain, in characters.
const MAX_DOMAIN: usize = 253;
/// Longest DNS label, in octets.
const MAX_LABEL: usize = 63;
/// Domains that can never receive mail (IANA special-use names).
const SPECIAL_USE_DOMAINS: [&str; 6] = ["arpa", "invalid", "local", "localhost", "onion", "test"];

/// A character of a (possibly internationalised) host name.
fn hostname_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '-' || c == '.' || !c.is_ascii()
}

/// An ASCII host name: labels of letters, digits and inner hyphens.
fn ascii_hostname(domain: &str) -> bool {
    domain.split('.').all(|label| {
        !label.is_empty()
            && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
            && !label.starts_with('-')
            && !label.ends_with('-')
    })
}

/// The domain, checked: its ASCII (IDNA) form and its display form.
pub(super) fn validate_domain(domain: &str) -> Result<(String, String), String> {
    let chars = domain.chars().count();
    if chars > MAX_DOMAIN {
        return Err(format!(
            "The email address is too long after the @-sign {}.",
            length_reason(chars, MAX_DOMAIN)
        ));
    }
    let bad = displayed_set(domain.chars().filter(|&c| !hostname_char(c)));
    if !bad.is_empty() {
        return Err(format!(
            "The part after the @-sign contains invalid characters: {bad}."
        ));
    }
    check_unsafe(domain, false)?;
    let bad = displayed_set(domain.chars().filter(|&c| decomposes_to_period(c)));
    if !bad.is_empty() {
        return Err(format!(
            "The part after the @-sign contains invalid characters: {bad}."
        ));
    }
    let mapped: String = domain.chars().flat_map(uts46_map).collect();
    let bad = displayed_set(mapped.chars().filter(|&c| !hostname_char(c)));
    if !bad.is_empty() {
        return Err(format!(
            "The part after the @-sign contains invalid characters after Unicode normalization: {bad}."
        ));
    }
    check_dot_atom(
        &mapped,
        "An email address cannot have a {} immediately after the @-sign.",
        "An email address cannot end with a {}.",
        true,
    )?;
    for label in mapped.split('.') {
        let mut c = label.chars();
        let first_two: String = c.by_ref().take(2).collect();
        let next_two: String = c.take(2).collect();
        if first_two.chars().count() == 2
            && next_two == "--"
            && !first_two.eq_ignore_ascii_case("xn")
        {
            return Err("An email address cannot have two letters followed by two dashes immediately after the @-sign or after a period, except Punycode.".into());
        }
    }
    let ascii = if ascii_hostname(&mapped) {
        mapped.clone()
    } else {
        let labels: Result<Vec<String>, String> = mapped.split('.').map(idna_label).collect();
        let ascii = labels
            .map_err(|e| format!("The part after the @-sign is invalid ({e})."))?
            .join(".");
        if !ascii_hostname(&ascii) {
            return Err("The email address contains invalid characters after the @-sign after IDNA encoding.".into());
        }
        ascii
    };
    if ascii.len() > MAX_DOMAIN {
        let diff = ascii.len() - MAX_DOMAIN;
        return Err(if ascii == domain {
            format!(
                "The email address is too long after the @-sign {}.",
                length_reason(ascii.len(), MAX_DOMAIN)
            )
        } else {
            format!(
                "The email address is too long after the @-sign ({diff} byte{} too many after IDNA encoding).",
                plural(diff)
            )
        });
    }
    if let Some(label) = ascii.split('.').find(|l| l.len() > MAX_LABEL) {
        return Err(format!(
            "After the @-sign, periods cannot be separated by so many characters {}.",
            length_reason(label.len(), MAX_LABEL)
        ));
    }
    if !ascii.contains('.') {
        return Err("The part after the @-sign is not valid. It should have a period.".into());
    }
    if !ascii.ends_with(|c: char| c.is_ascii_alphabetic()) {
        return Err(
            "The part after the @-sign is not valid. It is not within a valid top-level domain."
                .into(),
        );
    }
    if SPECIAL_USE_DOMAINS
        .iter()
        .any(|d| ascii == *d || ascii.ends_with(&format!(".{d}")))
    {
        return Err("The part after the @-sign is a special-use or reserved name that cannot be used with email.".into());
    }
    if !ascii.contains("xn--") {
        return Ok((ascii.clone(), ascii));
    }
    let display: Result<Vec<String>, String> = ascii.split('.').map(decode_label).collect();
    let display = display
        .map_err(|e| format!("The part after the @-sign is not valid IDNA ({e})."))?
        .join(".");
    Ok((ascii, display))
}

/// A bracketed address literal, checked before it is refused anyway.
pub(super) fn check_domain_literal(literal: &str) -> Result<(), String> {
    if !literal.is_empty() && literal.chars().all(|c| c.is_ascii_digit() || c == '.') {
        return ipv4_problem(literal).map_or(Ok(()), |e| {
            Err(format!("The address in brackets after the @-sign is not valid: It is not an IPv4 address ({e}) or is missing an address literal tag."))
        });
    }
    if literal
        .get(..5)
        .is_some_and(|t| t.eq_ignore_ascii_case("ipv6:"))
    {
        let address = &literal[5..];
        if address.contains('%') {
            return Err(
                "The IPv6 address in brackets after the @-sign is not valid (It has a zone index)."
                    .into(),
            );
        }
        return address.parse::<Ipv6Addr>().map(|_| ()).map_err(|_| {
            format!("The IPv6 address in brackets after the @-sign is not valid (Invalid IPv6 address: '{address}').")
        });
    }
    if !literal.contains(':') {
        return Err("The part after the @-sign in brackets is not an IPv4 address and has no address literal tag.".into());
    }
    let bad = displayed_set(
        literal
            .chars()
            .filter(|&c| !('\u{21}'..='\u{fa}').contains(&c)),
    );
    if !bad.is_empty() {
        return Err(format!(
            "The part after the @-sign contains invalid characters in brackets: {bad}."
        ));
    }
    Err("The part after the @-sign contains an invalid address literal tag in brackets.".into())
}

/// Why Python's `ipaddress.IPv4Address` refuses `text`, if it does.
fn ipv4_problem(text: &str) -> Option<String> {
    let octets: Vec<&str> = text.split('.').collect();
    if octets.len() != 4 {
        return Some(format!("Expected 4 octets in '{text}'"));
    }
    octets.iter().find_map(|octet| {
        if octet.is_empty() {
            Some(format!("Empty octet not permitted in '{text}'"))
        } else if octet.len() > 3 {
            Some(format!(
                "At most 3 characters permitted in '{octet}' in '{text}'"
            ))
        } else if octet.len() > 1 && octet.starts_with('0') {
            Some(format!(
                "Leading zeros are not permitted in '{octet}' in '{text}'"
            ))
        } else {
            let n: u32 = octet.parse().unwrap_or(0);
            (n > 255).then(|| format!("Octet {n} (> 255) not permitted in '{text}'"))
        }
    })
}

/// The UTS-46 mapping of one character (case folding and the full-width
/// forms; other mappings are not applied).
fn uts46_map(c: char) -> Vec<char> {
    match c {
        '\u{3002}' | '\u{ff0e}' | '\u{ff61}' => vec!['.'],
        '\u{ff01}'..='\u{ff5e}' => {
            let ascii = char::from_u32(u32::from(c) - 0xff01 + 0x21).unwrap_or(c);
            vec![ascii.to_ascii_lowercase()]
        }
        c => c.to_lowercase().collect(),
    }
}

/// Characters whose decomposition contains a period (`⒈`, `․`, …).
fn decomposes_to_period(c: char) -> bool {
    matches!(u32::from(c), 0x2024..=0x2026 | 0x2488..=0x249b | 0xfe52 | 0x1f100..=0x1f10a)
}

/// IDNA A-label of one (mapped) label.
fn idna_label(label: &str) -> Result<String, String> {
    let ascii = if label.is_ascii() {
        if label.len() > 4 && label[..4].eq_ignore_ascii_case("xn--") {
            decode_label(label)?;
        }
        label.to_owned()
    } else {
        check_idna_codepoints(label)?;
        format!("xn--{}", punycode::encode(label).ok_or("Label too long")?)
    };
    if ascii.len() > MAX_LABEL {
        return Err("Label too long".into());
    }
    Ok(ascii)
}

/// The display form of an ASCII label (`xn--…` labels decoded).
fn decode_label(label: &str) -> Result<String, String> {
    if !(label.len() > 4 && label[..4].eq_ignore_ascii_case("xn--")) {
        return Ok(label.to_owned());
    }
    let decoded = punycode::decode(&label[4..].to_ascii_lowercase())
        .ok_or_else(|| "Invalid A-label".to_owned())?;
    check_idna_codepoints(&decoded)?;
    Ok(decoded)
}

/// IDNA 2008 code point rules, approximated: letters, digits, inner
/// combining marks and the hyphen are allowed.
fn check_idna_codepoints(label: &str) -> Result<(), String> {
    for (i, c) in label.chars().enumerate() {
        if i == 0 && category(c) == Category::Mark {
            return Err("Label begins with an illegal combining character".into());
        }
        let ok =
            c == '-' || category(c) == Category::Mark || (c.is_alphanumeric() && !c.is_uppercase());
        if !ok {
            return Err(format!(
                "Codepoint U+{:04X} at position {} of {} not allowed",
                u32::from(c),
                i + 1,
                py_repr(label)
            ));
        }
    }
    Ok(())
}
