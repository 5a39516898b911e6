//! The kitchen side of a recipe: household measures beside grams
//! ("100 g (2 eggs)"), steps whose amounts come from the recipe itself,
//! and shopping amounts in the units people buy ("6 eggs", "750 ml",
//! "1.2 kg"), grouped by aisle.
//!
//! Recipes list grams of one serving; grains, pasta, legumes, meat and
//! fish are cooked weights (the SR28 values are of the cooked food). An
//! ingredient with a [`Bought`] form is sold otherwise (dry rice, raw
//! chicken): steps and shopping amounts convert with its factor.
//!
//! Steps are templates: `{olive oil}` stands for the recipe's whole amount
//! of olive oil, `{1/2 olive oil}` for half of it, `{brown rice:dry}` for
//! the amount in its bought form. [`Kitchen::step`] renders them, so a
//! step can never disagree with the ingredient list.

use std::collections::HashMap;

use crate::food::recipe::RecipeIngredient;

mod measure;
mod step;

pub use measure::{Measured, WHOLE_SLACK, fraction, grams_text, liquid_text, measure};
use measure::{PINCH, number};
pub use step::{StepAmount, StepError, StepPart, StepRef, parse_step};

choice!(
    /// Where a shop keeps an ingredient, in the order a shopping list
    /// walks the shop.
    Aisle {
        /// Fruit, vegetables and fresh herbs.
        Produce = "produce",
        /// Bread, tortillas, bagels.
        Bakery = "bakery",
        /// Meat and poultry.
        Meat = "meat",
        /// Fish and seafood.
        Fish = "fish",
        /// Milk, yogurt, cheese, butter, eggs and plant milks.
        Dairy = "dairy",
        /// Tofu, tempeh, hummus, pesto, miso.
        Chilled = "chilled",
        /// Frozen vegetables.
        Frozen = "frozen",
        /// Rice, pasta, grains and dry pulses.
        Grains = "grains",
        /// Tins and jars.
        Tins = "tins",
        /// Cereals, spreads, honey and syrups.
        Breakfast = "breakfast",
        /// Flour, sugar, cocoa, chocolate.
        Baking = "baking",
        /// Nuts, seeds and dried fruit.
        Nuts = "nuts",
        /// Oils, vinegars and sauces.
        Condiments = "condiments",
        /// Dried spices and salt.
        Spices = "spices",
        /// Crackers, rice cakes, popcorn.
        Snacks = "snacks",
        /// Protein powders.
        Sports = "sports",
        /// Anything the kitchen table does not know.
        Other = "other",
    }
);

impl Aisle {
    /// Heading of the aisle on a printed list.
    pub fn title(self) -> &'static str {
        match self {
            Self::Produce => "Fruit & vegetables",
            Self::Bakery => "Bread & bakery",
            Self::Meat => "Meat & poultry",
            Self::Fish => "Fish & seafood",
            Self::Dairy => "Dairy, eggs & plant milks",
            Self::Chilled => "Tofu, tempeh & chilled",
            Self::Frozen => "Frozen",
            Self::Grains => "Rice, pasta, grains & pulses",
            Self::Tins => "Tins & jars",
            Self::Breakfast => "Cereals, spreads & syrups",
            Self::Baking => "Baking",
            Self::Nuts => "Nuts, seeds & dried fruit",
            Self::Condiments => "Oils, vinegars & sauces",
            Self::Spices => "Spices & salt",
            Self::Snacks => "Crackers & snacks",
            Self::Sports => "Protein powders",
            Self::Other => "Other",
        }
    }
}

/// A counted unit: grams each, and what one and several are called.
#[derive(Debug, Clone, PartialEq)]
pub struct Piece {
    /// Grams of one.
    pub grams: f64,
    /// Name of one (`egg`, `garlic clove`, `can`).
    pub one: String,
    /// Name of several (`eggs`, `garlic cloves`, `cans`).
    pub many: String,
}

impl Piece {
    fn noun(&self, count: f64) -> &str {
        if count > 1.0 { &self.many } else { &self.one }
    }
}

