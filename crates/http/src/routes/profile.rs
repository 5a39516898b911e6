//! The nutrition profile and the public preference lists.

use actix_web::{HttpResponse, web};
use chrono::NaiveDate;
use mealplan_app::{ProfileError, Recipes};
use mealplan_domain::{
    BirthDate, Field, Height, ItemInput, ItemName, ItemRef, MealsPerDay, NonNegative, ProfileDraft,
    ProfileInput, Targets, Weight, targets,
};
use mealplan_ports::{ItemKind, Person, ReferenceList};
use serde::Serialize;
use serde_json::Value;
use utoipa::openapi::schema::{
    ArrayBuilder, KnownFormat, ObjectBuilder, OneOfBuilder, Schema, SchemaFormat, SchemaType, Type,
};
use utoipa::openapi::{Ref, RefOr};
use utoipa::{PartialSchema, ToSchema};

use crate::AppState;
use crate::auth::{Claimed, CurrentUser, in_session_error};
use crate::error::{ApiError, ErrorBody, ErrorEntry, Loc, ValidationErrorBody};
use crate::routes::errors::field_problem;
use crate::routes::responses::ItemResponse;
use crate::schema::{ActivityLevelName, BodyTypeName, DietTypeName, GenderName, GoalName, field};
use crate::validate::{
    BodyFields, Errors, FromBody, Problem, RawJson, date, integer, list, number, string,
    validate_body, with_more_entries,
};

/// A profile as the API shows it: the values in force.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProfileResponse {
    /// Profile id.
    pub id: i64,
    /// Owner.
    pub user_id: i64,
    /// `lose_weight`, `maintain_weight` or `gain_weight`.
    pub goal: &'static str,
    /// Centimetres.
    pub height: f64,
    /// Kilograms.
    pub weight: f64,
    /// `lean`, `normal`, `stocky` or `obese`.
    pub body_type: &'static str,
    /// `male` or `female`.
    pub gender: &'static str,
    /// 1-6.
    pub meals_per_day: u8,
    /// `low`, `medium` or `high`.
    pub activity_level: &'static str,
    /// `YYYY-MM-DD`.
    #[schema(value_type = String, format = Date)]
    pub birth_date: String,
    /// Given, or estimated from body type.
    pub body_fat_percentage: f64,
    /// kcal per day.
    pub calories_target: f64,
    /// g per day.
    pub protein_target: f64,
    /// g per day.
    pub carbs_target: f64,
    /// g per day.
    pub fat_target: f64,
    /// Taste preferences.
    pub tastes: Vec<ItemResponse>,
    /// Dietary restrictions.
    pub restrictions: Vec<ItemResponse>,
    /// Diet types.
    pub diet_types: Vec<ItemResponse>,
    /// Which of `body_fat_percentage` and the four targets the user set by
    /// hand; the others are computed and follow every edit of the body
    /// metrics and goal (a save that sends back a computed value unchanged
    /// leaves it computed).
    pub manual_fields: Vec<&'static str>,
    /// How each restriction is enforced, in the order of `restrictions`.
    pub restriction_rules: Vec<RestrictionRuleResponse>,
    /// Names of the restrictions that are stored but not (fully)
    /// enforced: all or part of the name matches no ingredient, allergen
    /// or diet the service knows, so that part excludes nothing.
    pub unenforced_restrictions: Vec<String>,
    /// What a dietitian would point out about the targets in force: a
    /// value outside the reference ranges (DRI AMDR, EFSA), calories under
    /// the unsupervised floor, a goal unusual for the body's BMI; then
    /// each rule that shaped a computed value (a child's EER, older age,
    /// the adjusted weight of a large body, a diet type), with its source.
    /// Empty when nothing is unusual and no special rule applies.
    pub target_notes: Vec<TargetNoteResponse>,
}

