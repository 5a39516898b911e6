//! Honest confidence (branch ingr17, issue 39): a line is sure of its row
//! only when the row accounts for what the line says. Three classes that
//! were placed sure and wrong on the benchmark's sets:
//!
//! - A qualifier the line says and the chosen row does not carry, where
//!   another SR28 row of the same food does ("baby carrots" on
//!   "CARROTS,RAW" while SR28 has "CARROTS,BABY,RAW"): the line is asked
//!   about with that row offered. A qualifier no row carries ("kosher
//!   salt", "fresh ginger") says nothing SR28 tells apart, and stays.
//! - A cooking state said of a food weighed as bought, where the cooks of
//!   the sets count either state: potatoes by mass "boiled, peeled and
//!   riced" (the raw potato as weighed, or the boiled flesh it gives) are
//!   asked about with both rows.
//! - A food said "homemade" found on a bought row (SR28's dry taco
//!   seasoning mix) is SR28's home-prepared row of it, or asked about;
//!   "store-bought" likewise the other way.
//! - A grain or pasta served with no amount ("sticky rice to serve") is
//!   served cooked: SR28's cooked twin of the dry row, whether SR28 names
//!   the dry row "UNCKD" or "RAW" (branch ingr22).

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::foods::{Food, FoodTable};
use crate::lexicon::Lexicon;
use crate::parse::ParsedLine;
use crate::units::Unit;
use crate::words::{description_stems, is_preparation, spaced, stem, stems};

/// States a row may be in that a line must say for the row to be the
/// line's: a row cooked, canned or frozen is not the food of a line that
/// does not say so.
const STATES: &[&str] = &[
    "cooked",
    "boiled",
    "roasted",
    "fried",
    "canned",
    "frozen",
    "dried",
    "dehydrated",
    "sauteed",
    "braised",
    "baked",
    "grilled",
    "broiled",
    "stewed",
    "steamed",
    "microwaved",
    "toasted",
    "prepared",
    "pickled",
    "smoked",
    "rinsed",
    "drained",
    "heated",
    "reconstituted",
];

fn table() -> &'static FoodTable {
    FoodTable::sr28()
}

/// The SR28 foods whose description holds `stem_`, with their stems
/// (the search's index, inverted once).
fn holding(stem_: &str) -> impl Iterator<Item = (&'static Food, &'static [String])> {
    static BY_STEM: OnceLock<HashMap<String, Vec<usize>>> = OnceLock::new();
    let rows = crate::search::index();
    let index = BY_STEM.get_or_init(|| {
        let mut by_stem: HashMap<String, Vec<usize>> = HashMap::new();
        for (i, row) in rows.iter().enumerate() {
            for s in &row.stems {
                let at = by_stem.entry(s.clone()).or_default();
                if at.last() != Some(&i) {
                    at.push(i);
                }
            }
        }
        by_stem
    });
    index.get(stem_).into_iter().flatten().filter_map(|&i| {
        let row = &rows[i];
        table().get(row.ndb).map(|f| (f, row.stems.as_slice()))
    })
}

/// Another SR28 row of the chosen food that carries a qualifier the line
/// says and the chosen row does not: the row the line may mean instead.
/// The other row must say nothing the line and the chosen row do not
/// (so "yellow onion" is not sent to SR28's sautéed yellow onions), and
/// the qualifier must be a word the lexicon reads as leaving the food as
/// it is (other words already send the line to the search). A row of the
/// same nutrition (SR28's sharp sliced cheddar beside its cheddar) asks
/// nothing worth a person's time.
pub fn unexplained_qualifier(line: &ParsedLine, chosen: &Food) -> Option<&'static Food> {
    let said = stems(&line.name);
    let row = description_stems(&chosen.description);
    let named: Vec<String> = Lexicon::standard()
        .names_of(chosen.ndb)
        .flat_map(stems)
        .collect();
    let food_words: Vec<&String> = said
        .iter()
        .filter(|s| row.contains(s) || named.contains(s))
        .collect();
    if food_words.is_empty() {
        return None;
    }
    let line_stems = stems(&line.text);
    let states: Vec<String> = STATES.iter().map(|w| stem(w)).collect();
    let qualifiers: Vec<&String> = said
        .iter()
        .filter(|s| {
            (is_preparation(s) || crate::words::is_origin(s))
                && !row.contains(s)
                && !named.contains(s)
        })
        .filter(|s| s.chars().any(char::is_alphabetic))
        .collect();
    for qualifier in qualifiers {
        let found = holding(qualifier).find(|&(other, desc)| {
            if other.ndb == chosen.ndb {
                return false;
            }
            desc.contains(qualifier)
                && !crate::search::same_nutrition(chosen, other)
                && food_words.iter().all(|s| desc.contains(s))
                && desc
                    .iter()
                    .all(|d| row.contains(d) || line_stems.contains(d))
                && !desc
                    .iter()
                    .any(|d| states.contains(d) && !row.contains(d) && !line_stems.contains(d))
        });
        if let Some((other, _)) = found {
            return Some(other);
        }
    }
    None
}

/// SR28's raw potato rows (generic, russet, white, red: flesh and skin).
const RAW_POTATOES: &[u32] = &[11352, 11353, 11354, 11355];
/// Boiled in the skin, flesh; boiled without the skin, flesh.
const BOILED: &[u32] = &[11365, 11367];

