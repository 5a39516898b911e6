//! The tools as a language model is told about them (the original
//! agent's seven, by the same names, adding a household member and adding
//! one's own recipe), and reading a model's call into a request: the same
//! request the keyword readers make, carried out by the same tools.

use mealplan_domain::{ActivityLevel, DietType, Gender, Goal, MealType};
use mealplan_ports::{ItemKind, ParamType, ToolArg, ToolCall, ToolParam, ToolSpec};

use crate::lang::{DAYS_EN, day_word, english_food, meal_word, normalise};
use crate::request::{Choice, Criteria, MealRef, MemberFacts, ToolRequest, names};

/// Reads a model's call; `None` for an unknown tool or missing
/// arguments (the model is told so and may try again).
pub fn from_call(call: &ToolCall) -> Option<ToolRequest> {
    let text = |k: &str| {
        call.arguments
            .get(k)
            .map(ToolArg::as_text)
            .map(|s| s.trim().to_owned())
            .filter(|s| !s.is_empty())
    };
    let number = |k: &str| call.arguments.get(k).and_then(ToolArg::as_number);
    let meal_type = |k: &str| text(k).and_then(|t| meal_word(&normalise(&t)));
    let day = text("day_of_week").and_then(|t| {
        let t = normalise(&t);
        day_word(&t).or_else(|| t.parse::<u8>().ok().filter(|d| (1..=7).contains(d)))
    });
    let meal = MealRef {
        day,
        meal_type: meal_type("meal_type"),
        ordinal: None,
        recipe_name: text("recipe_name"),
    };
    Some(match call.name.as_str() {
        names::GENERATE => ToolRequest::GenerateWeeklyPlan {
            days: number("days").map_or(7, |d| d.clamp(1.0, 7.0) as u8),
            adjust: mealplan_domain::planner::PlanAdjust::default(),
            meals_change: 0,
            confirmed: false,
            household: match call.arguments.get("household") {
                Some(ToolArg::Bool(b)) => *b,
                Some(other) => other.as_text().trim().eq_ignore_ascii_case("true"),
                None => false,
            },
            mine: mealplan_app::MyRecipes::Include,
            leftovers: {
                let asked = match call.arguments.get("leftovers") {
                    Some(ToolArg::Bool(b)) => *b,
                    Some(other) => other.as_text().trim().eq_ignore_ascii_case("true"),
                    None => false,
                };
                // A bound on cooking implies leftovers, as on the API.
                let most = number("cook_at_most")
                    .filter(|n| (1.0..=14.0).contains(n) && n.fract() == 0.0)
                    .map(|n| n as u8);
                (asked || most.is_some())
                    .then_some(mealplan_domain::planner::Leftovers { cook_at_most: most })
            },
        },
        names::ADD_MEMBER => {
            let list = |k: &str| -> Vec<String> {
                text(k)
                    .map(|t| {
                        t.split(',')
                            .map(|s| s.trim().to_owned())
                            .filter(|s| !s.is_empty())
                            .collect()
                    })
                    .unwrap_or_default()
            };
            let whole = |k: &str| number(k).filter(|n| n.fract() == 0.0 && *n >= 0.0);
            ToolRequest::AddMember(MemberFacts {
                name: text("name"),
                relation: text("relation").map(|r| normalise(&r)),
                gender: text("gender").and_then(|g| Gender::parse(&normalise(&g)).ok()),
                age: whole("age").map(|a| a.min(1000.0) as u32),
                height: number("height_cm"),
                weight: number("weight_kg"),
                goal: text("goal").and_then(|g| Goal::parse(&g).ok()),
                activity: text("activity_level").and_then(|a| ActivityLevel::parse(&a).ok()),
                meals: whole("meals_per_day").map(|n| n.min(100.0) as u8),
                diets: list("diet_types")
                    .iter()
                    .filter_map(|d| DietType::parse(&normalise(d).replace(' ', "_")).ok())
                    .collect(),
                restrictions: list("restrictions")
                    .iter()
                    .map(|r| english_food(&normalise(r)))
                    .collect(),
                ..MemberFacts::default()
            })
        }
        names::REPLACE => ToolRequest::ReplaceMeal {
            meal,
            choice: number("option")
                .filter(|n| *n >= 1.0)
                .map(|n| Choice::Option(n as usize))
                .or_else(|| text("new_recipe_name").map(Choice::Name)),
        },
        names::ALTERNATIVES => ToolRequest::SuggestAlternatives { meal },
        names::SEARCH => ToolRequest::SearchRecipes(Criteria {
            meal_type: meal_type("meal_type"),
            diet_type: text("diet_type")
                .and_then(|t| DietType::parse(&normalise(&t).replace(' ', "_")).ok()),
            max_calories: number("max_calories"),
            min_protein: number("min_protein"),
            max_carbs: number("max_carbs"),
            max_fat: number("max_fat"),
            query: text("query").map(|q| english_food(&normalise(&q))),
            ..Criteria::default()
        }),
        names::PLAN => ToolRequest::PlanSummary {
            day,
            meal_type: None,
        },
        names::PROFILE => ToolRequest::ProfileSummary,
        names::PREFERENCE => ToolRequest::AddPreference {
            kind: match text("preference_type")?.to_lowercase().as_str() {
                "taste" => ItemKind::Taste,
                "restriction" => ItemKind::Restriction,
                _ => return None,
            },
            names: vec![english_food(&normalise(&text("category_name")?))],
        },
        names::ADD_OWN_RECIPE => ToolRequest::AddOwnRecipe {
            name: text("name")?,
            servings: number("servings")
                .filter(|n| *n >= 1.0)
                .map_or(1, |n| n.min(100.0) as u32),
            meal_types: text("meal_types").map_or_else(Vec::new, |t| {
                let mut out: Vec<MealType> = Vec::new();
                for m in t
                    .split([',', ';', '/'])
                    .filter_map(|w| meal_word(&normalise(w)))
                {
                    if !out.contains(&m) {
                        out.push(m);
                    }
                }
                out
            }),
            lines: recipe_lines(&text("ingredients")?)?,
        },
        _ => return None,
    })
}

