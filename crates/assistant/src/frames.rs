//! One clause read as a frame: the act it carries, what it is about, a
//! value, whether the act is negated (by scope, [`Scopes`]) and when.
//! The frames here come before the keyword readers of `statements.rs`
//! and `asks.rs` and claim the clauses whose meaning hangs on structure:
//! a negated allergy, diet, goal or meal ("I'm not lactose intolerant",
//! "ya no soy vegetariana", "I don't want to lose weight anymore",
//! "todavía no he desayunado"), a thing taken back ("I can eat pork
//! again", "undo"), a change relative to before ("I lost 3 kg"), a weight
//! wished for ("quiero llegar a 70"), a member taken out of the
//! household. A negated act is never carried out: what it would have
//! stored is taken back instead, or nothing happens.

use mealplan_domain::{DietType, Goal};
use mealplan_ports::ItemKind;

use super::asks::meal_ref;
use super::foods;
use super::lang::Lang;
use super::negation::Scopes;
use super::part::{FoodKind, Read, Signal, add_foods};
use super::request::{MemberFacts, ProfileChange, ToolRequest};
use super::statements::statements;
use super::vocab::*;
use super::words::{Text, next, numbers, removing};

/// The frame-read requests of clause `t`, when its meaning hangs on its
/// structure; `None` leaves it to the keyword readers.
pub(super) fn read(t: &Text, lang: Lang, today: u8, names: &[String]) -> Option<Read> {
    let scopes = Scopes::of(t);
    if let Some(habit) = super::asks::meal_habit(t, lang) {
        let mut read = Read::default();
        read.requests.push(habit);
        return Some(read);
    }
    if let Some(read) = meal_back(t, &scopes, today, lang) {
        return Some(read);
    }
    // Foods first: "don't remove the chicken" keeps a food; "don't
    // remove Tom" (no food) is a member kept.
    if let Some(read) = eat_again(t, lang).or_else(|| eaten_after_all(t, lang)) {
        return Some(read);
    }
    if let Some(read) = member_out(t, names, lang) {
        return Some(read);
    }
    // A weight wished for first: "get down to 70 kg" is no change.
    if let Some(read) = weight_wished(t, &scopes) {
        return Some(read);
    }
    if let Some(read) = weight_moved(t, &scopes) {
        return Some(read);
    }
    if let Some(read) = goal_ended(t, lang) {
        return Some(read);
    }
    // "I didn't lose any weight", "no he bajado nada de peso": a change
    // of weight denied, in the past: nothing moves, the goal stays.
    let past = t.has_any(NOT_EATEN_YET) || t.has_any(&["no he", "no ha", "no hemos"]);
    if past
        && (scopes.negates_any(t, WEIGHT_LOST)
            || scopes.negates_any(t, WEIGHT_GAINED)
            || scopes.negates_any(t, LOSE_BY)
            || scopes.negates_any(t, GAIN_BY))
    {
        let mut read = Read::default();
        read.signals.push(Signal::No);
        return Some(read);
    }
    if scopes.any()
        && (scopes.negates_any(t, TAKEN_BACK)
            || scopes.negates_any(t, LOSE)
            || scopes.negates_any(t, GAIN)
            || scopes.negates_any(t, LOSE_VERBS))
    {
        return Some(taken_back(t, &scopes, lang));
    }
    None
}

/// What clause `t` takes back, when it takes something back: a food
/// eaten again ("can eat gluten again"), a negated allergy or diet ("is
/// not vegetarian anymore"). Said of a named person, it is theirs.
pub(super) fn taken_back_of(t: &Text, lang: Lang) -> Option<Read> {
    if let Some(read) = eat_again(t, lang).or_else(|| eaten_after_all(t, lang)) {
        return Some(read);
    }
    let scopes = Scopes::of(t);
    if !scopes.negates_any(t, TAKEN_BACK) {
        return None;
    }
    let read = taken_back(t, &scopes, lang);
    (!read.requests.is_empty()).then_some(read)
}

