//! One person who eats: the account holder, who is the first person of
//! their household, or a member of it. Both are the same values (a name,
//! the body with its goal, meals a day, body fat and targets in force,
//! tastes, restrictions and diet types), stored, edited, resolved and
//! planned for in the same way; only where the holder's name lives and
//! which person is first differ.

use chrono::NaiveDate;

use crate::account::{UserId, UserName};
use crate::profile::targets::{DayTargets, Manual, Stored, hand_set};
use crate::profile::validation::{ProfileDraft, ProfileErrors, ProfileInput};
use crate::profile::{Body, DietType, ItemName, ItemRef, MealsPerDay, NamedItem, Relation};

/// A person as stored, with their lists resolved to `{id, name}` items.
#[derive(Debug, Clone, PartialEq)]
pub struct Person {
    /// Their id: the profile's for the holder, the member's for a member.
    pub id: i64,
    /// The account whose household they belong to.
    pub user_id: UserId,
    /// Whether they are the account holder (the household's first
    /// person) rather than a member.
    pub holder: bool,
    /// What the household calls them: a member's own name, the account's
    /// name for the holder.
    pub name: UserName,
    /// What a member is to the holder ("mother"), when it was said; never
    /// for the holder.
    pub relation: Option<Relation>,
    /// Body facts, the goal among them.
    pub body: Body,
    /// Meals a day.
    pub meals_per_day: MealsPerDay,
    /// Body fat % in force.
    pub body_fat_percentage: f64,
    /// Targets in force, checked once (so a plan takes them as they are).
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

impl Person {
    /// The values the echo rule compares a save with
    /// ([`echoes_cleared`](crate::targets::echoes_cleared)).
    pub fn stored(&self) -> Stored {
        Stored {
            body_fat_percentage: self.body_fat_percentage,
            targets: self.targets.get(),
            manual: self.manual,
        }
    }

    /// What a save would send to keep this person as they are: hand-set
    /// values stay hand-set, computed ones are computed again; items by
    /// id (an item whose stored name no longer reads as one is left out).
    /// Parse it ([`ProfileDraft::parse`](crate::ProfileDraft::parse)) for
    /// a draft to change.
    pub fn input(&self) -> ProfileInput {
        let (body_fat_percentage, requested) = hand_set(&self.stored());
        let refs = |items: &[NamedItem]| -> Vec<ItemRef> {
            items
                .iter()
                .filter_map(|i| ItemName::parse(&i.name).ok().map(|n| ItemRef::Id(i.id, n)))
                .collect()
        };
        ProfileInput::of(
            &self.body,
            self.meals_per_day,
            body_fat_percentage,
            requested,
            &refs(&self.tastes),
            &refs(&self.restrictions),
            &self.diet_types,
        )
    }

    /// This person as a draft to change, checked on `today` by their own
    /// rules: the holder's, or a member's (who may be a child from 3).
    pub fn draft(&self, today: NaiveDate) -> Result<ProfileDraft, ProfileErrors> {
        let input = self.input();
        if self.holder {
            ProfileDraft::parse(&input, today)
        } else {
            ProfileDraft::parse_member(&input, today)
        }
    }
}

#[cfg(test)]
mod tests {
    use chrono::NaiveDate;

    use super::*;
    use crate::profile::targets::Targets;
    use crate::{ProfileDraft, ProfileInput};

    #[test]
    fn a_person_saved_unchanged_keeps_what_was_set_by_hand() {
        let today = NaiveDate::from_ymd_opt(2026, 1, 1).unwrap();
        let input = ProfileInput {
            goal: "lose_weight".into(),
            height: 180.0,
            weight: 80.0,
            body_type: "normal".into(),
            gender: "male".into(),
            meals_per_day: 3,
            activity_level: "medium".into(),
            birth_date: NaiveDate::from_ymd_opt(1990, 5, 1).unwrap(),
            targets: Targets {
                protein: 150.0,
                ..Targets::default()
            },
            diet_types: vec!["vegan".into()],
            ..ProfileInput::default()
        };
        let draft = ProfileDraft::parse(&input, today).unwrap();
        let resolved = draft.resolve(today);
        let person = Person {
            id: 1,
            user_id: UserId(1),
            holder: true,
            name: UserName::parse("Ann").unwrap(),
            relation: None,
            body: *draft.body(),
            meals_per_day: draft.meals_per_day(),
            body_fat_percentage: resolved.body_fat_percentage,
            targets: resolved.targets,
            manual: resolved.manual,
            tastes: vec![NamedItem {
                id: 101,
                name: "mango".into(),
            }],
            restrictions: vec![],
            diet_types: draft.diet_types().to_vec(),
        };
        let again = person.input();
        assert_eq!(again.targets.protein, 150.0);
        assert_eq!(again.targets.calories, 0.0);
        assert_eq!(again.tastes[0].id, Some(101));
        assert_eq!(
            ProfileDraft::parse(&again, today).unwrap().resolve(today),
            resolved
        );
        assert_eq!(person.draft(today).unwrap().resolve(today), resolved);
    }

    /// A child member saved unchanged is checked as a member, so a change
    /// made on them (by the assistant) keeps working.
    #[test]
    fn a_child_member_is_drafted_by_the_member_rules() {
        let today = NaiveDate::from_ymd_opt(2026, 1, 1).unwrap();
        let input = ProfileInput {
            goal: "maintain_weight".into(),
            height: 128.0,
            weight: 26.0,
            body_type: "normal".into(),
            gender: "male".into(),
            meals_per_day: 4,
            activity_level: "medium".into(),
            birth_date: NaiveDate::from_ymd_opt(2017, 6, 1).unwrap(),
            ..ProfileInput::default()
        };
        let draft = ProfileDraft::parse_member(&input, today).unwrap();
        let resolved = draft.resolve(today);
        let child = Person {
            id: 2,
            user_id: UserId(1),
            holder: false,
            name: UserName::parse("Mia").unwrap(),
            body: *draft.body(),
            meals_per_day: draft.meals_per_day(),
            body_fat_percentage: resolved.body_fat_percentage,
            targets: resolved.targets,
            manual: resolved.manual,
            tastes: vec![],
            restrictions: vec![],
            diet_types: vec![],
            relation: None,
        };
        assert_eq!(child.draft(today).unwrap(), draft);
        let holder = Person {
            holder: true,
            ..child
        };
        assert!(holder.draft(today).is_err());
    }
}
