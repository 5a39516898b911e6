//! Planning from the pantry: what is at home, as the planner weighs it
//! day by day.
//!
//! A person who plans from their pantry ([`Diner::pantry`](super::Diner::pantry))
//! gets the recipes that use what they hold preferred, each gram weighed
//! by how soon its item is due on the day the meal is planned for
//! ([`weight`]): an item due on day 3 is worth most on days 1-3 (the
//! most on day 3, when it can wait no longer) and nothing after. The week
//! draws on the pantry as it is planned ([`Stock`]), so a food used up
//! earns nothing more, and a recipe using 20 g of a 500 g item counts
//! 20 g. Each day is also searched from the recipes that use the most
//! ([`richer_day`]), and a second week presses the due food the first
//! left unused ([`Stock::pressed`], in `one.rs`); once planned, the week
//! offers each due item it still left to the days before its use-by
//! (`pantry_week.rs`). The bonus stays a preference: it never buys a day
//! off its targets ([`PANTRY_BONUS`]).

use chrono::NaiveDate;

use crate::food::kitchen::Kitchen;
use crate::food::pantry::PantryItem;
use crate::food::recipe::Recipe;

use super::leftovers::Eaten;
use super::search::{Candidate, Day, Problem};
use super::{PlannedDay, Rng};

/// The bonus of a serving drawing [`PANTRY_FULL_GRAMS`] of pantry food
/// that is due that day (weight 1; a food due later weighs less,
/// [`weight`]), for a person who plans from their pantry: above every
/// soft preference, like the own-recipe bonus, and at its most
/// ([`PANTRY_MOST`] times) just below a third use of a recipe (300), so
/// that it never buys one, and below a day past its targets (1,000). At
/// 60 the bench's fresh pantries used 55.0% of their due grams, at 99
/// 56.4% with as many days on target as a plain week; an overriding 1,000
/// reached 59.8% only.
pub(crate) const PANTRY_BONUS: f64 = 99.0;

// A serving's pantry bonus never pays for a third use of a recipe.
const _: () = assert!(PANTRY_MOST * PANTRY_BONUS < super::search::THIRD_USE_PENALTY);

/// A serving drawing this many grams of pantry food earns the whole
/// [`PANTRY_BONUS`], more grams more, up to [`PANTRY_MOST`] of it: a
/// recipe that uses up a food is preferred to one that garnishes with it.
pub(crate) const PANTRY_FULL_GRAMS: f64 = 60.0;

/// The most one serving's pantry bonus reaches, in [`PANTRY_BONUS`]es
/// (a recipe drawing on two or three due foods at once). At 2 and 4 the
/// bench's pantry weeks used as much of their due grams (43.4%).
pub(crate) const PANTRY_MOST: f64 = 3.0;

/// Each slot's recipes with the largest pantry bonus that start a
/// further descent of a day ([`richer_day`]): the day search stops at the
/// first day within the targets, which need not use the pantry. On the
/// bench's pantry weeks none used 37.5% of the due grams, 3 43.2% and 8
/// 44.9% (at twice the time of 3).
const PANTRY_STARTS: usize = 4;

/// How many times more the grams of an item due within the plan that a
/// first week left unused count in a second ([`Stock::pressed`]).
const PRESS: f64 = 3.0;

/// Grams an item must have left for a second week to press it.
const PRESS_LEFT: f64 = 10.0;

/// The weight of a food without a use-by day, and the least of one due
/// long after the day planned.
const UNDATED: f64 = 0.1;

/// A food at home to use up: one pantry item as the planner sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct PantryFood {
    /// The food as shops sell it (the shopping list's name): items of one
    /// food share it, and recipes draw on the earliest due first.
    pub name: String,
    /// Grams held, in the terms recipes list the food (cooked rice where
    /// the pantry holds it dry), as the shopping list counts it.
    pub grams: f64,
    /// The last day of the plan it may be eaten on (1 is the plan's
    /// first; an item already past its day counts as due on the first);
    /// `None` when it has no use-by day.
    pub use_by: Option<u32>,
    /// The ingredient names of recipes that draw on it, each with the
    /// grams of this food one gram of the ingredient takes (eggs for egg
    /// whites, dry rice for cooked).
    pub drawn_by: Vec<(String, f64)>,
}

