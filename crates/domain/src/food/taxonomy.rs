//! The ingredient taxonomy: what each ingredient is, what people also call
//! it, and which allergens it contains or may contain.
//!
//! The taxonomy is a graph of named nodes. A node is an ingredient (a name
//! recipes use, such as `ham`) or a kind of food (`pork`, `red meat`,
//! `meat`); each lists the kinds it is or is made of (`ham` → `pork`,
//! `processed meat`; `pesto` → `basil`, `parmesan`, `pine nut`, …), so a
//! node belongs to every kind above it. Allergens written on a node hold
//! for everything below it (`dairy` contains milk, so every cheese does).
//!
//! [`Taxonomy::standard`] is the taxonomy mealplan ships
//! (`crates/domain/data/taxonomy.tsv`, compiled into the crate), so any
//! service using this crate classifies ingredients the same way;
//! [`Taxonomy::from_entries`] builds another (the standard entries plus
//! one's own, say, from [`standard_entries`]). Names are matched through [`key`], which
//! ignores case, accents, punctuation, plurals and British spellings, so
//! `Aubergines`, `aubergine` and `eggplant` (an alias) find the same node.

use std::collections::HashMap;

use crate::food::allergen::Allergen;

/// One node as the data lists it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TaxonomyEntry {
    /// The node's name (an ingredient name as recipes write it, or a kind).
    pub name: String,
    /// The kinds it is, or is made of (parents), by name.
    pub kinds: Vec<String>,
    /// Other names people use for it (synonyms, British and American
    /// names); plurals need not be listed.
    pub aliases: Vec<String>,
    /// Allergens it contains (inherited by everything below it).
    pub contains: Vec<Allergen>,
    /// Allergens it may contain (traces, or recipes that vary by brand).
    pub may_contain: Vec<Allergen>,
}

impl TaxonomyEntry {
    /// A node without other names, for the crate's tests that build small
    /// taxonomies of their own.
    #[cfg(test)]
    pub(crate) fn node(
        name: &str,
        kinds: &[&str],
        contains: &[Allergen],
        may: &[Allergen],
    ) -> Self {
        Self {
            name: name.into(),
            kinds: kinds.iter().map(|k| (*k).into()).collect(),
            aliases: vec![],
            contains: contains.to_vec(),
            may_contain: may.to_vec(),
        }
    }
}

/// Why taxonomy data was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TaxonomyError {
    /// A node without a name.
    #[error("a node has an empty name")]
    EmptyName,
    /// A node listed twice.
    #[error("{0:?} is listed twice")]
    Duplicate(String),
    /// Two nodes answer to the same name (after plurals and spelling).
    #[error("{first:?} and {second:?} are both called {name:?}")]
    Ambiguous {
        /// The name both answer to.
        name: String,
        /// One node.
        first: String,
        /// The other.
        second: String,
    },
    /// A node names a kind that is not listed.
    #[error("{node:?} is said to be {kind:?}, which is not listed")]
    UnknownKind {
        /// The node.
        node: String,
        /// The missing kind.
        kind: String,
    },
    /// A node is, through its kinds, a kind of itself.
    #[error("{0:?} is a kind of itself")]
    Cycle(String),
    /// A line of taxonomy text is malformed ([`Taxonomy::parse_tsv`]).
    #[error("line {line}: {message}")]
    Syntax {
        /// 1-based line.
        line: usize,
        /// What is wrong.
        message: String,
    },
}

/// The shipped taxonomy's text.
const STANDARD_TSV: &str = include_str!("../../data/taxonomy.tsv");

/// The entries of the standard taxonomy, to extend with one's own before
/// [`Taxonomy::from_entries`].
pub fn standard_entries() -> Vec<TaxonomyEntry> {
    entries_of_tsv(STANDARD_TSV).expect("the shipped taxonomy.tsv parses (tested)")
}

