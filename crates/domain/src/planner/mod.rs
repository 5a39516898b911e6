//! Plan generation: one recipe and a portion per meal slot, each day as
//! close as the catalogue allows to the calorie and macro targets, with
//! portions, meal sizes and variety a person would accept.
//!
//! The rules (see `docs/PLANNER.md`):
//!
//! - **Hard** (never broken): restrictions and vegan/vegetarian; portions
//!   in quarter servings, 0.75-1.5 for main meals and 0.5-1.5 for snacks,
//!   main meals up to `max_servings` (2.0 by default, never above 2.5)
//!   only on a day whose targets cannot be met otherwise; no meal for one
//!   person over 900 g as served (1,200 g on a one-meal day); no recipe twice
//!   in a day; no meal over half the calories of a day of three or more
//!   meals; the same recipe not in the same slot on consecutive days while
//!   the slot has 10 or more candidates; a one-meal-a-day plan has at
//!   least 5 different recipes a week (fewer when the plan is shorter or
//!   the slot has fewer candidates).
//! - **Soft** (the loss): each total's error in units of its tolerance;
//!   each slot's share of the day's calories inside its band
//!   ([`share_bands`]); protein spread over the main meals; preferred diet
//!   types and tastes; recipes not repeated across the week; portions near
//!   one serving; below all of these but the preferences, the week's
//!   calcium, iron, potassium and B12 ([`micronutrients`], only when the
//!   request is given the person's reference intakes).
//!
//! The search is randomised coordinate descent with
//! restarts, deterministic for a given seed; a one-meal week may instead
//! be laid out from its ranked recipes, when that meets more days. Where a
//! day misses its targets, [`best_miss`] says how close any day of that
//! slot pattern could come, and [`WeekBound`] how close each day of a
//! one-meal week could, ranked, under its weekly variety rule.

mod adjust;
mod budget;
mod diner;
mod fit;
mod household;
#[cfg(test)]
mod leftover_tests;
pub mod leftovers;
mod limits_week;
mod lp;
mod micro_week;
pub mod micronutrients;
mod one;
mod pairs;
mod pantry;
mod pantry_move;
mod pantry_order;
#[cfg(test)]
mod pantry_tests;
mod pantry_week;
mod rebalance;
mod request;
mod revisit;
mod rules;
mod search;
mod tastes;
#[cfg(test)]
mod tests;
mod week;
pub mod whole_day;

pub use adjust::PlanAdjust;
pub use budget::Budget;
pub use diner::Diner;
pub use fit::{DayFit, Off, assess};
pub use household::cooking_sessions;
pub use household::{Keep, Share, TableDay, TableDish, TableMeal};
pub use leftovers::{CookedAt, KEEPS_DAYS, Leftovers};
pub use lp::{Bound, best_miss};
pub use pantry::PantryFood;
pub use rebalance::{
    DayMeal, DayRequest, MealRow, day_bans, day_meals, rebalance_day, rebalance_notes,
    reportion_day,
};
#[cfg(test)]
use rebalance::{RebalanceRequest, rebalance};
pub use request::{MAX_DAYS, MAX_DINERS, PlanRequest, RequestError};
pub use rules::{
    CALORIE_TOLERANCE, CALORIE_TOLERANCE_RANGE, DEFAULT_MAX_SERVINGS, MACRO_TOLERANCE,
    MACRO_TOLERANCE_RANGE, MAX_MEAL_SHARE, MAX_SERVINGS_RANGE, MEAL_GRAMS_MAX, MEAL_MIN_SERVINGS,
    MIN_MAIN_SHARE, MIN_SNACK_SHARE, Nutrient, ONE_MEAL_GRAMS_MAX, PortionRange, Portions,
    SNACK_MIN_SERVINGS, STEPS_PER_SERVING, Tolerances, USUAL_MAX_SERVINGS, default_share,
    heaviest_portion, is_main, meal_grams_max, meal_weight_excess, share_bands, share_breach,
    weight_cost,
};
pub use tastes::Tastes;
pub use week::{Ranked, WeekBound};

