//! Taste and restriction items: resolving the references a profile or a
//! household member sends (by id or by name) in one statement for both
//! lists, instead of one per reference, and the custom items a user
//! owns.
//!
//! Each list's candidates (the visible items whose id or name was sent)
//! are read as one text column, `id:owner:name` entries separated by
//! U+001F (names hold no control characters: validation refuses them),
//! so that the statement that reads them can read other columns too (the
//! stored profile row). The references are then resolved in Rust; names
//! new to the user are created by one multi-row insert per list.

use diesel::dsl::{AsExprOf, sql};
use diesel::expression::{SqlLiteral, UncheckedBind};
use diesel::prelude::*;
use diesel::sql_types::Text;
use mealplan_domain::{ItemRef, NamedItem, UserId};
use mealplan_ports::ItemKind;

use super::AnyConnection;
use super::schema::users;

/// Failure inside a write that resolves item references.
pub(in crate::db) enum TxError {
    /// A reference by id to an item that does not exist or that the user
    /// may not use: `index` is the reference's place in its list.
    Unknown {
        kind: ItemKind,
        index: usize,
        id: i64,
    },
    /// The person's row changed between the read and the write (a
    /// concurrent save): the write did nothing and is to be done again.
    Moved,
    /// The database failed.
    Db(diesel::result::Error),
}

impl From<diesel::result::Error> for TxError {
    fn from(e: diesel::result::Error) -> Self {
        Self::Db(e)
    }
}

/// An item visible to the user that a reference may name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(in crate::db) struct Candidate {
    id: i64,
    /// `None` for a predefined item.
    owner: Option<i64>,
    name: String,
}

/// The select-list expression of one list's candidates (see the module
/// documentation): its SQL depends on the ids sent, and the names sent
/// are one bound parameter, joined by U+001F.
pub(in crate::db) type CandidatesColumn =
    SqlLiteral<Text, UncheckedBind<SqlLiteral<Text>, AsExprOf<String, Text>>>;

/// Separator of the entries of a candidates column, and of the names
/// bound into it.
const SEPARATOR: char = '\u{1f}';

/// The candidates column of `table` (`tastes` or `restrictions`) for
/// `refs` sent by `user`. Only integers are written into the SQL; the
/// names, client text, are bound.
fn candidates_column(
    conn: &AnyConnection,
    table: &str,
    user: UserId,
    refs: &[ItemRef],
) -> CandidatesColumn {
    use std::fmt::Write;
    let mut ids = String::new();
    let mut names: Vec<&str> = Vec::new();
    for item in refs {
        match item {
            ItemRef::Id(id, _) => {
                let comma = if ids.is_empty() { "" } else { "," };
                let _ = write!(ids, "{comma}{id}");
            }
            ItemRef::Name(name) => names.push(name.as_str()),
        }
    }
    let by_id = if ids.is_empty() {
        "0 = 1".to_owned()
    } else {
        format!("i.id IN ({ids})")
    };
    let head = format!(
        "COALESCE((SELECT string_agg(CAST(i.id AS TEXT) || ':' || \
         COALESCE(CAST(i.owner_id AS TEXT), '') || ':' || i.name, '{SEPARATOR}') \
         FROM {table} i WHERE (i.owner_id IS NULL OR i.owner_id = {user}) \
         AND ({by_id} OR ",
        user = user.0
    );
    // Names are never empty, so an empty parameter matches nothing.
    let (open, close) = match conn {
        AnyConnection::Postgresql(_) => ("i.name = ANY(string_to_array(", ", chr(31)))"),
        AnyConnection::Sqlite(_) => (
            "instr(char(31) || ",
            " || char(31), char(31) || i.name || char(31)) > 0",
        ),
    };
    let joined = names.join(&SEPARATOR.to_string());
    sql::<Text>(&format!("{head}{open}"))
        .bind::<Text, _>(joined)
        .sql(&format!("{close})), '')"))
}

/// The candidates read back from a candidates column.
pub(in crate::db) fn candidates_of(text: &str) -> QueryResult<Vec<Candidate>> {
    let bad = |entry: &str| {
        diesel::result::Error::DeserializationError(format!("bad item entry {entry:?}").into())
    };
    text.split(SEPARATOR)
        .filter(|s| !s.is_empty())
        .map(|entry| {
            let mut parts = entry.splitn(3, ':');
            let (Some(id), Some(owner), Some(name)) = (parts.next(), parts.next(), parts.next())
            else {
                return Err(bad(entry));
            };
            Ok(Candidate {
                id: id.parse().map_err(|_| bad(entry))?,
                owner: match owner {
                    "" => None,
                    owner => Some(owner.parse().map_err(|_| bad(entry))?),
                },
                name: name.to_owned(),
            })
        })
        .collect()
}

