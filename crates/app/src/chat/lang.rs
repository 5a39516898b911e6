//! Words the assistant understands, in English and Spanish: days, meals,
//! foods, diet words, and the language a message is written in.

use mealplan_domain::{DietType, MealType};

/// The language of a message, and of the answer to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Lang {
    /// English (the default).
    #[default]
    En,
    /// Spanish (the original service's language).
    Es,
}

impl Lang {
    /// `en` or `es`, whichever this is.
    pub fn pick<'a>(self, en: &'a str, es: &'a str) -> &'a str {
        match self {
            Self::En => en,
            Self::Es => es,
        }
    }
}

/// Lowercase, accents folded, punctuation turned into spaces (digits,
/// letters, `%`, `#` and `.` within numbers kept), single-spaced.
pub fn normalise(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let chars: Vec<char> = text.chars().collect();
    for (i, c) in chars.iter().enumerate() {
        let c = fold(c.to_lowercase().next().unwrap_or(*c));
        let keep = c.is_alphanumeric()
            || c == '#'
            || c == '%'
            || (c == '.'
                && i > 0
                && chars[i - 1].is_ascii_digit()
                && chars.get(i + 1).is_some_and(|n| n.is_ascii_digit()));
        out.push(if keep { c } else { ' ' });
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn fold(c: char) -> char {
    match c {
        'á' | 'à' | 'ä' | 'â' => 'a',
        'é' | 'è' | 'ë' | 'ê' => 'e',
        'í' | 'ì' | 'ï' | 'î' => 'i',
        'ó' | 'ò' | 'ö' | 'ô' => 'o',
        'ú' | 'ù' | 'ü' | 'û' => 'u',
        'ñ' => 'n',
        other => other,
    }
}

/// Words that only Spanish uses (after [`normalise`]).
const SPANISH: &[&str] = &[
    "mi",
    "mis",
    "el",
    "la",
    "los",
    "las",
    "del",
    "de",
    "que",
    "por",
    "para",
    "con",
    "una",
    "un",
    "genera",
    "generar",
    "crea",
    "crear",
    "hazme",
    "haz",
    "dame",
    "quiero",
    "cambia",
    "cambiar",
    "reemplaza",
    "sustituye",
    "busca",
    "buscar",
    "recetas",
    "receta",
    "semanal",
    "semana",
    "perfil",
    "gusta",
    "gustan",
    "encanta",
    "soy",
    "alergico",
    "alergica",
    "desayuno",
    "almuerzo",
    "comida",
    "cena",
    "merienda",
    "lunes",
    "martes",
    "miercoles",
    "jueves",
    "viernes",
    "sabado",
    "domingo",
    "hoy",
    "manana",
    "hola",
    "gracias",
    "muestra",
    "muestrame",
    "ensename",
    "cual",
    "cuales",
    "cuantas",
    "calorias",
    "proteina",
    "opcion",
    "alternativas",
    "puedo",
    "como",
    "tengo",
    "objetivos",
    "datos",
    "ayuda",
    "dias",
    "menu",
    "sin",
    "pescado",
    "pollo",
    "carne",
    "nuevo",
    "nueva",
    "otra",
    "otro",
    "es",
    "y",
    "o",
    "pero",
    "mas",
    "menos",
];

/// English words a Spanish message would not use.
const ENGLISH: &[&str] = &[
    "my",
    "the",
    "a",
    "an",
    "of",
    "for",
    "with",
    "me",
    "please",
    "create",
    "make",
    "generate",
    "build",
    "give",
    "plan",
    "weekly",
    "week",
    "show",
    "what",
    "is",
    "i",
    "want",
    "replace",
    "swap",
    "change",
    "find",
    "search",
    "recipes",
    "recipe",
    "profile",
    "like",
    "love",
    "hate",
    "allergic",
    "breakfast",
    "lunch",
    "dinner",
    "snack",
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
    "today",
    "tomorrow",
    "hello",
    "hi",
    "thanks",
    "how",
    "many",
    "calories",
    "protein",
    "option",
    "alternatives",
    "can",
    "don",
    "t",
    "to",
    "and",
    "or",
    "but",
    "more",
    "less",
    "under",
];

/// The language `words` are more likely written in (English on a tie).
pub fn detect(words: &[&str]) -> Lang {
    let count = |list: &[&str]| words.iter().filter(|w| list.contains(w)).count();
    if count(SPANISH) > count(ENGLISH) {
        Lang::Es
    } else {
        Lang::En
    }
}

/// Day of week (1 = Monday) a word names.
pub fn day_word(word: &str) -> Option<u8> {
    Some(match word {
        "monday" | "mon" | "lunes" => 1,
        "tuesday" | "tue" | "tues" | "martes" => 2,
        "wednesday" | "wed" | "miercoles" => 3,
        "thursday" | "thu" | "thur" | "thurs" | "jueves" => 4,
        "friday" | "fri" | "viernes" => 5,
        "saturday" | "sat" | "sabado" => 6,
        "sunday" | "sun" | "domingo" => 7,
        _ => return None,
    })
}

/// The English and Spanish names of a day of week.
pub fn day_name(day: u8, lang: Lang) -> &'static str {
    const EN: [&str; 7] = [
        "Monday",
        "Tuesday",
        "Wednesday",
        "Thursday",
        "Friday",
        "Saturday",
        "Sunday",
    ];
    const ES: [&str; 7] = [
        "lunes",
        "martes",
        "miércoles",
        "jueves",
        "viernes",
        "sábado",
        "domingo",
    ];
    let i = usize::from(day.clamp(1, 7) - 1);
    lang.pick(EN[i], ES[i])
}

/// The meal type a word names.
pub fn meal_word(word: &str) -> Option<MealType> {
    Some(match word {
        "breakfast" | "breakfasts" | "brunch" | "desayuno" | "desayunos" => MealType::Breakfast,
        "lunch" | "lunches" | "almuerzo" | "almuerzos" | "comida" => MealType::Lunch,
        "dinner" | "dinners" | "supper" | "cena" | "cenas" | "tonight" => MealType::Dinner,
        "snack" | "snacks" | "merienda" | "meriendas" | "tentempie" | "colacion" => MealType::Snack,
        _ => return None,
    })
}

/// A meal type's name in `lang`.
pub fn meal_name(meal: MealType, lang: Lang) -> &'static str {
    match (meal, lang) {
        (MealType::Breakfast, Lang::En) => "breakfast",
        (MealType::Lunch, Lang::En) => "lunch",
        (MealType::Dinner, Lang::En) => "dinner",
        (MealType::Snack, Lang::En) => "snack",
        (MealType::Breakfast, Lang::Es) => "desayuno",
        (MealType::Lunch, Lang::Es) => "almuerzo",
        (MealType::Dinner, Lang::Es) => "cena",
        (MealType::Snack, Lang::Es) => "merienda",
    }
}

