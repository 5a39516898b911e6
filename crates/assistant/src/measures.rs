//! Measures a person states in a message: body weight, height, activity
//! level and meals a day, read by the statements about oneself, the plan
//! asks and the household reader alike.

use mealplan_domain::{ActivityLevel, MealsPerDay, Weight};

use super::vocab::*;
use super::words::{Text, next, numbers};

/// A body weight stated (`I weigh 70 kg`, `peso 68 kilos`), in kg.
pub(super) fn body_weight(t: &Text) -> Option<f64> {
    // A weight wished for is a goal, not the weight of today.
    if t.has_any(WEIGHT_GOAL_SAID) {
        return None;
    }
    // "I weigh 70", "my weight is 70", "peso 70": the person's own weight.
    let said = t.has_any(WEIGHT_SAID);
    for (i, n) in numbers(t) {
        let unit = next(t, i);
        // "2 kilos" is no one's weight (a change, or a food's).
        if KG.contains(&unit) && n >= 25.0 {
            return Some(n);
        }
        if LB.contains(&unit) {
            return Some((n * 0.453_592_37 * 10.0).round() / 10.0);
        }
        // "I weigh 70 now", "peso 70 ahora".
        let bare = unit.is_empty() || NOW_WORDS.contains(&unit);
        if said && n >= 25.0 && bare {
            return Some(n);
        }
    }
    None
}

/// A child's body weight with its unit (`21 kg`), from the children's
/// lowest, 10 kg: read only once the message gives an age under 16, since
/// otherwise a number of kilos under 25 is a change or a food's.
pub(super) fn child_weight(t: &Text) -> Option<f64> {
    numbers(t)
        .into_iter()
        .find(|&(i, n)| KG.contains(&next(t, i)) && n >= Weight::CHILD_MIN)
        .map(|(_, n)| n)
}

/// A height stated (`I'm 165 cm`, `mido 1,70`, `my height is 1.8 m`,
/// `6 feet`, `5 ft 10 in`), in cm.
pub(super) fn height(t: &Text) -> Option<f64> {
    // Units that say a number is something else: weight ("180 lbs"),
    // age ("41 years"), energy, meals.
    let other =
        |unit: &str| NOT_HEIGHT_UNITS.contains(&unit) || KG.contains(&unit) || LB.contains(&unit);
    let said = t.has_stem(HEIGHT_SAID);
    let numbers = numbers(t);
    for (k, &(i, n)) in numbers.iter().enumerate() {
        let unit = next(t, i);
        if FEET.contains(&unit) && (3.0..8.0).contains(&n) {
            // "5 ft 10 (in)": the inches are the next number, right after.
            let inches = numbers
                .get(k + 1)
                .filter(|(j, m)| *j == i + 2 && (0.0..12.0).contains(m))
                .filter(|(j, _)| {
                    let after = next(t, *j);
                    after.is_empty() || INCHES.contains(&after) || !other(after)
                })
                .map_or(0.0, |(_, m)| *m);
            return Some(((n * 12.0 + inches) * 2.54).round());
        }
        if other(unit) {
            continue;
        }
        if ["cm", "cms", "centimeters", "centimetres", "centimetros"].contains(&unit) {
            return Some(n);
        }
        if ["m", "meters", "metres", "metros", "metro"].contains(&unit) && (1.0..2.5).contains(&n) {
            return Some((n * 100.0).round());
        }
        if said && (1.0..2.5).contains(&n) {
            return Some((n * 100.0).round());
        }
        // "1.75", "1,62": metres with a decimal mark and no unit are only
        // ever a height.
        let a_unit = [
            "cm", "cms", "ft", "in", "inches", "feet", "g", "grams", "gramos", "l",
        ]
        .contains(&unit);
        if !a_unit && n.fract() != 0.0 && (1.2..2.3).contains(&n) {
            return Some((n * 100.0).round());
        }
        if said && (100.0..250.0).contains(&n) {
            return Some(n);
        }
    }
    None
}

