//! The household members of the one person repository (the holder's
//! profile is in `profiles.rs`): one row per member, with the values of a
//! profile and its lists in the one list encoding ([`lists`]), written
//! from the same [`NewPerson`] as the holder's, the echo rule run on the
//! row replaced inside the write. Adding checks the household's size
//! inside the write's transaction, with the account's row locked on
//! PostgreSQL (SQLite's `BEGIN IMMEDIATE` serialises writers), so
//! concurrent adds never pass the limit.

use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;
use diesel::sql_types::BigInt;
use mealplan_domain::{NamedItem, Person, Resolved, Stored, Targets, UserId, UserName};
use mealplan_ports::{MAX_MEMBERS, NewPerson, PersonStoreError, StoreError};

use super::items::{TxError, candidates, restriction_items, taste_items};
use super::lists::{self, ListError};
use super::profiles::{ProfileValues, StoredBody, manual_of};
use super::schema::household_members as hm;
use super::transaction::write_transaction;
use super::{AnyConnection, Database, store_error};

#[derive(Queryable, Selectable)]
#[diesel(table_name = hm)]
struct Row {
    id: i64,
    user_id: i64,
    name: String,
    goal: String,
    height: f64,
    weight: f64,
    body_type: String,
    gender: String,
    meals_per_day: i32,
    activity_level: String,
    birth_date: NaiveDate,
    body_fat_percentage: f64,
    calories_target: f64,
    protein_target: f64,
    carbs_target: f64,
    fat_target: f64,
    manual_targets: i32,
    tastes: String,
    restrictions: String,
    diet_types: String,
}

#[derive(Insertable, AsChangeset)]
#[diesel(table_name = hm)]
struct Values<'a> {
    name: &'a str,
    goal: &'a str,
    height: f64,
    weight: f64,
    body_type: &'a str,
    gender: &'a str,
    meals_per_day: i32,
    activity_level: &'a str,
    birth_date: NaiveDate,
    body_fat_percentage: f64,
    calories_target: f64,
    protein_target: f64,
    carbs_target: f64,
    fat_target: f64,
    manual_targets: i32,
    tastes: String,
    restrictions: String,
    diet_types: String,
    updated_at: NaiveDateTime,
}

impl<'a> Values<'a> {
    /// The row of member `name`: the values a profile row holds
    /// ([`ProfileValues::of`], the one computation of them) and the lists.
    fn of(
        name: &'a UserName,
        p: &'a NewPerson,
        resolved: &Resolved,
        tastes: &[NamedItem],
        restrictions: &[NamedItem],
    ) -> Result<Self, ListError> {
        let ProfileValues {
            goal,
            height,
            weight,
            body_type,
            gender,
            meals_per_day,
            activity_level,
            birth_date,
            body_fat_percentage,
            calories_target,
            protein_target,
            carbs_target,
            fat_target,
            manual_targets,
            updated_at,
        } = ProfileValues::of(p, resolved);
        Ok(Self {
            name: name.as_str(),
            goal,
            height,
            weight,
            body_type,
            gender,
            meals_per_day,
            activity_level,
            birth_date,
            body_fat_percentage,
            calories_target,
            protein_target,
            carbs_target,
            fat_target,
            manual_targets,
            tastes: lists::encode_items(tastes)?,
            restrictions: lists::encode_items(restrictions)?,
            diet_types: lists::encode_diets(p.draft.diet_types()),
            updated_at,
        })
    }
}

