//! The recipe page a recipe's `recipe_url` points to: one self-contained
//! HTML document (inline CSS, no scripts, no external assets), readable on
//! a phone and printable.

use std::fmt::Write;

use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, web};
use mealplan_app::{RecipeSheet, SHEET_SERVINGS};
use mealplan_domain::is_own_recipe_id;
use mealplan_domain::kitchen::fraction;
use utoipa::IntoParams;
use utoipa::openapi::Required;
use utoipa::openapi::path::{Parameter, ParameterBuilder, ParameterIn};

use crate::AppState;
use crate::error::{ApiError, ErrorBody};
use crate::schema::field;

/// The page's content security policy: nothing may load from anywhere;
/// only the page's own inline style applies.
const CSP: &str = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; \
                   base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const STYLE: &str = r#"
:root { color-scheme: light; --ink: #1d2321; --muted: #5b6662; --line: #d9dfdc; --accent: #2f7d4f; --tint: #f1f6f3; }
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; background: #fff; color: var(--ink); font: 17px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
main { max-width: 46rem; margin: 0 auto; padding: 1.25rem 1rem 3rem; }
header { border-bottom: 3px solid var(--accent); padding-bottom: .75rem; margin-bottom: 1rem; }
h1 { font-size: 1.7rem; line-height: 1.2; margin: 0 0 .4rem; overflow-wrap: anywhere; }
h2 { font-size: 1.15rem; margin: 1.6rem 0 .6rem; color: var(--accent); text-transform: uppercase; letter-spacing: .04em; }
.tags { margin: 0; color: var(--muted); font-size: .95rem; }
.times { display: flex; flex-wrap: wrap; gap: .5rem; margin: .8rem 0 0; padding: 0; list-style: none; }
.times li { background: var(--tint); border: 1px solid var(--line); border-radius: .5rem; padding: .3rem .7rem; font-size: .95rem; }
.times b { font-weight: 600; }
.columns { display: grid; gap: 0 2rem; }
@media (min-width: 760px) { .columns { grid-template-columns: minmax(0, 2fr) minmax(0, 3fr); } }
ul.ingredients { list-style: none; margin: 0; padding: 0; }
ul.ingredients li { padding: .45rem 0; border-bottom: 1px solid var(--line); overflow-wrap: anywhere; }
ul.ingredients .name { font-weight: 600; }
ul.ingredients .amount { color: var(--muted); }
ol.steps { margin: 0; padding-left: 1.6rem; }
ol.steps li { margin: 0 0 .8rem; padding-left: .25rem; }
ol.steps li::marker { font-weight: 700; color: var(--accent); }
dl.nutrition { display: grid; grid-template-columns: repeat(auto-fill, minmax(8.5rem, 1fr)); gap: .5rem; margin: 0; }
dl.nutrition div { border: 1px solid var(--line); border-radius: .5rem; padding: .45rem .6rem; }
dl.nutrition dt { font-size: .8rem; color: var(--muted); text-transform: uppercase; letter-spacing: .03em; }
dl.nutrition dd { margin: 0; font-size: 1.1rem; font-weight: 600; }
footer { margin-top: 2rem; color: var(--muted); font-size: .85rem; border-top: 1px solid var(--line); padding-top: .75rem; }
@media print {
  body { font-size: 11pt; }
  main { max-width: none; padding: 0; }
  h2 { break-after: avoid; }
  ul.ingredients li, ol.steps li, dl.nutrition div { break-inside: avoid; }
  .times li, dl.nutrition div { border-color: #999; background: none; }
  .columns { grid-template-columns: minmax(0, 2fr) minmax(0, 3fr); }
}
"#;

/// Text made safe for HTML element content and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

fn document(title: &str, body: &str) -> String {
    document_with(title, "", body)
}

/// A page in the recipe page's style: `title` (escaped), `head` added to
/// the style sheet (trusted CSS), `body` inside `<main>` (trusted HTML).
pub(crate) fn document_with(title: &str, head: &str, body: &str) -> String {
    format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title}</title>\n<style>{STYLE}{head}</style>\n</head>\n<body>\n<main>\n{body}</main>\n\
         </body>\n</html>\n",
        title = escape(title),
    )
}

fn minutes(m: u32) -> String {
    match (m / 60, m % 60) {
        (0, m) => format!("{m} min"),
        (h, 0) => format!("{h} h"),
        (h, m) => format!("{h} h {m} min"),
    }
}

fn one_decimal(v: f64) -> String {
    format!("{:.1}", (v.max(0.0) * 10.0).round() / 10.0)
}