/// Rows of taxonomy text: `#` comments, a header line, then five
/// tab-separated columns (name, kinds, other names, contains, may
/// contain), lists comma-separated.
fn entries_of_tsv(text: &str) -> Result<Vec<TaxonomyEntry>, TaxonomyError> {
    let mut entries = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let fail = |message: String| TaxonomyError::Syntax {
            line: index + 1,
            message,
        };
        if line.starts_with('#') || line.starts_with("name\t") || line.trim().is_empty() {
            continue;
        }
        let cols: Vec<&str> = line.split('\t').collect();
        if cols.len() != 5 {
            return Err(fail(format!("expected 5 columns, found {}", cols.len())));
        }
        let list = |i: usize| -> Vec<String> {
            cols[i]
                .split(',')
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(str::to_owned)
                .collect()
        };
        let allergens = |i: usize| {
            list(i)
                .iter()
                .map(|a| Allergen::parse(a).map_err(|_| fail(format!("unknown allergen {a:?}"))))
                .collect::<Result<Vec<_>, _>>()
        };
        entries.push(TaxonomyEntry {
            name: cols[0].trim().to_owned(),
            kinds: list(1),
            aliases: list(2),
            contains: allergens(3)?,
            may_contain: allergens(4)?,
        });
    }
    Ok(entries)
}

#[derive(Debug, Clone, PartialEq)]
struct Node {
    name: String,
    aliases: Vec<String>,
    parents: Vec<usize>,
    /// Itself and every kind above it, sorted.
    closure: Vec<usize>,
    /// Its own and inherited allergens, in [`Allergen::ALL`] order.
    contains: Vec<Allergen>,
    /// Allergens it may contain and does not contain, same order.
    may_contain: Vec<Allergen>,
}

/// The ingredient taxonomy. Empty by default: then nothing is known and
/// callers fall back to ingredient names (see [`crate::HardRules`]).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Taxonomy {
    nodes: Vec<Node>,
    by_name: HashMap<String, usize>,
    by_key: HashMap<String, usize>,
}

