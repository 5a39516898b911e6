//! The days of a pantry week put in the order that eats the food due
//! soonest first.
//!
//! Every day of a one-eater week has the same targets, limits and
//! rules, so a day on its targets stays so on any other day of the week:
//! only the use-by dates, and the rule that a slot's recipe (or its
//! twin) does not come two days running, tell the days apart. The day
//! search plans day 1 first and the later passes change one or two days
//! at a time, so a day that draws on food due on day 2 may sit on day 5,
//! where that item is past its use-by, while a day drawing on food due on
//! day 6 sits on day 1. Here every order of the days (5,040 for a week)
//! keeping the consecutive-day rule at least as well as the week kept it
//! is weighed by the due grams it uses, the meals taking from the
//! earliest due items good on their day, as ticking them eaten does; the
//! order using most is kept when it uses more (branch pantry49).

use super::pantry::Stock;
use super::pantry_week::{GAIN, Week};
use super::{PlannedDay, VARIETY_MIN_CANDIDATES};

/// Days of a week the order search looks at whole: 8! orders is 40,320,
/// still cheap; longer plans are left as they are.
const MOST_DAYS: usize = 8;

/// The search of [`Week::reorder`]: the days' meals, which pairs of days
/// may not be neighbours, and the best order found.
struct Orders<'a> {
    stock: &'a Stock,
    /// Each day's meals as (recipe index, servings).
    meals: Vec<Vec<(usize, f64)>>,
    /// `clash[a][b]`: how many slots of days `a` and `b` hold one recipe
    /// (or twins) where the consecutive-day rule holds.
    clash: Vec<Vec<usize>>,
    /// The most clashes between neighbours an order may have: the week's.
    allowed: usize,
    last: u32,
    best: (f64, Vec<usize>),
}

impl Orders<'_> {
    /// Every order from `order` (the days placed so far, `left` the
    /// stock's grams as they leave it, `used` their due grams, `clashes`
    /// their neighbours' clashes), the best kept in `best`.
    fn search(&mut self, order: &mut Vec<usize>, left: &[f64], used: f64, clashes: usize) {
        let n = self.meals.len();
        if order.len() == n {
            if used > self.best.0 + 1e-9 {
                self.best = (used, order.clone());
            }
            return;
        }
        let day = order.len() as u32 + 1;
        for next in 0..n {
            if order.contains(&next) {
                continue;
            }
            let clashes = clashes + order.last().map_or(0, |p| self.clash[*p][next]);
            if clashes > self.allowed {
                continue;
            }
            let mut after = left.to_vec();
            let got = self
                .stock
                .draw_due(&mut after, &self.meals[next], day, self.last);
            order.push(next);
            self.search(order, &after, used + got, clashes);
            order.pop();
        }
    }
}

