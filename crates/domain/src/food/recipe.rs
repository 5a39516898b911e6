//! Recipes: what a dish is made of, and the labels (diet types,
//! allergens) it earns from that. A [`Recipe`] is only built by
//! [`Recipe::new`], which derives the labels from the ingredients over a
//! [`Taxonomy`] and refuses ingredients the taxonomy cannot classify, so
//! no recipe can claim a label its ingredients do not earn (a "vegan" dish
//! with honey, a nut-free one with peanut butter).

use crate::food::allergen::Allergen;
use crate::food::diet_type::DietType;
use crate::food::labels;
use crate::food::meal::MealType;
use crate::food::micronutrients::Micronutrients;
use crate::food::nutrition::Nutrition;
use crate::food::restriction::Diet;
use crate::food::taxonomy::Taxonomy;
use crate::quantity::NonNegative;

/// One ingredient line of a recipe.
#[derive(Debug, Clone, PartialEq)]
pub struct RecipeIngredient {
    /// Ingredient name (lowercase).
    pub name: String,
    /// Grams in one serving.
    pub grams: f64,
}

/// What a cook needs beyond the ingredient list, and the nutrients the
/// main facts leave out.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct RecipeCard {
    /// Hands-on preparation, minutes.
    pub prep_minutes: u32,
    /// Cooking on the stove or in the oven, minutes.
    pub cook_minutes: u32,
    /// Step templates, in order (`{olive oil}` stands for the recipe's
    /// amount; see [`crate::food::kitchen`]).
    pub steps: Vec<String>,
    /// Saturated fat of one serving, g.
    pub saturated_fat: f64,
    /// Sodium of one serving, mg.
    pub sodium: f64,
    /// Calcium, iron, potassium, vitamins and the rest of one serving
    /// (the catalogue's from USDA SR28; 0 where unknown).
    pub micronutrients: Micronutrients,
}

/// Everything a recipe's author states: [`Recipe::new`] adds the labels.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct RecipeParts {
    /// Id plans and the API refer to.
    pub id: i64,
    /// Stable catalogue number (the shipped catalogue uses it as `id` too).
    pub recipe_id: i64,
    /// Dish name.
    pub name: String,
    /// One serving's nutrition (the catalogue computes it from SR28).
    pub nutrition: Nutrition,
    /// Ingredients with grams of one serving, in recipe order.
    pub ingredients: Vec<RecipeIngredient>,
    /// Slots it may fill.
    pub meal_types: Vec<MealType>,
    /// Taste names it has (`spicy`, `sweet`, …).
    pub tastes: Vec<String>,
    /// Picture, if any.
    pub image_url: Option<String>,
    /// Where its page is, if it has one.
    pub recipe_url: Option<String>,
    /// Steps, times and the minor nutrients.
    pub card: RecipeCard,
}

/// Why [`Recipe::new`] refused a recipe.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RecipeError {
    /// The name is empty.
    #[error("a recipe needs a name")]
    NoName,
    /// No ingredient at all: nothing to derive labels from.
    #[error("recipe {0:?} has no ingredients")]
    NoIngredients(String),
    /// An ingredient the taxonomy does not know: its allergens and
    /// animal origin are unknown, so no label could be trusted.
    #[error("recipe {recipe:?}: the taxonomy does not know the ingredient {ingredient:?}{}",
        known_as.as_ref().map(|k| format!(" (it knows it as {k:?})")).unwrap_or_default())]
    UnknownIngredient {
        /// The recipe.
        recipe: String,
        /// The ingredient.
        ingredient: String,
        /// The taxonomy's own name for it, when the name is another way
        /// of writing one (an alias, a plural: `oatmeal` → `rolled oats`).
        known_as: Option<String>,
    },
    /// An ingredient amount that is not a positive number of grams.
    #[error("recipe {recipe:?}: {ingredient:?} needs a positive number of grams")]
    BadGrams {
        /// The recipe.
        recipe: String,
        /// The ingredient.
        ingredient: String,
    },
    /// It fills no meal slot, so no plan could use it.
    #[error("recipe {0:?} has no meal type")]
    NoMealTypes(String),
    /// A nutrient that is negative or not a number.
    #[error("recipe {0:?} has a negative or non-finite nutrient")]
    BadNutrition(String),
}

