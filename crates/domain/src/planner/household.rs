//! Planning for a household: one dish per slot for everyone who eats
//! then, a portion for each person, and each person's day on their own
//! targets.
//!
//! A [`Diner`] is one person at the table: targets, hard rules,
//! preferences, tolerances, portion limits and meal slots; a single user
//! is a household of one. People may eat different numbers of meals: the
//! table's slots are the union of theirs, matched by meal type and
//! occurrence (a 3-meal person skips the 5-meal person's snacks).
//!
//! The search is over dishes, the portions follow: for a choice of one
//! recipe per slot, each person's portions (quarter servings within their
//! range) are found by coordinate descent on that person's own loss (the
//! same error in tolerance units as the one-person planner, the whole-day
//! limits, meal sizes within their bands), and a choice costs the sum of
//! its people's losses. Slots are improved one at a time over a sample of
//! their candidates, from several random starts. A dish must keep the
//! hard rules of everyone who eats it; only a slot where no recipe keeps
//! everyone's rules is split, its people grouped so that each group has
//! a dish, and the plan says why ([`TableMeal::split`]).
//!
//! Under a [`Budget`], each day gets its share of the time left; past it,
//! a day gets one start improved for one round, and no one's own dish.

use crate::food::kitchen::Kitchen;
use crate::food::meal::MealType;
use crate::food::nutrition::Nutrition;
use crate::food::recipe::Recipe;

use super::rules::{Tolerances, grid, share_bands};
use super::search::Scorer;
use super::whole_day::{Dishes, MinorValues, Seen, limits_cost, minor_of};
use super::{Budget, PlanningError, RequestError, Rng, bonus, distinct_ids};

pub use super::diner::Diner;

mod rebalance;
pub use rebalance::{Keep, TableDayRequest, TableDish, rebalance_table_day, reportion_table_day};

/// The most people a household plan seats.
pub const MAX_DINERS: usize = 13;
/// Candidates re-portioned in full for a slot in each improvement round,
/// the best of a quick screen of all of them.
const SHORTLIST: usize = 8;
/// Candidates of a slot scored in full in each improvement round: the
/// best of a first screen by how well each fits the eaters' remaining
/// targets alone.
const PRESCREEN: usize = 32;
/// Random starts per day.
const STARTS: usize = 3;
/// Further starts for a day on which someone's day is still missed.
const EXTRA_STARTS: usize = 2;
/// Improvement rounds over the slots per start.
const ROUNDS: usize = 4;
/// Cost of each earlier use of a recipe in the week.
const REPEAT_COST: f64 = 3.0;
/// Weight of a meal's share of its person's day outside its band, per 5
/// points, squared.
const SHARE_WEIGHT: f64 = 1.0;
/// People with at most this many meals get least-squares portions rounded
/// every way ([`Search::rounded_portion`]); more meals, coordinate descent.
const ROUNDED_UP_TO: usize = 6;
/// Candidates the repair of a random start may try before giving up.
const DEDUPE_BUDGET: usize = 20_000;
/// Up to this many meals every rounding (up or down) of the least-squares
/// portions is tried; beyond, the nearest rounding and single flips.
const ENUMERATED_ROUNDINGS: usize = 4;
/// A person's portions are tried in every combination when there are at
/// most this many (three main meals at 0.75-2.0 make 216).
const EXHAUSTIVE: usize = 400;
/// The smallest share of a dish a person may have (a child's, a light
/// eater's), below the usual smallest only when the day needs it.
const SHARE_MIN_SERVINGS: f64 = 0.5;
/// Cost of each quarter serving a portion has beyond the usual largest:
/// larger portions are for days the usual ones cannot land.
const LARGER_COST: f64 = 4.0;
/// Weight of the preference bonus (diet types, tastes) per eater.
const BONUS_WEIGHT: f64 = 0.3;

/// What a household plan is asked for: 1-7 days for 1 to [`MAX_DINERS`]
/// people over recipes with distinct ids.
#[derive(Debug, Clone)]
pub struct HouseholdRequest<'a> {
    recipes: &'a [Recipe],
    diners: Vec<Diner>,
    days: u8,
    seed: u64,
    kitchen: Option<&'a Kitchen>,
    dishes: Option<&'a Dishes>,
    budget: &'a Budget,
}

impl<'a> HouseholdRequest<'a> {
    /// Checks the days, the number of people and the recipe ids.
    pub fn new(recipes: &'a [Recipe], diners: Vec<Diner>, days: u8) -> Result<Self, RequestError> {
        if !(1..=7).contains(&days) {
            return Err(RequestError::Days { days });
        }
        if diners.is_empty() || diners.len() > MAX_DINERS {
            return Err(RequestError::Diners {
                diners: diners.len(),
            });
        }
        distinct_ids(recipes)?;
        Ok(Self {
            recipes,
            diners,
            days,
            seed: 0,
            kitchen: None,
            dishes: None,
            budget: Budget::unlimited(),
        })
    }

    /// Stops the search when `budget` is spent: each day is then the best
    /// found by then (every dish still keeps its eaters' rules), and
    /// [`Budget::cut_short`] says so.
    pub fn with_budget(mut self, budget: &'a Budget) -> Self {
        self.budget = budget;
        self
    }

    /// The same request, telling protein foods by `kitchen` (as
    /// [`PlanRequest::with_kitchen`](super::PlanRequest::with_kitchen)).
    pub fn with_kitchen(mut self, kitchen: &'a Kitchen) -> Self {
        self.kitchen = Some(kitchen);
        self
    }

    /// The day-rule facts of these recipes made beforehand (as
    /// [`PlanRequest::with_dishes`](super::PlanRequest::with_dishes)), so
    /// that a service planning often over one catalogue makes them once.
    pub fn with_dishes(mut self, dishes: &'a Dishes) -> Self {
        self.dishes = Some(dishes);
        self
    }

    /// The same request with the search's seed.
    pub fn with_seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// The people, in the order given (a plan names them by index).
    pub fn diners(&self) -> &[Diner] {
        &self.diners
    }
}

/// One person's portion of a dish.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Share {
    /// The person (index into [`HouseholdRequest::diners`]).
    pub diner: usize,
    /// Their portion, in servings.
    pub servings: f64,
}

