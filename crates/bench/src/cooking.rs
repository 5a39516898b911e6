//! Issue 40's weeks: leftovers and the pantry, each against the same
//! people planned without them.
//!
//! - **Leftovers** ([`cooking`]): the bench's people at 3 meals a day,
//!   plain, with leftovers (cook once, eat twice) and with `cook_at_most`
//!   7, 5 and 4: cooking sessions (lunches and dinners cooked, as
//!   [`planner::cooking_sessions`] counts them), days on target, grams
//!   bought and time.
//! - **Pantry** ([`pantry`]): the same people (their own meals a day),
//!   each with a pantry of 6-15 random fresh foods of the catalogue they eat,
//!   2-6 servings' worth each, due in 1-10 days, each food drawn by a hash of
//!   (seed, person, food) ([`random_pantry`]), planned without it and with `use_pantry` as the
//!   service seats it ([`PantryFood::seat`]): the share of
//!   the grams due within the week that the plan uses before they are
//!   due, grams bought, days on target and time.

use mealplan_domain::PantryItem;
use mealplan_domain::kitchen::Aisle;
use mealplan_domain::planner::{Leftovers, PantryFood, TableDay};

use super::*;

/// The fewest cooking sessions one person's week of lunches and dinners
/// allows: a dish keeps two days, so one cooked at lunch feeds at most
/// six of the 14 meals (batches, `planner::leftovers`).
pub const LEAST_SESSIONS: usize = 3;

/// One row of the leftovers table: a week for each person.
#[derive(Debug, Default, Clone)]
pub struct Cooking {
    /// What was asked: plain, leftovers, `cook_at_most` N.
    pub label: String,
    /// Weeks planned and refused.
    pub weeks: (usize, usize),
    /// Cooking sessions, every week.
    pub sessions: usize,
    /// Weeks with more sessions than `cook_at_most` (or
    /// [`LEAST_SESSIONS`] when that is fewer).
    pub over: usize,
    /// Leftovers the planner dropped to keep a day on its targets.
    pub dropped: usize,
    /// Days (person-days at a table) within the tolerances, all of them.
    pub days: (usize, usize),
    /// Grams bought, every week (each recipe's ingredients at the
    /// servings cooked, as shops sell them).
    pub grams: f64,
    /// Seconds per week.
    pub seconds: Vec<f64>,
    /// Grams due within the week left unused (more than 10 g of an item),
    /// by meals a day (index 1-6) and why ([`pantry_why`]; empty
    /// otherwise): no recipe of the person holding the food can be in a
    /// day on target ([`crate::landing`]), 1-3 can, more can and the item
    /// is due on day 1-2, more can and it is due later.
    pub why: Vec<[f64; 4]>,
}

/// The grams of each food bought as shops sell it (the kitchen's
/// `bought_as`) that `week` cooks, by food.
pub fn bought(
    recipes: &[Recipe],
    week: &[TableDay],
) -> std::collections::BTreeMap<String, Vec<(u8, f64)>> {
    let mut out: std::collections::BTreeMap<String, Vec<(u8, f64)>> = Default::default();
    for day in week {
        for m in &day.meals {
            let r = recipes.iter().find(|r| r.id == m.recipe_id).expect("known");
            for i in r.ingredients() {
                let (food, grams) = kitchen().bought_as(&i.name, i.grams * m.servings_to_cook());
                out.entry(food.to_owned())
                    .or_default()
                    .push((day.day_of_week, grams));
            }
        }
    }
    out
}

fn week_seconds(seconds: &[f64]) -> (f64, f64) {
    let mut v = seconds.to_vec();
    v.sort_by(f64::total_cmp);
    let at = |q: f64| {
        v.get(((v.len() as f64 - 1.0) * q).round() as usize)
            .copied()
    };
    (
        at(0.5).unwrap_or(0.0) * 1000.0,
        at(0.95).unwrap_or(0.0) * 1000.0,
    )
}

