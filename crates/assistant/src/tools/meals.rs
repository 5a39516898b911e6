//! One meal of the plan: finding it from what the person said, listing
//! alternatives (remembered, so "option 2" means that list), and swapping
//! it, after which the day is re-balanced around the new dish.

use std::fmt::Write as _;

use mealplan_domain::{MealStatus, Recipe};
use mealplan_ports::{ShownList, StoreError};

use super::{Said, Shown, Toolbox, capitalise, day_of, servings_note, store, totals_line, whole};
use crate::lang::{Lang, day_name, meal_name, normalise};
use crate::request::{Choice, MealRef};
use mealplan_app::{MealView, PlanView};

impl Toolbox<'_> {
    /// The meal `r` names in `plan`, or a sentence saying why not.
    pub(super) fn find_meal<'p>(
        &self,
        plan: &'p PlanView,
        r: &MealRef,
    ) -> Result<&'p MealView, String> {
        // "change it", "cámbialo": the meal last shown or offered
        // alternatives for.
        if r.is_empty()
            && let Some(id) = self.memory.shown.as_ref().and_then(|s| s.meal_id)
            && let Some(m) = plan
                .days
                .iter()
                .flat_map(|d| &d.meals)
                .find(|m| m.meal.id == id)
        {
            return Ok(m);
        }
        if let Some(name) = &r.recipe_name {
            let wanted = normalise(name);
            // By name, or by a food it has ("the salmon on Friday").
            let has = self.services.recipes.rules([name.as_str()], &[]);
            let hit = plan
                .days
                .iter()
                .filter(|d| r.day.is_none_or(|day| d.day_of_week == day))
                .flat_map(|d| &d.meals)
                .filter(|m| r.meal_type.is_none_or(|t| m.meal.meal_type == t))
                .find(|m| {
                    normalise(&m.recipe.name).contains(&wanted)
                        || (self.services.recipes.restriction(name).is_enforced()
                            && !has.allow(&m.recipe))
                });
            if let Some(m) = hit {
                return Ok(m);
            }
            // "put something meatless on friday" when nothing there has
            // meat: said so, nothing swapped.
            if r.meal_type.is_none() && self.services.recipes.restriction(name).is_enforced() {
                let food = crate::lang::restriction_name(name, self.lang);
                let day = r.day.map(|d| day_name(d, self.lang));
                return Err(match (self.lang, day) {
                    (Lang::En, Some(d)) => format!(
                        "No meal on {} has {food}, so I swapped nothing.",
                        capitalise(d)
                    ),
                    (Lang::En, None) => {
                        format!("No meal in your plan has {food}, so I swapped nothing.")
                    }
                    (Lang::Es, Some(d)) => {
                        format!("Ninguna comida del {d} lleva {food}, así que no he cambiado nada.")
                    }
                    (Lang::Es, None) => format!(
                        "Ninguna comida de tu plan lleva {food}, así que no he cambiado nada."
                    ),
                });
            }
            if r.meal_type.is_none() {
                return Err(format!(
                    "{} \"{name}\".",
                    self.t(
                        "I couldn't find a meal in your plan called",
                        "No encuentro en tu plan ninguna comida llamada"
                    )
                ));
            }
        }
        let Some(meal_type) = r.meal_type else {
            return Err(self
                .t(
                    "Which meal do you mean? Tell me the day and the meal, e.g. \"Monday's lunch\".",
                    "¿Qué comida? Dime el día y la comida, por ejemplo \"el almuerzo del lunes\".",
                )
                .to_owned());
        };
        let day = r.day.unwrap_or_else(|| {
            if plan.days.iter().any(|d| d.day_of_week == self.today) {
                self.today
            } else {
                plan.days.first().map_or(1, |d| d.day_of_week)
            }
        });
        let Some(menu) = plan.days.iter().find(|d| d.day_of_week == day) else {
            return Err(self.no_such_day(
                day,
                &plan.days.iter().map(|d| d.day_of_week).collect::<Vec<_>>(),
            ));
        };
        menu.meals
            .iter()
            .filter(|m| m.meal.meal_type == meal_type)
            .nth(r.ordinal.unwrap_or(1).saturating_sub(1))
            .ok_or_else(|| {
                format!(
                    "{} {} {} {}.",
                    self.t("There is no", "No hay"),
                    meal_name(meal_type, self.lang),
                    self.t("on", "el"),
                    capitalise(day_name(day, self.lang))
                )
            })
    }

    /// One's own ready recipe whose name holds `wanted` (normalised), or
    /// whose name `wanted` holds.
    async fn own_named(&self, wanted: &str) -> Result<Option<Recipe>, StoreError> {
        let Some(own) = &self.services.own_recipes else {
            return Ok(None);
        };
        let mine = own.list(self.user).await?;
        Ok(mine
            .into_iter()
            .filter(|r| !r.deleted && r.status() == mealplan_domain::OwnStatus::Ready)
            .map(|r| r.recipe)
            .find(|r| names_match(&normalise(&r.name), wanted)))
    }

    /// A catalogue recipe (found by `query` in its name or ingredients,
    /// when one is given) that `wanted` accepts, of
    /// `meal_type` first: asked for by name or food when no candidate of
    /// the meal is one, it is tried as a swap like any other, so a rule
    /// it breaks is refused and named ("peanut butter toast" for someone
    /// allergic to nuts), never passed over in silence.
    /// `rank` orders the ones it accepts (lower first; `None`: not one),
    /// so one read of the catalogue serves an exact name before a near one.
    async fn catalogue_dish(
        &self,
        query: Option<&str>,
        meal_type: mealplan_domain::MealType,
        rank: impl Fn(&Recipe) -> Option<u8>,
    ) -> Result<Option<Recipe>, StoreError> {
        let page = self
            .services
            .recipes
            .search(&mealplan_app::RecipeQuery {
                text: query.map(str::to_owned),
                meal_type: None,
                diet_type: None,
                restriction: None,
                limit: usize::MAX,
                offset: 0,
            })
            .await?;
        Ok(page
            .items
            .into_iter()
            .filter_map(|r| rank(&r).map(|k| ((k, !r.meal_types().contains(&meal_type)), r)))
            .min_by_key(|(key, _)| *key)
            .map(|(_, r)| r))
    }

    pub(super) async fn candidates(
        &self,
        meal_id: i64,
        limit: usize,
    ) -> Result<Vec<Recipe>, StoreError> {
        let found = self
            .services
            .meals
            .alternatives(self.user, meal_id, limit)
            .await
            .map_err(store)?;
        Ok(found.into_iter().map(|a| a.recipe).collect())
    }

    pub(super) async fn alternatives(&self, r: &MealRef) -> Result<Said, StoreError> {
        let Some(plan) = self.plan_of().await? else {
            return Ok(self.no_plan().into());
        };
        let meal = match self.find_meal(&plan, r) {
            Ok(m) => m,
            Err(why) => return Ok(why.into()),
        };
        let options = self.candidates(meal.meal.id, 3).await?;
        let label = self.meal_label(&plan, meal);
        if options.is_empty() {
            return Ok(format!(
                "{} {label}.",
                self.t(
                    "I found no other recipe that fits your restrictions for",
                    "No encuentro otra receta que cumpla tus restricciones para"
                )
            )
            .into());
        }
        let mut out = format!(
            "{} {label} ({}{}, {} kcal):\n",
            self.t("Alternatives for", "Alternativas para"),
            meal.recipe.name,
            servings_note(meal.meal.servings, self.lang),
            whole(meal.recipe.nutrition().served(meal.meal.servings).calories)
        );
        for (i, recipe) in options.iter().enumerate() {
            let n = recipe.nutrition().served(meal.meal.servings);
            let _ = writeln!(
                out,
                "{}. {} — {}",
                i + 1,
                recipe.name,
                totals_line(&n, self.lang)
            );
        }
        let day = day_of(&plan, meal);
        let _ = write!(
            out,
            "\n{}",
            match self.lang {
                Lang::En => format!(
                    "Say \"replace {label} with option 2\" (or just \"option 2\") to take one."
                ),
                Lang::Es => format!(
                    "Di \"cambia {} {} del {} por la opción 2\" (o solo \"la opción 2\") para elegir una.",
                    crate::lang::meal_article(meal.meal.meal_type),
                    meal_name(meal.meal.meal_type, self.lang),
                    day_name(day, self.lang)
                ),
            }
        );
        Ok(Said {
            text: out,
            pending: None,
            shown: Shown::Set(ShownList {
                meal_id: Some(meal.meal.id),
                recipe_ids: options.iter().map(|r| r.id).collect(),
            }),
            progress_day: None,
        })
    }

    pub(super) async fn replace(
        &self,
        r: &MealRef,
        choice: &Option<Choice>,
    ) -> Result<Said, StoreError> {
        let Some(plan) = self.plan_of().await? else {
            return Ok(self.no_plan().into());
        };
        let shown = self.memory.shown.as_ref();
        // "option 2" alone: the meal of the list last shown.
        let meal = if r.is_empty() && matches!(choice, Some(Choice::Option(_))) {
            let Some(meal) = shown.and_then(|s| s.meal_id).and_then(|id| {
                plan.days
                    .iter()
                    .flat_map(|d| &d.meals)
                    .find(|m| m.meal.id == id)
            }) else {
                return Ok(self.which_list().into());
            };
            meal
        } else {
            match self.find_meal(&plan, r) {
                Ok(m) => m,
                Err(why) => return Ok(why.into()),
            }
        };
        let label = self.meal_label(&plan, meal);
        // "put pancakes on saturday's breakfast" when it is pancakes
        // already: said so, nothing swapped for another of its kind.
        if let Some(Choice::Name(name)) = choice
            && names_match(&normalise(&meal.recipe.name), &normalise(name))
        {
            return Ok(match self.lang {
                Lang::En => format!(
                    "{} is already **{}**, so I changed nothing.",
                    capitalise(&label),
                    meal.recipe.name
                ),
                Lang::Es => format!(
                    "{} ya es **{}**, así que no he cambiado nada.",
                    capitalise(&label),
                    meal.recipe.name
                ),
            }
            .into());
        }
        let pick = match choice {
            None => self.candidates(meal.meal.id, 1).await?.into_iter().next(),
            Some(Choice::Option(n)) => {
                let Some(list) =
                    shown.filter(|s| s.meal_id == Some(meal.meal.id) && !s.recipe_ids.is_empty())
                else {
                    return Ok(self.which_list().into());
                };
                let Some(&id) = list.recipe_ids.get(n.saturating_sub(1)) else {
                    return Ok(match self.lang {
                        Lang::En => format!(
                            "The list I showed has {} options; which one do you want?",
                            list.recipe_ids.len()
                        ),
                        Lang::Es => format!(
                            "La lista que te mostré tiene {} opciones; ¿cuál quieres?",
                            list.recipe_ids.len()
                        ),
                    }
                    .into());
                };
                self.candidates(meal.meal.id, 200)
                    .await?
                    .into_iter()
                    .find(|c| c.id == id)
            }
            Some(Choice::Name(name)) => {
                let wanted = normalise(name);
                let found = self
                    .candidates(meal.meal.id, 200)
                    .await?
                    .into_iter()
                    .find(|c| names_match(&normalise(&c.name), &wanted));
                match found {
                    Some(r) => Some(r),
                    None => match self.own_named(&wanted).await? {
                        Some(r) => Some(r),
                        None => {
                            let rank = |r: &Recipe| {
                                let name = normalise(&r.name);
                                if names_match(&name, &wanted) {
                                    Some(0)
                                } else {
                                    names_near(&name, &wanted).then_some(1)
                                }
                            };
                            self.catalogue_dish(None, meal.meal.meal_type, rank).await?
                        }
                    },
                }
            }
            // "… for my PB toast": one's own recipe first, tried even when
            // it is no candidate, so a rule it breaks is said (below),
            // never swapped around; else a candidate of that name.
            Some(Choice::Mine(name)) => {
                let wanted = normalise(name);
                match self.own_named(&wanted).await? {
                    Some(r) => Some(r),
                    None => self
                        .candidates(meal.meal.id, 200)
                        .await?
                        .into_iter()
                        .find(|c| normalise(&c.name).contains(&wanted)),
                }
            }
            Some(Choice::With(food)) => {
                // A candidate "with chicken": one the food's rule would exclude.
                let has = self.services.recipes.rules([food.as_str()], &[]);
                let found = self
                    .candidates(meal.meal.id, 200)
                    .await?
                    .into_iter()
                    .find(|c| !has.allow(c));
                match found {
                    Some(r) => Some(r),
                    None => {
                        let rank = |r: &Recipe| (!has.allow(r)).then_some(0);
                        self.catalogue_dish(Some(food), meal.meal.meal_type, rank)
                            .await?
                    }
                }
            }
            Some(Choice::Lighter) | Some(Choice::MoreProtein) => {
                let now = meal.recipe.nutrition();
                let lighter = matches!(choice, Some(Choice::Lighter));
                self.candidates(meal.meal.id, 200)
                    .await?
                    .into_iter()
                    .find(|c| {
                        let n = c.nutrition();
                        if lighter {
                            n.calories <= 0.9 * now.calories
                        } else {
                            n.protein >= 1.1 * now.protein
                        }
                    })
            }
            Some(Choice::Without(foods)) => {
                let rule = self
                    .services
                    .recipes
                    .rules(foods.iter().map(String::as_str), &[]);
                self.candidates(meal.meal.id, 200)
                    .await?
                    .into_iter()
                    .find(|c| rule.allow(c))
            }
        };
        let Some(new) = pick else {
            if let Some(Choice::Mine(name)) = choice {
                return Ok(match self.lang {
                    Lang::En => format!(
                        "You have no ready recipe of your own called \"{name}\", and no other recipe of that name fits {label}. Add yours with \"add my recipe {name}: …\" and its ingredient lines."
                    ),
                    Lang::Es => format!(
                        "No tienes ninguna receta propia lista llamada \"{name}\", y ninguna otra receta con ese nombre encaja en {label}. Añade la tuya con \"añade mi receta {name}: …\" y sus ingredientes."
                    ),
                }
                .into());
            }
            return Ok(format!(
                "{} {label}. {}",
                self.t(
                    "I found no fitting recipe to put in",
                    "No encuentro una receta adecuada para"
                ),
                self.t(
                    "Ask me for alternatives to see what fits.",
                    "Pídeme alternativas para ver qué encaja."
                )
            )
            .into());
        };
        let day = day_of(&plan, meal);
        let swapped = match self
            .services
            .meals
            .swap(Some(self.user), meal.meal.id, new.id)
            .await
        {
            Ok(swapped) => swapped,
            Err(mealplan_app::PlanError::BreaksRules(refusal)) => {
                return Ok(super::refused(&refusal, self.lang).into());
            }
            Err(e) => return Err(store(e)),
        };
        let n = swapped.recipe.nutrition().served(swapped.meal.servings);
        // At a table, each eater's portion (a member's snack is 0
        // servings of the holder's).
        let portion = match self.table_portions(&swapped) {
            Some(each) => format!(" — {each} —"),
            None => format!(
                "{} ({})",
                servings_note(swapped.meal.servings, self.lang),
                totals_line(&n, self.lang)
            ),
        };
        let mut out = format!(
            "{} {label} {} **{}**{portion} {} {}.",
            self.t("Done:", "Hecho:"),
            self.t("is now", "ahora es"),
            swapped.recipe.name,
            self.t("instead of", "en lugar de"),
            meal.recipe.name
        );
        out.push_str(&self.after_swap(day).await?);
        Ok(Said {
            text: out,
            pending: None,
            shown: Shown::Clear,
            progress_day: None,
        })
    }

    /// After a swap: the day re-balanced around the new dish when it left
    /// the targets, and how the day now stands.
    pub(super) async fn after_swap(&self, day: u8) -> Result<String, StoreError> {
        let Some(before) = self.plan_of().await? else {
            return Ok(String::new());
        };
        let lines = self.fit_lines(&before, Some(day)).await?;
        if !lines.contains(self.t("off:", "fuera:")) {
            return Ok(format!(
                "\n{}{lines}",
                self.t("The day is still on target:", "El día sigue en objetivo:")
            ));
        }
        let after = match self.services.planner.rebalance(self.user, Some(day)).await {
            Ok(p) => p,
            Err(mealplan_app::PlanError::Busy(busy)) => {
                return Ok(format!("\n{}", self.busy(busy)));
            }
            Err(e) => return Err(store(e)),
        };
        let changed = super::plan::changed_meals(&before, &after);
        let lines = self.fit_lines(&after, Some(day)).await?;
        Ok(if changed == 0 {
            format!(
                "\n{}{lines}",
                self.t(
                    "The day is now off its targets, and changing the other pending meals cannot bring it back:",
                    "El día queda fuera de sus objetivos y cambiar las demás comidas pendientes no lo corrige:"
                )
            )
        } else {
            match self.lang {
                Lang::En => format!(
                    "\nThe swap took {} off target, so I re-balanced its other pending meals ({changed} changed; eaten and chosen meals stay):{lines}",
                    day_name(day, self.lang)
                ),
                Lang::Es => format!(
                    "\nEl cambio sacó el {} de su objetivo, así que reajusté sus otras comidas pendientes ({changed} cambiadas; las ya hechas o elegidas no cambian):{lines}",
                    day_name(day, self.lang)
                ),
            }
        })
    }

    /// Ticks the meal off as eaten; the answer then tells the day's
    /// progress.
    pub(super) async fn mark_eaten(&self, r: &MealRef) -> Result<Said, StoreError> {
        let Some(plan) = self.plan_of().await? else {
            return Ok(self.no_plan().into());
        };
        let meal = match self.find_meal(&plan, r) {
            Ok(m) => m,
            Err(why) => return Ok(why.into()),
        };
        let label = self.meal_label(&plan, meal);
        let day = day_of(&plan, meal);
        let head = if meal.meal.status == MealStatus::Completed {
            match self.lang {
                Lang::En => format!("{label} ({}) was already ticked off.", meal.recipe.name),
                Lang::Es => format!(
                    "{label} ({}) ya estaba marcado como hecho.",
                    meal.recipe.name
                ),
            }
        } else {
            self.services
                .meals
                .set_status(Some(self.user), meal.meal.id, MealStatus::Completed)
                .await
                .map_err(store)?;
            let kcal = whole(meal.recipe.nutrition().served(meal.meal.servings).calories);
            match self.lang {
                Lang::En => format!(
                    "Ticked off {label} ({}, {kcal} kcal) as eaten.",
                    meal.recipe.name
                ),
                Lang::Es => format!(
                    "He marcado {label} ({}, {kcal} kcal) como hecho.",
                    meal.recipe.name
                ),
            }
        };
        Ok(Said {
            text: head,
            pending: None,
            shown: Shown::Keep,
            progress_day: Some(day),
        })
    }

    /// Sets the meal back to pending ("undo", "no me lo comí"); with no
    /// meal named, the last meal ticked off of the day named, or with no
    /// day named of the latest day up to today that has one ("I ate my
    /// dinner yesterday", then "untick it"; the week's days taken round from
    /// today backwards). A meal still pending is said
    /// to be so, and nothing is written.
    pub(super) async fn mark_pending(&self, r: &MealRef) -> Result<Said, StoreError> {
        let Some(plan) = self.plan_of().await? else {
            return Ok(self.no_plan().into());
        };
        let meal = if r.is_empty() {
            let days: Vec<u8> = match r.day {
                Some(day) => vec![day],
                // Today, yesterday, … round the plan's week.
                None => (0..7u8).map(|k| (self.today + 6 - k) % 7 + 1).collect(),
            };
            let last = days.iter().find_map(|day| {
                plan.days
                    .iter()
                    .filter(|d| d.day_of_week == *day)
                    .flat_map(|d| &d.meals)
                    .rfind(|m| m.meal.status == MealStatus::Completed)
            });
            match last {
                Some(m) => m,
                None => {
                    return Ok(self
                        .t(
                            "No meal of that day is ticked off, so there is nothing to undo.",
                            "Ninguna comida de ese día está marcada, así que no hay nada que deshacer.",
                        )
                        .to_owned()
                        .into());
                }
            }
        } else {
            match self.find_meal(&plan, r) {
                Ok(m) => m,
                Err(why) => return Ok(why.into()),
            }
        };
        let label = self.meal_label(&plan, meal);
        let day = day_of(&plan, meal);
        let head = if meal.meal.status == MealStatus::Pending {
            match self.lang {
                Lang::En => format!(
                    "{label} ({}) is not ticked off: it is still pending, and I left it so.",
                    meal.recipe.name
                ),
                Lang::Es => format!(
                    "{label} ({}) no está marcado: sigue pendiente, y así lo dejo.",
                    meal.recipe.name
                ),
            }
        } else {
            self.services
                .meals
                .set_status(Some(self.user), meal.meal.id, MealStatus::Pending)
                .await
                .map_err(store)?;
            match self.lang {
                Lang::En => format!(
                    "Done: {label} ({}) is back to pending, not eaten.",
                    meal.recipe.name
                ),
                Lang::Es => format!(
                    "Hecho: {label} ({}) vuelve a estar pendiente, sin comer.",
                    meal.recipe.name
                ),
            }
        };
        Ok(Said {
            text: head,
            pending: None,
            shown: Shown::Keep,
            progress_day: Some(day),
        })
    }

    fn which_list(&self) -> String {
        self.t(
            "Option from which list? I haven't shown you alternatives for a meal yet. Ask me, for example, \"alternatives for Monday's lunch\", then pick a number.",
            "¿La opción de qué lista? Todavía no te he mostrado alternativas para ninguna comida. Pídemelas, por ejemplo \"alternativas para el almuerzo del lunes\", y luego elige un número.",
        )
        .to_owned()
    }
}

