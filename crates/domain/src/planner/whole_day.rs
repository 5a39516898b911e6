//! The whole day beyond the four targets: fibre, sodium, saturated fat
//! and sugars within the limits a dietitian sets, no protein food in more
//! than two meals of a day, no two dishes of one family in a day.
//!
//! Limits (per day, for the person eating it; [`LimitRule`]):
//! - fibre at least 14 g per 1,000 kcal (IOM 2005 adequate intake) and
//!   at most a comfort ceiling of max(50 g, 16 g per 1,000 kcal); on
//!   `high_fiber` max(70 g, 25 g per 1,000 kcal); for someone underweight
//!   (BMI under 18.5) who is gaining, 14 g per 1,000 kcal plus 10 g, since
//!   more fibre fills them before they have eaten enough; for a child
//!   (under 18) the adult comfort ceiling scaled to their energy, 25 g per
//!   1,000 kcal (50 g at the 2,000 kcal reference), never under the
//!   floor plus 10 g ([`FibreCeiling::Child`]);
//! - sodium at most 2,300 mg for adults (NASEM 2019 chronic-disease risk
//!   reduction intake), less for children by age, with no allowance that
//!   grows with calories;
//! - saturated fat under 10% of energy and sugars at most 25% of energy
//!   (Dietary Guidelines 2020-2025, IOM).
//!
//! The planner weighs fat and sugars below the calorie and macro targets.
//! Sodium over its limit and fibre over its ceiling rank with the targets
//! instead ([`Limits::excess`]): a day 5% past either misses as a day 5
//! points beyond a target's tolerance does, it is not "met" whatever its
//! macros, and the planner and its bounds weigh it so.

use crate::food::kitchen::{HouseMeasure, Kitchen, ProteinFood};
use crate::food::recipe::Recipe;
use crate::profile::person::Person;
use crate::profile::targets::{bmi, child};
use crate::profile::{Body, DietType, Goal};

/// The day values the limits are about, in [`Minor::ALL`] order.
pub type MinorValues = [f64; 4];

choice!(
    /// A day value with a limit beside the four targets.
    Minor {
        /// Dietary fibre, g.
        Fibre = "fiber",
        /// Sodium, mg.
        Sodium = "sodium",
        /// Saturated fat, g.
        SaturatedFat = "saturated_fat",
        /// Sugars, g.
        Sugars = "sugar",
    }
);

impl Minor {
    /// The unit its values are in.
    pub fn unit(self) -> &'static str {
        match self {
            Self::Sodium => "mg",
            _ => "g",
        }
    }
}

/// A day's limits, for the calories it brings.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Limits {
    /// Least fibre, g.
    pub fibre_min: f64,
    /// Most fibre, g.
    pub fibre_max: f64,
    /// Most sodium, mg.
    pub sodium_max: f64,
    /// Saturated fat stays under this, g.
    pub saturated_fat_max: f64,
    /// Most sugars, g.
    pub sugars_max: f64,
}

/// Which fibre ceiling a person's day keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum FibreCeiling {
    /// max(50 g, 16 g per 1,000 kcal): the comfort ceiling.
    #[default]
    Usual,
    /// max(70 g, 25 g per 1,000 kcal): a `high_fiber` diet asked for more.
    High,
    /// 14 g per 1,000 kcal plus 10 g: underweight (BMI under 18.5) and
    /// gaining, where a full stomach works against the goal.
    Gaining,
    /// A child's (under 18): max(25 g per 1,000 kcal, 14 g per 1,000 kcal
    /// plus 10 g), the adult comfort ceiling (50 g at the 2,000 kcal
    /// reference) scaled to the child's energy rather than a flat 50 g a
    /// 6-year-old's 1,400 kcal cannot hold. The floor is the IOM 2005
    /// adequate intake (14 g per 1,000 kcal, which applies to children
    /// too); the AAP's "age + 5 g" is a minimum, so 25 g per 1,000 kcal
    /// is a generous ceiling above both, with room for high fibre.
    Child,
}

/// Under this age a person's fibre ceiling is a child's
/// ([`FibreCeiling::Child`]).
pub const CHILD_FIBRE_UNDER: u32 = 18;

impl FibreCeiling {
    /// This ceiling for a person of `age`: a child's under
    /// [`CHILD_FIBRE_UNDER`], unless they are underweight and gaining
    /// (whose ceiling is lower still); else as it is.
    pub fn at_age(self, age: u32) -> Self {
        if age < CHILD_FIBRE_UNDER && self != Self::Gaining {
            Self::Child
        } else {
            self
        }
    }
}

/// What one person's day limits follow beyond its calories: their sodium
/// limit (by age) and fibre ceiling (by diet and body).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LimitRule {
    /// Most sodium a day, mg.
    pub sodium_max: f64,
    /// Their fibre ceiling.
    pub fibre: FibreCeiling,
}

impl Default for LimitRule {
    /// An adult's: 2,300 mg of sodium, the usual fibre ceiling.
    fn default() -> Self {
        Self {
            sodium_max: ADULT_SODIUM_MAX,
            fibre: FibreCeiling::Usual,
        }
    }
}

/// An adult's sodium limit, mg a day (NASEM 2019 CDRR).
pub const ADULT_SODIUM_MAX: f64 = 2300.0;
/// BMI under which a person is underweight (WHO).
const UNDERWEIGHT_BMI: f64 = 18.5;

impl LimitRule {
    /// The rule of a person of `age` with `body` under `diets`: sodium by
    /// age ([`child::sodium_limit`], 2,300 mg from 14), fibre by diet,
    /// body and age ([`FibreCeiling`]: a child's under 18).
    pub fn for_person(age: u32, body: &Body, diets: &[DietType]) -> Self {
        let fibre = if bmi(body) < UNDERWEIGHT_BMI && body.goal == Goal::GainWeight {
            FibreCeiling::Gaining
        } else if diets.contains(&DietType::HighFiber) {
            FibreCeiling::High
        } else {
            FibreCeiling::Usual
        };
        Self {
            sodium_max: child::sodium_limit(age),
            fibre: fibre.at_age(age),
        }
    }

    /// The rule of `person`, at their age on `today`, or an adult's when
    /// there is no one to judge by (no profile yet).
    pub fn of(person: Option<&Person>, today: chrono::NaiveDate) -> Self {
        person.map_or_else(Self::default, |p| {
            Self::for_person(p.body.age_on(today), &p.body, &p.diet_types)
        })
    }

