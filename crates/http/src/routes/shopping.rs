//! The shopping list of the active plan, as JSON or as a printable text.

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use mealplan_app::ShoppingList;
use serde::Serialize;
use utoipa::{IntoParams, ToSchema};

use crate::AppState;
use crate::auth::CurrentUser;
use crate::error::{ApiError, ErrorBody, ValidationErrorBody};
use crate::routes::errors::plan_error;
use crate::routes::responses::PantryItemResponse;
use crate::schema::{AisleName, ListFormat};
use crate::validate::{FromQuery, Params, Problem};

/// One line of the shopping list.
#[derive(Debug, Serialize, ToSchema)]
pub struct ShoppingItemResponse {
    /// Ingredient.
    pub name: String,
    /// Grams the pending meals use, one decimal (cooked weight for rice,
    /// pasta, pulses, meat and fish, as the recipes list them).
    pub grams: f64,
    /// Grams of `grams` the pantry holds, one decimal (0 when it holds
    /// none): only the rest is bought.
    pub from_pantry: f64,
    /// How much to buy for what the pantry lacks, in `unit`: rounded up
    /// to a whole piece, or to 5 g or ml up to 50, 10 below 1000, then
    /// tenths of a kg or l; 0 (`display`: `in the pantry`) when the
    /// pantry holds it all.
    pub amount: f64,
    /// `g`, `kg`, `ml`, `l`, or a count noun agreeing with `amount`
    /// (`egg`/`eggs`, `can`/`cans`, `head`/`heads`, `lemon`/`lemons`).
    pub unit: String,
    /// Amount and unit as a shopper reads them (`6 eggs`, `750 ml`).
    pub display: String,
    /// The form the amount is of when it differs from the recipes' (`dry`
    /// rice and pasta, `raw` meat and fish, mussels `in shell`).
    pub form: Option<String>,
    /// Where to find it (see `aisles` for the order).
    #[schema(value_type = AisleName)]
    pub aisle: String,
    /// Days of the week (1 = Monday) whose pending meals need it.
    pub days: Vec<u8>,
}

/// The items of one aisle.
#[derive(Debug, Serialize, ToSchema)]
pub struct AisleGroupResponse {
    /// Aisle.
    #[schema(value_type = AisleName)]
    pub aisle: String,
    /// Heading for a printed list.
    pub title: String,
    /// Names of its items, sorted.
    pub items: Vec<String>,
}

/// What to buy for the pending meals of the active plan.
#[derive(Debug, Serialize, ToSchema)]
pub struct ShoppingListResponse {
    /// Plan id.
    pub plan_id: i64,
    /// Ingredients by name.
    pub items: Vec<ShoppingItemResponse>,
    /// The same items grouped by aisle, in the order a shop is walked.
    pub aisles: Vec<AisleGroupResponse>,
    /// What the pantry will still hold once the pending meals are cooked,
    /// in the pantry's order (`[]` without a pantry).
    pub pantry_left: Vec<PantryItemResponse>,
}

const DAY_NAMES: [&str; 7] = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

fn day_names(days: &[u8]) -> String {
    days.iter()
        .filter_map(|d| DAY_NAMES.get(usize::from(*d).wrapping_sub(1)))
        .copied()
        .collect::<Vec<_>>()
        .join(" ")
}

fn item_label(name: &str, form: Option<&str>) -> String {
    match form {
        Some(form) => format!("{name}, {form}"),
        None => name.to_owned(),
    }
}

/// The list as plain text: one block per aisle, a tick box, name,
/// amount and days per line.
pub fn as_text(list: &ShoppingList) -> String {
    let groups = list.by_aisle();
    let mut out = format!("Shopping list (plan {})\n", list.plan_id);
    out.push_str("For the meals not yet ticked off; amounts rounded up to what shops sell.\n");
    if groups.is_empty() {
        out.push_str("\nNothing to buy: every meal is done.\n");
        return out;
    }
    let label_width = list
        .items
        .iter()
        .map(|i| {
            item_label(&i.name, i.purchase.form.as_deref())
                .chars()
                .count()
        })
        .max()
        .unwrap_or(0);
    let amount_width = list
        .items
        .iter()
        .map(|i| i.purchase.display.chars().count())
        .max()
        .unwrap_or(0);
    for (aisle, items) in groups {
        out.push('\n');
        out.push_str(&aisle.title().to_uppercase());
        out.push('\n');
        for item in items {
            let label = item_label(&item.name, item.purchase.form.as_deref());
            let line = format!(
                "[ ] {label:<label_width$}  {amount:>amount_width$}  {days}",
                amount = item.purchase.display,
                days = day_names(&item.days),
            );
            out.push_str(line.trim_end());
            out.push('\n');
        }
    }
    out
}

