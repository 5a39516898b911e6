//! A recipe as a list, a plan or a meal shows it, and the absolute links
//! its `recipe_url` holds.

use mealplan_domain::Recipe;
use serde::Serialize;
use utoipa::ToSchema;

use super::item::ItemResponse;

/// A recipe (spec 2.5). Nutrition is per serving, rounded to whole units.
#[derive(Debug, Serialize, ToSchema)]
pub struct RecipeResponse {
    /// Recipe id (what plans and swaps refer to).
    pub id: i64,
    /// Dish name.
    pub name: String,
    /// kcal.
    pub calories: i64,
    /// Protein, g.
    pub protein: i64,
    /// Carbohydrates, g.
    pub carbs: i64,
    /// Fat, g.
    pub fat: i64,
    /// Picture URL: the recipe's own picture if it has one, else its
    /// plate by food group drawn by this service
    /// (`/recipes/{id}/plate.svg`, resolved like `recipe_url`).
    pub image_url: Option<String>,
    /// The recipe's page on this service, an absolute path
    /// (`/recipes/{recipe_id}`): resolve it against the API's base URL. A
    /// recipe shown at a portion (a planned meal) links to its page at that
    /// portion (`/recipes/{recipe_id}?servings=1.25`).
    pub recipe_url: Option<String>,
    /// Stable catalogue number.
    pub recipe_id: i64,
    /// Comma-separated ingredient names.
    pub ingredients: String,
    /// Applicable meal types.
    pub meal_types: Vec<ItemResponse>,
    /// Applicable diet types.
    pub diet_types: Vec<ItemResponse>,
}

/// A recipe at a portion: its nutrition is that of `servings` servings.
#[derive(Debug, Serialize, ToSchema)]
pub struct ServedRecipeResponse {
    /// The recipe, nutrition scaled to the portion.
    #[serde(flatten)]
    pub recipe: RecipeResponse,
    /// Portion, in servings of the recipe.
    pub servings: f64,
}

/// The public base URL links are made absolute with, set once at
/// start-up (`PUBLIC_BASE_URL`, or the bind address when it names a host).
static PUBLIC_BASE_URL: std::sync::OnceLock<String> = std::sync::OnceLock::new();

/// Sets the base of absolute links (first call wins; without one, links
/// stay paths such as `/recipes/1001`).
pub fn set_public_base_url(base: &str) {
    let _ = PUBLIC_BASE_URL.set(base.trim_end_matches('/').to_owned());
}

/// `path` under the public base URL: a client served from another origin
/// (the web client opens `recipe_url` in a new tab) reaches this service.
pub fn public_link(path: &str) -> String {
    match PUBLIC_BASE_URL.get() {
        Some(base) if path.starts_with('/') => format!("{base}{path}"),
        _ => path.to_owned(),
    }
}

/// A recipe page link at a portion: the service's own page
/// (`/recipes/{id}`) opens scaled to it (`?servings=1.25`); one serving,
/// and any other link, stay as they are.
fn at_portion(url: &str, servings: f64) -> String {
    if (servings - 1.0).abs() < 1e-9 || !url.starts_with("/recipes/") || url.contains("servings=") {
        url.to_owned()
    } else {
        format!("{url}{}servings={servings}", joiner(url))
    }
}

/// What joins one more query parameter to `url` (an own recipe's link
/// already carries its `key`).
fn joiner(url: &str) -> char {
    if url.contains('?') { '&' } else { '?' }
}

/// A household meal's page link: the pot (`servings`, every share
/// together) and each person's share (`share=name:servings`); any link
/// other than the service's own page stays as it is.
fn at_table(url: &str, shares: &[(&str, f64)]) -> String {
    if !url.starts_with("/recipes/") || url.contains("servings=") {
        return url.to_owned();
    }
    let pot: f64 = shares.iter().map(|(_, s)| s).sum();
    let mut pairs = vec![("servings", pot.to_string())];
    pairs.extend(shares.iter().map(|(n, s)| ("share", format!("{n}:{s}"))));
    match serde_urlencoded::to_string(&pairs) {
        Ok(query) => format!("{url}{}{query}", joiner(url)),
        Err(_) => at_portion(url, pot),
    }
}

/// A nutrient rounded to a whole, non-negative unit, as answers show it.
pub(crate) fn whole(v: f64) -> i64 {
    v.round().max(0.0) as i64
}

impl From<&Recipe> for RecipeResponse {
    fn from(r: &Recipe) -> Self {
        Self::served(r, 1.0)
    }
}

impl RecipeResponse {
    /// A household meal's recipe: nutrition of the holder's own
    /// `servings` (as [`served`](Self::served)), its `recipe_url` opening
    /// the page at the pot to cook with each person's share; a dish the
    /// holder eats none of named with whose it is.
    pub fn at_table(r: &Recipe, servings: f64, shares: &[(&str, f64)]) -> Self {
        let mut out = Self::served(r, servings);
        // A dish the holder eats none of (a member's snack) says whose it
        // is, so a client that shows the holder's day does not show a
        // bare "0 kcal" card: "For Bea: Pear slices with dark chocolate".
        if servings <= 0.0 {
            let eaters: Vec<&str> = shares
                .iter()
                .filter(|(_, s)| *s > 0.0)
                .map(|(name, _)| *name)
                .collect();
            if !eaters.is_empty() {
                out.name = format!("For {}: {}", eaters.join(" and "), r.name);
            }
        }
        out.recipe_url = r
            .recipe_url
            .as_deref()
            .map(|url| public_link(&at_table(url, shares)));
        out
    }

    /// The recipe with the nutrition of `servings` servings: what a meal
    /// of a plan nests, so a client that sums nested values per day gets
    /// the day's real totals.
    pub fn served(r: &Recipe, servings: f64) -> Self {
        let n = r.nutrition().served(servings);
        Self {
            id: r.id,
            name: r.name.clone(),
            calories: whole(n.calories),
            protein: whole(n.protein),
            carbs: whole(n.carbs),
            fat: whole(n.fat),
            image_url: Some(
                r.image_url
                    .clone()
                    .unwrap_or_else(|| public_link(&format!("/recipes/{}/plate.svg", r.id))),
            ),
            recipe_url: r
                .recipe_url
                .as_deref()
                .map(|url| public_link(&at_portion(url, servings))),
            recipe_id: r.recipe_id,
            ingredients: r
                .ingredients()
                .iter()
                .map(|i| i.name.as_str())
                .collect::<Vec<_>>()
                .join(", "),
            meal_types: r
                .meal_types()
                .iter()
                .map(|m| ItemResponse {
                    id: m.id(),
                    name: m.as_str().to_owned(),
                })
                .collect(),
            diet_types: r.diet_types().iter().map(|d| (*d).into()).collect(),
        }
    }
}
