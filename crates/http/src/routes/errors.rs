//! How the errors of the use cases and the domain's rules are answered:
//! the one place each is mapped to a status or worded as the original
//! API's Pydantic validation worded it.

use mealplan_app::{AccountError, Busy, OwnRecipeError, PantryError, PlanError, Refusal};
use mealplan_domain::{Field, Invalid, RangeError, TextError};
use serde_json::Value;

use crate::error::{ApiError, Loc};
use crate::validate::{Errors, Problem};

/// Maps an own-recipe use-case error to its answer; `at` is where in the
/// body the recipe was (`["body"]`, or `["body", 3]` in an import).
pub(crate) fn own_recipe_error(error: OwnRecipeError, at: &[Loc], body: &Value) -> ApiError {
    let refuse = |loc: Vec<Loc>, input: &Value, problem: Problem| {
        let mut errors = Errors::default();
        errors.push(loc, input, problem);
        errors.into_error()
    };
    match error {
        OwnRecipeError::NotFound => ApiError::NotFound("Recipe not found"),
        OwnRecipeError::Store(e) => ApiError::store(e),
        OwnRecipeError::Draft(e) => refuse(at.to_vec(), body, Problem::value_error(e)),
        OwnRecipeError::TooMany => refuse(at.to_vec(), body, Problem::value_error(error)),
        OwnRecipeError::NoSuchLine(i) => refuse(
            vec!["body".into(), "lines".into()],
            &Value::from(i),
            Problem::value_error(error),
        ),
        OwnRecipeError::UnknownFood(ndb) => refuse(
            vec!["body".into(), "lines".into()],
            &Value::from(ndb),
            Problem::value_error(error),
        ),
    }
}

/// Maps a pantry use-case error to its answer: an unknown food is 422
/// at its item's `name`, the message naming what it may be.
pub(crate) fn pantry_error(error: PantryError, body: &Value) -> ApiError {
    let mut errors = Errors::default();
    match error {
        PantryError::UnknownFood {
            index,
            name,
            candidates,
        } => {
            let quoted: Vec<String> = candidates.iter().map(|c| format!("'{c}'")).collect();
            let reason = if quoted.is_empty() {
                format!("unknown food '{name}'")
            } else {
                format!("unknown food '{name}'; did you mean {}?", quoted.join(", "))
            };
            errors.push(
                vec!["body".into(), Loc::Index(index), "name".into()],
                &Value::from(name),
                Problem::value_error(reason),
            );
        }
        PantryError::Item { index, error } => errors.push(
            vec!["body".into(), Loc::Index(index)],
            body.get(index).unwrap_or(&Value::Null),
            Problem::value_error(error),
        ),
        PantryError::List(error) => {
            errors.push(vec!["body".into()], body, Problem::value_error(error))
        }
        PantryError::Store(e) => return ApiError::store(e),
    }
    errors.into_error()
}

/// Maps a plan use-case error to its answer.
pub(crate) fn plan_error(error: PlanError) -> ApiError {
    match error {
        PlanError::NoActivePlan => ApiError::NotFound("Active plan not found for current user"),
        PlanError::MealNotFound => ApiError::NotFound("Meal detail not found"),
        PlanError::RecipeNotFound => ApiError::NotFound("Recipe not found"),
        PlanError::NoSimilarRecipe => {
            ApiError::NotFound("No similar recipe found for this meal type")
        }
        PlanError::UnknownRecipes(unknown) => {
            let mut errors = Errors::default();
            push_unknown_recipes(&mut errors, &unknown);
            errors.into_error()
        }
        PlanError::NoProfile => ApiError::NotFound("Profile not found"),
        PlanError::DayNotFound => ApiError::NotFound("Daily menu not found"),
        PlanError::BreaksRules(refusal) => breaks_rules(&refusal),
        PlanError::NeedsToken => ApiError::NotAuthenticated,
        PlanError::LeftoverOutOfReach => ApiError::ConflictWith(format!(
            "A leftover is eaten after its cooking, within {} days",
            mealplan_domain::planner::KEEPS_DAYS
        )),
        PlanError::Infeasible(e) => infeasible(&e, &Value::Object(Default::default())),
        // Days are checked at the edge, stored targets are positive and
        // recipe ids unique: a refused request is a bug, not the caller's.
        PlanError::Request(e) => ApiError::internal(e),
        PlanError::Busy(busy) => busy_error(busy),
        // The later meals by day, and the two answers the swap takes.
        PlanError::LeftoversUnanswered(unanswered) => {
            ApiError::ConflictWith(unanswered.to_string())
        }
        PlanError::Store(e) => ApiError::store(e),
    }
}

