//! One's own recipes: a `recipes` row (what plans and pages read, so an
//! own recipe's id works wherever a recipe id does), an `own_recipes` row
//! (owner, servings, what the source stated) and its lines.

use async_trait::async_trait;
use diesel::prelude::*;
use mealplan_domain::{
    FoodChoice, OWN_RECIPE_BASE, OwnLine, OwnRecipe, Stated, UserId, own_recipe_links,
};
use mealplan_ports::{OwnRecipeStore, StoreError};

use super::recipes::{RecipeRow, RecipeValues};
use super::schema::{own_recipe_lines, own_recipes, recipes};
use super::transaction::write_transaction;
use super::{AnyConnection, Database, store_error};
use crate::jwt::random_hex;

/// The transaction-scoped advisory lock PostgreSQL writers of a new own
/// recipe take, so two never pick one id (SQLite's `BEGIN IMMEDIATE`
/// already serialises them). A literal: nothing of a request is in it.
const NEW_ID_LOCK: &str = "SELECT pg_advisory_xact_lock(390039)";

#[derive(Queryable, Selectable, Insertable, AsChangeset)]
#[diesel(table_name = own_recipes)]
struct OwnRow {
    recipe_id: i64,
    owner_id: i64,
    servings: i32,
    stated: String,
    keywords: String,
    deleted: i32,
}

#[derive(Queryable, Selectable, Insertable)]
#[diesel(table_name = own_recipe_lines)]
struct LineRow {
    recipe_id: i64,
    position: i32,
    raw: String,
    ndb: Option<i32>,
    description: Option<String>,
    grams: Option<f64>,
    confidence: Option<f64>,
    candidates: String,
    review: String,
}

/// The stated figures as six comma-separated fields, calories first; a
/// figure not stated is an empty field.
fn stated_text(n: Option<Stated>) -> String {
    let f = |x: Option<f64>| x.map(|x| x.to_string()).unwrap_or_default();
    n.map(|n| {
        format!(
            "{},{},{},{},{},{}",
            n.calories,
            f(n.protein),
            f(n.carbs),
            f(n.fat),
            f(n.fiber),
            f(n.sugar)
        )
    })
    .unwrap_or_default()
}

fn stated_of(text: &str) -> Option<Stated> {
    let v: Vec<Option<f64>> = text.split(',').map(|x| x.parse().ok()).collect();
    if v.len() != 6 {
        return None;
    }
    Some(Stated {
        calories: v[0]?,
        protein: v[1],
        carbs: v[2],
        fat: v[3],
        fiber: v[4],
        sugar: v[5],
    })
}