/// One dish of a day: who eats it and how much each.
#[derive(Debug, Clone, PartialEq)]
pub struct TableMeal {
    /// Id of the recipe.
    pub recipe_id: i64,
    /// Slot.
    pub meal_type: MealType,
    /// Position of its slot in the table's day, 1-based.
    pub schedule: u8,
    /// Each eater's portion.
    pub shares: Vec<Share>,
    /// Why this slot has more than one dish, when it does.
    pub split: Option<String>,
}

impl TableMeal {
    /// Servings to cook: every share together.
    pub fn total_servings(&self) -> f64 {
        self.shares.iter().map(|s| s.servings).sum()
    }
}

/// One day of a household plan.
#[derive(Debug, Clone, PartialEq)]
pub struct TableDay {
    /// 1-7.
    pub day_of_week: u8,
    /// Its dishes, by schedule.
    pub meals: Vec<TableMeal>,
    /// Each person's totals as served, in [`HouseholdRequest::diners`]
    /// order.
    pub totals: Vec<Nutrition>,
}

/// A slot of the table's day and who eats at it.
#[derive(Debug, Clone)]
struct TableSlot {
    meal_type: MealType,
    /// Groups of eaters (diner indices), each served one dish.
    groups: Vec<Vec<usize>>,
    /// Candidates (catalogue indices) of each group.
    pools: Vec<Vec<usize>>,
    /// Why it is split, when it is.
    split: Option<String>,
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
fn table_slots(diners: &[Diner]) -> Vec<(MealType, Vec<(usize, usize)>)> {
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
fn pool(recipes: &[Recipe], diners: &[Diner], meal: MealType, eaters: &[usize]) -> Vec<usize> {
    recipes
        .iter()
        .enumerate()
        .filter(|(_, r)| r.serves(meal) && eaters.iter().all(|d| diners[*d].rules.allow(r)))
        .map(|(i, _)| i)
        .collect()
}

/// Groups of eaters (diner indices) and each group's candidates
/// (catalogue indices).
type Groups = (Vec<Vec<usize>>, Vec<Vec<usize>>);

/// Groups `eaters` so that each group has enough dishes (one for each
/// slot of this meal type its people eat): the person with the fewest
/// candidates leaves the group until it has.
fn grouped(
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
struct Seat {
    scorer: Scorer,
    targets: crate::profile::targets::Targets<f64>,
    tolerances: Tolerances,
    /// (table slot, group) per slot of theirs, in their own order.
    fed_by: Vec<(usize, usize)>,
    /// Portion steps per slot of theirs.
    steps: Vec<Vec<f64>>,
    /// Meal-size band per slot of theirs.
    bands: Vec<(f64, f64)>,
    /// The usual largest portion per slot of theirs: beyond it a portion
    /// costs [`LARGER_COST`] per quarter serving.
    usual_max: Vec<f64>,
    /// Each recipe's serving in this person's tolerance units.
    units: Vec<[f64; 4]>,
    /// The usual smallest portion per slot of theirs: below it a portion
    /// costs [`LARGER_COST`] per quarter serving too.
    usual_min: Vec<f64>,
}

impl Seat {
    /// Person `diner`'s seat at a day of `slots` (their meals, in order),
    /// each portion free within their range or, where `fixed` holds one,
    /// kept at it; fed by nothing yet.
    fn new(diner: &Diner, recipes: &[Recipe], slots: &[MealType], fixed: &[Option<f64>]) -> Self {
        let scorer = Scorer::new(&diner.targets.get(), &diner.tolerances);
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
                        grid(SHARE_MIN_SERVINGS.min(r.min), r.max).collect()
                    }
                })
                .collect(),
            usual_min: slots.iter().map(|m| diner.portions.range(*m).min).collect(),
            usual_max: slots
                .iter()
                .map(|m| diner.portions.range(*m).usual_max)
                .collect(),
            bands: share_bands(slots),
        }
    }

    /// Whether `totals` land within this person's tolerances.
    fn admits(&self, totals: &Nutrition) -> bool {
        self.tolerances.admits(totals, &self.targets)
    }
}

/// Per-recipe values the inner loop reads.
struct Packed {
    /// Calories, protein, carbs, fat of one serving.
    values: Vec<[f64; 4]>,
    minor: Vec<MinorValues>,
}

impl Packed {
    /// The values of every recipe of `recipes`.
    fn of(recipes: &[Recipe]) -> Self {
        Self {
            values: recipes
                .iter()
                .map(|r| {
                    let n = r.nutrition();
                    [n.calories, n.protein, n.carbs, n.fat]
                })
                .collect(),
            minor: recipes.iter().map(minor_of).collect(),
        }
    }
}

/// Each person's preference bonus for each recipe.
fn bonuses_of(recipes: &[Recipe], diners: &[Diner]) -> Vec<Vec<f64>> {
    diners
        .iter()
        .map(|d| {
            recipes
                .iter()
                .map(|r| bonus(r, &d.preferred_diets, &d.tastes))
                .collect()
        })
        .collect()
}

