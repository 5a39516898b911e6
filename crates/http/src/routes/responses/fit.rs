//! How a day meets its targets, as answered.

use mealplan_app::DayFitView;
use mealplan_domain::planner::USUAL_MAX_SERVINGS;
use mealplan_domain::planner::whole_day::WholeDay;
use mealplan_domain::profile::targets::basis::Stage;
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

/// One day value against its limit (per day, for the person and the
/// calories planned).
#[derive(Debug, Serialize, ToSchema)]
pub struct LimitResponse {
    /// `fiber`, `sodium`, `saturated_fat` or `sugar`.
    pub nutrient: &'static str,
    /// The day's amount, one decimal.
    pub amount: f64,
    /// `g`, or `mg` for sodium.
    pub unit: &'static str,
    /// The least the day should have (fibre: 14 g per 1,000 kcal); null
    /// where there is none.
    pub min: Option<f64>,
    /// The most: fibre max(50 g, 16 g per 1,000 kcal) (more on
    /// `high_fiber`, less for someone underweight who is gaining; under
    /// 18, 25 g per 1,000 kcal, at least the floor plus 10 g), sodium
    /// 2,300 mg (less for a child by age), saturated fat 10% and sugars 25%
    /// of energy.
    pub max: f64,
    /// Whether the day keeps to it.
    pub met: bool,
    /// Why not, when it does not.
    pub why: Option<String>,
}

/// A protein food or dish family served more often than a day should.
#[derive(Debug, Serialize, ToSchema)]
pub struct RepeatResponse {
    /// The food (`cottage cheese`) or family (`stew`).
    pub name: String,
    /// How many of the day's meals have it.
    pub meals: usize,
}

/// The day beyond its four targets: fibre, sodium, saturated fat and
/// sugars against their limits; no protein food in more than two meals
/// and no two dishes of one family.
#[derive(Debug, Serialize, ToSchema)]
pub struct WholeDayResponse {
    /// Every limit kept and nothing repeated.
    pub all_met: bool,
    /// Each limit.
    pub limits: Vec<LimitResponse>,
    /// Protein foods (at least 7 g protein per 100 g) in three or more
    /// meals.
    pub repeated_protein_foods: Vec<RepeatResponse>,
    /// Dish families (stews, curries, stir-fries, …) served twice or more.
    pub repeated_dish_families: Vec<RepeatResponse>,
}

impl From<&WholeDay> for WholeDayResponse {
    fn from(w: &WholeDay) -> Self {
        let one = |v: f64| (v * 10.0).round() / 10.0;
        Self {
            all_met: w.all_met(),
            limits: w
                .levels
                .iter()
                .map(|l| LimitResponse {
                    nutrient: l.minor.as_str(),
                    amount: one(l.amount),
                    unit: l.minor.unit(),
                    min: l.min.map(one),
                    max: one(l.max.unwrap_or_default()),
                    met: l.met,
                    why: l.why.clone(),
                })
                .collect(),
            repeated_protein_foods: w
                .repeated_foods
                .iter()
                .map(|(name, meals)| RepeatResponse {
                    name: name.clone(),
                    meals: *meals,
                })
                .collect(),
            repeated_dish_families: w
                .repeated_families
                .iter()
                .map(|(name, meals)| RepeatResponse {
                    name: (*name).to_owned(),
                    meals: *meals,
                })
                .collect(),
        }
    }
}

impl WholeDayResponse {
    /// What the day misses beyond its targets, in words; `None` when
    /// nothing.
    pub fn note(&self) -> Option<String> {
        let mut parts: Vec<String> = self
            .limits
            .iter()
            .filter_map(|l| l.why.as_ref().map(|why| format!("{} {why}", l.nutrient)))
            .collect();
        parts.extend(
            self.repeated_protein_foods
                .iter()
                .map(|r| format!("{} in {} meals (at most 2)", r.name, r.meals)),
        );
        parts.extend(
            self.repeated_dish_families
                .iter()
                .map(|r| format!("{} {} dishes (at most 1)", r.meals, r.name)),
        );
        (!parts.is_empty()).then(|| format!("Beyond the targets: {}.", parts.join("; ")))
    }
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
    /// When a target is off: the best any plan keeping the owner's
    /// restrictions and diet, the portion limits, the meal weight limits
    /// (900 g a meal, 1,200 g alone) and the variety rules could do; null otherwise. For most meal slots, the least
    /// `miss_points` any day of them can have. One meal a day needs 5
    /// different recipes a week, so there it is the least `miss_points`
    /// the week's `week_rank`-th best day can have in any such week.
    pub best_miss_points: Option<f64>,
    /// When `best_miss_points` is a one-meal week's: this day's place in
    /// its week by `miss_points` (1: the best day; ties by day order);
    /// null otherwise.
    pub week_rank: Option<usize>,
    /// When a target is off: the least `miss_points` any single day of
    /// these meal slots can have, the variety rules aside (differs from
    /// `best_miss_points` only for one meal a day).
    pub best_miss_points_one_day: Option<f64>,
    /// The same with the rest of the plan as it is (the same recipe may
    /// not fill a slot two days running, and one meal a day needs 5
    /// different recipes a week): what re-balancing could reach at best.
    pub best_miss_points_this_day: Option<f64>,
    /// Whether the best values are reached by an actual day (one or two
    /// slots: every choice tried) rather than lower bounds (a linear
    /// relaxation: no day does better, perhaps none as well).
    pub best_is_exact: Option<bool>,
    /// A main meal is above 1.5 servings; in a generated plan, only on a
    /// day whose targets cannot be met with usual portions, or, in a plan
    /// that uses the pantry, on a day on its targets whose larger plate
    /// uses pantry food due within the plan (the day's `notes` say so).
    pub larger_portions: bool,
    /// Fibre, sodium, saturated fat and sugars against their limits, and
    /// repeated protein foods or dish families.
    pub whole_day: WholeDayResponse,
    /// The day is met: within tolerance of its targets and under its
    /// sodium limit and fibre ceiling, which rank with the targets (a day
    /// of 2,700 mg sodium is not met however close its macros).
    pub met: bool,
    /// The above in words, and for a one-meal day of a child or someone
    /// 65 or over that one meal a day is not advised; null when there is
    /// nothing to say.
    pub note: Option<String>,
}