    /// The limits of a day of `kcal` for this person.
    pub fn limits(&self, kcal: f64) -> Limits {
        let kcal = kcal.max(0.0);
        let per_1000 = kcal / 1000.0;
        Limits {
            fibre_min: 14.0 * per_1000,
            fibre_max: match self.fibre {
                FibreCeiling::Usual => (16.0 * per_1000).max(50.0),
                FibreCeiling::High => (25.0 * per_1000).max(70.0),
                FibreCeiling::Gaining => 14.0 * per_1000 + 10.0,
                FibreCeiling::Child => child::fibre_max(kcal),
            },
            sodium_max: self.sodium_max,
            saturated_fat_max: 0.10 * kcal / 9.0,
            sugars_max: 0.25 * kcal / 4.0,
        }
    }
}

impl Limits {
    /// (least, most) of `minor`; `None` where there is no bound.
    pub fn bounds(&self, minor: Minor) -> (Option<f64>, Option<f64>) {
        match minor {
            Minor::Fibre => (Some(self.fibre_min), Some(self.fibre_max)),
            Minor::Sodium => (None, Some(self.sodium_max)),
            Minor::SaturatedFat => (None, Some(self.saturated_fat_max)),
            Minor::Sugars => (None, Some(self.sugars_max)),
        }
    }

    /// Whether a day of `fibre` g and `sodium` mg keeps the two limits
    /// that rank with the targets: the fibre ceiling and sodium.
    pub fn ranked_kept(&self, fibre: f64, sodium: f64) -> bool {
        self.excess(fibre, sodium) <= 0.0
    }

    /// How far a day of `fibre` g and `sodium` mg is past the fibre
    /// ceiling or the sodium limit, the worse of the two, as a fraction of
    /// the limit (0 when it keeps both): it ranks with a target's miss
    /// beyond its tolerance ([`Tolerances::miss`](super::Tolerances::miss)),
    /// so 2,415 mg of sodium against 2,300 weighs as calories 5 points
    /// beyond their tolerance.
    pub fn excess(&self, fibre: f64, sodium: f64) -> f64 {
        let past = |v: f64, max: f64| {
            if max > 0.0 && v > max + 1e-9 {
                (v - max) / max
            } else {
                0.0
            }
        };
        past(fibre, self.fibre_max).max(past(sodium, self.sodium_max))
    }
}

/// A day's value against its limit, per unit of it: 0 inside, else how
/// far outside (0.1 = 10% past the limit).
fn outside(value: f64, (lo, hi): (Option<f64>, Option<f64>)) -> f64 {
    match (lo, hi) {
        (Some(lo), _) if lo > 0.0 && value < lo => (lo - value) / lo,
        (_, Some(hi)) if hi > 0.0 && value > hi => (value - hi) / hi,
        _ => 0.0,
    }
}

/// Each limit is aimed at this much inside it, so that a planned day's
/// rounded values still meet it.
const MARGIN: f64 = 0.03;
/// Cost of a value 10% outside its (aimed) limit; squared up to there,
/// then linear (so that a day far past a limit still gains from coming
/// closer, without one limit drowning the others).
const LIMIT_WEIGHT: f64 = 1.5;
/// Past the limit itself (not only the aimed one), each 10% costs this
/// many times more: a day just over a limit is worth a small change.
const PAST_LIMIT: f64 = 3.0;
/// Fibre near its ceiling weighs far more than the other limits: within
/// the tolerances it outweighs meal sizes and variety preferences.
const FIBRE_CEILING_WEIGHT: f64 = 30.0;
/// Fibre under its floor on a day on its targets, on top of the limits'
/// usual weight ([`fibre_floor_cost`]): as much as fibre near its
/// ceiling, so that among days within the tolerances one inside the
/// fibre window beats one under its floor, and one near the floor one far
/// below it (issue 38).
const FIBRE_FLOOR_WEIGHT: f64 = 30.0;
/// How far outside the fibre window a day pays all of what leaving it
/// costs a day off its targets anyway ([`window_short`]): 10% of the
/// floor or limit.
const WINDOW_RAMP: f64 = 0.1;
/// The same past the fibre ceiling or sodium limit: 2% of the limit (a
/// step at the limit itself lost met two-meal days on the bench, as the
/// search's paths through such days were cut; at 10% a one-meal eater's
/// dinner 1% over the ceiling took a day from one under the floor).
const WINDOW_OVER_RAMP: f64 = 0.02;
/// No limit may cost more than this: below the step a day pays for a
/// target beyond its tolerance (`search::OFF_STEP`), so the limits never
/// pull a day off its targets.
const LIMIT_CAP: f64 = 800.0;
/// Cost of a protein food in a third meal of the day, or of a second dish
/// of one family: outweighs any miss of the targets up to 10 points past
/// the tolerance ([`super::search`]'s worst-miss weight), so a day keeps
/// to these rules whenever the catalogue allows it.
pub(crate) const REPEAT_WEIGHT: f64 = 1e4;
/// Cost of a main ingredient in a fifth meal of the week: outweighs any
/// miss of the targets up to about 30 points past the tolerance (1e6
/// measured the same on the bench), since a day that cannot be met (a big
/// eater's, with meals a person eats) would otherwise take the one dense
/// dish it can every day (issue 38).
pub(crate) const MAIN_WEEK_WEIGHT: f64 = 1e5;
/// Cost of a minor protein food (cumin, tamari, rice cakes) in a third
/// meal: below a target beyond its tolerance, so a day gives way on it
/// before on the targets, and above the limits near theirs.
const MINOR_REPEAT_WEIGHT: f64 = 300.0;

/// Whether a day's `total` keeps the limits that rank with the targets
/// (the fibre ceiling and sodium) for a day of `kcal` under `rule`.
pub(crate) fn ranked_kept(total: &MinorValues, kcal: f64, rule: &LimitRule) -> bool {
    ranked_excess(total, kcal, rule) <= 0.0
}

/// How far a day's `total` is past its fibre ceiling or sodium limit
/// ([`Limits::excess`]).
pub(crate) fn ranked_excess(total: &MinorValues, kcal: f64, rule: &LimitRule) -> f64 {
    rule.limits(kcal).excess(total[0], total[1])
}

/// How far a day's `total` is past its saturated fat limit, as a
/// fraction of it (0 within): what a household's seat ranks with the
/// targets besides [`ranked_excess`].
pub(crate) fn saturated_fat_excess(total: &MinorValues, kcal: f64, rule: &LimitRule) -> f64 {
    let max = rule.limits(kcal).saturated_fat_max;
    if max > 0.0 && total[2] > max + 1e-9 {
        (total[2] - max) / max
    } else {
        0.0
    }
}

/// Whether a day's `total` keeps every limit of a day of `kcal` under
/// `rule`.
pub(crate) fn limits_kept(total: &MinorValues, kcal: f64, rule: &LimitRule) -> bool {
    each_limit_kept(total, kcal, rule).iter().all(|k| *k)
}

