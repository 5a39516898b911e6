//! Use cases of mealplan: each service combines ports to carry out one
//! user-visible operation. Services hold `Arc<dyn Port>`s and are cheap to
//! clone; they know nothing of HTTP or SQL.

pub mod accounts;
pub mod export;
#[cfg(test)]
mod fixtures;
pub mod household;
pub mod own_recipes;
pub mod pantry;
pub mod plans;
pub mod profiles;
pub mod recipes;
pub mod resets;

pub use accounts::{AccountError, Accounts, AuthError, Authenticated, InSession, Session, admit};
pub use export::{AccountData, Export};
pub use household::{Household, MemberError};
pub use mealplan_ports::LeftoverChoice;
pub use own_recipes::{CatalogueFoods, DraftError, LineEdit, OwnDraft, OwnRecipeError, OwnRecipes};
pub use pantry::{Pantry, PantryEntry, PantryError};
pub use plans::{
    Alternative, Busy, DayFitView, DaySummary, DayView, GenerateOptions, LimitChange, MealView,
    Meals, Menus, MyRecipes, PersonIntake, PersonSummary, PlanContext, PlanError, PlanSummary,
    PlanView, Planner, Plans, Renditions, SearchLimits, Shopping, ShoppingItem, ShoppingList,
    Unfilled, WeekPlace,
};
pub use plans::{Eater, Kept, MenuError, Refusal, Unanswered, keep_note, limit_changes};
pub use profiles::{ProfileError, Profiles};
pub use recipes::{RecipePage, RecipeQuery, RecipeSheet, Recipes, SHEET_SERVINGS};
pub use resets::{PasswordResets, ResetLinks, ResetSettings};
