//! A one-eater week looked at whole for its micronutrients, once it is
//! planned.
//!
//! Day by day the week's goals ([`super::micronutrients`]) only choose
//! among days alike on the targets, and a one-meal week laid out by rank
//! does not weigh them at all. So once the week is planned, a person-week
//! under [`ADEQUATE_SHARE`] of calcium, iron, potassium or vitamin B12
//! (the week's average against the person's reference) has its days
//! searched again ([`top_up`]): each slot in turn holds each of the
//! recipes that bring most of what is short (all of them on a one-meal
//! day, at every portion), and the other slots are searched around it.
//! A new day is kept only when it keeps every rule the day search keeps
//! (no recipe in a slot the day before or after, no recipe or its twin in
//! a third meal of the week, no main ingredient past its meals a week, a
//! one-meal week's different recipes), meets its targets if the old one
//! did (or misses them by no more), keeps its day limits if the old one
//! did, uses no less of a pantry's due food, and the week then lacks
//! less of its goals with none that was reached falling under
//! [`ADEQUATE_SHARE`]. Among such days the one that leaves the week
//! lacking least wins, then the one of least loss.

use super::micronutrients::GOALS;
use super::one::{OneRequest, OneWeek, planned_day};
use super::pantry::Stock;
use super::revisit::Revisit;
use super::rules::grid;
use super::search::{Candidate, Day, Problem, Scorer};
use super::{PlannedDay, Rng, dishes_for, share_bands};
use crate::food::micronutrients::Micronutrients;
use crate::food::recipe::Recipe;
use crate::planner::leftovers::variant_seed;
use crate::planner::whole_day::Dishes;
use crate::profile::intakes::{ADEQUATE_SHARE, ReferenceIntakes};

/// What a repaired week aims at, as a share of each reference: a little
/// above [`ADEQUATE_SHARE`], so that a week just over it is not left
/// balanced on the edge; past it a goal lacks nothing.
pub(super) const AIM: f64 = ADEQUATE_SHARE + 0.05;

/// Recipes held in a slot of a day of two meals or more, the richest in
/// what is short first (a one-meal day tries every recipe).
pub(super) const HELD: usize = 8;

/// How much less a changed day must leave the week lacking (a sum of
/// shares of the references).
pub(super) const GAIN: f64 = 0.005;

/// Times the days are searched again: a second time when the first
/// changed the week.
pub(super) const ROUNDS: usize = 2;

/// What a day's second search needs of the week.
struct Week<'a> {
    request: &'a OneRequest<'a>,
    references: ReferenceIntakes,
    scorer: Scorer,
    dishes: &'a Dishes,
    slot_pools: Vec<&'a [Candidate]>,
    bands: Vec<(f64, f64)>,
}

/// `week` (a one-eater week of `request`) with days searched again for
/// the goals it falls short of, as the module says; a week without
/// reference intakes, or eating leftovers (its days follow its cooking),
/// is left as it is.
pub(super) fn top_up(request: &OneRequest<'_>, week: &mut OneWeek, variant: usize) {
    let Some(references) = request.intakes else {
        return;
    };
    if !week.eaten.is_empty() || request.budget.spent() {
        return;
    }
    let recipes = request.recipes;
    let per_day = |days: &[PlannedDay]| -> Vec<Micronutrients> {
        days.iter().map(|d| day_amounts(recipes, d)).collect()
    };
    if lacking(&references, &per_day(&week.days)).0 == 0 {
        return;
    }
    let scorer = Scorer::new(&request.targets, &request.tolerances, request.limits);
    let dishes = &*dishes_for(request.dishes, request.recipes, request.kitchen);
    let (pools, pool_of) = request.pools(&scorer, dishes);
    let at = Week {
        request,
        references,
        scorer,
        dishes,
        slot_pools: pool_of.iter().map(|p| pools[*p].1.as_slice()).collect(),
        bands: share_bands(&request.slots),
    };
    let stock = Stock::new(&request.pantry, recipes);
    let last = u32::from(request.days);
    let due = |days: &[PlannedDay]| {
        stock
            .as_ref()
            .map_or(0.0, |s| s.due_used_by(recipes, days, last))
    };
    let mut rng = Rng(request.seed ^ 0x6d69_6372_6f5f_7765 ^ variant_seed(variant));
    let days = &mut week.days;
    for _ in 0..ROUNDS {
        let mut changed = false;
        for d in 0..days.len() {
            if request.budget.spent() {
                return;
            }
            let amounts = per_day(days);
            let (short, lack) = lacking(&references, &amounts);
            if short == 0 {
                return;
            }
            let Some(new) = at.revisit(days, &amounts, d, lack, &mut rng) else {
                continue;
            };
            let old = std::mem::replace(&mut days[d], new);
            if due(days) + 1e-9 < due_before(&due, days, d, &old) || !at.distinct_ok(days) {
                days[d] = old;
            } else {
                changed = true;
            }
        }
        if !changed {
            return;
        }
    }
}

