//! The taxonomy kinds (`pork`, `beef`, `crustacean`, …) of an SR28 food
//! the taxonomy has no name for, from its SR28 row: its food group (the
//! first digits of its NDB number) and the words of its description. The
//! hard rules judge such a food as those kinds (`Recipe::with_kinds`), so
//! every rule that reads kinds (no pork, no red meat, pescatarian, halal,
//! kosher, …) sees SR28's `BEEF,BRISKET,…` as it sees the taxonomy's beef.
//!
//! - Poultry (05) is the bird it names (chicken, turkey, duck), else
//!   poultry; pork (10) pork; beef (13, and 23, where SR28 writes more
//!   beef) beef; lamb, veal and game (17) the animal it names.
//! - Sausages and luncheon meats (07) are the meats the description names
//!   (pork, ham, bacon, beef, turkey, chicken, …).
//! - Fish, crustaceans and molluscs, milk and eggs follow the row's
//!   allergens (`sr28_allergens`): finfish and shellfish (15) split into
//!   fish, crustacean and mollusc by the description.
//! - Any group: words naming a meat (`BEANS,BAKED,CND,W/PORK`), lard,
//!   tallow, blood, gelatin or alcohol add that kind.
//!
//! The safe reading, where the row does not settle it: a food of a group
//! of mixed dishes (soups and sauces, baked goods, sweets, meals, fast
//! food, snacks, baby food, …) or of no group, a sausage or game row that
//! names no animal, or any row with a word of an unknown meat (franks,
//! broth, gravy, pâté, dressing, …) or of a single food made with other
//! things (in sauce, a seasoning mix, a dinner; seafood breaded or
//! imitation), is counted as **every** animal
//! product and alcohol the taxonomy names: not vegetarian, not
//! pescatarian, not halal or kosher, out under any kind rule. A mixed
//! dish is spared only when plainly plant-based: it says vegetarian,
//! vegan or meatless (or is a vegetarian brand's, or mayonnaise), or is a
//! sugar, syrup, cocoa, jam, leavening, salsa or the like, and names no
//! animal food. A plant group's own sauce (tomato, soy, cranberry) is a
//! plain food.

use std::collections::HashMap;
use std::sync::OnceLock;

use mealplan_domain::{Allergen, Taxonomy};
use mealplan_ingredients::FoodTable;

use super::sr28_allergens;

/// What an SR28 row says of its taxonomy kinds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sr28Kinds {
    /// The taxonomy nodes it is (besides every one, when `every`).
    pub kinds: Vec<&'static str>,
    /// Whether the row leaves its animal makings unsettled, so that it is
    /// counted as every animal product and alcohol.
    pub every: bool,
}

/// Groups of one meat each: (SR28 group, the taxonomy node of a row that
/// names no animal; `None`: such a row is unsettled).
const MEAT_GROUPS: [(u32, Option<&str>); 6] = [
    (5, Some("poultry")),
    (7, None),
    (10, Some("pork")),
    (13, Some("beef")),
    (17, None),
    (23, Some("beef")),
];

/// Groups whose rows are single foods (as `sr28_allergens` reads them)
/// and hold no meat unless a word says so: dairy and egg (01), spices
/// (02), fats and oils (04), breakfast cereals (08), fruits (09),
/// vegetables (11), nuts and seeds (12), beverages (14), finfish and
/// shellfish (15, by their allergens), legumes (16), grains (20).
const SINGLE_GROUPS: [u32; 11] = [1, 2, 4, 8, 9, 11, 12, 14, 15, 16, 20];

/// Single-food groups whose row, when made with other things ([`MIXED`]:
/// in sauce, a dressing, a seasoning mix, a dinner), may hide any meat or
/// fish: spices (02), fats and oils (04), fruits (09), vegetables (11),
/// nuts (12), legumes (16), grains (20). Milk and eggs, cereals and
/// drinks hold none so made.
const UNSURE_WHEN_MIXED: [u32; 7] = [2, 4, 9, 11, 12, 16, 20];

