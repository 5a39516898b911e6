//! The validation layer: turns raw bodies, query strings and path segments
//! into typed values, or into 422 entries worded exactly as Pydantic v2
//! words them (type, loc, msg, input, ctx), one per failing field in
//! declaration order. Parsing is lax where Pydantic's is: `"50"` is a
//! number, `170.0` an integer.

use std::future::Future;
use std::pin::Pin;

use actix_web::dev::Payload;
use actix_web::http::header;
use actix_web::web::BytesMut;
use actix_web::{FromRequest, HttpRequest, web};
use chrono::{Datelike, NaiveDate};
use futures_util::StreamExt;
use mealplan_domain::ChoiceError;
use serde_json::{Map, Number, Value, json};

use crate::AppState;
use crate::error::{ApiError, ErrorEntry, Loc};

/// Largest accepted JSON body.
pub const MAX_BODY_BYTES: usize = 64 * 1024;

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

    /// A required value is absent.
    pub fn missing() -> Self {
        Self::new("missing", "Field required", None)
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

/// Extracts and validates a JSON body of type `T`; keeps the decoded JSON
/// too, so later errors can echo what was sent.
pub struct JsonBody<T> {
    /// The validated value.
    pub value: T,
    /// The body as decoded.
    pub raw: Value,
}

/// A body read (at most 64 KiB) and decoded as FastAPI does, not yet
/// validated: `Null` when absent. For handlers that add checks of their own
/// to a body's 422 (see [`sort_entries`]).
pub struct RawJson {
    /// The decoded body.
    pub value: Value,
    /// Today's date, for validation rules that need it.
    pub today: NaiveDate,
}

impl FromRequest for RawJson {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let declared = req
            .headers()
            .get(header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<usize>().ok());
        let json = is_json(req);
        let today = req
            .app_data::<web::Data<AppState>>()
            .map_or_else(|| chrono::Utc::now().date_naive(), |s| s.profiles.today());
        let patience = req
            .app_data::<web::Data<crate::Deadlines>>()
            .map_or(crate::Deadlines::default().body, |d| d.body);
        let mut payload = payload.take();
        Box::pin(async move {
            if declared.is_some_and(|n| n > MAX_BODY_BYTES) {
                return Err(ApiError::PayloadTooLarge);
            }
            let read = async {
                let mut bytes = BytesMut::new();
                while let Some(chunk) = payload.next().await {
                    let chunk = chunk.map_err(|_| ApiError::BadBody)?;
                    if bytes.len() + chunk.len() > MAX_BODY_BYTES {
                        return Err(ApiError::PayloadTooLarge);
                    }
                    bytes.extend_from_slice(&chunk);
                }
                Ok(bytes)
            };
            // A client that trickles its body gets 408, not a worker.
            let bytes = actix_web::rt::time::timeout(patience, read)
                .await
                .map_err(|_| ApiError::RequestTimeout)??;
            Ok(RawJson {
                value: parse_body(&bytes, json)?,
                today,
            })
        })
    }
}

impl<T: FromBody + 'static> FromRequest for JsonBody<T> {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let raw = RawJson::from_request(req, payload);
        Box::pin(async move {
            let RawJson {
                value: mut raw,
                today,
            } = raw.await?;
            if raw.is_null() && T::EMPTY_MEANS_DEFAULTS {
                raw = Value::Object(Map::new());
            }
            let value = validate_body::<T>(&raw, today)?;
            Ok(JsonBody { value, raw })
        })
    }
}

/// The value when it validated and `extra` is empty; otherwise one 422
/// with the validation entries and `extra`, ordered by `names` (see
/// [`sort_entries`]).
pub fn with_more_entries<T>(
    validated: Result<T, ApiError>,
    extra: Vec<ErrorEntry>,
    names: &[&str],
) -> Result<T, ApiError> {
    let mut entries = match validated {
        Ok(value) if extra.is_empty() => return Ok(value),
        Ok(_) => Vec::new(),
        Err(ApiError::Validation(entries)) => entries,
        Err(other) => return Err(other),
    };
    entries.extend(extra);
    sort_entries(&mut entries, names);
    Err(ApiError::Validation(entries))
}

/// Orders 422 entries as the fields are declared: `names` lists field
/// names in declaration order (nested ones too); list indices order
/// numerically. The sort is stable.
pub fn sort_entries(entries: &mut [ErrorEntry], names: &[&str]) {
    let key = |e: &ErrorEntry| -> Vec<usize> {
        e.loc
            .iter()
            .skip(1)
            .map(|l| match l {
                Loc::Index(i) => *i,
                Loc::Name(n) => names.iter().position(|x| x == n).unwrap_or(names.len()),
            })
            .collect()
    };
    entries.sort_by_key(key);
}

