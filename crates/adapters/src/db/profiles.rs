//! The profile repository: one transaction per upsert, which reads the
//! values it replaces (for the echo rule), writes the row, replaces the
//! three lists in one batch, and answers from what it wrote.

use async_trait::async_trait;
use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;
use mealplan_domain::{
    ActivityLevel, BirthDate, Body, BodyType, DayTargets, DietType, Gender, Goal, Height, Manual,
    MealsPerDay, NamedItem, Person, Resolved, Stored, Targets, UserId, UserName, Weight,
    profile::dedup_in_order,
};
use mealplan_ports::{
    ItemKind, NewPerson, PersonRepository, PersonStoreError, PlanHead, SessionHead, SessionState,
    StoreError,
};

use super::items::{TxError, candidates_of, restriction_items, taste_items};
use super::lists::{self, ListError};
use super::literal;
use super::schema::{profiles, revoked_tokens, users};
use super::transaction::write_transaction_with_final_batch;
use super::users::UserRow;
use super::{AnyConnection, Database, store_error};

/// A person's row, holder or member (whose name is read beside it).
#[derive(Queryable, Selectable)]
#[diesel(table_name = profiles)]
pub(in crate::db) struct ProfileRow {
    pub(in crate::db) id: i64,
    user_id: i64,
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
    /// The lists as text (see [`list_columns_sql`]).
    tastes_list: String,
    restrictions_list: String,
    diets_list: String,
}

/// The values of a stored profile the echo rule compares a save with.
#[derive(Queryable, Selectable)]
#[diesel(table_name = profiles)]
struct StoredRow {
    id: i64,
    body_fat_percentage: f64,
    calories_target: f64,
    protein_target: f64,
    carbs_target: f64,
    fat_target: f64,
    manual_targets: i32,
}

impl StoredRow {
    fn stored(&self) -> Stored {
        Stored {
            body_fat_percentage: self.body_fat_percentage,
            targets: Targets {
                calories: self.calories_target,
                protein: self.protein_target,
                carbs: self.carbs_target,
                fat: self.fat_target,
            },
            manual: manual_of(self.manual_targets),
        }
    }
}

/// The values of a person's row (a profile's; a member's adds its name
/// and lists), worked out once for both.
#[derive(Insertable, AsChangeset)]
#[diesel(table_name = profiles)]
pub(in crate::db) struct ProfileValues<'a> {
    pub goal: &'a str,
    pub height: f64,
    pub weight: f64,
    pub body_type: &'a str,
    pub gender: &'a str,
    pub meals_per_day: i32,
    pub activity_level: &'a str,
    pub birth_date: NaiveDate,
    pub body_fat_percentage: f64,
    pub calories_target: f64,
    pub protein_target: f64,
    pub carbs_target: f64,
    pub fat_target: f64,
    pub manual_targets: i32,
    pub updated_at: NaiveDateTime,
}

/// Bits of `profiles.manual_targets`, in the order of the migration.
const MANUAL_BITS: u32 = 5;

fn manual_bits(m: &Manual) -> i32 {
    [
        m.targets.calories,
        m.targets.protein,
        m.targets.carbs,
        m.targets.fat,
        m.body_fat,
    ]
    .iter()
    .enumerate()
    .map(|(bit, set)| i32::from(*set) << bit)
    .sum()
}

pub(in crate::db) fn manual_of(bits: i32) -> Manual {
    let set = |bit: u32| bit < MANUAL_BITS && bits & (1 << bit) != 0;
    Manual {
        body_fat: set(4),
        targets: Targets {
            calories: set(0),
            protein: set(1),
            carbs: set(2),
            fat: set(3),
        },
    }
}

