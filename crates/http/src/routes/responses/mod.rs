//! Response bodies more than one route answers with (a plan in the plan,
//! menu, re-balance and export answers; a recipe in lists, plans and
//! meals), kept apart from the handlers so that route modules depend on
//! these and never on one another.

pub mod detail;
pub mod fit;
pub mod item;
pub mod meal;
pub mod micronutrients;
pub mod pantry;
pub mod plan;
pub mod recipe;

pub use detail::{
    FoodChoiceResponse, IngredientLineResponse, OwnLineResponse, OwnRecipeResponse,
    RecipeDetailResponse, StatedResponse,
};
pub use fit::{DayFitResponse, WholeDayResponse};
pub use item::ItemResponse;
pub use meal::{AlternativeResponse, MealDetailResponse, Totals};
pub use micronutrients::{MicronutrientAmount, MicronutrientSummaryResponse, amounts};
pub use pantry::PantryItemResponse;
pub use plan::{DailyMenuResponse, PlanResponse};
pub use recipe::{RecipeResponse, ServedRecipeResponse, public_link, set_public_base_url};
