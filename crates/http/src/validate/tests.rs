//! Tests of the validation layer.

use super::*;
use super::{body::*, dates::*, values::*};

fn entries(error: ApiError) -> Value {
    match error {
        ApiError::Validation(entries) => serde_json::to_value(entries).unwrap(),
        other => panic!("{other:?}"),
    }
}

#[test]
fn python_json_offsets() {
    let cases: [(&str, usize, &str); 6] = [
        ("{\"a\": }", 6, "Expecting value"),
        ("{\"a\" 1}", 5, "Expecting ':' delimiter"),
        ("{\"a\":1", 6, "Expecting ',' delimiter"),
        ("{\"a\":1} x", 8, "Extra data"),
        ("{\"é\": x}", 6, "Expecting value"),
        ("{\"a\": NaN}", 6, "Expecting value"),
    ];
    for (body, offset, msg) in cases {
        let got = entries(parse_body(body.as_bytes(), true).unwrap_err());
        assert_eq!(
            got,
            json!([{"type":"json_invalid","loc":["body",offset],"msg":"JSON decode error","input":{},"ctx":{"error":msg}}]),
            "{body}"
        );
    }
}

#[test]
fn lax_numbers() {
    assert_eq!(number(&json!("50")), Ok(50.0));
    assert_eq!(number(&json!(" 50 ")), Ok(50.0));
    assert_eq!(number(&json!("nan")), Err(Problem::float_parsing()));
    assert_eq!(number(&json!(null)), Err(Problem::float_type()));
    assert_eq!(integer(&json!(170.0)), Ok(170));
    assert_eq!(integer(&json!(170.5)), Err(Problem::int_from_float()));
    assert_eq!(integer(&json!("7")), Ok(7));
    assert_eq!(integer(&json!("1.5")), Err(Problem::int_parsing()));
    assert_eq!(integer(&json!([])), Err(Problem::int_type()));
    assert_eq!(integer(&json!(true)), Err(Problem::int_type()));
    assert_eq!(number(&json!(false)), Err(Problem::float_type()));
}

#[test]
fn dates_as_pydantic_reads_them() {
    let ok = |s: &str| date(&json!(s)).unwrap().to_string();
    assert_eq!(ok("1990-05-17"), "1990-05-17");
    assert_eq!(ok("1990-05-17T00:00:00Z"), "1990-05-17");
    let why = |v: Value| date(&v).unwrap_err().msg;
    assert_eq!(
        why(json!("2020-13-01")),
        "Input should be a valid date or datetime, month value is outside expected range of 1-12"
    );
    assert_eq!(
        why(json!("2021-02-29")),
        "Input should be a valid date or datetime, day value is outside expected range"
    );
    assert_eq!(
        why(json!("1990-5-1")),
        "Input should be a valid date or datetime, input is too short"
    );
    assert_eq!(
        why(json!("1990/05/01")),
        "Input should be a valid date or datetime, invalid date separator, expected `-`"
    );
    assert_eq!(why(json!(true)), "Input should be a valid date");
    assert_eq!(
        why(json!("1990-05-01x")),
        "Input should be a valid date or datetime, invalid datetime separator, expected `T`, `t`, `_` or space"
    );
    assert_eq!(
        date(&json!("1990-05-17T10:00:00")).unwrap_err().kind,
        "date_from_datetime_inexact"
    );
}

/// Values as `bench/pydantic_parity.py date` prints them.
#[test]
fn dates_from_timestamps_and_datetimes() {
    let ok = |v: Value| date(&v).map(|d| d.to_string()).map_err(|p| p.kind);
    for (value, want) in [
        (json!(631152000), "1990-01-01"),
        (json!(631152000.0), "1990-01-01"),
        (json!(631152000000i64), "1990-01-01"),
        (json!("631152000"), "1990-01-01"),
        (json!("+631152000"), "1990-01-01"),
        (json!("0631152000"), "1990-01-01"),
        (json!("631152000.0"), "1990-01-01"),
        (json!("631152000."), "1990-01-01"),
        (json!("-631152000"), "1950-01-01"),
        (json!("-0"), "1970-01-01"),
        (json!("86400000000000.0"), "4707-11-29"),
        (json!("1990-01-01T00:00"), "1990-01-01"),
        (json!("1990-01-01 00:00"), "1990-01-01"),
        (json!("1990-01-01T00:00:00+02:00"), "1990-01-01"),
        (json!("1990-01-01T00:00:00\u{2212}0100"), "1990-01-01"),
        (json!("1990-01-01T00:00:00+0100"), "1990-01-01"),
        (json!("1990-01-01T00:00:00.000Z"), "1990-01-01"),
        (json!("1990-01-01T00:00:00.0000001"), "1990-01-01"),
    ] {
        assert_eq!(ok(value.clone()).as_deref(), Ok(want), "{value}");
    }
    for value in [
        json!(19900510),
        json!(631152000.5),
        json!(631152000001i64),
        json!(20000000000i64),
        json!(-12219292801i64),
        json!(253402300800i64),
        json!(-1.5),
        json!("19900510"),
        json!("631152000.5"),
        json!(".5"),
        json!("1990-01-01T00:00:00.5"),
    ] {
        assert_eq!(
            ok(value.clone()),
            Err("date_from_datetime_inexact"),
            "{value}"
        );
    }
    let why = |v: Value| date(&v).unwrap_err().msg;
    for (value, reason) in [
        (
            json!(1e20),
            "dates after 9999 are not supported as unix timestamps",
        ),
        (
            json!(i64::MAX),
            "dates after 9999 are not supported as unix timestamps",
        ),
        (
            json!(i64::MIN),
            "dates before 0000 are not supported as unix timestamps",
        ),
        (json!("1e9"), "input is too short"),
        (json!(" 631152000"), "invalid character in year"),
        (
            json!("9223372036854775808"),
            "invalid date separator, expected `-`",
        ),
        (json!("1990-0x-01"), "invalid character in month"),
        (
            json!("1990-01-01T00:00:60"),
            "second value is outside expected range of 0-59",
        ),
        (
            json!("1990-01-01T24:00"),
            "hour value is outside expected range of 0-23",
        ),
        (
            json!("1990-01-01T00:00:00."),
            "second fraction digits missing after `.`",
        ),
        (
            json!("1990-01-01T00:00+25:00"),
            "timezone offset must be less than 24 hours",
        ),
        (json!("1990-01-01T00:00:00+01"), "invalid timezone minute"),
        (
            json!("1990-01-01T00:00:00Zx"),
            "unexpected extra characters at the end of the input",
        ),
        (json!("1990-01-01T0"), "input is too short"),
    ] {
        assert_eq!(
            why(value.clone()),
            format!("Input should be a valid date or datetime, {reason}"),
            "{value}"
        );
    }
    assert_eq!(
        date(&json!("0000-12-31")).unwrap_err(),
        Problem::new(
            "date_parsing",
            "Input should be a valid date in the format YYYY-MM-DD, year 0 is out of range",
            Some(json!({"error": "year 0 is out of range"})),
        )
    );
    // A Python int beyond i64 is no timestamp.
    assert_eq!(ok(json!(u64::MAX)), Err("date_type"));
}

