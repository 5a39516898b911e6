//! Each shipped recipe's serving weight, calories, calcium per 1,000 kcal
//! and the day limits' share of one serving (sodium, saturated fat as % of
//! energy), fibre, iron, potassium and B12: for making dense plates richer
//! in calcium without breaking the limits (issue 38).
//!
//! Run: `cargo run --release -p mealplan-bench --example recipe_micro -- [FROM_ID [TO_ID]]`

use mealplan_domain::Micronutrient;

fn main() {
    println!("id g kcal Ca Ca/1000kcal Na satfat% fibre Fe K B12 | diets | name");
    for r in &mealplan_bench::recipes_in_args_range() {
        let n = r.nutrition();
        let m = &r.card.micronutrients;
        let ca = m.get(Micronutrient::Calcium);
        println!(
            "{} {:4.0} {:5.0} {:4.0} {:4.0} {:5.0} {:4.1} {:4.1} {:4.1} {:5.0} {:4.1} | {} | {}",
            r.recipe_id,
            r.grams(),
            n.calories,
            ca,
            1000.0 * ca / n.calories.max(1.0),
            r.card.sodium,
            100.0 * 9.0 * r.card.saturated_fat / n.calories.max(1.0),
            n.fiber,
            m.get(Micronutrient::Iron),
            m.get(Micronutrient::Potassium),
            m.get(Micronutrient::VitaminB12),
            r.diet_types()
                .iter()
                .map(|d| d.as_str())
                .collect::<Vec<_>>()
                .join(","),
            r.name
        );
    }
}
