//! A person's own recipes (issue 39): added from ingredient lines as a
//! cook writes them, each line placed on an SR28 food or left for the
//! person to place, nutrition and labels computed, never typed in. A
//! recipe is its owner's alone: to anyone else it does not exist.

use std::sync::Arc;

use mealplan_domain::{
    MealType, OwnLinks, OwnRecipe, OwnStatus, Recipe, Stated, Taxonomy, UserId, is_own_recipe_id,
};
use mealplan_ports::{OwnRecipeStore, StoreError};

mod compute;
mod sr28_allergens;
mod sr28_kinds;

pub(crate) use compute::checked;
pub use compute::{CatalogueFoods, STATED_TOLERANCE, TasteRule, stated_differences};

/// The most ingredient lines a recipe may have.
pub const MAX_LINES: usize = 500;
/// The servings a recipe may make.
pub const SERVINGS: (u32, u32) = (1, 100);
/// The most recipes (not deleted) an account keeps.
pub const MAX_OWN_RECIPES: usize = 2_000;
/// The most steps a recipe may have.
pub const MAX_STEPS: usize = 200;
/// The longest name, characters.
pub const MAX_NAME: usize = 200;
/// The longest line or step, characters.
pub const MAX_TEXT: usize = 2_000;

/// A recipe as its author gives it.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct OwnDraft {
    /// Dish name.
    pub name: String,
    /// Servings the lines make.
    pub servings: u32,
    /// Ingredient lines as written.
    pub lines: Vec<String>,
    /// Steps as written.
    pub steps: Vec<String>,
    /// Slots it fills (none: the person is asked).
    pub meal_types: Vec<MealType>,
    /// Preparation, minutes.
    pub prep_minutes: u32,
    /// Cooking, minutes.
    pub cook_minutes: u32,
    /// What the source says one serving holds.
    pub stated: Option<Stated>,
    /// The source's keywords.
    pub keywords: Vec<String>,
}

/// What is wrong with a draft (the edge words each for its field).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum DraftError {
    /// No name.
    #[error("a recipe needs a name of at most {MAX_NAME} characters")]
    Name,
    /// No line, or too many.
    #[error("a recipe needs 1 to {MAX_LINES} ingredient lines")]
    Lines,
    /// A line or step that is empty or too long.
    #[error("every line and step needs 1 to {MAX_TEXT} characters")]
    Text,
    /// Servings out of range.
    #[error("servings must be {} to {}", SERVINGS.0, SERVINGS.1)]
    Servings,
    /// Too many steps.
    #[error("a recipe has at most {MAX_STEPS} steps")]
    Steps,
}

impl OwnDraft {
    /// Whether the draft may be stored; the first thing wrong if not.
    pub fn check(&self) -> Result<(), DraftError> {
        let name = self.name.trim();
        if name.is_empty() || name.chars().count() > MAX_NAME {
            return Err(DraftError::Name);
        }
        if self.lines.is_empty() || self.lines.len() > MAX_LINES {
            return Err(DraftError::Lines);
        }
        if !(SERVINGS.0..=SERVINGS.1).contains(&self.servings) {
            return Err(DraftError::Servings);
        }
        if self.steps.len() > MAX_STEPS {
            return Err(DraftError::Steps);
        }
        let fits = |t: &String| !t.trim().is_empty() && t.chars().count() <= MAX_TEXT;
        if !self.lines.iter().chain(&self.steps).all(fits) {
            return Err(DraftError::Text);
        }
        Ok(())
    }
}

/// A change to one line: its food, its grams, or both.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LineEdit {
    /// The line's index, from 0.
    pub line: usize,
    /// The SR28 food it is.
    pub ndb: Option<u32>,
    /// Its grams in the whole recipe.
    pub grams: Option<f64>,
}

