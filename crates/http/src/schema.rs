//! Closed value sets as they appear in the OpenAPI document. Validation
//! uses the domain's own types; these only make the document exact.
#![allow(non_camel_case_types, missing_docs)]

use utoipa::ToSchema;

/// A weight goal.
#[derive(ToSchema)]
pub enum GoalName {
    lose_weight,
    maintain_weight,
    gain_weight,
}

/// A build.
#[derive(ToSchema)]
pub enum BodyTypeName {
    lean,
    normal,
    stocky,
    obese,
}

/// Sex for the BMR formula.
#[derive(ToSchema)]
pub enum GenderName {
    male,
    female,
}

/// Daily activity.
#[derive(ToSchema)]
pub enum ActivityLevelName {
    low,
    medium,
    high,
}

/// One of the 7 diet types.
#[derive(ToSchema)]
pub enum DietTypeName {
    high_protein,
    low_carb,
    vegan,
    vegetarian,
    low_calorie,
    high_fiber,
    high_carb,
}

/// A meal type.
#[derive(ToSchema)]
pub enum MealTypeName {
    breakfast,
    lunch,
    dinner,
    snack,
}

/// A birth date as Pydantic's `date` reads it: an ISO date, or a Unix
/// timestamp (seconds, or milliseconds beyond 2·10^10) that falls on
/// midnight UTC.
#[derive(ToSchema)]
#[serde(untagged)]
#[allow(dead_code)] // documents the input; validation is in routes/profile.rs
pub enum BirthDateInput {
    Date(IsoDate),
    /// Seconds (or milliseconds) since 1970; whole numbers are numbers too.
    Timestamp(f64),
}

/// `YYYY-MM-DD`.
#[derive(ToSchema)]
#[schema(value_type = String, format = Date)]
#[allow(dead_code)]
pub struct IsoDate(String);

/// A shop aisle, in the order a shopping list walks the shop.
#[derive(ToSchema)]
pub enum AisleName {
    produce,
    bakery,
    meat,
    fish,
    dairy,
    chilled,
    frozen,
    grains,
    tins,
    breakfast,
    baking,
    nuts,
    condiments,
    spices,
    snacks,
    sports,
    other,
}

/// How a list is written: JSON, or plain text to print.
#[derive(ToSchema)]
pub enum ListFormat {
    json,
    text,
}
