//! Requests a person makes of the assistant: the plan, a day or meal of
//! it, swaps, alternatives, searches, the targets, the shopping list, a
//! re-balance, a food in the plan.

use mealplan_domain::planner::Nutrient;
use mealplan_domain::{DietType, MealType, MealsPerDay};

use super::foods;
use super::lang::{Lang, day_word, diet_words, meal_word};
use super::measures::meals_a_day;
use super::request::{Choice, Complaint, Criteria, DayLimit, MealRef, ToolRequest};
use super::vocab::*;
use super::words::{Text, next, number_word, numbers};
use mealplan_domain::planner::PlanAdjust;

/// Diets named as foods ("something vegetarian"): what a dish keeps to,
/// never a food it has.
const DIET_NAMES: &[&str] = &["vegan", "vegetarian", "pescatarian", "halal", "kosher"];

/// The nutrient a part asks about.
pub(super) fn nutrient(t: &Text) -> Option<Nutrient> {
    if t.has_stem(&["protein", "proteina", "proteinas"]) {
        Some(Nutrient::Protein)
    } else if t.has_stem(CARB_NOUNS) {
        Some(Nutrient::Carbs)
    } else if t.has_stem(FAT_NOUNS) {
        Some(Nutrient::Fat)
    } else if t.has_stem(ENERGY_NOUNS) {
        Some(Nutrient::Calories)
    } else {
        None
    }
}

/// Whether a part naming a day limit asks about it: too much, how much,
/// why, or the target ("too much salt", "how much fiber should I eat?").
fn about_a_limit(t: &Text) -> bool {
    t.has_any(&["too", "muy", "demasiado", "demasiada"])
        || t.has_any(ASKING_AMOUNTS)
        || t.has_any(WHY)
        || t.has_any(TARGET_NOUNS)
}

/// The day limit other than sodium a part names, if one.
fn day_limit(t: &Text) -> Option<DayLimit> {
    if t.has_any(SUGAR_WORDS) {
        Some(DayLimit::Sugars)
    } else if t.has_any(FIBRE_WORDS) {
        Some(DayLimit::Fibre)
    } else {
        None
    }
}

/// Whether `t` finds something too high or too low ("too much",
/// "muy poca"), not in a negation's scope ("protein isn't too high"), or
/// opens by asking it lower or higher ("lower my protein", "súbeme las
/// calorías"; not "recipes lower in carbs").
fn complaint(t: &Text) -> Option<Complaint> {
    let scopes = super::negation::Scopes::of(t);
    let said = |list: &[&str]| t.has_any(list) && !scopes.negates_any(t, list);
    let verb = t
        .words()
        .iter()
        .find(|w| !ASKED_OPENERS.contains(&w.as_str()))
        .map_or("", String::as_str);
    // "I don't want so much protein": the amount refused, not the
    // nutrient.
    if t.has_any(TOO_MUCH_REFUSED) {
        return Some(Complaint::TooHigh);
    }
    // "less carbs please", "más proteína": asked at the start.
    let first = t
        .words()
        .iter()
        .find(|w| !["please", "pls", "plz", "por", "favor", "and", "y"].contains(&w.as_str()))
        .map_or("", String::as_str);
    if LESS_ASKED.contains(&first) {
        return Some(Complaint::TooHigh);
    }
    if MORE_ASKED.contains(&first) {
        return Some(Complaint::TooLow);
    }
    if scopes.any() {
        // "don't lower my protein": no verb of asking read.
    } else if LOWER_ASKED.contains(&verb) {
        return Some(Complaint::TooHigh);
    } else if RAISE_ASKED.contains(&verb) {
        return Some(Complaint::TooLow);
    }
    if said(TOO_LOW) {
        Some(Complaint::TooLow)
    } else if said(TOO_HIGH) {
        Some(Complaint::TooHigh)
    } else {
        None
    }
}

