//! An own recipe's figures from its lines: each line read and placed on
//! an SR28 food (`mealplan-ingredients`), the nutrition of one serving
//! summed from the foods, and the labels derived by the catalogue's own
//! rules (the domain's `labels` over the taxonomy; the catalogue's taste
//! rule, handed in as [`CatalogueFoods`]). A food the taxonomy has no
//! name for is neither vegan nor vegetarian (the domain's rule) and takes
//! its allergens from its SR28 row (`sr28_allergens`), all of them where
//! the row does not settle them: never none for want of a name. The hard
//! rules judge it as the taxonomy kinds of that row (`sr28_kinds`: SR28
//! beef is `beef`; a soup or sauce every animal product and alcohol), so
//! pescatarian, halal, kosher and every kind rule see it too.

use std::collections::HashMap;
use std::sync::Arc;

use mealplan_domain::{
    Allergen, FoodChoice, MealType, Micronutrient, Micronutrients, Nutrition, OwnLine, OwnRecipe,
    Recipe, RecipeCard, RecipeIngredient, RecipeParts, Stated, Taxonomy, labels,
};
use mealplan_ingredients::{
    FoodTable, LineReading, Nutrient, Reading, ReviewReason, read_line, read_recipe,
};

use super::{sr28_allergens, sr28_kinds};

/// The catalogue's rule for a recipe's tastes, from its ingredients'
/// names and one serving's nutrition.
pub type TasteRule = Arc<dyn Fn(&[&str], &Nutrition) -> Vec<String> + Send + Sync>;

/// What the catalogue knows of the SR28 foods it uses: its name for each
/// (a taxonomy node, so labels and restrictions read it), and its taste
/// rule. The binary builds it from the catalogue's ingredient table.
#[derive(Clone)]
pub struct CatalogueFoods {
    names: HashMap<u32, String>,
    tastes: TasteRule,
}

impl Default for CatalogueFoods {
    fn default() -> Self {
        Self {
            names: HashMap::new(),
            tastes: Arc::new(|_, _| Vec::new()),
        }
    }
}

impl CatalogueFoods {
    /// The catalogue's names by SR28 NDB number, and its taste rule.
    pub fn new(names: HashMap<u32, String>, tastes: TasteRule) -> Self {
        Self { names, tastes }
    }
}

/// Why a line waits, in words for the person.
fn reason(r: &ReviewReason) -> String {
    match r {
        ReviewReason::Unreadable(e) => format!("the line could not be read: {e}"),
        ReviewReason::NoConfidentFood => "no food is sure enough; pick one".into(),
        ReviewReason::NoAmount => "the line gives no amount; give the grams".into(),
        ReviewReason::NoVolumeMeasure => {
            "SR28 has no volume measure for this food; give the grams".into()
        }
        ReviewReason::NoPieceWeight(piece) => {
            let article = if piece.starts_with(['a', 'e', 'i', 'o', 'u']) {
                "an"
            } else {
                "a"
            };
            format!("SR28 does not weigh {article} {piece} of this food; give the grams")
        }
        ReviewReason::NoEdibleShare => {
            "weighed on the bone, and SR28 gives no bone share for this food; give the grams of meat"
                .into()
        }
    }
}

fn choice(ndb: u32, description: &str, confidence: f64) -> FoodChoice {
    FoodChoice {
        ndb,
        description: description.to_owned(),
        confidence,
    }
}

/// One line as written, read and placed, or waiting with its candidates
/// (alone: a recipe's lines are read together by `read_all`).
#[cfg(test)]
pub fn read(text: &str) -> OwnLine {
    own_line(text, read_line(text))
}

/// The lines of one recipe as written, each read and placed or waiting
/// with its candidates, read with the others beside it (a Spanish "limón"
/// is settled by the recipe's other words, or asked).
fn read_all(texts: &[&str]) -> Vec<OwnLine> {
    read_recipe(texts)
        .into_iter()
        .zip(texts)
        .map(|(reading, text)| own_line(text, reading))
        .collect()
}