/// An activity level stated (`I train twice a day now`, `soy sedentario`).
pub(super) fn activity(t: &Text) -> Option<ActivityLevel> {
    // "I walk 10k steps a day", "hago unos 6000 pasos": by the step
    // counts of the physical-activity research (Tudor-Locke: under 5,000
    // sedentary, 10,000 and more active), the levels being inactive, low
    // active and active.
    if let Some(steps) = steps_a_day(t) {
        return Some(if steps >= 10_000.0 {
            ActivityLevel::High
        } else if steps >= 5_000.0 {
            ActivityLevel::Medium
        } else {
            ActivityLevel::Low
        });
    }
    // Words that only say little activity ("couch", "sofá", "at a
    // computer") open the reading too, but are no activity a negation
    // takes away: "don't touch my plan" is not "don't couch".
    if !t.has_stem(ACTIVITY) && !t.has_any(ACTIVITY) && !t.has_any(ACTIVITY_LOW) {
        return None;
    }
    // "no hago nada de ejercicio", "I never work out": the activity
    // words negated.
    let scopes = super::negation::Scopes::of(t);
    if t.has_any(ACTIVITY_LOW) || scopes.negates_any(t, ACTIVITY) {
        return Some(ActivityLevel::Low);
    }
    if t.has_any(ACTIVITY_MODERATE) {
        return Some(ActivityLevel::Medium);
    }
    // "4 times a week" and more is a lot of training ("4x a week": the
    // count and its "x" written as one word).
    let counts = numbers(t)
        .into_iter()
        .chain(t.words().iter().enumerate().filter_map(|(i, w)| {
            w.strip_suffix('x')
                .and_then(|n| n.parse::<f64>().ok())
                .map(|n| (i, n))
        }));
    for (i, n) in counts {
        let rest = t.words()[i + 1..].join(" ");
        let times = format!("x {rest}");
        let weekly = WEEKLY
            .iter()
            .any(|p| rest.starts_with(p) || t.words()[i].ends_with('x') && times.starts_with(p));
        if weekly {
            return Some(if n >= 4.0 {
                ActivityLevel::High
            } else if n >= 2.0 {
                ActivityLevel::Medium
            } else {
                ActivityLevel::Low
            });
        }
        if rest.starts_with("times a day") || rest.starts_with("veces al dia") {
            return Some(ActivityLevel::High);
        }
    }
    // "active", "muy activa": said alone (an answer to "how active are
    // you?"), it is about the person.
    let alone = t.len() <= 4
        && t.has_any(&["active", "activo", "activa"])
        && t.words().iter().all(|w| {
            [
                "active", "activo", "activa", "very", "muy", "pretty", "i", "m", "am", "soy",
                "quite", "super", "really",
            ]
            .contains(&w.as_str())
        });
    if t.has_any(ACTIVITY_HIGH) || alone {
        return Some(ActivityLevel::High);
    }
    if t.has_any(ACTIVITY_MEDIUM) {
        return Some(ActivityLevel::Medium);
    }
    None
}

/// Steps a day said ("10k steps", "12,000 steps daily", "8 mil pasos"):
/// a number before "steps" or "pasos", times a thousand when "k" (typed
/// shorthand, read as "que"), "mil" or "thousand" follows it.
fn steps_a_day(t: &Text) -> Option<f64> {
    let words = t.words();
    numbers(t).into_iter().find_map(|(i, n)| {
        let thousands = words
            .get(i + 1)
            .is_some_and(|w| ["k", "que", "mil", "thousand"].contains(&w.as_str()));
        let unit = words.get(i + 1 + usize::from(thousands))?;
        // "12,000" is read as 12: no one counts a day's steps under 100.
        let n = if thousands || n < 100.0 {
            n * 1000.0
        } else {
            n
        };
        // "pasos" is mended to "paso" (a known word).
        ["steps", "step", "pasos", "paso"]
            .contains(&unit.as_str())
            .then_some(n)
    })
}