/// Whether the body is to be read as JSON: a content type of
/// `application/json` or `application/*+json`, as FastAPI decides by
/// default (`strict_content_type`). A body sent without a content type is
/// not JSON: it stays text, and validation answers `model_attributes_type`
/// (so a cross-site `fetch` of an untyped body, which skips the CORS
/// preflight, is never read as JSON).
fn is_json(req: &HttpRequest) -> bool {
    let Some(value) = req.headers().get(header::CONTENT_TYPE) else {
        return false;
    };
    let Ok(value) = value.to_str() else {
        return false;
    };
    let essence = value
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    match essence.split_once('/') {
        Some(("application", sub)) => sub == "json" || sub.ends_with("+json"),
        _ => false,
    }
}

/// Decodes a body into a JSON value the way FastAPI does before
/// validation: empty means absent, other content types stay text.
pub fn parse_body(bytes: &[u8], json: bool) -> Result<Value, ApiError> {
    if bytes.is_empty() {
        return Ok(Value::Null);
    }
    if !json {
        return Ok(Value::String(String::from_utf8_lossy(bytes).into_owned()));
    }
    serde_json::from_slice(bytes).map_err(|e| json_invalid(bytes, &e))
}

/// Validates an already decoded body (`Null` = no body) as `T`.
pub fn validate_body<T: FromBody>(value: &Value, today: NaiveDate) -> Result<T, ApiError> {
    let object = match value {
        Value::Object(object) => object,
        Value::Null => {
            let mut errors = Errors::default();
            errors.push(vec!["body".into()], &Value::Null, Problem::missing());
            return errors.finish(|| None);
        }
        other => {
            let mut errors = Errors::default();
            errors.push(
                vec!["body".into()],
                other,
                Problem::new(
                    "model_attributes_type",
                    "Input should be a valid dictionary or object to extract fields from",
                    None,
                ),
            );
            return errors.finish(|| None);
        }
    };
    let mut fields = BodyFields {
        object,
        whole: value,
        errors: Errors::default(),
        today,
    };
    let built = T::from_fields(&mut fields);
    fields.finish(|| built)
}

/// The `json_invalid` entry, with Python's `json` module's message and
/// character offset, which the original API reported.
fn json_invalid(bytes: &[u8], error: &serde_json::Error) -> ApiError {
    let text = String::from_utf8_lossy(bytes);
    let message = error.to_string();
    let what = message.split(" at line ").next().unwrap_or(&message);
    let python = match what {
        m if m.starts_with("EOF while parsing a string") => "Unterminated string starting at",
        m if m.starts_with("EOF while parsing") && m.ends_with("value") => "Expecting value",
        m if m.starts_with("EOF while parsing") => "Expecting ',' delimiter",
        "key must be a string" | "trailing comma" => {
            "Expecting property name enclosed in double quotes"
        }
        "expected `:`" => "Expecting ':' delimiter",
        m if m.starts_with("expected `,`") => "Expecting ',' delimiter",
        "trailing characters" => "Extra data",
        m if m.starts_with("control character") => "Invalid control character at",
        "invalid escape" => "Invalid \\escape",
        m if m.contains("unicode code point") || m.contains("surrogate") => {
            "Invalid \\uXXXX escape"
        }
        _ => "Expecting value",
    };
    let offset = if error.is_eof() {
        text.chars().count()
    } else {
        char_offset(&text, error.line(), error.column())
    };
    ApiError::Validation(vec![ErrorEntry {
        kind: "json_invalid".into(),
        loc: vec!["body".into(), Loc::Index(offset)],
        msg: "JSON decode error".into(),
        input: json!({}),
        ctx: Some(json!({ "error": python })),
    }])
}

/// Character offset of serde_json's 1-based line and column (the column
/// counts bytes, and points at the offending character).
fn char_offset(text: &str, line: usize, column: usize) -> usize {
    let mut byte = 0;
    for (i, l) in text.split_inclusive('\n').enumerate() {
        if i + 1 == line {
            byte += column.saturating_sub(1).min(l.len());
            break;
        }
        byte += l.len();
    }
    let byte = byte.min(text.len());
    let boundary = (0..=byte)
        .rev()
        .find(|&b| text.is_char_boundary(b))
        .unwrap_or(0);
    text[..boundary].chars().count()
}

/// Query and path parameters, checked in FastAPI's order (path first).
pub struct Params<'a> {
    req: &'a HttpRequest,
    query: Vec<(String, String)>,
    errors: Errors,
}

impl<'a> Params<'a> {
    /// Reads the query string of `req`.
    pub fn new(req: &'a HttpRequest) -> Self {
        let query = serde_urlencoded::from_str(req.query_string()).unwrap_or_default();
        Self {
            req,
            query,
            errors: Errors::default(),
        }
    }

