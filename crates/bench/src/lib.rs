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
use mealplan_domain::kitchen::Kitchen;
use mealplan_domain::planner::whole_day::{self, Dishes, Limits, Minor};
use mealplan_domain::planner::{
    self, Bound, MealRow, PlanRequest, PlannedDay, PlannedMeal, Rng, USUAL_MAX_SERVINGS, WeekBound,
};
use mealplan_domain::{
    ActivityLevel, Allergen, BirthDate, Body, BodyType, DietType, Gender, Goal, HardRules, Height,
    MealType, MealsPerDay, NonNegative, Nutrition, Recipe, RecipeIngredient, Targets, Taxonomy,
    Weight, targets,
};

/// Ranges on top of the planner's generator.
trait Range {
    fn range(&mut self, lo: f64, hi: f64) -> f64;
}

impl Range for Rng {
    fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }
}

/// Custom restrictions some profiles carry, as users type them.
pub const CUSTOM_RESTRICTIONS: [&str; 8] = [
    "no mushrooms",
    "kiwi allergy",
    "no pork",
    "wheat allergy",
    "dairy free",
    "no chicken",
    "onion allergy",
    "no rice",
];

/// A benchmark profile: what a plan request needs.
#[derive(Debug, Clone)]
pub struct Profile {
    /// Daily targets, from the service's own calculator.
    pub targets: Targets<f64>,
    /// Meals a day.
    pub meals: MealsPerDay,
    /// Restriction names (predefined and custom).
    pub restrictions: Vec<&'static str>,
    /// Diet types (vegan/vegetarian are hard rules).
    pub diets: Vec<DietType>,
    /// Body weight, kg.
    pub weight: f64,
}

impl Profile {
    /// A profile of `body` on [`today`], its targets from the service's
    /// own calculator.
    pub fn new(
        body: &Body,
        meals: MealsPerDay,
        restrictions: Vec<&'static str>,
        diets: Vec<DietType>,
    ) -> Self {
        let resolved = targets::resolve(
            body,
            body.birth_date.age_on(today()),
            NonNegative::default(),
            Targets::default(),
            &diets,
        );
        Self {
            targets: resolved.targets,
            meals,
            restrictions,
            diets,
            weight: body.weight.kg(),
        }
    }

    /// 0 omnivore, 1 vegetarian, 2 vegan.
    pub fn hard_diet(&self) -> usize {
        if self.diets.contains(&DietType::Vegan) {
            2
        } else if self.diets.contains(&DietType::Vegetarian) {
            1
        } else {
            0
        }
    }
}

/// The day the bench's profiles are drawn on (ages and birth dates), fixed
/// so that their targets never change.
pub fn today() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 11, 21).expect("valid date")
}

