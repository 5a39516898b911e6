//! Where the benchmark's plans leave the fibre window or fall short of
//! calcium, vitamin B12 or potassium, and what they served: the fibre days
//! by meals a day, diet and calories, under or over; then each person-week
//! under 80% of one of those with who it is and the week's dishes. What the
//! catalogue lacks, read from the plans (issue 38 item 8).
//!
//! Run: `cargo run --release -p mealplan-bench --example window_micro -- [--profiles N] [--seed S] [--verbose 1]`

use std::collections::BTreeMap;

use mealplan_bench::{
    Alone, Profile, arg, day_micronutrients, kitchen, plan_alone, profiles, request, shipped,
};
use mealplan_domain::planner::{micronutrients, whole_day};
use mealplan_domain::{DietType, Micronutrient, Recipe};

/// Days: (all, under the floor, over the ceiling).
type Tally = (usize, usize, usize);

fn diet(p: &Profile) -> String {
    let mut d: Vec<&str> = p
        .diets
        .iter()
        .map(|d| match d {
            DietType::Vegan => "vegan",
            DietType::Vegetarian => "vegetarian",
            DietType::HighProtein => "high-protein",
            DietType::LowCarb => "low-carb",
            DietType::HighFiber => "high-fibre",
            DietType::LowCalorie => "low-calorie",
            DietType::HighCarb => "high-carb",
        })
        .collect();
    if d.is_empty() {
        d.push("none");
    }
    d.join("+")
}

fn band(kcal: f64) -> &'static str {
    match kcal {
        k if k < 1600.0 => "<1600",
        k if k < 2200.0 => "1600-2200",
        k if k < 2800.0 => "2200-2800",
        k if k < 3400.0 => "2800-3400",
        _ => "3400+",
    }
}

fn add(map: &mut BTreeMap<String, Tally>, key: String, under: bool, over: bool) {
    let t = map.entry(key).or_default();
    t.0 += 1;
    t.1 += usize::from(under);
    t.2 += usize::from(over);
}

fn print(title: &str, map: &BTreeMap<String, Tally>) {
    println!("\nfibre by {title}: days / under / over / kept");
    for (k, (n, u, o)) in map {
        println!(
            "  {k:<32} {n:>4} {u:>4} {o:>4} {:>5.1}%",
            100.0 * (n - u - o) as f64 / (*n).max(1) as f64
        );
    }
}

