//! Re-balancing one day of a plan around the meals people keep
//! (completed, or chosen by hand): [`rebalance_day`] for a table of any
//! size, and [`reportion_day`] after a swap. A day one person eats alone
//! goes to the one-eater re-balancer here (portions first, recipes where
//! needed, larger portions last); a table's day to the table's own
//! search. Also the variety bans a day's meals carry.

use super::household::{TableDayRequest, neighbours, rebalance_table_day, reportion_table_day};
use super::*;
use pantry::Stock;
use whole_day::LimitRule;

/// One day of a plan to change after the fact, the rest of the plan as
/// it stands.
#[derive(Debug, Clone)]
pub struct DayRequest<'a> {
    /// The catalogue the dishes index.
    pub recipes: &'a [Recipe],
    /// The people at the table; the dishes' shares name them by index.
    pub diners: &'a [Diner],
    /// Protein foods and dish families of the catalogue.
    pub dishes: &'a Dishes,
    /// Every day of the plan, each its dishes in schedule order: the other
    /// days weigh the variety rules.
    pub plan: Vec<Vec<TableDish>>,
    /// The day to change: an index into `plan`.
    pub day: usize,
    /// Seed of the search.
    pub seed: u64,
    /// When to stop searching and keep the best found by then
    /// ([`Budget::unlimited`] to search to the end).
    pub budget: &'a Budget,
}

/// Why a dish keeps its recipe for a leftover pair.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Paired {
    /// It is eaten from an earlier meal's dish.
    Eaten,
    /// A later meal eats from it.
    Cooks,
}

impl DayRequest<'_> {
    /// Each dish of the day in a leftover pair, and which side: a dish
    /// whose [`TableDish::leftover_of`] names another dish of the plan of
    /// the same recipe is eaten from it, and that one cooks. A pair whose
    /// recipes differ (the cooking meal swapped) is no pair.
    fn paired(&self) -> Vec<Option<Paired>> {
        let Some(today) = self.plan.get(self.day) else {
            return Vec::new();
        };
        let mut out = vec![None; today.len()];
        for (d, day) in self.plan.iter().enumerate() {
            for (k, dish) in day.iter().enumerate() {
                let Some((fd, fk)) = dish.leftover_of else {
                    continue;
                };
                let paired = (fd, fk) != (d, k)
                    && self
                        .plan
                        .get(fd)
                        .and_then(|x| x.get(fk))
                        .is_some_and(|cook| cook.recipe == dish.recipe);
                if !paired {
                    continue;
                }
                if d == self.day {
                    out[k] = Some(Paired::Eaten);
                }
                if fd == self.day {
                    out[fk] = out[fk].or(Some(Paired::Cooks));
                }
            }
        }
        out
    }

    /// The plan with every dish of the day in a leftover pair kept to its
    /// recipe at least ([`Keep::Dish`]); `None` when the day has none.
    fn leftovers_kept(&self) -> Option<Vec<Vec<TableDish>>> {
        let paired = self.paired();
        if paired.iter().all(Option::is_none) {
            return None;
        }
        let mut plan = self.plan.clone();
        for (dish, pair) in plan[self.day].iter_mut().zip(paired) {
            if pair.is_some() && dish.keep == Keep::Nothing {
                dish.keep = Keep::Dish;
            }
        }
        Some(plan)
    }

    /// How often each recipe is used on the plan's other days.
    fn used(&self) -> Vec<u32> {
        let mut used = vec![0u32; self.recipes.len()];
        for (_, other) in self.plan.iter().enumerate().filter(|(d, _)| *d != self.day) {
            for m in other {
                used[m.recipe] += 1;
            }
        }
        used
    }

    /// The day's diner when one person at the table eats every dish of
    /// the day alone, and no dish is kept to its recipe only.
    fn alone(&self) -> Option<usize> {
        let meals = self.plan.get(self.day)?;
        let first = meals.first()?.shares.first()?.diner;
        let alone = first < self.diners.len()
            && meals.iter().all(|m| {
                m.keep != Keep::Dish && matches!(m.shares.as_slice(), [s] if s.diner == first)
            });
        alone.then_some(first)
    }

    /// The table's request for the day.
    fn table(&self) -> TableDayRequest<'_> {
        TableDayRequest {
            recipes: self.recipes,
            diners: self.diners,
            dishes: self.dishes,
            used: self.used(),
            meals: self.plan.get(self.day).cloned().unwrap_or_default(),
            seed: self.seed,
            budget: self.budget,
            neighbours: neighbours(&self.plan, self.day),
        }
    }
}