impl<'a> ProfileValues<'a> {
    pub(in crate::db) fn of(p: &'a NewPerson, resolved: &Resolved) -> Self {
        let body = p.draft.body();
        let targets = resolved.targets;
        Self {
            goal: body.goal.as_str(),
            height: body.height.cm(),
            weight: body.weight.kg(),
            body_type: body.body_type.as_str(),
            gender: body.gender.as_str(),
            meals_per_day: i32::from(p.draft.meals_per_day().get()),
            activity_level: body.activity_level.as_str(),
            birth_date: body.birth_date.date(),
            body_fat_percentage: resolved.body_fat_percentage,
            calories_target: targets.calories,
            protein_target: targets.protein,
            carbs_target: targets.carbs,
            fat_target: targets.fat,
            manual_targets: manual_bits(&resolved.manual),
            updated_at: p.now.naive_utc(),
        }
    }
}

impl ProfileRow {
    /// The person this row stores, called `name` (the account's name for
    /// the `holder`).
    pub(in crate::db) fn into_person(
        self,
        name: UserName,
        holder: bool,
    ) -> Result<Person, StoreError> {
        let corrupt = |what: &str| {
            StoreError::Failure(format!("stored profile {} has a bad {what}", self.id))
        };
        let list = |e: ListError| StoreError::Failure(format!("stored profile {}: {e}", self.id));
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
            holder,
            name,
            body,
            meals_per_day,
            body_fat_percentage: self.body_fat_percentage,
            targets,
            manual: manual_of(self.manual_targets),
            tastes: lists::decode_items(&self.tastes_list).map_err(list)?,
            restrictions: lists::decode_items(&self.restrictions_list).map_err(list)?,
            diet_types: lists::decode_diets(&self.diets_list).map_err(list)?,
        })
    }
}

/// The body, meals a day and targets of a stored row (a profile's or a
/// household member's: the same columns), read back into domain values.
pub(in crate::db) struct StoredBody<'a> {
    pub goal: &'a str,
    pub height: f64,
    pub weight: f64,
    pub body_type: &'a str,
    pub gender: &'a str,
    pub meals_per_day: i32,
    pub activity_level: &'a str,
    pub birth_date: NaiveDate,
    /// Calories, protein, carbs, fat.
    pub targets: [f64; 4],
}

impl StoredBody<'_> {
    /// The values, or `corrupt(column)` for the first that does not read.
    pub fn read(
        &self,
        corrupt: impl Fn(&str) -> StoreError,
    ) -> Result<(Body, MealsPerDay, DayTargets), StoreError> {
        let body = Body {
            goal: Goal::parse(self.goal).map_err(|_| corrupt("goal"))?,
            height: Height::parse_stored(self.height).map_err(|_| corrupt("height"))?,
            weight: Weight::parse_stored(self.weight).map_err(|_| corrupt("weight"))?,
            body_type: BodyType::parse(self.body_type).map_err(|_| corrupt("body_type"))?,
            gender: Gender::parse(self.gender).map_err(|_| corrupt("gender"))?,
            activity_level: ActivityLevel::parse(self.activity_level)
                .map_err(|_| corrupt("activity_level"))?,
            birth_date: BirthDate::from_stored(self.birth_date),
        };
        let meals = MealsPerDay::parse(i64::from(self.meals_per_day))
            .map_err(|_| corrupt("meals_per_day"))?;
        let [calories, protein, carbs, fat] = self.targets;
        let targets = DayTargets::parse(Targets {
            calories,
            protein,
            carbs,
            fat,
        })
        .map_err(|_| corrupt("calories_target"))?;
        Ok((body, meals, targets))
    }
}

