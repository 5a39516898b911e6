//! The one-eater search: what it is asked for ([`OneRequest`], one
//! person's week as a single eater's search reads it) and the week it
//! lays out ([`plan_one`]): day by day with the planner's day search, a
//! one-meal week also by rank. Callers never see it: [`super::plan`]
//! runs it for a [`PlanRequest`](super::PlanRequest) of one diner.

use crate::food::hard_rules::HardRules;
use crate::food::kitchen::Kitchen;
use crate::food::meal::MealType;
use crate::food::recipe::Recipe;
use crate::profile::DietType;
use crate::profile::intakes::ReferenceIntakes;
use crate::profile::targets::{DayTargets, Targets};

use super::diner::Diner;
use super::leftovers::{self, Eaten, Leftovers, Role, Schedule, variant_seed};
use super::pantry::{self, PantryFood, Stock};
use super::request::RequestError;
use super::search::{Candidate, Day, Problem, Scorer, Slot, WINDOW_MEALS, WINDOW_POINTS};
use super::tastes::Tastes;
use super::whole_day::{Dishes, LimitRule};
#[cfg(test)]
use super::{Bound, WeekBound, best_miss};
use super::{
    Budget, PlannedDay, PlannedMeal, PlanningError, Portions, Rng, Tolerances,
    VARIETY_MIN_CANDIDATES, best_day, dishes_for, distinct_fill, distinct_ids, is_main,
    micronutrients, pools, share_bands, week, weekly_distinct,
};

/// One person's plan as the one-eater search reads it, checked by
/// [`OneRequest::for_diner`]: 1-7 days and recipes with distinct ids (the
/// plan names them by id).
#[derive(Debug, Clone)]
pub(crate) struct OneRequest<'a> {
    pub(super) recipes: &'a [Recipe],
    pub(super) targets: Targets<f64>,
    pub(super) slots: Vec<MealType>,
    pub(super) rules: HardRules,
    pub(super) preferred_diets: Vec<DietType>,
    pub(super) tastes: Tastes,
    pub(super) prefers_own: bool,
    pub(super) pantry: Vec<PantryFood>,
    pub(super) days: u8,
    pub(super) seed: u64,
    pub(super) tolerances: Tolerances,
    pub(super) limits: LimitRule,
    pub(super) portions: Portions,
    pub(super) kitchen: Option<&'a Kitchen>,
    pub(super) dishes: Option<&'a Dishes>,
    pub(super) budget: &'a Budget,
    pub(super) intakes: Option<ReferenceIntakes>,
    pub(super) leftovers: Option<Leftovers>,
}

impl<'a> OneRequest<'a> {
    /// Each slot's candidates under this request's rules, preferences
    /// and scorer, by meal type, and the pool of each slot (the week's
    /// search and the pantry's later pass start from the same).
    pub(super) fn pools(
        &self,
        scorer: &Scorer,
        dishes: &Dishes,
    ) -> (Vec<(MealType, Vec<Candidate>)>, Vec<usize>) {
        pools(
            self.recipes,
            &self.slots,
            &self.rules,
            scorer,
            &self.preferred_diets,
            &self.tastes,
            self.prefers_own,
            None,
            dishes,
        )
    }

    /// A request for `days` days over `recipes`, each day's slots `slots`,
    /// never breaking `rules`: seed 0, no preferences and the default
    /// tolerances and portions until set.
    fn with_slots(
        recipes: &'a [Recipe],
        targets: DayTargets,
        slots: Vec<MealType>,
        rules: HardRules,
        days: u8,
    ) -> Result<Self, RequestError> {
        if !(1..=super::request::MAX_DAYS).contains(&days) {
            return Err(RequestError::Days { days });
        }
        let targets = targets.get();
        distinct_ids(recipes)?;
        Ok(Self {
            recipes,
            targets,
            slots,
            rules,
            preferred_diets: Vec::new(),
            tastes: Tastes::default(),
            prefers_own: false,
            pantry: Vec::new(),
            days,
            seed: 0,
            tolerances: Tolerances::default(),
            limits: LimitRule::default(),
            portions: Portions::default(),
            kitchen: None,
            dishes: None,
            budget: Budget::unlimited(),
            intakes: None,
            leftovers: None,
        })
    }

