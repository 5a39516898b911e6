//! Reading a message without a language model: its parts, and what each
//! part asks for, in English or Spanish. A message may hold several
//! requests ("I'm vegan and allergic to sesame", "no pork and no
//! shellfish") and a statement with a question; each is read. Foods are
//! read only through the domain's vocabulary ([`super::foods`]): a word
//! that names nothing known is reported, never stored.

use mealplan_ports::ItemKind;

use super::asks::action;
use super::foods;
use super::lang::{Lang, detect};
pub use super::part::Signal;
use super::part::{FoodKind, Read, add_foods, parts};
use super::relations::relation_in;
use super::request::{ProfileChange, ToolRequest};
use super::statements::statements;
use super::vocab::*;
use super::words::Text;

/// What the reader knows besides the message.
#[derive(Debug, Clone, Default)]
pub struct Context {
    /// Today's day of week, 1 = Monday.
    pub today: u8,
    /// The conversation's language so far.
    pub earlier: Option<Lang>,
    /// Names of the writer's household members: a message that starts
    /// with one speaks of them, however the name reads as a word.
    pub names: Vec<String>,
}

/// A message understood.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Understood {
    /// Language to answer in.
    pub lang: Lang,
    /// The requests, in the order to carry them out (profile changes
    /// first, so the rest follow them).
    pub requests: Vec<ToolRequest>,
    /// Greetings, yes/no, foods not understood.
    pub signals: Vec<Signal>,
    /// Whether some part of the message asked for nothing the reader knows.
    pub unread: bool,
    /// Those parts, as read (normalised words), to name in the answer.
    pub unread_parts: Vec<String>,
}

/// Reads `message`.
pub fn understand(message: &str, ctx: &Context) -> Understood {
    let names: Vec<String> = ctx
        .names
        .iter()
        .flat_map(|n| n.split_whitespace().map(super::lang::normalise))
        .collect();
    // A member's name, and a word written as a name, is read as written,
    // never as a slip of a word.
    let mut kept = names.clone();
    kept.extend(super::household::written_names(message));
    kept.extend(
        super::household::named_subject(message, &ctx.names).map(|n| super::lang::normalise(&n)),
    );
    super::words::keeping_names(&kept, || understand_with(message, ctx, &names, &kept))
}

