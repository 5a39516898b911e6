//! The grams of a line once its food is known: a mass as written; a
//! volume through the food's own SR28 measure (its grams per millilitre,
//! "1 cup, chopped" for chopped onion); a count through the food's
//! counted measures ("1 large" egg, the catalogue's onion); a package
//! through the size the line gives.

use crate::foods::{Food, Measure};
use crate::parse::{Amount, ParsedLine, Size};
use crate::quantity::quantity;
use crate::units::{Unit, unit_of};

/// Share of a can's net weight left once drained: a 15 oz (425 g) can of
/// beans gives about 1.5 cups, 255 g, drained (SR28 16359: 254 g a can).
pub const DRAINED_SHARE: f64 = 0.6;

/// How the grams were found, or why they could not be.
#[derive(Debug, Clone, PartialEq)]
pub enum Grams {
    /// Known: the grams and the measure they came from.
    Known {
        /// Grams of edible food.
        grams: f64,
        /// How: "mass", "1 cup, chopped", "1 large", "package".
        via: String,
    },
    /// A volume, but the food has no measure by volume.
    NoVolumeMeasure,
    /// A count or piece the food has no weight for ("1 head" of lettuce).
    NoPieceWeight(String),
    /// The line gives no amount.
    NoAmount,
    /// A mass of meat on the bone of a food SR28 gives no refuse for: its
    /// edible part is not known.
    NoEdibleShare,
}

/// What an SR28 measure description measures.
#[derive(Debug, Clone, PartialEq)]
enum Kind {
    Volume(f64),
    Mass,
    Piece(f64, String),
}

fn kind(measure: &Measure) -> Option<Kind> {
    let text = measure.description.replace(',', " ");
    let tokens: Vec<&str> = text.split_whitespace().collect();
    let (n, used) = quantity(&tokens)?;
    if n <= 0.0 {
        return None;
    }
    let rest = &tokens[used..];
    let two = rest.get(..2).map(|w| w.join(" "));
    let unit = two
        .as_deref()
        .and_then(unit_of)
        .or_else(|| rest.first().and_then(|w| unit_of(w)));
    Some(match unit {
        Some(Unit::Volume(ml)) => Kind::Volume(n * ml),
        Some(Unit::Mass(_)) => Kind::Mass,
        _ => Kind::Piece(n, rest.join(" ").to_lowercase()),
    })
}

/// A line's words for how a food was cut or kept, and the words of SR28
/// measures that mean the same.
const FORMS: &[(&str, &[&str])] = &[
    ("chopped", &["chopped"]),
    ("diced", &["chopped", "diced"]),
    ("minced", &["chopped", "minced"]),
    ("sliced", &["sliced", "slices"]),
    // Flaked almonds are the sliced ones.
    ("flaked", &["sliced"]),
    ("slivered", &["slivered"]),
    ("shredded", &["shredded", "grated"]),
    ("grated", &["grated", "shredded"]),
    ("packed", &["packed"]),
    ("unpacked", &["unpacked"]),
    ("loosely", &["unpacked"]),
    ("mashed", &["mashed"]),
    ("cubed", &["cubes", "cubed"]),
    ("cubes", &["cubes", "cubed"]),
    ("pureed", &["pureed"]),
    ("crumbled", &["crumbled"]),
    ("halves", &["halves"]),
    ("halved", &["halves"]),
    ("whole", &["whole"]),
    ("frozen", &["unthawed", "frozen"]),
    ("whipped", &["whipped"]),
    ("melted", &["melted"]),
    ("ground", &["ground"]),
    // A nut or seed flour or meal is the nut ground ("almond flour").
    ("flour", &["ground"]),
    ("meal", &["ground"]),
    // Cheese curds are bite-sized pieces, weighed as diced cheese.
    ("curds", &["diced", "cubes"]),
    // Soft crumbs of bread; panko's airy flakes weigh half a dry crumb's cup.
    ("crumbs", &["crumbs"]),
    ("breadcrumbs", &["crumbs"]),
    ("panko", &["panko"]),
    // Flattened rice (poha) by the cup is flakes, not grains.
    ("poha", &["flattened"]),
    ("flattened", &["flattened"]),
    ("beaten", &["flattened"]),
    ("aval", &["flattened"]),
    // Small dry pasta by the cup (branch ingr23): elbows and short tubes,
    // and the rice-sized shapes, weigh more than SR28's cup of spaghetti.
    ("macaroni", &["elbow"]),
    ("elbow", &["elbow"]),
    ("elbows", &["elbow"]),
    ("ditalini", &["elbow"]),
    ("orzo", &["orzo"]),
    ("risoni", &["orzo"]),
    ("acini", &["acini"]),
    ("pastina", &["orzo"]),
];