/// Whether a recipe's name (normalised) is the one `wanted` names: every
/// word of `wanted` in it, or all of it in `wanted`, plural or not
/// ("chickpeas rice bowl" is "Chickpea rice bowl").
fn names_match(name: &str, wanted: &str) -> bool {
    fn one(w: &str) -> &str {
        w.strip_suffix("es")
            .filter(|s| s.len() > 3)
            .or_else(|| w.strip_suffix('s').filter(|s| s.len() > 2))
            .unwrap_or(w)
    }
    let words =
        |s: &str| -> Vec<String> { s.split_whitespace().map(|w| one(w).to_owned()).collect() };
    let (name, wanted) = (words(name), words(wanted));
    !wanted.is_empty()
        && (wanted.iter().all(|w| name.contains(w)) || name.iter().all(|w| wanted.contains(w)))
}

/// Whether every word of `wanted` is a word of `name` but for a slip
/// (one letter in four): a dish asked for by a name the reader mended or
/// the person misspelt ("pad than", "shakshouka").
fn names_near(name: &str, wanted: &str) -> bool {
    let words: Vec<&str> = name.split_whitespace().collect();
    let wanted: Vec<&str> = wanted.split_whitespace().collect();
    !wanted.is_empty()
        && wanted.iter().all(|w| {
            words.iter().any(|n| {
                let slips = strsim::damerau_levenshtein(n, w);
                slips == 0 || (w.chars().count() >= 4 && slips * 4 <= w.chars().count())
            })
        })
}

#[cfg(test)]
mod name_tests {
    #[test]
    fn a_name_near_allows_a_slip_a_word() {
        assert!(super::names_near("chicken pad thai", "pad than"));
        assert!(super::names_near("shakshuka with sourdough", "shakshouka"));
        assert!(!super::names_near("chicken pad thai", "pad see ew"));
        assert!(!super::names_near("beef stew", "bean"));
    }

    #[test]
    fn a_name_matches_plural_or_not() {
        assert!(super::names_match(
            "chickpea rice bowl",
            "chickpeas rice bowl"
        ));
        assert!(super::names_match("cheese omelette", "my cheese omelette"));
        assert!(super::names_match("pb banana toast", "banana toast"));
        assert!(!super::names_match("cheese omelette", "lasagna"));
    }
}
