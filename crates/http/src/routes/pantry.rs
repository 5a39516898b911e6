//! The caller's pantry (issue 40): what they have at home, read and
//! replaced whole. The shopping list buys only what it lacks, and a plan
//! generated with `use_pantry` uses it up.

use actix_web::web;
use mealplan_app::PantryEntry;
use mealplan_domain::{MAX_PANTRY_GRAMS, MAX_PANTRY_ITEMS};
use serde_json::Value;
use utoipa::ToSchema;

use crate::AppState;
use crate::auth::CurrentUser;
use crate::error::{ApiError, ErrorBody, Loc, ValidationErrorBody};
use crate::routes::errors::pantry_error;
use crate::routes::responses::PantryItemResponse;
use crate::validate::{Errors, Problem, RawJson, date, number, string};

/// Longest food name read.
const MAX_NAME_CHARS: usize = 200;

/// One food at home, as sent.
#[derive(ToSchema)]
#[schema(as = PantryItem)]
pub struct PantryItemBody {
    /// The food: a catalogue ingredient's name, in any case, singular or
    /// plural, or another name the catalogue knows for it (`aubergine`).
    /// An unknown name is refused (422) with up to 5 names it may mean.
    #[schema(min_length = 1, max_length = 200)]
    pub name: String,
    /// Grams of it as shops sell it (dry rice and pasta, raw meat), above 0
    /// and at most 100,000.
    #[schema(exclusive_minimum = 0.0, maximum = 100000.0)]
    pub grams: f64,
    /// The day it must be used by (`YYYY-MM-DD`).
    #[schema(value_type = Option<String>, format = Date)]
    pub use_by: Option<String>,
}

/// `[index]` of the body, then `name`.
fn at(index: usize, name: &str) -> Vec<Loc> {
    vec!["body".into(), Loc::Index(index), name.into()]
}

/// One item of the body, or its problems recorded.
fn read_item(index: usize, item: &Value, errors: &mut Errors) -> Option<PantryEntry> {
    let Some(fields) = item.as_object() else {
        errors.push(
            vec!["body".into(), Loc::Index(index)],
            item,
            Problem::model_type("PantryItem"),
        );
        return None;
    };
    let before = errors.len();
    let mut field = |name: &str| match fields.get(name) {
        Some(v) if !(v.is_null() && name == "use_by") => Some(v),
        Some(_) => None,
        None if name == "use_by" => None,
        None => {
            errors.push(at(index, name), item, Problem::missing());
            None
        }
    };
    let (name, grams, use_by) = (field("name"), field("grams"), field("use_by"));
    let name = name.and_then(|v| {
        let checked = string(v).and_then(|s| match s.chars().count() {
            0 => Err(Problem::too_short(1)),
            n if n > MAX_NAME_CHARS => Err(Problem::too_long(MAX_NAME_CHARS)),
            _ => Ok(s.to_owned()),
        });
        checked
            .map_err(|p| errors.push(at(index, "name"), v, p))
            .ok()
    });
    let grams = grams.and_then(|v| {
        let checked = number(v).and_then(|g| {
            if g <= 0.0 {
                Err(Problem::gt_float(0.0))
            } else if g > MAX_PANTRY_GRAMS {
                Err(Problem::le_float(MAX_PANTRY_GRAMS))
            } else {
                Ok(g)
            }
        });
        checked
            .map_err(|p| errors.push(at(index, "grams"), v, p))
            .ok()
    });
    let use_by = match use_by {
        None => Some(None),
        Some(v) => date(v)
            .map(Some)
            .map_err(|p| errors.push(at(index, "use_by"), v, p))
            .ok(),
    };
    if errors.len() > before {
        return None;
    }
    Some(PantryEntry {
        name: name?,
        grams: grams?,
        use_by: use_by?,
    })
}

/// The body of `PUT /api/pantry`: a list of at most 200 items.
fn read_pantry(body: &Value) -> Result<Vec<PantryEntry>, ApiError> {
    let mut errors = Errors::default();
    let Some(items) = body.as_array() else {
        let problem = if body.is_null() {
            Problem::missing()
        } else {
            Problem::list_type()
        };
        errors.push(vec!["body".into()], body, problem);
        return Err(errors.into_error());
    };
    if items.len() > MAX_PANTRY_ITEMS {
        errors.push(
            vec!["body".into()],
            body,
            Problem::list_too_long(MAX_PANTRY_ITEMS, items.len()),
        );
        return Err(errors.into_error());
    }
    let entries: Vec<PantryEntry> = items
        .iter()
        .enumerate()
        .filter_map(|(i, item)| read_item(i, item, &mut errors))
        .collect();
    errors.finish(|| Some(entries))
}

