//! Reading a message without a language model: which of the seven tools
//! it asks for, and with what, in English or Spanish.

use mealplan_domain::MealType;
use mealplan_ports::ItemKind;

use super::lang::{Lang, day_word, detect, diet_words, english_food, meal_word, normalise};
use super::tools::{Choice, Criteria, MealRef, ToolRequest};

/// What a message asks for.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// A tool to run.
    Tool(ToolRequest),
    /// A greeting: introduce yourself.
    Greeting,
    /// Thanks: say you're welcome.
    Thanks,
    /// Anything else: say what you can do.
    Help,
}

/// A message understood.
#[derive(Debug, Clone, PartialEq)]
pub struct Understood {
    /// Language to answer in.
    pub lang: Lang,
    /// What to do.
    pub action: Action,
}

/// Whether `text` (normalised, single-spaced) contains `phrase` as whole
/// words.
fn has(text: &str, phrase: &str) -> bool {
    format!(" {text} ").contains(&format!(" {phrase} "))
}

fn has_any(text: &str, phrases: &[&str]) -> bool {
    phrases.iter().any(|p| has(text, p))
}

/// The words after the first of `openers` found in `text`, if any.
fn after<'t>(text: &'t str, openers: &[&str]) -> Option<&'t str> {
    openers
        .iter()
        .filter_map(|o| {
            let padded = format!(" {text} ");
            padded
                .find(&format!(" {o} "))
                .map(|at| (at, at + o.len() + 1))
        })
        .min_by_key(|(at, _)| *at)
        .map(|(_, end)| text.get(end.min(text.len())..).unwrap_or("").trim())
}

const ARTICLES: &[&str] = &[
    "the", "a", "an", "any", "el", "la", "los", "las", "un", "una", "unos", "unas", "lo", "al",
];

const STOP: &[&str] = &[
    "please", "anymore", "at", "all", "por", "favor", "nada", "mucho", "much", "very", "really",
    "so", "too", "food", "foods", "comida", "y", "and", "because", "porque", "in", "en", "my",
    "mi", "plan",
];

/// The object of a like/dislike phrase: articles and filler dropped.
fn object(words: &str) -> String {
    let kept: Vec<&str> = words
        .split(' ')
        .skip_while(|w| ARTICLES.contains(w))
        .take_while(|w| !STOP.contains(w))
        .collect();
    kept.join(" ")
}

const ALLERGY_FOODS: &[(&[&str], &str)] = &[
    (
        &[
            "nuts",
            "nut",
            "tree nuts",
            "walnuts",
            "almonds",
            "frutos secos",
            "nueces",
        ],
        "nut allergy",
    ),
    (
        &["peanut", "peanuts", "cacahuete", "cacahuetes", "mani"],
        "peanut allergy",
    ),
    (
        &[
            "shellfish",
            "seafood",
            "shrimp",
            "prawns",
            "marisco",
            "mariscos",
        ],
        "shellfish allergy",
    ),
    (&["fish", "pescado"], "fish allergy"),
    (&["egg", "eggs", "huevo", "huevos"], "egg allergy"),
    (&["soy", "soya", "soja"], "soy allergy"),
    (&["sesame", "sesamo"], "sesame allergy"),
    (&["gluten", "wheat", "trigo"], "gluten free"),
    (
        &["lactose", "milk", "dairy", "lactosa", "leche", "lacteos"],
        "lactose intolerance",
    ),
];

/// The restriction name for an allergy or intolerance to `food`.
fn allergy_name(food: &str) -> String {
    ALLERGY_FOODS
        .iter()
        .find(|(foods, _)| foods.contains(&food))
        .map(|(_, name)| (*name).to_owned())
        .unwrap_or_else(|| format!("{} allergy", english_food(food)))
}

const TASTES: &[(&str, &str)] = &[
    ("spicy", "spicy"),
    ("hot", "spicy"),
    ("picante", "spicy"),
    ("sweet", "sweet"),
    ("dulce", "sweet"),
    ("savory", "savory"),
    ("savoury", "savory"),
    ("salty", "savory"),
    ("salado", "savory"),
    ("sour", "sour"),
    ("agrio", "sour"),
    ("acido", "sour"),
    ("bitter", "bitter"),
    ("amargo", "bitter"),
    ("umami", "umami"),
];

