//! Business rules of mealplan, free of storage, HTTP and async runtimes.
//!
//! Every value that enters the core is parsed here into a type that cannot
//! hold an invalid value (`Email`, `Height`, `BirthDate`, …). Errors say
//! *which* rule failed, so the HTTP edge can word them the way the original
//! API did.

pub mod account;
mod email;
#[macro_use]
pub mod profile;
pub mod kitchen;
pub mod labels;
pub mod meal;
pub mod planner;
pub mod recipe;
pub mod restriction;
pub mod targets;
pub mod taxonomy;

pub use account::{Email, EmailError, Password, TextError, User, UserId, UserName};
pub use meal::{MealStatus, StatusError};
pub use profile::{
    ActivityLevel, AgeError, BirthDate, Body, BodyType, DietType, Gender, Goal, Height, ItemName,
    ItemRef, MealsPerDay, NamedItem, NonNegative, ProfileDraft, RangeError, Weight,
};
pub use recipe::{
    Allergen, HardRules, MealType, Nutrition, Recipe, RecipeCard, RecipeIngredient,
    nutrition_distance, similar_recipes,
};
pub use restriction::{Diet, Restriction, Rule};
pub use targets::{Manual, Resolved, Stored, Targets};
pub use taxonomy::{Taxonomy, TaxonomyEntry, TaxonomyError};
