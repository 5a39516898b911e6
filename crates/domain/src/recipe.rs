//! Recipes and the hard rules of who may eat them.

use std::collections::HashMap;

use crate::profile::DietType;
use crate::restriction::{DAIRY, Diet, MEAT, Restriction, Rule};
use crate::taxonomy::{Taxonomy, has_words, key};

choice!(
    /// The slot a recipe can fill; ids are the 1-based position.
    MealType {
        /// Morning meal.
        Breakfast = "breakfast",
        /// Midday meal.
        Lunch = "lunch",
        /// Evening meal.
        Dinner = "dinner",
        /// Between meals.
        Snack = "snack",
    }
);

impl MealType {
    /// Stable id, 1-4.
    pub fn id(self) -> i64 {
        Self::ALL
            .iter()
            .position(|m| *m == self)
            .map_or(0, |i| i as i64 + 1)
    }

    /// The meal type with this id.
    pub fn from_id(id: i64) -> Option<Self> {
        usize::try_from(id - 1)
            .ok()
            .and_then(|i| Self::ALL.get(i).copied())
    }
}

choice!(
    /// The 14 allergen groups of EU Regulation 1169/2011 (Annex II), in
    /// its order. The wire names are what storage keeps.
    Allergen {
        /// Cereals containing gluten: wheat (spelt, durum, couscous,
        /// bulgur), rye, barley, oats.
        Gluten = "gluten",
        /// Crustaceans: shrimp and prawns, crab, lobster, crayfish.
        Crustaceans = "crustaceans",
        /// Eggs.
        Egg = "egg",
        /// Fish.
        Fish = "fish",
        /// Peanuts (a legume, apart from tree nuts).
        Peanut = "peanut",
        /// Soybeans.
        Soy = "soy",
        /// Milk, lactose included.
        Milk = "milk",
        /// Tree nuts: almonds, hazelnuts, walnuts, cashews, pecans, brazil
        /// nuts, pistachios, macadamias (pine nuts counted too).
        TreeNut = "tree_nut",
        /// Celery and celeriac.
        Celery = "celery",
        /// Mustard.
        Mustard = "mustard",
        /// Sesame seeds.
        Sesame = "sesame",
        /// Sulphur dioxide and sulphites (over 10 mg/kg).
        Sulphites = "sulphites",
        /// Lupin.
        Lupin = "lupin",
        /// Molluscs: mussels, clams, oysters, scallops, squid, octopus.
        Molluscs = "molluscs",
    }
);

impl Allergen {
    /// A restriction name that excludes exactly this allergen.
    pub fn restriction_name(self) -> &'static str {
        match self {
            Self::Gluten => "gluten free",
            Self::Crustaceans => "crustacean allergy",
            Self::Egg => "egg allergy",
            Self::Fish => "fish allergy",
            Self::Peanut => "peanut allergy",
            Self::Soy => "soy allergy",
            Self::Milk => "lactose intolerance",
            Self::TreeNut => "tree nut allergy",
            Self::Celery => "celery allergy",
            Self::Mustard => "mustard allergy",
            Self::Sesame => "sesame allergy",
            Self::Sulphites => "sulphite allergy",
            Self::Lupin => "lupin allergy",
            Self::Molluscs => "mollusc allergy",
        }
    }

    /// The allergen whose [`restriction_name`](Self::restriction_name) is
    /// exactly `name`.
    pub fn from_restriction_name(name: &str) -> Option<Self> {
        Self::ALL
            .iter()
            .copied()
            .find(|a| a.restriction_name() == name)
    }

    /// The group's name in words (`peanuts`, `tree nuts`).
    pub fn group_name(self) -> &'static str {
        match self {
            Self::Gluten => "cereals containing gluten",
            Self::Crustaceans => "crustaceans",
            Self::Egg => "eggs",
            Self::Fish => "fish",
            Self::Peanut => "peanuts",
            Self::Soy => "soybeans",
            Self::Milk => "milk",
            Self::TreeNut => "tree nuts",
            Self::Celery => "celery",
            Self::Mustard => "mustard",
            Self::Sesame => "sesame",
            Self::Sulphites => "sulphites",
            Self::Lupin => "lupin",
            Self::Molluscs => "molluscs",
        }
    }
}

/// Nutrition of one serving.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Nutrition {
    /// kcal.
    pub calories: f64,
    /// Protein, g.
    pub protein: f64,
    /// Carbohydrates, g.
    pub carbs: f64,
    /// Fat, g.
    pub fat: f64,
    /// Fibre, g.
    pub fiber: f64,
    /// Sugars, g.
    pub sugar: f64,
}

impl Nutrition {
    /// This much times `servings`.
    pub fn scaled(self, servings: f64) -> Self {
        Self {
            calories: self.calories * servings,
            protein: self.protein * servings,
            carbs: self.carbs * servings,
            fat: self.fat * servings,
            fiber: self.fiber * servings,
            sugar: self.sugar * servings,
        }
    }

