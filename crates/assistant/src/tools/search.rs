//! Searching the catalogue: by ingredient, meal type, time, calories,
//! macros and diet, always within the person's own rules.

use std::fmt::Write as _;

use mealplan_domain::{HardRules, Recipe};
use mealplan_ports::{ShownList, StoreError};

use super::{Said, Shown, Toolbox, totals_line};
use crate::lang::{Lang, food_name};
use crate::request::Criteria;
use mealplan_app::RecipeQuery;

impl Toolbox<'_> {
    pub(super) async fn search(&self, c: &Criteria) -> Result<Said, StoreError> {
        let profile = self.profile_of().await?;
        let rules = profile.as_ref().map_or_else(HardRules::default, |p| {
            self.services.recipes.rules(
                p.restrictions.iter().map(|r| r.name.as_str()),
                &p.diet_types,
            )
        });
        let without = self
            .services
            .recipes
            .rules(c.without.iter().map(String::as_str), &[]);
        let page = self
            .services
            .recipes
            .search(&RecipeQuery {
                text: c.query.clone(),
                meal_type: c.meal_type,
                diet_type: c.diet_type,
                restriction: None,
                limit: usize::MAX,
                offset: 0,
            })
            .await?;
        let within = |v: f64, max: Option<f64>| max.is_none_or(|m| v <= m);
        let minutes = |r: &Recipe| r.card.prep_minutes + r.card.cook_minutes;
        let mut found: Vec<&Recipe> = page
            .items
            .iter()
            .filter(|r| rules.allow(r) && without.allow(r))
            .filter(|r| within(r.nutrition().calories, c.max_calories))
            .filter(|r| within(r.nutrition().carbs, c.max_carbs))
            .filter(|r| within(r.nutrition().fat, c.max_fat))
            .filter(|r| c.min_protein.is_none_or(|m| r.nutrition().protein >= m))
            .filter(|r| c.max_minutes.is_none_or(|m| minutes(r) <= m))
            .collect();
        if c.max_minutes.is_some() {
            found.sort_by_key(|r| minutes(r));
        }
        if found.is_empty()
            && let (Some(q), Some(p)) = (&c.query, &profile)
        {
            // Dishes with it exist, but the person's own restrictions keep
            // every one out: said which, never a bare "nothing found".
            let rules_of = |name: &str| self.services.recipes.rules([name], &[]);
            let keeping: Vec<&str> = p
                .restrictions
                .iter()
                .map(|r| r.name.as_str())
                .filter(|name| {
                    let rule = rules_of(name);
                    !page.items.is_empty() && page.items.iter().all(|r| !rule.allow(r))
                })
                .collect();
            if !keeping.is_empty() {
                let food = food_name(q, self.lang);
                let rules: Vec<String> = keeping
                    .iter()
                    .map(|r| format!("\"{}\"", crate::lang::restriction_name(r, self.lang)))
                    .collect();
                return Ok(match self.lang {
                    Lang::En => format!(
                        "Your restriction {} keeps out every dish with {food}, so I can't suggest one. If that has changed, say \"remove {}\".",
                        rules.join(", "),
                        keeping[0]
                    ),
                    Lang::Es => format!(
                        "Tu restricción {} deja fuera todos los platos con {food}, así que no puedo sugerirte ninguno. Si ha cambiado, di \"quita {}\".",
                        rules.join(", "),
                        crate::lang::restriction_name(keeping[0], self.lang)
                    ),
                }
                .into());
            }
        }
        if found.is_empty() {
            return Ok(self
                .t(
                    "I found no recipe matching that (your restrictions and diet are applied). Try fewer criteria.",
                    "No encuentro recetas con esos criterios (se aplican tus restricciones y dieta). Prueba con menos criterios.",
                )
                .to_owned()
                .into());
        }
        let mut out = format!(
            "{} {} {}",
            self.t("I found", "He encontrado"),
            found.len(),
            self.t("recipes", "recetas"),
        );
        if let Some(q) = &c.query {
            let _ = write!(
                out,
                " {} {}",
                self.t("with", "con"),
                food_name(q, self.lang)
            );
        }
        if !c.without.is_empty() {
            let names: Vec<String> = c.without.iter().map(|w| food_name(w, self.lang)).collect();
            let _ = write!(out, " {} {}", self.t("without", "sin"), names.join(", "));
        }
        if let Some(m) = c.max_minutes {
            let _ = write!(
                out,
                " {} {m} {}",
                self.t("ready in", "listas en"),
                self.t("minutes or less", "minutos o menos")
            );
        }
        let _ = writeln!(
            out,
            "; {}:",
            self.t("here are the first ones", "aquí tienes las primeras")
        );
        for r in found.iter().take(5) {
            let time = match self.lang {
                Lang::En => format!("{} min", minutes(r)),
                Lang::Es => format!("{} min", minutes(r)),
            };
            let _ = writeln!(
                out,
                "- **{}** — {}, {time}",
                r.name,
                totals_line(&r.nutrition(), self.lang)
            );
        }
        out.push_str(self.t("\nValues are per serving.", "\nValores por ración."));
        Ok(Said {
            text: out,
            pending: None,
            shown: Shown::Set(ShownList {
                meal_id: None,
                recipe_ids: found.iter().take(5).map(|r| r.id).collect(),
            }),
            progress_day: None,
        })
    }
}