/// Plans a week at 3 meals a day for each of `people`, with `leftovers`
/// when given.
pub fn cooking(
    recipes: &[Recipe],
    people: &[Profile],
    seed: u64,
    leftovers: Option<Leftovers>,
) -> Cooking {
    let mut out = Cooking {
        label: match leftovers {
            None => "plain".into(),
            Some(Leftovers { cook_at_most: None }) => "leftovers".into(),
            Some(Leftovers {
                cook_at_most: Some(n),
            }) => format!("leftovers, cook_at_most {n}"),
        },
        ..Cooking::default()
    };
    let dishes = Dishes::new(recipes, Some(kitchen()));
    for (i, p) in people.iter().enumerate() {
        let me = diner(p, false);
        let request = PlanRequest::new(recipes, vec![me.clone()], 7)
            .expect("valid request")
            .with_kitchen(kitchen())
            .with_dishes(&dishes)
            .with_seed(seed.wrapping_add(i as u64));
        let request = match leftovers {
            Some(l) => request.with_leftovers(l),
            None => request,
        };
        let started = Instant::now();
        let Ok(week) = planner::plan(&request) else {
            out.weeks.1 += 1;
            continue;
        };
        out.seconds.push(started.elapsed().as_secs_f64());
        out.weeks.0 += 1;
        let sessions = planner::cooking_sessions(&week);
        out.sessions += sessions;
        // A week of lunches and dinners needs 3 sessions at least,
        // whatever the bound asked.
        if leftovers
            .and_then(|l| l.cook_at_most)
            .is_some_and(|n| sessions > usize::from(n).max(LEAST_SESSIONS))
        {
            out.over += 1;
        }
        out.dropped += week
            .iter()
            .flat_map(|d| &d.notes)
            .filter(|n| n.contains("cooked fresh"))
            .count();
        for day in &week {
            out.days.1 += 1;
            if me.tolerances.admits(&day.totals[0], &me.targets.get()) {
                out.days.0 += 1;
            }
        }
        out.grams += bought(recipes, &week)
            .values()
            .flatten()
            .map(|(_, g)| g)
            .sum::<f64>();
    }
    out
}

impl Cooking {
    /// The leftovers table's heading.
    pub fn heading(people: usize) -> String {
        format!(
            "\n### Leftovers ({people} people at 3 meals a day, a week each)\n\n\
             | week | cooking sessions a week (lunch, dinner) | fewer than plain | weeks over cook_at_most (at least 3) | leftovers dropped for a day's targets | days within 5% kcal / 10% each macro | kg bought a week | median ms a week (p95) | refused |\n\
             |---|---|---|---|---|---|---|---|---|\n"
        )
    }

    /// One row, `plain` the same people without leftovers.
    pub fn row(&self, plain: &Cooking) -> String {
        let weeks = self.weeks.0.max(1) as f64;
        let per_week = self.sessions as f64 / weeks;
        let plain_week = plain.sessions as f64 / plain.weeks.0.max(1) as f64;
        let (median, p95) = week_seconds(&self.seconds);
        format!(
            "| {} | {:.2} | {:.1}% | {} | {} | {:.1}% ({}/{}) | {:.2} | {:.1} ({:.1}) | {} |\n",
            self.label,
            per_week,
            100.0 * (1.0 - per_week / plain_week.max(1e-9)),
            self.over,
            self.dropped,
            100.0 * self.days.0 as f64 / self.days.1.max(1) as f64,
            self.days.0,
            self.days.1,
            self.grams / weeks / 1000.0,
            median,
            p95,
            self.weeks.1,
        )
    }
}

/// Plans a week for `n` tables of 2-6 of `people` (taken in turn, as
/// [`households`](crate::households) does; `people` must hold 6 `n`),
/// everyone at 3 meals a day, with `leftovers` when given: a row of the
/// leftovers table over person-days (sessions count each table's
/// cooking once).
pub fn table_cooking(
    recipes: &[Recipe],
    people: &[Profile],
    n: usize,
    seed: u64,
    leftovers: Option<Leftovers>,
) -> Cooking {
    let mut out = cooking(recipes, &[], seed, leftovers);
    out.label = format!("{n} tables of 2-6, {}", out.label);
    let dishes = Dishes::new(recipes, Some(kitchen()));
    let mut next = 0;
    for h in 0..n {
        let size = 2 + h % 5;
        let diners: Vec<Diner> = people[next..next + size]
            .iter()
            .map(|p| diner(p, false))
            .collect();
        next += size;
        let request = PlanRequest::new(recipes, diners.clone(), 7)
            .expect("valid request")
            .with_kitchen(kitchen())
            .with_dishes(&dishes)
            .with_seed(seed.wrapping_add(h as u64));
        let request = match leftovers {
            Some(l) => request.with_leftovers(l),
            None => request,
        };
        let started = Instant::now();
        let Ok(week) = planner::plan(&request) else {
            out.weeks.1 += 1;
            continue;
        };
        out.seconds.push(started.elapsed().as_secs_f64());
        out.weeks.0 += 1;
        out.sessions += planner::cooking_sessions(&week);
        out.dropped += week
            .iter()
            .flat_map(|d| &d.notes)
            .filter(|n| n.contains("cooked fresh"))
            .count();
        for day in &week {
            for (d, diner) in diners.iter().enumerate() {
                out.days.1 += 1;
                if diner
                    .tolerances
                    .admits(&day.totals[d], &diner.targets.get())
                {
                    out.days.0 += 1;
                }
            }
        }
        out.grams += bought(recipes, &week)
            .values()
            .flatten()
            .map(|(_, g)| g)
            .sum::<f64>();
    }
    out
}