impl Week<'_> {
    /// `days` in the order of their days that uses the most of the grams
    /// due within the plan (see the module), kept when that beats the
    /// week's own order by [`GAIN`]; the week's due grams once done. Only
    /// weeks without leftovers come here (`use_up` returns before), whose
    /// day notes are all empty, so the days move alone.
    pub(super) fn reorder(&self, stock: &Stock, days: &mut [PlannedDay]) -> f64 {
        let recipes = self.request.recipes;
        let last = u32::from(self.request.days);
        let now = stock.due_used_by(recipes, days, last);
        let n = days.len();
        if !(2..=MOST_DAYS).contains(&n) {
            return now;
        }
        let index = |id: i64| recipes.iter().position(|r| r.id == id);
        let Some(meals) = days
            .iter()
            .map(|d| {
                d.meals
                    .iter()
                    .map(|m| Some((index(m.recipe_id)?, m.servings)))
                    .collect::<Option<Vec<_>>>()
            })
            .collect::<Option<Vec<_>>>()
        else {
            return now;
        };
        let slots = self.slot_pools.len();
        let clash: Vec<Vec<usize>> = (0..n)
            .map(|a| {
                (0..n)
                    .map(|b| {
                        (0..slots)
                            .filter(|k| {
                                self.slot_pools[*k].len() >= VARIETY_MIN_CANDIDATES
                                    && match (meals[a].get(*k), meals[b].get(*k)) {
                                        (Some((x, _)), Some((y, _))) => {
                                            x == y || self.dishes.twin(*x) == self.dishes.twin(*y)
                                        }
                                        _ => false,
                                    }
                            })
                            .count()
                    })
                    .collect()
            })
            .collect();
        let allowed = (1..n).map(|d| clash[d - 1][d]).sum();
        let mut orders = Orders {
            stock,
            meals,
            clash,
            allowed,
            last,
            best: (f64::NEG_INFINITY, Vec::new()),
        };
        orders.search(&mut Vec::with_capacity(n), &stock.lefts(), 0.0, 0);
        let (most, order) = orders.best;
        if most <= now + GAIN || order.len() != n {
            return now;
        }
        let was = days.to_vec();
        for (d, from) in order.into_iter().enumerate() {
            days[d] = PlannedDay {
                day_of_week: was[d].day_of_week,
                ..was[from].clone()
            };
        }
        stock.due_used_by(recipes, days, last)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::planner::dishes_for;
    use crate::planner::one::{OneRequest, plan_one_week};
    use crate::planner::pantry_week::use_up;
    use crate::planner::search::Scorer;
    use crate::planner::tests::{catalogue, due_pantry, pantry_diner};

    /// Every order of `0..n`.
    fn orders(n: usize) -> Vec<Vec<usize>> {
        if n == 0 {
            return vec![Vec::new()];
        }
        let mut out = Vec::new();
        for shorter in orders(n - 1) {
            for at in 0..n {
                let mut o = shorter.clone();
                o.insert(at, n - 1);
                out.push(o);
            }
        }
        out
    }

    #[test]
    fn a_pantry_week_eats_its_days_in_the_order_using_most_of_the_due_food() {
        let recipes = catalogue(30, 11);
        // Fifteen foods due on days 1-7, more than the week can take.
        let pantry = due_pantry(7);
        let diner = pantry_diner().using_pantry(pantry.clone());
        let request = OneRequest::for_diner(&recipes, &diner, 7)
            .unwrap()
            .with_seed(5);
        let stock = Stock::new(&pantry, &recipes).unwrap();
        let scorer = Scorer::new(&request.targets, &request.tolerances, request.limits);
        let dishes = &*dishes_for(request.dishes, request.recipes, request.kitchen);
        let (pools, pool_of) = request.pools(&scorer, dishes);
        let at = Week::new(&request, scorer, dishes, &pools, &pool_of);
        let due = |days: &[PlannedDay]| stock.due_used_by(&recipes, days, 7);
        let twin = |id: i64| dishes.twin(recipes.iter().position(|r| r.id == id).unwrap());
        let neighbours_differ = |days: &[PlannedDay]| {
            days.windows(2).all(|pair| {
                pair[0]
                    .meals
                    .iter()
                    .zip(&pair[1].meals)
                    .all(|(a, b)| twin(a.recipe_id) != twin(b.recipe_id))
            })
        };
        let in_order = |days: &[PlannedDay], order: &[usize]| -> Vec<PlannedDay> {
            order
                .iter()
                .enumerate()
                .map(|(d, from)| PlannedDay {
                    day_of_week: d as u8 + 1,
                    ..days[*from].clone()
                })
                .collect()
        };
        let every = orders(7);
        // After `use_up`, at one to three meals a day, no order of its
        // days keeping the rule that a slot's dish does not come two days
        // running uses more.
        for meals in 1..=3 {
            let diner = crate::planner::Diner::new(
                pantry_diner().targets,
                crate::food::meal::MealsPerDay::parse(meals).unwrap(),
                crate::food::hard_rules::HardRules::default(),
            )
            .using_pantry(pantry.clone());
            let request = OneRequest::for_diner(&recipes, &diner, 7)
                .unwrap()
                .with_seed(5);
            let mut week = plan_one_week(&request, 0).unwrap();
            use_up(&request, &mut week, 0);
            assert!(neighbours_differ(&week.days));
            let got = due(&week.days);
            for order in &every {
                let days = in_order(&week.days, order);
                if neighbours_differ(&days) {
                    assert!(
                        due(&days) <= got + GAIN,
                        "{meals} meals, {order:?}: {} > {got}",
                        due(&days)
                    );
                }
            }
        }
        // The week as first planned, its days backwards: put back in an
        // order using the most, the same days, numbered 1-7.
        let planned = plan_one_week(&request, 0).unwrap().days;
        let backwards: Vec<usize> = (0..7).rev().collect();
        let mut days = in_order(&planned, &backwards);
        let before = due(&days);
        let now = at.reorder(&stock, &mut days);
        assert!((now - due(&days)).abs() < 1e-9);
        assert!(now > before + GAIN, "{now} after, {before} before");
        assert!(neighbours_differ(&days));
        let most = every
            .iter()
            .map(|o| in_order(&planned, o))
            .filter(|d| neighbours_differ(d))
            .map(|d| due(&d))
            .fold(0.0, f64::max);
        assert!((now - most).abs() < 1e-6, "{now} of {most}");
        for (d, day) in days.iter().enumerate() {
            assert_eq!(day.day_of_week as usize, d + 1);
            assert!(planned.iter().any(|p| p.meals == day.meals));
        }
    }
}