use crate::food::hard_rules::HardRules;
use crate::food::kitchen::Kitchen;
use crate::food::meal::MealType;
use crate::food::nutrition::Nutrition;
use crate::food::recipe::Recipe;
use crate::profile::targets::Targets;
use crate::profile::{DietType, MealsPerDay};
#[cfg(test)]
use one::day_miss;
#[cfg(test)]
use one::plan_one;
use one::{OneRequest, plan_one_week};
use search::{Candidate, Day, Fixed, Problem, Scorer, Slot};
use whole_day::Dishes;

/// Random restarts of a day's search with usual portions.
const RESTARTS: usize = 6;
/// Further random restarts when those find no day within the targets: as
/// many as [`EXTRA_WORK`] candidate visits allow, within these bounds. A
/// small catalogue gets many (a day of a vegan with a protein target near
/// 45% of calories is found after dozens), a large one few (each restart
/// scores every candidate of every slot).
const EXTRA_RESTARTS: (usize, usize) = (6, 300);
/// Candidates (summed over a day's slots) × restarts spent on a day that
/// the first restarts could not meet.
const EXTRA_WORK: usize = 250_000;
/// Further random restarts when larger portions are tried.
const EXTENDED_RESTARTS: usize = 3;
/// Larger portions are kept on a day that still misses only when they
/// bring it this much closer (a fraction of the target: 0.5 points).
const EXTENDED_GAIN: f64 = 0.005;
/// Variety rules apply to slots with at least this many candidates.
pub const VARIETY_MIN_CANDIDATES: usize = 10;
/// Different recipes a week of a one-meal-a-day plan.
pub const WEEKLY_DISTINCT: usize = 5;

/// Different recipes a one-meal plan of `days` days needs when its slot
/// has `candidates`: [`WEEKLY_DISTINCT`], fewer when either is fewer.
pub(crate) fn weekly_distinct(days: usize, candidates: usize) -> usize {
    WEEKLY_DISTINCT.min(days).min(candidates)
}

/// Whether a one-meal week (one slot pool) still has its
/// [`weekly_distinct`] different recipes; any other week passes. The one
/// check every pass that searches a week's days again keeps.
pub(crate) fn distinct_ok(slot_pools: &[&[Candidate]], days: &[PlannedDay]) -> bool {
    let [pool] = slot_pools else {
        return true;
    };
    let mut ids: Vec<i64> = days
        .iter()
        .flat_map(|d| &d.meals)
        .map(|m| m.recipe_id)
        .collect();
    ids.sort_unstable();
    ids.dedup();
    ids.len() >= weekly_distinct(days.len(), pool.len())
}
const DIET_BONUS: f64 = 0.15;
const TASTE_BONUS: f64 = 0.1;
/// The bonus of one's own recipe for a person who prefers theirs: above
/// every soft preference (diet types, tastes, a repeat's 0.6, meal-size
/// bands), so that an own dish is chosen wherever the targets allow it,
/// and below a third use in a week (300), a heavy meal (up to 800) and a
/// day past its targets (1,000), which it never buys. At 1, 3 and 10 a
/// week of four own dinners took 0, 0 and 2 of them; at 100, 3, with the
/// same 7 days met.
const OWN_BONUS: f64 = 100.0;
/// The meal slots of a day, in order (contract §4.3).
pub fn meal_slots(meals_per_day: MealsPerDay) -> Vec<MealType> {
    use MealType::*;
    match meals_per_day.get() {
        1 => vec![Dinner],
        2 => vec![Breakfast, Dinner],
        3 => vec![Breakfast, Lunch, Dinner],
        4 => vec![Breakfast, Lunch, Snack, Dinner],
        5 => vec![Breakfast, Snack, Lunch, Snack, Dinner],
        _ => vec![Breakfast, Snack, Lunch, Snack, Dinner, Snack],
    }
}

/// One planned meal.
#[derive(Debug, Clone, PartialEq)]
pub struct PlannedMeal {
    /// Id of the recipe ([`Recipe::id`]).
    pub recipe_id: i64,
    /// Slot.
    pub meal_type: MealType,
    /// Position in the day, 1-based.
    pub schedule: u8,
    /// Portion, in servings.
    pub servings: f64,
}