/// Measure words that change a food's volume so much (whipped cream,
/// melted cheese, bread as crumbs, panko, rice flattened into flakes) that
/// they are used only when the line's food name says so, itself or by a
/// word of [`FORMS`] ("breadcrumbs" says "crumbs", "poha" "flattened").
const ONLY_WHEN_SAID: &[&str] = &["whipped", "melted", "crumbs", "panko", "flattened"];

fn measure_words(description: &str) -> Vec<String> {
    description
        .to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_owned)
        .collect()
}

/// Grams per millilitre from the food's volume measures: one cut as the
/// line's food is first, then one not "unpacked" unless the line says so,
/// then one in the line's own unit (SR28 weighs a cup more exactly than a
/// spoon), then one not qualified at all.
fn density(food: &Food, line: &ParsedLine, line_ml: f64) -> Option<(f64, String)> {
    let line_words = measure_words(&format!("{} {}", line.name, line.comment));
    let name_words: Vec<String> = measure_words(&line.name)
        .into_iter()
        .flat_map(|n| {
            let forms = FORMS
                .iter()
                .filter(|(w, _)| *w == n)
                .flat_map(|(_, f)| f.iter().map(|f| (*f).to_owned()));
            std::iter::once(n.clone()).chain(forms).collect::<Vec<_>>()
        })
        .collect();
    let wanted: Vec<&str> = FORMS
        .iter()
        .filter(|(w, _)| line_words.iter().any(|l| l == w))
        .flat_map(|(_, f)| f.iter().copied())
        .collect();
    let ranked: Vec<_> = food
        .measures
        .iter()
        .filter_map(|m| match kind(m) {
            Some(Kind::Volume(ml)) => Some((m, ml)),
            _ => None,
        })
        .filter_map(|(m, ml)| {
            let words = measure_words(&m.description);
            let said = |w: &str| words.iter().any(|x| x == w);
            // "1 cup, whipped" but not "1 cup, fluid (yields 2 cups whipped)".
            let qualifier = m
                .description
                .split_once(',')
                .map_or("", |(_, q)| q.split('(').next().unwrap_or(""));
            let qualifier = measure_words(qualifier);
            // "1 cup whipped cream" is measured whipped; "300 ml cream,
            // whipped" and "½ cup butter, melted" are measured before.
            if ONLY_WHEN_SAID
                .iter()
                .any(|w| qualifier.iter().any(|q| q == w) && !name_words.iter().any(|n| n == w))
            {
                return None;
            }
            let form = wanted.iter().any(|w| said(w));
            let unit_of_measure = ml / m_count(m);
            let same_unit = (unit_of_measure - line_ml).abs() < 0.01 * line_ml;
            let plain = !m.description.contains(',');
            // Brown sugar is measured packed, as recipes mean it: SR28's
            // "1 tsp, unpacked" is used only when the line says so.
            let packed_as_cooks = !said("unpacked") || wanted.contains(&"unpacked");
            Some(((form, packed_as_cooks, same_unit, plain), m, ml))
        })
        .collect();
    // Of equally good measures, SR28's first.
    let (_, m, ml) = ranked.into_iter().rev().max_by_key(|(key, _, _)| *key)?;
    Some((m.grams / ml, m.description.clone()))
}

/// The number a measure counts ("2" of "2 tbsp", ".25" of ".25 cup").
fn m_count(measure: &Measure) -> f64 {
    let text = measure.description.replace(',', " ");
    let tokens: Vec<&str> = text.split_whitespace().collect();
    quantity(&tokens).map_or(1.0, |(n, _)| n)
}

