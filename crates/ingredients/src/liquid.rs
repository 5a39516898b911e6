//! A cooking liquid kept from another step ("1/2 cup reserved pasta
//! water", "1 cup bean cooking liquid", "the mushrooms' soaking liquid")
//! is not the food it was cooked with: it is water with a little starch
//! and salt, which SR28 has no row for. It is placed as water, never as
//! the food it names ("bean cooking liquid" is not ranch-style beans).
//! The water rice was washed in ("rice wash", "rice water", the Filipino
//! hugas bigas) is such a liquid too: a little starch in water, never the
//! rice.

use crate::parse::ParsedLine;

/// SR28's tap water.
pub const WATER: u32 = 14411;

/// Words of a liquid.
const LIQUIDS: &[&str] = &[
    "liquid", "water", "liquor", "wash", "washing", "rinse", "rinsing",
];

/// Words that make a liquid one kept from cooking.
const KEPT_FROM_COOKING: &[&str] = &[
    "cooking",
    "pasta",
    "starchy",
    "reserved",
    "soaking",
    "braising",
    "poaching",
    "boiling",
    "bean",
    "beans",
    "chickpea",
    "chickpeas",
    "rice",
];

/// Liquids that are foods of their own, whatever else the line says.
const FOODS: &[&str] = &[
    "coconut",
    "rose",
    "blossom",
    "tonic",
    "sparkling",
    "soda",
    "seltzer",
    "smoke",
    "aminos",
    "egg",
    "eggs",
    "sweetener",
    "tuna",
    "stevia",
];

/// Whether the line's food (its first alternative) is a liquid kept from
/// cooking another food.
pub fn kept_from_cooking(line: &ParsedLine) -> bool {
    let name = line.name.to_lowercase();
    let first = name.split(" or ").next().unwrap_or_default();
    let words = crate::words::spaced(first);
    let has = |list: &[&str]| list.iter().any(|w| words.contains(&format!(" {w} ")));
    has(LIQUIDS) && has(KEPT_FROM_COOKING) && !has(FOODS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse_line;

    fn kept(text: &str) -> bool {
        kept_from_cooking(&parse_line(text).unwrap())
    }

    #[test]
    fn a_kept_cooking_liquid_is_water() {
        assert!(kept("1/2 cup reserved bean cooking liquid"));
        assert!(kept("1 cup starchy pasta water"));
        assert!(kept("1/4 cup pasta cooking water, reserved"));
        assert!(kept("2 tbsp chickpea liquid"));
        assert!(kept("4 cups rice water (from the second rinse)"));
        assert!(kept("3 cups rice washing (or plain water)"));
        assert!(kept("2 cups rice rinse water"));
    }

    #[test]
    fn other_liquids_and_foods_are_not() {
        assert!(!kept("1 cup coconut water"));
        assert!(!kept("1 tsp liquid smoke"));
        assert!(!kept("1 can black beans, drained, liquid reserved"));
        assert!(!kept("1 cup water"));
        assert!(!kept("1 cup chicken broth or pasta water"));
        assert!(!kept("1 cup rice, washed"));
        assert!(!kept("2 tbsp rice vinegar"));
        assert!(!kept("1 cup rice milk"));
    }
}
