//! The validation layer: turns raw bodies, query strings and path segments
//! into typed values, or into 422 entries worded exactly as Pydantic v2
//! words them (type, loc, msg, input, ctx), one per failing field in
//! declaration order. Parsing is lax where Pydantic's is: `"50"` is a
//! number, `170.0` an integer.

use chrono::NaiveDate;
use mealplan_domain::ChoiceError;
use serde_json::{Map, Number, Value, json};

use crate::error::{ApiError, ErrorEntry, Loc};

mod body;
mod dates;
mod params;
#[cfg(test)]
mod tests;
mod values;

pub use body::*;
pub use dates::*;
pub use params::*;
pub use values::*;

/// Largest accepted request body (JSON, or the password reset form).
pub const MAX_BODY_BYTES: usize = 64 * 1024;
/// The largest body `POST /api/recipes` reads (an import of many
/// recipes): 2 MiB.
pub const MAX_RECIPE_BODY_BYTES: usize = 2 * 1024 * 1024;

/// What is wrong with one value, before it is placed at a `loc`.
#[derive(Debug, Clone, PartialEq)]
pub struct Problem {
    kind: &'static str,
    msg: String,
    ctx: Option<Box<Value>>,
    /// Steps below the field (list indices), with the item's own input.
    below: Option<Box<(Vec<Loc>, Value)>>,
}

impl Problem {
    fn new(kind: &'static str, msg: impl Into<String>, ctx: Option<Value>) -> Self {
        Self {
            kind,
            msg: msg.into(),
            ctx: ctx.map(Box::new),
            below: None,
        }
    }

    /// Places the problem `path` below its field, where the input was `input`
    /// (e.g. `[2, "name"]` of a list of objects).
    pub fn below(mut self, path: Vec<Loc>, input: &Value) -> Self {
        self.below = Some(Box::new((path, input.clone())));
        self
    }

    /// The same problem of an item nested in a list that is itself below
    /// the field at `prefix` (the meals of a plan's day `[d, "meal_details"]`).
    pub fn under(mut self, prefix: &[Loc]) -> Self {
        if let Some(below) = self.below.as_mut() {
            below.0.splice(0..0, prefix.iter().cloned());
        }
        self
    }

    /// The message as a person reads it, without the `Value error, ` a
    /// custom rule's message starts with (for the HTML pages).
    pub fn reason(&self) -> &str {
        self.msg.strip_prefix("Value error, ").unwrap_or(&self.msg)
    }