/// The error of a table whose days cannot be filled without giving
/// someone one recipe twice: the first person and meal type with fewer
/// candidates than slots.
fn too_few(diners: &[Diner], own_pools: &[Vec<Vec<usize>>]) -> PlanningError {
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

/// Searches the table's days.
pub fn plan_household(request: &HouseholdRequest<'_>) -> Result<Vec<TableDay>, PlanningError> {
    let recipes = request.recipes;
    let diners = &request.diners;
    let mut slots = Vec::new();
    let mut seats: Vec<Seat> = diners
        .iter()
        .map(|d| Seat::new(d, recipes, &d.slots, &vec![None; d.slots.len()]))
        .collect();
    for (t, (meal, eaters)) in table_slots(diners).into_iter().enumerate() {
        let who: Vec<usize> = eaters.iter().map(|(d, _)| *d).collect();
        let (groups, pools) = grouped(recipes, diners, meal, &who)?;
        for (g, group) in groups.iter().enumerate() {
            for d in group {
                let position = eaters.iter().find(|(e, _)| e == d).map_or(0, |(_, p)| *p);
                seats[*d].fed_by[position] = (t, g);
            }
        }
        let split = (groups.len() > 1).then(|| {
            format!(
                "no {} keeps the rules of everyone who eats it, so it is served as {} dishes",
                meal.as_str(),
                groups.len()
            )
        });
        slots.push(TableSlot {
            meal_type: meal,
            groups,
            pools,
            split,
        });
    }
    let packed = Packed::of(recipes);
    let bonuses = bonuses_of(recipes, diners);
    let own_pools: Vec<Vec<Vec<usize>>> = (0..diners.len())
        .map(|d| {
            diners[d]
                .slots
                .iter()
                .map(|m| pool(recipes, diners, *m, &[d]))
                .collect()
        })
        .collect();
    let made;
    let dishes = match request.dishes {
        Some(d) => d,
        None => {
            made = Dishes::new(recipes, request.kitchen);
            &made
        }
    };
    let whole = Search {
        recipes,
        dishes,
        own_pools: &own_pools,
        slots: &slots,
        seats: &seats,
        packed: &packed,
        bonuses: &bonuses,
        budget: request.budget,
    };
    let mut rng = Rng(request.seed ^ 0x5eed_7ab1e);
    let mut used = vec![0u32; recipes.len()];
    let mut days = Vec::with_capacity(usize::from(request.days));
    for day in 1..=request.days {
        // Each day its share of the time left.
        let budget = request.budget.part(usize::from(request.days - day) + 1);
        let search = Search {
            budget: &budget,
            ..whole
        };
        let Some((choice, mut portions)) = search.best_day(&mut rng, &used) else {
            return Err(too_few(diners, &own_pools));
        };
        let mut own: Vec<Option<(usize, usize)>> = vec![None; diners.len()];
        for (d, diner) in diners.iter().enumerate() {
            let dishes = search.dishes_of(d, &choice);
            let totals = search.totals(&dishes, &portions[d]);
            if diner.tolerances.admits(&totals, &diner.targets.get()) {
                continue;
            }
            if search.budget.spent() {
                break;
            }
            if let Some((k, r, servings)) = search.rescue(d, &dishes, &portions[d], &used) {
                own[d] = Some((k, r));
                portions[d] = servings;
            }
        }
        for r in choice.iter().flatten() {
            used[*r] += 1;
        }
        for (_, r) in own.iter().flatten() {
            used[*r] += 1;
        }
        days.push(search.day(day, &choice, &portions, &own));
    }
    Ok(days)
}

/// One eater's view of a slot being screened: what stays while its
/// candidates are tried.
struct ScreenView {
    /// The eater.
    d: usize,
    /// The slot's place among their dishes.
    k: usize,
    /// Their dishes, the slot's taking each candidate in turn.
    dishes: Vec<usize>,
    /// Their portions, the slot's taking each trial in turn.
    servings: Vec<f64>,
    /// Their targets less their other dishes, in tolerance units.
    rest: [f64; 4],
    /// Protein foods and families of their other dishes.
    seen: Seen,
    /// What those other dishes' repeats cost.
    base: f64,
}

/// A day's dishes: a recipe (catalogue index) per group of each slot.
type Choice = Vec<Vec<usize>>;

#[derive(Clone, Copy)]
struct Search<'s> {
    recipes: &'s [Recipe],
    /// Protein foods and dish families: no one eats a protein food in a
    /// third meal or two dishes of one family in a day, when it can be
    /// helped.
    dishes: &'s Dishes,
    /// Each person's own candidates per slot of theirs (their rules
    /// alone), for a dish of their own.
    own_pools: &'s [Vec<Vec<usize>>],
    slots: &'s [TableSlot],
    seats: &'s [Seat],
    packed: &'s Packed,
    bonuses: &'s [Vec<f64>],
    /// When to stop and keep the best found: between starts and between
    /// the slots of an improvement round.
    budget: &'s Budget,
}