/// A recipe whose diet types and allergens follow from its ingredients
/// and nutrition (see [`crate::food::labels`]). What the labels are derived
/// from (nutrition, ingredients, meal types) is read-only, so they cannot
/// drift apart; the rest (ids, name, tastes, links, card) is plain data.
#[derive(Debug, Clone, PartialEq)]
pub struct Recipe {
    /// Id (what plans and the API refer to). The shipped catalogue uses
    /// the catalogue number here too, so `id == recipe_id` and a client may
    /// send either.
    pub id: i64,
    /// Stable catalogue number.
    pub recipe_id: i64,
    /// Dish name.
    pub name: String,
    /// Taste names it has (`spicy`, `sweet`, …).
    pub tastes: Vec<String>,
    /// Picture, if any.
    pub image_url: Option<String>,
    /// Where its page is, if it has one.
    pub recipe_url: Option<String>,
    /// Steps, times and the minor nutrients.
    pub card: RecipeCard,
    pub(crate) nutrition: Nutrition,
    pub(crate) ingredients: Vec<RecipeIngredient>,
    pub(crate) meal_types: Vec<MealType>,
    pub(crate) diet_types: Vec<DietType>,
    pub(crate) allergens: Vec<Allergen>,
    /// Ingredients the taxonomy has no name for, each with a taxonomy
    /// node its caller knows it to be (`beef`, `crustacean`), so that the
    /// hard rules judge it as that node ([`Recipe::with_kinds`]).
    pub(crate) judged_as: Vec<(String, String)>,
}

impl Recipe {
    /// Checks `parts` and derives the labels over `taxonomy` (use
    /// [`Taxonomy::standard`] unless you have your own): allergens are
    /// those any ingredient contains, diet types those the ingredients and
    /// nutrition earn. Every ingredient must be known to the taxonomy.
    ///
    /// ```
    /// use mealplan_domain::{Allergen, DietType, MealType, Nutrition, Recipe, RecipeIngredient, RecipeParts, Taxonomy};
    ///
    /// let toast = Recipe::new(Taxonomy::standard(), RecipeParts {
    ///     id: 1,
    ///     name: "Peanut butter toast".into(),
    ///     nutrition: Nutrition { calories: 350.0, protein: 12.0, carbs: 35.0, fat: 18.0, ..Nutrition::default() },
    ///     ingredients: vec![
    ///         RecipeIngredient { name: "whole wheat bread".into(), grams: 60.0 },
    ///         RecipeIngredient { name: "peanut butter".into(), grams: 30.0 },
    ///     ],
    ///     meal_types: vec![MealType::Breakfast],
    ///     ..RecipeParts::default()
    /// })?;
    /// assert!(toast.allergens().contains(&Allergen::Peanut));
    /// assert!(toast.is(DietType::Vegan));
    /// # Ok::<(), mealplan_domain::RecipeError>(())
    /// ```
    pub fn new(taxonomy: &Taxonomy, parts: RecipeParts) -> Result<Self, RecipeError> {
        let name = parts.name.trim();
        if name.is_empty() {
            return Err(RecipeError::NoName);
        }
        let named = |ingredient: &str| (name.to_owned(), ingredient.to_owned());
        if parts.ingredients.is_empty() {
            return Err(RecipeError::NoIngredients(name.to_owned()));
        }
        for i in &parts.ingredients {
            if !(i.grams.is_finite() && i.grams > 0.0) {
                let (recipe, ingredient) = named(&i.name);
                return Err(RecipeError::BadGrams { recipe, ingredient });
            }
            if !taxonomy.knows(&i.name) {
                let (recipe, ingredient) = named(&i.name);
                let known_as = taxonomy.resolve(&i.name).map(str::to_owned);
                return Err(RecipeError::UnknownIngredient {
                    recipe,
                    ingredient,
                    known_as,
                });
            }
        }
        if parts.meal_types.is_empty() {
            return Err(RecipeError::NoMealTypes(name.to_owned()));
        }
        let n = parts.nutrition;
        if [n.calories, n.protein, n.carbs, n.fat, n.fiber, n.sugar]
            .iter()
            .any(|v| NonNegative::parse(*v).is_err())
        {
            return Err(RecipeError::BadNutrition(name.to_owned()));
        }
        let names: Vec<&str> = parts.ingredients.iter().map(|i| i.name.as_str()).collect();
        let diet_types = labels::diet_types(taxonomy, &names, &n, &parts.meal_types);
        let allergens = labels::allergens(taxonomy, &names);
        Ok(Self::assemble(parts, diet_types, allergens))
    }