    /// The last value given for a query parameter, as FastAPI takes it.
    fn query_value(&self, name: &str) -> Option<&str> {
        self.query
            .iter()
            .rev()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// A path segment `{name}` parsed as an integer.
    pub fn path_int(&mut self, name: &str) -> Option<i64> {
        let raw = self
            .req
            .match_info()
            .get(name)
            .unwrap_or_default()
            .to_owned();
        self.parse_raw("path", name, &raw, parse_int_str)
    }

    /// A required query parameter parsed by `parse`.
    pub fn query<T>(
        &mut self,
        name: &str,
        parse: impl FnOnce(&str) -> Result<T, Problem>,
    ) -> Option<T> {
        match self.query_value(name).map(str::to_owned) {
            Some(raw) => self.parse_raw("query", name, &raw, parse),
            None => {
                self.errors.push(
                    vec!["query".into(), name.into()],
                    &Value::Null,
                    Problem::missing(),
                );
                None
            }
        }
    }

    /// An optional query parameter: `Some(None)` when absent.
    pub fn optional_query<T>(
        &mut self,
        name: &str,
        parse: impl FnOnce(&str) -> Result<T, Problem>,
    ) -> Option<Option<T>> {
        match self.query_value(name).map(str::to_owned) {
            Some(raw) => self.parse_raw("query", name, &raw, parse).map(Some),
            None => Some(None),
        }
    }

    fn parse_raw<T>(
        &mut self,
        place: &str,
        name: &str,
        raw: &str,
        parse: impl FnOnce(&str) -> Result<T, Problem>,
    ) -> Option<T> {
        parse(raw)
            .map_err(|p| {
                self.errors.push(
                    vec![place.into(), name.into()],
                    &Value::String(raw.to_owned()),
                    p,
                )
            })
            .ok()
    }

    /// Ends validation: the value built by `build`, or the 422.
    pub fn finish<T>(self, build: impl FnOnce() -> Option<T>) -> Result<T, ApiError> {
        self.errors.finish(build)
    }
}

/// Field `name` of `object`, an item nested in a body field (at `at` below
/// that field, e.g. `[2]`; `item` is the item as sent), read with `parse`.
/// A problem is recorded in `problems`, placed below the field: `missing`
/// with the whole item as its input, or whatever `parse` found.
pub fn item_field<T>(
    object: &Map<String, Value>,
    item: &Value,
    at: &[Loc],
    name: &str,
    problems: &mut Vec<Problem>,
    parse: impl FnOnce(&Value) -> Result<T, Problem>,
) -> Option<T> {
    let mut path = at.to_vec();
    path.push(name.into());
    match object.get(name) {
        None => {
            problems.push(Problem::missing().below(path, item));
            None
        }
        Some(value) => parse(value)
            .map_err(|p| problems.push(p.below(path, value)))
            .ok(),
    }
}

/// An integer from a raw query or path string, read as Pydantic reads a
/// string for an `int`: surrounding space, a sign, leading zeros, `_`
/// between digits and a zero fraction are accepted (`" +0_1.00"` is 1);
/// `"1."`, `"1.5"` and `"1e3"` are `int_parsing`.
///
/// Python integers have no bound, so a well-formed integer beyond the i64
/// range is not an error: it saturates at `i64::MIN`/`i64::MAX`. As an id it
/// names nothing (ids are assigned from 1 upwards), so the lookup answers
/// the resource's usual 404, as the original did.
pub fn parse_int_str(raw: &str) -> Result<i64, Problem> {
    wide_int_str(raw).map(saturate)
}

/// Most digits Python converts from a string (CPython's `int_max_str_digits`).
const MAX_INT_DIGITS: usize = 4300;

/// What a strict JSON integer reader makes of a string.
enum JsonInt {
    Value(i128),
    TooLong,
    Invalid,
}

/// `-?(0|[1-9][0-9]*)`, saturating; a run of more than 4300 digits is
/// `TooLong` whatever follows it.
fn json_int(text: &str) -> JsonInt {
    let digits = text.strip_prefix('-').unwrap_or(text);
    let negative = digits.len() != text.len();
    let bytes = digits.as_bytes();
    match bytes.first() {
        Some(b'0') if bytes.len() == 1 => JsonInt::Value(0),
        Some(b'1'..=b'9') => {
            let run = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
            if run > MAX_INT_DIGITS {
                JsonInt::TooLong
            } else if run < bytes.len() {
                JsonInt::Invalid
            } else {
                let value = bytes.iter().fold(0i128, |v, d| {
                    v.saturating_mul(10).saturating_add(i128::from(d - b'0'))
                });
                JsonInt::Value(if negative { -value } else { value })
            }
        }
        _ => JsonInt::Invalid,
    }
}

/// The value of an integer string (see [`parse_int_str`]), saturating
/// beyond i128: pydantic-core's `str_as_int`.
fn wide_int_str(raw: &str) -> Result<i128, Problem> {
    match json_int(raw) {
        JsonInt::Value(v) => return Ok(v),
        JsonInt::TooLong => return Err(Problem::int_parsing_size()),
        JsonInt::Invalid => {}
    }
    match clean_int_str(raw).as_deref().map(json_int) {
        Some(JsonInt::Value(v)) => Ok(v),
        _ => Err(Problem::int_parsing()),
    }
}

/// Trims space, a `+`, leading zeros, a zero fraction and inner
/// underscores; `None` when nothing was removed.
fn clean_int_str(raw: &str) -> Option<String> {
    let mut s = raw.trim();
    if let Some(rest) = s.strip_prefix('+') {
        if rest.starts_with('-') {
            return None;
        }
        s = rest;
    }
    let mut sign = "";
    if let Some(rest) = s.strip_prefix('-') {
        if rest.starts_with(['-', '+']) {
            return None;
        }
        (sign, s) = ("-", rest);
    }
    s = strip_leading_zeros(s)?;
    if let Some((whole, fraction)) = s.split_once('.')
        && !fraction.is_empty()
        && fraction.bytes().all(|b| b == b'0')
    {
        s = whole;
    }
    if !(s.starts_with('_') || s.ends_with('_') || !s.contains('_') || s.contains("__")) {
        return Some(format!("{sign}{}", s.replace('_', "")));
    }
    (raw.len() != s.len()).then(|| format!("{sign}{s}"))
}

/// `0_01` → `1`, `000` → `0`, `00.0` → `0.0`; `None` unless `s` starts
/// with a digit (or `-`).
fn strip_leading_zeros(s: &str) -> Option<&str> {
    let mut chars = s.char_indices();
    match chars.next() {
        Some((_, '0')) => {}
        Some((_, c)) if c.is_ascii_digit() || c == '-' => return Some(s),
        _ => return None,
    }
    for (i, c) in chars {
        match c {
            '0' | '_' => {}
            '1'..='9' | '-' => return Some(&s[i..]),
            '.' => return Some(&s[i - 1..]),
            _ => return None,
        }
    }
    Some(&s[s.len() - 1..])
}

/// `n` clamped to the i64 range.
fn saturate(n: i128) -> i64 {
    n.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64
}

/// `n` if within `min..=max`, else the range entry.
fn check_bounds(n: i128, min: i64, max: i64) -> Result<i64, Problem> {
    if n < i128::from(min) {
        Err(Problem::ge(min))
    } else if n > i128::from(max) {
        Err(Problem::le(max))
    } else {
        Ok(saturate(n))
    }
}

/// An integer in `min..=max` from a raw query or path string.
pub fn int_in_range_str(min: i64, max: i64) -> impl Fn(&str) -> Result<i64, Problem> {
    move |raw| check_bounds(wide_int_str(raw)?, min, max)
}

/// An integer in `min..=max` from a JSON value (laxly, as [`integer`]).
pub fn int_in_range(min: i64, max: i64) -> impl Fn(&Value) -> Result<i64, Problem> {
    move |value| check_bounds(wide_integer(value)?, min, max)
}

/// A meal type name from a raw query string.
pub fn meal_type_param(raw: &str) -> Result<mealplan_domain::MealType, Problem> {
    use mealplan_domain::MealType;
    MealType::parse(raw).map_err(Problem::from)
}

/// A JSON string.
pub fn string(value: &Value) -> Result<&str, Problem> {
    value.as_str().ok_or_else(Problem::string_type)
}

/// An integer, laxly: `170.0` and `"170"` are accepted (booleans are not);
/// beyond the i64 range it saturates (see [`parse_int_str`]).
pub fn integer(value: &Value) -> Result<i64, Problem> {
    wide_integer(value).map(saturate)
}

fn wide_integer(value: &Value) -> Result<i128, Problem> {
    match value {
        Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                Ok(i128::from(i))
            } else if let Some(u) = n.as_u64() {
                Ok(i128::from(u))
            } else {
                // Pydantic's `float_as_int`.
                let f = n.as_f64().ok_or_else(Problem::int_type)?;
                if f.fract() != 0.0 {
                    Err(Problem::int_from_float())
                } else if (i64::MIN as f64) < f && f < (i64::MAX as f64) {
                    Ok(i128::from(f as i64))
                } else {
                    Err(Problem::int_parsing_size())
                }
            }
        }
        Value::String(s) => wide_int_str(s),
        _ => Err(Problem::int_type()),
    }
}

