//! The recipe catalogue: seeding by `recipe_id`, and a cached read of the
//! whole catalogue (it only changes when a build seeds it).

use std::sync::Arc;

use async_trait::async_trait;
use diesel::prelude::*;
use mealplan_domain::{
    Allergen, DietType, MealType, Micronutrient, Micronutrients, Nutrition, Recipe, RecipeCard,
    RecipeIngredient, RecipeParts, Taxonomy,
};
use mealplan_ports::{RecipeCatalog, StoreError};

use super::schema::recipes;
use super::transaction::write_transaction;
use super::{AnyConnection, Database, DbError, store_error};

#[derive(Queryable, Selectable)]
#[diesel(table_name = recipes)]
pub(super) struct RecipeRow {
    id: i64,
    recipe_id: i64,
    name: String,
    calories: f64,
    protein: f64,
    carbs: f64,
    fat: f64,
    fiber: f64,
    sugar: f64,
    image_url: Option<String>,
    recipe_url: Option<String>,
    meal_types: String,
    diet_types: String,
    allergens: String,
    tastes: String,
    ingredients: String,
    prep_minutes: i32,
    cook_minutes: i32,
    steps: String,
    saturated_fat: f64,
    sodium: f64,
    micronutrients: String,
}

#[derive(Insertable, AsChangeset)]
#[diesel(table_name = recipes)]
#[diesel(treat_none_as_null = true)]
pub(super) struct RecipeValues {
    id: i64,
    recipe_id: i64,
    name: String,
    calories: f64,
    protein: f64,
    carbs: f64,
    fat: f64,
    fiber: f64,
    sugar: f64,
    image_url: Option<String>,
    recipe_url: Option<String>,
    meal_types: String,
    diet_types: String,
    allergens: String,
    tastes: String,
    ingredients: String,
    fingerprint: String,
    prep_minutes: i32,
    cook_minutes: i32,
    steps: String,
    saturated_fat: f64,
    sodium: f64,
    micronutrients: String,
}

fn join<T>(items: &[T], name: impl Fn(&T) -> &str) -> String {
    items.iter().map(name).collect::<Vec<_>>().join(",")
}

fn split(text: &str) -> impl Iterator<Item = &str> {
    text.split(',').filter(|s| !s.is_empty())
}

/// The allergens a stored name stands for: a current name, or one written
/// by a release before the 14 EU groups (`nut`, `lactose`, `shellfish`),
/// which seeding rewrites but a row outside the catalogue may still hold.
fn allergens_named(name: &str) -> Option<&'static [Allergen]> {
    use Allergen::*;
    match name {
        "nut" => Some(&[Peanut, TreeNut]),
        "lactose" => Some(&[Milk]),
        "shellfish" => Some(&[Crustaceans, Molluscs]),
        other => {
            let a = Allergen::parse(other).ok()?;
            Allergen::ALL
                .iter()
                .position(|x| *x == a)
                .map(|i| &Allergen::ALL[i..=i])
        }
    }
}

