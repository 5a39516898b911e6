//! Household members (issue 24): people who eat with the caller, each with
//! a profile of their own. Every route is the caller's own: another
//! account's member is not found.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use mealplan_app::MemberError;
use mealplan_domain::{Relation, UserName};
use mealplan_ports::Person;
use serde::Serialize;
use serde_json::Value;
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{AllOfBuilder, ObjectBuilder, Schema, Type};
use utoipa::{PartialSchema, ToSchema};

use crate::AppState;
use crate::auth::CurrentUser;
use crate::error::{ApiError, ErrorBody, ValidationErrorBody};
use crate::routes::errors::text_problem;
use crate::routes::profile::{
    ProfileBody, ProfileResponse, profile_fields, unknown_item_entries, unknown_items_of,
};
use crate::schema::{RelationName, field};
use crate::validate::{
    BodyFields, FromBody, Params, RawJson, choice, string, validate_body, with_more_entries,
};

/// A member as the API shows them: their id and name, their relation to
/// the holder when one was saved, then their profile as `GET
/// /api/profile` shows one (its `id` is the member's).
#[derive(Debug, Serialize, ToSchema)]
pub struct MemberResponse {
    /// What the household calls them.
    pub name: String,
    /// What they are to the holder (`mother`, `son`, …, as in the
    /// request); absent when none was saved.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub relation: Option<&'static str>,
    /// Their profile.
    #[serde(flatten)]
    pub profile: ProfileResponse,
}

impl MemberResponse {
    /// The member as shown, with what the catalogue makes of their rules:
    /// the same person a profile is, shown the same way, with a name.
    pub fn new(m: Person, state: &AppState) -> Self {
        Self {
            name: m.name.as_str().to_owned(),
            relation: m.relation.map(Relation::as_str),
            profile: ProfileResponse::new(m, &state.recipes, state.profiles.today()),
        }
    }
}

/// A member body: a name, optionally what they are to the holder, and
/// the fields of `PUT /api/profile`.
pub struct MemberBody {
    name: UserName,
    relation: Option<Relation>,
    profile: ProfileBody,
}

/// Field names of a member body in declaration order.
fn member_fields() -> Vec<&'static str> {
    ["name", "relation"]
        .into_iter()
        .chain(profile_fields())
        .collect()
}

impl FromBody for MemberBody {
    fn from_fields(f: &mut BodyFields<'_>) -> Option<Self> {
        let name = f.required("name", |v| {
            UserName::parse(string(v)?).map_err(text_problem)
        });
        let relation = f.optional("relation", choice(Relation::parse, Relation::NAMES));
        let profile = ProfileBody::read(f, true);
        f.sort_errors(&member_fields());
        Some(Self {
            name: name?,
            relation: relation?,
            profile: profile?,
        })
    }
}

impl PartialSchema for MemberBody {
    fn schema() -> RefOr<Schema> {
        AllOfBuilder::new()
            .item(
                ObjectBuilder::new()
                    .schema_type(Type::Object)
                    .property("name", field::user_name())
                    .property("relation", RelationName::schema())
                    .required("name"),
            )
            .item(ProfileBody::schema_of(true))
            .description(Some(
                "A household member: a name, optionally their relation to the holder, and a profile.",
            ))
            .into()
    }
}

impl ToSchema for MemberBody {
    fn name() -> std::borrow::Cow<'static, str> {
        "MemberRequest".into()
    }

    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        ProfileBody::schemas(schemas);
    }
}

/// Maps a member use case's failure.
fn member_error(e: MemberError, raw: &Value) -> ApiError {
    match e {
        MemberError::NotFound => ApiError::NotFound("Member not found"),
        MemberError::Full => {
            ApiError::Conflict("A household has at most 12 members besides its holder")
        }
        MemberError::UnknownItem { kind, index, id } => {
            ApiError::Validation(unknown_item_entries(&[(kind, index, id)], raw))
        }
        MemberError::Store(e) => ApiError::store(e),
    }
}

/// Reads a member body: its 422 lists unknown item ids beside every other
/// problem, in field order.
async fn read_body(
    state: &AppState,
    user: &CurrentUser,
    body: RawJson,
) -> Result<(MemberBody, Value), ApiError> {
    let raw = body.value;
    match validate_body::<MemberBody>(&raw, body.today) {
        Ok(member) => Ok((member, raw)),
        Err(invalid) => {
            let extra = unknown_items_of(state, user, &raw).await?;
            Err(
                with_more_entries::<()>(Err(invalid), extra, &member_fields())
                    .err()
                    .unwrap_or_else(|| ApiError::internal("an invalid body lost its errors")),
            )
        }
    }
}

/// The `{member_id}` of a path.
fn member_id(req: &HttpRequest) -> Result<i64, ApiError> {
    let mut p = Params::new(req);
    let id = p.path_int("member_id");
    p.finish(|| id)
}

