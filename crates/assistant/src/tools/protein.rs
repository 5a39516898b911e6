//! The protein line of a targets answer: the rule that set this person's
//! protein, as `mealplan_domain::targets::resolve` applies it (a child's
//! RDA; an adult's lean mass × 2.0 or 2.2 g/kg of the reference weight,
//! the adjusted weight at a BMI of 30 or more, held between the floor of
//! 0.8 g/kg (1.0 from 65) and 10% of energy and the ceiling of 2.0 g/kg
//! and 35%; at least 25% on high-protein), in the answer's language.

use mealplan_domain::targets::basis::{
    HIGH_PROTEIN_SHARE, PROTEIN_MAX_PER_KG, Shift, Stage, reference_weight,
};
use mealplan_domain::targets::{KCAL_PER_G, Ranges, child};
use mealplan_domain::{Goal, Targets};
use mealplan_ports::Person;

use crate::lang::Lang;

/// A number with the language's decimal mark ("1.0", "1,0").
fn dec(v: f64, places: usize, lang: Lang) -> String {
    let s = format!("{v:.places$}");
    match lang {
        Lang::En => s,
        Lang::Es => s.replace('.', ","),
    }
}

/// The rule that set `p`'s protein target `t.protein` at `age`.
pub(super) fn protein_rule(p: &Person, age: u32, t: &Targets<f64>, lang: Lang) -> String {
    let body = &p.body;
    let kg = body.weight.kg();
    let target = t.protein.round();
    if Stage::of(age) == Stage::Child {
        let rda = child::protein_rda_per_kg(age);
        return match lang {
            Lang::En => format!(
                "Protein: the RDA for a child of {age}, {} g per kg × {kg} kg, and at least 10% of the calories: {target} g.",
                dec(rda, 2, lang)
            ),
            Lang::Es => format!(
                "Proteína: la ingesta recomendada para un niño de {age} años, {} g por kg × {} kg, y al menos el 10% de las calorías: {target} g.",
                dec(rda, 2, lang),
                dec(kg, 0, lang)
            ),
        };
    }
    let reference = reference_weight(body, age);
    let adjusted = (reference - kg).abs() > 0.05;
    let lean = reference * (1.0 - p.body_fat_percentage / 100.0);
    let per_kg = if body.goal == Goal::MaintainWeight {
        2.0
    } else {
        2.2
    };
    let computed = lean * per_kg;
    let ranges = Ranges::new(body, age, t.calories, &p.diet_types);
    let (lo, hi) = ranges.protein;
    let older = Stage::of(age) == Stage::Older;
    let floor_per_kg = if older { 1.0 } else { 0.8 };
    let shift = Shift::of(age, &p.diet_types);
    let high_floor = HIGH_PROTEIN_SHARE * t.calories / KCAL_PER_G.protein;
    let weight = match (adjusted, lang) {
        (true, Lang::En) => {
            format!("your adjusted weight, {reference:.0} kg, since your BMI is 30 or more")
        }
        (true, Lang::Es) => {
            format!("tu peso ajustado, {reference:.0} kg, porque tu IMC es 30 o más")
        }
        (false, Lang::En) => format!("{reference:.0} kg"),
        (false, Lang::Es) => format!("{reference:.0} kg"),
    };
    let mut out = match lang {
        Lang::En => format!(
            "Protein: {} g per kg of lean mass ({lean:.0} kg: {weight}, at {:.0}% body fat)",
            dec(per_kg, 1, lang),
            p.body_fat_percentage
        ),
        Lang::Es => format!(
            "Proteína: {} g por kg de masa magra ({lean:.0} kg: {weight}, con un {:.0}% de grasa corporal)",
            dec(per_kg, 1, lang),
            p.body_fat_percentage
        ),
    };
    let ruled = computed.clamp(lo, hi).round();
    if (computed.round() - target).abs() < 1.0 {
        out.push_str(&format!(": {target} g."));
        return out;
    }
    out.push_str(&match lang {
        Lang::En => format!(" gives {computed:.0} g"),
        Lang::Es => format!(" da {computed:.0} g"),
    });
    let clause = if shift.high_protein && computed < lo && (lo - high_floor).abs() < 0.5 {
        match lang {
            Lang::En => format!(
                "; your high-protein diet raises it to at least 25% of the calories, {lo:.0} g"
            ),
            Lang::Es => format!(
                "; tu dieta alta en proteína la sube al menos al 25% de las calorías, {lo:.0} g"
            ),
        }
    } else if computed < lo {
        match lang {
            Lang::En => format!(
                "; raised to the floor, {lo:.0} g: at least {} g per kg{} and 10% of the calories",
                dec(floor_per_kg, 1, lang),
                if older { " from 65 (PROT-AGE)" } else { "" }
            ),
            Lang::Es => format!(
                "; sube al mínimo, {lo:.0} g: al menos {} g por kg{} y el 10% de las calorías",
                dec(floor_per_kg, 1, lang),
                if older {
                    " desde los 65 (PROT-AGE)"
                } else {
                    ""
                }
            ),
        }
    } else if computed > hi {
        match lang {
            Lang::En => format!(
                "; held at the ceiling, {hi:.0} g: at most {} g per kg and 35% of the calories",
                dec(PROTEIN_MAX_PER_KG, 1, lang)
            ),
            Lang::Es => format!(
                "; se queda en el máximo, {hi:.0} g: como mucho {} g por kg y el 35% de las calorías",
                dec(PROTEIN_MAX_PER_KG, 1, lang)
            ),
        }
    } else {
        String::new()
    };
    out.push_str(&clause);
    if (ruled - target).abs() >= 1.0 {
        let why = if shift.low_carb {
            lang.pick(
                "your low-carb diet moves part of the carbohydrate's energy to protein",
                "tu dieta baja en carbohidratos pasa parte de la energía de los carbohidratos a la proteína",
            )
        } else if shift.high_carb {
            lang.pick(
                "your high-carbohydrate diet leaves room for 60% carbohydrate",
                "tu dieta alta en carbohidratos deja sitio al 60% de carbohidratos",
            )
        } else {
            lang.pick(
                "the split keeps carbohydrate and fat within their ranges",
                "el reparto mantiene los carbohidratos y la grasa en sus rangos",
            )
        };
        out.push_str(&match lang {
            Lang::En => format!("; {why}: {target} g."),
            Lang::Es => format!("; {why}: {target} g."),
        });
    } else if clause.is_empty() {
        out.push_str(&format!(": {target} g."));
    } else {
        out.push('.');
    }
    out
}