impl PantryFood {
    /// The planner's view of `items` for a plan whose first day is
    /// `today`: each item a recipe of `recipes` draws on (as `kitchen`
    /// buys its ingredients), earliest due first, its grams as sold
    /// turned into the recipes' (as the shopping list and ticking meals
    /// eaten take them); none for an item no recipe uses.
    pub fn seat(
        recipes: &[Recipe],
        items: &[PantryItem],
        kitchen: &Kitchen,
        today: NaiveDate,
    ) -> Vec<PantryFood> {
        let mut names: Vec<&str> = recipes
            .iter()
            .flat_map(|r| r.ingredients())
            .map(|i| i.name.as_str())
            .collect();
        names.sort_unstable();
        names.dedup();
        let mut out: Vec<PantryFood> = items
            .iter()
            .filter_map(|item| {
                let (food, listed) = kitchen.bought_as(&item.name, item.grams);
                // Grams at home are of the food as sold (dry rice).
                let form = kitchen
                    .get(food)
                    .and_then(|f| f.bought.as_ref())
                    .map_or(1.0, |b| b.factor);
                let grams = if form > 0.0 { listed / form } else { listed };
                let drawn_by: Vec<(String, f64)> = names
                    .iter()
                    .filter_map(|name| match kitchen.bought_as(name, 1.0) {
                        (bought, factor) if bought == food => Some(((*name).to_owned(), factor)),
                        _ => None,
                    })
                    .collect();
                (!drawn_by.is_empty()).then(|| PantryFood {
                    name: food.to_owned(),
                    grams,
                    use_by: item.use_by.map(|day| {
                        let days = (day - today).num_days().saturating_add(1);
                        u32::try_from(days.max(1)).unwrap_or(u32::MAX)
                    }),
                    drawn_by,
                })
            })
            .collect();
        out.sort_by(|a, b| {
            let due = |f: &PantryFood| f.use_by.unwrap_or(u32::MAX);
            due(a).cmp(&due(b)).then_with(|| a.name.cmp(&b.name))
        });
        out
    }
}

/// How much a gram of an item due on day `use_by` (`None`: no use-by day)
/// is worth eaten on day `day`: 1 on its last day, less the longer it
/// could still wait (2 / (2 + days to spare): 0.67 a day early, 0.5 two,
/// 0.29 five), never below [`UNDATED`]; nothing after its day.
pub(crate) fn weight(use_by: Option<u32>, day: u32) -> f64 {
    match use_by {
        None => UNDATED,
        Some(last) if last < day => 0.0,
        Some(last) => (2.0 / (2.0 + f64::from(last - day))).max(UNDATED),
    }
}

/// One item of the [`Stock`].
#[derive(Debug, Clone, PartialEq)]
struct Held {
    /// Its food, an index into the stock's foods.
    food: usize,
    /// Grams left.
    left: f64,
    /// Its last day of the plan.
    use_by: Option<u32>,
    /// How many times its weight its grams count ([`Stock::pressed`]).
    boost: f64,
}

/// A pantry as a week's plan draws on it: each item's grams left, and
/// what one serving of each recipe takes of each food. Meals take from
/// the items still good on their day, the earliest due first, as ticking
/// them eaten does.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Stock {
    /// Items, earliest due first (undated last).
    items: Vec<Held>,
    /// Each recipe's draw of one serving: (food, grams as held).
    draws: Vec<Vec<(usize, f64)>>,
}

