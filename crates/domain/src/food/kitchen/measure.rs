//! Amounts as a cook reads them: grams and kilos, pieces, spoons, cups
//! and millilitres, with fractions in quarters and thirds.

use super::HouseMeasure;

/// A number without a needless `.0`.
pub(super) fn number(v: f64) -> String {
    if (v - v.round()).abs() < 1e-9 {
        format!("{}", v.round() as i64)
    } else {
        format!("{v:.1}")
    }
}

/// `150 g`, `2.5 g`, `1.2 kg`.
pub fn grams_text(grams: f64) -> String {
    if grams >= 1000.0 {
        format!("{} kg", number((grams / 100.0).round() / 10.0))
    } else if grams < 10.0 && (grams - grams.round()).abs() >= 0.05 {
        format!("{grams:.1} g")
    } else {
        format!("{} g", grams.round() as i64)
    }
}

pub(super) const PINCH: &str = "a pinch";

/// How far a count of whole things may be from a whole number and still
/// be read as it without a note ("1 egg" for 52 g): a tenth of one, as
/// shops round, or 5% of a larger count ("6 slices" for 6.2).
pub const WHOLE_SLACK: f64 = 0.1;

/// The share of a count within which rounding it goes unsaid.
const WHOLE_SLACK_SHARE: f64 = 0.05;

/// A household measure and whether it is a spoon measure a cook would use
/// instead of grams.
#[derive(Debug, Clone, PartialEq)]
pub struct Measured {
    /// `2 eggs`, `1½ tbsp`, `200 ml`, `⅔ cup`, `a pinch`.
    pub text: String,
    /// Teaspoons, tablespoons, a pinch or millilitres.
    pub spoon: bool,
    /// The exact count, when things that come whole (eggs, slices,
    /// tortillas) were rounded to a whole number to be counted: a page
    /// says so rather than ask for "½ egg".
    pub rounded_from: Option<f64>,
}

/// The household measure of `grams` (None when it is weighed only, or
/// too little of a counted thing to count).
pub fn measure(how: &HouseMeasure, grams: f64) -> Option<Measured> {
    match how {
        HouseMeasure::Piece(p) => {
            let count = grams / p.grams;
            if count < 0.2 {
                return None;
            }
            let rounded = if count < 1.0 {
                nearest(count, &[0.25, 1.0 / 3.0, 0.5, 2.0 / 3.0, 0.75, 1.0])
            } else if count < 4.0 {
                (count * 2.0).round() / 2.0
            } else {
                count.round()
            };
            Some(Measured {
                text: format!("{} {}", fraction(rounded), p.noun(rounded)),
                spoon: false,
                rounded_from: None,
            })
        }
        HouseMeasure::Whole(p) => {
            let count = grams / p.grams;
            if count < 0.2 {
                return None;
            }
            // Half an egg or more is an egg; less than one is still one.
            let whole = count.round().max(1.0);
            Some(Measured {
                text: format!("{} {}", whole as i64, p.noun(whole)),
                spoon: false,
                rounded_from: ((whole - count).abs() > WHOLE_SLACK.max(WHOLE_SLACK_SHARE * count))
                    .then_some(count),
            })
        }
        HouseMeasure::Spoon { grams_per_tsp } => Some(volume(grams / grams_per_tsp, false)),
        HouseMeasure::Liquid { grams_per_ml } => Some(volume(grams / grams_per_ml / 5.0, true)),
        HouseMeasure::Weight => None,
    }
}

/// Teaspoons as a cook measures them: a pinch, quarter teaspoons, half
/// teaspoons, half tablespoons, then cups (dry) or millilitres (liquid).
fn volume(tsp: f64, liquid: bool) -> Measured {
    let spoon = |text: String| Measured {
        text,
        spoon: true,
        rounded_from: None,
    };
    if tsp < 0.2 {
        return spoon(PINCH.to_owned());
    }
    if tsp < 0.875 {
        return spoon(format!(
            "{} tsp",
            fraction(nearest(tsp, &[0.25, 0.5, 0.75]))
        ));
    }
    if tsp < 2.75 {
        return spoon(format!("{} tsp", fraction((tsp * 2.0).round() / 2.0)));
    }
    let tbsp = tsp / 3.0;
    if tbsp < 3.75 {
        return spoon(format!("{} tbsp", fraction((tbsp * 2.0).round() / 2.0)));
    }
    if liquid {
        let ml = tsp * 5.0;
        let step = if ml < 100.0 {
            5.0
        } else if ml < 150.0 {
            10.0
        } else {
            25.0
        };
        return spoon(format!("{} ml", ((ml / step).round() * step) as i64));
    }
    let cups = tbsp / 16.0;
    let whole = cups.floor();
    let rounded = if cups < 4.0 {
        whole
            + nearest(
                cups - whole,
                &[0.0, 0.25, 1.0 / 3.0, 0.5, 2.0 / 3.0, 0.75, 1.0],
            )
    } else {
        cups.round()
    };
    Measured {
        text: format!(
            "{} {}",
            fraction(rounded),
            if rounded > 1.0 { "cups" } else { "cup" }
        ),
        spoon: false,
        rounded_from: None,
    }
}

/// A liquid amount as a step says it, `ml` millilitres: spoons below
/// 60 ml, millilitres to 5, 10 or 25 up to a litre, then litres to a
/// tenth (`1 tbsp`, `150 ml`, `1.1 l`).
pub fn liquid_text(ml: f64) -> String {
    if ml >= 975.0 {
        let litres = (ml / 100.0).round() / 10.0;
        return format!("{} l", number(litres));
    }
    volume(ml / 5.0, true).text
}

fn nearest(value: f64, choices: &[f64]) -> f64 {
    choices
        .iter()
        .copied()
        .min_by(|a, b| (a - value).abs().total_cmp(&(b - value).abs()))
        .unwrap_or(value)
}

/// `2`, `½`, `1¼`, `⅔` for multiples of a quarter or a third.
pub fn fraction(value: f64) -> String {
    let whole = value.floor();
    let rest = value - whole;
    let glyph = [
        (0.25, "¼"),
        (1.0 / 3.0, "⅓"),
        (0.5, "½"),
        (2.0 / 3.0, "⅔"),
        (0.75, "¾"),
    ]
    .iter()
    .find(|(v, _)| (rest - v).abs() < 0.01)
    .map(|(_, g)| *g);
    match (whole as i64, glyph) {
        (0, Some(g)) => g.to_owned(),
        (w, Some(g)) => format!("{w}{g}"),
        (w, None) if rest < 0.01 => format!("{w}"),
        (w, None) if rest > 0.99 => format!("{}", w + 1),
        _ => format!("{value:.1}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fractions_and_weights() {
        assert_eq!(fraction(0.5), "½");
        assert_eq!(fraction(1.25), "1¼");
        assert_eq!(fraction(2.0 / 3.0), "⅔");
        assert_eq!(fraction(3.0), "3");
        assert_eq!(grams_text(2.5), "2.5 g");
        assert_eq!(grams_text(150.4), "150 g");
        assert_eq!(grams_text(1234.0), "1.2 kg");
    }
}
