//! Everything stored about one user, for `GET /auth/me/export` (a user's
//! right to a copy of their data).

use std::sync::Arc;

use chrono::{DateTime, Utc};
use mealplan_domain::{NamedItem, Person, User, UserId};
use mealplan_ports::{ItemKind, PersonRepository, StoreError, UserRepository};

use crate::{PlanError, PlanView, Plans};

/// Every stored fact about one user (never the password hash or stamp).
#[derive(Debug, Clone, PartialEq)]
pub struct AccountData {
    /// The account.
    pub user: User,
    /// When it was created.
    pub created_at: DateTime<Utc>,
    /// The profile, if any.
    pub profile: Option<Person>,
    /// Custom tastes the user created (in the profile or not).
    pub custom_tastes: Vec<NamedItem>,
    /// Custom restrictions the user created.
    pub custom_restrictions: Vec<NamedItem>,
    /// Every plan, newest first.
    pub plans: Vec<PlanView>,
    /// Household members, oldest first.
    pub members: Vec<Person>,
}

/// The export use case.
#[derive(Clone)]
pub struct Export {
    users: Arc<dyn UserRepository>,
    profiles: Arc<dyn PersonRepository>,
    plans: Plans,
    household: bool,
}

impl Export {
    /// Wires the use case.
    pub fn new(
        users: Arc<dyn UserRepository>,
        profiles: Arc<dyn PersonRepository>,
        plans: Plans,
    ) -> Self {
        Self {
            users,
            profiles,
            plans,
            household: false,
        }
    }

    /// The same export, with the account's household members.
    pub fn with_household(mut self) -> Self {
        self.household = true;
        self
    }

    /// All of `user`'s data; `None` when the account is gone.
    pub async fn account_data(&self, user: UserId) -> Result<Option<AccountData>, StoreError> {
        let Some(account) = self.users.credentials_by_id(user).await? else {
            return Ok(None);
        };
        let store = |e: PlanError| match e {
            PlanError::Store(e) => e,
            other => StoreError::Failure(other.to_string()),
        };
        let mut plans = Vec::new();
        for view in self.plans.history(user).await.map_err(store)? {
            // As the plan routes show them: each day with its fit.
            plans.push(self.plans.with_fit(user, view).await.map_err(store)?);
        }
        Ok(Some(AccountData {
            user: account.user,
            created_at: account.created_at,
            profile: self.profiles.find(user).await?,
            custom_tastes: self.profiles.owned_items(user, ItemKind::Taste).await?,
            custom_restrictions: self
                .profiles
                .owned_items(user, ItemKind::Restriction)
                .await?,
            plans,
            members: if self.household {
                self.profiles.members(user).await?
            } else {
                Vec::new()
            },
        }))
    }
}
