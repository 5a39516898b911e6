//! The profile: telling it, the targets and how they were worked out,
//! adding and removing tastes and restrictions (only what the rules can
//! read is stored), and changing goal, activity, weight, meals and diet.

use std::fmt::Write as _;

use mealplan_domain::planner::Nutrient;
use mealplan_domain::targets::{self, bmr, goal_calories, tdee};
use mealplan_domain::{ActivityLevel, Goal, ItemName, ItemRef, Rule};
use mealplan_ports::{ItemKind, Person, StoreError};

use super::{Said, Shown, Toolbox, nutrition_of, totals_line, whole};
use crate::foods::{Near, closest};
use crate::lang::{Lang, diet_name, food_name, restriction_name};
use crate::request::{Complaint, ToolRequest};
use crate::vocab::TASTES;
use mealplan_app::ProfileError;

impl Toolbox<'_> {
    pub(super) async fn profile(&self) -> Result<String, StoreError> {
        let Some(p) = self.profile_of().await? else {
            return Ok(self.no_profile());
        };
        // "ninguno" for diet types and tastes, "ninguna" for restrictions.
        let list = |items: Vec<String>, none_es: &str| {
            if items.is_empty() {
                self.t("none", none_es).to_owned()
            } else {
                items.join(", ")
            }
        };
        let not_enforced = self.t("not enforced", "no se aplica");
        let restrictions: Vec<String> = p
            .restrictions
            .iter()
            .map(|r| {
                let name = restriction_name(&r.name, self.lang);
                if self.services.recipes.restriction(&r.name).is_enforced() {
                    name
                } else {
                    format!("{name} ({not_enforced})")
                }
            })
            .collect();
        let today = self.services.profiles.today();
        Ok(format!(
            "{}: {}.\n- {}: {} cm, {} kg, {} {}, {} ({})\n- {}: {}\n- {}: {}\n- {}: {}\n- {}: {}\n- {}: {}",
            self.t("Your goal", "Tu objetivo"),
            self.goal_name(p.body.goal),
            self.t("Body", "Cuerpo"),
            p.body.height.cm(),
            p.body.weight.kg(),
            p.body.birth_date.age_on(today),
            self.t("years", "años"),
            self.t(
                if p.body.gender == mealplan_domain::Gender::Male {
                    "male"
                } else {
                    "female"
                },
                if p.body.gender == mealplan_domain::Gender::Male {
                    "hombre"
                } else {
                    "mujer"
                }
            ),
            self.activity_name(p.body.activity_level),
            self.t("Daily targets", "Objetivos diarios"),
            totals_line(&nutrition_of(&p.targets), self.lang),
            self.t("Meals a day", "Comidas al día"),
            p.meals_per_day.get(),
            self.t("Diet types", "Tipos de dieta"),
            list(
                p.diet_types
                    .iter()
                    .map(|d| diet_name(*d, self.lang).to_owned())
                    .collect(),
                "ninguno"
            ),
            self.t("Restrictions", "Restricciones"),
            list(restrictions, "ninguna"),
            self.t("Tastes", "Gustos"),
            list(
                p.tastes
                    .iter()
                    .map(|t| food_name(&t.name, self.lang))
                    .collect(),
                "ninguno"
            ),
        ))
    }

    pub(super) fn goal_name(&self, g: Goal) -> &'static str {
        match g {
            Goal::LoseWeight => self.t("lose weight", "perder peso"),
            Goal::GainWeight => self.t("gain weight", "ganar peso"),
            Goal::MaintainWeight => self.t("maintain weight", "mantener el peso"),
        }
    }

    pub(super) fn activity_name(&self, a: ActivityLevel) -> &'static str {
        match a {
            ActivityLevel::Low => self.t("low activity", "actividad baja"),
            ActivityLevel::Medium => self.t("medium activity", "actividad media"),
            ActivityLevel::High => self.t("high activity", "actividad alta"),
        }
    }

    /// The targets, and how each was worked out from the profile; for a
    /// target found too high or too low, then the change that would move
    /// it, offered for a yes (nothing is changed on the complaint alone).
    pub(super) async fn explain_targets(
        &self,
        focus: Option<Nutrient>,
        complaint: Option<Complaint>,
    ) -> Result<Said, StoreError> {
        let Some(p) = self.profile_of().await? else {
            return Ok(self.no_profile().into());
        };
        let t = p.targets;
        let age = p.body.age_on(self.services.profiles.today());
        let mut out = String::new();
        let lead = match (focus, self.lang) {
            (Some(Nutrient::Protein), Lang::En) => {
                format!("Your protein target is **{} g a day**.", whole(t.protein))
            }
            (Some(Nutrient::Protein), Lang::Es) => format!(
                "Tu objetivo de proteína es **{} g al día**.",
                whole(t.protein)
            ),
            (Some(Nutrient::Carbs), Lang::En) => format!(
                "Your carbohydrate target is **{} g a day**.",
                whole(t.carbs)
            ),
            (Some(Nutrient::Carbs), Lang::Es) => format!(
                "Tu objetivo de carbohidratos es **{} g al día**.",
                whole(t.carbs)
            ),
            (Some(Nutrient::Fat), Lang::En) => {
                format!("Your fat target is **{} g a day**.", whole(t.fat))
            }
            (Some(Nutrient::Fat), Lang::Es) => {
                format!("Tu objetivo de grasa es **{} g al día**.", whole(t.fat))
            }
            // Found too high or too low: the number in question first.
            (Some(Nutrient::Calories), Lang::En) if complaint.is_some() => format!(
                "Your calorie target is **{} kcal a day**.",
                whole(t.calories)
            ),
            (Some(Nutrient::Calories), Lang::Es) if complaint.is_some() => format!(
                "Tu objetivo de calorías es **{} kcal al día**.",
                whole(t.calories)
            ),
            (_, Lang::En) => format!(
                "Your daily targets: **{}**.",
                totals_line(&nutrition_of(&t), self.lang)
            ),
            (_, Lang::Es) => format!(
                "Tus objetivos diarios: **{}**.",
                totals_line(&nutrition_of(&t), self.lang)
            ),
        };
        out.push_str(&lead);
        let m = p.manual.targets;
        let b = whole(bmr(&p.body, age));
        let e = whole(tdee(&p.body, age));
        let g = whole(goal_calories(&p.body, age));
        let _ = write!(
            out,
            "\n\n{}",
            self.t("How they were worked out:", "Cómo se calcularon:")
        );
        if m.calories {
            let _ = write!(
                out,
                "\n- {}",
                self.t("Calories: set by you.", "Calorías: las fijaste tú.")
            );
        } else {
            let _ = match self.lang {
                Lang::En => write!(
                    out,
                    "\n- Calories: your resting energy (Mifflin-St Jeor, from {} kg, {} cm and {age} years) is {b} kcal; times your activity ({}) that is {e} kcal a day; your goal ({}) makes it {g} kcal.",
                    p.body.weight.kg(),
                    p.body.height.cm(),
                    self.activity_name(p.body.activity_level),
                    self.goal_name(p.body.goal)
                ),
                Lang::Es => write!(
                    out,
                    "\n- Calorías: tu gasto en reposo (Mifflin-St Jeor, con {} kg, {} cm y {age} años) es {b} kcal; por tu actividad ({}) son {e} kcal al día; tu objetivo ({}) lo deja en {g} kcal.",
                    p.body.weight.kg(),
                    p.body.height.cm(),
                    self.activity_name(p.body.activity_level),
                    self.goal_name(p.body.goal)
                ),
            };
        }
        if m.protein {
            let _ = write!(
                out,
                "\n- {}",
                self.t("Protein: set by you.", "Proteína: la fijaste tú.")
            );
        } else {
            let _ = write!(
                out,
                "\n- {}",
                super::protein::protein_rule(&p, age, &t, self.lang)
            );
        }
        let _ = write!(
            out,
            "\n- {}",
            if m.fat {
                self.t("Fat: set by you.", "Grasa: la fijaste tú.")
            } else {
                self.t(
                    "Fat: 25% of the calories.",
                    "Grasa: el 25% de las calorías.",
                )
            }
        );
        let _ = write!(
            out,
            "\n- {}",
            if m.carbs {
                self.t("Carbs: set by you.", "Carbohidratos: los fijaste tú.")
            } else {
                self.t(
                    "Carbs: the calories left after protein and fat.",
                    "Carbohidratos: las calorías que quedan tras la proteína y la grasa.",
                )
            }
        );
        let _ = write!(
            out,
            "\n\n{}",
            self.t(
                "Computed values are kept inside the reference ranges (DRI, EFSA): protein 10-35% of calories and at least 0.8 g per kg (1.0 from 65), fat 20-35%, carbs 45-65% (at least 130 g on a low-carb or high-protein diet).",
                "Los valores calculados se mantienen dentro de los rangos de referencia (DRI, EFSA): proteína 10-35% de las calorías y al menos 0,8 g por kg (1,0 desde los 65), grasa 20-35%, carbohidratos 45-65% (al menos 130 g en una dieta baja en carbohidratos o alta en proteína).",
            )
        );
        for note in targets::all_notes(&p.body, age, &t, &p.diet_types, &m) {
            let line = match self.lang {
                Lang::En => note.message,
                Lang::Es => spanish_note(&note),
            };
            let _ = write!(out, "\n- ⚠ {line}");
        }
        let mut pending = None;
        if let (Some(focus), Some(complaint)) = (focus, complaint) {
            let (text, offer) = self.complaint_answer(&p, focus, complaint);
            let _ = write!(out, "\n\n{text}");
            pending = offer;
        }
        Ok(Said {
            text: out,
            pending,
            shown: Shown::Keep,
            progress_day: None,
        })
    }

    /// Adds tastes or restrictions; a name the rules cannot read is not
    /// stored, and the answer offers the closest names known.
    pub(super) async fn add_preference(
        &self,
        kind: ItemKind,
        names: &[String],
    ) -> Result<Said, StoreError> {
        let Some(profile) = self.profile_of().await? else {
            return Ok(self.no_profile().into());
        };
        let mut out = String::new();
        let mut fresh: Vec<ItemName> = Vec::new();
        let list = match kind {
            ItemKind::Taste => &profile.tastes,
            ItemKind::Restriction => &profile.restrictions,
        };
        let mut pending = None;
        for name in names {
            let understood = match kind {
                ItemKind::Restriction => self.services.recipes.restriction(name).is_enforced(),
                ItemKind::Taste => {
                    TASTES.iter().any(|(_, t)| t == name)
                        || self
                            .services
                            .recipes
                            .restriction(name)
                            .rules()
                            .iter()
                            .any(|r| matches!(r, Rule::Kind(_) | Rule::Allergen(_)))
                }
            };
            let shown = restriction_name(name, self.lang);
            if !understood {
                let near = closest(name, self.lang);
                let _ = write!(out, "{} ", self.not_understood(&shown, &near));
                if let Some(first) = near.first() {
                    pending = Some(ToolRequest::AddPreference {
                        kind,
                        names: vec![first.english.clone()],
                    });
                }
                continue;
            }
            let Ok(item) = ItemName::parse(name) else {
                // "fish except salmon and tuna and …" past the 50 characters
                // a name may have: said, never dropped in silence.
                let _ = write!(out, "{} ", self.too_long(&shown));
                continue;
            };
            if list.iter().any(|i| i.name == item.as_str()) || fresh.contains(&item) {
                let _ = write!(
                    out,
                    "{} ",
                    match self.lang {
                        Lang::En => format!(
                            "\"{shown}\" is already in your {}.",
                            kind_noun(kind, self.lang)
                        ),
                        Lang::Es =>
                            format!("\"{shown}\" ya está en tus {}.", kind_noun(kind, self.lang)),
                    }
                );
                continue;
            }
            fresh.push(item);
        }
        if fresh.is_empty() {
            // "I love bacon" again, pork kept out since: let it back in.
            if kind == ItemKind::Taste {
                let mut draft = self.draft_of(&profile)?;
                let (changed, kept, _) = self.letting_back(&mut draft, names, false);
                if !changed.is_empty() {
                    self.save(draft).await?;
                }
                for line in changed.into_iter().chain(kept) {
                    out.push_str(&line);
                    out.push(' ');
                }
            }
            return Ok(Said {
                text: out.trim_end().to_owned(),
                pending,
                shown: Shown::Keep,
                progress_day: None,
            });
        }
        let mut draft = self.draft_of(&profile)?;
        // "fish except salmon" takes the place of "fish" (or of "fish
        // except tuna"): one restriction of each food.
        let mut replaced: Vec<String> = Vec::new();
        if kind == ItemKind::Restriction {
            let base = |n: &str| mealplan_domain::taxonomy::key(crate::except::base_of(n));
            let bases: Vec<String> = fresh.iter().map(|f| base(f.as_str())).collect();
            draft.restrictions_mut().retain(|r| {
                let name = match r {
                    ItemRef::Id(_, n) | ItemRef::Name(n) => n.as_str(),
                };
                let hit = bases.contains(&base(name))
                    && (name.contains(" except ")
                        || fresh.iter().any(|f| f.as_str().contains(" except ")));
                if hit {
                    replaced.push(format!("\"{}\"", restriction_name(name, self.lang)));
                }
                !hit
            });
        }
        let target = match kind {
            ItemKind::Taste => draft.tastes_mut(),
            ItemKind::Restriction => draft.restrictions_mut(),
        };
        target.extend(fresh.iter().cloned().map(ItemRef::Name));
        // "me gusta el cilantro" after keeping cilantro out: a food liked
        // now is no longer kept out (an allergy has a name of its own,
        // "nut allergy", and stays).
        let mut freed: Vec<String> = Vec::new();
        if kind == ItemKind::Taste {
            let liked: Vec<String> = fresh
                .iter()
                .map(|i| mealplan_domain::taxonomy::key(i.as_str()))
                .collect();
            draft.restrictions_mut().retain(|r| {
                let name = match r {
                    ItemRef::Id(_, n) | ItemRef::Name(n) => n.as_str(),
                };
                let hit = liked.contains(&mealplan_domain::taxonomy::key(name));
                if hit {
                    freed.push(format!("\"{}\"", restriction_name(name, self.lang)));
                }
                !hit
            });
        }
        // "I love salmon" while fish is kept out: salmon is let back in.
        let mut let_back: Vec<String> = Vec::new();
        if kind == ItemKind::Taste {
            let liked: Vec<String> = fresh.iter().map(|f| f.as_str().to_owned()).collect();
            let (changed, kept, _) = self.letting_back(&mut draft, &liked, false);
            let_back.extend(changed);
            let_back.extend(kept);
        }
        self.save(draft).await?;
        let added: Vec<String> = fresh
            .iter()
            .map(|i| format!("\"{}\"", restriction_name(i.as_str(), self.lang)))
            .collect();
        let _ = write!(
            out,
            "{} {} {} {}.",
            self.t("Added", "He añadido"),
            added.join(", "),
            self.t("to your", "a tus"),
            kind_noun(kind, self.lang)
        );
        if !replaced.is_empty() {
            let _ = write!(
                out,
                " {} {}.",
                self.t("It replaces", "Sustituye a"),
                replaced.join(", ")
            );
        }
        if kind == ItemKind::Restriction {
            let names: Vec<&str> = fresh.iter().map(ItemName::as_str).collect();
            out.push(' ');
            out.push_str(&self.restriction_effect(&names).await?);
        } else {
            if !freed.is_empty() {
                let _ = write!(
                    out,
                    " {} {} {}.",
                    self.t("I took", "He quitado"),
                    freed.join(", "),
                    self.t("off your restrictions", "de tus restricciones")
                );
            }
            out.push(' ');
            out.push_str(if fresh.len() > 1 {
                self.t(
                    "New plans will prefer them.",
                    "Los nuevos planes los tendrán en cuenta.",
                )
            } else {
                self.t(
                    "New plans will prefer it.",
                    "Los nuevos planes lo tendrán en cuenta.",
                )
            });
            for line in let_back {
                out.push(' ');
                out.push_str(&line);
            }
        }
        Ok(Said {
            text: out,
            pending,
            shown: Shown::Keep,
            progress_day: None,
        })
    }

    /// Lets `foods` back in through the restrictions of `draft` that keep
    /// them out ("fish" becomes "fish except salmon"; a restriction that
    /// is the food itself, with `whole`, comes off). An allergy keeps its
    /// foods out. The sentences saying what changed, what an allergy kept
    /// out, and the foods nothing kept out.
    fn letting_back(
        &self,
        draft: &mut mealplan_domain::ProfileDraft,
        foods: &[String],
        whole: bool,
    ) -> (Vec<String>, Vec<String>, Vec<String>) {
        use crate::except::{Fold, fold};
        let taxonomy = mealplan_domain::Taxonomy::standard();
        let (mut changed, mut kept, mut free) = (Vec::new(), Vec::new(), Vec::new());
        for food in foods {
            let shown = food_name(food, self.lang);
            let mut touched = false;
            let list = draft.restrictions_mut();
            let mut i = 0;
            while i < list.len() {
                let name = match &list[i] {
                    ItemRef::Id(_, n) | ItemRef::Name(n) => n.as_str().to_owned(),
                };
                let was = restriction_name(&name, self.lang);
                match fold(taxonomy, &name, food) {
                    Fold::Same if whole => {
                        list.remove(i);
                        touched = true;
                        changed.push(match self.lang {
                            Lang::En => format!("Took \"{was}\" off your restrictions."),
                            Lang::Es => format!("He quitado \"{was}\" de tus restricciones."),
                        });
                        continue;
                    }
                    Fold::Excepted(now) => {
                        let Ok(item) = ItemName::parse(&now) else {
                            touched = true;
                            kept.push(self.too_long(&restriction_name(&now, self.lang)));
                            i += 1;
                            continue;
                        };
                        list[i] = ItemRef::Name(item);
                        touched = true;
                        let now = restriction_name(&now, self.lang);
                        changed.push(match self.lang {
                            Lang::En => format!(
                                "Let {shown} back in: your restriction \"{was}\" is now \"{now}\"."
                            ),
                            Lang::Es => format!(
                                "He vuelto a permitir {shown}: tu restricción \"{was}\" ahora es \"{now}\"."
                            ),
                        });
                    }
                    Fold::Allergy => {
                        touched = true;
                        kept.push(self.allergy_kept(&name, food));
                    }
                    Fold::Same | Fold::Apart => {}
                }
                i += 1;
            }
            if !touched {
                free.push(shown);
            }
        }
        (changed, kept, free)
    }

    /// "salmon is fine", "el atún sí lo como": the foods let back in
    /// through the profile's restrictions.
    pub(super) async fn let_back(&self, foods: &[String]) -> Result<String, StoreError> {
        let Some(profile) = self.profile_of().await? else {
            return Ok(self.no_profile());
        };
        let mut draft = self.draft_of(&profile)?;
        let (changed, kept, free) = self.letting_back(&mut draft, foods, true);
        if !changed.is_empty() {
            self.save(draft).await?;
        }
        let mut out: Vec<String> = changed;
        out.extend(kept);
        if !free.is_empty() {
            let refs: Vec<&str> = free.iter().map(String::as_str).collect();
            let list = crate::lang::and_list(&refs, self.lang);
            out.push(match self.lang {
                Lang::En => {
                    format!("None of your restrictions keeps {list} out; nothing to change.")
                }
                Lang::Es => format!(
                    "Ninguna de tus restricciones deja fuera {list}; no hay nada que cambiar."
                ),
            });
        }
        Ok(out.join(" "))
    }

    /// A restriction or taste name past the 50 characters a name may have.
    pub(crate) fn too_long(&self, shown: &str) -> String {
        match self.lang {
            Lang::En => format!(
                "\"{shown}\" is longer than the 50 characters a restriction or taste may have, so I saved nothing for it: say it in shorter parts."
            ),
            Lang::Es => format!(
                "\"{shown}\" pasa de los 50 caracteres que puede tener una restricción o un gusto, así que no he guardado nada: dilo en partes más cortas."
            ),
        }
    }

    /// A food kept out and said fine under another name of it.
    pub(crate) fn same_food(&self, food: &str) -> String {
        let shown = food_name(food, self.lang);
        match self.lang {
            Lang::En => format!(
                "I read both names as {shown}: recipes don't tell those kinds apart, so all {shown} stay out. If you'd rather keep them in, say \"remove {shown} from my restrictions\"."
            ),
            Lang::Es => format!(
                "Para mí los dos nombres son {shown}: las recetas no distinguen esos tipos, así que todos quedan fuera. Si prefieres tenerlos, di \"quita {shown} de mis restricciones\"."
            ),
        }
    }

    /// A food said fine that allergy `allergy` keeps out.
    pub(crate) fn allergy_kept(&self, allergy: &str, food: &str) -> String {
        let shown = food_name(food, self.lang);
        // "lactose intolerance" is no allergy, and is not called one.
        let intolerance = allergy.contains("intoleran");
        let allergy = restriction_name(allergy, self.lang);
        let (en, es) = if intolerance {
            ("an intolerance", "una intolerancia")
        } else {
            ("an allergy", "una alergia")
        };
        match self.lang {
            Lang::En => format!(
                "I've kept {shown} out: \"{allergy}\" is {en}, and I never make exceptions to one. If a doctor has cleared {shown} for you, store the foods that cause the reaction one by one instead."
            ),
            Lang::Es => format!(
                "He dejado fuera {shown}: \"{allergy}\" es {es}, y nunca hago excepciones a una. Si un médico te ha dicho que puedes tomar {shown}, guarda uno a uno los alimentos que causan la reacción."
            ),
        }
    }

    /// Says `shown` was not understood and offers the closest names.
    pub(crate) fn not_understood(&self, shown: &str, near: &[Near]) -> String {
        let mut out = match self.lang {
            Lang::En => format!(
                "I didn't understand \"{shown}\" as a food, allergy or diet, so I saved nothing for it."
            ),
            Lang::Es => format!(
                "No he entendido \"{shown}\" como alimento, alergia o dieta, así que no he guardado nada."
            ),
        };
        if !near.is_empty() {
            let quoted: Vec<String> = near.iter().map(|n| format!("\"{}\"", n.shown)).collect();
            let _ = write!(
                out,
                " {} {}? {}",
                self.t("Did you mean", "¿Quisiste decir"),
                quoted.join(self.t(" or ", " o ")),
                self.t(
                    "Say yes to add the first one.",
                    "Di sí para añadir la primera."
                )
            );
        }
        out
    }

    pub(super) async fn remove_preference(
        &self,
        kind: ItemKind,
        names: &[String],
    ) -> Result<String, StoreError> {
        let Some(profile) = self.profile_of().await? else {
            return Ok(self.no_profile());
        };
        let mut draft = self.draft_of(&profile)?;
        let target = match kind {
            ItemKind::Taste => draft.tastes_mut(),
            ItemKind::Restriction => draft.restrictions_mut(),
        };
        let before = target.len();
        let mut gone: Vec<String> = Vec::new();
        let wanted: Vec<String> = names
            .iter()
            .map(|n| mealplan_domain::taxonomy::key(n))
            .collect();
        target.retain(|r| {
            let name = match r {
                ItemRef::Id(_, n) | ItemRef::Name(n) => n.as_str(),
            };
            // "fish except salmon" is a restriction of fish, never of salmon.
            let k = mealplan_domain::taxonomy::key(crate::except::base_of(name));
            let hit = wanted
                .iter()
                .any(|w| k == *w || k.split(' ').any(|part| part == w));
            if hit {
                gone.push(restriction_name(name, self.lang));
            }
            !hit
        });
        if target.len() == before {
            // "tuna is fine now" while fish is kept out: let it back in.
            if kind == ItemKind::Restriction {
                let (changed, kept, _) = self.letting_back(&mut draft, names, false);
                if !changed.is_empty() {
                    self.save(draft).await?;
                }
                if !changed.is_empty() || !kept.is_empty() {
                    return Ok([changed, kept].concat().join(" "));
                }
            }
            let shown: Vec<String> = names
                .iter()
                .map(|n| restriction_name(n, self.lang))
                .collect();
            return Ok(match self.lang {
                Lang::En => format!(
                    "None of your {} is \"{}\"; nothing changed.",
                    kind_noun(kind, self.lang),
                    shown.join(", ")
                ),
                Lang::Es => format!(
                    "Ninguna de tus {} es \"{}\"; no he cambiado nada.",
                    kind_noun(kind, self.lang),
                    shown.join(", ")
                ),
            });
        }
        self.save(draft).await?;
        // The answer names what was taken off, never only how many.
        let removed = gone.join(", ");
        let (it_en, it_es) = if gone.len() == 1 {
            ("it", "lo")
        } else {
            ("them", "los")
        };
        Ok(match self.lang {
            Lang::En => format!(
                "Removed {removed} from your {}. New plans and searches no longer exclude {it_en}.",
                kind_noun(kind, self.lang)
            ),
            Lang::Es => format!(
                "He quitado {removed} de tus {}. Los nuevos planes y búsquedas ya no {it_es} excluyen.",
                kind_noun(kind, self.lang)
            ),
        })
    }

    pub(super) async fn save(
        &self,
        draft: mealplan_domain::ProfileDraft,
    ) -> Result<Person, StoreError> {
        match self.services.profiles.upsert(self.user, draft).await {
            Ok(p) => Ok(p),
            Err(ProfileError::Store(e)) => Err(e),
            Err(e) => Err(StoreError::Failure(e.to_string())),
        }
    }

    /// What new restrictions exclude, each with the recipes it leaves
    /// out, and how many meals of the active plan break any of them.
    async fn restriction_effect(&self, names: &[&str]) -> Result<String, StoreError> {
        let all = self
            .services
            .recipes
            .search(&mealplan_app::RecipeQuery {
                limit: usize::MAX,
                ..mealplan_app::RecipeQuery::default()
            })
            .await?
            .items;
        let mut parts = Vec::new();
        for name in names {
            let meaning = self.services.recipes.restriction(name);
            let rule = self.services.recipes.rules([*name], &[]);
            let excluded = all.iter().filter(|r| !rule.allow(r)).count();
            let mut excludes: Vec<String> =
                meaning.rules().iter().map(|r| self.rule_words(r)).collect();
            if !meaning.except().is_empty() {
                let back: Vec<String> = meaning
                    .except()
                    .iter()
                    .map(|e| food_name(e, self.lang))
                    .collect();
                let back: Vec<&str> = back.iter().map(String::as_str).collect();
                excludes.push(format!(
                    "{} {}",
                    self.t("but not", "pero no"),
                    crate::lang::and_list(&back, self.lang)
                ));
            }
            parts.push(match self.lang {
                Lang::En => format!(
                    "\"{}\" excludes {} ({excluded} recipes)",
                    restriction_name(name, self.lang),
                    excludes.join(", ")
                ),
                Lang::Es => format!(
                    "\"{}\" excluye {} ({excluded} recetas)",
                    restriction_name(name, self.lang),
                    excludes.join(", ")
                ),
            });
        }
        let rules = self.services.recipes.rules(names.iter().copied(), &[]);
        let clashes = self
            .plan_of()
            .await?
            .map(|plan| {
                plan.days
                    .iter()
                    .flat_map(|d| &d.meals)
                    .filter(|m| !rules.allow(&m.recipe))
                    .count()
            })
            .unwrap_or(0);
        let mut out = format!(
            "{}. {}",
            parts.join("; "),
            self.t(
                "New plans, swaps and searches leave that out.",
                "Los nuevos planes, cambios y búsquedas lo dejan fuera."
            )
        );
        if clashes > 0 {
            let _ = write!(
                out,
                " {}",
                match (self.lang, clashes) {
                    (Lang::En, 1) => "Your current plan has 1 meal that breaks it: say \"create my weekly plan\" for a new one.".to_owned(),
                    (Lang::En, n) => format!("Your current plan has {n} meals that break it: say \"create my weekly plan\" for a new one."),
                    (Lang::Es, 1) => "Tu plan actual tiene 1 comida que no lo cumple: di \"genera mi plan semanal\" para uno nuevo.".to_owned(),
                    (Lang::Es, n) => format!("Tu plan actual tiene {n} comidas que no lo cumplen: di \"genera mi plan semanal\" para uno nuevo."),
                }
            );
        }
        Ok(out)
    }

    /// What a rule excludes, in the answer's language.
    fn rule_words(&self, rule: &Rule) -> String {
        match (rule, self.lang) {
            (_, Lang::En) => rule.describe(),
            (Rule::Kind(k), Lang::Es) => food_name(k, self.lang),
            (Rule::Allergen(a), Lang::Es) => allergen_es(*a).to_owned(),
            (Rule::Diet(d), Lang::Es) => {
                let kinds: Vec<String> = d
                    .excluded_kinds()
                    .iter()
                    .map(|k| food_name(k, self.lang))
                    .collect();
                let mut text = format!("{} ({}", food_name(d.name(), self.lang), kinds.join(", "));
                if d.forbids_meat_with_dairy() {
                    text.push_str(", carne con lácteos");
                }
                text.push(')');
                text
            }
        }
    }
}