/// Diet types a normalised phrase names (`high protein`, `vegana`, …).
pub fn diet_words(text: &str) -> Option<DietType> {
    const PHRASES: &[(&str, DietType)] = &[
        ("high protein", DietType::HighProtein),
        ("protein rich", DietType::HighProtein),
        ("rich in protein", DietType::HighProtein),
        ("alto en proteina", DietType::HighProtein),
        ("altas en proteina", DietType::HighProtein),
        ("altos en proteina", DietType::HighProtein),
        ("alta en proteina", DietType::HighProtein),
        ("proteicas", DietType::HighProtein),
        ("proteica", DietType::HighProtein),
        ("low carb", DietType::LowCarb),
        ("bajo en carbohidratos", DietType::LowCarb),
        ("bajas en carbohidratos", DietType::LowCarb),
        ("vegan", DietType::Vegan),
        ("vegana", DietType::Vegan),
        ("veganas", DietType::Vegan),
        ("veganos", DietType::Vegan),
        ("vegano", DietType::Vegan),
        ("vegetarian", DietType::Vegetarian),
        ("vegetariana", DietType::Vegetarian),
        ("vegetarianas", DietType::Vegetarian),
        ("vegetariano", DietType::Vegetarian),
        ("low calorie", DietType::LowCalorie),
        ("light", DietType::LowCalorie),
        ("bajo en calorias", DietType::LowCalorie),
        ("bajas en calorias", DietType::LowCalorie),
        ("ligeras", DietType::LowCalorie),
        ("high fiber", DietType::HighFiber),
        ("high fibre", DietType::HighFiber),
        ("rica en fibra", DietType::HighFiber),
        ("ricas en fibra", DietType::HighFiber),
        ("high carb", DietType::HighCarb),
        ("alto en carbohidratos", DietType::HighCarb),
    ];
    let padded = format!(" {text} ");
    PHRASES
        .iter()
        .find(|(phrase, _)| padded.contains(&format!(" {phrase} ")))
        .map(|(_, d)| *d)
}