/// Whether a day's `total` keeps each limit of a day of `kcal` under
/// `rule`, in [`Minor::ALL`] order.
pub(crate) fn each_limit_kept(total: &MinorValues, kcal: f64, rule: &LimitRule) -> [bool; 4] {
    let limits = rule.limits(kcal);
    std::array::from_fn(|k| outside(total[k], limits.bounds(Minor::ALL[k])) == 0.0)
}

/// The upper limits a day of `kcal` under `rule` is aimed at (each limit
/// less its margin), in [`Minor::ALL`] order: what the planner steers
/// portions below.
pub(crate) fn aimed_maxima(kcal: f64, rule: &LimitRule) -> MinorValues {
    let limits = rule.limits(kcal);
    std::array::from_fn(|k| {
        limits
            .bounds(Minor::ALL[k])
            .1
            .map_or(f64::INFINITY, |h| h * (1.0 - MARGIN))
    })
}

/// x² up to 1, then 2x − 1: quadratic near a limit, linear far from it.
fn huber(x: f64) -> f64 {
    if x <= 1.0 { x * x } else { 2.0 * x - 1.0 }
}

/// The cost of a day's `total` against the limits of a day of `kcal`
/// under `rule` (the day as planned, since that is what it is judged by).
pub(crate) fn limits_cost(total: &MinorValues, kcal: f64, rule: &LimitRule) -> f64 {
    let limits = rule.limits(kcal);
    Minor::ALL
        .iter()
        .zip(total)
        .map(|(m, v)| {
            let (lo, hi) = limits.bounds(*m);
            let aimed = (
                lo.map(|l| l * (1.0 + MARGIN)),
                hi.map(|h| h * (1.0 - MARGIN)),
            );
            let o = outside(*v, aimed) / 0.1;
            let past = outside(*v, (lo, hi)) / 0.1;
            let near_ranked = matches!(m, Minor::Fibre | Minor::Sodium)
                && hi.is_some_and(|h| *v > h * (1.0 - MARGIN));
            let weight = if near_ranked {
                FIBRE_CEILING_WEIGHT
            } else {
                LIMIT_WEIGHT
            };
            (weight * (huber(o) + PAST_LIMIT * huber(past))).min(LIMIT_CAP)
        })
        .sum::<f64>()
}

/// What fibre under its floor costs a day that is on its targets, on top
/// of [`limits_cost`]: graded by the shortfall as the other limits are
/// (squared up to 10% below the aimed floor, then linear, more below the
/// floor itself), capped at [`LIMIT_CAP`] so that it never makes a day
/// on target lose to one off it. The search adds it only to days within
/// their tolerances and limits that rank with them: on a day that misses
/// anyway the floor keeps its usual weight, so that it never outweighs
/// a calorie or macro miss by more than the window's bounded share of it
/// ([`window_short`], `search::WINDOW_POINTS`). Not part of "met".
pub(crate) fn fibre_floor_cost(total: &MinorValues, kcal: f64, rule: &LimitRule) -> f64 {
    let floor = rule.limits(kcal).fibre_min;
    if floor <= 0.0 || total[0] >= floor * (1.0 + MARGIN) {
        return 0.0;
    }
    let o = outside(total[0], (Some(floor * (1.0 + MARGIN)), None)) / 0.1;
    let past = outside(total[0], (Some(floor), None)) / 0.1;
    (FIBRE_FLOOR_WEIGHT * (huber(o) + PAST_LIMIT * huber(past))).min(LIMIT_CAP)
}

/// How far a day's `total` is outside its fibre window, graded from 0 to
/// 1: under its floor from the aimed floor (the floor plus its margin) to
/// [`WINDOW_RAMP`] of the floor below that; past its fibre ceiling or
/// sodium limit ([`ranked_excess`]) from 0 to [`WINDOW_OVER_RAMP`] of the
/// limit, so that a day does not leave the floor for a day just past the
/// ceiling, whose excess a larger miss of the targets hides. What a day
/// off its targets anyway pays for leaving the window, as a share of
/// `search::WINDOW_POINTS` (issue 38).
pub(crate) fn window_short(total: &MinorValues, kcal: f64, rule: &LimitRule) -> f64 {
    let past = ranked_excess(total, kcal, rule);
    if past > 0.0 {
        return (past / WINDOW_OVER_RAMP).clamp(0.0, 1.0);
    }
    let floor = rule.limits(kcal).fibre_min;
    if floor > 0.0 {
        ((floor * (1.0 + MARGIN) - total[0]) / (WINDOW_RAMP * floor)).clamp(0.0, 1.0)
    } else {
        0.0
    }
}

/// Dish families a cook would not serve twice in a day, as the words of a
/// recipe's name that say it (a plural `s`/`es` also matches). Checked in
/// order; the first family whose words the main part of the name holds
/// wins.
#[rustfmt::skip]
const FAMILIES: &[(&str, &[&str])] = &[
    ("smoothie", &["smoothie", "shake"]),
    ("fried rice", &["fried rice"]),
    ("stir-fry", &["stir-fry", "stir fry", "stir-fried", "lo mein", "chow mein", "yakisoba", "pad thai"]),
    ("curry", &["curry", "masala", "korma", "dal", "dhal", "vindaloo", "tikka"]),
    ("stew", &["stew", "tagine", "casserole", "goulash", "ragout", "cassoulet", "stroganoff"]),
    ("chili", &["chili", "chilli"]),
    ("soup", &["soup", "pho", "ramen", "chowder", "bisque", "gazpacho", "minestrone"]),
    ("tortilla dish", &["quesadilla", "taco", "tostada", "burrito", "fajita", "enchilada", "wrap", "rancheros"]),
    ("egg dish", &["omelette", "omelet", "frittata", "scramble", "scrambled", "shakshuka", "eggs"]),
    ("pasta", &["pasta", "spaghetti", "linguine", "penne", "lasagne", "lasagna", "bolognese", "carbonara", "shell", "macaroni", "fusilli", "rigatoni", "tagliatelle", "gnocchi", "noodle"]),
    ("rice dish", &["risotto", "paella", "pilaf", "biryani", "jambalaya"]),
    ("salad", &["salad", "tabbouleh", "slaw"]),
    ("sandwich", &["sandwich", "panini", "toastie", "burger", "sub"]),
    ("porridge", &["porridge", "oatmeal", "oats"]),
    ("pancakes", &["pancake", "waffle", "crepe"]),
    ("pudding", &["pudding"]),
    ("skewers", &["skewer", "kebab", "souvlaki", "shawarma", "gyro"]),
    ("pie", &["pie", "pot pie"]),
    ("hash", &["hash"]),
    ("dip", &["dip", "hummus"]),
    ("toast", &["toast"]),
];

