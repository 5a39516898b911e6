//! The nutrition profile and the public preference lists.

use std::sync::Arc;

use chrono::{DateTime, NaiveDate, Utc};
use mealplan_domain::{ItemRef, NamedItem, ProfileDraft, Stored, UserId, UserName, targets};
use mealplan_ports::{
    Clock, ItemKind, NewPerson, Person, PersonRepository, PersonStoreError, ReferenceData,
    ReferenceList, Resolver, StoreError, TokenClaims,
};

use crate::accounts::{Authenticated, InSession, admit_found};

/// Why a profile operation failed.
#[derive(Debug, thiserror::Error)]
pub enum ProfileError {
    /// The user has no profile yet.
    #[error("profile not found")]
    NotFound,
    /// An item sent by id is not one the user may use.
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

/// The one write of a person, the holder (`name` `None`) or a member:
/// `draft` as sent, with the one echo rule for everyone. Targets omitted
/// or 0 are computed, positive ones kept, except that a value equal to one
/// the service computed last time is an echo and is computed again
/// ([`targets::echoes_cleared`]); the repository runs it on the values it
/// replaces, inside its write. Ages are counted on the day of `now`.
pub(crate) fn new_person(
    name: Option<UserName>,
    draft: ProfileDraft,
    now: DateTime<Utc>,
) -> NewPerson {
    let age = draft.body().birth_date.age_on(now.date_naive());
    let (body, body_fat_sent, requested_sent) = (
        *draft.body(),
        draft.body_fat_percentage(),
        draft.requested(),
    );
    let diets = draft.diet_types().to_vec();
    let resolve: Resolver = Arc::new(move |previous: Option<&Stored>| {
        let (body_fat, requested) =
            targets::echoes_cleared(body_fat_sent, requested_sent, previous);
        targets::resolve(&body, age, body_fat, requested, &diets)
    });
    NewPerson {
        name,
        relation: None,
        draft,
        resolve,
        now,
    }
}

/// How often an upsert that lost a race (unique constraint) is retried.
const UPSERT_ATTEMPTS: usize = 3;

/// Profile use cases.
#[derive(Clone)]
pub struct Profiles {
    profiles: Arc<dyn PersonRepository>,
    reference: Arc<dyn ReferenceData>,
    clock: Arc<dyn Clock>,
}

impl Profiles {
    /// Wires the service to its ports.
    pub fn new(
        profiles: Arc<dyn PersonRepository>,
        reference: Arc<dyn ReferenceData>,
        clock: Arc<dyn Clock>,
    ) -> Self {
        Self {
            profiles,
            reference,
            clock,
        }
    }

    /// Today's UTC date: the day ages are computed on.
    pub fn today(&self) -> NaiveDate {
        self.clock.now().date_naive()
    }

    /// Creates or replaces `user`'s profile; targets omitted or 0 are
    /// computed, positive ones kept, except that a value equal to one the
    /// service computed last time is an echo and is computed again
    /// ([`targets::echoes_cleared`]). The repository applies these rules to
    /// the stored values inside its write (no read before it). A write that
    /// loses a race with a concurrent first upsert is retried, and then
    /// updates.
    pub async fn upsert(&self, user: UserId, draft: ProfileDraft) -> Result<Person, ProfileError> {
        let profile = new_person(None, draft, self.clock.now());
        let mut attempt = 1;
        loop {
            match self.profiles.upsert(user, profile.clone()).await {
                Ok(stored) => return Ok(stored),
                Err(PersonStoreError::Store(StoreError::Conflict(what)))
                    if attempt < UPSERT_ATTEMPTS =>
                {
                    tracing::debug!(%what, attempt, "profile upsert lost a race; retrying");
                    attempt += 1;
                }
                Err(PersonStoreError::UnknownItem { kind, index, id }) => {
                    return Err(ProfileError::UnknownItem { kind, index, id });
                }
                Err(PersonStoreError::Store(e)) => return Err(e.into()),
                Err(e @ PersonStoreError::Full) => {
                    return Err(StoreError::Failure(e.to_string()).into());
                }
            }
        }
    }

    /// Every item sent by id that `user` may not use, as (list, position,
    /// id), tastes first, in the order sent.
    pub async fn unknown_items(
        &self,
        user: UserId,
        tastes: &[ItemRef],
        restrictions: &[ItemRef],
    ) -> Result<Vec<(ItemKind, usize, i64)>, StoreError> {
        let mut unknown = Vec::new();
        for (kind, refs) in [
            (ItemKind::Taste, tastes),
            (ItemKind::Restriction, restrictions),
        ] {
            let sent: Vec<(usize, i64)> = refs
                .iter()
                .enumerate()
                .filter_map(|(i, r)| match r {
                    ItemRef::Id(id, _) => Some((i, *id)),
                    ItemRef::Name(_) => None,
                })
                .collect();
            if sent.is_empty() {
                continue;
            }
            let ids = sent.iter().map(|(_, id)| *id).collect();
            let visible = self.profiles.visible_items(user, kind, ids).await?;
            unknown.extend(
                sent.into_iter()
                    .filter(|(_, id)| !visible.contains(id))
                    .map(|(i, id)| (kind, i, id)),
            );
        }
        Ok(unknown)
    }

