//! The household member repository: one row per member, with the values
//! of a profile and its lists in the one list encoding ([`lists`]). Adding
//! checks the household's size inside the write's transaction, with the
//! account's row locked on PostgreSQL (SQLite's `BEGIN IMMEDIATE`
//! serialises writers), so concurrent adds never pass the limit.

use async_trait::async_trait;
use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;
use diesel::sql_types::BigInt;
use mealplan_domain::{NamedItem, UserId, UserName};
use mealplan_ports::{
    MAX_MEMBERS, Member, MemberRepository, MemberStoreError, NewMember, StoreError,
};

use super::items::{TxError, candidates, restriction_items, taste_items};
use super::lists::{self, ListError};
use super::profiles::{StoredBody, manual_bits, manual_of};
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
struct Values {
    name: String,
    goal: &'static str,
    height: f64,
    weight: f64,
    body_type: &'static str,
    gender: &'static str,
    meals_per_day: i32,
    activity_level: &'static str,
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

impl Values {
    fn of(
        m: &NewMember,
        tastes: &[NamedItem],
        restrictions: &[NamedItem],
    ) -> Result<Self, ListError> {
        let targets = m.resolved.targets;
        Ok(Self {
            name: m.name.as_str().to_owned(),
            goal: m.body.goal.as_str(),
            height: m.body.height.cm(),
            weight: m.body.weight.kg(),
            body_type: m.body.body_type.as_str(),
            gender: m.body.gender.as_str(),
            meals_per_day: i32::from(m.meals_per_day.get()),
            activity_level: m.body.activity_level.as_str(),
            birth_date: m.body.birth_date.date(),
            body_fat_percentage: m.resolved.body_fat_percentage,
            calories_target: targets.calories,
            protein_target: targets.protein,
            carbs_target: targets.carbs,
            fat_target: targets.fat,
            manual_targets: manual_bits(&m.resolved.manual),
            tastes: lists::encode_items(tastes)?,
            restrictions: lists::encode_items(restrictions)?,
            diet_types: lists::encode_diets(&m.diet_types),
            updated_at: m.now.naive_utc(),
        })
    }
}

impl Row {
    fn into_member(self) -> Result<Member, StoreError> {
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
        Ok(Member {
            id: self.id,
            user_id: UserId(self.user_id),
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

impl From<WriteError> for MemberStoreError {
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

/// The member's values with its item references resolved for `user`
/// (names new to the account become its own items).
fn values(conn: &mut AnyConnection, user: UserId, m: &NewMember) -> Result<Values, WriteError> {
    let (tastes, restrictions) = candidates(conn, user, &m.tastes, &m.restrictions)?;
    let tastes = taste_items::resolve(conn, user, &m.tastes, &tastes)?;
    let restrictions = restriction_items::resolve(conn, user, &m.restrictions, &restrictions)?;
    Values::of(m, &tastes, &restrictions).map_err(|e| {
        WriteError::Items(TxError::Db(diesel::result::Error::SerializationError(
            Box::new(e),
        )))
    })
}

fn load(conn: &mut AnyConnection, user: UserId, id: i64) -> Result<Option<Member>, StoreError> {
    hm::table
        .filter(hm::id.eq(id).and(hm::user_id.eq(user.0)))
        .select(Row::as_select())
        .first(conn)
        .optional()
        .map_err(store_error)?
        .map(Row::into_member)
        .transpose()
}

#[async_trait]
impl MemberRepository for Database {
    async fn members(&self, user: UserId) -> Result<Vec<Member>, StoreError> {
        self.run_read(move |conn| {
            hm::table
                .filter(hm::user_id.eq(user.0))
                .order(hm::id)
                .select(Row::as_select())
                .load(conn)
                .map_err(store_error)?
                .into_iter()
                .map(Row::into_member)
                .collect()
        })
        .await
    }

    async fn member(&self, user: UserId, id: i64) -> Result<Option<Member>, StoreError> {
        self.run_read(move |conn| load(conn, user, id)).await
    }

    async fn add_member(
        &self,
        user: UserId,
        member: NewMember,
    ) -> Result<Member, MemberStoreError> {
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
                    let values = values(conn, user, &member)?;
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
                match written {
                    Ok(id) => Ok(Ok(id)),
                    Err(e) => Ok(Err(MemberStoreError::from(e))),
                }
            })
            .await?;
        let id = outcome?;
        self.member(user, id)
            .await?
            .ok_or_else(|| StoreError::Failure("member vanished after its insert".into()).into())
    }

    async fn replace_member(
        &self,
        user: UserId,
        id: i64,
        member: NewMember,
    ) -> Result<Option<Member>, MemberStoreError> {
        let outcome = self
            .run(move |conn| {
                let written = write_transaction(conn, |conn| -> Result<bool, WriteError> {
                    let values = values(conn, user, &member)?;
                    let changed =
                        diesel::update(hm::table.filter(hm::id.eq(id).and(hm::user_id.eq(user.0))))
                            .set(&values)
                            .execute(conn)?;
                    Ok(changed > 0)
                });
                match written {
                    Ok(found) => Ok(Ok(found)),
                    Err(e) => Ok(Err(MemberStoreError::from(e))),
                }
            })
            .await?;
        if !outcome? {
            return Ok(None);
        }
        Ok(self.member(user, id).await?)
    }

    async fn remove_member(&self, user: UserId, id: i64) -> Result<bool, StoreError> {
        self.run(move |conn| {
            diesel::delete(hm::table.filter(hm::id.eq(id).and(hm::user_id.eq(user.0))))
                .execute(conn)
                .map(|n| n > 0)
                .map_err(store_error)
        })
        .await
    }
}