/// A taste word of `phrase` (predefined taste names in English).
fn taste_of(phrase: &str) -> String {
    let first = phrase.split(' ').next().unwrap_or(phrase);
    TASTES
        .iter()
        .find(|(w, _)| *w == first)
        .map(|(_, t)| (*t).to_owned())
        .unwrap_or_else(|| english_food(phrase))
}

/// A day, meal type, ordinal and recipe name mentioned in `text`.
fn meal_ref(text: &str, today: u8) -> MealRef {
    let words: Vec<&str> = text.split(' ').collect();
    let mut r = MealRef::default();
    for (i, w) in words.iter().enumerate() {
        if r.day.is_none() {
            r.day = day_word(w).or(match *w {
                "today" | "tonight" | "hoy" => Some(today),
                "tomorrow" => Some(today % 7 + 1),
                // "mañana" is tomorrow unless it is "la mañana" (the morning).
                "manana" if i == 0 || !["la", "esta"].contains(&words[i - 1]) => {
                    Some(today % 7 + 1)
                }
                _ => None,
            });
        }
        if r.meal_type.is_none() {
            r.meal_type = meal_word(w);
            if r.meal_type == Some(MealType::Snack) {
                r.ordinal = ordinal(words.get(i.wrapping_sub(1)).copied())
                    .or_else(|| ordinal(words.get(i + 1).copied()));
            }
        }
    }
    if has(text, "esta noche") {
        r.day.get_or_insert(today);
        r.meal_type.get_or_insert(MealType::Dinner);
    }
    r
}

fn ordinal(word: Option<&str>) -> Option<usize> {
    Some(match word? {
        "first" | "1st" | "primer" | "primera" | "1" => 1,
        "second" | "2nd" | "segundo" | "segunda" | "2" => 2,
        "third" | "3rd" | "tercer" | "tercera" | "3" => 3,
        _ => return None,
    })
}

/// The first whole number after one of `openers` (`option 2`, `#2`).
fn number_after(text: &str, openers: &[&str]) -> Option<usize> {
    after(text, openers)?
        .split(' ')
        .next()?
        .trim_start_matches('#')
        .parse()
        .ok()
}

/// A number followed (soon) by one of `units`, after one of `openers`.
fn amount(text: &str, openers: &[&str], units: &[&str]) -> Option<f64> {
    let words: Vec<&str> = text.split(' ').collect();
    for (i, w) in words.iter().enumerate() {
        let Ok(n) = w
            .trim_end_matches("kcal")
            .trim_end_matches('g')
            .parse::<f64>()
        else {
            continue;
        };
        let before = words[i.saturating_sub(3)..i].join(" ");
        let unit_near = words[i + 1..(i + 4).min(words.len())]
            .iter()
            .any(|u| units.contains(u))
            || units.iter().any(|u| w.ends_with(u));
        if unit_near && openers.iter().any(|o| has(&before, o)) {
            return Some(n);
        }
    }
    None
}

const SWAP_VERBS: &[&str] = &[
    "replace",
    "swap",
    "change",
    "switch",
    "substitute",
    "cambia",
    "cambiar",
    "cambiame",
    "reemplaza",
    "reemplazar",
    "sustituye",
    "sustituir",
    "quita",
];
const ALTERNATIVE_WORDS: &[&str] = &[
    "alternatives",
    "alternative",
    "options",
    "instead",
    "suggest",
    "suggestions",
    "other ideas",
    "alternativas",
    "alternativa",
    "opciones",
    "sugiere",
    "sugerencias",
    "en lugar",
    "en vez",
];
const PLAN_NOUNS: &[&str] = &[
    "plan",
    "meal plan",
    "menu",
    "menus",
    "week",
    "weekly",
    "semana",
    "semanal",
    "diet plan",
];
const CREATE_VERBS: &[&str] = &[
    "create",
    "make",
    "generate",
    "build",
    "give me",
    "new",
    "plan my",
    "prepare",
    "set up",
    "crea",
    "crear",
    "creame",
    "genera",
    "generar",
    "generame",
    "haz",
    "hazme",
    "hacer",
    "dame",
    "nuevo",
    "nueva",
    "arma",
    "armame",
    "prepara",
    "preparame",
    "organiza",
    "necesito",
    "quiero",
    "want",
    "need",
];
const SEARCH_WORDS: &[&str] = &[
    "find",
    "search",
    "look for",
    "looking for",
    "recipes",
    "recipe ideas",
    "ideas",
    "suggest",
    "busca",
    "buscar",
    "buscame",
    "recetas",
    "ideas de",
    "recomienda",
    "recommend",
];
const SHOW_WORDS: &[&str] = &[
    "show",
    "see",
    "view",
    "what",
    "whats",
    "tell",
    "summary",
    "summarise",
    "summarize",
    "list",
    "muestra",
    "muestrame",
    "ensename",
    "ver",
    "cual",
    "cuales",
    "que",
    "resumen",
    "resume",
    "dime",
    "how",
];