/// Re-balances day [`DayRequest::day`] of a plan so that every person's
/// day lands within their tolerances around the dishes kept
/// ([`Keep::All`]): new portions for each eater of the other dishes and,
/// where portions cannot do it, new recipes ([`Keep::Nothing`] dishes),
/// each keeping the rules of everyone who eats it and giving no one a
/// recipe twice. `None` when nothing changes: every day on target already,
/// or nothing found closer than the day as it stands.
///
/// Leftover pairs stay pairs: a dish eaten from another
/// ([`TableDish::leftover_of`]) and the dish it is eaten from keep their
/// recipe (at least [`Keep::Dish`]), so a re-balance never turns a
/// leftover into another dish; their portions may change (what the
/// cooking meal cooks follows). Where the day still misses for it,
/// [`rebalance_notes`] says why.
pub fn rebalance_day(request: &DayRequest<'_>) -> Option<Vec<TableDish>> {
    let Some(plan) = request.leftovers_kept() else {
        return rebalance_as_kept(request);
    };
    let kept = DayRequest { plan, ..*request };
    let out = rebalance_as_kept(&kept)?;
    // Each dish as asked but for its recipe and portions.
    let asked = &request.plan[request.day];
    Some(
        out.into_iter()
            .zip(asked)
            .map(|(dish, m)| TableDish {
                keep: m.keep,
                ..dish
            })
            .collect(),
    )
}

/// [`rebalance_day`] of a request whose dishes say all that is kept.
fn rebalance_as_kept(request: &DayRequest<'_>) -> Option<Vec<TableDish>> {
    let Some(d) = request.alone() else {
        return rebalance_table_day(&request.table());
    };
    let meals = &request.plan[request.day];
    let rows: Vec<Vec<MealRow>> = request
        .plan
        .iter()
        .map(|day| {
            day.iter()
                .map(|m| {
                    let servings = m.shares.first().map_or(0.0, |s| s.servings);
                    (m.meal_type, m.recipe, servings, m.keep == Keep::All)
                })
                .collect()
        })
        .collect();
    let one = RebalanceRequest::for_diner(
        request.recipes,
        &request.diners[d],
        day_meals(&rows, request.day),
        request.used(),
        request.plan.len().clamp(1, 7) as u8,
        request.seed,
        None,
        Some(request.dishes),
    )
    .with_budget(request.budget);
    let out: Vec<TableDish> = meals
        .iter()
        .zip(rebalance(&one).meals)
        .map(|(m, (recipe, servings))| TableDish {
            recipe,
            shares: vec![Share { diner: d, servings }],
            ..m.clone()
        })
        .collect();
    (out != *meals).then_some(out)
}