impl Search<'_> {
    /// The best day found from several random starts (fewer once the
    /// budget is spent and one was found): its dishes and each person's
    /// portions.
    fn best_day(&self, rng: &mut Rng, used: &[u32]) -> Option<(Choice, Vec<Vec<f64>>)> {
        let mut best: Option<(f64, Choice)> = None;
        for start in 0..STARTS + EXTRA_STARTS {
            if best.is_some() && self.budget.spent() {
                break;
            }
            // Past the usual starts only while someone's day is missed.
            if start >= STARTS
                && best
                    .as_ref()
                    .is_some_and(|(_, choice)| self.everyone_on_target(choice))
            {
                break;
            }
            let mut choice: Choice = self
                .slots
                .iter()
                .map(|s| s.pools.iter().map(|p| p[rng.below(p.len())]).collect())
                .collect();
            if !self.dedupe(&mut choice) {
                continue;
            }
            let cost = self.improve(&mut choice, used);
            if best.as_ref().is_none_or(|(b, _)| cost < *b) {
                best = Some((cost, choice));
            }
        }
        let choice = best?.1;
        let portions = self.portions(&choice);
        Some((choice, portions))
    }

    /// Improves `choice` slot by slot (a dish replaced whenever that
    /// lowers the day's cost, its eaters re-portioned) until no change
    /// helps, the rounds run out or the budget is spent; its cost.
    fn improve(&self, choice: &mut Choice, used: &[u32]) -> f64 {
        // Each person's cost and portions, so that a change of one
        // dish re-portions only the people who eat it.
        let mut seats: Vec<(f64, Vec<f64>)> = (0..self.seats.len())
            .map(|d| self.seat_cost(d, choice))
            .collect();
        let mut cost = seats.iter().map(|(c, _)| c).sum::<f64>() + self.repeats(choice, used);
        for round in 0..ROUNDS {
            let mut improved = false;
            for t in 0..self.slots.len() {
                // The first round runs whole unless nobody waits for the
                // answer: a day from a random start needs it.
                if self.budget.is_cancelled() || (round > 0 && self.budget.spent()) {
                    return cost;
                }
                for g in 0..self.slots[t].groups.len() {
                    let group = &self.slots[t].groups[g];
                    let was = choice[t][g];
                    for r in self.screen(t, g, choice, &seats, used) {
                        choice[t][g] = r;
                        let new: Vec<(f64, Vec<f64>)> =
                            group.iter().map(|d| self.seat_cost(*d, choice)).collect();
                        let delta: f64 = group
                            .iter()
                            .zip(&new)
                            .map(|(d, (c, _))| c - seats[*d].0)
                            .sum::<f64>()
                            + REPEAT_COST * (f64::from(used[r]) - f64::from(used[was]));
                        if delta < -1e-9 {
                            cost += delta;
                            for (d, seat) in group.iter().zip(new) {
                                seats[*d] = seat;
                            }
                            improved = true;
                            break;
                        }
                        choice[t][g] = was;
                    }
                }
            }
            if !improved {
                break;
            }
        }
        cost
    }

    /// How many people's days of `choice`, at their best portions, miss
    /// their tolerances.
    fn missed(&self, choice: &Choice) -> usize {
        (0..self.seats.len())
            .filter(|d| {
                let dishes = self.dishes_of(*d, choice);
                let servings = self.seat_cost(*d, choice).1;
                !self.seats[*d].admits(&self.totals(&dishes, &servings))
            })
            .count()
    }

    /// What the day `choice` costs: every person's day at their best
    /// portions and the week's earlier uses of its recipes.
    fn cost(&self, choice: &Choice, used: &[u32]) -> f64 {
        (0..self.seats.len())
            .map(|d| self.seat_cost(d, choice).0)
            .sum::<f64>()
            + self.repeats(choice, used)
    }

    /// Whether every person's day of `choice` at their best portions lands
    /// within their tolerances.
    fn everyone_on_target(&self, choice: &Choice) -> bool {
        (0..self.seats.len()).all(|d| {
            let dishes = self.dishes_of(d, choice);
            let servings = self.seat_cost(d, choice).1;
            self.seats[d].admits(&self.totals(&dishes, &servings))
        })
    }

    /// What the week's earlier uses of a day's recipes cost.
    fn repeats(&self, choice: &Choice, used: &[u32]) -> f64 {
        choice
            .iter()
            .flatten()
            .map(|r| REPEAT_COST * f64::from(used[*r]))
            .sum()
    }

    /// The most promising replacements for the dish of group `g` of slot
    /// `t`, best first: every candidate is scored with each eater's other
    /// portions as they are and only this dish's portion tried at every
    /// step; the best [`SHORTLIST`] are worth re-portioning in full.
    fn screen(
        &self,
        t: usize,
        g: usize,
        choice: &Choice,
        seats: &[(f64, Vec<f64>)],
        used: &[u32],
    ) -> Vec<usize> {
        let group = &self.slots[t].groups[g];
        // Per eater, what does not depend on the candidate: their other
        // dishes' share of the targets, and their protein foods and dish
        // families so far (scratch vectors then take each candidate in
        // place, without allocating).
        let mut views: Vec<ScreenView> = group
            .iter()
            .map(|d| {
                let seat = &self.seats[*d];
                let k = seat.fed_by.iter().position(|f| *f == (t, g)).unwrap_or(0);
                let dishes: Vec<usize> = seat.fed_by.iter().map(|(t, g)| choice[*t][*g]).collect();
                let servings = seats[*d].1.clone();
                let mut rest = seat.scorer.target;
                let mut seen = Seen::default();
                let mut base = 0.0;
                for (j, (dish, s)) in dishes.iter().zip(&servings).enumerate() {
                    if j != k {
                        for (c, v) in rest.iter_mut().zip(&seat.units[*dish]) {
                            *c -= v * s;
                        }
                        base += seen.add(self.dishes, *dish);
                    }
                }
                ScreenView {
                    d: *d,
                    k,
                    dishes,
                    servings,
                    rest,
                    seen,
                    base,
                }
            })
            .collect();
        let current = choice[t][g];
        // A first, cheap screen: each candidate's least-squares fit of the
        // eaters' remaining targets alone (four numbers each); only the
        // best [`PRESCREEN`] are scored in full.
        let mut fits: Vec<(f64, usize)> = Vec::with_capacity(self.slots[t].pools[g].len());
        for &r in &self.slots[t].pools[g] {
            if r == current || self.holds(choice, t, g, r) {
                continue;
            }
            let mut miss = REPEAT_COST * f64::from(used[r]);
            for v in &views {
                let seat = &self.seats[v.d];
                let u = &seat.units[r];
                let uu: f64 = u.iter().map(|x| x * x).sum();
                let ur: f64 = u.iter().zip(&v.rest).map(|(a, b)| a * b).sum();
                let steps = &seat.steps[v.k];
                let x = if uu > 0.0 {
                    (ur / uu).clamp(steps[0], steps[steps.len() - 1])
                } else {
                    1.0
                };
                miss += u
                    .iter()
                    .zip(&v.rest)
                    .map(|(a, b)| (b - a * x) * (b - a * x))
                    .sum::<f64>();
            }
            fits.push((miss, r));
        }
        if fits.len() > PRESCREEN {
            fits.select_nth_unstable_by(PRESCREEN, |a, b| a.0.total_cmp(&b.0));
            fits.truncate(PRESCREEN);
        }
        let mut scored: Vec<(f64, usize)> = Vec::with_capacity(fits.len());
        for &(_, r) in &fits {
            let mut total = REPEAT_COST * f64::from(used[r]);
            for v in &mut views {
                let seat = &self.seats[v.d];
                v.dishes[v.k] = r;
                // This dish's least-squares portion with the others as
                // they are, rounded down and up.
                let u = &seat.units[r];
                let uu: f64 = u.iter().map(|x| x * x).sum();
                let ur: f64 = u.iter().zip(&v.rest).map(|(a, b)| a * b).sum();
                let steps = &seat.steps[v.k];
                let (lo, hi) = (steps[0], steps[steps.len() - 1]);
                let x = if uu > 0.0 {
                    (ur / uu).clamp(lo, hi)
                } else {
                    1.0
                };
                let q = x * super::rules::STEPS_PER_SERVING;
                let mut best = f64::INFINITY;
                for step in [q.floor(), q.ceil()] {
                    v.servings[v.k] = (step / super::rules::STEPS_PER_SERVING).clamp(lo, hi);
                    best = best.min(self.loss(seat, &v.dishes, &v.servings));
                }
                total += best + v.base + v.seen.cost_of(self.dishes, r)
                    - BONUS_WEIGHT * self.bonuses[v.d][r];
            }
            scored.push((total, r));
        }
        scored.sort_by(|a, b| a.0.total_cmp(&b.0));
        scored.truncate(SHORTLIST);
        scored.into_iter().map(|(_, r)| r).collect()
    }

    /// Person `d`'s dishes of the day `choice`, one per slot of theirs.
    fn dishes_of(&self, d: usize, choice: &Choice) -> Vec<usize> {
        self.seats[d]
            .fed_by
            .iter()
            .map(|(t, g)| choice[*t][*g])
            .collect()
    }

    /// A person's totals of `dishes` at `servings`, as served.
    fn totals(&self, dishes: &[usize], servings: &[f64]) -> Nutrition {
        dishes
            .iter()
            .zip(servings)
            .map(|(r, s)| self.recipes[*r].nutrition().served(*s))
            .sum()
    }

    /// A dish of their own for person `d`, whose day the shared dishes
    /// cannot land: the slot, recipe and portions that bring their day
    /// within their tolerances (the least change of dishes: one slot), if
    /// any does.
    fn rescue(
        &self,
        d: usize,
        dishes: &[usize],
        servings: &[f64],
        used: &[u32],
    ) -> Option<(usize, usize, Vec<f64>)> {
        let seat = &self.seats[d];
        let mut best: Option<(f64, usize, usize, Vec<f64>)> = None;
        for k in 0..dishes.len() {
            let mut scored: Vec<(f64, usize)> = self.own_pools[d][k]
                .iter()
                .filter(|r| !dishes.contains(r))
                .map(|r| {
                    let mut trial = dishes.to_vec();
                    trial[k] = *r;
                    let mut s = servings.to_vec();
                    let least = seat.steps[k]
                        .iter()
                        .map(|step| {
                            s[k] = *step;
                            self.loss(seat, &trial, &s)
                        })
                        .fold(f64::INFINITY, f64::min);
                    (least + REPEAT_COST * f64::from(used[*r]), *r)
                })
                .collect();
            scored.sort_by(|a, b| a.0.total_cmp(&b.0));
            for (_, r) in scored.into_iter().take(SHORTLIST) {
                let mut trial = dishes.to_vec();
                trial[k] = r;
                let (loss, portions) = self.portion(seat, &trial);
                let loss = loss + self.dishes.repeats_cost(trial.iter().copied());
                if best.as_ref().is_none_or(|(b, ..)| loss < *b) {
                    best = Some((loss, k, r, portions));
                }
            }
        }
        let (_, k, r, portions) = best?;
        let mut trial = dishes.to_vec();
        trial[k] = r;
        let totals = self.totals(&trial, &portions);
        seat.admits(&totals).then_some((k, r, portions))
    }

    /// Whether someone who eats the dish of group `g` of slot `t` already
    /// has recipe `r` at another slot of the day.
    fn holds(&self, choice: &Choice, t: usize, g: usize, r: usize) -> bool {
        self.slots[t].groups[g].iter().any(|d| {
            self.seats[*d]
                .fed_by
                .iter()
                .any(|&(t2, g2)| (t2, g2) != (t, g) && choice[t2][g2] == r)
        })
    }

    /// Replaces recipes a random start gives someone twice, by
    /// backtracking over the slots (each keeps its dish when it can, else
    /// takes the first of its pool no eater has yet). Whether it found a
    /// day with no repeat for anyone.
    fn dedupe(&self, choice: &mut Choice) -> bool {
        let order: Vec<(usize, usize)> = (0..self.slots.len())
            .flat_map(|t| (0..self.slots[t].groups.len()).map(move |g| (t, g)))
            .collect();
        let start = choice.clone();
        let mut budget = DEDUPE_BUDGET;
        self.assign(choice, &start, &order, 0, &mut budget)
    }

    /// [`dedupe`](Self::dedupe) from position `at` of `order`: slots before
    /// it are settled; a slot not yet settled counts as free.
    fn assign(
        &self,
        choice: &mut Choice,
        start: &Choice,
        order: &[(usize, usize)],
        at: usize,
        budget: &mut usize,
    ) -> bool {
        let Some(&(t, g)) = order.get(at) else {
            return true;
        };
        let settled = &order[..at];
        let clashes = |choice: &Choice, r: usize| {
            self.slots[t].groups[g].iter().any(|d| {
                self.seats[*d]
                    .fed_by
                    .iter()
                    .any(|f| *f != (t, g) && settled.contains(f) && choice[f.0][f.1] == r)
            })
        };
        let first = start[t][g];
        let candidates = std::iter::once(first).chain(
            self.slots[t].pools[g]
                .iter()
                .copied()
                .filter(move |r| *r != first),
        );
        for r in candidates {
            if *budget == 0 {
                return false;
            }
            *budget -= 1;
            if clashes(choice, r) {
                continue;
            }
            choice[t][g] = r;
            if self.assign(choice, start, order, at + 1, budget) {
                return true;
            }
        }
        choice[t][g] = first;
        false
    }

    /// Each person's portions of the day `choice`.
    fn portions(&self, choice: &Choice) -> Vec<Vec<f64>> {
        (0..self.seats.len())
            .map(|d| self.seat_cost(d, choice).1)
            .collect()
    }

    /// What person `d`'s day of `choice` costs at their best portions
    /// (less their preference bonus), and those portions.
    fn seat_cost(&self, d: usize, choice: &Choice) -> (f64, Vec<f64>) {
        let seat = &self.seats[d];
        let dishes: Vec<usize> = seat.fed_by.iter().map(|(t, g)| choice[*t][*g]).collect();
        let (loss, servings) = self.portion(seat, &dishes);
        let bonus: f64 = dishes.iter().map(|r| self.bonuses[d][*r]).sum();
        let repeats = self.dishes.repeats_cost(dishes.iter().copied());
        (loss + repeats - BONUS_WEIGHT * bonus, servings)
    }

    /// One person's best portions of `dishes` (one per slot of theirs) by
    /// coordinate descent from one serving, and the loss there.
    fn portion(&self, seat: &Seat, dishes: &[usize]) -> (f64, Vec<f64>) {
        if dishes.len() <= ROUNDED_UP_TO {
            return self.rounded_portion(seat, dishes);
        }
        let combos: usize = seat.steps.iter().map(Vec::len).product();
        if combos <= EXHAUSTIVE {
            return self.every_portion(seat, dishes);
        }
        let mut servings: Vec<f64> = seat.steps.iter().map(|steps| nearest(steps, 1.0)).collect();
        let mut loss = self.loss(seat, dishes, &servings);
        for _ in 0..4 {
            let mut improved = false;
            for k in 0..dishes.len() {
                let mut best = servings[k];
                for s in &seat.steps[k] {
                    servings[k] = *s;
                    let l = self.loss(seat, dishes, &servings);
                    if l < loss - 1e-12 {
                        loss = l;
                        best = *s;
                        improved = true;
                    }
                }
                servings[k] = best;
            }
            if !improved {
                break;
            }
        }
        (loss, servings)
    }

    /// One person's portions of `dishes`: the least-squares portions of
    /// the four targets in tolerance units (each portion in its range,
    /// by exact coordinate steps), then every rounding of them to quarter
    /// servings (up or down) scored by the full loss.
    fn rounded_portion(&self, seat: &Seat, dishes: &[usize]) -> (f64, Vec<f64>) {
        let n = dishes.len();
        let units: Vec<[f64; 4]> = dishes.iter().map(|r| seat.units[*r]).collect();
        let want = seat.scorer.target;
        let lo: Vec<f64> = seat.steps.iter().map(|s| s[0]).collect();
        let hi: Vec<f64> = seat.steps.iter().map(|s| s[s.len() - 1]).collect();
        let mut x: Vec<f64> = (0..n).map(|k| 1.0_f64.clamp(lo[k], hi[k])).collect();
        for _ in 0..12 {
            for k in 0..n {
                // Residual without dish k, then its best multiple.
                let mut rest = want;
                for (j, u) in units.iter().enumerate() {
                    if j != k {
                        for c in 0..4 {
                            rest[c] -= u[c] * x[j];
                        }
                    }
                }
                let uu: f64 = units[k].iter().map(|v| v * v).sum();
                if uu > 0.0 {
                    let ur: f64 = units[k].iter().zip(&rest).map(|(a, b)| a * b).sum();
                    x[k] = (ur / uu).clamp(lo[k], hi[k]);
                }
            }
        }
        let round = |v: f64, up: bool, k: usize| {
            let q = v * super::rules::STEPS_PER_SERVING;
            let step = if up { q.ceil() } else { q.floor() };
            (step / super::rules::STEPS_PER_SERVING).clamp(lo[k], hi[k])
        };
        if n > ENUMERATED_ROUNDINGS {
            // Nearest step each, then single flips while one helps.
            let mut servings: Vec<f64> = (0..n).map(|k| round(x[k] + 0.125, false, k)).collect();
            let mut loss = self.loss(seat, dishes, &servings);
            for _ in 0..2 {
                let mut improved = false;
                for k in 0..n {
                    let was = servings[k];
                    for other in [round(x[k], false, k), round(x[k], true, k)] {
                        if (other - was).abs() < 1e-9 {
                            continue;
                        }
                        servings[k] = other;
                        let l = self.loss(seat, dishes, &servings);
                        if l < loss {
                            loss = l;
                            improved = true;
                        } else {
                            servings[k] = was;
                        }
                    }
                }
                if !improved {
                    break;
                }
            }
            return (loss, servings);
        }
        let mut best = (f64::INFINITY, x.clone());
        let mut servings = vec![0.0; n];
        for mask in 0..(1usize << n) {
            for k in 0..n {
                let q = x[k] * super::rules::STEPS_PER_SERVING;
                let step = if mask >> k & 1 == 1 {
                    q.ceil()
                } else {
                    q.floor()
                };
                servings[k] = (step / super::rules::STEPS_PER_SERVING).clamp(lo[k], hi[k]);
            }
            let l = self.loss(seat, dishes, &servings);
            if l < best.0 {
                best = (l, servings.clone());
            }
        }
        best
    }

    /// One person's best portions of `dishes`, every combination tried.
    fn every_portion(&self, seat: &Seat, dishes: &[usize]) -> (f64, Vec<f64>) {
        let mut at = vec![0usize; dishes.len()];
        let mut servings: Vec<f64> = seat.steps.iter().map(|s| s[0]).collect();
        let mut best = (f64::INFINITY, servings.clone());
        loop {
            for (k, i) in at.iter().enumerate() {
                servings[k] = seat.steps[k][*i];
            }
            let l = self.loss(seat, dishes, &servings);
            if l < best.0 {
                best = (l, servings.clone());
            }
            // Next combination, like an odometer.
            let mut k = 0;
            loop {
                if k == at.len() {
                    return best;
                }
                at[k] += 1;
                if at[k] < seat.steps[k].len() {
                    break;
                }
                at[k] = 0;
                k += 1;
            }
        }
    }

    /// One person's loss for `dishes` at `servings`.
    fn loss(&self, seat: &Seat, dishes: &[usize], servings: &[f64]) -> f64 {
        let mut raw = [0.0; 4];
        let mut minor = [0.0; 4];
        for (r, s) in dishes.iter().zip(servings) {
            let v = &self.packed.values[*r];
            for k in 0..4 {
                raw[k] += v[k] * s;
            }
            for (t, m) in minor.iter_mut().zip(&self.packed.minor[*r]) {
                *t += m * s;
            }
        }
        let totals = Nutrition {
            calories: raw[0],
            protein: raw[1],
            carbs: raw[2],
            fat: raw[3],
            ..Nutrition::default()
        };
        let mut loss = seat.scorer.error(&seat.scorer.scale(&totals));
        for ((s, max), min) in servings.iter().zip(&seat.usual_max).zip(&seat.usual_min) {
            if s > max {
                loss += LARGER_COST * (s - max) * 4.0;
            } else if s < min {
                loss += LARGER_COST * (min - s) * 4.0;
            }
        }
        loss += limits_cost(&minor, raw[0]);
        if dishes.len() >= 2 && raw[0] > 0.0 {
            for ((lo, hi), (r, s)) in seat.bands.iter().zip(dishes.iter().zip(servings)) {
                let share = self.packed.values[*r][0] * s / raw[0];
                let outside = (lo - share).max(share - hi).max(0.0);
                loss += SHARE_WEIGHT * (outside / 0.05) * (outside / 0.05);
            }
        }
        loss
    }

    /// The planned day of `choice` at `portions`.
    fn day(
        &self,
        day_of_week: u8,
        choice: &Choice,
        portions: &[Vec<f64>],
        own: &[Option<(usize, usize)>],
    ) -> TableDay {
        let mut meals = Vec::new();
        for (t, slot) in self.slots.iter().enumerate() {
            for (g, group) in slot.groups.iter().enumerate() {
                let position = |d: usize| {
                    self.seats[d]
                        .fed_by
                        .iter()
                        .position(|f| *f == (t, g))
                        .unwrap_or(0)
                };
                let apart: Vec<(usize, usize)> = group
                    .iter()
                    .filter_map(|d| match own[*d] {
                        Some((k, r)) if k == position(*d) => Some((*d, r)),
                        _ => None,
                    })
                    .collect();
                let shares: Vec<Share> = group
                    .iter()
                    .filter(|d| !apart.iter().any(|(a, _)| a == *d))
                    .map(|d| Share {
                        diner: *d,
                        servings: portions[*d][position(*d)],
                    })
                    .collect();
                let split = if apart.is_empty() {
                    slot.split.clone()
                } else {
                    Some(format!(
                        "no shared {} lands everyone's day on their targets, so {} eat{} a dish of their own",
                        slot.meal_type.as_str(),
                        if apart.len() == 1 {
                            "one person"
                        } else {
                            "some"
                        },
                        if apart.len() == 1 { "s" } else { "" },
                    ))
                };
                if !shares.is_empty() {
                    meals.push(TableMeal {
                        recipe_id: self.recipes[choice[t][g]].id,
                        meal_type: slot.meal_type,
                        schedule: t as u8 + 1,
                        shares,
                        split: split.clone(),
                    });
                }
                for (d, r) in apart {
                    meals.push(TableMeal {
                        recipe_id: self.recipes[r].id,
                        meal_type: slot.meal_type,
                        schedule: t as u8 + 1,
                        shares: vec![Share {
                            diner: d,
                            servings: portions[d][position(d)],
                        }],
                        split: split.clone(),
                    });
                }
            }
        }
        let totals = (0..self.seats.len())
            .map(|d| {
                let mut dishes = self.dishes_of(d, choice);
                if let Some((k, r)) = own[d] {
                    dishes[k] = r;
                }
                self.totals(&dishes, &portions[d])
            })
            .collect();
        TableDay {
            day_of_week,
            meals,
            totals,
        }
    }
}