/// Why a use case on own recipes failed.
#[derive(Debug, thiserror::Error)]
pub enum OwnRecipeError {
    /// The draft is refused.
    #[error(transparent)]
    Draft(#[from] DraftError),
    /// No such recipe of the caller's.
    #[error("recipe not found")]
    NotFound,
    /// The account keeps [`MAX_OWN_RECIPES`] already.
    #[error("an account keeps at most {MAX_OWN_RECIPES} recipes")]
    TooMany,
    /// An edit names a line the recipe does not have.
    #[error("the recipe has no line {0}")]
    NoSuchLine(usize),
    /// An edit names a food SR28 does not have.
    #[error("SR28 has no food {0}")]
    UnknownFood(u32),
    /// Storage failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Own-recipe use cases.
#[derive(Clone)]
pub struct OwnRecipes {
    store: Arc<dyn OwnRecipeStore>,
    taxonomy: Arc<Taxonomy>,
    foods: Arc<CatalogueFoods>,
}

/// Runs CPU work (reading up to [`MAX_LINES`] lines) on the blocking pool.
async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, StoreError> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| StoreError::Failure(format!("reading a recipe failed: {e}")))
}

impl OwnRecipes {
    /// Wires the service to its store, the taxonomy labels are read
    /// against and what the catalogue knows of SR28 foods.
    pub fn new(
        store: Arc<dyn OwnRecipeStore>,
        taxonomy: Arc<Taxonomy>,
        foods: CatalogueFoods,
    ) -> Self {
        Self {
            store,
            taxonomy,
            foods: Arc::new(foods),
        }
    }

    fn card(recipe: &Recipe, servings: u32) -> compute::Card {
        compute::Card {
            id: recipe.id,
            name: recipe.name.clone(),
            servings,
            steps: recipe.card.steps.clone(),
            meal_types: recipe.meal_types().to_vec(),
            prep_minutes: recipe.card.prep_minutes,
            cook_minutes: recipe.card.cook_minutes,
        }
    }

    /// The recipe of `draft`, its lines read (not stored).
    pub async fn read(&self, owner: UserId, draft: OwnDraft) -> Result<OwnRecipe, OwnRecipeError> {
        draft.check()?;
        let (taxonomy, foods) = (Arc::clone(&self.taxonomy), Arc::clone(&self.foods));
        Ok(blocking(move || compute::draft_recipe(&taxonomy, &foods, owner, draft)).await?)
    }

    /// Reads and stores `draft` as `owner`'s; the recipe under its new id.
    pub async fn add(&self, owner: UserId, draft: OwnDraft) -> Result<OwnRecipe, OwnRecipeError> {
        let own = self.read(owner, draft).await?;
        self.store
            .add(own, MAX_OWN_RECIPES)
            .await?
            .ok_or(OwnRecipeError::TooMany)
    }

    /// Reads and stores each draft of an import as `owner`'s, in one
    /// write: each stands or fails on its own (a refused draft, or one
    /// over the account's limit, stores nothing of itself).
    pub async fn add_all(
        &self,
        owner: UserId,
        drafts: Vec<OwnDraft>,
    ) -> Result<Vec<Result<OwnRecipe, OwnRecipeError>>, StoreError> {
        let (taxonomy, foods) = (Arc::clone(&self.taxonomy), Arc::clone(&self.foods));
        let read: Vec<Result<OwnRecipe, OwnRecipeError>> = blocking(move || {
            drafts
                .into_iter()
                .map(|d| {
                    d.check()?;
                    Ok(compute::draft_recipe(&taxonomy, &foods, owner, d))
                })
                .collect()
        })
        .await?;
        let ready: Vec<OwnRecipe> = read
            .iter()
            .filter_map(|r| r.as_ref().ok().cloned())
            .collect();
        let mut stored = self
            .store
            .add_all(ready, MAX_OWN_RECIPES)
            .await?
            .into_iter();
        Ok(read
            .into_iter()
            .map(|r| {
                r?;
                stored.next().flatten().ok_or(OwnRecipeError::TooMany)
            })
            .collect())
    }

    /// Recipe `id` as `viewer` may see it: their own and not deleted.
    pub async fn get(&self, viewer: Option<UserId>, id: i64) -> Result<OwnRecipe, OwnRecipeError> {
        let Some(viewer) = viewer.filter(|_| is_own_recipe_id(id)) else {
            return Err(OwnRecipeError::NotFound);
        };
        match self.store.get(id).await? {
            Some(own) if own.owner == viewer && !own.deleted => Ok(checked(&self.taxonomy, own)),
            _ => Err(OwnRecipeError::NotFound),
        }
    }