/// What day [`DayRequest::day`] says once re-balanced to `dishes` (the
/// day [`rebalance_day`] gave, or the day as it stands when it gave
/// none): when someone at the table is still off their targets and a
/// dish the re-balance could otherwise have changed ([`Keep::Nothing`])
/// kept its recipe for a leftover pair, one note saying who is off, by
/// how much, and which dish stayed; nothing otherwise.
pub fn rebalance_notes(request: &DayRequest<'_>, dishes: &[TableDish]) -> Vec<String> {
    let Some(asked) = request.plan.get(request.day) else {
        return Vec::new();
    };
    let reasons: Vec<String> = request
        .paired()
        .into_iter()
        .zip(asked)
        .filter(|(_, m)| m.keep == Keep::Nothing)
        .filter_map(|(pair, m)| {
            let name = &request.recipes.get(m.recipe)?.name;
            let meal = m.meal_type.as_str();
            Some(match pair? {
                Paired::Eaten => {
                    format!("its {meal} is a leftover and stays the dish cooked for it ({name})")
                }
                Paired::Cooks => {
                    format!(
                        "its {meal} ({name}) is cooked for a later meal too and keeps its recipe"
                    )
                }
            })
        })
        .collect();
    if reasons.is_empty() {
        return Vec::new();
    }
    let mut eaters = 0;
    let offs: Vec<String> = request
        .diners
        .iter()
        .enumerate()
        .filter_map(|(d, diner)| {
            let mut eats = false;
            let totals: Nutrition = dishes
                .iter()
                .flat_map(|m| {
                    m.shares
                        .iter()
                        .filter(|s| s.diner == d)
                        .map(move |s| (m, s))
                })
                .inspect(|_| eats = true)
                .map(|(m, s)| request.recipes[m.recipe].nutrition.served(s.servings))
                .sum();
            if !eats {
                return None;
            }
            eaters += 1;
            let fit = diner.assess(&totals);
            let worst = fit.off.iter().max_by(|a, b| {
                (a.percent.abs() - a.tolerance).total_cmp(&(b.percent.abs() - b.tolerance))
            })?;
            Some(format!(
                "{} {:.0}% {}",
                worst.nutrient.as_str(),
                worst.percent.abs(),
                if worst.percent > 0.0 { "over" } else { "under" }
            ))
        })
        .collect();
    if offs.is_empty() {
        return Vec::new();
    }
    let who = if eaters > 1 {
        format!("{} of {eaters} people: ", offs.len())
    } else {
        String::new()
    };
    vec![format!(
        "off target after re-balancing ({who}{}): {}, so only portions and the day's other meals could change",
        offs.join("; "),
        reasons.join("; ")
    )]
}

/// Day [`DayRequest::day`] with each eater's portion of every dish that
/// may change chosen anew for their own day, recipes unchanged: what a
/// swap asks for, the swapped dish [`Keep::Dish`] and the others
/// [`Keep::All`].
pub fn reportion_day(request: &DayRequest<'_>) -> Vec<TableDish> {
    reportion_table_day(&request.table())
}

/// A meal of a day to re-balance.
#[derive(Debug, Clone, PartialEq)]
pub struct DayMeal {
    /// Its slot.
    pub meal_type: MealType,
    /// Index of its recipe in the catalogue.
    pub recipe: usize,
    /// Its portion.
    pub servings: f64,
    /// Completed, or its recipe chosen by the user: left as it is.
    pub kept: bool,
    /// Recipes of the same slot on the day before and the day after.
    pub neighbours: Vec<usize>,
    /// Recipes of the same slot on the plan's other days.
    pub history: Vec<usize>,
}

/// What to re-balance: one day of a plan.
#[derive(Debug, Clone)]
pub(crate) struct RebalanceRequest<'a> {
    /// The catalogue.
    pub recipes: &'a [Recipe],
    /// Daily targets.
    pub targets: Targets<f64>,
    /// Never broken (for new recipes).
    pub rules: HardRules,
    /// Diet types to prefer.
    pub preferred_diets: Vec<DietType>,
    /// Tastes and foods to prefer.
    pub tastes: Tastes,
    /// Whether one's own recipes are preferred.
    pub prefers_own: bool,
    /// Foods at home to use up.
    pub pantry: Vec<PantryFood>,
    /// How close the day must land.
    pub tolerances: Tolerances,
    /// The person's day limits (sodium, fibre ceiling).
    pub limits: LimitRule,
    /// Portion limits.
    pub portions: Portions,
    /// Seed of the search.
    pub seed: u64,
    /// Days in the plan (for the weekly variety rule).
    pub plan_days: u8,
    /// Uses of each recipe on the plan's other days.
    pub used: Vec<u32>,
    /// The day's meals by schedule.
    pub meals: Vec<DayMeal>,
    /// What the kitchen knows of the ingredients (protein foods).
    pub kitchen: Option<&'a Kitchen>,
    /// The day-rule facts of `recipes`, made beforehand (else made from
    /// `kitchen`).
    pub dishes: Option<&'a Dishes>,
    /// When to stop searching and keep the best day found by then
    /// ([`Budget::unlimited`] to search to the end).
    pub budget: &'a Budget,
}