/// The number after the command-line flag `name` (`--seed 7`), else
/// `default`: the bench and its examples take a few numeric options only.
pub fn arg(name: &str, default: u64) -> u64 {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// `n` profiles: every goal × gender × activity level, `meals_per_day`
/// 1-6 in turn, random height, weight (45-180 kg), age and body type; 20%
/// vegan, 20% vegetarian, other diet types, 0-2 predefined restrictions
/// and, one time in four, a custom one, at random.
pub fn profiles(n: usize, seed: u64) -> Vec<Profile> {
    let mut rng = Rng(seed);
    let today = today();
    (0..n)
        .map(|i| {
            // Cycle the categorical fields so every combination appears.
            let goal = Goal::ALL[i % 3];
            let gender = Gender::ALL[(i / 3) % 2];
            let activity = ActivityLevel::ALL[(i / 6) % 3];
            let meals = MealsPerDay::parse((i % 6) as i64 + 1).expect("1-6");
            let body_type = BodyType::ALL[rng.below(4)];
            let h = match gender {
                Gender::Male => rng.range(160.0, 200.0),
                Gender::Female => rng.range(150.0, 185.0),
            };
            let w = rng.range(45.0, 180.0);
            let age = 18 + rng.below(60) as i32;
            let born =
                NaiveDate::from_ymd_opt(2026 - age, 1 + rng.below(12) as u32, 1).expect("valid");
            let body = Body {
                goal,
                height: Height::parse(h).expect("in range"),
                weight: Weight::parse(w).expect("in range"),
                body_type,
                gender,
                activity_level: activity,
                birth_date: BirthDate::parse(born, today).expect("age 18-78"),
            };
            let mut diets = Vec::new();
            match rng.below(10) {
                0 | 1 => diets.push(DietType::Vegan),
                2 | 3 => diets.push(DietType::Vegetarian),
                _ => {}
            }
            for soft in [
                DietType::HighProtein,
                DietType::LowCarb,
                DietType::HighFiber,
                DietType::LowCalorie,
                DietType::HighCarb,
            ] {
                if rng.below(6) == 0 {
                    diets.push(soft);
                }
            }
            let mut restrictions = Vec::new();
            for _ in 0..rng.below(3) {
                let r = Allergen::ALL[rng.below(Allergen::ALL.len())].restriction_name();
                if !restrictions.contains(&r) {
                    restrictions.push(r);
                }
            }
            if rng.below(4) == 0 {
                restrictions.push(CUSTOM_RESTRICTIONS[rng.below(CUSTOM_RESTRICTIONS.len())]);
            }
            Profile::new(&body, meals, restrictions, diets)
        })
        .collect()
}

/// The shipped catalogue with ids 1..n, as storage would number it.
pub fn shipped() -> Vec<Recipe> {
    let mut shipped = mealplan_catalogue::load().expect("shipped catalogue");
    for (i, r) in shipped.iter_mut().enumerate() {
        r.id = i as i64 + 1;
    }
    shipped
}

/// `n` recipes made from the shipped ones: each takes a shipped recipe,
/// scales every ingredient by 0.6-1.5 and sometimes swaps one ingredient
/// for a random one, then derives nutrition and tags by the catalogue's
/// rules.
pub fn generated_catalogue(shipped: &[Recipe], n: usize, seed: u64) -> Vec<Recipe> {
    let table = IngredientTable::shipped().expect("shipped table");
    let names: Vec<String> = shipped
        .iter()
        .flat_map(|r| r.ingredients().iter().map(|i| i.name.clone()))
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    let mut rng = Rng(seed);
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let base = &shipped[rng.below(shipped.len())];
        let mut items: Vec<RecipeIngredient> = base
            .ingredients()
            .iter()
            .map(|i| RecipeIngredient {
                name: i.name.clone(),
                grams: (i.grams * rng.range(0.6, 1.5)).round().max(1.0),
            })
            .collect();
        if rng.below(3) == 0 {
            let k = rng.below(items.len());
            let replacement = names[rng.below(names.len())].clone();
            if !items.iter().any(|i| i.name == replacement) {
                items[k].name = replacement;
            }
        }
        let id = out.len() as i64 + 1;
        let mut recipe = mealplan_catalogue::recipes::build(
            id,
            &format!("generated {id}"),
            base.meal_types().to_vec(),
            items,
            &table,
        )
        .expect("known ingredients");
        recipe.id = id;
        out.push(recipe);
    }
    out
}

/// The shipped kitchen table (which ingredients are protein foods).
pub fn kitchen() -> &'static Kitchen {
    static KITCHEN: OnceLock<Kitchen> = OnceLock::new();
    KITCHEN.get_or_init(|| mealplan_catalogue::kitchen().expect("shipped kitchen"))
}

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

/// The plan request of profile `i`.
pub fn request<'a>(recipes: &'a [Recipe], p: &Profile, i: usize, seed: u64) -> PlanRequest<'a> {
    let rules = HardRules::new(
        Taxonomy::standard(),
        p.restrictions.iter().copied(),
        &p.diets,
    );
    let preferred = p
        .diets
        .iter()
        .copied()
        .filter(|d| !matches!(d, DietType::Vegan | DietType::Vegetarian))
        .collect();
    PlanRequest::new(recipes, p.targets, p.meals, rules, 7)
        .expect("bench profiles make valid requests")
        .with_seed(seed.wrapping_add(i as u64))
        .preferring(preferred, Vec::new())
        .with_kitchen(kitchen())
}

/// Whether some day of `request`'s slots keeps each limit, the targets
/// aside ([`Minor::ALL`] order): every slot has a dish whose amount per kcal is within
/// the limit per kcal of the target (a day's amount per kcal is a
/// calorie-weighted mean of its meals'). An upper bound: no plan meets
/// the limit on more days than this allows.
pub fn limits_reachable(request: &PlanRequest<'_>, dishes: &Dishes) -> [bool; 4] {
    let kcal = request.targets().calories;
    let limits = Limits::for_calories(kcal);
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
        request.portions(),
        &[],
    )
    .is_some_and(|b| b.miss <= 0.0)
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