/// A model's ingredient lines: one a line, or separated by `;` (a comma
/// belongs to a line: "1 onion, diced"). `None` when there are none.
fn recipe_lines(text: &str) -> Option<Vec<String>> {
    let lines: Vec<String> = text
        .split(['\n', ';'])
        .map(|l| {
            l.trim()
                .trim_start_matches(['-', '*', '•'])
                .trim()
                .to_owned()
        })
        .filter(|l| !l.is_empty())
        .collect();
    (!lines.is_empty()).then_some(lines)
}

const DAY: ToolParam = ToolParam {
    name: "day_of_week",
    kind: ParamType::String,
    description: "Day of the plan: monday … sunday",
    choices: DAYS_EN,
    required: false,
};
const MEAL: ToolParam = ToolParam {
    name: "meal_type",
    kind: ParamType::String,
    description: "Meal type",
    choices: MealType::NAMES,
    required: false,
};
const RECIPE_NAME: ToolParam = ToolParam {
    name: "recipe_name",
    kind: ParamType::String,
    description: "Part of the name of the meal's current recipe, if the user named it",
    choices: &[],
    required: false,
};

fn number(name: &'static str, description: &'static str) -> ToolParam {
    ToolParam {
        name,
        kind: ParamType::Number,
        description,
        choices: &[],
        required: false,
    }
}

fn text_param(
    name: &'static str,
    description: &'static str,
    choices: &'static [&'static str],
    required: bool,
) -> ToolParam {
    ToolParam {
        name,
        kind: ParamType::String,
        description,
        choices,
        required,
    }
}