/// A re-balanced day.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Rebalanced {
    /// (recipe index, servings) of each meal, in request order; kept meals
    /// as they were.
    pub meals: Vec<(usize, f64)>,
    /// The day's totals as served.
    pub totals: Nutrition,
    /// A main meal is above the usual largest portion.
    pub larger_portions: bool,
}

impl<'a> RebalanceRequest<'a> {
    /// Re-balancing `meals`, one day of `diner`'s, over `recipes` (`used`:
    /// each recipe's uses on the plan's other `plan_days` − 1 days).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn for_diner(
        recipes: &'a [Recipe],
        diner: &Diner,
        meals: Vec<DayMeal>,
        used: Vec<u32>,
        plan_days: u8,
        seed: u64,
        kitchen: Option<&'a Kitchen>,
        dishes: Option<&'a Dishes>,
    ) -> Self {
        Self {
            recipes,
            targets: diner.targets.get(),
            rules: diner.rules.clone(),
            preferred_diets: diner.preferred_diets.clone(),
            tastes: diner.tastes.clone(),
            prefers_own: diner.prefers_own,
            pantry: diner.pantry.clone(),
            tolerances: diner.tolerances,
            limits: diner.limits,
            portions: diner.portions,
            seed,
            plan_days,
            used,
            meals,
            kitchen,
            dishes,
            budget: Budget::unlimited(),
        }
    }

    /// The same request, its search stopped when `budget` is spent.
    pub(crate) fn with_budget(mut self, budget: &'a Budget) -> Self {
        self.budget = budget;
        self
    }
}

