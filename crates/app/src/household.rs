//! Household members: people who eat with an account holder, each with a
//! profile of their own whose targets follow the same rules as the
//! holder's (issue 24).

use std::sync::Arc;

use mealplan_domain::{ProfileDraft, UserId, UserName, targets};
use mealplan_ports::{
    Clock, ItemKind, MAX_MEMBERS, Member, MemberRepository, MemberStoreError, NewMember, StoreError,
};

/// Why a member operation failed.
#[derive(Debug, thiserror::Error)]
pub enum MemberError {
    /// No such member of this account.
    #[error("member not found")]
    NotFound,
    /// The household already has its most members.
    #[error("a household has at most {MAX_MEMBERS} members besides its holder")]
    Full,
    /// An item sent by id is not one the account may use.
    #[error("unknown {} id {id}", kind.noun())]
    UnknownItem {
        /// Which list.
        kind: ItemKind,
        /// Position in the list as sent.
        index: usize,
        /// The id sent.
        id: i64,
    },
    /// Storage failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl From<MemberStoreError> for MemberError {
    fn from(e: MemberStoreError) -> Self {
        match e {
            MemberStoreError::Full => Self::Full,
            MemberStoreError::UnknownItem { kind, index, id } => {
                Self::UnknownItem { kind, index, id }
            }
            MemberStoreError::Store(e) => Self::Store(e),
        }
    }
}

/// Member use cases.
#[derive(Clone)]
pub struct Household {
    members: Arc<dyn MemberRepository>,
    clock: Arc<dyn Clock>,
}

impl Household {
    /// Wires the service to its ports.
    pub fn new(members: Arc<dyn MemberRepository>, clock: Arc<dyn Clock>) -> Self {
        Self { members, clock }
    }

    /// `user`'s members, oldest first.
    pub async fn list(&self, user: UserId) -> Result<Vec<Member>, MemberError> {
        Ok(self.members.members(user).await?)
    }

    /// One of `user`'s members.
    pub async fn get(&self, user: UserId, id: i64) -> Result<Member, MemberError> {
        self.members
            .member(user, id)
            .await?
            .ok_or(MemberError::NotFound)
    }

    /// Adds a member named `name` with the profile `draft`; targets omitted
    /// or 0 are computed, as a profile's are.
    pub async fn add(
        &self,
        user: UserId,
        name: UserName,
        draft: ProfileDraft,
    ) -> Result<Member, MemberError> {
        let member = self.new_member(name, draft, None);
        Ok(self.members.add_member(user, member).await?)
    }

    /// Replaces one of `user`'s members; a target sent back as the service
    /// computed it stays computed (the profile's echo rule).
    pub async fn replace(
        &self,
        user: UserId,
        id: i64,
        name: UserName,
        draft: ProfileDraft,
    ) -> Result<Member, MemberError> {
        let previous = self.get(user, id).await?;
        let member = self.new_member(name, draft, Some(&previous));
        self.members
            .replace_member(user, id, member)
            .await?
            .ok_or(MemberError::NotFound)
    }

    /// Removes one of `user`'s members.
    pub async fn remove(&self, user: UserId, id: i64) -> Result<(), MemberError> {
        if self.members.remove_member(user, id).await? {
            Ok(())
        } else {
            Err(MemberError::NotFound)
        }
    }

    fn new_member(
        &self,
        name: UserName,
        draft: ProfileDraft,
        previous: Option<&Member>,
    ) -> NewMember {
        let now = self.clock.now();
        let body = *draft.body();
        let age = body.birth_date.age_on(now.date_naive());
        let stored = previous.map(Member::stored);
        let (body_fat, requested) = targets::echoes_cleared(
            draft.body_fat_percentage(),
            draft.requested(),
            stored.as_ref(),
        );
        let resolved = targets::resolve(&body, age, body_fat, requested, draft.diet_types());
        NewMember {
            name,
            body,
            meals_per_day: draft.meals_per_day(),
            resolved,
            tastes: draft.tastes().to_vec(),
            restrictions: draft.restrictions().to_vec(),
            diet_types: draft.diet_types().to_vec(),
            now,
        }
    }
}
