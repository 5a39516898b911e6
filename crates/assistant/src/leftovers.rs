//! Cooking once for later meals in a message (issue 40): a plan asked with
//! leftovers ("cook once for two days", "un plan con sobras", "I only cook
//! 4 times a week"), and leftovers one has now ("I have leftovers from
//! last night", "tengo sobras de anoche"), eaten at a later meal. The
//! words are `data/cooking.tsv`.

use mealplan_domain::MealType;
use mealplan_domain::planner::Leftovers;

use super::lang::meal_word;
use super::negation::Scopes;
use super::request::{MealRef, ToolRequest};
use super::vocab::*;
use super::words::{Text, next, numbers};

/// The leftovers a plan asked in `t` is cooked with: `Some` when `t`
/// asks a plan cooked once for later meals, with the most cooking
/// sessions when said ("cook 4 times a week", "cocino 4 cenas"); `None`
/// when it says nothing of leftovers, or says it wants none ("a plan
/// without leftovers", "no quiero sobras").
pub(super) fn plan_leftovers(t: &Text) -> Option<Leftovers> {
    let most = sessions(t);
    let said = t.has_any(LEFTOVER_WAYS) || t.has_any(LEFTOVER_NOUNS) || most.is_some();
    if !said || on_hand_said(t) || refused(t) {
        return None;
    }
    Some(Leftovers { cook_at_most: most })
}

/// Whether part `t` asks for a plan because of how it is cooked ("cook
/// once for two days", "I only want to cook 4 times this week"):
/// `Some(true)` when it does, `Some(false)` when it says not to ("I don't
/// want to batch cook"), `None` when it asks nothing of the kind (a
/// plan asked in other words with leftovers is read as a plan, and takes
/// them from [`plan_leftovers`]).
pub(super) fn asks_leftovers(t: &Text) -> Option<bool> {
    if on_hand_said(t) || !(t.has_any(LEFTOVER_WAYS) || sessions(t).is_some()) {
        return None;
    }
    Some(!refused(t))
}

/// Leftovers said to be on hand in `t`, as the request to eat them ("I
/// have leftovers from last night for lunch"): the meal they come from
/// (after "from", "de"; last night's dinner when none is named) and, when
/// named after "for", "para", the meal they are eaten at. `None` when
/// nothing is said of leftovers on hand, or it is denied ("I don't have
/// leftovers"). `read` reads the meal a part names (the keyword
/// readers' `asks::meal_ref` against today), given so that this module
/// does not depend on them.
pub(super) fn on_hand(t: &Text, read: impl Fn(&Text) -> MealRef) -> Option<ToolRequest> {
    if !on_hand_said(t) || Scopes::of(t).negates_any(t, LEFTOVERS_ON_HAND) {
        return None;
    }
    let words = t.words();
    // The meal each part names: "from" opens where they come from, "for"
    // where they are eaten; a meal word alone ("leftovers from dinner")
    // belongs to the part it is in.
    let mut from_words = Vec::new();
    let mut at_words = Vec::new();
    let mut part = 0; // 0: before either, 1: from, 2: for
    for (i, w) in words.iter().enumerate() {
        // "from" opens only first ("de la cena del jueves" stays one
        // meal); "for" opens once, and what follows it is its meal ("en
        // el almuerzo del viernes").
        if LEFTOVER_FROM.contains(&w.as_str()) && part == 0 && opens_meal(t, i, &read) {
            part = 1;
            continue;
        }
        // "I'll eat them", "me las como": what follows is where.
        if part == 1 && LEFTOVER_EAT.contains(&w.as_str()) {
            part = 2;
            continue;
        }
        if LEFTOVER_FOR.contains(&w.as_str()) && part != 2 && opens_meal(t, i, &read) {
            part = 2;
            continue;
        }
        match part {
            1 => from_words.push(w.clone()),
            2 => at_words.push(w.clone()),
            _ => {}
        }
    }
    let mut from = read(&Text::from_words(from_words));
    if from.day.is_none() && from.meal_type.is_none() {
        // "I have leftovers": last night's.
        from = read(&Text::new("last night"));
    }
    let at = read(&Text::from_words(at_words));
    Some(ToolRequest::EatLeftovers {
        from,
        at: (!at.is_empty()).then_some(at),
    })
}

