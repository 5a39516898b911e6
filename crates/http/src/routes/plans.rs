//! Plans: create by hand or generate, the active plan, its summary and
//! shopping list.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use mealplan_app::{GenerateOptions, MyRecipes, PlanError, PlanView};
use mealplan_domain::DAY_OF_WEEK_RANGE;
use mealplan_domain::planner::{Leftovers, Portions, Tolerances};
use mealplan_ports::NewDay;
use mealplan_ports::PlanSettings;
use serde::Serialize;
use serde_json::Value;
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{ArrayBuilder, Object, ObjectBuilder, Schema, Type};
use utoipa::{PartialSchema, ToSchema};

use crate::AppState;
use crate::auth::{Claimed, CurrentUser, in_session_error};
use crate::error::{ApiError, ErrorBody, Loc, ValidationErrorBody};
use crate::routes::errors::{infeasible, plan_error, push_unknown_recipes};
use crate::routes::fit::{max_servings, max_servings_schema, tolerances, tolerances_schema};
use crate::routes::menus::{day_schema, meal_items};
use crate::routes::responses::{
    MicronutrientSummaryResponse, PlanResponse, Totals, WholeDayResponse,
};
use crate::schema::{MealTypeName, field};
use crate::validate::{
    BodyFields, Errors, FromBody, JsonBody, Problem, Problems, RawJson, boolean, int_in_range,
    integer, item_field, list, validate_body, with_more_entries,
};

/// Field names of a plan body in declaration order, for sorting entries.
const PLAN_FIELDS: [&str; 8] = [
    "daily_menus",
    "day_of_week",
    "meal_details",
    "recipe_id",
    "schedule",
    "status",
    "meal_type",
    "servings",
];

/// Every (day, meal, recipe id) whose `recipe_id` reads as an integer,
/// however broken the rest of the body.
fn sent_recipe_ids(body: &Value) -> Vec<(usize, usize, i64)> {
    let days = body.get("daily_menus").and_then(Value::as_array);
    days.into_iter()
        .flatten()
        .enumerate()
        .flat_map(|(d, day)| {
            day.get("meal_details")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .enumerate()
                .filter_map(move |(m, meal)| {
                    integer(meal.get("recipe_id")?).ok().map(|id| (d, m, id))
                })
        })
        .collect()
}

/// A plan body: days with their meals, validated.
pub struct PlanDays(pub Vec<NewDay>);

impl PartialSchema for PlanDays {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::Object)
            .description(Some("A plan body: days with their meals."))
            .property(
                "daily_menus",
                ArrayBuilder::new()
                    .items(day_schema(false, "One day of a plan body."))
                    .description(Some("Days, each day of week at most once.")),
            )
            .required("daily_menus")
            .into()
    }
}

impl ToSchema for PlanDays {
    fn name() -> std::borrow::Cow<'static, str> {
        "PlanRequest".into()
    }

    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        schemas.push((MealTypeName::name().into_owned(), MealTypeName::schema()));
    }
}

fn days(value: &Value) -> Result<Vec<NewDay>, Problems> {
    let mut problems = Vec::new();
    let mut out = Vec::new();
    let mut seen_days = Vec::new();
    for (d, day) in list(value)?.iter().enumerate() {
        let at = vec![Loc::Index(d)];
        let Value::Object(fields) = day else {
            problems.push(Problem::model_type("DailyMenu").below(at, day));
            continue;
        };
        let dow = item_field(
            fields,
            day,
            &at,
            "day_of_week",
            &mut problems,
            int_in_range(DAY_OF_WEEK_RANGE.0, DAY_OF_WEEK_RANGE.1),
        );
        if let Some(n) = dow {
            if seen_days.contains(&n) {
                let mut path = at.clone();
                path.push("day_of_week".into());
                problems.push(
                    Problem::value_error(format!("duplicate day_of_week {n}"))
                        .below(path, &fields["day_of_week"]),
                );
            }
            seen_days.push(n);
        }
        let meals = item_field(fields, day, &at, "meal_details", &mut problems, |v| {
            list(v).cloned()
        });
        let (mut new_meals, meal_problems) =
            meal_items(meals.as_deref().unwrap_or_default(), "MealDetail");
        let prefix = [Loc::Index(d), "meal_details".into()];
        problems.extend(meal_problems.into_iter().map(|p| p.under(&prefix)));
        if let Some(dow) = dow {
            new_meals.sort_by_key(|m| m.schedule);
            out.push(NewDay {
                day_of_week: dow as u8,
                meals: new_meals,
                notes: Vec::new(),
            });
        }
    }
    if problems.is_empty() {
        out.sort_by_key(|d| d.day_of_week);
        Ok(out)
    } else {
        Err(Problems(problems))
    }
}

