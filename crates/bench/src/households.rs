//! Households of 2-6 of the benchmark's random people (bodies, diets,
//! allergies) planned for a week at one table (issue 24): how many
//! person-days land within 5% kcal and 10% every macro, how many slots
//! several people eat at are served by one dish, how many portions leave
//! 0.75-1.5 servings, every person's rules judged by the bench's own
//! reading ([`breaks_taxonomy`]), each person's day limits and week of
//! micronutrients, the repeats people notice (yesterday's recipe at the
//! same slot, a recipe twice a day), and the time of a week.

use mealplan_domain::planner::{TableDay, is_main, meal_weight_excess, share_breach};

use super::*;

/// Everything measured over the households of one run.
#[derive(Debug, Default, Clone)]
pub struct Households {
    /// What the row is, when not households of the bench's people
    /// ([`mixed`](Self::mixed) says which).
    pub name: Option<String>,
    /// Whether each person ate their own meals a day (else 3 for all).
    pub mixed: bool,
    /// Households planned.
    pub tables: usize,
    /// Households the planner refused (no dish for a slot).
    pub refused: usize,
    /// Person-days of people with 3+ meals: within tolerance, all.
    pub days: (usize, usize),
    /// Slots with two or more eaters: served by one dish, all.
    pub shared: (usize, usize),
    /// Split slots whose split is forced by the rules (no dish keeps
    /// everyone's).
    pub split_by_rules: usize,
    /// Portions outside 0.75-1.5 servings, all portions.
    pub outside: (usize, usize),
    /// Dishes served to someone whose rules they break (bench's reading).
    pub broken: usize,
    /// Person-days of people with 3+ meals with a meal outside the sizes
    /// such a day keeps (a main meal under 15% or a snack under 5% of
    /// their day, any meal over 50%).
    pub sizes_breached: usize,
    /// Portions over the meal weight limit (900 g; 1,200 g one meal),
    /// all portions.
    pub heavy: usize,
    /// Person-days (everyone, any number of meals) and of those, days
    /// within each limit as the person's own day is judged
    /// ([`whole_day::check`]): the fibre window, sodium, saturated fat.
    pub limits: (usize, [usize; 3]),
    /// Person-days over their fibre ceiling.
    pub fibre_over: usize,
    /// Meals someone eats at the slot where they ate the same recipe the
    /// day before, not as a leftover; of the others, those repeating its
    /// twin (one dish family on one main ingredient); and person-days
    /// with a recipe twice (issue 38, "variety as people notice it": the
    /// README's "no recipe repeats in a day nor in the same slot on
    /// consecutive days").
    pub repeats: (usize, usize, usize),
    /// Person-weeks and, of those, weeks whose daily average reaches 80%
    /// of the person's reference of each micronutrient goal (calcium,
    /// iron, potassium, B12), and of all four.
    pub micro_weeks: (usize, [usize; 4], usize),
    /// Person-weeks crowded by one protein food ([`Crowding`]).
    pub crowded: Crowding,
    /// Each person-week under 80% of a goal: who (kcal, meals, diets,
    /// restrictions, calcium reference) and each goal's share.
    pub short: Vec<String>,
    /// Seconds per week, every household.
    pub seconds: Vec<f64>,
    /// Seconds per week, households of four.
    pub four_seconds: Vec<f64>,
}

/// The diner a bench profile is at a table (3 meals unless `mixed`).
pub fn diner(p: &Profile, mixed: bool) -> Diner {
    let rules = HardRules::new(
        Taxonomy::standard(),
        p.restrictions.iter().copied(),
        &p.diets,
    );
    let meals = if mixed {
        p.meals
    } else {
        MealsPerDay::parse(3).expect("3 is a number of meals")
    };
    let preferred = p
        .diets
        .iter()
        .copied()
        .filter(|d| !matches!(d, DietType::Vegan | DietType::Vegetarian))
        .collect();
    Diner::new(
        mealplan_domain::DayTargets::parse(p.targets).expect("bench targets"),
        meals,
        rules,
    )
    .preferring(preferred, Vec::new())
    .limited(p.limits)
    .with_intakes(p.intakes)
}

/// Plans a week for `n` households of 2-6 people taken in turn from
/// `people` (which must hold 6 `n`), sizes cycling 2, 3, 4, 5, 6.
pub fn households(
    recipes: &[Recipe],
    people: &[Profile],
    n: usize,
    seed: u64,
    mixed: bool,
) -> Households {
    let mut out = Households {
        mixed,
        tables: n,
        ..Households::default()
    };
    let dishes = Dishes::new(recipes, Some(kitchen()));
    let mut next = 0;
    for h in 0..n {
        let size = 2 + h % 5;
        let members = &people[next..next + size];
        next += size;
        let diners: Vec<Diner> = members.iter().map(|p| diner(p, mixed)).collect();
        let request = PlanRequest::new(recipes, diners.clone(), 7)
            .expect("valid request")
            .with_kitchen(kitchen())
            .with_dishes(&dishes)
            .with_seed(seed.wrapping_add(h as u64));
        let started = Instant::now();
        let Ok(week) = planner::plan(&request) else {
            out.refused += 1;
            continue;
        };
        let seconds = started.elapsed().as_secs_f64();
        out.seconds.push(seconds);
        if size == 4 {
            out.four_seconds.push(seconds);
        }
        out.tally(recipes, &dishes, &diners, members, &week);
    }
    out
}