/// "1 serving", "1¼ servings", "0.3 servings".
fn portion(servings: f64) -> String {
    let amount = fraction(servings);
    if (servings - 1.0).abs() < 1e-9 {
        "1 serving".to_owned()
    } else {
        format!("{amount} servings")
    }
}

/// The recipe page: title, labels, times, the portion, ingredients with
/// grams and household measures, numbered steps and nutrition, all for the
/// sheet's portion; with `shares` (a household meal), the sheet's portion
/// is the pot to cook and each person's share of it is listed.
pub fn recipe_page(sheet: &RecipeSheet, shares: &[(String, f64)]) -> String {
    let r = &sheet.recipe;
    let card = &r.card;
    let s = sheet.servings;
    let n = r.nutrition().scaled(s);
    let mut body = String::new();
    let labels: Vec<&str> = r
        .meal_types()
        .iter()
        .map(|m| m.as_str())
        .chain(r.diet_types().iter().map(|d| d.as_str()))
        .collect();
    let _ = write!(
        body,
        "<header>\n<h1>{}</h1>\n<p class=\"tags\">{}</p>\n<ul class=\"times\">\
         <li><b>Prep</b> {}</li><li><b>Cook</b> {}</li><li><b>Total</b> {}</li>\
         <li><b>Portion</b> {}</li></ul>\n</header>\n",
        escape(&r.name),
        escape(&labels.join(" · ").replace('_', " ")),
        minutes(card.prep_minutes),
        minutes(card.cook_minutes),
        minutes(card.prep_minutes + card.cook_minutes),
        portion(s),
    );
    if !shares.is_empty() {
        table_shares(&mut body, sheet, shares);
    } else if (s - 1.0).abs() > 1e-9 {
        let _ = writeln!(
            body,
            "<p class=\"tags\">Amounts, measures, steps and nutrition are for {} \
             (the recipe serves 1).</p>",
            portion(s)
        );
    }
    body.push_str(
        "<div class=\"columns\">\n<section>\n<h2>Ingredients</h2>\n<ul class=\"ingredients\">\n",
    );
    for line in &sheet.lines {
        let _ = writeln!(
            body,
            "<li><span class=\"name\">{}</span> <span class=\"amount\">{}</span></li>",
            escape(&line.name),
            escape(&line.display),
        );
    }
    body.push_str("</ul>\n");
    let rounded: Vec<&str> = sheet
        .lines
        .iter()
        .filter(|l| l.rounded_from.is_some())
        .map(|l| l.name.as_str())
        .collect();
    if !rounded.is_empty() {
        let _ = writeln!(
            body,
            "<p class=\"tags\">Rounded to whole units: {}. This portion needs part of one; \
             cook with the whole count, or weigh out the grams. Nutrition is for the grams.</p>",
            escape(&rounded.join(", ")),
        );
    }
    body.push_str("</section>\n<section>\n<h2>Method</h2>\n<ol class=\"steps\">\n");
    for step in &sheet.steps {
        let _ = writeln!(body, "<li>{}</li>", escape(step));
    }
    let _ = write!(
        body,
        "</ol>\n</section>\n</div>\n<section>\n<h2>{}</h2>\n<dl class=\"nutrition\">\n",
        if (s - 1.0).abs() < 1e-9 {
            "Nutrition per serving".to_owned()
        } else {
            format!("Nutrition for {}", portion(s))
        }
    );
    let facts = [
        // What the portion weighs as served (its ingredients' grams):
        // what a person is asked to eat at one sitting.
        (
            "Weight as served",
            format!("{} g", (r.grams() * s).max(0.0).round() as i64),
        ),
        (
            "Energy",
            format!("{} kcal", n.calories.max(0.0).round() as i64),
        ),
        ("Protein", format!("{} g", one_decimal(n.protein))),
        ("Carbohydrate", format!("{} g", one_decimal(n.carbs))),
        ("Sugars", format!("{} g", one_decimal(n.sugar))),
        ("Fat", format!("{} g", one_decimal(n.fat))),
        (
            "Saturated fat",
            format!("{} g", one_decimal(card.saturated_fat * s)),
        ),
        ("Fibre", format!("{} g", one_decimal(n.fiber))),
        (
            "Sodium",
            format!("{} mg", (card.sodium * s).max(0.0).round() as i64),
        ),
    ];
    for (label, value) in facts {
        let _ = writeln!(body, "<div><dt>{label}</dt><dd>{value}</dd></div>");
    }
    body.push_str("</dl>\n</section>\n");
    let allergens: Vec<&str> = r.allergens().iter().map(|a| a.as_str()).collect();
    let _ = write!(
        body,
        "<footer>\n<p>Contains: {}. Grains, pasta, pulses, meat and fish are weighed cooked; \
         the bought amount is given beside them. Nutrition is computed from the ingredients \
         with USDA SR28 values.</p>\n<p>Recipe {}</p>\n</footer>\n",
        if allergens.is_empty() {
            "none of the tracked allergens".to_owned()
        } else {
            escape(&allergens.join(", "))
        },
        r.recipe_id,
    );
    document(&format!("{} · mealplan", r.name), &body)
}

