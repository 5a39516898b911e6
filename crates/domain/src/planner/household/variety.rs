//! The one-person planner's ban on a recipe in the same slot on
//! consecutive days, at the table: no one eats yesterday's recipe (nor
//! its twin: one dish family on one main ingredient) again at the same
//! slot of theirs, whether it was or is a shared dish or a dish of their
//! own, while the slot has [`VARIETY_MIN_CANDIDATES`] or more candidates.
//! A leftover planned on purpose is exempt (its slot's only candidate is
//! the cooked dish). The ban is kept by taking the recipes out of each
//! day's pools before the search, so every path that picks a dish from
//! them (the day's starts and improvement, the search without the
//! leftovers, the weekly rule's search again, a person's own dish) keeps
//! it; where it would leave a slot no dish, the pool stays whole and the
//! day's notes say which repeat was left ([`Yesterday::notes`]).

use crate::food::meal::MealType;
use crate::food::recipe::Recipe;
use crate::planner::VARIETY_MIN_CANDIDATES;
use crate::planner::whole_day::Dishes;

use super::dish::TableDish;
use super::table::{Seat, TableSlot};

/// Each seat's dish at each of its slots on the day before (catalogue
/// indices; empty on a plan's first day).
#[derive(Debug, Clone, Default)]
pub(super) struct Yesterday {
    dishes: Vec<Vec<usize>>,
}

impl Yesterday {
    /// No day before.
    pub(super) fn none(seats: usize) -> Self {
        Self {
            dishes: vec![Vec::new(); seats],
        }
    }

    /// Seat `d`'s dishes of the day just planned, one per slot of theirs.
    pub(super) fn set(&mut self, d: usize, dishes: Vec<usize>) {
        self.dishes[d] = dishes;
    }

    /// Seat `d`'s recipe at its slot `k` the day before.
    fn at(&self, d: usize, k: usize) -> Option<usize> {
        self.dishes.get(d).and_then(|x| x.get(k)).copied()
    }

    /// Whether `r` is `was` or its twin.
    fn alike(dishes: &Dishes, was: usize, r: usize) -> bool {
        r == was || dishes.twin(r) == dishes.twin(was)
    }

    /// The table's slots with each group's pool rid of the recipes one of
    /// its eaters had at that slot the day before (and their twins), for
    /// a pool of [`VARIETY_MIN_CANDIDATES`] or more that keeps a dish.
    pub(super) fn slots(
        &self,
        slots: &[TableSlot],
        seats: &[Seat],
        dishes: &Dishes,
    ) -> Vec<TableSlot> {
        let mut out = slots.to_vec();
        for (t, slot) in out.iter_mut().enumerate() {
            for (g, pool) in slot.pools.iter_mut().enumerate() {
                let was: Vec<usize> = slot.groups[g]
                    .iter()
                    .filter_map(|d| {
                        let k = seats[*d].fed_by.iter().position(|f| *f == (t, g))?;
                        self.at(*d, k)
                    })
                    .collect();
                ban(pool, &was, dishes);
            }
        }
        out
    }

    /// Each seat's own candidates per slot rid of what it ate there the
    /// day before (and its twins), as [`slots`](Self::slots) does.
    pub(super) fn own_pools(
        &self,
        own: &[Vec<Vec<usize>>],
        dishes: &Dishes,
    ) -> Vec<Vec<Vec<usize>>> {
        own.iter()
            .enumerate()
            .map(|(d, pools)| {
                pools
                    .iter()
                    .enumerate()
                    .map(|(k, pool)| {
                        let mut pool = pool.clone();
                        ban(
                            &mut pool,
                            &self.at(d, k).into_iter().collect::<Vec<_>>(),
                            dishes,
                        );
                        pool
                    })
                    .collect()
            })
            .collect()
    }

    /// Seat `d`'s slots whose dish `today` repeats the day before's (or
    /// its twin) where the ban holds (`pools`: each slot's candidates
    /// for that seat, [`VARIETY_MIN_CANDIDATES`] or more) and the slot is
    /// not a leftover (`exempt`).
    pub(super) fn repeats(
        &self,
        d: usize,
        today: &[usize],
        pools: &[usize],
        exempt: &dyn Fn(usize) -> bool,
        dishes: &Dishes,
    ) -> Vec<usize> {
        today
            .iter()
            .enumerate()
            .filter(|(k, r)| {
                pools.get(*k).is_some_and(|n| *n >= VARIETY_MIN_CANDIDATES)
                    && !exempt(*k)
                    && self
                        .at(d, *k)
                        .is_some_and(|was| Self::alike(dishes, was, **r))
            })
            .map(|(k, _)| k)
            .collect()
    }

