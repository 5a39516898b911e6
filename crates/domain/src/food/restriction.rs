//! What a restriction name means.
//!
//! A user may store any restriction name. [`Restriction::parse`] reads one
//! against a [`Taxonomy`] into rules:
//!
//! 1. **Diets**: `vegan`, `vegetarian`, `pescatarian`, `halal`, `kosher`
//!    (see [`Diet`] for what each excludes).
//! 2. **Allergens**: the 14 EU groups by any common name (`nut allergy` is
//!    tree nuts and peanuts, `peanut allergy` peanuts only, `shellfish`
//!    crustaceans and molluscs, `seafood` those and fish, `dairy`, `milk`
//!    and `lactose` milk, `wheat` and `coeliac` gluten, `sulphites`, …).
//!    An allergen rule excludes every ingredient that contains *or may
//!    contain* the allergen.
//! 3. **Kinds of food**: any node of the taxonomy by name or alias, with
//!    plurals and British or American names (`no onions`, `coriander
//!    free`, `aubergine allergy`, `no red meat`); it excludes everything
//!    below it.
//! 4. Failing those, nodes whose name contains the words (`no pepper`
//!    excludes red bell pepper and black pepper).
//!
//! Wrappers are ignored (`no`, `without`, `allergic to`, `… allergy`,
//! `… free`, `… intolerance`, `… diet`), and a name that means nothing
//! whole is read in parts (`no pork or shellfish`). What matches nothing
//! is [unmatched](Restriction::unmatched): stored, but not enforced. Diets
//! that are not rules about ingredients (keto, low FODMAP, paleo, low
//! carb, …) are never matched, so they are reported as not enforced
//! rather than half-enforced.
//!
//! A dislike may let kinds back in: `no fish except salmon`, `dairy except
//! cheese`, `meat other than chicken and turkey` keep out what the part
//! before the word keeps out, except ingredients of the kinds named after
//! it ([`Restriction::except`]). An allergy or intolerance never has
//! exceptions (`nut allergy except almonds` keeps every nut out), and a
//! kind the rule does not keep out is no exception; both are listed as
//! [not applied](Restriction::except_not_applied).

use crate::food::allergen::Allergen;
use crate::food::diet_type::DietType;
use crate::food::taxonomy::{Taxonomy, has_words, key};

/// A diet that works as a restriction: it excludes kinds of food.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Diet {
    /// No animal product at all.
    Vegan,
    /// No meat, fish, shellfish, animal rennet or gelatin.
    Vegetarian,
    /// No meat (fish and shellfish allowed) and no gelatin.
    Pescatarian,
    /// What the ingredients can tell: no pork, alcohol, blood, gelatin or
    /// cheese made with animal rennet. Whether meat was slaughtered or
    /// certified halal is not tracked.
    Halal,
    /// What the ingredients can tell: no pork, shellfish, blood, gelatin or
    /// cheese made with animal rennet, and no meat with dairy in one dish.
    /// Certification is not tracked.
    Kosher,
}

/// The taxonomy kind every meat belongs to (poultry included).
pub const MEAT: &str = "meat";
/// The taxonomy kind every milk product belongs to.
pub const DAIRY: &str = "dairy";

impl Diet {
    /// Every diet, in this order.
    pub const ALL: [Self; 5] = [
        Self::Vegan,
        Self::Vegetarian,
        Self::Pescatarian,
        Self::Halal,
        Self::Kosher,
    ];