/// A finite number, laxly: `"50"` is accepted (booleans are not).
pub fn number(value: &Value) -> Result<f64, Problem> {
    match value {
        Value::Number(n) => n.as_f64().ok_or_else(Problem::float_type),
        Value::String(s) => s
            .trim()
            .parse::<f64>()
            .ok()
            .filter(|f| f.is_finite())
            .ok_or_else(Problem::float_parsing),
        _ => Err(Problem::float_type()),
    }
}

/// A JSON array.
pub fn list(value: &Value) -> Result<&Vec<Value>, Problem> {
    value.as_array().ok_or_else(Problem::list_type)
}

/// One of a closed set of strings, Pydantic's `enum` rule (a value that
/// is no string at all gets the same answer).
pub fn choice<T>(
    parse: fn(&str) -> Result<T, ChoiceError>,
    names: &'static [&'static str],
) -> impl Fn(&Value) -> Result<T, Problem> {
    move |value| match value.as_str() {
        Some(text) => parse(text).map_err(Problem::from),
        None => Err(Problem::one_of(names)),
    }
}

/// A date as Pydantic reads one for a `date` field in lax mode: an ISO
/// `YYYY-MM-DD` string; a datetime string (any offset) or a Unix timestamp
/// (number or numeric string; seconds, or milliseconds beyond 2·10^10)
/// that falls exactly on midnight. Messages are speedate's.
pub fn date(value: &Value) -> Result<NaiveDate, Problem> {
    let moment = match value {
        Value::String(text) => {
            let bytes = text.as_bytes();
            match date_prefix(bytes) {
                Ok(date) if bytes.len() == 10 => Ok((date, true)),
                _ => datetime_from_text(bytes),
            }
        }
        // Integers beyond i64 are Python ints that are no timestamp.
        Value::Number(n) if n.is_u64() && n.as_i64().is_none() => {
            return Err(Problem::date_type());
        }
        Value::Number(n) => match n.as_i64() {
            Some(seconds) => datetime_from_timestamp(seconds, 0),
            None => datetime_from_float(n.as_f64().unwrap_or(f64::NAN)),
        },
        _ => return Err(Problem::date_type()),
    };
    match moment {
        // Python's `date` has no year 0.
        Ok((date, true)) if date.year() == 0 => Err(Problem::new(
            "date_parsing",
            "Input should be a valid date in the format YYYY-MM-DD, year 0 is out of range",
            Some(json!({ "error": "year 0 is out of range" })),
        )),
        Ok((date, true)) => Ok(date),
        Ok((_, false)) => Err(Problem::new(
            "date_from_datetime_inexact",
            "Datetimes provided to dates should have zero time - e.g. be exact dates",
            None,
        )),
        Err(why) => Err(Problem::date_parsing(why)),
    }
}