impl FromBody for PlanDays {
    fn from_fields(f: &mut BodyFields<'_>) -> Option<Self> {
        f.required("daily_menus", days).map(PlanDays)
    }
}

/// Create a plan and make it the caller's active one.
#[utoipa::path(
    post, path = "/api/plan", tag = "plans",
    security(("bearer" = [])),
    request_body = PlanDays,
    responses(
        (status = 201, description = "The plan, now active", body = PlanResponse),
        (status = 401, description = "Token missing, invalid or expired", body = ErrorBody),
        (status = 409, description = "A recipe breaks one of the caller's rules (restriction, vegan or vegetarian diet); the detail names it", body = ErrorBody),
        (status = 413, description = "Body over 64 KiB", body = ErrorBody),
        (status = 422, description = "Invalid plan", body = ValidationErrorBody),
        (status = 500, description = "Internal server error", body = ErrorBody),
    )
)]
pub async fn create_plan(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: RawJson,
) -> Result<HttpResponse, ApiError> {
    let validated = validate_body::<PlanDays>(&body.value, body.today);
    // Unknown recipes are reported beside every other problem, in order.
    let unknown = state
        .plans
        .unknown_recipes(user.0.id, &sent_recipe_ids(&body.value))
        .await
        .map_err(ApiError::store)?;
    let mut errors = Errors::default();
    push_unknown_recipes(&mut errors, &unknown);
    let days = with_more_entries(validated, errors.into_entries(), &PLAN_FIELDS)?.0;
    let plan = state
        .plans
        .create(user.0.id, days)
        .await
        .map_err(plan_error)?;
    let plan = state
        .plans
        .with_fit(user.0.id, plan)
        .await
        .map_err(plan_error)?;
    Ok(HttpResponse::build(StatusCode::CREATED).json(PlanResponse::from(&plan)))
}

/// The caller's active plan.
#[utoipa::path(
    get, path = "/api/plan/current", tag = "plans",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The active plan", body = PlanResponse),
        (status = 401, description = "Token missing, invalid or expired", body = ErrorBody),
        (status = 404, description = "Active plan not found for current user", body = ErrorBody),
        (status = 500, description = "Internal server error", body = ErrorBody),
    )
)]
pub async fn current_plan(
    state: web::Data<AppState>,
    claims: Claimed,
) -> Result<HttpResponse, ApiError> {
    let render =
        |plan: &PlanView| serde_json::to_vec(&PlanResponse::from(plan)).map(web::Bytes::from);
    let body = state
        .plans
        .current_rendered(claims.0, &state.plan_answers, render)
        .await
        .map_err(|e| in_session_error(e, plan_error))?
        .map_err(ApiError::internal)?;
    Ok(HttpResponse::Ok()
        .content_type(actix_web::http::header::ContentType::json())
        .body(body))
}

