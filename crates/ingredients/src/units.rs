//! The units a cook writes, and how each turns into grams: mass directly,
//! volume through a food's own SR28 measure, a count through its counted
//! measures.

/// A unit of an ingredient line.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Unit {
    /// Weighed: grams per unit.
    Mass(f64),
    /// Spooned or poured: millilitres per unit.
    Volume(f64),
    /// Counted in a named piece ("clove", "slice", "can"); the word is
    /// looked for among the food's measures.
    Piece(&'static str),
}

/// US cup in millilitres (the cup SR28's measures are written in).
pub const CUP_ML: f64 = 236.588;
/// US tablespoon in millilitres.
pub const TBSP_ML: f64 = 14.787;
/// US teaspoon in millilitres.
pub const TSP_ML: f64 = 4.929;
/// US fluid ounce in millilitres.
pub const FL_OZ_ML: f64 = 29.574;
/// Avoirdupois ounce in grams.
pub const OZ_G: f64 = 28.3495;
/// Pound in grams.
pub const LB_G: f64 = 453.592;

/// Unit words, lower case, without a trailing dot; longest phrases first
/// are not needed because the parser tries two words before one.
const UNITS: &[(&str, Unit)] = &[
    ("g", Unit::Mass(1.0)),
    ("gr", Unit::Mass(1.0)),
    ("gram", Unit::Mass(1.0)),
    ("grams", Unit::Mass(1.0)),
    ("gramme", Unit::Mass(1.0)),
    ("grammes", Unit::Mass(1.0)),
    ("kg", Unit::Mass(1000.0)),
    ("kilo", Unit::Mass(1000.0)),
    ("kilos", Unit::Mass(1000.0)),
    ("kilogram", Unit::Mass(1000.0)),
    ("kilograms", Unit::Mass(1000.0)),
    ("mg", Unit::Mass(0.001)),
    ("oz", Unit::Mass(OZ_G)),
    ("ounce", Unit::Mass(OZ_G)),
    ("ounces", Unit::Mass(OZ_G)),
    ("lb", Unit::Mass(LB_G)),
    ("lbs", Unit::Mass(LB_G)),
    ("pound", Unit::Mass(LB_G)),
    ("pounds", Unit::Mass(LB_G)),
    ("ml", Unit::Volume(1.0)),
    ("mls", Unit::Volume(1.0)),
    ("milliliter", Unit::Volume(1.0)),
    ("milliliters", Unit::Volume(1.0)),
    ("millilitre", Unit::Volume(1.0)),
    ("millilitres", Unit::Volume(1.0)),
    ("cl", Unit::Volume(10.0)),
    ("dl", Unit::Volume(100.0)),
    ("l", Unit::Volume(1000.0)),
    ("liter", Unit::Volume(1000.0)),
    ("liters", Unit::Volume(1000.0)),
    ("litre", Unit::Volume(1000.0)),
    ("litres", Unit::Volume(1000.0)),
    ("tsp", Unit::Volume(TSP_ML)),
    ("tsps", Unit::Volume(TSP_ML)),
    ("teaspoon", Unit::Volume(TSP_ML)),
    ("teaspoons", Unit::Volume(TSP_ML)),
    ("tbsp", Unit::Volume(TBSP_ML)),
    ("tbsps", Unit::Volume(TBSP_ML)),
    ("tbs", Unit::Volume(TBSP_ML)),
    ("tbl", Unit::Volume(TBSP_ML)),
    ("tablespoon", Unit::Volume(TBSP_ML)),
    ("tablespoons", Unit::Volume(TBSP_ML)),
    ("cup", Unit::Volume(CUP_ML)),
    ("cups", Unit::Volume(CUP_ML)),
    ("c", Unit::Volume(CUP_ML)),
    ("fl oz", Unit::Volume(FL_OZ_ML)),
    ("fluid ounce", Unit::Volume(FL_OZ_ML)),
    ("fluid ounces", Unit::Volume(FL_OZ_ML)),
    ("pint", Unit::Volume(2.0 * CUP_ML)),
    ("pints", Unit::Volume(2.0 * CUP_ML)),
    ("pt", Unit::Volume(2.0 * CUP_ML)),
    ("quart", Unit::Volume(4.0 * CUP_ML)),
    ("quarts", Unit::Volume(4.0 * CUP_ML)),
    ("qt", Unit::Volume(4.0 * CUP_ML)),
    ("gallon", Unit::Volume(16.0 * CUP_ML)),
    ("gallons", Unit::Volume(16.0 * CUP_ML)),
    // A stick of butter is half a US cup.
    ("stick", Unit::Volume(CUP_ML / 2.0)),
    ("sticks", Unit::Volume(CUP_ML / 2.0)),
    // Kitchen conventions: a pinch is 1/16 tsp, a dash 1/8 tsp.
    ("pinch", Unit::Volume(TSP_ML / 16.0)),
    ("pinches", Unit::Volume(TSP_ML / 16.0)),
    ("dash", Unit::Volume(TSP_ML / 8.0)),
    // A splash ("un chorrito") is a cook's estimate, about a teaspoon
    // (5 ml est.; no standard measure defines it).
    ("splash", Unit::Volume(5.0)),
    // A squeeze (of lemon or lime juice), likewise a cook's teaspoon
    // (branch ingr18, est.).
    ("squeeze", Unit::Volume(5.0)),
    ("squeezes", Unit::Volume(5.0)),
    ("splashes", Unit::Volume(5.0)),
    ("dashes", Unit::Volume(TSP_ML / 8.0)),
    ("clove", Unit::Piece("clove")),
    ("cloves", Unit::Piece("clove")),
    ("slice", Unit::Piece("slice")),
    ("loaf", Unit::Piece("loaf")),
    ("loaves", Unit::Piece("loaf")),
    ("slices", Unit::Piece("slice")),
    ("stalk", Unit::Piece("stalk")),
    ("stalks", Unit::Piece("stalk")),
    ("rib", Unit::Piece("stalk")),
    ("ribs", Unit::Piece("stalk")),
    ("sprig", Unit::Piece("sprig")),
    ("sprigs", Unit::Piece("sprig")),
    ("leaf", Unit::Piece("leaf")),
    ("leaves", Unit::Piece("leaf")),
    ("head", Unit::Piece("head")),
    ("heads", Unit::Piece("head")),
    ("bunch", Unit::Piece("bunch")),
    ("bunches", Unit::Piece("bunch")),
    ("fillet", Unit::Piece("fillet")),
    ("fillets", Unit::Piece("fillet")),
    ("piece", Unit::Piece("piece")),
    ("pieces", Unit::Piece("piece")),
    ("ear", Unit::Piece("ear")),
    ("ears", Unit::Piece("ear")),
    ("strip", Unit::Piece("strip")),
    ("strips", Unit::Piece("strip")),
    ("can", Unit::Piece("can")),
    ("cans", Unit::Piece("can")),
    ("tin", Unit::Piece("can")),
    ("tins", Unit::Piece("can")),
    ("jar", Unit::Piece("jar")),
    ("jars", Unit::Piece("jar")),
    // Added on branch ingr18: a bottle is weighed as a jar, by the size
    // the line gives ("1 (750 ml) bottle red wine"); a pack or pouch as a
    // package; a sheet (of filo, nori) by SR28's sheet where it has one.
    ("bottle", Unit::Piece("jar")),
    ("bottles", Unit::Piece("jar")),
    ("pack", Unit::Piece("package")),
    ("packs", Unit::Piece("package")),
    ("sheet", Unit::Piece("sheet")),
    ("bowl", Unit::Piece("bowl")),
    ("rack", Unit::Piece("rack")),
    ("racks", Unit::Piece("rack")),
    ("bowls", Unit::Piece("bowl")),
    ("sheets", Unit::Piece("sheet")),
    ("pouch", Unit::Piece("package")),
    ("pouches", Unit::Piece("package")),
    ("package", Unit::Piece("package")),
    ("packages", Unit::Piece("package")),
    ("pkg", Unit::Piece("package")),
    ("packet", Unit::Piece("package")),
    ("packets", Unit::Piece("package")),
    ("bag", Unit::Piece("package")),
    ("bags", Unit::Piece("package")),
    ("box", Unit::Piece("package")),
    ("boxes", Unit::Piece("package")),
    ("carton", Unit::Piece("container")),
    ("cartons", Unit::Piece("container")),
    ("container", Unit::Piece("container")),
    ("containers", Unit::Piece("container")),
    ("tub", Unit::Piece("container")),
    ("tubs", Unit::Piece("container")),
    ("sleeve", Unit::Piece("sleeve")),
    ("sleeves", Unit::Piece("sleeve")),
    ("block", Unit::Piece("block")),
    ("blocks", Unit::Piece("block")),
    ("handful", Unit::Piece("handful")),
    ("handfuls", Unit::Piece("handful")),
    // British and packet words: a rasher is a slice of bacon, a sachet or
    // envelope a packet of yeast or gelatine, a knob of butter a lump.
    ("rasher", Unit::Piece("slice")),
    ("rashers", Unit::Piece("slice")),
    ("sachet", Unit::Piece("sachet")),
    ("sachets", Unit::Piece("sachet")),
    ("envelope", Unit::Piece("envelope")),
    ("envelopes", Unit::Piece("envelope")),
    ("knob", Unit::Piece("knob")),
    ("knobs", Unit::Piece("knob")),
    // "a thumb of ginger": a piece about two inches long.
    ("thumb", Unit::Piece("thumb")),
    ("thumbs", Unit::Piece("thumb")),
    // "2 scoops ice cream": weighed by the food's scoop, where it has one.
    ("scoop", Unit::Piece("scoop")),
    ("scoops", Unit::Piece("scoop")),
];