    /// Stops the search when `budget` is spent: the plan is then the best
    /// found by then (every day still keeps the hard rules), and
    /// [`Budget::cut_short`] says so.
    pub(crate) fn with_budget(mut self, budget: &'a Budget) -> Self {
        self.budget = budget;
        self
    }

    /// Seeds the search: the same request and seed give the same plan.
    pub(crate) fn with_seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// Diet types and taste names to prefer (soft; vegan and vegetarian
    /// as hard rules belong in the [`HardRules`]).
    pub(crate) fn preferring(mut self, diets: Vec<DietType>, tastes: Tastes) -> Self {
        self.preferred_diets = diets;
        self.tastes = tastes;
        self
    }

    /// Whether one's own recipes are preferred ([`Diner::prefers_own`]).
    pub(crate) fn preferring_own(mut self, yes: bool) -> Self {
        self.prefers_own = yes;
        self
    }

    /// Foods at home to use up ([`Diner::pantry`]).
    pub(crate) fn using_pantry(mut self, foods: Vec<PantryFood>) -> Self {
        self.pantry = foods;
        self
    }

    /// How close each day must land (default: 5% kcal, 10% each macro).
    pub(crate) fn with_tolerances(mut self, tolerances: Tolerances) -> Self {
        self.tolerances = tolerances;
        self
    }

    /// The person's day limits (default: an adult's, [`LimitRule`]).
    pub(crate) fn with_limits(mut self, limits: LimitRule) -> Self {
        self.limits = limits;
        self
    }

    /// The person's reference intakes (age and sex): calcium, iron,
    /// potassium and B12 become the week's soft goals
    /// ([`super::micronutrients`]); none by default.
    pub(crate) fn with_intakes(mut self, intakes: Option<ReferenceIntakes>) -> Self {
        self.intakes = intakes;
        self
    }

    /// Portion limits (default: up to 2 servings when needed).
    pub(crate) fn with_portions(mut self, portions: Portions) -> Self {
        self.portions = portions;
        self
    }

    /// The recipe with this id.
    pub(crate) fn recipe(&self, id: i64) -> Option<&'a Recipe> {
        self.recipes.iter().find(|r| r.id == id)
    }

    #[cfg(test)]
    /// How close any day of this request could come to its targets
    /// ([`best_miss`] over its recipes, slots, rules and limits, nothing
    /// excluded); `None` when a slot has no candidate.
    pub(crate) fn best_miss(&self) -> Option<Bound> {
        self.best_miss_excluding(&[])
    }

    #[cfg(test)]
    /// For a one-meal plan, what its days, ranked, can reach at best in any
    /// plan that keeps the variety rules; `None` for other slot patterns
    /// or when the slot has no candidate.
    pub(crate) fn week_bound(&self) -> Option<WeekBound> {
        let [slot] = self.slots.as_slice() else {
            return None;
        };
        WeekBound::one_meal(
            self.recipes,
            *slot,
            &self.rules,
            &self.targets,
            &self.tolerances,
            &self.limits,
            &self.portions,
            self.days,
        )
    }

    #[cfg(test)]
    /// [`best_miss`](Self::best_miss) with slot `k` taking none of the
    /// recipes (indices in its recipes) of `exclude[k]`:
    /// the bound of one day of a plan under the variety rules.
    pub(crate) fn best_miss_excluding(&self, exclude: &[Vec<usize>]) -> Option<Bound> {
        best_miss(
            self.recipes,
            &self.slots,
            &self.rules,
            &self.targets,
            &self.tolerances,
            &self.limits,
            &self.portions,
            exclude,
        )
    }
}