    /// Its name.
    pub fn name(self) -> &'static str {
        match self {
            Self::Vegan => "vegan",
            Self::Vegetarian => "vegetarian",
            Self::Pescatarian => "pescatarian",
            Self::Halal => "halal",
            Self::Kosher => "kosher",
        }
    }

    /// The taxonomy kinds it excludes.
    pub fn excluded_kinds(self) -> &'static [&'static str] {
        match self {
            Self::Vegan => &["animal product"],
            Self::Vegetarian => &["meat", "fish", "shellfish", "animal rennet", "gelatin"],
            Self::Pescatarian => &["meat", "gelatin"],
            Self::Halal => &["pork", "alcohol", "blood", "gelatin", "animal rennet"],
            Self::Kosher => &["pork", "shellfish", "blood", "gelatin", "animal rennet"],
        }
    }

    /// Whether a dish may not have meat and dairy together.
    pub fn forbids_meat_with_dairy(self) -> bool {
        self == Self::Kosher
    }

    /// The diet type label that marks recipes fit for it, if any.
    pub fn diet_type(self) -> Option<DietType> {
        match self {
            Self::Vegan => Some(DietType::Vegan),
            Self::Vegetarian => Some(DietType::Vegetarian),
            _ => None,
        }
    }

    /// What it excludes, in words.
    pub fn describe(self) -> String {
        let mut out = format!("{} ({}", self.name(), self.excluded_kinds().join(", "));
        if self.forbids_meat_with_dairy() {
            out.push_str(", meat with dairy");
        }
        out.push(')');
        out
    }
}

/// Every taxonomy kind the rules of this crate name: a taxonomy in use
/// should list them all (the catalogue's tests check its own).
pub fn kinds_named_by_rules() -> Vec<&'static str> {
    let mut kinds = vec![MEAT, DAIRY];
    for diet in Diet::ALL {
        for k in diet.excluded_kinds() {
            if !kinds.contains(k) {
                kinds.push(k);
            }
        }
    }
    kinds
}

/// The predefined restrictions (contract §5) and the allergens each
/// excludes.
pub const PREDEFINED: [(&str, &[Allergen]); 8] = [
    ("gluten free", &[Allergen::Gluten]),
    ("lactose intolerance", &[Allergen::Milk]),
    ("nut allergy", &[Allergen::Peanut, Allergen::TreeNut]),
    (
        "shellfish allergy",
        &[Allergen::Crustaceans, Allergen::Molluscs],
    ),
    ("soy allergy", &[Allergen::Soy]),
    ("egg allergy", &[Allergen::Egg]),
    ("fish allergy", &[Allergen::Fish]),
    ("sesame allergy", &[Allergen::Sesame]),
];

/// One thing a restriction excludes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Rule {
    /// Ingredients that contain or may contain this allergen.
    Allergen(Allergen),
    /// Ingredients of this taxonomy kind (a node name).
    Kind(String),
    /// What this diet excludes.
    Diet(Diet),
}

impl Rule {
    /// What it excludes, in words (`peanuts`, `pork`, `halal (pork, …)`).
    pub fn describe(&self) -> String {
        match self {
            Self::Allergen(a) => a.group_name().to_owned(),
            Self::Kind(k) => k.clone(),
            Self::Diet(d) => d.describe(),
        }
    }
}

/// A restriction name read into rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Restriction {
    name: String,
    rules: Vec<Rule>,
    unmatched: Vec<String>,
    words: Vec<String>,
    except: Vec<String>,
    except_not_applied: Vec<String>,
}

/// Words that open the kinds a dislike lets back in (in [`key`] form).
const EXCEPT_WORDS: &[&str] = &[
    " except for ",
    " except ",
    " excepting ",
    " other than ",
    " apart from ",
    " aside from ",
];

/// Word beginnings that make a restriction an allergy, an intolerance or
/// a medical "… free", which never has exceptions (in [`key`] form).
const ALLERGY_WORDS: &[&str] = &[
    "allerg",
    "intoleran",
    "celiac",
    "coeliac",
    "anaphyla",
    "sensitiv",
];

/// Whether `name` is an allergy, an intolerance or "… free" (`gluten
/// free`, `dairy free`): such a restriction has no exceptions.
pub fn is_allergy(name: &str) -> bool {
    key(name)
        .split(' ')
        .any(|w| w == "free" || ALLERGY_WORDS.iter().any(|a| w.starts_with(a)))
}

/// Diets and labels that are not rules about ingredients; never matched.
const NOT_INGREDIENT_RULES: &[&str] = &[
    "keto",
    "ketogenic",
    "low fodmap",
    "fodmap",
    "paleo",
    "paleolithic",
    "whole30",
    "whole 30",
    "atkin",
    "low carb",
    "low carbohydrate",
    "high protein",
    "low fat",
    "low calorie",
    "low sodium",
    "low cholesterol",
    "low gi",
    "low glycemic",
    "diabetic",
    "diabete",
    "mediterranean",
    "carnivore",
];

