//! Generating a plan, re-balancing a day after the user swapped or ticked
//! meals, and how each day meets the targets. The planner is CPU work (up
//! to hundreds of milliseconds with a large catalogue, seconds for a large
//! household with tight tolerances), so it never runs on a request
//! thread: a search (generation, re-balancing) runs on a search thread
//! under a [`Ticket`], bounded per instance and per account, within a time
//! budget, stopped when the request is abandoned (`searches`); judging a
//! plan's fit runs on the runtime's blocking pool.

use std::collections::HashMap;
use std::sync::Arc;

use mealplan_domain::planner::whole_day::{self, Dishes, WholeDay};
use mealplan_domain::planner::{
    self, Bound, DayFit, Diner, MealRow, PlanRequest, TableDay, Tolerances, WeekBound, is_main,
};
use mealplan_domain::profile::targets::basis::Stage;
use mealplan_domain::{MealStatus, MealType, MealsPerDay, Nutrition, Recipe, UserId};
use mealplan_ports::{NewDay, NewMeal, Person, PlanSettings, Portion, StoreError};

use super::basics::{adjusted, blocking, index_of};
use super::eaters::Eaters;
use super::searches::Ticket;
use super::stock::seat_pantry;
use super::table::{Table, day_changes, keep_rules_of_changes};
use super::{CREATE_ATTEMPTS, PlanError, PlanView, Planner, Plans};

/// How many times a re-balance that lost a race with another change of
/// the plan is computed again.
const REBALANCE_ATTEMPTS: usize = 3;

/// What to generate.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GenerateOptions {
    /// Days, 1-7.
    pub days: u8,
    /// Seed of the search (fresh when `None`).
    pub seed: Option<u64>,
    /// Tolerances, portion limits and the changes asked for this plan
    /// only, all kept with the plan.
    pub settings: PlanSettings,
    /// Plan for the holder and every household member at one table.
    pub household: bool,
    /// Whether the plan draws on one's own recipes alike, first, or only.
    pub my_recipes: super::MyRecipes,
    /// Prefer recipes that use what the pantry holds, the earliest due
    /// first, as far as the targets allow.
    pub use_pantry: bool,
    /// Cook lunches and dinners once for a later meal too (issue 40),
    /// at most this often when it says so; `None`: every meal cooked.
    pub leftovers: Option<planner::Leftovers>,
}

/// How a day of a plan meets the profile's targets, as the plan says it.
#[derive(Debug, Clone, PartialEq)]
pub struct DayFitView {
    /// The targets off, by how much, and the worst excess.
    pub fit: DayFit,
    /// The tolerances the day is judged by: the plan's, else the defaults.
    pub tolerances: Tolerances,
    /// When a target is off: the best any plan keeping the user's rules,
    /// the portion limits and the variety rules could do. For most slot
    /// patterns that is the best day of the pattern; for one meal a day,
    /// whose week needs 5 different recipes, it is the best the day's
    /// place in its week could be in any such week (`week`,
    /// [`planner::WeekBound`]).
    pub best: Option<Bound>,
    /// When `best` is a one-meal week's: the day's place in its week.
    pub week: Option<WeekPlace>,
    /// When a target is off: the best any single day of this slot pattern
    /// could reach, the variety rules aside.
    pub best_one_day: Option<Bound>,
    /// When a target is off: the best this day could reach with the rest
    /// of the plan as it is (the variety rules bar some recipes).
    pub best_here: Option<Bound>,
    /// Fibre, sodium, saturated fat and sugars against their limits, and
    /// protein foods or dish families repeated within the day.
    pub whole_day: WholeDay,
    /// A main meal is above the usual largest portion (1.5 servings).
    pub larger_portions: bool,
    /// That larger portion uses pantry food due within the plan, on a day
    /// on its targets ([`planner::PANTRY_PORTIONS_NOTE`], in the day's
    /// notes), not portions the targets needed.
    pub larger_for_pantry: bool,
    /// Whether the planner made the plan.
    pub generated: bool,
    /// The day is one meal for a child or someone 65 or over, for whom
    /// one meal a day is not advised (issue 38): who, to say so.
    pub one_meal_for: Option<Stage>,
    /// Meals of the day.
    pub meals: usize,
    /// For a generated day that no day of as many meals can meet: the
    /// fewest meals a day (up to six) that could, since meals a person
    /// eats at a sitting (900 g; 1,200 g alone) carry only so much
    /// (issue 38); `None` when none could or the day is met.
    pub meals_needed: Option<usize>,
}