impl<'a> OneRequest<'a> {
    /// A request for `days` days of `diner`'s own: their targets, slots,
    /// rules, preferences, tolerances, limits, portions and intakes.
    pub(crate) fn for_diner(
        recipes: &'a [Recipe],
        diner: &Diner,
        days: u8,
    ) -> Result<Self, RequestError> {
        Ok(Self::with_slots(
            recipes,
            diner.targets,
            diner.slots.clone(),
            diner.rules.clone(),
            days,
        )?
        .preferring(diner.preferred_diets.clone(), diner.tastes.clone())
        .preferring_own(diner.prefers_own)
        .using_pantry(diner.pantry.clone())
        .with_tolerances(diner.tolerances)
        .with_limits(diner.limits)
        .with_portions(diner.portions)
        .with_intakes(diner.intakes))
    }

    /// The week of `request`'s one `diner`, with its seed, kitchen, day
    /// facts and budget.
    pub(crate) fn of(
        request: &super::PlanRequest<'a>,
        diner: &Diner,
    ) -> Result<Self, RequestError> {
        let mut one = Self::for_diner(request.recipes, diner, request.days)?
            .with_seed(request.seed)
            .with_budget(request.budget);
        one.kitchen = request.kitchen;
        one.dishes = request.dishes;
        one.leftovers = request.leftovers;
        Ok(one)
    }
}

/// A one-meal week laid out by rank replaces the planned one that meets as
/// many days only when its days miss by this much less in all (a fraction
/// of the target, summed over the days: 0.5 points).
const LAYOUT_GAIN: f64 = 0.005;

/// The plan of one person's [`OneRequest`]: for each day, one recipe and
/// portion per slot, as close to the targets as the recipes allow, never
/// breaking the rules.
#[cfg(test)]
pub(crate) fn plan_one(request: &OneRequest<'_>) -> Result<Vec<PlannedDay>, PlanningError> {
    Ok(plan_one_week(request, 0)?.days)
}

/// A one-eater week as [`plan_one_week`] plans it: the days, the
/// leftovers eaten (none unless asked for) and each day's notes.
pub(crate) struct OneWeek {
    pub(crate) days: Vec<PlannedDay>,
    pub(crate) eaten: Vec<Eaten>,
    pub(crate) notes: Vec<Vec<String>>,
}

/// [`plan_one`], with the leftovers the request asks for
/// ([`super::leftovers`]): a slot eating an earlier meal's dish has that
/// one candidate at any portion of its range, free of the variety rules;
/// a day it keeps off its targets while a fresh day meets them is
/// planned fresh, and says so.
///
/// `variant` (0 first) lays the leftovers out another way and seeds the
/// search anew ([`super::leftovers::TRIES`]).
///
/// A week from the pantry ([`super::pantry`]) draws on it day by day; a
/// second week, with the due food the first left unused weighing more
/// ([`Stock::pressed`]), replaces it when it meets more days, or as many
/// and uses more of the food due within the plan.
pub(crate) fn plan_one_week(
    request: &OneRequest<'_>,
    variant: usize,
) -> Result<OneWeek, PlanningError> {
    let Some(stock) = Stock::new(&request.pantry, request.recipes) else {
        return week_from(request, variant, None);
    };
    let first = week_from(request, variant, Some(stock.clone()))?;
    let last = u32::from(request.days);
    let drawn = |week: &OneWeek| stock.after(request.recipes, &week.days, &week.eaten);
    let used = drawn(&first);
    // Once more, the due food the week left weighing more, when that
    // uses more of it on as many days met.
    let Some(pressed) = stock.pressed(&used, last) else {
        return Ok(first);
    };
    if request.budget.spent() {
        return Ok(first);
    }
    let second = week_from(request, variant, Some(pressed))?;
    let met = |week: &OneWeek| {
        week.days
            .iter()
            .filter(|d| day_miss(request, d) <= 0.0)
            .count()
    };
    let better = met(&second) > met(&first)
        || (met(&second) == met(&first)
            && stock.due_used(&drawn(&second), last) > stock.due_used(&used, last));
    Ok(if better { second } else { first })
}

