//! The SR28 food table, compiled in from `data/sr28.tsv` (derived from
//! SR28's `ABBREV.txt` by `data/derive_sr28.py`) and read once, on first
//! use: 8,790 foods, their nutrients per 100 g and household measures.

use std::collections::HashMap;
use std::sync::OnceLock;

const SR28_TSV: &str = include_str!("../data/sr28.tsv");

/// The source every figure of this table comes from, to show beside them.
pub const CITATION: &str = "U.S. Department of Agriculture, Agricultural Research Service. \
USDA National Nutrient Database for Standard Reference, Release 28 (public domain).";

/// A nutrient the table carries, per 100 g of edible portion. The order is
/// the column order of `data/sr28.tsv`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Nutrient {
    /// Energy, kcal.
    Energy,
    /// Protein, g.
    Protein,
    /// Total fat, g.
    Fat,
    /// Carbohydrate by difference, g.
    Carbohydrate,
    /// Total dietary fibre, g.
    Fiber,
    /// Total sugars, g.
    Sugar,
    /// Saturated fatty acids, g.
    SaturatedFat,
    /// Sodium, mg.
    Sodium,
    /// Cholesterol, mg.
    Cholesterol,
    /// Calcium, mg.
    Calcium,
    /// Iron, mg.
    Iron,
    /// Magnesium, mg.
    Magnesium,
    /// Potassium, mg.
    Potassium,
    /// Vitamin C, mg.
    VitaminC,
    /// Vitamin D, µg.
    VitaminD,
    /// Vitamin A, µg retinol activity equivalents.
    VitaminA,
    /// Vitamin B12, µg.
    VitaminB12,
    /// Folate, µg dietary folate equivalents.
    Folate,
    /// Zinc, mg.
    Zinc,
}

impl Nutrient {
    /// Every nutrient, in column order.
    pub const ALL: [Nutrient; 19] = [
        Nutrient::Energy,
        Nutrient::Protein,
        Nutrient::Fat,
        Nutrient::Carbohydrate,
        Nutrient::Fiber,
        Nutrient::Sugar,
        Nutrient::SaturatedFat,
        Nutrient::Sodium,
        Nutrient::Cholesterol,
        Nutrient::Calcium,
        Nutrient::Iron,
        Nutrient::Magnesium,
        Nutrient::Potassium,
        Nutrient::VitaminC,
        Nutrient::VitaminD,
        Nutrient::VitaminA,
        Nutrient::VitaminB12,
        Nutrient::Folate,
        Nutrient::Zinc,
    ];

    /// The column name in `data/sr28.tsv`, which also says the unit.
    pub fn column(self) -> &'static str {
        [
            "kcal",
            "protein_g",
            "fat_g",
            "carbs_g",
            "fiber_g",
            "sugar_g",
            "sat_fat_g",
            "sodium_mg",
            "cholesterol_mg",
            "calcium_mg",
            "iron_mg",
            "magnesium_mg",
            "potassium_mg",
            "vitamin_c_mg",
            "vitamin_d_ug",
            "vitamin_a_rae_ug",
            "vitamin_b12_ug",
            "folate_dfe_ug",
            "zinc_mg",
        ][self as usize]
    }
}

/// A household measure of one food: "1 cup, chopped" weighs 160 g.
#[derive(Debug, Clone, PartialEq)]
pub struct Measure {
    /// Grams of the measure as described.
    pub grams: f64,
    /// SR28's own words ("1 cup, chopped", "1 large"), or the kitchen's
    /// ("1 onion", "1 lemon, juiced").
    pub description: String,
    /// Whether the measure is a kitchen weight (the catalogue's counted
    /// piece, or `data/kitchen_measures.tsv`) rather than SR28's, so an
    /// answer can say where the grams came from.
    pub from_kitchen: bool,
}

/// One SR28 food.
#[derive(Debug, Clone, PartialEq)]
pub struct Food {
    /// SR28's 5-digit NDB number, the food's identity.
    pub ndb: u32,
    /// SR28's short description ("ONIONS,RAW").
    pub description: String,
    values: [Option<f32>; 19],
    /// Household measures, SR28's first.
    pub measures: Vec<Measure>,
}

impl Food {
    /// The amount of `nutrient` in 100 g, or `None` where SR28 does not
    /// know it.
    pub fn per_100g(&self, nutrient: Nutrient) -> Option<f64> {
        self.values[nutrient as usize].map(f64::from)
    }

    /// The amount of `nutrient` in `grams` of the food, an unknown value
    /// counted as 0 (as the catalogue does).
    pub fn in_grams(&self, nutrient: Nutrient, grams: f64) -> f64 {
        self.per_100g(nutrient).unwrap_or(0.0) * grams / 100.0
    }

