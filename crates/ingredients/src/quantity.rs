//! Numbers as recipes write them: "2", "1.5", "1,5", "1/2", "1 1/2",
//! "1½", "1-1/2", "2-3" and "2 to 3" (ranges read as their midpoint),
//! and the words "a", "one" … "twelve", "half".

/// Unicode vulgar fractions and their values.
const VULGAR: &[(char, &str)] = &[
    ('½', "1/2"),
    ('⅓', "1/3"),
    ('⅔', "2/3"),
    ('¼', "1/4"),
    ('¾', "3/4"),
    ('⅕', "1/5"),
    ('⅖', "2/5"),
    ('⅗', "3/5"),
    ('⅘', "4/5"),
    ('⅙', "1/6"),
    ('⅚', "5/6"),
    ('⅛', "1/8"),
    ('⅜', "3/8"),
    ('⅝', "5/8"),
    ('⅞', "7/8"),
];

const WORDS: &[(&str, f64)] = &[
    ("a", 1.0),
    ("an", 1.0),
    ("one", 1.0),
    ("two", 2.0),
    ("three", 3.0),
    ("four", 4.0),
    ("five", 5.0),
    ("six", 6.0),
    ("seven", 7.0),
    ("eight", 8.0),
    ("nine", 9.0),
    ("ten", 10.0),
    ("eleven", 11.0),
    ("twelve", 12.0),
    ("dozen", 12.0),
    ("half", 0.5),
];

/// Writes Unicode fractions as ASCII ones, set apart from a whole number
/// before them ("1½" → "1 1/2"), and the fraction slash as a slash.
pub fn ascii_fractions(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if let Some((_, ascii)) = VULGAR.iter().find(|(v, _)| *v == c) {
            if out.chars().last().is_some_and(|p| p.is_ascii_digit()) {
                out.push(' ');
            }
            out.push_str(ascii);
        } else if c == '⁄' {
            out.push('/');
        } else {
            out.push(c);
        }
    }
    out
}

/// The value of one number token: "2", "1.5", "1,5", "3/4".
pub fn number(token: &str) -> Option<f64> {
    if let Some((n, d)) = token.split_once('/') {
        let n: f64 = n.parse().ok()?;
        let d: f64 = d.parse().ok()?;
        return (d > 0.0).then_some(n / d);
    }
    if !token.starts_with(|c: char| c.is_ascii_digit() || c == '.') {
        return None;
    }
    token
        .replace(',', ".")
        .parse()
        .ok()
        .filter(|v: &f64| v.is_finite())
}

/// A number word ("one", "half"), lower case.
pub fn word(token: &str) -> Option<f64> {
    let lower = token.to_lowercase();
    WORDS.iter().find(|(w, _)| *w == lower).map(|&(_, v)| v)
}

/// Reads a quantity at the start of `tokens`: a number, a mixed number,
/// or a range (midpoint). Returns the value and how many tokens it took.
pub fn quantity(tokens: &[&str]) -> Option<(f64, usize)> {
    let (first, mut used) = single(tokens)?;
    let rest = &tokens[used..];
    let is_dash = |t: &&str| matches!(*t, "-" | "to" | "or");
    if rest.len() >= 2
        && is_dash(&rest[0])
        && let Some((second, n)) = single(&rest[1..])
    {
        // "1-1/2 cups" is the US way of writing one and a half.
        let mixed = rest[0] == "-" && second < 1.0 && first >= 1.0 && first.fract() == 0.0;
        let value = if mixed {
            first + second
        } else {
            (first + second) / 2.0
        };
        used += 1 + n;
        return Some((value, used));
    }
    Some((first, used))
}

/// One number, mixed number ("1 1/2") or number word.
fn single(tokens: &[&str]) -> Option<(f64, usize)> {
    let first = tokens.first()?;
    if let Some(v) = number(first) {
        if let Some(next) = tokens.get(1)
            && next.contains('/')
            && v.fract() == 0.0
            && let Some(f) = number(next)
            && f < 1.0
        {
            return Some((v + f, 2));
        }
        return Some((v, 1));
    }
    let v = word(first)?;
    // "a half" and "one and a half" are rare enough to read as written:
    // "half" alone is 0.5.
    Some((v, 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(text: &str) -> Option<(f64, usize)> {
        let text = ascii_fractions(text);
        let tokens: Vec<&str> = text.split_whitespace().collect();
        quantity(&tokens)
    }

    #[test]
    fn fractions_in_unicode_and_ascii() {
        assert_eq!(q("¾ cup"), Some((0.75, 1)));
        assert_eq!(q("1⅓ cups"), Some((1.0 + 1.0 / 3.0, 2)));
        assert_eq!(q("2 1/4 tsp"), Some((2.25, 2)));
        assert_eq!(q("1⁄2 lb"), Some((0.5, 1)));
        assert_eq!(q("0,5 l"), Some((0.5, 1)));
    }

    #[test]
    fn ranges_read_as_their_midpoint() {
        assert_eq!(q("4 - 6 sprigs"), Some((5.0, 3)));
        assert_eq!(q("1 to 2 tbsp"), Some((1.5, 3)));
        assert_eq!(q("1 - 1/2 cups"), Some((1.5, 3)));
    }

    #[test]
    fn words_count_too() {
        assert_eq!(q("two eggs"), Some((2.0, 1)));
        assert_eq!(q("An apple"), Some((1.0, 1)));
        assert_eq!(q("flour"), None);
    }
}