/// A plan generation body; every field is optional, and so is the body.
#[derive(ToSchema)]
#[schema(as = GenerateRequest)]
pub struct Generate {
    #[schema(schema_with = days_schema, required = false)]
    days: u8,
    #[schema(schema_with = seed_schema)]
    seed: Option<u64>,
    #[schema(schema_with = tolerances_schema, required = false)]
    tolerances: Tolerances,
    #[schema(schema_with = max_servings_schema, required = false)]
    max_servings: Portions,
    /// Plan for the caller and every household member at one table: one
    /// dish per meal for everyone who eats then, a portion for each
    /// (default false).
    #[schema(value_type = Option<bool>, required = false)]
    household: bool,
    /// Which recipes the plan draws on: `include` (default: the
    /// catalogue and one's own ready recipes alike), `prefer` (one's own
    /// first, the catalogue only for slots they cannot fill; both alike
    /// when no plan can be made so) or `only` (the answer's `unfilled`
    /// names the slots one's own could not fill, and why; the catalogue
    /// fills those).
    #[schema(value_type = Option<String>, required = false)]
    my_recipes: MyRecipes,
    /// Prefer recipes that use what the pantry holds (`GET /api/pantry`),
    /// the earliest `use_by` first, as far as the targets allow: a day is
    /// never given up on its targets for it (default false).
    #[schema(value_type = Option<bool>, required = false)]
    use_pantry: bool,
    /// Cook once, eat twice: a lunch or dinner may be cooked for more
    /// portions and eaten again at a lunch or dinner one or two days
    /// later. The later meal says `leftover_of` (the meal where it is
    /// cooked), the cooking meal `cook_servings` (everything to cook),
    /// and the shopping list buys the dish once (default false).
    #[schema(value_type = Option<bool>, required = false)]
    leftovers: bool,
    /// With leftovers: the most cooking sessions (lunches and dinners
    /// cooked rather than eaten from an earlier meal) in the plan, 1-14;
    /// implies `leftovers`. Below what the days allow (a dish keeps two
    /// days), the plan cooks that least and says so in its first day's
    /// `notes`.
    #[schema(value_type = Option<u8>, required = false, minimum = 1, maximum = 14)]
    cook_at_most: Option<u8>,
}

/// `my_recipes`.
fn my_recipes(v: &serde_json::Value) -> Result<MyRecipes, Problem> {
    match v.as_str() {
        Some("include") => Ok(MyRecipes::Include),
        Some("prefer") => Ok(MyRecipes::Prefer),
        Some("only") => Ok(MyRecipes::Only),
        _ => Err(Problem::one_of(&["include", "prefer", "only"])),
    }
}

/// `days`: how many days to plan.
fn days_schema() -> Object {
    field::described(
        field::or_null(field::int(DAY_OF_WEEK_RANGE), Type::Integer),
        "Days to plan, 1-7 (default 7).",
    )
}

/// `seed`: the search's seed.
fn seed_schema() -> Object {
    field::described(
        field::or_null(field::int((0, i64::MAX)), Type::Integer).maximum(None::<i64>),
        "Seed of the search: the same seed and profile give the same plan.",
    )
}

impl FromBody for Generate {
    const EMPTY_MEANS_DEFAULTS: bool = true;

    fn from_fields(f: &mut BodyFields<'_>) -> Option<Self> {
        let days = f.optional(
            "days",
            int_in_range(DAY_OF_WEEK_RANGE.0, DAY_OF_WEEK_RANGE.1),
        );
        let seed = f.optional("seed", int_in_range(0, i64::MAX));
        let tolerances = f.optional("tolerances", tolerances);
        let max_servings = f.optional("max_servings", max_servings);
        let household = f.optional("household", boolean);
        let mine = f.optional("my_recipes", my_recipes);
        let use_pantry = f.optional("use_pantry", boolean);
        let leftovers = f.optional("leftovers", boolean);
        let cook_at_most = f.optional("cook_at_most", int_in_range(1, 14));
        Some(Self {
            days: days?.map_or(DAY_OF_WEEK_RANGE.1 as u8, |d| d as u8),
            seed: seed?.map(|s| s as u64),
            tolerances: tolerances?.unwrap_or_default(),
            max_servings: max_servings?.unwrap_or_default(),
            household: household?.unwrap_or(false),
            my_recipes: mine?.unwrap_or_default(),
            use_pantry: use_pantry?.unwrap_or(false),
            leftovers: leftovers?.unwrap_or(false),
            cook_at_most: cook_at_most?.map(|n| n as u8),
        })
    }
}