    /// The NDB number written as SR28 writes it, five digits.
    pub fn ndb_code(&self) -> String {
        format!("{:05}", self.ndb)
    }
}

/// Why the embedded table does not read (a bug the tests catch).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("data/sr28.tsv:{line}: {message}")]
pub struct TableError {
    /// 1-based line.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

/// All SR28 foods, by NDB number.
#[derive(Debug)]
pub struct FoodTable {
    foods: Vec<Food>,
    by_ndb: HashMap<u32, usize>,
}

impl FoodTable {
    /// The embedded table, read on first use and kept for the process.
    ///
    /// # Panics
    /// If the embedded file is malformed, which `tests` rule out.
    pub fn sr28() -> &'static FoodTable {
        static TABLE: OnceLock<FoodTable> = OnceLock::new();
        TABLE.get_or_init(|| FoodTable::parse(SR28_TSV).expect("data/sr28.tsv reads"))
    }

    /// Reads a table in the format of `data/sr28.tsv`.
    pub fn parse(text: &str) -> Result<FoodTable, TableError> {
        let mut foods = Vec::with_capacity(8_800);
        for (i, line) in text.lines().enumerate() {
            if line.starts_with('#') || line.starts_with("ndb\t") || line.is_empty() {
                continue;
            }
            foods.push(parse_row(line).map_err(|message| TableError {
                line: i + 1,
                message,
            })?);
        }
        let by_ndb = foods.iter().enumerate().map(|(i, f)| (f.ndb, i)).collect();
        Ok(FoodTable { foods, by_ndb })
    }

    /// The food of an NDB number.
    pub fn get(&self, ndb: u32) -> Option<&Food> {
        self.by_ndb.get(&ndb).map(|&i| &self.foods[i])
    }

    /// Every food, in SR28's order.
    pub fn foods(&self) -> &[Food] {
        &self.foods
    }
}

fn parse_row(line: &str) -> Result<Food, String> {
    let cols: Vec<&str> = line.split('\t').collect();
    if cols.len() != 3 + Nutrient::ALL.len() {
        return Err(format!("{} columns", cols.len()));
    }
    let ndb = cols[0].parse().map_err(|_| format!("NDB {:?}", cols[0]))?;
    let mut values = [None; Nutrient::ALL.len()];
    for (slot, text) in values.iter_mut().zip(&cols[2..2 + Nutrient::ALL.len()]) {
        if !text.is_empty() {
            *slot = Some(text.parse().map_err(|_| format!("value {text:?}"))?);
        }
    }
    let mut measures = Vec::new();
    for m in cols[2 + Nutrient::ALL.len()]
        .split(';')
        .filter(|m| !m.is_empty())
    {
        let (grams, description) = m.split_once('=').ok_or(format!("measure {m:?}"))?;
        let grams: f64 = grams.parse().map_err(|_| format!("measure {m:?}"))?;
        let (description, from_kitchen) = match description.strip_prefix("kitchen:") {
            Some(d) => (d, true),
            None => (description, false),
        };
        measures.push(Measure {
            grams,
            description: description.to_owned(),
            from_kitchen,
        });
    }
    Ok(Food {
        ndb,
        description: cols[1].to_owned(),
        values,
        measures,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_table_holds_every_sr28_food() {
        let table = FoodTable::sr28();
        assert_eq!(table.foods().len(), 8_790);
        let egg = table.get(1123).unwrap();
        assert_eq!(egg.description, "EGG,WHL,RAW,FRSH");
        assert_eq!(egg.per_100g(Nutrient::Energy), Some(143.0));
        assert_eq!(egg.per_100g(Nutrient::Cholesterol), Some(372.0));
        assert!((egg.per_100g(Nutrient::Zinc).unwrap() - 1.29).abs() < 1e-6);
        assert!(
            egg.measures
                .iter()
                .any(|m| m.description == "1 large" && m.grams == 50.0)
        );
    }

    #[test]
    fn unknown_values_stay_unknown_and_count_as_zero() {
        let row = "99999\tTEST\t100\t\t1\t2\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t10=1 cup";
        let table = FoodTable::parse(row).unwrap();
        let food = table.get(99_999).unwrap();
        assert_eq!(food.per_100g(Nutrient::Protein), None);
        assert_eq!(food.in_grams(Nutrient::Protein, 50.0), 0.0);
        assert_eq!(food.in_grams(Nutrient::Energy, 50.0), 50.0);
    }

    #[test]
    fn a_malformed_row_names_its_line() {
        let err = FoodTable::parse("# c\nabc\tX").unwrap_err();
        assert_eq!(err.line, 2);
    }
}