fn own_line(text: &str, reading: LineReading) -> OwnLine {
    match reading.reading {
        Reading::Placed(p) => OwnLine {
            text: text.to_owned(),
            food: Some(choice(p.food.ndb, &p.food.description, p.food.confidence)),
            grams: Some(p.grams),
            candidates: Vec::new(),
            review: None,
        },
        Reading::NeedsReview {
            reason: r,
            candidates,
        } => OwnLine {
            text: text.to_owned(),
            food: None,
            grams: None,
            candidates: candidates
                .iter()
                .map(|c| choice(c.ndb, &c.description, c.confidence))
                .collect(),
            review: Some(reason(&r)),
        },
    }
}

/// The line placed on food `ndb` (the person's choice: sure) with its
/// grams, or its own grams when none are given; `None` when SR28 has no
/// such food.
pub fn place(line: &OwnLine, ndb: Option<u32>, grams: Option<f64>) -> Option<OwnLine> {
    let mut line = line.clone();
    if let Some(ndb) = ndb {
        let food = FoodTable::sr28().get(ndb)?;
        line.food = Some(choice(ndb, &food.description, 1.0));
    }
    if let Some(g) = grams {
        line.grams = Some(g);
    }
    if line.food.is_some() && line.grams.is_none() {
        // A food chosen for a line that gave an amount SR28 could not weigh:
        // the line is read again on that food's measures.
        line.grams = regrams(&line);
    }
    if line.is_placed() {
        line.candidates.clear();
        line.review = None;
    }
    Some(line)
}

/// The grams of a line read again, when the matcher placed it on the food
/// now chosen.
fn regrams(line: &OwnLine) -> Option<f64> {
    let chosen = line.food.as_ref()?.ndb;
    match read_line(&line.text).reading {
        Reading::Placed(p) if p.food.ndb == chosen => Some(p.grams),
        _ => None,
    }
}

/// The name a recipe's ingredient goes by: the catalogue's for the food,
/// else the taxonomy's node for a cook's name of it, else the SR28
/// description (commas, which the stored list uses, as semicolons).
fn ingredient_name(taxonomy: &Taxonomy, foods: &CatalogueFoods, food: &FoodChoice) -> String {
    let named = |ndb: u32| {
        foods.names.get(&ndb).cloned().or_else(|| {
            mealplan_ingredients::lexicon::Lexicon::standard()
                .names_of(ndb)
                .find_map(|n| taxonomy.resolve(n))
                .map(str::to_owned)
        })
    };
    named(food.ndb)
        .or_else(|| plain_of(&food.description).and_then(named))
        .unwrap_or_else(|| food.description.to_lowercase().replace(',', ";"))
}

/// SR28's marks of a lowered sodium: a row so marked is its plain food
/// with less salt, which changes no allergen and no kind.
const LOWERED_SODIUM: &[&str] = &[
    "LESS/REDUCED NA",
    "REDUCED/LOW NA",
    "LO NA",
    "LOW NA",
    "RED NA",
    "LESS NA",
    "LOWER NA",
];

/// Words of a description's food part that say how it is sold, not what
/// it is ("BF BROTH OR BOUILLON CND" is "BF BROTH").
const SOLD_AS: &[&str] = &["OR", "BOUILLON", "CND", "RTS"];

/// The plain row a lowered-sodium row is of, when the lexicon names one:
/// SR28's "SOUP,CHICK BROTH,LESS/REDUCED NA,READY TO SERVE" is the chicken
/// broth of "SOUP,CHICK BROTH,RTS". The two share their first part, and
/// their food parts name the same words, how it is sold aside (never a
/// "CHICK BROTH W/ NOODLES"), so the name, and with it the labels, stays
/// the food's.
fn plain_of(description: &str) -> Option<u32> {
    let parts: Vec<&str> = description.split(',').map(str::trim).collect();
    if !parts.iter().any(|p| LOWERED_SODIUM.contains(p)) {
        return None;
    }
    let words = |part: Option<&&str>| -> Vec<String> {
        part.map_or_else(Vec::new, |p| {
            p.split(|c: char| !c.is_alphanumeric())
                .filter(|w| !w.is_empty() && !SOLD_AS.contains(w))
                .map(str::to_owned)
                .collect()
        })
    };
    let (first, food) = (parts[0], words(parts.get(1)));
    let table = FoodTable::sr28();
    mealplan_ingredients::lexicon::Lexicon::standard()
        .foods()
        .filter_map(|ndb| table.get(ndb))
        .find(|plain| {
            let theirs: Vec<&str> = plain.description.split(',').map(str::trim).collect();
            theirs[0] == first
                && !theirs.iter().any(|p| LOWERED_SODIUM.contains(p))
                && words(theirs.get(1)) == food
        })
        .map(|plain| plain.ndb)
}

