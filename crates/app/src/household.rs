//! Household members: people who eat with an account holder, each a
//! [`Person`] like the holder, stored by the same repository through the
//! same write ([`new_person`]), so their targets follow the same rules,
//! the echo rule included (issue 24, issue 36).

use std::sync::Arc;

use mealplan_domain::{Person, ProfileDraft, Relation, UserId, UserName};
use mealplan_ports::{
    Clock, ItemKind, MAX_MEMBERS, PersonRepository, PersonStoreError, StoreError,
};

use crate::profiles::new_person;

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

impl From<PersonStoreError> for MemberError {
    fn from(e: PersonStoreError) -> Self {
        match e {
            PersonStoreError::Full => Self::Full,
            PersonStoreError::UnknownItem { kind, index, id } => {
                Self::UnknownItem { kind, index, id }
            }
            PersonStoreError::Store(e) => Self::Store(e),
        }
    }
}

/// Member use cases.
#[derive(Clone)]
pub struct Household {
    people: Arc<dyn PersonRepository>,
    clock: Arc<dyn Clock>,
}

impl Household {
    /// Wires the service to its ports.
    pub fn new(people: Arc<dyn PersonRepository>, clock: Arc<dyn Clock>) -> Self {
        Self { people, clock }
    }

    /// `user`'s members, oldest first.
    pub async fn list(&self, user: UserId) -> Result<Vec<Person>, MemberError> {
        Ok(self.people.members(user).await?)
    }

    /// One of `user`'s members.
    pub async fn get(&self, user: UserId, id: i64) -> Result<Person, MemberError> {
        self.people
            .member(user, id)
            .await?
            .ok_or(MemberError::NotFound)
    }

    /// Adds a member named `name`, the holder's `relation` when said, with
    /// the profile `draft`; targets omitted or 0 are computed, as a
    /// profile's are.
    pub async fn add(
        &self,
        user: UserId,
        name: UserName,
        relation: Option<Relation>,
        draft: ProfileDraft,
    ) -> Result<Person, MemberError> {
        let mut person = new_person(Some(name), draft, self.clock.now());
        person.relation = relation;
        Ok(self.people.add_member(user, person).await?)
    }

    /// Replaces one of `user`'s members (their relation with them: `None`
    /// clears it); a target sent back as the service
    /// computed it stays computed (the echo rule, applied by the store to
    /// the member it replaces, as for the holder).
    pub async fn replace(
        &self,
        user: UserId,
        id: i64,
        name: UserName,
        relation: Option<Relation>,
        draft: ProfileDraft,
    ) -> Result<Person, MemberError> {
        let mut person = new_person(Some(name), draft, self.clock.now());
        person.relation = relation;
        self.people
            .replace_member(user, id, person)
            .await?
            .ok_or(MemberError::NotFound)
    }

