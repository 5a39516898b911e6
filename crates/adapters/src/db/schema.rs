//! Diesel table definitions shared by both backends. Types stay within
//! what a `MultiConnection` supports (no Bool, no Json: Integer and Text).

diesel::table! {
    users (id) {
        id -> BigInt,
        name -> Text,
        email -> Text,
        password_hash -> Text,
        created_at -> Timestamp,
    }
}
