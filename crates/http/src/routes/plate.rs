//! The picture at a recipe's `image_url`: its plate drawn from the recipe
//! itself in the manner of USDA MyPlate (each food group a wedge in
//! proportion to its weight, dairy as a cup beside it, the dish name and
//! the shares written out). An SVG of a few kilobytes, no scripts and no
//! external assets, made per request in microseconds and cacheable for a
//! week (with an `ETag` for revalidation).

use std::fmt::Write;
use std::hash::{Hash, Hasher};

use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, web};
use mealplan_domain::is_own_recipe_id;
use mealplan_domain::plate::{FoodGroup, Plate};

use crate::AppState;
use crate::error::{ApiError, ErrorBody};
use crate::routes::pages::{escape, key_param, page_key, recipe_id};

/// The query of a plate picture: an own recipe's key.
pub struct PlateQuery;

impl utoipa::IntoParams for PlateQuery {
    fn into_params(
        _: impl Fn() -> Option<utoipa::openapi::path::ParameterIn>,
    ) -> Vec<utoipa::openapi::path::Parameter> {
        vec![key_param()]
    }
}

/// Nothing in the picture may load or run anything.
const CSP: &str = "default-src 'none'; style-src 'unsafe-inline'";

/// MyPlate's own colours and labels, by [`FoodGroup`].
fn look(group: FoodGroup) -> (&'static str, &'static str) {
    match group {
        FoodGroup::Grains => ("#e07b24", "Grains"),
        FoodGroup::Protein => ("#6d3b92", "Protein"),
        FoodGroup::Vegetables => ("#3d9a34", "Vegetables"),
        FoodGroup::Fruits => ("#d7282f", "Fruits"),
        FoodGroup::Dairy => ("#2a7db8", "Dairy"),
    }
}

const WIDTH: f64 = 480.0;
const HEIGHT: f64 = 260.0;
/// The plate sits in the middle, so that a square thumbnail (the client's
/// dashboard crops the picture to its centre) still shows all of it.
const CX: f64 = 250.0;
const CY: f64 = 132.0;
const R: f64 = 94.0;

/// A point on the plate's rim at `turn` (0 at the top, clockwise, 1 a
/// full turn) and radius `r`.
fn at(turn: f64, r: f64) -> (f64, f64) {
    let a = turn * std::f64::consts::TAU;
    (CX + r * a.sin(), CY - r * a.cos())
}

/// The dish name broken into lines of at most `width` characters (at most
/// `most` lines, the last shortened with an ellipsis).
fn wrap(name: &str, width: usize, most: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in name.split_whitespace() {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_owned()),
        }
    }
    if lines.len() > most {
        lines.truncate(most);
        let last = &mut lines[most - 1];
        let keep: String = last.chars().take(width.saturating_sub(1)).collect();
        *last = format!("{keep}…");
    }
    lines
}