/// What a plan is measured against beyond its own days: the slot
/// pattern's one-day bound, a one-meal week's bound, the catalogue's
/// day-rule facts and which limits some day of the profile could keep.
#[derive(Debug, Clone, Copy)]
pub struct Bounds<'a> {
    /// The slot pattern's one-day bound.
    pub bound: Option<Bound>,
    /// A one-meal week's bound.
    pub week: Option<&'a WeekBound>,
    /// The catalogue's day-rule facts.
    pub dishes: &'a Dishes,
    /// Per limit ([`Minor::ALL`]), whether some day could keep it.
    pub reachable: [bool; 4],
}

/// Quality and speed of one method over many plans.
#[derive(Debug, Default, Clone)]
pub struct Score {
    /// Days planned.
    pub days: usize,
    /// Days within 5% kcal and 10% every macro.
    pub inside: usize,
    /// Sum over days of the absolute deviation in percent, per nutrient.
    pub deviation: [f64; 4],
    /// Meals breaking a hard rule, by the planner's own filter.
    pub violations: usize,
    /// Meals breaking a restriction or diet judged against the taxonomy
    /// independently ([`breaks_taxonomy`]), and meals so judged.
    pub taxonomy_violations: (usize, usize),
    /// Meals repeating a recipe of the same day.
    pub repeats: usize,
    /// Meals planned.
    pub meals: usize,
    /// Meals below 0.75 or above 1.5 servings.
    pub outside_usual: usize,
    /// Largest portion.
    pub largest: f64,
    /// Snacks above 1.5 servings.
    pub snacks_over: usize,
    /// Meals above 2.5 servings.
    pub meals_over: usize,
    /// Days with three or more meals.
    pub big_days: usize,
    /// Of those, days with a meal over half the day's calories.
    pub oversize_days: usize,
    /// Meals of days with two or more meals.
    pub shared_meals: usize,
    /// Of those, meals whose share of the day's calories is outside their
    /// slot's band.
    pub outside_band: usize,
    /// 7-day plans.
    pub plans: usize,
    /// Sum over plans of their distinct recipes.
    pub distinct: usize,
    /// Fewest distinct recipes of a one-meal-a-day plan.
    pub distinct_one_meal_min: Option<usize>,
    /// Meals with the same recipe as the same slot the day before.
    pub consecutive: usize,
    /// Breaches of the variety rules: a recipe in the same slot as the day
    /// before while the slot has 10 or more candidates, and one-meal plans
    /// with fewer different recipes than 5 (or the days, or the
    /// candidates).
    pub variety_violations: usize,
    /// Days that miss the tolerances.
    pub missed: usize,
    /// Of those, days whose bound is known.
    pub bounded: usize,
    /// Sum and largest of (day's miss − bound), in percentage points. The
    /// bound is the best any plan keeping the rules could reach: for one
    /// meal a day, the week's rank bound ([`WeekBound`]).
    pub gap: (f64, f64),
    /// Missed days more than 2 points from their bound.
    pub gap_over_2: usize,
    /// Largest gap of a missed day to its slot pattern's one-day bound
    /// (the variety rules aside), and the days more than 2 points from it.
    pub one_day: (f64, usize),
    /// Missed days whose bound with the rest of their plan as it is (the
    /// variety rules) is known, the sum and largest of their gaps to it,
    /// and how many are more than 2 points from it.
    pub here: (usize, f64, f64, usize),
    /// Days whose bound is 0: the best any plan could do meets them.
    pub reachable: usize,
    /// Seconds per plan.
    pub times: Vec<f64>,
    /// Profiles the method could not plan.
    pub infeasible: usize,
    /// Days keeping each limit beyond the targets, in [`Minor::ALL`] order
    /// (fibre counts its floor and its ceiling).
    pub limits_met: [usize; 4],
    /// Days whose fibre is above its ceiling.
    pub fibre_over: usize,
    /// Days where some day of the slots could keep each limit
    /// ([`limit_reachable`]).
    pub limits_reachable: [usize; 4],
    /// Days with a protein food in three or more meals.
    pub food_thrice: usize,
    /// Days with two dishes of one family.
    pub family_twice: usize,
    /// Plans of two or more meals a day, and of those, plans with fewer
    /// than 4 different protein foods in the week.
    pub protein_food_weeks: (usize, usize),
}

