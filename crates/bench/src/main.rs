//! `planner-bench`: plans 7 days for many varied profiles with the
//! planner and with a re-implementation of the original greedy,
//! calorie-only method, on the shipped catalogue and on a generated one,
//! and prints how well each meets the targets and how fast it is.
//!
//! Run: `cargo run --release -p mealplan-bench -- [--profiles N] [--generated N] [--seed S]`

use std::time::Instant;

use chrono::NaiveDate;
use mealplan_catalogue::IngredientTable;
use mealplan_domain::planner::{self, PlanRequest, PlannedDay, PlannedMeal, Rng};
use mealplan_domain::{
    ActivityLevel, Allergen, BirthDate, Body, BodyType, DietType, Gender, Goal, HardRules, Height,
    MealsPerDay, NonNegative, Nutrition, Recipe, RecipeIngredient, Targets, Weight, targets,
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

/// A benchmark profile: what a plan request needs.
struct Profile {
    targets: Targets<f64>,
    meals: MealsPerDay,
    restrictions: Vec<&'static str>,
    diets: Vec<DietType>,
}

fn profiles(n: usize, seed: u64) -> Vec<Profile> {
    let mut rng = Rng(seed);
    let today = NaiveDate::from_ymd_opt(2026, 11, 21).expect("valid date");
    (0..n)
        .map(|i| {
            // Cycle the categorical fields so every combination appears.
            let goal = Goal::ALL[i % 3];
            let gender = Gender::ALL[(i / 3) % 2];
            let activity = ActivityLevel::ALL[(i / 6) % 3];
            let meals = MealsPerDay::parse((i % 6) as i64 + 1).expect("1-6");
            let body_type = BodyType::ALL[rng.below(4)];
            let (h, w) = match gender {
                Gender::Male => (rng.range(160.0, 200.0), rng.range(55.0, 120.0)),
                Gender::Female => (rng.range(150.0, 185.0), rng.range(45.0, 100.0)),
            };
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
            let resolved = targets::resolve(
                &body,
                body.birth_date.age_on(today),
                NonNegative::default(),
                Targets::default(),
            );
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
            Profile {
                targets: resolved.targets,
                meals,
                restrictions,
                diets,
            }
        })
        .collect()
}

/// `n` recipes made from the shipped ones: each takes a shipped recipe,
/// scales every ingredient by 0.6-1.5 and sometimes swaps one ingredient
/// for a random one, then derives nutrition and tags by the catalogue's
/// rules.
fn generated_catalogue(shipped: &[Recipe], n: usize, seed: u64) -> Vec<Recipe> {
    let table = IngredientTable::shipped().expect("shipped table");
    let names: Vec<String> = shipped
        .iter()
        .flat_map(|r| r.ingredients.iter().map(|i| i.name.clone()))
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    let mut rng = Rng(seed);
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let base = &shipped[rng.below(shipped.len())];
        let mut items: Vec<RecipeIngredient> = base
            .ingredients
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
            base.meal_types.clone(),
            items,
            &table,
        )
        .expect("known ingredients");
        recipe.id = id;
        out.push(recipe);
    }
    out
}