/// A day, meal type and ordinal mentioned in `t`.
pub(super) fn meal_ref(t: &Text, today: u8) -> MealRef {
    let words = t.words();
    let mut r = MealRef::default();
    for (i, w) in words.iter().enumerate() {
        let prev = if i > 0 { words[i - 1].as_str() } else { "" };
        if r.day.is_none() {
            r.day = day_word(w).or(match w.as_str() {
                "today" | "tonight" | "hoy" | "todays" => Some(today),
                // "the day before yesterday", "anteayer", "antier".
                "yesterday" | "yesterdays" if prev == "before" => Some(shift(today, -2)),
                "anteayer" | "antier" | "antes de ayer" => Some(shift(today, -2)),
                "ayer" if prev == "de" && i > 1 && words[i - 2] == "antes" => {
                    Some(shift(today, -2))
                }
                "yesterday" | "ayer" | "yesterdays" | "anoche" => Some(shift(today, -1)),
                // "pasado mañana", "the day after tomorrow".
                "manana" | "tomorrow" if ["pasado", "after"].contains(&prev) => {
                    Some(shift(today, 2))
                }
                "tomorrow" => Some(shift(today, 1)),
                // "mañana" is tomorrow unless it is "la mañana" (the morning).
                "manana" if !["la", "esta", "por"].contains(&prev) => Some(shift(today, 1)),
                _ => None,
            });
        }
        if r.meal_type.is_none() {
            r.meal_type = match w.as_str() {
                // "comida" is lunch in "la comida del martes", food elsewhere.
                "comida" if !["la", "de"].contains(&prev) => None,
                other => meal_word(other),
            };
            if r.meal_type == Some(MealType::Snack) {
                r.ordinal = ordinal(prev).or_else(|| ordinal(next(t, i)));
            }
        }
    }
    if t.has_any(&["esta noche", "this evening", "tonight"]) {
        r.day.get_or_insert(today);
        r.meal_type.get_or_insert(MealType::Dinner);
    }
    // "last night", "anoche": yesterday's dinner; "this morning", "esta
    // mañana": today's breakfast.
    if t.has_any(LAST_NIGHT) {
        r.day = Some(shift(today, -1));
        r.meal_type.get_or_insert(MealType::Dinner);
    }
    if t.has_any(&["this morning", "esta manana"]) {
        r.day.get_or_insert(today);
        r.meal_type.get_or_insert(MealType::Breakfast);
    }
    if t.has_any(&["tomorrow night", "manana por la noche", "manana noche"]) {
        r.meal_type.get_or_insert(MealType::Dinner);
    }
    r
}

/// The day of week `by` days from `day` (1 = Monday), around the week.
pub(super) fn shift(day: u8, by: i8) -> u8 {
    ((i16::from(day) - 1 + i16::from(by)).rem_euclid(7) + 1) as u8
}

/// Whether `word` is an ordinal ("second", "segunda").
pub(super) fn is_ordinal(word: &str) -> bool {
    ordinal(word).is_some()
}

fn ordinal(word: &str) -> Option<usize> {
    Some(match word {
        "first" | "1st" | "primer" | "primera" | "primero" | "1" => 1,
        "second" | "2nd" | "segundo" | "segunda" | "2" => 2,
        "third" | "3rd" | "tercer" | "tercera" | "tercero" | "3" => 3,
        _ => return None,
    })
}

/// `option 2`, `la opción 2`, `the second one`, `#2`.
fn option(t: &Text) -> Option<usize> {
    let words = t.words();
    for (i, w) in words.iter().enumerate() {
        let w = w.as_str();
        if [
            "option",
            "opcion",
            "number",
            "numero",
            "choice",
            "alternative",
            "alternativa",
            "no",
        ]
        .contains(&w)
        {
            if let Some(n) = number_word(next(t, i)).filter(|n| n.fract() == 0.0 && *n >= 1.0) {
                return Some(n as usize);
            }
            if let Some(n) = ordinal(next(t, i)) {
                return Some(n);
            }
        }
        if let Some(n) = ordinal(w) {
            let after = next(t, i);
            if ["one", "option", "opcion", "alternative", "alternativa", ""].contains(&after)
                && !["snack", "merienda"].contains(&after)
                && (i == 0
                    || [
                        "the", "la", "el", "take", "want", "quiero", "pick", "choose",
                    ]
                    .contains(&words[i - 1].as_str()))
            {
                return Some(n);
            }
        }
    }
    if let Some(n) = words
        .iter()
        .find_map(|w| w.strip_prefix('#').and_then(|n| n.parse::<usize>().ok()))
    {
        return Some(n);
    }
    None
}

