//! The OpenAPI document served at `/openapi.json`.

use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};

use crate::error::{ErrorBody, ErrorEntry, Loc, ValidationErrorBody};
use crate::routes::{
    accounts, chat, fit, lifecycle, meals, menus, meta, pages, plans, plate, profile, recipes,
    shopping,
};
use crate::schema::ListFormat;

/// The whole API, generated from the handlers' annotations.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "mealplan",
        description = "Meal planning and nutrition profiles. Every path also answers with a \
            trailing slash; account routes also answer under `/api` (e.g. `/api/auth/login`)."
    ),
    paths(
        accounts::register,
        accounts::login,
        accounts::me,
        accounts::check_token,
        lifecycle::logout,
        lifecycle::logout_all,
        lifecycle::change_password,
        lifecycle::delete_account,
        lifecycle::export,
        profile::get_profile,
        profile::upsert_profile,
        profile::diet_types_list,
        profile::restrictions_list,
        profile::tastes_list,
        profile::meal_types_list,
        recipes::list_recipes,
        recipes::get_recipe,
        pages::get_recipe_page,
        plate::get_plate,
        recipes::similar_recipe,
        plans::create_plan,
        plans::generate_plan,
        plans::current_plan,
        fit::rebalance_plan,
        plans::plan_summary,
        shopping::shopping_list,
        meals::get_meal,
        meals::swap_meal,
        meals::set_meal_status,
        meals::meal_alternatives,
        chat::chat,
        menus::create_meal_detail,
        menus::get_daily_menu,
        menus::create_daily_menu,
        meta::health,
        meta::ready,
    ),
    components(schemas(ErrorBody, ErrorEntry, Loc, ValidationErrorBody, ListFormat)),
    modifiers(&BearerAuth),
    tags(
        (name = "accounts", description = "Sign-up, login and tokens"),
        (name = "profile", description = "The caller's nutrition profile"),
        (name = "preferences", description = "Public lists of selectable options"),
        (name = "recipes", description = "The recipe catalogue"),
        (name = "plans", description = "The caller's meal plans"),
        (name = "meal details", description = "One meal of a plan: swap its recipe, tick it off"),
        (name = "assistant", description = "The nutrition assistant (chat)"),
        (name = "daily menus", description = "One day of a plan: read it, add one"),
        (name = "operations", description = "Health and readiness"),
    )
)]
pub struct ApiDoc;

struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .bearer_format("JWT")
                    .build(),
            ),
        );
    }
}