/// A household meal's shares: what to cook, then each person's share of
/// the pot with what it brings them.
fn table_shares(body: &mut String, sheet: &RecipeSheet, shares: &[(String, f64)]) {
    let pot: f64 = shares.iter().map(|(_, v)| v).sum();
    let _ = writeln!(
        body,
        "<p class=\"tags\">Cook {} for {} {}: amounts, measures, steps and nutrition below \
         are for the whole pot. Serve each person their share.</p>",
        portion(sheet.servings),
        shares.len(),
        if shares.len() == 1 {
            "person"
        } else {
            "people"
        },
    );
    body.push_str("<section>\n<h2>Shares</h2>\n<ul class=\"ingredients\">\n");
    for (name, servings) in shares {
        let n = sheet.recipe.nutrition().scaled(*servings);
        let _ = writeln!(
            body,
            "<li><span class=\"name\">{}</span> <span class=\"amount\">{} · {}% of the pot · \
             {} kcal · {} g protein</span></li>",
            escape(name),
            portion(*servings),
            (servings / pot.max(1e-9) * 100.0).round() as i64,
            n.calories.max(0.0).round() as i64,
            one_decimal(n.protein),
        );
    }
    body.push_str("</ul>\n</section>\n");
}

/// The page for a `servings` value that is not a portion.
fn bad_portion_page(sent: &str) -> String {
    document(
        "Invalid portion · mealplan",
        &format!(
            "<header>\n<h1>Invalid portion</h1>\n</header>\n<p><code>servings</code> must be a \
             number of servings from {} to {} (such as 1.25), and each <code>share</code> a \
             name and such a number (such as you:1.25); {} is not.</p>\n",
            SHEET_SERVINGS.0,
            SHEET_SERVINGS.1,
            if sent.is_empty() {
                "an empty value".to_owned()
            } else {
                format!("“{}”", escape(sent))
            }
        ),
    )
}

/// The query of a recipe page (read by [`requested`], whose failure is a
/// page rather than a JSON 422).
pub struct PageQuery;

/// The most shares a page lists (a household's holder and members).
const MAX_SHARES: usize = 13;

impl IntoParams for PageQuery {
    fn into_params(_: impl Fn() -> Option<ParameterIn>) -> Vec<Parameter> {
        vec![
            ParameterBuilder::new()
                .name("servings")
                .parameter_in(ParameterIn::Query)
                .required(Required::False)
                .description(Some("The portion to show, in servings (default 1)"))
                .schema(Some(field::number(SHEET_SERVINGS).build()))
                .build(),
            ParameterBuilder::new()
                .name("share")
                .parameter_in(ParameterIn::Query)
                .required(Required::False)
                .description(Some(
                    "A household meal: one person's share of the pot, `name:servings` \
                     (such as `you:1.25`), repeated for each of up to 13 people; the page then \
                     shows `servings` as the amount to cook and lists every share",
                ))
                .schema(Some(
                    utoipa::openapi::ArrayBuilder::new()
                        .items(
                            utoipa::openapi::ObjectBuilder::new()
                                .schema_type(utoipa::openapi::schema::Type::String)
                                .pattern(Some(r"^[^:]{1,100}:[0-9]+(\.[0-9]+)?$")),
                        )
                        .max_items(Some(MAX_SHARES)),
                ))
                .build(),
            key_param(),
        ]
    }
}

/// The `key` of an own recipe's page or picture link.
pub fn key_param() -> Parameter {
    ParameterBuilder::new()
        .name("key")
        .parameter_in(ParameterIn::Query)
        .required(Required::False)
        .description(Some(
            "One's own recipe: the page key its links carry (`recipe_url`, `image_url`); \
             without the right key an own recipe is not found",
        ))
        .schema(Some(field::text(None, None).build()))
        .build()
}

/// The `key` query parameter of a page or picture request, if any.
pub fn page_key(req: &HttpRequest) -> Option<String> {
    web::Query::<Vec<(String, String)>>::from_query(req.query_string())
        .ok()?
        .into_inner()
        .into_iter()
        .rev()
        .find_map(|(k, v)| (k == "key").then_some(v))
}

