//! Plans, their meals, and finding a similar recipe.

use std::sync::Arc;

use mealplan_domain::kitchen::Kitchen;
use mealplan_domain::planner::whole_day::{self, Dishes, LimitRule, WholeDay};
use mealplan_domain::planner::{PlanningError, RequestError};
use mealplan_domain::{
    DayTargets, MealStatus, MealType, Nutrition, Recipe, Taxonomy, UserId, different_mains_first,
    similar_recipes,
};
use mealplan_ports::{
    Clock, MealDetail, NewDay, OwnedMeal, Person, PersonRepository, Plan, PlanRepository,
    PlanSettings, Portion, RecipeCatalog, StoreError,
};

use crate::recipes::find;

/// Why a plan operation failed.
#[derive(Debug, thiserror::Error)]
pub enum PlanError {
    /// The user has no active plan.
    #[error("active plan not found")]
    NoActivePlan,
    /// No such meal detail, or not the caller's.
    #[error("meal detail not found")]
    MealNotFound,
    /// No such recipe.
    #[error("recipe not found")]
    RecipeNotFound,
    /// No recipe fits as a replacement.
    #[error("no similar recipe found")]
    NoSimilarRecipe,
    /// A new plan names recipes that do not exist: (day index, meal index,
    /// id) of each, in request order.
    #[error("unknown recipe ids {0:?}")]
    UnknownRecipes(Vec<(usize, usize, i64)>),
    /// Generating needs a profile.
    #[error("profile not found")]
    NoProfile,
    /// The catalogue cannot fill the user's slots under their rules.
    #[error(transparent)]
    Infeasible(#[from] PlanningError),
    /// The planner refused the request (days outside 1-7, targets no day
    /// can aim at).
    #[error(transparent)]
    Request(#[from] RequestError),
    /// The active plan has no such day.
    #[error("daily menu not found")]
    DayNotFound,
    /// A recipe breaks a rule (restriction, vegan or vegetarian diet) of
    /// someone who eats the meal.
    #[error(transparent)]
    BreaksRules(#[from] Refusal),
    /// A meal shared at the household's table is changed only by its
    /// owner: a caller without a token may not.
    #[error("a household meal needs its owner's token")]
    NeedsToken,
    /// A leftover asked of a meal that is not after the meal it would be
    /// eaten from, or more than [`KEEPS_DAYS`](mealplan_domain::planner::KEEPS_DAYS)
    /// days after its cooking.
    #[error(
        "a leftover is eaten after its cooking, within {} days",
        mealplan_domain::planner::KEEPS_DAYS
    )]
    LeftoverOutOfReach,
    /// A plan search was refused: the account has one running, or the
    /// instance has no place free (see [`SearchLimits`]).
    #[error(transparent)]
    Busy(#[from] Busy),
    /// A swap of a meal that later meals eat from (their dish cooked
    /// there) did not say what becomes of them.
    #[error(transparent)]
    LeftoversUnanswered(#[from] Unanswered),
    /// Storage failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// One day of the plan summary.
#[derive(Debug, Clone, PartialEq)]
pub struct DaySummary {
    /// 1-7.
    pub day_of_week: u8,
    /// Totals of all the day's meals (portions applied).
    pub planned: Nutrition,
    /// Totals of the completed meals.
    pub completed: Nutrition,
    /// The planned day against the limits beyond the targets.
    pub whole_day: WholeDay,
}

/// The active plan against the profile's targets.
#[derive(Debug, Clone, PartialEq)]
pub struct PlanSummary {
    /// Plan id.
    pub plan_id: i64,
    /// The profile's targets, if the user has a profile.
    pub targets: Option<DayTargets>,
    /// Days by day of week.
    pub days: Vec<DaySummary>,
    /// A household's plan only: each person's days against their own
    /// targets (the holder first).
    pub people: Vec<PersonSummary>,
    /// Every person who eats from the plan (the holder first, members
    /// too): a day's average of micronutrients against their references.
    pub intakes: Vec<PersonIntake>,
}

/// One person's days of a household's plan.
#[derive(Debug, Clone, PartialEq)]
pub struct PersonSummary {
    /// The household member, `None` for the holder.
    pub member_id: Option<i64>,
    /// Their name as the plan has it.
    pub name: String,
    /// Their targets now (the plan's changes applied for the holder);
    /// `None` for a member since removed.
    pub targets: Option<DayTargets>,
    /// (day of week, their planned totals, whether within the plan's
    /// tolerances of their targets), by day.
    pub days: Vec<(u8, Nutrition, bool)>,
    /// Their own day limits (sodium by age, fibre by diet and body) and
    /// repeats, their portions applied, by day as `days`.
    pub whole_days: Vec<WholeDay>,
}

/// A meal with its recipe.
#[derive(Debug, Clone, PartialEq)]
pub struct MealView {
    /// The stored meal.
    pub meal: MealDetail,
    /// Its recipe.
    pub recipe: Recipe,
    /// In a plan's answer: the meal detail it is eaten from (a leftover;
    /// nothing to cook or buy for it).
    pub leftover_of: Option<i64>,
    /// For a meal that later meals eat from (in a plan's answer, or the
    /// meal read or swapped alone): the servings to cook in all, theirs
    /// included.
    pub cook_servings: Option<f64>,
    /// With `cook_servings`: what to keep for each later meal, by day
    /// (see [`keep_note`]); empty for any other meal.
    pub keep: Vec<Kept>,
}

/// A day with its meals.
#[derive(Debug, Clone, PartialEq)]
pub struct DayView {
    /// Daily menu id.
    pub id: i64,
    /// 1-7.
    pub day_of_week: u8,
    /// Meals by schedule.
    pub meals: Vec<MealView>,
    /// How the day meets the owner's targets, when asked for
    /// ([`Plans::with_fit`]).
    pub fit: Option<DayFitView>,
    /// What the planner could not do as asked on the day when it made the
    /// plan, then what the last re-balance of the day could not do
    /// ([`DailyMenu::notes`](mealplan_ports::DailyMenu::notes) and
    /// [`rebalance_notes`](mealplan_ports::DailyMenu::rebalance_notes));
    /// empty for most days.
    pub notes: Vec<String>,
}

/// A plan with every recipe resolved: the stored [`Plan`] with its days
/// as [`DayView`]s (its fields read through, as `view.days`), and what
/// the search that just made it says.
#[derive(Debug, Clone, PartialEq)]
pub struct PlanView {
    /// The plan.
    pub plan: Plan<DayView>,
    /// The search that just made or re-balanced it stopped at its time
    /// budget: these are the best days it had found by then (another try
    /// may land closer). Never set on a plan read back.
    pub cut_short: bool,
    /// What the re-balance that just changed it did to each day's limits
    /// (only the limits whose amount changed, on the days it changed).
    /// Never set on a plan read back.
    pub limit_changes: Vec<LimitChange>,
    /// The slots one's own recipes could not fill, when a plan was just
    /// made from them (`my_recipes`: `only` or `prefer`), and why.
    pub unfilled: Vec<Unfilled>,
}

/// What a re-balance did to one limit of one day.
#[derive(Debug, Clone, PartialEq)]
pub struct LimitChange {
    /// 1-7.
    pub day_of_week: u8,
    /// Which limit.
    pub minor: whole_day::Minor,
    /// The day's amount before (g, or mg of sodium).
    pub before: f64,
    /// And after.
    pub after: f64,
    /// Its least, where it has one (after).
    pub min: Option<f64>,
    /// Its most (after).
    pub max: Option<f64>,
    /// Whether the day kept it before.
    pub met_before: bool,
    /// And after.
    pub met_after: bool,
}

/// The limits whose amount changed between the fits of `before` and
/// `after`, day by day (days without a fit on either side are skipped).
pub fn limit_changes(before: &PlanView, after: &PlanView) -> Vec<LimitChange> {
    let mut out = Vec::new();
    for day in &after.days {
        let Some(old) = before
            .days
            .iter()
            .find(|d| d.day_of_week == day.day_of_week)
            .and_then(|d| d.fit.as_ref())
        else {
            continue;
        };
        let Some(new) = day.fit.as_ref() else {
            continue;
        };
        for (was, now) in old.whole_day.levels.iter().zip(&new.whole_day.levels) {
            if (was.amount - now.amount).abs() >= 0.05 {
                out.push(LimitChange {
                    day_of_week: day.day_of_week,
                    minor: now.minor,
                    before: was.amount,
                    after: now.amount,
                    min: now.min,
                    max: now.max,
                    met_before: was.met,
                    met_after: now.met,
                });
            }
        }
    }
    out
}

impl std::ops::Deref for PlanView {
    type Target = Plan<DayView>;

    fn deref(&self) -> &Plan<DayView> {
        &self.plan
    }
}

impl std::ops::DerefMut for PlanView {
    fn deref_mut(&mut self) -> &mut Plan<DayView> {
        &mut self.plan
    }
}

/// What a summary judges each person's day by: the catalogue, its day
/// rule facts and the holder's limits.
struct Judged<'a> {
    all: &'a [Recipe],
    dishes: &'a Dishes,
    holder: LimitRule,
}

/// A replacement candidate for a meal and what it does to the day.
#[derive(Debug, Clone, PartialEq)]
pub struct Alternative {
    /// The candidate.
    pub recipe: Recipe,
    /// The portion it would be served at: the meal's.
    pub servings: f64,
    /// The day's planned totals if it replaced the meal (at the meal's
    /// portion).
    pub day_totals: Nutrition,
    /// Candidate minus current meal, at the meal's portion.
    pub change: Nutrition,
    /// The day's fibre, sodium, saturated fat and sugars against the
    /// holder's limits (and its repeats) if it replaced the meal: what
    /// the swap does to each limit.
    pub day_limits: WholeDay,
}

/// How often a plan creation that lost a race is retried.
const CREATE_ATTEMPTS: usize = 3;

/// What every plan service shares: the ports, the taxonomy and kitchen
/// restrictions and amounts are read with, and the day-rule facts of the
/// catalogue last read. Each service derefs to it.
#[derive(Clone)]
pub struct PlanContext {
    plans: Arc<dyn PlanRepository>,
    catalog: Arc<dyn RecipeCatalog>,
    profiles: Arc<dyn PersonRepository>,
    clock: Arc<dyn Clock>,
    taxonomy: Arc<Taxonomy>,
    kitchen: Arc<Kitchen>,
    /// Accounts' recipe sets and each set's day-rule facts.
    pools: Arc<pools::Pools>,
    /// Each day's fit of plans read lately.
    fits: Arc<session::FitCache>,
    /// Whether plans for the whole table are made (the members are read
    /// from `profiles`, the one repository of people).
    household: bool,
    /// The bound on plan searches: places, accounts, time budget.
    searches: Arc<Searches>,
    /// People's own recipes, which their plans may name.
    own: Option<Arc<dyn mealplan_ports::OwnRecipeStore>>,
    /// What people have at home: the shopping list subtracts it, and a
    /// plan may be made to use it up.
    pantry: Option<Arc<dyn mealplan_ports::PantryStore>>,
}

/// Declares a plan service: a [`PlanContext`] under a name that says what
/// it does.
macro_rules! plan_service {
    ($(#[doc = $doc:literal])+ $name:ident) => {
        $(#[doc = $doc])+
        #[derive(Clone)]
        pub struct $name(PlanContext);

        impl std::ops::Deref for $name {
            type Target = PlanContext;

            fn deref(&self) -> &PlanContext {
                &self.0
            }
        }
    };
}

plan_service!(
    /// Plans as stored: create one by hand, read the active one and the
    /// history, the summary and how each day fits its targets. The other
    /// plan services are made from it ([`Plans::meals`], …).
    Plans
);
plan_service!(
    /// One meal of a plan: read it, swap its recipe, tick it off, its
    /// alternatives and a similar recipe.
    Meals
);
plan_service!(
    /// Making plans: generate one from the profile, re-balance its days.
    Planner
);
plan_service!(
    /// The shopping list of the active plan.
    Shopping
);
plan_service!(
    /// The original API's daily-menu routes: read a day, add a day or a
    /// meal.
    Menus
);

impl Plans {
    /// Wires the service to its ports and the ingredient taxonomy that
    /// restrictions are read against.
    pub fn new(
        plans: Arc<dyn PlanRepository>,
        catalog: Arc<dyn RecipeCatalog>,
        profiles: Arc<dyn PersonRepository>,
        clock: Arc<dyn Clock>,
        taxonomy: Arc<Taxonomy>,
    ) -> Self {
        Self(PlanContext {
            plans,
            catalog,
            profiles,
            clock,
            taxonomy,
            kitchen: Arc::default(),
            pools: Arc::default(),
            fits: Arc::default(),
            household: false,
            searches: Arc::new(Searches::new(SearchLimits::default(), None)),
            own: None,
            pantry: None,
        })
    }

    /// Lets plans name their owner's own recipes, and the planner use the
    /// ready ones.
    pub fn with_own_recipes(mut self, store: Arc<dyn mealplan_ports::OwnRecipeStore>) -> Self {
        self.0.own = Some(store);
        self
    }

    /// Bounds plan searches (generation, re-balancing) by `limits`
    /// instead of one per core with the default wait and budget.
    pub fn with_search_limits(mut self, limits: SearchLimits) -> Self {
        let start = self.0.searches.thread_start();
        self.0.searches = Arc::new(Searches::new(limits, start));
        self
    }

    /// Runs `start` first on each thread plan searches run on (the binary
    /// lowers their scheduling priority there, so that requests are
    /// served before searches).
    pub fn with_search_thread_start(mut self, start: fn()) -> Self {
        let limits = self.0.searches.limits();
        self.0.searches = Arc::new(Searches::new(limits, Some(start)));
        self
    }

    /// Converts shopping amounts with `kitchen` (without one, the list is
    /// in grams).
    pub fn with_kitchen(mut self, kitchen: Arc<Kitchen>) -> Self {
        self.0.kitchen = kitchen;
        self.0.pools = Arc::default();
        self
    }

    /// Plans for the whole table: the household's members sit at it.
    pub fn with_household(mut self) -> Self {
        self.0.household = true;
        self
    }

    /// The meal service over the same ports.
    pub fn meals(&self) -> Meals {
        Meals(self.0.clone())
    }

    /// The plan-making service over the same ports.
    pub fn planner(&self) -> Planner {
        Planner(self.0.clone())
    }

    /// The shopping-list service over the same ports.
    pub fn shopping(&self) -> Shopping {
        Shopping(self.0.clone())
    }

    /// The daily-menu service over the same ports.
    pub fn menus(&self) -> Menus {
        Menus(self.0.clone())
    }

    /// Stores `days` as `user`'s active plan (the previous one is kept,
    /// inactive): a one-person plan, each meal the holder's portion at its
    /// servings. Every recipe must exist.
    pub async fn create(&self, user: UserId, mut days: Vec<NewDay>) -> Result<PlanView, PlanError> {
        for meal in days.iter_mut().flat_map(|d| &mut d.meals) {
            meal.portions = table::alone(meal.servings);
        }
        let all = self.recipes_of(user).await?;
        let sent: Vec<(usize, usize, i64)> = days
            .iter()
            .enumerate()
            .flat_map(|(d, day)| {
                day.meals
                    .iter()
                    .enumerate()
                    .map(move |(m, meal)| (d, m, meal.recipe_id))
            })
            .collect();
        let mut unknown = unknown_recipes(&all, &sent);
        let hidden = self.hidden_of(user).await?;
        unknown.extend(
            sent.iter()
                .filter(|(_, _, id)| hidden.contains(id))
                .copied(),
        );
        if !unknown.is_empty() {
            return Err(PlanError::UnknownRecipes(unknown));
        }
        let picked = picked(&all, &days);
        self.keep_rules::<PlanError>(user, false, &picked, true)
            .await?;
        let mut attempt = 1;
        let plan = loop {
            match self
                .plans
                .create(user, days.clone(), self.clock.now())
                .await
            {
                Err(StoreError::Conflict(_)) if attempt < CREATE_ATTEMPTS => attempt += 1,
                other => break other?,
            }
        };
        self.view(plan, &all)
    }

    /// Which of the (day, meal, recipe id) references name no recipe.
    pub async fn unknown_recipes(
        &self,
        user: UserId,
        sent: &[(usize, usize, i64)],
    ) -> Result<Vec<(usize, usize, i64)>, StoreError> {
        let hidden = self.hidden_of(user).await?;
        let mut unknown = unknown_recipes(&self.recipes_of(user).await?, sent);
        unknown.extend(
            sent.iter()
                .filter(|(_, _, id)| hidden.contains(id))
                .copied(),
        );
        Ok(unknown)
    }

    /// Every plan of `user`, newest first.
    pub async fn history(&self, user: UserId) -> Result<Vec<PlanView>, PlanError> {
        let plans = self.plans.history(user).await?;
        let all = self.recipes_of(user).await?;
        plans.into_iter().map(|p| self.view(p, &all)).collect()
    }

    /// Planned and completed totals per day of the active plan, with the
    /// profile's targets.
    pub async fn summary(&self, user: UserId) -> Result<PlanSummary, PlanError> {
        let stored = self
            .plans
            .active(user)
            .await?
            .ok_or(PlanError::NoActivePlan)?;
        let profile = self.profiles.find(user).await?;
        self.summary_of(user, profile, stored).await
    }

    /// [`Self::summary`] of plan `stored`, with `user`'s profile already
    /// read.
    pub(crate) async fn summary_of(
        &self,
        user: UserId,
        profile: Option<Person>,
        stored: Plan,
    ) -> Result<PlanSummary, PlanError> {
        let all = self.recipes_of(user).await?;
        let plan = self.view(stored, &all)?;
        let dishes = self.dishes_of(&all);
        // A plan made with changes ("more protein") is judged by them.
        let settings = plan.settings.unwrap_or_default();
        let adjust = settings.adjust;
        let limits = LimitRule::of(profile.as_ref(), self.clock.now().date_naive());
        let intakes = self.intakes(user, profile.as_ref(), &plan).await?;
        let targets = profile.map(|p| adjust.day_targets(p.targets));
        let days = plan
            .days
            .iter()
            .map(|day| {
                let portion = |m: &&MealView| m.recipe.nutrition().served(m.meal.servings);
                let meals: Vec<(usize, f64)> = day
                    .meals
                    .iter()
                    .map(|m| Ok((basics::index_of(&all, m.recipe.id)?, m.meal.servings)))
                    .collect::<Result<_, PlanError>>()?;
                Ok(DaySummary {
                    whole_day: whole_day::check(&all, &dishes, &meals, &limits),
                    day_of_week: day.day_of_week,
                    planned: day.meals.iter().map(|m| portion(&m)).sum(),
                    completed: day
                        .meals
                        .iter()
                        .filter(|m| m.meal.status == MealStatus::Completed)
                        .map(|m| portion(&m))
                        .sum(),
                })
            })
            .collect::<Result<_, PlanError>>()?;
        let judged = Judged {
            all: &all,
            dishes: &dishes,
            holder: limits,
        };
        let people = self
            .people(user, &plan, targets, &settings, &judged)
            .await?;
        Ok(PlanSummary {
            plan_id: plan.id,
            targets,
            days,
            people,
            intakes,
        })
    }

    /// Each eater of a plan made for the household's table (none for a
    /// one-person plan), with their days against their own targets.
    async fn people(
        &self,
        user: UserId,
        plan: &PlanView,
        holder: Option<DayTargets>,
        settings: &PlanSettings,
        judged: &Judged<'_>,
    ) -> Result<Vec<PersonSummary>, PlanError> {
        let today = self.clock.now().date_naive();
        let mut people: Vec<PersonSummary> = Vec::new();
        if !plan.household {
            return Ok(people);
        }
        for meal in plan.days.iter().flat_map(|d| &d.meals) {
            for p in &meal.meal.portions {
                if !people.iter().any(|x| x.member_id == p.member_id) {
                    people.push(PersonSummary {
                        member_id: p.member_id,
                        name: p.name.clone(),
                        targets: None,
                        days: Vec::new(),
                        whole_days: Vec::new(),
                    });
                }
            }
        }
        people.sort_by_key(|p| p.member_id.is_some());
        for person in &mut people {
            let member = match person.member_id {
                Some(id) if self.household => self.profiles.member(user, id).await?,
                _ => None,
            };
            person.targets = match person.member_id {
                None => holder,
                Some(_) => member.as_ref().map(|m| m.targets),
            };
            let limits = match person.member_id {
                None => judged.holder,
                Some(_) => LimitRule::of(member.as_ref(), today),
            };
            for day in &plan.days {
                let planned: Nutrition = day
                    .meals
                    .iter()
                    .flat_map(|m| {
                        m.meal
                            .portions
                            .iter()
                            .filter(|p| p.member_id == person.member_id)
                            .map(|p| m.recipe.nutrition().served(p.servings))
                    })
                    .sum();
                let within = person
                    .targets
                    .is_some_and(|t| settings.tolerances.admits(&planned, &t.get()));
                person.days.push((day.day_of_week, planned, within));
                let meals: Vec<(usize, f64)> = day
                    .meals
                    .iter()
                    .flat_map(|m| {
                        let at = judged.all.iter().position(|r| r.id == m.recipe.id);
                        m.meal
                            .portions
                            .iter()
                            .filter(|p| p.member_id == person.member_id)
                            .filter_map(move |p| at.map(|at| (at, p.servings)))
                    })
                    .collect();
                person.whole_days.push(whole_day::check(
                    judged.all,
                    judged.dishes,
                    &meals,
                    &limits,
                ));
            }
        }
        Ok(people)
    }
}

impl PlanContext {
    /// `user`'s active plan.
    pub async fn current(&self, user: UserId) -> Result<PlanView, PlanError> {
        let plan = self
            .plans
            .active(user)
            .await?
            .ok_or(PlanError::NoActivePlan)?;
        let all = self.recipes_of(user).await?;
        self.view(plan, &all)
    }

    /// What the day rules know of `all` (protein foods, families, limit
    /// nutrients), computed once per catalogue snapshot.
    fn dishes_of(&self, all: &Arc<[Recipe]>) -> Arc<Dishes> {
        self.pools.dishes_of(all, &self.kitchen)
    }

    fn view(&self, plan: Plan, all: &[Recipe]) -> Result<PlanView, PlanError> {
        let cooking = leftovers::Cooking::of(&plan.days);
        let mut kept = kept::kept_in(&plan.days, &cooking);
        let plan = plan.try_map_days(|day| {
            let meals = day
                .meals
                .into_iter()
                .map(|meal| {
                    let id = meal.id;
                    let mut view = meal_view(meal, all)?;
                    view.leftover_of = cooking.eaten_from.get(&id).copied();
                    view.cook_servings = cooking.cooks.get(&id).copied();
                    view.keep = kept.remove(&id).unwrap_or_default();
                    Ok::<_, PlanError>(view)
                })
                .collect::<Result<_, _>>()?;
            Ok::<_, PlanError>(DayView {
                id: day.id,
                day_of_week: day.day_of_week,
                meals,
                fit: None,
                notes: day.notes.into_iter().chain(day.rebalance_notes).collect(),
            })
        })?;
        Ok(PlanView {
            plan,
            cut_short: false,
            limit_changes: Vec::new(),
            unfilled: Vec::new(),
        })
    }

    /// A meal detail the caller may see: anyone's when `caller` is `None`
    /// (the open policy of a swap and a status change), else only the
    /// caller's own.
    async fn owned_meal(&self, caller: Option<UserId>, id: i64) -> Result<OwnedMeal, PlanError> {
        self.plans
            .meal(id)
            .await?
            .filter(|owned| visible_to(caller, owned.owner))
            .ok_or(PlanError::MealNotFound)
    }
}

impl Planner {
    /// Builds, stores and activates a plan of `days` days (1-7) from
    /// `user`'s profile with the default tolerances and portion limits
    /// (see [`generate_with`](Self::generate_with)). Same seed, same plan.
    pub async fn generate(
        &self,
        user: UserId,
        days: u8,
        seed: Option<u64>,
    ) -> Result<PlanView, PlanError> {
        self.generate_with(
            user,
            GenerateOptions {
                leftovers: None,
                days,
                seed,
                settings: PlanSettings::default(),
                household: false,
                my_recipes: MyRecipes::Include,
                use_pantry: false,
            },
        )
        .await
    }
}

/// Whether `caller` may touch something of `owner`'s: anyone under the
/// open policy (`None`), else only the owner (others see "not found").
fn visible_to(caller: Option<UserId>, owner: UserId) -> bool {
    caller.is_none_or(|user| user == owner)
}

fn unknown_recipes(all: &[Recipe], sent: &[(usize, usize, i64)]) -> Vec<(usize, usize, i64)> {
    sent.iter()
        .copied()
        .filter(|(_, _, id)| find(all, *id).is_none())
        .collect()
}

/// Each meal of `days` as (its recipe, its portions), for
/// [`PlanContext::keep_rules`]; a recipe `all` lacks is left out (the
/// callers refuse those first).
fn picked<'a>(all: &'a [Recipe], days: &'a [NewDay]) -> Vec<(&'a Recipe, &'a [Portion])> {
    days.iter()
        .flat_map(|d| &d.meals)
        .filter_map(|m| Some((find(all, m.recipe_id)?, m.portions.as_slice())))
        .collect()
}

fn meal_view(meal: MealDetail, all: &[Recipe]) -> Result<MealView, PlanError> {
    let recipe = find(all, meal.recipe_id)
        .cloned()
        .ok_or_else(|| StoreError::Failure(format!("meal {} names a missing recipe", meal.id)))?;
    Ok(MealView {
        meal,
        recipe,
        leftover_of: None,
        cook_servings: None,
        keep: Vec::new(),
    })
}

mod basics;
mod eaters;
mod intakes;
mod kept;
#[cfg(test)]
mod leftover_cases;
mod leftovers;
mod meals;
mod menus;
mod own;
mod planning;
mod pools;
mod searches;
mod session;
mod shopping;
mod stock;
mod swap;
mod table;
#[cfg(test)]
mod use_cases;

pub use eaters::{Eater, Refusal};
pub use intakes::PersonIntake;
pub use kept::{Kept, keep_note};
pub use menus::MenuError;
pub use own::{MyRecipes, Unfilled};
pub use planning::{DayFitView, GenerateOptions, WeekPlace};
use searches::Searches;
pub use searches::{Busy, SearchLimits};
pub use session::Renditions;
pub use shopping::{ShoppingItem, ShoppingList};
pub use swap::Unanswered;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures;
    use chrono::{TimeZone, Utc};
    use mealplan_domain::DietType;
    use mealplan_ports::{MockClock, MockPersonRepository, MockPlanRepository, MockRecipeCatalog};

    /// A dinner of `calories`: vegan (lentils) or not (chicken).
    fn recipe(id: i64, meal: MealType, calories: f64, diets: &[DietType]) -> Recipe {
        let ingredient = if diets.contains(&DietType::Vegan) {
            "lentils"
        } else {
            "chicken breast"
        };
        let mut r = fixtures::recipe(id, &[(ingredient, 150.0)], meal, calories);
        r.recipe_id = 1000 + id;
        r
    }

    fn catalog() -> MockRecipeCatalog {
        let mut c = MockRecipeCatalog::new();
        c.expect_all().returning(|| {
            Ok(Arc::from(vec![
                recipe(1, MealType::Dinner, 500.0, &[]),
                recipe(2, MealType::Dinner, 520.0, &[DietType::Vegan]),
                recipe(3, MealType::Dinner, 700.0, &[DietType::Vegan]),
            ]))
        });
        c
    }

    fn clock() -> MockClock {
        let mut c = MockClock::new();
        c.expect_now()
            .returning(|| Utc.with_ymd_and_hms(2026, 1, 1, 0, 0, 0).unwrap());
        c
    }

    fn owned(status: MealStatus) -> OwnedMeal {
        OwnedMeal {
            meal: MealDetail {
                leftover_of: None,
                id: 9,
                recipe_id: 1,
                schedule: 1,
                status,
                meal_type: MealType::Dinner,
                servings: 1.0,
                portions: Vec::new(),
                note: None,
                shared: false,
            },
            owner: UserId(1),
            plan_id: 4,
            day_of_week: 1,
            household: false,
            later: Vec::new(),
        }
    }

    fn service(plans: MockPlanRepository) -> Plans {
        let mut profiles = MockPersonRepository::new();
        profiles.expect_find().returning(|_| Ok(None));
        Plans::new(
            Arc::new(plans),
            Arc::new(catalog()),
            Arc::new(profiles),
            Arc::new(clock()),
            Arc::new(Taxonomy::default()),
        )
    }

    #[tokio::test]
    async fn another_users_token_sees_not_found_and_changes_nothing() {
        let mut plans = MockPlanRepository::new();
        plans
            .expect_meal()
            .returning(|_| Ok(Some(owned(MealStatus::Pending))));
        // The status change asks storage for the caller's own meal only:
        // another user's is no meal of theirs (nothing changes there).
        plans
            .expect_set_status_of()
            .withf(|id, owner, _, _| *id == 9 && *owner == Some(UserId(2)))
            .times(1)
            .returning(|_, _, _, _| Ok(None));
        // set_recipe must not be called.
        let s = service(plans);
        assert!(matches!(
            s.meals().swap(Some(UserId(2)), 9, 2).await,
            Err(PlanError::MealNotFound)
        ));
        assert!(matches!(
            s.meals()
                .set_status(Some(UserId(2)), 9, MealStatus::Completed)
                .await,
            Err(PlanError::MealNotFound)
        ));
        assert!(matches!(
            s.meals().meal(UserId(2), 9).await,
            Err(PlanError::MealNotFound)
        ));
        assert!(s.meals().meal(UserId(1), 9).await.is_ok());
    }

    #[tokio::test]
    async fn a_swap_keeps_the_status() {
        let mut plans = MockPlanRepository::new();
        plans
            .expect_meal()
            .returning(|_| Ok(Some(owned(MealStatus::Completed))));
        plans
            .expect_set_recipe()
            .withf(|id, recipe, _| *id == 9 && *recipe == 3)
            .times(1)
            .returning(|_, _, _| Ok(()));
        let view = service(plans).meals().swap(None, 9, 3).await.unwrap();
        assert_eq!(view.meal.status, MealStatus::Completed);
        assert_eq!(view.recipe.id, 3);
    }

    #[tokio::test]
    async fn swapping_to_an_unknown_recipe_is_recipe_not_found() {
        let mut plans = MockPlanRepository::new();
        plans
            .expect_meal()
            .returning(|_| Ok(Some(owned(MealStatus::Pending))));
        assert!(matches!(
            service(plans).meals().swap(None, 9, 77).await,
            Err(PlanError::RecipeNotFound)
        ));
    }

    #[tokio::test]
    async fn creating_with_an_unknown_recipe_names_its_place() {
        let plans = MockPlanRepository::new();
        let day = |recipe_id| NewDay {
            day_of_week: 1,
            meals: vec![mealplan_ports::NewMeal {
                leftover_of: None,
                recipe_id,
                schedule: 1,
                status: MealStatus::Pending,
                meal_type: MealType::Dinner,
                servings: 1.0,
                portions: Vec::new(),
            }],
            notes: Vec::new(),
        };
        let result = service(plans)
            .create(UserId(1), vec![day(1), day(42)])
            .await;
        assert!(matches!(result, Err(PlanError::UnknownRecipes(u)) if u == [(1, 0, 42)]));
    }

    #[tokio::test]
    async fn similar_skips_the_plan_and_the_original() {
        let mut plans = MockPlanRepository::new();
        plans.expect_active().returning(|_| {
            Ok(Some(Plan {
                id: 4,
                user_id: UserId(1),
                created_at: Utc.with_ymd_and_hms(2026, 1, 1, 0, 0, 0).unwrap(),
                updated_at: Utc.with_ymd_and_hms(2026, 1, 1, 0, 0, 0).unwrap(),
                active: true,
                household: false,
                settings: None,
                days: vec![mealplan_ports::DailyMenu {
                    id: 1,
                    day_of_week: 1,
                    meals: vec![MealDetail {
                        leftover_of: None,
                        id: 9,
                        recipe_id: 2,
                        schedule: 1,
                        status: MealStatus::Pending,
                        meal_type: MealType::Dinner,
                        servings: 1.0,
                        portions: Vec::new(),
                        note: None,
                        shared: false,
                    }],
                    notes: Vec::new(),
                    rebalance_notes: Vec::new(),
                }],
            }))
        });
        let (found, servings) = service(plans)
            .meals()
            .similar(UserId(1), 1, MealType::Dinner)
            .await
            .unwrap();
        assert_eq!(found.id, 3);
        assert_eq!(servings, 1.0);
    }
}