/// Words of a single food made with things that may hold meat or fish
/// (SR28's abbreviations included).
const MIXED: &[&str] = &[
    "sauce",
    "sau",
    "gravy",
    "dressing",
    "drsng",
    "seasoning",
    "stuffed",
    "stuffing",
    "soup",
    "dinner",
    "entree",
    "sandwich",
    "sndwch",
    "dish",
    "recipe",
    "filling",
    "flavor",
    "flavored",
    "flav",
];

/// Finfish and shellfish (15): a row made with other things (breaded,
/// imitation) is not settled by its allergens, and counts as every kind.
const SEAFOOD_GROUP: u32 = 15;

/// Description words (SR28's abbreviations included) and the taxonomy
/// node each names.
const ANIMALS: &[(&str, &str)] = &[
    ("pork", "pork"),
    ("ham", "pork"),
    ("hams", "pork"),
    ("bacon", "pork"),
    ("lard", "pork"),
    ("boar", "pork"),
    ("pig", "pork"),
    ("pigs", "pork"),
    ("hog", "pork"),
    ("chorizo", "pork"),
    ("beef", "beef"),
    ("bf", "beef"),
    ("tallow", "beef"),
    ("bison", "beef"),
    ("buffalo", "beef"),
    ("beefalo", "beef"),
    ("veal", "veal"),
    ("lamb", "lamb"),
    ("mutton", "lamb"),
    ("goat", "goat"),
    ("deer", "venison"),
    ("venison", "venison"),
    ("elk", "venison"),
    ("moose", "venison"),
    ("caribou", "venison"),
    ("antelope", "red meat"),
    ("rabbit", "rabbit"),
    ("chicken", "chicken"),
    ("chick", "chicken"),
    ("chickens", "chicken"),
    ("turkey", "turkey"),
    ("duck", "duck"),
    ("goose", "poultry"),
    ("quail", "poultry"),
    ("pheasant", "poultry"),
    ("squab", "poultry"),
    ("emu", "poultry"),
    ("ostrich", "poultry"),
    ("poultry", "poultry"),
    ("blood", "blood"),
    ("gelatin", "gelatin"),
    ("gelatins", "gelatin"),
    ("gelatine", "gelatin"),
    ("marshmallow", "gelatin"),
    ("marshmallows", "gelatin"),
    ("alcoholic", "alcohol"),
    ("wine", "alcohol"),
    ("beer", "alcohol"),
    ("liqueur", "alcohol"),
    ("liqueurs", "alcohol"),
    ("rum", "alcohol"),
    ("vodka", "alcohol"),
    ("whiskey", "alcohol"),
    ("whisky", "alcohol"),
    ("gin", "alcohol"),
    ("brandy", "alcohol"),
    ("sake", "alcohol"),
    ("sherry", "alcohol"),
];

/// Words of a food made of a meat the row does not name.
const UNKNOWN_MEAT: &[&str] = &[
    "meat",
    "meats",
    "franks",
    "frankfurter",
    "frankfurters",
    "sausage",
    "sausages",
    "luncheon",
    "pate",
    "meatball",
    "meatballs",
    "broth",
    "stock",
    "bouillon",
    "gravy",
    "dressing",
    "drsng",
    "animal",
    "worcestershire",
];

/// Words that say a food holds no meat or fish: it says so, it is a
/// meat analogue of a vegetarian brand, or it is mayonnaise.
const NO_MEAT: &[&str] = &[
    "vegetarian",
    "vegan",
    "meatless",
    "veggie",
    "morningstar",
    "mornngstr",
    "worthington",
    "loma",
    "mayo",
    "mayonnaise",
];

/// Plant groups whose sauces are of their own foods (tomato sauce, soy
/// sauce, cranberry sauce): fruits (09), vegetables (11), nuts (12),
/// legumes (16), grains (20). A meat in one is named (`W/PORK`).
const OWN_SAUCES: [u32; 5] = [9, 11, 12, 16, 20];

