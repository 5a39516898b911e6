//! One's own recipes (issue 39): one added from its ingredient lines
//! through [`mealplan_app::OwnRecipes`], answered with its status and
//! the lines that wait for review; and what a plan asked from them took
//! from them, and which slots they could not fill.

use std::fmt::Write as _;

use mealplan_app::{MyRecipes, OwnDraft, OwnRecipeError, PlanView};
use mealplan_domain::{MealType, OwnStatus, is_own_recipe_id};
use mealplan_ports::StoreError;

use super::Toolbox;
use crate::lang::{Lang, meal_name};

impl Toolbox<'_> {
    /// Adds the user's own recipe `name` from its ingredient `lines`, and
    /// says its status: ready to plan, or which lines (and whether the
    /// meals it is for) wait for review.
    pub(super) async fn add_own_recipe(
        &self,
        name: &str,
        servings: u32,
        meal_types: &[MealType],
        lines: &[String],
    ) -> Result<String, StoreError> {
        let Some(own) = &self.services.own_recipes else {
            return Ok(self
                .t(
                    "I can't save recipes here; add it on your recipes page.",
                    "Aquí no puedo guardar recetas; añádela en tu página de recetas.",
                )
                .to_owned());
        };
        let draft = OwnDraft {
            name: name.to_owned(),
            servings,
            lines: lines.to_vec(),
            meal_types: meal_types.to_vec(),
            ..OwnDraft::default()
        };
        let recipe = match own.add(self.user, draft).await {
            Ok(r) => r,
            Err(OwnRecipeError::Store(e)) => return Err(e),
            Err(e) => {
                return Ok(format!(
                    "{} {e}. {}",
                    self.t("I didn't save the recipe:", "No he guardado la receta:"),
                    self.t(
                        "Write it as \"add my recipe NAME: one ingredient per line\".",
                        "Escríbela así: \"añade mi receta NOMBRE: un ingrediente por línea\"."
                    )
                ));
            }
        };
        let n = recipe.lines.len();
        let mut out = match self.lang {
            Lang::En => format!(
                "I saved your recipe \"{name}\" ({n} ingredient lines, {servings} serving{}).",
                if servings == 1 { "" } else { "s" }
            ),
            Lang::Es => format!(
                "He guardado tu receta \"{name}\" ({n} líneas de ingredientes, {servings} {}).",
                if servings == 1 { "ración" } else { "raciones" }
            ),
        };
        if recipe.status() == OwnStatus::Ready {
            let _ = write!(
                out,
                " {}",
                self.t(
                    "Status: ready; it can go into your plans (say \"use my recipes this week\").",
                    "Estado: lista; puede entrar en tus planes (di \"usa mis recetas esta semana\")."
                )
            );
            return Ok(out);
        }
        let _ = write!(
            out,
            " {}",
            self.t(
                "Status: needs review; it goes into no plan until then.",
                "Estado: necesita revisión; no entra en ningún plan hasta entonces."
            )
        );
        let waiting: Vec<String> = recipe
            .lines
            .iter()
            .filter(|l| !l.is_placed())
            .map(|l| match (&l.review, self.lang) {
                // The use case says why in English.
                (Some(why), Lang::En) => format!("\"{}\" ({why})", l.text),
                _ => format!("\"{}\"", l.text),
            })
            .collect();
        if !waiting.is_empty() {
            let _ = write!(
                out,
                " {} {}.",
                self.t(
                    "These lines need review:",
                    "Estas líneas necesitan revisión:"
                ),
                waiting.join("; ")
            );
        }
        if recipe.recipe.meal_types().is_empty() {
            let _ = write!(
                out,
                " {}",
                self.t(
                    "It also needs the meals it is for (breakfast, lunch, dinner or snack).",
                    "También necesita las comidas para las que sirve (desayuno, almuerzo, cena o merienda)."
                )
            );
        }
        let _ = write!(
            out,
            " {}",
            self.t(
                "You can fix it on your recipes page.",
                "Puedes arreglarla en tu página de recetas."
            )
        );
        Ok(out)
    }

    /// What a plan asked from one's own recipes took from them, and the
    /// slots they could not fill with why; nothing for a plain plan.
    pub(super) fn mine_note(&self, plan: &PlanView, mine: MyRecipes) -> String {
        if mine == MyRecipes::Include {
            return String::new();
        }
        let used = plan
            .days
            .iter()
            .flat_map(|d| &d.meals)
            .filter(|m| is_own_recipe_id(m.recipe.id))
            .count();
        let mut out = match (self.lang, mine) {
            (Lang::En, MyRecipes::Only) => {
                format!("\nAsked from your own recipes only: {used} of its meals are yours.")
            }
            (Lang::En, _) => {
                format!("\nAsked from your own recipes first: {used} of its meals are yours.")
            }
            (Lang::Es, MyRecipes::Only) => {
                format!("\nPedido solo con tus recetas: {used} de sus comidas son tuyas.")
            }
            (Lang::Es, _) => {
                format!("\nPedido primero con tus recetas: {used} de sus comidas son tuyas.")
            }
        };
        // The reasons are the use case's, in English: said in English only.
        for u in &plan.unfilled {
            let _ = match self.lang {
                Lang::En => write!(
                    out,
                    " The catalogue filled {}: {}.",
                    meal_name(u.meal_type, self.lang),
                    u.reason
                ),
                Lang::Es => write!(
                    out,
                    " El catálogo completó {}: tus recetas listas no bastaban.",
                    meal_name(u.meal_type, self.lang)
                ),
            };
        }
        if used == 0 {
            let _ = write!(
                out,
                " {}",
                self.t(
                    "Add one with \"add my recipe NAME: one ingredient per line\".",
                    "Añade una con \"añade mi receta NOMBRE: un ingrediente por línea\"."
                )
            );
        }
        out.push('\n');
        out
    }
}