/// Whether the number at word `i` of `t` is how long a dish is cooked
/// for ("cook once for two days", "cocinar para 2 días"), not how many
/// days a plan has.
pub(super) fn cooked_for_days(t: &Text, i: usize) -> bool {
    let words = t.words();
    i >= 2
        // "4" for "for" as people text it ("cook once 4 two days").
        && ["for", "para", "4"].contains(&words[i - 1].as_str())
        && words[i.saturating_sub(4)..i - 1].iter().any(|w| {
            COOK_VERBS.contains(&w.as_str())
                || ["once", "vez", "double", "doble", "prep"].contains(&w.as_str())
        })
}

/// Whether `t` says leftovers are on hand, negated or not.
fn on_hand_said(t: &Text) -> bool {
    t.has_any(LEFTOVERS_ON_HAND)
}

/// Whether the leftovers or the cooking said in `t` are refused ("no
/// leftovers", "I don't want to cook once", "sin sobras").
fn refused(t: &Text) -> bool {
    let scopes = Scopes::of(t);
    scopes.negates_any(t, LEFTOVER_WAYS)
        || scopes.negates_any(t, LEFTOVER_NOUNS)
        || t.has_any(&[
            "without leftovers",
            "no leftovers",
            "sin sobras",
            "sin restos",
        ])
}

/// Whether word `i` of `t` ("from", "for", "de", "para") opens a meal: a
/// day or meal word comes within the next three words ("from last
/// night", "for tomorrow's lunch", "de la cena de ayer").
fn opens_meal(t: &Text, i: usize, read: impl Fn(&Text) -> MealRef) -> bool {
    let words = t.words();
    words.iter().skip(i + 1).take(3).any(|w| {
        meal_word(w).is_some()
            || !read(&Text::from_words(vec![w.clone()])).is_empty()
            || [
                "last",
                "night",
                "anoche",
                "yesterday",
                "ayer",
                "today",
                "hoy",
            ]
            .contains(&w.as_str())
    })
}

/// The most cooking sessions said in `t`: a number of times with a
/// cooking verb ("cook 4 times a week", "cocinar 4 veces"), or of lunches
/// or dinners cooked ("I cook four dinners a week"); 1-14, as the API
/// takes it.
fn sessions(t: &Text) -> Option<u8> {
    if !t.has_any(COOK_VERBS) && !t.has_stem(COOK_VERBS) {
        return None;
    }
    numbers(t)
        .into_iter()
        .find(|(i, n)| {
            let after = next(t, *i);
            (SESSION_WORDS.contains(&after)
                || matches!(meal_word(after), Some(MealType::Lunch | MealType::Dinner)))
                && (1.0..=14.0).contains(n)
                && n.fract() == 0.0
        })
        .map(|(_, n)| n as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(s: &str) -> Option<Leftovers> {
        plan_leftovers(&Text::new(s))
    }

    #[test]
    fn a_plan_cooked_once_for_two_days_is_read_in_both_languages() {
        let any = Some(Leftovers { cook_at_most: None });
        assert_eq!(plan("cook once for two days"), any);
        assert_eq!(plan("make me a plan with leftovers for lunch"), any);
        assert_eq!(plan("quiero cocinar una vez para dos dias"), any);
        assert_eq!(plan("un plan con sobras por favor"), any);
        let four = Some(Leftovers {
            cook_at_most: Some(4),
        });
        assert_eq!(plan("I only want to cook 4 times a week"), four);
        assert_eq!(
            plan("I cook four dinners a week and eat leftovers at lunch"),
            four
        );
        assert_eq!(plan("solo puedo cocinar 4 veces por semana"), four);
    }

    #[test]
    fn leftovers_refused_or_unsaid_ask_nothing() {
        assert_eq!(plan("make me a new plan"), None);
        assert_eq!(plan("make me a plan without leftovers"), None);
        assert_eq!(plan("I don't want leftovers"), None);
        assert_eq!(plan("no quiero sobras"), None);
        assert_eq!(
            asks_leftovers(&Text::new("I don't want to batch cook")),
            Some(false)
        );
        assert_eq!(asks_leftovers(&Text::new("what's for dinner")), None);
        // Leftovers on hand are not a plan.
        assert_eq!(plan("I have leftovers from last night"), None);
        assert_eq!(asks_leftovers(&Text::new("tengo sobras de anoche")), None);
    }
}