impl Score {
    /// Adds one plan; `bound` is the slot pattern's one-day bound, `week`
    /// that of a one-meal week.
    pub fn add(
        &mut self,
        request: &PlanRequest<'_>,
        days: &[PlannedDay],
        bounds: &Bounds<'_>,
        here: &[Option<Bound>],
        seconds: f64,
    ) {
        let Bounds {
            bound,
            week,
            dishes,
            reachable,
        } = *bounds;
        self.times.push(seconds);
        self.plans += 1;
        let t = request.targets();
        let tol = request.tolerances();
        let mut all: Vec<i64> = Vec::new();
        let candidates: Vec<usize> = request
            .slots()
            .iter()
            .map(|m| {
                request
                    .recipes()
                    .iter()
                    .filter(|r| r.serves(*m) && request.rules().allow(r))
                    .count()
            })
            .collect();
        let misses: Vec<f64> = days.iter().map(|d| tol.miss(&d.totals, t)).collect();
        let ranked = week.and_then(|w| w.per_day(&misses));
        let mut week_foods: Vec<u32> = Vec::new();
        for (d, day) in days.iter().enumerate() {
            self.days += 1;
            let miss = misses[d];
            if miss <= 0.0 {
                self.inside += 1;
            } else {
                self.missed += 1;
                if let Some(b) = ranked.as_ref().map(|r| r[d].bound).or(bound) {
                    let gap = (miss - b.miss) * 100.0;
                    self.bounded += 1;
                    self.gap.0 += gap;
                    self.gap.1 = self.gap.1.max(gap);
                    if gap > 2.0 + 1e-9 {
                        self.gap_over_2 += 1;
                    }
                }
                if let Some(b) = bound {
                    let gap = (miss - b.miss) * 100.0;
                    self.one_day.0 = self.one_day.0.max(gap);
                    if gap > 2.0 + 1e-9 {
                        self.one_day.1 += 1;
                    }
                }
                if let Some(Some(b)) = here.get(d) {
                    let gap = (miss - b.miss) * 100.0;
                    self.here.0 += 1;
                    self.here.1 += gap;
                    self.here.2 = self.here.2.max(gap);
                    if gap > 2.0 + 1e-9 {
                        self.here.3 += 1;
                    }
                }
            }
            let best = match week {
                Some(w) => w.ranks().get(d).copied(),
                None => bound.map(|b| b.miss),
            };
            if best.is_some_and(|b| b <= 0.0) {
                self.reachable += 1;
            }
            let indexed: Vec<(usize, f64)> = day
                .meals
                .iter()
                .map(|m| {
                    let i = request
                        .recipes()
                        .iter()
                        .position(|r| r.id == m.recipe_id)
                        .expect("a planned recipe is one of the request's");
                    (i, m.servings)
                })
                .collect();
            let whole = whole_day::check(request.recipes(), dishes, &indexed);
            for (k, level) in whole.levels.iter().enumerate() {
                self.limits_met[k] += usize::from(level.met);
                self.limits_reachable[k] += usize::from(reachable[k]);
            }
            let fibre = &whole.levels[0];
            if fibre.max.is_some_and(|m| fibre.amount > m + 0.5) {
                self.fibre_over += 1;
            }
            self.food_thrice += usize::from(!whole.repeated_foods.is_empty());
            self.family_twice += usize::from(!whole.repeated_families.is_empty());
            for (i, _) in &indexed {
                week_foods.extend(dishes.foods(*i));
            }
            let n: Nutrition = day.totals;
            let pairs = [
                (n.calories, t.calories),
                (n.protein, t.protein),
                (n.carbs, t.carbs),
                (n.fat, t.fat),
            ];
            for (k, (got, want)) in pairs.iter().enumerate() {
                self.deviation[k] += if *want > 0.0 {
                    (got - want).abs() / want * 100.0
                } else {
                    0.0
                };
            }
            let kcal: Vec<f64> = day
                .meals
                .iter()
                .map(|m| {
                    recipe_of(request, m)
                        .nutrition()
                        .served(m.servings)
                        .calories
                })
                .collect();
            let total: f64 = kcal.iter().sum();
            if day.meals.len() >= 2 {
                let bands = planner::share_bands(request.slots());
                for (k, (lo, hi)) in kcal.iter().zip(&bands) {
                    self.shared_meals += 1;
                    let share = k / total;
                    if share < lo - 1e-9 || share > hi + 1e-9 {
                        self.outside_band += 1;
                    }
                }
            }
            if day.meals.len() >= 3 {
                self.big_days += 1;
                if kcal.iter().any(|k| *k > 0.5 * total + 1e-9) {
                    self.oversize_days += 1;
                }
            }
            for (slot, m) in day.meals.iter().enumerate() {
                self.meals += 1;
                if !request.rules().allow(recipe_of(request, m)) {
                    self.violations += 1;
                }
                if m.servings < 0.75 - 1e-9 || m.servings > USUAL_MAX_SERVINGS + 1e-9 {
                    self.outside_usual += 1;
                }
                self.largest = self.largest.max(m.servings);
                if m.meal_type == MealType::Snack && m.servings > 1.5 + 1e-9 {
                    self.snacks_over += 1;
                }
                if m.servings > 2.5 + 1e-9 {
                    self.meals_over += 1;
                }
                if d > 0
                    && days[d - 1]
                        .meals
                        .get(slot)
                        .is_some_and(|p| p.recipe_id == m.recipe_id)
                {
                    self.consecutive += 1;
                }
                all.push(m.recipe_id);
            }
            let mut ids: Vec<i64> = day.meals.iter().map(|m| m.recipe_id).collect();
            ids.sort_unstable();
            ids.dedup();
            self.repeats += day.meals.len() - ids.len();
        }
        all.sort_unstable();
        all.dedup();
        self.distinct += all.len();
        if request.slots().len() >= 2 {
            week_foods.sort_unstable();
            week_foods.dedup();
            self.protein_food_weeks.0 += 1;
            self.protein_food_weeks.1 += usize::from(week_foods.len() < 4);
        }
        if request.slots().len() == 1 {
            let needed = planner::WEEKLY_DISTINCT.min(days.len()).min(candidates[0]);
            if all.len() < needed {
                self.variety_violations += 1;
            }
            self.distinct_one_meal_min = Some(
                self.distinct_one_meal_min
                    .map_or(all.len(), |m| m.min(all.len())),
            );
        }
    }

