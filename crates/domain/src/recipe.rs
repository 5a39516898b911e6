//! Recipes and the hard rules of who may eat them.

use crate::profile::DietType;

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
    /// What an ingredient contains that one of the predefined restrictions
    /// rules out.
    Allergen {
        /// Wheat, barley, rye and their products (and oats, conservatively).
        Gluten = "gluten",
        /// Milk and milk products.
        Lactose = "lactose",
        /// Tree nuts and peanuts.
        Nut = "nut",
        /// Crustaceans and molluscs.
        Shellfish = "shellfish",
        /// Soy beans and their products.
        Soy = "soy",
        /// Eggs.
        Egg = "egg",
        /// Fish.
        Fish = "fish",
        /// Sesame seeds, oil and paste.
        Sesame = "sesame",
    }
);

impl Allergen {
    /// The predefined restriction that rules this allergen out.
    pub fn restriction_name(self) -> &'static str {
        match self {
            Self::Gluten => "gluten free",
            Self::Lactose => "lactose intolerance",
            Self::Nut => "nut allergy",
            Self::Shellfish => "shellfish allergy",
            Self::Soy => "soy allergy",
            Self::Egg => "egg allergy",
            Self::Fish => "fish allergy",
            Self::Sesame => "sesame allergy",
        }
    }

    /// The allergen a predefined restriction name rules out.
    pub fn from_restriction_name(name: &str) -> Option<Self> {
        Self::ALL
            .iter()
            .copied()
            .find(|a| a.restriction_name() == name)
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

/// What a user must never be served: allergens of predefined restrictions,
/// and, for custom restrictions, ingredients named by them, plus the hard
/// diet types (vegan, vegetarian).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct HardRules {
    allergens: Vec<Allergen>,
    banned_words: Vec<String>,
    diet: Option<DietType>,
}

impl HardRules {
    /// Rules from restriction names and diet types. A custom restriction
    /// such as `kiwi allergy` or `mushroom free` bans every ingredient whose
    /// name contains its first word(s) (`kiwi`, `mushroom`).
    pub fn new<'a>(restrictions: impl IntoIterator<Item = &'a str>, diets: &[DietType]) -> Self {
        let mut rules = Self::default();
        for name in restrictions {
            match Allergen::from_restriction_name(name) {
                Some(a) if !rules.allergens.contains(&a) => rules.allergens.push(a),
                Some(_) => {}
                None => {
                    let word = custom_restriction_word(name);
                    let named = allergens_named(&word);
                    if !named.is_empty() {
                        for a in named {
                            if !rules.allergens.contains(a) {
                                rules.allergens.push(*a);
                            }
                        }
                    } else if !word.is_empty() && !rules.banned_words.contains(&word) {
                        rules.banned_words.push(word);
                    }
                }
            }
        }
        rules.diet = if diets.contains(&DietType::Vegan) {
            Some(DietType::Vegan)
        } else if diets.contains(&DietType::Vegetarian) {
            Some(DietType::Vegetarian)
        } else {
            None
        };
        rules
    }

    /// Whether `recipe` breaks none of the rules.
    pub fn allow(&self, recipe: &Recipe) -> bool {
        self.allows_allergens(recipe) && self.diet.is_none_or(|d| recipe.is(d))
    }

    /// Whether `recipe` breaks no restriction (diet types aside).
    pub fn allows_allergens(&self, recipe: &Recipe) -> bool {
        !recipe.allergens.iter().any(|a| self.allergens.contains(a))
            && !recipe
                .ingredients
                .iter()
                .any(|i| self.banned_words.iter().any(|w| names_word(&i.name, w)))
    }
}

/// Allergens a custom restriction's key word stands for (`wheat` is
/// gluten, `dairy` is lactose, `seafood` is fish and shellfish, …).
fn allergens_named(word: &str) -> &'static [Allergen] {
    use Allergen::*;
    match word {
        "gluten" | "wheat" | "barley" | "rye" | "celiac" | "coeliac" => &[Gluten],
        "lactose" | "dairy" | "milk" => &[Lactose],
        "nut" | "peanut" | "tree nut" | "treenut" => &[Nut],
        "shellfish" | "crustacean" | "mollusc" | "mollusk" => &[Shellfish],
        "seafood" => &[Fish, Shellfish],
        "soy" | "soya" | "soybean" => &[Soy],
        "egg" => &[Egg],
        "fish" => &[Fish],
        "sesame" => &[Sesame],
        _ => &[],
    }
}

/// Whether the ingredient name contains `phrase` as whole words, allowing a
/// plural (`mushroom` names "mushrooms", `tomato` names "canned tomatoes";
/// `tea` does not name "steak").
fn names_word(ingredient: &str, phrase: &str) -> bool {
    let words: Vec<&str> = ingredient.split_whitespace().collect();
    let wanted: Vec<&str> = phrase.split_whitespace().collect();
    if wanted.is_empty() || wanted.len() > words.len() {
        return false;
    }
    let same = |word: &str, want: &str| {
        word == want
            || word.strip_suffix('s') == Some(want)
            || word.strip_suffix("es") == Some(want)
    };
    words
        .windows(wanted.len())
        .any(|w| w.iter().zip(&wanted).all(|(a, b)| same(a, b)))
}