/// The statements that replace the profile's three lists, in order, and
/// the lists' text on the profile row (see [`list_columns_sql`]): written
/// out and sent as one batch, with the `COMMIT`. They carry integers (ids
/// and positions the service made) and the list text in hexadecimal
/// ([`literal::text_hex`]): no quote of the client's.
fn replace_lists(
    conn: &AnyConnection,
    profile_id: i64,
    tastes: &[NamedItem],
    restrictions: &[NamedItem],
    diets: &[DietType],
) -> Result<String, ListError> {
    use std::fmt::Write;
    let mut sql = String::with_capacity(256);
    let lists: [(&str, &str, Vec<i64>); 3] = [
        (
            "profile_tastes",
            "taste_id",
            tastes.iter().map(|i| i.id).collect(),
        ),
        (
            "profile_restrictions",
            "restriction_id",
            restrictions.iter().map(|i| i.id).collect(),
        ),
        (
            "profile_diet_types",
            "diet_type_id",
            diets.iter().map(|d| d.id()).collect(),
        ),
    ];
    for (table, column, ids) in &lists {
        let _ = write!(sql, "DELETE FROM {table} WHERE profile_id = {profile_id};");
        if ids.is_empty() {
            continue;
        }
        let _ = write!(
            sql,
            "INSERT INTO {table} (profile_id, {column}, position) VALUES "
        );
        for (position, id) in ids.iter().enumerate() {
            let comma = if position == 0 { "" } else { "," };
            let _ = write!(sql, "{comma}({profile_id},{id},{position})");
        }
        sql.push(';');
    }
    sql.push_str(&list_columns_sql(
        conn,
        profile_id,
        tastes,
        restrictions,
        diets,
    )?);
    Ok(sql)
}

/// The update of profile `profile_id`'s list columns, which every profile
/// read takes instead of aggregating the list tables, in the one list
/// encoding ([`lists`]). The names are client text: written in
/// hexadecimal, decoded by the server (`literal::text_hex`). Making the
/// text on the server from the list rows and the items' names instead
/// cost about a third of the batch's throughput (planned anew each time),
/// hexadecimal nothing measurable.
fn list_columns_sql(
    conn: &AnyConnection,
    profile_id: i64,
    tastes: &[NamedItem],
    restrictions: &[NamedItem],
    diets: &[DietType],
) -> Result<String, ListError> {
    let text = |s: &str| literal::text_hex(conn, s);
    Ok(format!(
        "UPDATE profiles SET tastes_list = {}, restrictions_list = {}, diets_list = {} \
         WHERE id = {profile_id};",
        text(&lists::encode_items(tastes)?),
        text(&lists::encode_items(restrictions)?),
        text(&lists::encode_diets(diets)),
    ))
}

/// A user's profile with its three lists, read from its row, and their
/// name from the account's.
fn load_profile(conn: &mut AnyConnection, user: UserId) -> Result<Option<Person>, StoreError> {
    profiles::table
        .inner_join(users::table)
        .filter(profiles::user_id.eq(user.0).and(profiles::name.is_null()))
        .select((ProfileRow::as_select(), users::name))
        .first::<(ProfileRow, String)>(conn)
        .optional()
        .map_err(store_error)?
        .map(|(row, name)| row.into_person(account_name(user, &name)?, true))
        .transpose()
}

/// The account's name, as the holder's.
fn account_name(user: UserId, name: &str) -> Result<UserName, StoreError> {
    UserName::parse(name)
        .map_err(|_| StoreError::Failure(format!("stored user {} has a bad name", user.0)))
}

/// The join condition of an account's own profile: its holder's row
/// (`users` in the query), by the `profiles_holder` index.
macro_rules! holder_row {
    () => {
        profiles::user_id
            .eq(users::id)
            .and(profiles::name.is_null())
    };
}

/// The columns of a session-and-profile read: the user, whether token
/// `$jti` is revoked, the profile with its lists; then `$extra`.
macro_rules! session_columns {
    ($jti:expr $(, $extra:expr)*) => {
        (
            UserRow::as_select(),
            diesel::dsl::exists(revoked_tokens::table.filter(revoked_tokens::jti.eq($jti))),
            Option::<ProfileRow>::as_select(),
            $($extra,)*
        )
    };
}

/// A session-and-profile row as [`session_columns`] reads it.
type SessionRow = (UserRow, bool, Option<ProfileRow>);