    /// Share of days within tolerance, in percent.
    pub fn inside_share(&self) -> f64 {
        100.0 * self.inside as f64 / self.days.max(1) as f64
    }

    /// Share of meals outside 0.75-1.5 servings, in percent.
    pub fn outside_share(&self) -> f64 {
        100.0 * self.outside_usual as f64 / self.meals.max(1) as f64
    }

    /// The `q` quantile of the plan times, in ms.
    pub fn ms(&self, q: f64) -> f64 {
        let mut times = self.times.clone();
        times.sort_by(f64::total_cmp);
        let i = ((times.len() as f64 - 1.0) * q).round() as usize;
        times.get(i).copied().unwrap_or(0.0) * 1000.0
    }

    fn per_day(&self, v: f64) -> f64 {
        v / self.days.max(1) as f64
    }

    fn here_text(&self) -> String {
        if self.here.0 == 0 {
            "—".into()
        } else {
            format!(
                "{:.1} / {:.1} ({})",
                self.here.1 / self.here.0 as f64,
                self.here.2,
                self.here.3
            )
        }
    }

    fn one_day_text(&self) -> String {
        if self.bounded == 0 {
            "—".into()
        } else {
            format!("{:.1} ({})", self.one_day.0, self.one_day.1)
        }
    }

    fn gap_text(&self) -> String {
        if self.bounded == 0 {
            "—".into()
        } else {
            format!(
                "{:.1} / {:.1}",
                self.gap.0 / self.bounded as f64,
                self.gap.1
            )
        }
    }

    /// Row of the targets table.
    pub fn targets_row(&self, name: &str) -> String {
        format!(
            "| {name} | {:.1}% ({}/{}) | {:.1} / {:.1} / {:.1} / {:.1} | {} | {} | {:.2} | {:.2} | {} |",
            self.inside_share(),
            self.inside,
            self.days,
            self.per_day(self.deviation[0]),
            self.per_day(self.deviation[1]),
            self.per_day(self.deviation[2]),
            self.per_day(self.deviation[3]),
            self.violations,
            self.repeats,
            self.ms(0.5),
            self.ms(0.99),
            self.infeasible,
        )
    }

