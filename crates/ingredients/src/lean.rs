//! A lean share the line states ("2 lbs ground beef (85% lean)", "1 lb
//! 90/10 ground beef", "lean beef mince (5% fat)", "99% fat-free ground
//! turkey", "extra-lean ground turkey") picks SR28's ground meat of that
//! share: the share is what the cook bought, and the rows differ by up to
//! 200 kcal per 100 g. Each meat's raw ground rows carry their share, from
//! the description ("93% LN", "FAT FREE" as 99) or else from their fat;
//! a share with no row within [`NEAR`] points of it is not sure.

use crate::foods::{Food, FoodTable};

/// SR28's raw ground rows of each meat.
const MEATS: &[&[u32]] = &[
    // Beef 70% to 97% lean.
    &[13498, 23577, 23572, 23567, 23562, 23472, 23557, 23477],
    // Turkey: generic, 85%, 93%, fat-free.
    &[5305, 5668, 5665, 5662],
    // Pork: generic, 84%, 96%.
    &[10219, 10972, 10973],
    // Chicken: one row (8 g fat).
    &[5332],
    // Lamb: one row.
    &[17224],
];

/// How far, in points of lean share, a row may be from the share stated.
const NEAR: u32 = 2;

/// What a line says of the meat's leanness.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Stated {
    /// A lean share in percent ("93% lean", "7% fat", "99% fat-free").
    Share(u32),
    /// "extra lean": at most 5% fat, as US labels use the word.
    ExtraLean,
    /// "lean": at most 10% fat.
    Lean,
}

/// What `text` states of the leanness of its meat.
pub(crate) fn stated(text: &str) -> Option<Stated> {
    let lower = without_negated(&text.to_lowercase().replace('-', " "));
    let words: Vec<&str> = lower
        .split(|c: char| c.is_whitespace() || "(),;".contains(c))
        .filter(|w| !w.is_empty())
        .collect();
    let percent = |w: &str| -> Option<u32> { w.strip_suffix('%')?.trim().parse().ok() };
    let share = |n: u32| (50..100).contains(&n).then_some(n);
    for (i, w) in words.iter().enumerate() {
        let next = words.get(i + 1).copied().unwrap_or_default();
        let after = words.get(i + 2).copied().unwrap_or_default();
        let before = if i > 0 { words[i - 1] } else { "" };
        if let Some(n) = percent(w) {
            // "99% fat free", "95% fat-free".
            if next == "fat" && after == "free" {
                if let Some(n) = share(n) {
                    return Some(Stated::Share(n));
                }
            } else if next.starts_with("fat") {
                // "5% fat", "(7% fat)".
                if (1..=50).contains(&n) {
                    return Some(Stated::Share(100 - n));
                }
            } else if (next.starts_with("lean") || before == "lean")
                && let Some(n) = share(n)
            {
                return Some(Stated::Share(n));
            }
        }
        if let Some(rest) = w.strip_suffix("lean")
            && let Some(n) = percent(rest).and_then(share)
        {
            return Some(Stated::Share(n));
        }
        if let Some((lean, fat)) = w.split_once('/')
            && let (Ok(lean), Ok(fat)) = (lean.parse::<u32>(), fat.parse::<u32>())
            && lean + fat == 100
            && (50..100).contains(&lean)
        {
            return Some(Stated::Share(lean));
        }
    }
    let spaced = crate::words::spaced(&lower);
    if spaced.contains(" extra lean ") {
        Some(Stated::ExtraLean)
    } else if spaced.contains(" fat free ") {
        Some(Stated::Share(99))
    } else if spaced.contains(" lean ") {
        Some(Stated::Lean)
    } else {
        None
    }
}

/// Words that deny the "lean" after them: "pork mince (not too lean)" is
/// the regular mince, not the leanest one.
const NEGATIONS: &[&str] = &["not", "never", "no", "nothing", "isn't", "isnt"];

