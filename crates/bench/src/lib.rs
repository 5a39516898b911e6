//! The plan-generation benchmark behind `planner-bench`: plans 7 days for
//! many varied profiles with the planner and with a re-implementation of
//! the original greedy, calorie-only method, on the shipped catalogue and
//! on a generated one, and measures how well each meets the targets, the
//! portions, meal sizes and variety of the plans, how far the days that
//! miss are from the best any plan could do (the bound), and how fast it
//! is. The quality figures do not depend on timing, so a test holds them.

use std::sync::OnceLock;
use std::time::Instant;

use chrono::NaiveDate;
use mealplan_catalogue::IngredientTable;
use mealplan_domain::intakes::{ADEQUATE_SHARE, ReferenceIntakes};
use mealplan_domain::kitchen::Kitchen;
use mealplan_domain::planner::whole_day::{self, Dishes, LimitRule, Minor};
use mealplan_domain::planner::{
    self, Bound, Diner, MealRow, PlanRequest, PlannedDay, PlannedMeal, PlanningError, Portions,
    Rng, Tolerances, USUAL_MAX_SERVINGS, WeekBound,
};
use mealplan_domain::{
    ActivityLevel, Allergen, BirthDate, Body, BodyType, DietType, Gender, Goal, HardRules, Height,
    MealType, MealsPerDay, Micronutrients, NonNegative, Nutrition, Recipe, RecipeIngredient,
    Targets, Taxonomy, Weight, targets,
};

mod catalogues;
mod cooking;
mod crowding;
mod groups;
mod households;
mod profiles;
mod reach;
mod report;
mod score;

pub use catalogues::{generated_catalogue, kitchen, shipped};
pub use cooking::{
    Cooking, LEAST_SESSIONS, Pantry, bought, cooking, pantry, pantry_why, random_pantry,
    table_cooking,
};
pub use crowding::{Crowding, SEEN_GRAMS};
pub use groups::{Group, groups};
pub use households::{Households, diner, households};
pub use profiles::{CUSTOM_RESTRICTIONS, Profile, arg, profiles, today};
pub use reach::{landing, reach};
pub use report::{Report, run};
pub use score::{Bounds, Score};

/// What profile `p` may not eat that `recipe` serves, judged against the
/// taxonomy by this bench's own reading of each restriction (not the
/// planner's filter, [`HardRules::allow`]): an allergen restriction
/// forbids every ingredient that contains or may contain its group; a
/// custom one the kinds it names; vegan every animal product, vegetarian
/// meat, fish, shellfish, gelatin and animal rennet. `None` when nothing.
pub fn breaks_taxonomy(recipe: &Recipe, p: &Profile) -> Option<String> {
    let taxonomy = Taxonomy::standard();
    let mut kinds: Vec<&str> = Vec::new();
    let mut groups: Vec<Allergen> = Vec::new();
    for r in &p.restrictions {
        match *r {
            "no mushrooms" => kinds.push("mushrooms"),
            "kiwi allergy" => kinds.push("kiwi"),
            "no pork" => kinds.push("pork"),
            "wheat allergy" => kinds.push("wheat"),
            "dairy free" => kinds.push("dairy"),
            "no chicken" => kinds.push("chicken"),
            "onion allergy" => kinds.push("onion"),
            "no rice" => kinds.push("rice"),
            name => groups.extend(
                Allergen::ALL
                    .iter()
                    .filter(|a| a.restriction_name() == name),
            ),
        }
    }
    match p.hard_diet() {
        2 => kinds.push("animal product"),
        1 => kinds.extend(["meat", "fish", "shellfish", "gelatin", "animal rennet"]),
        _ => {}
    }
    recipe.ingredients().iter().find_map(|i| {
        let kind = kinds.iter().find(|k| taxonomy.is_a(&i.name, k));
        let group = groups.iter().find(|g| {
            let listed = |l: Option<&[Allergen]>| l.is_some_and(|l| l.contains(g));
            listed(taxonomy.allergens_of(&i.name)) || listed(taxonomy.may_contain_of(&i.name))
        });
        match (kind, group) {
            (Some(k), _) => Some(format!("{} is {k}", i.name)),
            (None, Some(g)) => Some(format!("{} has {}", i.name, g.group_name())),
            (None, None) => None,
        }
    })
}

