//! Words the assistant understands, in English and Spanish: days, meals,
//! foods, diet words, and the language a message is written in.

use mealplan_domain::{DietType, Gender, MealType};

pub use super::vocab::{DAYS_EN, DAYS_ES};
use super::vocab::{DIET_PHRASES, ENGLISH_MARKERS, SPANISH_MARKERS, TASTES_ES};

/// The language of a message, and of the answer to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
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

/// The language `words` are written in: by marker words (each counted
/// for the one language that uses it), on a tie by whatlang's
/// statistical model on `raw` when it is reliable, then `earlier` (the
/// conversation's language), then English.
pub fn detect(words: &[&str], raw: &str, earlier: Option<Lang>) -> Lang {
    let glossary = mealplan_domain::glossary::Glossary::standard();
    // A unit symbol right after a number ("1,68 m", "70 kg") says
    // nothing of the language (a unit spelt out, "kilos", "pounds", does).
    let unit =
        |i: usize| i > 0 && words[i].chars().count() <= 2 && words[i - 1].parse::<f64>().is_ok();
    let words: Vec<&str> = words
        .iter()
        .enumerate()
        .filter(|(i, _)| !unit(*i))
        .map(|(_, w)| *w)
        .collect();
    let spanish = words
        .iter()
        .filter(|w| {
            SPANISH_MARKERS.contains(w)
                || DAYS_ES.contains(w)
                || (w.len() > 3 && glossary.english(w).is_some_and(|en| en != **w))
        })
        .count();
    let english = words
        .iter()
        .filter(|w| ENGLISH_MARKERS.contains(w) || DAYS_EN.contains(w))
        .count();
    if spanish != english {
        return if spanish > english {
            Lang::Es
        } else {
            Lang::En
        };
    }
    let detector =
        whatlang::Detector::with_allowlist(vec![whatlang::Lang::Eng, whatlang::Lang::Spa]);
    let guess = detector.detect(raw).map(|info| {
        let lang = if info.lang() == whatlang::Lang::Spa {
            Lang::Es
        } else {
            Lang::En
        };
        (lang, info.is_reliable(), info.confidence())
    });
    if let Some((lang, true, _)) = guess {
        return lang;
    }
    // Too short for a reliable guess: the conversation's language, else
    // the statistical model's best guess ("trabajo sentada") over a
    // blind default.
    earlier
        .or_else(|| guess.filter(|(_, _, c)| *c > 0.5).map(|(lang, _, _)| lang))
        .unwrap_or_default()
}

impl Lang {
    /// `en` or `es`, as the conversation memory stores it.
    pub fn code(self) -> &'static str {
        self.pick("en", "es")
    }

    /// The language a stored code names.
    pub fn from_code(code: &str) -> Option<Self> {
        match code {
            "en" => Some(Self::En),
            "es" => Some(Self::Es),
            _ => None,
        }
    }
}

/// Day of week (1 = Monday) a word names.
pub fn day_word(word: &str) -> Option<u8> {
    if let Some(i) = DAYS_EN.iter().chain(DAYS_ES).position(|d| *d == word) {
        return Some((i % 7) as u8 + 1);
    }
    Some(match word {
        "mon" => 1,
        "tue" | "tues" => 2,
        "wed" => 3,
        "thu" | "thur" | "thurs" => 4,
        "fri" => 5,
        "sat" => 6,
        "sun" => 7,
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
        "breakfast" | "breakfasts" | "brunch" | "desayuno" | "desayunos" | "desayunar"
        | "desayunado" | "desayune" => MealType::Breakfast,
        "lunch" | "lunches" | "almuerzo" | "almuerzos" | "comida" | "almorzar" | "almorzado"
        | "almorce" => MealType::Lunch,
        "dinner" | "dinners" | "supper" | "cena" | "cenas" | "tonight" | "cenar" | "ceno"
        | "cenado" | "cene" => MealType::Dinner,
        "snack" | "snacks" | "merienda" | "meriendas" | "tentempie" | "colacion" | "merendar"
        | "meriendo" | "merendado" | "merende" => MealType::Snack,
        _ => return None,
    })
}

/// The Spanish article of a meal's name (`el desayuno`, `la cena`).
pub fn meal_article(meal: MealType) -> &'static str {
    match meal {
        MealType::Breakfast | MealType::Lunch => "el",
        MealType::Dinner | MealType::Snack => "la",
    }
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
    diet_phrase(text).and_then(|(_, d)| DietType::parse(d).ok())
}

/// The first diet phrase a normalised text says, with its diet type's
/// name ("low carb", "low_carb").
pub fn diet_phrase(text: &str) -> Option<(&'static str, &'static str)> {
    let padded = format!(" {text} ");
    DIET_PHRASES
        .iter()
        .find(|(phrase, _)| padded.contains(&format!(" {phrase} ")))
        .copied()
}