/// The foods (as shops sell them) of at least 3 recipes of `recipes`
/// that keep `me`'s rules and serve a meal of theirs, each with the
/// median grams one serving of those recipes lists.
fn serving_grams<'a>(recipes: &'a [Recipe], me: &Diner) -> Vec<(&'a str, f64)> {
    let mut uses: std::collections::BTreeMap<&str, Vec<f64>> = Default::default();
    for r in recipes
        .iter()
        .filter(|r| me.rules.allow(r) && me.slots.iter().any(|m| r.serves(*m)))
    {
        for i in r.ingredients() {
            let (food, grams) = kitchen().bought_as(&i.name, i.grams);
            uses.entry(food).or_default().push(grams);
        }
    }
    uses.into_iter()
        .filter(|(_, g)| g.len() >= 3)
        .map(|(f, mut g)| {
            g.sort_by(f64::total_cmp);
            (f, g[g.len() / 2])
        })
        .collect()
}

/// Most meals a day one person plausibly eats one food at (the planner's
/// day rule for protein foods), fewer when they eat fewer meals.
pub const PLAUSIBLE_MEALS_A_DAY: usize = 2;

/// The grams of a food one person could plausibly eat on the `days` of
/// the week up to its use-by: at most [`PLAUSIBLE_MEALS_A_DAY`] of their
/// `meals` a day, each a serving of `serving` grams (the median recipe's)
/// at `portion` servings (their plain week's mean a meal).
pub fn plausible_grams(days: u32, meals: usize, serving: f64, portion: f64) -> f64 {
    f64::from(days) * meals.min(PLAUSIBLE_MEALS_A_DAY) as f64 * serving * portion
}

/// A pantry of 6-15 random foods for `me`, person `person` of the bench's
/// draw at `seed`: foods (as shops sell them) sold fresh ([`perishable`])
/// of at least 3 recipes of `recipes` that keep their rules and serve a
/// meal of theirs, each as much as 2-6 servings of those recipes use
/// (the median recipe's grams, in 10 g steps), due 1-10 days after
/// [`today`]: what a fridge holds, not a kilo of cumin.
///
/// Each food's draw is its own ([`food_draw`]: a hash of seed, person
/// and food name), and the pantry holds the foods of smallest draw, so a
/// catalogue change redraws only the pantries it should: a food newly
/// eligible enters a pantry only by outranking one held, and a food's
/// grams move only when the median grams of its recipes do. (A draw from
/// one random stream by index into the food list, before branch
/// pantry46, redrew every person's pantry when one food joined the list.)
pub fn random_pantry(recipes: &[Recipe], me: &Diner, seed: u64, person: usize) -> Vec<PantryItem> {
    let mut foods: Vec<(u64, &str, f64)> = serving_grams(recipes, me)
        .into_iter()
        .filter(|(food, _)| perishable(food))
        .map(|(food, median)| (food_draw(seed, person, food).next_u64(), food, median))
        .collect();
    // Ties (one in 2^64) broken by name, so the order is the draw's alone.
    foods.sort_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.cmp(b.1)));
    let n = 6 + food_draw(seed, person, "").below(10);
    foods
        .into_iter()
        .take(n)
        .map(|(_, f, median)| {
            let mut rng = food_draw(seed, person, f);
            rng.next_u64(); // the rank's
            let servings = 2 + rng.below(5);
            // Weighed as recipes list it (cooked rice), held as sold (dry).
            let listed = ((median * servings as f64 / 10.0).round() * 10.0).clamp(10.0, 10_000.0);
            let grams = listed * sold_per_listed(f);
            let due = today() + chrono::Days::new(1 + rng.below(10) as u64);
            PantryItem::new(f.to_owned(), grams, Some(due)).expect("grams in range")
        })
        .collect()
}