/// A clause whose act is negated, read as what it would say affirmed,
/// each act then taken back: a restriction or taste removed where it is
/// stored, a diet type dropped, a goal given up. Nothing else it would
/// have done is done.
fn taken_back(t: &Text, scopes: &Scopes, lang: Lang) -> Read {
    let affirmed = scopes.affirmed(t);
    let mut positive = Read::default();
    statements(&affirmed, lang, &mut positive);
    let mut read = Read::default();
    // "I didn't quit low carb": said affirmed it ends the diet, so
    // negated it ends nothing (below).
    let ended_affirmed = positive.requests.iter().any(|r| {
        matches!(
            r,
            ToolRequest::ChangeProfile(ProfileChange::DropDiet(_) | ProfileChange::NotGoal(_))
        )
    });
    for request in positive.requests {
        let back = match request {
            ToolRequest::AddPreference { kind, names } => {
                Some(ToolRequest::RemovePreference { kind, names })
            }
            // "I'm low carb, not keto": only a diet the negation holds is
            // dropped; one outside its scope is kept as said.
            ToolRequest::ChangeProfile(ProfileChange::Diet(d)) => {
                Some(ToolRequest::ChangeProfile(if diet_negated(t, scopes, d) {
                    ProfileChange::DropDiet(d)
                } else {
                    ProfileChange::Diet(d)
                }))
            }
            ToolRequest::ChangeProfile(ProfileChange::Goal(g)) if g != Goal::MaintainWeight => {
                Some(ToolRequest::ChangeProfile(ProfileChange::NotGoal(g)))
            }
            // "I don't want low carb", "no quiero dieta baja en
            // carbohidratos": the diet said, dropped, never a plan of it.
            ToolRequest::GenerateWeeklyPlan { .. } => super::lang::diet_words(&affirmed.joined())
                .map(|d| ToolRequest::ChangeProfile(ProfileChange::DropDiet(d))),
            _ => None,
        };
        if let Some(back) = back
            && !read.requests.contains(&back)
        {
            read.requests.push(back);
        }
    }
    // "I'm not keto anymore": the diet type keto is offered as, dropped.
    for signal in &positive.signals {
        if let Signal::NotARule { offer: Some(d), .. } = signal {
            let back = ToolRequest::ChangeProfile(ProfileChange::DropDiet(*d));
            let kept = ToolRequest::ChangeProfile(ProfileChange::Diet(*d));
            if !read.requests.contains(&back)
                && !read.requests.contains(&kept)
                && !diet_said_kept(t, scopes, *d)
            {
                read.requests.push(back);
            }
        }
    }
    // Said of someone else ("my son isn't allergic anymore"): never the
    // writer's own profile, and never stored on them as said affirmed.
    let about_others = super::relations::of_others(t)
        || positive
            .signals
            .iter()
            .any(|s| matches!(s, Signal::SomeoneElse(_)));
    if about_others {
        // "my son isn't allergic to milk anymore": taken back on them.
        let mut theirs: Vec<MemberFacts> = positive
            .signals
            .iter()
            .filter_map(|s| match s {
                Signal::SomeoneElse(f) => Some(f.clone()),
                _ => None,
            })
            .collect();
        read.requests.clear();
        if let Some(mut facts) = theirs.pop()
            && (!facts.restrictions.is_empty() || !facts.diets.is_empty())
        {
            facts.taken_back = std::mem::take(&mut facts.restrictions);
            facts.dropped_diets = std::mem::take(&mut facts.diets);
            read.signals.push(Signal::SomeoneElse(facts));
            return read;
        }
    }
    if !about_others && read.requests.is_empty() && scopes.negates_any(t, TAKEN_BACK) {
        // "actually I'm not lactose intolerant anymore": the foods named
        // beside the allergy words (those in the negation's scope when it
        // names any: "not veggie anymore, started eating chicken again"),
        // taken back under either name; a diet named is dropped.
        let scoped: Vec<String> = t
            .words()
            .iter()
            .enumerate()
            .filter(|(i, _)| scopes.negated(*i))
            .map(|(_, w)| w.clone())
            .collect();
        if !ended_affirmed
            && let Some(d) = super::lang::diet_words(&affirmed.joined())
            && !diet_said_kept(t, scopes, d)
        {
            read.requests
                .push(ToolRequest::ChangeProfile(ProfileChange::DropDiet(d)));
        }
        let mut found = foods::mentioned(&scoped, lang).found;
        if found.is_empty() {
            found = foods::mentioned(affirmed.words(), lang).found;
        }
        let mut names: Vec<String> = Vec::new();
        for f in found {
            let diet = match f.as_str() {
                "vegan" => Some(DietType::Vegan),
                "vegetarian" => Some(DietType::Vegetarian),
                _ => None,
            };
            if let Some(d) = diet {
                read.requests
                    .push(ToolRequest::ChangeProfile(ProfileChange::DropDiet(d)));
                continue;
            }
            for n in [foods::allergy_name(&f), f] {
                if !names.contains(&n) {
                    names.push(n);
                }
            }
        }
        if !names.is_empty() {
            read.requests.push(ToolRequest::RemovePreference {
                kind: ItemKind::Restriction,
                names,
            });
        }
    }
    if read.is_empty() {
        // Negated, and nothing to take back: nothing is done.
        read.signals.push(Signal::No);
    }
    read
}