/// The one action a part asks for, if any.
pub(super) fn action(t: &Text, lang: Lang, today: u8) -> Option<ToolRequest> {
    let meal = meal_ref(t, today);
    // "too much salt in my days", "¿cuánta sal puedo tomar?": the day's
    // sodium limit, explained.
    if t.has_any(SALT_WORDS) && (complaint(t).is_some() || about_a_limit(t)) && !t.has_any(SEARCH) {
        return Some(ToolRequest::ExplainSodium);
    }
    // "less sugar please", "a plan with more fibre", "how much fiber
    // should I eat?": a day limit, explained, never a plan made that
    // drops the wish.
    if let Some(limit) = day_limit(t)
        && !t.has_any(SEARCH)
    {
        let asked = if t.has_any(LESS_ASKED) {
            Some(Complaint::TooHigh)
        } else if t.has_any(MORE_ASKED) {
            Some(Complaint::TooLow)
        } else {
            complaint(t)
        };
        if asked.is_some() || about_a_limit(t) {
            return Some(ToolRequest::ExplainDayLimit {
                limit,
                complaint: asked,
            });
        }
    }
    let in_plan = t.has_any(IN_PLAN);
    // Which meals of the plan have a food? ("which days have fish?")
    let which = t.words().first().is_some_and(|w| {
        [
            "which", "what", "que", "cuales", "cual", "cuando", "when", "en",
        ]
        .contains(&w.as_str())
    }) && t.has_any(WHICH_OF_PLAN);
    if which
        && let Some(food) = foods::mentioned(t.words(), lang)
            .found
            .into_iter()
            .find(|f| !["vegan", "vegetarian"].contains(&f.as_str()))
    {
        return Some(ToolRequest::PlanContains { food, meal });
    }
    // "please don't put any mushrooms in my meals": told, not asked.
    let told_not = super::negation::Scopes::of(t).negates_any(t, PUT_VERBS);
    if (t.has_any(CONTAINS)
        || t.words().first().is_some_and(|w| {
            ["is", "are", "does", "do", "hay", "tiene", "lleva"].contains(&w.as_str())
        }))
        && (in_plan || !meal.is_empty())
        && !told_not
    {
        let found = foods::mentioned(t.words(), lang);
        if let Some(food) = found
            .found
            .into_iter()
            .find(|f| !["vegan", "vegetarian"].contains(&f.as_str()))
        {
            return Some(ToolRequest::PlanContains { food, meal });
        }
    }
    if t.has_any(SHOPPING) && !t.has_any(RECIPE_NOUNS) {
        let food = foods::mentioned(t.words(), lang).found.into_iter().next();
        return Some(ToolRequest::ShoppingList { food });
    }
    // "I had my lunch", "ya he cenado": tick it off. A question ("have I
    // eaten lunch?") asks for the day's progress instead.
    let question = t.words().first().is_some_and(|w| {
        [
            "have", "did", "what", "how", "has", "que", "cuanto", "cuanta", "cuantas", "cuantos",
        ]
        .contains(&w.as_str())
    });
    if !question && meal.meal_type.is_some() && t.has_any(ATE) {
        return Some(ToolRequest::MarkEaten { meal });
    }
    if t.has_any(EATEN) || t.has_any(ATE) {
        return Some(ToolRequest::DayProgress { day: meal.day });
    }
    if t.has_any(REBALANCE) || t.has_stem(&["rebalance", "rebalancea", "reequilibra"]) {
        return Some(ToolRequest::Rebalance { day: meal.day });
    }
    // "protein is too high", "demasiadas calorías": a target found wrong,
    // answered with why it is so and a change to confirm; a meal or the
    // plan found so is the readers' below.
    if let (Some(focus), Some(c)) = (nutrient(t), complaint(t))
        && meal.is_empty()
        && !in_plan
        && !t.has_any(PLAN)
    {
        return Some(ToolRequest::ExplainTargets {
            focus: Some(focus),
            complaint: Some(c),
        });
    }
    let replacing = t.has_stem(REPLACE) || t.has_any(IT_SWAP);
    let anything_else = t.has_any(ANYTHING_ELSE);
    let chosen = option(t);
    let creating = t.has_stem(CREATE) || t.has_any(CREATE) || t.has_any(WANTING);
    // "make it vegetarian", "hazlo con más proteína": the plan, changed.
    let remake = t.has_any(REMAKE);
    // The plan this part would ask for, read once: whether it differs
    // from the profile ("vegetarian this week"), and in its targets ("I
    // want fewer carbs", "quiero más proteína").
    let wanted = generate(t);
    let (adjusting, macro_change) = match &wanted {
        ToolRequest::GenerateWeeklyPlan {
            adjust,
            meals_change,
            ..
        } => (
            !adjust.is_none() || *meals_change != 0,
            adjust.protein != 0 || adjust.carbs != 0 || adjust.calories != 0,
        ),
        _ => (false, false),
    };
    let plan_noun = t.has_any(PLAN)
        || t.has_any(&["week", "semana"]) && (t.has_stem(CREATE) || t.has_any(CREATE));
    let shows_words = t.has_any(SHOW) && !t.has_stem(CREATE);
    // A new plan: "create my weekly plan", "change my whole plan",
    // "vegetarian this week".
    // "plan for both of us", "un plan para toda la familia".
    let for_everyone = t.has_any(PLAN) && super::relations::for_everyone(t);
    if (plan_noun && (creating || replacing || adjusting) && !shows_words
        || for_everyone && !shows_words
        || adjusting && remake
        || macro_change && creating && !shows_words
        || adjusting && t.has_any(THIS_OR_NEXT_WEEK))
        // "a plan with leftovers for lunch": the meal is the leftovers'.
        && (meal.meal_type.is_none() || super::leftovers::plan_leftovers(t).is_some())
        && chosen.is_none()
    {
        return Some(wanted);
    }
    // "suggest a high protein breakfast under 400 calories": criteria, no
    // day named: a search, not alternatives to today's meal.
    let searching = t.has_any(ALTERNATIVES) && meal.day.is_none() && criteria(t, lang).narrows();
    if t.has_any(ALTERNATIVES)
        && !replacing
        && chosen.is_none()
        && !searching
        && (!meal.is_empty() || !t.has_any(SEARCH))
    {
        return Some(ToolRequest::SuggestAlternatives { meal });
    }
    // "I don't want the salmon on Friday", "quita el salmón del viernes":
    // the meal of that day with that food, swapped.
    let unwanted = t.has_any(DISLIKE_OPENERS) && one_meal(t);
    // "Tuesday dinner: something with salmon please".
    let something = t.has_any(SOMETHING) && !t.has_any(SEARCH);
    if replacing
        || unwanted
        || something
        || (anything_else && !meal.is_empty())
        || (chosen.is_some() && !t.has_any(SEARCH))
    {
        let mut meal = meal;
        if unwanted && !replacing {
            // "no fish for dinner tomorrow", "hoy no me apetece pollo":
            // the food kept out of that day's meals, for that day only.
            let refused: Vec<String> = foods::mentioned(t.words(), lang)
                .found
                .into_iter()
                .filter(|f| !DIET_NAMES.contains(&f.as_str()))
                .collect();
            if !refused.is_empty() && !something && chosen.is_none() {
                meal.recipe_name = None;
                return Some(ToolRequest::KeepOutOf {
                    meal,
                    foods: refused,
                });
            }
            meal.recipe_name = foods::mentioned(t.words(), lang).found.into_iter().next();
        }
        // "put something meatless on friday": that day's meal with meat.
        let meatless = something && t.has_any(MEATLESS);
        if meatless && meal.meal_type.is_none() && meal.recipe_name.is_none() {
            meal.recipe_name = Some("meat".to_owned());
        }
        if meal.is_empty() && chosen.is_none() && !anything_else && !t.has_any(IT_SWAP) {
            // "change my weight" and the like are statements, read before.
            return None;
        }
        let choice = if let Some(n) = chosen {
            Some(Choice::Option(n))
        } else if meatless {
            // "something vegan": the vegan kind; else vegetarian.
            let vegan = t.has_any(&["vegan", "vegano", "vegana"]);
            Some(Choice::Without(vec![
                if vegan { "vegan" } else { "vegetarian" }.to_owned(),
            ]))
        } else if unwanted && !replacing {
            None
        } else {
            choice(t, lang)
        };
        return Some(ToolRequest::ReplaceMeal { meal, choice });
    }
    if t.has_any(ALTERNATIVES) && !searching && (!meal.is_empty() || !t.has_any(SEARCH)) {
        return Some(ToolRequest::SuggestAlternatives { meal });
    }
    if t.has_any(SEARCH) || t.has_stem(FIND_VERBS) || searching {
        return Some(ToolRequest::SearchRecipes(criteria(t, lang)));
    }
    let asks = t.has_any(ASKING_AMOUNTS);
    let target_noun = t.has_any(TARGET_NOUNS);
    if (target_noun || nutrient(t).is_some() && (asks || t.has_any(WHY)))
        && !(nutrient(t).is_some() && meal.day.is_some())
        && meal.is_empty()
        && !in_plan
    {
        return Some(ToolRequest::ExplainTargets {
            focus: nutrient(t),
            complaint: None,
        });
    }
    let question = t
        .words()
        .first()
        .is_some_and(|w| ["what", "whats", "which", "que", "cual"].contains(&w.as_str()));
    let shows = t.has_any(SHOW)
        || t.has_any(SHOW_MEALS)
        || (question && !meal.is_empty())
        // "how many calories is Tuesday?", "is my plan high in protein?"
        || (nutrient(t).is_some() && (!meal.is_empty() || in_plan));
    if shows && (!meal.is_empty() || t.has_any(PLAN) || t.has_any(PLAN_SPAN))
        || (t.has_any(PLAN) && !creating && t.len() <= 4)
    {
        // "what about lunch?": the day of the meal last shown.
        if t.has_any(FOLLOW_UP)
            && meal.day.is_none() != meal.meal_type.is_none()
            && meal.recipe_name.is_none()
        {
            return Some(ToolRequest::PlanFollowUp {
                day: meal.day,
                meal_type: meal.meal_type,
            });
        }
        // "what are my dinners this week": that meal on every day.
        let week = t.has_any(&["week", "semana"]);
        let day = meal.day.or(meal.meal_type.filter(|_| !week).map(|_| today));
        return Some(ToolRequest::PlanSummary {
            day,
            meal_type: meal.meal_type,
        });
    }
    if t.has_any(PROFILE) {
        return Some(ToolRequest::ProfileSummary);
    }
    if shows && !meal.is_empty() {
        return Some(ToolRequest::PlanSummary {
            day: meal.day,
            meal_type: meal.meal_type,
        });
    }
    None
}

