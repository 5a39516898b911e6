//! The ingredient table (`data/ingredients.tsv`).

use std::collections::HashMap;

use mealplan_domain::micronutrients::COUNT;
use mealplan_domain::{Allergen, Micronutrients, Nutrition, Taxonomy};

use crate::CatalogueError;

/// What the table's last column says an ingredient is. Tastes feed the
/// taste rule; animal origin and allergens are a cross-check of
/// the domain's standard taxonomy, which the diet and allergen rules read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Tag {
    /// Meat or poultry.
    Meat,
    /// Fish (also the fish allergen).
    Fish,
    /// Crustaceans or molluscs.
    Shellfish,
    /// Peanuts or tree nuts (`nut`).
    Nut,
    /// Milk products.
    Dairy,
    /// Eggs (also the egg allergen).
    Egg,
    /// Honey: animal origin, not vegan.
    Honey,
    /// Contains an allergen.
    Allergen(Allergen),
    /// Has a taste (`spicy`, `sweet`, `savory`, `sour`, `bitter`, `umami`).
    Taste(&'static str),
}

/// The tastes the catalogue knows, in the order of the public list.
pub const TASTES: [&str; 6] = ["spicy", "sweet", "savory", "sour", "bitter", "umami"];

impl Tag {
    fn parse(word: &str) -> Option<Vec<Self>> {
        Some(match word {
            "meat" => vec![Self::Meat],
            "fish" => vec![Self::Fish, Self::Allergen(Allergen::Fish)],
            "shellfish" => vec![Self::Shellfish],
            "nut" => vec![Self::Nut],
            "lactose" => vec![Self::Allergen(Allergen::Milk)],
            "dairy" => vec![Self::Dairy],
            "egg" => vec![Self::Egg, Self::Allergen(Allergen::Egg)],
            "honey" => vec![Self::Honey],
            other => match Allergen::parse(other) {
                Ok(a) => vec![Self::Allergen(a)],
                Err(_) => vec![Self::Taste(TASTES.iter().find(|t| **t == other)?)],
            },
        })
    }

    /// Whether the tag marks an animal product (not vegan).
    pub fn is_animal(self) -> bool {
        matches!(
            self,
            Self::Meat | Self::Fish | Self::Shellfish | Self::Dairy | Self::Egg | Self::Honey
        )
    }

    /// Whether the tag marks meat, fish or shellfish (not vegetarian).
    pub fn is_flesh(self) -> bool {
        matches!(self, Self::Meat | Self::Fish | Self::Shellfish)
    }
}

/// One row of the table.
#[derive(Debug, Clone, PartialEq)]
pub struct Ingredient {
    /// Lowercase name recipes refer to.
    pub name: String,
    /// SR28 food number, the source of the values.
    pub ndb_no: String,
    /// Per 100 g.
    pub per_100g: Nutrition,
    /// SR28's micronutrients per 100 g.
    pub micronutrients: Micronutrients,
    /// What it is.
    pub tags: Vec<Tag>,
}

/// The ingredients by name, with the taxonomy saying what they are.
#[derive(Debug, Clone, Default)]
pub struct IngredientTable {
    by_name: HashMap<String, Ingredient>,
    taxonomy: Taxonomy,
}

const FILE: &str = "ingredients.tsv";
/// Name, NDB number, six nutrition facts, the micronutrients, tags.
const COLUMNS: usize = 8 + COUNT + 1;

impl IngredientTable {
    /// The table shipped in `data/ingredients.tsv`, with the shipped
    /// taxonomy.
    pub fn shipped() -> Result<Self, CatalogueError> {
        Ok(Self::parse(include_str!("../data/ingredients.tsv"))?
            .with_taxonomy(Taxonomy::standard().clone()))
    }

    /// The same table, judged by `taxonomy`.
    pub fn with_taxonomy(self, taxonomy: Taxonomy) -> Self {
        Self { taxonomy, ..self }
    }

    /// The taxonomy the table's ingredients are judged by (empty unless
    /// given).
    pub fn taxonomy(&self) -> &Taxonomy {
        &self.taxonomy
    }

    /// Parses a table: `#` comments, a header line, then tab-separated rows.
    pub fn parse(text: &str) -> Result<Self, CatalogueError> {
        let mut by_name = HashMap::new();
        for (index, line) in text.lines().enumerate() {
            let fail = |message: String| CatalogueError::Syntax {
                file: FILE,
                line: index + 1,
                message,
            };
            if line.starts_with('#') || line.starts_with("name\t") || line.trim().is_empty() {
                continue;
            }
            let cols: Vec<&str> = line.split('\t').collect();
            if cols.len() != COLUMNS {
                return Err(fail(format!(
                    "expected {COLUMNS} columns, found {}",
                    cols.len()
                )));
            }
            let num = |i: usize| {
                cols[i]
                    .parse::<f64>()
                    .ok()
                    .filter(|v| v.is_finite() && *v >= 0.0)
                    .ok_or_else(|| fail(format!("column {} is not a number: {:?}", i + 1, cols[i])))
            };
            let mut tags = Vec::new();
            let mut micro = [0.0; COUNT];
            for (k, amount) in micro.iter_mut().enumerate() {
                *amount = num(8 + k)?;
            }
            for word in cols[COLUMNS - 1].split(',').filter(|w| !w.is_empty()) {
                tags.extend(Tag::parse(word).ok_or_else(|| fail(format!("unknown tag {word:?}")))?);
            }
            let ingredient = Ingredient {
                name: cols[0].to_owned(),
                ndb_no: cols[1].to_owned(),
                per_100g: Nutrition {
                    calories: num(2)?,
                    protein: num(3)?,
                    fat: num(4)?,
                    carbs: num(5)?,
                    fiber: num(6)?,
                    sugar: num(7)?,
                },
                micronutrients: Micronutrients::new(micro),
                tags,
            };
            if by_name
                .insert(ingredient.name.clone(), ingredient)
                .is_some()
            {
                return Err(fail(format!("duplicate ingredient {:?}", cols[0])));
            }
        }
        Ok(Self {
            by_name,
            taxonomy: Taxonomy::default(),
        })
    }

    /// The ingredient called `name`.
    pub fn get(&self, name: &str) -> Option<&Ingredient> {
        self.by_name.get(name)
    }

    /// Every ingredient name, in no particular order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.by_name.keys().map(String::as_str)
    }

    /// Number of ingredients.
    pub fn len(&self) -> usize {
        self.by_name.len()
    }

    /// Whether the table is empty.
    pub fn is_empty(&self) -> bool {
        self.by_name.is_empty()
    }
}
