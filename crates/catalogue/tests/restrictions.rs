//! The shipped taxonomy and the label and restriction rules over the
//! shipped catalogue (issue 12: restrictions that mean what people mean,
//! labels that hold).

use mealplan_catalogue::{IngredientTable, Tag};
use mealplan_domain::labels::{self, HIGH_PROTEIN_SHARE, high_protein_min_grams};
use mealplan_domain::restriction::kinds_named_by_rules;
use mealplan_domain::{Allergen, DietType, HardRules, MealType, Recipe, Restriction, Taxonomy};

fn catalogue() -> Vec<Recipe> {
    mealplan_catalogue::load().expect("the shipped catalogue parses")
}

fn taxonomy() -> &'static Taxonomy {
    Taxonomy::standard()
}

fn table() -> IngredientTable {
    IngredientTable::shipped().unwrap()
}

#[test]
fn every_ingredient_and_every_kind_the_rules_name_is_in_the_taxonomy() {
    let t = taxonomy();
    for name in table().names() {
        assert!(t.knows(name), "{name} is missing from taxonomy.tsv");
    }
    for kind in kinds_named_by_rules() {
        assert!(
            t.knows(kind),
            "the rules name {kind:?}; taxonomy.tsv lacks it"
        );
    }
}

/// The old tags of ingredients.tsv are a second opinion: the taxonomy
/// must agree with every one of them.
#[test]
fn tags_agree_with_the_taxonomy() {
    let t = taxonomy();
    let table = table();
    for name in table.names() {
        let contains = t.allergens_of(name).unwrap();
        for tag in &table.get(name).unwrap().tags {
            let ok = match tag {
                Tag::Meat => t.is_a(name, "meat"),
                Tag::Fish => t.is_a(name, "fish"),
                Tag::Shellfish => t.is_a(name, "shellfish"),
                Tag::Dairy => t.is_a(name, "dairy"),
                Tag::Egg => t.is_a(name, "egg"),
                Tag::Honey => t.is_a(name, "honey"),
                Tag::Nut => {
                    contains.contains(&Allergen::Peanut) || contains.contains(&Allergen::TreeNut)
                }
                Tag::Allergen(a) => contains.contains(a),
                Tag::Taste(_) => true,
            };
            assert!(ok, "{name}: tag {tag:?} but the taxonomy disagrees");
        }
        if t.is_a(name, "animal product") {
            assert!(
                table.get(name).unwrap().tags.iter().any(|t| t.is_animal()),
                "{name} is an animal product without an animal tag"
            );
        }
    }
}

/// (restriction, ingredients of the catalogue it must exclude, kinds it
/// must exclude entirely)
const ISSUE_RESTRICTIONS: &[(&str, &[&str], &[&str])] = &[
    ("no pork", &["ham", "bacon", "pork tenderloin"], &["pork"]),
    (
        "no onions",
        &["onion", "scallions", "salsa", "marinara sauce"],
        &["onion"],
    ),
    ("no coriander", &["cilantro", "salsa"], &["cilantro"]),
    (
        "no cheese",
        &[
            "cheddar",
            "mozzarella",
            "parmesan",
            "feta",
            "ricotta",
            "cottage cheese",
            "cream cheese",
            "pesto",
        ],
        &["cheese"],
    ),
    (
        "no tomatoes",
        &[
            "tomato",
            "canned tomatoes",
            "tomato paste",
            "salsa",
            "marinara sauce",
        ],
        &["tomato"],
    ),
    (
        "pescatarian",
        &[
            "chicken breast",
            "chicken thigh",
            "ground turkey",
            "lean ground beef",
            "sirloin steak",
            "pork tenderloin",
            "bacon",
            "ham",
            "chicken broth",
        ],
        &["meat"],
    ),
    (
        "no meat",
        &[
            "chicken breast",
            "chicken thigh",
            "ground turkey",
            "lean ground beef",
            "chicken broth",
            "ham",
        ],
        &["meat"],
    ),
    (
        "no red meat",
        &[
            "lean ground beef",
            "sirloin steak",
            "pork tenderloin",
            "bacon",
            "ham",
        ],
        &["red meat"],
    ),
    (
        "halal",
        &["ham", "bacon", "pork tenderloin"],
        &["pork", "alcohol"],
    ),
    (
        "kosher",
        &["ham", "bacon", "shrimp", "crab", "mussels"],
        &["pork", "shellfish"],
    ),
    (
        "vegetarian",
        &[
            "chicken breast",
            "salmon",
            "shrimp",
            "parmesan",
            "pesto",
            "fish sauce",
            "chicken broth",
        ],
        &["meat", "fish", "shellfish", "animal rennet"],
    ),
    (
        "nut allergy",
        &[
            "peanuts",
            "peanut butter",
            "almonds",
            "almond milk",
            "pesto",
            "granola",
        ],
        &["tree nut", "peanuts"],
    ),
    (
        "peanut allergy",
        &["peanuts", "peanut butter"],
        &["peanuts"],
    ),
    (
        "gluten free",
        &[
            "flour",
            "pasta",
            "soy sauce",
            "rolled oats",
            "tamari",
            "miso",
        ],
        &["wheat", "oats"],
    ),
    (
        "celery allergy",
        &["celery", "vegetable broth", "chicken broth", "curry powder"],
        &["celery"],
    ),
    ("mustard allergy", &["mustard", "mayonnaise"], &[]),
    (
        "sulphites",
        &["balsamic vinegar", "sriracha", "raisins"],
        &[],
    ),
    (
        "shellfish allergy",
        &["shrimp", "crab", "mussels"],
        &["shellfish"],
    ),
    ("mollusc allergy", &["mussels"], &["mollusc"]),
    ("no spring onions", &["scallions"], &["scallions"]),
    ("aubergine allergy", &["eggplant"], &["eggplant"]),
    ("no courgettes", &["zucchini"], &["zucchini"]),
    ("no prawns", &["shrimp"], &["shrimp"]),
    ("rocket", &["arugula"], &["arugula"]),
    ("no beetroot", &["beets"], &["beets"]),
    (
        "no chillies",
        &["jalapeno", "red chili", "chili powder", "sriracha", "salsa"],
        &["chili"],
    ),
];

