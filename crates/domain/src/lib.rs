//! Business rules of mealplan, free of storage, HTTP and async runtimes,
//! for any Rust service that plans meals (see the crate's `README.md`).
//!
//! - **Profiles**: [`ProfileDraft::parse`] checks a whole profile
//!   ([`ProfileInput`], plain values) into validated values (`Height`,
//!   `BirthDate`, …) or [`ProfileErrors`] naming each field, rule and
//!   limit; [`ProfileDraft::resolve`] gives its daily [`Targets`].
//! - **Recipes**: [`Recipe::new`] derives diet types and allergens from the
//!   ingredients over a [`Taxonomy`] ([`Taxonomy::standard`] is shipped in
//!   the crate), so no recipe carries a label it does not earn.
//! - **Rules**: [`HardRules`] (restrictions and vegan/vegetarian, read by
//!   [`Restriction::parse`]) decide what a user may never be served.
//! - **Planning**: [`plan`] fills each day of a checked [`PlanRequest`]
//!   (one [`Diner`] or a table of them) with dishes and each eater's
//!   portions close to their targets.
//!
//! Every `parse` returns `Result<Self, E>` where `E` names the rule that
//! failed and its limits, so the caller can word it its own way.

/// The README's example, compiled and run as a doctest so that it stays
/// true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

#[macro_use]
mod choice;
pub mod account;
pub mod food;
pub mod planner;
pub mod profile;
pub mod quantity;

// The subjects' modules under the names other crates have always used.
pub use food::{
    glossary, hard_rules, kitchen, labels, meal, micronutrients, nutrition, own, pantry, plate,
    recipe, restriction, similar, taxonomy,
};
pub use profile::{intakes, targets, validation};

pub use account::{Email, EmailError, Password, TextError, User, UserId, UserName};
pub use choice::ChoiceError;
pub use food::allergen::Allergen;
pub use food::diet_type::DietType;
pub use hard_rules::{Breach, Cause, HardRules};
pub use meal::{
    DAY_OF_WEEK_RANGE, MealStatus, MealType, MealsPerDay, SCHEDULE_RANGE, SERVINGS_RANGE,
    StatusError,
};
pub use micronutrients::{Micronutrient, Micronutrients};
pub use nutrition::{Nutrition, nutrition_distance};
pub use own::{
    FoodChoice, OWN_RECIPE_BASE, OwnLine, OwnLinks, OwnRecipe, OwnStatus, Stated, is_own_recipe_id,
    own_recipe_links,
};
pub use pantry::{MAX_PANTRY_GRAMS, MAX_PANTRY_ITEMS, PantryError, PantryItem};
pub use planner::{
    Diner, PlanRequest, PlannedDay, PlannedMeal, PlanningError, RequestError, TableDay, TableMeal,
    Tolerances, meal_slots, plan,
};
pub use profile::person::Person;
pub use profile::{
    ActivityLevel, AgeError, BirthDate, Body, BodyType, Gender, Goal, Height, ItemName, ItemRef,
    NamedItem, Relation, Weight,
};
pub use quantity::{NonNegative, RangeError};
pub use recipe::{Recipe, RecipeCard, RecipeError, RecipeIngredient, RecipeParts};
pub use restriction::{Diet, Restriction, Rule};
pub use similar::{different_mains_first, similar_recipes};
pub use targets::{DayTargets, Manual, Resolved, Stored, Targets, UnusableTargets, resolve};
pub use taxonomy::{Taxonomy, TaxonomyEntry, TaxonomyError};
pub use validation::{
    Field, FieldError, Invalid, ItemInput, ProfileDraft, ProfileErrors, ProfileInput,
};
