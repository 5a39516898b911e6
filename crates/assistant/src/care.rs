//! What needs care before any change: pregnancy or breastfeeding, a daily
//! intake under 1,200 kcal, a loss faster than 1 kg a week. Read over the
//! whole message, negation by scope respected ("I'm not pregnant" is no
//! reason for care); when found, nothing in the message is done on a
//! guess.

use super::negation::Scopes;
use super::part::Care;
use super::vocab::{
    CALORIES_SET, CARE_PREGNANCY, DAY_WORDS, EAT_VERBS, ENERGY_NOUNS, KG, LB, LOSE_VERBS,
    MONTH_WORDS, PER_DAY, WANTING, WEEK_WORDS,
};
use super::words::{Text, next, number_word, numbers};

/// The least energy a day the service plans for without a clinician.
pub const MIN_KCAL: f64 = 1200.0;

/// The fastest loss the service plans for, kg a week.
pub const MAX_LOSS_PER_WEEK: f64 = 1.0;

/// What in `t` calls for care, if anything.
pub(super) fn care(t: &Text) -> Option<Care> {
    let scopes = Scopes::of(t);
    if scopes.affirms_any(t, CARE_PREGNANCY) {
        return Some(Care::Pregnancy);
    }
    if let Some(kcal) = very_low_calories(t, &scopes) {
        return Some(Care::VeryLowCalories(kcal));
    }
    fast_loss(t, &scopes)
}

/// A daily intake under [`MIN_KCAL`] asked for: "only 600 calories a
/// day", "quiero comer 800 kcal al día", or the calorie target asked
/// down to one ("reduce my calories to 900", "bájame las calorías a
/// 800", "too many calories, I want 800 a day"). A meal's calories ("a
/// breakfast under 400 kcal") are not one.
fn very_low_calories(t: &Text, scopes: &Scopes) -> Option<u32> {
    let daily = t.has_any(PER_DAY);
    let words = t.words();
    let meal = words.iter().any(|w| {
        super::lang::meal_word(w).is_some()
            || ["recipe", "recipes", "receta", "recetas"].contains(&w.as_str())
    });
    if meal {
        return None;
    }
    let energy_said = t.has_any(ENERGY_NOUNS);
    // "I want to eat 1100 calories", "quiero comer 900 kcal": what one
    // wants to eat, with no meal named, is a day's.
    let eating_wished = t.has_any(WANTING) && t.has_any(EAT_VERBS);
    numbers(t).into_iter().find_map(|(i, n)| {
        let unit = next(t, i);
        let energy = [
            "kcal", "calories", "calorie", "cal", "calorias", "caloria", "kcals",
        ]
        .contains(&unit);
        // A bare number (no unit: not "a 1000 calorie pizza", not "to
        // 90 kg") the calories are set to, or said per day, in a message
        // about calories.
        let to = i > 0 && ["to", "a", "at"].contains(&words[i - 1].as_str());
        // "set me to 900 kcal", "ponme a 900 calorías": the day's target
        // set, so a day's energy ("a 1000 calorie pizza" is not one).
        let set_to = i > 1
            && ["to", "a", "at", "on", "en"].contains(&words[i - 1].as_str())
            && CALORIES_SET.contains(&words[i - 2].as_str());
        let per_day = PER_DAY.iter().any(|p| {
            p.split(' ')
                .enumerate()
                .all(|(k, w)| words.get(i + 1 + k).is_some_and(|x| x == w))
        });
        let other_unit = KG.contains(&unit)
            || LB.contains(&unit)
            || [
                "g", "gr", "grams", "gramos", "min", "minutes", "minutos", "cm",
            ]
            .contains(&unit);
        let bare = energy_said && !energy && !other_unit && (to || per_day);
        ((energy && (daily || set_to || eating_wished) || bare)
            && (50.0..MIN_KCAL).contains(&n)
            && !scopes.negated(i))
        .then_some(n as u32)
    })
}