/// [`understand`], `names` the members' names as normalised words, `kept`
/// those and the other words written as names.
fn understand_with(message: &str, ctx: &Context, names: &[String], kept: &[String]) -> Understood {
    let whole = Text::new(message);
    // Names say nothing of the language ("Pedro also hates mushrooms").
    let words: Vec<&str> = whole
        .words()
        .iter()
        .map(String::as_str)
        .filter(|w| !kept.iter().any(|n| n == w))
        .collect();
    let without_names = words.join(" ");
    let raw = if words.len() < whole.words().len() {
        without_names.as_str()
    } else {
        message
    };
    let lang = detect(&words, raw, ctx.earlier);
    let mut out = Understood {
        lang,
        ..Understood::default()
    };
    // "add my recipe lentil soup: 200 g lentils; 1 onion": the lines
    // are one recipe's, whatever their commas.
    if let Some(request) = super::mine::new_recipe(message) {
        out.requests.push(request);
        return out;
    }
    // Pregnancy, a very low intake, a loss too fast: nothing is done on
    // a guess; the answer cautions and says what can be done.
    if let Some(care) = super::care::care(&whole) {
        out.signals.push(Signal::Care(care));
        return out;
    }
    // "mi mamá ya no come con nosotros, quítala": the person the
    // message speaks of, taken out.
    if let Some(who) = super::household::removed(message, &whole, names, lang) {
        out.requests.push(ToolRequest::RemoveMember { who });
        return out;
    }
    // A member to add, or who is in the household: the whole message
    // describes one person, whatever its commas.
    if let Some(request) = super::household::read(message, &whole, lang) {
        // "no nuts in my food, my son eats with me": what a part says of
        // the writer's own food, in so many words, is the writer's too.
        for part in parts(message) {
            let own = part.has_any(OWN_FOOD)
                && !part
                    .words()
                    .iter()
                    .any(|w| RELATIONS.iter().any(|r| r.0 == w.as_str()));
            if own {
                let read = read_clause(&part, lang, ctx.today, names);
                out.requests.extend(read.requests.into_iter().filter(|r| {
                    matches!(
                        r,
                        ToolRequest::AddPreference { .. } | ToolRequest::RemovePreference { .. }
                    )
                }));
            }
        }
        out.requests.push(request);
        return out;
    }
    // "change Ana's weight to 60", "cambia el peso de mi hija a 30": a
    // member's body fact set.
    if let Some(facts) = super::household::field_set(message, &ctx.names) {
        out.signals.push(Signal::SomeoneElse(facts));
        return out;
    }
    // "Ana is allergic to shellfish": said of a person by name.
    if let Some(facts) = super::household::said_of_named(message, lang, &ctx.names) {
        out.signals.push(Signal::SomeoneElse(facts));
        return out;
    }
    // A name at the start that said nothing the reader stores for them
    // ("Marta is 70 kg now" read no fact of hers): whatever the rest
    // would change is still theirs, never the writer's (below).
    let subject = super::household::named_subject(message, &ctx.names);
    let mut last_food_kind: Option<FoodKind> = None;
    // Foods let back in ("… except salmon", "… but cheese is fine").
    let mut let_back: Vec<String> = Vec::new();
    // The part before let foods back in: a bare food list goes on with
    // them ("no fish except tuna and salmon").
    let mut excepting = false;
    // The previous part and how many requests it gave.
    let mut previous: Option<(Text, usize)> = None;
    // Whether the last part that said something said it of someone else.
    let mut of_them = false;
    // Whether the last part only named someone ("my son:"): the next is
    // theirs.
    let mut heading = false;
    // Whether the last part introduced the writer ("I'm Tom"): a bare
    // number of years after it is their age ("I'm Tom, 45").
    let mut introduced = false;
    // Whether a part said the plan stays ("don't change the plan"): an
    // "only thursday's dinner" after it is the one meal to swap.
    let mut plan_kept = false;
    let all_parts = parts(message);
    // "no dairy, but cheese and yogurt are fine": a bare food list before
    // a part that says foods are fine is said fine with them.
    // Said alone ("cod and trout are fine"), only a phrase strong enough
    // alone carries the list before it.
    let mut fine_ahead = vec![(false, false); all_parts.len()];
    for i in (0..all_parts.len().saturating_sub(1)).rev() {
        let next = &all_parts[i + 1];
        let list = super::except::bare_list(&all_parts[i], lang).is_some();
        let (after, alone) = fine_ahead[i + 1];
        fine_ahead[i] = (
            list && (after || super::except::fine(next, lang, true, false).is_some()),
            list && (alone || super::except::fine(next, lang, false, false).is_some()),
        );
    }
    for (at, part) in all_parts.into_iter().enumerate() {
        if std::mem::take(&mut introduced)
            && let Some(years) = super::measures::bare_years(&part)
        {
            out.requests
                .push(ToolRequest::ChangeProfile(ProfileChange::Age(years)));
            continue;
        }
        // "Allergies: eggs, milk": a heading; the lists after it are
        // allergies.
        if !part.words().is_empty()
            && part.words().iter().all(|w| {
                ALLERGY_NOUNS.contains(&w.as_str())
                    || [
                        "allergies",
                        "alergias",
                        "my",
                        "mis",
                        "i",
                        "have",
                        "tengo",
                        "food",
                        "foods",
                    ]
                    .contains(&w.as_str())
            })
            && part.has_any(ALLERGY_HEADING)
        {
            out.requests.push(ToolRequest::AddPreference {
                kind: ItemKind::Restriction,
                names: Vec::new(),
            });
            last_food_kind = Some(FoodKind::Allergy);
            previous = None;
            continue;
        }
        // "… sin pasar hambre": said once, answered once.
        if part.has_any(SATIETY) && !out.signals.contains(&Signal::Satiety) {
            out.signals.push(Signal::Satiety);
        }
        // "I'm trying to eat healthier": the same.
        if part.has_any(HEALTHIER) && !out.signals.contains(&Signal::Healthier) {
            out.signals.push(Signal::Healthier);
        }
        // "no fish except salmon", "sin carne salvo pollo": the foods
        // after the word are let back in, never kept out.
        let after_out = matches!(last_food_kind, Some(FoodKind::Dislike | FoodKind::Allergy));
        let part = match super::except::split(&part, lang, after_out) {
            Some((before, foods)) => {
                let_back.extend(foods);
                excepting = true;
                if before.words().is_empty() {
                    continue;
                }
                before
            }
            None => {
                // "no fish except tuna and salmon": a bare list goes on
                // with the foods let back in ("…, no pork" does not).
                let goes_on = excepting || (after_out && fine_ahead[at].0) || fine_ahead[at].1;
                if let Some(more) = super::except::bare_list(&part, lang).filter(|_| goes_on) {
                    let_back.extend(more);
                    continue;
                }
                excepting = false;
                part
            }
        };
        // "change my weight to 72 kg, not 27", "hago 5 comidas, no 3": the
        // number just said, corrected; nothing more to do.
        if corrects_a_number(&part) && !out.requests.is_empty() {
            continue;
        }
        // "don't change the plan, only thursday's dinner", "no quiero
        // cambiar el plan, solo la cena del jueves": the one meal to swap.
        if plan_kept
            && let Some(first) = part.words().first()
            && ONLY_THIS.contains(&first.as_str())
        {
            let meal = super::asks::meal_ref(&part, ctx.today);
            if meal.meal_type.is_some() && part.len() <= 6 {
                // Neither a refusal nor a look at the plan: one swap.
                out.signals.retain(|s| *s != Signal::No);
                out.requests
                    .retain(|r| !matches!(r, ToolRequest::PlanSummary { .. }));
                out.requests
                    .push(ToolRequest::ReplaceMeal { meal, choice: None });
                previous = None;
                continue;
            }
        }
        plan_kept = plan_kept || part.has_any(PLAN_KEPT);
        // "I have two kids, 8 and 5", "tengo 2 hijos, uno de 8 y otra de
        // 5": their ages, after the children, go with them.
        if out.signals.contains(&Signal::Children) && only_ages(&part) {
            continue;
        }
        // "I ate lunch but not dinner", "desayuné pero no la comida": a
        // meal said eaten, then one said not: that one is not eaten (never
        // a swap), on the same day.
        if let Some(ToolRequest::MarkEaten { meal: eaten }) = out.requests.last()
            && let Some(meal_type) = not_this_meal(&part)
        {
            let meal = super::request::MealRef {
                day: eaten.day,
                meal_type: Some(meal_type),
                ..Default::default()
            };
            out.requests.push(ToolRequest::MarkPending { meal });
            previous = None;
            continue;
        }
        // "my son: no nuts", "para mi hija: sin gluten": a person alone is
        // a heading; the part after it is theirs.
        if let Some(relation) = bare_person(&part) {
            out.signals
                .push(Signal::SomeoneElse(super::request::MemberFacts {
                    relation: Some(relation.to_owned()),
                    ..Default::default()
                }));
            of_them = true;
            heading = true;
            previous = None;
            continue;
        }
        // "I'm not allergic to nuts, my daughter is": what the part before
        // said, said of them and affirmed.
        if let Some(relation) = elliptical_them(&part) {
            let mut facts = super::request::MemberFacts {
                relation: Some(relation.to_owned()),
                ..Default::default()
            };
            match out.requests.last() {
                Some(
                    ToolRequest::AddPreference {
                        kind: ItemKind::Restriction,
                        names,
                    }
                    | ToolRequest::RemovePreference {
                        kind: ItemKind::Restriction,
                        names,
                    },
                ) => facts.restrictions = names.clone(),
                Some(ToolRequest::ChangeProfile(
                    ProfileChange::Diet(d) | ProfileChange::DropDiet(d),
                )) => facts.diets = vec![*d],
                _ => {}
            }
            if !facts.restrictions.is_empty() || !facts.diets.is_empty() {
                out.signals.push(Signal::SomeoneElse(facts));
                previous = None;
                continue;
            }
        }
        // Structure first (a negated act, a thing taken back, a change
        // relative to before), then the keyword readers.
        let read = read_clause(&part, lang, ctx.today, names);
        if read.is_empty() {
            // "my son is 12, he hates broccoli": what a part about them
            // says only of a third person is theirs too.
            if of_them && about_the_same(&part, lang) {
                let facts = super::others::said_of_them(&part, lang, &Read::default());
                if !facts.restrictions.is_empty() || !facts.diets.is_empty() {
                    merge_them(&mut out.signals, facts);
                    previous = None;
                    continue;
                }
            }
            // "no dairy, but cheese is fine", "pero el atún sí": foods
            // said fine are let back in, never joined to the list kept out.
            let bare_si = last_food_kind == Some(FoodKind::Allergy);
            if let Some(foods) = super::except::fine(&part, lang, after_out, bare_si) {
                let_back.extend(foods);
                excepting = true;
                previous = None;
                continue;
            }
            // "no me gusta el picante pero el dulce sí", "no quiero setas,
            // pero el pollo sí": after a dislike, a food or taste said
            // with "sí" is liked, never joined to the list kept out.
            if last_food_kind == Some(FoodKind::Dislike)
                && let Some(liked) = super::statements::affirmed_after_dislike(part.words(), lang)
            {
                last_food_kind = liked.food_kind;
                out.requests.extend(liked.requests);
                out.signals.extend(liked.signals);
                previous = None;
                continue;
            }
            // A part that says a food is liked ("… pero el pollo sí me
            // gusta") never finishes nor continues a part before it: that
            // would keep the liked food out.
            let liked = part.words().iter().any(|w| LIKING.contains(&w.as_str()));
            // "a short plan, three days": a part that says nothing alone
            // may finish the one before.
            if let Some((before, count)) = previous.take().filter(|_| !liked) {
                let joined = Text::from_words([before.words(), part.words()].concat());
                let again = read_clause(&joined, lang, ctx.today, names);
                // Two parts that said nothing alone may say it together
                // ("i've gained weight, 2 kilos").
                if count == 0 && !again.requests.is_empty() {
                    if out.unread_parts.last() == Some(&before.joined()) {
                        out.unread_parts.pop();
                    }
                    out.unread = !out.unread_parts.is_empty();
                    previous = Some((joined, again.requests.len()));
                    out.requests.extend(again.requests);
                    continue;
                }
                let was = &out.requests[out.requests.len() - count..];
                // Never joined into the opposite of what the part before
                // did ("no nuts at all" + "I'm allergic" is no allergy
                // taken back).
                let turned = again.requests.iter().any(takes_back) && !was.iter().any(takes_back);
                if again.requests.len() == count && count > 0 && again.requests != was && !turned {
                    let keep = out.requests.len() - count;
                    out.requests.truncate(keep);
                    out.requests.extend(again.requests);
                    previous = Some((joined, count));
                    continue;
                }
                previous = Some((before, count));
            }
            // "no nuts at all, I'm allergic", "nada de gambas, soy
            // alérgica": the foods just kept out are allergies.
            if part.has_any(ALLERGIC_ALONE)
                && foods::mentioned(part.words(), lang).found.is_empty()
                && as_allergies(&mut out.requests)
            {
                continue;
            }
            // "no pork and shellfish": a bare food list continues the
            // previous part's list.
            let more = foods::read(part.words(), lang);
            if let (Some(kind), false, false) = (last_food_kind, more.found.is_empty(), liked) {
                extend(&mut out.requests, kind, more.found);
                continue;
            }
            // "hi, I'm Sam", "soy Marta": the writer's name, a greeting.
            if introduces_self(&part) || part.has_any(NEWCOMER) {
                introduced = true;
                if !out.signals.contains(&Signal::Greeting) {
                    out.signals.push(Signal::Greeting);
                }
                continue;
            }
            // "…, I'm ok with it now": an acknowledgement beside what the
            // message did is no part left undone.
            let acknowledges = !out.requests.is_empty()
                && only(&Text::from_words(part.without(FINE_NOW)), ACKNOWLEDGE);
            if !acknowledges
                && !part.has_any(SATIETY)
                && !part.has_any(HEALTHIER)
                && !part.words().iter().all(|w| FILLER.contains(&w.as_str()))
            {
                out.unread = true;
                out.unread_parts.push(part.joined());
                // The next part may finish it.
                if previous.is_none() {
                    previous = Some((part.clone(), 0));
                }
            }
            continue;
        }
        // "my daughter is allergic to peanuts and she doesn't like fish":
        // a part whose subject is "she" goes on about the same person.
        if of_them && (std::mem::take(&mut heading) || about_the_same(&part, lang)) {
            let (facts, rest) = changes_of_them(&part, lang, read.requests);
            merge_them(&mut out.signals, facts);
            out.requests.extend(rest);
            previous = None;
            continue;
        }
        // "my husband is diabetic and wants to lose weight": a part whose
        // subject is someone else is theirs, whatever its readers gave.
        let mut read = read;
        if !read
            .signals
            .iter()
            .any(|s| matches!(s, Signal::SomeoneElse(_)))
            && subject_is_them(&part)
        {
            let (facts, rest) = changes_of_them(&part, lang, std::mem::take(&mut read.requests));
            read.requests = rest;
            read.signals.push(Signal::SomeoneElse(facts));
        }
        of_them = read
            .signals
            .iter()
            .any(|s| matches!(s, Signal::SomeoneElse(_)));
        // "I had breakfast and lunch": a meal alone after a meal action
        // is the same action on that meal.
        // ("cambia el desayuno del lunes y la comida": Monday's lunch too.)
        if read.bare
            && let Some(
                ToolRequest::PlanSummary { day, meal_type }
                | ToolRequest::PlanFollowUp { day, meal_type },
            ) = read.requests.first()
            && let Some(last) = out.requests.last().cloned()
            && let Some(again) = same_action(&last, *day, *meal_type)
        {
            out.requests.push(again);
            continue;
        }
        last_food_kind = read.food_kind;
        previous = Some((part.clone(), read.requests.len()));
        out.requests.extend(read.requests);
        out.signals.extend(read.signals);
    }
    // "I want to lose fat and build muscle": one goal for the message.
    let goals = out.requests.iter().filter_map(|r| match r {
        ToolRequest::ChangeProfile(ProfileChange::Goal(g)) => Some(*g),
        _ => None,
    });
    if let Some(goal) = super::statements::one_goal(goals) {
        let mut first = true;
        out.requests.retain_mut(|r| match r {
            ToolRequest::ChangeProfile(ProfileChange::Goal(g)) => {
                *g = goal;
                std::mem::take(&mut first)
            }
            _ => true,
        });
    }
    // "the second snack on Tuesday, can I change it?": an action on "it"
    // acts on the meal the message named.
    let named = super::asks::meal_ref(&whole, ctx.today);
    // "I ate lunch and dinner yesterday": one meal act on each meal named
    // (when the message names at most one day, the same day for all).
    let days_said = whole
        .words()
        .iter()
        .filter(|w| {
            super::lang::day_word(w).is_some()
                || TODAY_WORDS.contains(&w.as_str())
                || ["yesterday", "ayer", "anoche", "anteayer", "antier"].contains(&w.as_str())
        })
        .count();
    if let [ToolRequest::MarkEaten { meal } | ToolRequest::MarkPending { meal }] =
        out.requests.as_slice()
        && meal.meal_type.is_some()
        && days_said <= 1
    {
        let first = out.requests[0].clone();
        let mut seen = vec![meal.meal_type];
        for w in whole.words() {
            let Some(m) = super::lang::meal_word(w).filter(|m| !seen.contains(&Some(*m))) else {
                continue;
            };
            seen.push(Some(m));
            let mut again = first.clone();
            if let ToolRequest::MarkEaten { meal } | ToolRequest::MarkPending { meal } = &mut again
            {
                meal.meal_type = Some(m);
            }
            out.requests.push(again);
        }
    }
    // "ayer comí y cené": a day said once holds for the meals after it
    // that name none.
    if let Some(day) = named.day {
        for r in &mut out.requests {
            if let ToolRequest::MarkEaten { meal } | ToolRequest::MarkPending { meal } = r
                && meal.day.is_none()
                && meal.meal_type.is_some()
            {
                meal.day = Some(day);
            }
        }
    }
    if !named.is_empty() {
        let mut filled = false;
        for r in &mut out.requests {
            match r {
                ToolRequest::ReplaceMeal { meal, choice }
                    if meal.is_empty()
                        && !matches!(choice, Some(super::request::Choice::Option(_))) =>
                {
                    *meal = named.clone();
                    filled = true;
                }
                ToolRequest::SuggestAlternatives { meal }
                | ToolRequest::MarkEaten { meal }
                | ToolRequest::MarkPending { meal }
                    if meal.is_empty() =>
                {
                    *meal = named.clone();
                    filled = true;
                }
                _ => {}
            }
        }
        if filled {
            out.requests
                .retain(|r| !matches!(r, ToolRequest::PlanSummary { .. }));
        }
    }
    if let Some(name) = subject {
        theirs(&mut out, name, lang);
    }
    // The profile answer tells the targets too.
    if out.requests.contains(&ToolRequest::ProfileSummary) {
        out.requests
            .retain(|r| !matches!(r, ToolRequest::ExplainTargets { focus: None, .. }));
    }
    // "no shrimp please, allergic": a heading last, with no list after
    // it, says the foods just kept out are allergies.
    if let Some(ToolRequest::AddPreference { names, .. }) = out.requests.last()
        && names.is_empty()
    {
        let n = out.requests.len();
        as_allergies(&mut out.requests[..n - 1]);
    }
    // A heading with no list after it adds nothing.
    out.requests
        .retain(|r| !matches!(r, ToolRequest::AddPreference { names, .. } if names.is_empty()));
    // The foods let back in, folded into what the message keeps out.
    super::except::apply(&mut out.requests, &mut out.signals, let_back);
    // "a lighter plan, fewer calories": the plan asked with the change
    // answers the complaint beside it.
    if out.requests.iter().any(|r| {
        matches!(r, ToolRequest::GenerateWeeklyPlan { adjust, meals_change, .. }
            if !adjust.is_none() || *meals_change != 0)
    }) {
        out.requests.retain(|r| {
            !matches!(
                r,
                ToolRequest::ExplainTargets {
                    complaint: Some(_),
                    ..
                }
            )
        });
    }
    // "I'm not hungry for dinner on sunday, swap it for something
    // lighter": "it" is the meal the message named before, one swap.
    let mut i = 1;
    while i < out.requests.len() {
        let named_before = match (&out.requests[i - 1], &out.requests[i]) {
            (
                ToolRequest::ReplaceMeal {
                    meal: before,
                    choice: None,
                },
                ToolRequest::ReplaceMeal { meal: it, .. },
            ) if (it.is_empty() || it == before) && !before.is_empty() => Some(before.clone()),
            _ => None,
        };
        if let Some(before) = named_before {
            if let ToolRequest::ReplaceMeal { meal, .. } = &mut out.requests[i] {
                *meal = before;
            }
            out.requests.remove(i - 1);
        } else {
            i += 1;
        }
    }
    // "no me gusta, cámbialo por algo con pollo": a bare dislike beside
    // a swap of the meal just spoken of says why, nothing left unread.
    if out
        .requests
        .iter()
        .any(|r| matches!(r, ToolRequest::ReplaceMeal { .. }))
    {
        out.unread_parts
            .retain(|p| !DISLIKED_ALONE.contains(&p.as_str()));
        out.unread = !out.unread_parts.is_empty();
    }
    // "cambia la cena del martes, no me apetece pescado": a food not
    // wanted for now beside one swap is what the swap leaves out, never
    // a restriction kept for good.
    let swaps = out
        .requests
        .iter()
        .filter(|r| matches!(r, ToolRequest::ReplaceMeal { choice: None, .. }))
        .count();
    if swaps == 1 {
        let for_now: Vec<String> = parts(message)
            .iter()
            .filter_map(|p| p.after(NOT_NOW))
            .flat_map(|rest| foods::read(&rest, lang).found)
            .collect();
        if !for_now.is_empty() {
            for r in &mut out.requests {
                match r {
                    ToolRequest::AddPreference {
                        kind: ItemKind::Restriction,
                        names,
                    } => names.retain(|n| !for_now.contains(n)),
                    ToolRequest::ReplaceMeal { choice, .. } if choice.is_none() => {
                        *choice = Some(super::request::Choice::Without(for_now.clone()));
                    }
                    _ => {}
                }
            }
            out.requests.retain(
                |r| !matches!(r, ToolRequest::AddPreference { names, .. } if names.is_empty()),
            );
        }
    }
    // "I want something with peanut butter": a search.
    let mut searches = Vec::new();
    out.unread_parts.retain(|p| {
        let part = Text::from_words(p.split(' ').map(str::to_owned).collect());
        match super::asks::something_with(&part, lang) {
            Some(search) => {
                searches.push(search);
                false
            }
            None => true,
        }
    });
    if !searches.is_empty() {
        out.requests.extend(searches);
        out.unread = !out.unread_parts.is_empty();
    }
    pescatarian(&mut out, &whole);
    // A request said twice ("sedentary, desk job") is done once.
    let mut once: Vec<ToolRequest> = Vec::with_capacity(out.requests.len());
    for r in out.requests.drain(..) {
        if !once.contains(&r) {
            once.push(r);
        }
    }
    out.requests = once;
    // "make it 4 meals a day": the profile changed, no plan offered
    // that would change it again, unless a plan was named.
    let meals_set: Vec<u8> = out
        .requests
        .iter()
        .filter_map(|r| match r {
            ToolRequest::ChangeProfile(ProfileChange::Meals(n)) => Some(*n),
            _ => None,
        })
        .collect();
    if !whole.has_any(PLAN) {
        out.requests.retain(|r| {
            !matches!(r, ToolRequest::GenerateWeeklyPlan { adjust, confirmed: false, .. }
                if adjust.meals_per_day.is_some_and(|m| meals_set.contains(&m.get()))
                    && mealplan_domain::planner::PlanAdjust { meals_per_day: None, ..*adjust }.is_none())
        });
    }
    // Profile changes first; otherwise in the order asked.
    out.requests.sort_by_key(|r| !r.changes_profile());
    merge_preferences(&mut out.requests);
    out
}