impl Taxonomy {
    /// The taxonomy mealplan ships: about 300 ingredients and kinds of
    /// food with their other names and allergens, parsed once.
    ///
    /// ```
    /// use mealplan_domain::{Allergen, Taxonomy};
    ///
    /// let t = Taxonomy::standard();
    /// assert!(t.is_a("ham", "meat"));
    /// assert!(t.allergens_of("peanut butter").unwrap().contains(&Allergen::Peanut));
    /// assert_eq!(t.resolve("Aubergines"), Some("eggplant"));
    /// ```
    pub fn standard() -> &'static Taxonomy {
        static STANDARD: std::sync::OnceLock<Taxonomy> = std::sync::OnceLock::new();
        STANDARD.get_or_init(|| {
            Self::from_entries(standard_entries())
                .expect("the shipped taxonomy.tsv is valid (tested)")
        })
    }

    /// A taxonomy from text in the format of the shipped `taxonomy.tsv`.
    pub fn parse_tsv(text: &str) -> Result<Self, TaxonomyError> {
        Self::from_entries(entries_of_tsv(text)?)
    }

    /// Builds the taxonomy from its entries, checking that names are
    /// unique (also as aliases, after [`key`]), that every kind named is
    /// listed, and that no node is a kind of itself.
    pub fn from_entries(
        entries: impl IntoIterator<Item = TaxonomyEntry>,
    ) -> Result<Self, TaxonomyError> {
        let entries: Vec<TaxonomyEntry> = entries.into_iter().collect();
        let mut by_name = HashMap::new();
        let mut by_key: HashMap<String, usize> = HashMap::new();
        for (i, e) in entries.iter().enumerate() {
            if e.name.trim().is_empty() {
                return Err(TaxonomyError::EmptyName);
            }
            if by_name.insert(e.name.clone(), i).is_some() {
                return Err(TaxonomyError::Duplicate(e.name.clone()));
            }
        }
        for (i, e) in entries.iter().enumerate() {
            for name in std::iter::once(&e.name).chain(&e.aliases) {
                let k = key(name);
                if k.is_empty() {
                    return Err(TaxonomyError::EmptyName);
                }
                match by_key.get(&k) {
                    Some(&j) if j != i => {
                        return Err(TaxonomyError::Ambiguous {
                            name: name.clone(),
                            first: entries[j].name.clone(),
                            second: e.name.clone(),
                        });
                    }
                    _ => {
                        by_key.insert(k, i);
                    }
                }
            }
        }
        let mut parents = Vec::with_capacity(entries.len());
        for e in &entries {
            let mut own = Vec::new();
            for kind in &e.kinds {
                let &p = by_name
                    .get(kind)
                    .ok_or_else(|| TaxonomyError::UnknownKind {
                        node: e.name.clone(),
                        kind: kind.clone(),
                    })?;
                if !own.contains(&p) {
                    own.push(p);
                }
            }
            parents.push(own);
        }
        let mut closures: Vec<Option<Vec<usize>>> = vec![None; entries.len()];
        for i in 0..entries.len() {
            closure_of(i, &parents, &mut closures, &mut Vec::new())
                .map_err(|at| TaxonomyError::Cycle(entries[at].name.clone()))?;
        }
        let nodes = entries
            .iter()
            .enumerate()
            .map(|(i, e)| {
                let closure = closures[i].take().unwrap_or_default();
                let holds = |pick: fn(&TaxonomyEntry) -> &Vec<Allergen>| {
                    Allergen::ALL
                        .iter()
                        .copied()
                        .filter(|a| closure.iter().any(|&c| pick(&entries[c]).contains(a)))
                        .collect::<Vec<_>>()
                };
                let contains = holds(|e| &e.contains);
                let may_contain = holds(|e| &e.may_contain)
                    .into_iter()
                    .filter(|a| !contains.contains(a))
                    .collect();
                Node {
                    name: e.name.clone(),
                    aliases: e.aliases.clone(),
                    parents: parents[i].clone(),
                    closure,
                    contains,
                    may_contain,
                }
            })
            .collect();
        Ok(Self {
            nodes,
            by_name,
            by_key,
        })
    }

    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether nothing is known.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Every node name, in data order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.nodes.iter().map(|n| n.name.as_str())
    }

    /// Whether `name` is a node (exactly as the data writes it).
    pub fn knows(&self, name: &str) -> bool {
        self.by_name.contains_key(name)
    }

    /// The node a person's word for a food names: a node name or alias,
    /// compared by [`key`] (`Aubergines` → `eggplant`, `spring onion` →
    /// `scallions`).
    pub fn resolve(&self, words: &str) -> Option<&str> {
        self.by_key
            .get(&key(words))
            .map(|&i| self.nodes[i].name.as_str())
    }

    /// Nodes whose name or an alias contains `words` as whole words
    /// (by [`key`]): `pepper` finds `red bell pepper` and `black pepper`.
    pub fn containing_words(&self, words: &str) -> Vec<&str> {
        let wanted = key(words);
        if wanted.is_empty() {
            return Vec::new();
        }
        self.nodes
            .iter()
            .filter(|n| {
                std::iter::once(&n.name)
                    .chain(&n.aliases)
                    .any(|name| has_words(&key(name), &wanted))
            })
            .map(|n| n.name.as_str())
            .collect()
    }

    /// `name` and every kind above it (empty when `name` is unknown).
    pub fn kinds_of(&self, name: &str) -> Vec<&str> {
        self.node(name).map_or_else(Vec::new, |n| {
            n.closure
                .iter()
                .map(|&i| self.nodes[i].name.as_str())
                .collect()
        })
    }

    /// The kinds `name` lists itself (its parents).
    pub fn parents_of(&self, name: &str) -> Vec<&str> {
        self.node(name).map_or_else(Vec::new, |n| {
            n.parents
                .iter()
                .map(|&i| self.nodes[i].name.as_str())
                .collect()
        })
    }

    /// Whether `name` is `kind` or belongs to it. False when either is
    /// unknown.
    pub fn is_a(&self, name: &str, kind: &str) -> bool {
        match (self.node(name), self.by_name.get(kind)) {
            (Some(n), Some(k)) => n.closure.binary_search(k).is_ok(),
            _ => false,
        }
    }

    /// Every node that is `kind` or belongs to it, in data order.
    pub fn members_of(&self, kind: &str) -> Vec<&str> {
        let Some(k) = self.by_name.get(kind) else {
            return Vec::new();
        };
        self.nodes
            .iter()
            .filter(|n| n.closure.binary_search(k).is_ok())
            .map(|n| n.name.as_str())
            .collect()
    }

    /// Allergens `name` contains, its own and inherited (`None` when
    /// unknown).
    pub fn allergens_of(&self, name: &str) -> Option<&[Allergen]> {
        self.node(name).map(|n| n.contains.as_slice())
    }

    /// Allergens `name` may contain and does not certainly contain
    /// (`None` when unknown).
    pub fn may_contain_of(&self, name: &str) -> Option<&[Allergen]> {
        self.node(name).map(|n| n.may_contain.as_slice())
    }

    fn node(&self, name: &str) -> Option<&Node> {
        self.by_name.get(name).map(|&i| &self.nodes[i])
    }
}

