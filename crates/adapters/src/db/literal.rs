//! Values written into SQL text, for statements sent in a batch (where
//! nothing can be bound): only what can be written exactly and safely.
//! Each writer returns `None` for a value it cannot write, and the caller
//! binds instead.

use chrono::{Datelike, NaiveDateTime};

use super::AnyConnection;

/// The SQL dialect a batch is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::db) enum Dialect {
    Postgres,
    Sqlite,
}

impl Dialect {
    /// The dialect of `conn`'s backend.
    pub(in crate::db) fn of(conn: &AnyConnection) -> Self {
        match conn {
            AnyConnection::Postgresql(_) => Self::Postgres,
            AnyConnection::Sqlite(_) => Self::Sqlite,
        }
    }

    /// `t` as a literal that stores what binding it would: on PostgreSQL a
    /// `timestamp` to the microsecond (as Diesel binds it, truncated); on
    /// SQLite the very text Diesel writes for a `NaiveDateTime`
    /// (`%F %T%.f`), so that reads and ordering stay the same.
    pub(in crate::db) fn timestamp(self, t: NaiveDateTime) -> Option<String> {
        if !(1..=9999).contains(&t.year()) {
            return None;
        }
        Some(match self {
            Self::Postgres => format!("'{}'::timestamp", t.format("%Y-%m-%d %H:%M:%S%.6f")),
            Self::Sqlite => format!("'{}'", t.format("%F %T%.f")),
        })
    }

    /// `x` as a literal of the exact same `f64`, if finite.
    pub(in crate::db) fn float(self, x: f64) -> Option<String> {
        if !x.is_finite() {
            return None;
        }
        Some(match self {
            Self::Postgres => format!("{x:?}::float8"),
            Self::Sqlite => format!("{x:?}"),
        })
    }

    /// `s`, client text, as a string literal: on PostgreSQL an escape
    /// string (`E'…'`, whatever `standard_conforming_strings` says) with
    /// `\` and `'` escaped; on SQLite, where a backslash is an ordinary
    /// character, with `'` doubled.
    pub(in crate::db) fn text(self, s: &str) -> String {
        let mut out = String::with_capacity(s.len() + 3);
        match self {
            Self::Postgres => {
                out.push_str("E'");
                for c in s.chars() {
                    if c == '\\' || c == '\'' {
                        out.push('\\');
                    }
                    out.push(c);
                }
            }
            Self::Sqlite => {
                out.push('\'');
                for c in s.chars() {
                    if c == '\'' {
                        out.push('\'');
                    }
                    out.push(c);
                }
            }
        }
        out.push('\'');
        out
    }
}