/// "I'm vegetarian but I eat fish", "soy vegetariana pero como pescado",
/// "vegetarian except for fish": the pescatarian restriction (meat out,
/// fish in), never the vegetarian diet, which would keep the fish out
/// the writer said they eat.
fn pescatarian(out: &mut Understood, whole: &Text) {
    let vegetarian =
        ToolRequest::ChangeProfile(ProfileChange::Diet(mealplan_domain::DietType::Vegetarian));
    let scopes = super::negation::Scopes::of(whole);
    let fish_said = whole
        .words()
        .iter()
        .enumerate()
        .any(|(i, w)| PESCATARIAN_FOODS.contains(&w.as_str()) && !scopes.negated(i));
    // Said eaten ("but I eat fish", "como pescado") or excepted ("except
    // for fish"), and not kept out in the same message ("allergic to
    // fish", "I hate seafood").
    let eaten = whole.has_any(PESCATARIAN_EATEN);
    let kept_out = out.requests.iter().any(|r| {
        matches!(r, ToolRequest::AddPreference { names, .. }
            if names.iter().any(|n| {
                PESCATARIAN_FOODS.contains(&n.as_str()) || n == "fish allergy" || n == "shellfish allergy"
            }))
    });
    if !fish_said || !eaten || kept_out || !out.requests.contains(&vegetarian) {
        return;
    }
    let only_fish = |names: &[String]| {
        names
            .iter()
            .all(|n| PESCATARIAN_FOODS.contains(&n.as_str()) || n == "fish allergy")
    };
    out.requests.retain(|r| match r {
        ToolRequest::ChangeProfile(ProfileChange::Diet(mealplan_domain::DietType::Vegetarian)) => {
            false
        }
        ToolRequest::LetBack { names }
        | ToolRequest::RemovePreference {
            kind: ItemKind::Restriction,
            names,
        } => !only_fish(names),
        _ => true,
    });
    out.requests.push(ToolRequest::AddPreference {
        kind: ItemKind::Restriction,
        names: vec!["pescatarian".to_owned()],
    });
    out.unread_parts
        .retain(|p| !p.split(' ').any(|w| PESCATARIAN_FOODS.contains(&w)));
    out.unread = !out.unread_parts.is_empty();
}

