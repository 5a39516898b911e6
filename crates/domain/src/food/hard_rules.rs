//! What a user must never be served: [`HardRules`], read from their
//! restrictions and diet over a taxonomy, checking each recipe's
//! ingredients as well as its labels.

use std::collections::HashMap;

use crate::food::allergen::Allergen;
use crate::food::recipe::Recipe;
use crate::food::restriction::{DAIRY, Diet, MEAT, Restriction, Rule};
use crate::food::taxonomy::{Taxonomy, has_words, key};
use crate::profile::DietType;

/// What one ingredient the taxonomy knows means under a set of rules.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
struct Verdict {
    /// A restriction excludes it.
    by_restrictions: bool,
    /// The profile's vegan/vegetarian diet excludes it.
    by_diet: bool,
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
/// only, so `tea` does not ban `steak`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct HardRules {
    restrictions: Vec<Restriction>,
    allergens: Vec<Allergen>,
    restriction_diets: Vec<DietType>,
    diet: Option<DietType>,
    words: Vec<String>,
    meat_with_dairy: bool,
    known: HashMap<String, Verdict>,
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
        let mut kinds: Vec<&str> = Vec::new();
        let restrictions: Vec<Restriction> = restrictions
            .into_iter()
            .map(|name| Restriction::parse(taxonomy, name))
            .collect();
        for r in &restrictions {
            for rule in r.rules() {
                match rule {
                    Rule::Allergen(a) => push_new(&mut rules.allergens, *a),
                    Rule::Kind(k) => push_new(&mut kinds, k.as_str()),
                    Rule::Diet(d) => {
                        if let Some(t) = d.diet_type() {
                            push_new(&mut rules.restriction_diets, t);
                        }
                        for k in d.excluded_kinds() {
                            push_new(&mut kinds, k);
                            push_new(&mut rules.words, (*k).to_owned());
                        }
                        rules.meat_with_dairy |= d.forbids_meat_with_dairy();
                    }
                }
            }
            for w in r.words() {
                push_new(&mut rules.words, w.clone());
            }
        }
        rules.diet = if diets.contains(&DietType::Vegan) {
            Some(DietType::Vegan)
        } else if diets.contains(&DietType::Vegetarian) {
            Some(DietType::Vegetarian)
        } else {
            None
        };
        let diet_kinds: &[&str] = match rules.diet {
            Some(DietType::Vegan) => Diet::Vegan.excluded_kinds(),
            Some(_) => Diet::Vegetarian.excluded_kinds(),
            None => &[],
        };
        for name in taxonomy.names() {
            let of = taxonomy.kinds_of(name);
            let any = |list: &[&str]| of.iter().any(|k| list.contains(k));
            let allergen = taxonomy
                .allergens_of(name)
                .into_iter()
                .chain(taxonomy.may_contain_of(name))
                .flatten()
                .any(|a| rules.allergens.contains(a));
            rules.known.insert(
                name.to_owned(),
                Verdict {
                    by_restrictions: allergen || any(&kinds),
                    by_diet: any(diet_kinds),
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
        self.check(recipe, true)
    }

    /// Whether `recipe` breaks no restriction (the profile's diet types
    /// aside).
    pub fn allows_allergens(&self, recipe: &Recipe) -> bool {
        self.check(recipe, false)
    }

    fn check(&self, recipe: &Recipe, with_diet: bool) -> bool {
        if recipe.allergens.iter().any(|a| self.allergens.contains(a))
            || self.restriction_diets.iter().any(|d| !recipe.is(*d))
            || (with_diet && self.diet.is_some_and(|d| !recipe.is(d)))
        {
            return false;
        }
        let (mut meat, mut dairy) = (false, false);
        for i in &recipe.ingredients {
            match self.known.get(&i.name) {
                Some(v) => {
                    if v.by_restrictions || (with_diet && v.by_diet) {
                        return false;
                    }
                    meat |= v.meat;
                    dairy |= v.dairy;
                }
                None if !self.words.is_empty() => {
                    let name = key(&i.name);
                    if self.words.iter().any(|w| has_words(&name, w)) {
                        return false;
                    }
                }
                None => {}
            }
        }
        !(self.meat_with_dairy && meat && dairy)
    }
}

fn push_new<T: PartialEq>(list: &mut Vec<T>, item: T) {
    if !list.contains(&item) {
        list.push(item);
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
