//! Fat levels of foods SR28 keeps in several rows by fat: "light sour
//! cream", "1% milk", "fat-free mayonnaise", "part-skim ricotta". The food
//! found by its name is the regular row; a line that says a fat level is
//! brought to SR28's row of that level, or, where SR28 has no row of that
//! level of the food ("light coconut milk"), is not sure of the regular
//! one. Yogurt, cottage cheese and cream cheese, whose rows SR28 names by
//! fat in their descriptions, are chosen in `kinds.rs`.

use crate::foods::{Food, FoodTable};

/// A fat level a line may say.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Level {
    /// "whole milk", "full-fat", "full cream".
    Whole,
    /// "reduced-fat", "2%", "semi-skimmed".
    Reduced,
    /// "light", "lite".
    Light,
    /// "low-fat", "1%", "part-skim".
    Low,
    /// "fat-free", "nonfat", "skim", "0%".
    Free,
}

/// The phrases of each level (lower case, runs of other characters one
/// space, "%" kept), in the order they are looked for: a phrase found is
/// taken out of the line before the next level's ("semi skimmed" is not
/// "skimmed", "part skim" not "skim").
const PHRASES: &[(Level, &[&str])] = &[
    (
        Level::Low,
        &[
            "part skim",
            "part skimmed",
            "low fat",
            "lowfat",
            "1%",
            "1 %",
            "1 percent",
        ],
    ),
    (
        Level::Reduced,
        &[
            "semi skimmed",
            "reduced fat",
            "less fat",
            "lower fat",
            "2%",
            "2 %",
            "2 percent",
        ],
    ),
    (
        Level::Free,
        &[
            "fat free", "nonfat", "non fat", "skim", "skimmed", "0%", "0 %", "zero fat", "no fat",
        ],
    ),
    (Level::Light, &["light", "lite"]),
    (
        Level::Whole,
        &["whole milk", "whole", "full fat", "full cream"],
    ),
];

/// One food's rows by fat level: the rows it may be found as, and the row
/// of each level (`None`: SR28 has no row of that level).
struct Rows {
    /// Every SR28 row of the food by fat.
    foods: &'static [u32],
    whole: Option<u32>,
    reduced: Option<u32>,
    light: Option<u32>,
    low: Option<u32>,
    free: Option<u32>,
}

const FOODS: &[Rows] = &[
    // Sour cream: regular 198 kcal per 100 g, reduced-fat 135, fat-free 91.
    Rows {
        foods: &[1056, 1055, 1193, 1194],
        whole: Some(1056),
        reduced: Some(1055),
        light: Some(1055),
        low: Some(1055),
        free: Some(1194),
    },
    // Mayonnaise: regular 680, light 238, fat-free 84.
    Rows {
        foods: &[4025, 4145, 4026, 4641, 4708, 42193],
        whole: Some(4025),
        reduced: Some(4641),
        light: Some(4641),
        low: Some(4641),
        free: Some(42193),
    },
    // Fluid cow's milk: whole 3.25% (61), reduced-fat 2% (50), low-fat 1%
    // (42), nonfat (34), as US cartons are labelled.
    Rows {
        foods: &[
            1077, 1211, 1078, 1079, 1080, 1174, 1152, 1082, 1083, 1175, 1085, 1086, 1151,
        ],
        whole: Some(1077),
        reduced: Some(1079),
        light: Some(1082),
        low: Some(1082),
        free: Some(1085),
    },
    // Evaporated milk: regular and nonfat only.
    Rows {
        foods: &[1096, 1153, 1214, 1097],
        whole: Some(1096),
        reduced: None,
        light: None,
        low: None,
        free: Some(1097),
    },
    // Sweetened condensed milk: one row.
    Rows {
        foods: &[1095],
        whole: Some(1095),
        reduced: None,
        light: None,
        low: None,
        free: None,
    },
    // Half and half: regular, low-fat and fat-free.
    Rows {
        foods: &[1049, 1303, 1199],
        whole: Some(1049),
        reduced: Some(1303),
        light: Some(1303),
        low: Some(1303),
        free: Some(1199),
    },
    // Ricotta: whole milk and part skim.
    Rows {
        foods: &[1036, 1037],
        whole: Some(1036),
        reduced: Some(1037),
        light: Some(1037),
        low: Some(1037),
        free: None,
    },
    // Mozzarella: whole milk, part skim, nonfat.
    Rows {
        foods: &[1026, 1028, 42304],
        whole: Some(1026),
        reduced: Some(1028),
        light: Some(1028),
        low: Some(1028),
        free: Some(42304),
    },
    // Low-moisture mozzarella: whole milk and part skim.
    Rows {
        foods: &[1027, 1029, 1271],
        whole: Some(1027),
        reduced: Some(1029),
        light: Some(1029),
        low: Some(1029),
        free: None,
    },
    // Cheddar: regular 404, reduced-fat 309, fat-free 157.
    Rows {
        foods: &[1009, 1260, 1265],
        whole: Some(1009),
        reduced: Some(1260),
        light: Some(1260),
        low: Some(1260),
        free: Some(1265),
    },
    // Ranch dressing: regular 430, reduced-fat 196, fat-free 119.
    Rows {
        foods: &[4639, 4640, 4638],
        whole: Some(4639),
        reduced: Some(4640),
        light: Some(4640),
        low: Some(4640),
        free: Some(4638),
    },
    // Vanilla ice cream: regular, light, fat-free.
    Rows {
        foods: &[19095, 19088, 19867],
        whole: Some(19095),
        reduced: Some(19088),
        light: Some(19088),
        low: Some(19088),
        free: Some(19867),
    },
    // Smooth peanut butter: regular and reduced-fat.
    Rows {
        foods: &[16098, 16398, 16150],
        whole: Some(16098),
        reduced: Some(16150),
        light: Some(16150),
        low: Some(16150),
        free: None,
    },
    // Coconut milk: SR28 has no light row.
    Rows {
        foods: &[12118, 12117, 12176],
        whole: Some(12118),
        reduced: None,
        light: None,
        low: None,
        free: None,
    },
];