fn kind_noun(kind: ItemKind, lang: Lang) -> &'static str {
    match kind {
        ItemKind::Taste => lang.pick("tastes", "gustos"),
        ItemKind::Restriction => lang.pick("restrictions", "restricciones"),
    }
}

/// The Spanish name of an allergen group.
fn allergen_es(a: mealplan_domain::Allergen) -> &'static str {
    use mealplan_domain::Allergen::*;
    match a {
        Gluten => "cereales con gluten",
        Crustaceans => "crustáceos",
        Egg => "huevos",
        Fish => "pescado",
        Peanut => "cacahuetes",
        Soy => "soja",
        Milk => "leche",
        TreeNut => "frutos de cáscara",
        Celery => "apio",
        Mustard => "mostaza",
        Sesame => "sésamo",
        Sulphites => "sulfitos",
        Lupin => "altramuces",
        Molluscs => "moluscos",
    }
}

/// A target note in Spanish: the kind and the value, without the English
/// sentence's numbers of the range (given in the line above it).
/// The first number of an English note (the figure its Spanish words
/// carry over).
fn first_number(message: &str) -> f64 {
    message
        .split(|c: char| !(c.is_ascii_digit() || c == '.'))
        .find_map(|w| w.trim_matches('.').parse().ok())
        .unwrap_or_default()
}

