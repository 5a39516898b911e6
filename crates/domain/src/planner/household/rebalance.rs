//! A stored day of a household plan, changed after the fact: re-balanced
//! around the meals people ate or chose, or re-portioned after a swap.
//!
//! The day is read as the table it is: each dish with its eaters and
//! their portions. Every person who eats that day gets a seat over their
//! own dishes (in day order); a dish that must stay as it is keeps each
//! eater's portion, the others' portions are free within each person's
//! range. The search is the planner's own ([`Search::improve`]), started
//! from the day as it stands rather than from random dishes.

use crate::food::recipe::Recipe;
use crate::planner::whole_day::Dishes;

use super::dish::{Keep, TableDish};
use super::{
    Choice, Diner, Packed, Search, Seat, Share, TableSlot, bonuses_of, pool, variety, week_costs,
};
use crate::planner::{Budget, Rng};

/// Rounds of the planner's random starts a stuck day may take.
const RESTARTS: usize = 40;

/// A stored day of a household plan, and what the rest of the week uses.
#[derive(Debug, Clone)]
pub struct TableDayRequest<'a> {
    /// The catalogue the dishes index.
    pub recipes: &'a [Recipe],
    /// The people at the table.
    pub diners: &'a [Diner],
    /// Protein foods and dish families of the catalogue.
    pub dishes: &'a Dishes,
    /// How often each recipe is used on the plan's other days.
    pub used: Vec<u32>,
    /// The day's dishes, in schedule order.
    pub meals: Vec<TableDish>,
    /// Seed of the random starts tried when the day as it stands cannot
    /// be improved onto everyone's targets.
    pub seed: u64,
    /// When to stop searching and keep the best found by then
    /// ([`Budget::unlimited`] to search to the end).
    pub budget: &'a Budget,
    /// For each dish of `meals`, the recipes its eaters have at the same
    /// slot on the day before or after ([`variety::neighbours`]): a
    /// dish that may change takes none of them (nor their twins) while
    /// its slot has [`VARIETY_MIN_CANDIDATES`](crate::planner::VARIETY_MIN_CANDIDATES)
    /// or more candidates, as the planner's days do. Empty: no ban.
    pub neighbours: Vec<Vec<usize>>,
}

/// The day re-balanced: `None` when every person's day is within their
/// tolerances already, or when nothing found lands more people than the
/// day as it stands (nothing changes); else the dishes with new portions
/// and, where portions alone cannot land someone's day, new recipes for
/// dishes that may change ([`Keep::Nothing`]), each keeping the rules of
/// everyone who eats it and giving no one a recipe twice. The search
/// starts from the day as it stands, then tries the planner's random
/// starts while someone still misses, until the request's budget is
/// spent; a day whose budget is spent before it starts keeps its dishes
/// and only gets new portions.
pub fn rebalance_table_day(request: &TableDayRequest<'_>) -> Option<Vec<TableDish>> {
    let table = Table::of(request);
    let search = table.search(request);
    let mut choice = table.choice(request);
    let as_served = table.served(request);
    let missed_as_served = (0..table.seats.len())
        .filter(|s| {
            let dishes = search.dishes_of(*s, &choice);
            !table.seats[*s].admits(&search.totals(&dishes, &as_served[*s]))
        })
        .count();
    if missed_as_served == 0 {
        return None;
    }
    // Out of time, the day keeps its dishes and only gets new portions.
    if !search.everyone_on_target(&choice) && !request.budget.spent() {
        let week = week_costs(request.dishes, &request.used).weighing_day();
        let cost = search.improve(&mut choice, &week);
        if !search.everyone_on_target(&choice) {
            // Stuck from the day as it stands: the planner's random starts
            // (over the dishes that may change) may find better.
            let mut rng = Rng(request.seed ^ 0x7ab1_e0ff);
            let mut best = (search.missed(&choice), cost);
            for _ in 0..RESTARTS {
                if request.budget.spent() {
                    break;
                }
                let Some((other, _)) = search.best_day(&mut rng, &week) else {
                    break;
                };
                let scored = (search.missed(&other), search.cost(&other, &week));
                if scored < best {
                    best = scored;
                    choice = other;
                }
                if best.0 == 0 {
                    break;
                }
            }
        }
    }
    if search.missed(&choice) > missed_as_served {
        // Nothing found lands more people than the day as it stands.
        return None;
    }
    let portions = search.portions(&choice);
    Some(table.dishes(request, &choice, &portions))
}