/// One remark about the targets in force.
#[derive(Debug, Serialize, ToSchema)]
pub struct TargetNoteResponse {
    /// The profile field concerned (`protein_target`, …), or `fiber` and
    /// `sodium` for the day limits beside the targets.
    pub target: &'static str,
    /// A departure: `below_range`, `above_range`, `below_floor`,
    /// `surplus_at_high_bmi`, `deficit_at_low_bmi`; or the rule applied:
    /// `child_energy`, `child_macros`, `sodium_limit`, `fiber_goal`,
    /// `older_energy`, `older_protein`, `lose_planned_as_maintain`,
    /// `adjusted_weight`, `low_carb`, `high_protein`, `high_carb`,
    /// `low_calorie`, `diet_conflict`, `diet_not_for_children`.
    pub code: &'static str,
    /// The remark, with the numbers and the range.
    pub message: String,
}

/// What one restriction excludes.
#[derive(Debug, Serialize, ToSchema)]
pub struct RestrictionRuleResponse {
    /// The restriction's name.
    pub name: String,
    /// Whether every part of it is understood and enforced.
    pub enforced: bool,
    /// What it excludes: allergen groups (`peanuts`, `tree nuts`), kinds
    /// of food and everything below them (`pork`, `onion`), or diets with
    /// what they exclude (`halal (pork, alcohol, blood, gelatin)`).
    pub excludes: Vec<String>,
    /// Parts that match nothing, so are not enforced (`keto`,
    /// `kiwi thing`).
    pub not_understood: Vec<String>,
    /// Kinds let back in after an exception word (`salmon` of `no fish
    /// except salmon`).
    pub except: Vec<String>,
    /// Kinds named after an exception word and not let back in: not
    /// understood, not kept out anyway, or excepted from an allergy,
    /// which keeps them out.
    pub except_not_applied: Vec<String>,
}

impl ProfileResponse {
    /// The profile as the API shows it, with what `recipes` makes of its
    /// restrictions and the notes on its targets for the body's age on
    /// `today`.
    pub fn new(p: Person, recipes: &Recipes, today: NaiveDate) -> Self {
        let age = p.body.age_on(today);
        let target_notes =
            targets::all_notes(&p.body, age, &p.targets, &p.diet_types, &p.manual.targets)
                .into_iter()
                .map(|n| TargetNoteResponse {
                    target: n.target.field(),
                    code: n.kind.code(),
                    message: n.message,
                })
                .collect();
        let restriction_rules: Vec<RestrictionRuleResponse> = p
            .restrictions
            .iter()
            .map(|r| {
                let meaning = recipes.restriction(&r.name);
                RestrictionRuleResponse {
                    name: r.name.clone(),
                    enforced: meaning.is_enforced(),
                    excludes: meaning.excludes(),
                    not_understood: meaning.unmatched().to_vec(),
                    except: meaning.except().to_vec(),
                    except_not_applied: meaning.except_not_applied().to_vec(),
                }
            })
            .collect();
        let unenforced_restrictions = restriction_rules
            .iter()
            .filter(|r| !r.enforced)
            .map(|r| r.name.clone())
            .collect();
        Self {
            id: p.id,
            user_id: p.user_id.0,
            goal: p.body.goal.as_str(),
            height: p.body.height.cm(),
            weight: p.body.weight.kg(),
            body_type: p.body.body_type.as_str(),
            gender: p.body.gender.as_str(),
            meals_per_day: p.meals_per_day.get(),
            activity_level: p.body.activity_level.as_str(),
            birth_date: p.body.birth_date.date().format("%Y-%m-%d").to_string(),
            body_fat_percentage: p.body_fat_percentage,
            calories_target: p.targets.calories,
            protein_target: p.targets.protein,
            carbs_target: p.targets.carbs,
            fat_target: p.targets.fat,
            tastes: p.tastes.into_iter().map(Into::into).collect(),
            restrictions: p.restrictions.into_iter().map(Into::into).collect(),
            diet_types: p.diet_types.into_iter().map(Into::into).collect(),
            manual_fields: [
                (p.manual.body_fat, "body_fat_percentage"),
                (p.manual.targets.calories, "calories_target"),
                (p.manual.targets.protein, "protein_target"),
                (p.manual.targets.carbs, "carbs_target"),
                (p.manual.targets.fat, "fat_target"),
            ]
            .into_iter()
            .filter_map(|(set, name)| set.then_some(name))
            .collect(),
            restriction_rules,
            unenforced_restrictions,
            target_notes,
        }
    }
}

/// A profile upsert body (spec 2.2), validated by the domain's rules.
pub struct ProfileBody(pub ProfileDraft);

