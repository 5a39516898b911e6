//! The plan as a whole: making one (saying back changes and asking before
//! a plan with eaten meals is replaced), showing it, a day's progress,
//! the shopping list, re-balancing, and finding a food in it.

use std::fmt::Write as _;

use mealplan_domain::planner::Tolerances;
use mealplan_domain::{MealStatus, MealType, MealsPerDay, Nutrition};
use mealplan_ports::PlanSettings;

use super::{
    Said, Shown, Toolbox, capitalise, day_total, meal_line, nutrition_of, store, totals_line, whole,
};
use crate::lang::{Lang, day_name, diet_name, food_name, meal_name};
use crate::request::ToolRequest;
use mealplan_app::{DayView, GenerateOptions, MyRecipes, PlanError, PlanView};
use mealplan_domain::planner::PlanAdjust;

impl Toolbox<'_> {
    /// Each eater's portion of a meal at a household's table ("you 1 (912
    /// kcal), Lia 0.25 (228 kcal)"), those who eat none left out; `None`
    /// for a meal only the holder eats.
    pub(super) fn table_portions(&self, m: &mealplan_app::MealView) -> Option<String> {
        if !m.meal.portions.iter().any(|p| p.member_id.is_some()) {
            return None;
        }
        let each: Vec<String> = m
            .meal
            .portions
            .iter()
            .filter(|p| p.servings > 0.0)
            .map(|p| {
                format!(
                    "{} {} ({} kcal)",
                    if p.member_id.is_none() {
                        self.t("you", "tú")
                    } else {
                        p.name.as_str()
                    },
                    (p.servings * 100.0).round() / 100.0,
                    whole(m.recipe.nutrition().served(p.servings).calories)
                )
            })
            .collect();
        Some(each.join(", "))
    }

    pub(super) async fn generate(
        &self,
        days: u8,
        mut adjust: PlanAdjust,
        meals_change: i8,
        confirmed: bool,
        (household, mine, leftovers): (
            bool,
            MyRecipes,
            Option<mealplan_domain::planner::Leftovers>,
        ),
    ) -> Result<Said, mealplan_ports::StoreError> {
        let Some(profile) = self.profile_of().await? else {
            return Ok(self.no_profile().into());
        };
        let members = match household {
            true => match self.table().await? {
                Ok(members) => members,
                Err(said) => return Ok(said),
            },
            false => Vec::new(),
        };
        if meals_change != 0 {
            let n = i64::from(profile.meals_per_day.get()) + i64::from(meals_change);
            match MealsPerDay::parse(n) {
                Ok(m) => adjust.meals_per_day = Some(m),
                Err(_) => {
                    return Ok(match self.lang {
                        Lang::En => format!(
                            "Your plans already have {} meals a day, which is as {} as a plan can have (1-6).",
                            profile.meals_per_day.get(),
                            if meals_change < 0 { "few" } else { "many" }
                        ),
                        Lang::Es => format!(
                            "Tus planes ya tienen {} comidas al día, el {} que puede tener un plan (1-6).",
                            profile.meals_per_day.get(),
                            if meals_change < 0 { "mínimo" } else { "máximo" }
                        ),
                    }
                    .into());
                }
            }
        }
        let current = self.plan_of().await?;
        let eaten = current.as_ref().map_or(0, |p| {
            p.days
                .iter()
                .flat_map(|d| &d.meals)
                .filter(|m| m.meal.status == MealStatus::Completed)
                .count()
        });
        if !confirmed && (eaten > 0 || !adjust.is_none()) {
            let mut out = String::new();
            if !adjust.is_none() {
                let _ = writeln!(
                    out,
                    "{}",
                    match self.lang {
                        Lang::En => format!(
                            "I'll make a new {days}-day plan with these changes, for this plan only (your profile stays as it is):"
                        ),
                        Lang::Es => format!(
                            "Haré un nuevo plan de {days} días con estos cambios, solo para este plan (tu perfil no cambia):"
                        ),
                    }
                );
                out.push_str(&self.changes(&profile, &adjust));
            }
            if eaten > 0 {
                let _ = writeln!(
                    out,
                    "{}",
                    match self.lang {
                        Lang::En => format!(
                            "Your current plan has {eaten} meals ticked as eaten. A new plan replaces it (the old one stays in your history)."
                        ),
                        Lang::Es => format!(
                            "Tu plan actual tiene {eaten} comidas marcadas como comidas. Un plan nuevo lo sustituye (el anterior queda en tu historial)."
                        ),
                    }
                );
            }
            out.push_str(self.t(
                "Shall I go ahead? Answer yes or no.",
                "¿Lo hago? Responde sí o no.",
            ));
            return Ok(Said {
                text: out,
                pending: Some(ToolRequest::GenerateWeeklyPlan {
                    days,
                    adjust,
                    meals_change: 0,
                    confirmed: true,
                    household,
                    mine,
                    leftovers,
                }),
                shown: Shown::Keep,
                progress_day: None,
            });
        }
        let options = GenerateOptions {
            leftovers,
            days,
            seed: None,
            settings: PlanSettings {
                adjust,
                ..PlanSettings::default()
            },
            household,
            my_recipes: mine,
            use_pantry: false,
        };
        let plan = match self
            .services
            .planner
            .generate_with(self.user, options)
            .await
        {
            Ok(plan) => plan,
            Err(PlanError::NoProfile) => return Ok(self.no_profile().into()),
            Err(PlanError::Busy(busy)) => return Ok(self.busy(busy).into()),
            Err(PlanError::Infeasible(e)) => {
                return Ok(format!(
                    "{} {e}. {}",
                    self.t("I couldn't build a plan:", "No he podido crear un plan:"),
                    self.t(
                        "Try relaxing a restriction or changing your diet types in your profile.",
                        "Prueba a quitar alguna restricción o cambiar tus tipos de dieta en el perfil."
                    )
                )
                .into());
            }
            Err(e) => return Err(store(e)),
        };
        if household {
            let targets = adjust.targets(&profile.targets);
            return Ok(self.household_plan(&plan, &members, &targets));
        }
        let mut out = String::new();
        let n = plan.days.len();
        let _ = writeln!(
            out,
            "{}",
            match self.lang {
                Lang::En => format!("Your new {n}-day plan is ready and active."),
                Lang::Es => format!("Tu nuevo plan de {n} días está listo y activo."),
            }
        );
        let _ = writeln!(
            out,
            "{} {}.",
            self.t("Daily target:", "Objetivo diario:"),
            totals_line(&nutrition_of(&adjust.targets(&profile.targets)), self.lang)
        );
        for day in &plan.days {
            let total = day_total(day);
            let _ = writeln!(
                out,
                "\n**{}** — {} kcal",
                capitalise(day_name(day.day_of_week, self.lang)),
                whole(total.calories)
            );
            for m in &day.meals {
                let _ = writeln!(out, "- {}", meal_line(m, self.lang));
            }
        }
        out.push_str(&self.mine_note(&plan, mine));
        let _ = write!(
            out,
            "\n{}",
            self.t(
                "You'll find it on your dashboard. Ask me to change any meal, e.g. \"replace Monday's lunch\".",
                "Lo tienes en tu panel. Pídeme cambiar cualquier comida, por ejemplo \"cambia el almuerzo del lunes\"."
            )
        );
        Ok(Said {
            text: out,
            pending: None,
            shown: Shown::Clear,
            progress_day: None,
        })
    }

    /// The changes of `adjust` against the profile, one line each.
    fn changes(&self, profile: &mealplan_ports::Person, adjust: &PlanAdjust) -> String {
        let before = profile.targets;
        let after = adjust.targets(&before);
        let mut out = String::new();
        let mut line = |name: &str, unit: &str, was: f64, now: f64| {
            if whole(was) != whole(now) {
                let _ = writeln!(
                    out,
                    "- {name}: {} {unit} {} {} {unit}",
                    whole(now),
                    self.t("a day instead of", "al día en lugar de"),
                    whole(was)
                );
            }
        };
        line(
            self.t("Calories", "Calorías"),
            "kcal",
            before.calories,
            after.calories,
        );
        line(
            self.t("Protein", "Proteína"),
            "g",
            before.protein,
            after.protein,
        );
        line(
            self.t("Carbs", "Carbohidratos"),
            "g",
            before.carbs,
            after.carbs,
        );
        line(self.t("Fat", "Grasa"), "g", before.fat, after.fat);
        if let Some(m) = adjust.meals_per_day {
            let _ = writeln!(
                out,
                "- {}: {} {} {}",
                self.t("Meals a day", "Comidas al día"),
                m.get(),
                self.t("instead of", "en lugar de"),
                profile.meals_per_day.get()
            );
        }
        if let Some(d) = adjust.diet {
            let _ = writeln!(
                out,
                "- {}: {}",
                self.t("Diet", "Dieta"),
                diet_name(d, self.lang)
            );
        }
        out
    }

    /// The plan, one day of it, or one meal type of a day or the week.
    pub(super) async fn plan(
        &self,
        day: Option<u8>,
        meal_type: Option<MealType>,
    ) -> Result<Said, mealplan_ports::StoreError> {
        self.plan_carried(day, meal_type, false).await
    }

    /// As [`Self::plan`]; `carried`: a follow-up ("what about lunch?",
    /// "¿y el viernes?") whose unsaid day or meal type is the one of the
    /// meal last shown, or today's day when none was.
    pub(super) async fn plan_carried(
        &self,
        day: Option<u8>,
        meal_type: Option<MealType>,
        carried: bool,
    ) -> Result<Said, mealplan_ports::StoreError> {
        let Some(plan) = self.plan_of().await? else {
            return Ok(self.no_plan().into());
        };
        let (day, meal_type) = if carried {
            let last = self
                .memory
                .shown
                .as_ref()
                .and_then(|s| s.meal_id)
                .and_then(|id| {
                    plan.days.iter().find_map(|d| {
                        d.meals
                            .iter()
                            .find(|m| m.meal.id == id)
                            .map(|m| (d.day_of_week, m.meal.meal_type))
                    })
                });
            match (day, meal_type, last) {
                (None, Some(t), Some((d, _))) => (Some(d), Some(t)),
                (None, Some(t), None) => (Some(self.today), Some(t)),
                (Some(d), None, Some((_, t))) => (Some(d), Some(t)),
                said => (said.0, said.1),
            }
        } else {
            (day, meal_type)
        };
        let targets = self.targets_of_plan().await?;
        let days: Vec<&DayView> = plan
            .days
            .iter()
            .filter(|d| day.is_none_or(|x| d.day_of_week == x))
            .collect();
        if days.is_empty() {
            let held: Vec<u8> = plan.days.iter().map(|d| d.day_of_week).collect();
            return Ok(self.no_such_day(day.unwrap_or(self.today), &held).into());
        }
        if let Some(meal_type) = meal_type {
            let mut out = String::new();
            // One meal of one day shown ("what's for dinner tomorrow?"):
            // remembered, so that "change it" or "cámbialo" next swaps it.
            let mut shown = Shown::Keep;
            for d in &days {
                let meals: Vec<_> = d
                    .meals
                    .iter()
                    .filter(|m| m.meal.meal_type == meal_type)
                    .collect();
                if meals.is_empty() {
                    let _ = writeln!(
                        out,
                        "{} {} {} {}.",
                        self.t("There is no", "No hay"),
                        meal_name(meal_type, self.lang),
                        self.t("on", "el"),
                        capitalise(day_name(d.day_of_week, self.lang))
                    );
                }
                for m in meals {
                    if day.is_some() && shown == Shown::Keep {
                        shown = Shown::Set(mealplan_ports::ShownList {
                            meal_id: Some(m.meal.id),
                            recipe_ids: Vec::new(),
                        });
                    }
                    let n = m.recipe.nutrition().served(m.meal.servings);
                    let _ = writeln!(
                        out,
                        "**{}**: {}{} — {}",
                        capitalise(&self.meal_label(&plan, m)),
                        m.recipe.name,
                        super::servings_note(m.meal.servings, self.lang),
                        totals_line(&n, self.lang)
                    );
                    // At a table, each person's own portion ("¿qué cena
                    // Leo el martes?" is answered with Leo's, not only
                    // the holder's).
                    if let Some(each) = self.table_portions(m) {
                        let _ = writeln!(
                            out,
                            "  {}: {}",
                            self.t("Servings at the table", "Raciones en la mesa"),
                            each
                        );
                    }
                }
            }
            return Ok(Said {
                text: out.trim_end().to_owned(),
                pending: None,
                shown,
                progress_day: None,
            });
        }
        let mut out = format!(
            "{} {} {}",
            self.t("Your active plan has", "Tu plan activo tiene"),
            plan.days.len(),
            self.t("days.", "días."),
        );
        if let Some(t) = &targets {
            let _ = write!(
                out,
                " {} {}.",
                self.t("Daily target:", "Objetivo diario:"),
                totals_line(&nutrition_of(t), self.lang)
            );
        }
        out.push('\n');
        for d in days {
            let total = day_total(d);
            let done = d
                .meals
                .iter()
                .filter(|m| m.meal.status == MealStatus::Completed)
                .count();
            let _ = writeln!(
                out,
                "\n**{}** — {} ({}/{} {})",
                capitalise(day_name(d.day_of_week, self.lang)),
                totals_line(&total, self.lang),
                done,
                d.meals.len(),
                self.t("eaten", "hechas")
            );
            for m in &d.meals {
                let _ = writeln!(out, "- {}", meal_line(m, self.lang));
            }
        }
        Ok(out.trim_end().to_owned().into())
    }

    /// The targets the active plan is judged by (the profile's, with the
    /// plan's own changes), from the summary the API serves.
    async fn targets_of_plan(
        &self,
    ) -> Result<Option<mealplan_domain::Targets<f64>>, mealplan_ports::StoreError> {
        match self.services.plans.summary(self.user).await {
            Ok(s) => Ok(s.targets.map(mealplan_domain::DayTargets::get)),
            Err(PlanError::NoActivePlan) => Ok(None),
            Err(e) => Err(store(e)),
        }
    }

    /// What was eaten on `day` (today by default) and what is left,
    /// from the plan summary the API serves.
    pub(super) async fn progress(
        &self,
        day: Option<u8>,
    ) -> Result<String, mealplan_ports::StoreError> {
        let day = day.unwrap_or(self.today);
        let summary = match self.services.plans.summary(self.user).await {
            Ok(s) => s,
            Err(PlanError::NoActivePlan) => return Ok(self.no_plan()),
            Err(e) => return Err(store(e)),
        };
        let Some(d) = summary.days.iter().find(|d| d.day_of_week == day) else {
            let held: Vec<u8> = summary.days.iter().map(|d| d.day_of_week).collect();
            return Ok(self.no_such_day(day, &held));
        };
        let plan = self.plan_of().await?;
        let day_name = capitalise(day_name(day, self.lang));
        // A day of the week already gone ("what did I eat yesterday?"):
        // what was ticked off, never what is "left".
        let past = day < self.today;
        let mut out = format!(
            "**{day_name}** — {}: {}.",
            if past {
                self.t("ticked off as eaten", "marcado como comido")
            } else {
                self.t("eaten so far", "comido hasta ahora")
            },
            totals_line(&d.completed, self.lang)
        );
        if past && let Some(t) = &summary.targets {
            let _ = write!(
                out,
                "\n{} {}.",
                self.t("Target:", "Objetivo:"),
                totals_line(&nutrition_of(t), self.lang)
            );
        } else if let Some(t) = &summary.targets {
            let left = Nutrition {
                calories: t.calories - d.completed.calories,
                protein: t.protein - d.completed.protein,
                carbs: t.carbs - d.completed.carbs,
                fat: t.fat - d.completed.fat,
                ..Nutrition::default()
            };
            let _ = write!(
                out,
                "\n{} {}.",
                self.t("Target:", "Objetivo:"),
                totals_line(&nutrition_of(t), self.lang)
            );
            if left.calories >= 0.0 {
                let _ = write!(
                    out,
                    "\n{} {}.",
                    self.t("Left for the day:", "Te queda para el día:"),
                    totals_line(&left.max_zero(), self.lang)
                );
            } else {
                let _ = write!(
                    out,
                    "\n{} {} kcal.",
                    self.t(
                        "You are over the day's calories by",
                        "Has superado las calorías del día en"
                    ),
                    whole(-left.calories)
                );
            }
        }
        if let Some(menu) = plan
            .as_ref()
            .and_then(|p| p.days.iter().find(|x| x.day_of_week == day))
        {
            let pending: Vec<_> = menu
                .meals
                .iter()
                .filter(|m| m.meal.status == MealStatus::Pending)
                .collect();
            if pending.is_empty() {
                let _ = write!(
                    out,
                    "\n{}",
                    self.t(
                        "Every meal of the day is ticked off.",
                        "Todas las comidas del día están marcadas."
                    )
                );
            } else {
                let _ = write!(
                    out,
                    "\n{} ({} kcal):",
                    if past {
                        self.t("Not ticked off", "Sin marcar")
                    } else {
                        self.t("Still to eat", "Pendiente")
                    },
                    whole(d.planned.calories - d.completed.calories)
                );
                for m in pending {
                    let _ = write!(out, "\n- {}", meal_line(m, self.lang));
                }
            }
        }
        Ok(out)
    }

    /// The shopping list of the pending meals, by aisle.
    pub(super) async fn shopping(
        &self,
        food: Option<&str>,
    ) -> Result<String, mealplan_ports::StoreError> {
        let list = match self.services.shopping.shopping_list(self.user).await {
            Ok(l) => l,
            Err(PlanError::NoActivePlan) => return Ok(self.no_plan()),
            Err(e) => return Err(store(e)),
        };
        let aisles = list.by_aisle();
        if let Some(food) = food {
            return Ok(self.shopping_for(&aisles, food));
        }
        if aisles.is_empty() {
            return Ok(self
                .t(
                    "Nothing to buy: every meal of your plan is ticked off.",
                    "No hay nada que comprar: todas las comidas de tu plan están marcadas.",
                )
                .to_owned());
        }
        let mut out = self
            .t(
                "Your shopping list for the meals still to eat:",
                "Tu lista de la compra para las comidas pendientes:",
            )
            .to_owned();
        for (aisle, items) in aisles {
            let _ = write!(out, "\n\n**{}**", aisle_title(aisle, self.lang));
            for item in items {
                let form = item.purchase.form.as_deref().map_or(String::new(), |f| {
                    format!(" ({})", bought_form(f, self.lang))
                });
                let _ = write!(
                    out,
                    "\n- {}: {}{form}",
                    capitalise(&food_name(&item.name, self.lang)),
                    amount(&item.purchase, self.lang)
                );
            }
        }
        Ok(out)
    }

    /// Whether the list has `food` ("do I need to buy eggs?").
    fn shopping_for(
        &self,
        aisles: &[(
            mealplan_domain::kitchen::Aisle,
            Vec<&mealplan_app::ShoppingItem>,
        )],
        food: &str,
    ) -> String {
        let meaning = self.services.recipes.restriction(food);
        let taxonomy = mealplan_domain::Taxonomy::standard();
        let is_it = |name: &str| {
            meaning.rules().iter().any(|r| match r {
                mealplan_domain::Rule::Kind(k) => name == k || taxonomy.is_a(name, k),
                mealplan_domain::Rule::Allergen(a) => {
                    taxonomy.allergens_of(name).is_some_and(|x| x.contains(a))
                }
                mealplan_domain::Rule::Diet(_) => false,
            })
        };
        let hits: Vec<String> = aisles
            .iter()
            .flat_map(|(_, items)| items.iter())
            .filter(|i| is_it(&i.name))
            .map(|i| {
                format!(
                    "- {}: {}",
                    capitalise(&food_name(&i.name, self.lang)),
                    amount(&i.purchase, self.lang)
                )
            })
            .collect();
        let name = food_name(food, self.lang);
        if hits.is_empty() {
            match self.lang {
                Lang::En => format!("No: the meals still to eat need no {name}."),
                Lang::Es => format!("No: las comidas pendientes no necesitan {name}."),
            }
        } else {
            match self.lang {
                Lang::En => format!("Yes, for the meals still to eat:\n{}", hits.join("\n")),
                Lang::Es => format!("Sí, para las comidas pendientes:\n{}", hits.join("\n")),
            }
        }
    }

    /// Re-balances `day` (every day when `None`) and says how each day
    /// now meets the targets.
    pub(super) async fn rebalance(
        &self,
        day: Option<u8>,
    ) -> Result<String, mealplan_ports::StoreError> {
        let before = self.plan_of().await?;
        let plan = match self.services.planner.rebalance(self.user, day).await {
            Ok(p) => p,
            Err(PlanError::NoActivePlan) => return Ok(self.no_plan()),
            Err(PlanError::NoProfile) => return Ok(self.no_profile()),
            Err(PlanError::DayNotFound) => {
                let held: Vec<u8> = before
                    .iter()
                    .flat_map(|p| p.days.iter().map(|d| d.day_of_week))
                    .collect();
                return Ok(self.no_such_day(day.unwrap_or(self.today), &held));
            }
            Err(PlanError::Busy(busy)) => return Ok(self.busy(busy)),
            Err(e) => return Err(store(e)),
        };
        let changed = before.map_or(0, |b| changed_meals(&b, &plan));
        let mut out = if changed == 0 {
            self.t("Nothing needed changing:", "No hacía falta cambiar nada:")
                .to_owned()
        } else {
            match self.lang {
                Lang::En => format!(
                    "Re-balanced: {changed} meals got a new portion or recipe (eaten and chosen meals stay as they are)."
                ),
                Lang::Es => format!(
                    "Reajustado: {changed} comidas tienen otra ración o receta (las comidas ya hechas o elegidas no cambian)."
                ),
            }
        };
        out.push_str(&self.fit_lines(&plan, day).await?);
        Ok(out)
    }

    /// How each day (or `day`) meets the targets, a line each.
    pub(super) async fn fit_lines(
        &self,
        plan: &PlanView,
        day: Option<u8>,
    ) -> Result<String, mealplan_ports::StoreError> {
        let Some(targets) = self.targets_of_plan().await? else {
            return Ok(String::new());
        };
        let at_table = |d: &DayView| {
            d.meals
                .iter()
                .any(|m| m.meal.portions.iter().any(|p| p.member_id.is_some()))
        };
        let days: Vec<&DayView> = plan
            .days
            .iter()
            .filter(|d| day.is_none_or(|x| x == d.day_of_week))
            .collect();
        // At a table every eater's day is told, not the holder's alone.
        let members = if days.iter().any(|d| at_table(d)) {
            self.members_of().await?.unwrap_or_default()
        } else {
            Vec::new()
        };
        let mut out = String::new();
        for d in days {
            let total = day_total(d);
            let _ = write!(
                out,
                "\n- **{}**: {} — {}",
                capitalise(day_name(d.day_of_week, self.lang)),
                totals_line(&total, self.lang),
                self.fit_word(&total, &targets)
            );
            if !at_table(d) {
                continue;
            }
            for member in &members {
                let eaten: Vec<Nutrition> = d
                    .meals
                    .iter()
                    .flat_map(|m| {
                        m.meal
                            .portions
                            .iter()
                            .filter(|p| p.member_id == Some(member.id))
                            .map(|p| m.recipe.nutrition().served(p.servings))
                    })
                    .collect();
                if eaten.is_empty() {
                    continue;
                }
                let total: Nutrition = eaten.into_iter().sum();
                let _ = write!(
                    out,
                    "\n  - {}: {} — {}",
                    member.name.as_str(),
                    totals_line(&total, self.lang),
                    self.fit_word(&total, &member.targets.get())
                );
            }
        }
        Ok(out)
    }

    /// "on target", or what is off and by how much.
    fn fit_word(&self, total: &Nutrition, targets: &mealplan_domain::Targets<f64>) -> String {
        let fit = mealplan_domain::planner::assess(total, targets, &Tolerances::default());
        if fit.off.is_empty() {
            return self.t("on target", "en objetivo").to_owned();
        }
        format!(
            "{} {}",
            self.t("off:", "fuera:"),
            fit.off
                .iter()
                .map(|o| format!(
                    "{} {:+.0}%",
                    nutrient_name(o.nutrient, self.lang),
                    o.percent
                ))
                .collect::<Vec<_>>()
                .join(", ")
        )
    }

    /// Which meals of the plan have `food`.
    pub(super) async fn contains(
        &self,
        food: &str,
        only: &crate::request::MealRef,
    ) -> Result<String, mealplan_ports::StoreError> {
        let Some(plan) = self.plan_of().await? else {
            return Ok(self.no_plan());
        };
        let rule = self.services.recipes.rules([food], &[]);
        let name = food_name(food, self.lang);
        let hits: Vec<String> = plan
            .days
            .iter()
            .filter(|d| only.day.is_none_or(|x| x == d.day_of_week))
            .flat_map(|d| &d.meals)
            .filter(|m| only.meal_type.is_none_or(|t| t == m.meal.meal_type))
            .filter(|m| !rule.allow(&m.recipe))
            .map(|m| {
                format!(
                    "- {}: {}",
                    capitalise(&self.meal_label(&plan, m)),
                    m.recipe.name
                )
            })
            .collect();
        let scope = match (only.day, only.meal_type) {
            (None, None) => None,
            (day, meal_type) => Some((day.unwrap_or(self.today), meal_type)),
        };
        if hits.is_empty()
            && let Some((day, meal_type)) = scope
        {
            let what = match (meal_type, self.lang) {
                (Some(t), Lang::En) => {
                    format!("{}'s {}", day_name(day, self.lang), meal_name(t, self.lang))
                }
                (Some(t), Lang::Es) => format!(
                    "{} del {}",
                    capitalise(meal_name(t, self.lang)),
                    day_name(day, self.lang)
                ),
                (None, _) => capitalise(day_name(day, self.lang)),
            };
            return Ok(match self.lang {
                Lang::En => format!("{what}: no {name} in it."),
                Lang::Es => format!("{what}: no lleva {name}."),
            });
        }
        Ok(match (self.lang, hits.len()) {
            (Lang::En, 0) => format!("No meal of your plan has {name}."),
            (Lang::Es, 0) => format!("Ninguna comida de tu plan lleva {name}."),
            (Lang::En, 1) => format!("1 meal of your plan has {name}:\n{}", hits[0]),
            (Lang::Es, 1) => format!("1 comida de tu plan lleva {name}:\n{}", hits[0]),
            (Lang::En, n) => {
                format!("{n} meals of your plan have {name}:\n{}", hits.join("\n"))
            }
            (Lang::Es, n) => {
                format!("{n} comidas de tu plan llevan {name}:\n{}", hits.join("\n"))
            }
        })
    }
}

