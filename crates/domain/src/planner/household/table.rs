//! The table a household sits at: its slots (the union of everyone's
//! meals), the groups of eaters each slot serves and their candidates,
//! and each person's [`Seat`], what their own loss needs.

use crate::food::meal::MealType;
use crate::food::nutrition::Nutrition;
use crate::food::recipe::Recipe;
use crate::planner::micronutrients::GOALS;
use crate::planner::pantry::Stock;
use crate::planner::rules::{Tolerances, grid, is_main, share_bands};
use crate::planner::search::Scorer;
use crate::planner::whole_day::{MinorValues, minor_of};
use crate::planner::{PlanningError, bonus};

use super::{Diner, SHARE_MIN_SERVINGS};

/// A slot of the table's day and who eats at it.
#[derive(Debug, Clone)]
pub(super) struct TableSlot {
    pub(super) meal_type: MealType,
    /// Groups of eaters (diner indices), each served one dish.
    pub(super) groups: Vec<Vec<usize>>,
    /// Candidates (catalogue indices) of each group.
    pub(super) pools: Vec<Vec<usize>>,
    /// Why it is split, when it is.
    pub(super) split: Option<String>,
}

/// The order of the table's slots: the 6-meal day's.
const TABLE_ORDER: [MealType; 6] = [
    MealType::Breakfast,
    MealType::Snack,
    MealType::Lunch,
    MealType::Snack,
    MealType::Dinner,
    MealType::Snack,
];

/// The table's slots: the union of everyone's, matched by meal type and
/// occurrence, in the order of the 6-meal day; for each, its eaters and
/// the position of the slot in each eater's own day.
pub(super) fn table_slots(diners: &[Diner]) -> Vec<(MealType, Vec<(usize, usize)>)> {
    let order = TABLE_ORDER;
    let mut out: Vec<(MealType, Vec<(usize, usize)>)> = Vec::new();
    let mut seen = std::collections::HashMap::new();
    for m in &order {
        let k = seen.entry(*m).or_insert(0usize);
        let occurrence = *k;
        *k += 1;
        let eaters: Vec<(usize, usize)> = diners
            .iter()
            .enumerate()
            .filter_map(|(d, diner)| {
                diner
                    .slots
                    .iter()
                    .enumerate()
                    .filter(|(_, s)| *s == m)
                    .nth(occurrence)
                    .map(|(position, _)| (d, position))
            })
            .collect();
        if !eaters.is_empty() {
            out.push((*m, eaters));
        }
    }
    out
}

/// Candidates of `meal` for `eaters`: recipes serving it that keep every
/// eater's rules.
pub(super) fn pool(
    recipes: &[Recipe],
    diners: &[Diner],
    meal: MealType,
    eaters: &[usize],
) -> Vec<usize> {
    recipes
        .iter()
        .enumerate()
        .filter(|(_, r)| r.serves(meal) && eaters.iter().all(|d| diners[*d].rules.allow(r)))
        .map(|(i, _)| i)
        .collect()
}

/// Groups of eaters (diner indices) and each group's candidates
/// (catalogue indices).
pub(super) type Groups = (Vec<Vec<usize>>, Vec<Vec<usize>>);

/// Groups `eaters` so that each group has enough dishes (one for each
/// slot of this meal type its people eat): the person with the fewest
/// candidates leaves the group until it has.
pub(super) fn grouped(
    recipes: &[Recipe],
    diners: &[Diner],
    meal: MealType,
    eaters: &[usize],
) -> Result<Groups, PlanningError> {
    let mut groups = Vec::new();
    let mut pools = Vec::new();
    let mut left: Vec<usize> = eaters.to_vec();
    while !left.is_empty() {
        let mut group = left.clone();
        loop {
            let p = pool(recipes, diners, meal, &group);
            // Enough for every slot of this meal type its people eat, so
            // that no one gets a recipe twice a day.
            let needed = group
                .iter()
                .map(|d| diners[*d].slots.iter().filter(|s| **s == meal).count())
                .max()
                .unwrap_or(1);
            if p.len() >= needed {
                left.retain(|d| !group.contains(d));
                groups.push(group);
                pools.push(p);
                break;
            }
            if group.len() == 1 {
                return Err(PlanningError::NotEnoughRecipes {
                    meal: meal.as_str(),
                    needed,
                    found: p.len(),
                });
            }
            // The most restricted person eats apart.
            let strictest = *group
                .iter()
                .min_by_key(|d| pool(recipes, diners, meal, &[**d]).len())
                .unwrap_or(&group[0]);
            group.retain(|d| *d != strictest);
        }
    }
    Ok((groups, pools))
}

