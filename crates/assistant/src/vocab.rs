//! The words that tell what a message asks for, in English and Spanish
//! (normalised: lowercase, no accents). Single words are also matched by
//! stem ([`super::words::Text::has_stem`]); phrases as whole words.
//!
//! The lists live in `data/*.tsv` beside the crate and are compiled in by
//! `build.rs`: each `== NAME` section becomes a constant here, a list of
//! words (`&[&str]`) or of rows (`&[(&str, &str)]`, …).

include!(concat!(env!("OUT_DIR"), "/vocab.rs"));

/// Every keyword, for mending slips.
pub fn all_words() -> impl Iterator<Item = &'static str> {
    let lists: [&[&str]; 88] = [
        GOAL_ENDED,
        FINE_NOW,
        AGAIN_SAID,
        HARM_WORDS,
        MAKE_INTO,
        OWN_RECIPES,
        RECIPE_NEW,
        OTHERS,
        ACTIVITY_LOW,
        ACTIVITY_HIGH,
        ACTIVITY_MEDIUM,
        WEEKLY,
        SOMETHING,
        JOINS,
        COMMON,
        ATE,
        CREATE,
        PLAN,
        SHOW,
        SHOW_MEALS,
        REPLACE,
        ANYTHING_ELSE,
        ALTERNATIVES,
        SEARCH,
        SHOPPING,
        REBALANCE,
        EATEN,
        TARGETS,
        WHY,
        PROFILE,
        ALLERGY_OPENERS,
        ALLERGY_NOUNS,
        DISLIKE_OPENERS,
        LIKE_OPENERS,
        BEING,
        YES,
        NO,
        GREETING,
        THANKS,
        CONTAINS,
        IN_PLAN,
        FILLER,
        FOOD_TAILS,
        LOSE,
        GAIN,
        MAINTAIN,
        ACTIVITY,
        KNOWN_MORE,
        HOUSEHOLD_WORDS,
        DAYS_EN,
        DAYS_ES,
        TAKEN_BACK,
        UNDO,
        EAT_VERBS,
        REMOVE_WORDS,
        REMOVE_PERSON,
        DO_EAT,
        FOOD_FINE,
        NOW_WORDS,
        MEATLESS,
        WEIGHT_LOST,
        WEIGHT_GAINED,
        WEIGHT_WISHED,
        EAT_AGAIN,
        ACTIVITY_MODERATE,
        NEGATION_PRE,
        DIET_ENDED,
        CARE_PREGNANCY,
        PER_DAY,
        LOSE_VERBS,
        GAIN_VERBS,
        GOAL_NOUNS,
        SPICY,
        WEEK_WORDS,
        DAY_WORDS,
        MONTH_WORDS,
        FEET,
        INCHES,
        KG,
        LB,
        TOO_HIGH,
        TOO_LOW,
        LOWER_ASKED,
        RAISE_ASKED,
        LEFTOVER_WAYS,
        LEFTOVER_NOUNS,
        LEFTOVERS_ON_HAND,
        SATIETY,
    ];
    lists
        .into_iter()
        .flatten()
        .flat_map(|p| p.split(' '))
        .chain(TASTES.iter().map(|(w, _)| *w))
        .chain(FREE_OF.iter().flat_map(|(w, _)| w.split(' ')))
}
