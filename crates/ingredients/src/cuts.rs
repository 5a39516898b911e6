//! A beef cut as a cook buys it. SR28 weighs most raw beef cuts several
//! ways: lean only ("BEEF,TOP SIRLOIN,STEAK,LN,1/8\" FAT,SEL,RAW", 127
//! kcal per 100 g) or lean and fat ("...,LN & FAT,...", 201 kcal), and by
//! grade (all grades, choice, select, prime). A steak bought and cooked
//! keeps its fat, so a line that says nothing of trimming is the "lean and
//! fat" row, and of no stated grade the "all grades" row (else choice, the
//! grade most sold); "lean" or "trimmed" in the line picks the lean-only
//! row, and a stated grade its own.
//!
//! Fresh pork is read the same way (added after held-out 12): SR28 weighs
//! its cuts lean only or lean and fat ("PORK,FRSH,LOIN,TENDERLOIN,LN&FAT,
//! RAW"), without grades, and a pork tenderloin of no stated trim is its
//! lean-and-fat row as bought; only "lean" picks the lean-only row, as a
//! cook's trimming leaves the marbled fat. Cured pork (ham) is left as
//! placed.

use crate::foods::{Food, FoodTable};

/// How much of the fat SR28's row counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Trim {
    /// Separable lean only ("LN").
    Lean,
    /// Lean and fat as sold ("LN & FAT").
    LeanAndFat,
}

/// USDA grades as SR28 spells them, in the order a line of no stated
/// grade prefers them.
const GRADES: &[(&str, &[&str])] = &[
    (
        "all",
        &[
            "ALLGRDS", "ALLG", "ALLGR", "ALLGRD", "ALGDS", "ALGRD", "ALGRDS",
        ],
    ),
    (
        "choice",
        &["CHOIC", "CHOICE", "CHC", "CHOC", "CH", "ALLCHOICE"],
    ),
    ("select", &["SEL"]),
    ("prime", &["PRIME"]),
];

/// SR28's spellings of one word in its beef descriptions.
const SPELLINGS: &[(&str, &str)] = &[
    ("STK", "STEAK"),
    ("STEK", "STEAK"),
    ("RST", "ROAST"),
    ("ROST", "ROAST"),
    ("BNLS", "BNLESS"),
    ("BNLES", "BNLESS"),
    ("BNL", "BNLESS"),
    ("BNE-IN", "BONE-IN"),
    ("BN-IN", "BONE-IN"),
    ("LP-ON", "LIP-ON"),
    ("IP-ON", "LIP-ON"),
    ("OF", "OFF"),
    ("CHK", "CHUCK"),
    ("CNTRY-STYLE", "COUNTRY-STYLE"),
    ("INSDE", "INSIDE"),
    ("OUTSDE", "OUTSIDE"),
    ("SKRT", "SKIRT"),
];

/// A raw beef row taken apart: the cut (every other field, spelt one
/// way), its trim and its grade.
#[derive(Debug, PartialEq)]
struct Row {
    cut: Vec<String>,
    trim: Option<Trim>,
    grade: Option<usize>,
}

/// The fields of an SR28 description: split at its commas, or, for the
/// few rows SR28 spells with runs of spaces instead ("PORK  FRSH  LOIN
/// TENDERLOIN   LN ONLY  RAW"), at those runs.
fn fields(description: &str) -> Vec<&str> {
    if description.contains(',') {
        description.split(',').map(str::trim).collect()
    } else {
        description
            .split("  ")
            .map(str::trim)
            .filter(|f| !f.is_empty())
            .collect()
    }
}

fn row(description: &str) -> Option<Row> {
    let fields = fields(description);
    let (last, rest) = fields.split_last()?;
    let meat = matches!(
        fields.as_slice(),
        ["BEEF", ..] | ["PORK", "FRSH", ..] | ["LAMB", ..] | ["VEAL", ..]
    );
    if !meat || !matches!(*last, "RAW" | "RW") {
        return None;
    }
    let mut out = Row {
        cut: Vec::new(),
        trim: None,
        grade: None,
    };
    for field in rest {
        let squeezed: String = field.chars().filter(|c| !c.is_whitespace()).collect();
        match squeezed.as_str() {
            "LN" | "LNONLY" => out.trim = Some(Trim::Lean),
            "LN&FAT" | "LN&FT" => out.trim = Some(Trim::LeanAndFat),
            s if let Some(g) = GRADES.iter().position(|(_, s2)| s2.contains(&s)) => {
                out.grade = Some(g);
            }
            // The fat left on the cut: 1/8" either way, kept as its figure.
            s if let Some((inch, _)) = s.split_once('"') => out.cut.push(format!("{inch}\"")),
            _ => out.cut.push(
                field
                    .split([' ', '/'])
                    .filter(|w| !w.is_empty())
                    .map(|w| {
                        SPELLINGS
                            .iter()
                            .find(|(a, _)| *a == w)
                            .map_or(w, |(_, b)| b)
                    })
                    .collect::<Vec<_>>()
                    .join(" "),
            ),
        }
    }
    out.trim.is_some().then_some(out)
}

/// The fat figure of a cut's fields ("1/8\""), if any.
fn figure(cut: &[String]) -> Option<&str> {
    cut.iter().map(String::as_str).find(|f| f.ends_with('"'))
}

