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

use std::collections::BTreeSet;
use std::net::Ipv6Addr;

/// Longest input Pydantic passes to `email-validator`, in characters.
const MAX_INPUT_CHARS: usize = 2048;
/// Longest address, in UTF-8 bytes (RFC 3696 errata 1690).
/// Longest address accepted, in bytes (RFC 5321's path limit less its
/// angle brackets).
pub(crate) const MAX_ADDRESS_BYTES: usize = 254;
/// Longest domain, in characters.
const MAX_DOMAIN: usize = 253;
/// Longest DNS label, in octets.
const MAX_LABEL: usize = 63;
/// Domains that can never receive mail (IANA special-use names).
const SPECIAL_USE_DOMAINS: [&str; 6] = ["arpa", "invalid", "local", "localhost", "onion", "test"];

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
fn validate_domain(domain: &str) -> Result<(String, String), String> {
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
fn check_domain_literal(literal: &str) -> Result<(), String> {
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

/// Unicode general category, coarsely: what `email-validator` tells apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Category {
    /// Letters, numbers, punctuation, symbols.
    Visible,
    /// Combining marks.
    Mark,
    /// Space separators (Zs).
    Space,
    /// Line and paragraph separators.
    Separator,
    /// Control, format, private use, unassigned.
    Other,
}

fn category(c: char) -> Category {
    let n = u32::from(c);
    if c == ' ' || (c.is_whitespace() && !c.is_control() && !matches!(n, 0x2028 | 0x2029)) {
        Category::Space
    } else if matches!(n, 0x2028 | 0x2029) {
        Category::Separator
    } else if c.is_control()
        || matches!(n,
            0xad | 0x600..=0x605 | 0x61c | 0x6dd | 0x70f | 0x890..=0x891 | 0x8e2 | 0x180e
            | 0x200b..=0x200f | 0x202a..=0x202e | 0x2060..=0x2064 | 0x2066..=0x206f
            | 0xfeff | 0xfff9..=0xfffb | 0x110bd | 0x110cd | 0x13430..=0x1343f
            | 0x1bca0..=0x1bca3 | 0x1d173..=0x1d17a | 0xe0001 | 0xe0020..=0xe007f
            | 0xe000..=0xf8ff | 0xf0000..=0x10ffff | 0xfdd0..=0xfdef)
        || n & 0xfffe == 0xfffe
    {
        Category::Other
    } else if matches!(n,
        0x300..=0x36f | 0x483..=0x489 | 0x591..=0x5bd | 0x5bf | 0x5c1..=0x5c2 | 0x5c4..=0x5c5
        | 0x5c7 | 0x610..=0x61a | 0x64b..=0x65f | 0x670 | 0x6d6..=0x6dc | 0x6df..=0x6e4
        | 0x6e7..=0x6e8 | 0x6ea..=0x6ed | 0x900..=0x903 | 0x93a..=0x93c | 0x93e..=0x94f
        | 0x951..=0x957 | 0x962..=0x963 | 0xe31 | 0xe34..=0xe3a | 0xe47..=0xe4e
        | 0x1ab0..=0x1aff | 0x1dc0..=0x1dff | 0x20d0..=0x20ff | 0x302a..=0x302f
        | 0x3099..=0x309a | 0xfe00..=0xfe0f | 0xfe20..=0xfe2f)
    {
        Category::Mark
    } else {
        Category::Visible
    }
}

/// Refuses control, format and separator characters anywhere, spaces
/// unless `allow_space`, and a combining mark in first place.
fn check_unsafe(text: &str, allow_space: bool) -> Result<(), String> {
    let bad: BTreeSet<char> = text
        .chars()
        .enumerate()
        .filter(|&(i, c)| match category(c) {
            Category::Visible => false,
            Category::Mark => i == 0,
            Category::Space => !allow_space,
            Category::Separator | Category::Other => true,
        })
        .map(|(_, c)| c)
        .collect();
    if bad.is_empty() {
        return Ok(());
    }
    let shown: Vec<String> = bad.into_iter().map(display).collect();
    Err(format!(
        "The email address contains unsafe characters: {}.",
        shown.join(", ")
    ))
}

/// The displays of `chars`, de-duplicated and sorted, joined by `, `.
fn displayed_set(chars: impl Iterator<Item = char>) -> String {
    let shown: BTreeSet<String> = chars.map(display).collect();
    shown.into_iter().collect::<Vec<_>>().join(", ")
}

/// A character as `email-validator` shows it: quoted when visible, else
/// its Unicode name or `U+XXXX`.
fn display(c: char) -> String {
    if c == '\\' {
        return "\"\\\"".into();
    }
    if category(c) == Category::Visible {
        return py_repr(&c.to_string());
    }
    if let Some(name) = unicode_name(c) {
        return name.into();
    }
    let n = u32::from(c);
    if n < 0xffff {
        format!("U+{n:04X}")
    } else {
        format!("U+{n:08X}")
    }
}

/// Names of the invisible characters people paste into addresses.
fn unicode_name(c: char) -> Option<&'static str> {
    Some(match c {
        ' ' => "SPACE",
        '\u{a0}' => "NO-BREAK SPACE",
        '\u{ad}' => "SOFT HYPHEN",
        '\u{300}' => "COMBINING GRAVE ACCENT",
        '\u{600}' => "ARABIC NUMBER SIGN",
        '\u{61c}' => "ARABIC LETTER MARK",
        '\u{301}' => "COMBINING ACUTE ACCENT",
        '\u{302}' => "COMBINING CIRCUMFLEX ACCENT",
        '\u{303}' => "COMBINING TILDE",
        '\u{308}' => "COMBINING DIAERESIS",
        '\u{1680}' => "OGHAM SPACE MARK",
        '\u{2000}' => "EN QUAD",
        '\u{2001}' => "EM QUAD",
        '\u{2002}' => "EN SPACE",
        '\u{2003}' => "EM SPACE",
        '\u{2004}' => "THREE-PER-EM SPACE",
        '\u{2005}' => "FOUR-PER-EM SPACE",
        '\u{2006}' => "SIX-PER-EM SPACE",
        '\u{2007}' => "FIGURE SPACE",
        '\u{2008}' => "PUNCTUATION SPACE",
        '\u{2009}' => "THIN SPACE",
        '\u{200a}' => "HAIR SPACE",
        '\u{200b}' => "ZERO WIDTH SPACE",
        '\u{200c}' => "ZERO WIDTH NON-JOINER",
        '\u{200d}' => "ZERO WIDTH JOINER",
        '\u{200e}' => "LEFT-TO-RIGHT MARK",
        '\u{200f}' => "RIGHT-TO-LEFT MARK",
        '\u{2028}' => "LINE SEPARATOR",
        '\u{2029}' => "PARAGRAPH SEPARATOR",
        '\u{202a}' => "LEFT-TO-RIGHT EMBEDDING",
        '\u{202b}' => "RIGHT-TO-LEFT EMBEDDING",
        '\u{202c}' => "POP DIRECTIONAL FORMATTING",
        '\u{202d}' => "LEFT-TO-RIGHT OVERRIDE",
        '\u{202e}' => "RIGHT-TO-LEFT OVERRIDE",
        '\u{202f}' => "NARROW NO-BREAK SPACE",
        '\u{205f}' => "MEDIUM MATHEMATICAL SPACE",
        '\u{2060}' => "WORD JOINER",
        '\u{2066}' => "LEFT-TO-RIGHT ISOLATE",
        '\u{2067}' => "RIGHT-TO-LEFT ISOLATE",
        '\u{2068}' => "FIRST STRONG ISOLATE",
        '\u{2069}' => "POP DIRECTIONAL ISOLATE",
        '\u{3000}' => "IDEOGRAPHIC SPACE",
        '\u{feff}' => "ZERO WIDTH NO-BREAK SPACE",
        _ => return None,
    })
}

