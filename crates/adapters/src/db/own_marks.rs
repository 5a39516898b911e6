//! Whether a user has own recipes, as their last session statement found
//! it, so that an account without any reads none: the plan, summary, swap
//! and generate paths ask for a user's own recipes on every request, and
//! most accounts have none.
//!
//! Every session statement reads the user's *mark*, the newest own recipe
//! id they ever had (0: none). Own recipes are never removed while the
//! account lives (a deletion hides them) and a new one takes an id above
//! every earlier one, so the mark only grows. [`OwnMarks`] keeps the
//! largest mark each user's session statements found on this instance. A
//! request's own session statement runs before its own-recipe read, so a
//! kept mark of 0 says the user had none when this request was admitted:
//! answering "none" then is what a read at that moment would have found,
//! on any number of instances.

use std::collections::HashMap;
use std::sync::Mutex;

use mealplan_domain::UserId;

/// Users kept before the map starts over: forgetting only costs a read.
const MARKS_KEPT: usize = 200_000;

super::fixed::fixed_sql! {
    /// The user's mark (`users` in the outer query): their newest own
    /// recipe's id, 0 if they never had one. An index probe on
    /// `own_recipes (owner_id)`.
    OwnMarkColumn: diesel::sql_types::BigInt =
        "(SELECT CAST(COALESCE(MAX(o.recipe_id), 0) AS BIGINT) FROM own_recipes o \
         WHERE o.owner_id = users.id)"
}

/// The largest own-recipe mark each user's session statements found.
#[derive(Debug, Default)]
pub(in crate::db) struct OwnMarks {
    marks: Mutex<HashMap<i64, i64>>,
}

impl OwnMarks {
    /// Notes that a session statement found `mark` for `user`.
    pub(in crate::db) fn note(&self, user: UserId, mark: i64) {
        let mut marks = self.marks.lock().unwrap_or_else(|p| p.into_inner());
        if marks.len() >= MARKS_KEPT && !marks.contains_key(&user.0) {
            marks.clear();
        }
        let kept = marks.entry(user.0).or_insert(mark);
        *kept = (*kept).max(mark);
    }

    /// Whether `user` is known to have no own recipes (see the module's
    /// note); `false` when unknown.
    pub(in crate::db) fn has_none(&self, user: UserId) -> bool {
        let marks = self.marks.lock().unwrap_or_else(|p| p.into_inner());
        marks.get(&user.0) == Some(&0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_marks_of_zero_say_none_and_a_mark_never_shrinks() {
        let marks = OwnMarks::default();
        let (ann, bob) = (UserId(1), UserId(2));
        assert!(!marks.has_none(ann), "unknown is not none");
        marks.note(ann, 0);
        assert!(marks.has_none(ann));
        marks.note(ann, 1_000_000_007);
        assert!(!marks.has_none(ann));
        // A slower request's older reading does not bring "none" back.
        marks.note(ann, 0);
        assert!(!marks.has_none(ann));
        // A recipe this instance just stored for Bob counts at once, so a
        // request that adds one and then plans (the assistant) finds it.
        marks.note(bob, 0);
        marks.note(bob, 1_000_000_008);
        marks.note(bob, 0);
        assert!(!marks.has_none(bob));
    }
}