impl PartialSchema for ProfileBody {
    fn schema() -> RefOr<Schema> {
        Self::schema_of(false)
    }
}

impl ProfileBody {
    /// The schema of a holder's profile body, or of a household
    /// `member`'s (ages from 3, a child's heights and weights).
    pub(crate) fn schema_of(member: bool) -> RefOr<Schema> {
        let mut body = ObjectBuilder::new()
            .schema_type(Type::Object)
            .description(Some("Profile upsert body (spec 2.2)."));
        for f in Field::ALL {
            body = body.property(f.name(), field_schema(f, member));
            if f <= Field::BirthDate {
                body = body.required(f.name());
            }
        }
        body.into()
    }
}

impl ToSchema for ProfileBody {
    fn name() -> std::borrow::Cow<'static, str> {
        "ProfileRequest".into()
    }

    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        for (name, schema) in [
            (GoalName::name(), GoalName::schema()),
            (BodyTypeName::name(), BodyTypeName::schema()),
            (GenderName::name(), GenderName::schema()),
            (ActivityLevelName::name(), ActivityLevelName::schema()),
            (DietTypeName::name(), DietTypeName::schema()),
        ] {
            schemas.push((name.into_owned(), schema));
        }
    }
}

/// The schema of one field of a profile body (a `member`'s), from the
/// domain's bounds.
fn field_schema(f: Field, member: bool) -> RefOr<Schema> {
    let named = |name: std::borrow::Cow<'static, str>, text: &str| -> RefOr<Schema> {
        let mut reference = Ref::from_schema_name(name);
        reference.description = text.to_owned();
        RefOr::Ref(reference)
    };
    let number =
        |range: (f64, f64), text: &str| field::described(field::number(range), text).into();
    let target = |max: f64, text: &str| -> RefOr<Schema> {
        field::described(
            field::or_null(field::number((0.0, max)), Type::Number),
            text,
        )
        .into()
    };
    let items = |text: &str| -> RefOr<Schema> {
        let item = ObjectBuilder::new()
            .schema_type(Type::Object)
            .description(Some("A taste or restriction on write."))
            .property(
                "id",
                field::described(
                    field::or_null(field::int((0, 0)), Type::Integer)
                        .minimum(None::<i64>)
                        .maximum(None::<i64>),
                    "An existing item (predefined, or one of the caller's own).",
                ),
            )
            .property(
                "name",
                field::described(
                    field::name(ItemName::MAX_CHARS),
                    "Lowercased; a new name creates a custom item visible only to its owner.",
                ),
            )
            .required("name");
        ArrayBuilder::new()
            .schema_type(SchemaType::from_iter([Type::Array, Type::Null]))
            .items(item)
            .description(Some(text))
            .build()
            .into()
    };
    match f {
        Field::Goal => named(
            GoalName::name(),
            "`lose_weight`, `maintain_weight` or `gain_weight`.",
        ),
        Field::Height if member => number(
            (Height::CHILD_MIN, Height::MAX),
            "Centimetres: 140-220 from 16, 80-200 under 16.",
        ),
        Field::Height => number((Height::MIN, Height::MAX), "Centimetres."),
        Field::Weight if member => number(
            (Weight::CHILD_MIN, Weight::MAX),
            "Kilograms: 35-300 from 16, 10-150 under 16.",
        ),
        Field::Weight => number((Weight::MIN, Weight::MAX), "Kilograms."),
        Field::BodyType => named(
            BodyTypeName::name(),
            "`lean`, `normal`, `stocky` or `obese`.",
        ),
        Field::Gender => named(GenderName::name(), "`male` or `female`."),
        Field::MealsPerDay => field::described(
            field::int((MealsPerDay::MIN, MealsPerDay::MAX)),
            "Meals a day.",
        )
        .into(),
        Field::ActivityLevel => named(ActivityLevelName::name(), "`low`, `medium` or `high`."),
        Field::BirthDate => RefOr::T(Schema::OneOf(
            OneOfBuilder::new()
                .item(
                    ObjectBuilder::new()
                        .schema_type(Type::String)
                        .format(Some(SchemaFormat::KnownFormat(KnownFormat::Date))),
                )
                .item(
                    ObjectBuilder::new()
                        .schema_type(Type::Number)
                        .description(Some(
                            "Seconds (or milliseconds beyond 2·10^10) since 1970, on midnight UTC.",
                        )),
                )
                .description(Some(format!(
                    "ISO date (or a Unix timestamp on midnight UTC); the age must be {} to {}.",
                    if member {
                        BirthDate::MEMBER_MIN_AGE
                    } else {
                        BirthDate::MIN_AGE
                    },
                    BirthDate::MAX_AGE
                )))
                .build(),
        )),
        Field::BodyFatPercentage => field::described(
            field::or_null(field::number((0.0, 0.0)), Type::Number)
                .maximum(None::<f64>)
                .exclusive_maximum(Some(NonNegative::BODY_FAT_BELOW)),
            "0 = estimate from body type; below 100.",
        )
        .into(),
        Field::CaloriesTarget => target(
            NonNegative::MAX_CALORIES,
            "kcal a day; 0 or omitted = computed.",
        ),
        Field::ProteinTarget | Field::CarbsTarget | Field::FatTarget => target(
            NonNegative::MAX_MACRO_GRAMS,
            "g a day; 0 or omitted = computed.",
        ),
        Field::Tastes => items("Taste preferences."),
        Field::Restrictions => items("Dietary restrictions."),
        Field::DietTypes => ArrayBuilder::new()
            .schema_type(SchemaType::from_iter([Type::Array, Type::Null]))
            .items(Ref::from_schema_name(DietTypeName::name()))
            .description(Some("Names of diet types."))
            .build()
            .into(),
    }
}