/// First terms of a description (before its first comma) that name a
/// plant-based food of a mixed group: sugars, syrups, cocoa, jams,
/// leavening, salt, starch.
const PLANT_FIRST: &[&str] = &[
    "sugars",
    "sugar",
    "syrups",
    "syrup",
    "molasses",
    "cocoa",
    "jams",
    "jams and preserves",
    "jellies",
    "marmalade",
    "leavening agents",
    "yeast",
    "baking chocolate",
    "salt",
    "pectin",
    "cornstarch",
    "tapioca",
];

/// Second terms of a sauce's description that name a plant-based sauce
/// (`SAUCE,SALSA,RTS`).
const PLANT_SAUCES: &[&str] = &["salsa", "pasta", "hot chile", "sriracha", "hoisin"];

/// What SR28 food `ndb` is by [`of_row`] (`None`: no such food), read once
/// for the whole table so a stored recipe is checked with a look-up a line.
pub fn of_ndb(ndb: u32) -> Option<&'static Sr28Kinds> {
    static BY_NDB: OnceLock<HashMap<u32, Sr28Kinds>> = OnceLock::new();
    BY_NDB
        .get_or_init(|| {
            FoodTable::sr28()
                .foods()
                .iter()
                .map(|f| (f.ndb, of_row(f.ndb, &f.description)))
                .collect()
        })
        .get(&ndb)
}

/// The taxonomy nodes SR28 food `ndb` is judged as: its kinds that
/// `taxonomy` names, or every animal product and alcohol it names where
/// the row does not settle them or SR28 has no such food.
pub fn judged_as(taxonomy: &Taxonomy, ndb: u32) -> Vec<&str> {
    match of_ndb(ndb) {
        Some(row) if !row.every => row
            .kinds
            .iter()
            .copied()
            .filter(|k| taxonomy.knows(k))
            .collect(),
        _ => taxonomy
            .names()
            .filter(|n| taxonomy.is_a(n, "animal product") || taxonomy.is_a(n, "alcohol"))
            .collect(),
    }
}