/// How a cook measures an ingredient at home.
#[derive(Debug, Clone, PartialEq)]
pub enum HouseMeasure {
    /// Counted, in halves and quarters too (`2 onions`, `½ onion`).
    Piece(Piece),
    /// Counted, and only ever whole (eggs, slices of bread or bacon,
    /// tortillas, bagels, pitas): `2 eggs`, never `1½ eggs`. An amount
    /// between whole numbers is rounded and says so
    /// ([`Measured::rounded_from`]).
    Whole(Piece),
    /// Spooned: teaspoons, tablespoons, and cups from a quarter cup up
    /// (1 cup = 16 tbsp = 48 tsp).
    Spoon {
        /// Grams in one level teaspoon.
        grams_per_tsp: f64,
    },
    /// Poured: spoons below 60 ml, millilitres above.
    Liquid {
        /// Grams in one millilitre.
        grams_per_ml: f64,
    },
    /// Weighed only.
    Weight,
}

/// How a shop sells an ingredient.
#[derive(Debug, Clone, PartialEq)]
pub enum BuyUnit {
    /// By count (eggs, lemons, cans, heads).
    Piece(Piece),
    /// By volume, ml or l.
    Volume {
        /// Grams in one millilitre.
        grams_per_ml: f64,
    },
    /// By weight, g or kg.
    Weight,
    /// As another ingredient (egg whites come in eggs): `factor` grams
    /// of `name` per gram the recipe lists. A shopping list adds it to
    /// that ingredient's line.
    As {
        /// The ingredient bought.
        name: String,
        /// Grams of it per gram of this one.
        factor: f64,
    },
}

/// The form an ingredient is sold in when the recipe lists it cooked.
#[derive(Debug, Clone, PartialEq)]
pub struct Bought {
    /// `dry`, `raw`, `in shell`.
    pub word: String,
    /// Grams bought per gram the recipe lists.
    pub factor: f64,
}

/// What the kitchen knows of one ingredient.
#[derive(Debug, Clone, PartialEq)]
pub struct KitchenFacts {
    /// Where to find it.
    pub aisle: Aisle,
    /// How to measure it at home.
    pub measure: HouseMeasure,
    /// How to buy it.
    pub buy: BuyUnit,
    /// Sold in another form than the recipe lists (dry, raw).
    pub bought: Option<Bought>,
    /// A word for the cook (`drained`, `fresh or frozen`).
    pub note: Option<String>,
    /// Sodium, mg per 100 g.
    pub sodium_mg: f64,
    /// Saturated fat, g per 100 g.
    pub saturated_fat: f64,
    /// Protein, g per 100 g: what makes it a protein food
    /// ([`is_protein_food`](Self::is_protein_food)).
    pub protein: f64,
}

/// Protein per 100 g from which an ingredient is a protein food (meat,
/// fish, eggs, cheese, yogurt, tofu, pulses, nuts): the day rules keep any
/// one of them to two meals a day.
pub const PROTEIN_FOOD_G: f64 = 7.0;

/// What kind of protein food an ingredient is, for the rule that keeps
/// one to two meals a day.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProteinFood {
    /// A food a meal is built on: meat, fish, eggs, cheese, yogurt, tofu,
    /// seitan, pulses, nuts, seeds, oats.
    Main,
    /// A seasoning, snack or baking good with as much protein by weight
    /// (cumin, paprika, tamari, rice cakes, crackers, flour, cocoa): it
    /// counts too, but a day gives way on it before anything else.
    Minor,
}

impl KitchenFacts {
    /// Whether this is a protein food: at least [`PROTEIN_FOOD_G`] of
    /// protein per 100 g, breads and pasta (noodles and couscous too)
    /// aside, which are eaten as staples; and of which kind.
    pub fn protein_food(&self, name: &str) -> Option<ProteinFood> {
        if self.protein < PROTEIN_FOOD_G
            || self.aisle == Aisle::Bakery
            || ["pasta", "noodle", "couscous"]
                .iter()
                .any(|w| name.contains(w))
        {
            return None;
        }
        let minor = matches!(
            self.aisle,
            Aisle::Spices | Aisle::Condiments | Aisle::Snacks
        ) || (self.aisle == Aisle::Baking && self.protein < 50.0);
        Some(if minor {
            ProteinFood::Minor
        } else {
            ProteinFood::Main
        })
    }
}