/// The original's method: each slot gets the recipe of its meal type whose
/// calories are nearest to an equal share of the daily calories, one
/// serving, no recipe twice in a day. It is given the same hard-rule filter
/// so only the objective differs.
fn greedy(request: &PlanRequest<'_>) -> Vec<PlannedDay> {
    let share = request.targets.calories / request.slots.len() as f64;
    (1..=request.days)
        .map(|day_of_week| {
            let mut meals: Vec<PlannedMeal> = Vec::new();
            for (slot, meal) in request.slots.iter().enumerate() {
                let pick = request
                    .recipes
                    .iter()
                    .enumerate()
                    .filter(|(i, r)| {
                        r.serves(*meal)
                            && request.rules.allow(r)
                            && !meals.iter().any(|m| m.recipe == *i)
                    })
                    .min_by(|a, b| {
                        (a.1.nutrition.calories - share)
                            .abs()
                            .total_cmp(&(b.1.nutrition.calories - share).abs())
                    });
                if let Some((i, _)) = pick {
                    meals.push(PlannedMeal {
                        recipe: i,
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
                    .map(|m| request.recipes[m.recipe].nutrition)
                    .sum(),
                meals,
            }
        })
        .collect()
}

#[derive(Default)]
struct Score {
    days: usize,
    inside: usize,
    deviation: [f64; 4],
    violations: usize,
    repeats: usize,
    times: Vec<f64>,
    infeasible: usize,
}

impl Score {
    fn add(&mut self, request: &PlanRequest<'_>, days: &[PlannedDay], seconds: f64) {
        self.times.push(seconds);
        let t = &request.targets;
        for day in days {
            self.days += 1;
            if planner::within_tolerance(&day.totals, t) {
                self.inside += 1;
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
            for m in &day.meals {
                if !request.rules.allow(&request.recipes[m.recipe]) {
                    self.violations += 1;
                }
            }
            let mut ids: Vec<usize> = day.meals.iter().map(|m| m.recipe).collect();
            ids.sort_unstable();
            ids.dedup();
            self.repeats += day.meals.len() - ids.len();
        }
    }

    fn row(&mut self, name: &str) -> String {
        self.times.sort_by(f64::total_cmp);
        let pct = |q: f64| {
            let i = ((self.times.len() as f64 - 1.0) * q).round() as usize;
            self.times.get(i).copied().unwrap_or(0.0) * 1000.0
        };
        let d = self.days.max(1) as f64;
        format!(
            "| {name} | {:.1}% ({}/{}) | {:.1} / {:.1} / {:.1} / {:.1} | {} | {} | {:.2} | {:.2} | {} |",
            100.0 * self.inside as f64 / d,
            self.inside,
            self.days,
            self.deviation[0] / d,
            self.deviation[1] / d,
            self.deviation[2] / d,
            self.deviation[3] / d,
            self.violations,
            self.repeats,
            pct(0.5),
            pct(0.99),
            self.infeasible,
        )
    }
}

fn run(label: &str, recipes: &[Recipe], profiles: &[Profile], seed: u64) {
    let taxonomy = &mealplan_catalogue::taxonomy().expect("shipped taxonomy");
    let mut ours = Score::default();
    let mut base = Score::default();
    let mut by_meals: Vec<Score> = (0..6).map(|_| Score::default()).collect();
    let mut by_diet: Vec<Score> = (0..3).map(|_| Score::default()).collect();
    for (i, p) in profiles.iter().enumerate() {
        let request = PlanRequest {
            recipes,
            targets: p.targets,
            slots: planner::meal_slots(p.meals),
            rules: HardRules::new(taxonomy, p.restrictions.iter().copied(), &p.diets),
            preferred_diets: p
                .diets
                .iter()
                .copied()
                .filter(|d| !matches!(d, DietType::Vegan | DietType::Vegetarian))
                .collect(),
            tastes: Vec::new(),
            days: 7,
            seed: seed.wrapping_add(i as u64),
        };
        let started = Instant::now();
        match planner::plan(&request) {
            Ok(days) => {
                let seconds = started.elapsed().as_secs_f64();
                ours.add(&request, &days, seconds);
                by_meals[usize::from(p.meals.get()) - 1].add(&request, &days, seconds);
                let diet = if p.diets.contains(&DietType::Vegan) {
                    2
                } else if p.diets.contains(&DietType::Vegetarian) {
                    1
                } else {
                    0
                };
                by_diet[diet].add(&request, &days, seconds);
            }
            Err(_) => ours.infeasible += 1,
        }
        let started = Instant::now();
        let days = greedy(&request);
        base.add(&request, &days, started.elapsed().as_secs_f64());
    }
    println!(
        "\n### {label}: {} recipes, {} profiles × 7 days\n",
        recipes.len(),
        profiles.len()
    );
    println!(
        "| method | days within 5% kcal and 10% every macro | mean abs. deviation % (kcal / protein / carbs / fat) | restriction violations | repeats within a day | median ms / 7-day plan | p99 ms | infeasible profiles |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    println!("{}", ours.row("planner (local search)"));
    println!("{}", base.row("greedy calorie-only (original)"));
    println!("\nPlanner by meals per day:\n");
    println!(
        "| meals per day | days within tolerance | mean abs. deviation % (kcal / protein / carbs / fat) | restriction violations | repeats within a day | median ms | p99 ms | infeasible |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    for (i, score) in by_meals.iter_mut().enumerate() {
        println!("{}", score.row(&(i + 1).to_string()));
    }
    println!("\nPlanner by hard diet:\n");
    println!(
        "| diet | days within tolerance | mean abs. deviation % (kcal / protein / carbs / fat) | restriction violations | repeats within a day | median ms | p99 ms | infeasible |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    for (name, score) in ["omnivore", "vegetarian", "vegan"]
        .iter()
        .zip(by_diet.iter_mut())
    {
        println!("{}", score.row(name));
    }
}

fn arg(name: &str, default: u64) -> u64 {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn main() {
    let n_profiles = arg("--profiles", 240) as usize;
    let n_generated = arg("--generated", 100_000) as usize;
    let seed = arg("--seed", 2026);
    let mut shipped = mealplan_catalogue::load().expect("shipped catalogue");
    for (i, r) in shipped.iter_mut().enumerate() {
        r.id = i as i64 + 1;
    }
    let profiles = profiles(n_profiles, seed);
    println!("planner-bench: seed {seed}, single thread");
    run("Shipped catalogue", &shipped, &profiles, seed);
    if n_generated > 0 {
        let generated = generated_catalogue(&shipped, n_generated, seed);
        run("Generated catalogue", &generated, &profiles, seed);
    }
}