/// One planned day.
#[derive(Debug, Clone, PartialEq)]
pub struct PlannedDay {
    /// 1-7.
    pub day_of_week: u8,
    /// Meals by schedule.
    pub meals: Vec<PlannedMeal>,
    /// The day's totals as served (each meal's nutrients rounded to whole
    /// units, as its plate and the plan summary show them).
    pub totals: Nutrition,
    /// A main meal is above the usual largest portion: the targets could
    /// not be met otherwise.
    pub larger_portions: bool,
}

impl PlannedDay {
    /// The day's micronutrients, each meal's recipe (found in `recipes`)
    /// at its portion; a recipe not found counts nothing. One sum for the
    /// week's repair, the table's seats and the bench alike.
    pub fn micronutrients(&self, recipes: &[Recipe]) -> crate::Micronutrients {
        self.meals
            .iter()
            .filter_map(|m| {
                let r = recipes.iter().find(|r| r.id == m.recipe_id)?;
                Some(r.card.micronutrients.scaled(m.servings))
            })
            .sum()
    }
}

/// Why no plan can be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlanningError {
    /// Too few recipes fit the user's restrictions to fill a day's slots
    /// without repeating one.
    #[error(
        "No {meal} recipe fits your restrictions and diet: need {needed} different recipe(s) a day, found {found}"
    )]
    NotEnoughRecipes {
        /// The meal type.
        meal: &'static str,
        /// Slots of that type in a day (all slots, when recipes shared
        /// between meal types are what runs short).
        needed: usize,
        /// Recipes that fit.
        found: usize,
    },
}

/// Whether `totals` are within the default tolerances of `targets`.
pub fn within_tolerance(totals: &Nutrition, targets: &Targets<f64>) -> bool {
    Tolerances::default().admits(totals, targets)
}

/// SplitMix64: a small, fast, deterministic generator (the planner's and
/// the benchmark's source of randomness).
#[derive(Debug, Clone)]
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// A number in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// The preference bonus of a recipe (the pantry's, which depends on the
/// day, is [`pantry::Stock::bonus`]).
fn bonus(recipe: &Recipe, diets: &[DietType], tastes: &Tastes, own: bool) -> f64 {
    let d = diets.iter().filter(|d| recipe.suits(**d)).count().min(2) as f64;
    let t = tastes.count_in(recipe).min(2) as f64;
    let mine = if own && crate::is_own_recipe_id(recipe.id) {
        OWN_BONUS
    } else {
        0.0
    };
    DIET_BONUS * d + TASTE_BONUS * t + mine
}

/// Candidates of each distinct meal type of `slots`, and the pool of each
/// slot; each candidate's bonus the pantry's `stock` gives it on the
/// plan's first day besides its preferences (a week adds each day's
/// instead, [`one`]).
#[allow(clippy::too_many_arguments)]
fn pools(
    recipes: &[Recipe],
    slots: &[MealType],
    rules: &HardRules,
    scorer: &Scorer,
    diets: &[DietType],
    tastes: &Tastes,
    own: bool,
    stock: Option<&pantry::Stock>,
    dishes: &Dishes,
) -> (Vec<(MealType, Vec<Candidate>)>, Vec<usize>) {
    let mut pools: Vec<(MealType, Vec<Candidate>)> = Vec::new();
    let mut pool_of = Vec::with_capacity(slots.len());
    for meal in slots {
        if let Some(i) = pools.iter().position(|(m, _)| m == meal) {
            pool_of.push(i);
            continue;
        }
        let pool = recipes
            .iter()
            .enumerate()
            .filter(|(_, r)| r.serves(*meal) && rules.allow(r))
            .map(|(index, r)| Candidate {
                index,
                scaled: scorer.scale(&r.nutrition),
                kcal: r.nutrition.calories,
                protein: r.nutrition.protein,
                grams: r.grams(),
                bonus: bonus(r, diets, tastes, own) + stock.map_or(0.0, |s| s.bonus(index, 1)),
                counted: dishes.counted(index),
            })
            .collect();
        pool_of.push(pools.len());
        pools.push((*meal, pool));
    }
    (pools, pool_of)
}