/// Python's `repr` of a string.
fn py_repr(text: &str) -> String {
    let quote = if text.contains('\'') && !text.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::from(quote);
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if c == ' ' || category(c) == Category::Visible || category(c) == Category::Mark => {
                out.push(c)
            }
            c if u32::from(c) < 0x100 => out.push_str(&format!("\\x{:02x}", u32::from(c))),
            c if u32::from(c) < 0x10000 => out.push_str(&format!("\\u{:04x}", u32::from(c))),
            c => out.push_str(&format!("\\U{:08x}", u32::from(c))),
        }
    }
    out.push(quote);
    out
}

/// Punycode (RFC 3492), for IDNA labels.
mod punycode {
    const BASE: u32 = 36;
    const T_MIN: u32 = 1;
    const T_MAX: u32 = 26;
    const SKEW: u32 = 38;
    const DAMP: u32 = 700;
    const INITIAL_BIAS: u32 = 72;
    const INITIAL_N: u32 = 128;

    fn adapt(mut delta: u32, points: u32, first: bool) -> u32 {
        delta /= if first { DAMP } else { 2 };
        delta += delta / points;
        let mut k = 0;
        while delta > ((BASE - T_MIN) * T_MAX) / 2 {
            delta /= BASE - T_MIN;
            k += BASE;
        }
        k + (BASE - T_MIN + 1) * delta / (delta + SKEW)
    }