/// A string, or for a value of another type its JSON text (which no
/// closed set's name is, so the domain refuses it with the set's names,
/// as Pydantic's `enum` rule does for any type).
fn text(value: &Value) -> String {
    value
        .as_str()
        .map_or_else(|| value.to_string(), str::to_owned)
}

/// The `{id?, name}` items of a list, as read from JSON: each item's
/// problems of type (not an object, an id that is no integer, a name that
/// is no string or is missing) with their path below the field, and an
/// [`ItemInput`] for every item, whose name the domain checks; `None` for
/// an item whose name could not be read.
fn category_inputs(items: &[Value]) -> (Vec<Option<ItemInput>>, Vec<Problem>) {
    let mut problems = Vec::new();
    let mut inputs = Vec::with_capacity(items.len());
    for (index, item) in items.iter().enumerate() {
        let Value::Object(fields) = item else {
            problems.push(Problem::model_type("CategoryItem").below(vec![index.into()], item));
            inputs.push(None);
            continue;
        };
        let id = match fields.get("id") {
            None | Some(Value::Null) => None,
            Some(raw) => integer(raw)
                .map_err(|p| problems.push(p.below(vec![index.into(), "id".into()], raw)))
                .ok(),
        };
        let name = match fields.get("name") {
            None => Err(Problem::missing().below(vec![index.into(), "name".into()], item)),
            Some(raw) => string(raw)
                .map(str::to_owned)
                .map_err(|p| p.below(vec![index.into(), "name".into()], raw)),
        };
        match name {
            Ok(name) => inputs.push(Some(ItemInput { id, name })),
            Err(p) => {
                problems.push(p);
                inputs.push(None);
            }
        }
    }
    (inputs, problems)
}

/// The items of a list field as references, when every item is valid
/// (for the check of ids, which runs even when other fields are not).
pub(crate) fn category_refs(value: &Value) -> Option<Vec<ItemRef>> {
    let (inputs, problems) = category_inputs(list(value).ok()?);
    if !problems.is_empty() {
        return None;
    }
    inputs
        .into_iter()
        .map(|i| {
            let i = i?;
            let name = ItemName::parse(&i.name).ok()?;
            Some(match i.id {
                Some(id) => ItemRef::Id(id, name),
                None => ItemRef::Name(name),
            })
        })
        .collect()
}

/// Reads a profile body's JSON into the domain's plain [`ProfileInput`],
/// recording problems of type and presence; the rules are the domain's.
struct ProfileReader<'f, 'a> {
    f: &'f mut BodyFields<'a>,
    /// Fields (and list items) whose value could not be read: the domain
    /// was handed a placeholder, and its verdict on it is not reported.
    unread: Vec<(Field, Option<usize>)>,
}