/// The plate of `name` as an SVG document.
pub fn plate_svg(name: &str, plate: &Plate) -> String {
    let mut svg = String::with_capacity(4096);
    let _ = write!(
        svg,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" \
         width=\"{WIDTH}\" height=\"{HEIGHT}\" role=\"img\" aria-labelledby=\"t d\" \
         font-family=\"system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif\">\n\
         <title id=\"t\">{}</title>\n<desc id=\"d\">{}</desc>\n\
         <rect width=\"{WIDTH}\" height=\"{HEIGHT}\" fill=\"#f6f4ee\"/>\n\
         <circle cx=\"{CX}\" cy=\"{CY}\" r=\"{}\" fill=\"#ffffff\" stroke=\"#d9d4c7\" stroke-width=\"2\"/>\n",
        escape(name),
        escape(&describe(plate)),
        R + 12.0,
    );
    let on_plate: Vec<(FoodGroup, f64)> = [
        FoodGroup::Grains,
        FoodGroup::Protein,
        FoodGroup::Vegetables,
        FoodGroup::Fruits,
    ]
    .into_iter()
    .map(|g| (g, plate.share(g)))
    .filter(|(_, s)| *s > 0.0)
    .collect();
    let plate_total: f64 = on_plate.iter().map(|(_, s)| s).sum();
    if plate_total <= 0.0 {
        let _ = writeln!(
            svg,
            "<circle cx=\"{CX}\" cy=\"{CY}\" r=\"{R}\" fill=\"#eeeae0\"/>\n\
             <text x=\"{CX}\" y=\"{}\" text-anchor=\"middle\" font-size=\"15\" fill=\"#5b6662\">no plate food</text>",
            CY + 5.0
        );
    } else if on_plate.len() == 1 {
        let (colour, _) = look(on_plate[0].0);
        let _ = writeln!(
            svg,
            "<circle cx=\"{CX}\" cy=\"{CY}\" r=\"{R}\" fill=\"{colour}\" stroke=\"#ffffff\" stroke-width=\"3\"/>"
        );
    } else {
        let mut start = 0.0;
        for (group, share) in &on_plate {
            let turn = share / plate_total;
            let (colour, _) = look(*group);
            let (x0, y0) = at(start, R);
            let (x1, y1) = at(start + turn, R);
            let large = u8::from(turn > 0.5);
            let _ = writeln!(
                svg,
                "<path d=\"M{CX} {CY} L{x0:.1} {y0:.1} A{R} {R} 0 {large} 1 {x1:.1} {y1:.1} Z\" \
                 fill=\"{colour}\" stroke=\"#ffffff\" stroke-width=\"3\" stroke-linejoin=\"round\"/>"
            );
            start += turn;
        }
    }
    // Dairy: a cup to the right of the plate, filled to its share of the
    // dish, with its share below.
    let dairy = plate.share(FoodGroup::Dairy);
    let (cup_x, cup_y, cup_r) = (CX + R + 60.0, 58.0, 24.0);
    let (dairy_colour, _) = look(FoodGroup::Dairy);
    let _ = writeln!(
        svg,
        "<circle cx=\"{cup_x}\" cy=\"{cup_y}\" r=\"{cup_r}\" fill=\"#ffffff\" stroke=\"#d9d4c7\" stroke-width=\"2\"/>"
    );
    if dairy > 0.0 {
        let _ = writeln!(
            svg,
            "<circle cx=\"{cup_x}\" cy=\"{cup_y}\" r=\"{:.1}\" fill=\"{dairy_colour}\"/>",
            (cup_r - 4.0) * dairy.sqrt().max(0.25)
        );
    }
    let shown = |share: f64| if share > 0.0 { "#1d2321" } else { "#8a948f" };
    let _ = writeln!(
        svg,
        "<text x=\"{cup_x}\" y=\"{:.1}\" text-anchor=\"middle\" font-size=\"13\" fill=\"{}\">Dairy (cup) {}%</text>\n\
         <text x=\"{cup_x}\" y=\"{:.1}\" text-anchor=\"middle\" font-size=\"10\" fill=\"#5b6662\">of the dish</text>",
        cup_y + cup_r + 18.0,
        shown(dairy),
        (dairy * 100.0).round(),
        cup_y + cup_r + 31.0,
    );
    // The name, then the four plate groups as parts of the plate, to the
    // left of it; text keeps 24 units from either edge, which a card
    // cropping the picture to its height may cut.
    let x = 24.0;
    let mut y: f64 = 28.0;
    for line in wrap(name, 15, 4) {
        let _ = writeln!(
            svg,
            "<text x=\"{x}\" y=\"{y}\" font-size=\"13\" font-weight=\"700\" fill=\"#1d2321\">{}</text>",
            escape(&line)
        );
        y += 16.0;
    }
    y += 10.0;
    for group in [
        FoodGroup::Grains,
        FoodGroup::Protein,
        FoodGroup::Vegetables,
        FoodGroup::Fruits,
    ] {
        let share = plate.share(group);
        let (colour, label) = look(group);
        let percent = if plate_total > 0.0 {
            (share / plate_total * 100.0).round()
        } else {
            0.0
        };
        let _ = writeln!(
            svg,
            "<rect x=\"{x}\" y=\"{:.1}\" width=\"12\" height=\"12\" rx=\"3\" fill=\"{colour}\"{}/>\
             <text x=\"{:.1}\" y=\"{y:.1}\" font-size=\"13\" fill=\"{}\">{label} {percent}%</text>",
            y - 10.5,
            if share > 0.0 {
                ""
            } else {
                " fill-opacity=\"0.25\""
            },
            x + 17.0,
            shown(share),
        );
        y += 19.0;
    }
    let _ = writeln!(
        svg,
        "<text x=\"24\" y=\"{:.1}\" font-size=\"12\" fill=\"#1d2321\">One serving: {:.0} g as served</text>",
        HEIGHT - 11.0,
        plate.served_grams(),
    );
    let _ = writeln!(
        svg,
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\" font-size=\"10\" fill=\"#5b6662\">% of the plate by weight;</text>\n\
         <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\" font-size=\"10\" fill=\"#5b6662\">seasonings aside</text>",
        WIDTH - 24.0,
        HEIGHT - 24.0,
        WIDTH - 24.0,
        HEIGHT - 11.0,
    );
    svg.push_str("</svg>\n");
    svg
}