/// What a page is asked for: the portion (1 without `servings`) and the
/// shares of a household meal (none without `share`); `Err` with the
/// text at fault when `servings` is not a number within
/// [`SHEET_SERVINGS`] or a share not `name:servings` with a name of 1-100
/// characters and servings within the same range.
fn requested(query: &str) -> Result<(f64, Vec<(String, f64)>), String> {
    let Ok(pairs) = web::Query::<Vec<(String, String)>>::from_query(query) else {
        return Err(query.to_owned());
    };
    let amount = |raw: &str| {
        raw.trim()
            .parse::<f64>()
            .ok()
            .filter(|v| v.is_finite() && (SHEET_SERVINGS.0..=SHEET_SERVINGS.1).contains(v))
    };
    let servings = match pairs.iter().rev().find(|(k, _)| k == "servings") {
        None => 1.0,
        Some((_, raw)) => amount(raw).ok_or_else(|| raw.clone())?,
    };
    let mut shares = Vec::new();
    for (_, raw) in pairs.iter().filter(|(k, _)| k == "share") {
        let share = raw.rsplit_once(':').and_then(|(name, v)| {
            let name = name.trim();
            let fits = (1..=100).contains(&name.chars().count());
            Some((name.to_owned(), amount(v)?)).filter(|_| fits)
        });
        shares.push(share.ok_or_else(|| raw.clone())?);
        if shares.len() > MAX_SHARES {
            return Err(format!("more than {MAX_SHARES} shares"));
        }
    }
    Ok((servings, shares))
}

/// The `{recipe_id}` of a page or picture path, when it is a number
/// (anything else is simply not a recipe: 404).
pub fn recipe_id(req: &HttpRequest) -> Option<i64> {
    req.match_info()
        .get("recipe_id")
        .and_then(|raw| raw.parse::<i64>().ok())
}

fn not_found_page() -> String {
    document(
        "Recipe not found · mealplan",
        "<header>\n<h1>Recipe not found</h1>\n</header>\n\
         <p>There is no recipe at this address. It may have been removed from the catalogue, \
         or the link is mistyped.</p>\n",
    )
}

fn html(status: StatusCode, page: String) -> HttpResponse {
    HttpResponse::build(status)
        .insert_header((header::CONTENT_TYPE, "text/html; charset=utf-8"))
        .insert_header((header::CONTENT_SECURITY_POLICY, CSP))
        .insert_header((header::REFERRER_POLICY, "no-referrer"))
        .body(page)
}

/// The recipe as a web page (what `recipe_url` points to): ingredients
/// with grams and household measures, numbered steps, times and
/// nutrition, in one self-contained HTML document readable on a phone and
/// printable; `?servings=1.25` scales everything to that portion (a
/// planned meal's `recipe_url` carries its portion). An unknown or
/// malformed id is a 404 page, a bad portion a 422 page.
#[utoipa::path(
    get, path = "/recipes/{recipe_id}", tag = "recipes",
    params(
        ("recipe_id" = i64, Path, description = "Recipe id (its catalogue number)"),
        PageQuery,
    ),
    responses(
        (status = 200, description = "The recipe page", body = String, content_type = "text/html"),
        (status = 404, description = "No such recipe: a page saying so", body = String, content_type = "text/html"),
        (status = 422, description = "`servings` is not a portion: a page saying so", body = String, content_type = "text/html"),
        (status = 500, description = "Internal server error", body = ErrorBody),
    )
)]
pub async fn get_recipe_page(
    state: web::Data<AppState>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let id = recipe_id(&req);
    let (servings, shares) = match requested(req.query_string()) {
        Ok(asked) => asked,
        Err(sent) => {
            return Ok(html(
                StatusCode::UNPROCESSABLE_ENTITY,
                bad_portion_page(&sent),
            ));
        }
    };
    let sheet = match (id, page_key(&req)) {
        // One's own recipe: for the holder of its page link only.
        (Some(id), key) if is_own_recipe_id(id) => state
            .own_recipes
            .by_link(id, key.as_deref().unwrap_or(""))
            .await
            .map_err(ApiError::store)?
            .map(|recipe| state.recipes.sheet_of(recipe, servings)),
        (Some(id), _) => state
            .recipes
            .sheet_for(id, servings)
            .await
            .map_err(ApiError::store)?,
        (None, _) => None,
    };
    Ok(match sheet {
        Some(sheet) => html(StatusCode::OK, recipe_page(&sheet, &shares)),
        None => html(StatusCode::NOT_FOUND, not_found_page()),
    })
}

