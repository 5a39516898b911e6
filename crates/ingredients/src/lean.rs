//! A lean share the line states ("2 lbs ground beef (85% lean)", "1 lb
//! 90/10 ground beef") picks SR28's ground meat of that share, when the
//! food placed is one of SR28's rows by share ("BEEF,GROUND,80% LN MEAT /
//! 20% FAT,RAW"): the share is what the cook bought, and the rows differ by
//! up to 200 kcal per 100 g.

use crate::foods::{Food, FoodTable};

/// The lean share `text` states, in percent: "85% lean", "85 % lean",
/// "lean 85%", "85/15" (the two adding up to 100).
pub(crate) fn stated(text: &str) -> Option<u32> {
    let lower = text.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| c.is_whitespace() || "(),;".contains(c))
        .filter(|w| !w.is_empty())
        .collect();
    let share = |w: &str| -> Option<u32> {
        let n: u32 = w.strip_suffix('%')?.parse().ok()?;
        (50..100).contains(&n).then_some(n)
    };
    for (i, w) in words.iter().enumerate() {
        let lean_next = words.get(i + 1).is_some_and(|n| n.starts_with("lean"));
        let lean_before = i > 0 && words[i - 1] == "lean";
        if let Some(n) = share(w).filter(|_| lean_next || lean_before) {
            return Some(n);
        }
        if let Some(rest) = w.strip_suffix("lean")
            && let Some(n) = share(rest)
        {
            return Some(n);
        }
        if let Some((lean, fat)) = w.split_once('/')
            && let (Ok(lean), Ok(fat)) = (lean.parse::<u32>(), fat.parse::<u32>())
            && lean + fat == 100
            && (50..100).contains(&lean)
        {
            return Some(lean);
        }
    }
    None
}

/// `name` without the share it states ("90/10 ground beef" is ground
/// beef), so that the food is found by its name.
pub(crate) fn without_share(name: &str) -> String {
    name.split_whitespace()
        .filter(|w| {
            let w = w.to_lowercase();
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

/// The food of SR28 description `placed` at the lean share `share`, when
/// `placed` is one of SR28's rows by share and SR28 has that share of the
/// same meat; `None` otherwise.
pub(crate) fn at_share(placed: &str, share: u32) -> Option<&'static Food> {
    let squeezed = |d: &str| d.replace(' ', "");
    let description = squeezed(placed);
    let at = description.find("%LNMEAT/")?;
    let digits = description[..at]
        .rfind(|c: char| !c.is_ascii_digit())
        .map_or(0, |i| i + 1);
    let old: u32 = description[digits..at].parse().ok()?;
    let from = format!("{old}%LNMEAT/{}%FAT", 100 - old);
    let to = format!("{share}%LNMEAT/{}%FAT", 100 - share);
    let wanted = description.replace(&from, &to);
    let bare = wanted.strip_suffix(",RAW").unwrap_or(&wanted).to_owned();
    let foods = FoodTable::sr28().foods();
    foods
        .iter()
        .find(|f| squeezed(&f.description) == wanted)
        .or_else(|| foods.iter().find(|f| squeezed(&f.description) == bare))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_share_is_read_as_cooks_write_it() {
        for (text, share) in [
            ("2 lbs ground beef (85% lean)", Some(85)),
            ("1 lb 90/10 ground beef", Some(90)),
            ("1 lb lean 93% ground beef", Some(93)),
            ("500 g ground beef, 80%lean", Some(80)),
            ("1 lb ground beef", None),
            ("2 cups milk (2%)", None),
            ("1 1/2 cups flour", None),
        ] {
            assert_eq!(stated(text), share, "{text}");
        }
    }

    #[test]
    fn a_row_by_share_has_its_siblings() {
        let at = |d: &str, s| at_share(d, s).map(|f| f.ndb);
        assert_eq!(at("BEEF,GROUND,80% LN MEAT / 20% FAT,RAW", 85), Some(23567));
        assert_eq!(at("BEEF,GROUND,80% LN MEAT / 20% FAT,RAW", 93), Some(23472));
        assert_eq!(at("BEEF,GROUND,80% LN MEAT / 20% FAT,RAW", 88), None);
        assert_eq!(at("CORN,SWT,YEL,RAW", 85), None);
    }
}
