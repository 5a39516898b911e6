//! Query and path parameters, and the fields of list items.

use super::*;

use actix_web::HttpRequest;
use serde_json::{Map, Value};

use crate::error::{ApiError, Loc};

/// A query type: one struct per route's query, read parameter by
/// parameter (problems recorded in [`Params`]), whose `IntoParams` derive
/// describes it to the OpenAPI document.
pub trait FromQuery: Sized {
    /// Reads every parameter, then builds the value (`None` when one was
    /// invalid: the problem is recorded).
    fn from_query(params: &mut Params<'_>) -> Option<Self>;
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

    /// The query as `T` reads it, after any path parameters were read.
    pub fn read<T: FromQuery>(&mut self) -> Option<T> {
        T::from_query(self)
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
