//! Spanish ingredient lines ("2 tazas de harina", "1 cebolla picada",
//! "sal y pimienta a gusto") read as the English lines the rest of the
//! crate reads: units, food names, sizes and preparation words through
//! `data/spanish.tsv`. A line is taken as Spanish only when it names a
//! food of that table, so English lines are never rewritten. Spanish puts
//! the preparation after the food without a comma ("cebolla picada"):
//! those words go to the comment. A word the table marks ambiguous
//! ("manteca": butter in Argentina, lard in Spain) leaves the line as
//! written, so it goes to review rather than being guessed.

use std::collections::HashMap;
use std::sync::OnceLock;

const TABLE: &str = include_str!("../data/spanish.tsv");
const PORTUGUESE: &str = include_str!("../data/portuguese.tsv");
const ITALIAN: &str = include_str!("../data/italian.tsv");
/// Longest phrase of a table, in words.
const LONGEST: usize = 5;

/// The language a line is read from: Spanish (`data/spanish.tsv`),
/// Brazilian Portuguese (`data/portuguese.tsv`) or Italian
/// (`data/italian.tsv`), read by the same rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Lang {
    Spanish,
    Portuguese,
    Italian,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Food,
    Unit,
    Prep,
    Size,
    Word,
    Drop,
    Ambiguous,
}

/// A word without accents, lower case.
fn plain(word: &str) -> String {
    word.to_lowercase()
        .chars()
        .map(|c| match c {
            'á' => 'a',
            'é' => 'e',
            'í' => 'i',
            'ó' | 'ô' | 'õ' => 'o',
            'ú' | 'ü' => 'u',
            'ã' | 'â' | 'à' => 'a',
            'ê' => 'e',
            'ç' => 'c',
            'è' => 'e',
            'ì' => 'i',
            'ò' => 'o',
            'ù' => 'u',
            _ => c,
        })
        .collect()
}

type Table = HashMap<String, (&'static str, Kind)>;

fn table(lang: Lang) -> &'static Table {
    static SPANISH: OnceLock<Table> = OnceLock::new();
    static PORTUGUESE_: OnceLock<Table> = OnceLock::new();
    static ITALIAN_: OnceLock<Table> = OnceLock::new();
    match lang {
        Lang::Spanish => SPANISH.get_or_init(|| read_table(TABLE)),
        Lang::Portuguese => PORTUGUESE_.get_or_init(|| read_table(PORTUGUESE)),
        Lang::Italian => ITALIAN_.get_or_init(|| read_table(ITALIAN)),
    }
}

fn read_table(text: &'static str) -> Table {
    {
        text.lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(|l| {
                let mut f = l.split('\t');
                let es = f.next().unwrap_or_default();
                let en = f.next().unwrap_or_default();
                let kind = match f.next().unwrap_or_default() {
                    "food" => Kind::Food,
                    "unit" => Kind::Unit,
                    "prep" => Kind::Prep,
                    "size" => Kind::Size,
                    "word" => Kind::Word,
                    "drop" => Kind::Drop,
                    _ => Kind::Ambiguous,
                };
                (plain(es), (en, kind))
            })
            .collect()
    }
}

/// The forms of a word a plural may stand for: itself, without "s",
/// without "es" ("morrones", "limones").
fn singulars(word: &str) -> Vec<String> {
    let mut out = vec![word.to_owned()];
    if word.chars().count() > 3 {
        if let Some(w) = word.strip_suffix("es") {
            out.push(w.to_owned());
        }
        if let Some(w) = word.strip_suffix('s') {
            out.push(w.to_owned());
        }
    }
    out
}

/// The entry `words` make together, trying their singular forms.
fn entry(words: &[String], lang: Lang) -> Option<(&'static str, Kind)> {
    let forms: Vec<Vec<String>> = words.iter().map(|w| singulars(w)).collect();
    // Every combination of the words' forms (at most 3^5, mostly far fewer).
    let mut keys = vec![String::new()];
    for f in &forms {
        keys = keys
            .iter()
            .flat_map(|k| {
                f.iter().map(move |w| {
                    if k.is_empty() {
                        w.clone()
                    } else {
                        format!("{k} {w}")
                    }
                })
            })
            .collect();
    }
    keys.iter().find_map(|k| table(lang).get(k).copied())
}