/// Food and restriction words in Spanish, with the English names the
/// catalogue and the restriction rules use.
const FOODS_ES: &[(&str, &str)] = &[
    ("pescado", "fish"),
    ("pescados", "fish"),
    ("pollo", "chicken"),
    ("cerdo", "pork"),
    ("carne de cerdo", "pork"),
    ("carne", "meat"),
    ("carne roja", "red meat"),
    ("ternera", "beef"),
    ("res", "beef"),
    ("marisco", "shellfish"),
    ("mariscos", "shellfish"),
    ("gambas", "shrimp"),
    ("camarones", "shrimp"),
    ("huevo", "egg"),
    ("huevos", "egg"),
    ("leche", "milk"),
    ("lacteos", "dairy"),
    ("queso", "cheese"),
    ("nueces", "nuts"),
    ("frutos secos", "nuts"),
    ("cacahuete", "peanut"),
    ("cacahuetes", "peanut"),
    ("mani", "peanut"),
    ("soja", "soy"),
    ("sesamo", "sesame"),
    ("gluten", "gluten"),
    ("trigo", "wheat"),
    ("lactosa", "lactose"),
    ("atun", "tuna"),
    ("salmon", "salmon"),
    ("tofu", "tofu"),
    ("arroz", "rice"),
    ("pasta", "pasta"),
    ("avena", "oats"),
    ("setas", "mushrooms"),
    ("champinones", "mushrooms"),
    ("cebolla", "onion"),
    ("ajo", "garlic"),
    ("tomate", "tomato"),
    ("tomates", "tomato"),
    ("aguacate", "avocado"),
    ("platano", "banana"),
    ("platanos", "banana"),
    ("lentejas", "lentils"),
    ("garbanzos", "chickpeas"),
    ("espinacas", "spinach"),
    ("brocoli", "broccoli"),
    ("patata", "potato"),
    ("patatas", "potato"),
    ("papa", "potato"),
    ("papas", "potato"),
    ("pavo", "turkey"),
    ("cordero", "lamb"),
    ("chocolate", "chocolate"),
    ("fresas", "strawberries"),
    ("yogur", "yogurt"),
    ("cilantro", "cilantro"),
    ("coco", "coconut"),
    ("mostaza", "mustard"),
    ("apio", "celery"),
    ("picante", "spicy"),
    ("dulce", "sweet"),
    ("salado", "savory"),
    ("agrio", "sour"),
    ("acido", "sour"),
    ("amargo", "bitter"),
];

/// The English name of a (normalised) food phrase: Spanish words are
/// translated, English ones kept.
pub fn english_food(phrase: &str) -> String {
    FOODS_ES
        .iter()
        .find(|(es, _)| *es == phrase)
        .map(|(_, en)| (*en).to_owned())
        .unwrap_or_else(|| phrase.to_owned())
}
