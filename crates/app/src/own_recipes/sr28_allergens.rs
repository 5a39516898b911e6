//! The allergens of an SR28 food the taxonomy has no name for, from what
//! is certain about its SR28 row: its food group (the first digits of its
//! NDB number, 15 being "Finfish and Shellfish Products") and the words of
//! its description (`CRAB,BLUE,CANNED`, `SAUCE,OYSTER,RTS`).
//!
//! The safe reading, where the row does not settle the question: a food
//! of a group of mixed dishes (soups and sauces, sweets, baked goods,
//! meals, snacks, …), or of a plain group but described as made with
//! other things (breaded, in sauce, imitation, a mix), or whose NDB number
//! names no group, may hold anything its description does not name
//! (Worcestershire sauce holds anchovies, hoisin soy and wheat). Such a
//! food is counted as containing **every** allergen group, so that no
//! restriction lets its recipe through; the person's recourse is the
//! taxonomy learning the food's name, which then decides its labels.

use std::collections::HashMap;
use std::sync::OnceLock;

use mealplan_domain::Allergen;
use mealplan_ingredients::FoodTable;

/// What an SR28 row says of its allergens.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sr28Allergens {
    /// The allergens it contains, in [`Allergen::ALL`] order (every group
    /// when `settled` is false).
    pub contains: Vec<Allergen>,
    /// Whether the row settles them: its group holds single foods and its
    /// description names the whole food.
    pub settled: bool,
}

/// SR28 food groups whose rows are single foods, described in full: dairy
/// and egg (01), spices and herbs (02), fats and oils (04), poultry (05),
/// fruits (09), pork (10), vegetables (11), nuts and seeds (12), beef
/// (13), beverages (14), finfish and shellfish (15), legumes (16), lamb,
/// veal and game (17), cereal grains and pasta (20). SR28 numbers its
/// rows by group up to 22, then writes more beef under 23: beyond those,
/// a number names no group.
const PLAIN_GROUPS: [u32; 15] = [1, 2, 4, 5, 9, 10, 11, 12, 13, 14, 15, 16, 17, 20, 23];

/// SR28's "Finfish and Shellfish Products": every row a fish, a
/// crustacean or a mollusc.
const SEAFOOD_GROUP: u32 = 15;

/// Words that say a food of a plain group is made with other things, so
/// its description no longer names all it holds (SR28's abbreviations
/// included: `SAU`, `DRSNG`, `IMITN`).
const MADE_WITH_OTHERS: &[&str] = &[
    "breaded",
    "batter",
    "battered",
    "coated",
    "stuffed",
    "stuffing",
    "imitation",
    "imitn",
    "substitute",
    "meatless",
    "analog",
    "sauce",
    "sau",
    "gravy",
    "dressing",
    "drsng",
    "dip",
    "filling",
    "frosting",
    "pudding",
    "mix",
    "mixture",
    "dish",
    "dinner",
    "entree",
    "sandwich",
    "sndwch",
    "soup",
    "recipe",
    "candy",
    "flavored",
    "flavor",
    "flav",
    "nugget",
    "patty",
    "patties",
    "burger",
    "soyburger",
    "shake",
    "formula",
    "spread",
    "sprd",
    "salad",
    "pie",
    "cake",
    "cookie",
    "cracker",
    "bar",
    "restaurant",
    "bkd",
    "baked",
    "franks",
    "frankfurter",
    "falafel",
    "extender",
    "seasoning",
    "curry",
    "supp",
    "supplement",
    "nutritional",
    "replcmnt",
    "replacement",
    "smoothie",
    "colada",
    "cocktail",
];