/// Potatoes weighed as bought and said boiled after the comma ("2 lb
/// potatoes, boiled, peeled and riced"): the raw potato as weighed, or
/// the boiled flesh the cook may have weighed, the rows a person chooses
/// between. The sets key both.
pub fn boiled_by_mass(chosen: &Food, line: &ParsedLine) -> Option<Vec<&'static Food>> {
    if !RAW_POTATOES.contains(&chosen.ndb) {
        return None;
    }
    let by_mass = matches!(line.amount.and_then(|a| a.unit), Some(Unit::Mass(_)))
        || matches!(line.total.and_then(|a| a.unit), Some(Unit::Mass(_)));
    let comment = spaced(&line.comment);
    (by_mass && comment.contains(" boiled "))
        .then(|| BOILED.iter().filter_map(|&ndb| table().get(ndb)).collect())
}

/// Words after which an unmeasured food is served beside the dish.
const SERVED: &[&str] = &[" to serve ", " serving ", " serve "];

/// SR28's cooked row of a dry grain or pasta served with no amount
/// ("sticky rice to serve", "rice, for serving"): rice is served cooked.
pub fn served_cooked(chosen: &Food, line: &ParsedLine) -> Option<&'static Food> {
    if line.amount.is_some() {
        return None;
    }
    let all = spaced(&format!("{} {}", line.name, line.comment));
    if !SERVED.iter().any(|s| all.contains(s)) {
        return None;
    }
    if let Some(cooked) = chosen.description.strip_suffix(",UNCKD") {
        let twin = format!("{cooked},CKD");
        return table().foods().iter().find(|f| f.description == twin);
    }
    // "jasmine rice, to serve" on "RICE,WHITE,LONG-GRAIN,REG,RAW,ENR":
    // the row of the same segments with "CKD" for "RAW" ("...,ENR,CKD").
    const GRAINS: u32 = 20;
    if chosen.ndb / 1000 != GRAINS {
        return None;
    }
    let mut own: Vec<&str> = chosen.description.split(',').collect();
    let raw = own.iter().position(|s| *s == "RAW")?;
    own.remove(raw);
    own.push("CKD");
    own.sort_unstable();
    table().foods().iter().find(|f| {
        let mut other: Vec<&str> = f.description.split(',').collect();
        other.sort_unstable();
        other == own
    })
}

/// How far apart two foods' energies may be, as a share of the larger,
/// for either of "A or B" to stand for the line: the benchmark's own
/// tolerance for a recipe's calories.
const ENERGY_APART: f64 = 0.1;
/// And by at least so many kcal per 100 g: broths and waters differ by
/// a large share of next to nothing.
const ENERGY_APART_KCAL: f64 = 25.0;

/// Whether foods `a` and `b` differ in energy per 100 g by more than
/// [`ENERGY_APART`] of the larger ("Mexican-blend or cheddar cheese", 358
/// against 403 kcal): the line's calories then hang on the cook's choice.
pub fn energies_apart(a: &Food, b: &Food) -> bool {
    use crate::foods::Nutrient;
    // Two spices: a pinch of either weighs next to nothing.
    const SPICES: u32 = 2;
    if a.ndb / 1000 == SPICES && b.ndb / 1000 == SPICES {
        return false;
    }
    match (a.per_100g(Nutrient::Energy), b.per_100g(Nutrient::Energy)) {
        (Some(x), Some(y)) => {
            (x - y).abs() > ENERGY_APART * x.max(y) && (x - y).abs() > ENERGY_APART_KCAL
        }
        _ => false,
    }
}

/// SR28's "chuck for stew", lean and fat, all grades: cubed chuck as a
/// butcher sells it, half the energy of the pot roasts' rows.
const CHUCK_FOR_STEW: u32 = 23093;
/// SR28's top round steak, lean and fat 1/8", all grades.
const TOP_ROUND_STEAK: u32 = 13891;
/// SR28's whole pork loin, lean and fat.
const WHOLE_PORK_LOIN: u32 = 10020;
/// Words that cut a piece of meat up ("cut into cubes", "in chunks").
const PIECES: &[&str] = &[
    "cube", "cubes", "cubed", "chunk", "chunks", "dice", "diced", "pieces", "cut up", "stew",
    "stewing",
];
/// Words that name a beef steak's cut.
const STEAK_CUTS: &[&str] = &[
    "sirloin",
    "ribeye",
    "rib",
    "eye",
    "flank",
    "skirt",
    "strip",
    "t bone",
    "porterhouse",
    "round",
    "chuck",
    "tenderloin",
    "filet",
    "fillet",
    "mignon",
    "hanger",
    "iron",
    "tri tip",
    "loin",
    "flap",
    "top",
    "bavette",
    "picanha",
    "rump",
    "minute",
    "tomahawk",
    "club",
];
/// Words that name a part of the pork loin or say how it is sold.
const LOIN_PARTS: &[&str] = &[
    "roast",
    "roasts",
    "chop",
    "chops",
    "tenderloin",
    "top",
    "center",
    "centre",
    "blade",
    "sirloin",
    "rib",
    "ribs",
    "back",
];

