//! Person-weeks where one protein food crowds the week (issue 38 item 4,
//! variety as people notice it): in more than
//! [`MAIN_PER_WEEK`](whole_day::MAIN_PER_WEEK) meals, or in two meals of
//! a day. Counted twice: by the planner's main ingredients
//! ([`whole_day::mains_of`]), and by any main protein food (staples aside)
//! present at [`SEEN_GRAMS`] or more in the meal as served, which needs
//! no reading of the recipe's name.

use super::*;

/// Grams of a protein food in a meal as served from which a reader sees
/// it whatever the recipe's name.
pub const SEEN_GRAMS: f64 = 50.0;

/// Person-weeks, and of those, weeks crowded by a main ingredient and
/// weeks crowded by a protein food of [`SEEN_GRAMS`].
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Crowding {
    /// Person-weeks counted.
    pub weeks: usize,
    /// Weeks with a main ingredient in more than four meals or two of a day.
    pub by_mains: usize,
    /// Weeks with a protein food of [`SEEN_GRAMS`] or more so.
    pub by_grams: usize,
}

impl Crowding {
    /// Adds one person's week: each day's meals as (recipe index into
    /// `recipes`, servings).
    pub fn add(&mut self, recipes: &[Recipe], days: &[Vec<(usize, f64)>]) {
        self.weeks += 1;
        let mains = |(r, _): &(usize, f64)| {
            whole_day::mains_of(&recipes[*r], Some(kitchen()))
                .into_iter()
                .map(str::to_owned)
                .collect()
        };
        let seen = |(r, s): &(usize, f64)| seen_foods(&recipes[*r], *s);
        self.by_mains += usize::from(crowded(days, mains));
        self.by_grams += usize::from(crowded(days, seen));
    }

    /// `by_mains / by_grams of weeks`.
    pub fn text(&self) -> String {
        format!("{} / {} of {}", self.by_mains, self.by_grams, self.weeks)
    }
}

/// The main protein foods (staples aside) of `recipe` at [`SEEN_GRAMS`]
/// or more in `servings` of it, one name each however it is set.
fn seen_foods(recipe: &Recipe, servings: f64) -> Vec<String> {
    let mut grams: Vec<(&str, f64)> = Vec::new();
    for i in recipe.ingredients() {
        let main = !whole_day::is_staple(&i.name)
            && kitchen().get(&i.name).and_then(|f| f.protein_food(&i.name))
                == Some(mealplan_domain::kitchen::ProteinFood::Main);
        if !main {
            continue;
        }
        let key = whole_day::food_key(&i.name);
        match grams.iter_mut().find(|(k, _)| *k == key) {
            Some((_, g)) => *g += i.grams * servings,
            None => grams.push((key, i.grams * servings)),
        }
    }
    grams
        .into_iter()
        .filter(|(_, g)| *g >= SEEN_GRAMS)
        .map(|(k, _)| k.to_owned())
        .collect()
}

/// Whether some food of `foods` (each meal's) is in more than four meals
/// of `days` or in two meals of one day.
fn crowded(days: &[Vec<(usize, f64)>], foods: impl Fn(&(usize, f64)) -> Vec<String>) -> bool {
    let mut week: Vec<(String, u32)> = Vec::new();
    for day in days {
        let mut today: Vec<String> = Vec::new();
        for food in day.iter().flat_map(&foods) {
            if today.contains(&food) {
                return true;
            }
            match week.iter_mut().find(|(f, _)| *f == food) {
                Some((_, n)) => *n += 1,
                None => week.push((food.clone(), 1)),
            }
            today.push(food);
        }
    }
    week.iter().any(|(_, n)| *n > whole_day::MAIN_PER_WEEK)
}