/// What a swap should bring instead: "with something else" (the best
/// one), "for something without dairy", "with chicken", or a recipe name.
fn choice(t: &Text, lang: Lang) -> Option<Choice> {
    let rest = t.after(SWAP_FOR)?;
    let rest: Vec<String> = rest
        .into_iter()
        .filter(|w| {
            day_word(w).is_none()
                && meal_word(w).is_none()
                && !["today", "tomorrow", "tonight", "hoy", "manana", "noche"].contains(&w.as_str())
        })
        .collect();
    // "… for my PB banana toast": one's own recipe, by name.
    if let Some(first) = rest.first()
        && ["my", "mi"].contains(&first.as_str())
    {
        let name: Vec<String> = rest[1..]
            .iter()
            .filter(|w| !RECIPE_WORDS.contains(&w.as_str()) && !FILLER.contains(&w.as_str()))
            .cloned()
            .collect();
        if !name.is_empty() {
            return Some(Choice::Mine(name.join(" ")));
        }
    }
    let text = Text::from_words(rest.clone());
    if let Some(without) = text.after(SWAP_WITHOUT) {
        let found = foods::mentioned(&without, lang).found;
        if !found.is_empty() {
            return Some(Choice::Without(found));
        }
    }
    if text.has_any(SWAP_LIGHTER) {
        return Some(Choice::Lighter);
    }
    if text.has_any(SWAP_MORE_PROTEIN) {
        return Some(Choice::MoreProtein);
    }
    let anything = t.has_any(ANYTHING_ELSE);
    if anything {
        // "something else", "algo diferente": the best candidate.
        return None;
    }
    if let Some(food) = foods::mentioned(&rest, lang).found.into_iter().next() {
        // "something vegetarian": a diet is what the dish keeps to (the
        // recipes its rule allows), never a food the dish has.
        if ["vegan", "vegetarian", "pescatarian", "halal", "kosher"].contains(&food.as_str()) {
            return Some(Choice::Without(vec![food]));
        }
        return Some(Choice::With(food));
    }
    let name: Vec<String> = rest
        .into_iter()
        .filter(|w| !FILLER.contains(&w.as_str()))
        .collect();
    (!name.is_empty()).then(|| Choice::Name(name.join(" ")))
}

