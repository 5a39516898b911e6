//! Meat weighed on the bone: "3 lbs chicken wings", "2 racks of ribs (4
//! lb)", "a 6 lb bone-in leg of lamb". SR28 gives nutrients per 100 g of
//! the edible part and, for each food, the share of it as bought that is
//! refuse (bone, and for some rows skin or fat trimmed off:
//! `data/refuse.tsv`, derived from ABBREV.txt). A mass of meat that comes
//! on the bone is counted by its edible part; a boneless cut, and a cut
//! of no stated bone that is usually sold boneless (breasts, thighs,
//! chops, steaks), is counted as weighed. Shellfish bought in the shell
//! ("4 lbs mussels", "1 lb shell-on shrimp") count their meat likewise.
//! Where SR28 gives no refuse, or one that cannot be right,
//! `data/kitchen_refuse.tsv` gives one with its source; a food with
//! neither is asked about.

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::foods::{Food, FoodTable};
use crate::parse::ParsedLine;

const REFUSE_TSV: &str = include_str!("../data/refuse.tsv");
const KITCHEN_REFUSE_TSV: &str = include_str!("../data/kitchen_refuse.tsv");

/// Words that say the meat is weighed with its bone.
const ON_THE_BONE: &[&str] = &["bone-in", "bone in", "on the bone", "with bone", "bone on"];

/// Cuts that come on the bone unless the line says otherwise.
const BONE_CUTS: &[&str] = &[
    "wing",
    "drumstick",
    "drumette",
    "rib",
    "spareribs",
    "spare ribs",
    "shank",
    "oxtail",
    "leg quarter",
    "whole chicken",
    "whole turkey",
    "whole duck",
    "t-bone",
    "porterhouse",
    "neck",
];

/// Words that say a ham is bought whole, as a half or a portion of one, on
/// its bone (a spiral-cut ham is sliced around the bone): SR28's cured
/// whole ham, counted by its refuse, not the deli ham of a bare "ham".
const WHOLE_HAM: &[&str] = &[
    "whole ham",
    "spiral",
    "half ham",
    "ham half",
    "shank half",
    "butt half",
    "shank portion",
    "butt portion",
    "ham shank",
    "ham butt",
];

/// SR28's cured whole ham, lean and fat (refuse 18%), and its boneless ham.
const WHOLE_HAM_ROW: u32 = 10150;
const BONELESS_HAM_ROW: u32 = 10182;

/// Meats whose chops come on the bone ("lamb loin chops"); a pork chop
/// of no stated bone is counted as the boneless chop cooks mostly buy.
const CHOPS_ON_THE_BONE: &[&str] = &["lamb", "veal", "mutton"];

/// Shellfish a cook buys live in the shell unless the line says
/// otherwise.
const IN_THE_SHELL: &[&str] = &[
    "mussel",
    "clam",
    "oyster",
    "cockle",
    "lobster",
    "crab leg",
    "crab claw",
    "whole crab",
];

/// Words that say the shellfish is weighed in its shell.
const SHELL_ON: &[&str] = &[
    "in shell",
    "in the shell",
    "in their shell",
    "in shells",
    "shell-on",
    "shell on",
    "shells on",
    "unpeeled",
    "unshelled",
    "head-on",
    "heads on",
];

/// Words that say it is not: the meat alone.
const SHELLED: &[&str] = &[
    "shucked", "shelled", "peeled", "meat", "canned", "tinned", "chopped", "minced", "juice",
];

/// The starts of SR28's descriptions of shellfish.
const SHELLFISH: &[&str] = &[
    "MUSSEL",
    "CLAM,",
    "OYSTER,",
    "LOBSTER",
    "SPINY LOBSTER",
    "CRAB,",
    "SHRIMP",
    "CRUSTACEANS,SHRIMP",
    "CRAYFISH",
    "WHELK",
    "CONCH",
];

