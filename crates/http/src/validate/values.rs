//! Single JSON values and query strings read as Pydantic reads them:
//! integers (lax, unbounded, saturating), numbers, strings, lists and
//! closed sets.

use super::*;

use mealplan_domain::ChoiceError;
use serde_json::Value;

/// A boolean, strictly: `true` or `false` (Pydantic's strict mode). The
/// fields that take one are new, with no original client sending `0` or
/// `"yes"`, and the document then says exactly what is accepted.
pub fn boolean(value: &Value) -> Result<bool, Problem> {
    match value {
        Value::Bool(b) => Ok(*b),
        _ => Err(Problem::bool_type()),
    }
}

/// An integer from a raw query or path string, read as Pydantic reads a
/// string for an `int`: surrounding space, a sign, leading zeros, `_`
/// between digits and a zero fraction are accepted (`" +0_1.00"` is 1);
/// `"1."`, `"1.5"` and `"1e3"` are `int_parsing`.
///
/// Python integers have no bound, so a well-formed integer beyond the i64
/// range is not an error: it saturates at `i64::MIN`/`i64::MAX`. As an id it
/// names nothing (ids are assigned from 1 upwards), so the lookup answers
/// the resource's usual 404, as the original did.
pub fn parse_int_str(raw: &str) -> Result<i64, Problem> {
    wide_int_str(raw).map(saturate)
}

/// Most digits Python converts from a string (CPython's `int_max_str_digits`).
const MAX_INT_DIGITS: usize = 4300;

/// What a strict JSON integer reader makes of a string.
enum JsonInt {
    Value(i128),
    TooLong,
    Invalid,
}

/// `-?(0|[1-9][0-9]*)`, saturating; a run of more than 4300 digits is
/// `TooLong` whatever follows it.
fn json_int(text: &str) -> JsonInt {
    let digits = text.strip_prefix('-').unwrap_or(text);
    let negative = digits.len() != text.len();
    let bytes = digits.as_bytes();
    match bytes.first() {
        Some(b'0') if bytes.len() == 1 => JsonInt::Value(0),
        Some(b'1'..=b'9') => {
            let run = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
            if run > MAX_INT_DIGITS {
                JsonInt::TooLong
            } else if run < bytes.len() {
                JsonInt::Invalid
            } else {
                let value = bytes.iter().fold(0i128, |v, d| {
                    v.saturating_mul(10).saturating_add(i128::from(d - b'0'))
                });
                JsonInt::Value(if negative { -value } else { value })
            }
        }
        _ => JsonInt::Invalid,
    }
}

/// The value of an integer string (see [`parse_int_str`]), saturating
/// beyond i128: pydantic-core's `str_as_int`.
fn wide_int_str(raw: &str) -> Result<i128, Problem> {
    match json_int(raw) {
        JsonInt::Value(v) => return Ok(v),
        JsonInt::TooLong => return Err(Problem::int_parsing_size()),
        JsonInt::Invalid => {}
    }
    match clean_int_str(raw).as_deref().map(json_int) {
        Some(JsonInt::Value(v)) => Ok(v),
        _ => Err(Problem::int_parsing()),
    }
}

/// Trims space, a `+`, leading zeros, a zero fraction and inner
/// underscores; `None` when nothing was removed.
fn clean_int_str(raw: &str) -> Option<String> {
    let mut s = raw.trim();
    if let Some(rest) = s.strip_prefix('+') {
        if rest.starts_with('-') {
            return None;
        }
        s = rest;
    }
    let mut sign = "";
    if let Some(rest) = s.strip_prefix('-') {
        if rest.starts_with(['-', '+']) {
            return None;
        }
        (sign, s) = ("-", rest);
    }
    s = strip_leading_zeros(s)?;
    if let Some((whole, fraction)) = s.split_once('.')
        && !fraction.is_empty()
        && fraction.bytes().all(|b| b == b'0')
    {
        s = whole;
    }
    if !(s.starts_with('_') || s.ends_with('_') || !s.contains('_') || s.contains("__")) {
        return Some(format!("{sign}{}", s.replace('_', "")));
    }
    (raw.len() != s.len()).then(|| format!("{sign}{s}"))
}

