//! Dates as Pydantic (speedate) reads them: ISO text, datetimes on
//! midnight, Unix timestamps.

use super::*;

use chrono::{Datelike, NaiveDate};
use serde_json::{Value, json};

/// A date as Pydantic reads one for a `date` field in lax mode: an ISO
/// `YYYY-MM-DD` string; a datetime string (any offset) or a Unix timestamp
/// (number or numeric string; seconds, or milliseconds beyond 2·10^10)
/// that falls exactly on midnight. Messages are speedate's.
pub fn date(value: &Value) -> Result<NaiveDate, Problem> {
    let moment = match value {
        Value::String(text) => {
            let bytes = text.as_bytes();
            match date_prefix(bytes) {
                Ok(date) if bytes.len() == 10 => Ok((date, true)),
                _ => datetime_from_text(bytes),
            }
        }
        // Integers beyond i64 are Python ints that are no timestamp.
        Value::Number(n) if n.is_u64() && n.as_i64().is_none() => {
            return Err(Problem::date_type());
        }
        Value::Number(n) => match n.as_i64() {
            Some(seconds) => datetime_from_timestamp(seconds, 0),
            None => datetime_from_float(n.as_f64().unwrap_or(f64::NAN)),
        },
        _ => return Err(Problem::date_type()),
    };
    match moment {
        // Python's `date` has no year 0.
        Ok((date, true)) if date.year() == 0 => Err(Problem::new(
            "date_parsing",
            "Input should be a valid date in the format YYYY-MM-DD, year 0 is out of range",
            Some(json!({ "error": "year 0 is out of range" })),
        )),
        Ok((date, true)) => Ok(date),
        Ok((_, false)) => Err(Problem::new(
            "date_from_datetime_inexact",
            "Datetimes provided to dates should have zero time - e.g. be exact dates",
            None,
        )),
        Err(why) => Err(Problem::date_parsing(why)),
    }
}

/// A date and whether its time of day was exactly midnight.
type Moment = Result<(NaiveDate, bool), &'static str>;

/// The `YYYY-MM-DD` at the start of `b` (speedate's checks, in its order).
fn date_prefix(b: &[u8]) -> Result<NaiveDate, &'static str> {
    if b.len() < 10 {
        return Err("input is too short");
    }
    let digit = |i: usize, why: &'static str| {
        b[i].is_ascii_digit()
            .then(|| u32::from(b[i] - b'0'))
            .ok_or(why)
    };
    let mut year = 0;
    for i in 0..4 {
        year = year * 10 + digit(i, "invalid character in year")?;
    }
    if b[4] != b'-' {
        return Err("invalid date separator, expected `-`");
    }
    let month =
        digit(5, "invalid character in month")? * 10 + digit(6, "invalid character in month")?;
    if b[7] != b'-' {
        return Err("invalid date separator, expected `-`");
    }
    let day = digit(8, "invalid character in day")? * 10 + digit(9, "invalid character in day")?;
    if !(1..=12).contains(&month) {
        return Err("month value is outside expected range of 1-12");
    }
    NaiveDate::from_ymd_opt(year as i32, month, day).ok_or("day value is outside expected range")
}

/// A datetime string, or failing that a numeric timestamp string (read as
/// the same number in JSON would be).
fn datetime_from_text(b: &[u8]) -> Moment {
    match datetime_rfc3339(b) {
        Ok(moment) => Ok(moment),
        Err(why) => match timestamp_text(b) {
            TimestampText::Int(seconds) => datetime_from_timestamp(seconds, 0),
            TimestampText::Float(f) => datetime_from_float(f),
            TimestampText::Not => Err(why),
        },
    }
}