    /// A required value is absent.
    pub fn missing() -> Self {
        Self::new("missing", "Field required", None)
    }
    /// Not a boolean.
    pub fn bool_type() -> Self {
        Self::new("bool_type", "Input should be a valid boolean", None)
    }
    /// Not a string.
    pub fn string_type() -> Self {
        Self::new("string_type", "Input should be a valid string", None)
    }
    /// Not an integer.
    pub fn int_type() -> Self {
        Self::new("int_type", "Input should be a valid integer", None)
    }
    /// A string that is no integer.
    pub fn int_parsing() -> Self {
        Self::new(
            "int_parsing",
            "Input should be a valid integer, unable to parse string as an integer",
            None,
        )
    }
    /// An integer string of more than 4300 digits (Python's limit).
    pub fn int_parsing_size() -> Self {
        Self::new(
            "int_parsing_size",
            "Unable to parse input string as an integer, exceeded maximum size",
            None,
        )
    }
    /// A number with a fractional part where an integer is wanted.
    pub fn int_from_float() -> Self {
        Self::new(
            "int_from_float",
            "Input should be a valid integer, got a number with a fractional part",
            None,
        )
    }
    /// Not a number.
    pub fn float_type() -> Self {
        Self::new("float_type", "Input should be a valid number", None)
    }
    /// A string that is no number.
    pub fn float_parsing() -> Self {
        Self::new(
            "float_parsing",
            "Input should be a valid number, unable to parse string as a number",
            None,
        )
    }
    /// Not a date at all.
    pub fn date_type() -> Self {
        Self::new("date_type", "Input should be a valid date", None)
    }
    /// A string that is no date.
    pub fn date_parsing(why: &str) -> Self {
        Self::new(
            "date_from_datetime_parsing",
            format!("Input should be a valid date or datetime, {why}"),
            Some(json!({ "error": why })),
        )
    }
    /// A nested object expected.
    pub fn model_type(class: &str) -> Self {
        Self::new(
            "model_type",
            format!("Input should be a valid dictionary or instance of {class}"),
            Some(json!({ "class_name": class })),
        )
    }
    /// Not a list.
    pub fn list_type() -> Self {
        Self::new("list_type", "Input should be a valid list", None)
    }
    /// Fewer characters than `min`.
    pub fn too_short(min: usize) -> Self {
        let s = if min == 1 { "" } else { "s" };
        Self::new(
            "string_too_short",
            format!("String should have at least {min} character{s}"),
            Some(json!({ "min_length": min })),
        )
    }
    /// More characters than `max`.
    pub fn too_long(max: usize) -> Self {
        let s = if max == 1 { "" } else { "s" };
        Self::new(
            "string_too_long",
            format!("String should have at most {max} character{s}"),
            Some(json!({ "max_length": max })),
        )
    }
    /// More bytes than `max` (bcrypt's limit on passwords).
    pub fn too_many_bytes(max: usize) -> Self {
        Self::new(
            "string_too_long",
            format!("Password must be at most {max} bytes"),
            Some(json!({ "max_length": max })),
        )
    }
    /// Below an inclusive lower bound.
    pub fn ge(limit: impl Into<Number>) -> Self {
        let limit = limit.into();
        Self::new(
            "greater_than_equal",
            format!("Input should be greater than or equal to {limit}"),
            Some(json!({ "ge": limit })),
        )
    }
    /// Above an inclusive upper bound.
    pub fn le(limit: impl Into<Number>) -> Self {
        let limit = limit.into();
        Self::new(
            "less_than_equal",
            format!("Input should be less than or equal to {limit}"),
            Some(json!({ "le": limit })),
        )
    }
    /// A float field's bound as Pydantic reports it: `ctx` holds the float
    /// (`0.0`), the message the number without a zero fraction (`0`).
    fn float_bound(kind: &'static str, words: &str, key: &str, limit: f64) -> Self {
        let shown = if limit.fract() == 0.0 && limit.abs() < 1e15 {
            format!("{}", limit as i64)
        } else {
            format!("{limit}")
        };
        Self::new(
            kind,
            format!("Input should be {words} {shown}"),
            Some(json!({ key: limit })),
        )
    }
    /// Below an inclusive lower bound of a float field.
    pub fn ge_float(limit: f64) -> Self {
        Self::float_bound(
            "greater_than_equal",
            "greater than or equal to",
            "ge",
            limit,
        )
    }
    /// Above an inclusive upper bound of a float field.
    pub fn le_float(limit: f64) -> Self {
        Self::float_bound("less_than_equal", "less than or equal to", "le", limit)
    }
    /// Not above an exclusive lower bound of a float field.
    pub fn gt_float(limit: f64) -> Self {
        Self::float_bound("greater_than", "greater than", "gt", limit)
    }
    /// A list of more than `max` items (`actual`), as Pydantic words a
    /// list's `max_length`.
    pub fn list_too_long(max: usize, actual: usize) -> Self {
        let s = if max == 1 { "" } else { "s" };
        Self::new(
            "too_long",
            format!("List should have at most {max} item{s} after validation, not {actual}"),
            Some(json!({ "field_type": "List", "max_length": max, "actual_length": actual })),
        )
    }
    /// Not below an exclusive upper bound of a float field.
    pub fn lt_float(limit: f64) -> Self {
        Self::float_bound("less_than", "less than", "lt", limit)
    }
    /// Text holding a control character, as Pydantic reports a `pattern`
    /// that forbids them.
    pub fn control_characters() -> Self {
        Self::new(
            "string_pattern_mismatch",
            format!("String should match pattern '{PRINTABLE_PATTERN}'"),
            Some(json!({ "pattern": PRINTABLE_PATTERN })),
        )
    }
    /// Not one of the allowed strings.
    pub fn one_of(options: &[&str]) -> Self {
        let expected = or_list(options.iter().map(|o| format!("'{o}'")));
        Self::new(
            "enum",
            format!("Input should be {expected}"),
            Some(json!({ "expected": expected })),
        )
    }
    /// Not one of the allowed literal values (e.g. `0 or 1`).
    pub fn literal(options: &[&str]) -> Self {
        let expected = or_list(options.iter().map(|o| o.to_string()));
        Self::new(
            "literal_error",
            format!("Input should be {expected}"),
            Some(json!({ "expected": expected })),
        )
    }
    /// A custom rule failed (`Value error, …`).
    pub fn value_error(reason: impl std::fmt::Display) -> Self {
        Self::new(
            "value_error",
            format!("Value error, {reason}"),
            Some(json!({ "error": {} })),
        )
    }
    /// Not an e-mail address, with `email-validator`'s reason.
    pub fn email(reason: &str) -> Self {
        Self::new(
            "value_error",
            format!("value is not a valid email address: {reason}"),
            Some(json!({ "reason": reason })),
        )
    }
}

impl From<ChoiceError> for Problem {
    /// Pydantic's `enum` rule, listing the names accepted.
    fn from(e: ChoiceError) -> Self {
        Self::one_of(e.allowed)
    }
}

/// Several problems of one field (one per bad list item).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Problems(pub Vec<Problem>);

impl From<Problem> for Problems {
    fn from(problem: Problem) -> Self {
        Self(vec![problem])
    }
}

