//! Words of a line that choose among SR28's rows of one food: "hard-boiled"
//! eggs, "medium-grain" rice, "low-sodium" soy sauce. The food found by its
//! name is the plain row ("EGG,WHL,RAW,FRSH"); a line that says which kind
//! it buys is brought to the row of that kind, or, where SR28 has rows of
//! that kind of the food but none near the one found, is not sure of it.
//! Fat levels ("full-fat", "2%", "nonfat") choose among a dairy food's
//! rows the same way, and "dried" beans are SR28's raw mature seeds.

use crate::foods::{Food, FoodTable};

/// A kind a line may say, and where it applies.
struct Kind {
    /// Phrases of the line (lower case, hyphens as spaces) that say it.
    said: &'static [&'static str],
    /// The first parts of the descriptions of the food it chooses among
    /// ("EGG", "CHEESE,COTTAGE"), or `None` for any food (its first part).
    family: Option<&'static str>,
    /// Parts of SR28 descriptions that say the kind.
    rows: &'static [&'static str],
}

/// SR28's abbreviations of a lowered sodium.
const LOW_SODIUM: &[&str] = &[
    "LO NA",
    "RED NA",
    "LESS NA",
    "LOW NA",
    "REDUCED/LOW NA",
    "LESS/REDUCED NA",
];

/// Phrases of a whole-milk, a lowered-fat and a fat-free dairy food.
const WHOLE_MILK: &[&str] = &["whole milk", "full fat", "full cream"];
const LOW_FAT: &[&str] = &[
    "low fat",
    "lowfat",
    "reduced fat",
    "light",
    "lite",
    "2%",
    "2 %",
    "1%",
    "1 %",
    "2 percent",
];
const FAT_FREE: &[&str] = &[
    "nonfat", "non fat", "fat free", "0%", "0 %", "skim", "skimmed", "zero fat",
];

/// Phrases of a food with added calcium or vitamins.
const FORTIFIED: &[&str] = &[
    "fortified",
    "calcium fortified",
    "calcium enriched",
    "with calcium",
    "added calcium",
    "calcium added",
    "calcium and vitamin d",
    "calcium vitamin d",
];

const KINDS: &[Kind] = &[
    // "red kidney beans" on SR28's all-types row: its red row of the same
    // state (held-out 40).
    Kind {
        said: &["red kidney"],
        family: Some("BEANS"),
        rows: &["RED"],
    },
    Kind {
        said: &["hard boiled", "hard cooked", "boiled"],
        family: Some("EGG"),
        rows: &["HARD-BOILED"],
    },
    Kind {
        said: &["medium grain", "arborio"],
        family: Some("RICE"),
        rows: &["MEDIUM-GRAIN"],
    },
    Kind {
        said: &["short grain", "sushi rice", "japanese"],
        family: Some("RICE"),
        rows: &["SHORT-GRAIN"],
    },
    Kind {
        said: &["long grain", "jasmine", "basmati"],
        family: Some("RICE"),
        rows: &["LONG-GRAIN"],
    },
    Kind {
        said: &["glutinous", "sticky rice", "sweet rice"],
        family: Some("RICE"),
        rows: &["GLUTINOUS"],
    },
    Kind {
        said: &[
            "low sodium",
            "reduced sodium",
            "less sodium",
            "lower sodium",
            "no salt added",
            "low salt",
            "reduced salt",
        ],
        family: None,
        rows: LOW_SODIUM,
    },
    // Yogurt's rows by fat: SR28 tells whole milk, low-fat and nonfat apart
    // for plain and for Greek yogurt.
    Kind {
        said: WHOLE_MILK,
        family: Some("YOGURT"),
        rows: &["WHL MILK"],
    },
    Kind {
        said: LOW_FAT,
        family: Some("YOGURT"),
        rows: &["LOWFAT", "LOFAT"],
    },
    Kind {
        said: FAT_FREE,
        family: Some("YOGURT"),
        rows: &["NONFAT", "SKIM MILK"],
    },
    // Cottage cheese: the lexicon's is 2%; creamed (4%), 1% and dry curd.
    Kind {
        said: &["full fat", "whole milk", "creamed", "4%", "4 %"],
        family: Some("CHEESE,COTTAGE"),
        rows: &["CRMD"],
    },
    Kind {
        said: &["1%", "1 %", "1 percent", "low fat", "lowfat", "light"],
        family: Some("CHEESE,COTTAGE"),
        rows: &["1% MILKFAT"],
    },
    // After "low fat": a share said ("low-fat (2%)") is the row of it.
    Kind {
        said: &["2%", "2 %", "2 percent"],
        family: Some("CHEESE,COTTAGE"),
        rows: &["2% MILKFAT"],
    },
    Kind {
        said: &["nonfat", "non fat", "fat free", "0%", "dry curd"],
        family: Some("CHEESE,COTTAGE"),
        rows: &["NONFAT"],
    },
    // Fortified foods: soy milk and orange juice with added calcium (and
    // vitamin D), tofu set with calcium sulfate (SR28's "TOFU,RAW" rows).
    Kind {
        said: FORTIFIED,
        family: Some("SOYMILK"),
        rows: &["W/ ADDED CA"],
    },
    Kind {
        said: &["light", "lite"],
        family: Some("SOYMILK"),
        rows: &["LT"],
    },
    Kind {
        said: FORTIFIED,
        family: Some("ORANGE JUC"),
        rows: &["W/ ADDED CA & VITAMIN D"],
    },
    Kind {
        said: &[
            "calcium set",
            "calcium sulfate",
            "calcium sulphate",
            "set with calcium",
        ],
        family: Some("TOFU"),
        rows: &["TOFU,RAW,"],
    },
    Kind {
        said: &["low fat", "lowfat", "reduced fat", "light", "lite"],
        family: Some("CHEESE,CREAM"),
        rows: &["LOW FAT"],
    },
    Kind {
        said: &["nonfat", "non fat", "fat free"],
        family: Some("CHEESE,CREAM"),
        rows: &["FAT FREE"],
    },
];