/// A missed day's place in its one-meal week.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WeekPlace {
    /// 1 for the week's best day by miss, 2 for the second best, …
    pub rank: usize,
    /// Different recipes the week needs (5, fewer for a shorter plan or
    /// a slot with fewer candidates).
    pub distinct: usize,
}

/// The planner's days as days to store: each dish a meal at its slot's
/// schedule, its `servings` the holder's portion (0 for a dish they do
/// not eat), its portions each eater's, named as `people` names them (a
/// one-person plan's the holder's alone).
fn new_days(week: &[TableDay], people: &[(Option<i64>, String)]) -> Vec<NewDay> {
    week.iter()
        .map(|day| NewDay {
            day_of_week: day.day_of_week,
            meals: day
                .meals
                .iter()
                .enumerate()
                .map(|(k, m)| NewMeal {
                    recipe_id: m.recipe_id,
                    schedule: k as u8 + 1,
                    status: MealStatus::Pending,
                    meal_type: m.meal_type,
                    servings: m
                        .shares
                        .iter()
                        .find(|s| s.diner == 0)
                        .map_or(0.0, |s| s.servings),
                    portions: m
                        .shares
                        .iter()
                        .map(|s| Portion {
                            member_id: people[s.diner].0,
                            name: people[s.diner].1.clone(),
                            servings: s.servings,
                        })
                        .collect(),
                    leftover_of: m.leftover_of,
                })
                .collect(),
            notes: day.notes.clone(),
        })
        .collect()
}

impl Planner {
    /// Builds, stores and activates a plan of `options.days` days from
    /// `user`'s profile: its meal slots, hard rules, preferred diet types
    /// and tastes, and targets, within the tolerances and portion limits
    /// of `options`, which the plan keeps. Same seed, same plan.
    pub async fn generate_with(
        &self,
        user: UserId,
        options: GenerateOptions,
    ) -> Result<PlanView, PlanError> {
        Ok(self.generate_for(user, options).await?.0)
    }

    /// [`generate_with`](Self::generate_with), also giving back the
    /// profile the plan was made from (as stored, the plan's changes not
    /// applied), so that the caller can judge the plan's fit
    /// ([`Plans::with_fit_from`]) without reading it again.
    ///
    /// The search is bounded ([`PlanError::Busy`] when the account has
    /// one running or the instance no place free) and keeps the best plan
    /// found within its time budget ([`PlanView::cut_short`]).
    pub async fn generate_for(
        &self,
        user: UserId,
        options: GenerateOptions,
    ) -> Result<(PlanView, Person), PlanError> {
        let ticket = self.searches.admit(user).await?;
        let stored = self
            .profiles
            .find(user)
            .await?
            .ok_or(PlanError::NoProfile)?;
        let mut view = self.generate_under(user, &stored, options, &ticket).await?;
        view.cut_short = ticket.cut_short();
        Ok((view, stored))
    }