/// `a, b or c`, as Pydantic lists expected values.
fn or_list(items: impl Iterator<Item = String>) -> String {
    let items: Vec<String> = items.collect();
    match items.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

/// Collects entries in the order values are checked.
#[derive(Debug, Default)]
pub struct Errors(Vec<ErrorEntry>);

impl Errors {
    /// Records `problem` at `loc` for `input`.
    pub fn push(&mut self, mut loc: Vec<Loc>, input: &Value, problem: Problem) {
        let input = match problem.below.map(|b| *b) {
            Some((below, item)) => {
                loc.extend(below);
                item
            }
            None => input.clone(),
        };
        self.0.push(ErrorEntry {
            kind: problem.kind.to_owned(),
            loc,
            msg: problem.msg,
            input,
            ctx: problem.ctx.map(|c| *c),
        });
    }

    /// How many entries were recorded.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether nothing was recorded.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The 422 of what was recorded.
    pub fn into_error(self) -> ApiError {
        ApiError::Validation(self.0)
    }

    /// The entries recorded.
    pub fn into_entries(self) -> Vec<ErrorEntry> {
        self.0
    }

    /// `Ok(value)` if nothing was recorded, else the 422.
    pub fn finish<T>(self, value: impl FnOnce() -> Option<T>) -> Result<T, ApiError> {
        if self.0.is_empty() {
            value().ok_or_else(|| ApiError::internal("validation produced no value and no error"))
        } else {
            Err(ApiError::Validation(self.0))
        }
    }
}

/// The fields of a JSON object body, read one by one in declaration order.
pub struct BodyFields<'a> {
    object: &'a Map<String, Value>,
    whole: &'a Value,
    errors: Errors,
    today: NaiveDate,
}

impl<'a> BodyFields<'a> {
    /// A required field: absent is `missing` (its input is the whole body).
    pub fn required<T, E: Into<Problems>>(
        &mut self,
        name: &str,
        parse: impl FnOnce(&Value) -> Result<T, E>,
    ) -> Option<T> {
        match self.object.get(name) {
            Some(value) => self.check(name, value, parse),
            None => {
                self.errors.push(
                    vec!["body".into(), name.into()],
                    self.whole,
                    Problem::missing(),
                );
                None
            }
        }
    }

    /// An optional field: `Some(None)` when absent or `null`, `None` when
    /// present but invalid (the error is recorded).
    pub fn optional<T, E: Into<Problems>>(
        &mut self,
        name: &str,
        parse: impl FnOnce(&Value) -> Result<T, E>,
    ) -> Option<Option<T>> {
        match self.object.get(name) {
            None | Some(Value::Null) => Some(None),
            Some(value) => self.check(name, value, parse).map(Some),
        }
    }

    /// A field with a default value: `Some(None)` when absent, `None` when
    /// present but invalid (the error is recorded). Unlike
    /// [`optional`](Self::optional), `null` is parsed like any value, as
    /// Pydantic parses a field declared `List[…] = []`.
    pub fn defaulted<T, E: Into<Problems>>(
        &mut self,
        name: &str,
        parse: impl FnOnce(&Value) -> Result<T, E>,
    ) -> Option<Option<T>> {
        match self.object.get(name) {
            None => Some(None),
            Some(value) => self.check(name, value, parse).map(Some),
        }
    }

    fn check<T, E: Into<Problems>>(
        &mut self,
        name: &str,
        value: &Value,
        parse: impl FnOnce(&Value) -> Result<T, E>,
    ) -> Option<T> {
        match parse(value) {
            Ok(v) => Some(v),
            Err(problems) => {
                for p in problems.into().0 {
                    self.errors.push(vec!["body".into(), name.into()], value, p);
                }
                None
            }
        }
    }

    /// Records `problem` for field `name` (its input is the field's value,
    /// or the item the problem is [`below`](Problem::below)), for rules
    /// checked after the fields are read.
    pub fn reject(&mut self, name: &str, problem: Problem) {
        let input = self.object.get(name).unwrap_or(self.whole);
        self.errors
            .push(vec!["body".into(), name.into()], input, problem);
    }

    /// The value sent for field `name` (`Null` when absent).
    pub fn value(&self, name: &str) -> &Value {
        self.object.get(name).unwrap_or(&Value::Null)
    }

    /// Orders what was recorded as the fields are declared (`names`, see
    /// [`sort_entries`]), after problems were added out of order.
    pub fn sort_errors(&mut self, names: &[&str]) {
        sort_entries(&mut self.errors.0, names);
    }

    /// Today's date (UTC), for rules that depend on it (ages).
    pub fn today(&self) -> NaiveDate {
        self.today
    }

    /// Ends validation: the value built by `build`, or the 422.
    pub fn finish<T>(self, build: impl FnOnce() -> Option<T>) -> Result<T, ApiError> {
        self.errors.finish(build)
    }
}

/// A request body type, validated field by field.
pub trait FromBody: Sized {
    /// Whether a missing body means `{}` (every field optional) rather than
    /// a `missing` error.
    const EMPTY_MEANS_DEFAULTS: bool = false;

    /// Reads every field (recording problems), then builds the value.
    fn from_fields(fields: &mut BodyFields<'_>) -> Option<Self>;
}

/// The pattern stored names must match: no control characters (C0, DEL,
/// C1), as the OpenAPI document states.
pub const PRINTABLE_PATTERN: &str = r"^[^\x00-\x1f\x7f-\x9f]*$";