/// The unit a word (or two, "fl oz") names, lower case, a trailing dot
/// ignored ("lb.", "c.").
pub fn unit_of(word: &str) -> Option<Unit> {
    let w = word.trim_end_matches('.');
    // "T" alone is a tablespoon, "t" a teaspoon: the one case where the
    // case matters.
    match w {
        "T" | "Tbsp" | "TBSP" | "Tb" => return Some(Unit::Volume(TBSP_ML)),
        "t" => return Some(Unit::Volume(TSP_ML)),
        _ => {}
    }
    let lower = w.to_lowercase();
    UNITS
        .iter()
        .find(|(name, _)| *name == lower)
        .map(|&(_, u)| u)
}

/// Whether a piece unit is a package whose size a line may give in
/// parentheses ("1 (400 g) can").
pub fn is_package(word: &str) -> bool {
    matches!(
        word,
        "can" | "jar" | "package" | "container" | "block" | "sachet" | "envelope"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_and_abbreviations_name_their_units() {
        assert_eq!(unit_of("Tablespoons"), Some(Unit::Volume(TBSP_ML)));
        assert_eq!(unit_of("T"), Some(Unit::Volume(TBSP_ML)));
        assert_eq!(unit_of("t"), Some(Unit::Volume(TSP_ML)));
        assert_eq!(unit_of("lb."), Some(Unit::Mass(LB_G)));
        assert_eq!(unit_of("fl oz"), Some(Unit::Volume(FL_OZ_ML)));
        assert_eq!(unit_of("ribs"), Some(Unit::Piece("stalk")));
        assert_eq!(unit_of("onion"), None);
    }
}