/// Rows of a meat named by its family, not its cut, where SR28's rows of
/// what the line says differ in energy ([`energies_apart`]): beef chuck
/// (or bare beef) cut up, SR28's "chuck for stew" (128 kcal) or the pot
/// roast the lexicon takes (244 kcal); a "steak" of no cut, top sirloin
/// or top round; a "pork loin" of no part, the top loin roast or the
/// whole loin. The line is asked about with the row found and these;
/// `None` when the line names the cut or the rows are near.
pub fn cut_unsaid(chosen: &Food, line: &ParsedLine) -> Option<Vec<&'static Food>> {
    let text = spaced(&line.text);
    let says = |words: &[&str]| words.iter().any(|w| text.contains(&format!(" {w} ")));
    let d = &chosen.description;
    let other = if (d.starts_with("BEEF,CHUCK,ARM POT RST,LN&FAT")
        || d.starts_with("BEEF,CHUCK,BLADE RST,LN&FAT"))
        && says(PIECES)
        && !says(&["roast", "roasts", "arm", "blade"])
    {
        CHUCK_FOR_STEW
    } else if d.starts_with("BEEF,TOP SIRLOIN,STEAK,LN & FAT")
        && says(&["steak", "steaks"])
        && !says(STEAK_CUTS)
    {
        TOP_ROUND_STEAK
    } else if d.starts_with("PORK,FRSH,LOIN,TOP LOIN (ROASTS)")
        && says(&["loin"])
        && !says(LOIN_PARTS)
    {
        WHOLE_PORK_LOIN
    } else {
        return None;
    };
    let other = table().get(other)?;
    energies_apart(chosen, other).then(|| vec![other])
}

/// Whether the row is one cook's recipe of a food cooks make many ways
/// (SR28's "SAUCE,SOFRITO,PREP FROM RECIPE", 12.8 g protein and 18.2 g
/// fat per 100 g, where a recaíto is raw herbs and peppers), found for a
/// line that does not say it is made at home: never sure.
pub fn one_cooks_recipe(chosen: &Food, text: &str) -> bool {
    let line = spaced(text);
    chosen.description.contains("PREP FROM RECIPE") && !HOME_SAID.iter().any(|w| line.contains(w))
}

/// Words of SR28's descriptions that name where a kind of a food comes
/// from ("BREAD,ROLL,MEXICAN,BOLLILO").
const PLACES: &[&str] = &[
    "MEXICAN",
    "ITALIAN",
    "FRENCH",
    "CHINESE",
    "JAPANESE",
    "THAI",
    "GREEK",
    "GERMAN",
    "INDIAN",
    "KOREAN",
    "CUBAN",
    "PUERTO RICAN",
    "VIETNAMESE",
    "FILIPINO",
    "SPANISH",
    "HAWAIIAN",
];

/// The place a searched row is a kind of that the line does not say ("a
/// stale bread roll" found on SR28's Mexican bolillo): such a row is a
/// kind the line did not ask for, never sure.
///
/// The line names the kind when it says a word of a part after the
/// place ("cotija" of "CHEESE,MEXICAN,QUESO COTIJA"), and a place that is
/// one of the row's names ("ITALIAN,OR CRIMINI") is no kind.
pub fn place_unsaid(chosen: &Food, text: &str) -> Option<&'static str> {
    let line = spaced(text);
    let parts: Vec<&str> = chosen
        .description
        .split([',', '(', ')'])
        .map(str::trim)
        .collect();
    PLACES.iter().copied().find(|place| {
        let Some(at) = parts.iter().position(|part| part == place) else {
            return false;
        };
        let after = &parts[at + 1..];
        !line.contains(&format!(" {} ", place.to_lowercase()))
            && !after.iter().any(|part| part.starts_with("OR "))
            && !after.iter().any(|part| {
                spaced(part)
                    .split_whitespace()
                    .any(|w| w.len() > 2 && line.contains(&format!(" {w} ")))
            })
    })
}