/// "I want something with peanut butter", a part left unread (no meal
/// named, none before it to finish): a search for dishes with the food,
/// under the person's rules, which the answer names when they keep every
/// such dish out.
pub(super) fn something_with(t: &Text, lang: Lang) -> Option<ToolRequest> {
    if !t.has_any(SOMETHING) || !meal_ref(t, 1).is_empty() {
        return None;
    }
    let c = criteria(t, lang);
    c.query.is_some().then_some(ToolRequest::SearchRecipes(c))
}

/// A new plan, with the changes the part asks for.
pub(super) fn generate(t: &Text) -> ToolRequest {
    let more = |words: &[&str]| {
        words.iter().any(|w| {
            t.has_any(&[
                &format!("more {w}"),
                &format!("higher {w}"),
                &format!("high {w}"),
                &format!("extra {w}"),
                &format!("mas {w}"),
                &format!("alto en {w}"),
                &format!("alta en {w}"),
                &format!("rico en {w}"),
                &format!("rica en {w}"),
                &format!("{w} rich"),
                &format!("increase {w}"),
                &format!("increase the {w}"),
                &format!("aumenta la {w}"),
                &format!("aumenta los {w}"),
                &format!("aumenta las {w}"),
            ])
        })
    };
    let less = |words: &[&str]| {
        words.iter().any(|w| {
            t.has_any(&[
                &format!("less {w}"),
                &format!("fewer {w}"),
                &format!("lower {w}"),
                &format!("low {w}"),
                &format!("menos {w}"),
                &format!("bajo en {w}"),
                &format!("baja en {w}"),
                &format!("reduce {w}"),
                &format!("reduce the {w}"),
                &format!("reduce la {w}"),
                &format!("reduce los {w}"),
                &format!("reduce las {w}"),
            ])
        })
    };
    let sign = |words: &[&str]| -> i8 {
        if more(words) {
            1
        } else if less(words) {
            -1
        } else {
            0
        }
    };
    let mut adjust = PlanAdjust {
        protein: sign(PROTEIN_WORDS),
        carbs: sign(CARB_WORDS),
        calories: sign(CALORIE_WORDS),
        ..PlanAdjust::default()
    };
    if t.has_any(PLAN_LIGHTER) {
        adjust.calories = -1;
    }
    adjust.diet = match diet_words(&t.joined()) {
        Some(d @ (DietType::Vegan | DietType::Vegetarian)) => Some(d),
        _ => None,
    };
    adjust.meals_per_day = meals_a_day(t).and_then(|n| MealsPerDay::parse(i64::from(n)).ok());
    let days = numbers(t)
        .into_iter()
        .find(|(i, n)| {
            ["days", "day", "dias", "dia"].contains(&next(t, *i))
                && !super::leftovers::cooked_for_days(t, *i)
                && (1.0..=7.0).contains(n)
                && n.fract() == 0.0
        })
        .map_or(7, |(_, n)| n as u8);
    ToolRequest::GenerateWeeklyPlan {
        days,
        adjust,
        meals_change: if adjust.meals_per_day.is_some() {
            0
        } else {
            sign(MEALS_WORDS)
        },
        confirmed: false,
        household: super::relations::for_everyone(t),
        mine: super::mine::plan_mine(t),
        leftovers: super::leftovers::plan_leftovers(t),
    }
}