/// Each allergen group and the description words that name a food of it
/// (whole words of SR28's descriptions, abbreviations included).
const WORDS: &[(Allergen, &[&str])] = &[
    (
        Allergen::Gluten,
        &[
            "wheat",
            "barley",
            "rye",
            "oat",
            "oats",
            "oatmeal",
            "spelt",
            "kamut",
            "triticale",
            "semolina",
            "durum",
            "couscous",
            "bulgur",
            "farina",
            "malt",
            "malted",
            "seitan",
            "gluten",
            "bread",
            "breads",
            "breadcrumbs",
            "crumbs",
            "pasta",
            "macaroni",
            "spaghetti",
            "noodle",
            "noodles",
            "beer",
            "ale",
            "freekeh",
            "farro",
            "einkorn",
            "emmer",
        ],
    ),
    (
        Allergen::Crustaceans,
        &[
            "crustacean",
            "crustaceans",
            "crab",
            "crabs",
            "crabmeat",
            "shrimp",
            "shrimps",
            "prawn",
            "prawns",
            "lobster",
            "lobsters",
            "crayfish",
            "crawfish",
            "langoustine",
            "langoustines",
            "scampi",
            "krill",
        ],
    ),
    (
        Allergen::Egg,
        &[
            "egg",
            "eggs",
            "yolk",
            "yolks",
            "mayo",
            "mayonnaise",
            "meringue",
            "eggnog",
            "albumen",
        ],
    ),
    (
        Allergen::Fish,
        &[
            "fish",
            "finfish",
            "anchovy",
            "anchovies",
            "roe",
            "caviar",
            "surimi",
            "worcestershire",
        ],
    ),
    (Allergen::Peanut, &["peanut", "peanuts", "pnut", "pnuts"]),
    (
        Allergen::Soy,
        &[
            "soy", "soya", "soybean", "soybeans", "soybn", "soymilk", "tofu", "miso", "tempeh",
            "natto", "edamame", "tamari", "shoyu",
        ],
    ),
    (
        Allergen::Milk,
        &[
            "milk",
            "milks",
            "milkfat",
            "cheese",
            "cheeses",
            "chs",
            "cream",
            "crm",
            "butter",
            "buttermilk",
            "whey",
            "casein",
            "caseinate",
            "yogurt",
            "yoghurt",
            "lactose",
            "ghee",
            "kefir",
            "curd",
            "curds",
            "paneer",
            "ricotta",
            "mascarpone",
            "nfdm",
        ],
    ),
    (
        Allergen::TreeNut,
        &[
            "almond",
            "almonds",
            "walnut",
            "walnuts",
            "cashew",
            "cashews",
            "pecan",
            "pecans",
            "hazelnut",
            "hazelnuts",
            "filbert",
            "filberts",
            "pistachio",
            "pistachios",
            "macadamia",
            "macadamias",
            "brazilnut",
            "brazilnuts",
            "pinenut",
            "pinenuts",
            "pignolia",
            "praline",
            "marzipan",
            "pesto",
        ],
    ),
    (Allergen::Celery, &["celery", "celeriac"]),
    (Allergen::Mustard, &["mustard"]),
    (
        Allergen::Sesame,
        &["sesame", "tahini", "halvah", "halva", "hummus"],
    ),
    (
        Allergen::Sulphites,
        &[
            "wine",
            "sulfite",
            "sulphite",
            "sulfured",
            "sulphured",
            "balsamic",
        ],
    ),
    (Allergen::Lupin, &["lupin", "lupins", "lupine", "lupines"]),
    (
        Allergen::Molluscs,
        &[
            "mollusk",
            "mollusks",
            "mollusc",
            "molluscs",
            "clam",
            "clams",
            "oyster",
            "oysters",
            "mussel",
            "mussels",
            "scallop",
            "scallops",
            "squid",
            "calamari",
            "octopus",
            "cuttlefish",
            "whelk",
            "whelks",
            "abalone",
            "conch",
            "snail",
            "snails",
            "escargot",
            "cockle",
            "cockles",
            "periwinkle",
        ],
    ),
];

/// A word before a word of [`WORDS`] that makes the two a food of none
/// of its groups (a plant milk, a nut or fruit butter, rice noodles,
/// oyster mushrooms).
const NOT_AFTER: &[(&str, &str)] = &[
    ("coconut", "milk"),
    ("coconut", "cream"),
    ("almond", "milk"),
    ("soy", "milk"),
    ("rice", "milk"),
    ("oat", "milk"),
    ("peanut", "butter"),
    ("pnut", "butter"),
    ("almond", "butter"),
    ("cashew", "butter"),
    ("sesame", "butter"),
    ("nut", "butter"),
    ("cocoa", "butter"),
    ("apple", "butter"),
    ("shea", "butter"),
    ("mushroom", "oyster"),
    ("mushrooms", "oyster"),
    ("veg", "oyster"),
    ("emu", "oyster"),
    ("ostrich", "oyster"),
    ("rice", "noodle"),
    ("rice", "noodles"),
];

/// A word after a word of [`WORDS`] that makes the two a food of none of
/// its groups (butter beans, beef's oyster blade).
const NOT_BEFORE: &[(&str, &str)] = &[("butter", "bean"), ("butter", "beans"), ("oyster", "blade")];

/// Words of foods whose makings vary so that their description cannot
/// settle their allergens (margarine may hold whey, chocolate milk,
/// a nondairy topping caseinate).
const VARYING: &[&str] = &[
    "margarine",
    "choc",
    "chocolate",
    "blend",
    "blended",
    "topping",
    "nondairy",
    "creamer",
    "whtnr",
    "whitener",
    "mocha",
    "latte",
    "cappuccino",
    "protein",
];

/// Words of plain drinks: a beverage (SR28 group 14) without one is a
/// made drink (a shake, a supplement, a cocktail) and settles nothing.
const PLAIN_DRINKS: &[&str] = &[
    "coffee",
    "espresso",
    "tea",
    "h2o",
    "water",
    "juc",
    "juice",
    "soda",
    "cola",
    "distilled",
    "wine",
    "beer",
    "ale",
    "lemonade",
    "limeade",
    "cider",
    "sake",
];