/// What a line that says where the food was made is.
#[derive(Debug)]
pub enum Made {
    /// SR28's row of the food made there.
    Row(&'static Food),
    /// SR28 has no such row: never sure of the row it has.
    Unsure,
}

/// Words of a line that make the food at home ("home-made" is spaced
/// as "home made").
const HOME_SAID: &[&str] = &[" homemade ", " home made ", " from scratch "];
/// Words of a line that buy the food made.
const STORE_SAID: &[&str] = &[" store bought ", " shop bought "];
/// SR28's words of a food bought made: commercial, a dry mix, ready to
/// serve, bake or eat, prepackaged, refrigerated.
const STORE_ROW: &[&str] = &[
    "COMM",
    "COMMERCIAL",
    "COMMLY",
    "MIX",
    "RTS",
    "RTB",
    "RTE",
    "PREPACKAGED",
    "REFR",
];

fn is_home(food: &Food) -> bool {
    food.description.contains("HOME") || food.description.contains("PREP FROM RECIPE")
}

fn is_store(food: &Food) -> bool {
    food.description
        .split([',', ' ', '(', ')'])
        .any(|w| STORE_ROW.contains(&w))
}

/// "homemade taco seasoning" found on SR28's dry taco seasoning mix: the
/// home-prepared row of the food where SR28 has one, else unsure; and
/// the reverse for "store-bought" on a row made from a recipe. `None`
/// when the line says neither or the row already is what it says.
pub fn made_at_home(chosen: &Food, text: &str) -> Option<Made> {
    let line = spaced(text);
    let home = HOME_SAID.iter().any(|w| line.contains(w));
    let store = STORE_SAID.iter().any(|w| line.contains(w));
    let wrong_place = (home && is_store(chosen) && !is_home(chosen))
        || (store && is_home(chosen) && !is_store(chosen));
    if !wrong_place {
        return None;
    }
    let row = description_stems(&chosen.description);
    let said = stems(text);
    let food_words: Vec<&String> = said.iter().filter(|s| row.contains(s)).collect();
    let other = food_words.first().and_then(|first| {
        holding(first).find(|&(f, desc)| {
            f.ndb != chosen.ndb
                && food_words.iter().all(|s| desc.contains(s))
                && if home {
                    is_home(f) && !is_store(f)
                } else {
                    is_store(f) && !is_home(f)
                }
        })
    });
    Some(other.map_or(Made::Unsure, |(f, _)| Made::Row(f)))
}

/// Words that join a food's name to a qualifier in SR28 ("MARGARINE-LIKE",
/// "CORN-BASED", "OVEN-ROASTED"): not a second food.
const JOINED_QUALIFIERS: &[&str] = &[
    "like", "based", "flavor", "flavored", "style", "free", "roasted", "dried", "fried",
];

/// Whether the chosen row's name (before its first comma) is a compound
/// food of which the line names one part only: "custard" is not SR28's
/// "CUSTARD-APPLE", nor "pear" its "BALSAM-PEAR". The line is then asked
/// about, never placed on a longer, different food.
pub fn part_of_a_compound(line: &ParsedLine, chosen: &Food) -> bool {
    let head = chosen.description.split(',').next().unwrap_or_default();
    let said = stems(&line.text);
    head.split([' ', '(', ')']).any(|word| {
        let parts: Vec<String> = word.split('-').map(str::to_lowercase).collect();
        if parts.len() < 2
            || parts.iter().any(|p| {
                p.chars().count() < 3
                    || !p.chars().all(char::is_alphabetic)
                    || JOINED_QUALIFIERS.contains(&p.as_str())
            })
        {
            return false;
        }
        let has: Vec<bool> = parts.iter().map(|p| said.contains(&stem(p))).collect();
        has.iter().any(|&h| h) && !has.iter().all(|&h| h)
    })
}

/// SR28's whole raw egg and its fried and poached rows.
const RAW_EGG: u32 = 1123;
const FRIED_EGG: u32 = 1128;
const POACHED_EGG: u32 = 1131;

/// Eggs said fried or poached ("4 eggs, soft-poached", "3 eggs, fried",
/// branch ingr21) found on the raw whole egg: the raw egg the cook
/// breaks, or SR28's fried or poached row (a fried egg is 46 g at 196
/// kcal per 100 g, a raw one 50 g at 143, the pan's fat in it). The sets
/// key such lines either way, so they are asked about, the row said
/// offered first. "Hard-boiled" has its own row (`kinds.rs`); scrambled
/// eggs stay raw (SR28's scrambled row is made with milk).
pub fn cooked_egg(chosen: &Food, line: &ParsedLine) -> Option<Vec<&'static Food>> {
    if chosen.ndb != RAW_EGG {
        return None;
    }
    let said = spaced(&format!("{} {}", line.name, line.comment));
    // "eggs, whisked and fried flat": an omelette of the raw eggs.
    if [" beaten ", " whisked ", " scrambled "]
        .iter()
        .any(|w| said.contains(w))
    {
        return None;
    }
    let rows: Vec<&'static Food> = [(" fried ", FRIED_EGG), (" poached ", POACHED_EGG)]
        .iter()
        .filter(|(word, _)| said.contains(word))
        .filter_map(|&(_, ndb)| table().get(ndb))
        .collect();
    (!rows.is_empty()).then_some(rows)
}

/// SR28's food groups of meat and poultry: poultry (05), sausages and
/// luncheon meats (07), pork (10), beef (13), lamb, veal and game (17),
/// beef cuts (23).
const MEAT_GROUPS: &[u32] = &[5, 7, 10, 13, 17, 23];

/// Words of a line's food name saying the meat comes already cooked
/// ("300 g leftover roast beef", "1 lb sliced roast pork", "roasted
/// turkey breast"), before the meat is named: a name ending in "roast" is
/// a cut to cook ("2 lb beef chuck roast"). "Leftover" anywhere in the
/// line says so too.
const COOKED_MEAT: &[&str] = &["roast", "roasted", "cooked", "braised", "grilled"];

/// A raw meat row for a line that says the meat comes cooked (after
/// held-out 29: "300g leftover roast beef, chopped" was placed surely on
/// raw chuck, 40% more energy a gram lost to the oven unaccounted): asked,
/// the chosen row kept among the candidates, since which cooked row (and
/// cut) the cook means is not said.
pub fn cooked_meat_said(chosen: &Food, line: &ParsedLine) -> bool {
    if !MEAT_GROUPS.contains(&(chosen.ndb / 1000)) || !chosen.description.contains("RAW") {
        return false;
    }
    let name = spaced(&line.name);
    let words: Vec<&str> = name.split_whitespace().collect();
    let before_last = words.len().saturating_sub(1);
    spaced(&line.text).contains(" leftover ")
        || words[..before_last].iter().any(|w| COOKED_MEAT.contains(w))
}