    /// Row of the portions, sizes and variety table.
    pub fn plans_row(&self, name: &str) -> String {
        format!(
            "| {name} | {:.1}% ({}/{}) | {:.2} | {} | {} | {:.1}% ({}/{}) | {:.1}% | {:.1} / {} | {:.1}% ({}; {} breaking the rule) | {} | {} | {} | {} | {} |",
            self.outside_share(),
            self.outside_usual,
            self.meals,
            self.largest,
            self.snacks_over,
            self.meals_over,
            100.0 * self.oversize_days as f64 / self.big_days.max(1) as f64,
            self.oversize_days,
            self.big_days,
            100.0 * self.outside_band as f64 / self.shared_meals.max(1) as f64,
            self.distinct as f64 / self.plans.max(1) as f64,
            self.distinct_one_meal_min
                .map_or("—".into(), |m| m.to_string()),
            100.0 * self.consecutive as f64 / self.meals.max(1) as f64,
            self.consecutive,
            self.variety_violations,
            self.missed,
            self.gap_text(),
            self.gap_over_2,
            self.one_day_text(),
            self.here_text(),
        )
    }

    /// Row of the limits table.
    pub fn limits_row(&self, name: &str) -> String {
        let share = |n: usize| 100.0 * n as f64 / self.days.max(1) as f64;
        format!(
            "| {name} | {:.1}% | {:.1}% ({} over the ceiling) | {:.1}% | {:.1}% | {:.1}% | {} | {} | {}/{} |",
            share(self.inside),
            share(self.limits_met[0]),
            self.fibre_over,
            share(self.limits_met[1]),
            share(self.limits_met[2]),
            share(self.limits_met[3]),
            self.food_thrice,
            self.family_twice,
            self.protein_food_weeks.1,
            self.protein_food_weeks.0,
        )
    }

    /// Row of the per-group tables.
    pub fn group_row(&self, name: &str) -> String {
        format!(
            "| {name} | {:.1}% ({}/{}) | {:.1}% | {:.1} / {:.1} / {:.1} / {:.1} | {:.1}% | {:.2} | {} | {:.1}% | {:.1} | {} | {} | {} | {} | {} | {:.2} | {:.2} |",
            self.inside_share(),
            self.inside,
            self.days,
            100.0 * self.reachable as f64 / self.days.max(1) as f64,
            self.per_day(self.deviation[0]),
            self.per_day(self.deviation[1]),
            self.per_day(self.deviation[2]),
            self.per_day(self.deviation[3]),
            self.outside_share(),
            self.largest,
            self.oversize_days,
            100.0 * self.outside_band as f64 / self.shared_meals.max(1) as f64,
            self.distinct as f64 / self.plans.max(1) as f64,
            self.consecutive,
            self.gap_text(),
            self.gap_over_2,
            self.one_day_text(),
            self.here_text(),
            self.ms(0.5),
            self.ms(0.99),
        )
    }
}

/// Everything measured on one catalogue.
#[derive(Debug, Default, Clone)]
pub struct Report {
    /// The planner.
    pub planner: Score,
    /// The greedy original.
    pub greedy: Score,
    /// The planner by meals per day (index = meals − 1).
    pub by_meals: Vec<Score>,
    /// The planner by hard diet (omnivore, vegetarian, vegan).
    pub by_diet: Vec<Score>,
    /// The planner by body weight (45-90, 90-135, 135-180 kg).
    pub by_weight: Vec<Score>,
    /// Seconds to compute each profile's bound.
    pub bound_times: Vec<f64>,
}