/// The group of eggs and milk products (01): a row there that names
/// neither is a substitute or a mix, and settles nothing.
const DAIRY_AND_EGG_GROUP: u32 = 1;

/// The group of drinks (14).
const BEVERAGE_GROUP: u32 = 14;

/// Flour (`FLR`) is wheat's unless the description names another grain,
/// seed, nut or root it is ground from.
const FLOUR: &[&str] = &["flour", "flr"];
const NOT_WHEAT: &[&str] = &[
    "rice",
    "corn",
    "cornmeal",
    "masa",
    "soy",
    "soybean",
    "buckwheat",
    "potato",
    "arrowroot",
    "almond",
    "coconut",
    "chickpea",
    "garbanzo",
    "cottonseed",
    "sunflower",
    "acorn",
    "sesame",
    "peanut",
    "pnut",
    "tapioca",
    "cassava",
    "carob",
    "lupin",
    "millet",
    "sorghum",
    "teff",
    "amaranth",
    "quinoa",
    "chestnut",
    "fish",
    "mesquite",
    "hazelnut",
];

/// Words ending in `nut` that are no tree nut (a word ending so, as
/// `NUTS,MXD NUTS`, beechnuts or hickorynuts, counts as tree nuts).
const NOT_TREE_NUTS: &[&str] = &[
    "coconut",
    "peanut",
    "pnut",
    "doughnut",
    "donut",
    "breadnut",
    "butternut",
];

/// Two words that name a tree nut together.
const TREE_NUT_PAIRS: &[(&str, &str)] = &[
    ("brazil", "nut"),
    ("brazil", "nuts"),
    ("pine", "nut"),
    ("pine", "nuts"),
];

/// What SR28 food `ndb` contains by [`of_row`] (`None`: no such food),
/// read once for the whole table so a stored recipe is checked with a
/// look-up a line.
pub fn of_ndb(ndb: u32) -> Option<&'static [Allergen]> {
    static BY_NDB: OnceLock<HashMap<u32, Vec<Allergen>>> = OnceLock::new();
    BY_NDB
        .get_or_init(|| {
            FoodTable::sr28()
                .foods()
                .iter()
                .map(|f| (f.ndb, of_row(f.ndb, &f.description).contains))
                .collect()
        })
        .get(&ndb)
        .map(Vec::as_slice)
}

/// Whether `word`, or it less a plural `s`, is in `list`.
fn among(list: &[&str], word: &str) -> bool {
    list.contains(&word) || word.strip_suffix('s').is_some_and(|w| list.contains(&w))
}

/// What SR28 row `ndb`, described `description`, says of its allergens.
pub fn of_row(ndb: u32, description: &str) -> Sr28Allergens {
    let lower = description.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let group = ndb / 1000;
    let contains = named(&words, group);
    let plain = PLAIN_GROUPS.contains(&group) && (1_000..24_000).contains(&ndb);
    let settled = plain
        && !words
            .iter()
            .any(|w| among(MADE_WITH_OTHERS, w) || among(VARYING, w))
        && (group != DAIRY_AND_EGG_GROUP
            || contains.contains(&Allergen::Milk)
            || contains.contains(&Allergen::Egg))
        && (group != BEVERAGE_GROUP || words.iter().any(|w| among(PLAIN_DRINKS, w)));
    Sr28Allergens {
        contains: if settled {
            contains
        } else {
            Allergen::ALL.to_vec()
        },
        settled,
    }
}

/// The allergens `words` (a description's, of SR28 group `group`) name.
fn named(words: &[&str], group: u32) -> Vec<Allergen> {
    let says = |allergen: Allergen| {
        let list = WORDS
            .iter()
            .find(|(a, _)| *a == allergen)
            .map_or(&[][..], |(_, w)| *w);
        let said = words.iter().enumerate().any(|(i, w)| {
            among(list, w)
                && !(i > 0 && NOT_AFTER.contains(&(words[i - 1], *w)))
                && !words
                    .get(i + 1)
                    .is_some_and(|next| NOT_BEFORE.contains(&(*w, *next)))
        });
        said || match allergen {
            Allergen::TreeNut => {
                words
                    .windows(2)
                    .any(|p| TREE_NUT_PAIRS.contains(&(p[0], p[1])))
                    || words.iter().any(|w| {
                        (w.ends_with("nut") || w.ends_with("nuts")) && !among(NOT_TREE_NUTS, w)
                    })
            }
            Allergen::Gluten => {
                words.iter().any(|w| among(FLOUR, w)) && !words.iter().any(|w| among(NOT_WHEAT, w))
            }
            _ => false,
        }
    };
    let mut contains: Vec<Allergen> = Allergen::ALL.iter().copied().filter(|a| says(*a)).collect();
    let seafood = [Allergen::Fish, Allergen::Crustaceans, Allergen::Molluscs];
    if group == SEAFOOD_GROUP && !seafood.iter().any(|a| contains.contains(a)) {
        // Every row of the group is seafood: one not named a crustacean or
        // a mollusc is a fish (salmon, catfish, roe).
        contains.push(Allergen::Fish);
        contains.sort_by_key(|a| Allergen::ALL.iter().position(|x| x == a));
    }
    contains
}