/// What an own recipe is besides its lines.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Card {
    /// Its id (0 before it is stored).
    pub id: i64,
    /// Dish name.
    pub name: String,
    /// Servings the lines make.
    pub servings: u32,
    /// Steps, in order, as written.
    pub steps: Vec<String>,
    /// Slots it fills.
    pub meal_types: Vec<MealType>,
    /// Preparation, minutes.
    pub prep_minutes: u32,
    /// Cooking, minutes.
    pub cook_minutes: u32,
}

/// The recipe of one serving of `lines` (the placed ones), its labels by
/// the catalogue's rules.
pub fn compose(
    taxonomy: &Taxonomy,
    foods: &CatalogueFoods,
    card: Card,
    lines: &[OwnLine],
) -> Recipe {
    let table = FoodTable::sr28();
    let servings = f64::from(card.servings.max(1));
    let mut n = Nutrition::default();
    let (mut saturated_fat, mut sodium) = (0.0, 0.0);
    let mut micro = [0.0; mealplan_domain::micronutrients::COUNT];
    let mut ingredients = Vec::new();
    let mut unnamed = Vec::new();
    let mut kinds = Vec::new();
    for line in lines {
        let (Some(choice), Some(grams)) = (&line.food, line.grams) else {
            continue;
        };
        let Some(food) = table.get(choice.ndb) else {
            continue;
        };
        let g = grams / servings;
        n.calories += food.in_grams(Nutrient::Energy, g);
        n.protein += food.in_grams(Nutrient::Protein, g);
        n.carbs += food.in_grams(Nutrient::Carbohydrate, g);
        n.fat += food.in_grams(Nutrient::Fat, g);
        n.fiber += food.in_grams(Nutrient::Fiber, g);
        n.sugar += food.in_grams(Nutrient::Sugar, g);
        saturated_fat += food.in_grams(Nutrient::SaturatedFat, g);
        sodium += food.in_grams(Nutrient::Sodium, g);
        for (amount, m) in micro.iter_mut().zip(Micronutrient::ALL) {
            *amount += food.in_grams(sr28_of(*m), g);
        }
        let name = ingredient_name(taxonomy, foods, choice);
        if !taxonomy.knows(&name) {
            unnamed.extend(sr28_allergens::of_ndb(food.ndb).unwrap_or(Allergen::ALL));
            kinds.push((name.clone(), food.ndb));
        }
        ingredients.push(RecipeIngredient { name, grams: g });
    }
    let names: Vec<&str> = ingredients.iter().map(|i| i.name.as_str()).collect();
    let diet_types = labels::diet_types(taxonomy, &names, &n, &card.meal_types);
    // A food the taxonomy has no name for takes its allergens from its
    // SR28 row, every group where the row does not settle them
    // (`sr28_allergens`); `from_stored` adds those of the named ones.
    let allergens = Allergen::ALL
        .iter()
        .copied()
        .filter(|a| unnamed.contains(a))
        .collect();
    let tastes = (foods.tastes)(&names, &n);
    let parts = RecipeParts {
        id: card.id,
        recipe_id: card.id,
        name: card.name,
        nutrition: n,
        ingredients,
        meal_types: card.meal_types,
        tastes,
        image_url: None,
        recipe_url: None,
        card: RecipeCard {
            prep_minutes: card.prep_minutes,
            cook_minutes: card.cook_minutes,
            steps: card.steps,
            saturated_fat,
            sodium,
            micronutrients: Micronutrients::new(micro),
        },
    };
    let recipe = Recipe::from_stored(taxonomy, parts, diet_types, allergens);
    kinds.iter().fold(recipe, |r, (name, ndb)| {
        r.with_kinds(name, &sr28_kinds::judged_as(taxonomy, *ndb))
    })
}