/// A refused plan search: 429 when the account has one running (its own
/// doing), 503 when the instance has no place free (the service's); both
/// say when to ask again.
pub(crate) fn busy_error(busy: Busy) -> ApiError {
    let seconds = busy.retry_after().as_secs().max(1);
    match busy {
        Busy::Account { .. } => ApiError::TooManyRequestsBecause(
            "A plan is already being made for this account; try again shortly",
            seconds,
        ),
        Busy::Instance { .. } => ApiError::UnavailableFor(seconds),
    }
}

/// 409 for a recipe that breaks a rule of someone who eats the meal: the
/// detail names the recipe, what in it breaks which rule, and whose rule
/// it is only when the use case says the caller may know
/// ([`Refusal`]'s own words).
pub(crate) fn breaks_rules(refusal: &Refusal) -> ApiError {
    ApiError::ConflictWith(refusal.to_string())
}

/// Maps an account use case's failure to its answer: sign-up, login, a
/// password-checked change or a password reset. Login and sign-up word
/// their 500 apart ([`ApiError::in_authentication`]).
impl From<AccountError> for ApiError {
    fn from(error: AccountError) -> Self {
        match error {
            AccountError::EmailTaken => Self::Conflict("Email already registered"),
            AccountError::InvalidCredentials => Self::LoginFailed,
            AccountError::WrongPassword => Self::WrongPassword,
            AccountError::NotFound => Self::BadCredentials,
            AccountError::InvalidResetToken => Self::InvalidResetToken,
            AccountError::Store(e) => Self::store(e),
            other => Self::internal(other),
        }
    }
}

/// Adds an entry per (day, meal, id) naming no recipe.
pub(crate) fn push_unknown_recipes(errors: &mut Errors, unknown: &[(usize, usize, i64)]) {
    for (day, meal, id) in unknown {
        errors.push(
            vec![
                "body".into(),
                "daily_menus".into(),
                Loc::Index(*day),
                "meal_details".into(),
                Loc::Index(*meal),
                "recipe_id".into(),
            ],
            &Value::from(*id),
            Problem::value_error(format!("unknown recipe id {id}")),
        );
    }
}

/// 422 for a plan the catalogue cannot fill under the user's rules.
pub(crate) fn infeasible(error: &impl std::fmt::Display, body: &Value) -> ApiError {
    let mut errors = Errors::default();
    errors.push(vec!["body".into()], body, Problem::value_error(error));
    errors.into_error()
}

/// A text rule's failure as its 422 problem.
pub(crate) fn text_problem(error: TextError) -> Problem {
    match error {
        TextError::TooShort { min } => Problem::too_short(min),
        TextError::TooLong { max } => Problem::too_long(max),
        TextError::TooManyBytes { max } => Problem::too_many_bytes(max),
        TextError::ControlCharacter => Problem::control_characters(),
    }
}

/// A range rule whose bounds read as integers (`140`, not `140.0`).
fn whole_range(e: RangeError) -> Problem {
    match e {
        RangeError::TooSmall { min } => Problem::ge(min as i64),
        RangeError::TooLarge { max } => Problem::le(max as i64),
        RangeError::NotBelow { limit } => Problem::lt_float(limit),
    }
}

/// A float field's range rule, worded as Pydantic words float bounds.
fn float_range(e: RangeError) -> Problem {
    match e {
        RangeError::TooSmall { min } => Problem::ge_float(min),
        RangeError::TooLarge { max } => Problem::le_float(max),
        RangeError::NotBelow { limit } => Problem::lt_float(limit),
    }
}

/// A name rule, worded as Pydantic words string constraints.
pub(crate) fn name_problem(e: TextError) -> Problem {
    match e {
        TextError::TooManyBytes { max } => Problem::too_long(max),
        e => text_problem(e),
    }
}

/// The domain's verdict on one field, in the original API's words: range
/// bounds of integer fields read as integers, those of float fields as
/// floats, an age as a custom `value_error`.
pub(crate) fn field_problem(field: Field, error: Invalid) -> Problem {
    match error {
        Invalid::Choice(e) => e.into(),
        Invalid::Range(e) => match field {
            Field::Height | Field::Weight | Field::MealsPerDay => whole_range(e),
            _ => float_range(e),
        },
        Invalid::Age(e) => Problem::value_error(e),
        Invalid::Text(e) => name_problem(e),
    }
}
