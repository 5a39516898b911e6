//! The labels a recipe earns from its ingredients and nutrition: its diet
//! types and allergens. [`crate::Recipe::new`] derives every recipe's
//! labels here, so the rules hold for every recipe and are tested once.
//!
//! | label | rule (per serving) |
//! |---|---|
//! | `vegan` | every ingredient known to the taxonomy, none an animal product |
//! | `vegetarian` | every ingredient known, none meat, fish, shellfish, gelatin or cheese made with animal rennet (parmesan, pecorino, …; a cheese marked vegetarian in the data is not under `animal rennet`) |
//! | `high_protein` | protein gives at least 30% of the calories **and** at least the grams of [`high_protein_min_grams`] for each of its meal types: breakfast 20 g, lunch 25 g, dinner 25 g, snack 15 g |
//! | `low_carb` | carbohydrates give at most 25% of the calories |
//! | `high_carb` | carbohydrates give at least 55% of the calories |
//! | `low_calorie` | at most 400 kcal |
//! | `high_fiber` | at least 6 g of fibre |
//!
//! Energy shares use 4 kcal per gram of protein or carbohydrate.
//! Allergens are those any ingredient contains ([`allergens`]); those it
//! only may contain are listed apart ([`may_contain`]), and restrictions
//! exclude both (see [`crate::HardRules`]).

use crate::food::allergen::Allergen;
use crate::food::diet_type::DietType;
use crate::food::meal::MealType;
use crate::food::nutrition::Nutrition;
use crate::food::restriction::Diet;
use crate::food::taxonomy::Taxonomy;

/// Share of calories from protein a high-protein recipe needs.
pub const HIGH_PROTEIN_SHARE: f64 = 0.30;
/// Largest share of calories from carbohydrates for low-carb.
pub const LOW_CARB_SHARE: f64 = 0.25;
/// Smallest share of calories from carbohydrates for high-carb.
pub const HIGH_CARB_SHARE: f64 = 0.55;
/// Most calories of a low-calorie serving.
pub const LOW_CALORIE_KCAL: f64 = 400.0;
/// Least fibre of a high-fibre serving, g (about 20% of the daily value,
/// the FDA's "excellent source").
pub const HIGH_FIBER_G: f64 = 6.0;
/// A dish of low energy density, kcal per gram as served: the top of the
/// "low" band (0.6-1.5 kcal/g) of Rolls' energy-density classes, used by
/// CDC's "Low-energy-dense foods and weight management". What a
/// `low_calorie` person's planner prefers: unlike kcal a serving, it does
/// not change with the portion.
pub const LOW_ENERGY_DENSITY: f64 = 1.5;

/// Least protein, g per serving, of a high-protein recipe for this meal
/// type: a main meal needs 25 g (20 g at breakfast), a snack 15 g.
pub fn high_protein_min_grams(meal: MealType) -> f64 {
    match meal {
        MealType::Breakfast => 20.0,
        MealType::Lunch | MealType::Dinner => 25.0,
        MealType::Snack => 15.0,
    }
}

/// Allergens the ingredients contain, in [`Allergen::ALL`] order.
/// Ingredients the taxonomy does not know add none.
pub fn allergens(taxonomy: &Taxonomy, ingredients: &[&str]) -> Vec<Allergen> {
    collect(ingredients, |i| taxonomy.allergens_of(i))
}

/// Allergens the ingredients may contain and do not contain, same order.
pub fn may_contain(taxonomy: &Taxonomy, ingredients: &[&str]) -> Vec<Allergen> {
    let contained = allergens(taxonomy, ingredients);
    collect(ingredients, |i| taxonomy.may_contain_of(i))
        .into_iter()
        .filter(|a| !contained.contains(a))
        .collect()
}

fn collect<'a>(ingredients: &[&str], of: impl Fn(&str) -> Option<&'a [Allergen]>) -> Vec<Allergen> {
    Allergen::ALL
        .iter()
        .copied()
        .filter(|a| {
            ingredients
                .iter()
                .any(|i| of(i).is_some_and(|l| l.contains(a)))
        })
        .collect()
}

/// Whether a dish of these ingredients fits `diet`: every ingredient is
/// known to the taxonomy and none belongs to a kind the diet excludes
/// (nor, for kosher, meat beside dairy).
pub fn fits(taxonomy: &Taxonomy, ingredients: &[&str], diet: Diet) -> bool {
    !ingredients.is_empty()
        && ingredients.iter().all(|i| taxonomy.knows(i))
        && !contradicts(taxonomy, ingredients, diet)
}