/// Every phrase that names diet type `d` ("low carb", "bajo en
/// carbohidratos", …).
pub fn phrases_of(d: DietType) -> Vec<&'static str> {
    DIET_PHRASES
        .iter()
        .filter(|(_, name)| DietType::parse(name).ok() == Some(d))
        .map(|(p, _)| *p)
        .collect()
}

/// The English name of a (normalised) food phrase: Spanish names are
/// read through the domain's glossary, English ones kept.
pub fn english_food(phrase: &str) -> String {
    mealplan_domain::glossary::Glossary::standard()
        .english(phrase)
        .map_or_else(|| phrase.to_owned(), str::to_owned)
}

/// A food, allergen or kind name (English, as the rules use it) in
/// `lang`.
pub fn food_name(english: &str, lang: Lang) -> String {
    match lang {
        Lang::En => english.to_owned(),
        Lang::Es => {
            let glossary = mealplan_domain::glossary::Glossary::standard();
            TASTES_ES
                .iter()
                .find(|(en, _)| *en == english)
                .map(|(_, es)| (*es).to_owned())
                .or_else(|| glossary.spanish(english).map(str::to_owned))
                .or_else(|| {
                    // Another name of a node ("soy" for soybean).
                    mealplan_domain::Taxonomy::standard()
                        .resolve(english)
                        .and_then(|node| glossary.spanish(node))
                        .map(str::to_owned)
                })
                .unwrap_or_else(|| english.to_owned())
        }
    }
}

/// A stored restriction name (`sesame allergy`, `gluten free`, `pork`)
/// in `lang`.
pub fn restriction_name(name: &str, lang: Lang) -> String {
    if lang == Lang::En {
        return name.to_owned();
    }
    // "fish except salmon and tuna": "pescado excepto salmón y atún".
    if let Some((base, except)) = name.split_once(" except ") {
        let foods: Vec<String> = except
            .split(" and ")
            .map(|f| food_name(f.trim(), lang))
            .collect();
        let foods: Vec<&str> = foods.iter().map(String::as_str).collect();
        return format!(
            "{} excepto {}",
            restriction_name(base, lang),
            and_list(&foods, lang)
        );
    }
    match name {
        "gluten free" => "sin gluten".into(),
        "lactose intolerance" => "intolerancia a la lactosa".into(),
        other => match other.strip_suffix(" allergy") {
            Some(food) => format!("alergia a {}", food_name(food, lang)),
            None => food_name(other, lang),
        },
    }
}

/// A diet type's name in `lang`.
pub fn diet_name(d: DietType, lang: Lang) -> &'static str {
    match d {
        DietType::HighProtein => lang.pick("high protein", "alta en proteína"),
        DietType::LowCarb => lang.pick("low carb", "baja en carbohidratos"),
        DietType::Vegan => lang.pick("vegan", "vegana"),
        DietType::Vegetarian => lang.pick("vegetarian", "vegetariana"),
        DietType::LowCalorie => lang.pick("low calorie", "baja en calorías"),
        DietType::HighFiber => lang.pick("high fibre", "rica en fibra"),
        DietType::HighCarb => lang.pick("high carb", "alta en carbohidratos"),
    }
}

/// `a, b and c` / `a, b y c`.
pub(crate) fn and_list(items: &[&str], lang: Lang) -> String {
    match items {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [rest @ .., last] => format!("{} {} {last}", rest.join(", "), lang.pick("and", "y")),
    }
}

/// A relation in Spanish, by sex.
pub(crate) fn relation_es(english: &str, gender: Option<Gender>) -> &'static str {
    let female = gender == Some(Gender::Female);
    match english {
        "wife" => "esposa",
        "husband" => "marido",
        "partner" => "pareja",
        "girlfriend" => "novia",
        "boyfriend" => "novio",
        "son" => "hijo",
        "daughter" => "hija",
        "child" if female => "hija",
        "child" => "hijo",
        "mother" => "madre",
        "father" => "padre",
        "brother" => "hermano",
        "sister" => "hermana",
        "grandmother" => "abuela",
        "grandfather" => "abuelo",
        "grandson" => "nieto",
        "granddaughter" => "nieta",
        "grandchild" if female => "nieta",
        "grandchild" => "nieto",
        "aunt" => "tía",
        "uncle" => "tío",
        "niece" => "sobrina",
        "nephew" => "sobrino",
        "cousin" if female => "prima",
        "cousin" => "primo",
        "roommate" if female => "compañera",
        "roommate" => "compañero",
        "friend" if female => "amiga",
        "friend" => "amigo",
        _ => "familiar",
    }
}