const PREFIXES: &[&str] = &[
    "no ",
    "non ",
    "not ",
    "without ",
    "avoid ",
    "avoiding ",
    "free from ",
    "free of ",
    "allergic to ",
    "allergy to ",
    "intolerant to ",
    "intolerance to ",
    "sensitive to ",
    "sensitivity to ",
    "i am ",
    "im ",
    "i dont eat ",
    "dont eat ",
    "do not eat ",
    "i do not eat ",
    "never ",
    "zero ",
    "dislike ",
    "hate ",
    "exclude ",
    "strict ",
    "strictly ",
];

const SUFFIXES: &[&str] = &[
    " allergy",
    " allergic",
    " intolerance",
    " intolerant",
    " free",
    " sensitivity",
    " sensitive",
    " diet",
    " only",
    " product",
    " disease",
    " food",
];

enum Found {
    Rules(Vec<Rule>),
    NotAnIngredientRule,
    Nothing,
}

impl Restriction {
    /// Reads `name` against `taxonomy` (see the module documentation).
    pub fn parse(taxonomy: &Taxonomy, name: &str) -> Self {
        let keyed = format!(" {} ", key(name));
        if let Some((at, word)) = EXCEPT_WORDS
            .iter()
            .filter_map(|w| keyed.find(w).map(|at| (at, *w)))
            .min_by_key(|&(at, _)| at)
            && !keyed[..at].trim().is_empty()
        {
            let mut out = Self::parse_whole(taxonomy, &keyed[..at]);
            out.name = name.trim().to_lowercase();
            out.let_back(taxonomy, &keyed[at + word.len()..]);
            return out;
        }
        Self::parse_whole(taxonomy, name)
    }

    /// [`parse`](Self::parse) of a name with no exception.
    fn parse_whole(taxonomy: &Taxonomy, name: &str) -> Self {
        let mut out = Self {
            name: name.trim().to_lowercase(),
            rules: Vec::new(),
            unmatched: Vec::new(),
            words: Vec::new(),
            except: Vec::new(),
            except_not_applied: Vec::new(),
        };
        if let Some((rules, word)) = match_part(taxonomy, &key(name)) {
            out.add(rules, word);
            return out;
        }
        let parts: Vec<String> = name
            .split([',', ';', '/', '&', '+'])
            .flat_map(|chunk| {
                let k = key(chunk);
                split_words(&k)
            })
            .filter(|p| !p.is_empty())
            .collect();
        if parts.len() <= 1 {
            let core = candidates(&key(name)).pop().unwrap_or_default();
            out.words.push(core.clone());
            out.unmatched.push(core);
            return out;
        }
        for part in parts {
            match match_part(taxonomy, &part) {
                Some((rules, word)) => out.add(rules, word),
                None => {
                    let core = candidates(&part).pop().unwrap_or_default();
                    if !core.is_empty() {
                        out.words.push(core.clone());
                        out.unmatched.push(core);
                    }
                }
            }
        }
        out
    }

    /// Lets the kinds `list` names back in, where this is a dislike that
    /// keeps them out.
    fn let_back(&mut self, taxonomy: &Taxonomy, list: &str) {
        let allergy = is_allergy(&self.name);
        let parts = list.split(' ').fold(vec![String::new()], |mut parts, w| {
            if matches!(w, "and" | "or" | "nor" | "plus" | "the" | "a" | "an") {
                parts.push(String::new());
            } else if !w.is_empty() {
                let last = parts.last_mut().expect("one part");
                if !last.is_empty() {
                    last.push(' ');
                }
                last.push_str(w);
            }
            parts
        });
        for part in parts.into_iter().filter(|p| !p.is_empty()) {
            let node = candidates(&part)
                .iter()
                .find_map(|form| taxonomy.resolve(form));
            match node {
                Some(node) if !allergy && self.keeps_out(taxonomy, node) => {
                    if !self.except.iter().any(|e| e == node) {
                        self.except.push(node.to_owned());
                    }
                }
                _ => self.except_not_applied.push(part),
            }
        }
    }