/// One distinct recipe per slot (a bipartite matching of slots to
/// recipes, by augmenting paths), as candidate positions; `None` when the
/// pools cannot fill the slots without repeating a recipe.
fn distinct_fill(slot_pools: &[&[Candidate]]) -> Option<Vec<usize>> {
    fn assign(
        slot: usize,
        slot_pools: &[&[Candidate]],
        owner: &mut std::collections::HashMap<usize, (usize, usize)>,
        seen: &mut Vec<usize>,
    ) -> bool {
        for (c, cand) in slot_pools[slot].iter().enumerate() {
            if seen.contains(&cand.index) {
                continue;
            }
            seen.push(cand.index);
            let free = match owner.get(&cand.index) {
                None => true,
                Some(&(other, _)) => assign(other, slot_pools, owner, seen),
            };
            if free {
                owner.insert(cand.index, (slot, c));
                return true;
            }
        }
        false
    }
    let mut owner = std::collections::HashMap::new();
    for slot in 0..slot_pools.len() {
        if !assign(slot, slot_pools, &mut owner, &mut Vec::new()) {
            return None;
        }
    }
    let mut fill = vec![0; slot_pools.len()];
    for (slot, c) in owner.into_values() {
        fill[slot] = c;
    }
    Some(fill)
}

/// Searches a day: usual portions first; larger main-meal portions only
/// when the day cannot be met with usual ones and they bring it closer.
/// Random starts come first; when they find no day within the targets,
/// `starts` (earlier days' picks, say) and more random ones follow.
/// `fallback` (a distinct fill) is the start when no random one can be
/// drawn. A day that still misses its targets gets a second chance
/// ([`second_chance`]), kept only when it meets them. Returns the day and
/// whether larger portions were allowed.
fn best_day(
    problem: &mut Problem<'_>,
    rng: &mut Rng,
    starts: &[Vec<(usize, f64)>],
    fallback: &[usize],
) -> (Day, bool) {
    let (day, extended) = searched_day(problem, rng, starts, fallback);
    if problem.targets_met(&day.picks) {
        problem.extended = extended;
        return (day, extended);
    }
    match second_chance(problem, rng, &day) {
        Some(found) => found,
        None => {
            problem.extended = extended;
            (day, extended)
        }
    }
}

/// A day that meets its targets where [`searched_day`] found none, and
/// whether it needs larger portions: for two slots, the best pair that
/// meets them ([`Problem::best_pair`]), with usual portions first; for
/// three or more, as many further restarts with larger portions as the
/// usual ones had (a big eater's 5,400 kcal in three plates of two
/// servings under 2,300 mg of sodium is found after dozens). Its random
/// draws come from a copy of `rng`, so that a day it cannot help leaves
/// the rest of the plan as it was.
fn second_chance(problem: &mut Problem<'_>, rng: &Rng, missed: &Day) -> Option<(Day, bool)> {
    let n = problem.slots.len();
    if n == 2 {
        for extended in [false, true] {
            problem.extended = extended;
            if let Some(day) = problem.best_pair() {
                return Some((day, extended));
            }
        }
        return None;
    }
    if n < 3 || problem.budget.spent() {
        return None;
    }
    problem.extended = true;
    let mut rng = rng.clone();
    let day = problem.search(
        &mut rng,
        std::slice::from_ref(&missed.picks),
        extra_restarts(problem),
    )?;
    problem.targets_met(&day.picks).then_some((day, true))
}

/// Further random restarts of a day the first ones could not meet (see
/// [`EXTRA_WORK`]).
fn extra_restarts(problem: &Problem<'_>) -> usize {
    // One slot: the descent already tries every candidate at every
    // portion, so more restarts cannot find anything new.
    if problem.slots.len() < 2 {
        return EXTRA_RESTARTS.0;
    }
    let candidates: usize = problem.slots.iter().map(|s| s.pool.len()).sum();
    (EXTRA_WORK / candidates.max(1)).clamp(EXTRA_RESTARTS.0, EXTRA_RESTARTS.1)
}