    /// [`generate_with`](Self::generate_with) for the holder (`stored`)
    /// at a table of one or, for the household's table
    /// (`options.household`), with every household member, searched under
    /// `ticket`: a meal per dish, its `servings` the holder's portion (0
    /// for a dish they do not eat), its portions everyone's.
    async fn generate_under(
        &self,
        user: UserId,
        stored: &Person,
        options: GenerateOptions,
        ticket: &Ticket,
    ) -> Result<PlanView, PlanError> {
        let members = if options.household && self.household {
            self.profiles.members(user).await?
        } else {
            Vec::new()
        };
        let eaters = Eaters::new(&self.taxonomy, Some(stored), &members, options.household);
        let profile = adjusted(stored.clone(), &options.settings.adjust);
        let (all, unfilled) = self.pool_of(user, &profile, options.my_recipes).await?;
        let pantry = self.pantry_for(user, options.use_pantry).await?;
        let seed = options
            .seed
            .unwrap_or_else(|| self.clock.now().timestamp_nanos_opt().unwrap_or(0) as u64);
        let taxonomy = Arc::clone(&self.taxonomy);
        let recipes = Arc::clone(&all);
        let kitchen = Arc::clone(&self.kitchen);
        let this = self.clone();
        let today = self.clock.now().date_naive();
        let new_days = ticket
            .run(move |budget| {
                let dishes = this.dishes_of(&recipes);
                let Table { diners, people } =
                    Table::of(&taxonomy, &profile, &members, &options.settings, today);
                let diners = options.my_recipes.seat(diners);
                let diners = seat_pantry(diners, &recipes, &pantry, &kitchen, today);
                let mut request = PlanRequest::new(&recipes, diners, options.days)?
                    .with_seed(seed)
                    .with_kitchen(&kitchen)
                    .with_dishes(&dishes)
                    .with_budget(budget);
                if let Some(leftovers) = options.leftovers {
                    request = request.with_leftovers(leftovers);
                }
                let started = std::time::Instant::now();
                let week = planner::plan(&request);
                metrics::histogram!("planner_seconds").record(started.elapsed().as_secs_f64());
                Ok::<_, PlanError>(new_days(&week?, &people))
            })
            .await??;
        let mut view = self.store(user, new_days, options, &all, &eaters).await?;
        view.unfilled = unfilled;
        Ok(view)
    }

    /// Stores `new_days` as `user`'s active generated plan of `options`,
    /// retrying a creation that lost a race. Every meal keeps the rules
    /// of everyone who eats it (`eaters`): the planner chose among those
    /// recipes only, and this holds it to that.
    async fn store(
        &self,
        user: UserId,
        new_days: Vec<NewDay>,
        options: GenerateOptions,
        all: &[Recipe],
        eaters: &Eaters,
    ) -> Result<PlanView, PlanError> {
        for (recipe, portions) in super::picked(all, &new_days) {
            eaters.check(recipe, portions, true)?;
        }
        let (settings, household) = (options.settings, options.household);
        let mut attempt = 1;
        let plan = loop {
            match self
                .plans
                .create_generated(
                    user,
                    new_days.clone(),
                    settings,
                    household,
                    self.clock.now(),
                )
                .await
            {
                Err(StoreError::Conflict(_)) if attempt < CREATE_ATTEMPTS => attempt += 1,
                other => break other?,
            }
        };
        self.view(plan, all)
    }

    /// Re-optimises the portions, and where needed the recipes, of the
    /// pending meals the planner chose on day `day` (every day when
    /// `None`) of `user`'s active plan, so that the day lands on the
    /// profile's targets around the meals the user ticked off or chose.
    /// Days already on target are left as they are; so are completed and
    /// chosen meals, always. Judged by the plan's tolerances and portion
    /// limits (the defaults for a plan made by hand).
    ///
    /// The search is bounded as [`generate_for`](Self::generate_for)'s
    /// is, and says when its time budget cut it short
    /// ([`PlanView::cut_short`]).
    pub async fn rebalance(&self, user: UserId, day: Option<u8>) -> Result<PlanView, PlanError> {
        let ticket = self.searches.admit(user).await?;
        let mut view = self.rebalance_under(user, day, &ticket).await?;
        view.cut_short = ticket.cut_short();
        Ok(view)
    }