/// The random stream of one (seed, person, food) of [`random_pantry`]:
/// its rank, servings and use-by, in that order (`food` empty: the
/// person's count of foods). FNV-1a over the name, mixed with the seed
/// and person: stable across Rust versions and platforms, unlike
/// `std`'s hasher.
fn food_draw(seed: u64, person: usize, food: &str) -> Rng {
    let name = food.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    let mut mix = Rng(seed ^ 0x7061_6e74_7279 ^ (person as u64).wrapping_mul(0x9e37_79b9));
    let key = mix.next_u64() ^ name;
    Rng(Rng(key).next_u64())
}

/// Whether `food` is sold fresh, so that it has a use-by day within 1-10
/// days of buying: fruit and vegetables, bread, meat, fish, dairy and the
/// chilled aisle. Dry pasta, rice, pulses, tins, nuts, oils and spices
/// keep for months: a pantry of them due in 1-10 days is no fridge to
/// empty (before this, 45% of the bench's due grams were such foods).
fn perishable(food: &str) -> bool {
    kitchen().get(food).is_some_and(|f| {
        matches!(
            f.aisle,
            Aisle::Produce
                | Aisle::Bakery
                | Aisle::Meat
                | Aisle::Fish
                | Aisle::Dairy
                | Aisle::Chilled
        )
    })
}

/// Grams of `food` as sold per gram as recipes list it (dry rice per
/// cooked), as the app turns a pantry item's grams into the shopping
/// list's.
fn sold_per_listed(food: &str) -> f64 {
    kitchen()
        .get(food)
        .and_then(|f| f.bought.as_ref())
        .map_or(1.0, |b| b.factor)
        .max(f64::MIN_POSITIVE)
}

/// One row of the pantry table.
#[derive(Debug, Default, Clone)]
pub struct Pantry {
    /// Whether the plans were asked to use the pantry.
    pub use_pantry: bool,
    /// Weeks planned and refused.
    pub weeks: (usize, usize),
    /// Grams in the pantries due within the week, and of those used by a
    /// meal on or before their day.
    pub due: (f64, f64),
    /// The same grams each capped at what the person could plausibly eat
    /// of the food before it is due ([`plausible_grams`]), and of those
    /// used (each item's use capped too).
    pub plausible: (f64, f64),
    /// Each item due within the week: its grams, and what the person
    /// could plausibly eat of it before it is due.
    pub held: Vec<(f64, f64)>,
    /// Grams due within the week and used, by the person's meals a day
    /// (index 1-6).
    pub by_meals: [(f64, f64); 7],
    /// The most grams due within the week any week on target could use
    /// ([`crate::reach`]), in all and by meals a day (only when
    /// `use_pantry`).
    pub reach: [f64; 7],
    /// Items due within the week, and of those used at all before due.
    pub items: (usize, usize),
    /// Grams bought beyond what the pantry gives (fresh items only).
    pub bought: f64,
    /// Days within the tolerances, all days.
    pub days: (usize, usize),
    /// Seconds per week.
    pub seconds: Vec<f64>,
    /// Grams due within the week left unused (more than 10 g of an item),
    /// by meals a day (index 1-6) and why ([`pantry_why`]; empty
    /// otherwise): no recipe of the person holding the food can be in a
    /// day on target ([`crate::landing`]), 1-3 can, more can and the item
    /// is due on day 1-2, more can and it is due later.
    pub why: Vec<[f64; 4]>,
    /// The same grams left by food ([`pantry_why`] only): food, the
    /// person's meals a day, diet (0 any, 1 vegetarian, 2 vegan), whether
    /// no recipe of theirs holding it can be in a day on target, grams.
    pub left: Vec<(String, usize, usize, bool, f64)>,
}

/// Plans a week for each of `people` (their own meals a day), each with a
/// random pantry ([`random_pantry`]), using it when `use_pantry`: the
/// pantry's grams due within the week that the plan uses, and what it
/// buys beyond them. A plan day `d` is [`today`] + `d` − 1; a meal takes
/// from the pantry items of its foods still good on its day, the earliest
/// due first.
pub fn pantry(recipes: &[Recipe], people: &[Profile], seed: u64, use_pantry: bool) -> Pantry {
    pantry_of(recipes, people, seed, use_pantry, false)
}