/// Words that may stand between a negation and "lean" ("not too lean",
/// "not very lean", "not extra lean").
const DEGREES: &[&str] = &["too", "very", "so", "overly", "super", "extra", "that"];

/// `lower` without its negated "lean" ("not too lean", "not lean"): such a
/// line says only that the cook wants some fat, which is the generic row.
fn without_negated(lower: &str) -> String {
    let words: Vec<&str> = lower.split_whitespace().collect();
    let mut out: Vec<&str> = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let bare = |w: &str| w.trim_matches(|c: char| "(),;.".contains(c)).to_owned();
        if NEGATIONS.contains(&bare(words[i]).as_str()) {
            let mut j = i + 1;
            while j < words.len() && DEGREES.contains(&bare(words[j]).as_str()) {
                j += 1;
            }
            if j < words.len() && bare(words[j]) == "lean" {
                i = j + 1;
                continue;
            }
        }
        out.push(words[i]);
        i += 1;
    }
    out.join(" ")
}

/// `name` without the share it states ("90/10 ground beef" is ground
/// beef, "99% fat-free ground turkey" ground turkey), so that the food is
/// found by its name.
pub(crate) fn without_share(name: &str) -> String {
    let name = name.replace("fat-free", " ").replace("fat free", " ");
    name.split_whitespace()
        .filter(|w| {
            let w = w.to_lowercase();
            let w = w.trim_matches(|c: char| "(),;".contains(c));
            let w = w.trim_end_matches("lean");
            let percent = w
                .strip_suffix('%')
                .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
            let pair = w.split_once('/').is_some_and(|(a, b)| {
                matches!((a.parse::<u32>(), b.parse::<u32>()), (Ok(a), Ok(b)) if a + b == 100)
            });
            !(percent || pair)
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// What a stated leanness makes of the ground meat found.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Said {
    /// SR28's row of the meat at that leanness.
    Row(&'static Food),
    /// SR28 has no row of the meat near it.
    Unsure,
}

/// The lean share of SR28 row `food`: stated in its description, or
/// from its fat.
fn share_of(food: &Food) -> (f64, bool) {
    let d = food.description.replace(' ', "");
    if let Some(at) = d.find("%LN") {
        let start = d[..at]
            .rfind(|c: char| !c.is_ascii_digit())
            .map_or(0, |i| i + 1);
        if let Ok(n) = d[start..at].parse::<f64>() {
            return (n, true);
        }
    }
    if d.contains("FATFREE") {
        return (99.0, true);
    }
    (
        100.0 - food.per_100g(crate::foods::Nutrient::Fat).unwrap_or(0.0),
        false,
    )
}

/// The row of ground meat `placed` at the leanness `stated`: `None` when
/// `placed` is not a raw ground meat SR28 keeps by share or is already
/// the row; [`Said::Unsure`] when no row of the meat is near.
pub(crate) fn at_share(placed: &Food, stated: Stated) -> Option<Said> {
    let table = FoodTable::sr28();
    let meat = MEATS.iter().find(|m| m.contains(&placed.ndb))?;
    let rows: Vec<(&'static Food, f64, bool)> = meat
        .iter()
        .filter_map(|&ndb| table.get(ndb))
        .map(|f| {
            let (share, labelled) = share_of(f);
            (f, share, labelled)
        })
        .collect();
    let best = match stated {
        Stated::Share(n) => rows
            .iter()
            .map(|(f, share, labelled)| ((share - f64::from(n)).abs(), !labelled, *f))
            .filter(|(d, ..)| *d <= f64::from(NEAR))
            .min_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)))
            .map(|(.., f)| f),
        Stated::ExtraLean | Stated::Lean => {
            let most_fat = if stated == Stated::ExtraLean {
                5.0
            } else {
                10.0
            };
            // A row found that is as lean as said stays ("lean ground
            // turkey" of SR28's generic row, 8% fat).
            if 100.0 - share_of(placed).0 <= most_fat + 0.01 {
                return None;
            }
            let labelled = rows.iter().any(|r| r.2);
            rows.iter()
                .filter(|(_, share, l)| *l == labelled && 100.0 - share <= most_fat + 0.01)
                .min_by(|a, b| a.1.total_cmp(&b.1))
                .map(|(f, ..)| *f)
        }
    };
    match best {
        Some(f) if f.ndb == placed.ndb => None,
        Some(f) => Some(Said::Row(f)),
        None => Some(Said::Unsure),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_negated_lean_states_nothing() {
        assert_eq!(stated("1 lb beef mince (not too lean)"), None);
        assert_eq!(stated("500 g ground pork, not lean"), None);
        assert_eq!(stated("2 lb ground beef - not extra-lean"), None);
        // Negation of something else leaves the lean word.
        assert_eq!(
            stated("1 lb lean ground beef, not frozen"),
            Some(Stated::Lean)
        );
        assert_eq!(stated("1 lb ground beef (lean)"), Some(Stated::Lean));
    }

    #[test]
    fn a_share_is_read_as_cooks_write_it() {
        for (text, share) in [
            ("2 lbs ground beef (85% lean)", Some(Stated::Share(85))),
            ("1 lb 90/10 ground beef", Some(Stated::Share(90))),
            ("1 lb lean 93% ground beef", Some(Stated::Share(93))),
            ("500 g ground beef, 80%lean", Some(Stated::Share(80))),
            ("500 g lean beef mince (5% fat)", Some(Stated::Share(95))),
            ("1 lb ground turkey (99% fat-free)", Some(Stated::Share(99))),
            ("1 lb fat-free ground turkey", Some(Stated::Share(99))),
            ("1 lb extra-lean ground turkey", Some(Stated::ExtraLean)),
            ("1 lb lean ground pork", Some(Stated::Lean)),
            ("1 lb ground beef", None),
            ("2 cups milk (2%)", None),
            ("1 1/2 cups flour", None),
        ] {
            assert_eq!(stated(text), share, "{text}");
        }
    }

    fn at(ndb: u32, stated: Stated) -> Option<u32> {
        match at_share(FoodTable::sr28().get(ndb).unwrap(), stated) {
            Some(Said::Row(f)) => Some(f.ndb),
            Some(Said::Unsure) => Some(0),
            None => None,
        }
    }

    #[test]
    fn a_meat_has_its_rows_by_share() {
        assert_eq!(at(23572, Stated::Share(85)), Some(23567));
        assert_eq!(at(23572, Stated::Share(93)), Some(23472));
        assert_eq!(at(23572, Stated::Share(95)), Some(23557));
        assert_eq!(at(23572, Stated::Share(88)), Some(23562));
        assert_eq!(at(23572, Stated::ExtraLean), Some(23557));
        assert_eq!(at(5305, Stated::Share(93)), Some(5665));
        assert_eq!(at(5305, Stated::Share(99)), Some(5662));
        assert_eq!(at(5305, Stated::ExtraLean), Some(5662));
        assert_eq!(at(5305, Stated::Lean), None);
        assert_eq!(at(23572, Stated::Lean), Some(23562));
        assert_eq!(at(10219, Stated::Share(96)), Some(10973));
        // Already the row, or not a ground meat: nothing to choose.
        assert_eq!(at(23572, Stated::Share(80)), None);
        assert_eq!(at(11167, Stated::Share(85)), None);
    }

    #[test]
    fn a_share_no_row_is_near_is_not_sure() {
        assert_eq!(at(5332, Stated::Share(99)), Some(0));
        assert_eq!(at(5332, Stated::ExtraLean), Some(0));
        assert_eq!(at(5305, Stated::Share(70)), Some(0));
        // Ground chicken at 8% fat is lean.
        assert_eq!(at(5332, Stated::Lean), None);
    }
}