/// A date and whether its time of day was exactly midnight.
type Moment = Result<(NaiveDate, bool), &'static str>;

/// The `YYYY-MM-DD` at the start of `b` (speedate's checks, in its order).
fn date_prefix(b: &[u8]) -> Result<NaiveDate, &'static str> {
    if b.len() < 10 {
        return Err("input is too short");
    }
    let digit = |i: usize, why: &'static str| {
        b[i].is_ascii_digit()
            .then(|| u32::from(b[i] - b'0'))
            .ok_or(why)
    };
    let mut year = 0;
    for i in 0..4 {
        year = year * 10 + digit(i, "invalid character in year")?;
    }
    if b[4] != b'-' {
        return Err("invalid date separator, expected `-`");
    }
    let month =
        digit(5, "invalid character in month")? * 10 + digit(6, "invalid character in month")?;
    if b[7] != b'-' {
        return Err("invalid date separator, expected `-`");
    }
    let day = digit(8, "invalid character in day")? * 10 + digit(9, "invalid character in day")?;
    if !(1..=12).contains(&month) {
        return Err("month value is outside expected range of 1-12");
    }
    NaiveDate::from_ymd_opt(year as i32, month, day).ok_or("day value is outside expected range")
}

/// A datetime string, or failing that a numeric timestamp string (read as
/// the same number in JSON would be).
fn datetime_from_text(b: &[u8]) -> Moment {
    match datetime_rfc3339(b) {
        Ok(moment) => Ok(moment),
        Err(why) => match timestamp_text(b) {
            TimestampText::Int(seconds) => datetime_from_timestamp(seconds, 0),
            TimestampText::Float(f) => datetime_from_float(f),
            TimestampText::Not => Err(why),
        },
    }
}

/// `YYYY-MM-DD` + `T`/`t`/space/`_` + `HH:MM[:SS[.f]]` + optional offset.
fn datetime_rfc3339(b: &[u8]) -> Moment {
    let date = date_prefix(b)?;
    if !matches!(b.get(10), Some(b'T' | b't' | b' ' | b'_')) {
        return Err("invalid datetime separator, expected `T`, `t`, `_` or space");
    }
    if b.len() - 11 < 5 {
        return Err("input is too short");
    }
    let digit = |i: usize, why: &'static str| match b.get(i) {
        Some(c) if c.is_ascii_digit() => Ok(u32::from(c - b'0')),
        _ => Err(why),
    };
    let hour =
        digit(11, "invalid character in hour")? * 10 + digit(12, "invalid character in hour")?;
    if b[13] != b':' {
        return Err("invalid time separator, expected `:`");
    }
    let minute =
        digit(14, "invalid character in minute")? * 10 + digit(15, "invalid character in minute")?;
    if hour > 23 {
        return Err("hour value is outside expected range of 0-23");
    }
    if minute > 59 {
        return Err("minute value is outside expected range of 0-59");
    }
    let (mut second, mut micros, mut at) = (0, 0, 16);
    if b.get(16) == Some(&b':') {
        second = digit(17, "invalid character in second")? * 10
            + digit(18, "invalid character in second")?;
        if second > 59 {
            return Err("second value is outside expected range of 0-59");
        }
        at = 19;
        if matches!(b.get(19), Some(b'.' | b',')) {
            let fraction: Vec<u32> = b[20..]
                .iter()
                .take_while(|c| c.is_ascii_digit())
                .map(|c| u32::from(c - b'0'))
                .collect();
            if fraction.is_empty() {
                return Err("second fraction digits missing after `.`");
            }
            // Beyond microseconds the digits are dropped.
            micros = (0..6).fold(0, |m, i| m * 10 + fraction.get(i).copied().unwrap_or(0));
            at = 20 + fraction.len();
        }
    }
    if let Some(&sign) = b.get(at) {
        at += 1;
        if !matches!(sign, b'Z' | b'z') {
            if sign == 0xe2 {
                // U+2212 MINUS SIGN, which ISO 8601 allows.
                if b.get(at..at + 2) != Some(&[0x88, 0x92]) {
                    return Err("invalid timezone sign");
                }
                at += 2;
            } else if !matches!(sign, b'+' | b'-') {
                return Err("invalid timezone sign");
            }
            let hours =
                digit(at, "invalid timezone hour")? * 10 + digit(at + 1, "invalid timezone hour")?;
            let tens = match b.get(at + 2) {
                Some(b':') => {
                    at += 3;
                    digit(at, "invalid timezone minute")?
                }
                Some(c) if c.is_ascii_digit() => {
                    at += 2;
                    u32::from(c - b'0')
                }
                _ => return Err("invalid timezone minute"),
            };
            let minutes = tens * 10 + digit(at + 1, "invalid timezone minute")?;
            if minutes >= 60 {
                return Err("timezone minute value is outside expected range of 0-59");
            }
            if hours * 3600 + minutes * 60 >= 24 * 3600 {
                return Err("timezone offset must be less than 24 hours");
            }
            at += 2;
        }
    }
    if b.len() > at {
        return Err("unexpected extra characters at the end of the input");
    }
    Ok((date, hour == 0 && minute == 0 && second == 0 && micros == 0))
}