/// The session state and profile of a [`SessionRow`].
fn session_of_row(row: SessionRow) -> Result<(SessionState, Option<Person>), StoreError> {
    let (user_row, revoked, profile) = row;
    let found = user_row.into_credentials()?;
    let profile = profile
        .map(|p| p.into_person(found.user.name.clone(), true))
        .transpose()?;
    let session = SessionState {
        user: found.user,
        security_stamp: found.security_stamp,
        revoked,
    };
    Ok((session, profile))
}

/// `user`'s session state for token `jti` and their profile, by one
/// statement: the user row left-joined to the profile (lists included),
/// with the token's revocation as a column.
pub(in crate::db) fn load_in_session(
    conn: &mut AnyConnection,
    user: UserId,
    jti: &str,
) -> Result<Option<(SessionState, Option<Person>)>, StoreError> {
    // On the backend's own connection (see `on_backend!`); one row at
    // most, without `LIMIT` (see `load_head_in_session`).
    let row: Option<SessionRow> = on_backend!(conn, c => users::table
        .left_join(profiles::table.on(holder_row!()))
        .filter(users::id.eq(user.0))
        .select(session_columns!(jti))
        .get_result::<SessionRow>(c))
    .optional()
    .map_err(store_error)?;
    row.map(session_of_row).transpose()
}

super::fixed::fixed_sql! {
    /// The id of the user's active plan (`users` in the outer query).
    ActivePlanColumn: diesel::sql_types::Nullable<diesel::sql_types::BigInt> =
        "(SELECT p.id FROM plans p WHERE p.user_id = users.id AND p.active = 1)"
}

super::fixed::fixed_sql! {
    /// The revision of the user's active plan (`users` in the outer
    /// query): the plan's own, plus its meals' count and revisions. Each
    /// part only grows, and every change grows one of them (see the
    /// `plan_revisions` migration). Each day's meals are summed by a
    /// subquery of their own, so that the server reaches them by the
    /// `(daily_menu_id, schedule)` index whatever its statistics say (a
    /// join of the two was planned as a scan of every meal).
    ActivePlanRevisionColumn: diesel::sql_types::Nullable<diesel::sql_types::BigInt> =
        "(SELECT CAST(p.revision + (SELECT COALESCE(SUM((SELECT COUNT(*) + \
         COALESCE(SUM(m.revision), 0) FROM meal_details m WHERE m.daily_menu_id = d.id)), 0) \
         FROM daily_menus d WHERE d.plan_id = p.id) AS BIGINT) \
         FROM plans p WHERE p.user_id = users.id AND p.active = 1)"
}

/// As [`load_in_session`], with the head of the user's active plan: its
/// id and revision, in the same statement.
pub(in crate::db) fn load_head_in_session(
    conn: &mut AnyConnection,
    user: UserId,
    jti: &str,
) -> Result<Option<SessionHead>, StoreError> {
    type Row = (UserRow, bool, Option<ProfileRow>, Option<i64>, Option<i64>);
    // On the backend's own connection (see `on_backend!`). One row at
    // most (the user by id, their one profile), read without the `LIMIT`
    // of `first`: without statistics the revision's subqueries are
    // estimated at hundreds of thousands of cost units, within the
    // planner's 1 % fuzz of which a sequential scan of `users` (hundreds)
    // and its primary key probe (eight) cost the same, and under a
    // `LIMIT` the scan, quicker to start, was chosen.
    let row: Option<Row> = on_backend!(conn, c => users::table
        .left_join(profiles::table.on(holder_row!()))
        .filter(users::id.eq(user.0))
        .select(session_columns!(jti, ActivePlanColumn, ActivePlanRevisionColumn))
        .get_result::<Row>(c))
    .optional()
    .map_err(store_error)?;
    let Some((u, revoked, profile, plan, revision)) = row else {
        return Ok(None);
    };
    let (session, profile) = session_of_row((u, revoked, profile))?;
    let plan = plan.map(|id| PlanHead {
        id,
        revision: revision.unwrap_or(0),
    });
    Ok(Some(SessionHead {
        session,
        profile,
        plan,
    }))
}

