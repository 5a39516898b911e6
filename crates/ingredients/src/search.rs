//! A line's food words looked for among all SR28 descriptions, for names
//! the lexicon does not know. Each food is scored by how many of the
//! line's words its description holds, less what it says beyond them (a
//! cooking state the line does not ask for, a brand, a restaurant dish);
//! the answer is the best foods with a confidence that is high only when
//! the best one covers every word and stands clearly above every other
//! food that differs in nutrition.

use std::sync::OnceLock;

use crate::foods::{Food, FoodTable, Nutrient};
use crate::words::{description_stems, is_preparation, stem};

/// Cooking the line does not ask for: a food whose only match is a row
/// in one of these states ("CABBAGE,NAPA,COOKED" for "napa cabbage") is
/// not a sure reading of a line that names the food as it goes into the
/// pot, however far it stands above the others.
const COOKING: &[&str] = &[
    "cooked",
    "boiled",
    "fried",
    "roasted",
    "baked",
    "broiled",
    "grilled",
    "stewed",
    "braised",
    "steamed",
    "microwaved",
    "heated",
];

/// States a food is in once prepared besides [`COOKING`]; a description
/// naming one of either the line does not ask for is a less likely
/// reading of the line.
const OTHER_STATES: &[&str] = &[
    "canned",
    "frozen",
    "dried",
    "dehydrated",
    "prepared",
    "toasted",
    "smoked",
    "cured",
    "pickled",
    "breaded",
    "battered",
    "sweetened",
    "salted",
    "condensed",
    "instant",
    "mix",
];

/// The most confidence a best food cooked as the line does not ask for
/// may have: below the matcher's 0.8 for placing, so the line goes to
/// review.
const UNASKED_COOKING: f64 = 0.7;

/// SR28 food groups (the NDB number's first two digits) that hold dishes,
/// brands and baby food rather than ingredients: 03 baby foods, 21 fast
/// foods, 22 meals and entrees, 25 snacks, 35 American Indian foods,
/// 36 restaurant foods.
const DISH_GROUPS: &[u32] = &[3, 21, 22, 25, 35, 36];

/// A scored food.
#[derive(Debug, Clone, PartialEq)]
pub struct Scored {
    /// The food's NDB number.
    pub ndb: u32,
    /// How likely it is the line's food, 0 to 1.
    pub confidence: f64,
}

pub(crate) struct Indexed {
    pub(crate) ndb: u32,
    pub(crate) stems: Vec<String>,
    /// Stems of the description's first part ("ONIONS" of "ONIONS,RAW").
    head: Vec<String>,
    group: u32,
}

/// Every SR28 food with its description's stems, read once (also read
/// by `honest.rs`).
pub(crate) fn index() -> &'static Vec<Indexed> {
    static INDEX: OnceLock<Vec<Indexed>> = OnceLock::new();
    INDEX.get_or_init(|| {
        FoodTable::sr28()
            .foods()
            .iter()
            .map(|f| Indexed {
                ndb: f.ndb,
                stems: with_cooked(&f.description, description_stems(&f.description)),
                head: description_stems(f.description.split(',').next().unwrap_or("")),
                group: f.ndb / 1000,
            })
            .collect()
    })
}

/// `stems` of `description`, with "cooked" where SR28 names a roast cut
/// and then its state in words ("Beef, bottom round, roast, …,
/// roasted"): its siblings say "RST,…,CKD,RSTD", and without it the
/// cut's "roast" on a line ("3 lb bottom round roast") would count as
/// saying the roasted state (held-out 32).
fn with_cooked(description: &str, mut stems: Vec<String>) -> Vec<String> {
    let lower = description.to_lowercase();
    let cooked = stem("cooked");
    if lower.matches("roast").count() >= 2 && !lower.contains("ckd") && !stems.contains(&cooked) {
        stems.push(cooked);
    }
    stems
}

fn state_stems() -> &'static Vec<String> {
    static STEMS: OnceLock<Vec<String>> = OnceLock::new();
    STEMS.get_or_init(|| {
        COOKING
            .iter()
            .chain(OTHER_STATES)
            .map(|s| stem(s))
            .collect()
    })
}

fn cooking_stems() -> &'static Vec<String> {
    static STEMS: OnceLock<Vec<String>> = OnceLock::new();
    STEMS.get_or_init(|| COOKING.iter().map(|s| stem(s)).collect())
}

/// Whether food `ndb`'s description is cooked in a way `line_stems` do
/// not say.
fn cooked_unasked(ndb: u32, line_stems: &[String]) -> bool {
    index().iter().find(|f| f.ndb == ndb).is_some_and(|f| {
        f.stems
            .iter()
            .any(|s| cooking_stems().contains(s) && !line_stems.contains(s))
    })
}