    fn digit(d: u32) -> char {
        char::from(if d < 26 {
            b'a' + d as u8
        } else {
            b'0' + (d - 26) as u8
        })
    }

    fn threshold(k: u32, bias: u32) -> u32 {
        if k <= bias {
            T_MIN
        } else if k >= bias + T_MAX {
            T_MAX
        } else {
            k - bias
        }
    }

    /// The Punycode of `input` (without `xn--`); `None` on overflow.
    pub fn encode(input: &str) -> Option<String> {
        let points: Vec<u32> = input.chars().map(u32::from).collect();
        let mut out: String = input.chars().filter(char::is_ascii).collect();
        let basic = out.len() as u32;
        let mut handled = basic;
        if basic > 0 {
            out.push('-');
        }
        let (mut n, mut delta, mut bias) = (INITIAL_N, 0u32, INITIAL_BIAS);
        while (handled as usize) < points.len() {
            let m = points.iter().copied().filter(|&p| p >= n).min()?;
            delta = delta.checked_add((m - n).checked_mul(handled + 1)?)?;
            n = m;
            for &p in &points {
                if p < n {
                    delta = delta.checked_add(1)?;
                }
                if p == n {
                    let mut q = delta;
                    let mut k = BASE;
                    loop {
                        let t = threshold(k, bias);
                        if q < t {
                            break;
                        }
                        out.push(digit(t + (q - t) % (BASE - t)));
                        q = (q - t) / (BASE - t);
                        k += BASE;
                    }
                    out.push(digit(q));
                    bias = adapt(delta, handled + 1, handled == basic);
                    delta = 0;
                    handled += 1;
                }
            }
            delta += 1;
            n += 1;
        }
        Some(out)
    }

    /// The text `input` (without `xn--`) encodes; `None` when malformed.
    pub fn decode(input: &str) -> Option<String> {
        let (basic, rest) = match input.rfind('-') {
            Some(i) => (&input[..i], &input[i + 1..]),
            None => ("", input),
        };
        if !basic.is_ascii() {
            return None;
        }
        let mut out: Vec<u32> = basic.chars().map(u32::from).collect();
        let (mut n, mut i, mut bias) = (INITIAL_N, 0u32, INITIAL_BIAS);
        let mut digits = rest.bytes().peekable();
        while digits.peek().is_some() {
            let old_i = i;
            let mut w = 1u32;
            let mut k = BASE;
            loop {
                let d = match digits.next()? {
                    c @ b'a'..=b'z' => u32::from(c - b'a'),
                    c @ b'0'..=b'9' => u32::from(c - b'0') + 26,
                    _ => return None,
                };
                i = i.checked_add(d.checked_mul(w)?)?;
                let t = threshold(k, bias);
                if d < t {
                    break;
                }
                w = w.checked_mul(BASE - t)?;
                k += BASE;
            }
            let len = out.len() as u32 + 1;
            bias = adapt(i - old_i, len, old_i == 0);
            n = n.checked_add(i / len)?;
            i %= len;
            out.insert(i as usize, n);
            i += 1;
        }
        out.into_iter().map(char::from_u32).collect()
    }
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

    #[test]
    fn python_repr() {
        assert_eq!(py_repr("z⦌z"), "'z⦌z'");
        assert_eq!(py_repr("\u{82}\u{81}"), "'\\x82\\x81'");
        assert_eq!(py_repr("'"), "\"'\"");
    }
}
