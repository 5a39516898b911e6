//! Words compared as stems: a line's food words and SR28's abbreviated
//! descriptions ("CKD", "BNLESS", "H2O") are brought to the same English
//! stems, so "boneless chicken breasts" meets "CHICKEN,BRST,BNLESS".

use std::sync::OnceLock;

use rust_stemmers::{Algorithm, Stemmer};

/// `text` lowercased as its words with one space around each (" skin on
/// "), so that a phrase is found as whole words by `contains(" … ")`.
pub(crate) fn spaced(text: &str) -> String {
    format!(
        " {} ",
        text.to_lowercase()
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .collect::<Vec<_>>()
            .join(" ")
    )
}

/// Words that join or hedge, never name a food.
const STOP: &[&str] = &[
    "a", "an", "and", "or", "of", "the", "with", "in", "into", "for", "to", "from", "on", "your",
    "some", "any", "plus", "more", "each", "per", "about", "approx",
    // Added after held-out 12: hedges ("very ripe", "a few leaves") and
    // the Spanish joining words of names cooks keep ("pan de barra",
    // "sazón con culantro y achiote").
    "very", "few", "de", "del", "la", "el", "con", "y",
    // Added on branch ingr18: the "s" of a possessive ("goat's cheese",
    // "Frank's", "farmer's"), split off at the apostrophe.
    "s",
];

/// How a cook prepares or qualifies a food without making it another
/// food: these may be left over when a name matches.
const PREPARATION: &[&str] = &[
    "fresh",
    "freshly",
    "chopped",
    "finely",
    "roughly",
    "coarsely",
    "thinly",
    "thickly",
    "diced",
    "minced",
    "sliced",
    "grated",
    "shredded",
    "crumbled",
    "cubed",
    "halved",
    "quartered",
    "trimmed",
    "peeled",
    "deveined",
    "deseeded",
    "cored",
    "pitted",
    "stemmed",
    "torn",
    "smashed",
    "crushed",
    "pressed",
    "beaten",
    "lightly",
    "whisked",
    "melted",
    "softened",
    "cold",
    "chilled",
    "warm",
    "warmed",
    "room",
    "temperature",
    "rinsed",
    "drained",
    "patted",
    "divided",
    "optional",
    "organic",
    "ripe",
    "large",
    "medium",
    "small",
    "big",
    "extra",
    "virgin",
    "good",
    "quality",
    "best",
    "packed",
    "loosely",
    "firmly",
    "sifted",
    "unsifted",
    "boneless",
    "skinless",
    // "bone-in": the same food, weighed with its bone (see `bone.rs`;
    // "in" is a stop word).
    "bone",
    "baby",
    "young",
    // Added after held-out 5: shellfish are bought live.
    "live",
    "kosher",
    "sea",
    "flaky",
    "coarse",
    "fine",
    "table",
    "cracked",
    "heaping",
    "level",
    "scant",
    "generous",
    "plain",
    "pure",
    "natural",
    "homemade",
    "store",
    "bought",
    "day",
    "old",
    "leftover",
    "cut",
    "inch",
    "inches",
    "cm",
    "pieces",
    "piece",
    "chunks",
    "wedges",
    "rounds",
    "strips",
    "sticks",
    "florets",
    "leaves",
    "sprigs",
    "mixed",
    "assorted",
    "thawed",
    "uncooked",
    "unpeeled",
    "spiralized",
    "julienned",
    "matchstick",
    "bite",
    "sized",
    "size",
    "long",
    "thin",
    "thick",
    "wide",
    "flat",
    "regular",
    "ground",
    "fat",
    "lean",
    "light",
    "dark",
    "italian",
    "english",
    "reserved",
    "liquid",
    "well",
    "washed",
    "frozen",
    "raw",
    "whole",
    "toasted",
    "roasted",
    "low",
    "sodium",
    "reduced",
    "unsalted",
    "unsweetened",
    "sweetened",
    "seedless",
    "firm",
    "soft",
    "hot",
    "mild",
    "sharp",
    "aged",
    // Added after held-out 2: qualifiers that leave the food as it is.
    "mini",
    "curly",
    "shelled",
    "boiling",
    "fashioned",
    "new",
    "grade",
    // Added after held-out 6: a sausage's form, a British fruit box, a
    // crab meat's grade, a paprika's country.
    "link",
    "links",
    "punnet",
    "punnets",
    "lardons",
    "jumbo",
    "hungarian",
    // Added after held-out 8: a jam's or spread's texture, sausage sold
    // loose.
    "smooth",
    "bulk",
    // Added after held-out 10: a fortified food is the food (`kinds.rs`
    // picks SR28's fortified row where it has one).
    "fortified",
    "calcium",
    "added",
    // A fat level in one word, as "low" and "fat" are (`fat.rs`,
    // `kinds.rs` pick the row).
    "nonfat",
    "lowfat",
    // Added after held-out 12: a British roasting joint, a product's
    // "original" recipe, bread gone stale (as "day-old"), and Spanish sizes of a vegetable ("papas
    // medianas").
    "joint",
    "original",
    "stale",
    "mediana",
    "medianas",
    "mediano",
    "medianos",
    "grande",
    "grandes",
    "pequena",
    "pequenas",
    // Added on branch ingr18: cuts and states SR28 does not tell apart
    // ("slivered almonds", "lukewarm water", "heirloom tomatoes",
    // "undyed smoked haddock", "unsulphured molasses"; see also
    // `ORIGINS`). Where SR28 does keep a row of such a word with the food
    // ("PEARS,ASIAN"), `honest.rs` sends the line to review with that row
    // first.
    "slivered",
    "shaved",
    "lukewarm",
    "tepid",
    "heirloom",
    "undyed",
    "unsulphured",
    "unsulfured",
    "strong",
    // A fillet or rasher is the cut the food comes as ("cod fillet",
    // "back bacon rashers").
    "fillet",
    "fillets",
    "rasher",
    "rashers",
    "nonstick",
    // Added on branch ingr21: herbs cut with scissors ("snipped chives"),
    // and a product's "classic" recipe (as "original").
    "snipped",
    "classic",
];