#[test]
fn restrictions_exclude_every_ingredient_of_their_kind() {
    let t = taxonomy();
    let all = catalogue();
    for (name, ingredients, kinds) in ISSUE_RESTRICTIONS {
        let restriction = Restriction::parse(t, name);
        assert!(restriction.is_enforced(), "{name}: {restriction:?}");
        let rules = HardRules::new(t, [*name], &[]);
        let kept: Vec<&Recipe> = all.iter().filter(|r| rules.allow(r)).collect();
        assert!(kept.len() >= 50, "{name} leaves {} recipes", kept.len());
        for r in &kept {
            for i in r.ingredients() {
                assert!(
                    !ingredients.contains(&i.name.as_str()),
                    "{name}: {} has {}",
                    r.name,
                    i.name
                );
                for kind in *kinds {
                    assert!(
                        !t.is_a(&i.name, kind),
                        "{name}: {} has {} ({kind})",
                        r.name,
                        i.name
                    );
                }
            }
        }
        // And each listed ingredient is in some recipe, so the check bites.
        for i in *ingredients {
            assert!(
                all.iter()
                    .any(|r| r.ingredients().iter().any(|x| x.name == *i)),
                "{i} is in no recipe"
            );
        }
    }
}

#[test]
fn the_issue_restrictions_can_fill_every_meal_type() {
    let t = taxonomy();
    let all = catalogue();
    for (name, _, _) in ISSUE_RESTRICTIONS {
        let rules = HardRules::new(t, [*name], &[]);
        for meal in MealType::ALL {
            let n = all
                .iter()
                .filter(|r| r.serves(*meal) && rules.allow(r))
                .count();
            assert!(n >= 5, "{name} × {meal:?}: {n}");
        }
    }
}

#[test]
fn unknown_restrictions_are_not_enforced() {
    let t = taxonomy();
    for name in [
        "kiwi thing",
        "keto",
        "low FODMAP",
        "paleo",
        "no gluten-ish stuff",
        "low carb",
    ] {
        let r = Restriction::parse(t, name);
        assert!(!r.is_enforced(), "{name}: {r:?}");
    }
    for name in [
        "no kiwi",
        "kiwi allergy",
        "no mushrooms",
        "no pepper",
        "no beans",
        "no dairy",
    ] {
        assert!(Restriction::parse(t, name).is_enforced(), "{name}");
    }
}

#[test]
fn labels_hold_on_every_recipe() {
    let t = taxonomy();
    let all = catalogue();
    let mut high_protein = 0;
    for r in &all {
        let names: Vec<&str> = r.ingredients().iter().map(|i| i.name.as_str()).collect();
        let n = r.nutrition();
        if r.is(DietType::HighProtein) {
            high_protein += 1;
            assert!(
                4.0 * n.protein / n.calories >= HIGH_PROTEIN_SHARE,
                "{}",
                r.name
            );
            for m in r.meal_types() {
                assert!(
                    n.protein >= high_protein_min_grams(*m),
                    "{}: {:.1} g protein as {m:?}",
                    r.name,
                    n.protein
                );
            }
        }
        if r.serves(MealType::Snack) && n.protein < 15.0 {
            assert!(!r.is(DietType::HighProtein), "{}", r.name);
        }
        if r.is(DietType::Vegetarian) {
            for i in &names {
                for kind in ["meat", "fish", "shellfish", "animal rennet", "gelatin"] {
                    assert!(!t.is_a(i, kind), "{} is vegetarian with {i}", r.name);
                }
            }
        } else {
            assert!(!r.is(DietType::Vegan), "{}", r.name);
        }
        if r.is(DietType::Vegan) {
            for i in &names {
                assert!(!t.is_a(i, "animal product"), "{} is vegan with {i}", r.name);
            }
        }
        for i in &names {
            if ["parmesan", "pesto"].contains(i) {
                assert!(!r.is(DietType::Vegetarian), "{} has {i}", r.name);
            }
        }
        assert_eq!(r.allergens(), labels::allergens(t, &names), "{}", r.name);
        let low_carb = n.calories > 0.0 && 4.0 * n.carbs / n.calories <= 0.25;
        assert_eq!(r.is(DietType::LowCarb), low_carb, "{}", r.name);
        assert_eq!(
            r.is(DietType::HighCarb),
            4.0 * n.carbs / n.calories >= 0.55,
            "{}",
            r.name
        );
        assert_eq!(
            r.is(DietType::LowCalorie),
            n.calories <= 400.0,
            "{}",
            r.name
        );
        assert_eq!(r.is(DietType::HighFiber), n.fiber >= 6.0, "{}", r.name);
    }
    assert!(high_protein >= 100, "{high_protein} high-protein recipes");
}
