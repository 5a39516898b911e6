//! The OpenAPI document served at `/openapi.json`.

use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};

use crate::error::{ErrorBody, ErrorEntry, Loc, ValidationErrorBody};
use crate::schema::{LeftoversChoice, ListFormat};

/// The document's frame: its info, shared schemas, security and tags.
/// The operations come from [`crate::endpoints`] ([`document`]).
#[derive(OpenApi)]
#[openapi(
    info(
        title = "mealplan",
        description = "Meal planning and nutrition profiles. Every path also answers with a \
            trailing slash; account routes also answer under `/api` (e.g. `/api/auth/login`)."
    ),
    components(schemas(
        ErrorBody,
        ErrorEntry,
        Loc,
        ValidationErrorBody,
        ListFormat,
        LeftoversChoice
    )),
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
        (name = "pantry", description = "What the caller has at home: the shopping list buys only what it lacks"),
        (name = "household", description = "People who eat with the caller, each with a profile"),
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

/// The whole API: the frame, and each operation of the route table with
/// the schemas it refers to, from the handlers' annotations.
pub fn document() -> utoipa::openapi::OpenApi {
    let mut doc = ApiDoc::openapi();
    let (paths, schemas) = crate::endpoints().document();
    doc.paths.merge(paths);
    let components = doc.components.get_or_insert_with(Default::default);
    for (name, schema) in schemas {
        components.schemas.entry(name).or_insert(schema);
    }
    doc
}