    /// What a day says of a repeat the ban could not keep: seat `d`
    /// (1-based in the text) eats `recipe` at its `meal` again.
    pub(super) fn note(day: u8, d: usize, meal: &str, recipe: &Recipe) -> String {
        format!(
            "day {day}: person {} has {} at {meal} again as the day before: no other dish keeps the day's rules",
            d + 1,
            recipe.name
        )
    }
}

/// `pool` rid of `was` and their twins, when it has
/// [`VARIETY_MIN_CANDIDATES`] or more recipes and keeps one.
fn ban(pool: &mut Vec<usize>, was: &[usize], dishes: &Dishes) {
    if pool.len() < VARIETY_MIN_CANDIDATES || was.is_empty() {
        return;
    }
    let kept: Vec<usize> = pool
        .iter()
        .copied()
        .filter(|r| !was.iter().any(|w| Yesterday::alike(dishes, *w, *r)))
        .collect();
    if !kept.is_empty() {
        *pool = kept;
    }
}

/// For each dish of day `day` of a stored `plan` (each day its dishes in
/// schedule order), the recipes its eaters have at the same slot of
/// theirs (the same meal type, as often before in their day) on the day
/// before and the day after: what a re-balance may not change it to.
pub(crate) fn neighbours(plan: &[Vec<TableDish>], day: usize) -> Vec<Vec<usize>> {
    let Some(today) = plan.get(day) else {
        return Vec::new();
    };
    // Diner `d`'s `n`th dish of `meal` on `dishes` (0-based).
    let nth = |dishes: &[TableDish], d: usize, meal: MealType, n: usize| {
        dishes
            .iter()
            .filter(|m| m.meal_type == meal && m.shares.iter().any(|s| s.diner == d))
            .nth(n)
            .map(|m| m.recipe)
    };
    today
        .iter()
        .enumerate()
        .map(|(k, dish)| {
            let mut out = Vec::new();
            for share in &dish.shares {
                let n = today[..k]
                    .iter()
                    .filter(|m| {
                        m.meal_type == dish.meal_type
                            && m.shares.iter().any(|s| s.diner == share.diner)
                    })
                    .count();
                for other in [day.checked_sub(1), Some(day + 1)]
                    .into_iter()
                    .flatten()
                    .filter_map(|e| plan.get(e))
                {
                    out.extend(nth(other, share.diner, dish.meal_type, n));
                }
            }
            out.sort_unstable();
            out.dedup();
            out
        })
        .collect()
}

/// `candidates` of a dish being re-balanced rid of its `neighbours`
/// ([`neighbours`]) and their twins, while it has
/// [`VARIETY_MIN_CANDIDATES`] or more; its own recipe `now` is never
/// taken out (a re-balance makes no repeat, and leaves one it finds).
pub(super) fn rid_of_neighbours(
    candidates: &mut Vec<usize>,
    neighbours: &[usize],
    now: usize,
    dishes: &Dishes,
) {
    if candidates.len() < VARIETY_MIN_CANDIDATES {
        return;
    }
    candidates
        .retain(|r| *r == now || !neighbours.iter().any(|w| Yesterday::alike(dishes, *w, *r)));
}

#[cfg(test)]
mod tests {
    use super::super::tests::targets;
    use super::super::{TableDay, plan_table};
    use super::*;
    use crate::planner::tests::catalogue;
    use crate::planner::{Diner, HardRules, Leftovers, PlanRequest};
    use crate::profile::MealsPerDay;

    fn diner(calories: f64, protein_share: f64, meals: i64) -> Diner {
        Diner::new(
            targets(calories, protein_share),
            MealsPerDay::parse(meals).unwrap(),
            HardRules::default(),
        )
    }

    /// Each person's meals of `week` where they eat the recipe they ate
    /// at that slot the day before, not as a leftover: (day, schedule,
    /// diner, recipe id).
    fn repeats(week: &[TableDay]) -> Vec<(u8, u8, usize, i64)> {
        let mut out = Vec::new();
        for pair in week.windows(2) {
            for m in pair[1].meals.iter().filter(|m| m.leftover_of.is_none()) {
                for s in &m.shares {
                    let again = pair[0].meals.iter().any(|y| {
                        y.schedule == m.schedule
                            && y.recipe_id == m.recipe_id
                            && y.shares.iter().any(|x| x.diner == s.diner)
                    });
                    if again {
                        out.push((pair[1].day_of_week, m.schedule, s.diner, m.recipe_id));
                    }
                }
            }
        }
        out
    }