/// Strings as Pydantic's lax `int` reads them (`bench/pydantic_parity.py int`).
#[test]
fn integer_strings_as_pydantic_reads_them() {
    for (raw, want) in [
        ("1", 1),
        ("1.0", 1),
        ("1.00", 1),
        ("1_0", 10),
        ("1_000_000", 1_000_000),
        ("1_0.0", 10),
        ("+1", 1),
        ("-1", -1),
        ("-0", 0),
        ("00", 0),
        ("007", 7),
        ("-007", -7),
        ("0_1", 1),
        ("-0_1", -1),
        ("00.00", 0),
        (" 1", 1),
        ("1 ", 1),
        ("\t1", 1),
        (" +1.0 ", 1),
        ("1\u{a0}", 1),
        ("9223372036854775807", i64::MAX),
        ("9223372036854775808", i64::MAX),
        ("18446744073709551616", i64::MAX),
        ("-9223372036854775809", i64::MIN),
        ("99999999999999999999.0", i64::MAX),
    ] {
        assert_eq!(parse_int_str(raw), Ok(want), "{raw:?}");
    }
    for raw in [
        "1.",
        "1.5",
        "1e3",
        "0x10",
        "1__0",
        "_1",
        "1_",
        "1.0_0",
        ".0",
        "0.",
        "１２",
        "١٢",
        "\u{2212}1",
        "abc",
        "true",
        "+",
        "-",
        "+-1",
        "-+1",
        "--1",
        "NaN",
        "inf",
        "",
        "1\u{1c}",
    ] {
        assert_eq!(parse_int_str(raw), Err(Problem::int_parsing()), "{raw:?}");
    }
    assert_eq!(parse_int_str(&"1".repeat(4300)), Ok(i64::MAX));
    assert_eq!(parse_int_str(&"0".repeat(5000)), Ok(0));
    for raw in [
        "1".repeat(4301),
        format!("-{}", "1".repeat(4301)),
        format!("{}.0", "1".repeat(4301)),
    ] {
        assert_eq!(parse_int_str(&raw), Err(Problem::int_parsing_size()));
    }
    for raw in [
        format!(" {}", "1".repeat(4301)),
        format!("+{}", "1".repeat(4301)),
    ] {
        assert_eq!(parse_int_str(&raw), Err(Problem::int_parsing()));
    }
    // Range checks see the whole value, not the saturated one.
    assert_eq!(
        int_in_range_str(0, i64::MAX)("9223372036854775808"),
        Err(Problem::le(i64::MAX))
    );
    assert_eq!(
        int_in_range(0, i64::MAX)(&json!("-9223372036854775809")),
        Err(Problem::ge(0))
    );
    assert_eq!(int_in_range(1, 6)(&json!(u64::MAX)), Err(Problem::le(6)));
    assert_eq!(integer(&json!(1e30)), Err(Problem::int_parsing_size()));
    assert_eq!(integer(&json!("1_0")), Ok(10));
}

#[test]
fn messages_follow_pydantic() {
    assert_eq!(
        Problem::one_of(&["lose_weight", "maintain_weight", "gain_weight"]).msg,
        "Input should be 'lose_weight', 'maintain_weight' or 'gain_weight'"
    );
    assert_eq!(Problem::literal(&["0", "1"]).msg, "Input should be 0 or 1");
    assert_eq!(
        Problem::too_short(1).msg,
        "String should have at least 1 character"
    );
    assert_eq!(
        Problem::ge(140).msg,
        "Input should be greater than or equal to 140"
    );
}

/// Booleans are read strictly: only `true` and `false` (Pydantic's
/// strict wording for anything else).
#[test]
fn booleans_are_true_or_false() {
    assert_eq!(boolean(&json!(true)), Ok(true));
    assert_eq!(boolean(&json!(false)), Ok(false));
    for v in [
        json!(0),
        json!(1.0),
        json!("yes"),
        json!(null),
        json!([true]),
    ] {
        let p = boolean(&v).unwrap_err();
        assert_eq!(
            (p.kind, p.msg.as_str()),
            ("bool_type", "Input should be a valid boolean"),
            "{v}"
        );
    }
}