/// Search criteria named in `t`.
fn criteria(t: &Text, lang: Lang) -> Criteria {
    let words = t.words();
    let meal_type = meal_ref(t, 1).meal_type;
    let mut c = Criteria {
        meal_type,
        diet_type: diet_words(&t.joined()),
        ..Criteria::default()
    };
    for (i, n) in numbers(t) {
        let before = &words[i.saturating_sub(3)..i];
        let is_max = before.iter().any(|w| AT_MOST.contains(&w.as_str()));
        let is_min = before.iter().any(|w| AT_LEAST.contains(&w.as_str()));
        // "30 g protein", "30 g de proteína", "30 protein".
        let mut unit = next(t, i);
        if ["g", "gr", "grams", "gramos"].contains(&unit) {
            unit = words
                .iter()
                .skip(i + 2)
                .map(String::as_str)
                .find(|w| !["de", "of"].contains(w))
                .unwrap_or("");
        }
        match unit {
            "kcal" | "calories" | "cal" | "calorias" | "calorie" if !is_min => {
                c.max_calories = Some(n);
            }
            "min" | "mins" | "minutes" | "minute" | "minutos" | "minuto" => {
                c.max_minutes = Some(n as u32);
            }
            "protein" | "proteina" | "proteinas" if !is_max => c.min_protein = Some(n),
            "carbs" | "carbohidratos" | "hidratos" if !is_min => c.max_carbs = Some(n),
            "fat" | "grasa" | "grasas" if !is_min => c.max_fat = Some(n),
            _ => {}
        }
    }
    if c.max_minutes.is_none() && t.has_any(QUICK) {
        c.max_minutes = Some(20);
    }
    let (with, without) = match t.after(SEARCH_WITHOUT) {
        Some(rest) => {
            let cut = words.len() - rest.len() - 1;
            (words[..cut].to_vec(), rest)
        }
        None => (words.to_vec(), Vec::new()),
    };
    c.without = foods::mentioned(&without, lang).found;
    c.query = foods::mentioned(&with, lang)
        .found
        .into_iter()
        .find(|f| !["vegan", "vegetarian", "pescatarian", "halal", "kosher"].contains(&f.as_str()));
    c
}