/// The shares in words, for screen readers.
fn describe(plate: &Plate) -> String {
    let parts: Vec<String> = FoodGroup::ALL
        .iter()
        .filter(|g| plate.share(**g) > 0.0)
        .map(|g| {
            format!(
                "{} {:.0}%",
                look(*g).1.to_lowercase(),
                plate.share(*g) * 100.0
            )
        })
        .collect();
    if parts.is_empty() {
        "A plate with no food group.".to_owned()
    } else {
        format!(
            "A plate by food group: {}. One serving weighs {:.0} g as served.",
            parts.join(", "),
            plate.served_grams()
        )
    }
}

/// A strong validator of the picture's bytes.
fn etag(body: &str) -> String {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    body.hash(&mut h);
    format!("\"{:016x}\"", h.finish())
}

/// The recipe's plate as a picture (what `image_url` points to): its
/// ingredients by MyPlate food group in proportion, the dish name and the
/// shares; SVG, cacheable for a week. An unknown id is 404 (JSON, as
/// every API error).
#[utoipa::path(
    get, path = "/recipes/{recipe_id}/plate.svg", tag = "recipes",
    params(
        ("recipe_id" = i64, Path, description = "Recipe id (its catalogue number)"),
        PlateQuery,
    ),
    responses(
        (status = 200, description = "The plate picture", body = String, content_type = "image/svg+xml"),
        (status = 304, description = "Not modified (If-None-Match)"),
        (status = 404, description = "Recipe not found", body = ErrorBody),
        (status = 500, description = "Internal server error", body = ErrorBody),
    )
)]
pub async fn get_plate(
    state: web::Data<AppState>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let id = recipe_id(&req);
    let found = match id {
        // One's own recipe: for the holder of its picture link only.
        Some(id) if is_own_recipe_id(id) => state
            .own_recipes
            .by_link(id, page_key(&req).as_deref().unwrap_or(""))
            .await
            .map_err(ApiError::store)?
            .map(|recipe| state.recipes.plate_of(recipe)),
        Some(id) => state.recipes.plate(id).await.map_err(ApiError::store)?,
        None => None,
    };
    let Some((recipe, plate)) = found else {
        return Err(ApiError::NotFound("Recipe not found"));
    };
    let body = plate_svg(&recipe.name, &plate);
    let tag = etag(&body);
    let cached = req
        .headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == tag || t.trim() == "*"));
    let mut reply = HttpResponse::build(if cached {
        StatusCode::NOT_MODIFIED
    } else {
        StatusCode::OK
    });
    reply
        .insert_header((header::CONTENT_TYPE, "image/svg+xml"))
        .insert_header((header::CACHE_CONTROL, "public, max-age=604800"))
        .insert_header((header::ETAG, tag))
        .insert_header((header::CONTENT_SECURITY_POLICY, CSP));
    Ok(if cached {
        reply.finish()
    } else {
        reply.body(body)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plate(shares: [f64; 5]) -> Plate {
        Plate {
            shares,
            grams: 500.0,
            other_grams: 10.0,
        }
    }

    #[test]
    fn wedges_follow_the_shares_and_the_name_is_escaped() {
        let svg = plate_svg("Chicken <b>& rice</b>", &plate([0.25, 0.25, 0.5, 0.0, 0.0]));
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert_eq!(svg.matches("<path d=").count(), 3, "{svg}");
        assert!(svg.contains("Chicken &lt;b&gt;&amp; rice&lt;/b&gt;"));
        assert!(svg.contains("Vegetables 50%") && svg.contains("Fruits 0%"));
        // The vegetable wedge, half the plate, runs from the bottom (0.5
        // turn) to the top (1 turn).
        assert!(
            svg.contains("A94 94 0 0 1 250.0 38.0 Z\" fill=\"#3d9a34\""),
            "{svg}"
        );
        assert!(!svg.contains("<script") && !svg.contains("href"));
        assert!(svg.contains("One serving: 510 g as served"), "{svg}");
    }

    #[test]
    fn one_group_is_a_full_plate_and_none_an_empty_one() {
        let full = plate_svg("Apple", &plate([0.0, 0.0, 0.0, 1.0, 0.0]));
        assert!(full.contains("r=\"94\" fill=\"#d7282f\""), "{full}");
        let empty = plate_svg("Water", &plate([0.0; 5]));
        assert!(empty.contains("no plate food"));
    }

    #[test]
    fn long_names_wrap_to_three_lines() {
        let lines = wrap(
            "Tofu, tempeh and sweet potato curry feast with rice and a great many other things",
            21,
            3,
        );
        assert_eq!(lines.len(), 3);
        assert!(lines.iter().all(|l| l.chars().count() <= 21));
        assert!(lines[2].ends_with('…'));
    }
}