/// Two cuts are one when their fields agree but for the fat figure.
fn same_cut(a: &[String], b: &[String]) -> bool {
    let bare =
        |c: &[String]| -> Vec<String> { c.iter().filter(|f| !f.ends_with('"')).cloned().collect() };
    bare(a) == bare(b)
}

/// What the line says of trim and grade: "lean", "trimmed" (and so "fat
/// trimmed", "extra-lean") pick the lean-only row of any cut, beef, pork
/// or lamb (the keying rule K1 of branch ingr18, `bench-data/README.md`).
fn wanted(text: &str) -> (Trim, Option<usize>) {
    let lower = text.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let said = |w: &str| words.contains(&w);
    let trim = if said("lean") || said("trimmed") {
        Trim::Lean
    } else {
        Trim::LeanAndFat
    };
    let grade = GRADES
        .iter()
        .position(|(name, _)| *name != "all" && said(name));
    (trim, grade)
}

/// The SR28 beef row of the cut `placed` is, as the line `text` buys it:
/// its trim and grade, or the cut's lean-and-fat, all-grades row when the
/// line says neither. `None` when `placed` is not a raw beef row SR28
/// weighs by trim, or it is already the row wanted.
pub(crate) fn as_bought(placed: &Food, text: &str) -> Option<&'static Food> {
    let placed_row = row(&placed.description)?;
    let (trim, grade) = wanted(text);
    let foods = FoodTable::sr28().foods();
    let siblings: Vec<(&Food, Row)> = foods
        .iter()
        .filter_map(|f| row(&f.description).map(|r| (f, r)))
        .filter(|(_, r)| same_cut(&r.cut, &placed_row.cut))
        .collect();
    let figure_of_placed = figure(&placed_row.cut);
    // The trim asked when SR28 has it, else the placed row's own.
    let trim = if siblings.iter().any(|(_, r)| r.trim == Some(trim)) {
        trim
    } else {
        placed_row.trim?
    };
    // Of the fat left on the cut, a 1/8" or 0" trim before SR28's older
    // 1/4" rows (lamb's), then the placed row's own.
    let rank = |r: &Row| {
        let g = r.grade.unwrap_or(GRADES.len());
        let figure = figure(&r.cut);
        (
            grade.is_some_and(|w| w != g),
            figure == Some("1/4\""),
            figure != figure_of_placed,
            g,
        )
    };
    let best = siblings
        .iter()
        .filter(|(_, r)| r.trim == Some(trim))
        .min_by_key(|(_, r)| rank(r))
        .map(|(f, _)| *f)?;
    (best.ndb != placed.ndb).then_some(best)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bought(ndb: u32, text: &str) -> u32 {
        let table = FoodTable::sr28();
        as_bought(table.get(ndb).unwrap(), text).map_or(ndb, |f| f.ndb)
    }

    #[test]
    fn a_cut_of_no_stated_trim_is_lean_and_fat_of_all_grades() {
        // Top sirloin, select lean only, becomes lean and fat, all grades.
        assert_eq!(bought(23584, "1 lb top sirloin steak"), 13929);
        // SR28 spells the rib eye's rows several ways.
        assert_eq!(bought(23153, "2 ribeye steaks"), 23201);
        // Flank steak is already lean and fat, all grades.
        assert_eq!(bought(13970, "1 lb flank steak"), 13970);
    }

    #[test]
    fn lean_trimmed_or_a_grade_said_picks_that_row() {
        assert_eq!(bought(13929, "1 lb lean sirloin steak"), 23611);
        let lean = bought(13929, "1 lb sirloin steak, trimmed of fat");
        let row = row(&FoodTable::sr28().get(lean).unwrap().description).unwrap();
        assert_eq!(row.trim, Some(Trim::Lean));
        assert_eq!(bought(13929, "1 lb choice sirloin steak"), 13931);
        // Not beef, or not weighed by trim: as placed.
        assert_eq!(bought(23572, "1 lb ground beef"), 23572);
        assert_eq!(bought(5062, "1 lb chicken breast"), 5062);
    }

    #[test]
    fn a_fresh_pork_cut_is_lean_and_fat_unless_lean_or_trimmed() {
        // SR28 spells the lean-only tenderloin with spaces, not commas.
        assert_eq!(bought(10060, "1 pork tenderloin (about 1 lb)"), 10218);
        assert_eq!(bought(10218, "2 lean pork tenderloins"), 10060);
        // K1: "trimmed" is lean only, pork as beef.
        assert_eq!(bought(10070, "3 lb pork shoulder, trimmed"), 10072);
        assert_eq!(bought(10070, "3 lb pork shoulder, cubed"), 10070);
        // A cut already lean and fat, and a cured ham, stay.
        assert_eq!(bought(10224, "2 lb boneless pork loin roast"), 10224);
        assert_eq!(bought(10141, "4 oz serrano ham"), 10141);
    }

    #[test]
    fn lamb_is_read_by_trim_and_an_eighth_inch_before_a_quarter() {
        // Lamb shoulder, lean only 1/4": lean and fat, 1/8" trim.
        assert_eq!(bought(17039, "1 kg lamb shoulder, cubed"), 17242);
        assert_eq!(bought(17035, "1 kg lamb shoulder, cubed"), 17242);
        // Trimmed: SR28's lean-only shoulder (it weighs that at 1/4").
        assert_eq!(bought(17035, "1 kg lamb shoulder, trimmed"), 17039);
        // Beef keeps its placed 0" or 1/8" figure where SR28 has both.
        assert_eq!(bought(13970, "1 lb flank steak"), 13970);
    }
}