/// The refuse of food `ndb` as a share of it as bought (0.38 for raw
/// wings): the kitchen's figure where it gives one, else SR28's, for a
/// meat, poultry or fish food.
pub fn refuse_share(ndb: u32) -> Option<f64> {
    static TABLE: OnceLock<HashMap<u32, f64>> = OnceLock::new();
    TABLE
        .get_or_init(|| {
            // Later rows win: the kitchen's after SR28's.
            [REFUSE_TSV, KITCHEN_REFUSE_TSV]
                .iter()
                .flat_map(|text| text.lines())
                .filter(|l| !l.starts_with('#') && !l.starts_with("ndb\t"))
                .filter_map(|l| {
                    let mut fields = l.split('\t');
                    let ndb = fields.next()?.parse().ok()?;
                    let pct = fields.next()?.trim().parse::<f64>().ok()?;
                    Some((ndb, pct / 100.0))
                })
                .collect()
        })
        .get(&ndb)
        .copied()
}

/// Whether `text` holds `w` as a word of its own (a plural "s" after it
/// is allowed).
fn has_word(text: &str, w: &str) -> bool {
    text.match_indices(w).any(|(at, _)| {
        let before = text[..at]
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_alphanumeric());
        let after = text[at + w.len()..]
            .chars()
            .next()
            .is_none_or(|c| !(c.is_alphanumeric() || c == '-') || c == 's');
        before && after
    })
}

/// Whether `line` weighs its meat with the bone: it says so, or it names
/// a cut that comes on the bone; never when it says boneless.
pub fn on_the_bone(line: &ParsedLine) -> bool {
    // The whole line: "ribs" may have been read as a unit ("2 ribs celery").
    let text = format!(" {} ", line.text).to_lowercase();
    if text.contains("boneless")
        || text.contains("deboned")
        || text.contains("off the bone")
        || text.contains("sin hueso")
        || text.contains("deshuesad")
    {
        return false;
    }
    let word = |w: &str| has_word(&text, w);
    ON_THE_BONE.iter().any(|w| text.contains(w))
        || BONE_CUTS.iter().any(|w| word(w))
        || (word("ham") && WHOLE_HAM.iter().any(|w| text.contains(w)))
        || (word("chop") && CHOPS_ON_THE_BONE.iter().any(|w| word(w)))
        || word("chicken leg")
        || crate::parts::cut_up_bird(&text)
        || thigh_skinned_by_the_cook(&text)
}

/// Words of a comment saying the cook took the skin off ("2 lb chicken
/// thighs, skin removed", "muslos de pollo, sin piel"): the part still has
/// its bone unless the line says boneless (rule K12; after held-out 26).
/// "Skinless" before the name is a product, sold either way, and is not
/// read so.
const SKIN_TAKEN_OFF: &[&str] = &[
    "skin removed",
    "skinned",
    "skin off",
    "sin piel",
    "sin la piel",
    "sin pellejo",
    "quitada la piel",
    "quitarle la piel",
];

/// Whether a thigh (sold with and without its bone) is said skinned by
/// the cook, so weighed on its bone.
fn thigh_skinned_by_the_cook(text: &str) -> bool {
    (has_word(text, "thigh") || has_word(text, "muslo") || has_word(text, "contramuslo"))
        && SKIN_TAKEN_OFF.iter().any(|w| text.contains(w))
}

/// Whether food `food` is a shellfish as SR28 weighs it fresh (not
/// canned, breaded or imitation).
fn is_shellfish(food: &Food) -> bool {
    let d = food.description.as_str();
    SHELLFISH.iter().any(|s| d.starts_with(s))
        && !["CND", "CANNED", "IMITN", "BREADED", "LIQ"]
            .iter()
            .any(|w| d.contains(w))
}