impl Row {
    fn into_person(self) -> Result<Person, StoreError> {
        let corrupt =
            |what: &str| StoreError::Failure(format!("stored member {} has a bad {what}", self.id));
        let list = |e: ListError| StoreError::Failure(format!("stored member {}: {e}", self.id));
        let stored = StoredBody {
            goal: &self.goal,
            height: self.height,
            weight: self.weight,
            body_type: &self.body_type,
            gender: &self.gender,
            meals_per_day: self.meals_per_day,
            activity_level: &self.activity_level,
            birth_date: self.birth_date,
            targets: [
                self.calories_target,
                self.protein_target,
                self.carbs_target,
                self.fat_target,
            ],
        };
        let (body, meals_per_day, targets) = stored.read(corrupt)?;
        Ok(Person {
            id: self.id,
            user_id: UserId(self.user_id),
            holder: false,
            name: UserName::parse(&self.name).map_err(|_| corrupt("name"))?,
            body,
            meals_per_day,
            body_fat_percentage: self.body_fat_percentage,
            targets,
            manual: manual_of(self.manual_targets),
            tastes: lists::decode_items(&self.tastes).map_err(list)?,
            restrictions: lists::decode_items(&self.restrictions).map_err(list)?,
            diet_types: lists::decode_diets(&self.diet_types).map_err(list)?,
        })
    }
}

/// A failure inside a member write.
enum WriteError {
    Full,
    Items(TxError),
}

impl From<diesel::result::Error> for WriteError {
    fn from(e: diesel::result::Error) -> Self {
        Self::Items(TxError::Db(e))
    }
}

impl From<TxError> for WriteError {
    fn from(e: TxError) -> Self {
        Self::Items(e)
    }
}

impl From<WriteError> for PersonStoreError {
    fn from(e: WriteError) -> Self {
        match e {
            WriteError::Full => Self::Full,
            WriteError::Items(TxError::Unknown { kind, index, id }) => {
                Self::UnknownItem { kind, index, id }
            }
            WriteError::Items(TxError::Db(e)) => Self::Store(store_error(e)),
        }
    }
}

/// The values of member `p` over `previous` (the stored values it
/// replaces, for the echo rule; `None` for a new member), its item
/// references resolved for `user` (names new to the account become its
/// own items).
fn write<'a>(
    conn: &mut AnyConnection,
    user: UserId,
    name: &'a UserName,
    p: &'a NewPerson,
    previous: Option<&Stored>,
) -> Result<Values<'a>, WriteError> {
    let (tastes, restrictions) = candidates(conn, user, p.draft.tastes(), p.draft.restrictions())?;
    let tastes = taste_items::resolve(conn, user, p.draft.tastes(), &tastes)?;
    let restrictions =
        restriction_items::resolve(conn, user, p.draft.restrictions(), &restrictions)?;
    let resolved = (p.resolve)(previous);
    Values::of(name, p, &resolved, &tastes, &restrictions).map_err(|e| {
        WriteError::Items(TxError::Db(diesel::result::Error::SerializationError(
            Box::new(e),
        )))
    })
}

/// The stored values of `user`'s member `id` the echo rule compares a
/// save with; `None` when there is no such member.
fn stored(
    conn: &mut AnyConnection,
    user: UserId,
    id: i64,
) -> Result<Option<Stored>, diesel::result::Error> {
    type Read = (f64, f64, f64, f64, f64, i32);
    let row: Option<Read> = hm::table
        .filter(hm::id.eq(id).and(hm::user_id.eq(user.0)))
        .select((
            hm::body_fat_percentage,
            hm::calories_target,
            hm::protein_target,
            hm::carbs_target,
            hm::fat_target,
            hm::manual_targets,
        ))
        .first(conn)
        .optional()?;
    Ok(
        row.map(|(body_fat, calories, protein, carbs, fat, manual)| Stored {
            body_fat_percentage: body_fat,
            targets: Targets {
                calories,
                protein,
                carbs,
                fat,
            },
            manual: manual_of(manual),
        }),
    )
}

fn load(conn: &mut AnyConnection, user: UserId, id: i64) -> Result<Option<Person>, StoreError> {
    hm::table
        .filter(hm::id.eq(id).and(hm::user_id.eq(user.0)))
        .select(Row::as_select())
        .first(conn)
        .optional()
        .map_err(store_error)?
        .map(Row::into_person)
        .transpose()
}