/// A meal said not to be eaten as a habit ("I never eat breakfast", "no
/// desayuno nunca", "no breakfast on weekends"): answered with the
/// layouts that leave the meal out, never that meal swapped or unticked.
pub(super) fn meal_habit(t: &Text, lang: Lang) -> Option<ToolRequest> {
    let meal_type = meal_ref(t, 1).meal_type?;
    (t.has_any(HABIT_WORDS)
        && (t.has_any(DISLIKE_OPENERS) || super::negation::Scopes::of(t).any())
        && foods::mentioned(t.words(), lang).found.is_empty())
    .then_some(ToolRequest::MealNotEaten { meal_type })
}

/// Whether a dislike is about one day or meal of the plan ("I don't
/// want the salmon on Friday", "quita el salmón del viernes", "mañana no
/// quiero pescado", "no fish for dinner"): a day or a meal is named, so
/// it is a swap, not a rule for good.
pub(super) fn one_meal(t: &Text) -> bool {
    let named = meal_ref(t, 1);
    t.words().iter().any(|w| super::lang::day_word(w).is_some())
        || t.has_any(TODAY_WORDS)
        || named.day.is_some()
        || named.meal_type.is_some()
}

/// One's own recipe put in a meal of the plan ("put my cheese omelette on
/// tomorrow's breakfast", "add my recipe lentil soup to friday's dinner",
/// "pon mi tortilla de queso en el desayuno de mañana"): that meal
/// swapped for the recipe named, under everyone's rules like any swap.
/// A new recipe with its lines ("add my recipe for breakfast burritos:
/// 2 eggs, …") is not one: the meal must follow the name, in a few words.
pub(super) fn own_put(t: &Text, today: u8) -> Option<ToolRequest> {
    let words = t.words();
    let mine = words
        .iter()
        .position(|w| ["my", "mi"].contains(&w.as_str()))?;
    if !words[..mine].iter().any(|w| PUT_MINE.contains(&w.as_str())) {
        return None;
    }
    let after = &words[mine + 1..];
    let skip = after
        .iter()
        .take_while(|w| {
            RECIPE_WORDS.contains(&w.as_str()) || ["own", "propia"].contains(&w.as_str())
        })
        .count();
    let after = &after[skip..];
    let cut = after.iter().position(|w| PUT_INTO.contains(&w.as_str()))?;
    let (name, rest) = (&after[..cut], &after[cut + 1..]);
    if name.is_empty() || rest.is_empty() || rest.len() > 6 {
        return None;
    }
    let meal = meal_ref(&Text::from_words(rest.to_vec()), today);
    if meal.meal_type.is_none() && meal.day.is_none() {
        return None;
    }
    Some(ToolRequest::ReplaceMeal {
        meal,
        choice: Some(Choice::Mine(name.join(" "))),
    })
}

