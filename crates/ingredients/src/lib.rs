//! Ingredient lines as cooks write them ("1 ½ tbsp olive oil", "1 (400 g)
//! can chickpeas, drained"), read and placed on one USDA SR28 food each.
//!
//! [`read_line`] is the whole path: [`parse_line`] reads a line's amount,
//! food words and comment; the lexicon of cooks' names (`data/names.tsv`)
//! and a search of SR28's descriptions find the food with a confidence;
//! the food's own household measures give the grams. A line that is not
//! sure is never guessed: it comes back for review with up to five
//! candidates. [`FoodTable::sr28`] is SR28's 8,790 foods with nutrients
//! and household measures, compiled in.

mod alternative;
mod bone;
mod brands;
mod citrus;
mod cuts;
mod fat;
pub mod foods;
mod frozen;
mod gloss;
pub mod grams;
pub(crate) mod heat;
mod honest;
pub(crate) mod kinds;
mod lean;
pub mod lexicon;
mod liquid;
pub mod matcher;
mod mixes;
pub mod parse;
mod parts;
mod peel;
mod plain;
pub mod quantity;
mod sausage;
pub mod search;
mod skin;
mod spanish;
mod state;
mod trim;
mod typo;
pub mod units;
mod variety;
pub mod words;

pub use foods::{CITATION, Food, FoodTable, Measure, Nutrient};
pub use matcher::{
    CANDIDATES, Candidate, LineReading, PLACE_AT, Placed, Reading, ReviewReason, read_line,
    read_recipe,
};
pub use parse::{Amount, ParseError, ParsedLine, Size, parse_line};
pub use units::Unit;