/// The requests of `out` that would change the writer's profile, taken
/// out and said of `name` instead: a message about someone else never
/// changes the writer's own profile.
fn theirs(out: &mut Understood, name: String, lang: Lang) {
    if !out.requests.iter().any(ToolRequest::changes_profile) {
        return;
    }
    let requests = std::mem::take(&mut out.requests);
    let (mut facts, rest) = changes_of_them(&Text::from_words(Vec::new()), lang, requests);
    out.requests = rest;
    facts.name = Some(name);
    out.signals.push(Signal::SomeoneElse(facts));
}

/// The profile changes of `requests` as facts of the person `part` speaks
/// of, and the other requests, still the writer's to do.
fn changes_of_them(
    part: &Text,
    lang: Lang,
    requests: Vec<ToolRequest>,
) -> (super::request::MemberFacts, Vec<ToolRequest>) {
    let (changes, rest): (Vec<ToolRequest>, Vec<ToolRequest>) =
        requests.into_iter().partition(ToolRequest::changes_profile);
    let inner = Read {
        requests: changes,
        ..Read::default()
    };
    (super::others::said_of_them(part, lang, &inner), rest)
}

/// `facts` added to the last person the message spoke of, or a new one.
fn merge_them(signals: &mut Vec<Signal>, facts: super::request::MemberFacts) {
    match signals
        .iter_mut()
        .rev()
        .find(|s| matches!(s, Signal::SomeoneElse(_)))
    {
        Some(Signal::SomeoneElse(them)) => them.merge(facts),
        _ => signals.push(Signal::SomeoneElse(facts)),
    }
}