/// Re-optimises the portions, and where that is not enough the recipes,
/// of a day's meals that are not kept, so that the day lands on its
/// targets with the kept meals as they are. A day already within its
/// tolerances (meal sizes kept) is returned unchanged, and so is one the
/// search cannot bring closer. Portions change before recipes do; larger
/// portions come last.
pub(crate) fn rebalance(request: &RebalanceRequest<'_>) -> Rebalanced {
    let scorer = Scorer::new(&request.targets, &request.tolerances, request.limits);
    let dishes = &*dishes_for(request.dishes, request.recipes, request.kitchen);
    let types: Vec<MealType> = request.meals.iter().map(|m| m.meal_type).collect();
    let bands = share_bands(&types);
    let outcome = |meals: Vec<(usize, f64)>| Rebalanced {
        totals: meals
            .iter()
            .map(|(r, s)| request.recipes[*r].nutrition.served(*s))
            .sum(),
        larger_portions: meals
            .iter()
            .zip(&types)
            .any(|((_, s), m)| is_main(*m) && *s > request.portions.range(*m).usual_max + 1e-9),
        meals,
    };
    let before: Vec<(usize, f64)> = request
        .meals
        .iter()
        .map(|m| (m.recipe, m.servings))
        .collect();
    let stock = Stock::new(&request.pantry, request.recipes);
    let (pools, pool_of) = pools(
        request.recipes,
        &types,
        &request.rules,
        &scorer,
        &request.preferred_diets,
        &request.tastes,
        request.prefers_own,
        stock.as_ref(),
        dishes,
    );
    let candidate = |r: usize| {
        let recipe = &request.recipes[r];
        Candidate {
            index: r,
            scaled: scorer.scale(&recipe.nutrition),
            kcal: recipe.nutrition.calories,
            protein: recipe.nutrition.protein,
            grams: recipe.grams(),
            bonus: bonus(
                recipe,
                &request.preferred_diets,
                &request.tastes,
                request.prefers_own,
            ) + stock.as_ref().map_or(0.0, |s| s.bonus(r, 1)),
            counted: dishes.counted(r),
        }
    };
    // Each meal's own recipe as its only candidate (portions only).
    let own: Vec<Vec<Candidate>> = request
        .meals
        .iter()
        .map(|m| vec![candidate(m.recipe)])
        .collect();
    let free: Vec<usize> = (0..request.meals.len())
        .filter(|&i| !request.meals[i].kept)
        .collect();
    let fixed: Vec<Fixed> = (0..request.meals.len())
        .filter(|i| request.meals[*i].kept)
        .map(|i| {
            let m = &request.meals[i];
            let served = request.recipes[m.recipe].nutrition.served(m.servings);
            Fixed {
                recipe: Some(m.recipe),
                served,
                scaled: scorer.scale(&served),
                band: bands[i],
                main: is_main(m.meal_type),
                minor: dishes.minor(m.recipe).map(|v| v * m.servings),
            }
        })
        .collect();
    let problem = |whole: bool| Problem {
        recipes: request.recipes,
        scorer: &scorer,
        slots: free
            .iter()
            .map(|&i| {
                let m = &request.meals[i];
                let pool: &[Candidate] = if whole { &pools[pool_of[i]].1 } else { &own[i] };
                Slot {
                    pool,
                    range: request.portions.range(m.meal_type),
                    band: bands[i],
                    main: is_main(m.meal_type),
                    banned: if whole {
                        variety_bans(m, pool.len(), types.len(), request.plan_days)
                    } else {
                        Vec::new()
                    },
                    keep: Some(m.recipe),
                    again: false,
                }
            })
            .collect(),
        fixed: fixed.clone(),
        used: &request.used,
        week: dishes.week_use(&request.used),
        extended: false,
        dishes,
        strict: false,
        budget: request.budget,
        limit_step: 0.0,
        window: 0.0,
    };
    let current: Vec<(usize, f64)> = free
        .iter()
        .map(|&i| (0, request.meals[i].servings))
        .collect();
    let portions_only = problem(false);
    if free.is_empty() || portions_only.good(&current) {
        return outcome(before);
    }
    // How a day ranks: the worse of its targets' miss and how far it is
    // past its fibre ceiling or sodium limit.
    let rank = |meals: &Vec<(usize, f64)>| {
        let mut minor = [0.0; 4];
        let mut kcal = 0.0;
        for (r, s) in meals {
            for (t, v) in minor.iter_mut().zip(dishes.minor(*r)) {
                *t += v * s;
            }
            kcal += request.recipes[*r].nutrition.calories * s;
        }
        let excess = whole_day::ranked_excess(&minor, kcal, &request.limits);
        OrderedMiss(scorer.miss(&outcome(meals.clone()).totals).max(excess))
    };
    let mut rng = Rng(request.seed ^ 0x7265_6261_6c61_6e63);
    let apply = |problem: &Problem<'_>, day: &Day| {
        let mut meals = before.clone();
        for ((c, s), (&i, slot)) in day.picks.iter().zip(free.iter().zip(&problem.slots)) {
            meals[i] = (slot.pool[*c].index, *s);
        }
        meals
    };
    // 1. Portions only, usual sizes.
    let day = portions_only.descend(current, &mut rng);
    if portions_only.good(&day.picks) {
        return outcome(apply(&portions_only, &day));
    }
    // 2. Recipes too, from the portions found; 3. larger portions.
    let mut whole = problem(true);
    let start: Option<Vec<(usize, f64)>> = day
        .picks
        .iter()
        .zip(&free)
        .zip(&whole.slots)
        .map(|(((_, s), &i), slot)| {
            slot.pool
                .iter()
                .position(|c| c.index == request.meals[i].recipe)
                .map(|c| (c, *s))
        })
        .collect();
    let fallback = match &start {
        Some(start) => Some(start.iter().map(|(c, _)| *c).collect()),
        None => distinct_fill(&whole.slots.iter().map(|s| s.pool).collect::<Vec<_>>()),
    };
    let mut best = apply(&portions_only, &day);
    if let Some(fallback) = fallback {
        let starts: Vec<Vec<(usize, f64)>> = start.into_iter().collect();
        // From the meals as they are first: as few changes as will do.
        let found = match whole.search(&mut rng, &starts, 0) {
            Some(day) if whole.good(&day.picks) => day,
            _ => best_day(&mut whole, &mut rng, &starts, &fallback).0,
        };
        let meals = apply(&whole, &found);
        if whole.good(&found.picks) || rank(&meals) < rank(&best) {
            best = meals;
        }
    }
    // Never leave the day further from its targets and ranked limits
    // than it was.
    if rank(&best) > rank(&before) {
        best = before;
    }
    outcome(best)
}