impl ProfileReader<'_, '_> {
    fn required<T>(
        &mut self,
        field: Field,
        parse: impl FnOnce(&Value) -> Result<T, Problem>,
        placeholder: T,
    ) -> T {
        self.f.required(field.name(), parse).unwrap_or_else(|| {
            self.unread.push((field, None));
            placeholder
        })
    }

    /// An optional number: absent or `null` is 0 (not set).
    fn zero_if_absent(&mut self, field: Field) -> f64 {
        match self.f.optional(field.name(), number) {
            Some(v) => v.unwrap_or(0.0),
            None => {
                self.unread.push((field, None));
                0.0
            }
        }
    }

    /// An optional list of `{id?, name}` items.
    fn items(&mut self, field: Field) -> Vec<ItemInput> {
        let raw = match self.f.optional(field.name(), |v| list(v).cloned()) {
            Some(Some(raw)) => raw,
            Some(None) => return Vec::new(),
            None => {
                self.unread.push((field, None));
                return Vec::new();
            }
        };
        let (inputs, problems) = category_inputs(&raw);
        for p in problems {
            self.f.reject(field.name(), p);
        }
        inputs
            .into_iter()
            .enumerate()
            .map(|(i, input)| {
                input.unwrap_or_else(|| {
                    self.unread.push((field, Some(i)));
                    ItemInput::default()
                })
            })
            .collect()
    }
}

impl FromBody for ProfileBody {
    fn from_fields(f: &mut BodyFields<'_>) -> Option<Self> {
        Self::read(f, false)
    }
}

impl ProfileBody {
    /// Reads the fields of a profile body: the holder's, or a household
    /// `member`'s (who may be a child from 3, with a child's body ranges).
    pub(crate) fn read(f: &mut BodyFields<'_>, member: bool) -> Option<Self> {
        let today = f.today();
        let mut r = ProfileReader {
            f,
            unread: Vec::new(),
        };
        let goal = r.required(Field::Goal, choice_text, String::new());
        let height = r.required(Field::Height, number, f64::NAN);
        let weight = r.required(Field::Weight, number, f64::NAN);
        let body_type = r.required(Field::BodyType, choice_text, String::new());
        let gender = r.required(Field::Gender, choice_text, String::new());
        let meals_per_day = r.required(Field::MealsPerDay, integer, 0);
        let activity_level = r.required(Field::ActivityLevel, choice_text, String::new());
        let birth_date = r.required(Field::BirthDate, date, today);
        let body_fat_percentage = r.zero_if_absent(Field::BodyFatPercentage);
        let targets = Targets {
            calories: r.zero_if_absent(Field::CaloriesTarget),
            protein: r.zero_if_absent(Field::ProteinTarget),
            carbs: r.zero_if_absent(Field::CarbsTarget),
            fat: r.zero_if_absent(Field::FatTarget),
        };
        let tastes = r.items(Field::Tastes);
        let restrictions = r.items(Field::Restrictions);
        let diet_types = match r.f.optional(Field::DietTypes.name(), |v| {
            list(v).map(|items| items.iter().map(text).collect::<Vec<_>>())
        }) {
            Some(names) => names.unwrap_or_default(),
            None => {
                r.unread.push((Field::DietTypes, None));
                Vec::new()
            }
        };
        let input = ProfileInput {
            goal,
            height,
            weight,
            body_type,
            gender,
            meals_per_day,
            activity_level,
            birth_date,
            body_fat_percentage,
            targets,
            tastes,
            restrictions,
            diet_types,
        };
        let parsed = if member {
            ProfileDraft::parse_member(&input, today)
        } else {
            ProfileDraft::parse(&input, today)
        };
        match parsed {
            Ok(draft) => Some(Self(draft)),
            Err(errors) => {
                for e in errors.0 {
                    if r.unread.contains(&(e.field, e.index)) || r.unread.contains(&(e.field, None))
                    {
                        continue;
                    }
                    let mut problem = field_problem(e.field, e.error);
                    if let Some(i) = e.index {
                        let item = &r.f.value(e.field.name())[i];
                        problem = match e.field {
                            Field::Tastes | Field::Restrictions => {
                                problem.below(vec![i.into(), "name".into()], &item["name"])
                            }
                            _ => problem.below(vec![i.into()], item),
                        };
                    }
                    r.f.reject(e.field.name(), problem);
                }
                r.f.sort_errors(&profile_fields());
                None
            }
        }
    }
}

