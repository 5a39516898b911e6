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
