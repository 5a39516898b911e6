//! The kitchen table (`data/kitchen.tsv`): household measures, how shops
//! sell each ingredient, aisles, and sodium and saturated fat from SR28.

use mealplan_domain::kitchen::{
    Aisle, Bought, BuyUnit, HouseMeasure, Kitchen, KitchenFacts, Piece,
};

use crate::CatalogueError;

const FILE: &str = "kitchen.tsv";

/// The kitchen table shipped in `data/kitchen.tsv`, with each
/// ingredient's protein from the ingredient table (SR28).
pub fn shipped() -> Result<Kitchen, CatalogueError> {
    shipped_with(&crate::IngredientTable::shipped()?)
}

/// The shipped kitchen table with protein from `table` (already read).
pub(crate) fn shipped_with(table: &crate::IngredientTable) -> Result<Kitchen, CatalogueError> {
    parse_with(include_str!("../data/kitchen.tsv"), |name| {
        table.get(name).map_or(0.0, |i| i.per_100g.protein)
    })
}

/// Parses a kitchen table without protein values (0 for every row).
pub fn parse(text: &str) -> Result<Kitchen, CatalogueError> {
    parse_with(text, |_| 0.0)
}

/// Parses a kitchen table: `#` comments, a header line, then 9
/// tab-separated columns (see the file's header comment); `protein` gives
/// each ingredient's protein per 100 g.
fn parse_with(text: &str, protein: impl Fn(&str) -> f64) -> Result<Kitchen, CatalogueError> {
    let mut rows = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.starts_with("name\t") || line.trim().is_empty() {
            continue;
        }
        let fail = |message: String| CatalogueError::Syntax {
            file: FILE,
            line: index + 1,
            message,
        };
        let cols: Vec<&str> = line.split('\t').collect();
        let [
            name,
            aisle,
            measure,
            buy,
            bought,
            sodium,
            sat_fat,
            note,
            _source,
        ] = cols[..]
        else {
            return Err(fail(format!("expected 9 columns, found {}", cols.len())));
        };
        let num = |text: &str| {
            text.parse::<f64>()
                .ok()
                .filter(|v| v.is_finite() && *v >= 0.0)
                .ok_or_else(|| fail(format!("not a number: {text:?}")))
        };
        let positive = |text: &str| {
            num(text).and_then(|v| {
                if v > 0.0 {
                    Ok(v)
                } else {
                    Err(fail(format!("must be above 0: {text:?}")))
                }
            })
        };
        let aisle = Aisle::parse(aisle).map_err(|_| fail(format!("unknown aisle {aisle:?}")))?;
        let piece = |rest: &str| -> Result<Piece, CatalogueError> {
            let (grams, nouns) = rest.split_once(' ').ok_or_else(|| {
                fail(format!(
                    "expected `piece|whole GRAMS one/many`, found {rest:?}"
                ))
            })?;
            let (one, many) = nouns
                .split_once('/')
                .ok_or_else(|| fail(format!("expected `one/many`, found {nouns:?}")))?;
            Ok(Piece {
                grams: positive(grams)?,
                one: one.trim().to_owned(),
                many: many.trim().to_owned(),
            })
        };
        let (kind, rest) = measure.split_once(' ').unwrap_or((measure, ""));
        let measure = match kind {
            "piece" => HouseMeasure::Piece(piece(rest)?),
            "whole" => HouseMeasure::Whole(piece(rest)?),
            "tsp" => HouseMeasure::Spoon {
                grams_per_tsp: positive(rest)?,
            },
            "tbsp" => HouseMeasure::Spoon {
                grams_per_tsp: positive(rest)? / 3.0,
            },
            "cup" => HouseMeasure::Spoon {
                grams_per_tsp: positive(rest)? / 48.0,
            },
            "ml" => HouseMeasure::Liquid {
                grams_per_ml: positive(rest)?,
            },
            "weight" if rest.is_empty() => HouseMeasure::Weight,
            _ => return Err(fail(format!("unknown measure {measure:?}"))),
        };
        let (kind, rest) = buy.split_once(' ').unwrap_or((buy, ""));
        let buy = match (kind, rest) {
            ("piece", "") => match &measure {
                HouseMeasure::Piece(p) | HouseMeasure::Whole(p) => BuyUnit::Piece(p.clone()),
                _ => return Err(fail("`piece` alone needs a piece measure".into())),
            },
            ("piece", rest) => BuyUnit::Piece(piece(rest)?),
            ("ml", "") => match measure {
                HouseMeasure::Liquid { grams_per_ml } => BuyUnit::Volume { grams_per_ml },
                _ => return Err(fail("`ml` alone needs an ml measure".into())),
            },
            ("ml", density) => BuyUnit::Volume {
                grams_per_ml: positive(density)?,
            },
            ("g", "") => BuyUnit::Weight,
            ("as", rest) => {
                let (other, factor) = rest
                    .rsplit_once(' ')
                    .ok_or_else(|| fail(format!("expected `as NAME FACTOR`, found {buy:?}")))?;
                BuyUnit::As {
                    name: other.to_owned(),
                    factor: positive(factor)?,
                }
            }
            _ => return Err(fail(format!("unknown buy unit {buy:?}"))),
        };
        let bought = match bought {
            "-" => None,
            text => {
                let (word, factor) = text
                    .rsplit_once(' ')
                    .ok_or_else(|| fail(format!("expected `WORD FACTOR`, found {text:?}")))?;
                Some(Bought {
                    word: word.to_owned(),
                    factor: positive(factor)?,
                })
            }
        };
        rows.push((
            name.to_owned(),
            KitchenFacts {
                aisle,
                measure,
                buy,
                bought,
                note: Some(note.trim().to_owned()).filter(|n| !n.is_empty()),
                sodium_mg: num(sodium)?,
                saturated_fat: num(sat_fat)?,
                protein: protein(name),
            },
        ));
    }
    let count = rows.len();
    let kitchen = Kitchen::new(rows);
    if kitchen.len() != count {
        return Err(CatalogueError::Syntax {
            file: FILE,
            line: 0,
            message: "duplicate ingredient".into(),
        });
    }
    Ok(kitchen)
}