    /// The portion of `servings` as a plate shows it: each value rounded
    /// to a whole unit. Day totals add these, so the totals a client sums
    /// from the meals it shows equal the service's own.
    pub fn served(self, servings: f64) -> Self {
        let whole = |v: f64| (v * servings).round().max(0.0);
        Self {
            calories: whole(self.calories),
            protein: whole(self.protein),
            carbs: whole(self.carbs),
            fat: whole(self.fat),
            fiber: whole(self.fiber),
            sugar: whole(self.sugar),
        }
    }
}

impl std::ops::Add for Nutrition {
    type Output = Self;
    fn add(self, o: Self) -> Self {
        Self {
            calories: self.calories + o.calories,
            protein: self.protein + o.protein,
            carbs: self.carbs + o.carbs,
            fat: self.fat + o.fat,
            fiber: self.fiber + o.fiber,
            sugar: self.sugar + o.sugar,
        }
    }
}

impl std::ops::Sub for Nutrition {
    type Output = Self;
    fn sub(self, o: Self) -> Self {
        Self {
            calories: self.calories - o.calories,
            protein: self.protein - o.protein,
            carbs: self.carbs - o.carbs,
            fat: self.fat - o.fat,
            fiber: self.fiber - o.fiber,
            sugar: self.sugar - o.sugar,
        }
    }
}

impl std::iter::Sum for Nutrition {
    fn sum<I: Iterator<Item = Self>>(iter: I) -> Self {
        iter.fold(Self::default(), |a, b| a + b)
    }
}

/// One ingredient line of a recipe.
#[derive(Debug, Clone, PartialEq)]
pub struct RecipeIngredient {
    /// Ingredient name (lowercase).
    pub name: String,
    /// Grams in one serving.
    pub grams: f64,
}

/// What a cook needs beyond the ingredient list, and the nutrients the
/// main facts leave out.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct RecipeCard {
    /// Hands-on preparation, minutes.
    pub prep_minutes: u32,
    /// Cooking on the stove or in the oven, minutes.
    pub cook_minutes: u32,
    /// Step templates, in order (`{olive oil}` stands for the recipe's
    /// amount; see [`crate::kitchen`]).
    pub steps: Vec<String>,
    /// Saturated fat of one serving, g.
    pub saturated_fat: f64,
    /// Sodium of one serving, mg.
    pub sodium: f64,
}

/// A catalogue recipe.
#[derive(Debug, Clone, PartialEq)]
pub struct Recipe {
    /// Id (what plans and the API refer to). The shipped catalogue uses
    /// the catalogue number here too, so `id == recipe_id` and a client may
    /// send either.
    pub id: i64,
    /// Stable catalogue number.
    pub recipe_id: i64,
    /// Dish name.
    pub name: String,
    /// One serving's nutrition, computed from the ingredients.
    pub nutrition: Nutrition,
    /// Ingredients with grams, in recipe order.
    pub ingredients: Vec<RecipeIngredient>,
    /// Slots it may fill.
    pub meal_types: Vec<MealType>,
    /// Diet types it satisfies.
    pub diet_types: Vec<DietType>,
    /// Allergens it contains.
    pub allergens: Vec<Allergen>,
    /// Taste names it has (`spicy`, `sweet`, …).
    pub tastes: Vec<String>,
    /// Picture, if any.
    pub image_url: Option<String>,
    /// Where its page is, if it has one.
    pub recipe_url: Option<String>,
    /// Steps, times and the minor nutrients.
    pub card: RecipeCard,
}

impl Recipe {
    /// Whether it may fill a `meal_type` slot.
    pub fn serves(&self, meal_type: MealType) -> bool {
        self.meal_types.contains(&meal_type)
    }

