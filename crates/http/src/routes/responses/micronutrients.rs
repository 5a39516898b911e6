//! Micronutrients as answered: amounts of a serving or a day, and each
//! person's week against their reference intakes.

use mealplan_app::PersonIntake;
use mealplan_domain::intakes::{ADEQUATE_SHARE, SOURCE};
use mealplan_domain::{Micronutrient, Micronutrients};
use serde::Serialize;
use utoipa::ToSchema;

/// Two decimals: enough for a microgram of vitamin B12.
fn hundredths(v: f64) -> f64 {
    (v.max(0.0) * 100.0).round() / 100.0
}

/// One micronutrient's amount.
#[derive(Debug, Serialize, ToSchema)]
pub struct MicronutrientAmount {
    /// `calcium`, `iron`, `magnesium`, `potassium`, `zinc`, `vitamin_a`,
    /// `vitamin_c`, `vitamin_d`, `vitamin_b12` or `folate`.
    pub nutrient: &'static str,
    /// The amount (two decimals; USDA SR28, an unknown value counted as 0).
    pub amount: f64,
    /// `mg`, `µg`, `µg RAE` (vitamin A) or `µg DFE` (folate).
    pub unit: &'static str,
}

/// Every micronutrient of `m`, in a fixed order.
pub fn amounts(m: &Micronutrients) -> Vec<MicronutrientAmount> {
    m.iter()
        .map(|(n, v)| MicronutrientAmount {
            nutrient: n.as_str(),
            amount: hundredths(v),
            unit: n.unit(),
        })
        .collect()
}

/// One micronutrient of one person's week.
#[derive(Debug, Serialize, ToSchema)]
pub struct NutrientAdequacyResponse {
    /// As in [`MicronutrientAmount`].
    pub nutrient: &'static str,
    /// Its unit.
    pub unit: &'static str,
    /// A day's average over the plan's days, their portions applied.
    pub average: f64,
    /// Their reference a day (RDA, or AI); null without a profile.
    pub reference: Option<f64>,
    /// `RDA` or `AI`; null without a profile.
    pub reference_kind: Option<&'static str>,
    /// Average against reference, in percent (one decimal).
    pub percent: Option<f64>,
    /// Whether the average reaches 80% of the reference.
    pub adequate: Option<bool>,
}

/// One person's micronutrients over the plan.
#[derive(Debug, Serialize, ToSchema)]
pub struct PersonMicronutrientsResponse {
    /// The household member; `null` for the account holder.
    pub member_id: Option<i64>,
    /// Their name.
    pub name: String,
    /// Each micronutrient.
    pub nutrients: Vec<NutrientAdequacyResponse>,
    /// The micronutrients whose average is below 80% of the reference.
    pub short_of: Vec<&'static str>,
    /// What falls short, in words, and for someone who eats vegan the
    /// nutrients to get from fortified foods or a supplement (a note, not
    /// advice about a condition); null when there is nothing to say.
    pub note: Option<String>,
}

/// The plan's micronutrients, person by person.
#[derive(Debug, Serialize, ToSchema)]
pub struct MicronutrientSummaryResponse {
    /// Where the reference intakes come from.
    pub source: &'static str,
    /// The share of the reference counted as adequate, in percent (80).
    pub adequate_percent: f64,
    /// The holder first, then each household member who eats from it.
    pub people: Vec<PersonMicronutrientsResponse>,
}

impl From<&PersonIntake> for PersonMicronutrientsResponse {
    fn from(p: &PersonIntake) -> Self {
        let shares = p.references.map(|r| r.shares(&p.average));
        let nutrients: Vec<NutrientAdequacyResponse> = Micronutrient::ALL
            .iter()
            .map(|m| {
                let reference = p.references.map(|r| r.get(*m));
                let share = shares.map(|s| s.get(*m));
                NutrientAdequacyResponse {
                    nutrient: m.as_str(),
                    unit: m.unit(),
                    average: hundredths(p.average.get(*m)),
                    reference: reference.map(|r| r.amount),
                    reference_kind: reference.map(|r| r.kind.as_str()),
                    percent: share.map(|s| (s * 1000.0).round() / 10.0),
                    adequate: share.map(|s| s >= ADEQUATE_SHARE),
                }
            })
            .collect();
        let short: Vec<(Micronutrient, f64)> = match shares {
            Some(s) => s.iter().filter(|(_, v)| *v < ADEQUATE_SHARE).collect(),
            None => Vec::new(),
        };
        let mut note = Vec::new();
        if !short.is_empty() {
            let each: Vec<String> = short
                .iter()
                // Floored: a share under 80% never reads as "80%".
                .map(|(m, v)| format!("{} ({}%)", m.label(), (v * 100.0).floor()))
                .collect();
            note.push(format!(
                "Below 80% of the reference on this plan's daily average: {}.",
                each.join(", ")
            ));
        }
        if p.vegan {
            note.push(
                "A vegan diet brings little vitamin B12 or vitamin D: get them from fortified foods (plant milks, cereals) or a supplement."
                    .to_owned(),
            );
        }
        Self {
            member_id: p.member_id,
            name: p.name.clone(),
            nutrients,
            short_of: short.iter().map(|(m, _)| m.as_str()).collect(),
            note: (!note.is_empty()).then(|| note.join(" ")),
        }
    }
}

impl MicronutrientSummaryResponse {
    /// The section of `people`.
    pub fn of(people: &[PersonIntake]) -> Self {
        Self {
            source: SOURCE,
            adequate_percent: ADEQUATE_SHARE * 100.0,
            people: people.iter().map(Into::into).collect(),
        }
    }
}
