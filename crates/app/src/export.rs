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
    /// Their own recipes, deleted ones too (plans may still use them), by
    /// id.
    pub own_recipes: Vec<mealplan_domain::OwnRecipe>,
    /// What they have at home, in its order.
    pub pantry: Vec<mealplan_domain::PantryItem>,
}

/// The export use case.
#[derive(Clone)]
pub struct Export {
    users: Arc<dyn UserRepository>,
    profiles: Arc<dyn PersonRepository>,
    plans: Plans,
    household: bool,
    own_recipes: Option<Arc<dyn mealplan_ports::OwnRecipeStore>>,
    pantry: Option<Arc<dyn mealplan_ports::PantryStore>>,
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
            own_recipes: None,
            pantry: None,
        }
    }

    /// The same export, with the account's pantry.
    pub fn with_pantry(mut self, store: Arc<dyn mealplan_ports::PantryStore>) -> Self {
        self.pantry = Some(store);
        self
    }

    /// The same export, with the account's own recipes.
    pub fn with_own_recipes(mut self, store: Arc<dyn mealplan_ports::OwnRecipeStore>) -> Self {
        self.own_recipes = Some(store);
        self
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
        let profile = self.profiles.find(user).await?;
        // Each day with its fit, as the plan routes show it, but not what
        // any plan could reach (a search a day that misses: an account of
        // many plans would take minutes); profile and recipes read once.
        let plans = self
            .plans
            .history_fitted(user, profile.clone())
            .await
            .map_err(store)?;
        Ok(Some(AccountData {
            user: account.user,
            created_at: account.created_at,
            profile,
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
            own_recipes: match &self.own_recipes {
                Some(store) => store.of_owner(user).await?,
                None => Vec::new(),
            },
            // As it now is: meals ticked as eaten taken out.
            pantry: match &self.pantry {
                Some(store) => {
                    let ledger = store.ledger(user).await?;
                    if ledger.is_settled() {
                        ledger.items
                    } else {
                        self.plans.pantry(user).await?
                    }
                }
                None => Vec::new(),
            },
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures;
    use chrono::TimeZone;
    use mealplan_domain::{Email, MealStatus, MealType, Taxonomy, UserName};
    use mealplan_ports::{
        DailyMenu, MealDetail, MockClock, MockPersonRepository, MockPlanRepository,
        MockRecipeCatalog, MockUserRepository, Plan, UserCredentials,
    };

    const ANN: UserId = UserId(1);

    fn at(day: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 1, day, 8, 0, 0).unwrap()
    }

    fn users(found: bool) -> MockUserRepository {
        let mut users = MockUserRepository::new();
        users
            .expect_credentials_by_id()
            .withf(|id| *id == ANN)
            .times(1)
            .returning(move |_| {
                Ok(found.then(|| UserCredentials {
                    user: User {
                        id: ANN,
                        name: UserName::parse("Ann").unwrap(),
                        email: Email::parse("ann@example.com").unwrap(),
                    },
                    password_hash: "hash".into(),
                    security_stamp: "stamp".into(),
                    created_at: at(1),
                }))
            });
        users
    }

    /// No profile (so no day is judged against targets) and the custom
    /// items of each kind `items` gives.
    fn profiles(items: fn(ItemKind) -> Vec<NamedItem>) -> MockPersonRepository {
        let mut profiles = MockPersonRepository::new();
        profiles
            .expect_find()
            .withf(|id| *id == ANN)
            .returning(|_| Ok(None));
        profiles
            .expect_owned_items()
            .withf(|id, _| *id == ANN)
            .returning(move |_, kind| Ok(items(kind)));
        profiles
    }

    fn no_items(_: ItemKind) -> Vec<NamedItem> {
        Vec::new()
    }

    /// Plan `id` of one day whose one meal is recipe `recipe`.
    fn plan(id: i64, recipe: i64) -> Plan {
        Plan {
            id,
            user_id: ANN,
            created_at: at(id as u32),
            updated_at: at(id as u32),
            active: id == 2,
            household: false,
            settings: None,
            days: vec![DailyMenu {
                id: 10 * id,
                day_of_week: 1,
                meals: vec![MealDetail {
                    leftover_of: None,
                    id: 100 * id,
                    recipe_id: recipe,
                    schedule: 1,
                    status: MealStatus::Pending,
                    meal_type: MealType::Dinner,
                    servings: 1.0,
                    portions: Vec::new(),
                    note: None,
                    shared: false,
                }],
                notes: Vec::new(),
                rebalance_notes: Vec::new(),
            }],
        }
    }

    /// The plan service over a history of `history` and two recipes.
    fn plans(
        history: Result<Vec<Plan>, StoreError>,
        profiles: &Arc<MockPersonRepository>,
    ) -> Plans {
        let mut repository = MockPlanRepository::new();
        repository
            .expect_history()
            .withf(|id| *id == ANN)
            .times(1)
            .return_once(move |_| history);
        let mut catalog = MockRecipeCatalog::new();
        catalog.expect_all().returning(|| {
            Ok(Arc::from(vec![
                fixtures::recipe(7, &[("lentils", 150.0)], MealType::Dinner, 500.0),
                fixtures::recipe(8, &[("chicken breast", 150.0)], MealType::Dinner, 600.0),
            ]))
        });
        Plans::new(
            Arc::new(repository),
            Arc::new(catalog),
            Arc::clone(profiles) as Arc<dyn PersonRepository>,
            Arc::new(MockClock::new()),
            Arc::new(Taxonomy::default()),
        )
    }

    /// A plan service no test reaches: a read of any port would panic.
    fn unread_plans() -> Plans {
        Plans::new(
            Arc::new(MockPlanRepository::new()),
            Arc::new(MockRecipeCatalog::new()),
            Arc::new(MockPersonRepository::new()),
            Arc::new(MockClock::new()),
            Arc::new(Taxonomy::default()),
        )
    }

    fn export(
        users: MockUserRepository,
        profiles: MockPersonRepository,
        history: Result<Vec<Plan>, StoreError>,
    ) -> Export {
        let profiles = Arc::new(profiles);
        let plans = plans(history, &profiles);
        Export::new(Arc::new(users), profiles, plans)
    }

    #[tokio::test]
    async fn a_gone_account_exports_nothing_and_reads_nothing_else() {
        // Every other port has no expectation: a read of one would panic.
        let export = Export::new(
            Arc::new(users(false)),
            Arc::new(MockPersonRepository::new()),
            unread_plans(),
        )
        .with_household();
        assert_eq!(export.account_data(ANN).await.unwrap(), None);
    }

    #[tokio::test]
    async fn an_account_with_no_data_exports_its_account_and_empty_lists() {
        let export = export(users(true), profiles(no_items), Ok(Vec::new()));
        let data = export.account_data(ANN).await.unwrap().unwrap();
        assert_eq!(data.user.id, ANN);
        assert_eq!(data.user.email.as_str(), "ann@example.com");
        assert_eq!(data.created_at, at(1));
        assert_eq!(data.profile, None);
        assert!(data.custom_tastes.is_empty() && data.custom_restrictions.is_empty());
        assert!(data.plans.is_empty());
        // No household wired: no members, and nothing asked.
        assert!(data.members.is_empty());
        assert!(data.pantry.is_empty());
    }

    #[tokio::test]
    async fn the_pantry_is_exported_when_it_is_wired() {
        let mut pantry = mealplan_ports::MockPantryStore::new();
        pantry
            .expect_ledger()
            .withf(|id| *id == ANN)
            .times(1)
            .returning(|_| {
                Ok(mealplan_ports::PantryLedger {
                    items: vec![
                        mealplan_domain::PantryItem::new("egg".into(), 120.0, None).unwrap(),
                    ],
                    ..Default::default()
                })
            });
        let export =
            export(users(true), profiles(no_items), Ok(Vec::new())).with_pantry(Arc::new(pantry));
        let data = export.account_data(ANN).await.unwrap().unwrap();
        assert_eq!(data.pantry.len(), 1);
        assert_eq!(data.pantry[0].name, "egg");
    }

    #[tokio::test]
    async fn custom_items_are_exported_by_kind() {
        let items = |kind| match kind {
            ItemKind::Taste => vec![NamedItem {
                id: 31,
                name: "coriander".into(),
            }],
            ItemKind::Restriction => vec![NamedItem {
                id: 41,
                name: "okra".into(),
            }],
        };
        let export = export(users(true), profiles(items), Ok(Vec::new()));
        let data = export.account_data(ANN).await.unwrap().unwrap();
        let names = |items: &[NamedItem]| items.iter().map(|i| i.name.clone()).collect::<Vec<_>>();
        assert_eq!(names(&data.custom_tastes), ["coriander"]);
        assert_eq!(names(&data.custom_restrictions), ["okra"]);
    }

    #[tokio::test]
    async fn every_plan_is_exported_in_the_stored_order_with_its_recipes() {
        let export = export(
            users(true),
            profiles(no_items),
            Ok(vec![plan(2, 8), plan(1, 7)]),
        );
        let data = export.account_data(ANN).await.unwrap().unwrap();
        let shown: Vec<(i64, bool, i64, &str)> = data
            .plans
            .iter()
            .map(|p| {
                let meal = &p.days[0].meals[0];
                (p.id, p.active, meal.meal.id, meal.recipe.name.as_str())
            })
            .collect();
        assert_eq!(shown, [(2, true, 200, "r8"), (1, false, 100, "r7")]);
        // Without a profile there are no targets to judge a day by.
        assert!(data.plans.iter().all(|p| p.days[0].fit.is_none()));
    }

    #[tokio::test]
    async fn members_are_read_from_the_household_when_it_is_wired() {
        let mut people = profiles(no_items);
        people
            .expect_members()
            .withf(|id| *id == ANN)
            .times(1)
            .returning(|_| Ok(Vec::new()));
        let export = export(users(true), people, Ok(Vec::new())).with_household();
        let data = export.account_data(ANN).await.unwrap().unwrap();
        assert!(data.members.is_empty());
    }

    #[tokio::test]
    async fn a_storage_failure_is_the_exports_failure_as_it_came() {
        let export = export(
            users(true),
            profiles(no_items),
            Err(StoreError::Unavailable("failing over".into())),
        );
        assert!(matches!(
            export.account_data(ANN).await,
            Err(StoreError::Unavailable(cause)) if cause == "failing over"
        ));
        let mut users = MockUserRepository::new();
        users
            .expect_credentials_by_id()
            .returning(|_| Err(StoreError::Failure("disk".into())));
        let export = Export::new(
            Arc::new(users),
            Arc::new(MockPersonRepository::new()),
            unread_plans(),
        );
        assert!(matches!(
            export.account_data(ANN).await,
            Err(StoreError::Failure(cause)) if cause == "disk"
        ));
    }

    #[tokio::test]
    async fn a_plan_naming_a_missing_recipe_fails_the_export() {
        let export = export(users(true), profiles(no_items), Ok(vec![plan(1, 99)]));
        assert!(matches!(
            export.account_data(ANN).await,
            Err(StoreError::Failure(cause)) if cause.contains("missing recipe")
        ));
    }
}