/// Measures a counted line may use, by preference.
const NOT_A_PIECE: &[&str] = &[
    "serving",
    "nlea",
    "package",
    "container",
    "cubic",
    "pat",
    "unit",
    "yield",
    "bottle",
    "portion",
    "oz",
    "cake",
    "recipe",
    "batch",
    // Added on branch ingr16: a sleeve of crackers and a handful of herbs
    // weigh only lines that say them ("1 sleeve Ritz", "a handful of
    // mint"), never a count ("10 Ritz crackers").
    "sleeve",
    "handful",
    // Branch ingr28: a bunch likewise ("1 bunch sitaw", never "4 yard-long
    // beans").
    "bunch",
];

/// Whether a measure's words start with the size asked ("large leaf",
/// not "extra large").
/// SR28 also puts the size after the piece ("1 potato, large (3\" to
/// 4-1/4\" dia)"): a size word before any parenthesis counts.
fn of_size(rest: &str, size: Size) -> bool {
    if rest.starts_with(size.word()) {
        return size == Size::ExtraLarge || !rest.starts_with("extra");
    }
    let before = rest.split('(').next().unwrap_or_default();
    let words = measure_words(before);
    size != Size::ExtraLarge
        && words
            .iter()
            .enumerate()
            .skip(1)
            .any(|(i, w)| w == size.word() && words[i - 1] != "extra")
}

/// The inches a text gives a round piece: "10" of "4 (10-inch) flour
/// tortillas", of "1 large (10 inch)" and of "1 pie crust (9\" dia)".
fn inches(text: &str) -> Option<u32> {
    let text = text.to_lowercase().replace('"', " inch ");
    let words = measure_words(&text);
    words
        .windows(2)
        .find(|w| w[1] == "inch" || w[1] == "inches")
        .and_then(|w| w[0].parse().ok())
}

/// A round piece of the diameter the line gives ("4 (10-inch) flour
/// tortillas"), through a counted measure of that diameter.
fn of_diameter(food: &Food, line: &ParsedLine) -> Option<(f64, String)> {
    let wanted = inches(&format!("{} {}", line.name, line.comment))?;
    food.measures.iter().find_map(|m| match kind(m) {
        Some(Kind::Piece(n, rest)) if inches(&rest) == Some(wanted) => {
            Some((m.grams / n, m.description.clone()))
        }
        _ => None,
    })
}

/// A word of the line's food name that a counted measure names and the
/// food's description does not: the variety, as "roma" of "1 roma or
/// plum tomato" for "3 Roma tomatoes", or the whole item, as "1 baguette"
/// for "2 baguettes" (a plural meets its singular).
fn variety_of(rest: &str, name: &str, food: &Food) -> bool {
    variety_words(rest, name, food) > 0
}

/// How many words of the name [`variety_of`] finds in a measure: of two
/// measures "1 persian cucumber" says more of "3 Persian cucumbers" than
/// "1 cucumber".
fn variety_words(rest: &str, name: &str, food: &Food) -> usize {
    let description = measure_words(&food.description);
    let rest = measure_words(rest);
    measure_words(name)
        .into_iter()
        .filter(|w| {
            w.len() >= 3
                && w != "or"
                && rest
                    .iter()
                    .any(|r| r == w || w.strip_suffix('s') == Some(r.as_str()))
                && !description.iter().any(|d| d.starts_with(w.as_str()))
        })
        .count()
}

/// Kitchen pieces that are a part of the food, not the food as bought:
/// used only for a line that names them ("8 chicken tenders").
const PARTS: &[&str] = &["tender"];

/// Whether a kitchen piece is a part of the food the line does not name.
fn names_another_part(rest: &str, name: &str) -> bool {
    let name = measure_words(name);
    measure_words(rest)
        .iter()
        .any(|w| PARTS.contains(&w.as_str()) && !name.iter().any(|n| n.starts_with(w.as_str())))
}

/// Whether the line's food name says every word a kitchen piece
/// measure adds to its piece and size: "1 head romaine" weighs a head of
/// romaine, not a head of "lettuce" of any kind.
fn said_by(rest: &str, word: &str, name: &str) -> bool {
    let name = measure_words(name);
    measure_words(rest).iter().all(|w| {
        w.starts_with(word)
            || word.split(' ').any(|part| part == w)
            || ["small", "medium", "large", "extra"].contains(&w.as_str())
            || name.iter().any(|n| n.starts_with(w.as_str()))
    })
}

