//! Cook once, eat again (issue 40): which meals of a week are cooked and
//! which are eaten from an earlier meal's dish (the week's schedule), and
//! what a plan asks for ([`Leftovers`]) and answers ([`CookedAt`]).
//!
//! Only lunches and dinners are paired: they are the meals people cook,
//! and either may take the other's dish (cooked at dinner, eaten at the
//! next day's lunch). Breakfasts and snacks are made fresh each time, so
//! they are never leftovers and never count as cooking sessions. A dish
//! cooked on day `d` is eaten again on day `d + 1` or `d + 2` (never the
//! same day: no one eats a recipe twice a day), at most once a day, so a
//! cooking session feeds at most three meals of one person.
//!
//! The schedule is laid out before the search, in *lanes*: one per
//! lunch or dinner slot of a day, each lane a run of blocks of 1 to 3
//! days whose first day cooks and whose other days eat its dish. On a
//! day, eating lanes take the earlier slots (lunch) and cooking lanes the
//! later ones (dinner). The day search then fills every other slot as
//! usual around the leftover, whose portion stays free; a day that the
//! leftover keeps off its targets while a fresh day would not is planned
//! fresh instead (the leftover dropped, one more session, and the day
//! says so in [`TableDay::notes`](super::TableDay::notes)). The planned
//! week is marked by `household::mark_leftovers`, beside the types it
//! marks.

use crate::food::meal::MealType;

/// How many days after its cooking a dish is still eaten (food kept in
/// the fridge; the planner pairs meals within it, and a leftover a person
/// says they have is taken within it too).
pub const KEEPS_DAYS: u8 = 2;

/// Leftovers asked of a plan ([`PlanRequest::with_leftovers`](super::PlanRequest::with_leftovers)).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Leftovers {
    /// The most cooking sessions in the plan: lunches and dinners cooked
    /// rather than eaten from an earlier meal (breakfasts and snacks are
    /// not counted). `None`: each cooked lunch or dinner is eaten once
    /// more where the week allows (cook once, eat twice). A bound below
    /// what the week allows (two lunch or dinner slots a day need at
    /// least two sessions every three days: 6 in a week) is planned at
    /// that least, and the first day's [`notes`](super::TableDay::notes)
    /// say so. A week that drops leftovers to keep its days on target
    /// and so cooks more often is planned again, laid out another way (up
    /// to 4 weeks, the one cooking least beyond the bound kept);
    /// when it still cooks more, its first day's notes say how often.
    pub cook_at_most: Option<u8>,
}

/// Where a leftover meal's dish was cooked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CookedAt {
    /// The day of the cooking meal, 1-7 (as [`TableDay::day_of_week`](super::TableDay::day_of_week)).
    pub day_of_week: u8,
    /// The cooking meal's schedule in its day
    /// ([`TableMeal::schedule`](super::TableMeal::schedule)).
    pub schedule: u8,
}

/// Weeks planned at most for a bound on cooking sessions: when a week
/// drops leftovers to keep its days on target and so cooks more often
/// than `cook_at_most` allows, it is planned again with the lanes laid out
/// another way (and the search seeded anew), and the week cooking least
/// often beyond the bound is kept (then the one meeting the most days).
pub(crate) const TRIES: usize = 4;

/// What a variant's search seed adds (0 for the first: a week planned
/// once is seeded as before).
pub(crate) fn variant_seed(variant: usize) -> u64 {
    (variant as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// What a slot of a day does with the week's dishes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Role {
    /// Cooked for this meal alone (also every breakfast and snack).
    Fresh,
    /// Cooked here, for this meal and later ones.
    Cook,
    /// Eaten from the dish cooked at (day index, slot index).
    Eat(usize, usize),
}

/// The role of every slot of every day, and why the bound asked could
/// not be kept, when it could not.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Schedule {
    roles: Vec<Vec<Role>>,
    /// Sessions laid out (lunches and dinners not eaten from an earlier
    /// meal).
    pub(crate) sessions: usize,
    /// Said on the first day when `cook_at_most` is below what the week
    /// allows.
    pub(crate) note: Option<String>,
}

/// Whether a meal of this type may be cooked for later or eaten from an
/// earlier one.
pub(crate) fn pairs(meal: MealType) -> bool {
    matches!(meal, MealType::Lunch | MealType::Dinner)
}

impl Schedule {
    /// Every meal fresh: a plan without leftovers.
    pub(crate) fn fresh(slots: usize, days: usize) -> Self {
        Self {
            roles: vec![vec![Role::Fresh; slots]; days],
            sessions: 0,
            note: None,
        }
    }

