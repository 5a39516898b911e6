//! A person's reference intake of each micronutrient, by age and sex: the
//! RDA, or the AI where no RDA is set (potassium), from the Dietary
//! Reference Intakes as the NIH Office of Dietary Supplements tables them
//! (`data/intakes.tsv`, with its citation). A week's average is read
//! against them as a share; [`ADEQUATE_SHARE`] of the reference counts as
//! adequate. Pregnancy and lactation are not covered.

use std::sync::OnceLock;

use crate::food::micronutrients::{COUNT, Micronutrient, Micronutrients};
use crate::profile::Gender;

/// Where the table's figures come from, to show beside them.
pub const SOURCE: &str = "Dietary Reference Intakes (RDA, or AI where no RDA is set), Food and \
Nutrition Board, National Academies of Sciences, Engineering, and Medicine, as tabled by the NIH \
Office of Dietary Supplements fact sheets (ods.od.nih.gov); pregnancy and lactation not covered.";

/// The share of the reference a week's average should reach: the
/// planner's soft goal and the summary's mark.
pub const ADEQUATE_SHARE: f64 = 0.8;

const TSV: &str = include_str!("../../data/intakes.tsv");

choice!(
    /// Which kind of reference a figure is.
    IntakeKind {
        /// Recommended Dietary Allowance: enough for nearly all (97-98%)
        /// healthy people of the group.
        Rda = "RDA",
        /// Adequate Intake: set where the evidence does not allow an RDA.
        Ai = "AI",
    }
);

/// One reference figure: an amount a day (in the nutrient's unit) and its
/// kind.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Reference {
    /// Amount a day.
    pub amount: f64,
    /// RDA or AI.
    pub kind: IntakeKind,
}

/// One row of the table.
#[derive(Debug, Clone, Copy)]
struct Row {
    nutrient: Micronutrient,
    /// `None`: either sex.
    sex: Option<Gender>,
    ages: (u32, u32),
    reference: Reference,
}

/// A person's reference intakes of every micronutrient.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ReferenceIntakes([Reference; COUNT]);

/// The table, read once.
fn rows() -> &'static [Row] {
    static ROWS: OnceLock<Vec<Row>> = OnceLock::new();
    ROWS.get_or_init(|| parse(TSV).unwrap_or_else(|e| panic!("data/intakes.tsv: {e}")))
}

fn parse(text: &str) -> Result<Vec<Row>, String> {
    let mut rows = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.starts_with("nutrient\t") || line.trim().is_empty() {
            continue;
        }
        let fail = |what: &str| format!("line {}: {what}", i + 1);
        let [nutrient, sex, from, to, amount, kind] = line.split('\t').collect::<Vec<_>>()[..]
        else {
            return Err(fail("expected 6 columns"));
        };
        let age = |t: &str| t.parse::<u32>().map_err(|_| fail("bad age"));
        rows.push(Row {
            nutrient: Micronutrient::parse(nutrient).map_err(|_| fail("unknown nutrient"))?,
            sex: match sex {
                "any" => None,
                other => Some(Gender::parse(other).map_err(|_| fail("unknown sex"))?),
            },
            ages: (age(from)?, age(to)?),
            reference: Reference {
                amount: amount
                    .parse::<f64>()
                    .ok()
                    .filter(|v| v.is_finite() && *v > 0.0)
                    .ok_or_else(|| fail("bad amount"))?,
                kind: IntakeKind::parse(kind).map_err(|_| fail("unknown kind"))?,
            },
        });
    }
    Ok(rows)
}

impl ReferenceIntakes {
    /// The references of a person of `age` (whole years; read as 1 to 100,
    /// the table's span) and sex `gender`.
    pub fn of(age: u32, gender: Gender) -> Self {
        let age = age.clamp(1, 100);
        Self(std::array::from_fn(|k| {
            let m = Micronutrient::ALL[k];
            rows()
                .iter()
                .find(|r| {
                    r.nutrient == m
                        && r.sex.is_none_or(|s| s == gender)
                        && (r.ages.0..=r.ages.1).contains(&age)
                })
                .map(|r| r.reference)
                // The table's tests rule this out.
                .unwrap_or(Reference {
                    amount: f64::INFINITY,
                    kind: IntakeKind::Rda,
                })
        }))
    }

    /// The reference of `m`.
    pub fn get(&self, m: Micronutrient) -> Reference {
        self.0[m as usize]
    }

    /// `amounts` (a day's, or a week's average a day) as a share of each
    /// reference (1.0: the reference met).
    pub fn shares(&self, amounts: &Micronutrients) -> Micronutrients {
        Micronutrients::new(std::array::from_fn(|k| {
            let m = Micronutrient::ALL[k];
            amounts.get(m) / self.get(m).amount
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_age_from_3_to_100_has_one_figure_of_each_for_each_sex() {
        for age in 3..=100 {
            for sex in [Gender::Male, Gender::Female] {
                for m in Micronutrient::ALL {
                    let found = rows()
                        .iter()
                        .filter(|r| {
                            r.nutrient == *m
                                && r.sex.is_none_or(|s| s == sex)
                                && (r.ages.0..=r.ages.1).contains(&age)
                        })
                        .count();
                    assert_eq!(found, 1, "{m:?} at {age}, {sex:?}");
                }
            }
        }
    }

    #[test]
    fn figures_as_the_references_state_them() {
        use Micronutrient::*;
        let woman = ReferenceIntakes::of(30, Gender::Female);
        assert_eq!(woman.get(Iron).amount, 18.0);
        assert_eq!(woman.get(Calcium).amount, 1000.0);
        assert_eq!(woman.get(Potassium).amount, 2600.0);
        assert_eq!(woman.get(Potassium).kind, IntakeKind::Ai);
        assert_eq!(woman.get(VitaminB12).kind, IntakeKind::Rda);
        // After 50 a woman's iron falls to a man's and her calcium rises.
        let older = ReferenceIntakes::of(60, Gender::Female);
        assert_eq!(older.get(Iron).amount, 8.0);
        assert_eq!(older.get(Calcium).amount, 1200.0);
        let man = ReferenceIntakes::of(75, Gender::Male);
        assert_eq!(man.get(VitaminD).amount, 20.0);
        assert_eq!(man.get(Potassium).amount, 3400.0);
        assert_eq!(man.get(Zinc).amount, 11.0);
        let child = ReferenceIntakes::of(3, Gender::Male);
        assert_eq!(child.get(Calcium).amount, 700.0);
        assert_eq!(child.get(VitaminB12).amount, 0.9);
        let teen = ReferenceIntakes::of(16, Gender::Female);
        assert_eq!(teen.get(Iron).amount, 15.0);
        assert_eq!(teen.get(Calcium).amount, 1300.0);
        // Beyond the table's span the nearest group holds.
        assert_eq!(ReferenceIntakes::of(104, Gender::Male), man);
    }

    #[test]
    fn shares_of_the_reference() {
        let man = ReferenceIntakes::of(40, Gender::Male);
        let mut day = [0.0; COUNT];
        day[Micronutrient::Calcium as usize] = 800.0;
        day[Micronutrient::VitaminB12 as usize] = 2.4;
        let shares = man.shares(&Micronutrients::new(day));
        assert!((shares.get(Micronutrient::Calcium) - 0.8).abs() < 1e-12);
        assert!((shares.get(Micronutrient::VitaminB12) - 1.0).abs() < 1e-12);
        assert_eq!(shares.get(Micronutrient::Iron), 0.0);
    }
}