/// Build, store and activate a plan that meets the profile's targets.
///
/// The search is bounded: one per account at a time (429), a few per
/// instance (503 after a short wait), each within a time budget past which
/// it keeps the best plan found and the answer says `"cut_short": true`.
#[utoipa::path(
    post, path = "/api/plan/generate", tag = "plans",
    security(("bearer" = [])),
    request_body(content = Option<Generate>, description = "Optional; `{}` or no body plans 7 days with a fresh seed"),
    responses(
        (status = 201, description = "The generated plan, now active", body = PlanResponse),
        (status = 401, description = "Token missing, invalid or expired", body = ErrorBody),
        (status = 404, description = "Profile not found", body = ErrorBody),
        (status = 413, description = "Body over 64 KiB", body = ErrorBody),
        (status = 422, description = "Invalid body, or no recipe fits a meal slot under the user's restrictions", body = ValidationErrorBody),
        (status = 500, description = "Internal server error", body = ErrorBody),
        (status = 429, description = "A plan is already being made for this account (`Retry-After`)", body = ErrorBody),
        (status = 503, description = "Every plan search place of the instance stayed taken (`Retry-After`), or the request deadline passed", body = ErrorBody),
    )
)]
pub async fn generate_plan(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonBody<Generate>,
) -> Result<HttpResponse, ApiError> {
    let JsonBody { value, raw } = body;
    let options = GenerateOptions {
        leftovers: (value.leftovers || value.cook_at_most.is_some()).then_some(Leftovers {
            cook_at_most: value.cook_at_most,
        }),
        days: value.days,
        seed: value.seed,
        settings: PlanSettings {
            tolerances: value.tolerances,
            portions: value.max_servings,
            adjust: Default::default(),
        },
        household: value.household,
        my_recipes: value.my_recipes,
        use_pantry: value.use_pantry,
    };
    let (plan, profile) = state
        .planner
        .generate_for(user.0.id, options)
        .await
        .map_err(|e| match e {
            PlanError::Infeasible(e) => infeasible(&e, &raw),
            other => plan_error(other),
        })?;
    let plan = state
        .plans
        .with_fit_from(Some(profile), plan)
        .await
        .map_err(plan_error)?;
    Ok(HttpResponse::build(StatusCode::CREATED).json(PlanResponse::from(&plan)))
}

/// Per-nutrient numbers that may be absent.
#[derive(Debug, Serialize, ToSchema)]
pub struct Deviation {
    /// Percent above (+) or below (-) the calorie target.
    pub calories: Option<f64>,
    /// Percent off the protein target.
    pub protein: Option<f64>,
    /// Percent off the carbohydrate target.
    pub carbs: Option<f64>,
    /// Percent off the fat target.
    pub fat: Option<f64>,
}

/// One day of the summary.
#[derive(Debug, Serialize, ToSchema)]
pub struct DaySummaryResponse {
    /// 1-7.
    pub day_of_week: u8,
    /// All the day's meals, portions applied.
    pub planned: Totals,
    /// The completed (status 1) meals.
    pub completed: Totals,
    /// Planned against the targets, in percent (one decimal); null without
    /// a profile, or for a target of 0.
    pub deviation_percent: Option<Deviation>,
    /// The planned day against the limits beyond the targets (fibre,
    /// sodium, saturated fat, sugars; repeated protein foods and dish
    /// families).
    pub whole_day: WholeDayResponse,
}

/// Daily targets as the profile holds them.
#[derive(Debug, Serialize, ToSchema)]
pub struct TargetsResponse {
    /// kcal.
    pub calories: f64,
    /// g.
    pub protein: f64,
    /// g.
    pub carbs: f64,
    /// g.
    pub fat: f64,
}

