//! The port of people: the account holder, who is the first person of
//! their household, and the household's members, each a
//! [`Person`] with a profile of their own, stored by one repository
//! through one write ([`NewPerson`]) whose echo rule runs inside the
//! store's transaction for everyone. Also the public reference lists.

use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mealplan_domain::{
    NamedItem, Person, ProfileDraft, Relation, Resolved, Stored, UserId, UserName,
};

use crate::{SessionState, StoreError};

/// The most members a household has besides its holder.
pub const MAX_MEMBERS: usize = 12;

/// Works out the body fat and targets in force from the values the person
/// held before the write (`None` for a new person). The repository runs
/// it inside the write's transaction, on the row it replaces, so the echo
/// rule ([`mealplan_domain::targets::echoes_cleared`]) needs no read of
/// its own and sees no older values than the ones it overwrites.
pub type Resolver = Arc<dyn Fn(Option<&Stored>) -> Resolved + Send + Sync>;

/// A person ready to store: what was sent and how to resolve the values
/// in force.
#[derive(Clone)]
pub struct NewPerson {
    /// A member's name; `None` for the holder, who goes by the account's.
    pub name: Option<UserName>,
    /// What a member is to the holder, when said; `None` for the holder.
    pub relation: Option<Relation>,
    /// The validated profile; item references still to be resolved (names
    /// new to the account become its own items).
    pub draft: ProfileDraft,
    /// Body fat and targets in force, given the stored values.
    pub resolve: Resolver,
    /// Time of the write.
    pub now: DateTime<Utc>,
}

impl std::fmt::Debug for NewPerson {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("NewPerson")
            .field("name", &self.name)
            .field("relation", &self.relation)
            .field("draft", &self.draft)
            .field("now", &self.now)
            .finish_non_exhaustive()
    }
}

/// The two user-extensible lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ItemKind {
    /// Taste preferences.
    Taste,
    /// Dietary restrictions.
    Restriction,
}

impl ItemKind {
    /// Singular noun for messages (`unknown taste id 99`).
    pub fn noun(self) -> &'static str {
        match self {
            Self::Taste => "taste",
            Self::Restriction => "restriction",
        }
    }
}

/// Why a person could not be stored.
#[derive(Debug, thiserror::Error)]
pub enum PersonStoreError {
    /// The household already has [`MAX_MEMBERS`] members.
    #[error("a household has at most {MAX_MEMBERS} members")]
    Full,
    /// An item sent by id is neither predefined nor the account's own.
    #[error("unknown {} id {id} at index {index}", kind.noun())]
    UnknownItem {
        /// Which list.
        kind: ItemKind,
        /// Position in the list as sent.
        index: usize,
        /// The id sent.
        id: i64,
    },
    /// Storage failed; `Conflict` means a concurrent write won a race.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Persistence of the people of a household: the holder (their profile)
/// and the members. Every call is scoped to the owning account, so
/// another account's member is simply not found. A write is one
/// transaction: the person and their three lists change together or not
/// at all.
#[cfg_attr(feature = "mock", mockall::automock)]
#[async_trait]
pub trait PersonRepository: Send + Sync {
    /// Creates or replaces `user`'s own profile (the holder) and returns
    /// it as stored, without reading it back.
    async fn upsert(&self, user: UserId, person: NewPerson) -> Result<Person, PersonStoreError>;
    /// `user`'s own profile (the holder), if any.
    async fn find(&self, user: UserId) -> Result<Option<Person>, StoreError>;
    /// What authenticating token `jti` of `user` needs (as
    /// [`crate::UserRepository::session`]) and `user`'s profile, read by
    /// one statement: a request that reads the profile anyway checks its
    /// token in the same round trip. `None` if the user is gone.
    async fn find_in_session(
        &self,
        user: UserId,
        jti: String,
    ) -> Result<Option<(SessionState, Option<Person>)>, StoreError>;
    /// `user`'s members, oldest first.
    async fn members(&self, user: UserId) -> Result<Vec<Person>, StoreError>;
    /// One of `user`'s members.
    async fn member(&self, user: UserId, id: i64) -> Result<Option<Person>, StoreError>;
    /// Adds a member unless the household is full ([`MAX_MEMBERS`]).
    async fn add_member(&self, user: UserId, person: NewPerson)
    -> Result<Person, PersonStoreError>;
    /// Replaces one of `user`'s members; `None` when there is no such one.
    async fn replace_member(
        &self,
        user: UserId,
        id: i64,
        person: NewPerson,
    ) -> Result<Option<Person>, PersonStoreError>;
    /// Removes one of `user`'s members; whether there was one.
    async fn remove_member(&self, user: UserId, id: i64) -> Result<bool, StoreError>;
    /// The custom items of `kind` `user` created (used or not).
    async fn owned_items(&self, user: UserId, kind: ItemKind)
    -> Result<Vec<NamedItem>, StoreError>;
    /// Which of `ids` name items of `kind` that `user` may use (predefined
    /// or their own).
    async fn visible_items(
        &self,
        user: UserId,
        kind: ItemKind,
        ids: Vec<i64>,
    ) -> Result<Vec<i64>, StoreError>;
}

/// The public reference lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReferenceList {
    /// The 7 diet types.
    DietTypes,
    /// Predefined dietary restrictions.
    Restrictions,
    /// Predefined tastes.
    Tastes,
    /// The 4 meal types.
    MealTypes,
}

/// Read access to the predefined reference items.
#[cfg_attr(feature = "mock", mockall::automock)]
#[async_trait]
pub trait ReferenceData: Send + Sync {
    /// The predefined items of `list`, by id.
    async fn list(&self, list: ReferenceList) -> Result<Vec<NamedItem>, StoreError>;
}