impl Stock {
    /// The stock of `pantry` for `recipes` (by index); `None` when no
    /// recipe draws on it, so a week without a pantry is planned exactly
    /// as before.
    pub(crate) fn new(pantry: &[PantryFood], recipes: &[Recipe]) -> Option<Self> {
        let mut foods: Vec<&PantryFood> = Vec::new();
        let items: Vec<Held> = pantry
            .iter()
            .map(|f| {
                let food = foods
                    .iter()
                    .position(|g| g.name == f.name)
                    .unwrap_or_else(|| {
                        foods.push(f);
                        foods.len() - 1
                    });
                Held {
                    food,
                    left: f.grams.max(0.0),
                    use_by: f.use_by,
                    boost: 1.0,
                }
            })
            .collect();
        let draws: Vec<Vec<(usize, f64)>> = recipes
            .iter()
            .map(|r| {
                foods
                    .iter()
                    .enumerate()
                    .filter_map(|(k, f)| {
                        let grams: f64 = r
                            .ingredients()
                            .iter()
                            .filter_map(|i| {
                                f.drawn_by
                                    .iter()
                                    .find(|(name, _)| *name == i.name)
                                    .map(|(_, factor)| i.grams * factor)
                            })
                            .sum();
                        (grams > 0.0).then_some((k, grams))
                    })
                    .collect()
            })
            .collect();
        if draws.iter().all(Vec::is_empty) {
            return None;
        }
        let mut items = items;
        items.sort_by_key(|h| h.use_by.unwrap_or(u32::MAX));
        Some(Self { items, draws })
    }

    /// The grams `servings` of recipe `r` on day `day` would take from
    /// the items good that day, each weighed by [`weight`].
    pub(crate) fn value(&self, r: usize, servings: f64, day: u32) -> f64 {
        let mut value = 0.0;
        for (food, grams) in &self.draws[r] {
            let mut need = grams * servings;
            for h in self.items.iter().filter(|h| h.food == *food) {
                let w = weight(h.use_by, day);
                if need <= 0.0 {
                    break;
                }
                if w <= 0.0 {
                    continue;
                }
                let take = need.min(h.left);
                value += take * w * h.boost;
                need -= take;
            }
        }
        value
    }

    /// The pantry bonus of a serving of recipe `r` on day `day`.
    pub(crate) fn bonus(&self, r: usize, day: u32) -> f64 {
        PANTRY_BONUS * (self.value(r, 1.0, day) / PANTRY_FULL_GRAMS).min(PANTRY_MOST)
    }

    /// This stock once `days` of `recipes` are eaten, each meal drawing on
    /// it on its day, a leftover of `eaten` on the day it was cooked.
    pub(crate) fn after(&self, recipes: &[Recipe], days: &[PlannedDay], eaten: &[Eaten]) -> Stock {
        let mut left = self.clone();
        for (day, planned) in days.iter().enumerate() {
            for (slot, meal) in planned.meals.iter().enumerate() {
                let cooked = eaten
                    .iter()
                    .find(|e| e.day == day && e.slot == slot)
                    .map_or(day, |e| e.from_day);
                if let Some(r) = recipes.iter().position(|r| r.id == meal.recipe_id) {
                    left.take(r, meal.servings, cooked as u32 + 1);
                }
            }
        }
        left
    }

    /// Grams of the items due by day `last` that `days` of `recipes` take
    /// (no leftovers): what every pass that searches days again compares.
    pub(crate) fn due_used_by(&self, recipes: &[Recipe], days: &[PlannedDay], last: u32) -> f64 {
        self.due_used(&self.after(recipes, days, &[]), last)
    }

    /// Grams taken, as `after` stands, of the items of this stock due by
    /// day `last`.
    pub(crate) fn due_used(&self, after: &Stock, last: u32) -> f64 {
        self.items
            .iter()
            .zip(&after.items)
            .filter(|(h, _)| h.use_by.is_some_and(|u| u <= last))
            .map(|(h, a)| h.left - a.left)
            .sum()
    }

    /// This stock with the items due by day `last` that a week left
    /// unused (`after`: the stock once it was drawn on) weighing
    /// [`PRESS`] times more; `None` when it left none.
    pub(crate) fn pressed(&self, after: &Stock, last: u32) -> Option<Stock> {
        let mut out = self.clone();
        let mut any = false;
        for (h, a) in out.items.iter_mut().zip(&after.items) {
            if h.use_by.is_some_and(|u| u <= last) && a.left > PRESS_LEFT {
                h.boost = PRESS;
                any = true;
            }
        }
        any.then_some(out)
    }