/// What SR28 row `ndb`, described `description`, says of its kinds.
pub fn of_row(ndb: u32, description: &str) -> Sr28Kinds {
    let lower = description.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let terms: Vec<&str> = lower.split(',').map(str::trim).collect();
    let group = ndb / 1000;
    let in_range = (1_000..24_000).contains(&ndb);
    let mut kinds: Vec<&'static str> = Vec::new();
    for w in &words {
        if let Some((_, node)) = ANIMALS.iter().find(|(word, _)| word == w) {
            add(&mut kinds, node);
        }
    }
    let allergens = sr28_allergens::of_row(ndb, description);
    let of_allergens: &[(Allergen, &'static str)] = if allergens.settled {
        &[
            (Allergen::Fish, "fish"),
            (Allergen::Crustaceans, "crustacean"),
            (Allergen::Molluscs, "mollusc"),
            (Allergen::Milk, "dairy"),
            (Allergen::Egg, "egg"),
        ]
    } else if group == 1 {
        // A milk or egg row whose makings vary is still milk and egg.
        &[(Allergen::Milk, "dairy"), (Allergen::Egg, "egg")]
    } else {
        &[]
    };
    for (allergen, node) in of_allergens {
        if allergens.contains.contains(allergen) {
            add(&mut kinds, node);
        }
    }
    let named_animal = kinds
        .iter()
        .any(|k| !matches!(*k, "alcohol" | "dairy" | "egg"));
    // `MEAT ONLY` of a cut and coconut meat are no unknown meat: `meat`
    // alone counts only where no animal is named.
    let other_meat = words
        .iter()
        .any(|w| UNKNOWN_MEAT.contains(w) && !matches!(*w, "meat" | "meats"));
    let any_meat_word = words.iter().any(|w| UNKNOWN_MEAT.contains(w));
    let meat_group = MEAT_GROUPS
        .iter()
        .find(|(g, _)| *g == group)
        .filter(|_| in_range);
    let every = match meat_group {
        Some(&(_, plain)) => {
            if !named_animal {
                match plain {
                    Some(node) => add(&mut kinds, node),
                    None => return every_kind(kinds),
                }
            }
            other_meat
        }
        None if in_range && SINGLE_GROUPS.contains(&group) => {
            let mixed = words.iter().any(|w| {
                MIXED.contains(w) && !(matches!(*w, "sauce" | "sau") && OWN_SAUCES.contains(&group))
            });
            let no_meat = !named_animal && words.iter().any(|w| NO_MEAT.contains(w));
            !no_meat
                && (other_meat
                    || (group == SEAFOOD_GROUP && !allergens.settled)
                    || (UNSURE_WHEN_MIXED.contains(&group) && mixed))
        }
        None => {
            let plant = !named_animal
                && !any_meat_word
                && (words.iter().any(|w| NO_MEAT.contains(w))
                    || terms.first().is_some_and(|t| PLANT_FIRST.contains(t))
                    || (terms.first() == Some(&"sauce")
                        && terms.get(1).is_some_and(|t| PLANT_SAUCES.contains(t))));
            !plant
        }
    };
    if every {
        every_kind(kinds)
    } else {
        Sr28Kinds {
            kinds,
            every: false,
        }
    }
}

/// Adds `kind` to `kinds` once.
fn add(kinds: &mut Vec<&'static str>, kind: &'static str) {
    if !kinds.contains(&kind) {
        kinds.push(kind);
    }
}

/// A row counted as every animal product and alcohol (with what it names).
fn every_kind(kinds: Vec<&'static str>) -> Sr28Kinds {
    Sr28Kinds { kinds, every: true }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_say_what_they_are() {
        // (ndb, description, kinds when settled; None: every kind)
        let table: &[(u32, &str, Option<&[&str]>)] = &[
            (
                13803,
                "BEEF,BRISKET,WHL,LN&FAT,1/8\"FAT,ALL GRDS,RAW",
                Some(&["beef"]),
            ),
            (23429, "BEEF,NZ,IMP,OYSTER BLADE,LN,RAW", Some(&["beef"])),
            (10070, "PORK,FRSH,SHLDR,WHL,LN&FAT,RAW", Some(&["pork"])),
            (
                5219,
                "TURKEY,BREAST,FROM WHL BIRD,MEAT ONLY,RAW",
                Some(&["turkey"]),
            ),
            (
                5096,
                "CHICKEN,BROILERS OR FRYERS,DK MEAT,THIGH,MEAT ONLY,RAW",
                Some(&["chicken"]),
            ),
            (5148, "GOOSE,DOMESTICATED,MEAT ONLY,RAW", Some(&["poultry"])),
            (17224, "LAMB,GROUND,RAW", Some(&["lamb"])),
            (17142, "VEAL,GROUND,RAW", Some(&["veal"])),
            (17164, "GAME MEAT,DEER,RAW", Some(&["venison"])),
            (17158, "GAME MEAT,BOAR,WILD,RAW", Some(&["pork"])),
            (17146, "GAME MEAT,BEAR,RAW", None),
            (7057, "PEPPERONI,BF & PORK,SLICED", Some(&["beef", "pork"])),
            (7071, "SALAMI,DRY OR HARD,PORK", Some(&["pork"])),
            (7070, "SALAMI,COOKED,TURKEY", Some(&["turkey"])),
            (7949, "FRANKFURTER  MEAT  HTD", None),
            (7962, "Frankfurter, meat and poultry, unheated", None),
            (7044, "USDA CMDTY,LUNCHEON MEAT,CND", None),
            (15141, "CRAB,BLUE,CANNED", Some(&["crustacean"])),
            (15172, "SCALLOP,MIXED SPECIES,RAW", Some(&["mollusc"])),
            (15162, "CLAM,MXD SP,CND,LIQ", Some(&["mollusc"])),
            (15076, "SALMON,ATLANTIC,WILD,RAW", Some(&["fish"])),
            (4002, "LARD", Some(&["pork"])),
            (4001, "FAT,BEEF TALLOW", Some(&["beef"])),
            (4542, "FAT,CHICKEN", Some(&["chicken"])),
            (4053, "OIL,OLIVE,SALAD OR COOKING", Some(&[])),
            (16009, "BEANS,BKD,CND,W/PORK", Some(&["pork"])),
            (11987, "MUSHROOMS,OYSTER,RAW", Some(&[])),
            (12104, "COCONUT MEAT,RAW", Some(&[])),
            (1009, "CHEESE,CHEDDAR", Some(&["dairy"])),
            (14096, "ALCOHOLIC BEV,WINE,TABLE,RED", Some(&["alcohol"])),
            (19177, "GELATINS,DRY PDR,UNSWTND", None),
            (19335, "SUGARS,GRANULATED", Some(&[])),
            (
                18369,
                "LEAVENING AGENTS,BAKING PDR,DOUBLE-ACTING,NA AL SULFATE",
                Some(&[]),
            ),
            (6164, "SAUCE,SALSA,RTS", Some(&[])),
            (11549, "TOMATO PRODUCTS,CND,SAU", Some(&[])),
            (16124, "SOY SAU MADE FROM SOY (TAMARI)", Some(&[])),
            (16107, "SAUSAGE,MEATLESS", Some(&[])),
            (16011, "BEANS,BKD,CND,W/PORK&TOMATO SAU", Some(&["pork"])),
            (16008, "BEANS,BKD,CND,W/FRANKS", None),
            (4025, "SALAD DRSNG,MAYO,REG", Some(&[])),
            (
                4539,
                "SALAD DRSNG,BLUE OR ROQUEFORT CHS DRSNG,COMM,REG",
                None,
            ),
            (2075, "SEASONING MIX,DRY,TACO,ORIGINAL", None),
            (6008, "SOUP,BF BROTH OR BOUILLON CND,RTS", None),
            (6194, "SOUP,CHICK BROTH,RTS", None),
            (6971, "SAUCE,WORCESTERSHIRE", None),
            (6179, "SAUCE,FISH,READY-TO-SERVE", None),
            (3043, "BABYFOOD,DINNER,BF LASAGNA,TODD", None),
            (
                16594,
                "MORNINGSTAR FARMS LASAGNA W/ VEGGIE SAUSAGE,FRZ,UNPREP",
                Some(&[]),
            ),
            (90240, "SCALLOP,(BAY&SEA),CKD,STMD", None),
        ];
        for (ndb, description, kinds) in table {
            let said = of_row(*ndb, description);
            match kinds {
                Some(k) => {
                    assert!(!said.every, "{description}: {said:?}");
                    assert_eq!(said.kinds, *k, "{description}");
                }
                None => assert!(said.every, "{description}: {said:?}"),
            }
        }
    }

    /// Every row of the meat and seafood groups is meat or seafood to the
    /// taxonomy, so no such row is ever judged as nothing.
    #[test]
    fn every_meat_and_seafood_row_is_of_a_kind() {
        let t = Taxonomy::standard();
        for food in FoodTable::sr28().foods() {
            let group = food.ndb / 1000;
            let flesh = match group {
                5 | 7 | 10 | 13 | 17 | 23 => "meat",
                15 => "animal product",
                _ => continue,
            };
            let kinds = judged_as(t, food.ndb);
            assert!(
                kinds.iter().any(|k| t.is_a(k, flesh)),
                "{} {}: {kinds:?}",
                food.ndb,
                food.description
            );
        }
    }
}