/// Whether a part only gives the writer's name ("I'm Sam", "my name is
/// Ana", "soy Marta", "me llamo Leo"): an opener, then one word the
/// assistant does not know.
/// "I have two kids", "tengo 2 hijos", "my kids are 8 and 5": children
/// said as a plural, with nothing else to read (no food, diet or allergy).
fn has_children(t: &Text, lang: Lang) -> bool {
    let words = t.words();
    let plural = words.iter().any(|w| CHILDREN_PLURAL.contains(&w.as_str()));
    let theirs = t.has_any(CHILDREN_OWNERS);
    plural
        && theirs
        && foods::mentioned(words, lang).found.is_empty()
        && !t.has_any(ALLERGY_OPENERS)
        && !t.has_any(ALLERGY_NOUNS)
        && !t.has_any(PLAN)
}

/// A part of ages only ("8 and 5", "uno de 8 y otra de 5").
fn only_ages(t: &Text) -> bool {
    let words = t.words();
    words.iter().any(|w| w.parse::<f64>().is_ok())
        && words
            .iter()
            .all(|w| w.parse::<f64>().is_ok() || AGES_ONLY_WORDS.contains(&w.as_str()))
}

/// The meal of an elliptical "(but) not (the) dinner" / "pero no la
/// cena": a negation and a meal word, nothing else but articles.
fn not_this_meal(t: &Text) -> Option<mealplan_domain::MealType> {
    let words: Vec<&str> = t
        .words()
        .iter()
        .map(String::as_str)
        .filter(|w| !NOT_MEAL_SKIPPED.contains(w))
        .collect();
    match words.as_slice() {
        ["not" | "no", meal] => super::lang::meal_word(meal),
        _ => None,
    }
}