    /// A recipe read back from storage with the labels stored beside it
    /// (rows written before the current rules, or outside a catalogue,
    /// may hold ingredients no taxonomy knows, so labels cannot always be
    /// derived again). The labels are still checked against what
    /// `taxonomy` knows of the ingredients: allergens an ingredient
    /// contains are added, and a vegan or vegetarian label a known
    /// ingredient contradicts is dropped.
    pub fn from_stored(
        taxonomy: &Taxonomy,
        parts: RecipeParts,
        diet_types: Vec<DietType>,
        allergens: Vec<Allergen>,
    ) -> Self {
        let names: Vec<&str> = parts.ingredients.iter().map(|i| i.name.as_str()).collect();
        let derived = labels::allergens(taxonomy, &names);
        let allergens = Allergen::ALL
            .iter()
            .copied()
            .filter(|a| allergens.contains(a) || derived.contains(a))
            .collect();
        let diet_types = diet_types
            .into_iter()
            .filter(|d| {
                let diet = Diet::ALL.into_iter().find(|x| x.diet_type() == Some(*d));
                diet.is_none_or(|diet| !labels::contradicts(taxonomy, &names, diet))
            })
            .collect();
        Self::assemble(parts, diet_types, allergens)
    }

    /// The recipe of `parts` with labels already decided (derived or
    /// checked by the caller): the one place that lays out the fields.
    fn assemble(parts: RecipeParts, diet_types: Vec<DietType>, allergens: Vec<Allergen>) -> Self {
        Self {
            id: parts.id,
            recipe_id: parts.recipe_id,
            name: parts.name,
            tastes: parts.tastes,
            image_url: parts.image_url,
            recipe_url: parts.recipe_url,
            card: parts.card,
            nutrition: parts.nutrition,
            ingredients: parts.ingredients,
            meal_types: parts.meal_types,
            diet_types,
            allergens,
            judged_as: Vec::new(),
        }
    }

    /// One serving's nutrition.
    pub fn nutrition(&self) -> Nutrition {
        self.nutrition
    }

    /// Ingredients with grams of one serving, in recipe order.
    pub fn ingredients(&self) -> &[RecipeIngredient] {
        &self.ingredients
    }

    /// What one serving weighs as served, g: its ingredients' grams (as
    /// eaten: cooked pasta and rice, drained beans), what a plate holds.
    pub fn grams(&self) -> f64 {
        self.ingredients.iter().map(|i| i.grams).sum()
    }

    /// Energy density as served, kcal per gram (0 for a recipe of no
    /// weight).
    pub fn energy_density(&self) -> f64 {
        let grams = self.grams();
        if grams > 0.0 {
            self.nutrition().calories / grams
        } else {
            0.0
        }
    }

    /// Whether it is what a `diet` person's planner prefers: its label,
    /// except `low_calorie`, preferred by low energy density
    /// ([`LOW_ENERGY_DENSITY`](crate::food::labels::LOW_ENERGY_DENSITY))
    /// since a portion scales its calories.
    pub fn suits(&self, diet: DietType) -> bool {
        if diet == DietType::LowCalorie {
            self.grams() > 0.0 && self.energy_density() <= crate::food::labels::LOW_ENERGY_DENSITY
        } else {
            self.is(diet)
        }
    }