    /// [`rebalance`](Self::rebalance) under `ticket`: every eater's day
    /// (the holder's alone in a one-person plan; everyone's at the table
    /// in a plan made for the household's) brought back within their own
    /// tolerances around the meals eaten or chosen, by re-portioning the
    /// other meals for each eater and, where portions cannot do it,
    /// changing their dishes (each keeping the rules of everyone who eats
    /// it). A leftover and its cooking meal keep their recipe (their
    /// portions may change, and what the cooking meal cooks with them); a
    /// day such a pair keeps off target says why in its notes, replaced
    /// by each re-balance of the day.
    async fn rebalance_under(
        &self,
        user: UserId,
        day: Option<u8>,
        ticket: &Ticket,
    ) -> Result<PlanView, PlanError> {
        let profile = self
            .profiles
            .find(user)
            .await?
            .ok_or(PlanError::NoProfile)?;
        let all = self.recipes_of(user).await?;
        let mut attempt = 1;
        loop {
            let plan = self
                .plans
                .active(user)
                .await?
                .ok_or(PlanError::NoActivePlan)?;
            if day.is_some_and(|d| !plan.days.iter().any(|x| x.day_of_week == d)) {
                return Err(PlanError::DayNotFound);
            }
            let (table, eaters) = self
                .table_of(user, profile.clone(), plan.settings, plan.household)
                .await?;
            let chosen = self.plans.chosen_meals(plan.id).await?;
            let seed = self.clock.now().timestamp_nanos_opt().unwrap_or(0) as u64;
            let (recipes, stored) = (Arc::clone(&all), plan.clone());
            let this = self.clone();
            let (changes, notes) = ticket
                .run(move |budget| {
                    let dishes = this.dishes_of(&recipes);
                    let search = (seed, budget);
                    day_changes(&table, &recipes, &dishes, &stored, &chosen, day, search)
                })
                .await??;
            if changes.is_empty() && notes.is_empty() {
                return self.view(plan, &all);
            }
            keep_rules_of_changes(&eaters, &all, &plan, &changes)?;
            match self
                .plans
                .rebalance(plan.id, changes, notes, self.clock.now())
                .await
            {
                Err(StoreError::Conflict(_)) if attempt < REBALANCE_ATTEMPTS => attempt += 1,
                Err(e) => return Err(e.into()),
                Ok(()) => {
                    let plan = self
                        .plans
                        .plan(plan.id)
                        .await?
                        .ok_or(PlanError::NoActivePlan)?;
                    return self.view(plan, &all);
                }
            }
        }
    }
}

impl Plans {
    /// `view` with each day's fit to `user`'s targets (unchanged without
    /// a profile): the targets off and by how much, and, for a day that
    /// misses, the best any plan could reach.
    pub async fn with_fit(&self, user: UserId, view: PlanView) -> Result<PlanView, PlanError> {
        let profile = self.profiles.find(user).await?;
        self.with_fit_from(profile, view).await
    }

    /// [`Self::with_fit`] with the owner's profile already read (by the
    /// generation that made `view`, or with the session): one read of the
    /// database less. The fits of a plan read before with the same meals
    /// and profile come from the cache.
    pub async fn with_fit_from(
        &self,
        profile: Option<Person>,
        view: PlanView,
    ) -> Result<PlanView, PlanError> {
        self.fitted(profile, view, Bounds::Searched).await
    }

    /// Every plan of `user` (newest first), each day with its fit to
    /// `profile`'s targets but without the bounds (what any plan could
    /// reach, a search a day that misses): many plans read at once (an
    /// account's export), their recipes read once.
    pub async fn history_fitted(
        &self,
        user: UserId,
        profile: Option<Person>,
    ) -> Result<Vec<PlanView>, PlanError> {
        let plans = self.plans.history(user).await?;
        let all = self.recipes_of(user).await?;
        let mut fitted = Vec::with_capacity(plans.len());
        for plan in plans {
            let view = self.view(plan, &all)?;
            fitted.push(
                self.fitted_over(profile.clone(), view, Bounds::Left, &all)
                    .await?,
            );
        }
        Ok(fitted)
    }

