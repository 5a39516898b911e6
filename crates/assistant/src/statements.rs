//! Statements a person makes about themselves: allergies, diets,
//! dislikes, likes, goal, weight, activity and meals a day, each read
//! into a profile change.

use mealplan_domain::{DietType, Goal};
use mealplan_ports::ItemKind;

use super::foods::{self, Foods};
use super::lang::{Lang, diet_words, meal_word};
use super::measures::{activity, body_weight, height, meals_a_day};
use super::negation::Scopes;
use super::part::{FoodKind, Read, Signal, add_foods};
use super::request::{ProfileChange, ToolRequest};
use super::vocab::*;
use super::words::{Text, next, numbers};

/// Statements about the person: allergies, diets, dislikes, likes, goal,
/// weight, activity, meals a day. True when the part is fully read (a
/// compliment: nothing to do).
pub(super) fn statements(t: &Text, lang: Lang, read: &mut Read) -> bool {
    // "My son is allergic to peanuts", "cocino para una amiga vegana":
    // about someone else, so nothing goes into the user's own profile;
    // what was said goes to their household member, if they are one.
    if super::relations::of_others(t)
        && (t.has_any(ALLERGY_OPENERS)
            || t.has_any(ALLERGY_NOUNS)
            || t.has_any(CELIAC_OR_INTOLERANT)
            || t.has_any(BEING)
            || t.has_any(DISLIKE_OPENERS)
            || t.has_any(LIKE_OPENERS)
            || t.has_any(&["weighs", "pesa", "mide"])
            || t.has_any(THEIR_DISLIKES)
            || foods::mentioned(t.words(), lang).found.iter().any(|f| {
                ["vegan", "vegetarian", "pescatarian", "halal", "kosher"].contains(&f.as_str())
            })
            || body_weight(t).is_some()
            || height(t).is_some()
            || super::measures::age_said(t).is_some())
        && !t.has_any(ABOUT_ME)
        // "a diet plan for my family": a household plan, read as an ask.
        && !(t.has_any(PLAN) && super::relations::for_everyone(t))
    {
        let mut inner = Read::default();
        let rule = without_whom(t);
        about_self(&rule, lang, &mut inner);
        // "no gluten for my daughter", "sin gluten para mi hija": a bare
        // "no" keeps the food out for them.
        if inner.requests.is_empty()
            && let Some(rest) = rule.after(&["no", "sin", "without", "nada de", "nothing with"])
        {
            add_foods(
                &mut inner,
                FoodKind::Dislike,
                foods::read(&rest, lang),
                lang,
            );
        }
        read.signals
            .push(Signal::SomeoneElse(super::others::said_of_them(
                t, lang, &inner,
            )));
        return true;
    }
    about_self(t, lang, read)
}

/// The foods of "keep mushrooms out of my plan", "leave the olives out":
/// a verb first, the foods, then "out".
fn kept_out(t: &Text) -> Option<Vec<String>> {
    let words = t.words();
    let first = words.iter().position(|w| !FILLER.contains(&w.as_str()))?;
    if !["keep", "leave", "take"].contains(&words[first].as_str()) {
        return None;
    }
    let out = words[first + 1..].iter().position(|w| w == "out")? + first + 1;
    (out > first + 1).then(|| words[first + 1..out].to_vec())
}

/// `t` without the person it is said for ("no gluten for my daughter",
/// "sin gluten para mi hija"): the rule, read as the writer's would be.
fn without_whom(t: &Text) -> Text {
    let words = t.words();
    let Some(at) = (0..words.len()).find(|&i| super::relations::relation_in(words, i).is_some())
    else {
        return t.clone();
    };
    let mut from = at;
    if from > 0 && POSSESSIVES.contains(&words[from - 1].as_str()) {
        from -= 1;
    }
    if from > 0 && ["for", "para", "to", "a"].contains(&words[from - 1].as_str()) {
        from -= 1;
    }
    // Only a trailing "for my daughter" (a "please" after it aside): a
    // relation that opens the part is its subject, read as it was.
    let trailing = words[at + 1..]
        .iter()
        .all(|w| ["please", "thanks", "por", "favor", "porfa", "gracias"].contains(&w.as_str()));
    if from == 0 || !trailing {
        return t.clone();
    }
    Text::from_words(words[..from].to_vec())
}