/// Meals whose recipe or portion differ between two versions of a plan.
pub(super) fn changed_meals(before: &PlanView, after: &PlanView) -> usize {
    let old: Vec<(i64, i64, f64)> = before
        .days
        .iter()
        .flat_map(|d| &d.meals)
        .map(|m| (m.meal.id, m.meal.recipe_id, m.meal.servings))
        .collect();
    after
        .days
        .iter()
        .flat_map(|d| &d.meals)
        .filter(|m| {
            !old.iter().any(|(id, r, s)| {
                *id == m.meal.id && *r == m.meal.recipe_id && (s - m.meal.servings).abs() < 1e-9
            })
        })
        .count()
}

fn nutrient_name(n: mealplan_domain::planner::Nutrient, lang: Lang) -> &'static str {
    use mealplan_domain::planner::Nutrient::*;
    match n {
        Calories => lang.pick("calories", "calorías"),
        Protein => lang.pick("protein", "proteína"),
        Carbs => lang.pick("carbs", "carbohidratos"),
        Fat => lang.pick("fat", "grasa"),
    }
}

trait MaxZero {
    fn max_zero(&self) -> Self;
}

impl MaxZero for Nutrition {
    fn max_zero(&self) -> Self {
        Nutrition {
            calories: self.calories.max(0.0),
            protein: self.protein.max(0.0),
            carbs: self.carbs.max(0.0),
            fat: self.fat.max(0.0),
            ..Nutrition::default()
        }
    }
}