/// What the pantry's due food `due` measures with day `d` of `days` as
/// `old` was.
fn due_before(
    due: &dyn Fn(&[PlannedDay]) -> f64,
    days: &[PlannedDay],
    d: usize,
    old: &PlannedDay,
) -> f64 {
    let mut before = days.to_vec();
    before[d] = old.clone();
    due(&before)
}

/// The micronutrients of a planned day.
pub(super) fn day_amounts(recipes: &[Recipe], day: &PlannedDay) -> Micronutrients {
    day.micronutrients(recipes)
}

/// Each goal's share of its reference on the week's daily average.
fn shares(references: &ReferenceIntakes, days: &[Micronutrients]) -> [f64; GOALS.len()] {
    super::micronutrients::week_shares(references, days).map(|(_, s)| s)
}

/// How many goals a week of `days` has under [`ADEQUATE_SHARE`], and how
/// much it lacks of [`AIM`] in all (shares of the references).
pub(super) fn lacking(references: &ReferenceIntakes, days: &[Micronutrients]) -> (usize, f64) {
    let s = shares(references, days);
    let short = s.iter().filter(|v| **v < ADEQUATE_SHARE).count();
    (short, s.iter().map(|v| (AIM - v).max(0.0)).sum())
}

/// What a day should bring of each goal for a week whose other days
/// are `others` (the day itself counted as nothing) to reach [`AIM`] of
/// `references` on its average: none where they already do.
pub(super) fn day_need(
    references: &ReferenceIntakes,
    others: &[Micronutrients],
) -> [f64; GOALS.len()] {
    let days = others.len().max(1) as f64;
    let total: Micronutrients = others.iter().copied().sum();
    GOALS.map(|g| (AIM * references.get(g).amount * days - total.get(g)).max(0.0))
}

/// What one unit of each goal is worth to a week of `days` (its
/// micronutrients day by day): its share of the reference on the week's
/// average, while the week lacks it; nothing once it is reached.
pub(super) fn worth(references: &ReferenceIntakes, days: &[Micronutrients]) -> [f64; GOALS.len()] {
    let before = shares(references, days);
    std::array::from_fn(|g| {
        if before[g] < AIM {
            1.0 / references.get(GOALS[g]).amount / days.len().max(1) as f64
        } else {
            0.0
        }
    })
}

/// What a serving of `recipe` brings to a week whose goals are `worth`
/// so much ([`worth`]), each goal counted up to [`AIM`].
pub(super) fn value(recipe: &Recipe, worth: &[f64; GOALS.len()]) -> f64 {
    let m = &recipe.card.micronutrients;
    GOALS
        .iter()
        .zip(worth)
        .map(|(g, w)| (m.get(*g) * w).min(AIM))
        .sum()
}

