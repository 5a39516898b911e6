//! The catalogues the bench plans over: the shipped one and a generated
//! one of any size, and the shipped kitchen table.

use super::*;
use crate::profiles::Range;

/// The shipped catalogue with ids 1..n, as storage would number it.
pub fn shipped() -> Vec<Recipe> {
    let mut shipped = mealplan_catalogue::load().expect("shipped catalogue");
    for (i, r) in shipped.iter_mut().enumerate() {
        r.id = i as i64 + 1;
    }
    shipped
}

/// `n` recipes made from the shipped ones: each takes a shipped recipe,
/// scales every ingredient by 0.6-1.5 and sometimes swaps one ingredient
/// for a random one, then derives nutrition and tags by the catalogue's
/// rules.
pub fn generated_catalogue(shipped: &[Recipe], n: usize, seed: u64) -> Vec<Recipe> {
    let table = IngredientTable::shipped().expect("shipped table");
    let names: Vec<String> = shipped
        .iter()
        .flat_map(|r| r.ingredients().iter().map(|i| i.name.clone()))
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    let mut rng = Rng(seed);
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let base = &shipped[rng.below(shipped.len())];
        let mut items: Vec<RecipeIngredient> = base
            .ingredients()
            .iter()
            .map(|i| RecipeIngredient {
                name: i.name.clone(),
                grams: (i.grams * rng.range(0.6, 1.5)).round().max(1.0),
            })
            .collect();
        if rng.below(3) == 0 {
            let k = rng.below(items.len());
            let replacement = names[rng.below(names.len())].clone();
            if !items.iter().any(|i| i.name == replacement) {
                items[k].name = replacement;
            }
        }
        let id = out.len() as i64 + 1;
        let mut recipe = mealplan_catalogue::recipes::build(
            id,
            &format!("generated {id}"),
            base.meal_types().to_vec(),
            items,
            &table,
        )
        .expect("known ingredients");
        recipe.id = id;
        out.push(recipe);
    }
    out
}

/// The shipped kitchen table (which ingredients are protein foods).
pub fn kitchen() -> &'static Kitchen {
    static KITCHEN: OnceLock<Kitchen> = OnceLock::new();
    KITCHEN.get_or_init(|| mealplan_catalogue::kitchen().expect("shipped kitchen"))
}