/// The food's words without the words that say it is in its shell
/// ("prawns in their shells" are prawns).
pub fn without_shell_words(name: &str) -> String {
    let mut out = format!(" {name} ");
    for w in SHELL_ON {
        out = out
            .replace(&format!(" {w} "), " ")
            .replace(&format!(" {w}s "), " ");
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Whether `line` weighs shellfish `food` in its shell: it says so, or
/// names a shellfish bought live in the shell ("mussels", "clams"), and
/// never when it says the meat alone ("shucked", "lobster meat").
pub fn in_the_shell(line: &ParsedLine, food: &Food) -> bool {
    if !is_shellfish(food) {
        return false;
    }
    let text = format!(" {} ", line.text).to_lowercase();
    let said = SHELL_ON.iter().chain(WITH_HEADS).any(|w| text.contains(w));
    if !said && SHELLED.iter().any(|w| has_word(&text, w)) {
        return false;
    }
    said || IN_THE_SHELL.iter().any(|w| has_word(&text, w))
}

/// Whether the line weighs `food` with its bone or shell, so that its
/// edible part is less than its weight.
pub fn with_refuse(line: &ParsedLine, food: &Food) -> bool {
    (on_the_bone(line) && is_meat(food.ndb)) || in_the_shell(line, food) || whole_fish(line, food)
}

/// The refuse of a whole fish as bought (head, bones, fins, skin, guts
/// left after cleaning), where SR28 gives none: its fish rows are the
/// edible flesh with a refuse of 0. Est. (added after held-out 13): a
/// whole round fish yields about half its weight as flesh; FAO's yield
/// tables (Fisheries Technical Paper 309) give skin-on fillets of 40-55 %
/// of the whole weight for the common round fish (sea bass, bream,
/// trout, snapper, mackerel), and a cook's scraps from the fillet line
/// raise that a little.
const WHOLE_FISH_REFUSE: f64 = 0.5;

/// Whether the line weighs a whole fish (not a shellfish, not canned):
/// "1 whole sea bass (about 1.5 lb), cleaned and scaled".
pub fn whole_fish(line: &ParsedLine, food: &Food) -> bool {
    let d = food.description.as_str();
    let text = format!(" {} ", line.text).to_lowercase();
    food.ndb / 1000 == 15
        && !is_shellfish(food)
        && ![
            "CND", "CANNED", "SMOKED", "DRIED", "SALTED", "PICKLED", "BREADED",
        ]
        .iter()
        .any(|w| d.contains(w))
        && has_word(&text, "whole")
        && !text.contains("fillet")
}

/// The row of the same cut on the bone, for a line that says "bone-in"
/// of a cut the lexicon knows boneless ("bone-in pork chops": SR28's
/// bone-in centre loin chop, whose refuse and chop weight are its own).
pub fn bone_in_row(food: &Food) -> Option<&'static Food> {
    let wanted = food.description.replace("BNLESS", "BONE-IN");
    if wanted == food.description {
        return None;
    }
    FoodTable::sr28()
        .foods()
        .iter()
        .find(|f| f.description == wanted)
}

/// The row of a ham bought whole ("an 8 lb bone-in spiral-cut ham") for
/// a deli ham row ("HAM,SLICED,..."), which is what a bare "ham" is, or
/// the whole ham the lexicon names: SR28's cured whole ham on the bone, or
/// its boneless ham where the line says boneless. `None` for any other
/// food, or a ham not bought whole.
pub fn whole_ham_row(food: &Food, line: &ParsedLine) -> Option<&'static Food> {
    if !food.description.starts_with("HAM,") && food.ndb != WHOLE_HAM_ROW {
        return None;
    }
    let text = format!(" {} ", line.text).to_lowercase();
    if !has_word(&text, "ham") {
        return None;
    }
    let boneless = text.contains("boneless");
    let whole = WHOLE_HAM.iter().any(|w| text.contains(w))
        || (!boneless && on_the_bone(line))
        || (boneless && has_word(&text, "whole"));
    let row = if boneless {
        BONELESS_HAM_ROW
    } else {
        WHOLE_HAM_ROW
    };
    whole.then(|| FoodTable::sr28().get(row).expect("SR28 has cured hams"))
}

/// Whether a piece measure weighs the piece as bought, with its bone
/// ("1 shank, with bone"), rather than its edible part ("1 chop, without
/// refuse").
pub fn weighs_the_bone(measure: &str) -> bool {
    let m = measure.to_lowercase();
    m.contains("with bone") && !m.contains("without") && !m.contains("excluding")
}

