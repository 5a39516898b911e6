//! What a user must never be served: [`HardRules`], read from their
//! restrictions and diet over a taxonomy, checking each recipe's
//! ingredients as well as its labels.

use std::collections::HashMap;

use crate::food::allergen::Allergen;
use crate::food::diet_type::DietType;
use crate::food::recipe::Recipe;
use crate::food::restriction::{DAIRY, Diet, MEAT, Restriction, Rule};
use crate::food::taxonomy::{Taxonomy, has_words, key};

/// Why an ingredient the taxonomy knows is out under the restrictions.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Hit {
    /// It contains (or, `may`, may contain) an excluded allergen;
    /// `by` is the restriction's index.
    Allergen {
        allergen: Allergen,
        may: bool,
        by: usize,
    },
    /// It belongs to the excluded kind at this index of `HardRules::kinds`.
    Kind(usize),
}

/// What one ingredient the taxonomy knows means under a set of rules.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
struct Verdict {
    /// Why a restriction excludes it, if one does.
    by_restrictions: Option<Hit>,
    /// The kind of it the profile's vegan/vegetarian diet excludes.
    by_diet: Option<&'static str>,
    /// It is meat (for the kosher rule on meat with dairy).
    meat: bool,
    /// It is dairy.
    dairy: bool,
}

/// What a user must never be served: what their restrictions exclude
/// (read by [`Restriction::parse`]: allergens, kinds of food, diets), and
/// their hard diet type (vegan or vegetarian).
///
/// Ingredients the [`Taxonomy`] knows are judged by it: an ingredient is
/// out when it belongs to an excluded kind, contains or may contain an
/// excluded allergen, or belongs to a kind the diet excludes. A recipe's
/// stored flags (allergens, diet types) are checked as well, so neither
/// a wrong flag nor an unknown ingredient lets a recipe through that the
/// other rules out. Ingredients the taxonomy does not know are judged by
/// name: the key words of the restriction (`no mushrooms` bans
/// `button mushrooms`, `tomato free` bans `canned tomatoes`; whole words
/// only, so `tea` does not ban `steak`), and as every taxonomy node the
/// recipe says it is ([`Recipe::with_kinds`]: an own recipe's SR28 pork
/// is `pork`).
///
/// Each excluded allergen, kind and word keeps the index of the first
/// restriction that excludes it, so that [`HardRules::breach`] can say
/// which rule a recipe breaks.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct HardRules {
    restrictions: Vec<Restriction>,
    allergens: Vec<(Allergen, usize)>,
    restriction_diets: Vec<(DietType, usize)>,
    diet: Option<DietType>,
    kinds: Vec<(String, usize)>,
    words: Vec<(String, usize)>,
    meat_with_dairy: Option<usize>,
    known: HashMap<String, Verdict>,
    /// Ingredients a restriction lets back in, with the allergens of that
    /// restriction they carry: a recipe's allergen flag they explain is
    /// no breach of it.
    excused: HashMap<String, Vec<(Allergen, usize)>>,
}

/// A rule a recipe breaks and what in the recipe breaks it
/// ([`HardRules::breach`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Breach {
    rule: String,
    cause: Cause,
}

/// What in a recipe breaks a rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cause {
    /// It contains, or (`may`) may contain, the allergen: by an
    /// ingredient or by the recipe's own allergen flags.
    Allergen {
        /// The allergen.
        allergen: Allergen,
        /// Only "may contain" (traces, shared processing).
        may: bool,
    },
    /// An ingredient belongs to an excluded kind of food.
    Kind {
        /// The kind (`pork`, `meat`, `animal product`).
        kind: String,
        /// The ingredient (`ham`).
        ingredient: String,
    },
    /// An ingredient the taxonomy does not know carries the rule's words.
    Named {
        /// The ingredient.
        ingredient: String,
    },
    /// The recipe is not labelled fit for the diet.
    NotDiet(DietType),
    /// It has meat and dairy in one dish.
    MeatWithDairy,
}

impl Breach {
    /// The rule broken: the restriction's name as stored (`nut allergy`,
    /// `halal`), or the profile's diet (`vegan diet`).
    pub fn rule(&self) -> &str {
        &self.rule
    }

    /// What in the recipe breaks it.
    pub fn cause(&self) -> &Cause {
        &self.cause
    }