/// The active plan against the targets.
#[derive(Debug, Serialize, ToSchema)]
pub struct PlanSummaryResponse {
    /// Plan id.
    pub plan_id: i64,
    /// The profile's daily targets; null without a profile.
    pub targets: Option<TargetsResponse>,
    /// Days by day of week.
    pub days: Vec<DaySummaryResponse>,
    /// A household's plan only: each person's days against their own
    /// targets, the holder first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub people: Option<Vec<PersonSummaryResponse>>,
    /// Each person who eats from the plan (the holder, and each household
    /// member with their portions): a day's average of ten micronutrients
    /// against their RDA or AI for age and sex.
    pub micronutrients: MicronutrientSummaryResponse,
}

/// One person's days of a household's plan.
#[derive(Debug, Serialize, ToSchema)]
pub struct PersonSummaryResponse {
    /// The household member; `null` for the account holder.
    pub member_id: Option<i64>,
    /// Their name as the plan has it.
    pub name: String,
    /// Their daily targets now; null for a member since removed.
    pub targets: Option<TargetsResponse>,
    /// Their days.
    pub days: Vec<PersonDayResponse>,
}

/// One person's planned day.
#[derive(Debug, Serialize, ToSchema)]
pub struct PersonDayResponse {
    /// 1-7.
    pub day_of_week: u8,
    /// Their totals, portions applied.
    pub planned: Totals,
    /// Whether the day lands within the plan's tolerances of their
    /// targets.
    pub within_tolerance: bool,
    /// Their fibre, sodium, saturated fat and sugars against their own
    /// limits (a child's sodium by age), and repeats in their meals.
    pub whole_day: WholeDayResponse,
}

/// Totals and deviations of the active plan, day by day.
#[utoipa::path(
    get, path = "/api/plan/current/summary", tag = "plans",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Planned and completed totals per day, with targets", body = PlanSummaryResponse),
        (status = 401, description = "Token missing, invalid or expired", body = ErrorBody),
        (status = 404, description = "Active plan not found for current user", body = ErrorBody),
        (status = 500, description = "Internal server error", body = ErrorBody),
    )
)]
pub async fn plan_summary(
    state: web::Data<AppState>,
    claims: Claimed,
) -> Result<web::Json<PlanSummaryResponse>, ApiError> {
    let summary = state
        .plans
        .summary_in_session(claims.0)
        .await
        .map_err(|e| in_session_error(e, plan_error))?;
    let percent =
        |got: f64, want: f64| (want > 0.0).then(|| ((got - want) / want * 1000.0).round() / 10.0);
    let targets = |t: mealplan_domain::DayTargets| TargetsResponse {
        calories: t.calories,
        protein: t.protein,
        carbs: t.carbs,
        fat: t.fat,
    };
    let people = (!summary.people.is_empty()).then(|| {
        summary
            .people
            .iter()
            .map(|p| PersonSummaryResponse {
                member_id: p.member_id,
                name: p.name.clone(),
                targets: p.targets.map(targets),
                days: p
                    .days
                    .iter()
                    .zip(&p.whole_days)
                    .map(|((day, planned, within), whole)| PersonDayResponse {
                        day_of_week: *day,
                        planned: (*planned).into(),
                        within_tolerance: *within,
                        whole_day: WholeDayResponse::from(whole),
                    })
                    .collect(),
            })
            .collect()
    });
    Ok(web::Json(PlanSummaryResponse {
        plan_id: summary.plan_id,
        targets: summary.targets.map(targets),
        days: summary
            .days
            .iter()
            .map(|d| DaySummaryResponse {
                day_of_week: d.day_of_week,
                whole_day: WholeDayResponse::from(&d.whole_day),
                planned: d.planned.into(),
                completed: d.completed.into(),
                deviation_percent: summary.targets.map(|t| Deviation {
                    calories: percent(d.planned.calories, t.calories),
                    protein: percent(d.planned.protein, t.protein),
                    carbs: percent(d.planned.carbs, t.carbs),
                    fat: percent(d.planned.fat, t.fat),
                }),
            })
            .collect(),
        people,
        micronutrients: MicronutrientSummaryResponse::of(&summary.intakes),
    }))
}