    async fn fitted(
        &self,
        profile: Option<Person>,
        view: PlanView,
        bounds: Bounds,
    ) -> Result<PlanView, PlanError> {
        if profile.is_none() {
            return Ok(view);
        }
        let all = self.recipes_of(view.plan.user_id).await?;
        self.fitted_over(profile, view, bounds, &all).await
    }

    /// [`Self::fitted`] over `all`, the recipes the plan may name.
    async fn fitted_over(
        &self,
        profile: Option<Person>,
        mut view: PlanView,
        bounds: Bounds,
        all: &Arc<[Recipe]>,
    ) -> Result<PlanView, PlanError> {
        let Some(profile) = profile else {
            return Ok(view);
        };
        let all = Arc::clone(all);
        let key = self
            .fits
            .key(&profile, &view, self.clock.now().date_naive());
        if let Some(fits) = self.fits.get(key, &all) {
            for (day, fit) in view.days.iter_mut().zip(fits) {
                day.fit = Some(fit);
            }
            return Ok(view);
        }
        let settings = view.settings;
        let profile = match &settings {
            Some(s) => adjusted(profile, &s.adjust),
            None => profile,
        };
        let cached = Arc::clone(&all);
        let stored = view.clone();
        let taxonomy = Arc::clone(&self.taxonomy);
        let this = self.clone();
        let today = self.clock.now().date_naive();
        let fits = blocking(move || {
            let dishes = this.dishes_of(&all);
            let table = Table::of(
                &taxonomy,
                &profile,
                &[],
                &settings.unwrap_or_default(),
                today,
            );
            let planning = Planning {
                all: &all,
                diner: &table.diners[0],
            };
            fits(&planning, &dishes, &stored, settings.is_some(), bounds)
        })
        .await??;
        if bounds == Bounds::Searched {
            self.fits.put(key, &cached, &fits);
        }
        for (day, fit) in view.days.iter_mut().zip(fits) {
            day.fit = Some(fit);
        }
        Ok(view)
    }
}

/// What judging a user's plan reads: the catalogue and the user as the
/// planner sees them (targets adjusted, rules, preferences, the plan's
/// tolerances and portions).
struct Planning<'a> {
    all: &'a [Recipe],
    diner: &'a Diner,
}

/// Each day's fit of `view` to `profile`'s targets and to the limits
/// beyond them.
/// Whether a fit reports the bounds of its day (what any plan could
/// reach), each a search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Bounds {
    /// Searched for each day that misses.
    Searched,
    /// Left out.
    Left,
}