    /// Slots it may fill.
    pub fn meal_types(&self) -> &[MealType] {
        &self.meal_types
    }

    /// Diet types it earns, in [`DietType::ALL`] order.
    pub fn diet_types(&self) -> &[DietType] {
        &self.diet_types
    }

    /// Allergens its ingredients contain, in [`Allergen::ALL`] order.
    pub fn allergens(&self) -> &[Allergen] {
        &self.allergens
    }

    /// Whether it may fill a `meal_type` slot.
    pub fn serves(&self, meal_type: MealType) -> bool {
        self.meal_types.contains(&meal_type)
    }

    /// Whether it satisfies `diet`.
    pub fn is(&self, diet: DietType) -> bool {
        self.diet_types.contains(&diet)
    }

    /// The recipe also containing `more` (what its caller knows of an
    /// ingredient the taxonomy does not, say its food's source data). It
    /// only ever adds: no label a rule gave is taken away.
    pub fn with_allergens(mut self, more: &[Allergen]) -> Self {
        self.allergens = Allergen::ALL
            .iter()
            .copied()
            .filter(|a| self.allergens.contains(a) || more.contains(a))
            .collect();
        self
    }

    /// The recipe with its ingredient `ingredient`, which the taxonomy
    /// has no name for, also judged as each of the taxonomy nodes `kinds`
    /// (what its caller knows of it, say its food's source data: SR28
    /// beef is `beef`). Every hard rule that reads kinds (no pork,
    /// pescatarian, kosher, …) then sees it as it sees a named food. It
    /// only ever adds; kinds stay off the stored labels, so the caller
    /// gives them again each time the recipe is read.
    pub fn with_kinds(mut self, ingredient: &str, kinds: &[&str]) -> Self {
        for kind in kinds {
            let pair = (ingredient.to_owned(), (*kind).to_owned());
            if !self.judged_as.contains(&pair) {
                self.judged_as.push(pair);
            }
        }
        self
    }

    /// The taxonomy nodes ingredients the taxonomy has no name for are
    /// judged as ([`Recipe::with_kinds`]): (ingredient, node).
    pub fn judged_as(&self) -> &[(String, String)] {
        &self.judged_as
    }