/// `own` as stored, with the allergens of its foods the taxonomy has no
/// name for added (`sr28_allergens`): a recipe stored before they were
/// counted, or under an older rule, is never planned on labels that
/// miss them; and with those foods' taxonomy kinds (`sr28_kinds`), which
/// are not stored, so every read gives them again. Its placed lines and its ingredients are in the same order
/// ([`compose`] makes one ingredient of each placed line).
pub fn checked(taxonomy: &Taxonomy, mut own: OwnRecipe) -> OwnRecipe {
    let table = FoodTable::sr28();
    let foods = own
        .lines
        .iter()
        .filter_map(|line| match (&line.food, line.grams) {
            (Some(choice), Some(_)) => table.get(choice.ndb),
            _ => None,
        });
    let mut unnamed = Vec::new();
    let mut kinds = Vec::new();
    for (food, ingredient) in foods.zip(own.recipe.ingredients()) {
        if !taxonomy.knows(&ingredient.name) {
            unnamed.extend(sr28_allergens::of_ndb(food.ndb).unwrap_or(Allergen::ALL));
            kinds.push((ingredient.name.clone(), food.ndb));
        }
    }
    if unnamed.iter().any(|a| !own.recipe.allergens().contains(a)) {
        own.recipe = own.recipe.with_allergens(&unnamed);
    }
    for (name, ndb) in kinds {
        own.recipe = own
            .recipe
            .with_kinds(&name, &sr28_kinds::judged_as(taxonomy, ndb));
    }
    own
}

/// The SR28 column of a micronutrient the catalogue carries.
fn sr28_of(m: Micronutrient) -> Nutrient {
    match m {
        Micronutrient::Calcium => Nutrient::Calcium,
        Micronutrient::Iron => Nutrient::Iron,
        Micronutrient::Magnesium => Nutrient::Magnesium,
        Micronutrient::Potassium => Nutrient::Potassium,
        Micronutrient::Zinc => Nutrient::Zinc,
        Micronutrient::VitaminA => Nutrient::VitaminA,
        Micronutrient::VitaminC => Nutrient::VitaminC,
        Micronutrient::VitaminD => Nutrient::VitaminD,
        Micronutrient::VitaminB12 => Nutrient::VitaminB12,
        Micronutrient::Folate => Nutrient::Folate,
    }
}

/// The own recipe of `draft` (checked), its lines read, not stored.
pub fn draft_recipe(
    taxonomy: &Taxonomy,
    foods: &CatalogueFoods,
    owner: mealplan_domain::UserId,
    draft: super::OwnDraft,
) -> mealplan_domain::OwnRecipe {
    let texts: Vec<&str> = draft.lines.iter().map(|l| l.trim()).collect();
    let lines = read_all(&texts);
    let card = Card {
        id: 0,
        name: draft.name.trim().to_owned(),
        servings: draft.servings,
        steps: draft.steps.iter().map(|s| s.trim().to_owned()).collect(),
        meal_types: draft.meal_types,
        prep_minutes: draft.prep_minutes,
        cook_minutes: draft.cook_minutes,
    };
    mealplan_domain::OwnRecipe {
        recipe: compose(taxonomy, foods, card, &lines),
        owner,
        servings: draft.servings,
        lines,
        stated: draft.stated,
        keywords: draft.keywords,
        deleted: false,
    }
}

/// How far a stated figure may be from the computed one before it is
/// pointed out.
pub const STATED_TOLERANCE: f64 = 0.15;