/// The update of profile `id` to `v` as one PostgreSQL statement with its
/// values written out, to be sent in a batch; `None` on SQLite (whose
/// dates and times Diesel stores as text of its own format, and where a
/// round trip costs nothing) or if any value could not be written exactly.
/// Every value is a number, a date or time, or a name from a closed set
/// (`maintain_weight`, `normal`, …): nothing the client typed.
fn literal_update(conn: &AnyConnection, id: i64, v: &ProfileValues<'_>) -> Option<String> {
    match conn {
        AnyConnection::Postgresql(_) => literal_update_sql(id, v),
        AnyConnection::Sqlite(_) => None,
    }
}

/// See [`literal_update`].
fn literal_update_sql(id: i64, v: &ProfileValues<'_>) -> Option<String> {
    // Every field by name, no `..`: a column added to `ProfileValues` does
    // not compile until it is written here too.
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
    } = *v;
    let (name, number) = (literal::fixed_name, literal::float);
    Some(format!(
        "UPDATE profiles SET goal = {}, height = {}, weight = {}, body_type = {}, \
         gender = {}, meals_per_day = {}, activity_level = {}, birth_date = {}, \
         body_fat_percentage = {}, calories_target = {}, protein_target = {}, \
         carbs_target = {}, fat_target = {}, manual_targets = {}, \
         updated_at = {} WHERE id = {id};",
        name(goal)?,
        number(height)?,
        number(weight)?,
        name(body_type)?,
        name(gender)?,
        meals_per_day,
        name(activity_level)?,
        literal::date(birth_date)?,
        number(body_fat_percentage)?,
        number(calories_target)?,
        number(protein_target)?,
        number(carbs_target)?,
        number(fat_target)?,
        manual_targets,
        literal::timestamp(updated_at)?,
    ))
}

/// The upsert, inside its transaction: returns the profile as written and
/// the list statements to send with the `COMMIT`. The row is written (and
/// so locked) before the lists are replaced: a concurrent upsert of the
/// same profile waits for this one to commit and then replaces the lists
/// this one wrote (PostgreSQL gives each statement a new snapshot).
fn upsert_in_tx(
    conn: &mut AnyConnection,
    user: UserId,
    p: &NewPerson,
) -> Result<(Person, String), TxError> {
    // One statement reads the stored row and both lists' candidates.
    let columns = (
        (
            profiles::id,
            profiles::body_fat_percentage,
            profiles::calories_target,
            profiles::protein_target,
            profiles::carbs_target,
            profiles::fat_target,
            profiles::manual_targets,
        )
            .nullable(),
        taste_items::column(conn, user, p.draft.tastes()),
        restriction_items::column(conn, user, p.draft.restrictions()),
        users::name,
    );
    type Read = (Option<StoredRow>, String, String, String);
    let (previous, tastes, restrictions, name): Read = users::table
        .left_join(profiles::table.on(holder_row!()))
        .filter(users::id.eq(user.0))
        .select(columns)
        .first(conn)
        .optional()?
        .unwrap_or_default();
    let (tastes, restrictions) = (candidates_of(&tastes)?, candidates_of(&restrictions)?);
    let tastes = taste_items::resolve(conn, user, p.draft.tastes(), &tastes)?;
    let restrictions =
        restriction_items::resolve(conn, user, p.draft.restrictions(), &restrictions)?;
    let resolved = (p.resolve)(previous.as_ref().map(StoredRow::stored).as_ref());
    let name = account_name(user, &name).map_err(unwritable)?;
    let seat = Seat {
        user,
        existing: previous.map(|r| r.id),
        member: None,
    };
    write_person(conn, seat, p, &resolved, (tastes, restrictions), name)
}