impl Households {
    /// Counts in one table's planned `week`: `diners` seated as
    /// `members` (the bench's profiles, for their rules).
    pub fn tally(
        &mut self,
        recipes: &[Recipe],
        dishes: &Dishes,
        diners: &[Diner],
        members: &[Profile],
        week: &[TableDay],
    ) {
        let out = self;
        let mut micro: Vec<Vec<Micronutrients>> = vec![Vec::new(); diners.len()];
        let index = |id: i64| recipes.iter().position(|r| r.id == id).expect("known");
        for pair in week.windows(2) {
            for m in pair[1].meals.iter().filter(|m| m.leftover_of.is_none()) {
                let r = index(m.recipe_id);
                for s in &m.shares {
                    let before = pair[0].meals.iter().filter(|y| {
                        y.schedule == m.schedule && y.shares.iter().any(|x| x.diner == s.diner)
                    });
                    let mut twin = false;
                    for y in before {
                        let o = index(y.recipe_id);
                        if o == r {
                            out.repeats.0 += 1;
                            twin = false;
                            break;
                        }
                        twin |= dishes.twin(o) == dishes.twin(r);
                    }
                    out.repeats.1 += usize::from(twin);
                }
            }
        }
        let mut meals: Vec<Vec<Vec<(usize, f64)>>> = vec![Vec::new(); diners.len()];
        for day in week {
            for (d, diner) in diners.iter().enumerate() {
                let eaten: Vec<(usize, f64)> = day
                    .meals
                    .iter()
                    .flat_map(|m| {
                        let r = recipes
                            .iter()
                            .position(|r| r.id == m.recipe_id)
                            .expect("known");
                        m.shares
                            .iter()
                            .filter(|s| s.diner == d)
                            .map(move |s| (r, s.servings))
                    })
                    .collect();
                let twice = eaten
                    .iter()
                    .enumerate()
                    .any(|(k, (r, _))| eaten[..k].iter().any(|(o, _)| o == r));
                out.repeats.2 += usize::from(twice);
                micro[d].push(
                    eaten
                        .iter()
                        .map(|(r, s)| recipes[*r].card.micronutrients.scaled(*s))
                        .sum(),
                );
                let whole = whole_day::check(recipes, dishes, &eaten, &diner.limits);
                meals[d].push(eaten.clone());
                out.limits.0 += 1;
                for (k, minor) in [Minor::Fibre, Minor::Sodium, Minor::SaturatedFat]
                    .iter()
                    .enumerate()
                {
                    let level = whole
                        .levels
                        .iter()
                        .find(|l| l.minor == *minor)
                        .expect("every limit");
                    if level.met {
                        out.limits.1[k] += 1;
                    } else if *minor == Minor::Fibre
                        && level.max.is_some_and(|m| level.amount > m + 0.5)
                    {
                        out.fibre_over += 1;
                    }
                }
                let mine: Vec<(bool, f64)> = eaten
                    .iter()
                    .zip(
                        day.meals
                            .iter()
                            .filter(|m| m.shares.iter().any(|s| s.diner == d)),
                    )
                    .map(|((r, s), m)| (is_main(m.meal_type), recipes[*r].nutrition().calories * s))
                    .collect();
                let total: f64 = mine.iter().map(|(_, k)| k).sum();
                if total > 0.0
                    && mine
                        .iter()
                        .any(|(main, k)| share_breach(k / total, *main, mine.len(), true) > 1e-6)
                {
                    out.sizes_breached += 1;
                }
                if diner.slots.len() >= 3 {
                    out.days.1 += 1;
                    if diner
                        .tolerances
                        .admits(&day.totals[d], &diner.targets.get())
                    {
                        out.days.0 += 1;
                    }
                }
            }
            let mut by_slot = std::collections::BTreeMap::new();
            for m in &day.meals {
                by_slot.entry(m.schedule).or_insert_with(Vec::new).push(m);
                let recipe = recipes.iter().find(|r| r.id == m.recipe_id).expect("known");
                for s in &m.shares {
                    let meals = diners[s.diner].slots.len();
                    if meal_weight_excess(recipe.grams() * s.servings, meals) > 0.0 {
                        out.heavy += 1;
                    }
                    out.outside.1 += 1;
                    if !(0.75..=1.5).contains(&s.servings) {
                        out.outside.0 += 1;
                    }
                    if breaks_taxonomy(recipe, &members[s.diner]).is_some() {
                        out.broken += 1;
                    }
                }
            }
            for dishes in by_slot.values() {
                let eaters: usize = dishes.iter().map(|m| m.shares.len()).sum();
                if eaters < 2 {
                    continue;
                }
                out.shared.1 += 1;
                if dishes.len() == 1 {
                    out.shared.0 += 1;
                } else if dishes.iter().any(|m| {
                    m.split
                        .as_deref()
                        .is_some_and(|why| why.contains("keeps the rules"))
                }) {
                    out.split_by_rules += 1;
                }
            }
        }
        for week in &meals {
            out.crowded.add(recipes, week);
        }
        for (d, days) in micro.iter().enumerate() {
            let shares = planner::micronutrients::week_shares(&members[d].intakes, days);
            out.micro_weeks.0 += 1;
            for (k, (_, share)) in shares.iter().enumerate() {
                if *share >= ADEQUATE_SHARE {
                    out.micro_weeks.1[k] += 1;
                }
            }
            if shares.iter().all(|(_, s)| *s >= ADEQUATE_SHARE) {
                out.micro_weeks.2 += 1;
            } else {
                let p = &members[d];
                // Who shares the table: each other seat's diets.
                let others: Vec<String> = members
                    .iter()
                    .enumerate()
                    .filter(|(o, _)| *o != d)
                    .map(|(_, o)| {
                        let strict = o
                            .diets
                            .iter()
                            .find(|x| matches!(x, DietType::Vegan | DietType::Vegetarian));
                        strict.map_or("omnivore".to_string(), |x| format!("{x:?}").to_lowercase())
                    })
                    .collect();
                out.short.push(format!(
                    "{:.0} kcal, {} meals, {:?} {:?}, calcium reference {:.0} mg: Ca / Fe / K / B12 {:.0} / {:.0} / {:.0} / {:.0}%; at the table: {}",
                    p.targets.calories,
                    diners[d].slots.len(),
                    p.diets,
                    p.restrictions,
                    p.intakes.get(shares[0].0).amount,
                    shares[0].1 * 100.0,
                    shares[1].1 * 100.0,
                    shares[2].1 * 100.0,
                    shares[3].1 * 100.0,
                    others.join(", "),
                ));
            }
        }
    }

