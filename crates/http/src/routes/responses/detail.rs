//! One recipe in full (`GET /api/recipes/{id}`): ingredient lines with
//! household measures, steps, times, extra nutrients; and for one's own
//! recipe, its owner, status and each line's food.

use mealplan_app::RecipeSheet;
use mealplan_domain::{FoodChoice, OwnLine, OwnRecipe};
use serde::Serialize;
use utoipa::ToSchema;

use super::recipe::{RecipeResponse, whole};
use super::{MicronutrientAmount, amounts};

/// One ingredient of a recipe with its household measure.
#[derive(Debug, Serialize, ToSchema)]
pub struct IngredientLineResponse {
    /// Ingredient (as in `ingredients`).
    pub name: String,
    /// Grams in one serving (grains, pasta, legumes, meat and fish: cooked
    /// weight).
    pub grams: f64,
    /// Household measure when one makes sense (`2 eggs`, `1 tbsp`,
    /// `250 ml`, `⅔ cup`); `null` for things weighed only.
    pub measure: Option<String>,
    /// Grams, measure and notes as a cook reads them: `100 g (2 eggs)`,
    /// `150 g cooked (¾ cup; from 50 g dry)`.
    pub display: String,
}

/// One recipe: the spec's 2.5 members plus what a cook needs. Extra
/// nutrients are per serving.
#[derive(Debug, Serialize, ToSchema)]
pub struct RecipeDetailResponse {
    /// The recipe as listed.
    #[serde(flatten)]
    pub recipe: RecipeResponse,
    /// Ingredients in recipe order, with grams and household measures.
    pub ingredient_lines: Vec<IngredientLineResponse>,
    /// Numbered steps, in order, with the recipe's amounts written in.
    pub steps: Vec<String>,
    /// Hands-on preparation, minutes.
    pub prep_minutes: u32,
    /// Time on the stove or in the oven, minutes.
    pub cook_minutes: u32,
    /// Fibre, g (one decimal).
    pub fiber: f64,
    /// Sugars, g (one decimal).
    pub sugar: f64,
    /// Saturated fat, g (one decimal; USDA SR28).
    pub saturated_fat: f64,
    /// Sodium, mg (USDA SR28).
    pub sodium: i64,
    /// Calcium, iron, magnesium, potassium, zinc, vitamins A, C, D and
    /// B12 and folate of one serving (USDA SR28).
    pub micronutrients: Vec<MicronutrientAmount>,
}

fn tenths(v: f64) -> f64 {
    (v.max(0.0) * 10.0).round() / 10.0
}

impl From<&RecipeSheet> for RecipeDetailResponse {
    fn from(sheet: &RecipeSheet) -> Self {
        let r = &sheet.recipe;
        Self {
            recipe: r.into(),
            ingredient_lines: sheet
                .lines
                .iter()
                .map(|l| IngredientLineResponse {
                    name: l.name.clone(),
                    grams: tenths(l.grams),
                    measure: l.measure.clone(),
                    display: l.display.clone(),
                })
                .collect(),
            steps: sheet.steps.clone(),
            prep_minutes: r.card.prep_minutes,
            cook_minutes: r.card.cook_minutes,
            fiber: tenths(r.nutrition().fiber),
            sugar: tenths(r.nutrition().sugar),
            saturated_fat: tenths(r.card.saturated_fat),
            sodium: whole(r.card.sodium),
            micronutrients: amounts(&r.card.micronutrients),
        }
    }
}

/// A food a line is or may be.
#[derive(Debug, Serialize, ToSchema)]
pub struct FoodChoiceResponse {
    /// SR28 NDB number, five digits (`04053`).
    pub ndb: String,
    /// SR28 description.
    pub description: String,
    /// How sure, 0 to 1 (two decimals; 1 when the person chose it).
    pub confidence: f64,
}

impl From<&FoodChoice> for FoodChoiceResponse {
    fn from(c: &FoodChoice) -> Self {
        Self {
            ndb: format!("{:05}", c.ndb),
            description: c.description.clone(),
            confidence: (c.confidence * 100.0).round() / 100.0,
        }
    }
}