/// A numeric string as speedate reads a timestamp.
enum TimestampText {
    Int(i64),
    Float(f64),
    Not,
}

/// `[+-]digits` (within i64), or `[+-]digits.…` read as a float.
fn timestamp_text(b: &[u8]) -> TimestampText {
    let Ok(text) = std::str::from_utf8(b) else {
        return TimestampText::Not;
    };
    let digits = match text.strip_prefix(['+', '-']) {
        Some(rest) if !rest.is_empty() => rest,
        _ => text,
    };
    match digits.bytes().find(|c| !c.is_ascii_digit()) {
        None if !digits.is_empty() => text.parse().map_or(TimestampText::Not, TimestampText::Int),
        Some(b'.') => text
            .parse()
            .map_or(TimestampText::Not, TimestampText::Float),
        _ => TimestampText::Not,
    }
}

/// Beyond this absolute value a timestamp counts milliseconds.
const MS_WATERSHED: i64 = 20_000_000_000;

/// A Unix timestamp (seconds, or milliseconds beyond the watershed) plus
/// microseconds.
fn datetime_from_timestamp(timestamp: i64, micros: u32) -> Moment {
    let (mut seconds, extra) = if timestamp == i64::MIN {
        return Err("dates before 0000 are not supported as unix timestamps");
    } else if timestamp.abs() <= MS_WATERSHED {
        (timestamp, 0)
    } else {
        let (s, ms) = (timestamp.div_euclid(1000), timestamp.rem_euclid(1000));
        (s, (ms * 1000) as u32)
    };
    let mut micros = micros
        .checked_add(extra)
        .ok_or("numeric times may not exceed 86,399 seconds")?;
    if micros >= 1_000_000 {
        seconds = seconds
            .checked_add(i64::from(micros / 1_000_000))
            .ok_or("numeric times may not exceed 86,399 seconds")?;
        micros %= 1_000_000;
    }
    // 0000-01-01T00:00:00 and 9999-12-31T23:59:59.
    if seconds < -62_167_219_200 {
        return Err("dates before 0000 are not supported as unix timestamps");
    }
    if seconds > 253_402_300_799 {
        return Err("dates after 9999 are not supported as unix timestamps");
    }
    let days = seconds.div_euclid(86_400);
    let date = NaiveDate::from_num_days_from_ce_opt((days + 719_163) as i32)
        .ok_or("dates after 9999 are not supported as unix timestamps")?;
    Ok((date, seconds.rem_euclid(86_400) == 0 && micros == 0))
}