    /// The items due by day `last` that a week left more than
    /// [`PRESS_LEFT`] grams of (`after`: the stock once it was drawn on),
    /// earliest due first, each with its last day.
    pub(crate) fn unused_due(&self, after: &Stock, last: u32) -> Vec<(usize, u32)> {
        self.items
            .iter()
            .zip(&after.items)
            .enumerate()
            .filter_map(|(i, (h, a))| match h.use_by {
                Some(u) if u <= last && a.left > PRESS_LEFT => Some((i, u)),
                _ => None,
            })
            .collect()
    }

    /// The grams of the items due by day `last` that `meals` (recipe,
    /// servings) eaten on day `day` would take from this stock, one after
    /// the other as [`take`](Self::take) takes them, each weighed by
    /// [`weight`]: what a day's meals draw on the food due within the
    /// plan, the stock left as it is.
    pub(crate) fn due_value(
        &self,
        meals: impl IntoIterator<Item = (usize, f64)>,
        day: u32,
        last: u32,
    ) -> f64 {
        let mut left = self.lefts();
        self.draw(&mut left, meals, day, last, true)
    }

    /// Each item's grams, in the stock's order.
    pub(crate) fn lefts(&self) -> Vec<f64> {
        self.items.iter().map(|h| h.left).collect()
    }

    /// What `meals` (recipe, servings) eaten on day `day` take from
    /// `left` (each item's grams, [`lefts`](Self::lefts)) as
    /// [`take`](Self::take) takes them; the grams taken of the items due
    /// by day `last`.
    pub(crate) fn draw_due(
        &self,
        left: &mut [f64],
        meals: &[(usize, f64)],
        day: u32,
        last: u32,
    ) -> f64 {
        self.draw(left, meals.iter().copied(), day, last, false)
    }

    /// What `meals` eaten on day `day` take from `left`, one after the
    /// other as [`take`](Self::take) takes them; the grams taken of the
    /// items due by day `last`, each weighed by [`weight`] when `weighed`.
    fn draw(
        &self,
        left: &mut [f64],
        meals: impl IntoIterator<Item = (usize, f64)>,
        day: u32,
        last: u32,
        weighed: bool,
    ) -> f64 {
        let mut due = 0.0;
        for (r, servings) in meals {
            for (food, grams) in &self.draws[r] {
                let mut need = grams * servings;
                for (h, left) in self.items.iter().zip(left.iter_mut()) {
                    let w = weight(h.use_by, day);
                    if h.food != *food || w <= 0.0 {
                        continue;
                    }
                    if need <= 0.0 {
                        break;
                    }
                    let take = need.min(*left);
                    *left -= take;
                    need -= take;
                    if h.use_by.is_some_and(|u| u <= last) {
                        due += if weighed { take * w } else { take };
                    }
                }
            }
        }
        due
    }

    /// Grams item `item` holds.
    pub(crate) fn left_of(&self, item: usize) -> f64 {
        self.items[item].left
    }

    /// Whether a serving of recipe `r` draws on the food of item `item`.
    pub(crate) fn draws_on(&self, r: usize, item: usize) -> bool {
        let food = self.items[item].food;
        self.draws[r].iter().any(|(f, _)| *f == food)
    }

    /// This stock with item `item`'s grams weighing [`PRESS`] times more.
    pub(crate) fn pressing(&self, item: usize) -> Stock {
        let mut out = self.clone();
        out.items[item].boost = PRESS;
        out
    }

    /// `pool` with each candidate's pantry bonus of day `day` added.
    pub(crate) fn bonused(&self, pool: &[Candidate], day: u32) -> Vec<Candidate> {
        pool.iter()
            .map(|c| Candidate {
                bonus: c.bonus + self.bonus(c.index, day),
                ..c.clone()
            })
            .collect()
    }

    /// Takes what `servings` of recipe `r` eaten on day `day` draw from
    /// the items good that day, the earliest due first.
    pub(crate) fn take(&mut self, r: usize, servings: f64, day: u32) {
        for (food, grams) in &self.draws[r] {
            let mut need = grams * servings;
            for h in self
                .items
                .iter_mut()
                .filter(|h| h.food == *food && weight(h.use_by, day) > 0.0)
            {
                if need <= 0.0 {
                    break;
                }
                let take = need.min(h.left);
                h.left -= take;
                need -= take;
            }
        }
    }
}