/// The week of [`plan_one_week`] drawing on `stock` (none without a
/// pantry).
fn week_from(
    request: &OneRequest<'_>,
    variant: usize,
    mut stock: Option<Stock>,
) -> Result<OneWeek, PlanningError> {
    let scorer = Scorer::new(&request.targets, &request.tolerances, request.limits);
    let dishes = &*dishes_for(request.dishes, request.recipes, request.kitchen);
    let (pools, pool_of) = request.pools(&scorer, dishes);
    for (meal, pool) in &pools {
        let needed = request.slots.iter().filter(|m| *m == meal).count();
        if pool.len() < needed {
            return Err(PlanningError::NotEnoughRecipes {
                meal: meal.as_str(),
                needed,
                found: pool.len(),
            });
        }
    }
    let slot_pools: Vec<&[Candidate]> = pool_of.iter().map(|p| pools[*p].1.as_slice()).collect();
    let Some(fill) = distinct_fill(&slot_pools) else {
        // Recipes shared between meal types leave too few distinct ones.
        let mut distinct: Vec<usize> = slot_pools
            .iter()
            .flat_map(|p| p.iter().map(|c| c.index))
            .collect();
        distinct.sort_unstable();
        distinct.dedup();
        return Err(PlanningError::NotEnoughRecipes {
            meal: request.slots[0].as_str(),
            needed: request.slots.len(),
            found: distinct.len(),
        });
    };
    let bands = share_bands(&request.slots);

    let mut rng = Rng(request.seed ^ 0x6d65_616c_706c_616e ^ variant_seed(variant));
    // How often each recipe was used on earlier days.
    let mut used = vec![0u32; request.recipes.len()];
    // Recipe of each slot on each earlier day.
    let mut history: Vec<Vec<usize>> = vec![Vec::new(); request.slots.len()];
    let mut days = Vec::with_capacity(usize::from(request.days));
    // Each earlier day's picks.
    let mut earlier: Vec<Vec<(usize, f64)>> = Vec::new();
    // The week's micronutrient goals (soft): what the days so far bring.
    let mut goals = request
        .intakes
        .map(|r| micronutrients::WeekGoals::new(r, usize::from(request.days)));
    let schedule = Schedule::new(
        request.leftovers,
        &request.slots,
        &vec![true; request.slots.len()],
        usize::from(request.days),
        variant,
        true,
    );
    // Each earlier day's recipe (catalogue index) per slot.
    let mut picked: Vec<Vec<usize>> = Vec::new();
    let mut eaten: Vec<Eaten> = Vec::new();
    let mut notes: Vec<Vec<String>> = vec![Vec::new(); usize::from(request.days)];
    notes[0].extend(schedule.note.clone());
    for day_of_week in 1..=request.days {
        let days_left = usize::from(request.days - day_of_week) + 1;
        // Each day its share of the time left.
        let budget = request.budget.part(days_left);
        let bonused: Vec<Vec<Candidate>> = goals.as_ref().map_or_else(Vec::new, |g| {
            pools
                .iter()
                .map(|(_, p)| g.bonused(p, request.recipes, request.slots.len()))
                .collect()
        });
        let mut day_pools: Vec<&[Candidate]> = if bonused.is_empty() {
            slot_pools.clone()
        } else {
            pool_of.iter().map(|p| bonused[*p].as_slice()).collect()
        };
        // The pantry's bonus of this day, for what is still held.
        let stocked: Vec<Vec<Candidate>> = stock.as_ref().map_or_else(Vec::new, |stock| {
            (0..pools.len())
                .map(|p| {
                    let k = pool_of.iter().position(|q| *q == p).expect("a slot's pool");
                    stock.bonused(day_pools[k], u32::from(day_of_week))
                })
                .collect()
        });
        if !stocked.is_empty() {
            day_pools = pool_of.iter().map(|p| stocked[*p].as_slice()).collect();
        }
        let slots: Vec<Slot<'_>> = (0..request.slots.len())
            .map(|k| {
                let pool = day_pools[k];
                let mut banned = Vec::new();
                if pool.len() >= VARIETY_MIN_CANDIDATES
                    && let Some(&yesterday) = history[k].last()
                {
                    // Nor its twins (one dish family on one main ingredient).
                    let twin = dishes.twin(yesterday);
                    banned.extend(
                        pool.iter()
                            .map(|c| c.index)
                            .filter(|r| *r == yesterday || dishes.twin(*r) == twin),
                    );
                }
                if request.slots.len() == 1 {
                    let mut seen = history[k].clone();
                    seen.sort_unstable();
                    seen.dedup();
                    let needed = weekly_distinct(usize::from(request.days), pool.len());
                    // Each day adds at most one new recipe.
                    if seen.len() + days_left - 1 < needed {
                        banned.extend(seen);
                    }
                }
                Slot {
                    pool,
                    range: request.portions.range(request.slots[k]),
                    band: bands[k],
                    main: is_main(request.slots[k]),
                    banned,
                    keep: None,
                    again: false,
                }
            })
            .collect();
        let day = usize::from(day_of_week - 1);
        // The dishes of earlier days this day eats: (slot, recipe, its
        // one candidate), one slot per dish but for a batch (one cooking)
        // eaten twice today.
        let mut leftover: Vec<(usize, usize, Vec<Candidate>)> = Vec::new();
        // Dishes cooked today for a later meal of today: (cooking slot,
        // eating slot).
        let mut ties: Vec<(usize, usize)> = Vec::new();
        for k in 0..request.slots.len() {
            let Role::Eat(from_day, from_slot) = schedule.role(day, k) else {
                continue;
            };
            if from_day == day {
                ties.push((from_slot, k));
                continue;
            }
            let r = picked[from_day][from_slot];
            if leftover
                .iter()
                .all(|(j, other, _)| *other != r || schedule.role(day, *j) == schedule.role(day, k))
                && let Some(c) = slot_pools[from_slot].iter().find(|c| c.index == r)
            {
                leftover.push((k, r, vec![c.clone()]));
            }
        }
        let week_use = dishes.week_use(&used);
        let window = if request.slots.len() <= WINDOW_MEALS {
            WINDOW_POINTS
        } else {
            0.0
        };
        let problem_of = |slots| Problem {
            recipes: request.recipes,
            scorer: &scorer,
            slots,
            fixed: Vec::new(),
            used: &used,
            week: week_use.clone(),
            extended: false,
            dishes,
            strict: true,
            budget: &budget,
            limit_step: 0.0,
            window,
        };
        // Earlier days but yesterday (the same slot may not repeat) are
        // starts for a hard day, most recent first.
        let starts: Vec<Vec<(usize, f64)>> = earlier.iter().rev().skip(1).cloned().collect();
        let pinned_starts = |pins: &[(usize, &[Candidate])]| -> Vec<Vec<(usize, f64)>> {
            starts
                .iter()
                .map(|picks| {
                    let mut picks = picks.clone();
                    for (k, _) in pins {
                        picks[*k].0 = 0;
                    }
                    picks
                })
                .collect()
        };
        let earlier_pins: Vec<(usize, &[Candidate])> = leftover
            .iter()
            .map(|(k, _, p)| (*k, p.as_slice()))
            .collect();
        // Each dish cooked for later today: the cooking slot's pick in
        // the day searched with only the earlier days' dishes pinned, or
        // failing that the eating slot's.
        let mut options: Vec<Vec<(usize, usize, Vec<Candidate>)>> = Vec::new();
        if !ties.is_empty()
            && let Some((with, fill)) = pinned(&slots, &earlier_pins)
        {
            let mut problem = problem_of(with);
            let (best, _) = best_day(&mut problem, &mut rng, &pinned_starts(&earlier_pins), &fill);
            let pick = |k: usize| &problem.slots[k].pool[best.picks[k].0];
            for eaten in [false, true] {
                let option: Vec<(usize, usize, Vec<Candidate>)> = ties
                    .iter()
                    .filter_map(|(cook, eat)| {
                        let c = if eaten {
                            let r = pick(*eat).index;
                            day_pools[*cook].iter().find(|c| c.index == r)?
                        } else {
                            pick(*cook)
                        };
                        Some((*cook, *eat, vec![c.clone()]))
                    })
                    .collect();
                if option.len() == ties.len() {
                    options.push(option);
                }
            }
        }
        if options.is_empty() {
            options.push(Vec::new());
        }
        let mut kept_leftovers = false;
        let mut chosen: Option<(Problem<'_>, Day, bool)> = None;
        let mut tied: &[(usize, usize, Vec<Candidate>)] = &[];
        for option in &options {
            let mut pins = earlier_pins.clone();
            for (cook, eat, pool) in option {
                pins.extend([(*cook, pool.as_slice()), (*eat, pool.as_slice())]);
            }
            if pins.is_empty() {
                break;
            }
            let Some((with, fill)) = pinned(&slots, &pins) else {
                continue;
            };
            let mut problem = problem_of(with);
            let (best, extended) = best_day(&mut problem, &mut rng, &pinned_starts(&pins), &fill);
            let met = problem.targets_met(&best.picks);
            if chosen.as_ref().is_none_or(|(was, kept, _)| {
                met || problem.miss(&best.picks) < was.miss(&kept.picks)
            }) {
                kept_leftovers = true;
                tied = option;
                chosen = Some((problem, best, extended));
            }
            if met || request.budget.spent() {
                break;
            }
        }
        // Leftovers eaten today, each day's note counting them.
        let eating = leftover.len() + tied.len();
        // A day the leftovers keep off its targets is planned fresh too,
        // and kept fresh when that meets them.
        let fresh_needed = chosen
            .as_ref()
            .is_none_or(|(problem, best, _)| !problem.targets_met(&best.picks));
        if fresh_needed {
            let mut problem = problem_of(slots);
            let (best, extended) = best_day(&mut problem, &mut rng, &starts, &fill);
            let fresh_better = chosen.as_ref().is_none_or(|(with, kept, _)| {
                problem.targets_met(&best.picks)
                    || problem.miss(&best.picks) < with.miss(&kept.picks)
            });
            if fresh_better {
                if kept_leftovers {
                    notes[day].push(format!(
                        "day {day_of_week}: cooked fresh rather than eating {} leftover{}, which kept the day off its targets",
                        eating,
                        if eating == 1 { "" } else { "s" }
                    ));
                }
                kept_leftovers = false;
                chosen = Some((problem, best, extended));
            }
        }
        let (problem, best, extended) = chosen.expect("a day is always planned");
        // Days from the pantry's recipes, when they do better.
        let best = match stock {
            Some(_) => pantry::richer_day(&problem, best, &mut rng),
            None => best,
        };
        let indices: Vec<usize> = best
            .picks
            .iter()
            .zip(&problem.slots)
            .map(|((c, _), slot)| slot.pool[*c].index)
            .collect();
        // As positions in the week's pools, for later days' starts.
        earlier.push(
            best.picks
                .iter()
                .zip(&indices)
                .enumerate()
                .map(|(k, ((c, s), r))| {
                    let c = slot_pools[k]
                        .iter()
                        .position(|p| p.index == *r)
                        .unwrap_or(*c);
                    (c, *s)
                })
                .collect(),
        );
        let planned = planned_day(&problem, &request.slots, &best, extended, day_of_week);
        drop(problem);
        if kept_leftovers && !request.tolerances.admits(&planned.totals, &request.targets) {
            notes[day].push(leftovers::off_target(day_of_week, eating));
        }
        for (slot, index) in indices.iter().enumerate() {
            let eats = kept_leftovers
                && (leftover.iter().any(|(k, _, _)| *k == slot)
                    || tied.iter().any(|(_, k, _)| *k == slot));
            if eats {
                let Role::Eat(from_day, from_slot) = schedule.role(day, slot) else {
                    unreachable!("a leftover slot eats");
                };
                // Its food was taken out when it was cooked.
                if let Some(stock) = stock.as_mut() {
                    stock.take(*index, planned.meals[slot].servings, from_day as u32 + 1);
                }
                eaten.push(Eaten {
                    day,
                    slot,
                    from_day,
                    from_slot,
                    recipe_id: request.recipes[*index].id,
                });
            } else {
                // Leftovers are exempt from the week's repeat rules.
                used[*index] += 1;
                if let Some(stock) = stock.as_mut() {
                    stock.take(*index, planned.meals[slot].servings, u32::from(day_of_week));
                }
            }
            history[slot].push(*index);
        }
        picked.push(indices);
        if let Some(g) = goals.as_mut() {
            g.eat(&planned, request.recipes);
        }
        days.push(planned);
    }
    // A one-meal week that misses a day may do better laid out by rank
    // (not one eating leftovers, whose days follow its cooking).
    if let [pool] = slot_pools.as_slice()
        && eaten.is_empty()
        && days
            .iter()
            .any(|d| !request.tolerances.admits(&d.totals, &request.targets))
        && let Some(week) = one_meal_week(request, &scorer, dishes, pool, bands[0], &mut rng)
        && closer(request, &week, &days, stock.is_some())
    {
        days = week;
    }
    Ok(OneWeek { days, eaten, notes })
}

/// `slots` with each of `pins` (slot, the one dish it eats) pinned to its
/// dish, free of the variety bans (`again` where two pins hold one
/// recipe: a dish eaten twice today), and a start of distinct recipes
/// around them ([`distinct_fill`]); `None` when the other slots cannot
/// be filled so.
fn pinned<'p>(
    slots: &[Slot<'p>],
    pins: &[(usize, &'p [Candidate])],
) -> Option<(Vec<Slot<'p>>, Vec<usize>)> {
    let mut with = slots.to_vec();
    for (k, pool) in pins {
        with[*k].pool = pool;
        with[*k].banned.clear();
        with[*k].again = pins
            .iter()
            .any(|(j, other)| j != k && other[0].index == pool[0].index);
    }
    if with.iter().all(|s| !s.again) {
        let pools: Vec<&[Candidate]> = with.iter().map(|s| s.pool).collect();
        let fill = distinct_fill(&pools)?;
        return Some((with, fill));
    }
    // The other slots filled away from the pinned dishes.
    let taken: Vec<usize> = pins.iter().map(|(_, p)| p[0].index).collect();
    let free: Vec<usize> = (0..with.len())
        .filter(|k| pins.iter().all(|(j, _)| j != k))
        .collect();
    let pools: Vec<Vec<Candidate>> = free
        .iter()
        .map(|k| {
            with[*k]
                .pool
                .iter()
                .filter(|c| !taken.contains(&c.index))
                .cloned()
                .collect()
        })
        .collect();
    let refs: Vec<&[Candidate]> = pools.iter().map(Vec::as_slice).collect();
    let found = distinct_fill(&refs)?;
    let mut fill = vec![0; with.len()];
    for ((k, pool), c) in free.iter().zip(&pools).zip(found) {
        fill[*k] = with[*k]
            .pool
            .iter()
            .position(|p| p.index == pool[c].index)?;
    }
    Some((with, fill))
}

/// The day `best` of `problem` (whose slots are `meal_types`) as planned,
/// on day `day_of_week`.
pub(super) fn planned_day(
    problem: &Problem<'_>,
    meal_types: &[MealType],
    best: &Day,
    extended: bool,
    day_of_week: u8,
) -> PlannedDay {
    let meals: Vec<PlannedMeal> = best
        .picks
        .iter()
        .zip(&problem.slots)
        .enumerate()
        .map(|(k, ((c, servings), slot))| PlannedMeal {
            recipe_id: problem.recipes[slot.pool[*c].index].id,
            meal_type: meal_types[k],
            schedule: k as u8 + 1,
            servings: *servings,
        })
        .collect();
    let larger_portions = extended
        && meals
            .iter()
            .zip(&problem.slots)
            .any(|(m, slot)| m.servings > slot.range.usual_max);
    PlannedDay {
        day_of_week,
        meals,
        totals: problem.totals(&best.picks),
        larger_portions,
    }
}

/// A one-meal plan laid out from the ranking of its recipes: the best one
/// on as many days as the variety rules allow (every other day), the next
/// ones once each ([`week::uses`]). Planning day by day can spend a day
/// on a second helping of the runner-up and so lose a day of the best;
/// this layout reaches [`WeekBound`](super::WeekBound)'s ranks whenever
/// the ranking by loss follows the misses. `None` when the pool runs out.
fn one_meal_week(
    request: &OneRequest<'_>,
    scorer: &Scorer,
    dishes: &Dishes,
    pool: &[Candidate],
    band: (f64, f64),
    rng: &mut Rng,
) -> Option<Vec<PlannedDay>> {
    let days = usize::from(request.days);
    let uses = week::uses(days, pool.len());
    let fresh = vec![0u32; request.recipes.len()];
    let mut banned: Vec<usize> = Vec::new();
    let mut ranked: Vec<(Day, bool)> = Vec::with_capacity(uses.len());
    let mut problem = Problem {
        recipes: request.recipes,
        scorer,
        slots: vec![Slot {
            pool,
            range: request.portions.range(request.slots[0]),
            band,
            main: is_main(request.slots[0]),
            banned: Vec::new(),
            keep: None,
            again: false,
        }],
        fixed: Vec::new(),
        used: &fresh,
        week: dishes.week_use(&fresh),
        extended: false,
        dishes,
        strict: true,
        budget: request.budget,
        limit_step: 0.0,
        // Not weighed in the ranks of a one-meal week's layout: there it
        // lost met days on the bench (the layout reaches the week's
        // bound only when its ranks follow the misses). The day-by-day
        // week beside it and the week's lost days do weigh it.
        window: 0.0,
    };
    // Meals laid out so far, by recipe: the weekly main-ingredient rule
    // weighs each rank's pick against them.
    let mut laid = vec![0u32; request.recipes.len()];
    for n in &uses {
        problem.slots[0].banned.clone_from(&banned);
        problem.week = dishes.week_use(&laid);
        let fallback = pool.iter().position(|c| !banned.contains(&c.index))?;
        let (day, extended) = best_day(&mut problem, rng, &[], &[fallback]);
        let index = pool[day.picks[0].0].index;
        banned.push(index);
        laid[index] += *n as u32;
        ranked.push((day, extended));
    }
    // Every other day first, so that no recipe comes two days running.
    let order = (0..days).step_by(2).chain((1..days).step_by(2));
    let mut rank_of = vec![0; days];
    let ranks = uses
        .iter()
        .enumerate()
        .flat_map(|(j, n)| std::iter::repeat_n(j, *n));
    for (day, rank) in order.zip(ranks) {
        rank_of[day] = rank;
    }
    Some(
        rank_of
            .into_iter()
            .zip(1..)
            .map(|(rank, day_of_week)| {
                let (day, extended) = &ranked[rank];
                planned_day(&problem, &request.slots, day, *extended, day_of_week)
            })
            .collect(),
    )
}

/// Whether plan `a` beats plan `b` on what outranks the other limits:
/// more days met (within the tolerances, and under the fibre ceiling and
/// sodium limit, which rank with them), or as many and at least
/// [`LAYOUT_GAIN`] less missed in all (a smaller gain is not worth the
/// variety a laid-out week gives up) unless `pantry`: a week from the
/// pantry (`b`) misses its days by more for the food it uses, and the
/// lay-out knows nothing of it.
fn closer(request: &OneRequest<'_>, a: &[PlannedDay], b: &[PlannedDay], pantry: bool) -> bool {
    let score = |days: &[PlannedDay]| {
        let misses: Vec<f64> = days.iter().map(|d| day_miss(request, d)).collect();
        let met = misses.iter().filter(|m| **m <= 0.0).count();
        (met, misses.iter().sum::<f64>())
    };
    let ((met_a, miss_a), (met_b, miss_b)) = (score(a), score(b));
    met_a > met_b || (!pantry && met_a == met_b && miss_a < miss_b - LAYOUT_GAIN)
}

/// A planned day's miss as the planner ranks it: the worse of its
/// targets' miss and how far it is past its fibre ceiling or sodium limit.
pub(crate) fn day_miss(request: &OneRequest<'_>, day: &PlannedDay) -> f64 {
    let sodium: f64 = day
        .meals
        .iter()
        .filter_map(|m| {
            request
                .recipe(m.recipe_id)
                .map(|r| r.card.sodium * m.servings)
        })
        .sum();
    request.tolerances.miss(&day.totals, &request.targets).max(
        request
            .limits
            .limits(day.totals.calories)
            .excess(day.totals.fiber, sodium),
    )
}