/// Foods whose SR28 rows differ by fat with no plain row a cook means:
/// the row the lexicon reads and the rows a person chooses among. SR28's
/// plain Greek yogurt is nonfat (59 kcal per 100 g), low-fat (73) or whole
/// milk (97); American recipes mostly mean nonfat, British and European
/// ones full-fat (which runs richer still), so a line that says no fat
/// level is asked about, whole milk first.
const FAT_UNSAID: &[(u32, &[u32])] = &[(1256, &[1293, 1287, 1256])];

/// The rows a person chooses among for a line that names `food` without
/// saying how much fat it keeps (see [`FAT_UNSAID`]); `None` when the food
/// has a plain row or the line says a fat level.
pub fn fat_unsaid(food: &Food, text: &str) -> Option<&'static [u32]> {
    let line = phrases(text);
    let (_, rows) = FAT_UNSAID.iter().find(|(ndb, _)| *ndb == food.ndb)?;
    let said = [WHOLE_MILK, LOW_FAT, FAT_FREE]
        .iter()
        .flat_map(|p| p.iter())
        .any(|p| line.contains(&format!(" {p} ")));
    (!said).then_some(*rows)
}

/// SR28's group of legumes.
const LEGUMES: u32 = 16;

/// The raw (dry) mature seeds of a canned or cooked legume the line says
/// is bought "dried" ("1 lb dried cannellini beans"), weighed dry; `None`
/// for any other line ("patted dry" is not dried). `text` is the food's
/// name: "rinsed and dried" after the comma of a can is not dry seeds.
pub fn dried_legume(food: &Food, text: &str) -> Option<&'static Food> {
    let line = phrases(text)
        .replace(" pat dry ", " ")
        .replace(" patted dry ", " ");
    raw_seeds(food, &line, &[" dried ", " dry "])
}

/// The raw seeds of a legume said soaked anywhere in the line ("1/4 cup
/// rajma, soaked overnight", "garbanzos remojados"): only dry seeds are
/// soaked, so the amount is the dry measure.
pub fn soaked_legume(food: &Food, text: &str) -> Option<&'static Food> {
    raw_seeds(
        food,
        &phrases(text),
        &[
            " soaked ",
            " soak ",
            " remojado ",
            " remojada ",
            " remojados ",
            " remojadas ",
            " remojo ",
        ],
    )
}