fn aisle_title(aisle: mealplan_domain::kitchen::Aisle, lang: Lang) -> &'static str {
    use mealplan_domain::kitchen::Aisle::*;
    match lang {
        Lang::En => aisle.title(),
        Lang::Es => match aisle {
            Produce => "Fruta y verdura",
            Bakery => "Pan y panadería",
            Meat => "Carne y aves",
            Fish => "Pescado y marisco",
            Dairy => "Lácteos, huevos y bebidas vegetales",
            Chilled => "Tofu, tempeh y refrigerados",
            Frozen => "Congelados",
            Grains => "Arroz, pasta, cereales y legumbres",
            Tins => "Conservas",
            Breakfast => "Cereales, cremas y siropes",
            Baking => "Repostería",
            Nuts => "Frutos secos, semillas y fruta seca",
            Condiments => "Aceites, vinagres y salsas",
            Spices => "Especias y sal",
            Snacks => "Galletas saladas y aperitivos",
            Sports => "Proteína en polvo",
            Other => "Otros",
        },
    }
}

fn bought_form(form: &str, lang: Lang) -> String {
    match (lang, form) {
        (Lang::Es, "dry") => "en seco".into(),
        (Lang::Es, "raw") => "en crudo".into(),
        (Lang::Es, other) => other.into(),
        (Lang::En, other) => other.into(),
    }
}

/// `6 eggs` / `6 huevos`: metric units as they are, counted ones named in
/// the answer's language.
fn amount(p: &mealplan_domain::kitchen::Purchase, lang: Lang) -> String {
    if lang == Lang::En || ["g", "kg", "ml", "l"].contains(&p.unit.as_str()) {
        return p.display.clone();
    }
    let many = p.amount > 1.0;
    let noun = match p.unit.trim_end_matches('s') {
        "can" => "lata",
        "bunche" | "bunch" => "manojo",
        "head" => "pieza",
        "stalk" => "rama",
        "slice" => "rebanada",
        "bar" => "tableta",
        "clove" | "garlic clove" => "diente de ajo",
        // Counted by the ingredient's own name ("2 apples"): the number says it.
        _ => return super::whole(p.amount).to_string(),
    };
    let plural = if many {
        if noun.ends_with(['a', 'e', 'o']) {
            "s"
        } else {
            "es"
        }
    } else {
        ""
    };
    let (head, tail) = noun.split_once(' ').map_or((noun, ""), |(h, t)| (h, t));
    let tail = if tail.is_empty() {
        String::new()
    } else {
        format!(" {tail}")
    };
    format!("{} {head}{plural}{tail}", super::whole(p.amount))
}