/// The plan request of profile `i`: a table of one.
pub fn request<'a>(recipes: &'a [Recipe], p: &Profile, i: usize, seed: u64) -> PlanRequest<'a> {
    PlanRequest::new(recipes, vec![diner(p, true)], 7)
        .expect("bench profiles make valid requests")
        .with_seed(seed.wrapping_add(i as u64))
        .with_kitchen(kitchen())
}

/// The plan of a one-person `request` ([`request`]), as that person's
/// days.
pub fn plan_alone(request: &PlanRequest<'_>) -> Result<Vec<PlannedDay>, PlanningError> {
    let week = planner::plan(request)?;
    Ok(week.iter().map(|d| d.of(0, request.person())).collect())
}

/// A one-person request ([`request`]) read as its person's: the
/// targets, slots, rules and limits of its one diner, and the bounds
/// of their days.
pub trait Alone {
    /// The one person.
    fn person(&self) -> &Diner;
    /// The recipes to choose from.
    fn catalogue(&self) -> &[Recipe];
    /// Days of the plan.
    fn plan_days(&self) -> u8;

    /// Their daily targets.
    fn targets(&self) -> &Targets<f64> {
        &self.person().targets
    }
    /// Their slots.
    fn slots(&self) -> &[MealType] {
        &self.person().slots
    }
    /// Their hard rules.
    fn rules(&self) -> &HardRules {
        &self.person().rules
    }
    /// Their tolerances.
    fn tolerances(&self) -> &Tolerances {
        &self.person().tolerances
    }
    /// Their day limits.
    fn limits(&self) -> &LimitRule {
        &self.person().limits
    }
    /// Their portion limits.
    fn portions(&self) -> &Portions {
        &self.person().portions
    }
    /// How close any day of theirs could come ([`Diner::best_miss`]).
    fn best_miss(&self) -> Option<Bound> {
        self.best_miss_excluding(&[])
    }
    /// [`best_miss`](Self::best_miss) with slot `k` taking none of
    /// `exclude[k]`.
    fn best_miss_excluding(&self, exclude: &[Vec<usize>]) -> Option<Bound> {
        self.person()
            .best_miss(self.catalogue(), self.slots(), exclude)
    }
    /// What a one-meal week of theirs can reach ([`Diner::week_bound`]).
    fn week_bound(&self) -> Option<WeekBound> {
        self.person().week_bound(self.catalogue(), self.plan_days())
    }
    /// A day's miss as the planner ranks it ([`Diner::day_miss`]).
    fn day_miss(&self, day: &PlannedDay) -> f64 {
        self.person().day_miss(self.catalogue(), day)
    }
}

impl Alone for PlanRequest<'_> {
    fn person(&self) -> &Diner {
        &self.diners()[0]
    }
    fn catalogue(&self) -> &[Recipe] {
        self.recipes()
    }
    fn plan_days(&self) -> u8 {
        self.days()
    }
}