    /// A father and son (issue 38, "variety as people notice it") at a
    /// catalogue of 12 dishes a meal type, as few as the ban holds for:
    /// the table's week weighed repeats only as a weekly cost, and
    /// served them yesterday's breakfast again (hash browns four times a
    /// week, twice on consecutive days). No one eats a recipe at the same
    /// slot on consecutive days, and no day says it had to.
    #[test]
    fn no_one_eats_yesterdays_recipe_at_the_same_slot() {
        let mut found = Vec::new();
        for seed in 1..=8 {
            let recipes = catalogue(12, seed);
            let diners = vec![diner(2600.0, 0.2, 3), diner(1900.0, 0.3, 4)];
            let request = PlanRequest::new(&recipes, diners, 7)
                .unwrap()
                .with_seed(seed);
            let week = plan_table(&request).unwrap();
            for (day, schedule, d, id) in repeats(&week) {
                found.push(format!(
                    "seed {seed} day {day} slot {schedule} person {d}: {id}"
                ));
            }
            for day in &week {
                assert!(day.notes.is_empty(), "seed {seed}: {:?}", day.notes);
            }
        }
        assert!(found.is_empty(), "{found:#?}");
    }

    /// Leftovers planned on purpose are the exception: a dish cooked at
    /// dinner is still eaten at the next day's meals, and only there.
    #[test]
    fn a_leftover_is_eaten_again_but_nothing_else_repeats() {
        for seed in 1..=4 {
            let recipes = catalogue(12, seed);
            let diners = vec![diner(2400.0, 0.2, 3), diner(2000.0, 0.25, 3)];
            let request = PlanRequest::new(&recipes, diners, 7)
                .unwrap()
                .with_seed(seed)
                .with_leftovers(Leftovers::default());
            let week = plan_table(&request).unwrap();
            let leftovers = week
                .iter()
                .flat_map(|d| &d.meals)
                .filter(|m| m.leftover_of.is_some())
                .count();
            assert!(leftovers > 0, "seed {seed}: no leftover planned");
            assert!(
                repeats(&week).is_empty(),
                "seed {seed}: {:?}",
                repeats(&week)
            );
        }
    }

    /// Where every other dish of a slot is a twin of yesterday's (one
    /// family on one main ingredient), no dish keeps the ban: the day
    /// keeps its dish and says so, never in silence.
    #[test]
    fn a_repeat_no_dish_can_avoid_is_said() {
        let recipes = catalogue(12, 3);
        let dishes = Dishes::new(&recipes, None);
        let mut pool: Vec<usize> = (0..12).collect();
        // No twins in the synthetic catalogue: only the recipe is banned.
        ban(&mut pool, &[4], &dishes);
        assert_eq!(pool.len(), 11);
        assert!(!pool.contains(&4));
        // A pool under the ban's size keeps everything.
        let mut small: Vec<usize> = (0..9).collect();
        ban(&mut small, &[4], &dishes);
        assert_eq!(small.len(), 9);
        // A pool the ban would empty stays whole, and the repeat is said.
        let mut all_banned: Vec<usize> = vec![4; 10];
        ban(&mut all_banned, &[4], &dishes);
        assert_eq!(all_banned.len(), 10);
        let mut yesterday = Yesterday::none(1);
        yesterday.set(0, vec![4, 7]);
        let said = yesterday.repeats(0, &[4, 8], &[10, 10], &|_| false, &dishes);
        assert_eq!(said, vec![0]);
        assert!(
            yesterday
                .repeats(0, &[4, 8], &[10, 10], &|k| k == 0, &dishes)
                .is_empty()
        );
        assert!(
            yesterday
                .repeats(0, &[4, 8], &[9, 10], &|_| false, &dishes)
                .is_empty()
        );
        let note = Yesterday::note(2, 0, "breakfast", &recipes[4]);
        assert!(
            note.contains("person 1") && note.contains(&recipes[4].name),
            "{note}"
        );
    }

    /// A stored day's dish is re-balanced without yesterday's or
    /// tomorrow's recipe at that slot for any of its eaters.
    #[test]
    fn neighbours_are_each_eaters_same_slot_the_day_before_and_after() {
        use crate::food::meal::MealType::{Breakfast, Dinner, Snack};
        use crate::planner::{Keep, Share};
        let dish = |recipe: usize, meal_type: MealType, diners: &[usize]| TableDish {
            recipe,
            meal_type,
            shares: diners
                .iter()
                .map(|d| Share {
                    diner: *d,
                    servings: 1.0,
                })
                .collect(),
            keep: Keep::Nothing,
            leftover_of: None,
        };
        let plan = vec![
            vec![
                dish(1, Breakfast, &[0]),
                dish(2, Breakfast, &[1]),
                dish(3, Snack, &[1]),
                dish(4, Snack, &[1]),
            ],
            vec![
                dish(5, Breakfast, &[0, 1]),
                dish(6, Snack, &[1]),
                dish(7, Snack, &[1]),
                dish(8, Dinner, &[0]),
            ],
            vec![dish(9, Breakfast, &[0, 1]), dish(10, Snack, &[1])],
        ];
        let near = neighbours(&plan, 1);
        assert_eq!(near, vec![vec![1, 2, 9], vec![3, 10], vec![4], vec![]]);
        assert_eq!(neighbours(&plan, 0)[0], vec![5]);
    }
}