fn fits(
    planning: &Planning<'_>,
    dishes: &Dishes,
    view: &PlanView,
    generated: bool,
    bounds: Bounds,
) -> Result<Vec<DayFitView>, PlanError> {
    let Planning { all, diner, .. } = *planning;
    let (tolerances, portions) = (diner.tolerances, diner.portions);
    let plan: Vec<Vec<MealRow>> = view
        .days
        .iter()
        .map(|d| {
            d.meals
                .iter()
                .map(|m| {
                    Ok((
                        m.meal.meal_type,
                        index_of(all, m.recipe.id)?,
                        m.meal.servings,
                        true,
                    ))
                })
                .collect()
        })
        .collect::<Result<_, PlanError>>()?;
    let plan_days = view.days.len().clamp(1, 7) as u8;
    let whole: Vec<WholeDay> = plan
        .iter()
        .map(|day| whole_day::check(all, dishes, &meals_of(day), &diner.limits))
        .collect();
    // A day past its fibre ceiling or sodium limit misses as a target
    // that far beyond its tolerance would: the two rank with the targets
    // (judged on the day as served, as the bounds judge it).
    let assessed: Vec<DayFit> = view
        .days
        .iter()
        .map(|day| {
            let totals: Nutrition = day
                .meals
                .iter()
                .map(|m| m.recipe.nutrition().served(m.meal.servings))
                .sum();
            let sodium: f64 = day
                .meals
                .iter()
                .map(|m| m.recipe.card.sodium * m.meal.servings)
                .sum();
            let excess = diner
                .limits
                .limits(totals.calories)
                .excess(totals.fiber, sodium);
            diner.assess(&totals).past_limits(excess)
        })
        .collect();
    // A one-meal plan's days are bound together by its weekly variety.
    let missed = bounds == Bounds::Searched && assessed.iter().any(|f| f.miss > 0.0);
    let week = one_meal_slot(view).filter(|_| missed).and_then(|slot| {
        let misses: Vec<f64> = assessed.iter().map(|f| f.miss).collect();
        let bound = WeekBound::one_meal(
            all,
            slot,
            &diner.rules,
            &diner.targets.get(),
            &tolerances,
            &diner.limits,
            &portions,
            plan_days,
        )?;
        Some((bound.distinct(), bound.per_day(&misses)?))
    });
    let mut by_pattern: HashMap<Vec<MealType>, Option<Bound>> = HashMap::new();
    let mut needed: HashMap<usize, Option<usize>> = HashMap::new();
    view.days
        .iter()
        .zip(assessed)
        .enumerate()
        .map(|(d, (day, fit))| {
            let slots: Vec<MealType> = day.meals.iter().map(|m| m.meal.meal_type).collect();
            let searched = bounds == Bounds::Searched;
            let (best_one_day, best_here) = if searched && fit.miss > 0.0 && !slots.is_empty() {
                let bound = |exclude: &[Vec<usize>]| diner.best_miss(all, &slots, exclude);
                let best = *by_pattern
                    .entry(slots.clone())
                    .or_insert_with(|| bound(&[]));
                let meals = planner::day_meals(&plan, d);
                let bans = planner::day_bans(all, &diner.rules, &meals, plan_days);
                (best, bound(&bans))
            } else {
                (None, None)
            };
            let ranked = week
                .as_ref()
                .filter(|_| best_one_day.is_some())
                .map(|(distinct, days)| (*distinct, days[d]));
            let best = ranked.map(|(_, r)| r.bound).or(best_one_day);
            let unreachable = best_one_day.is_some_and(|b| b.miss > 0.0);
            let meals_needed = if generated && unreachable {
                *needed.entry(slots.len()).or_insert_with(|| {
                    (slots.len() + 1..=6).find(|n| {
                        let more = MealsPerDay::parse(*n as i64)
                            .map(planner::meal_slots)
                            .unwrap_or_default();
                        diner
                            .best_miss(all, &more, &[])
                            .is_some_and(|b| b.miss <= 0.0)
                    })
                })
            } else {
                None
            };
            let week = ranked.map(|(distinct, r)| WeekPlace {
                rank: r.rank,
                distinct,
            });
            Ok(DayFitView {
                fit,
                tolerances,
                best,
                week,
                best_one_day,
                best_here,
                whole_day: whole[d].clone(),
                larger_portions: day.meals.iter().any(|m| {
                    is_main(m.meal.meal_type)
                        && m.meal.servings > portions.range(m.meal.meal_type).usual_max + 1e-9
                }),
                larger_for_pantry: day.notes.iter().any(|n| n == planner::PANTRY_PORTIONS_NOTE),
                generated,
                one_meal_for: (day.meals.len() == 1)
                    .then_some(diner.stage)
                    .filter(|s| *s != Stage::Adult),
                meals: day.meals.len(),
                meals_needed,
            })
        })
        .collect()
}

/// The one slot of every day of a one-meal plan; `None` for other plans
/// (and for a plan whose days differ, which no generated plan has).
fn one_meal_slot(view: &PlanView) -> Option<MealType> {
    let first = view.days.first()?.meals.first()?.meal.meal_type;
    view.days
        .iter()
        .all(|d| d.meals.len() == 1 && d.meals[0].meal.meal_type == first)
        .then_some(first)
}

/// (recipe index, servings) of a day's meal rows.
fn meals_of(rows: &[MealRow]) -> Vec<(usize, f64)> {
    rows.iter().map(|(_, r, s, _)| (*r, *s)).collect()
}
