//! A recipe's plate in the manner of USDA MyPlate: how much of what it
//! serves is vegetables, fruits, grains, protein foods and dairy, by
//! weight. Oils, sugars, sauces, spices and broths are not on the plate
//! (MyPlate leaves them out too); they are counted apart.

use crate::food::recipe::Recipe;
use crate::food::taxonomy::Taxonomy;

choice!(
    /// The five MyPlate food groups, in the order the plate draws them
    /// clockwise from the top.
    FoodGroup {
        /// Grains: rice, pasta, bread, oats, tortillas, noodles.
        Grains = "grains",
        /// Protein foods: meat, fish, shellfish, eggs, beans, lentils,
        /// tofu, nuts and seeds.
        Protein = "protein",
        /// Vegetables, potatoes included.
        Vegetables = "vegetables",
        /// Fruits.
        Fruits = "fruits",
        /// Dairy: milk, yogurt, cheese, and soy milk (as MyPlate counts it).
        Dairy = "dairy",
    }
);

/// Taxonomy kinds of each group, checked in this order (dairy before
/// protein: cheese is dairy; protein before vegetables: beans are protein
/// foods here).
const KINDS: [(FoodGroup, &[&str]); 5] = [
    (FoodGroup::Dairy, &["dairy"]),
    (
        FoodGroup::Protein,
        &[
            "meat",
            "fish",
            "shellfish",
            "egg",
            "legume",
            "soybean",
            "tree nut",
            "seed",
        ],
    ),
    (
        FoodGroup::Grains,
        &["grain", "tortilla", "cracker", "noodle", "bread"],
    ),
    (FoodGroup::Fruits, &["fruit"]),
    (FoodGroup::Vegetables, &["vegetable"]),
];

/// Kinds that season or dress a dish rather than fill the plate, even
/// when made of a group's food (soy sauce of soybeans, pesto of basil):
/// checked first.
const ASIDE: [&str; 8] = [
    "condiment",
    "spice",
    "herb",
    "oil",
    "salt",
    "broth",
    "cocoa",
    "alcohol",
];

/// Groups a sweetened food stays in (granola and bran flakes are grains,
/// dried cranberries fruit, as MyPlate counts them); any other food
/// with added sugar (honey, maple syrup, sugar) is counted apart.
const SWEETENED_GROUPS: [&str; 2] = ["grain", "fruit"];

/// The food group of ingredient `name`, if it is on the plate.
pub fn group_of(taxonomy: &Taxonomy, name: &str) -> Option<FoodGroup> {
    if ASIDE.iter().any(|k| taxonomy.is_a(name, k)) {
        return None;
    }
    if taxonomy.is_a(name, "added sugar")
        && !SWEETENED_GROUPS.iter().any(|k| taxonomy.is_a(name, k))
    {
        return None;
    }
    if taxonomy.is_a(name, "plant milk") {
        // Soy milk is dairy on MyPlate; other plant milks are drinks.
        return taxonomy.is_a(name, "soybean").then_some(FoodGroup::Dairy);
    }
    KINDS
        .iter()
        .find(|(_, kinds)| kinds.iter().any(|k| taxonomy.is_a(name, k)))
        .map(|(group, _)| *group)
}

/// What a recipe's plate holds.
#[derive(Debug, Clone, PartialEq)]
pub struct Plate {
    /// Each group's share of the plate's weight (0-1), in
    /// [`FoodGroup::ALL`] order; they sum to 1 unless the plate is empty.
    pub shares: [f64; 5],
    /// Grams on the plate (one serving).
    pub grams: f64,
    /// Grams of what is not on it (oils, sugars, sauces, spices, broths).
    pub other_grams: f64,
}

impl Plate {
    /// The plate of one serving of `recipe`.
    pub fn of(recipe: &Recipe, taxonomy: &Taxonomy) -> Self {
        let mut grams = [0.0; 5];
        let mut other_grams = 0.0;
        for i in recipe.ingredients() {
            match group_of(taxonomy, &i.name) {
                Some(g) => grams[g as usize] += i.grams,
                None => other_grams += i.grams,
            }
        }
        let total: f64 = grams.iter().sum();
        Self {
            shares: grams.map(|g| if total > 0.0 { g / total } else { 0.0 }),
            grams: total,
            other_grams,
        }
    }

    /// The share of `group`.
    pub fn share(&self, group: FoodGroup) -> f64 {
        self.shares[group as usize]
    }

    /// What one serving weighs as served, g: the plate and what is not on
    /// it (the recipe's [`Recipe::grams`]).
    pub fn served_grams(&self) -> f64 {
        self.grams + self.other_grams
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::food::meal::MealType;
    use crate::food::recipe::{RecipeIngredient, RecipeParts};

    #[test]
    fn ingredients_fall_into_their_groups() {
        let t = Taxonomy::standard();
        for (name, group) in [
            ("broccoli", Some(FoodGroup::Vegetables)),
            ("potato", Some(FoodGroup::Vegetables)),
            ("banana", Some(FoodGroup::Fruits)),
            ("white rice", Some(FoodGroup::Grains)),
            ("whole wheat bread", Some(FoodGroup::Grains)),
            ("chicken breast", Some(FoodGroup::Protein)),
            ("lentils", Some(FoodGroup::Protein)),
            ("tofu", Some(FoodGroup::Protein)),
            ("egg", Some(FoodGroup::Protein)),
            ("cheddar", Some(FoodGroup::Dairy)),
            ("greek yogurt", Some(FoodGroup::Dairy)),
            ("olive oil", None),
            ("salt", None),
            ("soy sauce", None),
            ("ginger", None),
            ("garlic", Some(FoodGroup::Vegetables)),
            ("marinara sauce", Some(FoodGroup::Vegetables)),
            ("hummus", Some(FoodGroup::Protein)),
            ("coconut milk", None),
            ("soy milk", Some(FoodGroup::Dairy)),
            // Sweetened grains and fruit stay on the plate; sweeteners not.
            ("fortified bran flakes", Some(FoodGroup::Grains)),
            ("dried cranberries", Some(FoodGroup::Fruits)),
            ("honey", None),
            ("maple syrup", None),
            ("sugar", None),
            ("chocolate", None),
            ("ketchup", None),
        ] {
            assert_eq!(group_of(t, name), group, "{name}");
        }
        // Granola (oats and nuts, sweetened) is on the plate.
        assert!(group_of(t, "granola").is_some());
    }

    #[test]
    fn shares_are_by_weight_of_what_is_on_the_plate() {
        let t = Taxonomy::standard();
        let recipe = Recipe::new(
            t,
            RecipeParts {
                id: 1,
                name: "Chicken, rice and broccoli".into(),
                ingredients: [
                    ("chicken breast", 150.0),
                    ("white rice", 150.0),
                    ("broccoli", 300.0),
                    ("olive oil", 10.0),
                ]
                .into_iter()
                .map(|(n, g)| RecipeIngredient {
                    name: n.into(),
                    grams: g,
                })
                .collect(),
                meal_types: vec![MealType::Dinner],
                ..RecipeParts::default()
            },
        )
        .unwrap();
        let plate = Plate::of(&recipe, t);
        assert_eq!(plate.share(FoodGroup::Vegetables), 0.5);
        assert_eq!(plate.share(FoodGroup::Protein), 0.25);
        assert_eq!(plate.share(FoodGroup::Grains), 0.25);
        assert_eq!(plate.share(FoodGroup::Dairy), 0.0);
        assert_eq!((plate.grams, plate.other_grams), (600.0, 10.0));
    }
}
