//! Cook once, eat again (issue 40): which meals of a week are cooked and
//! which are eaten from an earlier meal's dish (the week's schedule), and
//! what a plan asks for ([`Leftovers`]) and answers ([`CookedAt`]).
//!
//! Only lunches and dinners are paired: they are the meals people cook,
//! and either may take the other's dish (cooked at dinner, eaten at the
//! next day's lunch). Breakfasts and snacks are made fresh each time, so
//! they are never leftovers and never count as cooking sessions. A dish
//! cooked on day `d` is eaten again on day `d + 1` or `d + 2`, at most
//! once a day, so a cooking session feeds at most three meals of one
//! person; but a bound below what that allows, for one person, is laid
//! out in batches ([`Schedule::new`]): a dish may then be eaten at both
//! meals of a day, or at the cooking day's later meal.
//!
//! The schedule is laid out before the search, in *lanes*: one per
//! lunch or dinner slot of a day, each lane a run of blocks of 1 to 3
//! days whose first day cooks and whose other days eat its dish. On a
//! day, eating lanes take the earlier slots (lunch) and cooking lanes the
//! later ones (dinner). Batches instead run over the slots in the order
//! they are eaten ([`Batches`]). The day search then fills every other slot as
//! usual around the leftover, whose portion stays free; a day that the
//! leftover keeps off its targets while a fresh day would not is planned
//! fresh instead (the leftover dropped, one more session, and the day
//! says so in [`TableDay::notes`](super::TableDay::notes)). The planned
//! week is marked by `household::mark_leftovers`, beside the types it
//! marks.

