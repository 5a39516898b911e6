//! The names cooks give foods (`data/names.tsv`), each on one SR28 food.
//! A name matches when all its stems are among a line's food stems; the
//! longest matching name wins, and the line's other stems say how sure
//! the match is: preparation words only ("finely chopped") leave it
//! sure, any other word ("smoked") sends the line to the SR28 search.

use std::sync::OnceLock;

use crate::words::{is_preparation, stems};

const NAMES_TSV: &str = include_str!("../data/names.tsv");

/// One name of the lexicon.
#[derive(Debug, Clone, PartialEq)]
struct Entry {
    name: String,
    stems: Vec<String>,
    ndb: u32,
}

/// A name found in a line.
#[derive(Debug, Clone, PartialEq)]
pub struct NameMatch {
    /// The food the name stands for.
    pub ndb: u32,
    /// The line's stems the name did not cover and that are more than
    /// preparation: empty when the name says all the line says.
    pub unexplained: Vec<String>,
}

/// The cooks' names, read once.
#[derive(Debug)]
pub struct Lexicon {
    entries: Vec<Entry>,
}

impl Lexicon {
    /// The embedded lexicon.
    ///
    /// # Panics
    /// If `data/names.tsv` is malformed, which the tests rule out.
    pub fn standard() -> &'static Lexicon {
        static LEXICON: OnceLock<Lexicon> = OnceLock::new();
        LEXICON.get_or_init(|| Lexicon::parse(NAMES_TSV).expect("data/names.tsv reads"))
    }

    /// Reads `name<TAB>ndb` lines; `#` starts a comment line.
    pub fn parse(text: &str) -> Result<Lexicon, String> {
        let mut entries = Vec::new();
        for (i, line) in text.lines().enumerate() {
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            let (name, ndb) = line
                .split_once('\t')
                .ok_or(format!("names.tsv:{}: no tab", i + 1))?;
            let ndb = ndb
                .trim()
                .parse()
                .map_err(|_| format!("names.tsv:{}: NDB {ndb:?}", i + 1))?;
            entries.push(Entry {
                name: name.trim().to_owned(),
                stems: stems(name),
                ndb,
            });
        }
        Ok(Lexicon { entries })
    }

    /// Every name, as written in `data/names.tsv`: the words a typo of a
    /// cook's name is mended to (`typo.rs`).
    pub fn names(&self) -> impl Iterator<Item = &str> + '_ {
        self.entries.iter().map(|e| e.name.as_str())
    }

    /// Every NDB number the lexicon names, for checks against the table.
    pub fn foods(&self) -> impl Iterator<Item = u32> + '_ {
        self.entries.iter().map(|e| e.ndb)
    }

    /// The names cooks give the food `ndb`, in file order (the first is
    /// the plainest): what a recipe's ingredient is called beside its
    /// SR28 description.
    pub fn names_of(&self, ndb: u32) -> impl Iterator<Item = &str> + '_ {
        self.entries
            .iter()
            .filter(move |e| e.ndb == ndb)
            .map(|e| e.name.as_str())
    }

    /// The best name all of whose stems are among `line_stems`: one that
    /// leaves only preparation words over first ("shredded rotisserie
    /// chicken" is "rotisserie chicken", not "shredded chicken"), then
    /// the longest, then the one whose food says more of the line (of
    /// two names as long, "crushed tomatoes" beats "canned tomatoes" for
    /// "canned crushed tomatoes": SR28's crushed row says "crushed" and
    /// "canned", its whole canned row only "canned"), then the first in
    /// the file. `explains` may account for a left-over stem by the
    /// named food itself ("canned" of a canned food).
    pub fn find(
        &self,
        line_stems: &[String],
        explains: impl Fn(u32, &str) -> bool,
    ) -> Option<NameMatch> {
        self.entries
            .iter()
            .enumerate()
            .filter(|(_, e)| !e.stems.is_empty() && e.stems.iter().all(|s| line_stems.contains(s)))
            .map(|(i, e)| {
                let unexplained: Vec<String> = line_stems
                    .iter()
                    .filter(|s| !e.stems.contains(s) && !is_preparation(s) && !explains(e.ndb, s))
                    .cloned()
                    .collect();
                let said = line_stems
                    .iter()
                    .filter(|s| e.stems.contains(s) || explains(e.ndb, s))
                    .count();
                (
                    (
                        unexplained.is_empty(),
                        e.stems.len(),
                        said,
                        in_order(&e.stems, line_stems),
                    ),
                    std::cmp::Reverse(i),
                    e,
                    unexplained,
                )
            })
            .max_by(|a, b| (a.0, a.1).cmp(&(b.0, b.1)))
            .map(|(_, _, e, unexplained)| NameMatch {
                ndb: e.ndb,
                unexplained,
            })
    }
}

/// Whether a name's stems are in the line in the name's order: of two
/// names of the same words, the one in the line's order wins ("potato
/// starch" against "starchy potatoes"; the last word of an English name
/// is its food).
fn in_order(name: &[String], line: &[String]) -> bool {
    let mut rest = line.iter();
    name.iter().all(|s| rest.any(|l| l == s))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foods::FoodTable;

    #[test]
    fn of_names_as_long_the_one_whose_food_says_more_wins() {
        let lexicon = Lexicon::standard();
        let line = stems("canned crushed tomatoes");
        let described = |ndb: u32, s: &str| {
            crate::words::description_stems(&FoodTable::sr28().get(ndb).unwrap().description)
                .iter()
                .any(|d| d == s)
        };
        assert_eq!(lexicon.find(&line, described).unwrap().ndb, 11693);
        let line = stems("canned whole tomatoes");
        assert_eq!(lexicon.find(&line, described).unwrap().ndb, 11531);
    }

    #[test]
    fn every_name_is_an_sr28_food() {
        let table = FoodTable::sr28();
        for ndb in Lexicon::standard().foods() {
            assert!(table.get(ndb).is_some(), "{ndb} is not in SR28");
        }
    }

    #[test]
    fn the_longest_name_wins_and_preparation_is_explained() {
        let lexicon = Lexicon::standard();
        let found = lexicon
            .find(&stems("finely chopped flat-leaf parsley"), |_, _| false)
            .unwrap();
        assert_eq!(found.ndb, 11297);
        assert!(found.unexplained.is_empty());
        let found = lexicon
            .find(&stems("unsalted butter"), |_, _| false)
            .unwrap();
        assert_eq!(found.ndb, 1145);
        let found = lexicon
            .find(&stems("smoked mackerel"), |_, _| false)
            .map(|f| f.ndb);
        assert_eq!(found, None);
        let found = lexicon.find(&stems("smoked salmon"), |_, _| false).unwrap();
        assert_eq!(found.unexplained, vec![crate::words::stem("smoked")]);
        let found = lexicon.find(&stems("shredded rotisserie chicken"), |_, _| false);
        assert_eq!(found.unwrap().ndb, 5013);
        let found = lexicon
            .find(&stems("canned salmon"), |_, s| s == "can")
            .unwrap();
        assert!(found.unexplained.is_empty());
    }
}