/// `0_01` → `1`, `000` → `0`, `00.0` → `0.0`; `None` unless `s` starts
/// with a digit (or `-`).
fn strip_leading_zeros(s: &str) -> Option<&str> {
    let mut chars = s.char_indices();
    match chars.next() {
        Some((_, '0')) => {}
        Some((_, c)) if c.is_ascii_digit() || c == '-' => return Some(s),
        _ => return None,
    }
    for (i, c) in chars {
        match c {
            '0' | '_' => {}
            '1'..='9' | '-' => return Some(&s[i..]),
            '.' => return Some(&s[i - 1..]),
            _ => return None,
        }
    }
    Some(&s[s.len() - 1..])
}

/// `n` clamped to the i64 range.
fn saturate(n: i128) -> i64 {
    n.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64
}

/// `n` if within `min..=max`, else the range entry.
fn check_bounds(n: i128, min: i64, max: i64) -> Result<i64, Problem> {
    if n < i128::from(min) {
        Err(Problem::ge(min))
    } else if n > i128::from(max) {
        Err(Problem::le(max))
    } else {
        Ok(saturate(n))
    }
}

/// An integer in `min..=max` from a raw query or path string.
pub fn int_in_range_str(min: i64, max: i64) -> impl Fn(&str) -> Result<i64, Problem> {
    move |raw| check_bounds(wide_int_str(raw)?, min, max)
}

/// An integer in `min..=max` from a JSON value (laxly, as [`integer`]).
pub fn int_in_range(min: i64, max: i64) -> impl Fn(&Value) -> Result<i64, Problem> {
    move |value| check_bounds(wide_integer(value)?, min, max)
}

/// A meal type name from a raw query string.
pub fn meal_type_param(raw: &str) -> Result<mealplan_domain::MealType, Problem> {
    use mealplan_domain::MealType;
    MealType::parse(raw).map_err(Problem::from)
}

/// A JSON string.
pub fn string(value: &Value) -> Result<&str, Problem> {
    value.as_str().ok_or_else(Problem::string_type)
}

/// An integer, laxly: `170.0` and `"170"` are accepted (booleans are not);
/// beyond the i64 range it saturates (see [`parse_int_str`]).
pub fn integer(value: &Value) -> Result<i64, Problem> {
    wide_integer(value).map(saturate)
}

fn wide_integer(value: &Value) -> Result<i128, Problem> {
    match value {
        Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                Ok(i128::from(i))
            } else if let Some(u) = n.as_u64() {
                Ok(i128::from(u))
            } else {
                // Pydantic's `float_as_int`.
                let f = n.as_f64().ok_or_else(Problem::int_type)?;
                if f.fract() != 0.0 {
                    Err(Problem::int_from_float())
                } else if (i64::MIN as f64) < f && f < (i64::MAX as f64) {
                    Ok(i128::from(f as i64))
                } else {
                    Err(Problem::int_parsing_size())
                }
            }
        }
        Value::String(s) => wide_int_str(s),
        _ => Err(Problem::int_type()),
    }
}

/// A finite number, laxly: `"50"` is accepted (booleans are not).
pub fn number(value: &Value) -> Result<f64, Problem> {
    match value {
        Value::Number(n) => n.as_f64().ok_or_else(Problem::float_type),
        Value::String(s) => s
            .trim()
            .parse::<f64>()
            .ok()
            .filter(|f| f.is_finite())
            .ok_or_else(Problem::float_parsing),
        _ => Err(Problem::float_type()),
    }
}

/// A JSON array.
pub fn list(value: &Value) -> Result<&Vec<Value>, Problem> {
    value.as_array().ok_or_else(Problem::list_type)
}

/// One of a closed set of strings, Pydantic's `enum` rule (a value that
/// is no string at all gets the same answer).
pub fn choice<T>(
    parse: fn(&str) -> Result<T, ChoiceError>,
    names: &'static [&'static str],
) -> impl Fn(&Value) -> Result<T, Problem> {
    move |value| match value.as_str() {
        Some(text) => parse(text).map_err(Problem::from),
        None => Err(Problem::one_of(names)),
    }
}