/// Phrases that flag an amount left to the cook, with the English flag.
const TASTE: &[(&str, &str)] = &[
    ("al gusto", "to taste"),
    ("a gusto", "to taste"),
    ("a gosto", "to taste"),
    ("à gosto", "to taste"),
    ("c/n", "as needed"),
    ("cantidad necesaria", "as needed"),
    ("quanto baste", "as needed"),
    ("q.b.", "as needed"),
    ("q.b", "as needed"),
];

/// What a food is for, after "para": the English word the garnish and
/// frying rules read ("para servir": for serving). Others stay as written.
const PURPOSES: &[(&str, &str)] = &[
    ("servir", "serving"),
    ("acompañar", "serving"),
    ("acompanar", "serving"),
    ("acompanhar", "serving"),
    ("decorar", "garnish"),
    ("adornar", "garnish"),
    ("freír", "frying"),
    ("freir", "frying"),
    ("fritar", "frying"),
    ("untar", "greasing"),
    ("engrasar", "greasing"),
    ("untar la fuente", "greasing"),
    ("espolvorear", "dusting"),
    ("polvilhar", "dusting"),
];

/// Portuguese units written with their kind in parentheses ("1 colher
/// (sopa)", "2 xícaras (chá)", "3 dente(s)"), rewritten before the words
/// are read so the parenthesis is not taken for a note.
const PORTUGUESE_SPELLINGS: &[(&str, &str)] = &[
    ("colheres (sopa)", "colher-sopa"),
    ("colher (sopa)", "colher-sopa"),
    ("colheres de sopa", "colher-sopa"),
    ("colher de sopa", "colher-sopa"),
    ("colheres (chá)", "colher-cha"),
    ("colher (chá)", "colher-cha"),
    ("colheres de chá", "colher-cha"),
    ("colher de chá", "colher-cha"),
    ("colheres (cha)", "colher-cha"),
    ("colher (cha)", "colher-cha"),
    ("xícaras (chá)", "xicara"),
    ("xícara (chá)", "xicara"),
    ("xícara(s) (chá)", "xicara"),
    ("xícaras de chá", "xicara"),
    ("xícara de chá", "xicara"),
    ("(s)", "s"),
];

/// Tokens of a part of a line, amounts glued to punctuation kept whole.
fn tokens(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_owned).collect()
}