/// Whether a phrase naming diet `d` ("low carb", "vegana") is in one of
/// clause `t`'s negation scopes.
fn diet_negated(t: &Text, scopes: &Scopes, d: DietType) -> bool {
    scopes.negates_any(t, &super::lang::phrases_of(d))
}

/// Whether clause `t` names diet `d` by one of its phrases outside every
/// negation ("I'm low carb, not keto": low carb is kept).
fn diet_said_kept(t: &Text, scopes: &Scopes, d: DietType) -> bool {
    scopes.affirms_any(t, &super::lang::phrases_of(d))
}

/// A meal set back to pending: "undo", "untick", "no me lo comí", "mark
/// breakfast as not eaten", "todavía no he desayunado", "I didn't eat
/// lunch". A question ("haven't I eaten?") is not one.
fn meal_back(t: &Text, scopes: &Scopes, today: u8, lang: Lang) -> Option<Read> {
    let meal = meal_ref(t, today);
    let undo = t.has_any(UNDO);
    // "I don't want to eat fish for dinner tomorrow", "mañana no como
    // carne en la cena": a food refused, not a meal left uneaten; the
    // meal is only said uneaten in the past ("I didn't eat the chicken
    // at lunch").
    let food_refused = || {
        !t.has_any(ATE)
            && !t.has_any(NOT_EATEN_YET)
            && foods::mentioned(t.words(), lang)
                .found
                .iter()
                .any(|f| !["vegan", "vegetarian"].contains(&f.as_str()))
    };
    let negated_eating = scopes.negates_any(t, ATE)
        || scopes.negates_any(t, EAT_VERBS) && meal.meal_type.is_some() && !food_refused();
    // "no dinner for me tonight", "mañana no desayuno": a meal of a day
    // said, refused as a whole, not swapped.
    let meal_refused = meal.day.is_some()
        && !t.has_any(REPLACE)
        && t.words()
            .windows(2)
            .any(|w| NO_MEAL.contains(&w[0].as_str()) && super::lang::meal_word(&w[1]).is_some())
        && !food_refused();
    let negated_eating = negated_eating || meal_refused;
    let question = t
        .words()
        .first()
        .is_some_and(|w| ["did", "have", "has", "what", "que", "cuanto"].contains(&w.as_str()));
    if !(undo || negated_eating) || question {
        return None;
    }
    let mut read = Read::default();
    read.requests.push(ToolRequest::MarkPending { meal });
    Some(read)
}