fn spanish_note(note: &targets::TargetNote) -> String {
    use targets::{NoteKind, NoteTarget};
    let what = match note.target {
        NoteTarget::Calories => "Las calorías",
        NoteTarget::Protein => "La proteína",
        NoteTarget::Carbs => "Los carbohidratos",
        NoteTarget::Fat => "La grasa",
        NoteTarget::Fibre => "La fibra",
        NoteTarget::Sodium => "El sodio",
    };
    match note.kind {
        NoteKind::BelowRange => format!("{what} quedan por debajo del rango de referencia."),
        NoteKind::AboveRange => format!("{what} quedan por encima del rango de referencia."),
        NoteKind::BelowFloor => {
            "Las calorías quedan por debajo del mínimo de una dieta sin supervisión médica (1200 kcal mujeres, 1500 hombres).".to_owned()
        }
        NoteKind::SurplusAtHighBmi => {
            "Un superávit de calorías con un IMC de 30 o más suma grasa corporal; un dietista sugeriría mantener o bajar de peso.".to_owned()
        }
        NoteKind::DeficitAtLowBmi => {
            "Un déficit de calorías con un IMC por debajo de 18,5 baja un peso ya bajo; un dietista sugeriría mantener o subir de peso.".to_owned()
        }
        NoteKind::ChildEnergy => format!(
            "Un niño se planifica para crecer: {:.0} kcal es su requerimiento estimado de energía (NASEM 2023); el objetivo no lo cambia.",
            first_number(&note.message)
        ),
        NoteKind::ChildMacros => "La proteína es la ingesta recomendada para su edad por kg (y al menos el 10% de la energía); el reparto sigue los rangos infantiles (IOM 2005).".to_owned(),
        NoteKind::SodiumLimit => format!(
            "Sodio: como mucho {:.0} mg al día a su edad (NASEM 2019).",
            first_number(&note.message)
        ),
        NoteKind::FibreGoal => format!(
            "Fibra: {:.0} g al día.",
            first_number(&note.message)
        ),
        NoteKind::OlderEnergy => "Desde los 65 años, con un IMC por debajo de 30, mantener o subir de peso da al menos 27 kcal por kg (ESPEN 2019).".to_owned(),
        NoteKind::OlderProtein => "Desde los 65 años, la proteína es al menos 1,0 g por kg (PROT-AGE).".to_owned(),
        NoteKind::LoseAsMaintain => "«Bajar de peso» se planifica como mantener.".to_owned(),
        NoteKind::AdjustedWeight => "Con un IMC de 30 o más, cada regla por kg usa el peso ajustado: el peso con IMC 25 más el 40% del exceso; la proteína no pasa de 2,0 g por kg de ese peso.".to_owned(),
        NoteKind::LowCarb => "Baja en carbohidratos: como mucho el 26% de la energía y menos de 130 g; la energía pasa a la grasa y la proteína.".to_owned(),
        NoteKind::HighProtein => "Alta en proteína: al menos el 25% de la energía, como mucho el 35% y 2,0 g por kg.".to_owned(),
        NoteKind::HighCarb => "Alta en carbohidratos: al menos el 60% de la energía.".to_owned(),
        NoteKind::LowCalorie => "Baja en calorías: los objetivos no cambian; el planificador prefiere recetas ligeras (como mucho 400 kcal por ración).".to_owned(),
        NoteKind::DietConflict => "Dos tipos de dieta se contradicen, así que ninguno cambia los objetivos.".to_owned(),
        NoteKind::DietNotForChildren => "Las dietas bajas en carbohidratos, altas en proteína o altas en carbohidratos no cambian los objetivos de un niño.".to_owned(),
    }
}
