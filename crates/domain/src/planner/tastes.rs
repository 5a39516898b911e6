//! What a person likes, as the planner prefers it: taste words a recipe
//! is labelled with (`spicy`, `sweet`) and foods it holds (`salmon`,
//! `fish`, `chickpeas`). A food is read over the taxonomy as a
//! restriction of the same name is, so "I like fish" prefers every dish a
//! fish allergy would keep out, and a liked food is never only a word no
//! recipe carries.

use crate::food::recipe::Recipe;
use crate::food::restriction::Rule;
use crate::food::taxonomy::Taxonomy;

use super::HardRules;

/// A person's likes (a soft preference of the planner).
#[derive(Debug, Clone, Default)]
pub struct Tastes {
    /// Each liked name, with the food it names when it names one.
    liked: Vec<(String, Option<HardRules>)>,
}

impl Tastes {
    /// `names` read over `taxonomy`: a name whose restriction keeps out
    /// foods (a kind or an allergen, never a diet) is a food; any name
    /// is also a taste word.
    pub fn new(taxonomy: &Taxonomy, names: Vec<String>) -> Self {
        let liked = names
            .into_iter()
            .map(|name| {
                let food = HardRules::new(taxonomy, [name.as_str()], &[]);
                let names_food = food.restrictions().iter().all(|r| {
                    r.is_enforced()
                        && r.rules()
                            .iter()
                            .all(|rule| matches!(rule, Rule::Kind(_) | Rule::Allergen(_)))
                });
                (name, names_food.then_some(food))
            })
            .collect();
        Self { liked }
    }

    /// How many of the likes `recipe` has: a taste it is labelled with,
    /// or a food in it.
    pub(crate) fn count_in(&self, recipe: &Recipe) -> usize {
        self.liked
            .iter()
            .filter(|(name, food)| {
                recipe.tastes.contains(name)
                    || food.as_ref().is_some_and(|f| !f.allows_allergens(recipe))
            })
            .count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(name: &str, ingredient: &str, tastes: &[&str]) -> Recipe {
        use crate::food::meal::MealType;
        use crate::food::nutrition::Nutrition;
        use crate::food::recipe::{RecipeIngredient, RecipeParts};
        Recipe::new(
            Taxonomy::standard(),
            RecipeParts {
                id: 1,
                name: name.into(),
                nutrition: Nutrition {
                    calories: 500.0,
                    ..Nutrition::default()
                },
                ingredients: vec![RecipeIngredient {
                    name: ingredient.into(),
                    grams: 100.0,
                }],
                meal_types: vec![MealType::Dinner],
                tastes: tastes.iter().map(|t| (*t).to_owned()).collect(),
                ..RecipeParts::default()
            },
        )
        .expect("a valid recipe")
    }

    #[test]
    fn a_liked_food_counts_in_the_dishes_that_hold_it() {
        let t = Taxonomy::standard();
        let likes = Tastes::new(t, vec!["salmon".into(), "fish".into(), "sweet".into()]);
        assert_eq!(likes.count_in(&with("Baked salmon", "salmon", &[])), 2);
        assert_eq!(likes.count_in(&with("Cod stew", "cod", &[])), 1);
        assert_eq!(likes.count_in(&with("Lentil soup", "lentils", &[])), 0);
        assert_eq!(likes.count_in(&with("Rice pudding", "rice", &["sweet"])), 1);
        // The planner's preference bonus follows.
        let salmon = super::super::bonus(&with("Baked salmon", "salmon", &[]), &[], &likes, false);
        let lentils = super::super::bonus(&with("Lentil soup", "lentils", &[]), &[], &likes, false);
        assert!(salmon > lentils, "{salmon} vs {lentils}");
    }

    #[test]
    fn a_diet_liked_is_no_food() {
        let likes = Tastes::new(Taxonomy::standard(), vec!["vegan".into()]);
        assert_eq!(likes.count_in(&with("Beef stew", "beef", &[])), 0);
    }
}
