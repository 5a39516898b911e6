//! Request bodies: reading the bytes (64 KiB at most, JSON or the password
//! reset form), decoding JSON as Pydantic reports its errors, and
//! validating a body type.

use super::*;
use std::future::Future;
use std::pin::Pin;

use actix_web::dev::Payload;
use actix_web::http::header;
use actix_web::web::BytesMut;
use actix_web::{FromRequest, HttpRequest, web};
use chrono::NaiveDate;
use futures_util::StreamExt;
use serde_json::{Map, Value, json};

use crate::AppState;
use crate::error::{ApiError, ErrorEntry, Loc};

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
        let json = is_json(req);
        let today = req
            .app_data::<web::Data<AppState>>()
            .map_or_else(|| chrono::Utc::now().date_naive(), |s| s.profiles.today());
        let bytes = read_body(req, payload);
        Box::pin(async move {
            Ok(RawJson {
                value: parse_body(&bytes.await?, json)?,
                today,
            })
        })
    }
}

/// Reads a request body of any type (a JSON body, the password reset
/// form): 413 when it is over [`MAX_BODY_BYTES`] (at once when its
/// `Content-Length` says so), 408 when it does not arrive within the body
/// deadline, 400 when the transfer breaks.
pub fn read_body(
    req: &HttpRequest,
    payload: &mut Payload,
) -> impl Future<Output = Result<BytesMut, ApiError>> + 'static {
    read_body_up_to(req, payload, MAX_BODY_BYTES)
}

/// [`read_body`] with a limit of `limit` bytes: only `POST /api/recipes`
/// takes more than [`MAX_BODY_BYTES`] ([`MAX_RECIPE_BODY_BYTES`]).
pub fn read_body_up_to(
    req: &HttpRequest,
    payload: &mut Payload,
    limit: usize,
) -> impl Future<Output = Result<BytesMut, ApiError>> + 'static {
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<usize>().ok());
    let patience = req
        .app_data::<web::Data<crate::Deadlines>>()
        .map_or(crate::Deadlines::default().body, |d| d.body);
    let mut payload = payload.take();
    async move {
        if declared.is_some_and(|n| n > limit) {
            return Err(ApiError::PayloadTooLarge);
        }
        let read = async {
            let mut bytes = BytesMut::new();
            while let Some(chunk) = payload.next().await {
                let chunk = chunk.map_err(|_| ApiError::BadBody)?;
                if bytes.len() + chunk.len() > limit {
                    return Err(ApiError::PayloadTooLarge);
                }
                bytes.extend_from_slice(&chunk);
            }
            Ok(bytes)
        };
        // A client that trickles its body gets 408, not a worker.
        actix_web::rt::time::timeout(patience, read)
            .await
            .map_err(|_| ApiError::RequestTimeout)?
    }
}

/// A body of recipes (`POST /api/recipes`), read up to
/// [`MAX_RECIPE_BODY_BYTES`] and decoded, not yet validated.
pub struct RecipeBody(pub Value);

impl FromRequest for RecipeBody {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let json = is_json(req);
        let bytes = read_body_up_to(req, payload, MAX_RECIPE_BODY_BYTES);
        Box::pin(async move { Ok(RecipeBody(parse_body(&bytes.await?, json)?)) })
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