    /// Whether it satisfies `diet`.
    pub fn is(&self, diet: DietType) -> bool {
        self.diet_types.contains(&diet)
    }
}

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

    fn recipe(ingredients: &[&str], allergens: &[Allergen], diets: &[DietType]) -> Recipe {
        Recipe {
            id: 1,
            recipe_id: 1,
            name: "r".into(),
            nutrition: Nutrition::default(),
            ingredients: ingredients
                .iter()
                .map(|n| RecipeIngredient {
                    name: (*n).into(),
                    grams: 10.0,
                })
                .collect(),
            meal_types: vec![MealType::Lunch],
            diet_types: diets.to_vec(),
            allergens: allergens.to_vec(),
            tastes: vec![],
            image_url: None,
            recipe_url: None,
            card: Default::default(),
        }
    }

    #[test]
    fn meal_type_ids() {
        assert_eq!(MealType::Snack.id(), 4);
        assert_eq!(MealType::from_id(1), Some(MealType::Breakfast));
        assert_eq!(MealType::from_id(5), None);
    }

    #[test]
    fn every_allergen_has_a_restriction_name_of_its_own() {
        for a in Allergen::ALL {
            assert_eq!(
                Allergen::from_restriction_name(a.restriction_name()),
                Some(*a)
            );
            assert_eq!(Allergen::parse(a.as_str()), Some(*a));
        }
        assert_eq!(Allergen::ALL.len(), 14);
        assert_eq!(Allergen::from_restriction_name("kiwi allergy"), None);
    }

    fn none() -> Taxonomy {
        Taxonomy::default()
    }

    /// A taxonomy of a few foods, as the catalogue's data would say.
    fn foods() -> Taxonomy {
        use crate::taxonomy::TaxonomyEntry;
        let node =
            |name: &str, kinds: &[&str], contains: &[Allergen], may: &[Allergen]| TaxonomyEntry {
                name: name.into(),
                kinds: kinds.iter().map(|k| (*k).into()).collect(),
                aliases: vec![],
                contains: contains.to_vec(),
                may_contain: may.to_vec(),
            };
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

/// How far apart two servings are, in kcal: the Euclidean distance of
/// their calories and of the energy each macro brings (4 kcal/g protein
/// and carbohydrate, 9 kcal/g fat). Smaller is more alike.
pub fn nutrition_distance(a: &Nutrition, b: &Nutrition) -> f64 {
    let d = [
        a.calories - b.calories,
        4.0 * (a.protein - b.protein),
        4.0 * (a.carbs - b.carbs),
        9.0 * (a.fat - b.fat),
    ];
    d.iter().map(|x| x * x).sum::<f64>().sqrt()
}

/// The candidates most like `original` for a `meal_type` slot, nearest
/// first: recipes of that meal type the rules allow, other than the
/// original and those in `exclude` (ids), ties broken by id.
pub fn similar_recipes<'a>(
    recipes: &'a [Recipe],
    original: &Recipe,
    meal_type: MealType,
    rules: &HardRules,
    exclude: &[i64],
    limit: usize,
) -> Vec<&'a Recipe> {
    let mut candidates: Vec<(f64, &Recipe)> = recipes
        .iter()
        .filter(|r| {
            r.id != original.id && r.serves(meal_type) && rules.allow(r) && !exclude.contains(&r.id)
        })
        .map(|r| (nutrition_distance(&r.nutrition, &original.nutrition), r))
        .collect();
    candidates.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.id.cmp(&b.1.id)));
    candidates.into_iter().take(limit).map(|(_, r)| r).collect()
}

#[cfg(test)]
mod similar_tests {
    use super::*;

    fn r(
        id: i64,
        calories: f64,
        protein: f64,
        diets: &[DietType],
        allergens: &[Allergen],
    ) -> Recipe {
        Recipe {
            id,
            recipe_id: id,
            name: format!("r{id}"),
            nutrition: Nutrition {
                calories,
                protein,
                ..Nutrition::default()
            },
            ingredients: vec![],
            meal_types: vec![MealType::Dinner],
            diet_types: diets.to_vec(),
            allergens: allergens.to_vec(),
            tastes: vec![],
            image_url: None,
            recipe_url: None,
            card: Default::default(),
        }
    }

    #[test]
    fn distance_weighs_macros_by_energy() {
        let a = Nutrition {
            calories: 500.0,
            fat: 10.0,
            ..Nutrition::default()
        };
        let b = Nutrition {
            calories: 500.0,
            fat: 20.0,
            ..Nutrition::default()
        };
        assert_eq!(nutrition_distance(&a, &b), 90.0);
        assert_eq!(nutrition_distance(&a, &a), 0.0);
    }

    #[test]
    fn nearest_allowed_first_excluding_the_plan() {
        let vegan = [DietType::Vegan, DietType::Vegetarian];
        let all = vec![
            r(1, 500.0, 20.0, &vegan, &[]),
            r(2, 510.0, 20.0, &[], &[]),                    // not vegan
            r(3, 520.0, 20.0, &vegan, &[Allergen::Peanut]), // nut
            r(4, 600.0, 20.0, &vegan, &[]),
            r(5, 505.0, 20.0, &vegan, &[]), // in the plan
            r(6, 450.0, 20.0, &vegan, &[]),
        ];
        let rules = HardRules::new(&Taxonomy::default(), ["nut allergy"], &[DietType::Vegan]);
        let got: Vec<i64> = similar_recipes(&all, &all[0], MealType::Dinner, &rules, &[5], 10)
            .iter()
            .map(|r| r.id)
            .collect();
        assert_eq!(got, [6, 4]);
        assert!(similar_recipes(&all, &all[0], MealType::Snack, &rules, &[], 10).is_empty());
    }
}