    /// The profile of the user `claims` name, their token checked by the
    /// statement that reads it (one round trip for the whole request).
    pub async fn get_in_session(
        &self,
        claims: TokenClaims,
    ) -> Result<(Authenticated, Person), InSession<ProfileError>> {
        let found = self
            .profiles
            .find_in_session(claims.user, claims.jti.clone())
            .await;
        let (session, profile) = admit_found(claims, found)?;
        let profile = profile.ok_or(InSession::Work(ProfileError::NotFound))?;
        Ok((session, profile))
    }

    /// `user`'s profile.
    pub async fn get(&self, user: UserId) -> Result<Person, ProfileError> {
        self.profiles
            .find(user)
            .await?
            .ok_or(ProfileError::NotFound)
    }

    /// The predefined items of a public list.
    pub async fn reference_list(&self, list: ReferenceList) -> Result<Vec<NamedItem>, StoreError> {
        self.reference.list(list).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{TimeZone, Utc};
    use mealplan_domain::{ProfileInput, Targets};
    use mealplan_ports::{MockClock, MockPersonRepository, MockReferenceData};

    fn clock() -> Arc<MockClock> {
        let mut clock = MockClock::new();
        clock
            .expect_now()
            .returning(|| Utc.with_ymd_and_hms(2026, 6, 1, 12, 0, 0).unwrap());
        Arc::new(clock)
    }

    fn draft(calories: f64) -> ProfileDraft {
        draft_with(calories, "maintain_weight", 0.0, 0.0)
    }

    /// A draft parsed as a client would send it.
    fn draft_with(calories: f64, goal: &str, body_fat: f64, protein: f64) -> ProfileDraft {
        let input = ProfileInput {
            goal: goal.into(),
            height: 180.0,
            weight: 80.0,
            body_type: "normal".into(),
            gender: "male".into(),
            meals_per_day: 3,
            activity_level: "low".into(),
            birth_date: NaiveDate::from_ymd_opt(1996, 1, 1).unwrap(),
            body_fat_percentage: body_fat,
            targets: Targets {
                calories,
                protein,
                ..Targets::default()
            },
            ..ProfileInput::default()
        };
        ProfileDraft::parse(&input, NaiveDate::from_ymd_opt(2026, 6, 1).unwrap()).unwrap()
    }

    /// What a repository stores for `p` over `previous`.
    fn stored_over(p: &NewPerson, previous: Option<&Person>) -> Person {
        let resolved = (p.resolve)(previous.map(Person::stored).as_ref());
        Person {
            id: 1,
            user_id: UserId(5),
            holder: p.name.is_none(),
            name: p
                .name
                .clone()
                .unwrap_or_else(|| UserName::parse("Ann").unwrap()),
            relation: p.relation,
            body: *p.draft.body(),
            meals_per_day: p.draft.meals_per_day(),
            body_fat_percentage: resolved.body_fat_percentage,
            targets: resolved.targets,
            manual: resolved.manual,
            tastes: vec![],
            restrictions: vec![],
            diet_types: vec![],
        }
    }

    /// What a repository stores for `p` as a first profile.
    fn stored(p: &NewPerson) -> Person {
        stored_over(p, None)
    }

    /// A service over `repo`; an upsert never calls `find` (the mock
    /// would panic).
    fn service(repo: MockPersonRepository) -> Profiles {
        Profiles::new(Arc::new(repo), Arc::new(MockReferenceData::new()), clock())
    }

    #[tokio::test]
    async fn echoed_computed_targets_follow_a_new_goal() {
        let mut first = MockPersonRepository::new();
        first.expect_upsert().returning(|_, p| Ok(stored(&p)));
        let before = service(first).upsert(UserId(5), draft(0.0)).await.unwrap();

        // The client sends the targets it received back with a new goal.
        let edit = draft_with(
            before.targets.calories,
            "gain_weight",
            before.body_fat_percentage,
            before.targets.protein,
        );
        let mut repo = MockPersonRepository::new();
        let previous = before.clone();
        repo.expect_upsert()
            .withf(move |_, p| {
                let resolved = (p.resolve)(Some(&previous.stored()));
                resolved.manual == Default::default() && resolved.targets.calories > 2136.0
            })
            .times(1)
            .returning(move |_, p| Ok(stored_over(&p, Some(&before))));
        let service = Profiles::new(Arc::new(repo), Arc::new(MockReferenceData::new()), clock());
        let after = service.upsert(UserId(5), edit).await.unwrap();
        assert_eq!(after.targets.calories, (1.1 * 2136.0_f64 + 150.0).round());
    }

    #[tokio::test]
    async fn upsert_computes_targets_at_todays_age() {
        let mut repo = MockPersonRepository::new();
        repo.expect_upsert()
            .withf(|user, p| {
                // 30 years old on 2026-06-01: maintain, low → 2136 kcal.
                let resolved = (p.resolve)(None);
                *user == UserId(5)
                    && resolved.targets.calories == 2136.0
                    && resolved.body_fat_percentage == 18.0
            })
            .times(1)
            .returning(|_, p| Ok(stored(&p)));
        let profile = service(repo).upsert(UserId(5), draft(0.0)).await.unwrap();
        assert_eq!(profile.targets.protein, 131.0);
    }

    #[tokio::test]
    async fn upsert_keeps_a_hand_set_target() {
        let mut repo = MockPersonRepository::new();
        repo.expect_upsert()
            .withf(|_, p| (p.resolve)(None).targets.calories == 1800.0)
            .returning(|_, p| Ok(stored(&p)));
        let profile = service(repo)
            .upsert(UserId(5), draft(1800.0))
            .await
            .unwrap();
        assert_eq!(profile.targets.fat, 50.0);
    }

    #[tokio::test]
    async fn a_lost_race_is_retried_then_succeeds() {
        let mut repo = MockPersonRepository::new();
        let mut seq = mockall::Sequence::new();
        repo.expect_upsert()
            .times(1)
            .in_sequence(&mut seq)
            .returning(|_, _| Err(StoreError::Conflict("profiles.user_id".into()).into()));
        repo.expect_upsert()
            .times(1)
            .in_sequence(&mut seq)
            .returning(|_, p| Ok(stored(&p)));
        assert!(service(repo).upsert(UserId(5), draft(0.0)).await.is_ok());
    }

    #[tokio::test]
    async fn conflicts_give_up_after_three_attempts() {
        let mut repo = MockPersonRepository::new();
        repo.expect_upsert()
            .times(3)
            .returning(|_, _| Err(StoreError::Conflict("x".into()).into()));
        let result = service(repo).upsert(UserId(5), draft(0.0)).await;
        assert!(matches!(
            result,
            Err(ProfileError::Store(StoreError::Conflict(_)))
        ));
    }

    #[tokio::test]
    async fn unknown_items_are_reported_with_their_position() {
        let mut repo = MockPersonRepository::new();
        repo.expect_upsert().returning(|_, _| {
            Err(PersonStoreError::UnknownItem {
                kind: ItemKind::Taste,
                index: 2,
                id: 99,
            })
        });
        let result = service(repo).upsert(UserId(5), draft(0.0)).await;
        match result {
            Err(
                e @ ProfileError::UnknownItem {
                    index: 2, id: 99, ..
                },
            ) => {
                assert_eq!(e.to_string(), "unknown taste id 99")
            }
            other => panic!("{other:?}"),
        }
    }

    #[tokio::test]
    async fn unknown_items_lists_every_id_the_user_may_not_use() {
        let mut repo = MockPersonRepository::new();
        repo.expect_visible_items().returning(|_, kind, ids| {
            Ok(ids
                .into_iter()
                .filter(|id| match kind {
                    ItemKind::Taste => *id == 1,
                    ItemKind::Restriction => *id == 2,
                })
                .collect())
        });
        let name = |n: &str| mealplan_domain::ItemName::parse(n).unwrap();
        let tastes = [
            ItemRef::Id(1, name("spicy")),
            ItemRef::Name(name("new")),
            ItemRef::Id(9, name("x")),
        ];
        let restrictions = [ItemRef::Id(2, name("y")), ItemRef::Id(3, name("z"))];
        let unknown = service(repo)
            .unknown_items(UserId(1), &tastes, &restrictions)
            .await
            .unwrap();
        assert_eq!(
            unknown,
            [(ItemKind::Taste, 2, 9), (ItemKind::Restriction, 1, 3)]
        );
    }

    #[tokio::test]
    async fn get_without_a_profile_is_not_found() {
        let mut repo = MockPersonRepository::new();
        repo.expect_find().returning(|_| Ok(None));
        assert!(matches!(
            service(repo).get(UserId(1)).await,
            Err(ProfileError::NotFound)
        ));
    }

    #[tokio::test]
    async fn reference_lists_come_from_the_port() {
        let mut reference = MockReferenceData::new();
        reference
            .expect_list()
            .withf(|l| *l == ReferenceList::Tastes)
            .returning(|_| {
                Ok(vec![NamedItem {
                    id: 1,
                    name: "spicy".into(),
                }])
            });
        let profiles = Profiles::new(
            Arc::new(MockPersonRepository::new()),
            Arc::new(reference),
            clock(),
        );
        let items = profiles
            .reference_list(ReferenceList::Tastes)
            .await
            .unwrap();
        assert_eq!(
            items,
            [NamedItem {
                id: 1,
                name: "spicy".into()
            }]
        );
    }
}