fn piece_weight(
    food: &Food,
    word: Option<&str>,
    size: Option<Size>,
    name: &str,
) -> Option<(f64, String)> {
    let pieces: Vec<(&Measure, f64, String)> = food
        .measures
        .iter()
        .filter_map(|m| match kind(m) {
            Some(Kind::Piece(n, rest)) => Some((m, n, rest)),
            _ => None,
        })
        .collect();
    let per = |(m, n, _): &(&Measure, f64, String)| (m.grams / n, m.description.clone());
    if let Some(word) = word {
        // The piece of the size asked, then a kitchen weight (which
        // stands where SR28's own is not a cook's: its 139 g "slice" of
        // French bread), then SR28's.
        let named: Vec<_> = pieces
            .iter()
            .filter(|(m, _, rest)| {
                rest.contains(word) && (!m.from_kitchen || said_by(rest, word, name))
            })
            .collect();
        // "3 stalks scallion" where no measure is a stalk: a stalk of a
        // food that grows as one (a scallion, a leek) is the food counted
        // by its own name ("1 scallion"), the only such piece.
        if named.is_empty() && word == "stalk" {
            let own: Vec<_> = pieces
                .iter()
                .filter(|(_, _, rest)| {
                    rest.split_whitespace()
                        .next()
                        .is_some_and(|w| measure_words(name).iter().any(|n| n.starts_with(w)))
                })
                .collect();
            if let [one] = own.as_slice() {
                return Some(per(one));
            }
        }
        return size
            .and_then(|size| named.iter().find(|(_, _, rest)| of_size(rest, size)))
            .or_else(|| named.iter().find(|(m, _, _)| m.from_kitchen))
            .or_else(|| named.first())
            .map(|found| per(found));
    }
    // "1 chop, without refuse (yield from 1 raw chop ...)" is a piece.
    let countable: Vec<_> = pieces
        .iter()
        .filter(|(_, _, rest)| {
            !NOT_A_PIECE.iter().any(|w| rest.contains(w))
                || rest.contains("without refuse")
                || rest.contains("excluding refuse")
        })
        .collect();
    if let Some(size) = size {
        let sized = countable.iter().find(|(_, _, rest)| of_size(rest, size));
        if let Some(found) = sized {
            return Some(per(found));
        }
    }
    // Of the pieces the name says, the kitchen's first (as bought, where
    // SR28's is not: "1 drumstick, with bone").
    // The measure saying most of the name, the kitchen's first of those.
    let varieties = countable
        .iter()
        .filter(|(_, _, rest)| variety_of(rest, name, food))
        .rev();
    if let Some(found) =
        varieties.max_by_key(|(m, _, rest)| (variety_words(rest, name, food), m.from_kitchen))
    {
        return Some(per(found));
    }
    // A kitchen piece of a part the line does not name ("1 tender" of
    // chicken breast) is not the food's piece.
    countable
        .iter()
        .find(|(m, _, rest)| m.from_kitchen && !names_another_part(rest, name))
        .or_else(|| {
            countable
                .iter()
                .find(|(_, _, rest)| rest.starts_with("medium"))
        })
        .or_else(|| countable.first())
        .map(|found| per(found))
}

/// Grams of an amount of `food` in a plain unit (mass or volume).
fn plain(amount: Amount, food: &Food, line: &ParsedLine) -> Option<Grams> {
    match amount.unit? {
        Unit::Mass(g) => Some(match crate::bone::edible_share(line, food) {
            // Meat weighed on the bone, shellfish in the shell: the
            // edible part.
            Some(edible) => Grams::Known {
                grams: amount.quantity * g * edible,
                via: format!("mass, less {:.0}% refuse", (1.0 - edible) * 100.0),
            },
            None if crate::bone::with_refuse(line, food) => Grams::NoEdibleShare,
            None => Grams::Known {
                grams: amount.quantity * g,
                via: "mass".to_owned(),
            },
        }),
        Unit::Volume(ml) => Some(match density(food, line, ml) {
            Some((per_ml, via)) => Grams::Known {
                grams: amount.quantity * ml * per_ml,
                via,
            },
            None => Grams::NoVolumeMeasure,
        }),
        Unit::Piece(_) => None,
    }
}