/// Reads `message`; `today` is today's day of week (1 = Monday).
pub fn understand(message: &str, today: u8) -> Understood {
    let text = normalise(message);
    let words: Vec<&str> = text.split(' ').filter(|w| !w.is_empty()).collect();
    let lang = detect(&words);
    let action = action(&text, today);
    Understood { lang, action }
}

fn action(text: &str, today: u8) -> Action {
    let tool = |t| Action::Tool(t);
    let meal = meal_ref(text, today);
    let names_meal = meal.meal_type.is_some() || has_any(text, &["recipe", "receta", "meal"]);

    // Likes, dislikes and allergies (unless they are about a planned meal).
    if let Some(pref) = preference(text) {
        if !(names_meal && (meal.day.is_some() || has_any(text, &["my", "mi", "plan"]))) {
            return tool(pref);
        }
        return tool(ToolRequest::SuggestAlternatives { meal });
    }

    // Changing a meal of the plan.
    if has_any(text, SWAP_VERBS) && names_meal {
        let choice = number_after(
            text,
            &["option", "opcion", "number", "numero", "#", "choice"],
        )
        .map(Choice::Option)
        .or_else(|| {
            after(text, &["with", "for", "por", "con"])
                .map(object)
                .filter(|n| !n.is_empty() && n.split(' ').all(|w| day_word(w).is_none()))
                .filter(|n| meal_word(n).is_none())
                .map(Choice::Name)
        });
        let meal = MealRef {
            recipe_name: None,
            ..meal
        };
        if has_any(text, ALTERNATIVE_WORDS) && choice.is_none() {
            return tool(ToolRequest::SuggestAlternatives { meal });
        }
        return tool(ToolRequest::ReplaceMeal { meal, choice });
    }
    if has_any(text, ALTERNATIVE_WORDS)
        && meal.meal_type.is_some()
        && !has_any(text, &["recipes", "recetas"])
    {
        return tool(ToolRequest::SuggestAlternatives { meal });
    }

    // A new plan.
    let wants_plan = has_any(text, PLAN_NOUNS);
    if wants_plan && has_any(text, CREATE_VERBS) && !has_any(text, SHOW_WORDS[..4].as_ref()) {
        let days = number_after(text, &["for", "para", "de"])
            .filter(|_| has_any(text, &["days", "day", "dias", "dia"]))
            .map_or(7, |d| d.clamp(1, 7) as u8);
        return tool(ToolRequest::GenerateWeeklyPlan { days });
    }
    if has_any(
        text,
        &["plan my week", "planifica mi semana", "organiza mi semana"],
    ) {
        return tool(ToolRequest::GenerateWeeklyPlan { days: 7 });
    }

    // Searching the catalogue.
    if has_any(text, SEARCH_WORDS) && !has_any(text, &["my plan", "mi plan"]) {
        return tool(ToolRequest::SearchRecipes(criteria(text)));
    }

    // The profile and targets.
    if has_any(
        text,
        &[
            "my profile",
            "profile",
            "my targets",
            "targets",
            "my goal",
            "my goals",
            "my macros",
            "macros",
            "how many calories",
            "what do you know about me",
            "my data",
            "mi perfil",
            "perfil",
            "mis objetivos",
            "objetivos",
            "mis datos",
            "mis macros",
            "cuantas calorias",
            "que sabes de mi",
        ],
    ) {
        return tool(ToolRequest::ProfileSummary);
    }

    // The plan, or a day of it.
    if wants_plan
        || has_any(
            text,
            &[
                "what do i eat",
                "what should i eat",
                "what s for",
                "whats for",
                "what is for",
                "my meals",
                "today s meals",
                "que como",
                "que ceno",
                "que desayuno",
                "mis comidas",
                "que toca",
            ],
        )
        || (meal.day.is_some() && has_any(text, SHOW_WORDS))
    {
        return tool(ToolRequest::PlanSummary { day: meal.day });
    }

    if has_any(
        text,
        &[
            "hi",
            "hello",
            "hey",
            "hola",
            "buenas",
            "buenos dias",
            "buenas tardes",
            "good morning",
            "good evening",
            "good afternoon",
        ],
    ) {
        return Action::Greeting;
    }
    if has_any(
        text,
        &[
            "thanks",
            "thank you",
            "gracias",
            "cheers",
            "perfect",
            "perfecto",
            "genial",
        ],
    ) {
        return Action::Thanks;
    }
    Action::Help
}