/// A member taken out of the household: "remove my husband", "quita a
/// Tom de la familia", "delete Ana from the household", "remove Zoe"
/// (`names`: the members' names, normalised).
fn member_out(t: &Text, names: &[String], lang: Lang) -> Option<Read> {
    if !removing(t) {
        return None;
    }
    // "remove the nut allergy, it was for my son": a rule taken off,
    // never a person.
    if t.has_any(ALLERGY_NOUNS)
        || foods::mentioned(&super::relations::without_people(t.words()), lang)
            .found
            .iter()
            .any(|f| !["vegan", "vegetarian"].contains(&f.as_str()))
    {
        return None;
    }
    // "don't remove Tom": nothing is done.
    if super::words::told_not_to(t, REMOVE_WORDS) {
        let mut read = Read::default();
        read.signals.push(Signal::No);
        return Some(read);
    }
    let words = t.words();
    let relation = (0..words.len())
        .find_map(|i| super::relations::relation_in(words, i))
        .map(|(en, _)| en.to_owned());
    let household = t.has_any(HOUSEHOLD_PLACE) || t.has_any(&["household", "familia", "family"]);
    let named = t.words().iter().find(|w| names.contains(w)).cloned();
    let who = match (relation, named) {
        (_, Some(name)) => name,
        (Some(r), None) => r,
        (None, None) if household => {
            // The word after the verb (and "a"): the name.
            let after = t.after(REMOVE_WORDS)?;
            after
                .iter()
                .find(|w| {
                    !["a", "al", "to", "my", "mi", "the", "la", "el", "out"].contains(&w.as_str())
                })?
                .clone()
        }
        (None, None) => return None,
    };
    // "remove pork from my plan" is no member; a relation or the
    // household must be named.
    if foods::exact(&who, Lang::En).is_some() {
        return None;
    }
    let mut read = Read::default();
    read.requests.push(ToolRequest::RemoveMember { who });
    Some(read)
}

/// A change of weight relative to before: "I lost 3 kg", "bajé 2
/// kilos", "gained 2 kilos over xmas", "he subido 1,5 kg". The weight
/// moves by that much; the goal is not touched. Negated ("I haven't lost
/// any weight") nothing moves.
fn weight_moved(t: &Text, scopes: &Scopes) -> Option<Read> {
    // "engordé un kilo", "gained a kilo", "medio kilo": one, or a half.
    let spelt = t.words().iter().enumerate().find_map(|(i, w)| {
        let n = match w.as_str() {
            "a" | "an" | "un" | "one" | "uno" => 1.0,
            "half" | "medio" => 0.5,
            _ => return None,
        };
        let unit = next(t, i);
        (KG.contains(&unit) || LB.contains(&unit)).then_some((i, n))
    });
    let (i, n) = numbers(t)
        .into_iter()
        .find(|(i, n)| *n > 0.0 && (KG.contains(&next(t, *i)) || LB.contains(&next(t, *i))))
        .or(spelt)?;
    let kg = if LB.contains(&next(t, i)) {
        n * 0.453_592_37
    } else {
        n
    };
    // "I lost 3 kg", "down 2 kg", and "3 kg less", "2 kilos más".
    let before = &t.words()[..i];
    let after = t.words().get(i + 2).map_or("", String::as_str);
    let said = |verbs: &[&str]| {
        before.iter().any(|w| verbs.contains(&w.as_str())) || verbs.contains(&after)
    };
    let sign = if said(WEIGHT_LOST) {
        -1.0
    } else if said(WEIGHT_GAINED) {
        1.0
    } else {
        return None;
    };
    let mut read = Read::default();
    if scopes.negates_any(t, WEIGHT_LOST) || scopes.negates_any(t, WEIGHT_GAINED) {
        read.signals.push(Signal::No);
    } else {
        read.requests
            .push(ToolRequest::ChangeProfile(ProfileChange::WeightBy(
                sign * (kg * 10.0).round() / 10.0,
            )));
    }
    Some(read)
}