    /// Own recipe `id` for a holder of its page link (`key`, the page
    /// key): what its printable page and picture show, without a login.
    /// Deleted ones too, since plans keep them. `None` for a wrong key.
    pub async fn by_link(&self, id: i64, key: &str) -> Result<Option<Recipe>, StoreError> {
        if !is_own_recipe_id(id) || key.is_empty() {
            return Ok(None);
        }
        Ok(self
            .store
            .get(id)
            .await?
            .map(|own| checked(&self.taxonomy, own).recipe)
            .filter(|recipe| OwnLinks::admit(recipe, key)))
    }

    /// `owner`'s recipes not deleted, by id.
    pub async fn list(&self, owner: UserId) -> Result<Vec<OwnRecipe>, StoreError> {
        let all = self.store.of_owner(owner).await?;
        Ok(all
            .into_iter()
            .filter(|r| !r.deleted)
            .map(|r| checked(&self.taxonomy, r))
            .collect())
    }

    /// `owner`'s recipes the planner may use.
    pub async fn plannable(&self, owner: UserId) -> Result<Vec<Recipe>, StoreError> {
        Ok(self
            .store
            .of_owner(owner)
            .await?
            .into_iter()
            .filter(OwnRecipe::plannable)
            .map(|r| checked(&self.taxonomy, r).recipe)
            .collect())
    }

    /// Places lines on the foods and grams the person gives, and sets the
    /// meal types when given; the recipe computed again.
    pub async fn edit(
        &self,
        owner: UserId,
        id: i64,
        edits: &[LineEdit],
        meal_types: Option<Vec<MealType>>,
    ) -> Result<OwnRecipe, OwnRecipeError> {
        let mut own = self.get(Some(owner), id).await?;
        for e in edits {
            let line = own
                .lines
                .get(e.line)
                .ok_or(OwnRecipeError::NoSuchLine(e.line))?;
            let placed = compute::place(line, e.ndb, e.grams)
                .ok_or(OwnRecipeError::UnknownFood(e.ndb.unwrap_or(0)))?;
            own.lines[e.line] = placed;
        }
        let mut card = Self::card(&own.recipe, own.servings);
        if let Some(m) = meal_types {
            card.meal_types = m;
        }
        let (taxonomy, foods, lines) = (
            Arc::clone(&self.taxonomy),
            Arc::clone(&self.foods),
            own.lines.clone(),
        );
        let links = (own.recipe.recipe_url.take(), own.recipe.image_url.take());
        own.recipe = blocking(move || compute::compose(&taxonomy, &foods, card, &lines)).await?;
        // Computed again, with the links (and page key) it had.
        (own.recipe.recipe_url, own.recipe.image_url) = links;
        if !self.store.replace(own.clone()).await? {
            return Err(OwnRecipeError::NotFound);
        }
        Ok(own)
    }

    /// Deletes `owner`'s recipe `id`: gone from lists and the planner,
    /// kept as it was by the plans that used it.
    pub async fn delete(&self, owner: UserId, id: i64) -> Result<(), OwnRecipeError> {
        if is_own_recipe_id(id) && self.store.delete(owner, id).await? {
            Ok(())
        } else {
            Err(OwnRecipeError::NotFound)
        }
    }
}