    /// The roles of `days` days of `slots` under `leftovers` (`None`:
    /// every meal fresh); `open[k]`: whether slot `k` may take part (a
    /// household's slot served as one dish). `variant` lays the lanes
    /// out another way (0 first; see [`TRIES`]).
    pub(crate) fn new(
        leftovers: Option<Leftovers>,
        slots: &[MealType],
        open: &[bool],
        days: usize,
        variant: usize,
    ) -> Self {
        let mut schedule = Self::fresh(slots.len(), days);
        let Some(leftovers) = leftovers else {
            return schedule;
        };
        let lanes: Vec<usize> = (0..slots.len())
            .filter(|k| pairs(slots[*k]) && open[*k])
            .collect();
        let e = lanes.len();
        if e == 0 || days < 2 {
            return schedule;
        }
        let least = e * days.div_ceil(3);
        let pairing = e * days.div_ceil(2);
        let sessions = match leftovers.cook_at_most {
            None => pairing,
            Some(n) => {
                let n = usize::from(n);
                if n < least {
                    schedule.note = Some(format!(
                        "at most {n} cooking sessions were asked, but {days} days of {e} cooked \
                         meal{s} a day need at least {least} (a dish keeps two days): {least} planned",
                        s = if e == 1 { "" } else { "s" }
                    ));
                }
                n.clamp(least, pairing.max(least))
            }
        };
        // Each lane's cook days: its blocks' first days, blocks as even
        // as they can be; every other lane's blocks in reverse order, so
        // that lanes cook on different days where they can.
        let cooks: Vec<Vec<bool>> = (0..e)
            .map(|lane| {
                let blocks = sessions / e + usize::from(lane < sessions % e);
                let mut lengths: Vec<usize> = (0..blocks)
                    .map(|b| days / blocks + usize::from(b < days % blocks))
                    .collect();
                if (lane + variant) % 2 == 1 {
                    lengths.reverse();
                }
                // Further variants start each lane's blocks elsewhere.
                let turn = variant / 2 % lengths.len();
                lengths.rotate_left(turn);
                let mut cook = vec![false; days];
                let mut day = 0;
                for l in lengths {
                    cook[day] = true;
                    day += l;
                }
                cook
            })
            .collect();
        // Where each lane's current dish was cooked.
        let mut cooked_at: Vec<(usize, usize)> = vec![(0, 0); e];
        for (day, roles) in schedule.roles.iter_mut().enumerate() {
            // Eating lanes first (the earlier slots), then cooking ones.
            let mut order: Vec<usize> = (0..e).filter(|l| !cooks[*l][day]).collect();
            order.extend((0..e).filter(|l| cooks[*l][day]));
            for (lane, slot) in order.into_iter().zip(&lanes) {
                roles[*slot] = if cooks[lane][day] {
                    cooked_at[lane] = (day, *slot);
                    Role::Cook
                } else {
                    let (d, s) = cooked_at[lane];
                    Role::Eat(d, s)
                };
            }
        }
        schedule.sessions = sessions;
        // A cook whose dish nobody eats later is a fresh meal.
        for day in 0..days {
            for slot in 0..slots.len() {
                if schedule.roles[day][slot] == Role::Cook
                    && !schedule
                        .roles
                        .iter()
                        .flatten()
                        .any(|r| *r == Role::Eat(day, slot))
                {
                    schedule.roles[day][slot] = Role::Fresh;
                }
            }
        }
        schedule
    }

    /// The role of slot `slot` on day `day` (0-based).
    pub(crate) fn role(&self, day: usize, slot: usize) -> Role {
        self.roles
            .get(day)
            .and_then(|d| d.get(slot))
            .copied()
            .unwrap_or(Role::Fresh)
    }

    /// Whether any slot of the week is eaten from an earlier meal.
    #[cfg(test)]
    pub(crate) fn any(&self) -> bool {
        self.roles
            .iter()
            .flatten()
            .any(|r| matches!(r, Role::Eat(..)))
    }
}

/// A leftover actually planned: the meal on `day` at slot `slot` (0-based)
/// eats recipe `recipe_id`, cooked at (`from_day`, `from_slot`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Eaten {
    pub(crate) day: usize,
    pub(crate) slot: usize,
    pub(crate) from_day: usize,
    pub(crate) from_slot: usize,
    pub(crate) recipe_id: i64,
}

/// The most sessions a week of `request` may cook and still keep its
/// bound: `cook_at_most`, or the least the week allows when that is
/// fewer (a [`Schedule`] of variant 0 says which). `None` without a
/// bound.
pub(crate) fn allowed(schedule: &Schedule, leftovers: Option<Leftovers>) -> Option<usize> {
    let n = usize::from(leftovers?.cook_at_most?);
    Some(n.max(schedule.sessions))
}