/// Where the stated nutrition of one serving differs from the computed
/// by more than [`STATED_TOLERANCE`], in words; a figure the source did
/// not state is not compared.
pub fn stated_differences(stated: &Stated, computed: &Nutrition) -> Vec<String> {
    [
        ("calories", Some(stated.calories), computed.calories, "kcal"),
        ("protein", stated.protein, computed.protein, "g"),
        ("carbs", stated.carbs, computed.carbs, "g"),
        ("fat", stated.fat, computed.fat, "g"),
    ]
    .into_iter()
    .filter_map(|(what, s, c, unit)| s.map(|s| (what, s, c, unit)))
    .filter(|(_, s, c, _)| (s - c).abs() > STATED_TOLERANCE * c.max(1.0))
    .map(|(what, s, c, unit)| {
        format!(
            "stated {what} ({s:.0} {unit}) differ from those computed from the ingredients \
             ({c:.0} {unit}) by more than 15%"
        )
    })
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(servings: u32) -> Card {
        Card {
            name: "Rice and oil".into(),
            servings,
            meal_types: vec![MealType::Dinner],
            ..Card::default()
        }
    }

    #[test]
    fn a_serving_sums_its_foods_share() {
        let lines = [read("200g white rice"), read("2 tbsp olive oil")];
        assert!(lines.iter().all(OwnLine::is_placed), "{lines:?}");
        let two = compose(
            Taxonomy::standard(),
            &CatalogueFoods::default(),
            card(2),
            &lines,
        );
        let one = compose(
            Taxonomy::standard(),
            &CatalogueFoods::default(),
            card(1),
            &lines,
        );
        assert!((two.nutrition().calories * 2.0 - one.nutrition().calories).abs() < 1e-6);
        // 100 g of raw rice (~360 kcal) and a tablespoon of oil (~120 kcal).
        let kcal = two.nutrition().calories;
        assert!((400.0..560.0).contains(&kcal), "{kcal}");
        assert!(two.card.saturated_fat > 0.0);
    }

    #[test]
    fn labels_follow_the_taxonomy() {
        let vegan = compose(
            Taxonomy::standard(),
            &CatalogueFoods::default(),
            card(2),
            &[read("200g white rice"), read("2 tbsp olive oil")],
        );
        assert!(vegan.is(mealplan_domain::DietType::Vegan), "{vegan:?}");
        let eggs = compose(
            Taxonomy::standard(),
            &CatalogueFoods::default(),
            card(2),
            &[read("3 large eggs"), read("200g white rice")],
        );
        assert!(!eggs.is(mealplan_domain::DietType::Vegan));
        assert!(
            eggs.allergens().contains(&mealplan_domain::Allergen::Egg),
            "{eggs:?}"
        );
    }

    /// Broths and stocks, low-sodium ones too, are named foods: a
    /// nut-allergic cook's chili with low-sodium chicken broth is not
    /// kept from them as a food of unknown make (it was: every allergen).
    #[test]
    fn broths_and_their_low_sodium_rows_are_named_foods() {
        use mealplan_domain::Allergen;
        for (line, name) in [
            ("1 cup low-sodium chicken broth", "chicken broth"),
            ("2 cups reduced-sodium beef broth", "beef broth"),
            ("1 cup beef stock", "beef broth"),
            ("1 cup chicken broth", "chicken broth"),
        ] {
            let r = compose(
                Taxonomy::standard(),
                &CatalogueFoods::default(),
                card(2),
                &[read(line), read("200g white rice")],
            );
            let names: Vec<&str> = r.ingredients().iter().map(|i| i.name.as_str()).collect();
            assert!(names.contains(&name), "{line}: {names:?}");
            for a in [
                Allergen::Peanut,
                Allergen::TreeNut,
                Allergen::Gluten,
                Allergen::Fish,
            ] {
                assert!(!r.allergens().contains(&a), "{line}: {:?}", r.allergens());
            }
        }
        // A row no named food's lowered-sodium twin stays of unknown make.
        assert_eq!(plain_of("SOUP,CHICK BROTH W/ NOODLES,LO NA"), None);
        assert_eq!(plain_of("SOUP,CHICK BROTH,RTS"), None);
    }

    /// Lines whose foods the taxonomy may have no name for: the recipe of
    /// each carries the allergens, and every restriction naming one of
    /// them (its own and the predefined ones) keeps it out. A waiting
    /// line is placed on the food given, as the person would.
    #[test]
    fn every_allergen_of_a_line_is_labelled_and_kept_out() {
        use mealplan_domain::Allergen::*;
        use mealplan_domain::{HardRules, restriction::PREDEFINED};
        let table: &[(&str, Option<u32>, &[Allergen])] = &[
            ("1 lb jumbo lump crabmeat", None, &[Crustaceans]),
            ("1 litre fish stock", None, &[Fish]),
            ("200 g raw king prawns, peeled", None, &[Crustaceans]),
            ("4 salmon fillets", None, &[Fish]),
            ("2 tbsp fish sauce", None, &[Fish]),
            ("1 tbsp oyster sauce", None, &[Molluscs]),
            ("100 g mascarpone", Some(1017), &[Milk]),
            ("2 tbsp tahini", None, &[Sesame]),
            ("2 tbsp peanut butter", None, &[Peanut]),
            ("100 g almond flour", Some(12062), &[TreeNut]),
            ("1 tbsp Worcestershire sauce", None, &[Fish]),
            ("2 tbsp soy sauce", None, &[Soy, Gluten]),
            ("1 tbsp miso", None, &[Soy]),
            ("2 tbsp pesto", None, &[Milk, TreeNut]),
            ("2 tbsp mayonnaise", None, &[Egg]),
            ("2 tbsp hoisin sauce", None, &[Soy, Gluten]),
            ("200 g cooked lobster", Some(15148), &[Crustaceans]),
            ("200 g scallops", None, &[Molluscs]),
            ("6 oysters", Some(15171), &[Molluscs]),
            ("12 mussels", Some(15164), &[Molluscs]),
            ("1 cup milk", None, &[Milk]),
            ("2 eggs", None, &[Egg]),
            ("1 cup flour", None, &[Gluten]),
        ];
        let t = Taxonomy::standard();
        for (text, chosen, allergens) in table {
            let mut line = read(text);
            if chosen.is_some() {
                line = place(&line, *chosen, Some(200.0)).unwrap();
            }
            assert!(line.is_placed(), "{text}: {line:?}");
            let recipe = compose(t, &CatalogueFoods::default(), card(2), &[line]);
            for a in *allergens {
                assert!(recipe.allergens().contains(a), "{text}: {a:?} {recipe:?}");
                let names = PREDEFINED
                    .iter()
                    .filter(|(_, of)| of.contains(a))
                    .map(|(name, _)| *name)
                    .chain([a.restriction_name()]);
                for name in names {
                    let rules = HardRules::new(t, [name], &[]);
                    assert!(!rules.allow(&recipe), "{text} under {name}: {recipe:?}");
                }
            }
        }
        // SR28 has no paneer: the line waits, and a waiting line never
        // lets its recipe be planned.
        assert!(!read("200 g paneer").is_placed());
    }

    /// Meat, fish and shellfish lines, named by the taxonomy or not (SR28
    /// beef brisket is `beef;brisket;…`): every diet-like restriction the
    /// service reads (diets, kinds, seafood allergies) and the vegetarian
    /// and vegan diet keep out each recipe they forbid, as composed and
    /// as read back from storage without its kinds; and a rule that
    /// allows a food still lets it through.
    #[test]
    fn every_diet_rule_keeps_out_the_meat_and_seafood_it_forbids() {
        use mealplan_domain::{DietType, HardRules};
        const PORK: &[&str] = &["pork", "red meat", "meat"];
        const BEEF: &[&str] = &["beef", "red meat", "meat"];
        const RED: &[&str] = &["red meat", "meat"];
        const BIRD: &[&str] = &["poultry", "meat"];
        const CRUSTACEAN: &[&str] = &["shellfish", "seafood", "crustacean"];
        const MOLLUSC: &[&str] = &["shellfish", "seafood", "mollusc"];
        const FISH: &[&str] = &["fish", "seafood"];
        /// A line, the food chosen when it waits, what it is, what it is not.
        type Row<'a> = (&'a str, Option<u32>, &'a [&'a str], &'a [&'a str]);
        let table: &[Row] = &[
            ("300 g beef brisket", None, BEEF, &["pork"]),
            ("500 g pork shoulder", None, PORK, &["beef"]),
            ("500 g pork chops", None, PORK, &["beef"]),
            ("4 slices bacon", None, PORK, &["beef"]),
            ("200 g ham", None, PORK, &["beef"]),
            (
                "100 g pepperoni",
                None,
                &["pork", "beef", "red meat", "meat"],
                &[],
            ),
            (
                "6 chicken thighs",
                None,
                &["chicken", "poultry", "meat"],
                &["red meat"],
            ),
            ("200 g turkey breast", None, BIRD, &["red meat", "pork"]),
            ("500 g lamb", None, &["lamb", "red meat", "meat"], &["pork"]),
            ("500 g venison", None, RED, &["pork"]),
            ("200 g veal", Some(17142), BEEF, &["pork"]),
            (
                "1 lb jumbo lump crabmeat",
                None,
                CRUSTACEAN,
                &["meat", "pork"],
            ),
            ("200 g shrimp", None, CRUSTACEAN, &["meat", "pork"]),
            ("200 g scallops", None, MOLLUSC, &["meat", "pork"]),
            ("12 clams", None, MOLLUSC, &["meat", "pork"]),
            ("1 cup clam juice", None, MOLLUSC, &["meat", "pork"]),
            ("200 g squid", None, MOLLUSC, &["meat", "pork"]),
            ("2 tbsp lard", None, PORK, &["beef"]),
            ("1 tbsp gelatin", Some(19177), &["gelatin"], &[]),
            ("1 litre chicken stock", None, BIRD, &[]),
            ("1 cup beef broth", None, BEEF, &[]),
            ("2 tbsp fish sauce", None, FISH, &[]),
            ("1 tbsp Worcestershire sauce", None, FISH, &[]),
        ];
        // Each restriction and what it forbids (of the words above).
        let rules: &[(&str, &[&str])] = &[
            ("vegan", &["meat", "fish", "shellfish", "gelatin"]),
            ("vegetarian", &["meat", "fish", "shellfish", "gelatin"]),
            ("pescatarian", &["meat", "gelatin"]),
            ("halal", &["pork", "gelatin"]),
            ("kosher", &["pork", "shellfish", "gelatin"]),
            ("no pork", &["pork"]),
            ("no red meat", &["red meat"]),
            ("no beef", &["beef"]),
            ("no meat", &["meat"]),
            ("no poultry", &["poultry"]),
            ("no chicken", &["chicken"]),
            ("no lamb", &["lamb"]),
            ("no gelatin", &["gelatin"]),
            ("no shellfish", &["shellfish"]),
            ("shellfish allergy", &["shellfish"]),
            ("no seafood", &["seafood"]),
            ("no fish", &["fish"]),
            ("fish allergy", &["fish"]),
        ];
        let t = Taxonomy::standard();
        let diets = [
            (
                "vegetarian diet",
                HardRules::new(t, [], &[DietType::Vegetarian]),
            ),
            ("vegan diet", HardRules::new(t, [], &[DietType::Vegan])),
        ];
        let mut unnamed = 0;
        for (text, chosen, is, is_not) in table {
            let mut line = read(text);
            if chosen.is_some() {
                line = place(&line, *chosen, Some(200.0)).unwrap();
            }
            assert!(line.is_placed(), "{text}: {line:?}");
            let lines = vec![line, read("200g white rice")];
            let recipe = compose(t, &CatalogueFoods::default(), card(2), &lines);
            let name = &recipe.ingredients()[0].name;
            unnamed += usize::from(!t.knows(name));
            let stored = checked(t, own(stored_copy(t, &recipe), lines));
            for (rule, forbids) in rules {
                let hard = HardRules::new(t, [*rule], &[]);
                if forbids.iter().any(|f| is.contains(f)) {
                    for (how, r) in [("composed", &recipe), ("stored", &stored.recipe)] {
                        assert!(!hard.allow(r), "{text} ({name}) {how} under {rule}");
                    }
                } else if forbids.iter().all(|f| is_not.contains(f)) {
                    assert!(hard.allow(&recipe), "{text} ({name}) under {rule}");
                }
            }
            for (diet, hard) in &diets {
                assert!(!hard.allow(&stored.recipe), "{text} ({name}) under {diet}");
            }
        }
        // Foods the taxonomy names and foods it does not are both here.
        assert!((8..table.len()).contains(&unnamed), "{unnamed}");
    }

    /// `recipe` as a row stores it: its labels, not the kinds of its
    /// unnamed foods.
    fn stored_copy(t: &Taxonomy, recipe: &Recipe) -> Recipe {
        stored_with(t, recipe, recipe.allergens().to_vec())
    }

    /// `recipe` as a row stores it, with `allergens` as its row's.
    fn stored_with(t: &Taxonomy, recipe: &Recipe, allergens: Vec<Allergen>) -> Recipe {
        let parts = RecipeParts {
            id: recipe.id,
            recipe_id: recipe.recipe_id,
            name: recipe.name.clone(),
            nutrition: recipe.nutrition(),
            ingredients: recipe.ingredients().to_vec(),
            meal_types: recipe.meal_types().to_vec(),
            tastes: Vec::new(),
            image_url: None,
            recipe_url: None,
            card: recipe.card.clone(),
        };
        Recipe::from_stored(t, parts, recipe.diet_types().to_vec(), allergens)
    }

    /// An own recipe of `recipe` and its `lines`.
    fn own(recipe: Recipe, lines: Vec<OwnLine>) -> OwnRecipe {
        OwnRecipe {
            recipe,
            owner: mealplan_domain::UserId(1),
            servings: 2,
            lines,
            stated: None,
            keywords: Vec::new(),
            deleted: false,
        }
    }

    /// A recipe stored before unnamed foods were counted (its row without
    /// the crab's allergen) is read with it; one that misses nothing is
    /// read as stored.
    #[test]
    fn a_stored_recipe_is_read_with_what_its_row_missed() {
        let t = Taxonomy::standard();
        let lines = vec![read("1 lb jumbo lump crabmeat"), read("200g white rice")];
        let fresh = compose(t, &CatalogueFoods::default(), card(2), &lines);
        let old = stored_with(t, &fresh, Vec::new());
        assert!(old.allergens().is_empty(), "{old:?}");
        let read_back = checked(t, own(old, lines.clone()));
        assert_eq!(read_back.recipe.allergens(), [Allergen::Crustaceans]);
        let rice = vec![read("200g white rice")];
        let plain = compose(t, &CatalogueFoods::default(), card(2), &rice);
        assert_eq!(checked(t, own(plain.clone(), rice)).recipe, plain);
    }

    /// What the taxonomy names keeps its exact labels: a plain dish of
    /// named foods is allergen-free and vegan, as before.
    #[test]
    fn named_foods_keep_the_taxonomy_labels() {
        let plain = compose(
            Taxonomy::standard(),
            &CatalogueFoods::default(),
            card(2),
            &[read("200g white rice"), read("2 tbsp olive oil")],
        );
        assert!(plain.allergens().is_empty(), "{plain:?}");
        assert!(plain.is(mealplan_domain::DietType::Vegan));
    }

    #[test]
    fn an_unsure_line_waits_and_a_choice_places_it() {
        let line = read("1 head lettuce");
        assert!(!line.is_placed());
        assert!(line.review.is_some());
        let placed = place(&line, Some(11252), Some(300.0)).unwrap();
        assert!(placed.is_placed());
        assert!(placed.candidates.is_empty());
        assert_eq!(placed.food.unwrap().confidence, 1.0);
        assert!(place(&line, Some(99_999_999), None).is_none());
    }

    #[test]
    fn stated_figures_far_off_are_named() {
        let c = Nutrition {
            calories: 500.0,
            protein: 30.0,
            carbs: 50.0,
            fat: 20.0,
            ..Nutrition::default()
        };
        let same = Stated {
            calories: 500.0,
            protein: Some(30.0),
            carbs: Some(50.0),
            fat: Some(20.0),
            ..Stated::default()
        };
        assert!(stated_differences(&same, &c).is_empty());
        let s = Stated {
            calories: 400.0,
            ..same
        };
        let d = stated_differences(&s, &c);
        assert_eq!(d.len(), 1);
        assert!(d[0].contains("calories"), "{d:?}");
        // Only calories stated: nothing else is said to differ.
        let only = Stated {
            calories: 500.0,
            ..Stated::default()
        };
        assert!(stated_differences(&only, &c).is_empty());
    }
}