/// A dish put in a meal of the plan by its name or a food ("put the
/// shakshuka on monday breakfast", "can I have lentils for dinner on
/// tuesday", "quiero lentejas para cenar el martes"): that meal swapped
/// for it, under everyone's rules like any swap (a dish they break is
/// refused and the rule named). A wish for every day ("I want eggs for
/// breakfast every day") is a taste, not this; a meal type must be said.
pub(super) fn put_named(t: &Text, lang: Lang, today: u8) -> Option<ToolRequest> {
    let rest = t.after(PUT_WANT).or_else(|| {
        let words = t.words();
        let verb = words.iter().position(|w| PUT_MINE.contains(&w.as_str()))?;
        Some(words[verb + 1..].to_vec())
    })?;
    if t.has_any(HABIT_WORDS) || t.has_any(PLAN) {
        return None;
    }
    let stop = |w: &String| {
        PUT_INTO.contains(&w.as_str())
            || day_word(w).is_some()
            || meal_word(w).is_some()
            || ["today", "tomorrow", "tonight", "hoy", "manana"].contains(&w.as_str())
    };
    let end = rest.iter().position(stop).unwrap_or(rest.len());
    let article = |w: &String| ARTICLES.contains(&w.as_str()) || FILLER.contains(&w.as_str());
    let mut name: Vec<String> = rest[..end].to_vec();
    while name.first().is_some_and(article) {
        name.remove(0);
    }
    while name.last().is_some_and(article) {
        name.pop();
    }
    let meal = meal_ref(&Text::from_words(rest[end..].to_vec()), today);
    if name.is_empty() || name.len() > 6 || meal.meal_type.is_none() {
        return None;
    }
    // "something", "anything": the readers of swaps, not a name.
    if t.has_any(SOMETHING)
        || t.has_any(ANYTHING_ELSE)
        || name
            .iter()
            .any(|w| ["something", "anything", "algo"].contains(&w.as_str()))
    {
        return None;
    }
    let found = foods::mentioned(&name, lang).found;
    let choice = match found.as_slice() {
        // A food alone ("lentils", "pollo"): a dish with it.
        [food] if name.len() <= 2 && !DIET_NAMES.contains(&food.as_str()) => {
            Choice::With(food.clone())
        }
        _ => Choice::Name(name.join(" ")),
    };
    Some(ToolRequest::ReplaceMeal {
        meal,
        choice: Some(choice),
    })
}

/// A meal of the plan made over into a diet ("make tuesday's lunch
/// veggie", "can sunday's lunch be meat-free", "haz vegana la cena del
/// miércoles"): that meal swapped for a dish that keeps to it. A question
/// about the meal ("is monday's dinner vegan?") is not one.
pub(super) fn diet_swap(t: &Text, today: u8) -> Option<ToolRequest> {
    let meal = meal_ref(t, today);
    if meal.meal_type.is_none() || !t.has_any(MEATLESS) || !t.has_any(MAKE_INTO) {
        return None;
    }
    let diet = if t.has_any(&["vegan", "vegano", "vegana"]) {
        "vegan"
    } else {
        "vegetarian"
    };
    Some(ToolRequest::ReplaceMeal {
        meal,
        choice: Some(Choice::Without(vec![diet.to_owned()])),
    })
}