/// Reads a part of a line: amount, size, food and unit words in English
/// order; preparation words separately.
/// `unknown` is set by a word that is neither in the table, nor an amount,
/// nor a unit.
fn translate(
    part: &str,
    lang: Lang,
    food: &mut bool,
    ambiguous: &mut bool,
    unknown: &mut bool,
) -> (Vec<String>, Vec<String>) {
    let words = tokens(part);
    let keys: Vec<String> = words
        .iter()
        .map(|w| plain(w.trim_matches(|c: char| matches!(c, '.' | ';' | ':'))))
        .collect();
    let mut head = Vec::new();
    let mut sizes = Vec::new();
    let mut prep = Vec::new();
    let mut i = 0;
    let mut depth = 0usize;
    let mut last = None;
    while i < words.len() {
        // Words in parentheses are the cook's note, read as the English
        // parser reads any parenthesis: kept as written.
        let opens = words[i].matches('(').count();
        let closes = words[i].matches(')').count();
        if depth > 0 || opens > 0 {
            depth = (depth + opens).saturating_sub(closes);
            head.push(words[i].clone());
            i += 1;
            continue;
        }
        // "para gratinar", "para servir": what the food is for, a note.
        if i > 0 && keys[i] == "para" {
            prep.push("for".to_owned());
            let rest = keys[i + 1..].join(" ");
            match PURPOSES.iter().find(|(w, _)| plain(w) == rest) {
                Some((_, en)) => prep.push((*en).to_owned()),
                None => prep.extend(words[i + 1..].iter().cloned()),
            }
            break;
        }
        let found = (1..=LONGEST.min(words.len() - i))
            .rev()
            .find_map(|n| entry(&keys[i..i + n], lang).map(|e| (e, n)));
        let after_prep = last == Some(Kind::Prep);
        last = found.map(|((_, kind), _)| kind);
        match found {
            Some(((en, kind), n)) => {
                match kind {
                    Kind::Food => {
                        *food = true;
                        head.push(en.to_owned());
                    }
                    // "sancochada y pelada": "and" between two
                    // preparation words joins them in the comment.
                    Kind::Word if after_prep => prep.push(en.to_owned()),
                    Kind::Unit | Kind::Word => head.push(en.to_owned()),
                    Kind::Size => sizes.push(en.to_owned()),
                    Kind::Prep => prep.push(en.to_owned()),
                    Kind::Drop => {}
                    Kind::Ambiguous => {
                        *ambiguous = true;
                        head.push(words[i].clone());
                    }
                }
                i += n;
            }
            None => {
                // "una pizca": the article is the amount "1" when it leads.
                if i == 0 && matches!(keys[0].as_str(), "un" | "una" | "uno" | "um" | "uma") {
                    head.push("1".to_owned());
                } else {
                    let w = &keys[i];
                    let amount = w.starts_with(|c: char| c.is_numeric() || c == '/')
                        || matches!(w.as_str(), "(" | ")" | "-" | "x");
                    if !amount && crate::units::unit_of(w).is_none() {
                        *unknown = true;
                    }
                    head.push(words[i].clone());
                }
                i += 1;
            }
        }
    }
    // A size goes before the food, after the amount and unit: "2 large onion".
    if !sizes.is_empty() {
        let at = head
            .iter()
            .position(|w| !w.starts_with(|c: char| c.is_ascii_digit() || c == '/'))
            .unwrap_or(head.len());
        let at = if head
            .get(at)
            .is_some_and(|w| crate::units::unit_of(w).is_some())
        {
            at + 1
        } else {
            at
        };
        for (k, s) in sizes.into_iter().enumerate() {
            head.insert(at + k, s);
        }
    }
    (head, prep)
}

