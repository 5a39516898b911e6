//! How a day meets its targets, as answered.

use mealplan_app::DayFitView;
use mealplan_domain::planner::USUAL_MAX_SERVINGS;
use serde::Serialize;
use utoipa::ToSchema;

/// Percent with one decimal.
fn percent(fraction: f64) -> f64 {
    (fraction * 1000.0).round() / 10.0
}

/// One target a day misses.
#[derive(Debug, Serialize, ToSchema)]
pub struct OffTarget {
    /// `calories`, `protein`, `carbs` or `fat`.
    pub target: &'static str,
    /// The day's total (kcal or g), portions applied, as the meals show it.
    pub planned: f64,
    /// The target.
    pub wanted: f64,
    /// Total against target, in percent (one decimal; negative: under).
    pub percent: f64,
    /// The tolerance, in percent.
    pub tolerance: f64,
}

/// Tolerances, in percent of each target.
#[derive(Debug, Serialize, ToSchema)]
pub struct TolerancesResponse {
    /// Calories.
    pub calories: f64,
    /// Each of protein, carbs and fat.
    pub macros: f64,
}

/// How a day meets the owner's current targets. Days of a generated plan
/// are judged by the tolerances it was generated with, others by 5% kcal
/// and 10% per macro.
#[derive(Debug, Serialize, ToSchema)]
pub struct DayFitResponse {
    /// Every target within its tolerance.
    pub within_tolerance: bool,
    /// The tolerances the day is judged by.
    pub tolerances: TolerancesResponse,
    /// The targets outside their tolerance.
    pub off: Vec<OffTarget>,
    /// How far the worst target is beyond its tolerance, in percentage
    /// points of the target (0 when every target is within).
    pub miss_points: f64,
    /// When a target is off: the least `miss_points` any day of these meal
    /// slots can have under the owner's restrictions and diet and the
    /// portion limits; null otherwise.
    pub best_miss_points: Option<f64>,
    /// The same with the rest of the plan as it is (the same recipe may
    /// not fill a slot two days running, and one meal a day needs 5
    /// different recipes a week): what re-balancing could reach at best.
    pub best_miss_points_this_day: Option<f64>,
    /// Whether the best values are reached by an actual day (one or two
    /// slots: every choice tried) rather than lower bounds (a linear
    /// relaxation: no day does better, perhaps none as well).
    pub best_is_exact: Option<bool>,
    /// A main meal is above 1.5 servings; in a generated plan, only on a
    /// day whose targets cannot be met with usual portions.
    pub larger_portions: bool,
    /// The above in words; null when the day is within tolerance with
    /// usual portions.
    pub note: Option<String>,
}

impl From<&DayFitView> for DayFitResponse {
    fn from(f: &DayFitView) -> Self {
        let off: Vec<OffTarget> = f
            .fit
            .off
            .iter()
            .map(|o| OffTarget {
                target: o.nutrient.as_str(),
                planned: o.planned,
                wanted: o.target,
                percent: (o.percent * 10.0).round() / 10.0,
                tolerance: (o.tolerance * 10.0).round() / 10.0,
            })
            .collect();
        let best = f.best.map(|b| percent(b.miss));
        let here = f.best_here.map(|b| percent(b.miss));
        let mut note = Vec::new();
        if !off.is_empty() {
            let each: Vec<String> = off
                .iter()
                .map(|o| {
                    format!(
                        "{} {:.1}% {} target",
                        o.target,
                        o.percent.abs(),
                        if o.percent < 0.0 { "under" } else { "over" }
                    )
                })
                .collect();
            let mut text = format!(
                "Off target: {} (tolerance {}% for calories, {}% for macros).",
                each.join(", "),
                percent(f.tolerances.calories),
                percent(f.tolerances.macros)
            );
            if let Some(best) = best {
                text.push_str(&format!(
                    " No day of these meals under your restrictions and the portion limits comes closer than {best:.1} points beyond a tolerance"
                ));
                match here {
                    Some(here) if here > best + 0.05 => text.push_str(&format!(
                        "; with the rest of the plan as it is, {here:.1} (the same recipe does not fill a slot two days running)."
                    )),
                    _ => text.push('.'),
                }
            }
            note.push(text);
        }
        if f.larger_portions {
            note.push(if f.generated {
                format!(
                    "A main meal is above {USUAL_MAX_SERVINGS} servings: the targets cannot be met with usual portions."
                )
            } else {
                format!("A main meal is above {USUAL_MAX_SERVINGS} servings.")
            });
        }
        Self {
            within_tolerance: off.is_empty(),
            tolerances: TolerancesResponse {
                calories: percent(f.tolerances.calories),
                macros: percent(f.tolerances.macros),
            },
            miss_points: percent(f.fit.miss),
            best_miss_points: best,
            best_miss_points_this_day: here,
            best_is_exact: f.best.map(|b| b.exact),
            larger_portions: f.larger_portions,
            off,
            note: (!note.is_empty()).then(|| note.join(" ")),
        }
    }
}