/// "I cook for my husband", "cocino para mi marido y mis hijos": who
/// the writer cooks for (the first relation named), said as a fact, never
/// a recipe search. A question ("what can I cook for my son?") does not
/// open so, and a day named ("I cook for my wife tonight") asks for one.
fn cooks_for(t: &Text) -> Option<&'static str> {
    let words = t.words();
    let opener = COOK_FOR.iter().find(|p| {
        let p: Vec<&str> = p.split(' ').collect();
        words.len() > p.len() && words.iter().zip(&p).all(|(w, p)| w == p)
    })?;
    let from = opener.split(' ').count();
    if t.has_any(COOK_FOR_WHEN) {
        return None;
    }
    (from..words.len()).find_map(|i| relation_in(words, i).map(|(en, _)| en))
}

fn introduces_self(t: &Text) -> bool {
    // "hola soy Ana", "hi, I'm Sam": a greeting before it says no more.
    let words: Vec<&str> = t
        .words()
        .iter()
        .map(String::as_str)
        .skip_while(|w| GREETING.contains(w))
        .collect();
    let name = match words.as_slice() {
        ["i", "m" | "am", name]
        | ["im" | "soy", name]
        | ["my", "name", "is" | "s", name]
        | ["me", "llamo", name]
        | ["mi", "nombre", "es", name] => *name,
        _ => return false,
    };
    // "I'm 170" is no name: a name has letters only.
    name.chars().count() >= 2
        && name.chars().all(char::is_alphabetic)
        && !super::words::is_known(name)
}

/// The foods a plan is asked without ("a plan without pork", "un plan
/// sin lactosa", "a gluten free plan"), in English, once each.
fn plan_without(t: &Text, lang: Lang) -> Vec<String> {
    let mut found: Vec<String> = FREE_OF
        .iter()
        .filter(|(phrase, _)| t.has(phrase))
        .map(|(_, food)| (*food).to_owned())
        .collect();
    if let Some(rest) = t.after(BARE_NO) {
        found.extend(foods::read(&rest, lang).found);
    }
    let mut once = Vec::new();
    for f in found {
        if !once.contains(&f) {
            once.push(f);
        }
    }
    once
}

/// The foods the last request kept out, made allergies ("no nuts at
/// all, I'm allergic"); whether there were any.
fn as_allergies(requests: &mut [ToolRequest]) -> bool {
    // The last foods kept out, past a plan asked with them ("plan
    // without nuts, I'm allergic").
    let Some(ToolRequest::AddPreference {
        kind: ItemKind::Restriction,
        names,
    }) = requests
        .iter_mut()
        .rev()
        .find(|r| !matches!(r, ToolRequest::GenerateWeeklyPlan { .. }))
    else {
        return false;
    };
    for n in names.iter_mut() {
        if !n.ends_with("allergy") && !n.ends_with("intolerance") && n != "gluten free" {
            *n = foods::allergy_name(n);
        }
    }
    !names.is_empty()
}

/// Whether `r` takes something back (a restriction or taste removed, a
/// diet dropped, a goal given up, a meal set back to pending).
fn takes_back(r: &ToolRequest) -> bool {
    use super::request::ProfileChange;
    matches!(
        r,
        ToolRequest::RemovePreference { .. }
            | ToolRequest::MarkPending { .. }
            | ToolRequest::ChangeProfile(ProfileChange::DropDiet(_) | ProfileChange::NotGoal(_))
    )
}

/// Whether a part's subject is a third person ("she doesn't like fish",
/// "y tampoco le gusta el pescado"): said after a part about someone
/// else, it is about them too.
fn about_the_same(t: &Text, lang: Lang) -> bool {
    if t.words()
        .iter()
        .take(3)
        .any(|w| SUBJECT_THEM.contains(&w.as_str()))
    {
        return true;
    }
    // "my wife is vegan and allergic to soy", "mi hijo tiene 10 años y es
    // celíaco": no subject of its own, and a verb in the third person or
    // what is said of a person first, goes on about them too.
    // ("soy" is the writer in Spanish, a food in English.)
    let writer = Text::from_words(
        t.words()
            .iter()
            .filter(|w| lang != Lang::En || w.as_str() != "soy")
            .cloned()
            .collect(),
    );
    if writer.has_any(FIRST_PERSON) || writer.has_any(WRITER_TOO) {
        return false;
    }
    t.words()
        .iter()
        .map(String::as_str)
        .find(|w| !SUBJECT_ADVERBS.contains(w))
        .is_some_and(|w| SUBJECT_VERBS.contains(&w) || PERSON_PREDICATES.contains(&w))
}

/// Whether a part only takes a number back ("not 27", "no 5 comidas"):
/// a negation, a number, at most a unit.
fn corrects_a_number(t: &Text) -> bool {
    match t.words() {
        [not, n, rest @ ..] => {
            ["not", "no", "nope"].contains(&not.as_str())
                && n.parse::<f64>().is_ok()
                && rest.len() <= 1
        }
        _ => false,
    }
}