/// `YYYY-MM-DD` + `T`/`t`/space/`_` + `HH:MM[:SS[.f]]` + optional offset.
fn datetime_rfc3339(b: &[u8]) -> Moment {
    let date = date_prefix(b)?;
    if !matches!(b.get(10), Some(b'T' | b't' | b' ' | b'_')) {
        return Err("invalid datetime separator, expected `T`, `t`, `_` or space");
    }
    if b.len() - 11 < 5 {
        return Err("input is too short");
    }
    let digit = |i: usize, why: &'static str| match b.get(i) {
        Some(c) if c.is_ascii_digit() => Ok(u32::from(c - b'0')),
        _ => Err(why),
    };
    let hour =
        digit(11, "invalid character in hour")? * 10 + digit(12, "invalid character in hour")?;
    if b[13] != b':' {
        return Err("invalid time separator, expected `:`");
    }
    let minute =
        digit(14, "invalid character in minute")? * 10 + digit(15, "invalid character in minute")?;
    if hour > 23 {
        return Err("hour value is outside expected range of 0-23");
    }
    if minute > 59 {
        return Err("minute value is outside expected range of 0-59");
    }
    let (mut second, mut micros, mut at) = (0, 0, 16);
    if b.get(16) == Some(&b':') {
        second = digit(17, "invalid character in second")? * 10
            + digit(18, "invalid character in second")?;
        if second > 59 {
            return Err("second value is outside expected range of 0-59");
        }
        at = 19;
        if matches!(b.get(19), Some(b'.' | b',')) {
            let fraction: Vec<u32> = b[20..]
                .iter()
                .take_while(|c| c.is_ascii_digit())
                .map(|c| u32::from(c - b'0'))
                .collect();
            if fraction.is_empty() {
                return Err("second fraction digits missing after `.`");
            }
            // Beyond microseconds the digits are dropped.
            micros = (0..6).fold(0, |m, i| m * 10 + fraction.get(i).copied().unwrap_or(0));
            at = 20 + fraction.len();
        }
    }
    if let Some(&sign) = b.get(at) {
        at += 1;
        if !matches!(sign, b'Z' | b'z') {
            if sign == 0xe2 {
                // U+2212 MINUS SIGN, which ISO 8601 allows.
                if b.get(at..at + 2) != Some(&[0x88, 0x92]) {
                    return Err("invalid timezone sign");
                }
                at += 2;
            } else if !matches!(sign, b'+' | b'-') {
                return Err("invalid timezone sign");
            }
            let hours =
                digit(at, "invalid timezone hour")? * 10 + digit(at + 1, "invalid timezone hour")?;
            let tens = match b.get(at + 2) {
                Some(b':') => {
                    at += 3;
                    digit(at, "invalid timezone minute")?
                }
                Some(c) if c.is_ascii_digit() => {
                    at += 2;
                    u32::from(c - b'0')
                }
                _ => return Err("invalid timezone minute"),
            };
            let minutes = tens * 10 + digit(at + 1, "invalid timezone minute")?;
            if minutes >= 60 {
                return Err("timezone minute value is outside expected range of 0-59");
            }
            if hours * 3600 + minutes * 60 >= 24 * 3600 {
                return Err("timezone offset must be less than 24 hours");
            }
            at += 2;
        }
    }
    if b.len() > at {
        return Err("unexpected extra characters at the end of the input");
    }
    Ok((date, hour == 0 && minute == 0 && second == 0 && micros == 0))
}

/// A numeric string as speedate reads a timestamp.
enum TimestampText {
    Int(i64),
    Float(f64),
    Not,
}

/// `[+-]digits` (within i64), or `[+-]digits.…` read as a float.
fn timestamp_text(b: &[u8]) -> TimestampText {
    let Ok(text) = std::str::from_utf8(b) else {
        return TimestampText::Not;
    };
    let digits = match text.strip_prefix(['+', '-']) {
        Some(rest) if !rest.is_empty() => rest,
        _ => text,
    };
    match digits.bytes().find(|c| !c.is_ascii_digit()) {
        None if !digits.is_empty() => text.parse().map_or(TimestampText::Not, TimestampText::Int),
        Some(b'.') => text
            .parse()
            .map_or(TimestampText::Not, TimestampText::Float),
        _ => TimestampText::Not,
    }
}

/// Beyond this absolute value a timestamp counts milliseconds.
const MS_WATERSHED: i64 = 20_000_000_000;

/// A Unix timestamp (seconds, or milliseconds beyond the watershed) plus
/// microseconds.
fn datetime_from_timestamp(timestamp: i64, micros: u32) -> Moment {
    let (mut seconds, extra) = if timestamp == i64::MIN {
        return Err("dates before 0000 are not supported as unix timestamps");
    } else if timestamp.abs() <= MS_WATERSHED {
        (timestamp, 0)
    } else {
        let (s, ms) = (timestamp.div_euclid(1000), timestamp.rem_euclid(1000));
        (s, (ms * 1000) as u32)
    };
    let mut micros = micros
        .checked_add(extra)
        .ok_or("numeric times may not exceed 86,399 seconds")?;
    if micros >= 1_000_000 {
        seconds = seconds
            .checked_add(i64::from(micros / 1_000_000))
            .ok_or("numeric times may not exceed 86,399 seconds")?;
        micros %= 1_000_000;
    }
    // 0000-01-01T00:00:00 and 9999-12-31T23:59:59.
    if seconds < -62_167_219_200 {
        return Err("dates before 0000 are not supported as unix timestamps");
    }
    if seconds > 253_402_300_799 {
        return Err("dates after 9999 are not supported as unix timestamps");
    }
    let days = seconds.div_euclid(86_400);
    let date = NaiveDate::from_num_days_from_ce_opt((days + 719_163) as i32)
        .ok_or("dates after 9999 are not supported as unix timestamps")?;
    Ok((date, seconds.rem_euclid(86_400) == 0 && micros == 0))
}

/// A timestamp given as a float: its floor, plus the rest in microseconds.
fn datetime_from_float(timestamp: f64) -> Moment {
    let scale = if timestamp.abs() <= MS_WATERSHED as f64 {
        1e6
    } else {
        1e3
    };
    let floor = timestamp.floor();
    let micros = ((timestamp - floor) * scale).round() as u32;
    datetime_from_timestamp(floor as i64, micros)
}