/// [`pantry`] using the pantry, with the grams it left unused told by
/// why ([`Pantry::why`]): slower, a day bound per recipe holding a due
/// food.
pub fn pantry_why(recipes: &[Recipe], people: &[Profile], seed: u64) -> Pantry {
    pantry_of(recipes, people, seed, true, true)
}

/// [`pantry`], with [`Pantry::why`] when `why`.
fn pantry_of(
    recipes: &[Recipe],
    people: &[Profile],
    seed: u64,
    use_pantry: bool,
    why: bool,
) -> Pantry {
    let mut out = Pantry {
        use_pantry,
        why: if why { vec![[0.0; 4]; 7] } else { Vec::new() },
        ..Pantry::default()
    };
    let dishes = Dishes::new(recipes, Some(kitchen()));
    for (i, p) in people.iter().enumerate() {
        let mut me = diner(p, true);
        let items = random_pantry(recipes, &me, seed, i);
        if use_pantry {
            me = me.using_pantry(PantryFood::seat(recipes, &items, kitchen(), today()));
        }
        let request = PlanRequest::new(recipes, vec![me.clone()], 7)
            .expect("valid request")
            .with_kitchen(kitchen())
            .with_dishes(&dishes)
            .with_seed(seed.wrapping_add(i as u64));
        let started = Instant::now();
        let Ok(week) = planner::plan(&request) else {
            out.weeks.1 += 1;
            continue;
        };
        out.seconds.push(started.elapsed().as_secs_f64());
        // The person's portion: their plain week's mean servings a meal.
        let plain_week = if use_pantry {
            let plain = PlanRequest::new(recipes, vec![diner(p, true)], 7)
                .expect("valid request")
                .with_kitchen(kitchen())
                .with_dishes(&dishes)
                .with_seed(seed.wrapping_add(i as u64));
            planner::plan(&plain).unwrap_or_default()
        } else {
            week.clone()
        };
        let meals: Vec<f64> = plain_week
            .iter()
            .flat_map(|d| &d.meals)
            .map(|m| m.servings_to_cook())
            .collect();
        let portion = meals.iter().sum::<f64>() / meals.len().max(1) as f64;
        let serving = serving_grams(recipes, &me);
        out.weeks.0 += 1;
        for day in &week {
            out.days.1 += 1;
            if me.tolerances.admits(&day.totals[0], &me.targets.get()) {
                out.days.0 += 1;
            }
        }
        let last = today() + chrono::Days::new(6);
        // Each item in the recipes' grams, as the shopping list and
        // ticking meals eaten count it; the earliest due first.
        let mut held: Vec<(String, f64, Option<NaiveDate>)> = items
            .iter()
            .map(|it| {
                let (food, sold) = kitchen().bought_as(&it.name, it.grams);
                (food.to_owned(), sold / sold_per_listed(food), it.use_by)
            })
            .collect();
        held.sort_by_key(|(_, _, use_by)| use_by.unwrap_or(NaiveDate::MAX));
        if use_pantry {
            let mut misses = [0.0; 7];
            for (d, miss) in misses.iter_mut().enumerate().take(week.len()) {
                *miss = me.day_miss(recipes, &week[d].of(0, &me));
            }
            let most = crate::reach(recipes, &me, &held, &misses);
            out.reach[0] += most;
            out.reach[me.slots.len().min(6)] += most;
        }
        let due: Vec<bool> = held
            .iter()
            .map(|(_, _, use_by)| use_by.is_some_and(|u| u <= last))
            .collect();
        let at_first: Vec<f64> = held.iter().map(|(_, grams, _)| *grams).collect();
        for (food, needs) in bought(recipes, &week) {
            for (day, mut grams) in needs {
                let date = today() + chrono::Days::new(u64::from(day) - 1);
                for (_, left, _) in held
                    .iter_mut()
                    .filter(|(name, _, use_by)| *name == food && use_by.is_none_or(|u| u >= date))
                {
                    let take = grams.min(*left);
                    *left -= take;
                    grams -= take;
                }
                out.bought += grams;
            }
        }
        for ((due, (food, left, use_by)), first) in due.iter().zip(&held).zip(at_first) {
            if *due {
                out.due.0 += first;
                out.due.1 += first - left;
                let days = use_by.map_or(7, |u| ((u - today()).num_days() + 1).clamp(1, 7) as u32);
                let per_serving = serving
                    .iter()
                    .find(|(f, _)| f == food)
                    .map_or(0.0, |(_, g)| *g);
                let cap = plausible_grams(days, me.slots.len(), per_serving, portion);
                out.held.push((first, cap));
                let by = &mut out.by_meals[me.slots.len().min(6)];
                by.0 += first;
                by.1 += first - left;
                out.plausible.0 += first.min(cap);
                out.plausible.1 += (first - left).min(cap);
                out.items.0 += 1;
                if *left < first {
                    out.items.1 += 1;
                }
                if why && *left > 10.0 {
                    let lands = crate::landing(recipes, &me, food);
                    let class = match lands {
                        0 => 0,
                        1..=3 => 1,
                        _ if days <= 2 => 2,
                        _ => 3,
                    };
                    out.why[me.slots.len().min(6)][class] += *left;
                    out.left.push((
                        food.clone(),
                        me.slots.len(),
                        p.hard_diet(),
                        lands == 0,
                        *left,
                    ));
                }
            }
        }
    }
    out
}