/// A failure that is not the database's, inside a write.
pub(in crate::db) fn unwritable(e: impl std::error::Error + Send + Sync + 'static) -> TxError {
    TxError::Db(diesel::result::Error::SerializationError(Box::new(e)))
}

/// Which row a person's write goes to.
#[derive(Clone, Copy)]
pub(in crate::db) struct Seat<'a> {
    /// The account.
    pub user: UserId,
    /// The row replaced; `None` for a new person.
    pub existing: Option<i64>,
    /// A member's name; `None` for the holder.
    pub member: Option<&'a UserName>,
}

/// The one write of a person, holder or member, once the values it
/// replaces were read (`resolved` from them) and its items resolved:
/// writes the row (and so locks it) and returns the person as written
/// and the statements to send with the `COMMIT` (the lists, replaced
/// after the row: a concurrent write of the same person waits for this
/// one to commit and then replaces the lists this one wrote, PostgreSQL
/// giving each statement a new snapshot). `name` is what the person is
/// called (the account's name for the holder).
pub(in crate::db) fn write_person(
    conn: &mut AnyConnection,
    seat: Seat<'_>,
    p: &NewPerson,
    resolved: &Resolved,
    (tastes, restrictions): (Vec<NamedItem>, Vec<NamedItem>),
    name: UserName,
) -> Result<(Person, String), TxError> {
    let values = ProfileValues::of(p, resolved);
    let member_name = seat.member.map(UserName::as_str);
    // On PostgreSQL an existing holder's row is updated in the final
    // batch, right before the `COMMIT`, so its lock is held for one round
    // trip; the list statements after it see what a concurrent upsert
    // committed (each statement takes a new snapshot).
    let mut update_last = None;
    let id = match seat.existing {
        Some(id) => {
            match literal_update(conn, id, &values).filter(|_| seat.member.is_none()) {
                Some(sql) => update_last = Some(sql),
                None => {
                    diesel::update(profiles::table.find(id))
                        .set((&values, profiles::name.eq(member_name)))
                        .execute(conn)?;
                }
            }
            id
        }
        None => diesel::insert_into(profiles::table)
            .values((
                &values,
                profiles::user_id.eq(seat.user.0),
                profiles::name.eq(member_name),
                profiles::created_at.eq(p.now.naive_utc()),
            ))
            .returning(profiles::id)
            .get_result(conn)?,
    };
    let diet_types = dedup_in_order(p.draft.diet_types());
    let lists = replace_lists(conn, id, &tastes, &restrictions, &diet_types).map_err(unwritable)?;
    let lists = match update_last {
        Some(update) => update + &lists,
        None => lists,
    };
    let person = Person {
        id,
        user_id: seat.user,
        holder: seat.member.is_none(),
        name,
        body: *p.draft.body(),
        meals_per_day: p.draft.meals_per_day(),
        body_fat_percentage: resolved.body_fat_percentage,
        targets: resolved.targets,
        manual: resolved.manual,
        tastes,
        restrictions,
        diet_types,
    };
    Ok((person, lists))
}

#[async_trait]
impl PersonRepository for Database {
    async fn upsert(&self, user: UserId, profile: NewPerson) -> Result<Person, PersonStoreError> {
        let outcome = self
            .run(move |conn| {
                let written = write_transaction_with_final_batch(conn, |conn| {
                    upsert_in_tx(conn, user, &profile)
                });
                match written {
                    Ok(stored) => Ok(Ok(stored)),
                    Err(TxError::Unknown { kind, index, id }) => Ok(Err((kind, index, id))),
                    Err(TxError::Db(e)) => Err(store_error(e)),
                }
            })
            .await?;
        outcome.map_err(|(kind, index, id)| PersonStoreError::UnknownItem { kind, index, id })
    }

    async fn find(&self, user: UserId) -> Result<Option<Person>, StoreError> {
        self.run_read(move |conn| load_profile(conn, user)).await
    }