/// A like, dislike, allergy or intolerance, as a preference to add.
fn preference(text: &str) -> Option<ToolRequest> {
    let add = |kind, name: String| {
        (!name.is_empty()).then_some(ToolRequest::AddPreference { kind, name })
    };
    if let Some(rest) = after(
        text,
        &[
            "allergic to",
            "allergy to",
            "i have an allergy to",
            "intolerant to",
            "alergico a",
            "alergica a",
            "alergia a",
            "alergia al",
            "alergico al",
            "alergica al",
            "intolerante a",
            "intolerancia a",
        ],
    ) {
        return add(ItemKind::Restriction, allergy_name(&object(rest)));
    }
    if has_any(text, &["lactose intolerant", "intolerante a la lactosa"]) {
        return add(ItemKind::Restriction, "lactose intolerance".into());
    }
    if has_any(text, &["celiac", "coeliac", "celiaco", "celiaca"]) {
        return add(ItemKind::Restriction, "gluten free".into());
    }
    if let Some(rest) = after(
        text,
        &[
            "i don t like",
            "i dont like",
            "i do not like",
            "i hate",
            "i can t eat",
            "i cant eat",
            "i cannot eat",
            "i don t eat",
            "i dont eat",
            "i do not eat",
            "i avoid",
            "no more",
            "no me gusta",
            "no me gustan",
            "odio",
            "no puedo comer",
            "no como",
            "no quiero",
            "sin",
        ],
    ) {
        let food = object(rest);
        if TASTES
            .iter()
            .any(|(w, _)| food.split(' ').next() == Some(*w))
        {
            // A taste disliked is not a restriction; nothing to add.
            return None;
        }
        return add(ItemKind::Restriction, english_food(&food));
    }
    if let Some(rest) = after(
        text,
        &[
            "i love",
            "i like",
            "i really like",
            "i prefer",
            "i enjoy",
            "me gusta",
            "me gustan",
            "me encanta",
            "me encantan",
            "prefiero",
            "me chifla",
        ],
    ) {
        let food = object(rest);
        if food.is_empty() || has_any(&food, PLAN_NOUNS) || meal_word(&food).is_some() {
            return None;
        }
        return add(ItemKind::Taste, taste_of(&food));
    }
    None
}