#[cfg(test)]
mod tests {
    use mealplan_domain::kitchen::IngredientLine;
    use mealplan_domain::{
        MealType, Nutrition, Recipe, RecipeCard, RecipeIngredient, RecipeParts, Taxonomy,
    };

    use super::*;

    #[test]
    fn everything_from_the_catalogue_is_escaped() {
        let mut recipe = Recipe::new(
            Taxonomy::standard(),
            RecipeParts {
                id: 1,
                recipe_id: 1,
                name: "stew".into(),
                nutrition: Nutrition {
                    calories: 512.4,
                    ..Nutrition::default()
                },
                ingredients: vec![RecipeIngredient {
                    name: "egg".into(),
                    grams: 100.0,
                }],
                meal_types: vec![MealType::Dinner],
                card: RecipeCard {
                    prep_minutes: 10,
                    cook_minutes: 75,
                    steps: vec![],
                    saturated_fat: 1.25,
                    sodium: 300.0,
                    ..RecipeCard::default()
                },
                ..RecipeParts::default()
            },
        )
        .unwrap();
        // A name a catalogue could hold, which the page must escape.
        recipe.name = "<script>alert('x')</script> & \"stew\"".into();
        let sheet = RecipeSheet {
            lines: vec![IngredientLine {
                name: "<b>egg</b>".into(),
                grams: 100.0,
                measure: Some("2 eggs".into()),
                rounded_from: None,
                display: "100 g (2 eggs)".into(),
            }],
            steps: vec!["Whisk <i>2 eggs</i> & serve.".into()],
            servings: 1.0,
            recipe,
        };
        let page = recipe_page(&sheet, &[]);
        assert!(!page.contains("<script>") && !page.contains("<b>egg") && !page.contains("<i>"));
        assert!(
            page.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;stew&quot;")
        );
        assert!(page.contains("<li>Whisk &lt;i&gt;2 eggs&lt;/i&gt; &amp; serve.</li>"));
        assert!(
            page.contains("<b>Cook</b> 1 h 15 min") && page.contains("<b>Total</b> 1 h 25 min")
        );
        assert!(page.contains("<dd>512 kcal</dd>") && page.contains("<dd>1.3 g</dd>"));
        assert!(!page.contains("http"), "no external assets or links");
    }

    #[test]
    fn a_page_that_rounds_a_count_says_so() {
        let recipe = Recipe::new(
            Taxonomy::standard(),
            RecipeParts {
                id: 1,
                recipe_id: 1,
                name: "Eggs".into(),
                ingredients: vec![RecipeIngredient {
                    name: "egg".into(),
                    grams: 50.0,
                }],
                meal_types: vec![MealType::Breakfast],
                ..RecipeParts::default()
            },
        )
        .unwrap();
        let line = |rounded_from: Option<f64>| IngredientLine {
            name: "egg".into(),
            grams: 75.0,
            measure: Some("2 eggs".into()),
            rounded_from,
            display: "75 g (2 eggs, rounded from 1½)".into(),
        };
        let mut sheet = RecipeSheet {
            lines: vec![line(Some(1.5))],
            steps: vec![],
            servings: 1.5,
            recipe,
        };
        let page = recipe_page(&sheet, &[]);
        assert!(page.contains("75 g (2 eggs, rounded from 1½)"));
        assert!(page.contains("Rounded to whole units: egg."), "{page}");
        sheet.lines = vec![line(None)];
        assert!(!recipe_page(&sheet, &[]).contains("Rounded to whole units"));
    }

    #[test]
    fn shares_are_read_whole_or_refused() {
        assert_eq!(requested(""), Ok((1.0, vec![])));
        assert_eq!(
            requested("servings=2.25&share=you:1.25&share=Ana%20Mar%C3%ADa:1"),
            Ok((2.25, vec![("you".into(), 1.25), ("Ana María".into(), 1.0)]))
        );
        // A name may hold a colon: the amount is after the last one.
        assert_eq!(
            requested("share=Dr:%20Who:0.5").map(|(_, s)| s),
            Ok(vec![("Dr: Who".into(), 0.5)])
        );
        for bad in [
            "share=you",
            "share=:1",
            "share=you:0",
            "share=you:abc",
            "share=you:11",
        ] {
            assert!(requested(bad).is_err(), "{bad}");
        }
        let fourteen = vec!["share=a:1"; 14].join("&");
        assert!(requested(&fourteen).is_err());
    }
}