/// [`best_day`]'s own search, before its second chance.
fn searched_day(
    problem: &mut Problem<'_>,
    rng: &mut Rng,
    starts: &[Vec<(usize, f64)>],
    fallback: &[usize],
) -> (Day, bool) {
    problem.extended = false;
    let first: Vec<Vec<(usize, f64)>> = problem.greedy_start().into_iter().collect();
    let mut usual = match problem.search(rng, &first, RESTARTS) {
        Some(day) => day,
        // Bans or shared recipes defeat random starts.
        None => problem.descend(
            fallback
                .iter()
                .zip(&problem.slots)
                .map(|(c, s)| (*c, 1.0_f64.clamp(s.range.min, s.range.usual_max)))
                .collect(),
            rng,
        ),
    };
    if problem.good(&usual.picks) {
        return (usual, false);
    }
    if let Some(day) = problem.search(rng, starts, extra_restarts(problem))
        && day.loss < usual.loss
    {
        usual = day;
    }
    // Larger portions are for targets the usual ones cannot meet, never
    // for the limits beyond them.
    if problem.targets_met(&usual.picks) {
        return (usual, false);
    }
    problem.extended = true;
    let mut from = vec![usual.picks.clone()];
    from.extend(starts.iter().cloned());
    let larger = problem
        .search(rng, &from, EXTENDED_RESTARTS)
        .unwrap_or_else(|| usual.clone());
    let miss = |day: &Day| problem.miss(&day.picks);
    if problem.targets_met(&larger.picks)
        || (problem.sizes_ok(&larger.picks) && miss(&larger) < miss(&usual) - EXTENDED_GAIN)
    {
        (larger, true)
    } else {
        problem.extended = false;
        (usual, false)
    }
}

/// The day-rule facts given with a request, or made from its recipes and
/// kitchen when none were.
fn dishes_for<'a>(
    given: Option<&'a Dishes>,
    recipes: &[Recipe],
    kitchen: Option<&Kitchen>,
) -> std::borrow::Cow<'a, Dishes> {
    match given {
        Some(d) => std::borrow::Cow::Borrowed(d),
        None => std::borrow::Cow::Owned(Dishes::new(recipes, kitchen)),
    }
}

/// Refuses recipes sharing an id: a plan names its recipes by id.
pub(crate) fn distinct_ids(recipes: &[Recipe]) -> Result<(), RequestError> {
    let mut ids: Vec<i64> = recipes.iter().map(|r| r.id).collect();
    ids.sort_unstable();
    match ids.windows(2).find(|w| w[0] == w[1]) {
        Some(w) => Err(RequestError::DuplicateId(w[0])),
        None => Ok(()),
    }
}

/// Generates a plan for the table of `request` (one person or more): for
/// each day, one dish per slot for everyone who eats then and a portion
/// for each, every person's day as close to their own targets as the
/// recipes allow, never breaking anyone's rules. Each day's totals and
/// shares name the people by their index in [`PlanRequest::diners`].
///
/// ```
/// use mealplan_domain::{Diner, HardRules, MealType, MealsPerDay, Nutrition, PlanRequest, Recipe, RecipeIngredient, RecipeParts, Targets, Taxonomy, plan};
///
/// let taxonomy = Taxonomy::standard();
/// let dish = |id: i64, ingredient: &str, meal: MealType, calories: f64| {
///     Recipe::new(taxonomy, RecipeParts {
///         id,
///         name: format!("dish {id}"),
///         nutrition: Nutrition { calories, protein: calories * 0.25 / 4.0, carbs: calories * 0.5 / 4.0, fat: calories * 0.25 / 9.0, ..Nutrition::default() },
///         ingredients: vec![RecipeIngredient { name: ingredient.into(), grams: 100.0 }],
///         meal_types: vec![meal],
///         ..RecipeParts::default()
///     })
/// };
/// let recipes = vec![
///     dish(1, "rolled oats", MealType::Breakfast, 500.0)?,
///     dish(2, "peanut butter", MealType::Breakfast, 550.0)?,
///     dish(3, "lentils", MealType::Dinner, 700.0)?,
///     dish(4, "chickpeas", MealType::Dinner, 650.0)?,
/// ];
/// let targets = Targets { calories: 1200.0, protein: 75.0, carbs: 150.0, fat: 33.0 };
/// let no_peanuts = HardRules::new(taxonomy, ["peanut allergy"], &[]);
/// let me = Diner::checked(targets, MealsPerDay::parse(2)?, no_peanuts)?;
/// let request = PlanRequest::new(&recipes, vec![me], 3)?;
/// let days = plan(&request)?;
/// assert_eq!(days.len(), 3);
/// assert!(days.iter().flat_map(|d| &d.meals).all(|m| m.recipe_id != 2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn plan(request: &PlanRequest<'_>) -> Result<Vec<TableDay>, PlanningError> {
    let mut best = plan_variant(request, 0)?;
    // A bound on cooking sessions broken by leftovers dropped for the
    // days' targets: the week again, laid out another way.
    let Some(allowed) = leftovers::allowed(&week_schedule(request), request.leftovers) else {
        return Ok(best);
    };
    let score = |week: &[TableDay]| (cooking_sessions(week), days_met(request, week));
    let mut kept = score(&best);
    for variant in 1..leftovers::TRIES {
        if kept.0 <= allowed || request.budget.spent() {
            break;
        }
        let week = plan_variant(request, variant)?;
        let got = score(&week);
        if !leftovers::keep_first(kept, got, allowed) {
            best = week;
            kept = got;
        }
    }
    if kept.0 > allowed
        && let Some(first) = best.first_mut()
    {
        first.notes.push(format!(
            "{} cooking sessions rather than at most {allowed}: leftovers were dropped to keep days on their targets",
            kept.0
        ));
    }
    Ok(best)
}