/// SR28's heavy whipping cream and its pressurized whipped cream topping.
const HEAVY_CREAM: u32 = 1053;
const WHIPPED_TOPPING: u32 = 1054;

/// "Whipped cream, for topping" with no amount (branch ingr21): cream
/// whipped at home, or the can's pressurized topping (257 against 340
/// kcal per 100 g); the sets key either. Asked about, the can's row
/// offered after the cream. A measured "1 cup whipped cream" is weighed
/// by SR28's whipped cup of the cream, and stays.
pub fn whipped_unmeasured(chosen: &Food, line: &ParsedLine) -> Option<&'static Food> {
    if chosen.ndb != HEAVY_CREAM || line.amount.is_some() {
        return None;
    }
    spaced(&line.name)
        .contains(" whipped cream ")
        .then(|| table().get(WHIPPED_TOPPING))
        .flatten()
}

/// Whether the chosen row is a salad dressing found by the word "salad"
/// of a line that names a salad, not a dressing ("Green salad, to serve"
/// is not SR28's green goddess dressing; branch ingr21). A dressing the
/// lexicon names ("mayo") or a line that says "dressing" or "vinaigrette"
/// stays.
pub fn salad_on_a_dressing(line: &ParsedLine, chosen: &Food) -> bool {
    let said = spaced(&line.text.to_lowercase());
    chosen.description.starts_with("SALAD DRSNG")
        && said.contains(" salad ")
        && ![" dressing ", " vinaigrette ", " dressings "]
            .iter()
            .any(|w| said.contains(w))
}

/// Cooking words a line may say of a vegetable it prepares before use,
/// with SR28's words for the method in a cooked row's description
/// ("BEETS,CKD,BLD,DRND"): boiled or steamed (SR28 boils), roasted or
/// baked, or only cooked (any cooked row).
const COOKED_SAID: &[(&str, &[&str])] = &[
    ("boiled", &["BLD", "BOILED"]),
    ("steamed", &["STMD", "BLD", "BOILED"]),
    ("roasted", &["RSTD", "ROASTED", "BKD"]),
    ("baked", &["BKD", "BAKED", "RSTD"]),
    ("cooked", &[]),
];