/// Add a household member.
#[utoipa::path(
    post, path = "/api/household/members", tag = "household",
    security(("bearer" = [])),
    request_body = MemberBody,
    responses(
        (status = 201, description = "The member, with the targets in force", body = MemberResponse),
        (status = 401, description = "Token missing, invalid or expired", body = ErrorBody),
        (status = 409, description = "The household already has 12 members", body = ErrorBody),
        (status = 413, description = "Body over 64 KiB", body = ErrorBody),
        (status = 422, description = "Invalid field values", body = ValidationErrorBody),
        (status = 500, description = "Internal server error", body = ErrorBody),
    )
)]
pub async fn add_member(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: RawJson,
) -> Result<HttpResponse, ApiError> {
    let (member, raw) = read_body(&state, &user, body).await?;
    let added = state
        .household
        .add(user.0.id, member.name, member.relation, member.profile.0)
        .await
        .map_err(|e| member_error(e, &raw))?;
    Ok(HttpResponse::build(StatusCode::CREATED).json(MemberResponse::new(added, &state)))
}

/// The caller's household members, oldest first.
#[utoipa::path(
    get, path = "/api/household/members", tag = "household",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The members", body = [MemberResponse]),
        (status = 401, description = "Token missing, invalid or expired", body = ErrorBody),
        (status = 500, description = "Internal server error", body = ErrorBody),
    )
)]
pub async fn list_members(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> Result<web::Json<Vec<MemberResponse>>, ApiError> {
    let members = state
        .household
        .list(user.0.id)
        .await
        .map_err(|e| member_error(e, &Value::Null))?;
    Ok(web::Json(
        members
            .into_iter()
            .map(|m| MemberResponse::new(m, &state))
            .collect(),
    ))
}

/// One household member.
#[utoipa::path(
    get, path = "/api/household/members/{member_id}", tag = "household",
    security(("bearer" = [])),
    params(("member_id" = i64, Path, description = "Member id")),
    responses(
        (status = 200, description = "The member", body = MemberResponse),
        (status = 401, description = "Token missing, invalid or expired", body = ErrorBody),
        (status = 404, description = "No such member of the caller's household", body = ErrorBody),
        (status = 422, description = "Invalid id", body = ValidationErrorBody),
        (status = 500, description = "Internal server error", body = ErrorBody),
    )
)]
pub async fn get_member(
    state: web::Data<AppState>,
    user: CurrentUser,
    req: HttpRequest,
) -> Result<web::Json<MemberResponse>, ApiError> {
    let id = member_id(&req)?;
    let member = state
        .household
        .get(user.0.id, id)
        .await
        .map_err(|e| member_error(e, &Value::Null))?;
    Ok(web::Json(MemberResponse::new(member, &state)))
}

/// Replace a household member (name and profile).
#[utoipa::path(
    put, path = "/api/household/members/{member_id}", tag = "household",
    security(("bearer" = [])),
    params(("member_id" = i64, Path, description = "Member id")),
    request_body = MemberBody,
    responses(
        (status = 200, description = "The member, with the targets in force", body = MemberResponse),
        (status = 401, description = "Token missing, invalid or expired", body = ErrorBody),
        (status = 404, description = "No such member of the caller's household", body = ErrorBody),
        (status = 413, description = "Body over 64 KiB", body = ErrorBody),
        (status = 422, description = "Invalid id or field values", body = ValidationErrorBody),
        (status = 500, description = "Internal server error", body = ErrorBody),
    )
)]
pub async fn replace_member(
    state: web::Data<AppState>,
    user: CurrentUser,
    req: HttpRequest,
    body: RawJson,
) -> Result<web::Json<MemberResponse>, ApiError> {
    let id = member_id(&req)?;
    let (member, raw) = read_body(&state, &user, body).await?;
    let replaced = state
        .household
        .replace(
            user.0.id,
            id,
            member.name,
            member.relation,
            member.profile.0,
        )
        .await
        .map_err(|e| member_error(e, &raw))?;
    Ok(web::Json(MemberResponse::new(replaced, &state)))
}

/// Remove a household member.
#[utoipa::path(
    delete, path = "/api/household/members/{member_id}", tag = "household",
    security(("bearer" = [])),
    params(("member_id" = i64, Path, description = "Member id")),
    responses(
        (status = 204, description = "Removed"),
        (status = 401, description = "Token missing, invalid or expired", body = ErrorBody),
        (status = 404, description = "No such member of the caller's household", body = ErrorBody),
        (status = 422, description = "Invalid id", body = ValidationErrorBody),
        (status = 500, description = "Internal server error", body = ErrorBody),
    )
)]
pub async fn remove_member(
    state: web::Data<AppState>,
    user: CurrentUser,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let id = member_id(&req)?;
    state
        .household
        .remove(user.0.id, id)
        .await
        .map_err(|e| member_error(e, &Value::Null))?;
    Ok(HttpResponse::NoContent().finish())
}