/// Whether an ingredient the taxonomy knows rules out `diet` (ham for
/// vegetarian, honey for vegan); unknown ingredients rule out nothing.
pub fn contradicts(taxonomy: &Taxonomy, ingredients: &[&str], diet: Diet) -> bool {
    let kinds: Vec<Vec<&str>> = ingredients.iter().map(|i| taxonomy.kinds_of(i)).collect();
    let has = |kind: &str| kinds.iter().any(|k| k.contains(&kind));
    diet.excluded_kinds().iter().any(|k| has(k))
        || (diet.forbids_meat_with_dairy()
            && has(crate::food::restriction::MEAT)
            && has(crate::food::restriction::DAIRY))
}

/// Whether a serving with this nutrition, for these meal types, is high
/// in protein (see the module table).
pub fn is_high_protein(n: &Nutrition, meal_types: &[MealType]) -> bool {
    let least = meal_types
        .iter()
        .map(|m| high_protein_min_grams(*m))
        .fold(None, |most: Option<f64>, g| {
            Some(most.map_or(g, |m| m.max(g)))
        })
        .unwrap_or_else(|| high_protein_min_grams(MealType::Lunch));
    share(n, n.protein) >= HIGH_PROTEIN_SHARE && n.protein >= least
}

fn share(n: &Nutrition, grams: f64) -> f64 {
    if n.calories > 0.0 {
        4.0 * grams / n.calories
    } else {
        0.0
    }
}

