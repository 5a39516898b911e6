//! The person repository's reads: a profile's row read back into a
//! [`Person`], and the session reads that take the profile along (the
//! write and the port are `person_write.rs`, the members' routes
//! `household.rs`).

use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;
use mealplan_domain::{
    ActivityLevel, BirthDate, Body, BodyType, DayTargets, Gender, Goal, Height, Manual,
    MealsPerDay, Person, Relation, Resolved, Stored, Targets, UserId, UserName, Weight,
};
use mealplan_ports::{NewPerson, PlanHead, SessionHead, SessionState, StoreError};

use super::items::TxError;
use super::lists::{self, ListError};
use super::own_marks::{OwnMarkColumn, OwnMarks};
use super::schema::{profiles, revoked_tokens, users};
use super::users::UserRow;
use super::{AnyConnection, store_error};

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
    relation: Option<String>,
}

/// The values the echo rule compares a save with, as a row stores them:
/// body fat, the targets (calories, protein, carbs, fat) and the bits of
/// `manual_targets`.
pub(in crate::db) fn stored_of(body_fat: f64, targets: [f64; 4], manual: i32) -> Stored {
    let [calories, protein, carbs, fat] = targets;
    Stored {
        body_fat_percentage: body_fat,
        targets: Targets {
            calories,
            protein,
            carbs,
            fat,
        },
        manual: manual_of(manual),
    }
}

/// The values of a person's row (a profile's; a member's adds its name
/// and lists), worked out once for both.
#[derive(Insertable, AsChangeset)]
#[diesel(table_name = profiles, treat_none_as_null = true)]
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
    pub relation: Option<&'static str>,
    pub updated_at: NaiveDateTime,
}

/// Bits of `profiles.manual_targets`, in the order of the migration.
const MANUAL_BITS: u32 = 5;

pub(in crate::db) fn manual_bits(m: &Manual) -> i32 {
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
            relation: p.relation.map(Relation::as_str),
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
        let relation = self
            .relation
            .as_deref()
            .map(Relation::parse)
            .transpose()
            .map_err(|_| corrupt("relation"))?;
        Ok(Person {
            id: self.id,
            user_id: UserId(self.user_id),
            holder,
            name,
            relation,
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

/// A user's profile with its three lists, read from its row, and their
/// name from the account's.
pub(in crate::db) fn load_profile(
    conn: &mut AnyConnection,
    user: UserId,
) -> Result<Option<Person>, StoreError> {
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
pub(in crate::db) fn account_name(user: UserId, name: &str) -> Result<UserName, StoreError> {
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
pub(in crate::db) use holder_row;

/// The columns of a session-and-profile read: the user, whether token
/// `$jti` is revoked, the profile with its lists; then `$extra`.
macro_rules! session_columns {
    ($jti:expr $(, $extra:expr)*) => {
        (
            UserRow::as_select(),
            diesel::dsl::exists(revoked_tokens::table.filter(revoked_tokens::jti.eq($jti))),
            Option::<ProfileRow>::as_select(),
            OwnMarkColumn,
            $($extra,)*
        )
    };
}

/// A session-and-profile row as [`session_columns`] reads it.
type SessionRow = (UserRow, bool, Option<ProfileRow>, i64);

/// The session state and profile of a [`SessionRow`], its own-recipe mark
/// noted in `marks`.
fn session_of_row(
    row: SessionRow,
    marks: &OwnMarks,
) -> Result<(SessionState, Option<Person>), StoreError> {
    let (user_row, revoked, profile, mark) = row;
    let found = user_row.into_credentials()?;
    marks.note(found.user.id, mark);
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
    marks: &OwnMarks,
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
    row.map(|row| session_of_row(row, marks)).transpose()
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
    marks: &OwnMarks,
) -> Result<Option<SessionHead>, StoreError> {
    type Row = (
        UserRow,
        bool,
        Option<ProfileRow>,
        i64,
        Option<i64>,
        Option<i64>,
    );
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
    let Some((u, revoked, profile, mark, plan, revision)) = row else {
        return Ok(None);
    };
    let (session, profile) = session_of_row((u, revoked, profile, mark), marks)?;
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

/// A failure that is not the database's, inside a write.
pub(in crate::db) fn unwritable(e: impl std::error::Error + Send + Sync + 'static) -> TxError {
    TxError::Db(diesel::result::Error::SerializationError(Box::new(e)))
}