impl Pantry {
    /// The pantry table's heading.
    pub fn heading(people: usize) -> String {
        format!(
            "\n### Pantry ({people} people, their own meals a day, a pantry of 6-15 fresh foods they eat, 2-6 servings of each, due in 1-10 days)\n\n\
             | week | pantry grams due within the week used before due | of what one person could eat before due | items due within the week touched | kg bought a week | days within 5% kcal / 10% each macro | median ms a week (p95) | refused |\n\
             |---|---|---|---|---|---|---|---|\n"
        )
    }

    /// One row.
    pub fn row(&self) -> String {
        let (median, p95) = week_seconds(&self.seconds);
        format!(
            "| {} | {:.1}% ({:.1} of {:.1} kg) | {:.1}% ({:.1} of {:.1} kg) | {:.1}% ({}/{}) | {:.2} | {:.1}% ({}/{}) | {:.1} ({:.1}) | {} |\n",
            if self.use_pantry {
                "use_pantry"
            } else {
                "plain"
            },
            100.0 * self.due.1 / self.due.0.max(1e-9),
            self.due.1 / 1000.0,
            self.due.0 / 1000.0,
            100.0 * self.plausible.1 / self.plausible.0.max(1e-9),
            self.plausible.1 / 1000.0,
            self.plausible.0 / 1000.0,
            100.0 * self.items.1 as f64 / self.items.0.max(1) as f64,
            self.items.1,
            self.items.0,
            self.bought / self.weeks.0.max(1) as f64 / 1000.0,
            100.0 * self.days.0 as f64 / self.days.1.max(1) as f64,
            self.days.0,
            self.days.1,
            median,
            p95,
            self.weeks.1,
        )
    }

    /// What [`pantry_why`] found: the due grams left unused by meals a
    /// day and why (empty without it).
    pub fn why_left(&self) -> String {
        if self.why.is_empty() {
            return String::new();
        }
        let rows: Vec<String> = (1..=6)
            .filter(|m| self.by_meals[*m].0 > 0.0)
            .map(|m| {
                let kg = |g: f64| format!("{:.1}", g / 1000.0);
                let w = self.why[m];
                format!(
                    "| {m} | {} of {} | {} | {} | {} | {} |",
                    kg(self.by_meals[m].0 - self.by_meals[m].1),
                    kg(self.by_meals[m].0),
                    kg(w[0]),
                    kg(w[1]),
                    kg(w[2]),
                    kg(w[3])
                )
            })
            .collect();
        format!(
            "\nDue kg left unused (items with more than 10 g left), by meals a day and why:\n\n\
             | meals a day | left of due | no recipe of theirs in a day on target | 1-3 such recipes | more, due day 1-2 | more, due day 3-7 |\n\
             |---|---|---|---|---|---|\n{}\n",
            rows.join("\n")
        )
    }