/// The step of `steps` nearest `x`.
fn nearest(steps: &[f64], x: f64) -> f64 {
    steps
        .iter()
        .copied()
        .min_by(|a, b| (a - x).abs().total_cmp(&(b - x).abs()))
        .unwrap_or(x)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::food::allergen::Allergen;
    use crate::planner::HardRules;
    use crate::planner::tests::catalogue;
    use crate::profile::targets::DayTargets;
    use crate::profile::targets::Targets;
    use crate::profile::{DietType, MealsPerDay};

    fn targets(calories: f64, protein_share: f64) -> DayTargets {
        let protein = calories * protein_share / 4.0;
        let fat = calories * 0.3 / 9.0;
        let carbs = (calories - protein * 4.0 - fat * 9.0) / 4.0;
        DayTargets::parse(Targets {
            calories,
            protein,
            carbs,
            fat,
        })
        .unwrap()
    }

    fn diner(calories: f64, protein_share: f64, meals: i64, rules: HardRules) -> Diner {
        Diner::new(
            targets(calories, protein_share),
            MealsPerDay::parse(meals).unwrap(),
            rules,
        )
    }

    fn week(recipes: &[Recipe], diners: Vec<Diner>, seed: u64) -> Vec<TableDay> {
        let request = HouseholdRequest::new(recipes, diners, 7)
            .unwrap()
            .with_seed(seed);
        plan_household(&request).unwrap()
    }

    fn recipe(recipes: &[Recipe], id: i64) -> &Recipe {
        recipes.iter().find(|r| r.id == id).unwrap()
    }

    #[test]
    fn two_alike_share_every_dish_and_land_on_target() {
        let recipes = catalogue(60, 3);
        let a = diner(2200.0, 0.25, 3, HardRules::default());
        let b = diner(2200.0, 0.25, 3, HardRules::default());
        let days = week(&recipes, vec![a.clone(), b], 5);
        for day in &days {
            assert_eq!(day.meals.len(), 3, "{day:?}");
            for m in &day.meals {
                assert_eq!(m.shares.len(), 2);
                assert!(m.split.is_none());
                assert!(
                    (m.total_servings() - m.shares.iter().map(|s| s.servings).sum::<f64>()).abs()
                        < 1e-9
                );
            }
            for t in &day.totals {
                assert!(a.tolerances.admits(t, &a.targets.get()), "{t:?}");
            }
        }
    }

    #[test]
    fn each_persons_totals_are_their_shares_and_their_rules_are_kept() {
        let recipes = catalogue(60, 7);
        let taxonomy = crate::Taxonomy::default();
        let vegan = HardRules::new(&taxonomy, std::iter::empty::<&str>(), &[DietType::Vegan]);
        let no_nuts = HardRules::new(&taxonomy, [Allergen::Peanut.restriction_name()], &[]);
        let diners = vec![
            diner(2600.0, 0.3, 3, HardRules::default()),
            diner(1800.0, 0.2, 3, vegan),
            diner(2100.0, 0.25, 5, no_nuts),
        ];
        let days = week(&recipes, diners.clone(), 11);
        for day in &days {
            for (d, diner) in diners.iter().enumerate() {
                let mine: Vec<&TableMeal> = day
                    .meals
                    .iter()
                    .filter(|m| m.shares.iter().any(|s| s.diner == d))
                    .collect();
                assert_eq!(mine.len(), diner.slots.len(), "day {day:?}");
                let total: Nutrition = mine
                    .iter()
                    .map(|m| {
                        let s = m.shares.iter().find(|s| s.diner == d).unwrap();
                        recipe(&recipes, m.recipe_id).nutrition().served(s.servings)
                    })
                    .sum();
                assert_eq!(total, day.totals[d]);
                for m in mine {
                    assert!(diner.rules.allow(recipe(&recipes, m.recipe_id)));
                }
            }
            // The 3-meal people skip the 5-meal person's snacks.
            for m in day.meals.iter().filter(|m| m.meal_type == MealType::Snack) {
                assert!(m.shares.iter().all(|s| s.diner == 2), "{m:?}");
            }
        }
    }

    #[test]
    fn a_slot_no_dish_serves_everyone_is_split_and_says_why() {
        // Every dinner is vegan or nut-free, none both: a vegan with a nut
        // allergy and a nut eater... here: a vegan and someone allergic to
        // every vegan dinner's allergen.
        let mut recipes = catalogue(30, 2);
        for r in recipes.iter_mut().filter(|r| r.serves(MealType::Dinner)) {
            if r.diet_types.contains(&DietType::Vegan) {
                r.allergens = vec![Allergen::Soy];
            }
        }
        let taxonomy = crate::Taxonomy::default();
        let vegan = HardRules::new(&taxonomy, std::iter::empty::<&str>(), &[DietType::Vegan]);
        let no_soy = HardRules::new(&taxonomy, [Allergen::Soy.restriction_name()], &[]);
        let diners = vec![diner(2000.0, 0.2, 1, vegan), diner(2000.0, 0.2, 1, no_soy)];
        let days = week(&recipes, diners.clone(), 1);
        for day in &days {
            assert_eq!(day.meals.len(), 2, "{day:?}");
            for m in &day.meals {
                assert!(
                    m.split.as_deref().is_some_and(|w| w.contains("rules")),
                    "{m:?}"
                );
                for s in &m.shares {
                    assert!(diners[s.diner].rules.allow(recipe(&recipes, m.recipe_id)));
                }
            }
        }
    }

    mod properties {
        use super::*;
        use proptest::prelude::*;

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(64))]

            /// Whatever the people and the catalogue: every dish keeps the
            /// rules of everyone who eats it and serves its slot; each
            /// person eats once in each of their slots, never one recipe
            /// twice a day, in quarter servings within 0.5 to their largest
            /// portion; their totals are their shares. An error only when
            /// someone has fewer dishes of a meal type than slots of it.
            #[test]
            fn every_persons_rules_are_kept(
                catalogue_seed in any::<u64>(),
                per_type in 3usize..30,
                people in proptest::collection::vec((0u16..(1 << 14), 0usize..3, 1i64..=6, 1400.0f64..3600.0, 0.12f64..0.35), 1..5),
                days in 1u8..=3,
                seed in any::<u64>(),
            ) {
                let recipes = catalogue(per_type, catalogue_seed);
                let taxonomy = crate::Taxonomy::default();
                let diners: Vec<Diner> = people
                    .iter()
                    .map(|(mask, diet, meals, calories, protein)| {
                        let restrictions: Vec<&str> = Allergen::ALL
                            .iter()
                            .enumerate()
                            .filter(|(i, _)| mask & (1 << i) != 0 && *i % 3 == 0)
                            .map(|(_, a)| a.restriction_name())
                            .collect();
                        let diets = match diet {
                            0 => vec![],
                            1 => vec![DietType::Vegetarian],
                            _ => vec![DietType::Vegan],
                        };
                        let rules = HardRules::new(&taxonomy, restrictions.iter().copied(), &diets);
                        diner(*calories, *protein, *meals, rules)
                    })
                    .collect();
                let request = HouseholdRequest::new(&recipes, diners.clone(), days)
                    .unwrap()
                    .with_seed(seed);
                match plan_household(&request) {
                    Err(_) => {
                        // Someone has fewer dishes for a meal type than
                        // slots of it (none at all included).
                        let someone_short = diners.iter().any(|d| {
                            d.slots.iter().any(|m| {
                                let slots = d.slots.iter().filter(|s| *s == m).count();
                                recipes.iter().filter(|r| r.serves(*m) && d.rules.allow(r)).count() < slots
                            })
                        });
                        prop_assert!(someone_short);
                    }
                    Ok(planned) => {
                        prop_assert_eq!(planned.len(), usize::from(days));
                        for day in &planned {
                            for (d, diner) in diners.iter().enumerate() {
                                let mut seen = Vec::new();
                                let mut total = Nutrition::default();
                                for m in &day.meals {
                                    let r = recipe(&recipes, m.recipe_id);
                                    prop_assert!(r.serves(m.meal_type));
                                    for share in m.shares.iter().filter(|s| s.diner == d) {
                                        prop_assert!(diner.rules.allow(r), "{:?}", m);
                                        prop_assert!(!seen.contains(&m.recipe_id));
                                        seen.push(m.recipe_id);
                                        let q = share.servings * 4.0;
                                        prop_assert!((q - q.round()).abs() < 1e-9);
                                        let range = diner.portions.range(m.meal_type);
                                        prop_assert!(share.servings >= 0.5 && share.servings <= range.max);
                                        total = total + r.nutrition().served(share.servings);
                                    }
                                }
                                prop_assert_eq!(seen.len(), diner.slots.len());
                                prop_assert_eq!(total, day.totals[d]);
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn requests_are_checked() {
        let recipes = catalogue(5, 1);
        let one = || vec![diner(2000.0, 0.2, 3, HardRules::default())];
        assert!(matches!(
            HouseholdRequest::new(&recipes, one(), 0),
            Err(RequestError::Days { days: 0 })
        ));
        assert!(matches!(
            HouseholdRequest::new(&recipes, Vec::new(), 7),
            Err(RequestError::Diners { diners: 0 })
        ));
        let crowd = (0..=MAX_DINERS)
            .map(|_| diner(2000.0, 0.2, 3, HardRules::default()))
            .collect();
        assert!(matches!(
            HouseholdRequest::new(&recipes, crowd, 7),
            Err(RequestError::Diners { .. })
        ));
    }
}