/// The grams of `line` as `food`.
pub fn grams(line: &ParsedLine, food: &Food) -> Grams {
    // "3 tbsp sugar, or to taste": the amount given is what is counted.
    if line.to_taste && line.amount.is_none() {
        return Grams::Known {
            grams: 0.0,
            via: "to taste".to_owned(),
        };
    }
    let Some(amount) = line.amount else {
        return Grams::NoAmount;
    };
    if let Some(total) = line.total
        && let Some(found) = plain(total, food, line)
    {
        return trimmed(found, line, food);
    }
    if let Some(found) = plain(amount, food, line) {
        return found;
    }
    let each_grams = line.each.and_then(|each| plain(each, food, line));
    if each_grams == Some(Grams::NoEdibleShare) {
        // "2 lobsters (1.5 lb each)": a stated weight in the shell.
        return Grams::NoEdibleShare;
    }
    if let Some(each) = line.each
        && let Some(Grams::Known { grams, via }) = each_grams
    {
        // "drained", not "undrained".
        let drained = measure_words(&format!("{} {}", line.comment, line.name))
            .iter()
            .any(|w| w == "drained");
        let share = if drained && matches!(each.unit, Some(Unit::Mass(_))) {
            DRAINED_SHARE
        } else {
            1.0
        };
        return trimmed(
            Grams::Known {
                grams: amount.quantity * grams * share,
                via: format!("{via} each"),
            },
            line,
            food,
        );
    }
    let word = match amount.unit {
        Some(Unit::Piece(word)) => Some(word),
        _ => None,
    };
    // A British tin is weighed as the food's tin where it has one (400 g
    // of tomatoes), else as its can.
    let found = if word.is_none()
        && let Some(found) = of_diameter(food, line)
    {
        Some(found)
    } else if word == Some("can") && says_tin(line) {
        piece_weight(food, Some("tin"), line.size, &line.name)
            .or_else(|| piece_weight(food, word, line.size, &line.name))
    } else {
        piece_weight(food, word, line.size, &line.name)
    };
    match found {
        Some((each, via)) if crate::bone::weighs_the_bone(&via) => {
            // A piece as bought, counted on the bone: its edible part.
            match crate::bone::edible_share(line, food) {
                Some(edible) => Grams::Known {
                    grams: amount.quantity * each * edible,
                    via: format!("{via}, less {:.0}% refuse", (1.0 - edible) * 100.0),
                },
                None if crate::bone::with_refuse(line, food) => Grams::NoEdibleShare,
                None => Grams::Known {
                    grams: amount.quantity * each,
                    via,
                },
            }
        }
        Some((each, via)) => match crate::trim::piece_share(line, food) {
            // A peeled potato counted by SR28's whole potato (K9).
            Some(edible) => Grams::Known {
                grams: amount.quantity * each * edible,
                via: format!("{via}, less {:.0}% refuse", (1.0 - edible) * 100.0),
            },
            None => Grams::Known {
                grams: amount.quantity * each,
                via,
            },
        },
        None => Grams::NoPieceWeight(word.unwrap_or("piece").to_owned()),
    }
}

/// A counted fruit or vegetable weighed as bought in parentheses and
/// then peeled: its edible part (`trim.rs`, keying rule K9).
fn trimmed(found: Grams, line: &ParsedLine, food: &Food) -> Grams {
    match (found, crate::trim::edible_share(line, food)) {
        (Grams::Known { grams, via }, Some(edible)) => Grams::Known {
            grams: grams * edible,
            via: format!("{via}, less {:.0}% refuse", (1.0 - edible) * 100.0),
        },
        (found, _) => found,
    }
}