/// Search criteria named in `text`.
fn criteria(text: &str) -> Criteria {
    let words: Vec<&str> = text.split(' ').collect();
    let meal_type = words.iter().find_map(|w| meal_word(w));
    let query = after(
        text,
        &[
            "with",
            "con",
            "containing",
            "que tengan",
            "que lleven",
            "de",
        ],
    )
    .map(object)
    .map(|o| {
        o.split(' ')
            .take_while(|w| w.parse::<f64>().is_err())
            .collect::<Vec<_>>()
            .join(" ")
    })
    .map(|o| {
        o.split(' ')
            .take_while(|w| {
                ![
                    "under", "below", "less", "menos", "mas", "more", "over", "at", "and", "y",
                ]
                .contains(w)
            })
            .collect::<Vec<_>>()
            .join(" ")
    })
    .map(|o| english_food(&o))
    .filter(|o| !o.is_empty() && diet_words(o).is_none() && meal_word(o).is_none())
    .filter(|o| !["protein", "proteina", "calories", "calorias"].contains(&o.as_str()));
    Criteria {
        meal_type,
        diet_type: diet_words(text),
        max_calories: amount(
            text,
            &[
                "under",
                "below",
                "less than",
                "max",
                "maximum",
                "at most",
                "menos de",
                "maximo",
                "hasta",
            ],
            &["kcal", "calories", "cal", "calorias"],
        ),
        min_protein: amount(
            text,
            &[
                "at least",
                "over",
                "more than",
                "min",
                "minimum",
                "above",
                "mas de",
                "minimo",
                "al menos",
            ],
            &["protein", "proteina", "proteinas", "g"],
        ),
        max_carbs: amount(
            text,
            &[
                "under",
                "below",
                "less than",
                "max",
                "at most",
                "menos de",
                "maximo",
            ],
            &["carbs", "carbohydrates", "carbohidratos"],
        ),
        max_fat: amount(
            text,
            &[
                "under",
                "below",
                "less than",
                "max",
                "at most",
                "menos de",
                "maximo",
            ],
            &["fat", "grasa"],
        ),
        query,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mealplan_domain::DietType;

    fn tool(message: &str) -> ToolRequest {
        match understand(message, 3).action {
            Action::Tool(t) => t,
            other => panic!("{message:?} → {other:?}"),
        }
    }

    fn lang(message: &str) -> Lang {
        understand(message, 3).lang
    }

    #[test]
    fn weekly_plans_in_both_languages() {
        for m in [
            "Create my weekly plan",
            "create my weekly meal plan please",
            "Make me a plan for the week",
            "I want a new meal plan",
            "genera mi plan semanal",
            "Genera mi plan semanal",
            "Crea un plan de comidas para la semana",
            "hazme un menú semanal",
        ] {
            assert_eq!(tool(m), ToolRequest::GenerateWeeklyPlan { days: 7 }, "{m}");
        }
        assert_eq!(
            tool("Create a plan for 3 days"),
            ToolRequest::GenerateWeeklyPlan { days: 3 }
        );
        assert_eq!(lang("genera mi plan semanal"), Lang::Es);
        assert_eq!(lang("Create my weekly plan"), Lang::En);
    }

    #[test]
    fn plan_and_profile_summaries() {
        for m in [
            "Show my plan",
            "what's my plan?",
            "muéstrame mi plan",
            "resumen de mi plan",
        ] {
            assert_eq!(tool(m), ToolRequest::PlanSummary { day: None }, "{m}");
        }
        assert_eq!(
            tool("What's for dinner on Tuesday?"),
            ToolRequest::PlanSummary { day: Some(2) }
        );
        assert_eq!(
            tool("¿Qué ceno el viernes?"),
            ToolRequest::PlanSummary { day: Some(5) }
        );
        for m in [
            "show my profile",
            "What are my targets?",
            "muestra mi perfil",
            "¿cuáles son mis objetivos?",
        ] {
            assert_eq!(tool(m), ToolRequest::ProfileSummary, "{m}");
        }
    }

    #[test]
    fn meals_to_replace_and_alternatives() {
        let monday_lunch = MealRef {
            day: Some(1),
            meal_type: Some(MealType::Lunch),
            ..MealRef::default()
        };
        assert_eq!(
            tool("Replace my Monday lunch"),
            ToolRequest::ReplaceMeal {
                meal: monday_lunch.clone(),
                choice: None
            }
        );
        assert_eq!(
            tool("cambia el almuerzo del lunes"),
            ToolRequest::ReplaceMeal {
                meal: monday_lunch.clone(),
                choice: None
            }
        );
        assert_eq!(
            tool("swap monday's lunch with option 2"),
            ToolRequest::ReplaceMeal {
                meal: monday_lunch.clone(),
                choice: Some(Choice::Option(2))
            }
        );
        assert_eq!(
            tool("cambia el almuerzo del lunes por la opción 3"),
            ToolRequest::ReplaceMeal {
                meal: monday_lunch.clone(),
                choice: Some(Choice::Option(3))
            }
        );
        assert_eq!(
            tool("Suggest alternatives for Monday's lunch"),
            ToolRequest::SuggestAlternatives {
                meal: monday_lunch.clone()
            }
        );
        assert_eq!(
            tool("alternativas para el almuerzo del lunes"),
            ToolRequest::SuggestAlternatives { meal: monday_lunch }
        );
        // Today is Wednesday (3): "tonight" is Wednesday's dinner.
        assert_eq!(
            tool("change tonight's dinner"),
            ToolRequest::ReplaceMeal {
                meal: MealRef {
                    day: Some(3),
                    meal_type: Some(MealType::Dinner),
                    ..MealRef::default()
                },
                choice: None
            }
        );
        assert_eq!(
            tool("replace the second snack on friday"),
            ToolRequest::ReplaceMeal {
                meal: MealRef {
                    day: Some(5),
                    meal_type: Some(MealType::Snack),
                    ordinal: Some(2),
                    ..MealRef::default()
                },
                choice: None
            }
        );
    }

    #[test]
    fn searches_with_criteria() {
        assert_eq!(
            tool("Find vegan breakfast recipes under 400 kcal"),
            ToolRequest::SearchRecipes(Criteria {
                meal_type: Some(MealType::Breakfast),
                diet_type: Some(DietType::Vegan),
                max_calories: Some(400.0),
                ..Criteria::default()
            })
        );
        assert_eq!(
            tool("search recipes with chicken and at least 30 g protein"),
            ToolRequest::SearchRecipes(Criteria {
                min_protein: Some(30.0),
                query: Some("chicken".into()),
                ..Criteria::default()
            })
        );
        assert_eq!(
            tool("busca recetas con pollo"),
            ToolRequest::SearchRecipes(Criteria {
                query: Some("chicken".into()),
                ..Criteria::default()
            })
        );
        assert_eq!(
            tool("busca cenas vegetarianas de menos de 500 calorías"),
            ToolRequest::SearchRecipes(Criteria {
                meal_type: Some(MealType::Dinner),
                diet_type: Some(DietType::Vegetarian),
                max_calories: Some(500.0),
                ..Criteria::default()
            })
        );
    }

    #[test]
    fn tastes_and_restrictions() {
        let restriction = |name: &str| ToolRequest::AddPreference {
            kind: ItemKind::Restriction,
            name: name.into(),
        };
        let taste = |name: &str| ToolRequest::AddPreference {
            kind: ItemKind::Taste,
            name: name.into(),
        };
        assert_eq!(tool("I don't like fish"), restriction("fish"));
        assert_eq!(tool("no me gusta el pescado"), restriction("fish"));
        assert_eq!(tool("No me gustan las setas"), restriction("mushrooms"));
        assert_eq!(tool("I'm allergic to nuts"), restriction("nut allergy"));
        assert_eq!(
            tool("soy alérgico a los frutos secos"),
            restriction("nut allergy")
        );
        assert_eq!(tool("I am allergic to kiwi"), restriction("kiwi allergy"));
        assert_eq!(
            tool("I'm lactose intolerant"),
            restriction("lactose intolerance")
        );
        assert_eq!(tool("I love spicy food"), taste("spicy"));
        assert_eq!(tool("me encanta lo picante"), taste("spicy"));
        assert_eq!(tool("I like chicken"), taste("chicken"));
        assert_eq!(lang("no me gusta el pescado"), Lang::Es);
    }

    #[test]
    fn greetings_thanks_and_everything_else() {
        assert_eq!(understand("Hello!", 1).action, Action::Greeting);
        assert_eq!(understand("hola", 1).action, Action::Greeting);
        assert_eq!(understand("thanks a lot", 1).action, Action::Thanks);
        assert_eq!(
            understand("what is the meaning of life", 1).action,
            Action::Help
        );
        assert_eq!(understand("asdf qwerty", 1).action, Action::Help);
        assert_eq!(
            understand("¿cuál es el sentido de la vida?", 1).lang,
            Lang::Es
        );
    }
}