/// What a fat level said makes of the food found.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Said {
    /// SR28's row of the level said.
    Row(&'static Food),
    /// SR28 has no row of that level of the food.
    Unsure,
}

/// The row of `food` at the fat level the line says: `None` when `food`
/// is not kept by fat, the line says no level, or `food` is of it.
pub fn as_said(food: &Food, text: &str) -> Option<Said> {
    let rows = FOODS.iter().find(|r| r.foods.contains(&food.ndb))?;
    let ndb = match level(text)? {
        Level::Whole => rows.whole,
        Level::Reduced => rows.reduced,
        Level::Light => rows.light,
        Level::Low => rows.low,
        Level::Free => rows.free,
    };
    match ndb {
        None => Some(Said::Unsure),
        // A row of the level found by name stays ("2% milk" of 1174).
        Some(ndb) if ndb == food.ndb => None,
        Some(ndb) => FoodTable::sr28().get(ndb).map(Said::Row),
    }
}

/// The regular row of `food`, a row of another fat level of the same
/// food, whose measures it may be weighed by: `None` when `food` is not
/// kept by fat or is the regular row.
pub fn regular(food: &Food) -> Option<&'static Food> {
    let rows = FOODS.iter().find(|r| r.foods.contains(&food.ndb))?;
    let whole = rows.whole.filter(|&ndb| ndb != food.ndb)?;
    FoodTable::sr28().get(whole)
}

/// The fat level `text` says, if any.
fn level(text: &str) -> Option<Level> {
    let mut line = String::from(" ");
    for word in text
        .to_lowercase()
        .split(|c: char| !c.is_alphanumeric() && c != '%')
        .filter(|w| !w.is_empty())
    {
        line.push_str(word);
        line.push(' ');
    }
    for (level, phrases) in PHRASES {
        let mut found = false;
        for p in *phrases {
            let p = format!(" {p} ");
            if line.contains(&p) {
                found = true;
                line = line.replace(&p, " ");
            }
        }
        if found {
            return Some(*level);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(ndb: u32, text: &str) -> Option<u32> {
        match as_said(FoodTable::sr28().get(ndb).unwrap(), text) {
            Some(Said::Row(f)) => Some(f.ndb),
            Some(Said::Unsure) => Some(0),
            None => None,
        }
    }

    #[test]
    fn a_fat_level_brings_the_food_to_its_row() {
        assert_eq!(row(1056, "1/2 cup light sour cream"), Some(1055));
        assert_eq!(row(1056, "1 cup fat-free sour cream"), Some(1194));
        assert_eq!(row(4025, "1/4 cup reduced-fat mayonnaise"), Some(4641));
        assert_eq!(row(4025, "2 tbsp fat free mayo"), Some(42193));
        assert_eq!(row(1077, "1 cup 1% milk"), Some(1082));
        assert_eq!(row(1077, "1 cup skim milk"), Some(1085));
        assert_eq!(row(1077, "500 ml semi-skimmed milk"), Some(1079));
        assert_eq!(row(1036, "1 cup part-skim ricotta"), Some(1037));
        assert_eq!(row(1009, "1 cup shredded reduced fat cheddar"), Some(1260));
        assert_eq!(row(1096, "1 can fat free evaporated milk"), Some(1097));
        assert_eq!(row(1049, "1/2 cup fat-free half and half"), Some(1199));
    }

    #[test]
    fn a_level_row_has_its_regular_row() {
        let regular = |ndb| regular(FoodTable::sr28().get(ndb).unwrap()).map(|f| f.ndb);
        assert_eq!(regular(1028), Some(1026));
        assert_eq!(regular(1055), Some(1056));
        assert_eq!(regular(1056), None);
        assert_eq!(regular(11167), None);
    }

    #[test]
    fn a_level_sr28_lacks_is_not_sure() {
        assert_eq!(row(12118, "1 can light coconut milk"), Some(0));
        assert_eq!(
            row(1095, "1 can fat-free sweetened condensed milk"),
            Some(0)
        );
    }

    #[test]
    fn no_level_or_the_same_row_changes_nothing() {
        assert_eq!(row(1056, "1 cup sour cream"), None);
        assert_eq!(row(1077, "1 cup whole milk"), None);
        assert_eq!(row(1079, "1 cup 2% milk"), None);
        assert_eq!(row(12118, "1 can full-fat coconut milk"), None);
        // "1 cup" is not "1%"; a food not kept by fat is left alone.
        assert_eq!(row(1077, "1 cup milk"), None);
        assert_eq!(row(1053, "1 cup light cream"), None);
    }
}