/// The change of weight `t` says, in kg (down negative), when it says one
/// and does not negate it: "lost 3 kg", "bajó 2 kilos".
pub(super) fn weight_change(t: &Text) -> Option<f64> {
    let read = weight_moved(t, &Scopes::of(t))?;
    match read.requests.first() {
        Some(ToolRequest::ChangeProfile(ProfileChange::WeightBy(kg))) => Some(*kg),
        _ => None,
    }
}

/// A weight wished for: "quiero llegar a 70", "I want to get down to 65
/// kg", "my goal weight is 60", "quiero pesar 60".
fn weight_wished(t: &Text, scopes: &Scopes) -> Option<Read> {
    let rest = t.after(WEIGHT_WISHED)?;
    let n = rest
        .iter()
        .take(4)
        .find_map(|w| super::words::number_word(w).filter(|n| (25.0..400.0).contains(n)))?;
    let unit_lb = rest.iter().take(5).any(|w| LB.contains(&w.as_str()));
    let kg = if unit_lb { n * 0.453_592_37 } else { n };
    let mut read = Read::default();
    if scopes.negates_any(t, WEIGHT_WISHED) {
        read.signals.push(Signal::No);
    } else {
        read.requests
            .push(ToolRequest::ChangeProfile(ProfileChange::GoalWeight(
                (kg * 10.0).round() / 10.0,
            )));
    }
    Some(read)
}

/// A food eaten again: "I can eat pork again", "puedo volver a comer
/// gluten", "ya puedo comer marisco": the restriction that kept it out
/// is taken back.
fn eat_again(t: &Text, lang: Lang) -> Option<Read> {
    let rest = t.after(EAT_AGAIN)?;
    if !t.has_any(AGAIN_SAID) {
        return None;
    }
    let read = eaten(rest, lang)?;
    // "my wife can eat gluten again", "mi marido ya puede comer gluten":
    // someone else's, never the writer's.
    if super::relations::of_others(t) {
        let mut theirs = Read::default();
        theirs
            .signals
            .push(Signal::SomeoneElse(super::others::said_of_them(
                t, lang, &read,
            )));
        return Some(theirs);
    }
    Some(read)
}

/// The foods among `words` (the time aside: "again", "now", "de
/// nuevo"), no longer kept out; `None` when none is named.
fn eaten(words: Vec<String>, lang: Lang) -> Option<Read> {
    let words: Vec<String> = words
        .into_iter()
        .filter(|w| !NOW_WORDS.contains(&w.as_str()) && !AGAIN_FILLER.contains(&w.as_str()))
        .collect();
    let found = foods::read(&words, lang).found;
    if found.is_empty() {
        return None;
    }
    // "I eat meat again", "ya como carne": a vegetarian diet is over too
    // (a single kind, "pork is fine now", "I can eat fish again", says
    // only that food is).
    let flesh = found
        .iter()
        .any(|f| ["meat", "red meat", "poultry"].contains(&f.as_str()));
    // "I can have dairy again": an intolerance of it (or gluten free) is
    // over too (an allergy is only taken back when named).
    let names = foods::with_conditions(found);
    let mut read = Read::default();
    if flesh {
        read.requests
            .push(ToolRequest::ChangeProfile(ProfileChange::DropDiet(
                DietType::Vegetarian,
            )));
    }
    read.requests.push(ToolRequest::RemovePreference {
        kind: ItemKind::Restriction,
        names,
    });
    Some(read)
}