/// One ingredient line of a recipe as a cook reads it.
#[derive(Debug, Clone, PartialEq)]
pub struct IngredientLine {
    /// Ingredient.
    pub name: String,
    /// Grams of one serving.
    pub grams: f64,
    /// Household measure (`2 eggs`, `1 tbsp`, `250 ml`, `⅔ cup`), when
    /// the amount can be measured without scales.
    pub measure: Option<String>,
    /// The exact count when the measure rounded things that come whole
    /// (1.6 for `2 eggs`): the portion needs part of one, and a page says
    /// it rounded.
    pub rounded_from: Option<f64>,
    /// Grams, then measure and notes: `100 g (2 eggs)`,
    /// `150 g cooked (¾ cup; from 50 g dry)`.
    pub display: String,
}

/// An amount to buy.
#[derive(Debug, Clone, PartialEq)]
pub struct Purchase {
    /// How many `unit`s.
    pub amount: f64,
    /// `g`, `kg`, `ml`, `l`, or a count noun agreeing with `amount`
    /// (`egg`, `eggs`, `cans`).
    pub unit: String,
    /// `6 eggs`, `750 ml`, `1.2 kg`.
    pub display: String,
    /// The form bought when it is not the recipe's (`dry`, `raw`).
    pub form: Option<String>,
    /// Where to find it.
    pub aisle: Aisle,
}

/// The kitchen facts of every known ingredient.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Kitchen {
    facts: HashMap<String, KitchenFacts>,
}

impl Kitchen {
    /// A kitchen knowing these ingredients.
    pub fn new(facts: impl IntoIterator<Item = (String, KitchenFacts)>) -> Self {
        Self {
            facts: facts.into_iter().collect(),
        }
    }

    /// What is known of `name`.
    pub fn get(&self, name: &str) -> Option<&KitchenFacts> {
        self.facts.get(name)
    }

    /// Number of ingredients known.
    pub fn len(&self) -> usize {
        self.facts.len()
    }

    /// Whether nothing is known.
    pub fn is_empty(&self) -> bool {
        self.facts.is_empty()
    }

    /// Saturated fat (g) and sodium (mg) of these ingredient amounts;
    /// unknown ingredients count as none.
    pub fn minor_nutrients(&self, ingredients: &[RecipeIngredient]) -> (f64, f64) {
        ingredients
            .iter()
            .fold((0.0, 0.0), |(fat, sodium), i| match self.get(&i.name) {
                Some(f) => (
                    fat + f.saturated_fat * i.grams / 100.0,
                    sodium + f.sodium_mg * i.grams / 100.0,
                ),
                None => (fat, sodium),
            })
    }

    /// An ingredient line with its household measure.
    pub fn line(&self, ingredient: &RecipeIngredient) -> IngredientLine {
        let grams = ingredient.grams;
        let facts = self.get(&ingredient.name);
        let measured = facts.and_then(|f| measure(&f.measure, grams));
        let rounded_from = measured.as_ref().and_then(|m| m.rounded_from);
        let measure = measured.map(|m| m.text);
        let mut display = grams_text(grams);
        let mut notes: Vec<String> = measure
            .iter()
            .map(|m| match rounded_from {
                Some(exact) => format!("{m}, rounded from {}", fraction(exact)),
                None => m.clone(),
            })
            .collect();
        if let Some(f) = facts {
            if let Some(b) = &f.bought {
                display.push_str(" cooked");
                let bought = grams_text(bought_grams(grams * b.factor));
                notes.push(if b.word == "dry" {
                    format!("from {bought} dry")
                } else {
                    format!("about {bought} {}", b.word)
                });
            }
            notes.extend(f.note.clone());
        }
        if !notes.is_empty() {
            display = format!("{display} ({})", notes.join("; "));
        }
        IngredientLine {
            name: ingredient.name.clone(),
            grams,
            measure,
            rounded_from,
            display,
        }
    }

    /// Renders a step template against a recipe's ingredients, already
    /// scaled to the portion of `servings`; the amounts a step names
    /// outside the ingredient list (`{100 ml water}`) are scaled by
    /// `servings` here, so a pot for four says 400 ml. A reference the
    /// recipe does not have is written as its bare name (the catalogue
    /// tests make sure that never happens).
    pub fn step(&self, template: &str, ingredients: &[RecipeIngredient], servings: f64) -> String {
        let Ok(parts) = parse_step(template) else {
            return template.to_owned();
        };
        parts
            .iter()
            .map(|part| match part {
                StepPart::Text(text) => text.clone(),
                StepPart::Ref(r) => match ingredients.iter().find(|i| i.name == r.name) {
                    Some(i) => self.phrase(&r.name, i.grams * r.share, r.form.as_deref()),
                    None => r.name.clone(),
                },
                StepPart::Amount(a) => format!("{} {}", liquid_text(a.ml * servings), a.what),
            })
            .collect()
    }