/// The diet types a recipe of these ingredients, nutrition and meal types
/// earns, in [`DietType::ALL`] order (see the module table).
pub fn diet_types(
    taxonomy: &Taxonomy,
    ingredients: &[&str],
    n: &Nutrition,
    meal_types: &[MealType],
) -> Vec<DietType> {
    DietType::ALL
        .iter()
        .copied()
        .filter(|diet| match diet {
            DietType::Vegan => fits(taxonomy, ingredients, Diet::Vegan),
            DietType::Vegetarian => fits(taxonomy, ingredients, Diet::Vegetarian),
            DietType::HighProtein => is_high_protein(n, meal_types),
            DietType::LowCarb => n.calories > 0.0 && share(n, n.carbs) <= LOW_CARB_SHARE,
            DietType::HighCarb => share(n, n.carbs) >= HIGH_CARB_SHARE,
            DietType::LowCalorie => n.calories <= LOW_CALORIE_KCAL,
            DietType::HighFiber => n.fiber >= HIGH_FIBER_G,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::food::taxonomy::TaxonomyEntry;

    fn foods() -> Taxonomy {
        use Allergen::*;
        let node = TaxonomyEntry::node;
        Taxonomy::from_entries([
            node("animal product", &[], &[], &[]),
            node("meat", &["animal product"], &[], &[]),
            node("pork", &["meat"], &[], &[]),
            node("ham", &["pork"], &[], &[]),
            node("chicken", &["meat"], &[], &[]),
            node("chicken broth", &["chicken"], &[], &[Celery]),
            node("fish", &["animal product"], &[Fish], &[]),
            node("fish sauce", &["fish"], &[], &[]),
            node("shellfish", &["animal product"], &[], &[]),
            node("mussels", &["shellfish"], &[Molluscs], &[]),
            node("dairy", &["animal product"], &[Milk], &[]),
            node("cheese", &["dairy"], &[], &[]),
            node("animal rennet", &["animal product"], &[], &[]),
            node("parmesan", &["cheese", "animal rennet"], &[], &[]),
            node("pecorino", &["cheese", "animal rennet"], &[], &[]),
            node("vegetarian hard cheese", &["cheese"], &[], &[]),
            node("pesto", &["parmesan"], &[TreeNut], &[]),
            node("mozzarella", &["cheese"], &[], &[]),
            node("egg", &["animal product"], &[Egg], &[]),
            node("mayonnaise", &["egg"], &[], &[Mustard]),
            node("honey", &["animal product"], &[], &[]),
            node("gelatin", &["animal product"], &[], &[]),
            node("peanut butter", &[], &[Peanut], &[]),
            node("dark chocolate", &[], &[], &[Milk, TreeNut, Peanut]),
            node("tamari", &[], &[Soy], &[Gluten]),
            node("miso", &[], &[Soy], &[Gluten]),
            node("celery", &[], &[Celery], &[]),
            node("mustard", &[], &[Mustard], &[]),
            node("balsamic vinegar", &[], &[Sulphites], &[]),
            node("lupin flour", &[], &[Lupin], &[]),
            node("flour", &[], &[Gluten], &[]),
            node("tofu", &[], &[Soy], &[]),
            node("sesame seeds", &[], &[Sesame], &[]),
            node("almonds", &[], &[TreeNut], &[]),
            node("shrimp", &["shellfish"], &[Crustaceans], &[]),
            node("salmon", &["fish"], &[], &[]),
            node("rice", &[], &[], &[]),
        ])
        .unwrap()
    }

    fn n(calories: f64, protein: f64, carbs: f64, fiber: f64) -> Nutrition {
        Nutrition {
            calories,
            protein,
            carbs,
            fat: 0.0,
            fiber,
            sugar: 0.0,
        }
    }

    #[test]
    fn vegan_and_vegetarian_table() {
        let t = foods();
        // (ingredients, vegan, vegetarian)
        let table: &[(&[&str], bool, bool)] = &[
            (&["rice", "tofu"], true, true),
            (&["rice", "honey"], false, true),
            (&["rice", "egg"], false, true),
            (&["mayonnaise"], false, true),
            (&["mozzarella"], false, true),
            (&["vegetarian hard cheese"], false, true),
            (&["parmesan"], false, false),
            (&["pecorino"], false, false),
            (&["pesto"], false, false),
            (&["ham"], false, false),
            (&["chicken broth", "rice"], false, false),
            (&["fish sauce"], false, false),
            (&["mussels"], false, false),
            (&["gelatin"], false, false),
            // What the taxonomy does not know earns neither label.
            (&["rice", "mystery paste"], false, false),
            (&[], false, false),
        ];
        for (ingredients, vegan, vegetarian) in table {
            let d = diet_types(
                &t,
                ingredients,
                &n(100.0, 1.0, 1.0, 0.0),
                &[MealType::Lunch],
            );
            assert_eq!(d.contains(&DietType::Vegan), *vegan, "{ingredients:?}");
            assert_eq!(
                d.contains(&DietType::Vegetarian),
                *vegetarian,
                "{ingredients:?}"
            );
        }
    }

    #[test]
    fn diets_as_restrictions_table() {
        let t = foods();
        // (ingredients, pescatarian, halal, kosher)
        let table: &[(&[&str], bool, bool, bool)] = &[
            (&["salmon", "rice"], true, true, true),
            (&["shrimp"], true, true, false),
            (&["ham"], false, false, false),
            (&["chicken broth"], false, true, true),
            (&["chicken broth", "mozzarella"], false, true, false),
            (&["salmon", "mozzarella"], true, true, true),
            (&["gelatin"], false, false, false),
            // Cheese made with animal rennet: neither halal nor kosher.
            (&["salmon", "parmesan"], true, false, false),
            (&["salmon", "pecorino"], true, false, false),
        ];
        for (ingredients, pescatarian, halal, kosher) in table {
            assert_eq!(
                fits(&t, ingredients, Diet::Pescatarian),
                *pescatarian,
                "{ingredients:?}"
            );
            assert_eq!(
                fits(&t, ingredients, Diet::Halal),
                *halal,
                "{ingredients:?}"
            );
            assert_eq!(
                fits(&t, ingredients, Diet::Kosher),
                *kosher,
                "{ingredients:?}"
            );
        }
    }

    #[test]
    fn macro_labels_table() {
        use MealType::*;
        let none = Taxonomy::default();
        // (nutrition, meal types, label, holds)
        let table: &[(Nutrition, &[MealType], DietType, bool)] = &[
            // 40 g protein of 500 kcal = 32%: high protein for any meal.
            (
                n(500.0, 40.0, 20.0, 0.0),
                &[Dinner],
                DietType::HighProtein,
                true,
            ),
            // 30% exactly counts.
            (
                n(400.0, 30.0, 20.0, 0.0),
                &[Lunch],
                DietType::HighProtein,
                true,
            ),
            // 29% does not.
            (
                n(400.0, 29.0, 20.0, 0.0),
                &[Snack],
                DietType::HighProtein,
                false,
            ),
            // A 150-kcal snack of 12 g protein is 32% but under 15 g.
            (
                n(150.0, 12.0, 5.0, 0.0),
                &[Snack],
                DietType::HighProtein,
                false,
            ),
            (
                n(200.0, 15.0, 5.0, 0.0),
                &[Snack],
                DietType::HighProtein,
                true,
            ),
            // 22 g: enough at breakfast, not at lunch or dinner.
            (
                n(280.0, 22.0, 10.0, 0.0),
                &[Breakfast],
                DietType::HighProtein,
                true,
            ),
            (
                n(280.0, 22.0, 10.0, 0.0),
                &[Lunch],
                DietType::HighProtein,
                false,
            ),
            (
                n(280.0, 22.0, 10.0, 0.0),
                &[Breakfast, Snack],
                DietType::HighProtein,
                true,
            ),
            (
                n(280.0, 22.0, 10.0, 0.0),
                &[Breakfast, Dinner],
                DietType::HighProtein,
                false,
            ),
            (n(300.0, 24.0, 10.0, 0.0), &[], DietType::HighProtein, false),
            (n(500.0, 10.0, 31.0, 0.0), &[Lunch], DietType::LowCarb, true),
            (
                n(500.0, 10.0, 32.0, 0.0),
                &[Lunch],
                DietType::LowCarb,
                false,
            ),
            (n(0.0, 0.0, 0.0, 0.0), &[Lunch], DietType::LowCarb, false),
            (n(400.0, 5.0, 55.0, 0.0), &[Lunch], DietType::HighCarb, true),
            (
                n(400.0, 5.0, 54.0, 0.0),
                &[Lunch],
                DietType::HighCarb,
                false,
            ),
            (
                n(400.0, 5.0, 5.0, 0.0),
                &[Lunch],
                DietType::LowCalorie,
                true,
            ),
            (
                n(401.0, 5.0, 5.0, 0.0),
                &[Lunch],
                DietType::LowCalorie,
                false,
            ),
            (n(400.0, 5.0, 5.0, 6.0), &[Lunch], DietType::HighFiber, true),
            (
                n(400.0, 5.0, 5.0, 5.9),
                &[Lunch],
                DietType::HighFiber,
                false,
            ),
        ];
        for (nutrition, meals, label, holds) in table {
            let d = diet_types(&none, &["x"], nutrition, meals);
            assert_eq!(
                d.contains(label),
                *holds,
                "{nutrition:?} {meals:?} {label:?}"
            );
        }
        assert_eq!(high_protein_min_grams(Snack), 15.0);
    }

    #[test]
    fn allergen_table() {
        use Allergen::*;
        let t = foods();
        // (ingredient, contains, may contain)
        let table: &[(&str, &[Allergen], &[Allergen])] = &[
            ("flour", &[Gluten], &[]),
            ("shrimp", &[Crustaceans], &[]),
            ("egg", &[Egg], &[]),
            ("mayonnaise", &[Egg], &[Mustard]),
            ("salmon", &[Fish], &[]),
            ("fish sauce", &[Fish], &[]),
            ("peanut butter", &[Peanut], &[]),
            ("tofu", &[Soy], &[]),
            ("tamari", &[Soy], &[Gluten]),
            ("miso", &[Soy], &[Gluten]),
            ("mozzarella", &[Milk], &[]),
            ("pesto", &[Milk, TreeNut], &[]),
            ("almonds", &[TreeNut], &[]),
            ("celery", &[Celery], &[]),
            ("chicken broth", &[], &[Celery]),
            ("mustard", &[Mustard], &[]),
            ("sesame seeds", &[Sesame], &[]),
            ("balsamic vinegar", &[Sulphites], &[]),
            ("lupin flour", &[Lupin], &[]),
            ("mussels", &[Molluscs], &[]),
            ("dark chocolate", &[], &[Peanut, Milk, TreeNut]),
            ("rice", &[], &[]),
            ("unknown", &[], &[]),
        ];
        for (ingredient, contains, may) in table {
            assert_eq!(allergens(&t, &[ingredient]), *contains, "{ingredient}");
            assert_eq!(may_contain(&t, &[ingredient]), *may, "{ingredient}");
        }
        // A recipe lists each once, in order; what one ingredient contains
        // is not "may contain" because of another.
        assert_eq!(
            allergens(&t, &["pesto", "flour", "almonds"]),
            [Gluten, Milk, TreeNut]
        );
        assert_eq!(
            may_contain(&t, &["dark chocolate", "almonds"]),
            [Peanut, Milk]
        );
    }
}