fn raw_seeds(food: &Food, line: &str, said: &[&str]) -> Option<&'static Food> {
    let said = said.iter().any(|w| line.contains(w));
    let cooked_or_canned = [" cooked ", " canned ", " can ", " tin ", " tinned "]
        .iter()
        .any(|w| line.contains(w));
    if !said
        || cooked_or_canned
        || food.ndb / 1000 != LEGUMES
        || !food.description.contains("MATURE SEEDS")
        || food.description.contains("MATURE SEEDS,RAW")
    {
        return None;
    }
    let family = food.description.split(',').next().unwrap_or_default();
    // Of the raw seeds, the row whose name says no more than the line
    // ("dried black beans": SR28's black beans, not its black turtle beans).
    let close = |f: &Food| {
        f.description.split(',').nth(1).is_none_or(|kind| {
            kind.split_whitespace()
                .all(|w| line.contains(&format!(" {} ", w.to_lowercase())))
        })
    };
    // A kind the line says that the row found lacks ("rajma (red kidney
    // beans)": SR28's red kidney beans, not its all-types row).
    let found: Vec<&str> = food.description.split(',').collect();
    let said_kind: Vec<String> = found
        .get(1)
        .map(|kind| {
            kind.split_whitespace()
                .map(str::to_lowercase)
                .filter(|w| line.contains(&format!(" {w} ")))
                .collect()
        })
        .unwrap_or_default();
    let says_more = |f: &Food| {
        let theirs = f.description.to_lowercase();
        close(f)
            && said_kind.iter().all(|w| theirs.contains(w.as_str()))
            && f.description.split(',').any(|seg| {
                !found.contains(&seg)
                    && !["MATURE SEEDS", "RAW"].contains(&seg)
                    && seg
                        .split_whitespace()
                        .all(|w| line.contains(&format!(" {} ", w.to_lowercase())))
            })
    };
    let raw = &["MATURE SEEDS,RAW"];
    nearest(food, family, raw, says_more, false)
        .or_else(|| nearest(food, family, raw, close, false))
        .or_else(|| nearest(food, family, raw, |_| true, false))
}

/// What the kinds a line says make of the food found.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Said {
    /// The row of the kind said.
    Row(&'static Food),
    /// SR28 has rows of that kind of the food, none near the one found.
    Unsure,
}

/// The row of `food` the line's kind words ask for, when `food` is not
/// it: `None` when the line says no kind SR28 tells apart for this food,
/// or `food` is already of it.
pub fn as_said(food: &Food, text: &str) -> Option<Said> {
    let line = phrases(text);
    let first = food.description.split(',').next().unwrap_or_default();
    let mut out = None;
    let mut current = food;
    for kind in KINDS {
        let family = kind.family.unwrap_or(first);
        if !of(current, family)
            || !kind.said.iter().any(|p| line.contains(&format!(" {p} ")))
            || says(current, kind.rows)
        {
            continue;
        }
        // A kind of any food ("low sodium") stays within the food named:
        // SR28's reduced-sodium chicken broth is not a vegetable broth.
        // A kind of any food keeps the food by name, however SR28 spells
        // its other parts ("RTS", "READY TO SERVE").
        let named = |f: &Food| kind.family.is_some() || names_no_other_food(current, f);
        let loose = kind.family.is_none();
        match nearest(current, family, kind.rows, named, loose) {
            Some(row) => {
                current = row;
                out = Some(Said::Row(row));
            }
            None if of_family(family).any(|f| says(f, kind.rows) && named(f)) => {
                return Some(Said::Unsure);
            }
            None => {}
        }
    }
    out
}

/// The line lower case, every run of other characters one space, padded
/// ("%" is kept: "2%").
fn phrases(text: &str) -> String {
    let mut out = String::from(" ");
    for word in text
        .to_lowercase()
        .split(|c: char| !c.is_alphanumeric() && c != '%')
        .filter(|w| !w.is_empty())
    {
        out.push_str(word);
        out.push(' ');
    }
    out
}