    /// The breach in words, to follow a recipe's name, `who` being
    /// whoever keeps the rule: `contains peanuts, which {who} must avoid
    /// (nut allergy)`, `is not vegan, and {who} must eat vegan (vegan
    /// diet)`.
    pub fn explain(&self, who: &str) -> String {
        let rule = &self.rule;
        let what = match &self.cause {
            Cause::Allergen { allergen, may } => {
                let verb = if *may { "may contain" } else { "contains" };
                format!("{verb} {}", allergen.group_name())
            }
            Cause::Kind { kind, ingredient } if kind == ingredient => format!("contains {kind}"),
            Cause::Kind { kind, ingredient } => format!("contains {kind} ({ingredient})"),
            Cause::Named { ingredient } => format!("contains {ingredient}"),
            Cause::MeatWithDairy => "has meat with dairy".to_owned(),
            Cause::NotDiet(d) => {
                let d = d.as_str();
                return format!("is not {d}, and {who} must eat {d} ({rule})");
            }
        };
        format!("{what}, which {who} must avoid ({rule})")
    }
}

/// Why a recipe is out, as the check finds it (borrowing; made into a
/// [`Breach`] only when asked for).
enum Why<'a> {
    /// An allergen of restriction `by`.
    Allergen {
        allergen: Allergen,
        may: bool,
        by: usize,
    },
    /// An ingredient of the excluded kind `HardRules::kinds[kind]`.
    Kind { kind: usize, ingredient: &'a str },
    /// An unknown ingredient with the words `HardRules::words[word]`.
    Named { word: usize, ingredient: &'a str },
    /// Not labelled for the diet a restriction (`by`) names.
    RestrictionDiet { diet: DietType, by: usize },
    /// An ingredient of a kind the profile's diet excludes.
    DietKind {
        kind: &'static str,
        ingredient: &'a str,
    },
    /// Not labelled for the profile's diet.
    Diet(DietType),
    /// Meat with dairy, which restriction `by` (kosher) forbids.
    MeatWithDairy { by: usize },
}

impl HardRules {
    /// Rules from restriction names and the profile's diet types, read
    /// against `taxonomy` (an empty one leaves only flags and names).
    pub fn new<'a>(
        taxonomy: &Taxonomy,
        restrictions: impl IntoIterator<Item = &'a str>,
        diets: &[DietType],
    ) -> Self {
        let mut rules = Self::default();
        let restrictions: Vec<Restriction> = restrictions
            .into_iter()
            .map(|name| Restriction::parse(taxonomy, name))
            .collect();
        for (by, r) in restrictions.iter().enumerate() {
            for rule in r.rules() {
                match rule {
                    Rule::Allergen(a) => push_new(&mut rules.allergens, *a, by),
                    Rule::Kind(k) => push_new(&mut rules.kinds, k.clone(), by),
                    Rule::Diet(d) => {
                        if let Some(t) = d.diet_type() {
                            push_new(&mut rules.restriction_diets, t, by);
                        }
                        for k in d.excluded_kinds() {
                            push_new(&mut rules.kinds, (*k).to_owned(), by);
                            push_new(&mut rules.words, (*k).to_owned(), by);
                        }
                        if d.forbids_meat_with_dairy() {
                            rules.meat_with_dairy.get_or_insert(by);
                        }
                    }
                }
            }
            for w in r.words() {
                push_new(&mut rules.words, w.clone(), by);
            }
        }
        rules.diet = if diets.contains(&DietType::Vegan) {
            Some(DietType::Vegan)
        } else if diets.contains(&DietType::Vegetarian) {
            Some(DietType::Vegetarian)
        } else {
            None
        };
        let diet_kinds: &'static [&'static str] = match rules.diet {
            Some(DietType::Vegan) => Diet::Vegan.excluded_kinds(),
            Some(_) => Diet::Vegetarian.excluded_kinds(),
            None => &[],
        };
        for name in taxonomy.names() {
            let of = taxonomy.kinds_of(name);
            // "no fish except salmon": restriction `by` lets `name` back in.
            let let_back = |by: usize| {
                restrictions[by]
                    .except()
                    .iter()
                    .any(|e| of.contains(&e.as_str()))
            };
            // Its allergens, which a recipe's flags may owe to it.
            for &(allergen, by) in &rules.allergens {
                if let_back(by)
                    && taxonomy
                        .allergens_of(name)
                        .unwrap_or(&[])
                        .contains(&allergen)
                {
                    rules
                        .excused
                        .entry(name.to_owned())
                        .or_default()
                        .push((allergen, by));
                }
            }
            // Of what excludes it, the one `breach` would name: a sure
            // allergen before a possible one, the restriction listed
            // first before later ones.
            let contains = taxonomy.allergens_of(name).into_iter().flatten();
            let may_contain = taxonomy.may_contain_of(name).into_iter().flatten();
            let allergens = contains
                .map(|a| (a, false))
                .chain(may_contain.map(|a| (a, true)))
                .filter_map(|(a, may)| {
                    let &(allergen, by) = rules
                        .allergens
                        .iter()
                        .find(|(x, by)| x == a && !let_back(*by))?;
                    Some(Hit::Allergen { allergen, may, by })
                });
            let kinds = rules
                .kinds
                .iter()
                .enumerate()
                .filter(|(_, (x, by))| of.contains(&x.as_str()) && !let_back(*by))
                .map(|(i, _)| Hit::Kind(i));
            let hit = allergens.chain(kinds).min_by_key(|h| match *h {
                Hit::Allergen { may, by, .. } => (may, by),
                Hit::Kind(k) => (false, rules.kinds[k].1),
            });
            rules.known.insert(
                name.to_owned(),
                Verdict {
                    by_restrictions: hit,
                    by_diet: diet_kinds.iter().copied().find(|k| of.contains(k)),
                    meat: of.contains(&MEAT),
                    dairy: of.contains(&DAIRY),
                },
            );
        }
        rules.restrictions = restrictions;
        rules
    }

    /// The restrictions as read.
    pub fn restrictions(&self) -> &[Restriction] {
        &self.restrictions
    }

    /// Whether `recipe` breaks none of the rules.
    pub fn allow(&self, recipe: &Recipe) -> bool {
        self.why(recipe, true, false).is_none()
    }

    /// Whether `recipe` breaks no restriction (the profile's diet types
    /// aside).
    pub fn allows_allergens(&self, recipe: &Recipe) -> bool {
        self.why(recipe, false, false).is_none()
    }

    /// The rule `recipe` breaks and what in it breaks that rule; `None`
    /// exactly when [`allow`](Self::allow) says yes. Of several, the one
    /// named is a sure one before a "may contain", and the restriction
    /// listed first before later ones and before the profile's diet; an
    /// ingredient is named where one breaks it.
    pub fn breach(&self, recipe: &Recipe) -> Option<Breach> {
        let diet_rule = |d: DietType| format!("{} diet", d.as_str());
        let named = |by: usize| self.restrictions[by].name().to_owned();
        Some(match self.why(recipe, true, true)? {
            Why::Allergen { allergen, may, by } => Breach {
                rule: named(by),
                cause: Cause::Allergen { allergen, may },
            },
            Why::Kind { kind, ingredient } => Breach {
                rule: named(self.kinds[kind].1),
                cause: Cause::Kind {
                    kind: self.kinds[kind].0.clone(),
                    ingredient: ingredient.to_owned(),
                },
            },
            Why::Named { word, ingredient } => Breach {
                rule: named(self.words[word].1),
                cause: Cause::Named {
                    ingredient: ingredient.to_owned(),
                },
            },
            Why::RestrictionDiet { diet, by } => Breach {
                rule: named(by),
                cause: Cause::NotDiet(diet),
            },
            Why::DietKind { kind, ingredient } => Breach {
                rule: diet_rule(self.diet.unwrap_or(DietType::Vegetarian)),
                cause: Cause::Kind {
                    kind: kind.to_owned(),
                    ingredient: ingredient.to_owned(),
                },
            },
            Why::Diet(d) => Breach {
                rule: diet_rule(d),
                cause: Cause::NotDiet(d),
            },
            Why::MeatWithDairy { by } => Breach {
                rule: named(by),
                cause: Cause::MeatWithDairy,
            },
        })
    }

    /// The one check behind [`allow`](Self::allow),
    /// [`allows_allergens`](Self::allows_allergens) and
    /// [`breach`](Self::breach); `with_diet` counts the profile's diet.
    /// `best`: look at everything and keep what [`breach`](Self::breach)
    /// names; else stop at the first thing found.
    fn why<'r>(&self, recipe: &'r Recipe, with_diet: bool, best: bool) -> Option<Why<'r>> {
        let mut pick = Pick { best, found: None };
        // The profile's diet ranks after every restriction.
        let diet_rank = (false, self.restrictions.len());
        let (mut meat, mut dairy) = (false, false);
        // An ingredient the taxonomy has no name for but its caller knows
        // the kind of (`Recipe::with_kinds`) is judged as that node, by
        // its own name: so SR28 beef is out wherever `beef` is.
        let named = recipe
            .ingredients
            .iter()
            .map(|i| (i.name.as_str(), self.known.get(&i.name)));
        let judged = recipe
            .judged_as
            .iter()
            .filter_map(|(i, kind)| Some((i.as_str(), Some(self.known.get(kind)?))));
        for (ingredient, known) in named.chain(judged) {
            match known {
                Some(v) => {
                    let stop = match v.by_restrictions {
                        Some(Hit::Allergen { allergen, may, by }) => {
                            pick.take((may, by), Why::Allergen { allergen, may, by })
                        }
                        Some(Hit::Kind(kind)) => {
                            pick.take((false, self.kinds[kind].1), Why::Kind { kind, ingredient })
                        }
                        None => false,
                    };
                    if stop {
                        return pick.found();
                    }
                    if let Some(kind) = v.by_diet.filter(|_| with_diet)
                        && pick.take(diet_rank, Why::DietKind { kind, ingredient })
                    {
                        return pick.found();
                    }
                    meat |= v.meat;
                    dairy |= v.dairy;
                }
                None if !self.words.is_empty() => {
                    let name = key(ingredient);
                    let let_back = |by: usize| {
                        self.restrictions[by]
                            .except()
                            .iter()
                            .any(|e| has_words(&name, &key(e)))
                    };
                    if let Some(word) = self
                        .words
                        .iter()
                        .position(|(w, by)| has_words(&name, w) && !let_back(*by))
                        && pick.take((false, self.words[word].1), Why::Named { word, ingredient })
                    {
                        return pick.found();
                    }
                }
                None => {}
            }
        }
        for &(allergen, by) in &self.allergens {
            // A flag owed to an ingredient the restriction lets back in
            // ("dairy except cheese" and a cheese toastie's milk flag).
            let excused = || {
                recipe
                    .ingredients
                    .iter()
                    .map(|i| &i.name)
                    .chain(recipe.judged_as.iter().map(|(_, kind)| kind))
                    .filter_map(|n| self.excused.get(n))
                    .any(|list| list.contains(&(allergen, by)))
            };
            if recipe.allergens.contains(&allergen)
                && !excused()
                && pick.take(
                    (false, by),
                    Why::Allergen {
                        allergen,
                        may: false,
                        by,
                    },
                )
            {
                return pick.found();
            }
        }
        for &(diet, by) in &self.restriction_diets {
            if !recipe.is(diet) && pick.take((false, by), Why::RestrictionDiet { diet, by }) {
                return pick.found();
            }
        }
        if let Some(d) = self.diet.filter(|d| with_diet && !recipe.is(*d))
            && pick.take(diet_rank, Why::Diet(d))
        {
            return pick.found();
        }
        if let Some(by) = self.meat_with_dairy.filter(|_| meat && dairy) {
            pick.take((false, by), Why::MeatWithDairy { by });
        }
        pick.found()
    }
}