    /// Whether the rules keep out the kind `node` (a taxonomy node), by
    /// kind or allergen, before any exception.
    pub fn keeps_out(&self, taxonomy: &Taxonomy, node: &str) -> bool {
        let allergens = taxonomy.allergens_of(node).unwrap_or(&[]);
        self.rules.iter().any(|r| match r {
            Rule::Kind(k) => taxonomy.is_a(node, k),
            Rule::Allergen(a) => allergens.contains(a),
            Rule::Diet(_) => false,
        })
    }

    fn add(&mut self, rules: Vec<Rule>, word: Option<String>) {
        for r in rules {
            if !self.rules.contains(&r) {
                self.rules.push(r);
            }
        }
        self.words.extend(word);
    }

    /// The name as stored (trimmed, lowercase).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// What it excludes.
    pub fn rules(&self) -> &[Rule] {
        &self.rules
    }

    /// The parts that matched nothing (empty when fully understood).
    pub fn unmatched(&self) -> &[String] {
        &self.unmatched
    }

    /// Whether every part of it is matched to a rule: it is enforced as
    /// meant. A restriction that is not fully enforced still excludes what
    /// its matched parts say.
    pub fn is_enforced(&self) -> bool {
        !self.rules.is_empty() && self.unmatched.is_empty()
    }

    /// The kinds let back in (`salmon` of `no fish except salmon`): taxonomy
    /// nodes the rules would keep out.
    pub fn except(&self) -> &[String] {
        &self.except
    }

    /// Kinds named after an exception word that are not let back in: not
    /// understood, not kept out by the rule anyway, or excepted from an
    /// allergy (which has no exceptions).
    pub fn except_not_applied(&self) -> &[String] {
        &self.except_not_applied
    }

    /// What it excludes, in words.
    pub fn excludes(&self) -> Vec<String> {
        self.rules.iter().map(Rule::describe).collect()
    }

    /// Words to look for in the names of ingredients the taxonomy does not
    /// know (the key words of its kinds and of its unmatched parts).
    pub(crate) fn words(&self) -> &[String] {
        &self.words
    }
}

/// `no pork or beef` → [`no pork`, `beef`].
fn split_words(k: &str) -> Vec<String> {
    let mut parts = vec![String::new()];
    for w in k.split(' ') {
        if matches!(w, "and" | "or" | "nor" | "plus" | "also") {
            parts.push(String::new());
        } else {
            let last = parts.last_mut().expect("one part");
            if !last.is_empty() {
                last.push(' ');
            }
            last.push_str(w);
        }
    }
    parts
}

/// `k` and the forms left after stripping each wrapper in turn.
fn candidates(k: &str) -> Vec<String> {
    let mut out = vec![k.to_owned()];
    let mut current = k.to_owned();
    loop {
        let mut next = current.clone();
        for p in PREFIXES {
            if let Some(rest) = next.strip_prefix(p) {
                next = rest.to_owned();
            }
        }
        for s in SUFFIXES {
            if let Some(rest) = next.strip_suffix(s) {
                next = rest.to_owned();
            }
        }
        if next == current {
            return out;
        }
        out.push(next.clone());
        current = next;
    }
}

/// The rules one part names, and the word to match unknown ingredients
/// with; `None` when it names nothing known.
fn match_part(taxonomy: &Taxonomy, k: &str) -> Option<(Vec<Rule>, Option<String>)> {
    let forms = candidates(k);
    for form in &forms {
        match exact(taxonomy, form) {
            Found::Rules(rules) => {
                let word = rules
                    .iter()
                    .any(|r| matches!(r, Rule::Kind(_)))
                    .then(|| form.clone());
                return Some((rules, word));
            }
            Found::NotAnIngredientRule => return None,
            Found::Nothing => {}
        }
    }
    let core = forms.last()?;
    if core.is_empty() || NOT_INGREDIENT_RULES.iter().any(|w| has_words(core, w)) {
        return None;
    }
    let nodes = taxonomy.containing_words(core);
    (!nodes.is_empty()).then(|| {
        (
            nodes
                .into_iter()
                .map(|n| Rule::Kind(n.to_owned()))
                .collect(),
            Some(core.clone()),
        )
    })
}