/// One ingredient line of one's own recipe and what became of it.
#[derive(Debug, Serialize, ToSchema)]
pub struct OwnLineResponse {
    /// The line as written.
    pub text: String,
    /// `placed`, or `needs_review` (set its food or grams with `PUT`).
    pub status: &'static str,
    /// SR28 NDB number of its food, when placed.
    pub ndb: Option<String>,
    /// SR28 description of its food, when placed.
    pub description: Option<String>,
    /// Grams in the whole recipe (one decimal), when known.
    pub grams: Option<f64>,
    /// How sure the placing is, when placed.
    pub confidence: Option<f64>,
    /// Up to five foods it may be, best first, when not placed.
    pub candidates: Vec<FoodChoiceResponse>,
    /// Why it waits, when it does.
    pub review: Option<String>,
}

impl From<&OwnLine> for OwnLineResponse {
    fn from(l: &OwnLine) -> Self {
        let food = l.food.as_ref().map(FoodChoiceResponse::from);
        Self {
            text: l.text.clone(),
            status: if l.is_placed() {
                "placed"
            } else {
                "needs_review"
            },
            ndb: food.as_ref().map(|f| f.ndb.clone()),
            description: food.as_ref().map(|f| f.description.clone()),
            grams: l.grams.map(tenths),
            confidence: food.as_ref().map(|f| f.confidence),
            candidates: l.candidates.iter().map(Into::into).collect(),
            review: l.review.clone(),
        }
    }
}

/// The nutrition of one serving the recipe's source stated (kept beside
/// the computed figures, never used for them).
#[derive(Debug, Serialize, ToSchema)]
pub struct StatedResponse {
    /// kcal.
    pub calories: f64,
    /// Protein, g (null when the source did not state it).
    pub protein: Option<f64>,
    /// Carbohydrates, g (null when not stated).
    pub carbs: Option<f64>,
    /// Fat, g (null when not stated).
    pub fat: Option<f64>,
}

/// One's own recipe: the shape of any recipe, plus whose it is, whether
/// it may be planned, and each line's food.
#[derive(Debug, Serialize, ToSchema)]
pub struct OwnRecipeResponse {
    /// The recipe as any recipe is answered (nutrition per serving,
    /// computed from SR28).
    #[serde(flatten)]
    pub recipe: RecipeDetailResponse,
    /// The owner's user id.
    pub owner: i64,
    /// `ready` (every line placed, a meal type known: it may be planned)
    /// or `needs_review`.
    pub status: &'static str,
    /// Servings the lines make.
    pub servings: u32,
    /// The ingredient lines as written, each with its food.
    pub lines: Vec<OwnLineResponse>,
    /// Allergens the ingredients contain.
    pub allergens: Vec<&'static str>,
    /// Tastes.
    pub tastes: Vec<String>,
    /// The source's keywords.
    pub keywords: Vec<String>,
    /// What the source stated one serving holds, if it did.
    pub stated: Option<StatedResponse>,
    /// What to look at: stated figures more than 15% off the computed
    /// ones, a missing meal type.
    pub warnings: Vec<String>,
    /// Deleted by its owner (only an export shows such a recipe: plans
    /// that used it keep it).
    pub deleted: bool,
}

impl OwnRecipeResponse {
    /// The answer for `own`, its sheet being `sheet`.
    pub fn of(own: &OwnRecipe, sheet: &RecipeSheet) -> Self {
        let mut warnings = own
            .stated
            .map(|s| mealplan_app::own_recipes::stated_differences(&s, &own.recipe.nutrition()))
            .unwrap_or_default();
        if own.recipe.meal_types().is_empty() {
            warnings.push(
                "no meal type: set meal_types (breakfast, lunch, dinner, snack) with PUT".into(),
            );
        }
        Self {
            recipe: sheet.into(),
            owner: own.owner.0,
            status: mealplan_app::own_recipes::status_name(own),
            servings: own.servings,
            lines: own.lines.iter().map(Into::into).collect(),
            allergens: own.recipe.allergens().iter().map(|a| a.as_str()).collect(),
            tastes: own.recipe.tastes.clone(),
            keywords: own.keywords.clone(),
            stated: own.stated.map(|s| StatedResponse {
                calories: whole(s.calories) as f64,
                protein: s.protein.map(tenths),
                carbs: s.carbs.map(tenths),
                fat: s.fat.map(tenths),
            }),
            warnings,
            deleted: own.deleted,
        }
    }
}