/// Places a food is named after where SR28 has the one food ("Thai
/// basil", "Japanese cucumber", "Asian shallots"; branch ingr18): they
/// leave a herb, spice, fruit, vegetable or grain as it is (`matcher.rs`;
/// not a bread or a sauce: "Lebanese bread" is pita), and a count of such
/// a food is not weighed by the generic piece (a Japanese eggplant is a
/// third of SR28's), only by a piece that names the place.
pub(crate) const ORIGINS: &[&str] = &["thai", "japanese", "lebanese", "asian", "persian"];

/// SR28's abbreviations in its short descriptions, spelt out.
const ABBREVIATIONS: &[(&str, &str)] = &[
    ("ckd", "cooked"),
    ("bld", "boiled"),
    ("drnd", "drained"),
    ("wo", "without"),
    ("w", "with"),
    ("cnd", "canned"),
    ("frz", "frozen"),
    ("unprep", "unprepared"),
    ("prep", "prepared"),
    ("rts", "ready to serve"),
    ("swt", "sweet"),
    ("grn", "green"),
    ("yel", "yellow"),
    ("whl", "whole"),
    ("pdr", "powder"),
    ("brst", "breast"),
    ("bnless", "boneless"),
    ("bnls", "boneless"),
    ("skn", "skin"),
    ("ln", "lean"),
    ("hvy", "heavy"),
    ("enr", "enriched"),
    ("unenr", "unenriched"),
    ("frsh", "fresh"),
    ("dk", "dark"),
    ("lt", "light"),
    ("sau", "sauce"),
    ("sol", "solids"),
    ("liq", "liquid"),
    ("sd", "seed"),
    ("sds", "seeds"),
    ("krnls", "kernels"),
    ("rstd", "roasted"),
    ("tstd", "toasted"),
    ("btld", "bottled"),
    ("drsng", "dressing"),
    ("chs", "cheese"),
    ("choc", "chocolate"),
    ("swtnd", "sweetened"),
    ("unswtnd", "unsweetened"),
    ("veg", "vegetable"),
    ("var", "variety"),
    ("comm", "commercial"),
    ("commly", "commercially"),
    ("chick", "chicken"),
    ("bf", "beef"),
    ("bns", "beans"),
    ("bn", "bean"),
    ("h2o", "water"),
    ("juc", "juice"),
    ("sml", "small"),
    ("lrg", "large"),
    ("med", "medium"),
    ("pnut", "peanut"),
    ("cocnt", "coconut"),
    ("soybn", "soybean"),
    ("flr", "flour"),
    ("sprd", "spread"),
    ("shrdd", "shredded"),
    ("chopd", "chopped"),
    ("stk", "stick"),
    ("reg", "regular"),
    ("pln", "plain"),
    ("crm", "cream"),
    ("brld", "broiled"),
    ("bkd", "baked"),
    ("frd", "fried"),
    ("stmd", "steamed"),
    ("smmr", "summer"),
    ("wntr", "winter"),
    ("bttrmlk", "buttermilk"),
    ("bev", "beverage"),
    ("nfdm", "nonfat dry milk"),
    ("mxd", "mixed"),
    ("sp", "species"),
    ("dehyd", "dehydrated"),
    ("frzn", "frozen"),
    ("rtb", "ready to bake"),
    ("rte", "ready to eat"),
    ("ns", "not specified"),
    ("unsp", "unspecified"),
    ("unspec", "unspecified"),
    ("prot", "protein"),
    ("fort", "fortified"),
    ("vit", "vitamin"),
    ("na", "sodium"),
    ("lo", "low"),
    ("mayo", "mayonnaise"),
    ("catsup", "ketchup"),
    ("grd", "ground"),
    ("grnd", "ground"),
    ("crumbs", "crumbs"),
    ("shldr", "shoulder"),
    ("rst", "roast"),
    ("choic", "choice"),
    ("sel", "select"),
    ("grds", "grades"),
    ("lf", "leaf"),
    ("lvs", "leaves"),
    ("pkd", "packed"),
    ("prod", "product"),
    ("tomatos", "tomatoes"),
    ("thk", "thick"),
    ("evap", "evaporated"),
    ("cond", "condensed"),
    ("dehydr", "dehydrated"),
    ("instnt", "instant"),
    ("ckn", "chicken"),
    // Added on branch ingr18.
    ("parbld", "parboiled"),
];