fn main() {
    let n = arg("--profiles", 240) as usize;
    let seed = arg("--seed", 2026);
    let verbose = arg("--verbose", 0) > 0;
    let recipes = shipped();
    let dishes = whole_day::Dishes::new(&recipes, Some(kitchen()));
    let (mut by_meals, mut by_diet, mut by_kcal, mut by_restr) = Default::default();
    let mut weeks = 0;
    let mut short: BTreeMap<String, (usize, usize, usize, usize)> = BTreeMap::new();
    for (i, p) in profiles(n, seed).iter().enumerate() {
        let request = request(&recipes, p, i, seed).with_dishes(&dishes);
        let Ok(days) = plan_alone(&request) else {
            continue;
        };
        let at = |id: i64| recipes.iter().position(|r| r.id == id).expect("planned");
        for day in &days {
            let meals: Vec<(usize, f64)> = day
                .meals
                .iter()
                .map(|m| (at(m.recipe_id), m.servings))
                .collect();
            let whole = whole_day::check(&recipes, &dishes, &meals, &p.limits);
            let f = &whole.levels[0];
            let under = f.min.is_some_and(|m| f.amount < m - 0.5);
            let over = f.max.is_some_and(|m| f.amount > m + 0.5);
            add(
                &mut by_meals,
                format!("{} meals", p.meals.get()),
                under,
                over,
            );
            add(&mut by_diet, diet(p), under, over);
            add(&mut by_kcal, band(p.targets.calories).into(), under, over);
            let dairy_free = p
                .restrictions
                .iter()
                .any(|r| r.contains("dairy") || r.contains("milk"));
            add(
                &mut by_restr,
                if dairy_free {
                    "dairy/milk-free"
                } else {
                    "other"
                }
                .into(),
                under,
                over,
            );
            if verbose && (under || over) {
                println!(
                    "profile {i} day {} ({} meals, {}, {:?}, {:.0} kcal, P{:.0} C{:.0} F{:.0}): fibre {:.0} g, window {:.0}-{:.0}; {}",
                    day.day_of_week,
                    p.meals.get(),
                    diet(p),
                    p.restrictions,
                    p.targets.calories,
                    p.targets.protein,
                    p.targets.carbs,
                    p.targets.fat,
                    f.amount,
                    f.min.unwrap_or(0.0),
                    f.max.unwrap_or(0.0),
                    match request.day_miss(day) {
                        m if m <= 0.0 => "met".to_string(),
                        m => format!("missed by {:.1} points", m * 100.0),
                    }
                );
                for (r, s) in &meals {
                    let n = recipes[*r].nutrition();
                    println!(
                        "    {s:.2} × #{} {} ({:.0} kcal, {:.1} g fibre)",
                        recipes[*r].id,
                        recipes[*r].name,
                        n.calories * s,
                        n.fiber * s
                    );
                }
            }
        }
        weeks += 1;
        let shares = micronutrients::week_shares(&p.intakes, &day_micronutrients(&request, &days));
        let share = |m: Micronutrient| {
            shares
                .iter()
                .find(|(g, _)| *g == m)
                .map_or(0.0, |(_, s)| *s)
        };
        let (ca, b12, k) = (
            share(Micronutrient::Calcium),
            share(Micronutrient::VitaminB12),
            share(Micronutrient::Potassium),
        );
        let key = format!("{} / {} meals", diet(p), p.meals.get());
        let e = short.entry(key).or_default();
        e.0 += 1;
        e.3 += usize::from(k < 0.8);
        e.1 += usize::from(ca < 0.8);
        e.2 += usize::from(b12 < 0.8);
        if verbose && (ca < 0.8 || b12 < 0.8 || k < 0.8) {
            println!(
                "week {i} ({} meals, {}, {:?}, {:.0} kcal, P{:.0} C{:.0} F{:.0}): calcium {:.0}% of {:.0} mg, B12 {:.0}% of {:.1} µg, potassium {:.0}%",
                p.meals.get(),
                diet(p),
                p.restrictions,
                p.targets.calories,
                p.targets.protein,
                p.targets.carbs,
                p.targets.fat,
                ca * 100.0,
                p.intakes.get(Micronutrient::Calcium).amount,
                b12 * 100.0,
                p.intakes.get(Micronutrient::VitaminB12).amount,
                k * 100.0
            );
            let mut seen: Vec<i64> = Vec::new();
            for m in days.iter().flat_map(|d| &d.meals) {
                if seen.contains(&m.recipe_id) {
                    continue;
                }
                seen.push(m.recipe_id);
                let r: &Recipe = &recipes[at(m.recipe_id)];
                let mi = r.card.micronutrients.scaled(m.servings);
                println!(
                    "    {:?} {:.2} × #{} {} ({:.0} mg Ca, {:.1} µg B12)",
                    m.meal_type,
                    m.servings,
                    r.id,
                    r.name,
                    mi.get(Micronutrient::Calcium),
                    mi.get(Micronutrient::VitaminB12)
                );
            }
        }
    }
    print("meals a day", &by_meals);
    print("diet", &by_diet);
    print("calories", &by_kcal);
    print("restriction", &by_restr);
    println!(
        "\n{weeks} person-weeks; under 80% by diet / meals: weeks / calcium / B12 / potassium"
    );
    for (k, (n, c, b, kk)) in &short {
        if c + b + kk > 0 {
            println!("  {k:<40} {n:>3} {c:>3} {b:>3} {kk:>3}");
        }
    }
}