    /// `grams` of `name` as a step says it: `2 eggs (100 g)`,
    /// `1 tbsp olive oil`, `200 ml milk`, `50 g rolled oats (⅔ cup)`,
    /// `150 g cooked brown rice`; with `form` (`dry`, `raw`) the amount
    /// as bought: `50 g dry brown rice (about 150 g cooked)`.
    pub fn phrase(&self, name: &str, grams: f64, form: Option<&str>) -> String {
        let Some(facts) = self.get(name) else {
            return format!("{} {name}", grams_text(grams));
        };
        if let Some(b) = &facts.bought {
            let cooked = grams_text(grams);
            if form == Some(b.word.as_str()) {
                let bought = grams_text(bought_grams(grams * b.factor));
                let done = if b.word == "in shell" {
                    "cooked meat"
                } else {
                    "cooked"
                };
                return if b.word == "dry" || b.word == "raw" {
                    format!("{bought} {} {name} (about {cooked} {done})", b.word)
                } else {
                    format!("{bought} {name} {} (about {cooked} {done})", b.word)
                };
            }
            return match measure(&facts.measure, grams) {
                Some(m) => format!("{cooked} cooked {name} ({})", m.text),
                None => format!("{cooked} cooked {name}"),
            };
        }
        let weight = grams_text(grams);
        match (&facts.measure, measure(&facts.measure, grams)) {
            (HouseMeasure::Piece(_) | HouseMeasure::Whole(_), Some(m)) => {
                format!("{} ({weight})", m.text)
            }
            (_, Some(m)) if m.text == PINCH => format!("a pinch of {name}"),
            (_, Some(m)) if m.spoon => format!("{} {name}", m.text),
            (_, Some(m)) => format!("{weight} {name} ({})", m.text),
            (_, None) => format!("{weight} {name}"),
        }
    }

    /// What `grams` of `name` in recipes are bought as: another
    /// ingredient and its grams where the kitchen says so ([`BuyUnit::As`],
    /// followed once), else the same.
    pub fn bought_as<'a>(&'a self, name: &'a str, grams: f64) -> (&'a str, f64) {
        match self.get(name).map(|f| &f.buy) {
            Some(BuyUnit::As {
                name: other,
                factor,
            }) if self.get(other).is_some() => (other.as_str(), grams * factor),
            _ => (name, grams),
        }
    }

    /// How much of `name` to buy for `grams` in recipes: rounded up to a
    /// whole piece, or to 5 g / 5 ml below 50, 10 below 1000, 0.1 kg / l
    /// above; an ingredient bought as another is bought as that one.
    pub fn purchase(&self, name: &str, grams: f64) -> Purchase {
        let (bought, grams_bought) = self.bought_as(name, grams);
        if bought != name {
            return self.purchase(bought, grams_bought);
        }
        let Some(facts) = self.get(name) else {
            return weight_purchase(grams, Aisle::Other, None);
        };
        let (grams, form) = match &facts.bought {
            Some(b) => (grams * b.factor, Some(b.word.clone())),
            None => (grams, None),
        };
        match &facts.buy {
            BuyUnit::Piece(p) => {
                // A tenth of a piece short is close enough.
                let count = (grams / p.grams - 0.1).ceil().max(1.0);
                let unit = p.noun(count).to_owned();
                Purchase {
                    amount: count,
                    display: format!("{count} {unit}"),
                    unit,
                    form,
                    aisle: facts.aisle,
                }
            }
            BuyUnit::Volume { grams_per_ml } => {
                let (amount, unit) = round_up_metric(grams / grams_per_ml, "ml", "l");
                Purchase {
                    amount,
                    display: format!("{} {unit}", number(amount)),
                    unit: unit.to_owned(),
                    form,
                    aisle: facts.aisle,
                }
            }
            BuyUnit::Weight | BuyUnit::As { .. } => weight_purchase(grams, facts.aisle, form),
        }
    }
}

fn weight_purchase(grams: f64, aisle: Aisle, form: Option<String>) -> Purchase {
    let (amount, unit) = round_up_metric(grams, "g", "kg");
    Purchase {
        amount,
        display: format!("{} {unit}", number(amount)),
        unit: unit.to_owned(),
        form,
        aisle,
    }
}