/// How much a week of `after` (its micronutrients day by day) lacks
/// ([`lacking`]), when it has no more goals under [`ADEQUATE_SHARE`] than
/// the week of `before` and none that `before` reached falls under it;
/// `None` otherwise.
pub(super) fn lack_after(
    references: &ReferenceIntakes,
    before: &[Micronutrients],
    after: &[Micronutrients],
) -> Option<f64> {
    let (short, lack) = lacking(references, after);
    let fell = shares(references, after)
        .iter()
        .zip(&shares(references, before))
        .any(|(now, was)| *was >= ADEQUATE_SHARE && *now < ADEQUATE_SHARE);
    (!fell && short <= lacking(references, before).0).then_some(lack)
}

impl Week<'_> {
    /// Day `d` of `days` (their micronutrients `amounts`, the week lacking
    /// `lack`) searched again for the goals the week lacks; `None` when
    /// no day that keeps the rules leaves it lacking less.
    fn revisit(
        &self,
        days: &[PlannedDay],
        amounts: &[Micronutrients],
        d: usize,
        lack: f64,
        rng: &mut Rng,
    ) -> Option<PlannedDay> {
        let recipes: &[Recipe] = self.request.recipes;
        let worth = worth(&self.references, amounts);
        let value = |r: usize| value(&recipes[r], &worth);
        let n = self.request.slots.len();
        let at = Revisit::new(
            self.request,
            self.dishes,
            &self.bands,
            self.slot_pools.iter().copied(),
            days,
            d,
        )?;
        let problem = at.problem(
            self.request,
            &self.scorer,
            self.dishes,
            days[d].larger_portions,
        );
        let current = at.current.clone();
        let met = problem.targets_met(&current);
        let miss = problem.miss(&current);
        let limits = problem.limits_each(&current);
        // A recipe new to its slot in a third meal of the week (or its
        // twin), or past its main ingredient's meals a week: the week's
        // rules are kept, not priced.
        let beyond = |picks: &[(usize, f64)]| {
            picks.iter().zip(&current).enumerate().any(|(j, (p, was))| {
                let r = problem.slots[j].pool[p.0].index;
                let (main, twins) = problem.dishes.week_cost(&problem.week, r);
                p.0 != was.0 && (problem.used[r].max(twins) >= 2 || main > 0.0)
            })
        };
        // A main protein food in a third meal, or a dish family twice:
        // never brought into a day that kept them, met or missed.
        let repeats = problem.repeats_ok(&current);
        let kept = |picks: &[(usize, f64)]| {
            problem.valid(picks)
                && !beyond(picks)
                && (problem.repeats_ok(picks) || !repeats)
                && if met {
                    problem.targets_met(picks)
                } else {
                    problem.miss(picks) <= miss
                }
                && problem
                    .limits_each(picks)
                    .iter()
                    .zip(&limits)
                    .all(|(now, was)| *now || !*was)
        };
        let after = |picks: &[(usize, f64)]| -> f64 {
            let mut week = amounts.to_vec();
            week[d] = problem
                .slots
                .iter()
                .zip(picks)
                .map(|(slot, (c, s))| recipes[slot.pool[*c].index].card.micronutrients.scaled(*s))
                .sum();
            lack_after(&self.references, amounts, &week).unwrap_or(f64::INFINITY)
        };
        // The best day so far: how much the week then lacks, and the day.
        let mut best: Option<(f64, Day)> = None;
        let offer = |picks: Vec<(usize, f64)>, best: &mut Option<(f64, Day)>| {
            if picks == current || !kept(&picks) {
                return;
            }
            let left = after(&picks);
            if left > lack - GAIN {
                return;
            }
            let loss = problem.loss(&picks);
            let better = best
                .as_ref()
                .is_none_or(|(l, day)| left < l - 1e-9 || (left < l + 1e-9 && loss < day.loss));
            if better {
                *best = Some((left, Day { picks, loss }));
            }
        };
        for k in 0..n {
            let slot = &problem.slots[k];
            let mut rich: Vec<usize> = (0..slot.pool.len())
                .filter(|c| *c != current[k].0 && value(slot.pool[*c].index) > 0.0)
                .filter(|c| !slot.banned.contains(&slot.pool[*c].index))
                .collect();
            rich.sort_by(|a, b| value(slot.pool[*b].index).total_cmp(&value(slot.pool[*a].index)));
            if n == 1 {
                // Every recipe at every portion: the whole day.
                for c in rich {
                    let cap = problem.cap_of(slot, &slot.pool[c]);
                    for s in grid(slot.range.min, cap) {
                        offer(vec![(c, s)], &mut best);
                    }
                }
                continue;
            }
            for c in rich.into_iter().take(HELD) {
                if problem.budget.spent() {
                    break;
                }
                // The slot holds the recipe; the others are searched
                // around it.
                let held = std::slice::from_ref(&slot.pool[c]);
                let mut around = Problem {
                    recipes,
                    scorer: problem.scorer,
                    slots: problem.slots.clone(),
                    fixed: Vec::new(),
                    used: problem.used,
                    week: problem.week.clone(),
                    extended: problem.extended,
                    dishes: problem.dishes,
                    strict: true,
                    budget: problem.budget,
                    limit_step: problem.limit_step,
                    window: problem.window,
                };
                around.slots[k].pool = held;
                around.slots[k].banned.clear();
                let mut picks = current.clone();
                picks[k] = (0, current[k].1);
                if !around.valid(&picks) {
                    continue;
                }
                // The descent sets every portion, the held one's too.
                let found = around.descend(picks, rng);
                let mut picks = found.picks;
                picks[k].0 = c;
                offer(picks, &mut best);
            }
        }
        let (_, day) = best?;
        Some(planned_day(
            &problem,
            &self.request.slots,
            &day,
            problem.extended,
            days[d].day_of_week,
        ))
    }

    /// Whether a one-meal week still has its different recipes.
    fn distinct_ok(&self, days: &[PlannedDay]) -> bool {
        super::distinct_ok(&self.slot_pools, days)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::food::meal::MealType;
    use crate::food::micronutrients::{COUNT, Micronutrient};
    use crate::food::nutrition::Nutrition;
    use crate::food::recipe::{RecipeIngredient, RecipeParts};
    use crate::planner::{Diner, PlannedMeal};
    use crate::profile::Gender;
    use crate::{HardRules, MealsPerDay, Targets};

    /// A dinner of `kcal` on `food` (each its own main ingredient), with
    /// `calcium` mg a serving and the macros of [`TARGETS`] scaled.
    fn dinner(id: i64, food: &str, kcal: f64, calcium: f64) -> Recipe {
        let f = kcal / 600.0;
        let mut r = Recipe::new(
            crate::Taxonomy::standard(),
            RecipeParts {
                id,
                name: format!("dinner {id}"),
                nutrition: Nutrition {
                    calories: kcal,
                    protein: 30.0 * f,
                    carbs: 75.0 * f,
                    fat: 20.0 * f,
                    ..Nutrition::default()
                },
                ingredients: vec![RecipeIngredient {
                    name: food.into(),
                    grams: 300.0,
                }],
                meal_types: vec![MealType::Dinner],
                ..RecipeParts::default()
            },
        )
        .unwrap();
        let mut a = [0.0; COUNT];
        a[Micronutrient::Calcium as usize] = calcium;
        r.card.micronutrients = Micronutrients::new(a);
        r
    }

    const TARGETS: Targets<f64> = Targets {
        calories: 600.0,
        protein: 30.0,
        carbs: 75.0,
        fat: 20.0,
    };

    /// A woman of 30 (calcium 1,000 mg) eating one meal a day.
    fn diner() -> Diner {
        Diner::checked(
            TARGETS,
            MealsPerDay::parse(1).unwrap(),
            HardRules::default(),
        )
        .unwrap()
        .with_intakes(ReferenceIntakes::of(30, Gender::Female))
    }

    /// A week of the dinners `ids`, one serving each.
    fn week(recipes: &[Recipe], ids: &[i64]) -> OneWeek {
        let days = ids
            .iter()
            .zip(1..)
            .map(|(id, day_of_week)| {
                let r = recipes.iter().find(|r| r.id == *id).unwrap();
                PlannedDay {
                    day_of_week,
                    meals: vec![PlannedMeal {
                        recipe_id: *id,
                        meal_type: MealType::Dinner,
                        schedule: 1,
                        servings: 1.0,
                    }],
                    totals: r.nutrition.served(1.0),
                    larger_portions: false,
                }
            })
            .collect();
        OneWeek {
            days,
            eaten: Vec::new(),
            notes: vec![Vec::new(); ids.len()],
        }
    }

    /// Ten dinners without calcium, each on its own food: enough for the
    /// rule against a slot's recipe two days running.
    fn plain_dinners() -> Vec<Recipe> {
        let foods = [
            "lentils",
            "chickpeas",
            "tofu",
            "tempeh",
            "chicken breast",
            "salmon",
            "black beans",
            "kidney beans",
            "cod",
            "shrimp",
        ];
        foods
            .iter()
            .zip(1..)
            .map(|(f, id)| dinner(id, f, 600.0, 0.0))
            .collect()
    }

    fn calcium_share(recipes: &[Recipe], week: &OneWeek) -> f64 {
        let days: Vec<Micronutrients> = week.days.iter().map(|d| day_amounts(recipes, d)).collect();
        shares(&ReferenceIntakes::of(30, Gender::Female), &days)[0]
    }

    /// A week of dinners without calcium, on target every day, takes
    /// the calcium-rich dinner where it keeps the rules: on two days (a
    /// third would be its third meal of the week), never two days running,
    /// each day still on target, and the week then reaches its goal.
    #[test]
    fn a_week_short_of_calcium_takes_the_dinner_that_brings_it() {
        let mut recipes = plain_dinners();
        recipes.push(dinner(11, "white beans", 600.0, 3000.0));
        let diner = diner();
        let request = OneRequest::for_diner(&recipes, &diner, 7).unwrap();
        let mut planned = week(&recipes, &[1, 2, 3, 4, 5, 1, 2]);
        assert_eq!(calcium_share(&recipes, &planned), 0.0);
        top_up(&request, &mut planned, 0);
        let ids: Vec<i64> = planned.days.iter().map(|d| d.meals[0].recipe_id).collect();
        assert_eq!(ids.iter().filter(|id| **id == 11).count(), 2, "{ids:?}");
        assert!(ids.windows(2).all(|w| w[0] != w[1]), "{ids:?}");
        assert!(calcium_share(&recipes, &planned) >= ADEQUATE_SHARE);
        for d in &planned.days {
            assert!(request.tolerances.admits(&d.totals, &request.targets));
        }
        let mut distinct = ids.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert!(distinct.len() >= 5, "{ids:?}");
    }

    /// The calcium-rich dinner off the targets at every portion, or a
    /// person without reference intakes: the week stays as it was.
    #[test]
    fn no_day_leaves_its_targets_for_a_micronutrient() {
        let mut recipes = plain_dinners();
        recipes.push(dinner(11, "white beans", 1500.0, 3000.0));
        let ids = [1, 2, 3, 4, 5, 1, 2];
        let diner = diner();
        let request = OneRequest::for_diner(&recipes, &diner, 7).unwrap();
        let mut planned = week(&recipes, &ids);
        top_up(&request, &mut planned, 0);
        let got: Vec<i64> = planned.days.iter().map(|d| d.meals[0].recipe_id).collect();
        assert_eq!(got, ids);
        // Without references there is no goal to fall short of.
        recipes[10] = dinner(11, "white beans", 600.0, 3000.0);
        let plain = Diner::checked(
            TARGETS,
            MealsPerDay::parse(1).unwrap(),
            HardRules::default(),
        )
        .unwrap();
        let request = OneRequest::for_diner(&recipes, &plain, 7).unwrap();
        let mut planned = week(&recipes, &ids);
        top_up(&request, &mut planned, 0);
        let got: Vec<i64> = planned.days.iter().map(|d| d.meals[0].recipe_id).collect();
        assert_eq!(got, ids);
    }
}
