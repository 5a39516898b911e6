//! Characters as `email-validator` sees and shows them: coarse Unicode
//! categories, the unsafe ones refused, and each shown quoted, by name or
//! as `U+XXXX`.

use std::collections::BTreeSet;

/// Unicode general category, coarsely: what `email-validator` tells apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Category {
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

pub(super) fn category(c: char) -> Category {
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
pub(super) fn check_unsafe(text: &str, allow_space: bool) -> Result<(), String> {
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
pub(super) fn displayed_set(chars: impl Iterator<Item = char>) -> String {
    let shown: BTreeSet<String> = chars.map(display).collect();
    shown.into_iter().collect::<Vec<_>>().join(", ")
}

/// A character as `email-validator` shows it: quoted when visible, else
/// its Unicode name or `U+XXXX`.
pub(super) fn display(c: char) -> String {
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
pub(super) fn py_repr(text: &str) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn python_repr() {
        assert_eq!(py_repr("z⦌z"), "'z⦌z'");
        assert_eq!(py_repr("\u{82}\u{81}"), "'\\x82\\x81'");
        assert_eq!(py_repr("'"), "\"'\"");
    }
}