/// The day with each eater's portion of every dish that may change
/// chosen anew for their own day (recipes unchanged): what a swap asks
/// for, with the swapped dish [`Keep::Dish`] and the others [`Keep::All`].
pub fn reportion_table_day(request: &TableDayRequest<'_>) -> Vec<TableDish> {
    let table = Table::of(request);
    let search = table.search(request);
    let choice = table.choice(request);
    let portions = search.portions(&choice);
    table.dishes(request, &choice, &portions)
}

/// The day as the planner's search sees it: a slot per dish eaten by
/// someone at the table, a seat per person who eats that day.
struct Table {
    /// Diner index of each seat.
    people: Vec<usize>,
    seats: Vec<Seat>,
    slots: Vec<TableSlot>,
    /// Dish index of each slot.
    dish_of_slot: Vec<usize>,
    packed: Packed,
    bonuses: Vec<Vec<f64>>,
    own_pools: Vec<Vec<Vec<usize>>>,
}

impl Table {
    fn of(request: &TableDayRequest<'_>) -> Self {
        let recipes = request.recipes;
        let diners = request.diners;
        let known = |s: &&Share| s.diner < diners.len();
        let people: Vec<usize> = (0..diners.len())
            .filter(|d| {
                request
                    .meals
                    .iter()
                    .any(|m| m.shares.iter().any(|s| s.diner == *d))
            })
            .collect();
        let seat_of = |d: usize| people.iter().position(|p| *p == d);
        let mut slots = Vec::new();
        let mut dish_of_slot = Vec::new();
        for (i, m) in request.meals.iter().enumerate() {
            let eaters: Vec<usize> = m.shares.iter().filter(known).map(|s| s.diner).collect();
            if eaters.is_empty() {
                continue;
            }
            let mut candidates = match m.keep {
                Keep::Nothing => pool(recipes, diners, m.meal_type, &eaters),
                Keep::Dish | Keep::All => Vec::new(),
            };
            if let Some(near) = request.neighbours.get(i) {
                variety::rid_of_neighbours(&mut candidates, near, m.recipe, request.dishes);
            }
            if !candidates.contains(&m.recipe) {
                candidates.push(m.recipe);
            }
            slots.push(TableSlot {
                meal_type: m.meal_type,
                groups: vec![eaters.iter().filter_map(|d| seat_of(*d)).collect()],
                pools: vec![candidates],
                split: None,
            });
            dish_of_slot.push(i);
        }
        let seats = people
            .iter()
            .map(|d| {
                let mut fed_by = Vec::new();
                let mut kinds = Vec::new();
                let mut fixed = Vec::new();
                for (t, i) in dish_of_slot.iter().enumerate() {
                    let m = &request.meals[*i];
                    if let Some(share) = m.shares.iter().find(|s| s.diner == *d) {
                        fed_by.push((t, 0));
                        kinds.push(m.meal_type);
                        fixed.push((m.keep == Keep::All).then_some(share.servings));
                    }
                }
                let mut seat = Seat::new(&diners[*d], recipes, &kinds, &fixed);
                seat.fed_by = fed_by;
                seat
            })
            .collect();
        let at_table: Vec<Diner> = people.iter().map(|d| diners[*d].clone()).collect();
        Self {
            own_pools: vec![Vec::new(); people.len()],
            bonuses: bonuses_of(recipes, &at_table),
            people,
            seats,
            slots,
            dish_of_slot,
            packed: Packed::of(recipes),
        }
    }