/// Rounds an amount of grams or millilitres up: to 5 up to 50, to 10
/// below 1000, then to a tenth of a kilo or litre.
fn round_up_metric(value: f64, small: &'static str, large: &'static str) -> (f64, &'static str) {
    let up = |step: f64| ((value / step) - 1e-9).ceil().max(1.0) * step;
    if value <= 50.0 {
        (up(5.0), small)
    } else if value < 1000.0 {
        let v = up(10.0);
        if v >= 1000.0 {
            (1.0, large)
        } else {
            (v, small)
        }
    } else {
        ((up(100.0) / 1000.0 * 10.0).round() / 10.0, large)
    }
}

/// Raw or dry weights are estimates: whole grams below 20, else to 5 g.
fn bought_grams(grams: f64) -> f64 {
    if grams < 20.0 {
        grams.round()
    } else {
        (grams / 5.0).round() * 5.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn piece(grams: f64, one: &str, many: &str) -> Piece {
        Piece {
            grams,
            one: one.into(),
            many: many.into(),
        }
    }

    fn facts(measure: HouseMeasure, buy: BuyUnit, bought: Option<(&str, f64)>) -> KitchenFacts {
        KitchenFacts {
            aisle: Aisle::Produce,
            measure,
            buy,
            bought: bought.map(|(w, f)| Bought {
                word: w.into(),
                factor: f,
            }),
            note: None,
            sodium_mg: 0.0,
            saturated_fat: 0.0,
            protein: 0.0,
        }
    }

    fn kitchen() -> Kitchen {
        let egg = piece(50.0, "egg", "eggs");
        Kitchen::new([
            (
                "egg".to_owned(),
                KitchenFacts {
                    sodium_mg: 142.0,
                    saturated_fat: 3.1,
                    ..facts(HouseMeasure::Whole(egg.clone()), BuyUnit::Piece(egg), None)
                },
            ),
            (
                "olive oil".to_owned(),
                facts(
                    HouseMeasure::Liquid {
                        grams_per_ml: 0.913,
                    },
                    BuyUnit::Volume {
                        grams_per_ml: 0.913,
                    },
                    None,
                ),
            ),
            (
                "milk".to_owned(),
                facts(
                    HouseMeasure::Liquid {
                        grams_per_ml: 1.031,
                    },
                    BuyUnit::Volume {
                        grams_per_ml: 1.031,
                    },
                    None,
                ),
            ),
            (
                "rolled oats".to_owned(),
                facts(
                    HouseMeasure::Spoon {
                        grams_per_tsp: 80.0 / 48.0,
                    },
                    BuyUnit::Weight,
                    None,
                ),
            ),
            (
                "salt".to_owned(),
                facts(
                    HouseMeasure::Spoon { grams_per_tsp: 6.0 },
                    BuyUnit::Weight,
                    None,
                ),
            ),
            (
                "brown rice".to_owned(),
                facts(
                    HouseMeasure::Spoon {
                        grams_per_tsp: 202.0 / 48.0,
                    },
                    BuyUnit::Weight,
                    Some(("dry", 0.337)),
                ),
            ),
            (
                "chicken breast".to_owned(),
                facts(HouseMeasure::Weight, BuyUnit::Weight, Some(("raw", 1.33))),
            ),
            (
                "onion".to_owned(),
                facts(
                    HouseMeasure::Piece(piece(110.0, "onion", "onions")),
                    BuyUnit::Piece(piece(110.0, "onion", "onions")),
                    None,
                ),
            ),
            (
                "lemon juice".to_owned(),
                facts(
                    HouseMeasure::Liquid {
                        grams_per_ml: 1.031,
                    },
                    BuyUnit::Piece(piece(48.0, "lemon", "lemons")),
                    None,
                ),
            ),
        ])
    }

    fn ing(name: &str, grams: f64) -> RecipeIngredient {
        RecipeIngredient {
            name: name.into(),
            grams,
        }
    }

    #[test]
    fn household_measures_read_like_a_cookbook() {
        let k = kitchen();
        let display = |name: &str, grams: f64| k.line(&ing(name, grams)).display;
        assert_eq!(display("egg", 100.0), "100 g (2 eggs)");
        assert_eq!(display("egg", 50.0), "50 g (1 egg)");
        assert_eq!(display("egg", 80.0), "80 g (2 eggs, rounded from 1.6)");
        assert_eq!(display("egg", 75.0), "75 g (2 eggs, rounded from 1½)");
        assert_eq!(display("egg", 52.0), "52 g (1 egg)");
        assert_eq!(display("egg", 187.5), "188 g (4 eggs, rounded from 3¾)");
        assert_eq!(display("egg", 20.0), "20 g (1 egg, rounded from 0.4)");
        assert_eq!(display("egg", 5.0), "5 g");
        // A small part of many goes unsaid; a half of one does not.
        assert_eq!(display("egg", 308.0), "308 g (6 eggs)");
        assert_eq!(display("egg", 225.0), "225 g (5 eggs, rounded from 4½)");
        assert_eq!(display("olive oil", 14.0), "14 g (1 tbsp)");
        assert_eq!(display("olive oil", 5.0), "5 g (1 tsp)");
        assert_eq!(display("milk", 250.0), "250 g (250 ml)");
        assert_eq!(display("milk", 200.0), "200 g (200 ml)");
        assert_eq!(display("rolled oats", 50.0), "50 g (⅔ cup)");
        assert_eq!(display("rolled oats", 40.0), "40 g (½ cup)");
        assert_eq!(display("salt", 0.5), "0.5 g (a pinch)");
        assert_eq!(display("salt", 1.0), "1 g (a pinch)");
        assert_eq!(display("salt", 3.0), "3 g (½ tsp)");
        assert_eq!(display("onion", 55.0), "55 g (½ onion)");
        assert_eq!(display("onion", 10.0), "10 g");
        assert_eq!(display("onion", 250.0), "250 g (2½ onions)");
        assert_eq!(
            display("brown rice", 150.0),
            "150 g cooked (¾ cup; from 50 g dry)"
        );
        assert_eq!(
            display("chicken breast", 150.0),
            "150 g cooked (about 200 g raw)"
        );
        assert_eq!(display("kiwi", 69.0), "69 g");
        assert_eq!(
            k.line(&ing("egg", 100.0)).measure.as_deref(),
            Some("2 eggs")
        );
        assert_eq!(k.line(&ing("chicken breast", 100.0)).measure, None);
        assert_eq!(k.line(&ing("egg", 80.0)).rounded_from, Some(1.6));
        assert_eq!(k.line(&ing("egg", 100.0)).rounded_from, None);
        // Things cut at home are still measured in parts.
        assert_eq!(k.line(&ing("onion", 55.0)).rounded_from, None);
    }

    #[test]
    fn steps_take_their_amounts_from_the_recipe() {
        let k = kitchen();
        let recipe = [
            ing("egg", 100.0),
            ing("olive oil", 10.0),
            ing("milk", 200.0),
            ing("rolled oats", 50.0),
            ing("brown rice", 150.0),
            ing("chicken breast", 150.0),
            ing("salt", 1.0),
        ];
        let step = |t: &str| k.step(t, &recipe, 1.0);
        assert_eq!(
            step("Whisk {egg} with {milk}."),
            "Whisk 2 eggs (100 g) with 200 ml milk."
        );
        assert_eq!(
            step("Heat {1/2 olive oil}, then the rest: {1/2 olive oil}."),
            "Heat 1 tsp olive oil, then the rest: 1 tsp olive oil."
        );
        assert_eq!(
            step("Soak {rolled oats}."),
            "Soak 50 g rolled oats (⅔ cup)."
        );
        assert_eq!(
            step("Cook {brown rice:dry}; warm {brown rice}."),
            "Cook 50 g dry brown rice (about 150 g cooked); warm 150 g cooked brown rice (¾ cup)."
        );
        assert_eq!(
            step("Season {chicken breast:raw} with {salt}."),
            "Season 200 g raw chicken breast (about 150 g cooked) with a pinch of salt."
        );
        assert_eq!(step("Add {kale}."), "Add kale.");
        assert_eq!(
            step("Simmer in {300 ml water}, then {1 tbsp of the water}."),
            "Simmer in 300 ml water, then 1 tbsp of the water."
        );
    }

    #[test]
    fn water_in_the_steps_scales_with_the_portion() {
        let k = kitchen();
        let at = |servings: f64| {
            let recipe = [ing("brown rice", 150.0 * servings)];
            k.step(
                "Cook {brown rice:dry} in {100 ml water}; add {2 tbsp hot water}.",
                &recipe,
                servings,
            )
        };
        assert_eq!(
            at(1.0),
            "Cook 50 g dry brown rice (about 150 g cooked) in 100 ml water; add 2 tbsp hot water."
        );
        assert_eq!(
            at(4.5),
            "Cook 225 g dry brown rice (about 675 g cooked) in 450 ml water; add 140 ml hot water."
        );
        assert_eq!(
            at(0.75),
            "Cook 40 g dry brown rice (about 113 g cooked) in 75 ml water; add 1½ tbsp hot water."
        );
        assert_eq!(k.step("Add {1.1 l water}.", &[], 1.0), "Add 1.1 l water.");
        assert_eq!(k.step("Add {1.1 l water}.", &[], 0.5), "Add 550 ml water.");
    }

    #[test]
    fn purchases_round_up_to_what_shops_sell() {
        let k = kitchen();
        let buy = |name: &str, grams: f64| k.purchase(name, grams).display;
        assert_eq!(buy("egg", 300.0), "6 eggs");
        assert_eq!(buy("egg", 230.0), "5 eggs");
        assert_eq!(buy("egg", 104.0), "2 eggs");
        assert_eq!(buy("egg", 20.0), "1 egg");
        assert_eq!(buy("milk", 1400.0), "1.4 l");
        assert_eq!(buy("milk", 700.0), "680 ml");
        assert_eq!(buy("olive oil", 30.0), "35 ml");
        assert_eq!(buy("rolled oats", 1234.0), "1.3 kg");
        assert_eq!(buy("rolled oats", 995.0), "1 kg");
        assert_eq!(buy("rolled oats", 251.0), "260 g");
        assert_eq!(buy("salt", 2.0), "5 g");
        assert_eq!(buy("lemon juice", 60.0), "2 lemons");
        let rice = k.purchase("brown rice", 600.0);
        assert_eq!(
            (rice.display.as_str(), rice.form.as_deref()),
            ("210 g", Some("dry"))
        );
        let unknown = k.purchase("kiwi", 70.0);
        assert_eq!(
            (unknown.display.as_str(), unknown.aisle),
            ("70 g", Aisle::Other)
        );
        let eggs = k.purchase("egg", 300.0);
        assert_eq!((eggs.amount, eggs.unit.as_str()), (6.0, "eggs"));
    }

    #[test]
    fn minor_nutrients_sum_per_100_g() {
        let (fat, sodium) = kitchen().minor_nutrients(&[ing("egg", 50.0), ing("kiwi", 10.0)]);
        assert!((fat - 1.55).abs() < 1e-9 && (sodium - 71.0).abs() < 1e-9);
    }

    #[test]
    fn protein_foods_by_protein_with_staples_aside_and_seasonings_minor() {
        let with = |aisle: Aisle, protein: f64| KitchenFacts {
            aisle,
            protein,
            ..facts(HouseMeasure::Weight, BuyUnit::Weight, None)
        };
        for (name, facts, kind) in [
            (
                "chicken breast",
                with(Aisle::Meat, 31.0),
                Some(ProteinFood::Main),
            ),
            ("lentils", with(Aisle::Grains, 9.0), Some(ProteinFood::Main)),
            (
                "vital wheat gluten",
                with(Aisle::Baking, 75.2),
                Some(ProteinFood::Main),
            ),
            (
                "rolled oats",
                with(Aisle::Breakfast, 16.9),
                Some(ProteinFood::Main),
            ),
            ("cumin", with(Aisle::Spices, 17.8), Some(ProteinFood::Minor)),
            (
                "tamari",
                with(Aisle::Condiments, 10.5),
                Some(ProteinFood::Minor),
            ),
            (
                "rice cakes",
                with(Aisle::Snacks, 8.2),
                Some(ProteinFood::Minor),
            ),
            ("flour", with(Aisle::Baking, 10.3), Some(ProteinFood::Minor)),
            ("whole wheat bread", with(Aisle::Bakery, 12.5), None),
            ("whole wheat pasta", with(Aisle::Grains, 6.0), None),
            ("pasta", with(Aisle::Grains, 7.5), None),
            ("rice noodles", with(Aisle::Grains, 7.1), None),
            ("broccoli", with(Aisle::Produce, 2.8), None),
        ] {
            assert_eq!(facts.protein_food(name), kind, "{name}");
        }
    }
}
