//! A planned day of a one-eater week searched again, as the week passes
//! do it ([`super::pantry_week`] for the pantry's due food,
//! [`super::micro_week`] for micronutrients): the day's slots as the day
//! search sees them, the variety rule of the days beside it kept.

use super::one::OneRequest;
use super::search::{Candidate, Problem, Scorer, Slot};
use super::whole_day::Dishes;
use super::{PlannedDay, VARIETY_MIN_CANDIDATES, is_main};
use crate::food::recipe::Recipe;

/// A day's slots and its own picks among their pools (candidate,
/// servings).
type DaySlots<'p> = (Vec<Slot<'p>>, Vec<(usize, f64)>);

/// The slots of day `d` of `days` over `pools` (one per slot, in the
/// request's order) and the day's own picks among them: a slot may not
/// take its recipe of the day before or after, nor their twins, when its
/// pool is large enough to keep that rule. `None` when a meal's recipe is
/// in no pool.
fn day_slots<'p>(
    request: &OneRequest<'_>,
    dishes: &Dishes,
    bands: &[(f64, f64)],
    pools: impl IntoIterator<Item = &'p [Candidate]>,
    days: &[PlannedDay],
    d: usize,
) -> Option<DaySlots<'p>> {
    let recipes = request.recipes;
    let index = |id: i64| recipes.iter().position(|r| r.id == id);
    let mut slots = Vec::with_capacity(request.slots.len());
    let mut current = Vec::with_capacity(request.slots.len());
    for (k, pool) in pools.into_iter().enumerate() {
        let meal = days[d].meals.get(k)?;
        let r = index(meal.recipe_id)?;
        current.push((pool.iter().position(|c| c.index == r)?, meal.servings));
        let mut banned = Vec::new();
        if pool.len() >= VARIETY_MIN_CANDIDATES {
            let near = [d.checked_sub(1), Some(d + 1)];
            for e in near.into_iter().flatten().filter(|e| *e < days.len()) {
                if let Some(other) = days[e].meals.get(k).and_then(|m| index(m.recipe_id)) {
                    let twin = dishes.twin(other);
                    banned.extend(
                        pool.iter()
                            .map(|c| c.index)
                            .filter(|x| *x == other || dishes.twin(*x) == twin),
                    );
                }
            }
        }
        let meal_type = request.slots[k];
        slots.push(Slot {
            pool,
            range: request.portions.range(meal_type),
            band: bands[k],
            main: is_main(meal_type),
            banned,
            keep: None,
            again: false,
        });
    }
    Some((slots, current))
}

/// Uses of each of `recipes` on the days of `days` but day `d`.
pub(super) fn uses_besides(recipes: &[Recipe], days: &[PlannedDay], d: usize) -> Vec<u32> {
    let mut used = vec![0u32; recipes.len()];
    for (_, day) in days.iter().enumerate().filter(|(e, _)| *e != d) {
        for m in &day.meals {
            if let Some(r) = recipes.iter().position(|r| r.id == m.recipe_id) {
                used[r] += 1;
            }
        }
    }
    used
}

/// A planned day searched again: its slots as the day search sees them
/// ([`day_slots`]), its own picks among their pools, and the other days'
/// uses of each recipe ([`uses_besides`]), which its [`Problem`] borrows.
pub(super) struct Revisit<'p> {
    /// The day's slots, the variety rule of the days beside it kept.
    pub slots: Vec<Slot<'p>>,
    /// The day's own picks (candidate, servings).
    pub current: Vec<(usize, f64)>,
    /// Uses of each recipe on the other days.
    pub used: Vec<u32>,
}

impl<'p> Revisit<'p> {
    /// Day `d` of `days` over `pools` (one per slot, in the request's
    /// order); `None` when a meal's recipe is in no pool.
    pub(super) fn new(
        request: &OneRequest<'_>,
        dishes: &Dishes,
        bands: &[(f64, f64)],
        pools: impl IntoIterator<Item = &'p [Candidate]>,
        days: &[PlannedDay],
        d: usize,
    ) -> Option<Self> {
        let (slots, current) = day_slots(request, dishes, bands, pools, days, d)?;
        let used = uses_besides(request.recipes, days, d);
        Some(Self {
            slots,
            current,
            used,
        })
    }

    /// The day as the day search's problem, every rule kept strictly,
    /// portions up to `max` when `extended`.
    pub(super) fn problem<'a>(
        &'a self,
        request: &OneRequest<'a>,
        scorer: &'a Scorer,
        dishes: &'a Dishes,
        extended: bool,
    ) -> Problem<'a>
    where
        'p: 'a,
    {
        Problem {
            recipes: request.recipes,
            scorer,
            slots: self.slots.clone(),
            fixed: Vec::new(),
            used: &self.used,
            week: dishes.week_use(&self.used),
            extended,
            dishes,
            strict: true,
            budget: request.budget,
            limit_step: 0.0,
            window: 0.0,
        }
    }
}