/// `kiwi allergy` → `kiwi`; `no mushrooms` → `mushroom`; `pork free` → `pork`.
fn custom_restriction_word(name: &str) -> String {
    let mut text = name.trim().to_lowercase();
    for prefix in ["no ", "without "] {
        if let Some(rest) = text.strip_prefix(prefix) {
            text = rest.to_owned();
        }
    }
    for suffix in [" allergy", " intolerance", " free", "-free", " sensitivity"] {
        if let Some(rest) = text.strip_suffix(suffix) {
            text = rest.to_owned();
        }
    }
    let text = text.trim();
    text.strip_suffix("es")
        .filter(|s| s.ends_with("o") || s.ends_with("sh") || s.ends_with("ch"))
        .or_else(|| text.strip_suffix('s').filter(|s| s.len() > 2))
        .unwrap_or(text)
        .to_owned()
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
    fn every_predefined_restriction_maps_to_one_allergen() {
        for a in Allergen::ALL {
            assert_eq!(
                Allergen::from_restriction_name(a.restriction_name()),
                Some(*a)
            );
        }
        assert_eq!(Allergen::from_restriction_name("kiwi allergy"), None);
    }

    #[test]
    fn restrictions_exclude_their_allergens() {
        let rules = HardRules::new(["nut allergy"], &[]);
        assert!(!rules.allow(&recipe(&["almonds"], &[Allergen::Nut], &[])));
        assert!(rules.allow(&recipe(&["rice"], &[Allergen::Gluten], &[])));
    }

    #[test]
    fn custom_restrictions_ban_named_ingredients() {
        let rules = HardRules::new(["kiwi allergy", "no mushrooms"], &[]);
        assert!(!rules.allow(&recipe(&["kiwi", "banana"], &[], &[])));
        assert!(!rules.allow(&recipe(&["mushrooms"], &[], &[])));
        assert!(rules.allow(&recipe(&["banana"], &[], &[])));
        // Whole words only.
        let tea = HardRules::new(["tea allergy", "e allergy"], &[]);
        assert!(tea.allow(&recipe(&["sirloin steak", "green beans"], &[], &[])));
        let tomato = HardRules::new(["tomato free"], &[]);
        assert!(!tomato.allow(&recipe(&["canned tomatoes"], &[], &[])));
        assert!(
            !HardRules::new(["red bell pepper allergy"], &[]).allow(&recipe(
                &["red bell pepper"],
                &[],
                &[]
            ))
        );
    }

    #[test]
    fn custom_names_of_allergens_mean_those_allergens() {
        let wheat = HardRules::new(["wheat allergy"], &[]);
        assert!(!wheat.allow(&recipe(&["couscous"], &[Allergen::Gluten], &[])));
        let dairy = HardRules::new(["dairy free"], &[]);
        assert!(!dairy.allow(&recipe(&["cheddar"], &[Allergen::Lactose], &[])));
        assert!(dairy.allow(&recipe(&["soy milk"], &[Allergen::Soy], &[])));
        let seafood = HardRules::new(["seafood allergy"], &[]);
        assert!(!seafood.allow(&recipe(&["shrimp"], &[Allergen::Shellfish], &[])));
        assert!(!seafood.allow(&recipe(&["cod"], &[Allergen::Fish], &[])));
        let peanut = HardRules::new(["peanut allergy"], &[]);
        assert!(!peanut.allow(&recipe(&["almonds"], &[Allergen::Nut], &[])));
        assert_eq!(custom_restriction_word("Tomato-free"), "tomato");
        assert_eq!(custom_restriction_word("peaches"), "peach");
    }

    #[test]
    fn vegan_and_vegetarian_are_hard() {
        let vegan = HardRules::new([], &[DietType::LowCarb, DietType::Vegan]);
        assert!(vegan.allow(&recipe(
            &["tofu"],
            &[],
            &[DietType::Vegan, DietType::Vegetarian]
        )));
        assert!(!vegan.allow(&recipe(&["egg"], &[], &[DietType::Vegetarian])));
        let vegetarian = HardRules::new([], &[DietType::Vegetarian]);
        assert!(vegetarian.allow(&recipe(&["egg"], &[], &[DietType::Vegetarian])));
        assert!(!vegetarian.allow(&recipe(&["ham"], &[], &[])));
        let other = HardRules::new([], &[DietType::HighProtein]);
        assert!(other.allow(&recipe(&["ham"], &[], &[])));
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
            r(2, 510.0, 20.0, &[], &[]),                 // not vegan
            r(3, 520.0, 20.0, &vegan, &[Allergen::Nut]), // nut
            r(4, 600.0, 20.0, &vegan, &[]),
            r(5, 505.0, 20.0, &vegan, &[]), // in the plan
            r(6, 450.0, 20.0, &vegan, &[]),
        ];
        let rules = HardRules::new(["nut allergy"], &[DietType::Vegan]);
        let got: Vec<i64> = similar_recipes(&all, &all[0], MealType::Dinner, &rules, &[5], 10)
            .iter()
            .map(|r| r.id)
            .collect();
        assert_eq!(got, [6, 4]);
        assert!(similar_recipes(&all, &all[0], MealType::Snack, &rules, &[], 10).is_empty());
    }
}