fn exact(taxonomy: &Taxonomy, form: &str) -> Found {
    if form.is_empty() {
        return Found::Nothing;
    }
    if NOT_INGREDIENT_RULES.contains(&form) {
        return Found::NotAnIngredientRule;
    }
    if let Some(rules) = diet_words(form) {
        return Found::Rules(rules);
    }
    let allergens = allergens_named(form);
    if !allergens.is_empty() {
        return Found::Rules(allergens.iter().map(|a| Rule::Allergen(*a)).collect());
    }
    match taxonomy.resolve(form) {
        Some(node) => Found::Rules(vec![Rule::Kind(node.to_owned())]),
        None => Found::Nothing,
    }
}

fn diet_words(form: &str) -> Option<Vec<Rule>> {
    use Diet::*;
    Some(match form {
        "vegan" | "plant based" | "plantbased" => vec![Rule::Diet(Vegan)],
        "vegetarian" | "veggie" | "lacto ovo vegetarian" | "ovo lacto vegetarian" => {
            vec![Rule::Diet(Vegetarian)]
        }
        "lacto vegetarian" => vec![Rule::Diet(Vegetarian), Rule::Allergen(Allergen::Egg)],
        "ovo vegetarian" => vec![Rule::Diet(Vegetarian), Rule::Allergen(Allergen::Milk)],
        "pescatarian" | "pescetarian" | "pesco vegetarian" | "pescovegetarian" => {
            vec![Rule::Diet(Pescatarian)]
        }
        "halal" | "zabiha" => vec![Rule::Diet(Halal)],
        "kosher" | "kashrut" => vec![Rule::Diet(Kosher)],
        _ => return None,
    })
}