    async fn find_in_session(
        &self,
        user: UserId,
        jti: String,
    ) -> Result<Option<(SessionState, Option<Person>)>, StoreError> {
        self.run_read(move |conn| load_in_session(conn, user, &jti))
            .await
    }

    async fn members(&self, user: UserId) -> Result<Vec<Person>, StoreError> {
        self.household_members(user).await
    }

    async fn member(&self, user: UserId, id: i64) -> Result<Option<Person>, StoreError> {
        self.household_member(user, id).await
    }

    async fn add_member(
        &self,
        user: UserId,
        person: NewPerson,
    ) -> Result<Person, PersonStoreError> {
        self.add_household_member(user, person).await
    }

    async fn replace_member(
        &self,
        user: UserId,
        id: i64,
        person: NewPerson,
    ) -> Result<Option<Person>, PersonStoreError> {
        self.replace_household_member(user, id, person).await
    }

    async fn remove_member(&self, user: UserId, id: i64) -> Result<bool, StoreError> {
        self.remove_household_member(user, id).await
    }

    async fn owned_items(
        &self,
        user: UserId,
        kind: ItemKind,
    ) -> Result<Vec<NamedItem>, StoreError> {
        self.run_read(move |conn| {
            match kind {
                ItemKind::Taste => taste_items::owned(conn, user),
                ItemKind::Restriction => restriction_items::owned(conn, user),
            }
            .map_err(store_error)
        })
        .await
    }

    async fn visible_items(
        &self,
        user: UserId,
        kind: ItemKind,
        ids: Vec<i64>,
    ) -> Result<Vec<i64>, StoreError> {
        self.run_read(move |conn| {
            match kind {
                ItemKind::Taste => taste_items::visible(conn, user, &ids),
                ItemKind::Restriction => restriction_items::visible(conn, user, &ids),
            }
            .map_err(store_error)
        })
        .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values() -> ProfileValues<'static> {
        ProfileValues {
            goal: "maintain_weight",
            height: 178.5,
            weight: 76.0,
            body_type: "normal",
            gender: "male",
            meals_per_day: 4,
            activity_level: "medium",
            birth_date: NaiveDate::from_ymd_opt(1990, 4, 1).unwrap(),
            body_fat_percentage: 18.0,
            calories_target: 2550.0,
            protein_target: 0.1 + 0.2,
            carbs_target: 300.0,
            fat_target: 1e-7,
            manual_targets: 5,
            updated_at: NaiveDate::from_ymd_opt(2026, 11, 23)
                .unwrap()
                .and_hms_micro_opt(1, 2, 3, 456_789)
                .unwrap(),
        }
    }

    #[test]
    fn a_literal_update_writes_every_value_exactly() {
        let sql = literal_update_sql(7, &values()).unwrap();
        assert_eq!(
            sql,
            "UPDATE profiles SET goal = 'maintain_weight', height = 178.5::float8, \
             weight = 76.0::float8, body_type = 'normal', gender = 'male', meals_per_day = 4, \
             activity_level = 'medium', birth_date = '1990-04-01'::date, \
             body_fat_percentage = 18.0::float8, calories_target = 2550.0::float8, \
             protein_target = 0.30000000000000004::float8, carbs_target = 300.0::float8, \
             fat_target = 1e-7::float8, manual_targets = 5, \
             updated_at = '2026-11-23 01:02:03.456789'::timestamp WHERE id = 7;"
        );
    }

    #[test]
    fn values_that_cannot_be_written_exactly_fall_back_to_binding() {
        let mut v = values();
        v.weight = f64::NAN;
        assert_eq!(literal_update_sql(7, &v), None);
        let mut v = values();
        v.goal = "x'; DROP TABLE users; --";
        assert_eq!(literal_update_sql(7, &v), None);
        let mut v = values();
        v.birth_date = NaiveDate::from_ymd_opt(-5, 1, 1).unwrap();
        assert_eq!(literal_update_sql(7, &v), None);
    }
}