/// The candidates of both lists, read by one statement: for a write that
/// needs nothing else read first (a household member's).
pub(in crate::db) fn candidates(
    conn: &mut AnyConnection,
    user: UserId,
    tastes: &[ItemRef],
    restrictions: &[ItemRef],
) -> QueryResult<(Vec<Candidate>, Vec<Candidate>)> {
    let columns = (
        taste_items::column(conn, user, tastes),
        restriction_items::column(conn, user, restrictions),
    );
    let read: Option<(String, String)> = users::table
        .filter(users::id.eq(user.0))
        .select(columns)
        .first(conn)
        .optional()?;
    let (tastes, restrictions) = read.unwrap_or_default();
    Ok((candidates_of(&tastes)?, candidates_of(&restrictions)?))
}

/// A reference resolved against the candidates, before new items exist.
enum Slot<'a> {
    Known(i64, &'a str),
    New(&'a str),
}

/// The items `refs` name for `user`, in order, duplicates (same id)
/// removed keeping the first: by id, that visible item (else
/// [`TxError::Unknown`]); by name, the predefined item of that name, else
/// the user's own, else one `create` makes. `create` gets the new names,
/// each once, and returns their ids by name; it is called only if there
/// are new names.
fn resolve_with(
    kind: ItemKind,
    user: UserId,
    refs: &[ItemRef],
    candidates: &[Candidate],
    create: impl FnOnce(&[&str]) -> QueryResult<Vec<(i64, String)>>,
) -> Result<Vec<NamedItem>, TxError> {
    let mut slots = Vec::with_capacity(refs.len());
    for (index, item) in refs.iter().enumerate() {
        let slot = match item {
            ItemRef::Id(id, _) => candidates
                .iter()
                .find(|c| c.id == *id)
                .map(|c| Slot::Known(c.id, &c.name))
                .ok_or(TxError::Unknown {
                    kind,
                    index,
                    id: *id,
                })?,
            ItemRef::Name(name) => {
                let named = |owner: Option<i64>| {
                    candidates
                        .iter()
                        .find(|c| c.owner == owner && c.name == name.as_str())
                };
                // A predefined item wins over a custom one.
                match named(None).or_else(|| named(Some(user.0))) {
                    Some(c) => Slot::Known(c.id, &c.name),
                    None => Slot::New(name.as_str()),
                }
            }
        };
        slots.push(slot);
    }
    let mut new: Vec<&str> = Vec::new();
    for slot in &slots {
        if let Slot::New(name) = slot
            && !new.contains(name)
        {
            new.push(name);
        }
    }
    let created = if new.is_empty() {
        Vec::new()
    } else {
        create(&new)?
    };
    let mut items: Vec<NamedItem> = Vec::with_capacity(slots.len());
    for slot in slots {
        let (id, name) = match slot {
            Slot::Known(id, name) => (id, name),
            Slot::New(name) => created
                .iter()
                .find(|(_, n)| n == name)
                .map(|(id, _)| (*id, name))
                .ok_or(diesel::result::Error::NotFound)?,
        };
        if !items.iter().any(|i| i.id == id) {
            items.push(NamedItem {
                id,
                name: name.to_owned(),
            });
        }
    }
    Ok(items)
}

/// Queries of one user-extensible list (tastes or restrictions); both
/// tables have the same shape, so one macro writes both modules.
macro_rules! item_list {
    ($module:ident, $kind:expr, $items:ident) => {
        pub(in crate::db) mod $module {
            use super::*;
            use crate::db::schema::$items;

            /// This list's [`CandidatesColumn`] for `refs` sent by `user`.
            pub(in crate::db) fn column(
                conn: &AnyConnection,
                user: UserId,
                refs: &[ItemRef],
            ) -> CandidatesColumn {
                candidates_column(conn, stringify!($items), user, refs)
            }

            /// The items `refs` name for `user` among `candidates` (this
            /// list's, read by [`column`]), in order, duplicates removed;
            /// names not yet known become the user's own items, created
            /// by one statement.
            pub(in crate::db) fn resolve(
                conn: &mut AnyConnection,
                user: UserId,
                refs: &[ItemRef],
                candidates: &[Candidate],
            ) -> Result<Vec<NamedItem>, TxError> {
                resolve_with($kind, user, refs, candidates, |names| {
                    let rows: Vec<_> = names
                        .iter()
                        .map(|name| ($items::name.eq(*name), $items::owner_id.eq(Some(user.0))))
                        .collect();
                    let insert = diesel::insert_into($items::table)
                        .values(&rows)
                        .returning(($items::id, $items::name));
                    on_backend!(conn, c => insert.get_results(c))
                })
            }

            /// As [`resolve`] when every reference names an item that
            /// exists; `None`, with nothing created, when one is new.
            pub(in crate::db) fn resolve_known(
                user: UserId,
                refs: &[ItemRef],
                candidates: &[Candidate],
            ) -> Result<Option<Vec<NamedItem>>, TxError> {
                let mut new = false;
                let items = resolve_with($kind, user, refs, candidates, |_| {
                    new = true;
                    Err(diesel::result::Error::NotFound)
                });
                match items {
                    Err(TxError::Db(_)) if new => Ok(None),
                    items => items.map(Some),
                }
            }

            /// The custom items `user` owns, by id.
            pub(in crate::db) fn owned(
                conn: &mut AnyConnection,
                user: UserId,
            ) -> QueryResult<Vec<NamedItem>> {
                Ok($items::table
                    .filter($items::owner_id.eq(user.0))
                    .order($items::id)
                    .select(($items::id, $items::name))
                    .load::<(i64, String)>(conn)?
                    .into_iter()
                    .map(|(id, name)| NamedItem { id, name })
                    .collect())
            }

            /// Which of `ids` `user` may use.
            pub(in crate::db) fn visible(
                conn: &mut AnyConnection,
                user: UserId,
                ids: &[i64],
            ) -> QueryResult<Vec<i64>> {
                $items::table
                    .filter(
                        $items::id
                            .eq_any(ids.to_vec())
                            .and($items::owner_id.is_null().or($items::owner_id.eq(user.0))),
                    )
                    .select($items::id)
                    .load(conn)
            }
        }
    };
}

item_list!(taste_items, ItemKind::Taste, tastes);
item_list!(restriction_items, ItemKind::Restriction, restrictions);

#[cfg(test)]
mod tests {
    use super::*;
    use mealplan_domain::ItemName;

    fn name(s: &str) -> ItemName {
        ItemName::parse(s).unwrap()
    }

    fn candidate(id: i64, owner: Option<i64>, name: &str) -> Candidate {
        Candidate {
            id,
            owner,
            name: name.to_owned(),
        }
    }

    #[test]
    fn candidates_read_back_with_owners_and_colons_in_names() {
        let text = "3::spicy\u{1f}12:7:no: really";
        assert_eq!(
            candidates_of(text).unwrap(),
            [
                candidate(3, None, "spicy"),
                candidate(12, Some(7), "no: really")
            ]
        );
        assert!(candidates_of("").unwrap().is_empty());
        assert!(candidates_of("x:y").is_err());
        assert!(candidates_of("1:z:y").is_err());
    }

    #[test]
    fn references_resolve_in_order_predefined_first_new_names_created_once() {
        let user = UserId(7);
        let candidates = [
            candidate(1, None, "spicy"),
            candidate(2, Some(7), "spicy"),
            candidate(3, Some(7), "mine"),
            candidate(4, None, "sweet"),
        ];
        let refs = [
            ItemRef::Name(name("new")),
            ItemRef::Name(name("spicy")),
            ItemRef::Id(4, name("sweet")),
            ItemRef::Name(name("mine")),
            ItemRef::Name(name("new")),
            ItemRef::Id(1, name("spicy")),
        ];
        let mut asked = Vec::new();
        let items = resolve_with(ItemKind::Taste, user, &refs, &candidates, |names| {
            asked = names.iter().map(|n| n.to_string()).collect();
            Ok(vec![(9, "new".to_owned())])
        })
        .ok()
        .unwrap();
        assert_eq!(asked, ["new"]);
        let read: Vec<(i64, &str)> = items.iter().map(|i| (i.id, i.name.as_str())).collect();
        assert_eq!(read, [(9, "new"), (1, "spicy"), (4, "sweet"), (3, "mine")]);
    }

    #[test]
    fn an_unknown_id_is_refused_with_its_place_and_nothing_is_created() {
        let refs = [ItemRef::Name(name("new")), ItemRef::Id(5, name("x"))];
        let outcome = resolve_with(ItemKind::Restriction, UserId(1), &refs, &[], |_| {
            panic!("nothing to create before the refusal")
        });
        assert!(matches!(
            outcome,
            Err(TxError::Unknown {
                kind: ItemKind::Restriction,
                index: 1,
                id: 5
            })
        ));
    }
}
