//! The port of household members: people who eat with an account holder,
//! each with a profile of their own (issue 24).

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mealplan_domain::{
    Body, DayTargets, DietType, ItemRef, Manual, MealsPerDay, NamedItem, Resolved, Stored, UserId,
    UserName,
};

use crate::{ItemKind, StoreError};

/// The most members a household has besides its holder.
pub const MAX_MEMBERS: usize = 12;

/// A member as stored: a name and the values of a profile.
#[derive(Debug, Clone, PartialEq)]
pub struct Member {
    /// Member id.
    pub id: i64,
    /// The account the member belongs to.
    pub user_id: UserId,
    /// What the household calls them.
    pub name: UserName,
    /// Body facts.
    pub body: Body,
    /// Meals a day.
    pub meals_per_day: MealsPerDay,
    /// Body fat % in force.
    pub body_fat_percentage: f64,
    /// Targets in force.
    pub targets: DayTargets,
    /// Which of body fat and the targets were set by hand.
    pub manual: Manual,
    /// Tastes, in the order sent.
    pub tastes: Vec<NamedItem>,
    /// Restrictions, in the order sent.
    pub restrictions: Vec<NamedItem>,
    /// Diet types, in the order sent.
    pub diet_types: Vec<DietType>,
}

impl Member {
    /// The values the echo rule compares a save with.
    pub fn stored(&self) -> Stored {
        Stored {
            body_fat_percentage: self.body_fat_percentage,
            targets: self.targets.get(),
            manual: self.manual,
        }
    }
}

/// A member to store: validated values, the targets resolved, item
/// references still to be resolved (names new to the account become its
/// own items, as a profile's do).
#[derive(Debug, Clone)]
pub struct NewMember {
    /// Name.
    pub name: UserName,
    /// Body facts.
    pub body: Body,
    /// Meals a day.
    pub meals_per_day: MealsPerDay,
    /// Body fat and targets in force.
    pub resolved: Resolved,
    /// Tastes as sent.
    pub tastes: Vec<ItemRef>,
    /// Restrictions as sent.
    pub restrictions: Vec<ItemRef>,
    /// Diet types as sent.
    pub diet_types: Vec<DietType>,
    /// Time of the write.
    pub now: DateTime<Utc>,
}

/// Why a member write failed.
#[derive(Debug, thiserror::Error)]
pub enum MemberStoreError {
    /// The household already has [`MAX_MEMBERS`] members.
    #[error("a household has at most {MAX_MEMBERS} members")]
    Full,
    /// An item was sent by an id the account may not use.
    #[error("unknown {} id {id}", kind.noun())]
    UnknownItem {
        /// Which list.
        kind: ItemKind,
        /// Position in that list.
        index: usize,
        /// The id sent.
        id: i64,
    },
    /// Storage failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Stores household members; every call is scoped to the owning account,
/// so another account's member is simply not found.
#[cfg_attr(feature = "mock", mockall::automock)]
#[async_trait]
pub trait MemberRepository: Send + Sync {
    /// `user`'s members, oldest first.
    async fn members(&self, user: UserId) -> Result<Vec<Member>, StoreError>;
    /// One of `user`'s members.
    async fn member(&self, user: UserId, id: i64) -> Result<Option<Member>, StoreError>;
    /// Adds a member unless the household is full ([`MAX_MEMBERS`]).
    async fn add_member(&self, user: UserId, member: NewMember)
    -> Result<Member, MemberStoreError>;
    /// Replaces one of `user`'s members; `None` when there is no such one.
    async fn replace_member(
        &self,
        user: UserId,
        id: i64,
        member: NewMember,
    ) -> Result<Option<Member>, MemberStoreError>;
    /// Removes one of `user`'s members; whether there was one.
    async fn remove_member(&self, user: UserId, id: i64) -> Result<bool, StoreError>;
}