/// The English reading of `text` when it is a Spanish line; `None` when
/// it names no food of the Spanish table (English lines), when it has a
/// word the table marks ambiguous, or when a word before the comma is
/// neither in the table nor an amount or unit ("tomate frito": a food the
/// table does not know is not guessed from the words it does).
pub(crate) fn to_english(text: &str, lang: Lang) -> Option<String> {
    let mut text = text.to_owned();
    // Lower-casing must keep the byte lengths for the spans found in the
    // lower-cased text to be the original's ("İ" would not).
    if lang == Lang::Portuguese && text.to_lowercase().len() == text.len() {
        for (pt, written) in PORTUGUESE_SPELLINGS {
            while let Some(at) = text.to_lowercase().find(pt) {
                text.replace_range(at..at + pt.len(), written);
            }
        }
    }
    // "(opcional)": the note the garnish rule reads, in English.
    let text = text
        .replace("(opcional)", "(optional)")
        .replace("(Opcional)", "(optional)");
    let mut words = tokens(&text);
    let mut flag = None;
    let keys: Vec<String> = words
        .iter()
        .map(|w| plain(w.trim_end_matches([',', '.', ';'])))
        .collect();
    'phrases: for (es, en) in TASTE {
        let phrase: Vec<&str> = es.split(' ').collect();
        for at in 0..keys.len().saturating_sub(phrase.len() - 1) {
            if keys[at..at + phrase.len()]
                .iter()
                .zip(&phrase)
                .all(|(k, p)| k == p)
            {
                // Keep a comma that ended the phrase: it still splits.
                let last = &words[at + phrase.len() - 1];
                let comma = last.ends_with(',');
                words.drain(at..at + phrase.len());
                if comma && at > 0 {
                    words[at - 1].push(',');
                }
                flag = Some(*en);
                break 'phrases;
            }
        }
    }
    let line = words.join(" ");
    // The first comma outside parentheses ends the food's words.
    let mut depth = 0usize;
    let comma = line.char_indices().find_map(|(at, c)| {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => return Some(at),
            _ => {}
        }
        None
    });
    let (head, comment) = match comma {
        Some(at) => (line[..at].to_owned(), line[at + 1..].to_owned()),
        None => (line.clone(), String::new()),
    };
    let mut food = false;
    let mut ambiguous = false;
    let mut unknown = false;
    let (head_words, mut prep) = translate(&head, lang, &mut food, &mut ambiguous, &mut unknown);
    // Words of the comment the table lacks stay in the comment as written.
    let (comment_words, comment_prep) =
        translate(&comment, lang, &mut food, &mut ambiguous, &mut false);
    if !food || ambiguous || unknown {
        return None;
    }
    let mut out = head_words.join(" ");
    if let Some(f) = flag {
        out.push(' ');
        out.push_str(f);
    }
    prep.extend(comment_prep);
    prep.extend(comment_words);
    if !prep.is_empty() {
        out.push_str(", ");
        out.push_str(&prep.join(" "));
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn en(text: &str) -> String {
        to_english(text, Lang::Spanish).unwrap_or_else(|| panic!("not read as Spanish: {text}"))
    }

    fn to_english_es(text: &str) -> Option<String> {
        to_english(text, Lang::Spanish)
    }

    fn pt(text: &str) -> String {
        to_english(text, Lang::Portuguese)
            .unwrap_or_else(|| panic!("not read as Portuguese: {text}"))
    }

    #[test]
    fn portuguese_units_in_parentheses_and_preparation() {
        assert_eq!(pt("2 colheres (sopa) de açúcar"), "2 tbsp sugar");
        assert_eq!(pt("1 colher (chá) de canela"), "1 tsp cinnamon");
        assert_eq!(pt("3 xícaras (chá) de farinha de trigo"), "3 cup flour");
        assert_eq!(
            pt("2 dente(s) de alho picado(s)"),
            "2 clove garlic, chopped"
        );
        assert_eq!(pt("1 cebola média picada"), "1 medium onion, chopped");
        assert_eq!(
            pt("sal e pimenta a gosto"),
            "salt and black pepper to taste"
        );
        assert_eq!(pt("1 lata de milho escorrido"), "1 can corn, drained");
        // Ambiguous foods and words the table lacks: left as written.
        assert_eq!(to_english("1 kg de feijão", Lang::Portuguese), None);
        assert_eq!(to_english("2 xícaras de queijo", Lang::Portuguese), None);
        assert_eq!(to_english("1 colher de requeijão", Lang::Portuguese), None);
    }

    #[test]
    fn purposes_and_joined_preparations() {
        assert_eq!(en("aceite para freír"), "oil, for frying");
        assert_eq!(en("pan rallado para servir"), "bread crumbs, for serving");
        assert_eq!(
            en("3 papas sancochadas y peladas"),
            "3 potato, boiled and peeled"
        );
        assert_eq!(
            en("1 cda aceite vegetal (opcional)"),
            "1 tbsp vegetable oil (optional)"
        );
    }

    #[test]
    fn units_de_and_plurals() {
        assert_eq!(en("2 tazas de harina"), "2 cup flour");
        assert_eq!(en("3 cdas. de azúcar"), "3 tbsp sugar");
        assert_eq!(en("1 cucharadita de canela"), "1 tsp cinnamon");
        assert_eq!(en("una pizca de sal"), "1 pinch salt");
        assert_eq!(en("2 dientes de ajo"), "2 clove garlic");
        assert_eq!(en("1 lata de garbanzos"), "1 can chickpeas");
    }

    #[test]
    fn preparation_after_the_food_goes_to_the_comment() {
        assert_eq!(en("2 zanahorias ralladas"), "2 carrot, grated");
        assert_eq!(en("3 papas medianas peladas"), "3 medium potato, peeled");
        assert_eq!(
            en("1 morrón verde grande, en tiras"),
            "1 large green bell pepper, in strips"
        );
        // Shredded cooked meat (branch ingr25).
        assert_eq!(
            en("1 taza de pollo cocido y desmechado"),
            "1 cup chicken, cooked and shredded"
        );
        // The juice or zest "of" a counted fruit.
        assert_eq!(en("el jugo de 3 naranjas"), "juice of 3 orange");
        assert_eq!(en("ralladura de 2 limones"), "zest of 2 lemon");
    }

    #[test]
    fn taste_and_and() {
        assert_eq!(
            en("sal y pimienta a gusto"),
            "salt and black pepper to taste"
        );
        assert_eq!(en("perejil c/n"), "parsley as needed");
        assert_eq!(en("orégano al gusto"), "oregano to taste");
    }

    #[test]
    fn phrases_before_words_and_accents_optional() {
        assert_eq!(en("100 ml aceite de oliva"), "100 ml olive oil");
        assert_eq!(en("1 cdta pimenton"), "1 tsp paprika");
        assert_eq!(en("250 g carne molida"), "250 g ground beef");
    }

    #[test]
    fn english_and_ambiguous_lines_are_left_alone() {
        assert_eq!(to_english_es("2 cups flour"), None);
        assert_eq!(to_english_es("1 onion, chopped"), None);
        assert_eq!(to_english_es("3 cloves garlic, minced"), None);
        // Butter in Argentina, lard in Spain.
        assert_eq!(to_english_es("100 g de manteca"), None);
        // Bare "crema" is cream in Spain, soured table cream in Mexico and
        // Central America: asked; named kinds are read.
        assert_eq!(to_english_es("½ taza de crema, para servir"), None);
        assert!(to_english_es("200 ml de crema de leche").is_some());
        assert_eq!(to_english_es("100 g manteca, 2 huevos"), None);
        // A word the table lacks before the comma: not guessed.
        assert_eq!(to_english_es("1 frasco tomate frito"), None);
        // Parentheses and "para ..." are notes, kept as written.
        assert_eq!(
            en("1 lata (400 g) de garbanzos, escurridos"),
            "1 can (400 g) chickpeas, drained"
        );
        assert_eq!(
            en("2 tazas de arroz (blanco, largo fino)"),
            "2 cup rice (blanco, largo fino)"
        );
        assert_eq!(
            en("1 cda azúcar para espolvorear"),
            "1 tbsp sugar, for dusting"
        );
        // ... but after the comma it is only the cook's note.
        assert_eq!(en("2 huevos, templados"), "2 egg, templados");
    }

    #[test]
    fn italian_lines_read_as_english() {
        let it = |t: &str| to_english(t, Lang::Italian);
        assert_eq!(
            it("2 spicchi di aglio tritati").as_deref(),
            Some("2 clove garlic, chopped")
        );
        assert_eq!(
            it("3 cucchiai di olio d'oliva").as_deref(),
            Some("3 tbsp olive oil")
        );
        assert_eq!(
            it("1 cipolla rossa affettata").as_deref(),
            Some("1 red onion, sliced")
        );
        assert_eq!(
            it("sale e pepe q.b.").as_deref(),
            Some("salt and black pepper as needed")
        );
        // A word the table lacks: left as written, for review.
        assert_eq!(it("200 g di guanciale"), None);
        assert_eq!(it("1 cipolla caramellata"), None);
    }

    #[test]
    fn more_spanish_and_portuguese_kitchen_words() {
        assert_eq!(en("2 tazas de leche entera"), "2 cup whole milk");
        assert_eq!(
            en("1 pechuga de pollo sin hueso en cubos"),
            "1 chicken breast, boneless cubed"
        );
        assert_eq!(en("1/2 taza de crema ácida"), "1/2 cup sour cream");
        assert_eq!(en("3 chiles jalapeños en escabeche"), "3 pickled jalapenos");
        assert_eq!(pt("2 folhas de louro"), "2 bay leaf");
        assert_eq!(pt("1 xícara (chá) de água"), "1 cup water");
    }
}