/// Whether some day of `request`'s slots keeps each limit, the targets
/// aside ([`Minor::ALL`] order): every slot has a dish whose amount per kcal is within
/// the limit per kcal of the target (a day's amount per kcal is a
/// calorie-weighted mean of its meals'). An upper bound: no plan meets
/// the limit on more days than this allows.
pub fn limits_reachable(request: &PlanRequest<'_>, dishes: &Dishes) -> [bool; 4] {
    let kcal = request.targets().calories;
    let limits = request.limits().limits(kcal);
    let mut slots: Vec<MealType> = request.slots().to_vec();
    slots.sort_by_key(|m| m.id());
    slots.dedup();
    // Per slot, per limit: the least and most amount per kcal of its dishes.
    let ranges: Vec<[(f64, f64); 4]> = slots
        .iter()
        .map(|slot| {
            let mut range = [(f64::INFINITY, 0.0_f64); 4];
            for (i, r) in request.recipes().iter().enumerate() {
                let kcal = r.nutrition().calories;
                if kcal <= 0.0 || !r.serves(*slot) || !request.rules().allow(r) {
                    continue;
                }
                for (k, (least, most)) in range.iter_mut().enumerate() {
                    let d = dishes.minor(i)[k] / kcal;
                    *least = least.min(d);
                    *most = most.max(d);
                }
            }
            range
        })
        .collect();
    std::array::from_fn(|k| {
        let (lo, hi) = limits.bounds(Minor::ALL[k]);
        ranges.iter().all(|range| {
            let (least, most) = range[k];
            lo.is_none_or(|lo| most >= lo / kcal) && hi.is_none_or(|hi| least <= hi / kcal)
        })
    })
}

/// Whether `recipe` alone, at some allowed portion, meets the one-slot
/// day of `request`: a one-meal week needs five such recipes to be on
/// target every day.
pub fn alone_meets(request: &PlanRequest<'_>, recipe: &Recipe) -> bool {
    planner::best_miss(
        std::slice::from_ref(recipe),
        request.slots(),
        request.rules(),
        request.targets(),
        request.tolerances(),
        request.limits(),
        request.portions(),
        &[],
    )
    .is_some_and(|b| b.miss <= 0.0)
}

/// The shipped recipes whose ids lie in the range the command line
/// gives (`[FROM_ID [TO_ID]]`, every one by default): what the catalogue
/// examples list.
pub fn recipes_in_args_range() -> Vec<Recipe> {
    let args: Vec<i64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let from = args.first().copied().unwrap_or(0);
    let to = args.get(1).copied().unwrap_or(i64::MAX);
    mealplan_catalogue::load()
        .expect("the shipped catalogue loads")
        .into_iter()
        .filter(|r| (from..=to).contains(&r.recipe_id))
        .collect()
}

/// Each planned day's micronutrients, every meal at its portion.
pub fn day_micronutrients(request: &PlanRequest<'_>, days: &[PlannedDay]) -> Vec<Micronutrients> {
    days.iter()
        .map(|d| {
            d.meals
                .iter()
                .map(|m| recipe_of(request, m).card.micronutrients.scaled(m.servings))
                .sum()
        })
        .collect()
}

/// The recipe a planned meal names.
fn recipe_of<'a>(request: &PlanRequest<'a>, m: &PlannedMeal) -> &'a Recipe {
    request
        .recipe(m.recipe_id)
        .expect("a planned recipe is one of the request's")
}

/// The original's method: each slot gets the recipe of its meal type whose
/// calories are nearest to an equal share of the daily calories, one
/// serving, no recipe twice in a day. It is given the same hard-rule filter
/// so only the objective differs.
pub fn greedy(request: &PlanRequest<'_>) -> Vec<PlannedDay> {
    let share = request.targets().calories / request.slots().len() as f64;
    (1..=request.days())
        .map(|day_of_week| {
            let mut meals: Vec<PlannedMeal> = Vec::new();
            for (slot, meal) in request.slots().iter().enumerate() {
                let pick = request
                    .recipes()
                    .iter()
                    .filter(|r| {
                        r.serves(*meal)
                            && request.rules().allow(r)
                            && !meals.iter().any(|m| m.recipe_id == r.id)
                    })
                    .min_by(|a, b| {
                        (a.nutrition().calories - share)
                            .abs()
                            .total_cmp(&(b.nutrition().calories - share).abs())
                    });
                if let Some(r) = pick {
                    meals.push(PlannedMeal {
                        recipe_id: r.id,
                        meal_type: *meal,
                        schedule: slot as u8 + 1,
                        servings: 1.0,
                    });
                }
            }
            PlannedDay {
                day_of_week,
                totals: meals
                    .iter()
                    .map(|m| recipe_of(request, m).nutrition().served(1.0))
                    .sum(),
                meals,
                larger_portions: false,
            }
        })
        .collect()
}
