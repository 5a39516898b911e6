//! A person's own recipe: the recipe as the planner sees it, and the
//! ingredient lines it was computed from, each placed on one SR28 food or
//! waiting for the person to say which. Only a recipe whose every line is
//! placed, and which fills at least one slot, is [`OwnStatus::Ready`] and
//! may be planned.

use crate::account::UserId;
use crate::food::recipe::Recipe;

/// The first id of one's own recipes: catalogue numbers stay below it,
/// so the two never name the same recipe.
pub const OWN_RECIPE_BASE: i64 = 1_000_000_000;

/// Whether an id names one's own recipe rather than a catalogue one.
pub fn is_own_recipe_id(id: i64) -> bool {
    id > OWN_RECIPE_BASE
}

/// The links of own recipe `id`'s printable page and plate picture under
/// its page key (a random secret made when the recipe is stored). The
/// page and picture open without a login, as the catalogue's do, but only
/// for a link holder: the owner's plans and answers carry these links.
pub fn own_recipe_links(id: i64, key: &str) -> OwnLinks {
    OwnLinks {
        page: format!("/recipes/{id}?key={key}"),
        picture: format!("/recipes/{id}/plate.svg?key={key}"),
    }
}

/// An own recipe's page and picture links (see [`own_recipe_links`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OwnLinks {
    /// The printable page.
    pub page: String,
    /// The plate picture.
    pub picture: String,
}

impl OwnLinks {
    /// Sets `recipe`'s page and picture links to these.
    pub fn applied(self, mut recipe: crate::Recipe) -> crate::Recipe {
        recipe.recipe_url = Some(self.page);
        recipe.image_url = Some(self.picture);
        recipe
    }

    /// Whether `key` is the page key of own recipe `recipe` (as stored,
    /// links included), compared in constant time.
    pub fn admit(recipe: &crate::Recipe, key: &str) -> bool {
        let expected = own_recipe_links(recipe.id, key).page;
        let stored = recipe.recipe_url.as_deref().unwrap_or("");
        stored.len() == expected.len()
            && stored
                .bytes()
                .zip(expected.bytes())
                .fold(0u8, |acc, (a, b)| acc | (a ^ b))
                == 0
            && !key.is_empty()
    }
}

choice!(
    /// Whether an own recipe may be planned.
    OwnStatus {
        /// Every line placed and a meal type known.
        Ready = "ready",
        /// A line or the meal type waits for the person.
        NeedsReview = "needs_review",
    }
);

/// A food a line is, or may be.
#[derive(Debug, Clone, PartialEq)]
pub struct FoodChoice {
    /// SR28 NDB number.
    pub ndb: u32,
    /// SR28 description.
    pub description: String,
    /// How sure the reading is, 0 to 1 (1 when the person chose it).
    pub confidence: f64,
}

/// One ingredient line as the person wrote it and what became of it.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct OwnLine {
    /// The line as written.
    pub text: String,
    /// The food it is placed on, when placed.
    pub food: Option<FoodChoice>,
    /// Grams in the whole recipe, when known.
    pub grams: Option<f64>,
    /// Foods it may be when not placed, best first (at most five).
    pub candidates: Vec<FoodChoice>,
    /// Why it waits, when it does.
    pub review: Option<String>,
}

impl OwnLine {
    /// Whether the line counts: a food and its grams are known.
    pub fn is_placed(&self) -> bool {
        self.food.is_some() && self.grams.is_some()
    }
}

/// The nutrition of one serving as the recipe's source stated it: the
/// calories, and each other figure only where the source gave one (a
/// blog that states only "520 kcal" says nothing of its protein, which is
/// not 0 g).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Stated {
    /// kcal.
    pub calories: f64,
    /// Protein, g.
    pub protein: Option<f64>,
    /// Carbohydrates, g.
    pub carbs: Option<f64>,
    /// Fat, g.
    pub fat: Option<f64>,
    /// Fibre, g.
    pub fiber: Option<f64>,
    /// Sugars, g.
    pub sugar: Option<f64>,
}

/// A recipe of one account's, with the lines it was computed from.
#[derive(Debug, Clone, PartialEq)]
pub struct OwnRecipe {
    /// The recipe as plans and pages use it (one serving; its labels
    /// derived by the catalogue's rules from the placed lines).
    pub recipe: Recipe,
    /// The account it belongs to.
    pub owner: UserId,
    /// Servings the lines make.
    pub servings: u32,
    /// The ingredient lines, in order.
    pub lines: Vec<OwnLine>,
    /// What the source said one serving holds, kept beside the computed
    /// figures and never used in their place.
    pub stated: Option<Stated>,
    /// The source's keywords.
    pub keywords: Vec<String>,
    /// Deleted by its owner: hidden from lists and the planner, kept for
    /// the plans that used it.
    pub deleted: bool,
}

impl OwnRecipe {
    /// Ready when every line is placed and it fills a slot.
    pub fn status(&self) -> OwnStatus {
        if self.lines.iter().all(OwnLine::is_placed) && !self.recipe.meal_types().is_empty() {
            OwnStatus::Ready
        } else {
            OwnStatus::NeedsReview
        }
    }

    /// Whether the planner may use it.
    pub fn plannable(&self) -> bool {
        !self.deleted && self.status() == OwnStatus::Ready
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{MealType, RecipeIngredient, RecipeParts, Taxonomy};

    fn own(lines: Vec<OwnLine>, meal_types: Vec<MealType>) -> OwnRecipe {
        let parts = RecipeParts {
            id: OWN_RECIPE_BASE + 1,
            recipe_id: OWN_RECIPE_BASE + 1,
            name: "stew".into(),
            ingredients: vec![RecipeIngredient {
                name: "rice".into(),
                grams: 100.0,
            }],
            meal_types,
            ..RecipeParts::default()
        };
        OwnRecipe {
            recipe: Recipe::from_stored(Taxonomy::standard(), parts, vec![], vec![]),
            owner: UserId(1),
            servings: 2,
            lines,
            stated: None,
            keywords: vec![],
            deleted: false,
        }
    }

    fn placed() -> OwnLine {
        OwnLine {
            text: "1 cup rice".into(),
            food: Some(FoodChoice {
                ndb: 20044,
                description: "Rice".into(),
                confidence: 0.95,
            }),
            grams: Some(185.0),
            ..OwnLine::default()
        }
    }

    #[test]
    fn ready_only_when_every_line_is_placed_and_a_slot_is_known() {
        assert_eq!(
            own(vec![placed()], vec![MealType::Dinner]).status(),
            OwnStatus::Ready
        );
        let waiting = OwnLine {
            text: "1 head lettuce".into(),
            ..OwnLine::default()
        };
        let mixed = own(vec![placed(), waiting], vec![MealType::Dinner]);
        assert_eq!(mixed.status(), OwnStatus::NeedsReview);
        assert!(!mixed.plannable());
        assert_eq!(own(vec![placed()], vec![]).status(), OwnStatus::NeedsReview);
        let mut gone = own(vec![placed()], vec![MealType::Lunch]);
        gone.deleted = true;
        assert!(!gone.plannable());
    }

    #[test]
    fn own_ids_sit_above_the_catalogue() {
        assert!(!is_own_recipe_id(1048));
        assert!(is_own_recipe_id(OWN_RECIPE_BASE + 1));
    }
}