/// The allergen groups a word (as a [`key`]) names.
pub fn allergens_named(word: &str) -> &'static [Allergen] {
    use Allergen::*;
    match word {
        "gluten" | "wheat" | "celiac" | "cereal containing gluten" | "gluten containing cereal" => {
            &[Gluten]
        }
        "milk" | "dairy" | "lactose" | "cow milk" | "cows milk" | "casein" | "milk protein" => {
            &[Milk]
        }
        "egg" | "hen egg" => &[Egg],
        "fish" | "finfish" => &[Fish],
        "crustacean" => &[Crustaceans],
        "mollusk" => &[Molluscs],
        "shellfish" | "shell fish" => &[Crustaceans, Molluscs],
        "seafood" | "sea food" => &[Fish, Crustaceans, Molluscs],
        "peanut" | "groundnut" | "ground nut" | "arachis" | "monkey nut" => &[Peanut],
        "tree nut" | "treenut" => &[TreeNut],
        "nut" => &[Peanut, TreeNut],
        "soy" | "soybean" | "soy bean" => &[Soy],
        "sesame" | "sesame seed" => &[Sesame],
        "celery" | "celeriac" => &[Celery],
        "mustard" | "mustard seed" => &[Mustard],
        "lupin" | "lupine" | "lupini" => &[Lupin],
        "sulfite" | "sulfur dioxide" | "sulfur" | "so2" => &[Sulphites],
        _ => &[],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::food::taxonomy::TaxonomyEntry;

    fn taxonomy() -> Taxonomy {
        let node = |name: &str, kinds: &[&str], aliases: &[&str]| TaxonomyEntry {
            name: name.into(),
            kinds: kinds.iter().map(|k| (*k).into()).collect(),
            aliases: aliases.iter().map(|k| (*k).into()).collect(),
            ..TaxonomyEntry::default()
        };
        Taxonomy::from_entries([
            node("meat", &[], &[]),
            node("red meat", &["meat"], &[]),
            node("pork", &["red meat"], &["pig"]),
            node("ham", &["pork"], &["gammon"]),
            node("onion", &[], &[]),
            node("scallions", &["onion"], &["spring onion", "green onion"]),
            node("cilantro", &[], &["coriander"]),
            node("eggplant", &[], &["aubergine"]),
            node("red bell pepper", &[], &[]),
            node("black pepper", &[], &[]),
            node("animal product", &[], &[]),
        ])
        .unwrap()
    }

    fn rules(name: &str) -> Vec<Rule> {
        Restriction::parse(&taxonomy(), name).rules().to_vec()
    }

    fn kind(k: &str) -> Rule {
        Rule::Kind(k.into())
    }

    #[test]
    fn names_read_as_people_mean_them() {
        use Allergen::*;
        let table: Vec<(&str, Vec<Rule>)> = vec![
            ("no pork", vec![kind("pork")]),
            ("Pork-free", vec![kind("pork")]),
            ("pig", vec![kind("pork")]),
            ("no red meat", vec![kind("red meat")]),
            ("no meat", vec![kind("meat")]),
            ("meat free diet", vec![kind("meat")]),
            ("no onions", vec![kind("onion")]),
            ("no spring onions", vec![kind("scallions")]),
            ("coriander", vec![kind("cilantro")]),
            ("no coriander", vec![kind("cilantro")]),
            ("allergic to aubergines", vec![kind("eggplant")]),
            (
                "no peppers",
                vec![kind("red bell pepper"), kind("black pepper")],
            ),
            (
                "nut allergy",
                vec![Rule::Allergen(Peanut), Rule::Allergen(TreeNut)],
            ),
            (
                "no nuts",
                vec![Rule::Allergen(Peanut), Rule::Allergen(TreeNut)],
            ),
            ("peanut allergy", vec![Rule::Allergen(Peanut)]),
            ("tree nut allergy", vec![Rule::Allergen(TreeNut)]),
            ("Tree-nuts", vec![Rule::Allergen(TreeNut)]),
            ("lactose intolerance", vec![Rule::Allergen(Milk)]),
            ("dairy free", vec![Rule::Allergen(Milk)]),
            ("no dairy products", vec![Rule::Allergen(Milk)]),
            ("wheat allergy", vec![Rule::Allergen(Gluten)]),
            ("coeliac disease", vec![Rule::Allergen(Gluten)]),
            ("gluten-free", vec![Rule::Allergen(Gluten)]),
            ("no eggs", vec![Rule::Allergen(Egg)]),
            (
                "seafood allergy",
                vec![
                    Rule::Allergen(Fish),
                    Rule::Allergen(Crustaceans),
                    Rule::Allergen(Molluscs),
                ],
            ),
            (
                "shellfish allergy",
                vec![Rule::Allergen(Crustaceans), Rule::Allergen(Molluscs)],
            ),
            ("molluscs", vec![Rule::Allergen(Molluscs)]),
            ("mollusk allergy", vec![Rule::Allergen(Molluscs)]),
            ("crustaceans", vec![Rule::Allergen(Crustaceans)]),
            ("soya allergy", vec![Rule::Allergen(Soy)]),
            ("celery allergy", vec![Rule::Allergen(Celery)]),
            ("no celery", vec![Rule::Allergen(Celery)]),
            ("mustard allergy", vec![Rule::Allergen(Mustard)]),
            ("lupin", vec![Rule::Allergen(Lupin)]),
            ("sulphites", vec![Rule::Allergen(Sulphites)]),
            ("sulfite sensitivity", vec![Rule::Allergen(Sulphites)]),
            ("sesame allergy", vec![Rule::Allergen(Sesame)]),
            ("fish allergy", vec![Rule::Allergen(Fish)]),
            ("vegan", vec![Rule::Diet(Diet::Vegan)]),
            ("plant-based", vec![Rule::Diet(Diet::Vegan)]),
            ("vegetarian", vec![Rule::Diet(Diet::Vegetarian)]),
            (
                "lacto vegetarian",
                vec![Rule::Diet(Diet::Vegetarian), Rule::Allergen(Egg)],
            ),
            ("pescatarian", vec![Rule::Diet(Diet::Pescatarian)]),
            ("Pescetarian diet", vec![Rule::Diet(Diet::Pescatarian)]),
            ("halal", vec![Rule::Diet(Diet::Halal)]),
            ("halal only", vec![Rule::Diet(Diet::Halal)]),
            ("kosher", vec![Rule::Diet(Diet::Kosher)]),
            (
                "no pork or shellfish",
                vec![
                    kind("pork"),
                    Rule::Allergen(Crustaceans),
                    Rule::Allergen(Molluscs),
                ],
            ),
            ("no ham, no onions", vec![kind("ham"), kind("onion")]),
            ("animal products", vec![kind("animal product")]),
        ];
        for (name, want) in table {
            let r = Restriction::parse(&taxonomy(), name);
            assert_eq!(r.rules(), want, "{name}");
            assert!(r.is_enforced(), "{name}: {:?}", r.unmatched());
        }
    }

    #[test]
    fn exceptions_let_kinds_back_in_only_where_a_dislike_keeps_them_out() {
        let node = TaxonomyEntry::node;
        let t = Taxonomy::from_entries([
            node("meat", &[], &[], &[]),
            node("pork", &["meat"], &[], &[]),
            node("fish", &[], &[Allergen::Fish], &[]),
            node("salmon", &["fish"], &[], &[]),
        ])
        .unwrap();
        let r = Restriction::parse(&t, "No fish except salmon");
        assert_eq!(r.name(), "no fish except salmon");
        assert_eq!(r.rules(), [Rule::Allergen(Allergen::Fish)]);
        assert_eq!(r.except(), ["salmon"]);
        assert!(r.except_not_applied().is_empty());
        assert!(r.is_enforced());
        let r = Restriction::parse(&t, "meat except for pork and salmon");
        assert_eq!(r.except(), ["pork"]);
        assert_eq!(r.except_not_applied(), ["salmon"]);
        let r = Restriction::parse(&t, "fish allergy except salmon");
        assert!(r.except().is_empty());
        assert_eq!(r.except_not_applied(), ["salmon"]);
        let r = Restriction::parse(&t, "fish free except salmon");
        assert!(r.except().is_empty());
        let r = Restriction::parse(&t, "no fish other than kiwi thing");
        assert!(r.except().is_empty());
        assert_eq!(r.except_not_applied(), ["kiwi thing"]);
        // No base: the words are read as they are.
        let r = Restriction::parse(&t, "except salmon");
        assert!(r.except().is_empty());
    }

    #[test]
    fn what_is_not_understood_is_unmatched() {
        for name in [
            "kiwi thing",
            "keto",
            "Keto diet",
            "ketogenic",
            "low FODMAP",
            "low-fodmap diet",
            "paleo",
            "low carb",
            "allergy",
            "spicy food",
        ] {
            let r = Restriction::parse(&taxonomy(), name);
            assert!(r.rules().is_empty(), "{name}: {:?}", r.rules());
            assert!(!r.is_enforced() && !r.unmatched().is_empty(), "{name}");
        }
        let r = Restriction::parse(&taxonomy(), "no pork and kiwi thing");
        assert_eq!(r.rules(), [kind("pork")]);
        assert_eq!(r.unmatched(), ["kiwi thing"]);
        assert!(!r.is_enforced());
        assert_eq!(r.name(), "no pork and kiwi thing");
        // With no taxonomy, ingredient words are still kept for matching
        // names.
        let r = Restriction::parse(&Taxonomy::default(), "No mushrooms");
        assert_eq!(r.unmatched(), ["mushroom"]);
        assert_eq!(r.words(), ["mushroom"]);
    }

    #[test]
    fn predefined_restrictions_mean_their_allergens() {
        for (name, allergens) in PREDEFINED {
            let want: Vec<Rule> = allergens.iter().map(|a| Rule::Allergen(*a)).collect();
            assert_eq!(rules(name), want, "{name}");
        }
        for a in Allergen::ALL {
            assert_eq!(rules(a.restriction_name()), [Rule::Allergen(*a)], "{a:?}");
        }
    }

    #[test]
    fn descriptions() {
        let r = Restriction::parse(&taxonomy(), "kosher");
        assert_eq!(
            r.excludes(),
            ["kosher (pork, shellfish, blood, gelatin, animal rennet, meat with dairy)"]
        );
        assert_eq!(
            Restriction::parse(&taxonomy(), "nut allergy").excludes(),
            ["peanuts", "tree nuts"]
        );
        assert!(kinds_named_by_rules().contains(&"animal rennet"));
    }
}