/// Plans 7 days for every profile with both methods and scores them. The
/// bound of a profile's slot pattern is computed when a day of either
/// method misses.
pub fn run(recipes: &[Recipe], profiles: &[Profile], seed: u64) -> Report {
    let mut report = Report {
        by_meals: vec![Score::default(); 6],
        by_diet: vec![Score::default(); 3],
        by_weight: vec![Score::default(); 3],
        ..Report::default()
    };
    let dishes = Dishes::new(recipes, Some(kitchen()));
    for (i, p) in profiles.iter().enumerate() {
        let request = request(recipes, p, i, seed).with_dishes(&dishes);
        let reachable = limits_reachable(&request, &dishes);
        let started = Instant::now();
        let ours = planner::plan(&request);
        let seconds = started.elapsed().as_secs_f64();
        let started = Instant::now();
        let base = greedy(&request);
        let base_seconds = started.elapsed().as_secs_f64();
        let misses = |days: &[PlannedDay]| {
            days.iter()
                .any(|d| !request.tolerances().admits(&d.totals, request.targets()))
        };
        let (bound, week) = if ours.as_ref().map_or(true, |d| misses(d)) || misses(&base) {
            let started = Instant::now();
            let bound = request.best_miss();
            let week = request.week_bound();
            report.bound_times.push(started.elapsed().as_secs_f64());
            (bound, week)
        } else {
            let met = Bound {
                miss: 0.0,
                exact: false,
            };
            (Some(met), None)
        };
        let bounds = Bounds {
            bound,
            week: week.as_ref(),
            dishes: &dishes,
            reachable,
        };
        match ours {
            Ok(days) => {
                let served = days
                    .iter()
                    .flat_map(|d| &d.meals)
                    .map(|m| recipe_of(&request, m));
                let breaking = served
                    .clone()
                    .filter(|r| breaks_taxonomy(r, p).is_some())
                    .count();
                report.planner.taxonomy_violations.0 += breaking;
                report.planner.taxonomy_violations.1 += served.count();
                let here = bounds_here(&request, &days);
                let meals = usize::from(p.meals.get()) - 1;
                for score in [
                    &mut report.planner,
                    &mut report.by_meals[meals],
                    &mut report.by_diet[p.hard_diet()],
                    &mut report.by_weight[weight_band(p.weight)],
                ] {
                    score.add(&request, &days, &bounds, &here, seconds);
                }
            }
            Err(_) => {
                report.planner.infeasible += 1;
                report.by_meals[usize::from(p.meals.get()) - 1].infeasible += 1;
                report.by_diet[p.hard_diet()].infeasible += 1;
                report.by_weight[weight_band(p.weight)].infeasible += 1;
            }
        }
        report
            .greedy
            .add(&request, &base, &bounds, &[], base_seconds);
    }
    report
}

/// 0 for 45-90 kg, 1 for 90-135 kg, 2 above.
fn weight_band(kg: f64) -> usize {
    ((kg - 45.0) / 45.0).clamp(0.0, 2.0) as usize
}

/// For each missed day of a plan, the best that day could reach with the
/// rest of the plan as it is (the variety rules ban its neighbours'
/// recipes in the same slot, and for one meal a day, repeats that would
/// leave the week short of different recipes).
fn bounds_here(request: &PlanRequest<'_>, days: &[PlannedDay]) -> Vec<Option<Bound>> {
    let plan: Vec<Vec<MealRow>> = days
        .iter()
        .map(|d| {
            d.meals
                .iter()
                .map(|m| {
                    let index = request
                        .recipes()
                        .iter()
                        .position(|r| r.id == m.recipe_id)
                        .expect("a planned recipe is one of the request's");
                    (m.meal_type, index, m.servings, false)
                })
                .collect()
        })
        .collect();
    days.iter()
        .enumerate()
        .map(|(d, day)| {
            if request.tolerances().admits(&day.totals, request.targets()) {
                return None;
            }
            let meals = planner::day_meals(&plan, d);
            let bans =
                planner::day_bans(request.recipes(), request.rules(), &meals, request.days());
            request.best_miss_excluding(&bans)
        })
        .collect()
}