/// A loss faster than [`MAX_LOSS_PER_WEEK`]: "quiero bajar 10 kilos en
/// una semana", "lose 5 kg in 2 weeks", "perder 3 kilos esta semana".
fn fast_loss(t: &Text, scopes: &Scopes) -> Option<Care> {
    if !scopes.affirms_any(t, LOSE_VERBS) {
        return None;
    }
    let words = t.words();
    let (at, amount) = numbers(t).into_iter().find_map(|(i, n)| {
        let unit = next(t, i);
        if KG.contains(&unit) {
            Some((i, n))
        } else if LB.contains(&unit) {
            Some((i, n * 0.453_592_37))
        } else {
            None
        }
    })?;
    // The time: "in 2 weeks", "en 10 días", "in a month", "this week".
    let mut weeks = None;
    for (j, w) in words.iter().enumerate().skip(at + 1) {
        let count = if j > 0 {
            number_word(&words[j - 1])
                .or_else(|| {
                    ["a", "an", "one", "una", "un"]
                        .contains(&words[j - 1].as_str())
                        .then_some(1.0)
                })
                .or_else(|| {
                    ["this", "esta", "next", "la", "per", "por", "each", "cada"]
                        .contains(&words[j - 1].as_str())
                        .then_some(1.0)
                })
        } else {
            None
        };
        let Some(count) = count.filter(|c| *c > 0.0) else {
            continue;
        };
        if WEEK_WORDS.contains(&w.as_str()) {
            weeks = Some(count);
        } else if DAY_WORDS.contains(&w.as_str()) {
            weeks = Some(count / 7.0);
        } else if MONTH_WORDS.contains(&w.as_str()) {
            weeks = Some(count * 4.35);
        }
        if weeks.is_some() {
            break;
        }
    }
    let weeks = weeks?;
    (amount / weeks > MAX_LOSS_PER_WEEK).then_some(Care::FastLoss(amount, weeks))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(raw: &str) -> Option<Care> {
        care(&Text::new(raw))
    }

    #[test]
    fn pregnancy_and_breastfeeding_call_for_care_unless_negated() {
        assert_eq!(of("I'm pregnant"), Some(Care::Pregnancy));
        assert_eq!(of("estoy embarazada de 3 meses"), Some(Care::Pregnancy));
        assert_eq!(of("I'm breastfeeding my baby"), Some(Care::Pregnancy));
        assert_eq!(of("I'm not pregnant"), None);
        assert_eq!(of("ya no estoy dando el pecho"), None);
    }

    #[test]
    fn very_low_daily_calories_call_for_care_not_a_light_meal() {
        assert_eq!(
            of("I want to eat only 600 calories a day"),
            Some(Care::VeryLowCalories(600))
        );
        assert_eq!(of("800 kcal al día"), Some(Care::VeryLowCalories(800)));
        assert_eq!(of("a breakfast under 400 kcal"), None);
        assert_eq!(of("1500 calories a day"), None);
    }

    #[test]
    fn a_calorie_target_asked_down_below_the_floor_calls_for_care() {
        assert_eq!(
            of("reduce my calories to 900"),
            Some(Care::VeryLowCalories(900))
        );
        assert_eq!(
            of("bájame las calorías a 800"),
            Some(Care::VeryLowCalories(800))
        );
        assert_eq!(
            of("my calories are too high, i want to eat only 800 a day"),
            Some(Care::VeryLowCalories(800))
        );
        assert_eq!(of("reduce my calories to 1500"), None);
        assert_eq!(of("a 1000 calorie pizza"), None);
        assert_eq!(of("my calories are too high, I weigh 90 kg"), None);
    }

    #[test]
    fn losing_more_than_a_kilo_a_week_calls_for_care() {
        assert!(matches!(
            of("quiero bajar 10 kilos en una semana"),
            Some(Care::FastLoss(_, _))
        ));
        assert!(matches!(
            of("lose 5 kg in 2 weeks"),
            Some(Care::FastLoss(_, _))
        ));
        assert_eq!(of("lose 4 kg in 2 months"), None);
        assert_eq!(of("I want to lose 5 kg"), None);
    }
}