/// What [`HardRules::why`] found so far: the first thing, or (`best`) the
/// one ranked first by (only "may contain", the rule's place).
struct Pick<'r> {
    best: bool,
    found: Option<((bool, usize), Why<'r>)>,
}

impl<'r> Pick<'r> {
    /// Keeps `why`, ranked `rank`, if it is the first or ranks before what
    /// was kept; true when the search may stop.
    fn take(&mut self, rank: (bool, usize), why: Why<'r>) -> bool {
        if self.found.as_ref().is_none_or(|(kept, _)| rank < *kept) {
            self.found = Some((rank, why));
        }
        !self.best
    }

    /// What was kept.
    fn found(self) -> Option<Why<'r>> {
        self.found.map(|(_, why)| why)
    }
}

/// Adds `item`, excluded by restriction `by`, unless that restriction
/// excludes it already. Another restriction's entry is kept beside an
/// earlier one: each may let other kinds back in ("no fish except
/// salmon" and "fish allergy"); the first that applies is the one named.
fn push_new<T: PartialEq>(list: &mut Vec<(T, usize)>, item: T, by: usize) {
    if !list.iter().any(|(x, b)| *x == item && *b == by) {
        list.push((item, by));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::food::meal::MealType;
    use crate::food::recipe::{RecipeIngredient, RecipeParts};

    fn recipe(ingredients: &[&str], allergens: &[Allergen], diets: &[DietType]) -> Recipe {
        let parts = RecipeParts {
            id: 1,
            recipe_id: 1,
            name: "r".into(),
            ingredients: ingredients
                .iter()
                .map(|n| RecipeIngredient {
                    name: (*n).into(),
                    grams: 10.0,
                })
                .collect(),
            meal_types: vec![MealType::Lunch],
            ..RecipeParts::default()
        };
        // Labels by hand: these rules must hold even against wrong ones.
        Recipe::with_labels(parts, diets.to_vec(), allergens.to_vec())
    }

    fn none() -> Taxonomy {
        Taxonomy::default()
    }

    /// A taxonomy of a few foods, as the catalogue's data would say.
    fn foods() -> Taxonomy {
        use crate::food::taxonomy::TaxonomyEntry;
        let node = TaxonomyEntry::node;
        use Allergen::*;
        Taxonomy::from_entries([
            node("animal product", &[], &[], &[]),
            node("meat", &["animal product"], &[], &[]),
            node("red meat", &["meat"], &[], &[]),
            node("pork", &["red meat"], &[], &[]),
            node("ham", &["pork"], &[], &[]),
            node("chicken breast", &["meat"], &[], &[]),
            node("fish", &["animal product"], &[Fish], &[]),
            node("salmon", &["fish"], &[], &[]),
            node("shellfish", &["animal product"], &[], &[]),
            node("shrimp", &["shellfish"], &[Crustaceans], &[]),
            node("dairy", &["animal product"], &[Milk], &[]),
            node("cheese", &["dairy"], &[], &[]),
            node("animal rennet", &["animal product"], &[], &[]),
            node("parmesan", &["cheese", "animal rennet"], &[], &[]),
            node("mozzarella", &["cheese"], &[], &[]),
            node("alcohol", &[], &[], &[]),
            node("wine", &["alcohol"], &[Sulphites], &[]),
            node("blood", &["animal product"], &[], &[]),
            node("gelatin", &["animal product"], &[], &[]),
            node("peanut butter", &[], &[Peanut], &[]),
            node("tamari", &[], &[Soy], &[Gluten]),
            node("rice", &[], &[], &[]),
            node("tofu", &[], &[Soy], &[]),
        ])
        .unwrap()
    }

    /// A dislike with an exception lets that kind back in, by ingredient,
    /// by the recipe's flags it explains and by name; another rule on the
    /// same food, and an allergy, still keep it out.
    #[test]
    fn a_dislike_lets_its_exceptions_back_in() {
        let t = foods();
        let salmon = recipe(&["salmon", "rice"], &[Allergen::Fish], &[]);
        let cod = recipe(&["fish", "rice"], &[Allergen::Fish], &[]);
        let rules = |names: &[&str]| HardRules::new(&t, names.iter().copied(), &[]);
        let fish = rules(&["no fish except salmon"]);
        assert!(fish.allow(&salmon), "salmon let back in");
        assert!(!fish.allow(&cod), "other fish still out");
        // A flag no excepted ingredient explains still keeps it out.
        let flagged = recipe(&["rice"], &[Allergen::Fish], &[]);
        assert!(!fish.allow(&flagged));
        // Unknown ingredients: the exception's words let them back in.
        let meat = rules(&["meat other than pork"]);
        assert!(meat.allow(&recipe(&["pork meat strips", "rice"], &[], &[])));
        assert!(!meat.allow(&recipe(&["goat meat", "rice"], &[], &[])));
        assert!(!rules(&["no meat"]).allow(&recipe(&["pork meat strips"], &[], &[])));
        // Another restriction on fish keeps salmon out.
        assert!(!rules(&["no fish except salmon", "fish allergy"]).allow(&salmon));
        assert!(!rules(&["fish allergy", "no fish except salmon"]).allow(&salmon));
        // An allergy has no exceptions.
        assert!(!rules(&["fish allergy except salmon"]).allow(&salmon));
        // Kinds: meat except pork keeps chicken out, lets ham in.
        assert!(meat.allow(&recipe(&["ham", "rice"], &[], &[])));
        assert!(!meat.allow(&recipe(&["chicken breast", "rice"], &[], &[])));
        // Dairy except cheese: mozzarella in, with its milk flag.
        let dairy = rules(&["dairy except cheese"]);
        assert!(dairy.allow(&recipe(&["mozzarella", "rice"], &[Allergen::Milk], &[])));
        assert!(!dairy.allow(&recipe(&["dairy", "rice"], &[Allergen::Milk], &[])));
        // A breach still names the rule.
        let b = fish.breach(&cod).expect("cod is out");
        assert_eq!(b.rule(), "no fish except salmon");
    }

    /// An ingredient the taxonomy has no name for, judged as the node its
    /// caller says it is, is out wherever that node is, and the breach
    /// names it; without the node only its words speak for it.
    #[test]
    fn an_unnamed_ingredient_is_judged_as_its_kind() {
        let t = foods();
        let cut = "pig;shldr;raw";
        let plain = recipe(&[cut, "rice"], &[], &[]);
        let judged = plain.clone().with_kinds(cut, &["pork"]);
        for r in [
            "no pork",
            "no meat",
            "no red meat",
            "pescatarian",
            "halal",
            "kosher",
        ] {
            let rules = HardRules::new(&t, [r], &[]);
            assert!(rules.allow(&plain), "{r}: only words judge the bare name");
            assert!(!rules.allow(&judged), "{r}");
            let breach = rules.breach(&judged).unwrap();
            assert!(breach.explain("you").contains(cut), "{r}: {breach:?}");
        }
        let vegetarian = HardRules::new(&t, [], &[DietType::Vegetarian]);
        let labelled = recipe(&[cut], &[], &[DietType::Vegetarian]).with_kinds(cut, &["pork"]);
        assert!(!vegetarian.allow(&labelled));
        assert!(HardRules::new(&t, ["no shellfish"], &[]).allow(&judged));
        // Kosher: an unnamed meat with a named cheese is meat with dairy.
        let bird = "fowl;thigh";
        let dish = recipe(&[bird, "mozzarella"], &[], &[]);
        let kosher = HardRules::new(&t, ["kosher"], &[]);
        assert!(kosher.allow(&dish));
        let dish = dish.with_kinds(bird, &["chicken breast"]);
        assert_eq!(kosher.breach(&dish).unwrap().cause(), &Cause::MeatWithDairy);
        // A node the taxonomy lacks judges nothing.
        assert!(HardRules::new(&t, ["no pork"], &[]).allow(&plain.with_kinds(cut, &["moose"])));
    }

    #[test]
    fn rules_table() {
        let t = foods();
        // (restrictions, diets, ingredients, allowed)
        type Case<'a> = (&'a [&'a str], &'a [DietType], &'a [&'a str], bool);
        let table: &[Case] = &[
            (&["no pork"], &[], &["ham", "rice"], false),
            (&["no pork"], &[], &["chicken breast"], true),
            (&["no red meat"], &[], &["ham"], false),
            (&["no meat"], &[], &["chicken breast"], false),
            (&["no meat"], &[], &["salmon"], true),
            (&["pescatarian"], &[], &["ham"], false),
            (&["pescatarian"], &[], &["salmon", "shrimp"], true),
            (&["vegetarian"], &[], &["parmesan"], false),
            (&["vegetarian"], &[], &["mozzarella"], true),
            (&[], &[DietType::Vegetarian], &["parmesan"], false),
            (&[], &[DietType::Vegan], &["mozzarella"], false),
            (&["no cheese"], &[], &["parmesan"], false),
            (&["halal"], &[], &["ham"], false),
            (&["halal"], &[], &["wine"], false),
            (&["halal"], &[], &["gelatin"], false),
            (&["halal"], &[], &["chicken breast", "mozzarella"], true),
            (&["kosher"], &[], &["chicken breast", "mozzarella"], false),
            (&["kosher"], &[], &["chicken breast", "rice"], true),
            (&["kosher"], &[], &["salmon", "mozzarella"], true),
            (&["kosher"], &[], &["shrimp"], false),
            (&["nut allergy"], &[], &["peanut butter"], false),
            (&["tree nut allergy"], &[], &["peanut butter"], true),
            (&["gluten free"], &[], &["tamari"], false),
            (&["soy allergy"], &[], &["tofu"], false),
            (&["sulphites"], &[], &["wine"], false),
            (&["shellfish allergy"], &[], &["shrimp"], false),
            (&["fish allergy"], &[], &["shrimp"], true),
            (&["seafood allergy"], &[], &["salmon"], false),
            (&["kiwi thing"], &[], &["ham", "rice"], true),
            (&["keto"], &[], &["rice"], true),
            // Unknown ingredients are judged by name.
            (&["no mushrooms"], &[], &["button mushrooms"], false),
            (&["no pork"], &[], &["pork belly"], false),
            (&["halal"], &[], &["pork belly"], false),
        ];
        for (restrictions, diets, ingredients, allowed) in table {
            let rules = HardRules::new(&t, restrictions.iter().copied(), diets);
            assert_eq!(
                rules.allow(&recipe(
                    ingredients,
                    &[],
                    &[DietType::Vegan, DietType::Vegetarian]
                )),
                *allowed,
                "{restrictions:?} {diets:?} {ingredients:?}"
            );
        }
        // The profile's diet does not count for restriction-only checks.
        let vegan = HardRules::new(&t, [], &[DietType::Vegan]);
        let cheese = recipe(&["mozzarella"], &[], &[DietType::Vegan]);
        assert!(!vegan.allow(&cheese) && vegan.allows_allergens(&cheese));
        let vegetarian = HardRules::new(&t, ["vegetarian"], &[]);
        assert!(!vegetarian.allows_allergens(&recipe(&["parmesan"], &[], &[DietType::Vegetarian])));
        assert_eq!(vegetarian.restrictions()[0].name(), "vegetarian");
    }

    #[test]
    fn a_breach_names_the_rule_and_what_breaks_it() {
        let t = foods();
        let any = &[DietType::Vegan, DietType::Vegetarian];
        let said = |restrictions: &[&str], diets: &[DietType], recipe: &Recipe| {
            let rules = HardRules::new(&t, restrictions.iter().copied(), diets);
            assert_eq!(rules.allow(recipe), rules.breach(recipe).is_none());
            rules
                .breach(recipe)
                .map(|b| b.explain("a person eating this meal"))
        };
        let who = "which a person eating this meal must avoid";
        // (restrictions, diets, ingredients, labels, what is said)
        type Case<'a> = (
            &'a [&'a str],
            &'a [DietType],
            &'a [&'a str],
            &'a [DietType],
            Option<String>,
        );
        let table: &[Case] = &[
            (
                &["gluten free", "nut allergy"],
                &[],
                &["rice", "peanut butter"],
                any,
                Some(format!("contains peanuts, {who} (nut allergy)")),
            ),
            (
                &["gluten free"],
                &[],
                &["tamari"],
                any,
                Some(format!(
                    "may contain cereals containing gluten, {who} (gluten free)"
                )),
            ),
            (
                &["no pork"],
                &[],
                &["rice", "ham"],
                &[],
                Some(format!("contains pork (ham), {who} (no pork)")),
            ),
            (
                &[],
                &[DietType::Vegetarian],
                &["chicken breast"],
                &[],
                Some(format!(
                    "contains meat (chicken breast), {who} (vegetarian diet)"
                )),
            ),
            (
                &[],
                &[DietType::Vegan],
                &["rice"],
                &[DietType::Vegetarian],
                Some(
                    "is not vegan, and a person eating this meal must eat vegan (vegan diet)"
                        .to_owned(),
                ),
            ),
            (
                &["kosher"],
                &[],
                &["chicken breast", "mozzarella"],
                &[],
                Some(format!("has meat with dairy, {who} (kosher)")),
            ),
            (
                &["no mushrooms"],
                &[],
                &["button mushrooms"],
                any,
                Some(format!("contains button mushrooms, {who} (no mushrooms)")),
            ),
            (&["nut allergy"], &[DietType::Vegan], &["tofu"], any, None),
            // Of several: a sure breach before a "may contain", then the
            // restriction listed first, then the profile's diet.
            (
                &["gluten free", "nut allergy"],
                &[],
                &["tamari", "peanut butter"],
                any,
                Some(format!("contains peanuts, {who} (nut allergy)")),
            ),
            (
                &["lactose intolerance", "nut allergy"],
                &[],
                &["peanut butter", "mozzarella"],
                any,
                Some(format!("contains milk, {who} (lactose intolerance)")),
            ),
            (
                &["nut allergy", "lactose intolerance"],
                &[DietType::Vegan],
                &["mozzarella", "peanut butter"],
                &[],
                Some(format!("contains peanuts, {who} (nut allergy)")),
            ),
        ];
        for (restrictions, diets, ingredients, labels, expected) in table {
            let r = recipe(ingredients, &[], labels);
            assert_eq!(
                &said(restrictions, diets, &r),
                expected,
                "{restrictions:?} {ingredients:?}"
            );
        }
        // A flag alone names the allergen too; the rule is the first
        // restriction that excludes it.
        let flagged = recipe(&["rice"], &[Allergen::Peanut], any);
        let rules = HardRules::new(&t, ["peanut allergy", "nut allergy"], &[]);
        let breach = rules.breach(&flagged).unwrap();
        assert_eq!(breach.rule(), "peanut allergy");
        assert_eq!(
            breach.cause(),
            &Cause::Allergen {
                allergen: Allergen::Peanut,
                may: false
            }
        );
        assert_eq!(
            breach.explain("you"),
            "contains peanuts, which you must avoid (peanut allergy)"
        );
    }

    #[test]
    fn restrictions_exclude_their_allergens() {
        let rules = HardRules::new(&none(), ["nut allergy"], &[]);
        assert!(!rules.allow(&recipe(&["almonds"], &[Allergen::TreeNut], &[])));
        assert!(!rules.allow(&recipe(&["peanuts"], &[Allergen::Peanut], &[])));
        assert!(rules.allow(&recipe(&["rice"], &[Allergen::Gluten], &[])));
        // A flag the taxonomy does not back still counts, and a missing
        // flag does not hide what the taxonomy knows.
        let t = foods();
        let rules = HardRules::new(&t, ["peanut allergy"], &[]);
        assert!(!rules.allow(&recipe(&["rice"], &[Allergen::Peanut], &[])));
        assert!(!rules.allow(&recipe(&["peanut butter"], &[], &[])));
    }

    #[test]
    fn custom_restrictions_ban_named_ingredients() {
        let rules = HardRules::new(&none(), ["kiwi allergy", "no mushrooms"], &[]);
        assert!(!rules.allow(&recipe(&["kiwi", "banana"], &[], &[])));
        assert!(!rules.allow(&recipe(&["mushrooms"], &[], &[])));
        assert!(rules.allow(&recipe(&["banana"], &[], &[])));
        // Whole words only.
        let tea = HardRules::new(&none(), ["tea allergy", "e allergy"], &[]);
        assert!(tea.allow(&recipe(&["sirloin steak", "green beans"], &[], &[])));
        let tomato = HardRules::new(&none(), ["tomato free"], &[]);
        assert!(!tomato.allow(&recipe(&["canned tomatoes"], &[], &[])));
        assert!(
            !HardRules::new(&none(), ["red bell pepper allergy"], &[]).allow(&recipe(
                &["red bell pepper"],
                &[],
                &[]
            ))
        );
    }

    #[test]
    fn custom_names_of_allergens_mean_those_allergens() {
        let wheat = HardRules::new(&none(), ["wheat allergy"], &[]);
        assert!(!wheat.allow(&recipe(&["couscous"], &[Allergen::Gluten], &[])));
        let dairy = HardRules::new(&none(), ["dairy free"], &[]);
        assert!(!dairy.allow(&recipe(&["cheddar"], &[Allergen::Milk], &[])));
        assert!(dairy.allow(&recipe(&["soy milk"], &[Allergen::Soy], &[])));
        let seafood = HardRules::new(&none(), ["seafood allergy"], &[]);
        assert!(!seafood.allow(&recipe(&["shrimp"], &[Allergen::Crustaceans], &[])));
        assert!(!seafood.allow(&recipe(&["mussels"], &[Allergen::Molluscs], &[])));
        assert!(!seafood.allow(&recipe(&["cod"], &[Allergen::Fish], &[])));
        let peanut = HardRules::new(&none(), ["peanut allergy"], &[]);
        assert!(!peanut.allow(&recipe(&["peanuts"], &[Allergen::Peanut], &[])));
        assert!(peanut.allow(&recipe(&["almonds"], &[Allergen::TreeNut], &[])));
    }

    #[test]
    fn vegan_and_vegetarian_are_hard() {
        let vegan = HardRules::new(&none(), [], &[DietType::LowCarb, DietType::Vegan]);
        assert!(vegan.allow(&recipe(
            &["tofu"],
            &[],
            &[DietType::Vegan, DietType::Vegetarian]
        )));
        assert!(!vegan.allow(&recipe(&["egg"], &[], &[DietType::Vegetarian])));
        let vegetarian = HardRules::new(&none(), [], &[DietType::Vegetarian]);
        assert!(vegetarian.allow(&recipe(&["egg"], &[], &[DietType::Vegetarian])));
        assert!(!vegetarian.allow(&recipe(&["ham"], &[], &[])));
        let other = HardRules::new(&none(), [], &[DietType::HighProtein]);
        assert!(other.allow(&recipe(&["ham"], &[], &[])));
        // A recipe flagged vegan that is not is caught by the taxonomy.
        let vegan = HardRules::new(&foods(), [], &[DietType::Vegan]);
        assert!(!vegan.allow(&recipe(&["ham"], &[], &[DietType::Vegan])));
    }
}