/// [`statements`] of the person writing.
pub(super) fn about_self(t: &Text, lang: Lang, read: &mut Read) -> bool {
    let plan_words = t.has_any(PLAN) && (t.has_stem(CREATE) || t.has_stem(REPLACE));
    let asks_action = plan_words || t.has_any(SEARCH) || t.has_stem(&["find", "search", "busca"]);
    // Allergies and intolerances.
    if t.has_any(CELIAC) {
        add_foods(
            read,
            FoodKind::Allergy,
            Foods {
                found: vec!["gluten".into()],
                unknown: vec![],
            },
            lang,
        );
    }
    if let Some(rest) = t.after(ALLERGY_OPENERS) {
        add_foods(read, FoodKind::Allergy, foods::read(&rest, lang), lang);
    } else if t.has_any(ALLERGY_NOUNS) && !asks_action {
        // "egg allergy", "I have a severe shellfish allergy".
        let found = foods::read(&t.without(ALLERGY_NOUNS), lang);
        if !found.found.is_empty() {
            add_foods(read, FoodKind::Allergy, found, lang);
        }
    }
    // Taking restrictions off.
    let removing = t.has_stem(REMOVE_VERBS)
        || t.has_any(&["take off", "take away"])
        || super::words::removing(t);
    if removing && t.has_stem(RESTRICTION_LISTS) {
        let found = foods::mentioned(t.words(), lang);
        if !found.found.is_empty() {
            read.requests.push(ToolRequest::RemovePreference {
                kind: ItemKind::Restriction,
                names: foods::with_conditions(found.found),
            });
        }
        return true;
    }
    // "remove cheese from my diet", "quita el gluten de mi dieta": keep it
    // out (one day's meal named instead: a swap, read as an ask).
    if removing
        && !super::asks::one_meal(t)
        && let Some(rest) = t.after(REMOVE_OPENERS)
    {
        // "take off the lactose thing", "quita lo del cerdo": nothing it is
        // taken out of, so a restriction taken back (under its allergy
        // name too), never one added.
        let found = foods::mentioned(&rest, lang).found;
        let a_rule = rest.iter().any(|w| RULE_THING.contains(&w.as_str()))
            || found
                .iter()
                .any(|f| ["lactose", "gluten"].contains(&f.as_str()));
        // "from my diet", "de mi dieta" ("lo del cerdo" is no place).
        let taken_from = rest.iter().enumerate().any(|(i, w)| {
            REMOVED_FROM.contains(&w.as_str())
                && (i == 0 || !RULE_THING.contains(&rest[i - 1].as_str()))
        });
        if a_rule && !found.is_empty() && !taken_from {
            read.requests.push(ToolRequest::RemovePreference {
                kind: ItemKind::Restriction,
                names: foods::with_conditions(found),
            });
            return true;
        }
        let found = foods::read(&rest, lang);
        if !found.found.is_empty() || !found.unknown.is_empty() {
            add_foods(read, FoodKind::Dislike, found, lang);
            return true;
        }
    }
    // Diets: "I'm vegan", "soy pescetariana", "sigo una dieta vegetariana";
    // and their end: "I'm not vegetarian anymore", "ya no soy vegana".
    let diet_alone = t.len() <= 2
        && foods::mentioned(t.words(), lang).found.iter().any(|f| {
            ["vegan", "vegetarian", "pescatarian", "halal", "kosher"].contains(&f.as_str())
        });
    // "not sure about low carb" ends nothing: a pseudo-negation.
    let ended = t.has_any(DIET_ENDED) && !t.has_any(NEGATION_PSEUDO);
    // "maybe I'll go vegan": only thought about, nothing stored.
    let unsure = t.has_any(DIET_UNSURE);
    if !asks_action
        && !unsure
        && read.food_kind != Some(FoodKind::Allergy)
        && (t.has_any(BEING) || diet_alone || ended)
    {
        let found = foods::mentioned(t.words(), lang);
        for f in &found.found {
            let diet = match f.as_str() {
                "vegan" => Some(DietType::Vegan),
                "vegetarian" => Some(DietType::Vegetarian),
                _ => None,
            };
            match (diet, ended) {
                (Some(d), false) => read
                    .requests
                    .push(ToolRequest::ChangeProfile(ProfileChange::Diet(d))),
                (Some(d), true) => read
                    .requests
                    .push(ToolRequest::ChangeProfile(ProfileChange::DropDiet(d))),
                (None, _) if ["pescatarian", "halal", "kosher"].contains(&f.as_str()) => {
                    read.requests.push(if ended {
                        ToolRequest::RemovePreference {
                            kind: ItemKind::Restriction,
                            names: vec![f.clone()],
                        }
                    } else {
                        ToolRequest::AddPreference {
                            kind: ItemKind::Restriction,
                            names: vec![f.clone()],
                        }
                    })
                }
                _ => {}
            }
        }
        if ended && !read.requests.is_empty() {
            return true;
        }
    }
    // "add peanuts to my allergies", "añade setas a mis restricciones".
    if t.has_any(ADD_VERBS) {
        let kind = if t.has_stem(ALLERGY_LISTS) {
            Some(FoodKind::Allergy)
        } else if t.has_stem(DISLIKE_LISTS) {
            Some(FoodKind::Dislike)
        } else if t.has_stem(TASTE_LISTS) {
            Some(FoodKind::Like)
        } else {
            None
        };
        if let Some(kind) = kind {
            let list_words = [
                "allergies",
                "allergy",
                "alergias",
                "alergia",
                "restrictions",
                "restriction",
                "restricciones",
                "dislikes",
                "tastes",
                "likes",
                "favourites",
                "favorites",
                "gustos",
                "favoritos",
                "add",
                "anade",
                "agrega",
                "put",
                "include",
                "incluye",
                "mete",
                "list",
                "lista",
            ];
            add_foods(read, kind, foods::read(&t.without(&list_words), lang), lang);
            return true;
        }
    }
    // Diets that are not ingredient rules ("I'm doing keto"), and the
    // diet types that are preferences ("a low carb diet").
    if !asks_action && !unsure {
        let phrase = super::lang::diet_phrase(&t.joined()).map_or("", |(p, _)| p);
        if let Some((name, offer)) = NOT_RULES.iter().find(|(w, _)| t.has(w)) {
            // "quit keto": the diet type it is offered as, dropped; not
            // when the clause names that diet itself and keeps it ("I'm
            // low carb, not keto").
            if diet_ended(t, name)
                && (phrase.is_empty() || diet_ended(t, phrase))
                && let Ok(d) = DietType::parse(offer)
            {
                read.requests
                    .push(ToolRequest::ChangeProfile(ProfileChange::DropDiet(d)));
                return true;
            }
            read.signals.push(Signal::NotARule {
                name: (*name).to_owned(),
                offer: DietType::parse(offer).ok(),
            });
            return true;
        }
        let stopped = diet_ended(t, phrase);
        if (t.has_any(BEING) || stopped)
            && let Some(
                d @ (DietType::LowCarb
                | DietType::HighProtein
                | DietType::HighFiber
                | DietType::LowCalorie
                | DietType::HighCarb),
            ) = diet_words(&t.joined())
        {
            // "stop the low carb diet": dropped, never added.
            read.requests.push(ToolRequest::ChangeProfile(if stopped {
                ProfileChange::DropDiet(d)
            } else {
                ProfileChange::Diet(d)
            }));
        }
    }
    // Dislikes.
    let strong: Vec<&str> = DISLIKE_OPENERS
        .iter()
        .copied()
        .filter(|o| {
            ![
                "no", "not", "sin", "without", "ni", "remove", "quita", "quitar",
            ]
            .contains(o)
        })
        .collect();
    if !removing
        && read.food_kind != Some(FoodKind::Allergy)
        // "no hago nada de ejercicio": how active, not a food.
        && activity(t).is_none()
        // "no quiero pasar hambre": no food.
        && !t.has_any(SATIETY)
        // "no more than 2 meals a day": a most, no food.
        && !t.has_any(NO_MORE_THAN)
        && let Some(rest) = t
            .after(&strong)
            .or_else(|| kept_out(t))
            .filter(|_| !super::asks::one_meal(t))
    {
        let rest = skip_leading(&rest, BEFORE_DISLIKED);
        // "no quiero tanta proteína": a nutrient or salt is a target or
        // a limit (`asks`), no food.
        let about_the_plan = Text::from_words(rest.clone()).has_any(PLAN)
            || super::asks::nutrient(&Text::from_words(rest.clone())).is_some()
            || t.has_any(TOO_MUCH_REFUSED);
        let tastes = foods::tastes_of(&rest);
        if !about_the_plan && !starts_with_any(&rest, PRONOUNS) && tastes.is_empty() {
            add_foods(read, FoodKind::Dislike, foods::read(&rest, lang), lang);
        } else if !about_the_plan && !tastes.is_empty() {
            // "I don't like spicy food", "no me gusta lo dulce": what
            // gives the taste (the chili kind, added sugar) kept out;
            // other tastes taken off the liked ones.
            let kinds: Vec<String> = tastes
                .iter()
                .filter_map(|t| TASTE_KINDS.iter().find(|(taste, _)| taste == t))
                .map(|(_, kind)| (*kind).to_owned())
                .collect();
            if !kinds.is_empty() {
                add_foods(
                    read,
                    FoodKind::Dislike,
                    Foods {
                        found: kinds,
                        unknown: vec![],
                    },
                    lang,
                );
            }
            let others: Vec<String> = tastes
                .into_iter()
                .filter(|t| !TASTE_KINDS.iter().any(|(taste, _)| taste == t))
                .collect();
            if !others.is_empty() {
                read.requests.push(ToolRequest::RemovePreference {
                    kind: ItemKind::Taste,
                    names: others,
                });
            }
        }
    }
    // Likes ("no me gusta" is a dislike, read above).
    // "nunca me gustó el pescado", "jamás me gusta": a liking said only
    // under a negation is never stored as one.
    let scopes = super::negation::Scopes::of(t);
    let negated = t.after(&strong).is_some()
        || (scopes.negates_any(t, LIKE_OPENERS) && !scopes.affirms_any(t, LIKE_OPENERS));
    if let Some(rest) = t.after(LIKE_OPENERS).filter(|_| !negated) {
        let rest = skip_leading(&rest, BEFORE_LIKED);
        // "I like mushrooms now": the time is no food.
        let rest: Vec<String> = rest
            .into_iter()
            .filter(|w| !NOW_WORDS.contains(&w.as_str()) && w != "again")
            .collect();
        let tastes = foods::tastes_of(&rest);
        // "el cilantro sí me gusta", "mushrooms I do like": nothing after
        // the verb, the food before it.
        let before: Vec<String> = t
            .before(LIKE_OPENERS)
            .unwrap_or_default()
            .into_iter()
            .filter(|w| !LIKE_AFFIRMERS.contains(&w.as_str()))
            .collect();
        let foods_before = foods::mentioned(&before, lang);
        if rest.is_empty() && !foods_before.found.is_empty() {
            add_foods(read, FoodKind::Like, foods_before, lang);
        } else if !tastes.is_empty() {
            read.requests.push(ToolRequest::AddPreference {
                kind: ItemKind::Taste,
                names: tastes,
            });
            read.food_kind = Some(FoodKind::Like);
        } else if !starts_with_any(&rest, &[PLAN, PRONOUNS_OR_YOU].concat())
            && meal_word(rest.first().map_or("", String::as_str)).is_none()
        {
            add_foods(read, FoodKind::Like, foods::read(&rest, lang), lang);
        } else {
            read.signals.push(Signal::Thanks);
            return true;
        }
    }
    // Goal, weight, activity, meals a day.
    let goal = goal_said(t);
    if let Some(g) = goal {
        read.requests
            .push(ToolRequest::ChangeProfile(ProfileChange::Goal(g)));
    } else if let Some(kg) = body_weight(t) {
        read.requests
            .push(ToolRequest::ChangeProfile(ProfileChange::Weight(kg)));
    }
    if let Some(cm) = height(t) {
        read.requests
            .push(ToolRequest::ChangeProfile(ProfileChange::Height(cm)));
    }
    if let Some(years) = super::measures::own_age(t) {
        read.requests
            .push(ToolRequest::ChangeProfile(ProfileChange::Age(years)));
    }
    if let Some(level) = activity(t) {
        read.requests
            .push(ToolRequest::ChangeProfile(ProfileChange::Activity(level)));
    }
    if !plan_words
        && !t.has_any(PLAN)
        && let Some(n) = meals_a_day(t)
    {
        read.requests
            .push(ToolRequest::ChangeProfile(ProfileChange::Meals(n)));
    }
    false
}