/// Which of two weeks to keep under a bound of `allowed` sessions: the
/// fewer sessions beyond it, then the more days (person-days) `met`,
/// then the fewer sessions; `a` on a tie.
pub(crate) fn keep_first(a: (usize, usize), b: (usize, usize), allowed: usize) -> bool {
    let key = |(sessions, met): (usize, usize)| {
        (
            sessions.saturating_sub(allowed),
            std::cmp::Reverse(met),
            sessions,
        )
    };
    key(a) <= key(b)
}

/// The note of day `day_of_week` of a week with leftovers, off its
/// targets while it eats `leftovers` of them: a day planned fresh came no
/// closer, so the leftovers stay (the one-eater and the table search alike).
pub(crate) fn off_target(day_of_week: u8, leftovers: usize) -> String {
    format!(
        "day {day_of_week}: off its targets around {leftovers} leftover{}, and the day planned fresh came no closer",
        if leftovers == 1 { "" } else { "s" }
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use MealType::*;

    fn eats(s: &Schedule, days: usize, slots: usize) -> Vec<(usize, usize, usize, usize)> {
        let mut out = Vec::new();
        for d in 0..days {
            for k in 0..slots {
                if let Role::Eat(fd, fk) = s.role(d, k) {
                    out.push((d, k, fd, fk));
                }
            }
        }
        out
    }

    fn sessions(s: &Schedule, days: usize, slots: &[MealType]) -> usize {
        (0..days)
            .flat_map(|d| (0..slots.len()).map(move |k| (d, k)))
            .filter(|(d, k)| pairs(slots[*k]) && !matches!(s.role(*d, *k), Role::Eat(..)))
            .count()
    }

    #[test]
    fn leftovers_are_lunches_and_dinners_within_two_days_of_a_cook() {
        let slots = [Breakfast, Lunch, Dinner];
        let bounds = [None, Some(5), Some(6), Some(7), Some(9), Some(20)];
        for (bound, variant) in bounds
            .into_iter()
            .flat_map(|b| (0..TRIES).map(move |v| (b, v)))
        {
            for days in 2..=7 {
                let s = Schedule::new(
                    Some(Leftovers {
                        cook_at_most: bound,
                    }),
                    &slots,
                    &[true; 3],
                    days,
                    variant,
                );
                for (d, k, fd, fk) in eats(&s, days, 3) {
                    assert!(d > fd && d - fd <= 2, "{bound:?} {days}: {d} from {fd}");
                    assert!(pairs(slots[k]) && pairs(slots[fk]));
                    assert_eq!(s.role(fd, fk), Role::Cook);
                }
                for d in 0..days {
                    assert_eq!(s.role(d, 0), Role::Fresh, "breakfasts are fresh");
                    // One dish a day per cook: never eaten twice a day.
                    let from: Vec<_> = eats(&s, days, 3)
                        .into_iter()
                        .filter(|e| e.0 == d)
                        .map(|e| (e.2, e.3))
                        .collect();
                    let mut unique = from.clone();
                    unique.dedup();
                    assert_eq!(from.len(), unique.len());
                }
            }
        }
    }

    #[test]
    fn the_bound_is_kept_down_to_the_least_a_week_allows() {
        let slots = [Breakfast, Lunch, Dinner];
        let week = |bound| {
            Schedule::new(
                Some(Leftovers {
                    cook_at_most: bound,
                }),
                &slots,
                &[true; 3],
                7,
                0,
            )
        };
        assert_eq!(sessions(&week(None), 7, &slots), 8);
        assert_eq!(sessions(&week(Some(7)), 7, &slots), 7);
        assert_eq!(sessions(&week(Some(6)), 7, &slots), 6);
        let short = week(Some(5));
        assert_eq!(sessions(&short, 7, &slots), 6);
        assert!(
            short
                .note
                .as_deref()
                .is_some_and(|n| n.contains("at least 6"))
        );
        assert!(week(Some(6)).note.is_none());
        // More than the pairing asks for: the pairing.
        assert_eq!(sessions(&week(Some(12)), 7, &slots), 8);
        // One dinner a day: a session every three days at least.
        let one = Schedule::new(
            Some(Leftovers {
                cook_at_most: Some(1),
            }),
            &[Dinner],
            &[true],
            7,
            0,
        );
        assert_eq!(sessions(&one, 7, &[Dinner]), 3);
    }

    #[test]
    fn without_leftovers_or_slots_to_pair_every_meal_is_fresh() {
        let s = Schedule::new(None, &[Breakfast, Lunch, Dinner], &[true; 3], 7, 0);
        assert!(!s.any());
        let s = Schedule::new(
            Some(Leftovers::default()),
            &[Breakfast, Snack],
            &[true; 2],
            7,
            0,
        );
        assert!(!s.any());
        let s = Schedule::new(
            Some(Leftovers::default()),
            &[Lunch, Dinner],
            &[false; 2],
            7,
            0,
        );
        assert!(!s.any());
    }
}