/// The relation of a part that only names someone ("my son", "para mi
/// hija"): a heading for what follows.
fn bare_person(t: &Text) -> Option<&'static str> {
    let words = t.words();
    let mut at = usize::from(
        words
            .first()
            .is_some_and(|w| ["for", "para", "and", "y"].contains(&w.as_str())),
    );
    if words
        .get(at)
        .is_some_and(|w| POSSESSIVES.contains(&w.as_str()))
    {
        at += 1;
    }
    if at == 0 || at + 1 != words.len() {
        return None;
    }
    super::relations::relation_in(words, at).map(|(relation, _)| relation)
}

/// The relation of a part that only names someone and says "is" ("my
/// daughter is", "mi hija sí", "my son does too"): what the part before
/// said, said of them.
fn elliptical_them(t: &Text) -> Option<&'static str> {
    let words = t.words();
    let at = usize::from(
        words
            .first()
            .is_some_and(|w| POSSESSIVES.contains(&w.as_str())),
    );
    let (relation, _) =
        super::relations::relation_in(words, at.min(words.len().saturating_sub(1)))?;
    let rest = &words[at + 1..];
    (!rest.is_empty()
        && rest.iter().all(|w| {
            [
                "is", "s", "does", "do", "too", "also", "tambien", "si", "lo", "es", "la",
            ]
            .contains(&w.as_str())
        }))
    .then_some(relation)
}

/// Whether a part opens with another person as its subject ("my husband
/// is diabetic", "mi hija Emma ya no come carne"): a possessive, a
/// relation word, perhaps a name, then a verb in the third person.
fn subject_is_them(t: &Text) -> bool {
    let words = t.words();
    let mut i = usize::from(
        words
            .first()
            .is_some_and(|w| POSSESSIVES.contains(&w.as_str())),
    );
    if i >= words.len() || super::relations::relation_in(words, i).is_none() {
        return false;
    }
    i += 1;
    let verb = |w: &String| SUBJECT_VERBS.contains(&w.as_str());
    // "my daughter Emma is …": a name between.
    if words
        .get(i)
        .is_some_and(|w| !verb(w) && !SUBJECT_ADVERBS.contains(&w.as_str()))
    {
        i += 1;
    }
    words[i.min(words.len())..]
        .iter()
        .find(|w| !SUBJECT_ADVERBS.contains(&w.as_str()))
        .is_some_and(verb)
}

/// One clause read: by its structure first (a negated act, a thing
/// taken back, a change relative to before: [`super::frames`]), then by
/// the keyword readers.
fn read_clause(t: &Text, lang: Lang, today: u8, names: &[String]) -> Read {
    super::frames::read(t, lang, today, names).unwrap_or_else(|| read_part(t, lang, today))
}

/// Whether a part says not to do something ("don't create a new plan",
/// "I don't want a new plan", "no cambies la cena").
fn negated(t: &Text) -> bool {
    let verbs = [
        "create",
        "make",
        "change",
        "replace",
        "swap",
        "touch",
        "generate",
        "rebalance",
        "mark",
        "tick",
        "want a new",
        "want another",
        "need a new",
        "need another",
    ];
    let nots = [
        "don t",
        "do not",
        "dont",
        "never",
        "please don t",
        "no need to",
    ];
    nots.iter()
        .any(|n| verbs.iter().any(|v| t.has(&format!("{n} {v}"))))
        || t.has_any(DONT_CHANGE_ES)
}

/// `last` done on another meal, for a meal named alone after it.
fn same_action(
    last: &ToolRequest,
    day: Option<u8>,
    meal_type: Option<mealplan_domain::MealType>,
) -> Option<ToolRequest> {
    let with = |m: &super::request::MealRef| super::request::MealRef {
        day: day.or(m.day),
        meal_type: meal_type.or(m.meal_type),
        ordinal: None,
        recipe_name: None,
    };
    Some(match last {
        ToolRequest::MarkEaten { meal } => ToolRequest::MarkEaten { meal: with(meal) },
        ToolRequest::MarkPending { meal } => ToolRequest::MarkPending { meal: with(meal) },
        ToolRequest::ReplaceMeal { meal, choice } => ToolRequest::ReplaceMeal {
            meal: with(meal),
            choice: choice.clone(),
        },
        ToolRequest::SuggestAlternatives { meal } => {
            ToolRequest::SuggestAlternatives { meal: with(meal) }
        }
        _ => return None,
    })
}

fn extend(requests: &mut [ToolRequest], kind: FoodKind, found: Vec<String>) {
    let target = match kind {
        FoodKind::Like => ItemKind::Taste,
        _ => ItemKind::Restriction,
    };
    if let Some(ToolRequest::AddPreference { names, .. }) = requests
        .iter_mut()
        .rev()
        .find(|r| matches!(r, ToolRequest::AddPreference { kind, .. } if *kind == target))
    {
        for f in found {
            let name = if kind == FoodKind::Allergy {
                foods::allergy_name(&f)
            } else {
                f
            };
            if !names.contains(&name) {
                names.push(name);
            }
        }
    }
}

/// One `AddPreference` per list, so one save stores every name.
fn merge_preferences(requests: &mut Vec<ToolRequest>) {
    let mut merged: Vec<ToolRequest> = Vec::new();
    for r in requests.drain(..) {
        if let ToolRequest::AddPreference { kind, names } = &r
            && let Some(ToolRequest::AddPreference { names: into, .. }) = merged
                .iter_mut()
                .find(|m| matches!(m, ToolRequest::AddPreference { kind: k, .. } if k == kind))
        {
            for n in names {
                if !into.contains(n) {
                    into.push(n.clone());
                }
            }
            continue;
        }
        merged.push(r);
    }
    *requests = merged;
}

/// Whether every word of `t` is one of `words` or filler.
fn only(t: &Text, words: &[&str]) -> bool {
    if !words.iter().any(|w| t.has(w)) {
        return false;
    }
    let joined = t.joined();
    let mut rest = format!(" {joined} ");
    let mut sorted: Vec<&&str> = words.iter().collect();
    sorted.sort_by_key(|w| std::cmp::Reverse(w.len()));
    for w in sorted {
        rest = rest.replace(&format!(" {w} "), "  ");
    }
    rest.split_whitespace().all(|w| {
        [
            "please", "thanks", "gracias", "por", "favor", "very", "much", "muchas", "so", "the",
            "just", "oh",
        ]
        .contains(&w)
    }) && !joined.is_empty()
}