/// The one goal a message's goals make: losing and gaining said
/// together ("lose fat and build muscle") is body recomposition, eaten at
/// maintenance; else the last said.
pub(super) fn one_goal(said: impl IntoIterator<Item = Goal>) -> Option<Goal> {
    let said: Vec<Goal> = said.into_iter().collect();
    if said.contains(&Goal::LoseWeight) && said.contains(&Goal::GainWeight) {
        Some(Goal::MaintainWeight)
    } else {
        said.last().copied()
    }
}

/// The goal a person says ("quiero bajar un poco de peso", "lose about 5
/// kg", "I want to gain muscle"), read alike for the writer and for
/// anyone they describe.
pub(super) fn goal_said(t: &Text) -> Option<Goal> {
    // "I don't want to gain weight": a goal negated is no goal wished.
    let t = &Scopes::of(t).unnegated(t);
    // "lose about 5 kg", "bajar 3 kilos": a goal, the number a change.
    let by_kilos = |verbs: &[&str]| {
        t.has_stem(verbs) && t.has_any(AMOUNT_SPELT)
            || t.has_stem(verbs)
                && numbers(t).iter().any(|(i, _)| {
                    [
                        "kg", "kgs", "kilo", "kilos", "lb", "lbs", "pounds", "libras",
                    ]
                    .contains(&next(t, *i))
                })
    };
    // "bajar un poco de peso", "lose a bit of weight": the verb, then
    // what within a few words.
    let near = |verbs: &[&str]| {
        let words = t.words();
        (0..words.len()).any(|i| {
            verbs.iter().any(|v| {
                let v: Vec<&str> = v.split(' ').collect();
                words[i..].starts_with(&v.iter().map(|w| (*w).to_owned()).collect::<Vec<_>>())
                    && words[i + v.len()..]
                        .iter()
                        .take(4)
                        .any(|w| GOAL_NOUNS.contains(&w.as_str()))
            })
        })
    };
    let lose = t.has_any(LOSE) || by_kilos(LOSE_BY) || near(LOSE_VERBS);
    let gain = t.has_any(GAIN) || by_kilos(GAIN_BY) || near(GAIN_VERBS);
    one_goal(
        [
            lose.then_some(Goal::LoseWeight),
            gain.then_some(Goal::GainWeight),
        ]
        .into_iter()
        .flatten(),
    )
    .or_else(|| (t.has_any(MAINTAIN) && !t.has_any(PLAN)).then_some(Goal::MaintainWeight))
}