    /// One row of the households table.
    pub fn row(&self) -> String {
        let pct = |(a, b): (usize, usize)| 100.0 * a as f64 / b.max(1) as f64;
        let median = |v: &[f64]| {
            let mut v = v.to_vec();
            v.sort_by(f64::total_cmp);
            v.get(v.len() / 2).copied().unwrap_or(0.0) * 1000.0
        };
        let (weeks, each, all) = self.micro_weeks;
        let week_pct = |n: usize| 100.0 * n as f64 / weeks.max(1) as f64;
        format!(
            "| {} | {:.1}% ({}/{}) | {:.1}% ({}/{}; {} split by rules) | {:.1}% | {} | {} | {} | {} | {:.1}% ({} over) / {:.1}% / {:.1}% | {:.1} / {:.1} / {:.1} / {:.1} / {:.1}% | {} / {} / {} | {} | {:.1} ({:.1}) |\n",
            self.name.as_deref().unwrap_or(if self.mixed {
                "each person's own (1-6)"
            } else {
                "everyone 3"
            }),
            pct(self.days),
            self.days.0,
            self.days.1,
            pct(self.shared),
            self.shared.0,
            self.shared.1,
            self.split_by_rules,
            pct(self.outside),
            self.sizes_breached,
            self.heavy,
            self.broken,
            self.refused,
            pct((self.limits.1[0], self.limits.0)),
            self.fibre_over,
            pct((self.limits.1[1], self.limits.0)),
            pct((self.limits.1[2], self.limits.0)),
            week_pct(each[0]),
            week_pct(each[1]),
            week_pct(each[2]),
            week_pct(each[3]),
            week_pct(all),
            self.repeats.0,
            self.repeats.1,
            self.repeats.2,
            self.crowded.text(),
            median(&self.seconds),
            median(&self.four_seconds),
        )
    }

    /// The households table's heading.
    pub fn heading(tables: usize) -> String {
        format!(
            "\n### Households ({tables} tables of 2-6 people, a week each)\n\n\
             | meals a day | person-days within 5% kcal / 10% each macro (3+ meals) | multi-person slots one dish | portions outside 0.75-1.5 | person-days with a meal under 15% (snack 5%) or over 50% (3+ meals) | portions over the meal weight limit | rules broken | refused | person-days: fibre window / sodium / saturated fat kept | person-weeks at 80%: calcium / iron / potassium / B12 / all four | meals repeating the day before's recipe at the slot / its twin / person-days with a recipe twice | person-weeks with a main ingredient / a protein food of 50 g in > 4 meals or twice a day | median ms a week (4 people) |\n\
             |---|---|---|---|---|---|---|---|---|---|---|---|---|\n"
        )
    }
}