    fn search<'s>(&'s self, request: &'s TableDayRequest<'_>) -> Search<'s> {
        Search {
            recipes: request.recipes,
            dishes: request.dishes,
            own_pools: &self.own_pools,
            slots: &self.slots,
            seats: &self.seats,
            packed: &self.packed,
            bonuses: &self.bonuses,
            budget: request.budget,
        }
    }

    /// The dishes as they stand.
    fn choice(&self, request: &TableDayRequest<'_>) -> Choice {
        self.dish_of_slot
            .iter()
            .map(|i| vec![request.meals[*i].recipe])
            .collect()
    }

    /// Each seat's portions as they stand, in its dishes' order.
    fn served(&self, request: &TableDayRequest<'_>) -> Vec<Vec<f64>> {
        self.people
            .iter()
            .map(|d| {
                self.dish_of_slot
                    .iter()
                    .filter_map(|i| {
                        request.meals[*i]
                            .shares
                            .iter()
                            .find(|s| s.diner == *d)
                            .map(|s| s.servings)
                    })
                    .collect()
            })
            .collect()
    }

    /// The request's dishes with `choice`'s recipes and each seat's
    /// `portions`.
    fn dishes(
        &self,
        request: &TableDayRequest<'_>,
        choice: &Choice,
        portions: &[Vec<f64>],
    ) -> Vec<TableDish> {
        let mut out = request.meals.clone();
        for (t, i) in self.dish_of_slot.iter().enumerate() {
            out[*i].recipe = choice[t][0];
        }
        for (seat, d) in self.people.iter().enumerate() {
            for ((t, _), servings) in self.seats[seat].fed_by.iter().zip(&portions[seat]) {
                let dish = &mut out[self.dish_of_slot[*t]];
                if let Some(share) = dish.shares.iter_mut().find(|s| s.diner == *d) {
                    share.servings = *servings;
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::food::allergen::Allergen;
    use crate::food::nutrition::Nutrition;
    use crate::planner::HardRules;
    use crate::planner::PlanRequest;
    use crate::planner::household::{TableDay, plan_table};
    use crate::planner::tests::catalogue;
    use crate::profile::MealsPerDay;
    use crate::profile::targets::{DayTargets, Targets};

    fn diner(calories: f64, meals: i64, rules: HardRules) -> Diner {
        let protein = calories * 0.25 / 4.0;
        let fat = calories * 0.3 / 9.0;
        let carbs = (calories - protein * 4.0 - fat * 9.0) / 4.0;
        let targets = DayTargets::parse(Targets {
            calories,
            protein,
            carbs,
            fat,
        })
        .unwrap();
        Diner::new(targets, MealsPerDay::parse(meals).unwrap(), rules)
    }

    fn table() -> (Vec<Recipe>, Vec<Diner>, TableDay) {
        let recipes = catalogue(60, 3);
        let taxonomy = crate::Taxonomy::default();
        let no_nuts = HardRules::new(&taxonomy, [Allergen::Peanut.restriction_name()], &[]);
        let diners = vec![
            diner(2000.0, 3, HardRules::default()),
            diner(2900.0, 4, no_nuts),
        ];
        let request = PlanRequest::new(&recipes, diners.clone(), 1)
            .unwrap()
            .with_seed(4);
        let day = plan_table(&request).unwrap().remove(0);
        (recipes, diners, day)
    }

    fn dishes_of(recipes: &[Recipe], day: &TableDay) -> Vec<TableDish> {
        day.meals
            .iter()
            .map(|m| TableDish {
                recipe: recipes.iter().position(|r| r.id == m.recipe_id).unwrap(),
                meal_type: m.meal_type,
                shares: m.shares.clone(),
                keep: Keep::Nothing,
                leftover_of: None,
            })
            .collect()
    }

    fn totals(recipes: &[Recipe], meals: &[TableDish], d: usize) -> Nutrition {
        meals
            .iter()
            .flat_map(|m| {
                m.shares
                    .iter()
                    .filter(|s| s.diner == d)
                    .map(|s| recipes[m.recipe].nutrition().served(s.servings))
            })
            .sum()
    }

    /// Every dish of `meals` keeps the rules of everyone who eats it, and
    /// no one has a recipe twice.
    fn assert_rules_kept(recipes: &[Recipe], diners: &[Diner], meals: &[TableDish]) {
        for (d, diner) in diners.iter().enumerate() {
            let mut seen = Vec::new();
            for m in meals
                .iter()
                .filter(|m| m.shares.iter().any(|s| s.diner == d))
            {
                assert!(diner.rules.allow(&recipes[m.recipe]), "{d}: {}", m.recipe);
                assert!(!seen.contains(&m.recipe), "a recipe twice for {d}");
                seen.push(m.recipe);
            }
        }
    }

    #[test]
    fn a_household_searched_out_of_time_keeps_everyones_rules_and_says_so() {
        let (recipes, diners, _) = table();
        let spent = Budget::lasting(std::time::Duration::ZERO);
        let request = PlanRequest::new(&recipes, diners.clone(), 7)
            .unwrap()
            .with_seed(4)
            .with_budget(&spent);
        let week = plan_table(&request).unwrap();
        assert!(spent.cut_short());
        assert_eq!(week.len(), 7);
        for day in &week {
            assert_rules_kept(&recipes, &diners, &dishes_of(&recipes, day));
        }
    }

    #[test]
    fn a_day_on_target_is_left_alone() {
        let (recipes, diners, day) = table();
        let dishes = Dishes::new(&recipes, None);
        let request = TableDayRequest {
            recipes: &recipes,
            diners: &diners,
            dishes: &dishes,
            used: vec![0; recipes.len()],
            meals: dishes_of(&recipes, &day),
            seed: 1,
            budget: Budget::unlimited(),
            neighbours: Vec::new(),
        };
        assert_eq!(rebalance_table_day(&request), None);
    }

    #[test]
    fn a_big_breakfast_eaten_is_balanced_by_everyone_elses_portions() {
        let (recipes, diners, day) = table();
        let dishes = Dishes::new(&recipes, None);
        let mut meals = dishes_of(&recipes, &day);
        // The holder ate twice their breakfast; it stays as eaten.
        meals[0].keep = Keep::All;
        for s in meals[0].shares.iter_mut().filter(|s| s.diner == 0) {
            s.servings = 2.0;
        }
        let eaten = meals[0].clone();
        let request = TableDayRequest {
            recipes: &recipes,
            diners: &diners,
            dishes: &dishes,
            used: vec![0; recipes.len()],
            meals,
            seed: 1,
            budget: Budget::unlimited(),
            neighbours: Vec::new(),
        };
        let out = rebalance_table_day(&request).expect("the holder's day was off");
        assert_eq!(out[0], eaten);
        for (d, diner) in diners.iter().enumerate() {
            let t = totals(&recipes, &out, d);
            assert!(
                diner.tolerances.admits(&t, &diner.targets.get()),
                "{d}: {t:?}"
            );
            let mut seen = Vec::new();
            for m in out.iter().filter(|m| m.shares.iter().any(|s| s.diner == d)) {
                assert!(diner.rules.allow(&recipes[m.recipe]));
                assert!(!seen.contains(&m.recipe), "a recipe twice for {d}");
                seen.push(m.recipe);
            }
        }
    }

    #[test]
    fn a_swapped_dish_is_re_portioned_for_each_eater_alone() {
        let (recipes, diners, day) = table();
        let dishes = Dishes::new(&recipes, None);
        let mut meals = dishes_of(&recipes, &day);
        for m in &mut meals {
            m.keep = Keep::All;
        }
        // Swap the last shared dish for the largest allowed recipe of its slot.
        let k = meals.iter().rposition(|m| m.shares.len() == 2).unwrap();
        let taken: Vec<usize> = meals.iter().map(|m| m.recipe).collect();
        let bigger = (0..recipes.len())
            .filter(|r| {
                recipes[*r].serves(meals[k].meal_type)
                    && !taken.contains(r)
                    && diners.iter().all(|d| d.rules.allow(&recipes[*r]))
            })
            .max_by(|a, b| {
                let c = |r: &usize| recipes[*r].nutrition().calories;
                c(a).total_cmp(&c(b))
            })
            .unwrap();
        meals[k].recipe = bigger;
        meals[k].keep = Keep::Dish;
        let before = meals.clone();
        let request = TableDayRequest {
            recipes: &recipes,
            diners: &diners,
            dishes: &dishes,
            used: vec![0; recipes.len()],
            meals,
            seed: 1,
            budget: Budget::unlimited(),
            neighbours: Vec::new(),
        };
        let out = reportion_table_day(&request);
        for (i, (was, now)) in before.iter().zip(&out).enumerate() {
            assert_eq!(was.recipe, now.recipe);
            if i != k {
                assert_eq!(was, now, "only the swapped dish is re-portioned");
            }
        }
        // Each eater's portion brings their own day no further from their
        // calories than it was at the old portions.
        for (d, diner) in diners.iter().enumerate() {
            let want = diner.targets.get().calories;
            let off = |m: &[TableDish]| (totals(&recipes, m, d).calories - want).abs();
            assert!(off(&out) <= off(&before) + 1e-9, "{d}");
        }
        assert!(
            out[k]
                .shares
                .iter()
                .all(|s| (0.5..=2.0).contains(&s.servings))
        );
    }
}
