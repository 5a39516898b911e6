//! "Limón": a lemon in Spain (and Argentina, Uruguay), a lime in Mexico,
//! Central America, Peru and Colombia (branch ingr24). A line alone
//! cannot tell, so a Spanish line naming it is asked with SR28's lemon
//! and lime rows of the same part (the fruit, its juice, bottled juice),
//! unless the line itself says which ("limón amarillo", "zumo de limón",
//! "limón verde", "limón sutil"), or the recipe's other lines use words
//! of only one side ("patatas", "pimentón", "zumo" of Spain; "jitomate",
//! "tomatillo", "chile", "frijoles", "tortillas", "rocoto", "ají
//! amarillo" of the countries where it is a lime). Each side's words are ones the other
//! side does not cook with by that name ("ají", "camote" and "culantro"
//! are also said where a limón is a lemon, in Argentina or Chile, and are
//! not clues); a recipe with words of both, or of neither, asks.

/// Which fruit a "limón" is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Citrus {
    /// Citrus limon, yellow.
    Lemon,
    /// Citrus latifolia or aurantiifolia, green.
    Lime,
}

/// SR28's lemon rows and the lime row of the same part.
const TWINS: &[(u32, u32)] = &[
    (9150, 9159), // LEMONS,RAW,WITHOUT PEEL / LIMES,RAW
    (9152, 9160), // LEMON JUICE,RAW / LIME JUICE,RAW
    (9153, 9161), // bottled lemon juice / bottled lime juice
];

/// Words of a line that say a "limón" is a lemon or a lime outright.
const SAYS_LEMON: &[&str] = &["amarillo", "amarillos", "zumo", "siciliano", "eureka"];
const SAYS_LIME: &[&str] = &[
    "verde", "verdes", "sutil", "pica", "criollo", "mexicano", "persa", "tahiti",
];

/// Words of other lines used where a "limón" is a lemon (Spain) and not
/// where it is a lime, and the other way round. Plurals are taken off.
const SPAIN: &[&str] = &[
    "patata",
    "pimenton",
    "zumo",
    "judia",
    "alubia",
    "guisante",
    "gamba",
    "nata",
    "melocoton",
    "albaricoque",
    "guindilla",
];
const LIME_COUNTRIES: &[&str] = &[
    "jitomate",
    "tomatillo",
    "chile",
    "chipotle",
    "jalapeno",
    "epazote",
    "elote",
    "frijol",
    "frijole",
    "tortilla",
    "rocoto",
    "huacatay",
];
/// Peru's chillies, named with "ají" (alone, an Argentine cook's word too).
const PERU_AJI: &[&str] = &["amarillo", "limo", "panca", "mirasol"];

/// Lowercase words of `text` without accents.
fn words(text: &str) -> Vec<String> {
    let plain: String = text
        .to_lowercase()
        .chars()
        .map(|c| match c {
            'á' => 'a',
            'é' => 'e',
            'í' => 'i',
            'ó' => 'o',
            'ú' | 'ü' => 'u',
            'ñ' => 'n',
            c => c,
        })
        .collect();
    plain
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_owned)
        .collect()
}

/// Whether `text` names the Spanish "limón" (not the English "lemon").
pub fn says_limon(text: &str) -> bool {
    words(text).iter().any(|w| w == "limon" || w == "limones")
}

/// What the line itself says of its "limón", if anything.
pub fn said_in_line(text: &str) -> Option<Citrus> {
    let words = words(text);
    let any = |set: &[&str]| words.iter().any(|w| set.contains(&w.as_str()));
    match (any(SAYS_LEMON), any(SAYS_LIME)) {
        (true, false) => Some(Citrus::Lemon),
        (false, true) => Some(Citrus::Lime),
        _ => None,
    }
}

/// What a recipe's other lines say of its "limón": words of one side
/// only, or nothing.
pub fn said_by_recipe<'a>(others: impl IntoIterator<Item = &'a str>) -> Option<Citrus> {
    let (mut spain, mut lime) = (false, false);
    for text in others {
        let words = words(text);
        for (i, w) in words.iter().enumerate() {
            let w = w.strip_suffix('s').unwrap_or(w);
            spain |= SPAIN.contains(&w);
            lime |= LIME_COUNTRIES.contains(&w)
                || (matches!(w, "aji" | "ajie")
                    && words.get(i + 1).is_some_and(|next| {
                        PERU_AJI.contains(&next.strip_suffix('s').unwrap_or(next))
                    }));
        }
    }
    match (spain, lime) {
        (true, false) => Some(Citrus::Lemon),
        (false, true) => Some(Citrus::Lime),
        _ => None,
    }
}

/// The lime row of lemon row `ndb`.
pub fn lime_twin(ndb: u32) -> Option<u32> {
    TWINS.iter().find(|t| t.0 == ndb).map(|t| t.1)
}

/// The English words read from a "limón" line, turned to lime: "lemon
/// juice" is "lime juice".
pub fn as_lime(english: &str) -> String {
    english.replace("lemons", "limes").replace("lemon", "lime")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_says_which_only_with_a_word_of_one_side() {
        assert!(says_limon("2 limones, en gajos"));
        assert!(says_limon("jugo de limon"));
        assert!(!says_limon("1 lemon, juiced"));
        assert_eq!(said_in_line("el zumo de 1 limón"), Some(Citrus::Lemon));
        assert_eq!(said_in_line("3 limones verdes"), Some(Citrus::Lime));
        assert_eq!(said_in_line("2 cdas de jugo de limón"), None);
    }

    #[test]
    fn the_recipe_settles_it_only_by_words_of_one_side() {
        let mexican = ["4 jitomates", "2 chiles serranos", "sal al gusto"];
        let spanish = ["500 g de patatas", "1 cdta de pimentón dulce"];
        assert_eq!(said_by_recipe(mexican), Some(Citrus::Lime));
        assert_eq!(said_by_recipe(spanish), Some(Citrus::Lemon));
        assert_eq!(said_by_recipe(["1 cebolla", "sal"]), None);
        assert_eq!(
            said_by_recipe(["500 g de patatas", "2 chiles de árbol"]),
            None
        );
        // "Ají" alone is also Argentina's; "ají amarillo" is Peru's.
        assert_eq!(said_by_recipe(["1 cdta de ají molido"]), None);
        assert_eq!(
            said_by_recipe(["1 ají amarillo, picado"]),
            Some(Citrus::Lime)
        );
    }
}