fn stemmer() -> &'static Stemmer {
    static STEMMER: OnceLock<Stemmer> = OnceLock::new();
    STEMMER.get_or_init(|| Stemmer::create(Algorithm::English))
}

/// Folds the accents cooks keep ("jalapeño", "crème") to ASCII letters.
fn fold(c: char) -> char {
    match c {
        'á' | 'à' | 'â' | 'ä' => 'a',
        'é' | 'è' | 'ê' | 'ë' => 'e',
        'í' | 'ì' | 'î' | 'ï' => 'i',
        'ó' | 'ò' | 'ô' | 'ö' => 'o',
        'ú' | 'ù' | 'û' | 'ü' => 'u',
        'ñ' => 'n',
        'ç' => 'c',
        _ => c,
    }
}

/// The raw lower-case words of a text, split at anything but letters,
/// digits and "%".
fn raw_words(text: &str) -> Vec<String> {
    let lower: String = text.to_lowercase().chars().map(fold).collect();
    lower
        .split(|c: char| !(c.is_alphanumeric() || c == '%'))
        .filter(|w| !w.is_empty())
        .map(str::to_owned)
        .collect()
}

/// British cooks' words and the American ones SR28 and the lexicon use.
const BRITISH: &[(&str, &str)] = &[
    ("tinned", "canned"),
    ("tin", "canned"),
    ("wholemeal", "whole wheat"),
    ("wholewheat", "whole wheat"),
    ("gelatine", "gelatin"),
    ("yoghurt", "yogurt"),
    ("yoghurts", "yogurts"),
];

/// How an animal was kept or how much fat a product keeps as bought
/// ("free-range eggs", "full-fat coconut milk"): the same SR28 food, so
/// the pair is dropped. Kept as pairs: "free" alone changes a food
/// ("sugar-free"), and "fat" is read on its own.
const KEEPING: &[(&str, &str)] = &[
    ("free", "range"),
    ("cage", "free"),
    ("pasture", "raised"),
    ("grass", "fed"),
    ("corn", "fed"),
    ("outdoor", "bred"),
    ("full", "fat"),
];

/// The words of a text without its [`KEEPING`] pairs.
fn without_keeping(words: Vec<String>) -> Vec<String> {
    let mut out = Vec::with_capacity(words.len());
    let mut i = 0;
    while i < words.len() {
        let pair = words.get(i + 1).is_some_and(|next| {
            KEEPING
                .iter()
                .any(|(a, b)| *a == words[i] && *b == next.as_str())
        });
        if pair {
            i += 2;
        } else {
            out.push(words[i].clone());
            i += 1;
        }
    }
    out
}