/// Recipes a meal may not take without breaking the variety rules, with
/// the rest of the plan as it is: the same slot's recipes on the
/// neighbouring days (slots with enough candidates), and, for a one-meal
/// day of a plan that has not yet had its weekly number of different
/// recipes, the recipes of other days. Its own recipe is never banned.
fn variety_bans(m: &DayMeal, candidates: usize, slots: usize, plan_days: u8) -> Vec<usize> {
    let mut banned = Vec::new();
    if candidates >= VARIETY_MIN_CANDIDATES {
        banned.extend(m.neighbours.iter().copied());
    }
    if slots == 1 {
        let mut seen = m.history.clone();
        seen.sort_unstable();
        seen.dedup();
        let needed = weekly_distinct(usize::from(plan_days), candidates);
        if seen.len() < needed {
            banned.extend(seen);
        }
    }
    banned.retain(|r| *r != m.recipe);
    banned
}

/// The variety bans of each meal of a day ([`DayMeal`]s, with the rest of
/// a plan of `plan_days` days as it is), for [`best_miss`]: what the day
/// could reach at best without touching the other days.
pub fn day_bans(
    recipes: &[Recipe],
    rules: &HardRules,
    meals: &[DayMeal],
    plan_days: u8,
) -> Vec<Vec<usize>> {
    meals
        .iter()
        .map(|m| {
            let candidates = recipes
                .iter()
                .filter(|r| r.serves(m.meal_type) && rules.allow(r))
                .count();
            variety_bans(m, candidates, meals.len(), plan_days)
        })
        .collect()
}

/// One meal of a plan for [`day_meals`]: meal type, recipe index,
/// servings, and whether it is kept (completed or chosen by the user).
pub type MealRow = (MealType, usize, f64, bool);

/// Day `d` of a plan given as [`MealRow`]s by schedule for every day, as
/// [`DayMeal`]s: each with the recipes of its slot (same position) on the
/// neighbouring days and on every other day.
pub fn day_meals(plan: &[Vec<MealRow>], d: usize) -> Vec<DayMeal> {
    plan[d]
        .iter()
        .enumerate()
        .map(|(k, (meal_type, recipe, servings, kept))| {
            let at = |day: &Vec<MealRow>| day.get(k).map(|m| m.1);
            DayMeal {
                meal_type: *meal_type,
                recipe: *recipe,
                servings: *servings,
                kept: *kept,
                neighbours: [d.checked_sub(1), Some(d + 1)]
                    .into_iter()
                    .flatten()
                    .filter_map(|i| plan.get(i).and_then(at))
                    .collect(),
                history: plan
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| *i != d)
                    .filter_map(|(_, day)| at(day))
                    .collect(),
            }
        })
        .collect()
}