/// Whether an own recipe may be planned, in the answer's words.
pub fn status_name(own: &OwnRecipe) -> &'static str {
    match own.status() {
        OwnStatus::Ready => "ready",
        OwnStatus::NeedsReview => "needs_review",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mealplan_ports::MockOwnRecipeStore;

    fn draft() -> OwnDraft {
        OwnDraft {
            name: "Chickpea rice".into(),
            servings: 2,
            lines: vec![
                "200g white rice".into(),
                "1 (400 g) can chickpeas, drained".into(),
                "1 head lettuce".into(),
            ],
            steps: vec!["Cook the rice.".into()],
            meal_types: vec![MealType::Dinner],
            ..OwnDraft::default()
        }
    }

    #[test]
    fn drafts_out_of_bounds_are_refused() {
        assert_eq!(draft().check(), Ok(()));
        let mut d = draft();
        d.servings = 0;
        assert_eq!(d.check(), Err(DraftError::Servings));
        d.servings = 101;
        assert_eq!(d.check(), Err(DraftError::Servings));
        let mut d = draft();
        d.lines.clear();
        assert_eq!(d.check(), Err(DraftError::Lines));
        d.lines = vec!["1 egg".into(); MAX_LINES + 1];
        assert_eq!(d.check(), Err(DraftError::Lines));
        let mut d = draft();
        d.name = " ".into();
        assert_eq!(d.check(), Err(DraftError::Name));
        let mut d = draft();
        d.lines.push("  ".into());
        assert_eq!(d.check(), Err(DraftError::Text));
    }

    #[tokio::test]
    async fn an_unplaced_line_waits_and_placing_it_makes_the_recipe_ready() {
        let mut store = MockOwnRecipeStore::new();
        store.expect_add().returning(|mut own, _| {
            own.recipe.id = 1_000_000_001;
            own.recipe.recipe_id = 1_000_000_001;
            own.recipe = mealplan_domain::own_recipe_links(1_000_000_001, "k").applied(own.recipe);
            Ok(Some(own))
        });
        let service = OwnRecipes::new(
            Arc::new(store),
            Arc::new(Taxonomy::standard().clone()),
            CatalogueFoods::default(),
        );
        let own = service.add(UserId(3), draft()).await.unwrap();
        assert_eq!(own.recipe.id, 1_000_000_001);
        assert_eq!(own.status(), OwnStatus::NeedsReview);
        let page = Some("/recipes/1000000001?key=k".to_owned());
        assert_eq!(own.recipe.recipe_url, page);
        assert!(own.lines[0].is_placed() && own.lines[1].is_placed());
        assert!(!own.lines[2].is_placed());
        let before = own.recipe.nutrition().calories;

        let mut store = MockOwnRecipeStore::new();
        let stored = own.clone();
        store
            .expect_get()
            .returning(move |_| Ok(Some(stored.clone())));
        store.expect_replace().returning(|_| Ok(true));
        let service = OwnRecipes::new(
            Arc::new(store),
            Arc::new(Taxonomy::standard().clone()),
            CatalogueFoods::default(),
        );
        let edit = LineEdit {
            line: 2,
            ndb: Some(11252),
            grams: Some(300.0),
        };
        let done = service
            .edit(UserId(3), own.recipe.id, &[edit], None)
            .await
            .unwrap();
        assert_eq!(done.status(), OwnStatus::Ready);
        assert!(done.recipe.nutrition().calories > before);
        assert_eq!(done.recipe.recipe_url, page, "an edit keeps the links");
        // Its page opens for the holder of its key, and for nobody else.
        assert!(service.by_link(own.recipe.id, "k").await.unwrap().is_some());
        for wrong in ["", "K", "kk"] {
            assert!(
                service
                    .by_link(own.recipe.id, wrong)
                    .await
                    .unwrap()
                    .is_none()
            );
        }
        // Another account does not see it, nor change it.
        assert!(matches!(
            service.get(Some(UserId(4)), own.recipe.id).await,
            Err(OwnRecipeError::NotFound)
        ));
        assert!(matches!(
            service.edit(UserId(4), own.recipe.id, &[edit], None).await,
            Err(OwnRecipeError::NotFound)
        ));
        assert!(matches!(
            service
                .edit(
                    UserId(3),
                    own.recipe.id,
                    &[LineEdit { line: 9, ..edit }],
                    None
                )
                .await,
            Err(OwnRecipeError::NoSuchLine(9))
        ));
    }

    #[tokio::test]
    async fn the_account_limit_stores_nothing() {
        let mut store = MockOwnRecipeStore::new();
        store
            .expect_add()
            .withf(|_, limit| *limit == MAX_OWN_RECIPES)
            .returning(|_, _| Ok(None));
        let service = OwnRecipes::new(
            Arc::new(store),
            Arc::new(Taxonomy::standard().clone()),
            CatalogueFoods::default(),
        );
        assert!(matches!(
            service.add(UserId(3), draft()).await,
            Err(OwnRecipeError::TooMany)
        ));
    }
}