/// One person's view of the table: which (slot, group) feeds each of
/// their slots, and what their loss needs.
#[derive(Clone)]
pub(super) struct Seat {
    pub(super) scorer: Scorer,
    pub(super) targets: crate::profile::targets::Targets<f64>,
    pub(super) tolerances: Tolerances,
    /// (table slot, group) per slot of theirs, in their own order.
    pub(super) fed_by: Vec<(usize, usize)>,
    /// Portion steps per slot of theirs.
    pub(super) steps: Vec<Vec<f64>>,
    /// Meal-size band per slot of theirs.
    pub(super) bands: Vec<(f64, f64)>,
    /// Whether each slot of theirs is a main meal (not a snack).
    pub(super) mains: Vec<bool>,
    /// The usual largest portion per slot of theirs: beyond it a portion
    /// costs [`LARGER_COST`](super::LARGER_COST) per quarter serving.
    pub(super) usual_max: Vec<f64>,
    /// Each recipe's serving in this person's tolerance units.
    pub(super) units: Vec<[f64; 4]>,
    /// The usual smallest portion per slot of theirs: below it a portion
    /// costs [`LARGER_COST`](super::LARGER_COST) per quarter serving too.
    pub(super) usual_min: Vec<f64>,
    /// While the seats' repair searches a day again ([`micro`](super::micro)),
    /// what this person's day should bring of each micronutrient goal
    /// ([`GOALS`]) for their week to reach its aim, the other days as they
    /// are: a day short of it costs [`need_weight`](Self::need_weight) per
    /// goal by the share missing. `None`: no goals weighed.
    pub(super) need: Option<[f64; 4]>,
    /// What a day missing the whole of one goal's need costs.
    pub(super) need_weight: f64,
    /// What this person's day past its fibre ceiling or sodium limit
    /// costs on top of how far, and what its day off its targets outside
    /// its fibre window adds at most to its worst miss, in points: 0 while
    /// days are planned, a person alone's `LIMIT_STEP` and `WINDOW_POINTS`
    /// while the week's days outside a seat's window are searched again
    /// ([`micro`](super::micro), `window`).
    pub(super) limit_step: f64,
    /// See [`limit_step`](Self::limit_step).
    pub(super) window: f64,
    /// What this person's day off its targets costs on top, while a day
    /// is searched again for another seat's window: 0 but there.
    pub(super) hold: f64,
}

impl Seat {
    /// Person `diner`'s seat at a day of `slots` (their meals, in order),
    /// each portion free within their range or, where `fixed` holds one,
    /// kept at it; fed by nothing yet.
    pub(super) fn new(
        diner: &Diner,
        recipes: &[Recipe],
        slots: &[MealType],
        fixed: &[Option<f64>],
    ) -> Self {
        let scorer = Scorer::new(&diner.targets.get(), &diner.tolerances, diner.limits);
        Seat {
            units: recipes
                .iter()
                .map(|r| scorer.scale(&r.nutrition()))
                .collect(),
            scorer,
            targets: diner.targets.get(),
            tolerances: diner.tolerances,
            fed_by: vec![(0, 0); slots.len()],
            steps: slots
                .iter()
                .zip(fixed)
                .map(|(m, kept)| match kept {
                    Some(s) => vec![*s],
                    None => {
                        let r = diner.portions.range(*m);
                        grid(smallest(diner, r.min), r.max).collect()
                    }
                })
                .collect(),
            usual_min: slots
                .iter()
                .map(|m| {
                    let min = diner.portions.range(*m).min;
                    if diner.child {
                        smallest(diner, min)
                    } else {
                        min
                    }
                })
                .collect(),
            usual_max: slots
                .iter()
                .map(|m| diner.portions.range(*m).usual_max)
                .collect(),
            bands: share_bands(slots),
            mains: slots.iter().map(|m| is_main(*m)).collect(),
            need: None,
            need_weight: 0.0,
            limit_step: 0.0,
            window: 0.0,
            hold: 0.0,
        }
    }