use std::collections::HashMap;

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
    /// more where the week allows (cook once, eat twice). Below 6 (two
    /// lunch or dinner slots a day, a dish eaten once a day, need two
    /// sessions every three days), one person's week is cooked in
    /// batches, a dish eaten at both meals of as few days as the bound
    /// allows: down to 3 (a dish cooked at lunch feeds six meals within
    /// two days); a table's stays at 6. A smaller bound is planned at
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
    /// out another way (0 first; see [`TRIES`]). `batches`: a bound
    /// below what the lanes allow is laid out in batches
    /// ([`Self::batched`]; one eater's week, whose day search may eat a
    /// dish twice a day); else at the lanes' least.
    pub(crate) fn new(
        leftovers: Option<Leftovers>,
        slots: &[MealType],
        open: &[bool],
        days: usize,
        variant: usize,
        batches: bool,
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
                if n < least && batches && e > 1 {
                    return Self::batched(n, &lanes, slots.len(), days, variant);
                }
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

    /// A week of `n` sessions (or the fewest its days allow, and a note
    /// saying so) laid out in batches over its lunch and dinner slots
    /// (`lanes`) in the order they are eaten: each batch's dish cooked at
    /// one slot and eaten at later ones within [`KEEPS_DAYS`] of the
    /// cooking day, so a dish may be eaten twice a day (cooked at lunch
    /// for dinner and the next days). Laid out by [`Batches`]: as few
    /// days eating a dish twice as `n` allows (two in a week of 4
    /// sessions, where one batch after another in turn would have six),
    /// then batches as even as they can be.
    fn batched(n: usize, lanes: &[usize], slots: usize, days: usize, variant: usize) -> Self {
        let mut schedule = Self::fresh(slots, days);
        let order: Vec<(usize, usize)> = (0..days)
            .flat_map(|d| lanes.iter().map(move |k| (d, *k)))
            .collect();
        let total = order.len();
        // The fewest batches: one after another, each as long as its
        // cooking day allows.
        let (mut least, mut at) = (0, 0);
        while at < total {
            let first = order[at].0;
            while at < total && order[at].0 - first <= usize::from(KEEPS_DAYS) {
                at += 1;
            }
            least += 1;
        }
        if n < least {
            schedule.note = Some(format!(
                "at most {n} cooking sessions were asked, but {days} days of {e} cooked \
                 meals a day need at least {least} (a dish keeps two days): {least} planned",
                e = lanes.len()
            ));
        }
        let count = n.clamp(least, total);
        let mut layout = Batches {
            order: &order,
            count,
            variant,
            memo: HashMap::new(),
        };
        for (p, from) in layout.laid().into_iter().enumerate() {
            let (day, slot) = order[p];
            match from {
                Some(c) => {
                    let (d, k) = order[c];
                    schedule.roles[day][slot] = Role::Eat(d, k);
                    schedule.roles[d][k] = Role::Cook;
                }
                None => schedule.roles[day][slot] = Role::Fresh,
            }
        }
        schedule.sessions = count;
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

/// A batch open while a week is laid out: its cooking position, the
/// meals it feeds so far, and the last day it is eaten (or cooked) on.
type Open = (usize, usize, usize);

/// The least cost of a layout from a state on, and the choice there
/// (`None`: cook; else eat from the batch cooked at that position).
type Best = Option<(u64, Option<usize>)>;

/// The best layout of a week's lunch and dinner slots (`order`, each
/// (day, slot), in the order they are eaten) in `count` batches: each
/// slot cooks a new batch or eats from one cooked within [`KEEPS_DAYS`]
/// before. Its cost: each day a batch is eaten twice counts above
/// everything else (the day is then mostly one dish, and hard to keep on
/// its targets), then the batches' sizes squared (as even as they can
/// be). Searched whole (a week has at most a few dozen slots and a few
/// batches open at once), remembering each state's best.
struct Batches<'a> {
    order: &'a [(usize, usize)],
    count: usize,
    variant: usize,
    /// (position, sessions so far, open batches): the best from there
    /// (`None`: no layout).
    memo: HashMap<(usize, usize, Vec<Open>), Best>,
}

impl Batches<'_> {
    /// Cost of a day eating one batch twice: more than every size's
    /// square together.
    fn twice(&self) -> u64 {
        let n = self.order.len() as u64;
        n * n + 1
    }

    /// The batches still open at position `p`, from `open`.
    fn still(&self, p: usize, open: &[Open]) -> Vec<Open> {
        let day = self.order[p].0;
        open.iter()
            .copied()
            .filter(|(c, _, _)| day - self.order[*c].0 <= usize::from(KEEPS_DAYS))
            .collect()
    }

    /// The choices at position `p` with `open` (still open) after
    /// `sessions`, in the order the variant tries them, each with what
    /// it costs and the batches open after it.
    fn choices(
        &self,
        p: usize,
        sessions: usize,
        open: &[Open],
    ) -> Vec<(Option<usize>, u64, usize, Vec<Open>)> {
        let day = self.order[p].0;
        let mut out = Vec::with_capacity(open.len() + 1);
        if sessions < self.count {
            let mut next = open.to_vec();
            next.push((p, 1, day));
            out.push((None, 1, sessions + 1, next));
        }
        for (i, (c, size, last)) in open.iter().enumerate() {
            let mut next = open.to_vec();
            next[i] = (*c, size + 1, day);
            let twice = if *last == day { self.twice() } else { 0 };
            out.push((Some(*c), (2 * size + 1) as u64 + twice, sessions, next));
        }
        // Among layouts of one cost, each variant its own: cooking
        // first or last, eating the oldest batch or the newest first.
        let cook_last = self.variant % 2 == 1;
        let newest_first = (self.variant / 2 % 2 == 1) != cook_last;
        if newest_first {
            out[usize::from(sessions < self.count)..].reverse();
        }
        if cook_last {
            out.reverse();
        }
        out
    }

    /// The least cost of laying out positions `p..` after `sessions`
    /// with `open`, and the choice at `p`.
    fn best(&mut self, p: usize, sessions: usize, open: Vec<Open>) -> Best {
        if p == self.order.len() {
            return (sessions == self.count).then_some((0, None));
        }
        if self.count - sessions > self.order.len() - p {
            return None;
        }
        let open = self.still(p, &open);
        let key = (p, sessions, open.clone());
        if let Some(known) = self.memo.get(&key) {
            return *known;
        }
        let mut best: Best = None;
        for (choice, cost, sessions, next) in self.choices(p, sessions, &open) {
            if let Some((rest, _)) = self.best(p + 1, sessions, next) {
                let total = cost + rest;
                if best.is_none_or(|(b, _)| total < b) {
                    best = Some((total, choice));
                }
            }
        }
        self.memo.insert(key, best);
        best
    }

    /// Each position's choice in the best layout: `None` for a cook
    /// (a fresh meal when nothing eats from it), else the position of the
    /// cook it eats from.
    fn laid(&mut self) -> Vec<Option<usize>> {
        let mut out = Vec::with_capacity(self.order.len());
        let (mut sessions, mut open) = (0, Vec::new());
        for p in 0..self.order.len() {
            let (_, choice) = self
                .best(p, sessions, open.clone())
                .expect("the fewest batches fit, and so does any count up to every slot");
            open = self.still(p, &open);
            let (_, _, s, next) = self
                .choices(p, sessions, &open)
                .into_iter()
                .find(|(c, ..)| *c == choice)
                .expect("the choice found");
            (sessions, open) = (s, next);
            out.push(choice);
        }
        out
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
                    false,
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
        let week = |bound, batches| {
            Schedule::new(
                Some(Leftovers {
                    cook_at_most: bound,
                }),
                &slots,
                &[true; 3],
                7,
                0,
                batches,
            )
        };
        for batches in [false, true] {
            assert_eq!(sessions(&week(None, batches), 7, &slots), 8);
            assert_eq!(sessions(&week(Some(7), batches), 7, &slots), 7);
            assert_eq!(sessions(&week(Some(6), batches), 7, &slots), 6);
            assert!(week(Some(6), batches).note.is_none());
            // More than the pairing asks for: the pairing.
            assert_eq!(sessions(&week(Some(12), batches), 7, &slots), 8);
        }
        // In lanes, a dish is eaten once a day: 6 at least.
        let short = week(Some(5), false);
        assert_eq!(sessions(&short, 7, &slots), 6);
        assert!(
            short
                .note
                .as_deref()
                .is_some_and(|n| n.contains("at least 6"))
        );
        // In batches, down to 3 (14 slots, at most 6 a batch).
        for n in [5, 4, 3] {
            assert_eq!(sessions(&week(Some(n), true), 7, &slots), usize::from(n));
            assert!(week(Some(n), true).note.is_none());
        }
        let short = week(Some(2), true);
        assert_eq!(sessions(&short, 7, &slots), 3);
        assert!(
            short
                .note
                .as_deref()
                .is_some_and(|n| n.contains("at least 3 (a dish keeps two days): 3 planned"))
        );
        // One dinner a day: a session every three days at least.
        let one = Schedule::new(
            Some(Leftovers {
                cook_at_most: Some(1),
            }),
            &[Dinner],
            &[true],
            7,
            0,
            true,
        );
        assert_eq!(sessions(&one, 7, &[Dinner]), 3);
    }

    /// Days of `s` on which one cooking is eaten (or cooked) twice.
    fn twice(s: &Schedule, days: usize, slots: usize) -> usize {
        (0..days)
            .filter(|d| {
                let mut from: Vec<(usize, usize)> = (0..slots)
                    .filter_map(|k| match s.role(*d, k) {
                        Role::Eat(fd, fk) => Some((fd, fk)),
                        Role::Cook => Some((*d, k)),
                        Role::Fresh => None,
                    })
                    .collect();
                let n = from.len();
                from.sort_unstable();
                from.dedup();
                from.len() < n
            })
            .count()
    }

    #[test]
    fn batches_are_eaten_within_two_days_after_their_cooking() {
        let slots = [Breakfast, Lunch, Dinner, Snack];
        for (n, variant, days) in (2..=6)
            .flat_map(|n| (0..TRIES).map(move |v| (n, v)))
            .flat_map(|(n, v)| (2..=7).map(move |d| (n, v, d)))
        {
            let s = Schedule::new(
                Some(Leftovers {
                    cook_at_most: Some(n),
                }),
                &slots,
                &[true; 4],
                days,
                variant,
                true,
            );
            let lanes_least = 2 * days.div_ceil(3);
            if usize::from(n) >= lanes_least {
                continue;
            }
            assert_eq!(sessions(&s, days, &slots), s.sessions);
            if s.note.is_none() {
                assert_eq!(s.sessions, usize::from(n));
            }
            for (d, k, fd, fk) in eats(&s, days, slots.len()) {
                assert!(fd <= d && d - fd <= 2, "{n} {days}: {d} from {fd}");
                assert!(fd < d || fk < k, "eaten after its cooking");
                assert!(pairs(slots[k]) && pairs(slots[fk]));
                assert_eq!(s.role(fd, fk), Role::Cook);
            }
            assert_eq!(s.role(0, 0), Role::Fresh, "breakfasts are fresh");
        }
    }

    #[test]
    fn a_week_of_few_sessions_eats_a_dish_twice_on_as_few_days_as_it_can() {
        let slots = [Breakfast, Lunch, Dinner];
        let week = |n, variant| {
            Schedule::new(
                Some(Leftovers {
                    cook_at_most: Some(n),
                }),
                &slots,
                &[true; 3],
                7,
                variant,
                true,
            )
        };
        // 14 meals in 5 batches of at most 3 days, two a day: one day at
        // least eats a dish twice (without, each meal of a day is its own
        // batch's, and two rows of 7 days take 3 batches each); in 4, two
        // (14 meals need two batches of 4). In 3, a batch per 2-3 days.
        for (n, least) in [(5, 1), (4, 2), (3, 5)] {
            for variant in 0..TRIES {
                let s = week(n, variant);
                assert_eq!(sessions(&s, 7, &slots), usize::from(n));
                assert_eq!(twice(&s, 7, 3), least, "{n} sessions, variant {variant}");
            }
        }
        // As even as they can be: 4 sessions feed 3, 3, 4 and 4 meals.
        let s = week(4, 0);
        let mut sizes: Vec<usize> = (0..7)
            .flat_map(|d| (1..3).map(move |k| (d, k)))
            .filter(|(d, k)| s.role(*d, *k) == Role::Cook)
            .map(|(d, k)| {
                1 + eats(&s, 7, 3)
                    .iter()
                    .filter(|e| (e.2, e.3) == (d, k))
                    .count()
            })
            .collect();
        sizes.sort_unstable();
        assert_eq!(sizes, [3, 3, 4, 4]);
    }

    #[test]
    fn without_leftovers_or_slots_to_pair_every_meal_is_fresh() {
        let s = Schedule::new(None, &[Breakfast, Lunch, Dinner], &[true; 3], 7, 0, true);
        assert!(!s.any());
        let s = Schedule::new(
            Some(Leftovers::default()),
            &[Breakfast, Snack],
            &[true; 2],
            7,
            0,
            true,
        );
        assert!(!s.any());
        let s = Schedule::new(
            Some(Leftovers {
                cook_at_most: Some(1),
            }),
            &[Lunch, Dinner],
            &[false; 2],
            7,
            0,
            true,
        );
        assert!(!s.any());
    }
}