impl From<&ShoppingList> for ShoppingListResponse {
    fn from(list: &ShoppingList) -> Self {
        Self {
            plan_id: list.plan_id,
            items: list
                .items
                .iter()
                .map(|i| ShoppingItemResponse {
                    name: i.name.clone(),
                    grams: (i.grams * 10.0).round() / 10.0,
                    from_pantry: (i.from_pantry * 10.0).round() / 10.0,
                    amount: i.purchase.amount,
                    unit: i.purchase.unit.clone(),
                    display: i.purchase.display.clone(),
                    form: i.purchase.form.clone(),
                    aisle: i.purchase.aisle.as_str().to_owned(),
                    days: i.days.clone(),
                })
                .collect(),
            aisles: list
                .by_aisle()
                .into_iter()
                .map(|(aisle, items)| AisleGroupResponse {
                    aisle: aisle.as_str().to_owned(),
                    title: aisle.title().to_owned(),
                    items: items.iter().map(|i| i.name.clone()).collect(),
                })
                .collect(),
            pantry_left: list.pantry_left.iter().map(Into::into).collect(),
        }
    }
}

/// The query of a shopping list.
#[derive(IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// `json` (default) or `text` for a printable plain-text list
    #[param(value_type = Option<ListFormat>)]
    format: ListFormat,
}

impl FromQuery for ListQuery {
    fn from_query(p: &mut Params<'_>) -> Option<Self> {
        let format = p.optional_query("format", |raw| match raw {
            "json" => Ok(ListFormat::json),
            "text" => Ok(ListFormat::text),
            _ => Err(Problem::one_of(&["json", "text"])),
        });
        Some(Self {
            format: format?.unwrap_or(ListFormat::json),
        })
    }
}

/// What to buy for the active plan's pending meals: each ingredient summed
/// over the meals (portions applied), in the units shops sell, with its
/// aisle and the days that need it. `?format=text` answers a printable
/// plain-text list grouped by aisle.
#[utoipa::path(
    get, path = "/api/plan/current/shopping-list", tag = "plans",
    security(("bearer" = [])),
    params(ListQuery),
    responses(
        (status = 200, description = "The shopping list", content(
            (ShoppingListResponse = "application/json"),
            (String = "text/plain"),
        )),
        (status = 401, description = "Token missing, invalid or expired", body = ErrorBody),
        (status = 404, description = "Active plan not found for current user", body = ErrorBody),
        (status = 422, description = "Invalid query parameter", body = ValidationErrorBody),
        (status = 500, description = "Internal server error", body = ErrorBody),
    )
)]
pub async fn shopping_list(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: CurrentUser,
) -> Result<HttpResponse, ApiError> {
    let mut p = Params::new(&req);
    let query = p.read::<ListQuery>();
    let text = p.finish(|| query)?.format == ListFormat::text;
    let list = state
        .shopping
        .shopping_list(user.0.id)
        .await
        .map_err(plan_error)?;
    Ok(if text {
        HttpResponse::Ok()
            .insert_header((header::CONTENT_TYPE, "text/plain; charset=utf-8"))
            .body(as_text(&list))
    } else {
        HttpResponse::Ok().json(ShoppingListResponse::from(&list))
    })
}

#[cfg(test)]
mod tests {
    use mealplan_app::ShoppingItem;
    use mealplan_domain::kitchen::{Aisle, Purchase};

    use super::*;

    fn item(
        name: &str,
        display: &str,
        aisle: Aisle,
        form: Option<&str>,
        days: &[u8],
    ) -> ShoppingItem {
        ShoppingItem {
            name: name.into(),
            grams: 1.0,
            from_pantry: 0.0,
            purchase: Purchase {
                amount: 1.0,
                unit: "g".into(),
                display: display.into(),
                form: form.map(Into::into),
                aisle,
            },
            days: days.to_vec(),
        }
    }

    #[test]
    fn the_text_list_groups_by_aisle_in_shop_order() {
        let list = ShoppingList {
            plan_id: 3,
            items: vec![
                item("brown rice", "210 g", Aisle::Grains, Some("dry"), &[2, 4]),
                item("egg", "6 eggs", Aisle::Dairy, None, &[1]),
                item("spinach", "120 g", Aisle::Produce, None, &[1, 7]),
            ],
            pantry_left: vec![],
        };
        assert_eq!(
            as_text(&list),
            "Shopping list (plan 3)\n\
             For the meals not yet ticked off; amounts rounded up to what shops sell.\n\
             \n\
             FRUIT & VEGETABLES\n\
             [ ] spinach           120 g  Mon Sun\n\
             \n\
             DAIRY, EGGS & PLANT MILKS\n\
             [ ] egg              6 eggs  Mon\n\
             \n\
             RICE, PASTA, GRAINS & PULSES\n\
             [ ] brown rice, dry   210 g  Tue Thu\n"
        );
        let empty = ShoppingList {
            plan_id: 3,
            items: vec![],
            pantry_left: vec![],
        };
        assert!(as_text(&empty).ends_with("Nothing to buy: every meal is done.\n"));
    }
}