/// Person-days of `week` within their tolerances.
fn days_met(request: &PlanRequest<'_>, week: &[TableDay]) -> usize {
    week.iter()
        .flat_map(|d| d.totals.iter().zip(request.diners()))
        .filter(|(t, diner)| diner.tolerances.admits(t, &diner.targets.get()))
        .count()
}

/// The first lay-out of `request`'s leftovers (over a single person's
/// slots, or the table's): what its bound allows.
fn week_schedule(request: &PlanRequest<'_>) -> leftovers::Schedule {
    let slots: Vec<MealType> = match request.diners() {
        [diner] => diner.slots.clone(),
        diners => household::table_meal_types(diners),
    };
    let open = vec![true; slots.len()];
    leftovers::Schedule::new(
        request.leftovers,
        &slots,
        &open,
        usize::from(request.days),
        0,
        request.diners().len() == 1,
    )
}

/// What a day of a pantry plan says when a main meal is above its usual
/// most on a day on its targets: the larger plate uses food due within
/// the plan (a plan without the pantry serves more only where the targets
/// need it).
pub const PANTRY_PORTIONS_NOTE: &str = "A main meal is above 1.5 servings to use pantry food due within the plan; the day stays on its targets.";

/// The week of `request` with its leftovers laid out as `variant` says.
fn plan_variant(request: &PlanRequest<'_>, variant: usize) -> Result<Vec<TableDay>, PlanningError> {
    match request.diners() {
        // One eater: their own search, which knows a single person's
        // week (weekly variety of a one-meal plan, micronutrient goals),
        // then the due food of their pantry it left offered again, then
        // missed days past their fibre ceiling or sodium limit searched
        // again with those limits first, then days searched again for the
        // micronutrients it falls short of.
        [diner] => {
            let one =
                OneRequest::of(request, diner).expect("the request was checked when it was made");
            let mut week = plan_one_week(&one, variant)?;
            pantry_week::use_up(&one, &mut week, variant);
            limits_week::keep_limits(&one, &mut week, variant);
            micro_week::top_up(&one, &mut week, variant);
            // A main meal above its usual most on a day on its targets is
            // the pantry's doing (`pantry_week`): said so, since anywhere
            // else it means the targets needed it.
            let mut notes = week.notes;
            for (day, notes) in week.days.iter().zip(notes.iter_mut()) {
                let above = day.meals.iter().any(|m| {
                    is_main(m.meal_type)
                        && m.servings > one.portions.range(m.meal_type).usual_max + 1e-9
                });
                if above && !day.larger_portions && !one.pantry.is_empty() {
                    notes.push(PANTRY_PORTIONS_NOTE.to_owned());
                }
            }
            let mut days: Vec<TableDay> = week.days.into_iter().map(TableDay::alone).collect();
            household::mark_leftovers(&mut days, &week.eaten);
            for (day, notes) in days.iter_mut().zip(notes) {
                day.notes = notes;
            }
            Ok(days)
        }
        _ => household::plan_table_variant(request, variant),
    }
}