/// Whether food `ndb` is meat, poultry or fish (SR28 groups 05, 10, 13,
/// 15, 17), whose weight on the bone is not its edible weight.
pub fn is_meat(ndb: u32) -> bool {
    matches!(ndb / 1000, 5 | 10 | 13 | 15 | 17)
}

/// Words that say the shellfish keeps more than SR28's refuse counts:
/// its head ("head-on prawns").
const WITH_HEADS: &[&str] = &["head-on", "heads on", "whole prawn", "whole shrimp"];

/// The edible share of a mass of `line` placed on `food`: 1 less its
/// refuse when the meat is weighed on the bone or in the shell, else
/// `None` (also when that refuse is not known).
pub fn edible_share(line: &ParsedLine, food: &Food) -> Option<f64> {
    if !with_refuse(line, food) {
        return None;
    }
    let text = line.text.to_lowercase();
    if WITH_HEADS.iter().any(|w| text.contains(w)) {
        return None;
    }
    let refuse = refuse_share(food.ndb)
        .filter(|r| *r > 0.0 && *r < 1.0)
        .or_else(|| whole_fish(line, food).then_some(WHOLE_FISH_REFUSE))?;
    Some(match skin_share(food, &text, refuse) {
        // Weighed skinned: the skin SR28 counts as refuse is not there.
        Some(skin) => (1.0 - refuse) / (1.0 - skin),
        None => 1.0 - refuse,
    })
}

/// Words saying canned fish comes, or is taken, off its skin and bones
/// ("skin and bones removed", "boneless, skinless").
const OFF_SKIN_AND_BONES: &[&str] = &[
    "skin and bones removed",
    "skin and bones discarded",
    "bones and skin removed",
    "bones removed",
    "boneless",
    "skinless",
    "deboned",
];

/// SR28's twin of a canned fish's drained solids without skin and bones
/// (pink salmon 15260 -> 15265), for a line that says they are off (after
/// held-out 30: "1 (14.75 oz) can pink salmon, drained, skin and bones
/// removed" was the row with them).
pub fn canned_without_skin_and_bones(line: &ParsedLine, food: &Food) -> Option<&'static Food> {
    if !food.description.contains("CND") || food.description.contains("SKN & BONES") {
        return None;
    }
    let text = line.text.to_lowercase();
    if !OFF_SKIN_AND_BONES.iter().any(|w| text.contains(w)) {
        return None;
    }
    let twin = format!("{},WO/ SKN & BONES", food.description);
    FoodTable::sr28()
        .foods()
        .iter()
        .find(|f| f.description == twin)
}

/// Words saying the skin was taken off before weighing.
const SKINNED: &[&str] = &["skinned", "skinless", "skin removed", "skin off"];