    /// Removes one of `user`'s members.
    pub async fn remove(&self, user: UserId, id: i64) -> Result<(), MemberError> {
        if self.people.remove_member(user, id).await? {
            Ok(())
        } else {
            Err(MemberError::NotFound)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{NaiveDate, TimeZone, Utc};
    use mealplan_domain::{ItemInput, ProfileInput, Targets};
    use mealplan_ports::{MockClock, MockPersonRepository, NewPerson};

    fn clock() -> Arc<MockClock> {
        let mut clock = MockClock::new();
        clock
            .expect_now()
            .returning(|| Utc.with_ymd_and_hms(2026, 6, 1, 12, 0, 0).unwrap());
        Arc::new(clock)
    }

    fn name(n: &str) -> UserName {
        UserName::parse(n).unwrap()
    }

    /// A member's profile as a client sends it: 30 years old on
    /// 2026-06-01, `calories` (0: computed), a nut allergy.
    fn draft(calories: f64) -> ProfileDraft {
        let input = ProfileInput {
            goal: "maintain_weight".into(),
            height: 180.0,
            weight: 80.0,
            body_type: "normal".into(),
            gender: "male".into(),
            meals_per_day: 3,
            activity_level: "low".into(),
            birth_date: NaiveDate::from_ymd_opt(1996, 1, 1).unwrap(),
            targets: Targets {
                calories,
                ..Targets::default()
            },
            restrictions: vec![ItemInput {
                id: Some(3),
                name: "nut allergy".into(),
            }],
            ..ProfileInput::default()
        };
        ProfileDraft::parse(&input, NaiveDate::from_ymd_opt(2026, 6, 1).unwrap()).unwrap()
    }

    /// What a repository stores for `p` as member `id`, over the member
    /// it replaces (`previous`), running the write's resolver as the
    /// store does.
    fn stored(id: i64, p: &NewPerson, previous: Option<&Person>) -> Person {
        let resolved = (p.resolve)(previous.map(Person::stored).as_ref());
        Person {
            id,
            user_id: UserId(5),
            holder: false,
            name: p.name.clone().expect("a member has a name"),
            relation: p.relation,
            body: *p.draft.body(),
            meals_per_day: p.draft.meals_per_day(),
            body_fat_percentage: resolved.body_fat_percentage,
            targets: resolved.targets,
            manual: resolved.manual,
            tastes: vec![],
            restrictions: vec![],
            diet_types: p.draft.diet_types().to_vec(),
        }
    }

    fn service(repo: MockPersonRepository) -> Household {
        Household::new(Arc::new(repo), clock())
    }

    #[tokio::test]
    async fn a_member_is_added_with_a_name_and_targets_computed_at_todays_age() {
        let mut repo = MockPersonRepository::new();
        repo.expect_add_member()
            .withf(|user, p| {
                // 30 years old on 2026-06-01: maintain, low → 2136 kcal.
                let resolved = (p.resolve)(None);
                *user == UserId(5)
                    && p.name.as_ref().map(UserName::as_str) == Some("Leo")
                    && p.draft.restrictions().len() == 1
                    && resolved.targets.calories == 2136.0
                    && !resolved.manual.targets.calories
            })
            .times(1)
            .returning(|_, p| Ok(stored(7, &p, None)));
        let leo = service(repo)
            .add(UserId(5), name("Leo"), None, draft(0.0))
            .await
            .unwrap();
        assert_eq!((leo.id, leo.name.as_str(), leo.holder), (7, "Leo", false));
        assert_eq!(leo.targets.calories, 2136.0);
    }

    #[tokio::test]
    async fn a_full_household_refuses_another_member() {
        let mut repo = MockPersonRepository::new();
        repo.expect_add_member()
            .times(1)
            .returning(|_, _| Err(PersonStoreError::Full));
        let result = service(repo)
            .add(UserId(5), name("Leo"), None, draft(0.0))
            .await;
        match result {
            Err(e @ MemberError::Full) => assert_eq!(
                e.to_string(),
                "a household has at most 12 members besides its holder"
            ),
            other => panic!("{other:?}"),
        }
    }

    #[tokio::test]
    async fn an_unknown_item_is_reported_with_its_place() {
        let mut repo = MockPersonRepository::new();
        repo.expect_add_member().returning(|_, _| {
            Err(PersonStoreError::UnknownItem {
                kind: ItemKind::Restriction,
                index: 0,
                id: 3,
            })
        });
        let result = service(repo)
            .add(UserId(5), name("Leo"), None, draft(0.0))
            .await;
        assert!(matches!(
            result,
            Err(MemberError::UnknownItem {
                kind: ItemKind::Restriction,
                index: 0,
                id: 3
            })
        ));
    }

    #[tokio::test]
    async fn a_replace_echoing_computed_targets_keeps_them_computed() {
        // Leo as first stored: every target computed.
        let first = {
            let mut repo = MockPersonRepository::new();
            repo.expect_add_member()
                .returning(|_, p| Ok(stored(7, &p, None)));
            service(repo)
                .add(UserId(5), name("Leo"), None, draft(0.0))
                .await
                .unwrap()
        };
        // The client sends the calories it received back, and a new name;
        // the store runs the echo rule on the member it replaces, with no
        // read before the write.
        let mut repo = MockPersonRepository::new();
        repo.expect_member().never();
        let previous = first.clone();
        repo.expect_replace_member()
            .withf(move |user, id, p| {
                let resolved = (p.resolve)(Some(&previous.stored()));
                *user == UserId(5)
                    && *id == 7
                    && p.name.as_ref().map(UserName::as_str) == Some("Leonard")
                    && resolved.manual == Default::default()
            })
            .times(1)
            .returning(move |_, id, p| Ok(Some(stored(id, &p, Some(&first)))));
        let leo = service(repo)
            .replace(UserId(5), 7, name("Leonard"), None, draft(2136.0))
            .await
            .unwrap();
        assert_eq!(leo.name.as_str(), "Leonard");
        assert!(!leo.manual.targets.calories);
    }

    #[tokio::test]
    async fn a_new_value_sent_on_replace_is_kept_as_set_by_hand() {
        let mut repo = MockPersonRepository::new();
        repo.expect_replace_member()
            .returning(|_, id, p| Ok(Some(stored(id, &p, None))));
        let leo = service(repo)
            .replace(UserId(5), 7, name("Leo"), None, draft(1800.0))
            .await
            .unwrap();
        assert_eq!(leo.targets.calories, 1800.0);
        assert!(leo.manual.targets.calories);
    }

    #[tokio::test]
    async fn another_accounts_member_is_not_found() {
        let mut repo = MockPersonRepository::new();
        repo.expect_member()
            .withf(|user, id| *user == UserId(5) && *id == 9)
            .returning(|_, _| Ok(None));
        repo.expect_replace_member().returning(|_, _, _| Ok(None));
        repo.expect_remove_member().returning(|_, _| Ok(false));
        let household = service(repo);
        assert!(matches!(
            household.get(UserId(5), 9).await,
            Err(MemberError::NotFound)
        ));
        assert!(matches!(
            household
                .replace(UserId(5), 9, name("Leo"), None, draft(0.0))
                .await,
            Err(MemberError::NotFound)
        ));
        assert!(matches!(
            household.remove(UserId(5), 9).await,
            Err(MemberError::NotFound)
        ));
    }

    #[tokio::test]
    async fn members_are_listed_and_removed_through_the_port() {
        let mut repo = MockPersonRepository::new();
        repo.expect_members()
            .withf(|user| *user == UserId(5))
            .returning(|_| {
                let p = NewPerson {
                    name: Some(UserName::parse("Kim").unwrap()),
                    ..new_person(None, draft(0.0), Utc::now())
                };
                Ok(vec![stored(3, &p, None)])
            });
        repo.expect_remove_member()
            .withf(|user, id| *user == UserId(5) && *id == 3)
            .times(1)
            .returning(|_, _| Ok(true));
        let household = service(repo);
        let list = household.list(UserId(5)).await.unwrap();
        assert_eq!(list.len(), 1);
        assert_eq!(list[0].name.as_str(), "Kim");
        household.remove(UserId(5), 3).await.unwrap();
    }

    #[tokio::test]
    async fn a_storage_failure_is_passed_on() {
        let mut repo = MockPersonRepository::new();
        repo.expect_members()
            .returning(|_| Err(StoreError::Unavailable("down".into())));
        assert!(matches!(
            service(repo).list(UserId(5)).await,
            Err(MemberError::Store(StoreError::Unavailable(_)))
        ));
    }
}