#[cfg(test)]
mod tests {
    use super::*;
    use Allergen::*;

    #[test]
    fn rows_say_what_they_are_made_of() {
        // (ndb, description, contains when settled; None: not settled)
        let table: &[(u32, &str, Option<&[Allergen]>)] = &[
            (15141, "CRAB,BLUE,CANNED", Some(&[Crustaceans])),
            (15172, "SCALLOP,MIXED SPECIES,RAW", Some(&[Molluscs])),
            (15076, "SALMON,ATLANTIC,WILD,RAW", Some(&[Fish])),
            (15173, "SCALLOP,MXD SP,CKD,BREADED&FRIED", None),
            (15174, "SCALLOP,MXD SP,IMITN,MADE FROM SURIMI", None),
            (6174, "SOUP,STOCK,FISH,HOME-PREPARED", None),
            (6971, "SAUCE,WORCESTERSHIRE", None),
            (19297, "JAMS AND PRESERVES", None),
            (1225, "DULCE DE LECHE", None),
            (
                14041,
                "BEVERAGES,NESTLE,BOOST PLUS,NUTRITIONAL DRK,RTD",
                None,
            ),
            (90240, "SCALLOP,(BAY&SEA),CKD,STMD", None),
            (
                14355,
                "BEVERAGES,TEA,BLACK,BREWED,PREP W/ TAP H2O",
                Some(&[]),
            ),
            (
                14210,
                "BEVERAGES,COFFEE,BREWED,ESPRESSO,REST-PREP",
                Some(&[]),
            ),
            (14006, "ALCOHOLIC BEV,BEER,REG,ALL", Some(&[Gluten])),
            (1017, "CHEESE,CREAM", Some(&[Milk])),
            (
                12117,
                "COCONUT MILK,RAW (LIQ EXPRESSED FROM GRATED MEAT&H2O)",
                Some(&[]),
            ),
            (16098, "PEANUT BUTTER,SMOOTH STYLE,W/ SALT", Some(&[Peanut])),
            (
                12166,
                "SESAME BUTTER,TAHINI,FROM RSTD&TSTD KRNLS",
                Some(&[Sesame]),
            ),
            (12062, "ALMONDS,BLANCHED", Some(&[TreeNut])),
            (12077, "BEECHNUTS,DRIED", Some(&[TreeNut])),
            (12104, "COCONUT MEAT,RAW", Some(&[])),
            (
                20081,
                "WHEAT FLR,WHITE,ALL-PURPOSE,ENR,BLEACHED",
                Some(&[Gluten]),
            ),
            (20061, "RICE FLR,WHITE,UNENR", Some(&[])),
            (20133, "RICE NOODLES,DRY", Some(&[])),
            (11987, "MUSHROOMS,OYSTER,RAW", Some(&[])),
            (23429, "BEEF,NZ,IMP,OYSTER BLADE,LN,RAW", Some(&[])),
            (9246, "PEACHES,DRIED,SULFURED,UNCKD", Some(&[Sulphites])),
            (2046, "MUSTARD SEED,GROUND", Some(&[Mustard])),
            (11143, "CELERY,RAW", Some(&[Celery])),
            (16112, "MISO", Some(&[Soy])),
            (1123, "EGG,WHL,RAW,FRSH", Some(&[Egg])),
        ];
        for (ndb, description, contains) in table {
            let said = of_row(*ndb, description);
            match contains {
                Some(c) => {
                    assert!(said.settled, "{description}: {said:?}");
                    assert_eq!(said.contains, *c, "{description}");
                }
                None => {
                    assert!(!said.settled, "{description}: {said:?}");
                    assert_eq!(said.contains, Allergen::ALL, "{description}");
                }
            }
        }
    }

    #[test]
    fn every_seafood_row_carries_a_seafood_allergen() {
        let seafood = [Fish, Crustaceans, Molluscs];
        for food in FoodTable::sr28()
            .foods()
            .iter()
            .filter(|f| f.ndb / 1000 == 15)
        {
            let said = of_row(food.ndb, &food.description);
            assert!(
                said.contains.iter().any(|a| seafood.contains(a)),
                "{} {}: {said:?}",
                food.ndb,
                food.description
            );
        }
    }
}