/// A miss ordered by [`f64::total_cmp`], so that a day's rank is a tuple.
#[derive(Debug, Clone, Copy, PartialEq)]
struct OrderedMiss(f64);

impl PartialOrd for OrderedMiss {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.0.total_cmp(&other.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::planner::tests::catalogue;

    fn diner(calories: f64, meals: i64) -> Diner {
        let protein = calories * 0.25 / 4.0;
        let fat = calories * 0.3 / 9.0;
        let targets = Targets {
            calories,
            protein,
            carbs: (calories - protein * 4.0 - fat * 9.0) / 4.0,
            fat,
        };
        Diner::checked(
            targets,
            MealsPerDay::parse(meals).unwrap(),
            HardRules::default(),
        )
        .unwrap()
    }

    /// `diners`' plan of 3 days, as dishes to re-balance, the first day's
    /// breakfast eaten at twice everyone's portion.
    fn eaten(recipes: &[Recipe], diners: &[Diner]) -> Vec<Vec<TableDish>> {
        let request = PlanRequest::new(recipes, diners.to_vec(), 3)
            .unwrap()
            .with_seed(5);
        let mut days: Vec<Vec<TableDish>> = plan(&request)
            .unwrap()
            .iter()
            .map(|d| {
                d.meals
                    .iter()
                    .map(|m| TableDish {
                        recipe: recipes.iter().position(|r| r.id == m.recipe_id).unwrap(),
                        meal_type: m.meal_type,
                        shares: m.shares.clone(),
                        keep: Keep::Nothing,
                        leftover_of: None,
                    })
                    .collect()
            })
            .collect();
        days[0][0].keep = Keep::All;
        for s in &mut days[0][0].shares {
            s.servings = 2.0;
        }
        days
    }

    #[test]
    fn a_day_eaten_alone_is_the_one_eater_re_balancers_and_a_tables_the_tables() {
        let recipes = catalogue(60, 3);
        let dishes = Dishes::new(&recipes, None);
        // One eater: the same day as the one-eater re-balancer's own.
        let alone = [diner(2200.0, 3)];
        let days = eaten(&recipes, &alone);
        let request = DayRequest {
            recipes: &recipes,
            diners: &alone,
            dishes: &dishes,
            plan: days.clone(),
            day: 0,
            seed: 9,
            budget: Budget::unlimited(),
        };
        let out = rebalance_day(&request).expect("a double breakfast puts the day off");
        assert_eq!(out[0], days[0][0], "the eaten breakfast stays as it is");
        let rows: Vec<Vec<MealRow>> = days
            .iter()
            .map(|d| {
                d.iter()
                    .map(|m| {
                        (
                            m.meal_type,
                            m.recipe,
                            m.shares[0].servings,
                            m.keep == Keep::All,
                        )
                    })
                    .collect()
            })
            .collect();
        let own = RebalanceRequest::for_diner(
            &recipes,
            &alone[0],
            day_meals(&rows, 0),
            request.used(),
            3,
            9,
            None,
            Some(&dishes),
        );
        let expected: Vec<(usize, f64)> = rebalance(&own).meals;
        let got: Vec<(usize, f64)> = out
            .iter()
            .map(|m| (m.recipe, m.shares[0].servings))
            .collect();
        assert_eq!(got, expected);
        // Two eaters: the table's re-balancer.
        let table = [diner(2000.0, 3), diner(2900.0, 4)];
        let days = eaten(&recipes, &table);
        let request = DayRequest {
            recipes: &recipes,
            diners: &table,
            dishes: &dishes,
            plan: days,
            day: 0,
            seed: 9,
            budget: Budget::unlimited(),
        };
        assert_eq!(
            rebalance_day(&request),
            rebalance_table_day(&request.table())
        );
    }
}