fn read_part(t: &Text, lang: Lang, today: u8) -> Read {
    let mut read = Read::default();
    if has_children(t, lang) {
        read.signals.push(Signal::Children);
        return read;
    }
    if let Some(relation) = cooks_for(t) {
        read.signals
            .push(Signal::SomeoneElse(super::request::MemberFacts {
                relation: Some(relation.to_owned()),
                ..Default::default()
            }));
        return read;
    }
    if only(t, YES) {
        read.signals.push(Signal::Yes);
        return read;
    }
    if only(t, NO) {
        read.signals.push(Signal::No);
        return read;
    }
    if only(t, GREETING) {
        read.signals.push(Signal::Greeting);
        return read;
    }
    if only(t, THANKS) || only(t, &[THANKS, GREETING].concat()) {
        read.signals.push(Signal::Thanks);
        return read;
    }
    // "use my recipes this week", "solo mis recetas": a plan drawn on
    // them ("don't use my recipes": nothing is done).
    // "put my cheese omelette on tomorrow's breakfast": that meal swapped
    // for one's own recipe.
    if let Some(swap) = super::asks::own_put(t, today) {
        read.requests.push(swap);
        return read;
    }
    // "put the shakshuka on monday breakfast": that meal swapped for it
    // (not "no quiero pescado en la cena", a food kept out of it).
    if !super::negation::Scopes::of(t).any()
        && let Some(swap) = super::asks::put_named(t, lang, today)
    {
        read.requests.push(swap);
        return read;
    }
    // "make tuesday's lunch veggie": that meal swapped, never the diet.
    if let Some(swap) = super::asks::diet_swap(t, today) {
        read.requests.push(swap);
        return read;
    }
    // "I have leftovers from last night": a later meal takes that dish.
    if let Some(eat) = super::leftovers::on_hand(t, |part| super::asks::meal_ref(part, today)) {
        read.requests.push(eat);
        return read;
    }
    // "cook once for two days", "solo cocino 4 veces": a plan cooked so
    // ("I don't want to batch cook": nothing is done).
    if let Some(wanted) = super::leftovers::asks_leftovers(t) {
        match wanted {
            true => read.requests.push(super::asks::generate(t)),
            false => read.signals.push(Signal::No),
        }
        return read;
    }
    if let Some(wanted) = super::mine::uses_mine(t) {
        match wanted {
            true => read.requests.push(super::asks::generate(t)),
            false => read.signals.push(Signal::No),
        }
        return read;
    }
    if statements(t, lang, &mut read) {
        return read;
    }
    if let Some(action) = action(t, lang, today)
        // "add no pork to my restrictions" names the list it changes.
        && (action != ToolRequest::ProfileSummary || read.requests.is_empty())
    {
        // "Don't create a new plan", "no cambies la cena": nothing to do.
        let changes = matches!(
            action,
            ToolRequest::GenerateWeeklyPlan { .. }
                | ToolRequest::ReplaceMeal { .. }
                | ToolRequest::Rebalance { .. }
                | ToolRequest::MarkEaten { .. }
        );
        let scopes = super::negation::Scopes::of(t);
        if changes
            && (negated(t)
                || [CREATE, REPLACE, REBALANCE, PLAN]
                    .iter()
                    .any(|verbs| scopes.negates_near(t, verbs, 4)))
        {
            read.signals.push(Signal::No);
            return read;
        }
        // "make me a plan without pork", "hazme un plan sin lactosa",
        // "plan without nuts, I'm allergic": the foods are kept out (and
        // said so) before the plan is made; before, the plan was made with
        // them, or shown, and the foods dropped unsaid.
        let action = match action {
            ToolRequest::GenerateWeeklyPlan { .. } | ToolRequest::PlanSummary { .. } => {
                let without = plan_without(t, lang);
                if without.is_empty() {
                    action
                } else {
                    let found = foods::Foods {
                        found: without,
                        unknown: Vec::new(),
                    };
                    add_foods(&mut read, FoodKind::Dislike, found, lang);
                    match action {
                        ToolRequest::PlanSummary {
                            day: None,
                            meal_type: None,
                        } => super::asks::generate(t),
                        other => other,
                    }
                }
            }
            other => other,
        };
        read.requests.push(action);
    }
    if read.is_empty() {
        // "gluten free please", "sin lactosa": a food a diet is free of.
        let free: Vec<String> = FREE_OF
            .iter()
            .filter(|(phrase, _)| t.has(phrase))
            .map(|(_, food)| (*food).to_owned())
            .collect();
        if !free.is_empty() {
            let found = foods::Foods {
                found: free,
                unknown: Vec::new(),
            };
            add_foods(&mut read, FoodKind::Dislike, found, lang);
            return read;
        }
    }
    if read.is_empty()
        && let Some(excluded) = super::frames::excluded_foods(t, lang)
    {
        // "no fish for me thx", "tampoco tomo lactosa": the foods a
        // negation keeps out.
        return excluded;
    }
    if read.is_empty() {
        // A bare "no pork", "sin gluten": a dislike when it names a food.
        if let Some(rest) = t.after(BARE_NO) {
            let found = foods::read(&rest, lang);
            if !found.found.is_empty() {
                add_foods(&mut read, FoodKind::Dislike, found, lang);
            }
        }
    }
    if read.is_empty() {
        // "¿Y el lunes?", "what about friday's dinner?": a day or meal
        // alone asks what the plan has there.
        let meal = super::asks::meal_ref(t, today);
        let bare = t.words().iter().all(|w| {
            super::lang::day_word(w).is_some()
                || super::lang::meal_word(w).is_some()
                || FILLER.contains(&w.as_str())
                || super::asks::is_ordinal(w)
                || [
                    "what", "about", "how", "que", "tal", "s", "and", "y", "on", "for", "tomorrow",
                    "today", "hoy", "manana", "then", "entonces", "del", "para",
                ]
                .contains(&w.as_str())
        });
        if bare && !meal.is_empty() {
            read.bare = true;
            // A day or a meal alone goes on from the meal last shown.
            read.requests
                .push(if meal.day.is_none() != meal.meal_type.is_none() {
                    ToolRequest::PlanFollowUp {
                        day: meal.day,
                        meal_type: meal.meal_type,
                    }
                } else {
                    ToolRequest::PlanSummary {
                        day: meal.day,
                        meal_type: meal.meal_type,
                    }
                });
        }
    }
    read
}