/// `N meals a day`, `N comidas al día`.
pub(super) fn meals_a_day(t: &Text) -> Option<u8> {
    for (i, n) in numbers(t) {
        let unit = next(t, i);
        // "4 meals a day", not "I ate 2 meals today".
        let daily = t.words()[i + 1..]
            .iter()
            .skip(1)
            .take(3)
            .map(String::as_str)
            .collect::<Vec<_>>()
            .join(" ");
        let per_day = [
            "a day",
            "per day",
            "daily",
            "each day",
            "every day",
            "al dia",
            "por dia",
            "diarias",
            "cada dia",
            "en el dia",
        ]
        .iter()
        .any(|p| daily.starts_with(p));
        // "I eat 3 meals, not 4", "hago 5 comidas": a habit, said with
        // nothing after it but a correction.
        let words = t.words();
        let habit = i > 0
            && HABIT_MEALS.contains(&words[i - 1].as_str())
            && words
                .get(i + 2)
                .is_none_or(|w| CORRECTION_AFTER.contains(&w.as_str()));
        if ["meals", "meal", "comidas", "comida", "ingestas"].contains(&unit)
            && n.fract() == 0.0
            && (per_day || habit)
        {
            return MealsPerDay::parse(n as i64).ok().map(MealsPerDay::get);
        }
    }
    None
}

/// The writer's own age ("I'm 34", "I am 34 years old", "tengo 34
/// años", "I turned 40", "mi edad es 34"): years said in a part about the
/// writer, or a bare number right after the verb that says an age.
pub(super) fn own_age(t: &Text) -> Option<u32> {
    let words = t.words();
    let whole = |n: f64| (n.fract() == 0.0 && (1.0..=120.0).contains(&n)).then_some(n as u32);
    let mine =
        t.has_any(FIRST_PERSON) || t.has_any(OWN_AGE_VERBS) || t.has_any(&["my age", "mi edad"]);
    if !mine {
        return None;
    }
    for (i, n) in numbers(t) {
        let unit = next(t, i);
        if YEARS_WORDS.contains(&unit) {
            return whole(n);
        }
        let before = if i > 0 { words[i - 1].as_str() } else { "" };
        let age_named = t.has_any(&["age", "edad"]) && ["is", "es"].contains(&before);
        if (OWN_AGE_VERBS.contains(&before) || age_named) && (unit.is_empty() || when_after(t, i)) {
            return whole(n);
        }
    }
    None
}

/// Whether the words after place `i` say only when an age was reached
/// ("I turned 40 last week", "cumplí 50 el mes pasado"): the number is
/// still the years, not a count of something.
fn when_after(t: &Text, i: usize) -> bool {
    let rest = Text::from_words(t.words()[i + 1..].to_vec());
    AGE_WHEN.iter().any(|p| {
        let p = Text::from_words(p.split(' ').map(str::to_owned).collect());
        rest.words().starts_with(p.words())
    })
}

/// A part that is only a number of years ("45", "45 years old", "45
/// años"): the age, when the part before introduced the writer ("I'm
/// Tom, 45").
pub(super) fn bare_years(t: &Text) -> Option<u32> {
    let words = t.words();
    let n = super::words::number_word(words.first()?)?;
    let rest: Vec<&str> = words[1..].iter().map(String::as_str).collect();
    let plain = match rest.as_slice() {
        [] | ["y", "o"] | ["yo"] => true,
        [unit] | [unit, "old" | "de" | "edad"] => YEARS_WORDS.contains(unit),
        _ => false,
    };
    (plain && n.fract() == 0.0 && (1.0..=120.0).contains(&n)).then_some(n as u32)
}

/// The age said of a person in a statement about them ("my son is 8",
/// "mi hija tiene 5 años", "she turned 11"): a whole number of years, or
/// one right after "is", "tiene" or "turned" with no unit after it.
pub(super) fn age_said(t: &Text) -> Option<u32> {
    let words = t.words();
    let whole = |n: f64| (n.fract() == 0.0 && (1.0..=120.0).contains(&n)).then_some(n as u32);
    for (i, n) in numbers(t) {
        let unit = next(t, i);
        if YEARS_WORDS.contains(&unit) {
            return whole(n);
        }
        let before = if i > 0 { words[i - 1].as_str() } else { "" };
        let after_now = i > 1 && NOW_WORDS.contains(&before);
        let verb = if after_now {
            words[i - 2].as_str()
        } else {
            before
        };
        if AGE_VERBS.contains(&verb)
            && (unit.is_empty() || NOW_WORDS.contains(&unit) || when_after(t, i))
        {
            return whole(n);
        }
    }
    None
}