/// A closed-set field read as text: a value of any other type is
/// refused by the domain with the set's names (Pydantic's `enum` rule).
fn choice_text(value: &Value) -> Result<String, Problem> {
    Ok(text(value))
}

/// Field names of a profile body in declaration order (spec 2.2), as the
/// domain lists its fields.
pub(crate) fn profile_fields() -> [&'static str; 16] {
    Field::ALL.map(Field::name)
}

/// One entry per item sent by an id the caller may not use.
pub(crate) fn unknown_item_entries(
    unknown: &[(ItemKind, usize, i64)],
    raw: &Value,
) -> Vec<ErrorEntry> {
    let mut errors = Errors::default();
    for (kind, index, id) in unknown {
        let field = match kind {
            ItemKind::Taste => "tastes",
            ItemKind::Restriction => "restrictions",
        };
        errors.push(
            vec!["body".into(), field.into(), Loc::Index(*index)],
            &raw[field][*index],
            Problem::value_error(format!("unknown {} id {id}", kind.noun())),
        );
    }
    errors.into_entries()
}

fn profile_error(error: ProfileError, raw: &Value) -> ApiError {
    match error {
        ProfileError::NotFound => ApiError::NotFound("Profile not found"),
        ProfileError::UnknownItem { kind, index, id } => {
            ApiError::Validation(unknown_item_entries(&[(kind, index, id)], raw))
        }
        ProfileError::Store(e) => ApiError::store(e),
    }
}

/// A 422 entry for each taste or restriction of `raw` sent by an id the
/// caller may not use.
pub(crate) async fn unknown_items_of(
    state: &AppState,
    user: &CurrentUser,
    raw: &Value,
) -> Result<Vec<ErrorEntry>, ApiError> {
    let refs = |field: &str| raw.get(field).and_then(category_refs).unwrap_or_default();
    let unknown = state
        .profiles
        .unknown_items(user.0.id, &refs("tastes"), &refs("restrictions"))
        .await
        .map_err(ApiError::store)?;
    Ok(unknown_item_entries(&unknown, raw))
}

/// Create or replace the caller's profile (upsert).
#[utoipa::path(
    put, path = "/api/profile", tag = "profile",
    security(("bearer" = [])),
    request_body = ProfileBody,
    responses(
        (status = 200, description = "The profile as stored, with the targets in force", body = ProfileResponse),
        (status = 401, description = "Token missing, invalid or expired", body = ErrorBody),
        (status = 413, description = "Body over 64 KiB", body = ErrorBody),
        (status = 422, description = "Invalid field values", body = ValidationErrorBody),
        (status = 500, description = "Internal server error", body = ErrorBody),
    )
)]
pub async fn upsert_profile(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: RawJson,
) -> Result<web::Json<ProfileResponse>, ApiError> {
    let raw = body.value;
    let validated = validate_body::<ProfileBody>(&raw, body.today).map(|b| b.0);
    // Items sent by id are checked once: inside the write when the body is
    // valid; here, when it is not, so that the 422 lists them beside every
    // other problem, in field order.
    let unknown_entries = || unknown_items_of(&state, &user, &raw);
    let draft = match validated {
        Ok(draft) => draft,
        Err(invalid) => {
            let extra = unknown_entries().await?;
            return with_more_entries(Err(invalid), extra, &profile_fields());
        }
    };
    match state.profiles.upsert(user.0.id, draft).await {
        Ok(p) => Ok(web::Json(ProfileResponse::new(
            p,
            &state.recipes,
            state.profiles.today(),
        ))),
        // The write stops at the first id the caller may not use; the 422
        // names them all.
        Err(e @ ProfileError::UnknownItem { .. }) => {
            let all = unknown_entries().await?;
            if all.is_empty() {
                Err(profile_error(e, &raw))
            } else {
                Err(ApiError::Validation(all))
            }
        }
        Err(e) => Err(profile_error(e, &raw)),
    }
}