/// The best foods for a line's food stems, best first, at most `limit`.
pub fn search(line_stems: &[String], limit: usize) -> Vec<Scored> {
    let wanted: Vec<&String> = line_stems.iter().filter(|s| !is_preparation(s)).collect();
    let wanted = if wanted.is_empty() {
        line_stems.iter().collect()
    } else {
        wanted
    };
    if wanted.is_empty() {
        return Vec::new();
    }
    let raw = stem("raw");
    let mut scored: Vec<(f64, f64, u32)> = index()
        .iter()
        .filter_map(|f| {
            let hits = wanted.iter().filter(|s| f.stems.contains(s)).count();
            if hits == 0 {
                return None;
            }
            let coverage = hits as f64 / wanted.len() as f64;
            let extra = f
                .stems
                .iter()
                .filter(|s| !line_stems.contains(s) && **s != raw)
                .count() as f64;
            let states = f
                .stems
                .iter()
                .filter(|s| state_stems().contains(s) && !line_stems.contains(s))
                .count() as f64;
            let head_hit = f.head.iter().any(|s| wanted.contains(&s));
            let head_whole = !f.head.is_empty() && f.head.iter().all(|s| line_stems.contains(s));
            let mut score = 10.0 * coverage - 0.6 * extra - 1.5 * states;
            if head_hit {
                score += 2.0;
            }
            if head_whole {
                // "TURNIPS,RAW" names the line's food; "TURNIP GREENS" a part.
                score += 2.0;
            }
            if f.stems.contains(&raw) {
                // A line that says raw asks for the raw row above all.
                score += if line_stems.contains(&raw) { 2.5 } else { 0.5 };
            }
            if DISH_GROUPS.contains(&f.group) {
                score -= 4.0;
            }
            Some((score, coverage, f.ndb))
        })
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.2.cmp(&b.2)));
    let table = FoodTable::sr28();
    let food = |ndb| table.get(ndb).expect("indexed foods are in the table");
    let mut out: Vec<Scored> = Vec::new();
    for (i, &(score, coverage, ndb)) in scored.iter().enumerate().take(limit) {
        let confidence = if i == 0 && coverage >= 1.0 {
            // The margin over the next food that is not nutritionally the
            // same: equal twins (salted and unsalted) do not make a line
            // uncertain.
            let rival = scored[1..]
                .iter()
                .find(|r| !same_nutrition(food(ndb), food(r.2)))
                .map_or(f64::INFINITY, |r| score - r.0);
            let sure = 0.6 + 0.1 * rival.min(3.0);
            if cooked_unasked(ndb, line_stems) {
                sure.min(UNASKED_COOKING)
            } else {
                sure
            }
        } else {
            (0.5 * coverage).min(0.5) * (score.max(0.0) / 12.0).min(1.0)
        };
        out.push(Scored { ndb, confidence });
    }
    out
}

/// Whether two foods count the same: energy within 5% and protein, fat
/// and carbohydrate within 2 g per 100 g.
pub fn same_nutrition(a: &Food, b: &Food) -> bool {
    let close = |n, tolerance: f64| {
        let (x, y) = (a.in_grams(n, 100.0), b.in_grams(n, 100.0));
        (x - y).abs() <= tolerance
    };
    let (ea, eb) = (
        a.in_grams(Nutrient::Energy, 100.0),
        b.in_grams(Nutrient::Energy, 100.0),
    );
    (ea - eb).abs() <= 0.05 * ea.max(eb).max(20.0)
        && close(Nutrient::Protein, 2.0)
        && close(Nutrient::Fat, 2.0)
        && close(Nutrient::Carbohydrate, 2.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::words::stems;

    #[test]
    fn a_plain_name_finds_its_raw_food_first() {
        let found = search(&stems("rutabaga"), 5);
        let first = FoodTable::sr28().get(found[0].ndb).unwrap();
        assert_eq!(first.description, "RUTABAGAS,RAW");
        assert!(found[0].confidence >= 0.8, "{found:?}");
    }

    #[test]
    fn a_food_found_only_cooked_is_not_sure_for_a_line_that_does_not_say_so() {
        let found = search(&stems("napa cabbage"), 5);
        let first = FoodTable::sr28().get(found[0].ndb).unwrap();
        assert_eq!(first.description, "CABBAGE,NAPA,COOKED");
        assert!(found[0].confidence <= UNASKED_COOKING, "{found:?}");
        // Said cooked, it is sure.
        let cooked = search(&stems("cooked napa cabbage"), 5);
        assert_eq!(cooked[0].ndb, found[0].ndb);
        assert!(cooked[0].confidence > UNASKED_COOKING, "{cooked:?}");
    }

    #[test]
    fn a_word_no_description_holds_is_not_confident() {
        let found = search(&stems("quorn pieces"), 5);
        assert!(found.iter().all(|s| s.confidence < 0.6), "{found:?}");
    }
}