    /// The foods [`pantry_why`] found left most (by grams, the first
    /// `n`): kg left, of them at 1-2 meals a day, and of those with no
    /// recipe of the person in a day on target; items by diet.
    pub fn foods_left(&self, n: usize) -> String {
        let mut by: std::collections::BTreeMap<&str, [f64; 6]> = Default::default();
        for (food, meals, diet, none, grams) in &self.left {
            let e = by.entry(food.as_str()).or_default();
            e[0] += grams;
            if *meals <= 2 {
                e[1] += grams;
                if *none {
                    e[2] += grams;
                }
            }
            e[3 + diet.min(&2)] += 1.0;
        }
        let mut rows: Vec<(&str, [f64; 6])> = by.into_iter().collect();
        rows.sort_by(|a, b| b.1[0].total_cmp(&a.1[0]));
        if rows.is_empty() {
            return String::new();
        }
        let lines: Vec<String> = rows
            .iter()
            .take(n)
            .map(|(food, e)| {
                format!(
                    "| {food} | {:.2} | {:.2} | {:.2} | {} / {} / {} |",
                    e[0] / 1000.0,
                    e[1] / 1000.0,
                    e[2] / 1000.0,
                    e[3],
                    e[4],
                    e[5]
                )
            })
            .collect();
        format!(
            "\nThe foods left most (items with more than 10 g left):\n\n\
             | food | kg left | at 1-2 meals a day | of those, no recipe of theirs in a day on target | items: any / vegetarian / vegan |\n\
             |---|---|---|---|---|\n{}\n",
            lines.join("\n")
        )
    }

    /// The share of the grams due within the week used, by meals a day.
    pub fn by_meals(&self) -> String {
        let shares: Vec<String> = (1..=6)
            .filter(|m| self.by_meals[*m].0 > 0.0)
            .map(|m| {
                let (due, used) = self.by_meals[m];
                format!("{m}: {:.1}% of {:.1} kg", 100.0 * used / due, due / 1000.0)
            })
            .collect();
        let reach: Vec<String> = (1..=6)
            .filter(|m| self.by_meals[*m].0 > 0.0)
            .map(|m| {
                let (due, used) = self.by_meals[m];
                format!(
                    "{m}: {:.1}% (used {:.1}% of it)",
                    100.0 * self.reach[m] / due,
                    100.0 * used / self.reach[m].max(1e-9)
                )
            })
            .collect();
        let bound = if self.use_pantry {
            format!(
                "\nThe most any week on target could use (`reach`): {:.1}% of the due grams ({:.1} kg; the plan used {:.1}% of that); by meals a day: {}.\n",
                100.0 * self.reach[0] / self.due.0.max(1e-9),
                self.reach[0] / 1000.0,
                100.0 * self.due.1 / self.reach[0].max(1e-9),
                reach.join(", ")
            )
        } else {
            String::new()
        };
        format!(
            "\n{}: due grams used by meals a day: {}.\n{bound}",
            if self.use_pantry {
                "use_pantry"
            } else {
                "plain"
            },
            shares.join(", ")
        )
    }

    /// How the items due within the week compare with what their person
    /// could plausibly eat of them before due ([`plausible_grams`]): the
    /// quartiles of held / plausible, the items holding more, and the
    /// grams beyond.
    pub fn spread(&self) -> String {
        let mut ratios: Vec<f64> = self
            .held
            .iter()
            .map(|(held, cap)| held / cap.max(1e-9))
            .collect();
        ratios.sort_by(f64::total_cmp);
        let at = |q: f64| {
            ratios
                .get(((ratios.len() as f64 - 1.0) * q).round() as usize)
                .copied()
                .unwrap_or(0.0)
        };
        let over = self.held.iter().filter(|(h, c)| h > c).count();
        let beyond: f64 = self.held.iter().map(|(h, c)| (h - c).max(0.0)).sum();
        let held: f64 = self.held.iter().map(|(h, _)| h).sum();
        format!(
            "\nHeld / plausible before due, {} items due within the week: p10 {:.2}, p25 {:.2}, median {:.2}, p75 {:.2}, p90 {:.2}, max {:.2}; {} items ({:.1}%) hold more than their person could eat before due, {:.1} of {:.1} kg ({:.1}%) beyond it.\n",
            ratios.len(),
            at(0.1),
            at(0.25),
            at(0.5),
            at(0.75),
            at(0.9),
            at(1.0),
            over,
            100.0 * over as f64 / ratios.len().max(1) as f64,
            beyond / 1000.0,
            held / 1000.0,
            100.0 * beyond / held.max(1e-9),
        )
    }
}