/// The caller's profile.
#[utoipa::path(
    get, path = "/api/profile", tag = "profile",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The profile", body = ProfileResponse),
        (status = 401, description = "Token missing, invalid or expired", body = ErrorBody),
        (status = 404, description = "Profile not found", body = ErrorBody),
        (status = 500, description = "Internal server error", body = ErrorBody),
    )
)]
pub async fn get_profile(
    state: web::Data<AppState>,
    claims: Claimed,
) -> Result<web::Json<ProfileResponse>, ApiError> {
    state
        .profiles
        .get_in_session(claims.0)
        .await
        .map(|(_, p)| {
            web::Json(ProfileResponse::new(
                p,
                &state.recipes,
                state.profiles.today(),
            ))
        })
        .map_err(|e| in_session_error(e, |e| profile_error(e, &Value::Null)))
}

/// The four public lists as response bytes, made once per process (the
/// lists change only with a migration): a list request costs no database
/// round trip and no serialisation.
#[derive(Default)]
pub struct PreparedLists([tokio::sync::OnceCell<web::Bytes>; 4]);

impl PreparedLists {
    fn slot(list: ReferenceList) -> usize {
        match list {
            ReferenceList::DietTypes => 0,
            ReferenceList::MealTypes => 1,
            ReferenceList::Tastes => 2,
            ReferenceList::Restrictions => 3,
        }
    }
}

async fn reference(
    state: &AppState,
    prepared: &PreparedLists,
    list: ReferenceList,
) -> Result<HttpResponse, ApiError> {
    let bytes = prepared.0[PreparedLists::slot(list)]
        .get_or_try_init(|| async {
            let items = state
                .profiles
                .reference_list(list)
                .await
                .map_err(ApiError::store)?;
            let body: Vec<ItemResponse> = items.into_iter().map(Into::into).collect();
            serde_json::to_vec(&body)
                .map(web::Bytes::from)
                .map_err(ApiError::internal)
        })
        .await?;
    Ok(HttpResponse::Ok()
        .content_type(actix_web::http::header::ContentType::json())
        .body(bytes.clone()))
}

/// The 7 diet types, ids 1-7.
#[utoipa::path(get, path = "/api/diet_type", tag = "preferences",
    responses(
        (status = 200, description = "Diet types", body = [ItemResponse]),
        (status = 500, description = "Internal server error", body = ErrorBody),
    ))]
pub async fn diet_types_list(
    state: web::Data<AppState>,
    prepared: web::Data<PreparedLists>,
) -> Result<HttpResponse, ApiError> {
    reference(&state, &prepared, ReferenceList::DietTypes).await
}

/// Predefined dietary restrictions.
#[utoipa::path(get, path = "/api/restriction", tag = "preferences",
    responses(
        (status = 200, description = "Restrictions", body = [ItemResponse]),
        (status = 500, description = "Internal server error", body = ErrorBody),
    ))]
pub async fn restrictions_list(
    state: web::Data<AppState>,
    prepared: web::Data<PreparedLists>,
) -> Result<HttpResponse, ApiError> {
    reference(&state, &prepared, ReferenceList::Restrictions).await
}

/// Predefined tastes.
#[utoipa::path(get, path = "/api/taste", tag = "preferences",
    responses(
        (status = 200, description = "Tastes", body = [ItemResponse]),
        (status = 500, description = "Internal server error", body = ErrorBody),
    ))]
pub async fn tastes_list(
    state: web::Data<AppState>,
    prepared: web::Data<PreparedLists>,
) -> Result<HttpResponse, ApiError> {
    reference(&state, &prepared, ReferenceList::Tastes).await
}

/// The 4 meal types.
#[utoipa::path(get, path = "/api/meal_type", tag = "preferences",
    responses(
        (status = 200, description = "Meal types", body = [ItemResponse]),
        (status = 500, description = "Internal server error", body = ErrorBody),
    ))]
pub async fn meal_types_list(
    state: web::Data<AppState>,
    prepared: web::Data<PreparedLists>,
) -> Result<HttpResponse, ApiError> {
    reference(&state, &prepared, ReferenceList::MealTypes).await
}