/// A member write's name: a member always has one.
fn name_of(p: &NewPerson) -> Result<&UserName, PersonStoreError> {
    p.name
        .as_ref()
        .ok_or_else(|| StoreError::Failure("a household member needs a name".into()).into())
}

/// The member half of [`mealplan_ports::PersonRepository`].
impl Database {
    pub(in crate::db) async fn household_members(
        &self,
        user: UserId,
    ) -> Result<Vec<Person>, StoreError> {
        self.run_read(move |conn| {
            hm::table
                .filter(hm::user_id.eq(user.0))
                .order(hm::id)
                .select(Row::as_select())
                .load(conn)
                .map_err(store_error)?
                .into_iter()
                .map(Row::into_person)
                .collect()
        })
        .await
    }

    pub(in crate::db) async fn household_member(
        &self,
        user: UserId,
        id: i64,
    ) -> Result<Option<Person>, StoreError> {
        self.run_read(move |conn| load(conn, user, id)).await
    }

    pub(in crate::db) async fn add_household_member(
        &self,
        user: UserId,
        member: NewPerson,
    ) -> Result<Person, PersonStoreError> {
        name_of(&member)?;
        let outcome = self
            .run(move |conn| {
                let written = write_transaction(conn, |conn| -> Result<i64, WriteError> {
                    if matches!(conn, AnyConnection::Postgresql(_)) {
                        // Concurrent adds for one account take turns.
                        diesel::sql_query("SELECT id FROM users WHERE id = $1 FOR UPDATE")
                            .bind::<BigInt, _>(user.0)
                            .execute(conn)?;
                    }
                    let count: i64 = hm::table
                        .filter(hm::user_id.eq(user.0))
                        .count()
                        .get_result(conn)?;
                    if count >= MAX_MEMBERS as i64 {
                        return Err(WriteError::Full);
                    }
                    let name = member.name.as_ref().expect("checked above");
                    let values = write(conn, user, name, &member, None)?;
                    let id: i64 = diesel::insert_into(hm::table)
                        .values((
                            &values,
                            hm::user_id.eq(user.0),
                            hm::created_at.eq(member.now.naive_utc()),
                        ))
                        .returning(hm::id)
                        .get_result(conn)?;
                    Ok(id)
                });
                Ok(written.map_err(PersonStoreError::from))
            })
            .await?;
        let id = outcome?;
        self.household_member(user, id)
            .await?
            .ok_or_else(|| StoreError::Failure("member vanished after its insert".into()).into())
    }

    pub(in crate::db) async fn replace_household_member(
        &self,
        user: UserId,
        id: i64,
        member: NewPerson,
    ) -> Result<Option<Person>, PersonStoreError> {
        name_of(&member)?;
        let outcome = self
            .run(move |conn| {
                let written = write_transaction(conn, |conn| -> Result<bool, WriteError> {
                    let Some(previous) = stored(conn, user, id)? else {
                        return Ok(false);
                    };
                    let name = member.name.as_ref().expect("checked above");
                    let values = write(conn, user, name, &member, Some(&previous))?;
                    let changed =
                        diesel::update(hm::table.filter(hm::id.eq(id).and(hm::user_id.eq(user.0))))
                            .set(&values)
                            .execute(conn)?;
                    Ok(changed > 0)
                });
                Ok(written.map_err(PersonStoreError::from))
            })
            .await?;
        if !outcome? {
            return Ok(None);
        }
        Ok(self.household_member(user, id).await?)
    }

    pub(in crate::db) async fn remove_household_member(
        &self,
        user: UserId,
        id: i64,
    ) -> Result<bool, StoreError> {
        self.run(move |conn| {
            diesel::delete(hm::table.filter(hm::id.eq(id).and(hm::user_id.eq(user.0))))
                .execute(conn)
                .map(|n| n > 0)
                .map_err(store_error)
        })
        .await
    }
}
