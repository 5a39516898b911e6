//! The recipe files (`data/recipes/*.txt`): one recipe a line,
//! `recipe_id | name | meal types | ingredient grams; …`.

use mealplan_domain::{MealType, Nutrition, Recipe, RecipeCard, RecipeIngredient, RecipeParts};

use crate::ingredients::IngredientTable;
use crate::{CatalogueError, rules};

/// Parses one recipe file against the ingredient table.
pub fn parse(
    file: &'static str,
    text: &str,
    table: &IngredientTable,
) -> Result<Vec<Recipe>, CatalogueError> {
    let mut recipes = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fail = |message: String| CatalogueError::Syntax {
            file,
            line: index + 1,
            message,
        };
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        let [id, name, meals, items] = fields[..] else {
            return Err(fail(format!("expected 4 fields, found {}", fields.len())));
        };
        let recipe_id = id
            .parse::<i64>()
            .map_err(|_| fail(format!("bad recipe id {id:?}")))?;
        let meal_types = meals
            .split(',')
            .map(|m| MealType::parse(m.trim()).map_err(|_| fail(format!("bad meal type {m:?}"))))
            .collect::<Result<Vec<_>, _>>()?;
        let mut ingredients = Vec::new();
        for item in items.split(';').map(str::trim).filter(|i| !i.is_empty()) {
            let (ingredient, grams) = item
                .rsplit_once(' ')
                .ok_or_else(|| fail(format!("expected `name grams`, found {item:?}")))?;
            let grams = grams
                .parse::<f64>()
                .ok()
                .filter(|g| g.is_finite() && *g > 0.0)
                .ok_or_else(|| fail(format!("bad grams in {item:?}")))?;
            ingredients.push(RecipeIngredient {
                name: ingredient.to_owned(),
                grams,
            });
        }
        if ingredients.is_empty() {
            return Err(fail("a recipe needs ingredients".into()));
        }
        let recipe = build(recipe_id, name, meal_types, ingredients, table).map_err(fail)?;
        recipes.push(recipe);
    }
    Ok(recipes)
}

/// A recipe from its ingredient lines, with nutrition and tastes derived
/// by [`rules`], and diet types and allergens by the domain
/// ([`Recipe::new`] over the table's taxonomy). Fails with what is wrong:
/// an ingredient missing from `table`, or a recipe the domain refuses.
pub fn build(
    recipe_id: i64,
    name: &str,
    meal_types: Vec<MealType>,
    ingredients: Vec<RecipeIngredient>,
    table: &IngredientTable,
) -> Result<Recipe, String> {
    let mut rows = Vec::with_capacity(ingredients.len());
    let mut nutrition = Nutrition::default();
    for item in &ingredients {
        let row = table
            .get(&item.name)
            .ok_or_else(|| format!("unknown ingredient {:?}", item.name))?;
        nutrition = nutrition + rules::nutrition_of(row, item.grams);
        rows.push(row);
    }
    let parts = RecipeParts {
        id: recipe_id,
        recipe_id,
        name: name.to_owned(),
        tastes: rules::tastes(&rows, &nutrition),
        nutrition,
        ingredients,
        meal_types,
        image_url: None,
        // Every catalogue recipe has a page the service serves.
        recipe_url: Some(format!("/recipes/{recipe_id}")),
        card: RecipeCard::default(),
    };
    Recipe::new(table.taxonomy(), parts).map_err(|e| e.to_string())
}