/// Fills `closures[i]`; on a cycle, the index where it was found.
fn closure_of(
    i: usize,
    parents: &[Vec<usize>],
    closures: &mut [Option<Vec<usize>>],
    path: &mut Vec<usize>,
) -> Result<(), usize> {
    if closures[i].is_some() {
        return Ok(());
    }
    if path.contains(&i) {
        return Err(i);
    }
    path.push(i);
    let mut all = vec![i];
    for &p in &parents[i] {
        closure_of(p, parents, closures, path)?;
        all.extend(closures[p].iter().flatten().copied());
    }
    path.pop();
    all.sort_unstable();
    all.dedup();
    closures[i] = Some(all);
    Ok(())
}

/// Whether `text` contains the words of `wanted` in a row.
pub(crate) fn has_words(text: &str, wanted: &str) -> bool {
    let words: Vec<&str> = text.split(' ').collect();
    let wanted: Vec<&str> = wanted.split(' ').collect();
    !wanted.is_empty()
        && wanted.len() <= words.len()
        && words.windows(wanted.len()).any(|w| w == wanted.as_slice())
}

/// The form names are compared in: lowercase, accents and apostrophes
/// dropped, other punctuation as spaces, each word singular and in
/// American spelling (`Cow's Yoghurts` → `cow yogurt`, `jalapeños` →
/// `jalapeno`, `sulphites` → `sulfite`). Two spellings of a name have the
/// same key; the key itself need not be a real word (`berries` → `berry`,
/// `cookie` → `cooky`).
pub fn key(text: &str) -> String {
    let mut plain = String::with_capacity(text.len());
    for c in text.chars().flat_map(char::to_lowercase) {
        match c {
            '\'' | '’' | '`' => {}
            'à' | 'á' | 'â' | 'ä' | 'ã' | 'å' => plain.push('a'),
            'ç' => plain.push('c'),
            'è' | 'é' | 'ê' | 'ë' => plain.push('e'),
            'ì' | 'í' | 'î' | 'ï' => plain.push('i'),
            'ñ' => plain.push('n'),
            'ò' | 'ó' | 'ô' | 'ö' | 'õ' | 'ø' => plain.push('o'),
            'ù' | 'ú' | 'û' | 'ü' => plain.push('u'),
            'œ' => plain.push_str("oe"),
            'æ' => plain.push_str("ae"),
            c if c.is_alphanumeric() => plain.push(c),
            _ => plain.push(' '),
        }
    }
    plain
        .split_whitespace()
        .map(|w| american(&singular(w)).to_owned())
        .collect::<Vec<_>>()
        .join(" ")
}