impl Report {
    /// The report as Markdown tables.
    pub fn markdown(&self, label: &str, recipes: usize, profiles: usize) -> String {
        let mut out = String::new();
        let mut line = |s: String| {
            out.push_str(&s);
            out.push('\n');
        };
        line(format!(
            "\n### {label}: {recipes} recipes, {profiles} profiles × 7 days\n"
        ));
        line("Targets:\n".into());
        line("| method | days within 5% kcal and 10% every macro | mean abs. deviation % (kcal / protein / carbs / fat) | restriction violations | repeats within a day | median ms / 7-day plan | p99 ms | infeasible profiles |".into());
        line("|---|---|---|---|---|---|---|---|".into());
        line(self.planner.targets_row("planner"));
        line(self.greedy.targets_row("greedy calorie-only (original)"));
        line(format!(
            "| best achievable (bound) | at most {:.1}% ({}/{}) | — | — | — | — | — | — |",
            100.0 * self.planner.reachable as f64 / self.planner.days.max(1) as f64,
            self.planner.reachable,
            self.planner.days
        ));
        line("\nThe whole day (limits per day for its calories: fibre 14 g/1,000 kcal to max(70 g, 25 g/1,000 kcal), sodium max(2,300 mg, 1 mg/kcal), saturated fat under 10% and sugars at most 25% of energy; protein foods in at most two meals, one dish per family; at least 4 protein foods a week from two meals a day):\n".into());
        line("| method | days within tolerance | fibre kept | sodium kept | saturated fat kept | sugars kept | days with a protein food 3 times | days with a dish family twice | weeks with < 4 protein foods |".into());
        line("|---|---|---|---|---|---|---|---|---|".into());
        line(self.planner.limits_row("planner"));
        line(self.greedy.limits_row("greedy calorie-only (original)"));
        let reach = |k: usize| {
            100.0 * self.planner.limits_reachable[k] as f64 / self.planner.days.max(1) as f64
        };
        line(format!(
            "| best achievable (targets aside) | — | at most {:.1}% | at most {:.1}% | at most {:.1}% | at most {:.1}% | — | — | — |",
            reach(0),
            reach(1),
            reach(2),
            reach(3)
        ));
        line("\nPortions, meal sizes and variety (gap: a missed day's worst excess beyond its tolerance minus its bound, the best any plan keeping the rules could reach, in percentage points; for one meal a day the bound is the week's, rank by rank, since a week needs 5 different recipes; the one-day bound sets the variety rules aside):\n".into());
        line("| method | meals outside 0.75-1.5 servings | largest portion | snacks over 1.5 | meals over 2.5 | 3+-meal days with a meal over 50% | meals outside their calorie band | distinct recipes per week (mean / 1-meal min) | consecutive-day repeats (same slot) | missed days | gap to bound on missed days, mean / max | missed days > 2 points from bound | gap to the one-day bound, max (days > 2 points) | gap to the day's bound with the rest of its week as it is, mean / max (days > 2 points) |".into());
        line("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|".into());
        line(self.planner.plans_row("planner"));
        line(self.greedy.plans_row("greedy calorie-only (original)"));
        line(
            "| best achievable (bound) | — | — | — | — | — | — | — | — | — | 0 | 0 | — | 0 |"
                .into(),
        );
        let header = "| {group} | days within tolerance | best achievable: days the bound meets | mean abs. deviation % (kcal / protein / carbs / fat) | meals outside 0.75-1.5 | largest portion | 3+-meal days with a meal over 50% | meals outside their calorie band | distinct recipes per week | consecutive-day repeats | gap to bound on missed days, mean / max | missed days > 2 points from bound | gap to the one-day bound, max (days > 2 points) | gap to the day's bound with the rest of its week as it is (days > 2 points) | median ms | p99 ms |";
        line("\nPlanner by meals per day:\n".into());
        line(header.replace("{group}", "meals per day"));
        line("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|".into());
        for (i, score) in self.by_meals.iter().enumerate() {
            line(score.group_row(&(i + 1).to_string()));
        }
        line("\nPlanner by hard diet:\n".into());
        line(header.replace("{group}", "diet"));
        line("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|".into());
        for (name, score) in ["omnivore", "vegetarian", "vegan"]
            .iter()
            .zip(self.by_diet.iter())
        {
            line(score.group_row(name));
        }
        line("\nPlanner by body weight:\n".into());
        line(header.replace("{group}", "weight"));
        line("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|".into());
        for (name, score) in ["45-90 kg", "90-135 kg", "135-180 kg"]
            .iter()
            .zip(self.by_weight.iter())
        {
            line(score.group_row(name));
        }
        let bound = Score {
            times: self.bound_times.clone(),
            ..Score::default()
        };
        line(format!(
            "\nBound computed for {} profiles: median {:.2} ms, p99 {:.2} ms.",
            self.bound_times.len(),
            bound.ms(0.5),
            bound.ms(0.99)
        ));
        out
    }
}
