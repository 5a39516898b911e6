//! The ingredient benchmark: reads a recipe file of hand-placed lines
//! (`bench-data/dev.txt` by default; `heldout.txt` once, at the end) and
//! reports the share of lines placed without review, the share placed
//! correctly, lines placed wrongly with high confidence, the calorie and
//! macro error per serving, and the parse and match time per recipe.
//!
//! `cargo run -p mealplan-ingredients --release --example bench -- FILE [-v]`

use std::time::Instant;

use mealplan_ingredients::{FoodTable, Nutrient, Reading, read_line, read_recipe};

struct Line {
    text: String,
    ndbs: Vec<u32>,
    grams: f64,
}

struct Recipe {
    title: String,
    servings: f64,
    lines: Vec<Line>,
}

fn read(path: &str) -> Vec<Recipe> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut out: Vec<Recipe> = Vec::new();
    for line in text.lines() {
        if let Some(title) = line.strip_prefix("## ") {
            out.push(Recipe {
                title: title.trim().to_owned(),
                servings: 1.0,
                lines: Vec::new(),
            });
        } else if line.starts_with('#') || line.trim().is_empty() || out.is_empty() {
            continue;
        } else if let Some(s) = line.strip_prefix("servings:") {
            out.last_mut().unwrap().servings = s.trim().parse().expect("servings");
        } else if line.starts_with("style:") {
            continue;
        } else {
            let parts: Vec<&str> = line.split('|').map(str::trim).collect();
            assert_eq!(parts.len(), 3, "{line}");
            out.last_mut().unwrap().lines.push(Line {
                text: parts[0].to_owned(),
                ndbs: parts[1]
                    .split('/')
                    .map(|n| n.parse().expect("NDB"))
                    .collect(),
                grams: parts[2].parse().expect("grams"),
            });
        }
    }
    out
}

const MACROS: [Nutrient; 4] = [
    Nutrient::Energy,
    Nutrient::Protein,
    Nutrient::Carbohydrate,
    Nutrient::Fat,
];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let path = args
        .iter()
        .find(|a| !a.starts_with('-'))
        .cloned()
        .unwrap_or_else(|| concat!(env!("CARGO_MANIFEST_DIR"), "/bench-data/dev.txt").into());
    let verbose = args.iter().any(|a| a == "-v");
    // The table, lexicon and search index are built on first use; time
    // that once, then measure recipes in the steady state a server sees.
    let start = Instant::now();
    let table = FoodTable::sr28();
    let table_ms = start.elapsed().as_secs_f64() * 1000.0;
    let _ = read_line("1 cup rice");
    let _ = read_line("1 cup zzz");
    let warm_ms = start.elapsed().as_secs_f64() * 1000.0;
    let recipes = read(&path);
    let (mut lines, mut placed, mut correct, mut wrong_sure) = (0, 0, 0, 0);
    let mut within = 0;
    let mut errors: Vec<[f64; 4]> = Vec::new();
    let mut times = Vec::new();
    for recipe in &recipes {
        let texts: Vec<&str> = recipe.lines.iter().map(|l| l.text.as_str()).collect();
        let start = Instant::now();
        let readings = read_recipe(&texts);
        times.push(start.elapsed().as_secs_f64() * 1000.0);
        let mut expected = [0.0; 4];
        let mut got = [0.0; 4];
        for (line, reading) in recipe.lines.iter().zip(&readings) {
            lines += 1;
            let hand = table.get(line.ndbs[0]).expect("hand NDB in SR28");
            for (i, n) in MACROS.iter().enumerate() {
                expected[i] += hand.in_grams(*n, line.grams) / recipe.servings;
            }
            match &reading.reading {
                Reading::Placed(p) => {
                    placed += 1;
                    let food = table.get(p.food.ndb).unwrap();
                    for (i, n) in MACROS.iter().enumerate() {
                        got[i] += food.in_grams(*n, p.grams) / recipe.servings;
                    }
                    if line.ndbs.contains(&p.food.ndb) {
                        correct += 1;
                    } else {
                        wrong_sure += 1;
                        println!(
                            "WRONG  {:<55} -> {} {} ({:.2}); hand {:?}",
                            line.text, p.food.ndb, food.description, p.food.confidence, line.ndbs
                        );
                    }
                    if verbose {
                        println!(
                            "  ok   {:<55} -> {:05} {} {:.0} g (hand {:.0} g) via {}",
                            line.text, p.food.ndb, food.description, p.grams, line.grams, p.via
                        );
                    }
                }
                Reading::NeedsReview { reason, candidates } => {
                    // A line for review is counted as the person will
                    // settle it: the hand food and grams.
                    for (i, n) in MACROS.iter().enumerate() {
                        got[i] += hand.in_grams(*n, line.grams) / recipe.servings;
                    }
                    if verbose {
                        let first: Vec<String> = candidates
                            .iter()
                            .take(3)
                            .map(|c| format!("{:05} {} {:.2}", c.ndb, c.description, c.confidence))
                            .collect();
                        println!(
                            "  REVIEW {:<53} {reason:?} [{}]",
                            line.text,
                            first.join("; ")
                        );
                    }
                }
            }
        }
        let err: [f64; 4] = std::array::from_fn(|i| got[i] - expected[i]);
        let kcal_share = if expected[0] > 0.0 {
            err[0].abs() / expected[0]
        } else {
            0.0
        };
        if kcal_share <= 0.10 {
            within += 1;
        }
        if verbose || kcal_share > 0.10 {
            println!(
                "{} {:<40} kcal {:.0} vs hand {:.0} ({:+.1}%)",
                if kcal_share > 0.10 { "MISS" } else { "  " },
                recipe.title,
                got[0],
                expected[0],
                100.0 * err[0] / expected[0].max(1.0)
            );
        }
        errors.push(err);
    }
    let n = recipes.len() as f64;
    let pct = |a: usize, b: usize| 100.0 * a as f64 / b as f64;
    let mean_abs = |i: usize| errors.iter().map(|e| e[i].abs()).sum::<f64>() / n;
    times.sort_by(f64::total_cmp);
    println!("file: {path}");
    println!("recipes: {}, lines: {lines}", recipes.len());
    println!(
        "placed without review: {placed} ({:.1}%)",
        pct(placed, lines)
    );
    println!(
        "placed correctly (same or equivalent NDB): {correct} ({:.1}% of lines, {:.1}% of placed)",
        pct(correct, lines),
        pct(correct, placed)
    );
    println!("placed wrongly with high confidence: {wrong_sure}");
    println!(
        "recipes with kcal per serving within 10% of the hand figure: {within} of {} ({:.1}%)",
        recipes.len(),
        pct(within, recipes.len())
    );
    println!(
        "mean absolute error per serving: {:.1} kcal, protein {:.1} g, carbs {:.1} g, fat {:.1} g",
        mean_abs(0),
        mean_abs(1),
        mean_abs(2),
        mean_abs(3)
    );
    println!(
        "first use: table read {table_ms:.1} ms, with lexicon and search index {warm_ms:.1} ms"
    );
    println!(
        "parse+match time per recipe: median {:.3} ms, max {:.3} ms",
        times[times.len() / 2],
        times[times.len() - 1]
    );
}