fn says(food: &Food, rows: &[&str]) -> bool {
    rows.iter().any(|r| food.description.contains(r))
}

/// Whether `food`'s description starts with the parts `family`
/// ("CHEESE,COTTAGE" of "CHEESE,COTTAGE,CRMD,LRG OR SML CURD").
fn of(food: &Food, family: &str) -> bool {
    food.description
        .strip_prefix(family)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with(','))
}

fn of_family(family: &str) -> impl Iterator<Item = &'static Food> + '_ {
    FoodTable::sr28()
        .foods()
        .iter()
        .filter(move |f| of(f, family))
}

/// Whether row `other` of `food`'s family is the same food by name: the
/// words of their second parts ("CHICK BROTH" of "SOUP,CHICK BROTH,RTS"),
/// those of `other` all among `food`'s and the first two of `food`'s among
/// `other`'s ("SOUP,VEG,CND,LO NA" is no vegetable broth, "SOUP,CHICK
/// BROTH,..." none either; "BF BROTH" is "BF BROTH OR BOUILLON CND"). A
/// food of one part ("SOY SAUCE ...") is named by its family alone.
fn names_no_other_food(food: &Food, other: &Food) -> bool {
    let words = |d: &str| -> Vec<String> {
        d.split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(str::to_owned)
            .collect()
    };
    let (Some(ours), Some(theirs)) = (
        food.description.split(',').nth(1),
        other.description.split(',').nth(1),
    ) else {
        return true;
    };
    let (ours, theirs) = (words(ours), words(theirs));
    theirs.iter().all(|w| ours.contains(w)) && ours.iter().take(2).all(|w| theirs.contains(w))
}