fn skip_leading(words: &[String], skip: &[&str]) -> Vec<String> {
    words
        .iter()
        .skip_while(|w| skip.contains(&w.as_str()))
        .cloned()
        .collect()
}

fn starts_with_any(words: &[String], firsts: &[&str]) -> bool {
    let t = Text::from_words(words.to_vec());
    firsts.iter().any(|f| {
        let n = f.split(' ').count();
        words.len() >= n && t.words()[..n].join(" ") == *f
    })
}

/// "no me gusta el picante pero el dulce sí", "no pork but chicken yes":
/// a part after a dislike that is only a food or a taste and a closing
/// "sí" / "yes" says that one is liked. `None` when the part is not so.
pub(super) fn affirmed_after_dislike(words: &[String], lang: Lang) -> Option<Read> {
    let (last, rest) = words.split_last()?;
    if !["si", "yes"].contains(&last.as_str()) {
        return None;
    }
    let rest: Vec<String> = rest
        .iter()
        .filter(|w| {
            !FILLER.contains(&w.as_str()) && !["el", "la", "los", "las", "lo"].contains(&w.as_str())
        })
        .cloned()
        .collect();
    if rest.is_empty() {
        return None;
    }
    let mut read = Read::default();
    let tastes = foods::tastes_of(&rest);
    if !tastes.is_empty() && tastes.len() == rest.len() {
        read.requests.push(ToolRequest::AddPreference {
            kind: ItemKind::Taste,
            names: tastes,
        });
        read.food_kind = Some(FoodKind::Like);
        return Some(read);
    }
    let found = foods::read(&rest, lang);
    if found.found.is_empty() || !found.unknown.is_empty() {
        return None;
    }
    add_foods(&mut read, FoodKind::Like, found, lang);
    Some(read)
}

/// Whether clause `t` ends the diet it names by `phrase`: a verb that
/// ends a diet ("stop", "quit", "deja la dieta"), or a negation whose
/// scope holds the phrase ("I'm not low carb anymore"), never one of
/// another word ("I'm low carb, not keto" keeps low carb), nor a
/// pseudo-negation ("not sure").
fn diet_ended(t: &Text, phrase: &str) -> bool {
    if t.has_any(NEGATION_PSEUDO) {
        return false;
    }
    if t.has_any(DIET_STOPPED) {
        return true;
    }
    !phrase.is_empty() && Scopes::of(t).negates_any(t, &[phrase])
}