/// Candidates one a line, `ndb|confidence|description` (a description
/// never holds a line break: they are SR28's).
fn candidates_text(candidates: &[FoodChoice]) -> String {
    candidates
        .iter()
        .map(|c| {
            format!(
                "{}|{}|{}",
                c.ndb,
                c.confidence,
                c.description.replace(['\r', '\n'], " ")
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn candidates_of(text: &str) -> Vec<FoodChoice> {
    text.lines()
        .filter_map(|l| {
            let mut parts = l.splitn(3, '|');
            Some(FoodChoice {
                ndb: parts.next()?.parse().ok()?,
                confidence: parts.next()?.parse().ok()?,
                description: parts.next()?.to_owned(),
            })
        })
        .collect()
}

fn line_rows(id: i64, lines: &[OwnLine]) -> Vec<LineRow> {
    lines
        .iter()
        .enumerate()
        .map(|(i, l)| LineRow {
            recipe_id: id,
            position: i32::try_from(i).unwrap_or(i32::MAX),
            raw: l.text.clone(),
            ndb: l.food.as_ref().and_then(|f| i32::try_from(f.ndb).ok()),
            description: l.food.as_ref().map(|f| f.description.clone()),
            grams: l.grams,
            confidence: l.food.as_ref().map(|f| f.confidence),
            candidates: candidates_text(&l.candidates),
            review: l.review.clone().unwrap_or_default(),
        })
        .collect()
}

fn line_of(row: LineRow) -> OwnLine {
    let food = match (row.ndb, row.description) {
        (Some(ndb), Some(description)) => Some(FoodChoice {
            ndb: u32::try_from(ndb).unwrap_or(0),
            description,
            confidence: row.confidence.unwrap_or(0.0),
        }),
        _ => None,
    };
    OwnLine {
        text: row.raw,
        food,
        grams: row.grams,
        candidates: candidates_of(&row.candidates),
        review: (!row.review.is_empty()).then_some(row.review),
    }
}

fn own_row(id: i64, r: &OwnRecipe) -> OwnRow {
    OwnRow {
        recipe_id: id,
        owner_id: r.owner.0,
        servings: i32::try_from(r.servings).unwrap_or(i32::MAX),
        stated: stated_text(r.stated),
        keywords: r.keywords.join("\n"),
        deleted: i32::from(r.deleted),
    }
}

/// `recipe` under the id `id` (the row's id and catalogue number alike).
/// `recipe` under its new `id`, with its links under a new page key.
fn stored_as(recipe: &OwnRecipe, id: i64) -> QueryResult<OwnRecipe> {
    let key = random_hex(16).map_err(|e| {
        diesel::result::Error::QueryBuilderError(
            format!("no randomness for a page key: {e}").into(),
        )
    })?;
    let mut r = recipe.recipe.clone();
    r.id = id;
    r.recipe_id = id;
    Ok(OwnRecipe {
        recipe: own_recipe_links(id, &key).applied(r),
        ..recipe.clone()
    })
}

fn write_lines(conn: &mut AnyConnection, id: i64, lines: &[OwnLine]) -> QueryResult<()> {
    diesel::delete(own_recipe_lines::table.filter(own_recipe_lines::recipe_id.eq(id)))
        .execute(conn)?;
    // One statement a line: a multi-row insert is not one both backends
    // of the `MultiConnection` take.
    for row in line_rows(id, lines) {
        diesel::insert_into(own_recipe_lines::table)
            .values(&row)
            .execute(conn)?;
    }
    Ok(())
}

fn add_in_tx(
    conn: &mut AnyConnection,
    recipe: &OwnRecipe,
    limit: usize,
) -> QueryResult<Option<OwnRecipe>> {
    if matches!(conn, AnyConnection::Postgresql(_)) {
        diesel::sql_query(NEW_ID_LOCK).execute(conn)?;
    }
    let kept: i64 = own_recipes::table
        .filter(own_recipes::owner_id.eq(recipe.owner.0))
        .filter(own_recipes::deleted.eq(0))
        .count()
        .get_result(conn)?;
    if usize::try_from(kept).unwrap_or(usize::MAX) >= limit {
        return Ok(None);
    }
    let last: Option<i64> = recipes::table
        .filter(recipes::id.gt(OWN_RECIPE_BASE))
        .select(diesel::dsl::max(recipes::id))
        .first(conn)?;
    let id = last.unwrap_or(OWN_RECIPE_BASE) + 1;
    let stored = stored_as(recipe, id)?;
    diesel::insert_into(recipes::table)
        .values(&RecipeValues::of(&stored.recipe))
        .execute(conn)?;
    diesel::insert_into(own_recipes::table)
        .values(&own_row(id, recipe))
        .execute(conn)?;
    write_lines(conn, id, &recipe.lines)?;
    Ok(Some(stored))
}

fn replace_in_tx(conn: &mut AnyConnection, recipe: &OwnRecipe) -> QueryResult<bool> {
    let id = recipe.recipe.id;
    let mine = own_recipes::table
        .filter(own_recipes::recipe_id.eq(id))
        .filter(own_recipes::owner_id.eq(recipe.owner.0))
        .filter(own_recipes::deleted.eq(0));
    if diesel::update(mine)
        .set(&own_row(id, recipe))
        .execute(conn)?
        == 0
    {
        return Ok(false);
    }
    // The recipe is computed again; its links (and page key) stay.
    let (page, picture): (Option<String>, Option<String>) = recipes::table
        .find(id)
        .select((recipes::recipe_url, recipes::image_url))
        .first(conn)?;
    let mut r = recipe.recipe.clone();
    (r.id, r.recipe_id, r.recipe_url, r.image_url) = (id, id, page, picture);
    diesel::update(recipes::table.find(id))
        .set(&RecipeValues::of(&r))
        .execute(conn)?;
    write_lines(conn, id, &recipe.lines)?;
    Ok(true)
}

/// The own recipes of `owner`, or the one with `id`, by id, each with
/// its recipe row and lines.
fn load(
    conn: &mut AnyConnection,
    owner: Option<i64>,
    id: Option<i64>,
) -> Result<Vec<OwnRecipe>, StoreError> {
    let mut own = own_recipes::table.into_boxed();
    if let Some(owner) = owner {
        own = own.filter(own_recipes::owner_id.eq(owner));
    }
    if let Some(id) = id {
        own = own.filter(own_recipes::recipe_id.eq(id));
    }
    let rows: Vec<OwnRow> = own
        .order(own_recipes::recipe_id)
        .select(OwnRow::as_select())
        .load(conn)
        .map_err(store_error)?;
    let Some((first, last)) = rows.first().zip(rows.last()) else {
        return Ok(Vec::new());
    };
    let (first, last) = (first.recipe_id, last.recipe_id);
    let ids: Vec<i64> = rows.iter().map(|r| r.recipe_id).collect();
    let in_range = |i: i64| ids.binary_search(&i).is_ok();
    let mut recipes_by_id: std::collections::HashMap<i64, RecipeRow> = recipes::table
        .filter(recipes::id.between(first, last))
        .select(RecipeRow::as_select())
        .load::<RecipeRow>(conn)
        .map_err(store_error)?
        .into_iter()
        .map(|r| (r.id(), r))
        .filter(|(i, _)| in_range(*i))
        .collect();
    let mut lines: std::collections::HashMap<i64, Vec<OwnLine>> = std::collections::HashMap::new();
    for row in own_recipe_lines::table
        .filter(own_recipe_lines::recipe_id.between(first, last))
        .order((own_recipe_lines::recipe_id, own_recipe_lines::position))
        .select(LineRow::as_select())
        .load::<LineRow>(conn)
        .map_err(store_error)?
    {
        if in_range(row.recipe_id) {
            lines.entry(row.recipe_id).or_default().push(line_of(row));
        }
    }
    rows.into_iter()
        .map(|row| {
            let recipe = recipes_by_id
                .remove(&row.recipe_id)
                .ok_or_else(|| {
                    StoreError::Failure(format!("own recipe {} has no recipe row", row.recipe_id))
                })?
                .into_recipe()?;
            Ok(OwnRecipe {
                recipe,
                owner: UserId(row.owner_id),
                servings: u32::try_from(row.servings).unwrap_or(1),
                lines: lines.remove(&row.recipe_id).unwrap_or_default(),
                stated: stated_of(&row.stated),
                keywords: row
                    .keywords
                    .lines()
                    .filter(|k| !k.is_empty())
                    .map(str::to_owned)
                    .collect(),
                deleted: row.deleted != 0,
            })
        })
        .collect()
}

/// Removes the recipe rows of own recipes no account holds any more (an
/// account's deletion takes its `own_recipes` rows by cascade); meals
/// that used them went with the account's plans.
pub(super) fn sweep_orphans(conn: &mut AnyConnection) -> QueryResult<usize> {
    diesel::delete(
        recipes::table
            .filter(recipes::id.gt(OWN_RECIPE_BASE))
            .filter(diesel::dsl::not(diesel::dsl::exists(
                own_recipes::table.filter(own_recipes::recipe_id.eq(recipes::id)),
            ))),
    )
    .execute(conn)
}

#[async_trait]
impl OwnRecipeStore for Database {
    async fn add(&self, recipe: OwnRecipe, limit: usize) -> Result<Option<OwnRecipe>, StoreError> {
        let stored = self
            .run(move |conn| {
                write_transaction(conn, |conn| add_in_tx(conn, &recipe, limit)).map_err(store_error)
            })
            .await?;
        if let Some(s) = &stored {
            self.own_marks.note(s.owner, s.recipe.id);
        }
        Ok(stored)
    }

    async fn add_all(
        &self,
        recipes: Vec<OwnRecipe>,
        limit: usize,
    ) -> Result<Vec<Option<OwnRecipe>>, StoreError> {
        let stored = self
            .run(move |conn| {
                write_transaction(conn, |conn| {
                    recipes
                        .iter()
                        .map(|r| add_in_tx(conn, r, limit))
                        .collect::<QueryResult<Vec<_>>>()
                })
                .map_err(store_error)
            })
            .await?;
        for s in stored.iter().flatten() {
            self.own_marks.note(s.owner, s.recipe.id);
        }
        Ok(stored)
    }

    async fn replace(&self, recipe: OwnRecipe) -> Result<bool, StoreError> {
        self.run(move |conn| {
            write_transaction(conn, |conn| replace_in_tx(conn, &recipe)).map_err(store_error)
        })
        .await
    }

    async fn get(&self, id: i64) -> Result<Option<OwnRecipe>, StoreError> {
        if id <= OWN_RECIPE_BASE {
            return Ok(None);
        }
        self.run_read(move |conn| Ok(load(conn, None, Some(id))?.pop()))
            .await
    }

    async fn of_owner(&self, owner: UserId) -> Result<Vec<OwnRecipe>, StoreError> {
        // Admitted with none (see `own_marks`): nothing to read.
        if self.own_marks.has_none(owner) {
            return Ok(Vec::new());
        }
        self.run_read(move |conn| load(conn, Some(owner.0), None))
            .await
    }

    async fn delete(&self, owner: UserId, id: i64) -> Result<bool, StoreError> {
        self.run(move |conn| {
            diesel::update(
                own_recipes::table
                    .filter(own_recipes::recipe_id.eq(id))
                    .filter(own_recipes::owner_id.eq(owner.0))
                    .filter(own_recipes::deleted.eq(0)),
            )
            .set(own_recipes::deleted.eq(1))
            .execute(conn)
            .map(|n| n > 0)
            .map_err(store_error)
        })
        .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stated_and_candidates_read_back_as_written() {
        let n = Stated {
            calories: 520.0,
            protein: Some(31.5),
            carbs: Some(40.0),
            fat: None,
            fiber: Some(6.0),
            sugar: None,
        };
        assert_eq!(stated_of(&stated_text(Some(n))), Some(n));
        // Rows written before a figure could be missing read back whole.
        assert_eq!(
            stated_of("520,31.5,40,20,6,4").map(|s| s.fat),
            Some(Some(20.0))
        );
        assert_eq!(stated_of(&stated_text(None)), None);
        let c = vec![
            FoodChoice {
                ndb: 11282,
                description: "Onions, raw | sweet".into(),
                confidence: 0.6,
            },
            FoodChoice {
                ndb: 11291,
                description: "Onions, spring or scallions".into(),
                confidence: 0.4,
            },
        ];
        assert_eq!(candidates_of(&candidates_text(&c)), c);
    }
}