    /// A recipe with labels given by hand, for the crate's own tests of
    /// rules that must hold even against wrong labels.
    #[cfg(test)]
    pub(crate) fn with_labels(
        parts: RecipeParts,
        diet_types: Vec<DietType>,
        allergens: Vec<Allergen>,
    ) -> Self {
        Self::assemble(parts, diet_types, allergens)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(ingredients: &[&str]) -> RecipeParts {
        RecipeParts {
            id: 7,
            recipe_id: 7,
            name: "dish".into(),
            nutrition: Nutrition {
                calories: 300.0,
                protein: 10.0,
                carbs: 40.0,
                fat: 10.0,
                ..Nutrition::default()
            },
            ingredients: ingredients
                .iter()
                .map(|n| RecipeIngredient {
                    name: (*n).into(),
                    grams: 50.0,
                })
                .collect(),
            meal_types: vec![MealType::Lunch],
            ..RecipeParts::default()
        }
    }

    #[test]
    fn labels_come_from_the_ingredients() {
        let t = Taxonomy::standard();
        let toast = Recipe::new(t, parts(&["whole wheat bread", "peanut butter"])).unwrap();
        assert!(toast.allergens().contains(&Allergen::Peanut));
        assert!(toast.allergens().contains(&Allergen::Gluten));
        assert!(toast.is(DietType::Vegan));
        let sweet = Recipe::new(t, parts(&["rolled oats", "honey"])).unwrap();
        assert!(!sweet.is(DietType::Vegan));
        assert!(sweet.is(DietType::Vegetarian));
        let ham = Recipe::new(t, parts(&["ham", "rice"])).unwrap();
        assert!(!ham.is(DietType::Vegetarian));
        assert!(ham.is(DietType::LowCalorie));
    }

    #[test]
    fn low_calorie_is_preferred_by_energy_density_not_by_serving() {
        let t = Taxonomy::standard();
        // 300 kcal in 100 g: a low-calorie label (under 400 kcal), but
        // 3 kcal a gram, which no portion makes lighter.
        let dense = Recipe::new(t, parts(&["ham", "rice"])).unwrap();
        assert!(dense.is(DietType::LowCalorie));
        assert!((dense.energy_density() - 3.0).abs() < 1e-9);
        assert!(!dense.suits(DietType::LowCalorie));
        // 300 kcal in 250 g: 1.2 kcal a gram.
        let light =
            Recipe::new(t, parts(&["ham", "rice", "broccoli", "spinach", "tomato"])).unwrap();
        assert!(light.suits(DietType::LowCalorie));
        assert_eq!(light.suits(DietType::Vegan), light.is(DietType::Vegan));
    }

    #[test]
    fn stored_labels_cannot_hide_what_the_taxonomy_knows() {
        let t = Taxonomy::standard();
        let diets = vec![DietType::Vegan, DietType::Vegetarian, DietType::LowCalorie];
        let honey = Recipe::from_stored(t, parts(&["rolled oats", "honey"]), diets.clone(), vec![]);
        assert_eq!(
            honey.diet_types(),
            [DietType::Vegetarian, DietType::LowCalorie]
        );
        let ham = Recipe::from_stored(t, parts(&["ham"]), diets.clone(), vec![]);
        assert_eq!(ham.diet_types(), [DietType::LowCalorie]);
        let nutty = Recipe::from_stored(t, parts(&["peanut butter"]), vec![], vec![Allergen::Milk]);
        assert_eq!(nutty.allergens(), [Allergen::Peanut, Allergen::Milk]);
        // What no taxonomy knows keeps its stored labels.
        let old = Recipe::from_stored(t, parts(&["mystery bar"]), diets.clone(), vec![]);
        assert_eq!(old.diet_types(), diets);
    }

    #[test]
    fn allergens_added_are_kept_in_order_and_none_is_taken() {
        let t = Taxonomy::standard();
        let toast = Recipe::new(t, parts(&["peanut butter"])).unwrap();
        let more = toast
            .clone()
            .with_allergens(&[Allergen::Crustaceans, Allergen::Peanut]);
        assert_eq!(more.allergens(), [Allergen::Crustaceans, Allergen::Peanut]);
        assert_eq!(toast.clone().with_allergens(&[]), toast);
    }

    #[test]
    fn nonsense_is_refused() {
        let t = Taxonomy::standard();
        assert_eq!(
            Recipe::new(t, parts(&["rice", "dragon fruit jam"])),
            Err(RecipeError::UnknownIngredient {
                recipe: "dish".into(),
                ingredient: "dragon fruit jam".into(),
                known_as: None,
            })
        );
        let alias = Recipe::new(t, parts(&["oatmeal"])).unwrap_err();
        assert_eq!(
            alias.to_string(),
            "recipe \"dish\": the taxonomy does not know the ingredient \"oatmeal\" (it knows it as \"rolled oats\")"
        );
        assert_eq!(
            Recipe::new(t, parts(&[])),
            Err(RecipeError::NoIngredients("dish".into()))
        );
        let mut no_slot = parts(&["rice"]);
        no_slot.meal_types.clear();
        assert_eq!(
            Recipe::new(t, no_slot),
            Err(RecipeError::NoMealTypes("dish".into()))
        );
        let mut zero = parts(&["rice"]);
        zero.ingredients[0].grams = 0.0;
        assert!(matches!(
            Recipe::new(t, zero),
            Err(RecipeError::BadGrams { .. })
        ));
        let mut negative = parts(&["rice"]);
        negative.nutrition.fat = -1.0;
        assert_eq!(
            Recipe::new(t, negative),
            Err(RecipeError::BadNutrition("dish".into()))
        );
        let mut unnamed = parts(&["rice"]);
        unnamed.name = "  ".into();
        assert_eq!(Recipe::new(t, unnamed), Err(RecipeError::NoName));
    }
}