/// `best`, or a day of `problem` with less loss found by descending from
/// `best` with one slot's recipe swapped for one of the
/// [`PANTRY_STARTS`] of that slot with the largest pantry bonus; never
/// one off the targets `best` meets.
pub(crate) fn richer_day(problem: &Problem<'_>, mut best: Day, rng: &mut Rng) -> Day {
    let mut starts: Vec<Vec<(usize, f64)>> = Vec::new();
    for (k, slot) in problem.slots.iter().enumerate() {
        let mut ranked: Vec<usize> = (0..slot.pool.len())
            .filter(|c| slot.pool[*c].bonus >= 1.0)
            .collect();
        ranked.sort_by(|a, b| slot.pool[*b].bonus.total_cmp(&slot.pool[*a].bonus));
        for c in ranked.into_iter().take(PANTRY_STARTS) {
            let mut picks = best.picks.clone();
            picks[k] = (c, 1.0_f64.clamp(slot.range.min, slot.range.usual_max));
            starts.push(picks);
        }
    }
    let met = problem.targets_met(&best.picks);
    for start in starts {
        if problem.budget.spent() {
            break;
        }
        if !problem.valid(&start) {
            continue;
        }
        let day = problem.descend(start, rng);
        if day.loss < best.loss && (!met || problem.targets_met(&day.picks)) {
            best = day;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::food::meal::MealType;
    use crate::food::nutrition::Nutrition;
    use crate::food::recipe::{RecipeIngredient, RecipeParts};
    use crate::food::taxonomy::Taxonomy;

    fn recipe(ingredients: &[(&str, f64)]) -> Recipe {
        Recipe::new(
            Taxonomy::standard(),
            RecipeParts {
                id: 1,
                name: "dish".into(),
                nutrition: Nutrition {
                    calories: 500.0,
                    ..Nutrition::default()
                },
                ingredients: ingredients
                    .iter()
                    .map(|(name, grams)| RecipeIngredient {
                        name: (*name).into(),
                        grams: *grams,
                    })
                    .collect(),
                meal_types: vec![MealType::Dinner],
                ..RecipeParts::default()
            },
        )
        .unwrap()
    }

    #[test]
    fn the_planner_sees_each_item_a_recipe_draws_on_by_its_day() {
        let recipes = [recipe(&[("egg", 100.0), ("kiwi", 30.0)])];
        let today = NaiveDate::from_ymd_opt(2026, 3, 1).unwrap();
        let item = |name: &str, grams: f64, due: Option<(u32, u32)>| {
            let due = due.map(|(m, d)| NaiveDate::from_ymd_opt(2026, m, d).unwrap());
            PantryItem::new(name.into(), grams, due).unwrap()
        };
        let items = [
            item("rice", 500.0, None),
            item("kiwi", 60.0, Some((3, 3))),
            item("egg", 120.0, Some((3, 1))),
            item("egg", 50.0, Some((3, 9))),
            item("kiwi", 40.0, None),
            item("egg", 30.0, Some((2, 27))),
        ];
        let foods = PantryFood::seat(&recipes, &items, &Kitchen::default(), today);
        let seen: Vec<(&str, f64, Option<u32>)> = foods
            .iter()
            .map(|f| (f.name.as_str(), f.grams, f.use_by))
            .collect();
        // Rice is in no recipe; a plan's first day is day 1; an item past
        // its day counts as due on the first.
        assert_eq!(
            seen,
            [
                ("egg", 120.0, Some(1)),
                ("egg", 30.0, Some(1)),
                ("kiwi", 60.0, Some(3)),
                ("egg", 50.0, Some(9)),
                ("kiwi", 40.0, None),
            ]
        );
        assert_eq!(foods[0].drawn_by, [("egg".to_owned(), 1.0)]);
    }

    #[test]
    fn a_gram_is_worth_most_on_its_last_day_and_nothing_after() {
        assert_eq!(weight(Some(3), 3), 1.0);
        assert!(weight(Some(3), 2) < 1.0 && weight(Some(3), 1) < weight(Some(3), 2));
        assert_eq!(weight(Some(3), 4), 0.0);
        assert_eq!(weight(None, 1), UNDATED);
        assert_eq!(weight(Some(100), 1), UNDATED);
    }
}