/// A timestamp given as a float: its floor, plus the rest in microseconds.
fn datetime_from_float(timestamp: f64) -> Moment {
    let scale = if timestamp.abs() <= MS_WATERSHED as f64 {
        1e6
    } else {
        1e3
    };
    let floor = timestamp.floor();
    let micros = ((timestamp - floor) * scale).round() as u32;
    datetime_from_timestamp(floor as i64, micros)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entries(error: ApiError) -> Value {
        match error {
            ApiError::Validation(entries) => serde_json::to_value(entries).unwrap(),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn python_json_offsets() {
        let cases: [(&str, usize, &str); 6] = [
            ("{\"a\": }", 6, "Expecting value"),
            ("{\"a\" 1}", 5, "Expecting ':' delimiter"),
            ("{\"a\":1", 6, "Expecting ',' delimiter"),
            ("{\"a\":1} x", 8, "Extra data"),
            ("{\"é\": x}", 6, "Expecting value"),
            ("{\"a\": NaN}", 6, "Expecting value"),
        ];
        for (body, offset, msg) in cases {
            let got = entries(parse_body(body.as_bytes(), true).unwrap_err());
            assert_eq!(
                got,
                json!([{"type":"json_invalid","loc":["body",offset],"msg":"JSON decode error","input":{},"ctx":{"error":msg}}]),
                "{body}"
            );
        }
    }

    #[test]
    fn lax_numbers() {
        assert_eq!(number(&json!("50")), Ok(50.0));
        assert_eq!(number(&json!(" 50 ")), Ok(50.0));
        assert_eq!(number(&json!("nan")), Err(Problem::float_parsing()));
        assert_eq!(number(&json!(null)), Err(Problem::float_type()));
        assert_eq!(integer(&json!(170.0)), Ok(170));
        assert_eq!(integer(&json!(170.5)), Err(Problem::int_from_float()));
        assert_eq!(integer(&json!("7")), Ok(7));
        assert_eq!(integer(&json!("1.5")), Err(Problem::int_parsing()));
        assert_eq!(integer(&json!([])), Err(Problem::int_type()));
        assert_eq!(integer(&json!(true)), Err(Problem::int_type()));
        assert_eq!(number(&json!(false)), Err(Problem::float_type()));
    }

    #[test]
    fn dates_as_pydantic_reads_them() {
        let ok = |s: &str| date(&json!(s)).unwrap().to_string();
        assert_eq!(ok("1990-05-17"), "1990-05-17");
        assert_eq!(ok("1990-05-17T00:00:00Z"), "1990-05-17");
        let why = |v: Value| date(&v).unwrap_err().msg;
        assert_eq!(
            why(json!("2020-13-01")),
            "Input should be a valid date or datetime, month value is outside expected range of 1-12"
        );
        assert_eq!(
            why(json!("2021-02-29")),
            "Input should be a valid date or datetime, day value is outside expected range"
        );
        assert_eq!(
            why(json!("1990-5-1")),
            "Input should be a valid date or datetime, input is too short"
        );
        assert_eq!(
            why(json!("1990/05/01")),
            "Input should be a valid date or datetime, invalid date separator, expected `-`"
        );
        assert_eq!(why(json!(true)), "Input should be a valid date");
        assert_eq!(
            why(json!("1990-05-01x")),
            "Input should be a valid date or datetime, invalid datetime separator, expected `T`, `t`, `_` or space"
        );
        assert_eq!(
            date(&json!("1990-05-17T10:00:00")).unwrap_err().kind,
            "date_from_datetime_inexact"
        );
    }

    /// Values as `bench/pydantic_parity.py date` prints them.
    #[test]
    fn dates_from_timestamps_and_datetimes() {
        let ok = |v: Value| date(&v).map(|d| d.to_string()).map_err(|p| p.kind);
        for (value, want) in [
            (json!(631152000), "1990-01-01"),
            (json!(631152000.0), "1990-01-01"),
            (json!(631152000000i64), "1990-01-01"),
            (json!("631152000"), "1990-01-01"),
            (json!("+631152000"), "1990-01-01"),
            (json!("0631152000"), "1990-01-01"),
            (json!("631152000.0"), "1990-01-01"),
            (json!("631152000."), "1990-01-01"),
            (json!("-631152000"), "1950-01-01"),
            (json!("-0"), "1970-01-01"),
            (json!("86400000000000.0"), "4707-11-29"),
            (json!("1990-01-01T00:00"), "1990-01-01"),
            (json!("1990-01-01 00:00"), "1990-01-01"),
            (json!("1990-01-01T00:00:00+02:00"), "1990-01-01"),
            (json!("1990-01-01T00:00:00\u{2212}0100"), "1990-01-01"),
            (json!("1990-01-01T00:00:00+0100"), "1990-01-01"),
            (json!("1990-01-01T00:00:00.000Z"), "1990-01-01"),
            (json!("1990-01-01T00:00:00.0000001"), "1990-01-01"),
        ] {
            assert_eq!(ok(value.clone()).as_deref(), Ok(want), "{value}");
        }
        for value in [
            json!(19900510),
            json!(631152000.5),
            json!(631152000001i64),
            json!(20000000000i64),
            json!(-12219292801i64),
            json!(253402300800i64),
            json!(-1.5),
            json!("19900510"),
            json!("631152000.5"),
            json!(".5"),
            json!("1990-01-01T00:00:00.5"),
        ] {
            assert_eq!(
                ok(value.clone()),
                Err("date_from_datetime_inexact"),
                "{value}"
            );
        }
        let why = |v: Value| date(&v).unwrap_err().msg;
        for (value, reason) in [
            (
                json!(1e20),
                "dates after 9999 are not supported as unix timestamps",
            ),
            (
                json!(i64::MAX),
                "dates after 9999 are not supported as unix timestamps",
            ),
            (
                json!(i64::MIN),
                "dates before 0000 are not supported as unix timestamps",
            ),
            (json!("1e9"), "input is too short"),
            (json!(" 631152000"), "invalid character in year"),
            (
                json!("9223372036854775808"),
                "invalid date separator, expected `-`",
            ),
            (json!("1990-0x-01"), "invalid character in month"),
            (
                json!("1990-01-01T00:00:60"),
                "second value is outside expected range of 0-59",
            ),
            (
                json!("1990-01-01T24:00"),
                "hour value is outside expected range of 0-23",
            ),
            (
                json!("1990-01-01T00:00:00."),
                "second fraction digits missing after `.`",
            ),
            (
                json!("1990-01-01T00:00+25:00"),
                "timezone offset must be less than 24 hours",
            ),
            (json!("1990-01-01T00:00:00+01"), "invalid timezone minute"),
            (
                json!("1990-01-01T00:00:00Zx"),
                "unexpected extra characters at the end of the input",
            ),
            (json!("1990-01-01T0"), "input is too short"),
        ] {
            assert_eq!(
                why(value.clone()),
                format!("Input should be a valid date or datetime, {reason}"),
                "{value}"
            );
        }
        assert_eq!(
            date(&json!("0000-12-31")).unwrap_err(),
            Problem::new(
                "date_parsing",
                "Input should be a valid date in the format YYYY-MM-DD, year 0 is out of range",
                Some(json!({"error": "year 0 is out of range"})),
            )
        );
        // A Python int beyond i64 is no timestamp.
        assert_eq!(ok(json!(u64::MAX)), Err("date_type"));
    }

    /// Strings as Pydantic's lax `int` reads them (`bench/pydantic_parity.py int`).
    #[test]
    fn integer_strings_as_pydantic_reads_them() {
        for (raw, want) in [
            ("1", 1),
            ("1.0", 1),
            ("1.00", 1),
            ("1_0", 10),
            ("1_000_000", 1_000_000),
            ("1_0.0", 10),
            ("+1", 1),
            ("-1", -1),
            ("-0", 0),
            ("00", 0),
            ("007", 7),
            ("-007", -7),
            ("0_1", 1),
            ("-0_1", -1),
            ("00.00", 0),
            (" 1", 1),
            ("1 ", 1),
            ("\t1", 1),
            (" +1.0 ", 1),
            ("1\u{a0}", 1),
            ("9223372036854775807", i64::MAX),
            ("9223372036854775808", i64::MAX),
            ("18446744073709551616", i64::MAX),
            ("-9223372036854775809", i64::MIN),
            ("99999999999999999999.0", i64::MAX),
        ] {
            assert_eq!(parse_int_str(raw), Ok(want), "{raw:?}");
        }
        for raw in [
            "1.",
            "1.5",
            "1e3",
            "0x10",
            "1__0",
            "_1",
            "1_",
            "1.0_0",
            ".0",
            "0.",
            "１２",
            "١٢",
            "\u{2212}1",
            "abc",
            "true",
            "+",
            "-",
            "+-1",
            "-+1",
            "--1",
            "NaN",
            "inf",
            "",
            "1\u{1c}",
        ] {
            assert_eq!(parse_int_str(raw), Err(Problem::int_parsing()), "{raw:?}");
        }
        assert_eq!(parse_int_str(&"1".repeat(4300)), Ok(i64::MAX));
        assert_eq!(parse_int_str(&"0".repeat(5000)), Ok(0));
        for raw in [
            "1".repeat(4301),
            format!("-{}", "1".repeat(4301)),
            format!("{}.0", "1".repeat(4301)),
        ] {
            assert_eq!(parse_int_str(&raw), Err(Problem::int_parsing_size()));
        }
        for raw in [
            format!(" {}", "1".repeat(4301)),
            format!("+{}", "1".repeat(4301)),
        ] {
            assert_eq!(parse_int_str(&raw), Err(Problem::int_parsing()));
        }
        // Range checks see the whole value, not the saturated one.
        assert_eq!(
            int_in_range_str(0, i64::MAX)("9223372036854775808"),
            Err(Problem::le(i64::MAX))
        );
        assert_eq!(
            int_in_range(0, i64::MAX)(&json!("-9223372036854775809")),
            Err(Problem::ge(0))
        );
        assert_eq!(int_in_range(1, 6)(&json!(u64::MAX)), Err(Problem::le(6)));
        assert_eq!(integer(&json!(1e30)), Err(Problem::int_parsing_size()));
        assert_eq!(integer(&json!("1_0")), Ok(10));
    }

    #[test]
    fn messages_follow_pydantic() {
        assert_eq!(
            Problem::one_of(&["lose_weight", "maintain_weight", "gain_weight"]).msg,
            "Input should be 'lose_weight', 'maintain_weight' or 'gain_weight'"
        );
        assert_eq!(Problem::literal(&["0", "1"]).msg, "Input should be 0 or 1");
        assert_eq!(
            Problem::too_short(1).msg,
            "String should have at least 1 character"
        );
        assert_eq!(
            Problem::ge(140).msg,
            "Input should be greater than or equal to 140"
        );
    }
}