/// "best", "second best", … for a day's place in its week.
fn ordinal(rank: usize) -> String {
    const PLACES: [&str; 7] = [
        "", "second ", "third ", "fourth ", "fifth ", "sixth ", "seventh ",
    ];
    let place = PLACES
        .get(rank.saturating_sub(1))
        .copied()
        .unwrap_or("next ");
    format!("{place}best")
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
        let one_day = f.best_one_day.map(|b| percent(b.miss));
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
            match (best, one_day, f.week) {
                (Some(best), Some(one), Some(week)) if best > one + 0.05 => {
                    let place = ordinal(week.rank);
                    text.push_str(&format!(
                        " One meal a day needs {} different recipes a week, and few come close alone: this is the week's {place} day, and no week under your restrictions, the portion limits and the meal weight limits has its {place} day closer than {best:.1} points beyond a tolerance (a single day could come to {one:.1})",
                        week.distinct
                    ));
                }
                (Some(best), _, _) => text.push_str(&format!(
                    " No day of these meals under your restrictions, the portion limits and the meal weight limits comes closer than {best:.1} points beyond a tolerance"
                )),
                _ => {}
            }
            if let Some(best) = best {
                match here {
                    Some(here) if here > best + 0.05 => text.push_str(&format!(
                        "; with the rest of the plan as it is, {here:.1} (the same recipe does not fill a slot two days running)."
                    )),
                    Some(here) if here < best - 0.05 => text.push_str(&format!(
                        "; with the rest of the plan as it is, this day could come to {here:.1}."
                    )),
                    _ => text.push('.'),
                }
            }
            note.push(text);
        }
        // A pantry plan's larger plate says why in the day's own notes.
        if f.larger_portions && !f.larger_for_pantry {
            note.push(if f.generated {
                format!(
                    "A main meal is above {USUAL_MAX_SERVINGS} servings: the targets cannot be met with usual portions."
                )
            } else {
                format!("A main meal is above {USUAL_MAX_SERVINGS} servings.")
            });
        }
        // Issue 38: a serving is one person's, and a meal at most what a
        // person eats at a sitting, so a big day in few sittings is not
        // on any plate: said, with the fewest meals a day that could.
        if let Some(needed) = f.meals_needed {
            let words = [
                "One meal",
                "Two meals",
                "Three meals",
                "Four meals",
                "Five meals",
            ];
            note.push(format!(
                "{} a day cannot hold these targets in meals a person eats (at most 900 g a meal, 1,200 g for a day's only meal): {needed} meals a day could.",
                words[f.meals.clamp(1, 5) - 1],
            ));
        }
        let whole_day = WholeDayResponse::from(&f.whole_day);
        note.extend(whole_day.note());
        // ESPEN 2019 (older adults) and the AAP (children) advise regular
        // meals: one a day is said, not refused.
        match f.one_meal_for {
            Some(Stage::Child) => note.push(
                "One meal a day is not advised for a child: a child's energy and protein are better spread over three meals and one or two snacks.".to_owned(),
            ),
            Some(Stage::Older) => note.push(
                "One meal a day is not advised from 65: regular meals help keep muscle and weight, and one large meal is hard to eat.".to_owned(),
            ),
            _ => {}
        }
        Self {
            met: f.fit.miss <= 0.0,
            whole_day,
            within_tolerance: off.is_empty(),
            tolerances: TolerancesResponse {
                calories: percent(f.tolerances.calories),
                macros: percent(f.tolerances.macros),
            },
            miss_points: percent(f.fit.miss),
            best_miss_points: best,
            week_rank: f.week.map(|w| w.rank),
            best_miss_points_one_day: one_day,
            best_miss_points_this_day: here,
            best_is_exact: f.best.map(|b| b.exact),
            larger_portions: f.larger_portions,
            off,
            note: (!note.is_empty()).then(|| note.join(" ")),
        }
    }
}
