//! A meal of a plan and its replacement candidates, as answered.

use mealplan_app::{Alternative, MealView};

use super::WholeDayResponse;
use mealplan_domain::Nutrition;
use serde::Serialize;
use utoipa::ToSchema;

use super::recipe::RecipeResponse;

/// A meal of a plan (spec 2.4).
#[derive(Debug, Serialize, ToSchema)]
pub struct MealDetailResponse {
    /// Meal detail id.
    pub id: i64,
    /// Recipe currently assigned.
    pub recipe_id: i64,
    /// Order in the day, 1-6.
    pub schedule: u8,
    /// 0 pending, 1 completed.
    pub status: i64,
    /// `breakfast`, `lunch`, `dinner` or `snack`.
    pub meal_type: &'static str,
    /// The recipe, its nutrition that of the portion served (`servings`
    /// servings); `/api/recipes` shows one serving. A household meal's
    /// `recipe_url` opens the page at the pot to cook, listing each
    /// person's share.
    pub recipe: RecipeResponse,
    /// Portion, in servings of the recipe (generated plans scale portions
    /// to meet the targets; 1 otherwise). In a household's plan, the
    /// account holder's own (0 for a dish only others eat).
    pub servings: f64,
    /// A household's plan only: each eater's portion.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub portions: Option<Vec<PortionResponse>>,
    /// A household's plan only: servings to cook, every portion together.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total_servings: Option<f64>,
    /// The owner's note on the meal (set by `PUT /meal-detail/{id}?note=`);
    /// absent when there is none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// In a plan made with `leftovers`: the meal detail this meal is
    /// eaten from (cooked there; nothing to cook or buy here). Absent for
    /// a meal cooked for itself.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub leftover_of: Option<i64>,
    /// In a plan made with `leftovers`, for a meal that later meals eat
    /// from: servings to cook in all, theirs included (keep the rest of
    /// what this meal serves for them). Absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cook_servings: Option<f64>,
    /// With `cook_servings`: what of the dish to keep for each later
    /// meal, by day. Absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub keep: Option<Vec<KeepResponse>>,
    /// With `keep`, in words: `Cook 3 servings; keep 1.5 for Tuesday's
    /// lunch`. Absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub keep_note: Option<String>,
}

/// Servings of a cooking meal's dish kept for one later meal.
#[derive(Debug, Serialize, ToSchema)]
pub struct KeepResponse {
    /// Servings to keep: everything the later meal serves.
    pub servings: f64,
    /// The later meal's day, 1-7.
    pub day_of_week: u8,
    /// Its slot: `lunch` or `dinner`.
    pub meal_type: &'static str,
}

/// One eater's portion of a household meal.
#[derive(Debug, Serialize, ToSchema)]
pub struct PortionResponse {
    /// The household member; `null` for the account holder.
    pub member_id: Option<i64>,
    /// Their name when the plan was made (`you` for the holder).
    pub name: String,
    /// Their portion, in servings.
    pub servings: f64,
}

impl From<&MealView> for MealDetailResponse {
    fn from(v: &MealView) -> Self {
        Self {
            id: v.meal.id,
            recipe_id: v.meal.recipe_id,
            schedule: v.meal.schedule,
            status: v.meal.status.code(),
            meal_type: v.meal.meal_type.as_str(),
            // Only a meal shared at the household's table shows its
            // portions: a one-person plan's has the holder's alone.
            recipe: if !v.meal.shared {
                RecipeResponse::served(&v.recipe, v.meal.servings)
            } else {
                let shares: Vec<(&str, f64)> = v
                    .meal
                    .portions
                    .iter()
                    .map(|p| (p.name.as_str(), p.servings))
                    .collect();
                RecipeResponse::at_table(&v.recipe, v.meal.servings, &shares)
            },
            servings: v.meal.servings,
            portions: v.meal.shared.then(|| {
                v.meal
                    .portions
                    .iter()
                    .map(|p| PortionResponse {
                        member_id: p.member_id,
                        name: p.name.clone(),
                        servings: p.servings,
                    })
                    .collect()
            }),
            total_servings: v.meal.shared.then(|| v.meal.to_cook()),
            note: v.meal.note.clone(),
            leftover_of: v.leftover_of,
            cook_servings: v.cook_servings,
            keep: (!v.keep.is_empty()).then(|| {
                v.keep
                    .iter()
                    .map(|k| KeepResponse {
                        servings: k.servings,
                        day_of_week: k.day_of_week,
                        meal_type: k.meal_type.as_str(),
                    })
                    .collect()
            }),
            keep_note: v
                .cook_servings
                .and_then(|total| mealplan_app::keep_note(total, &v.keep)),
        }
    }
}

/// Whole-number nutrition totals.
#[derive(Debug, Serialize, ToSchema)]
pub struct Totals {
    /// kcal.
    pub calories: i64,
    /// g.
    pub protein: i64,
    /// g.
    pub carbs: i64,
    /// g.
    pub fat: i64,
}

impl From<Nutrition> for Totals {
    fn from(n: Nutrition) -> Self {
        let r = |v: f64| v.round() as i64;
        Self {
            calories: r(n.calories),
            protein: r(n.protein),
            carbs: r(n.carbs),
            fat: r(n.fat),
        }
    }
}

/// A replacement candidate for a meal, at the portion it would be served
/// at (the meal's `servings`): `recipe`, `served`, `day_totals` and
/// `change` are all for that portion; only `per_serving` is for one
/// serving.
#[derive(Debug, Serialize, ToSchema)]
pub struct AlternativeResponse {
    /// The candidate recipe, its nutrition that of the portion served (as
    /// a meal of a plan nests it) and its `recipe_url` opening at it.
    pub recipe: RecipeResponse,
    /// The portion it would be served at: the meal's own, in servings.
    pub servings: f64,
    /// Its nutrition at that portion.
    pub served: Totals,
    /// Its nutrition per serving (as `/api/recipes` shows it).
    pub per_serving: Totals,
    /// The day's planned totals with the candidate in place, at that
    /// portion.
    pub day_totals: Totals,
    /// Candidate minus the current meal, both at that portion.
    pub change: Totals,
    /// The day's fibre, sodium, saturated fat and sugars against the
    /// owner's limits, and its repeats, with the candidate in place.
    pub day_limits: WholeDayResponse,
}

impl From<&Alternative> for AlternativeResponse {
    fn from(a: &Alternative) -> Self {
        Self {
            recipe: RecipeResponse::served(&a.recipe, a.servings),
            servings: a.servings,
            served: a.recipe.nutrition().served(a.servings).into(),
            per_serving: a.recipe.nutrition().served(1.0).into(),
            day_totals: a.day_totals.into(),
            change: a.change.into(),
            day_limits: WholeDayResponse::from(&a.day_limits),
        }
    }
}