    /// This seat with its day's `need` of each micronutrient goal weighed
    /// at `weight` ([`need`](Self::need)).
    pub(super) fn needing(&self, need: Option<[f64; 4]>, weight: f64) -> Self {
        Self {
            need: need.filter(|_| weight > 0.0),
            need_weight: weight,
            ..self.clone()
        }
    }

    /// This seat with a day past its fibre ceiling or sodium costing
    /// `limit_step` more, and a missed day outside its fibre window up to
    /// `window` points more ([`limit_step`](Self::limit_step)).
    pub(super) fn weighing_window(&self, limit_step: f64, window: f64) -> Self {
        Self {
            limit_step,
            window,
            ..self.clone()
        }
    }

    /// This seat with a day off its targets costing `hold` more.
    pub(super) fn holding(&self, hold: f64) -> Self {
        Self {
            hold,
            ..self.clone()
        }
    }

    /// Whether `totals` land within this person's tolerances.
    pub(super) fn admits(&self, totals: &Nutrition) -> bool {
        self.tolerances.admits(totals, &self.targets)
    }
}

/// A child's smallest portion at the table: a quarter serving.
pub(super) const CHILD_MIN_SERVINGS: f64 = 0.25;

/// The smallest portion `diner` may be given of a slot whose usual
/// smallest is `min`: a child's quarter serving, else half a serving.
fn smallest(diner: &Diner, min: f64) -> f64 {
    if diner.child {
        CHILD_MIN_SERVINGS
    } else {
        SHARE_MIN_SERVINGS.min(min)
    }
}

/// Per-recipe values the inner loop reads.
pub(super) struct Packed {
    /// Calories, protein, carbs, fat of one serving.
    pub(super) values: Vec<[f64; 4]>,
    pub(super) minor: Vec<MinorValues>,
    /// One serving's weight as served, g.
    pub(super) grams: Vec<f64>,
    /// One serving's calcium, iron, potassium and vitamin B12
    /// ([`GOALS`](crate::planner::micronutrients::GOALS)).
    pub(super) goals: Vec<[f64; 4]>,
}

impl Packed {
    /// The values of every recipe of `recipes`.
    pub(super) fn of(recipes: &[Recipe]) -> Self {
        Self {
            values: recipes
                .iter()
                .map(|r| {
                    let n = r.nutrition();
                    [n.calories, n.protein, n.carbs, n.fat]
                })
                .collect(),
            minor: recipes.iter().map(minor_of).collect(),
            grams: recipes.iter().map(Recipe::grams).collect(),
            goals: recipes
                .iter()
                .map(|r| GOALS.map(|g| r.card.micronutrients.get(g)))
                .collect(),
        }
    }
}

/// Each person's preference bonus for each recipe, their pantry's as on
/// the plan's first day.
pub(super) fn bonuses_of(recipes: &[Recipe], diners: &[Diner]) -> Vec<Vec<f64>> {
    diners
        .iter()
        .map(|d| {
            let stock = Stock::new(&d.pantry, recipes);
            recipes
                .iter()
                .enumerate()
                .map(|(i, r)| {
                    bonus(r, &d.preferred_diets, &d.tastes, d.prefers_own)
                        + stock.as_ref().map_or(0.0, |s| s.bonus(i, 1))
                })
                .collect()
        })
        .collect()
}

/// The error of a table whose days cannot be filled without giving
/// someone one recipe twice: the first person and meal type with fewer
/// candidates than slots.
pub(super) fn too_few(diners: &[Diner], own_pools: &[Vec<Vec<usize>>]) -> PlanningError {
    for (d, diner) in diners.iter().enumerate() {
        for m in &diner.slots {
            let needed = diner.slots.iter().filter(|s| *s == m).count();
            let found = diner
                .slots
                .iter()
                .position(|s| s == m)
                .map_or(0, |k| own_pools[d][k].len());
            if found < needed {
                return PlanningError::NotEnoughRecipes {
                    meal: m.as_str(),
                    needed,
                    found,
                };
            }
        }
    }
    let meal = diners.first().and_then(|d| d.slots.first()).copied();
    PlanningError::NotEnoughRecipes {
        meal: meal.map_or("meal", MealType::as_str),
        needed: 1,
        found: 0,
    }
}