/// Whether the line counts British tins ("1 tin chopped tomatoes").
fn says_tin(line: &ParsedLine) -> bool {
    measure_words(&line.text)
        .iter()
        .any(|w| w == "tin" || w == "tins")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foods::FoodTable;
    use crate::parse::parse_line;

    #[test]
    fn a_bone_in_mass_of_a_food_without_refuse_asks_for_the_grams() {
        // Clams in the shell: no refuse SR28 or the kitchen is sure of.
        let line = parse_line("3 lb littleneck clams in their shells").unwrap();
        let clams = FoodTable::sr28().get(15157).unwrap();
        assert_eq!(grams(&line, clams), Grams::NoEdibleShare);
        // Raw thighs with skin (05091), which SR28 gives no refuse, count
        // the kitchen's estimated 80 % (data/kitchen_refuse.tsv).
        let line = parse_line("8 bone-in, skin-on chicken thighs (about 2 lbs)").unwrap();
        let thighs = FoodTable::sr28().get(5091).unwrap();
        assert!((known(&grams(&line, thighs)) - 2.0 * 453.592 * 0.8).abs() < 0.01);
    }

    fn g(line: &str, ndb: u32) -> Grams {
        grams(
            &parse_line(line).unwrap(),
            FoodTable::sr28().get(ndb).unwrap(),
        )
    }

    fn known(grams: &Grams) -> f64 {
        match grams {
            Grams::Known { grams, .. } => *grams,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn volume_goes_through_the_foods_own_measure() {
        // SR28 onions: 1 cup, chopped = 160 g; 1 cup, sliced = 115 g.
        assert!((known(&g("2 cups sliced onion", 11282)) - 230.0).abs() < 0.5);
        assert!((known(&g("½ cup onion, diced", 11282)) - 80.0).abs() < 0.5);
        // Olive oil: 1 tablespoon = 13.5 g.
        assert!((known(&g("2 tbsp olive oil", 4053)) - 27.0).abs() < 0.1);
    }

    #[test]
    fn small_pasta_shapes_by_the_cup() {
        // SR28's cup of dry pasta is of spaghetti (91 g); elbows and
        // ditalini 105 g, orzo and acini di pepe 168 g (branch ingr23).
        assert!((known(&g("1/2 cup dry spaghetti, broken", 20120)) - 45.5).abs() < 0.1);
        assert!((known(&g("3 cups elbow macaroni, dry", 20120)) - 315.0).abs() < 0.1);
        assert!((known(&g("1/2 cup ditalini", 20420)) - 52.5).abs() < 0.1);
        assert!((known(&g("2/3 cup dry orzo", 20120)) - 112.0).abs() < 0.1);
        assert!((known(&g("1/3 cup risoni", 20120)) - 56.0).abs() < 0.1);
        assert!((known(&g("1/4 cup acini di pepe", 20120)) - 42.0).abs() < 0.1);
    }

    #[test]
    fn counts_use_sizes_and_pieces() {
        assert_eq!(known(&g("2 extra large eggs", 1123)), 112.0);
        assert_eq!(known(&g("3 eggs", 1123)), 150.0);
        assert_eq!(known(&g("7 cloves of garlic", 11215)), 21.0);
        assert_eq!(
            g("1 head celery", 11143),
            Grams::NoPieceWeight("head".into())
        );
    }

    #[test]
    fn kitchen_pieces_by_size_variety_and_name() {
        // A kitchen slice stands before SR28's 139 g slice of French bread.
        assert_eq!(known(&g("3 slices sourdough bread", 18029)), 96.0);
        assert_eq!(known(&g("1 small onion", 11282)), 70.0);
        // SR28 counts only a large potato: a potato is a medium one.
        assert_eq!(known(&g("3 potatoes, quartered", 11352)), 639.0);
        assert_eq!(known(&g("1 small potato", 11352)), 170.0);
        assert_eq!(known(&g("1 large potato", 11352)), 369.0);
        // A chicken tender is a part of the breast, counted only by name.
        assert_eq!(known(&g("8 chicken tenders", 5062)), 320.0);
        assert_eq!(known(&g("2 chicken breasts", 5062)), 544.0);
        assert_eq!(known(&g("2 plum tomatoes", 11529)), 124.0);
        assert_eq!(known(&g("2 tomatoes", 11529)), 246.0);
        assert_eq!(known(&g("1 small head cauliflower", 11135)), 265.0);
        assert_eq!(known(&g("2 large romaine leaves", 11251)), 56.0);
        assert_eq!(known(&g("2 large lettuce leaves", 11251)), 12.0);
        assert_eq!(known(&g("1 head romaine lettuce", 11251)), 626.0);
        assert_eq!(
            g("1 head lettuce", 11251),
            Grams::NoPieceWeight("head".into())
        );
        // Ground flaxseed is weighed as ground, not as whole seeds.
        assert_eq!(known(&g("2 tbsp ground flaxseed", 12220)), 14.0);
        assert!((known(&g("1 tbsp flaxseed", 12220)) - 10.3).abs() < 0.01);
    }

    #[test]
    fn packages_and_drained_cans() {
        assert!((known(&g("1 (19 oz) can lentils, drained", 16070)) - 323.2).abs() < 0.5);
        assert!((known(&g("1 (14 oz) can coconut cream", 12118)) - 396.9).abs() < 0.5);
        assert!((known(&g("2 fillets (5 oz each) trout", 15240)) - 283.5).abs() < 0.5);
        // Undrained is the whole can.
        assert!((known(&g("1 (15 oz) can black beans, undrained", 16018)) - 425.2).abs() < 0.5);
    }

    #[test]
    fn to_taste_is_nothing_and_no_amount_is_unknown() {
        assert_eq!(known(&g("pepper to taste", 2030)), 0.0);
        assert_eq!(g("pepper", 2030), Grams::NoAmount);
    }

    #[test]
    fn brown_sugar_is_measured_packed() {
        let table = FoodTable::sr28();
        let sugar = table.get(19334).unwrap();
        let g = |line: &str| match grams(&parse_line(line).unwrap(), sugar) {
            Grams::Known { grams, .. } => grams,
            other => panic!("{other:?}"),
        };
        assert!((g("2 tbsp brown sugar") - 27.5).abs() < 0.1);
        assert!((g("2 tbsp packed brown sugar") - 27.5).abs() < 0.1);
        assert!((g("2 tbsp brown sugar, unpacked") - 18.0).abs() < 0.1);
    }

    #[test]
    fn counted_meat_and_fish_use_a_piece_weight_and_its_edible_part() {
        // A bone-in chop: SR28's chop without refuse (10036).
        assert_eq!(known(&g("4 bone-in pork chops", 10036)), 796.0);
        // A drumstick as bought less 31% bone; a lamb shank less SR28's 52%.
        assert!((known(&g("4 chicken drumsticks", 5066)) - 4.0 * 133.0 * 0.69).abs() < 0.01);
        assert!((known(&g("2 lamb shanks", 17007)) - 2.0 * 450.0 * 0.48).abs() < 0.01);
        // A salmon fillet is a portion, not half a side.
        assert_eq!(known(&g("4 salmon fillets", 15076)), 680.0);
        // A stated weight each is used.
        assert!((known(&g("4 cod fillets (6 oz each)", 15015)) - 680.4).abs() < 0.1);
        // Bone-in thighs: SR28's 193 g a thigh less the kitchen's 20 % bone.
        assert!((known(&g("6 bone-in chicken thighs", 5091)) - 6.0 * 193.0 * 0.8).abs() < 0.01);
        // A stated weight in the shell of a shellfish without a figure.
        assert_eq!(g("2 lobsters (1.5 lb each)", 15147), Grams::NoEdibleShare);
    }

    #[test]
    fn british_tins_sachets_and_knobs() {
        assert_eq!(known(&g("1 tin chopped tomatoes", 11531)), 400.0);
        assert_eq!(known(&g("400 g tin chopped tomatoes", 11531)), 400.0);
        assert_eq!(known(&g("2 x 400g tins chopped tomatoes", 11531)), 800.0);
        assert_eq!(known(&g("1 x 400g tin chickpeas, drained", 16359)), 240.0);
        assert_eq!(known(&g("1 sachet fast-action yeast", 18375)), 7.0);
        assert_eq!(known(&g("a knob of butter", 1001)), 15.0);
        assert_eq!(known(&g("4 rashers streaky bacon", 10123)), 112.0);
        // A US can of tomatoes of no stated size is still asked about.
        assert_eq!(
            g("1 can diced tomatoes", 11531),
            Grams::NoPieceWeight("can".into())
        );
    }
}