/// The family of the dish named `name` (the part before "with", so that a
/// side salad does not make a salad), if it has one.
pub fn family(name: &str) -> Option<&'static str> {
    let lower = name.to_lowercase();
    let main = lower.split(" with ").next().unwrap_or(&lower);
    let words: Vec<&str> = main
        .split(|c: char| !(c.is_alphanumeric() || c == '-'))
        .filter(|w| !w.is_empty())
        .collect();
    let same = |word: &str, want: &str| {
        word == want
            || word
                .strip_prefix(want)
                .is_some_and(|rest| rest == "s" || rest == "es")
    };
    FAMILIES
        .iter()
        .find(|(_, phrases)| {
            phrases.iter().any(|phrase| {
                let n = phrase.split(' ').count();
                words
                    .windows(n)
                    .any(|w| w.iter().zip(phrase.split(' ')).all(|(a, b)| same(a, b)))
            })
        })
        .map(|(family, _)| *family)
}

/// What the day rules need of each recipe of a catalogue, by index.
#[derive(Debug, Clone, Default)]
pub struct Dishes {
    /// Fibre, sodium, saturated fat and sugars of one serving.
    minor: Vec<MinorValues>,
    /// Protein foods of each recipe (ids into `food_names`), each once.
    foods: Vec<Vec<u32>>,
    /// Family of each recipe (index into [`FAMILIES`]).
    family: Vec<Option<u8>>,
    food_names: Vec<String>,
    /// Whether each protein food is a minor one ([`ProteinFood::Minor`]).
    food_minor: Vec<bool>,
    /// Main ingredients of each recipe (ids into `food_names`), the main
    /// one first: its heaviest main protein food, oats and yogurt aside,
    /// and the others a reader sees it built on ([`mains_of`]).
    mains: Vec<Vec<u32>>,
    /// Variety key of each recipe: recipes of one dish family built on
    /// one main ingredient share it (two chana masalas are one dish to
    /// whoever eats them); any other recipe has its own.
    twin: Vec<u32>,
    /// Counts per serving of each recipe's first [`COUNTED`] items sold
    /// and cooked only whole (eggs, slices, tortillas; 0 for none).
    counted: Vec<[f64; COUNTED]>,
}

/// Whole-only counted items of a recipe the planner looks at.
pub(crate) const COUNTED: usize = 3;

/// Counts per serving of the items of `recipe` that the kitchen measures
/// only whole ([`HouseMeasure::Whole`]).
fn counted_of(recipe: &Recipe, kitchen: Option<&Kitchen>) -> [f64; COUNTED] {
    let mut out = [0.0; COUNTED];
    let whole = recipe.ingredients().iter().filter_map(|i| {
        match kitchen.and_then(|k| k.get(&i.name)).map(|f| &f.measure) {
            Some(HouseMeasure::Whole(piece)) if piece.grams > 0.0 => Some(i.grams / piece.grams),
            _ => None,
        }
    });
    for (slot, n) in out.iter_mut().zip(whole) {
        *slot = n;
    }
    out
}

/// How many of `counted` (per serving) do not come out whole at portion
/// `servings`: the planner prefers portions that give 2 eggs, not 2½.
pub(crate) fn uneven(counted: &[f64; COUNTED], servings: f64) -> usize {
    counted
        .iter()
        .filter(|n| **n > 0.0 && ((*n * servings) - (*n * servings).round()).abs() > 0.05)
        .count()
}

/// Most meals a week one main ingredient may be in, per person.
pub const MAIN_PER_WEEK: u32 = 4;

/// Staples eaten daily that never count as a meal's main ingredient,
/// though they are protein foods by weight.
const STAPLE_MAINS: [&str; 2] = ["oat", "yogurt"];

/// Words that make a shop's variant of a food, not another food: calcium-
/// set tofu is tofu and fortified soy milk soy milk, for the rules that
/// count a food's meals (issue 38: a week of seven tofu meals is one
/// food, however it was set).
const VARIANT_WORDS: [&str; 2] = ["calcium-set ", "fortified "];

/// Whether ingredient `name` is a staple eaten daily (oats, yogurt) that
/// is never a meal's main ingredient ([`STAPLE_MAINS`]).
pub fn is_staple(name: &str) -> bool {
    STAPLE_MAINS.iter().any(|w| name.contains(w))
}

/// The food an ingredient `name` is, for the day and week rules: the name
/// without a variant word ([`VARIANT_WORDS`]).
pub fn food_key(name: &str) -> &str {
    VARIANT_WORDS
        .iter()
        .find_map(|w| name.strip_prefix(w))
        .unwrap_or(name)
}

/// Share of the main ingredient's grams from which another main protein
/// food the recipe's name gives is a main ingredient too: the 55 g of
/// tempeh of a "tofu, tempeh and potato traybake" (165 g of tofu), not
/// the 4 g of hemp seeds a lupini ratatouille "with hemp seeds" scatters
/// (a fifth keeps 30 g of cashews in a chicken stir-fry, and drops 15 g
/// of parmesan on chicken). A protein food the name leaves out is not
/// counted however heavy: the reader of the week goes by the names.
const NAMED_MAIN_SHARE: f64 = 0.2;

/// The main ingredients of `recipe`, the main one first: its heaviest
/// main protein food (meat, fish, eggs, cheese, tofu, pulses, nuts),
/// staples aside; then each other main protein food named in the
/// recipe's name at [`NAMED_MAIN_SHARE`] of its grams or more, heaviest
/// first. Empty for a dish with none (a vegetable curry, a fruit bowl).
pub fn mains_of<'a>(recipe: &'a Recipe, kitchen: Option<&Kitchen>) -> Vec<&'a str> {
    let lines: Vec<(&str, f64)> = recipe
        .ingredients()
        .iter()
        .filter(|i| !is_staple(&i.name))
        .filter(|i| {
            kitchen
                .and_then(|k| k.get(&i.name))
                .and_then(|f| f.protein_food(&i.name))
                == Some(ProteinFood::Main)
        })
        .map(|i| (food_key(&i.name), i.grams))
        .collect();
    let Some(&(main, top)) = lines.iter().max_by(|a, b| a.1.total_cmp(&b.1)) else {
        return Vec::new();
    };
    let name = recipe.name.to_lowercase();
    let title = words(&name);
    let mut others: Vec<(&str, f64)> = lines
        .iter()
        .filter(|(food, grams)| {
            *food != main && *grams >= NAMED_MAIN_SHARE * top && names(&title, food)
        })
        .copied()
        .collect();
    others.sort_by(|a, b| b.1.total_cmp(&a.1));
    let mut out = vec![main];
    for (food, _) in others {
        if !out.contains(&food) {
            out.push(food);
        }
    }
    out
}

