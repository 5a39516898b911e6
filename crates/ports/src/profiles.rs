//! Ports of the nutrition profile and the reference lists.

use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mealplan_domain::{
    Body, DayTargets, DietType, Manual, MealsPerDay, NamedItem, ProfileDraft, Resolved, Stored,
    UserId,
};

use crate::{SessionState, StoreError};

/// Works out the body fat and targets in force from the values the profile
/// held before the write (`None` for a first profile). The repository runs
/// it inside the upsert's transaction, on the row it replaces, so the echo
/// rule ([`mealplan_domain::targets::echoes_cleared`]) needs no read of its
/// own and sees no older values than the ones it overwrites.
pub type Resolver = Arc<dyn Fn(Option<&Stored>) -> Resolved + Send + Sync>;

/// A profile ready to store: what the user sent and how to resolve the
/// values in force.
#[derive(Clone)]
pub struct NewProfile {
    /// The validated request; item references still to be resolved.
    pub draft: ProfileDraft,
    /// Body fat and targets in force, given the stored values.
    pub resolve: Resolver,
    /// Time of the write.
    pub now: DateTime<Utc>,
}

impl std::fmt::Debug for NewProfile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("NewProfile")
            .field("draft", &self.draft)
            .field("now", &self.now)
            .finish_non_exhaustive()
    }
}

impl Profile {
    /// The values the echo rule compares a save with.
    pub fn stored(&self) -> Stored {
        Stored {
            body_fat_percentage: self.body_fat_percentage,
            targets: self.targets.get(),
            manual: self.manual,
        }
    }
}

/// A stored profile with its lists resolved to `{id, name}` items.
#[derive(Debug, Clone, PartialEq)]
pub struct Profile {
    /// Profile id.
    pub id: i64,
    /// Owner.
    pub user_id: UserId,
    /// Body facts.
    pub body: Body,
    /// Meals a day.
    pub meals_per_day: MealsPerDay,
    /// Body fat % in force.
    pub body_fat_percentage: f64,
    /// Targets in force, checked once (so a plan takes them as they are).
    pub targets: DayTargets,
    /// Which of body fat and the targets the user set by hand.
    pub manual: Manual,
    /// Tastes, in the order sent.
    pub tastes: Vec<NamedItem>,
    /// Restrictions, in the order sent.
    pub restrictions: Vec<NamedItem>,
    /// Diet types, in the order sent.
    pub diet_types: Vec<DietType>,
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

/// Why a profile could not be stored.
#[derive(Debug, thiserror::Error)]
pub enum ProfileStoreError {
    /// An item sent by id is neither predefined nor the user's own.
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

/// Persistence of profiles. An upsert is one transaction: the profile and
/// its three lists change together or not at all, and it returns what it
/// stored without reading it back.
#[cfg_attr(feature = "mock", mockall::automock)]
#[async_trait]
pub trait ProfileRepository: Send + Sync {
    /// Creates or replaces `user`'s profile and returns it as stored.
    async fn upsert(&self, user: UserId, profile: NewProfile)
    -> Result<Profile, ProfileStoreError>;
    /// `user`'s profile, if any.
    async fn find(&self, user: UserId) -> Result<Option<Profile>, StoreError>;
    /// What authenticating token `jti` of `user` needs (as
    /// [`crate::UserRepository::session`]) and `user`'s profile, read by
    /// one statement: a request that reads the profile anyway checks its
    /// token in the same round trip. `None` if the user is gone.
    async fn find_in_session(
        &self,
        user: UserId,
        jti: String,
    ) -> Result<Option<(SessionState, Option<Profile>)>, StoreError>;
    /// The custom items of `kind` `user` created (in their profile or not).
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