/// Steps are stored one a line (a step never holds a line break).
fn join_steps(steps: &[String]) -> String {
    steps
        .iter()
        .map(|s| s.replace(['\r', '\n'], " "))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Micronutrients are stored `name=amount`, comma-separated; a name left
/// out (a row seeded before them) reads as 0.
fn join_micronutrients(m: &Micronutrients) -> String {
    m.iter()
        .map(|(n, v)| format!("{}={v}", n.as_str()))
        .collect::<Vec<_>>()
        .join(",")
}

/// The stored micronutrients, or `None` when a part does not read.
fn split_micronutrients(text: &str) -> Option<Micronutrients> {
    let mut amounts = [0.0; mealplan_domain::micronutrients::COUNT];
    for part in split(text) {
        let (name, amount) = part.split_once('=')?;
        let m = Micronutrient::parse(name).ok()?;
        amounts[Micronutrient::ALL.iter().position(|x| *x == m)?] = amount.parse().ok()?;
    }
    Some(Micronutrients::new(amounts))
}

fn minutes(m: u32) -> i32 {
    i32::try_from(m).unwrap_or(i32::MAX)
}

impl RecipeValues {
    /// The row of `r`, under its `recipe_id`.
    pub(super) fn of(r: &Recipe) -> Self {
        let n = r.nutrition();
        let card = &r.card;
        let mut values = Self {
            // A recipe's id is its catalogue number (migration 000005).
            id: r.recipe_id,
            recipe_id: r.recipe_id,
            name: r.name.clone(),
            calories: n.calories,
            protein: n.protein,
            carbs: n.carbs,
            fat: n.fat,
            fiber: n.fiber,
            sugar: n.sugar,
            image_url: r.image_url.clone(),
            recipe_url: r.recipe_url.clone(),
            meal_types: join(r.meal_types(), |m| m.as_str()),
            diet_types: join(r.diet_types(), |d| d.as_str()),
            allergens: join(r.allergens(), |a| a.as_str()),
            tastes: join(&r.tastes, |t| t.as_str()),
            ingredients: r
                .ingredients()
                .iter()
                .map(|i| format!("{}:{}", i.name, i.grams))
                .collect::<Vec<_>>()
                .join(","),
            fingerprint: String::new(),
            prep_minutes: minutes(card.prep_minutes),
            cook_minutes: minutes(card.cook_minutes),
            steps: join_steps(&card.steps),
            saturated_fat: card.saturated_fat,
            sodium: card.sodium,
            micronutrients: join_micronutrients(&card.micronutrients),
        };
        values.fingerprint = format!(
            "{}|{}|{}|{}|{}|{}|{}|{}|{:?}|{:?}|{}|{}|{}|{}|{}|{}|{}|{}|{}|{:?}|{}",
            values.recipe_id,
            values.name,
            values.calories,
            values.protein,
            values.carbs,
            values.fat,
            values.fiber,
            values.sugar,
            values.image_url,
            values.recipe_url,
            values.meal_types,
            values.diet_types,
            values.allergens,
            values.tastes,
            values.ingredients,
            values.prep_minutes,
            values.cook_minutes,
            values.saturated_fat,
            values.sodium,
            values.steps,
            values.micronutrients
        );
        values
    }
}

impl RecipeRow {
    /// The row's id.
    pub(super) fn id(&self) -> i64 {
        self.id
    }

    /// The recipe of a stored row, its labels checked.
    pub(super) fn into_recipe(self) -> Result<Recipe, StoreError> {
        let corrupt =
            |what: &str| StoreError::Failure(format!("recipe {} has a bad {what}", self.id));
        let ingredients = split(&self.ingredients)
            .map(|item| {
                let (name, grams) = item.rsplit_once(':').ok_or_else(|| corrupt("ingredient"))?;
                Ok(RecipeIngredient {
                    name: name.to_owned(),
                    grams: grams.parse().map_err(|_| corrupt("ingredient"))?,
                })
            })
            .collect::<Result<_, StoreError>>()?;
        let diet_types = split(&self.diet_types)
            .map(|d| DietType::parse(d).map_err(|_| corrupt("diet type")))
            .collect::<Result<_, _>>()?;
        // Repeats and order do not matter: `Recipe::from_stored` lists the
        // allergens in `Allergen::ALL` order.
        let allergens: Vec<Allergen> = split(&self.allergens)
            .map(|name| allergens_named(name).ok_or_else(|| corrupt("allergen")))
            .collect::<Result<Vec<_>, _>>()?
            .concat();
        let parts = RecipeParts {
            id: self.id,
            recipe_id: self.recipe_id,
            name: self.name.clone(),
            nutrition: Nutrition {
                calories: self.calories,
                protein: self.protein,
                carbs: self.carbs,
                fat: self.fat,
                fiber: self.fiber,
                sugar: self.sugar,
            },
            ingredients,
            meal_types: split(&self.meal_types)
                .map(|m| MealType::parse(m).map_err(|_| corrupt("meal type")))
                .collect::<Result<_, _>>()?,
            tastes: split(&self.tastes).map(str::to_owned).collect(),
            image_url: self.image_url,
            recipe_url: self.recipe_url,
            card: RecipeCard {
                prep_minutes: u32::try_from(self.prep_minutes).unwrap_or(0),
                cook_minutes: u32::try_from(self.cook_minutes).unwrap_or(0),
                steps: self
                    .steps
                    .lines()
                    .filter(|s| !s.is_empty())
                    .map(str::to_owned)
                    .collect(),
                saturated_fat: self.saturated_fat,
                sodium: self.sodium,
                micronutrients: split_micronutrients(&self.micronutrients)
                    .ok_or_else(|| corrupt("micronutrient"))?,
            },
        };
        Ok(Recipe::from_stored(
            Taxonomy::standard(),
            parts,
            diet_types,
            allergens,
        ))
    }
}

/// What a seeding run changed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SeedReport {
    /// Recipes added.
    pub inserted: usize,
    /// Recipes whose content changed.
    pub updated: usize,
    /// Recipes already as shipped.
    pub unchanged: usize,
}