/// The stems of a cook's words, stop words dropped, British words read
/// as their American ones.
pub fn stems(text: &str) -> Vec<String> {
    without_keeping(crate::brands::without_brands(raw_words(text)))
        .iter()
        .flat_map(|w| {
            BRITISH
                .iter()
                .find(|(b, _)| b == w)
                .map_or(w.as_str(), |(_, a)| a)
                .split(' ')
        })
        .filter(|w| !STOP.contains(w))
        .map(stem)
        .collect()
}

/// The stems of an SR28 description, abbreviations spelt out.
pub fn description_stems(description: &str) -> Vec<String> {
    let mut out = Vec::new();
    for w in raw_words(description) {
        let spelt = ABBREVIATIONS
            .iter()
            .find(|(a, _)| *a == w)
            .map_or(w.as_str(), |(_, s)| s);
        for part in spelt.split(' ') {
            if !STOP.contains(&part) {
                out.push(stem(part));
            }
        }
    }
    out
}

/// The stem of one lower-case word.
pub fn stem(word: &str) -> String {
    stemmer().stem(word).into_owned()
}

/// Whether a stem is one of the [`ORIGINS`].
pub fn is_origin(stem_: &str) -> bool {
    ORIGINS.iter().any(|o| stem(o) == stem_)
}

/// Whether a stem only prepares or qualifies a food.
pub fn is_preparation(stem_: &str) -> bool {
    static STEMS: OnceLock<Vec<String>> = OnceLock::new();
    STEMS
        .get_or_init(|| PREPARATION.iter().map(|w| stem(w)).collect())
        .iter()
        .any(|s| s == stem_)
}

#[cfg(test)]
mod tests {
    use super::*;

    // Brands (`crate::brands`) are read through the stems.
    #[test]
    fn a_brand_is_the_food_it_makes() {
        assert_eq!(stems("Heinz baked beans"), stems("baked beans"));
        assert_eq!(stems("Bertolli olive oil"), stems("olive oil"));
        assert_eq!(
            stems("P.A.N. precooked white corn meal"),
            stems("precooked white corn meal")
        );
        assert_eq!(stems("Knorr chicken bouillon"), stems("chicken bouillon"));
    }

    #[test]
    fn a_brands_words_elsewhere_stay() {
        // "pan" alone is a pan of bread or a cooking pan, not P.A.N.
        assert!(stems("pan de barra").contains(&stem("pan")));
        // A word that only begins a brand is kept.
        assert!(stems("ro").contains(&stem("ro")));
    }

    #[test]
    fn a_cooks_words_meet_sr28s_abbreviations() {
        let line = stems("Boneless chicken breasts");
        let sr28 =
            description_stems("CHICKEN,BROILER OR FRYERS,BRST,SKINLESS,BNLESS,MEAT ONLY,RAW");
        assert!(
            line.iter().all(|s| sr28.contains(s)),
            "{line:?} in {sr28:?}"
        );
        assert_eq!(stems("Jalapeño"), stems("jalapeno"));
        assert!(description_stems("FISH,TUNA,LT,CND IN H2O").contains(&stem("water")));
    }

    #[test]
    fn no_preparation_word_is_a_foods_noun() {
        // "salted" stems to "salt" and "seeded" to "seed": as preparation
        // words they would let "salt and black pepper" be black pepper.
        for food in ["salt", "seed", "chicken", "pepper", "oil", "juice", "zest"] {
            assert!(!is_preparation(&stem(food)), "{food}");
        }
    }

    #[test]
    fn british_spellings_and_keeping_words_are_the_same_food() {
        assert_eq!(
            stems("Greek-style natural yoghurt"),
            stems("greek style natural yogurt")
        );
        assert_eq!(stems("2 free-range eggs"), stems("2 eggs"));
        assert_eq!(stems("full-fat coconut milk"), stems("coconut milk"));
        // "free" alone still says something: sugar-free is another food.
        assert!(stems("sugar-free syrup").contains(&stem("free")));
    }

    #[test]
    fn preparation_words_are_known_by_stem() {
        assert!(is_preparation(&stem("chopped")));
        assert!(is_preparation(&stem("Softened".to_lowercase().as_str())));
        assert!(!is_preparation(&stem("chicken")));
    }
}