/// One word in singular, by spelling rules applied the same way to every
/// word (so a singular and its plural meet, even when the result is not
/// a word).
fn singular(word: &str) -> String {
    let w = word;
    match w {
        "chilies" | "chillies" => return "chili".into(),
        "leaves" => return "leaf".into(),
        "halves" => return "half".into(),
        "loaves" => return "loaf".into(),
        "geese" => return "goose".into(),
        _ => {}
    }
    let base = if w.len() <= 3 || w.ends_with("ss") || w.ends_with("us") || w.ends_with("is") {
        w
    } else if let Some(stem) = w.strip_suffix("ies").filter(|s| s.len() >= 2) {
        return format!("{stem}y");
    } else if let Some(stem) = w
        .strip_suffix("oes")
        .or_else(|| w.strip_suffix("ches"))
        .or_else(|| w.strip_suffix("shes"))
        .or_else(|| w.strip_suffix("sses"))
    {
        let ending = &w[stem.len()..w.len() - 2];
        return tidy(&format!("{stem}{ending}"));
    } else {
        w.strip_suffix('s').unwrap_or(w)
    };
    tidy(base)
}

/// Endings that a singular and the plural rules above would otherwise
/// leave apart: `cookie`/`cookies` → `cooky`, `quiche`/`quiches` → `quich`.
fn tidy(word: &str) -> String {
    if let Some(stem) = word.strip_suffix("ie").filter(|s| s.len() >= 2) {
        format!("{stem}y")
    } else if word.ends_with("che") || word.ends_with("she") {
        word[..word.len() - 1].to_owned()
    } else {
        word.to_owned()
    }
}