fn seed_in_tx(conn: &mut AnyConnection, catalogue: &[Recipe]) -> QueryResult<SeedReport> {
    // Instances starting together on one PostgreSQL database seed one after
    // the other (SQLite's BEGIN IMMEDIATE already serialises them).
    if matches!(conn, AnyConnection::Postgresql(_)) {
        diesel::sql_query(super::advisory_lock_sql("pg_advisory_xact_lock")).execute(conn)?;
    }
    let existing: std::collections::HashMap<i64, String> = recipes::table
        .select((recipes::recipe_id, recipes::fingerprint))
        .load::<(i64, String)>(conn)?
        .into_iter()
        .collect();
    let mut report = SeedReport::default();
    for recipe in catalogue {
        let values = RecipeValues::of(recipe);
        match existing.get(&recipe.recipe_id) {
            Some(fingerprint) if *fingerprint == values.fingerprint => report.unchanged += 1,
            Some(_) => {
                diesel::update(recipes::table.filter(recipes::recipe_id.eq(recipe.recipe_id)))
                    .set(&values)
                    .execute(conn)?;
                report.updated += 1;
            }
            None => {
                diesel::insert_into(recipes::table)
                    .values(&values)
                    .execute(conn)?;
                report.inserted += 1;
            }
        }
    }
    Ok(report)
}

impl Database {
    /// Brings the stored catalogue in line with `catalogue`, matching by
    /// `recipe_id`: new recipes are added, changed ones rewritten, others
    /// left alone (so a second start changes nothing). Blocking.
    pub fn seed_catalogue(&self, catalogue: &[Recipe]) -> Result<SeedReport, DbError> {
        let mut conn = self.pool.get()?;
        let report = write_transaction(&mut conn, |conn| seed_in_tx(conn, catalogue))
            .map_err(|e| DbError::Migrate(format!("seeding the catalogue: {e}")))?;
        Ok(report)
    }
}

#[async_trait]
impl RecipeCatalog for Database {
    async fn all(&self) -> Result<Arc<[Recipe]>, StoreError> {
        let cache = self.recipe_cache.clone();
        let db = self.clone();
        cache
            .get_or_try_init(|| async move {
                db.run_read(|conn| {
                    // One's own recipes are not the catalogue's.
                    recipes::table
                        .filter(recipes::id.le(mealplan_domain::OWN_RECIPE_BASE))
                        .order(recipes::id)
                        .select(RecipeRow::as_select())
                        .load(conn)
                        .map_err(store_error)?
                        .into_iter()
                        .map(RecipeRow::into_recipe)
                        .collect::<Result<Vec<_>, _>>()
                        .map(Arc::from)
                })
                .await
            })
            .await
            .cloned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_allergen_names_old_and_new() {
        for a in Allergen::ALL {
            assert_eq!(allergens_named(a.as_str()), Some(&[*a][..]));
        }
        assert_eq!(
            allergens_named("nut"),
            Some(&[Allergen::Peanut, Allergen::TreeNut][..])
        );
        assert_eq!(allergens_named("lactose"), Some(&[Allergen::Milk][..]));
        assert_eq!(allergens_named("nuts"), None);
    }

    #[test]
    fn micronutrients_read_back_as_written() {
        let mut amounts = [0.0; mealplan_domain::micronutrients::COUNT];
        amounts[0] = 123.5;
        amounts[8] = 0.45;
        let m = Micronutrients::new(amounts);
        let text = join_micronutrients(&m);
        assert!(text.starts_with("calcium=123.5,iron=0,"));
        assert_eq!(split_micronutrients(&text), Some(m));
        // A row seeded before them has none: zeros.
        assert_eq!(split_micronutrients(""), Some(Micronutrients::default()));
        assert_eq!(split_micronutrients("calcium=x"), None);
        assert_eq!(split_micronutrients("chromium=3"), None);
    }
}