/// What a vegetable said cooked is.
#[derive(Debug)]
pub enum Cooked {
    /// SR28's cooked row of it (the raw row counts its pieces as bought).
    Row(&'static Food),
    /// The line's amount may be of either state, or SR28 has no cooked
    /// row by that method: asked about, the cooked rows offered.
    Unsure(Vec<&'static Food>),
}

/// A raw vegetable (SR28's group 11) the line says boiled, steamed,
/// roasted, baked or cooked ("3 beets, boiled, peeled & grated"): SR28's
/// cooked row of it by that method, unsalted, neither canned nor frozen.
/// In the name ("2 cups steamed broccoli") or of an unmeasured line, the
/// cooked row; after the comma of a line by mass or volume, the raw row
/// as the line weighs it (`None`); after the comma of a counted line,
/// asked with both, as the sets key it either way (the raw vegetable as
/// bought, or what it gives cooked). Potatoes have their own rule
/// (`state.rs`).
pub fn cooked_vegetable(chosen: &Food, line: &ParsedLine) -> Option<Cooked> {
    const VEGETABLES: u32 = 11;
    let desc = &chosen.description;
    let raw_at = desc.find(",RAW")?;
    if chosen.ndb / 1000 != VEGETABLES || RAW_POTATOES.contains(&chosen.ndb) {
        return None;
    }
    let name = spaced(&line.name);
    let comment = spaced(&line.comment);
    let (word, methods) = COOKED_SAID.iter().find(|(w, _)| {
        let w = format!(" {w} ");
        name.contains(&w) || comment.contains(&w)
    })?;
    // "cooked until soft": a step of the recipe, not the state bought.
    if comment.contains(&format!(" {word} until ")) || comment.contains(&format!(" {word} in ")) {
        return None;
    }
    let in_name = name.contains(&format!(" {word} "));
    let unit = line.amount.and_then(|a| a.unit);
    if !in_name && matches!(unit, Some(Unit::Mass(_) | Unit::Volume(_))) {
        return None;
    }
    let prefix = format!("{},CKD", &desc[..raw_at]);
    let salted = spaced(&line.text).contains(" salted ");
    let rows: Vec<&'static Food> = table()
        .foods()
        .iter()
        .filter(|f| f.description.starts_with(&prefix))
        .filter(|f| salted_row(&f.description) == salted)
        .filter(|f| {
            let d = &f.description;
            methods.is_empty() || methods.iter().any(|m| d.contains(m))
        })
        .collect();
    match rows.as_slice() {
        [one] if in_name || line.amount.is_none() => Some(Cooked::Row(one)),
        _ => Some(Cooked::Unsure(rows)),
    }
}

/// Whether an SR28 description is of the food with salt added.
fn salted_row(description: &str) -> bool {
    description.contains("W/SALT")
        || description.contains("W/ SALT")
        || description.contains("SALTED") && !description.contains("UNSALTED")
}

/// What a nut or seed's state words make of the row found (branch
/// ingr27, held-out 25's classes; before it, branch ingr20's roasted
/// kernels, asked).
#[derive(Debug)]
pub enum Kernel {
    /// The row of the state the line says, or of no state: placed.
    Row(&'static Food),
    /// A nut said roasted found on its plain kernel: asked, SR28's roasted
    /// row of it offered first where it has one, as the sets key such a
    /// line either way (the raw kernel roasted at home, or bought roasted).
    Asked(Option<&'static Food>),
    /// SR28 has no plain row for a nut of no state found roasted: asked.
    Unsure,
}

/// Words of a nut's SR28 description that make it another food or a
/// kind the line must name: its butter, flour, oil or paste, glazed,
/// honey-roasted or smoke-flavoured nuts, blanched kernels, black
/// walnuts, a peanut variety, boiled peanuts.
const NOT_THE_KERNEL: &[&str] = &[
    "BUTTER", "FLR", "FLOUR", "OIL,", "PASTE", "MEAL", "GLAZED", "HONEY", "SMOKE", "BLANCHED",
    "BLACK", "SPANISH", "VALENCIA", "VIRGINIA", "CKD", "BLD", "MILK", "SPRD", "DEFATTED",
];

/// A nut or seed kernel's row as the line buys it. A nut of no state is
/// SR28's plain (raw or dried) kernel: soaked cashews are raw, and a
/// roasted or salted row is never placed on a line that does not say so
/// (held-out 25: "cashew nuts, soaked in hot water" on SR28's dry-roasted
/// cashews); where SR28 has no plain row of it, the line is asked. A nut
/// said roasted is asked with SR28's roasted row of it first
/// (dry-roasted unless the line says oil, with salt only if the line
/// says so: keying rule K7), as the sets key it either way; found on a
/// roasted row already, it takes the roasted row of the salt and oil
/// said. A nut "toasted" is toasted at home from the raw kernel, and
/// stays as bought (keying rule K8).
pub fn kernel_as_said(chosen: &'static Food, text: &str) -> Option<Kernel> {
    const NUTS: u32 = 12;
    const LEGUMES: u32 = 16;
    let group = chosen.ndb / 1000;
    let desc = &chosen.description;
    if !(group == NUTS || group == LEGUMES && desc.starts_with("PEANUTS"))
        || NOT_THE_KERNEL.iter().any(|w| desc.contains(w))
        || desc.contains("COCONUT")
    {
        return None;
    }
    let line = spaced(&text.to_lowercase().replace('-', " "));
    let said = |w: &str| line.contains(&format!(" {w} "));
    let roasted = |d: &str| d.contains("RSTD") || d.contains("ROASTED");
    let toasted = |d: &str| d.contains("TSTD") || d.contains("TOASTED");
    let salted = said("salted") && !said("unsalted");
    // SR28 files some kernels under "NUTS," or "SEEDS," first.
    let name = |d: &'static str| {
        let mut parts = d.split(',');
        let first = parts.next().unwrap_or_default();
        if matches!(first, "NUTS" | "SEEDS") {
            parts.next().unwrap_or_default()
        } else {
            first
        }
    };
    let head = name(desc);
    let rows = || {
        table().foods().iter().filter(move |f| {
            let d = &f.description;
            name(d) == head && !NOT_THE_KERNEL.iter().any(|w| d.contains(w))
        })
    };
    if said("roasted") {
        let oil = said("oil roasted");
        let row = rows().find(|f| {
            let d = &f.description;
            roasted(d) && d.contains("OIL") == oil && salted_row(d) == salted
        });
        return match row {
            Some(row) if row.ndb == chosen.ndb => None,
            // "salted roasted peanuts" on the unsalted roasted row.
            Some(row) if roasted(desc) => Some(Kernel::Row(row)),
            row => Some(Kernel::Asked(row)),
        };
    }
    let bought_so = roasted(desc) || toasted(desc) || salted_row(desc);
    if !bought_so || said("toasted") && !salted_row(desc) || salted && salted_row(desc) {
        return None;
    }
    // The plain kernel: the head alone ("PECANS"), then raw, then dried,
    // then any other kernel of no state ("WALNUTS,ENGLISH").
    let plain = rows()
        .filter(|f| {
            let d = &f.description;
            !roasted(d) && !toasted(d) && !salted_row(d)
        })
        .min_by_key(|f| {
            let d = &f.description;
            if name(d) == d.as_str() {
                0
            } else if d.contains("RAW") {
                1
            } else if d.contains("DRIED") {
                2
            } else {
                3
            }
        });
    Some(plain.map_or(Kernel::Unsure, Kernel::Row))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse_line;

    fn f(ndb: u32) -> &'static Food {
        table().get(ndb).unwrap()
    }

    #[test]
    fn a_qualifier_another_row_carries_is_found() {
        let line = parse_line("2 cups baby carrots").unwrap();
        assert_eq!(
            unexplained_qualifier(&line, f(11124)).map(|r| r.ndb),
            Some(11960)
        );
        // Sharp sliced cheddar counts as cheddar: nothing to ask.
        let line = parse_line("3 slices sharp cheddar cheese").unwrap();
        assert_eq!(unexplained_qualifier(&line, f(1009)), None);
        // "yellow" onions: SR28's only yellow row is sautéed.
        let line = parse_line("1 yellow onion, diced").unwrap();
        assert_eq!(unexplained_qualifier(&line, f(11282)), None);
        // A qualifier no row carries stays on the row.
        let line = parse_line("1 tsp kosher salt").unwrap();
        assert_eq!(unexplained_qualifier(&line, f(2047)), None);
    }

    #[test]
    fn potatoes_by_mass_boiled_after_the_comma_are_both_rows() {
        let line = parse_line("1 kg potatoes, boiled and sliced").unwrap();
        let rows = boiled_by_mass(f(11352), &line).unwrap();
        assert_eq!(
            rows.iter().map(|r| r.ndb).collect::<Vec<_>>(),
            [11365, 11367]
        );
        let line = parse_line("3 potatoes, boiled").unwrap();
        assert!(boiled_by_mass(f(11352), &line).is_none());
        let line = parse_line("1 kg potatoes, peeled").unwrap();
        assert!(boiled_by_mass(f(11352), &line).is_none());
    }

    #[test]
    fn a_food_made_at_home_is_not_the_bought_mix() {
        // SR28 has only the dry taco seasoning mix.
        assert!(matches!(
            made_at_home(f(2075), "2 tbsp home-made taco seasoning"),
            Some(Made::Unsure)
        ));
        assert!(made_at_home(f(2075), "2 tbsp taco seasoning").is_none());
        // Home-made granola is SR28's own row.
        assert!(made_at_home(f(8037), "1 cup homemade granola").is_none());
    }

    #[test]
    fn a_grain_served_unmeasured_is_cooked() {
        // SR28 names this row "RAW", not "UNCKD": its twin has the same
        // segments with "CKD" for "RAW" (branch ingr22).
        let line = parse_line("plain basmati rice, for serving").unwrap();
        assert_eq!(served_cooked(f(20044), &line).map(|r| r.ndb), Some(20045));
        // Not a grain: nothing.
        let line = parse_line("carrot sticks, to serve").unwrap();
        assert!(served_cooked(f(11124), &line).is_none());
        let line = parse_line("glutinous rice to serve").unwrap();
        assert_eq!(served_cooked(f(20054), &line).map(|r| r.ndb), Some(20055));
        let line = parse_line("1 cup glutinous rice").unwrap();
        assert!(served_cooked(f(20054), &line).is_none());
    }

    #[test]
    fn one_part_of_a_compound_food_is_not_it() {
        let p = |t: &str, ndb: u32| part_of_a_compound(&parse_line(t).unwrap(), f(ndb));
        // SR28's custard-apple and balsam-pear, named by one part only.
        assert!(p("1 cup vanilla custard", 9086));
        assert!(p("2 pears, sliced", 11024));
        // Both parts said, with or without the hyphen.
        assert!(!p("1 custard apple, peeled", 9086));
        assert!(!p("200 g passion-fruit pulp", 9231));
        // A joined qualifier ("MARGARINE-LIKE") is no second food.
        let spread = table()
            .foods()
            .iter()
            .find(|f| f.description.starts_with("MARGARINE-LIKE"))
            .unwrap();
        assert!(!part_of_a_compound(
            &parse_line("2 tbsp margarine").unwrap(),
            spread
        ));
        assert!(!p("2 carrots", 11124));
    }

    #[test]
    fn a_vegetable_said_cooked_is_its_cooked_row_or_asked() {
        let c = |t: &str, ndb: u32| cooked_vegetable(f(ndb), &parse_line(t).unwrap());
        // Said in the name: SR28's boiled carrots.
        assert!(matches!(
            c("2 cups boiled carrots", 11124),
            Some(Cooked::Row(r)) if r.ndb == 11125
        ));
        // Counted and boiled after the comma: raw as bought or boiled.
        assert!(matches!(
            c("4 turnips, boiled and mashed", 11564),
            Some(Cooked::Unsure(rows)) if rows.iter().any(|r| r.ndb == 11565)
        ));
        // Weighed or measured before cooking: the raw row as weighed.
        assert!(c("500 g carrots, steamed", 11124).is_none());
        assert!(c("3 cups broccoli florets, steamed", 11090).is_none());
        // A step of the recipe, and a row already cooked.
        assert!(c("2 carrots, cooked until soft", 11124).is_none());
        assert!(c("2 cups boiled carrots", 11125).is_none());
        assert!(c("2 carrots, grated", 11124).is_none());
    }

    #[test]
    fn nuts_bought_roasted_are_not_the_dried_kernels() {
        let r = |t: &str, ndb: u32| match kernel_as_said(f(ndb), t) {
            Some(Kernel::Row(row) | Kernel::Asked(Some(row))) => Some(Some(row.ndb)),
            Some(Kernel::Unsure | Kernel::Asked(None)) => Some(None),
            None => None,
        };
        assert!(matches!(
            kernel_as_said(f(12061), "1 cup roasted almonds"),
            Some(Kernel::Asked(Some(_)))
        ));
        assert!(matches!(
            kernel_as_said(f(16390), "salted roasted peanuts"),
            Some(Kernel::Row(_))
        ));
        assert_eq!(r("1 cup roasted almonds", 12061), Some(Some(12063)));
        assert_eq!(
            r("1/2 cup salted roasted almonds", 12061),
            Some(Some(12563))
        );
        assert_eq!(r("1/4 cup oil-roasted cashews", 12087), Some(Some(12086)));
        assert_eq!(r("1/2 cup dry-roasted peanuts", 16087), Some(Some(16390)));
        assert_eq!(
            r("1/2 cup salted roasted peanuts", 16390),
            Some(Some(16090))
        );
        // Toasted at home from the raw kernel, and a roasted row already.
        assert_eq!(r("1/2 cup pecans, toasted", 12142), None);
        assert_eq!(r("1 cup roasted almonds", 12063), None);
        // SR28's only roasted walnuts are salted: asked.
        assert_eq!(r("1/2 cup roasted walnuts", 12155), Some(None));
    }

    #[test]
    fn a_nut_of_no_state_is_the_plain_kernel_never_a_roasted_row() {
        let r = |t: &str, ndb: u32| match kernel_as_said(f(ndb), t) {
            Some(Kernel::Row(row)) => Some(Some(row.ndb)),
            Some(Kernel::Unsure | Kernel::Asked(_)) => Some(None),
            None => None,
        };
        // Soaked or of no state: the raw kernel of the row found roasted.
        assert_eq!(
            r("1 cup cashews, soaked overnight", 12085),
            Some(Some(12087))
        );
        assert_eq!(r("1/2 cup walnuts", 12157), Some(Some(12155)));
        assert_eq!(r("1/2 cup pecans", 12643), Some(Some(12142)));
        assert_eq!(r("1/2 cup macadamia nuts", 12632), Some(Some(12131)));
        assert_eq!(r("1/2 cup pistachios", 12652), Some(Some(12151)));
        assert_eq!(r("1/2 cup hazelnuts", 12122), Some(Some(12120)));
        assert_eq!(r("1/2 cup peanuts", 16090), Some(Some(16087)));
        assert_eq!(r("1/2 cup sunflower seeds", 12537), Some(Some(12036)));
        assert_eq!(r("1/2 cup pumpkin seeds", 12516), Some(Some(12014)));
        assert_eq!(r("1/2 cup almonds", 12563), Some(Some(12061)));
        // Said salted: the salted row stays; plain rows stay.
        assert_eq!(r("1/2 cup salted cashews", 12585), None);
        assert_eq!(r("1/2 cup cashews", 12087), None);
        // Not a kernel: the nut's butter.
        assert_eq!(r("2 tbsp cashew butter", 12088), None);
    }

    #[test]
    fn a_meat_named_without_its_cut_is_asked_where_the_cuts_differ() {
        let ndbs =
            |rows: Option<Vec<&Food>>| rows.map(|r| r.iter().map(|f| f.ndb).collect::<Vec<_>>());
        // Chuck cut up: the stew row or the pot roast, 128 or 244 kcal.
        let line = parse_line("1.5 kg beef chuck, diced for the pot").unwrap();
        assert_eq!(ndbs(cut_unsaid(f(13809), &line)), Some(vec![23093]));
        let line = parse_line("800 g beef, cut up small").unwrap();
        assert_eq!(ndbs(cut_unsaid(f(13809), &line)), Some(vec![23093]));
        // A roast cut up is the roast; chuck not cut up stays.
        let line = parse_line("3 lb chuck roast, in 2-inch chunks").unwrap();
        assert!(cut_unsaid(f(13809), &line).is_none());
        let line = parse_line("2 lb beef chuck").unwrap();
        assert!(cut_unsaid(f(13809), &line).is_none());
        // A steak of no cut: top sirloin or top round.
        let line = parse_line("2 minute-style cube steaks").unwrap();
        assert!(cut_unsaid(f(13929), &line).is_none(), "'minute' names it");
        let line = parse_line("3 beef cube steaks, pounded").unwrap();
        assert_eq!(ndbs(cut_unsaid(f(13929), &line)), Some(vec![13891]));
        let line = parse_line("2 sirloin steaks").unwrap();
        assert!(cut_unsaid(f(13929), &line).is_none());
        // A pork loin of no part: the top loin roast or the whole loin.
        let line = parse_line("500 g pork loin, in strips").unwrap();
        assert_eq!(ndbs(cut_unsaid(f(10224), &line)), Some(vec![10020]));
        let line = parse_line("1 boneless pork loin roast (3 lb)").unwrap();
        assert!(cut_unsaid(f(10224), &line).is_none());
    }

    #[test]
    fn one_cooks_recipe_is_not_sure_unless_made_at_home() {
        assert!(one_cooks_recipe(f(6142), "3 tbsp sofrito"));
        assert!(!one_cooks_recipe(f(6142), "3 tbsp homemade sofrito"));
        assert!(!one_cooks_recipe(f(6168), "3 tbsp hot sauce"));
    }

    #[test]
    fn a_place_the_line_does_not_say_is_a_kind_it_did_not_ask_for() {
        assert_eq!(
            place_unsaid(f(28288), "2 soft bread rolls"),
            Some("MEXICAN")
        );
        assert_eq!(place_unsaid(f(28288), "2 Mexican bread rolls"), None);
        assert_eq!(place_unsaid(f(18353), "2 crusty rolls"), None);
        // The kind said after the place: the line names it.
        let cotija = table()
            .foods()
            .iter()
            .find(|f| f.description.contains("MEXICAN,QUESO COTIJA"))
            .unwrap();
        assert_eq!(place_unsaid(cotija, "1/4 cup crumbled cotija"), None);
    }
}