/// The tools as a model is told about them.
pub fn specs() -> Vec<ToolSpec> {
    vec![
        ToolSpec {
            name: names::GENERATE,
            description: "Creates a new meal plan from the user's profile (targets, restrictions, diet, tastes) and makes it the active plan. Use when the user asks for a (weekly) plan.",
            params: vec![
                ToolParam {
                    name: "days",
                    kind: ParamType::Integer,
                    description: "Days to plan, 1-7 (default 7)",
                    choices: &[],
                    required: false,
                },
                ToolParam {
                    name: "household",
                    kind: ParamType::Boolean,
                    description: "Plan for the user and every household member at one table, each meal with a portion per person (\"for the whole family\", \"for both of us\")",
                    choices: &[],
                    required: false,
                },
                ToolParam {
                    name: "leftovers",
                    kind: ParamType::Boolean,
                    description: "Cook lunches and dinners once and eat them again at a meal 1-2 days later (\"cook once for two days\", \"leftovers for lunch\")",
                    choices: &[],
                    required: false,
                },
                ToolParam {
                    name: "cook_at_most",
                    kind: ParamType::Integer,
                    description: "The most lunch and dinner cooking sessions in the week, 1-14 (\"I only cook 4 times a week\"); implies leftovers",
                    choices: &[],
                    required: false,
                },
            ],
        },
        ToolSpec {
            name: names::ADD_MEMBER,
            description: "Adds a person who eats with the user to their household (at most 12, aged 3-100; children under 16 get child targets). Needs name, gender, age, height and weight; leave out what the user did not say and the tool asks for it. Goal, activity and meals a day default when not said.",
            params: vec![
                text_param("name", "What the household calls them", &[], true),
                text_param(
                    "relation",
                    "How they relate to the user, in English (wife, son, mother, …)",
                    &[],
                    false,
                ),
                text_param("gender", "Sex", Gender::NAMES, false),
                ToolParam {
                    name: "age",
                    kind: ParamType::Integer,
                    description: "Age in years (3-100)",
                    choices: &[],
                    required: false,
                },
                number("height_cm", "Height, cm"),
                number("weight_kg", "Weight, kg"),
                text_param("goal", "Weight goal", Goal::NAMES, false),
                text_param(
                    "activity_level",
                    "Activity level",
                    ActivityLevel::NAMES,
                    false,
                ),
                ToolParam {
                    name: "meals_per_day",
                    kind: ParamType::Integer,
                    description: "Meals a day, 1-6",
                    choices: &[],
                    required: false,
                },
                text_param(
                    "diet_types",
                    "Comma-separated diet types (e.g. vegetarian)",
                    &[],
                    false,
                ),
                text_param(
                    "restrictions",
                    "Comma-separated allergies or foods they must not eat, in English (e.g. peanut allergy, pork)",
                    &[],
                    false,
                ),
            ],
        },
        ToolSpec {
            name: names::REPLACE,
            description: "Replaces one meal of the active plan. Identify the meal by day_of_week and meal_type (or recipe_name); the new recipe by option (number from suggest_recipe_alternatives) or new_recipe_name; with neither, the closest alternative is taken.",
            params: vec![
                DAY,
                MEAL,
                RECIPE_NAME,
                ToolParam {
                    name: "option",
                    kind: ParamType::Integer,
                    description: "Number of the alternative the user chose (1-3)",
                    choices: &[],
                    required: false,
                },
                ToolParam {
                    name: "new_recipe_name",
                    kind: ParamType::String,
                    description: "Name of the recipe the user chose",
                    choices: &[],
                    required: false,
                },
            ],
        },
        ToolSpec {
            name: names::ALTERNATIVES,
            description: "Suggests 3 alternatives for one meal of the active plan (same meal type, similar nutrition, fitting the user's restrictions). Step 1 of changing a meal.",
            params: vec![DAY, MEAL, RECIPE_NAME],
        },
        ToolSpec {
            name: names::SEARCH,
            description: "Searches the whole recipe catalogue by criteria, leaving out what the user's restrictions forbid. Not for changing the plan.",
            params: vec![
                MEAL,
                ToolParam {
                    name: "diet_type",
                    kind: ParamType::String,
                    description: "Diet type",
                    choices: DietType::NAMES,
                    required: false,
                },
                number("max_calories", "Most kcal per serving"),
                number("min_protein", "Least protein per serving, g"),
                number("max_carbs", "Most carbohydrates per serving, g"),
                number("max_fat", "Most fat per serving, g"),
                ToolParam {
                    name: "query",
                    kind: ParamType::String,
                    description: "An ingredient or word of the recipe name, in English",
                    choices: &[],
                    required: false,
                },
            ],
        },
        ToolSpec {
            name: names::PLAN,
            description: "Shows the user's active plan: each day's meals and totals against the targets.",
            params: vec![DAY],
        },
        ToolSpec {
            name: names::PROFILE,
            description: "Shows the user's profile: goal, body metrics, daily targets, diet types, restrictions and tastes.",
            params: vec![],
        },
        ToolSpec {
            name: names::PREFERENCE,
            description: "Adds a taste (something the user likes) or a restriction (allergy, intolerance, dislike) to the profile; plans and searches then follow it.",
            params: vec![
                ToolParam {
                    name: "preference_type",
                    kind: ParamType::String,
                    description: "taste or restriction",
                    choices: &["taste", "restriction"],
                    required: true,
                },
                ToolParam {
                    name: "category_name",
                    kind: ParamType::String,
                    description: "The food, ingredient or allergy, in English (e.g. fish, nut allergy, spicy)",
                    choices: &[],
                    required: true,
                },
            ],
        },
        ToolSpec {
            name: names::ADD_OWN_RECIPE,
            description: "Adds one of the user's own recipes from its ingredient lines, as they wrote them (\"200 g red lentils\", \"1 onion, diced\"). Each line is matched to a USDA food with its grams; lines that cannot be placed with confidence are listed for the user to review, and the recipe is planned only when all are placed. Use when the user asks to add or save their own recipe.",
            params: vec![
                text_param("name", "The dish's name, as the user wrote it", &[], true),
                text_param(
                    "ingredients",
                    "The ingredient lines exactly as written, separated by \";\" or new lines (not by commas)",
                    &[],
                    true,
                ),
                ToolParam {
                    name: "servings",
                    kind: ParamType::Integer,
                    description: "Servings the recipe makes, if the user said (default 1)",
                    choices: &[],
                    required: false,
                },
                text_param(
                    "meal_types",
                    "Comma-separated meal types the recipe is for, if the user said (breakfast, lunch, dinner, snack); otherwise the user is asked",
                    &[],
                    false,
                ),
            ],
        },
    ]
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;

    fn call(name: &str, args: &[(&str, ToolArg)]) -> ToolCall {
        ToolCall {
            id: "call_1".into(),
            name: name.into(),
            arguments: args
                .iter()
                .map(|(k, v)| ((*k).to_owned(), v.clone()))
                .collect::<BTreeMap<_, _>>(),
        }
    }

    #[test]
    fn household_calls_are_read() {
        let member = from_call(&call(
            names::ADD_MEMBER,
            &[
                ("name", ToolArg::Text("Ana".into())),
                ("gender", ToolArg::Text("Female".into())),
                ("age", ToolArg::Number(34.0)),
                ("height_cm", ToolArg::Number(165.0)),
                ("weight_kg", ToolArg::Text("60".into())),
                ("diet_types", ToolArg::Text("vegetarian".into())),
                ("restrictions", ToolArg::Text("peanut allergy, pork".into())),
            ],
        ));
        assert_eq!(
            member,
            Some(ToolRequest::AddMember(MemberFacts {
                name: Some("Ana".into()),
                gender: Some(Gender::Female),
                age: Some(34),
                height: Some(165.0),
                weight: Some(60.0),
                diets: vec![DietType::Vegetarian],
                restrictions: vec!["peanut allergy".into(), "pork".into()],
                ..MemberFacts::default()
            }))
        );
        let plan = from_call(&call(
            names::GENERATE,
            &[("household", ToolArg::Bool(true))],
        ));
        assert!(matches!(
            plan,
            Some(ToolRequest::GenerateWeeklyPlan {
                household: true,
                days: 7,
                ..
            })
        ));
        assert!(specs().iter().any(|s| s.name == names::ADD_MEMBER
            && s.params.iter().any(|p| p.name == "name" && p.required)));
    }

    #[test]
    fn an_own_recipe_call_is_the_keyword_paths_request() {
        let request = from_call(&call(
            names::ADD_OWN_RECIPE,
            &[
                ("name", ToolArg::Text("Lentil soup".into())),
                (
                    "ingredients",
                    ToolArg::Text("200 g red lentils; 1 onion, diced\n- 2 carrots".into()),
                ),
                ("servings", ToolArg::Number(4.0)),
                ("meal_types", ToolArg::Text("Dinner, lunch, dinner".into())),
            ],
        ));
        assert_eq!(
            request,
            Some(ToolRequest::AddOwnRecipe {
                name: "Lentil soup".into(),
                servings: 4,
                meal_types: vec![MealType::Dinner, MealType::Lunch],
                lines: vec![
                    "200 g red lentils".into(),
                    "1 onion, diced".into(),
                    "2 carrots".into()
                ],
            })
        );
        // The same request the keyword reader makes of the same words.
        assert_eq!(
            request,
            crate::mine::new_recipe(
                "add my recipe Lentil soup for 4, for dinner and lunch: 200 g red lentils; 1 onion, diced; 2 carrots"
            )
        );
        // Servings default to 1; a recipe without lines or name is not read.
        assert!(matches!(
            from_call(&call(
                names::ADD_OWN_RECIPE,
                &[
                    ("name", ToolArg::Text("Toast".into())),
                    ("ingredients", ToolArg::Text("2 slices bread".into())),
                ],
            )),
            Some(ToolRequest::AddOwnRecipe { servings: 1, ref meal_types, .. }) if meal_types.is_empty()
        ));
        assert_eq!(
            from_call(&call(
                names::ADD_OWN_RECIPE,
                &[
                    ("name", ToolArg::Text("Toast".into())),
                    ("ingredients", ToolArg::Text(" ; ".into())),
                ],
            )),
            None
        );
        assert_eq!(
            from_call(&call(
                names::ADD_OWN_RECIPE,
                &[("ingredients", ToolArg::Text("2 slices bread".into()))],
            )),
            None
        );
        assert!(specs().iter().any(|s| {
            s.name == names::ADD_OWN_RECIPE
                && ["name", "ingredients"]
                    .iter()
                    .all(|n| s.params.iter().any(|p| p.name == *n && p.required))
        }));
    }
}