/// The skin's share of the food as bought with it, for a "meat only" row
/// weighed skinned ("1 kg bone-in chicken, skinned"): SR28 counts skin
/// and bone as the meat-only row's refuse (52% of a broiler), bone alone
/// as its meat-and-skin row's (32%); the skin is the difference. A whole
/// bird ("1 whole chicken (about 3 lb), skinned") is sold and weighed with
/// its skin: none of its refuse is taken off before.
fn skin_share(food: &Food, text: &str, refuse: f64) -> Option<f64> {
    if !food.description.contains("MEAT ONLY")
        || !SKINNED.iter().any(|w| text.contains(w))
        || has_word(text, "whole")
    {
        return None;
    }
    let table = FoodTable::sr28();
    let with_skin = ["MEAT & SKN", "MEAT&SKN"].iter().find_map(|s| {
        let wanted = food.description.replace("MEAT ONLY", s);
        table.foods().iter().find(|f| f.description == wanted)
    })?;
    let bone = refuse_share(with_skin.ndb)?;
    (bone < refuse).then_some(refuse - bone)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse_line;

    fn share(line: &str, ndb: u32) -> Option<f64> {
        edible_share(
            &parse_line(line).unwrap(),
            FoodTable::sr28().get(ndb).unwrap(),
        )
    }

    #[test]
    fn a_skinned_bird_on_the_bone_loses_only_its_bone() {
        // 52% bone and skin of a broiler, 32% bone: skinned, 0.48 / 0.80.
        let skinned = share("1 kg bone-in chicken, skinned and cut up", 5011).unwrap();
        assert!((skinned - 0.6).abs() < 1e-9, "{skinned}");
        // A whole bird is weighed as sold, with its skin: 52% refuse.
        let whole = share("1 whole chicken (about 3 lb), skinned and jointed", 5011).unwrap();
        assert!((whole - 0.48).abs() < 1e-9, "{whole}");
        let whole = share("1 kg bone-in chicken, cut up", 5011).unwrap();
        assert!((whole - 0.48).abs() < 1e-9, "{whole}");
    }

    #[test]
    fn a_thigh_the_cook_skins_is_weighed_on_its_bone() {
        // SR28's thigh keeps its 25% bone (K12: no meat-and-skin refuse).
        for line in [
            "2 lb chicken thighs, skin removed",
            "1 kg de muslos de pollo, sin piel",
        ] {
            let edible = share(line, 5096).unwrap();
            assert!((edible - 0.75).abs() < 1e-9, "{line}: {edible}");
        }
        // Boneless, or a product sold skinless, as weighed.
        assert_eq!(
            share("1 kg de muslos de pollo, sin piel y sin hueso", 5096),
            None
        );
        assert_eq!(
            share("2 lb boneless chicken thighs, skin removed", 5096),
            None
        );
        assert_eq!(share("2 lb skinless chicken thighs", 5096), None);
    }

    #[test]
    fn canned_fish_said_off_its_skin_and_bones_is_that_row() {
        let line =
            parse_line("1 (14.75 oz) can pink salmon, drained, skin and bones removed").unwrap();
        let pink = FoodTable::sr28().get(15260).unwrap();
        assert_eq!(
            canned_without_skin_and_bones(&line, pink).map(|f| f.ndb),
            Some(15265)
        );
        let plain = parse_line("1 (14.75 oz) can pink salmon, drained").unwrap();
        assert!(canned_without_skin_and_bones(&plain, pink).is_none());
    }

    #[test]
    fn refuse_is_read_from_sr28() {
        assert_eq!(refuse_share(5100), Some(0.38));
        assert_eq!(refuse_share(17230), Some(0.22));
        // Ground beef has none.
        assert_eq!(refuse_share(23572), None);
    }

    #[test]
    fn meat_on_the_bone_counts_its_edible_part() {
        let wings = share("3 lbs chicken wings, split at the joint", 5100).unwrap();
        assert!((wings - 0.62).abs() < 1e-9);
        assert_eq!(share("2 lb bone-in pork shoulder", 10084), Some(1.0 - 0.32));
        let line = parse_line("3 lb beef short ribs").unwrap();
        assert!(on_the_bone(&line), "{line:?}");
        assert_eq!(share("3 lb beef short ribs", 13147), Some(1.0 - 0.27));
        assert_eq!(
            share("4 beef short ribs (about 3 lb)", 13147),
            Some(1.0 - 0.27)
        );
    }

    #[test]
    fn a_food_without_refuse_has_none() {
        // SR28 gives raw thighs with skin (05091) no refuse: the kitchen's
        // estimate (20 % bone, data/kitchen_refuse.tsv) stands in.
        assert_eq!(refuse_share(5091), Some(0.2));
        // A boneless breast has none.
        assert_eq!(refuse_share(5062), None);
        assert!(on_the_bone(
            &parse_line("8 bone-in, skin-on chicken thighs (about 2 lbs)").unwrap()
        ));
    }

    #[test]
    fn boneless_and_usually_boneless_cuts_count_as_weighed() {
        assert_eq!(share("2 lb boneless chicken wings", 5100), None);
        assert_eq!(share("1 ½ lb chicken breasts", 5062), None);
        assert_eq!(share("2 lb ribeye steak", 23201), None);
        // "ribeye" is not a rib on the bone; "ribbon" neither.
        assert!(!on_the_bone(&parse_line("1 lb ribeye").unwrap()));
        assert!(!on_the_bone(&parse_line("1 lb rib-eye steak").unwrap()));
        assert!(!on_the_bone(&parse_line("1 cup ribbon pasta").unwrap()));
    }

    #[test]
    fn the_kitchens_refuse_stands_where_sr28s_cannot_be_right() {
        // SR28's 66% for a drumstick with skin, against 42% without it.
        assert_eq!(refuse_share(5066), Some(0.31));
        assert_eq!(share("3 lb chicken drumsticks", 5066), Some(1.0 - 0.31));
    }

    #[test]
    fn shellfish_in_the_shell_counts_its_meat() {
        let mussels = share("4 lbs mussels, scrubbed and debearded", 15164).unwrap();
        assert!((mussels - 0.30).abs() < 1e-9);
        let prawns = share("500 g raw prawns in their shells", 15149).unwrap();
        assert!((prawns - 0.87).abs() < 1e-9);
        // Peeled, or no word of a shell: as weighed.
        assert_eq!(share("1 lb shrimp, peeled and deveined", 15149), None);
        assert_eq!(share("1 lb shrimp", 15149), None);
        // Clams and head-on prawns have no figure: asked about.
        let clams = parse_line("2 lb littleneck clams").unwrap();
        let raw_clams = FoodTable::sr28().get(15157).unwrap();
        assert!(with_refuse(&clams, raw_clams));
        assert_eq!(edible_share(&clams, raw_clams), None);
        assert_eq!(share("1 lb head-on prawns", 15149), None);
        let whole = parse_line("1 kg whole prawns").unwrap();
        let prawn = FoodTable::sr28().get(15149).unwrap();
        assert!(with_refuse(&whole, prawn) && edible_share(&whole, prawn).is_none());
        // The meat, the juice or the can is not in the shell.
        let shucked = parse_line("1 pint shucked oysters").unwrap();
        assert!(!in_the_shell(
            &shucked,
            FoodTable::sr28().get(15167).unwrap()
        ));
        let juice = parse_line("8 oz clam juice").unwrap();
        assert!(!in_the_shell(&juice, FoodTable::sr28().get(15162).unwrap()));
        let canned = parse_line("1 lb canned clams").unwrap();
        assert!(!in_the_shell(
            &canned,
            FoodTable::sr28().get(15160).unwrap()
        ));
    }

    #[test]
    fn lamb_chops_come_on_the_bone_pork_chops_do_not() {
        assert!(on_the_bone(
            &parse_line("8 lamb loin chops (about 2 lbs)").unwrap()
        ));
        assert!(on_the_bone(&parse_line("4 veal chops").unwrap()));
        assert!(!on_the_bone(&parse_line("4 pork chops").unwrap()));
    }

    #[test]
    fn a_whole_ham_is_the_cured_ham_on_its_bone() {
        let deli = FoodTable::sr28().get(7029).unwrap();
        let row = |line: &str| whole_ham_row(deli, &parse_line(line).unwrap()).map(|f| f.ndb);
        assert_eq!(row("1 (10 lb) spiral sliced ham"), Some(10150));
        assert_eq!(row("1 bone-in half ham (6 lb)"), Some(10150));
        assert_eq!(row("1 (4 lb) whole boneless ham"), Some(10182));
        assert_eq!(row("8 oz thinly sliced ham"), None);
        assert_eq!(row("1/2 lb ham, diced"), None);
        assert_eq!(
            share("1 (10 lb) spiral sliced ham", 10150),
            Some(1.0 - 0.18)
        );
        assert_eq!(share("4 lb ham shank", 10150), Some(1.0 - 0.18));
        assert_eq!(share("1 (4 lb) whole boneless ham", 10182), None);
    }

    #[test]
    fn a_bone_in_line_takes_the_cuts_row_on_the_bone() {
        let table = FoodTable::sr28();
        let boneless = table.get(10164).unwrap();
        assert_eq!(bone_in_row(boneless).map(|f| f.ndb), Some(10036));
        assert!(bone_in_row(table.get(10036).unwrap()).is_none());
        assert!(weighs_the_bone("1 shank, with bone"));
        assert!(!weighs_the_bone(
            "1 chop, without refuse (Yield from 1 raw chop, with refuse, weighing 259g)"
        ));
    }
}