fn answer(items: &[mealplan_domain::PantryItem]) -> Vec<PantryItemResponse> {
    items.iter().map(Into::into).collect()
}

/// What the caller has at home, in the order they listed it (`[]` when
/// nothing).
#[utoipa::path(
    get, path = "/api/pantry", tag = "pantry",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The pantry as it now is: the foods of meals ticked as eaten since it was written taken out, of meals un-ticked since put back", body = Vec<PantryItemResponse>),
        (status = 401, description = "Token missing, invalid or expired", body = ErrorBody),
        (status = 500, description = "Internal server error", body = ErrorBody),
        (status = 503, description = "The database cannot be reached, or the request deadline passed", body = ErrorBody),
    )
)]
pub async fn get_pantry(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> Result<web::Json<Vec<PantryItemResponse>>, ApiError> {
    let items = state
        .plans
        .pantry(user.0.id)
        .await
        .map_err(ApiError::store)?;
    Ok(web::Json(answer(&items)))
}

/// Replaces the caller's pantry with the list sent (`[]` empties it):
/// each item a catalogue food by name (any case, singular or plural, or
/// another name the catalogue knows), its grams (above 0, at most
/// 100,000) and optionally its use-by day; at most 200 items. An unknown
/// name is 422 at its item's `name`, the message listing up to 5 names
/// it may mean, and nothing is stored. The answer is the pantry as
/// stored, each name as the catalogue writes it.
#[utoipa::path(
    put, path = "/api/pantry", tag = "pantry",
    security(("bearer" = [])),
    request_body = Vec<PantryItemBody>,
    responses(
        (status = 200, description = "The pantry as stored", body = Vec<PantryItemResponse>),
        (status = 401, description = "Token missing, invalid or expired", body = ErrorBody),
        (status = 413, description = "Body over 64 KiB", body = ErrorBody),
        (status = 422, description = "Not a list, over 200 items, grams out of range, a bad date, or an unknown food (with candidates)", body = ValidationErrorBody),
        (status = 500, description = "Internal server error", body = ErrorBody),
        (status = 503, description = "The database cannot be reached, or the request deadline passed", body = ErrorBody),
    )
)]
pub async fn put_pantry(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: RawJson,
) -> Result<web::Json<Vec<PantryItemResponse>>, ApiError> {
    let entries = read_pantry(&body.value)?;
    let items = state
        .pantry
        .replace(user.0.id, entries)
        .await
        .map_err(|e| pantry_error(e, &body.value))?;
    Ok(web::Json(answer(&items)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn entries(body: Value) -> Vec<crate::error::ErrorEntry> {
        match read_pantry(&body) {
            Err(ApiError::Validation(e)) => e,
            other => panic!("{:?}", other.map(|v| v.len())),
        }
    }

    #[test]
    fn items_are_read_with_their_use_by_day() {
        let read = read_pantry(&json!([
            {"name": "Eggs", "grams": 300, "use_by": "2026-03-02"},
            {"name": "rice", "grams": "500.5", "use_by": null}
        ]))
        .unwrap();
        assert_eq!(read.len(), 2);
        assert_eq!(read[0].use_by.unwrap().to_string(), "2026-03-02");
        assert_eq!((read[1].grams, read[1].use_by), (500.5, None));
    }

    #[test]
    fn each_problem_is_worded_as_pydantic_words_it() {
        let e = entries(json!([
            {"name": "egg", "grams": 0},
            {"grams": 100001},
            {"name": "", "grams": 5, "use_by": "soon"},
            7
        ]));
        let shown: Vec<(String, String)> = e
            .iter()
            .map(|e| (serde_json::to_string(&e.loc).unwrap(), e.kind.clone()))
            .collect();
        assert_eq!(
            shown,
            [
                (r#"["body",0,"grams"]"#.into(), "greater_than".into()),
                (r#"["body",1,"name"]"#.into(), "missing".into()),
                (r#"["body",1,"grams"]"#.into(), "less_than_equal".into()),
                (r#"["body",2,"name"]"#.into(), "string_too_short".into()),
                (
                    r#"["body",2,"use_by"]"#.into(),
                    "date_from_datetime_parsing".into()
                ),
                (r#"["body",3]"#.into(), "model_type".into()),
            ]
        );
        assert_eq!(e[0].msg, "Input should be greater than 0");
        let too_many = entries(Value::Array(vec![json!({"name": "egg", "grams": 1}); 201]));
        assert_eq!(too_many[0].kind, "too_long");
        assert_eq!(
            too_many[0].msg,
            "List should have at most 200 items after validation, not 201"
        );
        assert_eq!(entries(json!({"name": "egg"}))[0].kind, "list_type");
    }
}
