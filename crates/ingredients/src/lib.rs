//! Ingredient lines as cooks write them ("1 ½ tbsp olive oil", "1 (400 g)
//! can chickpeas, drained"), read and placed on one USDA SR28 food each.
//!
//! [`parse_line`] reads a line's amount, food words and comment;
//! [`FoodTable::sr28`] is SR28's 8,790 foods with nutrients and household
//! measures, compiled in.

pub mod foods;
pub mod parse;
pub mod quantity;
pub mod units;

pub use foods::{CITATION, Food, FoodTable, Measure, Nutrient};
pub use parse::{Amount, ParseError, ParsedLine, Size, parse_line};
pub use units::Unit;
