//! Food: recipes and what they are made of (ingredients, nutrition, the
//! kitchen's measures and aisles), the taxonomy that reads diet types and
//! allergens from ingredients, the restrictions a person may set and the
//! rules they make, meal slots, labels, similar recipes and the plate
//! picture.

pub(crate) mod allergen;
pub(crate) mod diet_type;
pub mod glossary;
pub mod hard_rules;
pub mod kitchen;
pub mod labels;
pub mod meal;
pub mod micronutrients;
pub mod nutrition;
pub mod own;
pub mod pantry;
pub mod plate;
pub mod recipe;
pub mod restriction;
pub mod similar;
pub mod taxonomy;