/// The row of the same food saying the kind that keeps most of `food`'s
/// other parts (at least half of them, or, `loose`, its first); of those
/// as near, the shortest.
fn nearest(
    food: &Food,
    family: &str,
    rows: &[&str],
    allowed: impl Fn(&Food) -> bool,
    loose: bool,
) -> Option<&'static Food> {
    let parts: Vec<&str> = food.description.split(',').collect();
    let needed = if loose { 1 } else { parts.len().div_ceil(2) };
    of_family(family)
        .filter(|f| says(f, rows) && allowed(f))
        .map(|f| {
            let theirs: Vec<&str> = f.description.split(',').collect();
            let kept = parts.iter().filter(|p| theirs.contains(p)).count();
            (
                kept,
                std::cmp::Reverse(theirs.len()),
                std::cmp::Reverse(f.ndb),
                f,
            )
        })
        .filter(|(kept, ..)| *kept >= needed)
        .max_by(|a, b| (a.0, a.1, a.2).cmp(&(b.0, b.1, b.2)))
        .map(|(.., f)| f)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(ndb: u32, text: &str) -> Option<u32> {
        let food = FoodTable::sr28().get(ndb).unwrap();
        match as_said(food, text) {
            Some(Said::Row(f)) => Some(f.ndb),
            Some(Said::Unsure) => Some(0),
            None => None,
        }
    }

    #[test]
    fn a_kind_said_brings_the_food_to_its_row() {
        assert_eq!(row(1123, "6 eggs, hard-boiled and chopped"), Some(1129));
        assert_eq!(row(20044, "1 cup medium-grain rice"), Some(20050));
        assert_eq!(row(20044, "1 cup short grain rice"), Some(20052));
        assert_eq!(row(16123, "3 tbsp reduced-sodium soy sauce"), Some(16424));
        assert_eq!(row(6194, "4 cups low sodium chicken broth"), Some(6183));
        assert_eq!(row(16120, "1 cup calcium-fortified soy milk"), Some(16139));
        assert_eq!(row(16120, "1 cup light soy milk"), Some(16225));
        assert_eq!(row(9209, "1 cup fortified orange juice"), Some(9210));
        assert_eq!(
            row(9209, "1 cup chilled orange juice with calcium"),
            Some(9210)
        );
        assert_eq!(row(16126, "200 g firm tofu (calcium sulfate)"), Some(16426));
    }

    #[test]
    fn a_kind_of_any_food_stays_within_the_food_named() {
        // SR28 has no reduced-sodium vegetable broth: the vegetable broth.
        assert_eq!(row(6700, "4 cups low-sodium vegetable broth"), None);
        assert_eq!(row(6008, "2 cups low-sodium beef broth"), Some(6188));
        assert_eq!(row(6194, "1 cup reduced-sodium chicken broth"), Some(6183));
    }

    #[test]
    fn a_fat_level_said_brings_dairy_to_its_row() {
        assert_eq!(row(1256, "500 g full-fat Greek yoghurt"), Some(1293));
        assert_eq!(row(1256, "1 cup Greek yogurt, 2%"), Some(1287));
        assert_eq!(row(1256, "1 cup light Greek yogurt"), Some(1287));
        assert_eq!(row(1116, "1 cup nonfat plain yogurt"), Some(1118));
        assert_eq!(row(1015, "1 cup creamed cottage cheese"), Some(1012));
        assert_eq!(row(1015, "1 cup 1% cottage cheese"), Some(1016));
        assert_eq!(row(1017, "8 oz reduced-fat cream cheese"), Some(43274));
        // "1 cup" is not "1%"; a fat level of another food is not its kind.
        assert_eq!(row(1015, "1 cup cottage cheese"), None);
        assert_eq!(row(1009, "1 cup light cheddar"), None);
    }

    #[test]
    fn greek_yogurt_of_no_fat_level_is_unsaid() {
        let nonfat = FoodTable::sr28().get(1256).unwrap();
        assert!(fat_unsaid(nonfat, "1 cup plain Greek yogurt").is_some());
        assert!(fat_unsaid(nonfat, "1 cup 0% Greek yogurt").is_none());
        assert!(fat_unsaid(nonfat, "1 cup fat-free Greek yogurt").is_none());
        let plain = FoodTable::sr28().get(1116).unwrap();
        assert!(fat_unsaid(plain, "1 cup plain yogurt").is_none());
    }

    #[test]
    fn dried_legumes_are_the_raw_seeds() {
        let dried = |ndb: u32, text: &str| {
            dried_legume(FoodTable::sr28().get(ndb).unwrap(), text).map(|f| f.ndb)
        };
        assert_eq!(dried(16051, "1 lb dried cannellini beans"), Some(16049));
        assert_eq!(dried(16026, "2 cups dry great northern beans"), Some(16024));
        // The row named as the line names it, not a longer name of it.
        assert_eq!(dried(16018, "1 lb dry black beans, soaked"), Some(16014));
        // Only dry seeds are soaked, however the line says it.
        let soaked = |ndb: u32, text: &str| {
            soaked_legume(FoodTable::sr28().get(ndb).unwrap(), text).map(|f| f.ndb)
        };
        assert_eq!(
            soaked(16018, "1 cup black beans, soaked overnight"),
            Some(16014)
        );
        assert_eq!(soaked(16018, "1 cup black beans, en remojo"), Some(16014));
        assert_eq!(soaked(16018, "1 can black beans, soaked"), None);
        assert_eq!(soaked(16018, "1 can black beans, rinsed and dried"), None);
        assert_eq!(soaked(16029, "1 cup red kidney beans, soaked"), Some(16032));
        assert_eq!(dried(16018, "1 lb dried black turtle beans"), Some(16016));
        assert_eq!(
            dried(16051, "1 can white beans, drained and patted dry"),
            None
        );
        assert_eq!(dried(16051, "2 cups white beans"), None);
        assert_eq!(dried(16049, "1 lb dried white beans"), None);
        // Dried fruit is not a legume.
        assert_eq!(dried(9040, "1 cup dried bananas"), None);
    }

    #[test]
    fn a_kind_the_row_says_or_sr28_lacks_changes_nothing() {
        assert_eq!(row(20044, "1 cup jasmine rice"), None);
        assert_eq!(row(1123, "4 large eggs"), None);
        // "sticky rice" of a lettuce line is not the lettuce's kind.
        assert_eq!(row(11251, "lettuce leaves and sticky rice"), None);
        // SR28 has no low-sodium row of ketchup's family at all.
        assert_eq!(row(11935, "2 tbsp low-sodium ketchup"), None);
    }
}