/// A food eaten after all, or fine now: "actually I do eat mushrooms",
/// "sí como setas", "ya puedo tomar lácteos", "pork is fine for me now",
/// "el cerdo ya me sienta bien": what kept it out is taken back.
fn eaten_after_all(t: &Text, lang: Lang) -> Option<Read> {
    if super::relations::of_others(t) {
        return None;
    }
    let words: Vec<String> = if let Some(rest) = t.after(DO_EAT) {
        rest
    } else if t.has_any(FOOD_FINE) && t.has_any(FINE_NOW) {
        // The foods beside "is fine" ("pork is fine for me now", "ya no
        // me sienta mal la leche"), the phrase itself aside.
        let joined = format!(" {} ", t.joined());
        let phrase = FOOD_FINE
            .iter()
            .filter(|p| joined.contains(&format!(" {p} ")))
            .max_by_key(|p| p.len())?;
        // The words saying when ("now", "after all", "en realidad") aside
        // too: they name no food.
        let mut rest = joined.replacen(&format!(" {phrase} "), " ", 1);
        for when in FINE_NOW {
            rest = rest.replace(&format!(" {when} "), " ");
        }
        rest.split_whitespace().map(str::to_owned).collect()
    } else if Scopes::of(t).negates_any(t, HARM_WORDS) && t.has_any(FINE_NOW) {
        // "milk doesn't bother me anymore": harm negated, the food fine.
        t.without(HARM_WORDS)
    } else if Scopes::of(t).negates_any(t, REMOVE_ASKED) {
        // "no me quites el pollo", "don't remove the chicken": the food
        // kept, never kept out (before, the negation's foods were).
        t.after(REMOVE_ASKED)?
    } else {
        return None;
    };
    eaten(words, lang)
}

/// Foods excluded by a negation the keyword readers did not read ("no
/// fish for me thx", "tampoco tomo lactosa", "never any pork"): the
/// foods in a negation's scope, kept out. `None` when no food is there.
pub(super) fn excluded_foods(t: &Text, lang: Lang) -> Option<Read> {
    let scopes = Scopes::of(t);
    if !scopes.any() {
        return None;
    }
    let words: Vec<String> = t
        .words()
        .iter()
        .enumerate()
        .filter(|(i, _)| scopes.negated(*i))
        .map(|(_, w)| w.clone())
        .filter(|w| !EAT_VERBS.contains(&w.as_str()))
        .collect();
    // The foods named there, other words aside ("for me thx").
    let mut found = foods::mentioned(&words, lang);
    found.unknown.clear();
    // "no spicy food", "nothing sweet": the kind that gives the taste
    // (chili peppers, chili powder, sriracha…; sugar, honey, syrups…).
    for w in &words {
        let taste = TASTES.iter().find(|(word, _)| word == w).map(|(_, t)| *t);
        let kind = SPICY.contains(&w.as_str()).then_some("chili").or_else(|| {
            TASTE_KINDS
                .iter()
                .find(|(t, _)| Some(*t) == taste)
                .map(|(_, k)| *k)
        });
        if let Some(kind) = kind
            && !found.found.iter().any(|f| f == kind)
        {
            found.found.push(kind.to_owned());
        }
    }
    if found.found.is_empty() {
        return None;
    }
    let mut read = Read::default();
    add_foods(&mut read, FoodKind::Dislike, found, lang);
    Some(read)
}

/// A goal said to be over in positive words ("I'm done with losing
/// weight", "he dejado de intentar adelgazar"): the goal given up, back
/// to maintaining when it was the goal; a weight kept said beside it
/// ("just keep me where I am") is the same wish.
fn goal_ended(t: &Text, lang: Lang) -> Option<Read> {
    let rest = t.after(GOAL_ENDED)?;
    let mut said = Read::default();
    statements(&Text::from_words(rest), lang, &mut said);
    let goals: Vec<Goal> = said
        .requests
        .iter()
        .filter_map(|r| match r {
            ToolRequest::ChangeProfile(ProfileChange::Goal(g)) if *g != Goal::MaintainWeight => {
                Some(*g)
            }
            _ => None,
        })
        .collect();
    if goals.is_empty() {
        return None;
    }
    let mut read = Read::default();
    read.requests.extend(
        goals
            .into_iter()
            .map(|g| ToolRequest::ChangeProfile(ProfileChange::NotGoal(g))),
    );
    Some(read)
}
