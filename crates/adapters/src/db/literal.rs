//! Values written into SQL text, for the statements a profile save sends
//! in one batch with its `COMMIT`, where nothing can be bound
//! (`profiles.rs`). A literal here is digits, a sign, a point, an
//! exponent, an ISO date and time, a name from a closed set, or text in
//! hexadecimal that the server decodes: none holds a quote or a
//! backslash, so what it means depends on no server setting
//! (`standard_conforming_strings`, `backslash_quote`, `DateStyle`), and
//! client text never appears as itself. Each writer of numbers returns
//! `None` for a value it cannot write exactly; the caller binds it
//! instead.

use std::fmt::Write;

use chrono::{Datelike, NaiveDate, NaiveDateTime};

use super::AnyConnection;

/// `s` as an expression of type text whose SQL holds only hexadecimal
/// digits: its UTF-8 bytes, decoded by the server (PostgreSQL
/// `convert_from(decode('…', 'hex'), 'UTF8')`, SQLite `CAST(X'…' AS
/// TEXT)`, on a UTF-8 database).
pub(in crate::db) fn text_hex(conn: &AnyConnection, s: &str) -> String {
    let mut hex = String::with_capacity(s.len() * 2);
    for b in s.bytes() {
        let _ = write!(hex, "{b:02x}");
    }
    match conn {
        AnyConnection::Postgresql(_) => format!("convert_from(decode('{hex}', 'hex'), 'UTF8')"),
        AnyConnection::Sqlite(_) => format!("CAST(X'{hex}' AS TEXT)"),
    }
}

/// `t` as a `timestamp` literal to the microsecond, as Diesel binds it
/// (truncated); `None` outside years 1-9999.
pub(in crate::db) fn timestamp(t: NaiveDateTime) -> Option<String> {
    (1..=9999)
        .contains(&t.year())
        .then(|| format!("'{}'::timestamp", t.format("%Y-%m-%d %H:%M:%S%.6f")))
}

/// `d` as a `date` literal; `None` outside years 1-9999.
pub(in crate::db) fn date(d: NaiveDate) -> Option<String> {
    (1..=9999)
        .contains(&d.year())
        .then(|| format!("'{}'::date", d.format("%Y-%m-%d")))
}

/// `x` as a literal of the exact same `f64` (`{:?}`, the shortest text
/// that reads back as it), if finite.
pub(in crate::db) fn float(x: f64) -> Option<String> {
    x.is_finite().then(|| format!("{x:?}::float8"))
}

/// `s`, a name from a closed set the service checked (`maintain_weight`),
/// quoted; `None` unless it is lowercase ASCII letters and underscores.
pub(in crate::db) fn fixed_name(s: &str) -> Option<String> {
    (!s.is_empty() && s.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'))
        .then(|| format!("'{s}'"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// SQLite reads hexadecimal text back as it was, whatever it holds.
    #[test]
    fn text_in_hexadecimal_reads_back_exactly() {
        use diesel::connection::SimpleConnection;
        use diesel::prelude::*;
        #[derive(QueryableByName)]
        struct Read {
            #[diesel(sql_type = diesel::sql_types::Text)]
            s: String,
        }
        let mut conn = AnyConnection::Sqlite(SqliteConnection::establish(":memory:").unwrap());
        conn.batch_execute("CREATE TABLE v (s TEXT)").unwrap();
        for text in ["", "O'Brien \\ \\' \"x\" ''", "Zoë 東京 🍲", "1:a\u{1f}2:b"] {
            let sql = text_hex(&conn, text);
            let hex = sql
                .strip_prefix("CAST(X'")
                .and_then(|s| s.strip_suffix("' AS TEXT)"))
                .unwrap_or_else(|| panic!("{sql}"));
            assert!(hex.bytes().all(|b| b.is_ascii_hexdigit()), "{sql}");
            conn.batch_execute(&format!("DELETE FROM v; INSERT INTO v VALUES ({sql})"))
                .unwrap();
            let read: Read = diesel::sql_query("SELECT s FROM v")
                .get_result(&mut conn)
                .unwrap();
            assert_eq!(read.s, text);
        }
    }

    #[test]
    fn literals_are_exact_and_hold_no_quote_or_backslash() {
        let t = NaiveDate::from_ymd_opt(2026, 11, 23)
            .unwrap()
            .and_hms_nano_opt(1, 2, 3, 456_789_123)
            .unwrap();
        assert_eq!(
            timestamp(t).unwrap(),
            "'2026-11-23 01:02:03.456789'::timestamp"
        );
        assert_eq!(date(t.date()).unwrap(), "'2026-11-23'::date");
        assert_eq!(float(0.1 + 0.2).unwrap(), "0.30000000000000004::float8");
        assert_eq!(float(-1e-7).unwrap(), "-1e-7::float8");
        assert_eq!(float(f64::NAN), None);
        assert_eq!(float(f64::INFINITY), None);
        assert_eq!(fixed_name("maintain_weight").unwrap(), "'maintain_weight'");
        for refused in ["O'Brien", "a\\b", "", "Normal", "x y"] {
            assert_eq!(fixed_name(refused), None, "{refused}");
        }
        let far = NaiveDate::from_ymd_opt(10_000, 1, 1).unwrap();
        assert_eq!(date(far), None);
        assert_eq!(timestamp(far.and_hms_opt(0, 0, 0).unwrap()), None);
    }
}