/// British spellings of food words, in American spelling.
fn american(word: &str) -> &str {
    match word {
        "yoghurt" | "yoghourt" => "yogurt",
        "chilli" | "chile" => "chili",
        "sulphite" => "sulfite",
        "sulphur" => "sulfur",
        "mollusc" => "mollusk",
        "coeliac" => "celiac",
        "soya" => "soy",
        "pitta" => "pita",
        "gelatine" => "gelatin",
        "savoury" => "savory",
        "flavour" => "flavor",
        "colour" => "color",
        "doughnut" => "donut",
        "whisky" => "whiskey",
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_standard_taxonomy_loads() {
        let t = Taxonomy::standard();
        assert!(t.len() > 250, "{}", t.len());
        assert!(t.is_a("honey", "animal product"));
        assert_eq!(standard_entries().len(), t.len());
    }

    #[test]
    fn tsv_rows_parse_and_errors_name_their_line() {
        let t = Taxonomy::parse_tsv(
            "# c\nname\tis\talso called\tcontains\tmay contain\nmeat\t\t\t\t\nham\tmeat\tgammon\t\tsulphites\n",
        )
        .unwrap();
        assert!(t.is_a("ham", "meat"));
        assert_eq!(t.resolve("gammon"), Some("ham"));
        assert_eq!(t.may_contain_of("ham"), Some(&[Allergen::Sulphites][..]));
        assert_eq!(
            Taxonomy::parse_tsv("a\tb\n").unwrap_err().to_string(),
            "line 1: expected 5 columns, found 2"
        );
        assert_eq!(
            Taxonomy::parse_tsv("\n\nx\t\t\tnuts\t\n")
                .unwrap_err()
                .to_string(),
            "line 3: unknown allergen \"nuts\""
        );
        assert!(matches!(
            Taxonomy::parse_tsv("ham\tpork\t\t\t\n").unwrap_err(),
            TaxonomyError::UnknownKind { .. }
        ));
    }

    fn entry(name: &str, kinds: &[&str], aliases: &[&str]) -> TaxonomyEntry {
        TaxonomyEntry {
            name: name.into(),
            kinds: kinds.iter().map(|k| (*k).into()).collect(),
            aliases: aliases.iter().map(|k| (*k).into()).collect(),
            ..TaxonomyEntry::default()
        }
    }

    fn small() -> Taxonomy {
        let mut dairy = entry("dairy", &[], &[]);
        dairy.contains = vec![Allergen::Milk];
        let mut chocolate = entry("dark chocolate", &[], &["plain chocolate"]);
        chocolate.may_contain = vec![Allergen::Milk, Allergen::TreeNut];
        Taxonomy::from_entries([
            entry("meat", &[], &[]),
            entry("red meat", &["meat"], &[]),
            entry("pork", &["red meat"], &["pig"]),
            entry("processed meat", &["meat"], &["cold cuts"]),
            entry("ham", &["pork", "processed meat"], &["gammon"]),
            dairy,
            entry("cheese", &["dairy"], &[]),
            entry("parmesan", &["cheese"], &["parmigiano reggiano"]),
            entry("eggplant", &[], &["aubergine"]),
            entry("red bell pepper", &[], &["red pepper"]),
            entry("black pepper", &[], &[]),
            chocolate,
        ])
        .unwrap()
    }

    #[test]
    fn keys_ignore_case_plurals_accents_and_british_spelling() {
        for (a, b) in [
            ("Tomatoes", "tomato"),
            ("Peaches", "peach"),
            ("berries", "berry"),
            ("cookies", "cookie"),
            ("pies", "pie"),
            ("quiches", "quiche"),
            ("cheeses", "cheese"),
            ("Jalapeños", "jalapeno"),
            ("Greek Yoghurt", "greek yogurt"),
            ("chillies", "chili"),
            ("sulphites", "sulfite"),
            ("molluscs", "mollusk"),
            ("cow's milk", "cows milk"),
            ("gluten-free", "gluten free"),
            ("soya beans", "soy bean"),
        ] {
            assert_eq!(key(a), key(b), "{a} vs {b}");
        }
        for word in ["hummus", "asparagus", "couscous", "swiss", "pie"] {
            assert_eq!(key(word), word);
        }
        assert_ne!(key("peas"), key("pear"));
    }

    #[test]
    fn kinds_are_inherited() {
        let t = small();
        assert_eq!(
            t.kinds_of("ham"),
            ["meat", "red meat", "pork", "processed meat", "ham"]
        );
        assert!(t.is_a("ham", "meat") && t.is_a("ham", "ham"));
        assert!(!t.is_a("parmesan", "meat") && !t.is_a("nothing", "meat"));
        assert_eq!(t.members_of("pork"), ["pork", "ham"]);
        assert_eq!(t.parents_of("ham"), ["pork", "processed meat"]);
        assert_eq!(t.allergens_of("parmesan"), Some(&[Allergen::Milk][..]));
        assert_eq!(t.allergens_of("ham"), Some(&[][..]));
        assert_eq!(t.allergens_of("kiwi"), None);
        assert_eq!(
            t.may_contain_of("dark chocolate"),
            Some(&[Allergen::Milk, Allergen::TreeNut][..])
        );
    }

    #[test]
    fn names_resolve_by_alias_and_plural() {
        let t = small();
        assert_eq!(t.resolve("Aubergines"), Some("eggplant"));
        assert_eq!(t.resolve("pigs"), Some("pork"));
        assert_eq!(t.resolve("Parmigiano-Reggiano"), Some("parmesan"));
        assert_eq!(t.resolve("kiwi"), None);
        assert_eq!(
            t.containing_words("peppers"),
            ["red bell pepper", "black pepper"]
        );
        assert_eq!(t.containing_words("bell"), ["red bell pepper"]);
        assert!(t.containing_words("pep").is_empty());
        assert!(t.knows("ham") && !t.knows("Ham"));
    }

    #[test]
    fn bad_data_is_refused() {
        let err = |entries: Vec<TaxonomyEntry>| Taxonomy::from_entries(entries).unwrap_err();
        assert_eq!(
            err(vec![entry("a", &[], &[]), entry("a", &[], &[])]),
            TaxonomyError::Duplicate("a".into())
        );
        assert!(matches!(
            err(vec![
                entry("onion", &[], &[]),
                entry("shallot", &[], &["onions"])
            ]),
            TaxonomyError::Ambiguous { .. }
        ));
        assert_eq!(
            err(vec![entry("ham", &["pork"], &[])]),
            TaxonomyError::UnknownKind {
                node: "ham".into(),
                kind: "pork".into()
            }
        );
        assert!(matches!(
            err(vec![entry("a", &["b"], &[]), entry("b", &["a"], &[])]),
            TaxonomyError::Cycle(_)
        ));
        assert_eq!(err(vec![entry(" ", &[], &[])]), TaxonomyError::EmptyName);
        assert!(Taxonomy::default().is_empty());
    }
}