/// The words of `text` (letters, digits and hyphens).
fn words(text: &str) -> Vec<&str> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '-'))
        .filter(|w| !w.is_empty())
        .collect()
}

/// Whether a name of `title` words says `food`, in the singular or the
/// plural ("black bean tacos" say black beans, "tofu and eggs" egg).
fn names(title: &[&str], food: &str) -> bool {
    let food = words(food);
    let same = |a: &str, b: &str| {
        let plural = |long: &str, short: &str| {
            long.strip_prefix(short)
                .is_some_and(|rest| rest == "s" || rest == "es")
        };
        a == b || plural(a, b) || plural(b, a)
    };
    !food.is_empty()
        && title
            .windows(food.len())
            .any(|w| w.iter().zip(&food).all(|(a, b)| same(a, b)))
}

/// How often each main ingredient and variety key was eaten on a plan's
/// other days: what the weekly variety rules weigh a candidate against.
#[derive(Debug, Clone, Default)]
pub struct WeekUse {
    /// Meals of each main ingredient (by id).
    main: Vec<u32>,
    /// Meals of each variety key.
    twin: Vec<u32>,
}

impl Dishes {
    /// The facts of `recipes`; protein foods need `kitchen` (without one,
    /// no ingredient counts as a protein food).
    pub fn new(recipes: &[Recipe], kitchen: Option<&Kitchen>) -> Self {
        let mut food_names: Vec<String> = Vec::new();
        let mut food_minor: Vec<bool> = Vec::new();
        let mut foods = Vec::with_capacity(recipes.len());
        for r in recipes {
            let mut mine: Vec<u32> = Vec::new();
            for i in r.ingredients() {
                let Some(kind) = kitchen
                    .and_then(|k| k.get(&i.name))
                    .and_then(|f| f.protein_food(&i.name))
                else {
                    continue;
                };
                let key = food_key(&i.name);
                let id = match food_names.iter().position(|n| n == key) {
                    Some(id) => id,
                    None => {
                        food_names.push(key.to_owned());
                        food_minor.push(kind == ProteinFood::Minor);
                        food_names.len() - 1
                    }
                } as u32;
                if !mine.contains(&id) {
                    mine.push(id);
                }
            }
            foods.push(mine);
        }
        let mut mains = Vec::with_capacity(recipes.len());
        for r in recipes {
            let mut mine: Vec<u32> = Vec::new();
            for name in mains_of(r, kitchen) {
                let id = match food_names.iter().position(|n| n == name) {
                    Some(id) => id as u32,
                    None => {
                        food_names.push(name.to_owned());
                        food_minor.push(false);
                        (food_names.len() - 1) as u32
                    }
                };
                mine.push(id);
            }
            mains.push(mine);
        }
        let family: Vec<Option<u8>> = recipes
            .iter()
            .map(|r| {
                family(&r.name).and_then(|f| {
                    FAMILIES
                        .iter()
                        .position(|(name, _)| *name == f)
                        .map(|i| i as u8)
                })
            })
            .collect();
        // Recipes of one family on one main share the first one's key.
        let mut first: Vec<((u8, u32), u32)> = Vec::new();
        let twin = (0..recipes.len())
            .map(|r| match (family[r], mains[r].first().copied()) {
                (Some(f), Some(m)) => match first.iter().find(|(k, _)| *k == (f, m)) {
                    Some((_, key)) => *key,
                    None => {
                        first.push(((f, m), r as u32));
                        r as u32
                    }
                },
                _ => r as u32,
            })
            .collect();
        Self {
            counted: recipes.iter().map(|r| counted_of(r, kitchen)).collect(),
            minor: recipes.iter().map(minor_of).collect(),
            foods,
            family,
            food_names,
            food_minor,
            mains,
            twin,
        }
    }

    /// The main ingredient of recipe `r` (an id [`food_name`](Self::food_name)
    /// names): its heaviest main protein food, which its variety key
    /// ([`twin`](Self::twin)) is built on.
    pub fn main(&self, r: usize) -> Option<u32> {
        self.mains(r).first().copied()
    }

    /// The main ingredients of recipe `r`, the main one first: each
    /// counts toward the one-a-day and four-a-week rules, as whoever
    /// reads the week sees each of them.
    pub fn mains(&self, r: usize) -> &[u32] {
        self.mains.get(r).map_or(&[], Vec::as_slice)
    }

    /// The variety key of recipe `r`: shared by the recipes of one dish
    /// family on one main ingredient.
    pub fn twin(&self, r: usize) -> u32 {
        self.twin.get(r).copied().unwrap_or(r as u32)
    }

    /// How often each main ingredient and variety key was eaten, from
    /// `used`: each recipe's meals on the plan's other days.
    pub fn week_use(&self, used: &[u32]) -> WeekUse {
        let mut week = WeekUse {
            main: vec![0; self.food_names.len()],
            twin: vec![0; self.twin.len()],
        };
        for (r, n) in used.iter().enumerate().filter(|(_, n)| **n > 0) {
            for m in self.mains(r) {
                week.main[*m as usize] += n;
            }
            if let Some(t) = week.twin.get_mut(self.twin(r) as usize) {
                *t += n;
            }
        }
        week
    }

    /// What the weekly variety rules make of recipe `r` after `week`:
    /// each of its main ingredients already in [`MAIN_PER_WEEK`] meals
    /// costs [`MAIN_WEEK_WEIGHT`]; and the meals of its variety key
    /// (its own and its twins') count as its repeats.
    pub(crate) fn week_cost(&self, week: &WeekUse, r: usize) -> (f64, u32) {
        let full = self
            .mains(r)
            .iter()
            .filter(|m| {
                week.main
                    .get(**m as usize)
                    .is_some_and(|n| *n >= MAIN_PER_WEEK)
            })
            .count();
        let twins = week.twin.get(self.twin(r) as usize).copied().unwrap_or(0);
        (MAIN_WEEK_WEIGHT * full as f64, twins)
    }

    /// What the weekly main-ingredient rule makes of one person's meals
    /// of a day (`recipes`) after `week`: each meal that takes a main
    /// ingredient eaten in fewer than [`MAIN_PER_WEEK`] earlier meals
    /// past it costs [`MAIN_WEEK_WEIGHT`]. [`week_cost`](Self::week_cost)
    /// weighs a main already at the limit dish by dish, from the meals
    /// before the day alone, so that two meals of a day (a breach of the
    /// day rule, weighed far lower) could take a third to a fifth.
    pub(crate) fn day_week_cost(&self, week: &WeekUse, recipes: &[usize]) -> f64 {
        let mut over = 0u32;
        let mut done: Vec<u32> = Vec::new();
        for m in recipes.iter().flat_map(|r| self.mains(*r)) {
            if done.contains(m) {
                continue;
            }
            done.push(*m);
            let before = week.main.get(*m as usize).copied().unwrap_or(0);
            if before >= MAIN_PER_WEEK {
                continue;
            }
            let today = recipes
                .iter()
                .filter(|o| self.mains(**o).contains(m))
                .count() as u32;
            over += (before + today).saturating_sub(MAIN_PER_WEEK);
        }
        MAIN_WEEK_WEIGHT * f64::from(over)
    }

    /// Counts per serving of recipe `r`'s whole-only items.
    pub(crate) fn counted(&self, r: usize) -> [f64; COUNTED] {
        self.counted.get(r).copied().unwrap_or_default()
    }

    /// Fibre, sodium, saturated fat and sugars of one serving of recipe
    /// `r` (zeros for a recipe these facts were not made for).
    pub fn minor(&self, r: usize) -> MinorValues {
        self.minor.get(r).copied().unwrap_or_default()
    }

    /// The protein foods of recipe `r`.
    pub fn foods(&self, r: usize) -> &[u32] {
        self.foods.get(r).map_or(&[], Vec::as_slice)
    }

    /// The family of recipe `r`.
    pub fn family(&self, r: usize) -> Option<u8> {
        self.family.get(r).copied().flatten()
    }

    /// The name of protein food `f`.
    pub fn food_name(&self, f: u32) -> &str {
        &self.food_names[f as usize]
    }

    /// Whether protein food `f` is a minor one (a seasoning or snack).
    fn is_minor(&self, f: u32) -> bool {
        self.food_minor.get(f as usize).copied().unwrap_or(false)
    }

    /// The cost of the repeats among the meals with these recipes: each
    /// protein food beyond two meals, each dish beyond one of its family.
    pub(crate) fn repeats_cost(&self, recipes: impl Iterator<Item = usize>) -> f64 {
        let mut seen = Seen::default();
        recipes.map(|r| seen.add(self, r)).sum()
    }

    /// Whether no main protein food is in more than two of these meals
    /// and no family twice (minor protein foods may give way).
    pub(crate) fn main_rules_kept(&self, recipes: impl Iterator<Item = usize>) -> bool {
        let mut seen = Seen::default();
        recipes
            .map(|r| seen.add(self, r))
            .all(|cost| cost < REPEAT_WEIGHT)
    }
}

/// Protein foods and families of the meals counted so far.
#[derive(Debug, Clone, Default)]
pub(crate) struct Seen {
    /// Each protein food and the meals it is in.
    foods: Vec<(u32, usize)>,
    /// Each dish family and its dishes.
    families: Vec<(u8, usize)>,
    /// Each main ingredient and its meals.
    mains: Vec<(u32, usize)>,
}

/// Counts one more of `key` in `counts`.
fn count<K: PartialEq>(counts: &mut Vec<(K, usize)>, key: K) {
    match counts.iter_mut().find(|(seen, _)| *seen == key) {
        Some((_, n)) => *n += 1,
        None => counts.push((key, 1)),
    }
}

impl Seen {
    /// What adding recipe `r` would cost, without adding it.
    pub fn cost_of(&self, dishes: &Dishes, r: usize) -> f64 {
        let foods: f64 = dishes
            .foods(r)
            .iter()
            .filter(|f| self.foods.iter().any(|(seen, n)| *seen == **f && *n >= 2))
            .map(|f| {
                if dishes.is_minor(*f) {
                    MINOR_REPEAT_WEIGHT
                } else {
                    REPEAT_WEIGHT
                }
            })
            .sum();
        let family = dishes
            .family(r)
            .is_some_and(|f| self.families.iter().any(|(seen, _)| *seen == f));
        let mains = dishes
            .mains(r)
            .iter()
            .filter(|m| self.mains.iter().any(|(seen, _)| seen == *m))
            .count();
        foods + REPEAT_WEIGHT * (f64::from(u8::from(family)) + mains as f64)
    }

    /// Adds recipe `r`, returning its cost.
    pub fn add(&mut self, dishes: &Dishes, r: usize) -> f64 {
        let cost = self.cost_of(dishes, r);
        for f in dishes.foods(r) {
            count(&mut self.foods, *f);
        }
        if let Some(f) = dishes.family(r) {
            count(&mut self.families, f);
        }
        for m in dishes.mains(r) {
            count(&mut self.mains, *m);
        }
        cost
    }
}

/// Fibre, sodium, saturated fat and sugars of one serving of `recipe`.
pub fn minor_of(recipe: &Recipe) -> MinorValues {
    let n = recipe.nutrition();
    [
        n.fiber,
        recipe.card.sodium,
        recipe.card.saturated_fat,
        n.sugar,
    ]
}

/// A day value against its limit.
#[derive(Debug, Clone, PartialEq)]
pub struct Level {
    /// Which value.
    pub minor: Minor,
    /// The day's amount (g, or mg of sodium).
    pub amount: f64,
    /// Its least, where it has one.
    pub min: Option<f64>,
    /// Its most.
    pub max: Option<f64>,
    /// Whether the day keeps to it.
    pub met: bool,
    /// Why not, when it does not: the meal bringing the most of an excess,
    /// or the day's shortfall.
    pub why: Option<String>,
}

/// How a day keeps the rules beyond the four targets.
#[derive(Debug, Clone, PartialEq)]
pub struct WholeDay {
    /// Fibre, sodium, saturated fat and sugars, in [`Minor::ALL`] order.
    pub levels: Vec<Level>,
    /// Protein foods served in more than two meals, with their count.
    pub repeated_foods: Vec<(String, usize)>,
    /// Dish families served more than once, with their count.
    pub repeated_families: Vec<(&'static str, usize)>,
}

impl WholeDay {
    /// Whether every limit and repeat rule holds.
    pub fn all_met(&self) -> bool {
        self.levels.iter().all(|l| l.met)
            && self.repeated_foods.is_empty()
            && self.repeated_families.is_empty()
    }
}

/// Checks a day of `meals` ((recipe index, servings)) of `recipes` for a
/// person under `rule`.
pub fn check(
    recipes: &[Recipe],
    dishes: &Dishes,
    meals: &[(usize, f64)],
    rule: &LimitRule,
) -> WholeDay {
    let kcal: f64 = meals
        .iter()
        .map(|(r, s)| recipes[*r].nutrition().calories * s)
        .sum();
    let limits = rule.limits(kcal);
    let levels = Minor::ALL
        .iter()
        .enumerate()
        .map(|(k, minor)| {
            let each: Vec<f64> = meals.iter().map(|(r, s)| dishes.minor(*r)[k] * s).collect();
            let amount: f64 = each.iter().sum();
            let (min, max) = limits.bounds(*minor);
            let unit = minor.unit();
            let why = if min.is_some_and(|m| amount < m - 0.5) {
                Some(format!(
                    "{amount:.0} {unit} against at least {:.0} {unit}: the day's dishes are low in fibre",
                    min.unwrap_or_default()
                ))
            } else if let Some(m) = max.filter(|m| amount > m + 0.5) {
                let (top, most) = each
                    .iter()
                    .enumerate()
                    .fold((0, 0.0), |best, (i, v)| if *v > best.1 { (i, *v) } else { best });
                Some(format!(
                    "{amount:.0} {unit} against at most {m:.0} {unit}: {} brings {most:.0} {unit}",
                    recipes[meals[top].0].name
                ))
            } else {
                None
            };
            Level {
                minor: *minor,
                amount,
                min,
                max,
                met: why.is_none(),
                why,
            }
        })
        .collect();
    let mut seen = Seen::default();
    for (r, _) in meals {
        seen.add(dishes, *r);
    }
    WholeDay {
        levels,
        repeated_foods: seen
            .foods
            .into_iter()
            .filter(|(_, n)| *n > 2)
            .map(|(f, n)| (dishes.food_name(f).to_owned(), n))
            .collect(),
        repeated_families: seen
            .families
            .into_iter()
            .filter(|(_, n)| *n > 1)
            .map(|(f, n)| (FAMILIES[usize::from(f)].0, n))
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shops_variant_is_the_same_food() {
        assert_eq!(food_key("calcium-set tofu"), "tofu");
        assert_eq!(food_key("fortified soy milk"), "soy milk");
        assert_eq!(food_key("tofu"), "tofu");
        assert_eq!(food_key("textured soy protein"), "textured soy protein");
    }

    /// A recipe of `name` with these ingredients (grams a serving).
    fn dish(name: &str, ingredients: &[(&str, f64)]) -> Recipe {
        use crate::food::recipe::RecipeIngredient;
        Recipe {
            id: 1,
            recipe_id: 1,
            name: name.into(),
            tastes: vec![],
            image_url: None,
            recipe_url: None,
            card: Default::default(),
            nutrition: Default::default(),
            ingredients: ingredients
                .iter()
                .map(|(name, grams)| RecipeIngredient {
                    name: (*name).into(),
                    grams: *grams,
                })
                .collect(),
            meal_types: vec![],
            diet_types: vec![],
            allergens: vec![],
            judged_as: vec![],
        }
    }

    /// Catalogue recipes' main ingredients as a reader of the week sees
    /// them: the heaviest main protein food, then those its name gives,
    /// but no garnish and nothing the name leaves out.
    #[test]
    fn the_main_proteins_a_dish_is_named_for_are_main_ingredients() {
        use crate::food::kitchen::{Aisle, BuyUnit, KitchenFacts};
        let facts = |aisle, protein| KitchenFacts {
            aisle,
            measure: HouseMeasure::Weight,
            buy: BuyUnit::Weight,
            bought: None,
            note: None,
            sodium_mg: 0.0,
            saturated_fat: 0.0,
            protein,
        };
        let kitchen = Kitchen::new([
            ("tempeh".to_owned(), facts(Aisle::Chilled, 20.0)),
            ("edamame".to_owned(), facts(Aisle::Frozen, 12.0)),
            ("calcium-set tofu".to_owned(), facts(Aisle::Chilled, 15.0)),
            ("tofu".to_owned(), facts(Aisle::Chilled, 8.0)),
            ("lupini beans".to_owned(), facts(Aisle::Tins, 16.0)),
            ("hemp seeds".to_owned(), facts(Aisle::Nuts, 31.0)),
            ("black beans".to_owned(), facts(Aisle::Tins, 9.0)),
            ("tamari".to_owned(), facts(Aisle::Condiments, 10.0)),
        ]);
        let mains = |name: &str, ingredients: &[(&str, f64)]| {
            let recipe = dish(name, ingredients);
            mains_of(&recipe, Some(&kitchen))
                .into_iter()
                .map(str::to_owned)
                .collect::<Vec<_>>()
        };
        // Tempeh beside more edamame, both named: both.
        assert_eq!(
            mains(
                "Tempeh and edamame salad with avocado, peanuts and lime",
                &[("tempeh", 160.0), ("edamame", 170.0), ("tamari", 8.0)]
            ),
            ["edamame", "tempeh"]
        );
        // The same grams in a salad named for neither: the heaviest only.
        assert_eq!(
            mains(
                "Green bowl with avocado and lime",
                &[("tempeh", 160.0), ("edamame", 170.0)]
            ),
            ["edamame"]
        );
        // A third of the tofu's weight, named: both, one tofu however set.
        assert_eq!(
            mains(
                "Tofu, tempeh and potato traybake",
                &[
                    ("calcium-set tofu", 100.0),
                    ("tofu", 65.0),
                    ("tempeh", 55.0)
                ]
            ),
            ["tofu", "tempeh"]
        );
        // Named in the plural, a quarter of the tempeh.
        assert_eq!(
            mains(
                "Tempeh and black bean tacos",
                &[("tempeh", 195.0), ("black beans", 45.0)]
            ),
            ["tempeh", "black beans"]
        );
        // Unnamed and a quarter; named but a scattering; a seasoning.
        assert_eq!(
            mains(
                "Tempeh tacos",
                &[("tempeh", 195.0), ("black beans", 45.0), ("tamari", 60.0)]
            ),
            ["tempeh"]
        );
        assert_eq!(
            mains(
                "Lupini bean ratatouille with hemp seeds",
                &[("lupini beans", 285.0), ("hemp seeds", 4.0)]
            ),
            ["lupini beans"]
        );
        assert!(mains("Fruit bowl", &[("tamari", 5.0)]).is_empty());
    }

    #[test]
    fn portions_that_leave_eggs_in_pieces_are_counted() {
        // 2 eggs and 1 slice of bread a serving.
        let counted = [2.0, 1.0, 0.0];
        assert_eq!(uneven(&counted, 1.0), 0);
        assert_eq!(uneven(&counted, 1.5), 1); // 3 eggs, 1½ slices
        assert_eq!(uneven(&counted, 1.25), 2); // 2½ eggs, 1¼ slices
        assert_eq!(uneven(&counted, 2.0), 0);
        assert_eq!(uneven(&[0.0; COUNTED], 1.25), 0);
    }

    #[test]
    fn families_come_from_the_main_part_of_the_name() {
        assert_eq!(
            family("Chicken and broccoli stir-fry with rice"),
            Some("stir-fry")
        );
        assert_eq!(family("Black bean quesadillas"), Some("tortilla dish"));
        assert_eq!(family("Spinach and feta omelette"), Some("egg dish"));
        assert_eq!(family("Red lentil dal with rice"), Some("curry"));
        assert_eq!(family("Berry smoothie bowl with granola"), Some("smoothie"));
        // A side salad does not make a salad; "medallions" holds no "dal".
        assert_eq!(
            family("Chicken shawarma with rice and salad"),
            Some("skewers")
        );
        assert_eq!(family("Pork medallions with apples"), None);
        assert_eq!(family("Baked salmon with quinoa and asparagus"), None);
    }

    fn body(kg: f64, cm: f64, goal: Goal) -> Body {
        use crate::profile::{ActivityLevel, BirthDate, BodyType, Gender, Height, Weight};
        Body {
            goal,
            height: Height::parse(cm).unwrap(),
            weight: Weight::parse(kg).unwrap(),
            body_type: BodyType::Normal,
            gender: Gender::Female,
            activity_level: ActivityLevel::Medium,
            birth_date: BirthDate::from_stored(
                chrono::NaiveDate::from_ymd_opt(2000, 1, 1).unwrap(),
            ),
        }
    }

    #[test]
    fn adult_limits_are_the_references() {
        let rule = LimitRule::default();
        let l = rule.limits(2000.0);
        assert_eq!((l.fibre_min, l.fibre_max), (28.0, 50.0));
        assert_eq!(l.sodium_max, 2300.0);
        assert!((l.saturated_fat_max - 22.2).abs() < 0.1);
        assert_eq!(l.sugars_max, 125.0);
        // No allowance grows with calories but the fibre ceiling's.
        let big = rule.limits(4000.0);
        assert_eq!((big.fibre_max, big.sodium_max), (64.0, 2300.0));
        assert_eq!(limits_cost(&[30.0, 2000.0, 15.0, 80.0], 2000.0, &rule), 0.0);
        assert!(limits_cost(&[20.0, 2000.0, 15.0, 80.0], 2000.0, &rule) > 1.0);
        // Past the sodium limit or the fibre ceiling ranks with a target:
        // 2,415 mg is 5% past, as calories 5 points beyond their tolerance.
        assert!((ranked_excess(&[30.0, 2415.0, 15.0, 80.0], 2000.0, &rule) - 0.05).abs() < 1e-9);
        assert!((ranked_excess(&[55.0, 2415.0, 15.0, 80.0], 2000.0, &rule) - 0.10).abs() < 1e-9);
        assert_eq!(
            ranked_excess(&[50.0, 2300.0, 99.0, 999.0], 2000.0, &rule),
            0.0
        );
        assert!(limits_cost(&[30.0, 2000.0, 30.0, 80.0], 2000.0, &rule) <= LIMIT_CAP);
        assert!(ranked_kept(&[49.0, 2300.0, 0.0, 0.0], 2000.0, &rule));
        assert!(!ranked_kept(&[49.0, 2301.0, 0.0, 0.0], 2000.0, &rule));
        assert!(!ranked_kept(&[51.0, 2000.0, 0.0, 0.0], 2000.0, &rule));
    }

    #[test]
    fn the_fibre_floor_costs_by_the_shortfall() {
        let rule = LimitRule::default();
        let at = |fibre: f64| fibre_floor_cost(&[fibre, 2000.0, 15.0, 80.0], 2000.0, &rule);
        // Inside the window (aimed 3% above the 28 g floor): nothing.
        assert_eq!(at(29.0), 0.0);
        assert_eq!(at(60.0), 0.0);
        // Under it: more the further below, near the floor beats far
        // below, and never as much as a day off its targets
        // (`search::OFF_STEP`, 1,000).
        assert!(at(28.5) > 0.0);
        assert!(at(28.5) < at(26.0) && at(26.0) < at(20.0) && at(20.0) < at(14.0));
        assert!(at(0.0) <= LIMIT_CAP && LIMIT_CAP < 1000.0);
        // It weighs as much as fibre near the ceiling, far more than the
        // limits' usual weight it comes on top of.
        assert!(at(26.0) > 10.0 * limits_cost(&[26.0, 2000.0, 15.0, 80.0], 2000.0, &rule));
    }

    #[test]
    fn the_rule_follows_the_person() {
        let usual = body(60.0, 165.0, Goal::MaintainWeight);
        assert_eq!(LimitRule::for_person(40, &usual, &[]), LimitRule::default());
        // High fibre asked for: the higher ceiling.
        let high = LimitRule::for_person(40, &usual, &[DietType::HighFiber]);
        assert_eq!(high.limits(2000.0).fibre_max, 70.0);
        // Underweight and gaining: 14 g per 1,000 kcal plus 10 g, even on
        // high fibre; underweight and keeping weight: the usual ceiling.
        let thin = body(48.0, 170.0, Goal::GainWeight);
        let gaining = LimitRule::for_person(23, &thin, &[DietType::HighFiber]);
        assert_eq!(gaining.fibre, FibreCeiling::Gaining);
        assert_eq!(gaining.limits(3000.0).fibre_max, 52.0);
        let keeping = body(48.0, 170.0, Goal::MaintainWeight);
        assert_eq!(
            LimitRule::for_person(23, &keeping, &[]).fibre,
            FibreCeiling::Usual
        );
        // A child's fibre ceiling scales with their energy: 25 g per
        // 1,000 kcal, never under the floor plus 10 g; not the adult's
        // 50 g (issue 38: a 6-year-old's 1,375 kcal day).
        let six = LimitRule::for_person(6, &usual, &[]);
        assert_eq!(six.fibre, FibreCeiling::Child);
        assert!((six.limits(1375.0).fibre_max - 34.375).abs() < 1e-9);
        assert_eq!(six.limits(2000.0).fibre_max, 50.0);
        assert!((six.limits(600.0).fibre_max - 18.4).abs() < 1e-9);
        assert!(six.limits(1375.0).fibre_max < LimitRule::default().limits(1375.0).fibre_max);
        assert_eq!(
            LimitRule::for_person(12, &usual, &[DietType::HighFiber]).fibre,
            FibreCeiling::Child
        );
        assert_eq!(
            LimitRule::for_person(17, &usual, &[]).fibre,
            FibreCeiling::Child
        );
        assert_eq!(
            LimitRule::for_person(18, &usual, &[]).fibre,
            FibreCeiling::Usual
        );
        assert_eq!(
            LimitRule::for_person(16, &thin, &[]).fibre,
            FibreCeiling::Gaining
        );
        // A child's sodium by age.
        assert_eq!(LimitRule::for_person(6, &usual, &[]).sodium_max, 1500.0);
        assert_eq!(LimitRule::for_person(12, &usual, &[]).sodium_max, 1800.0);
        assert_eq!(LimitRule::for_person(70, &usual, &[]).sodium_max, 2300.0);
    }
}
