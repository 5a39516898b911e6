//! How much of a pantry's due grams any week on target could use: the
//! bound the pantry table's planner is measured against.
//!
//! A week whose days meet their person's targets where the plan's do
//! (and miss them elsewhere by no more than the plan's) eats on each day
//! one recipe a slot, each a recipe that can be in such a day at all
//! ([`Diner::best_miss`] with the slot held to it is at most the day's
//! miss; exact for one and two slots, a relaxation for more), at most its
//! slot's largest portion, and at most the calorie tolerance (and the
//! day's miss) above the day's calories in all. So day `d` can take of the foods due within the
//! week and still good on it no more than the least of: each slot's
//! landing recipe drawing the most of them at the largest portion, summed
//! over the slots; and the day's calories times the most any landing
//! recipe draws of them a kcal. The same holds of each food alone. An
//! item gives no more than it holds, only up to its use-by. The most a
//! week can take is then a maximum flow from the days through the items
//! ([`reach`]): a bound (the week's repeat and protein rules left out),
//! not a plan.

use mealplan_domain::planner::Diner;

use super::*;

/// A recipe a slot may take: its grams a serving of each held food, its
/// largest portion, its kcal a serving and the least miss of a day with
/// it.
type Lands = (Vec<f64>, f64, f64, f64);

/// The most grams of the items of `held` (food as shops sell it, grams as
/// recipes list it, use-by) due by [`today`] + 6 that a 7-day week of
/// `me` over `recipes` could take before due when each of its days misses
/// `me`'s targets by no more than `misses` says (as the planner ranks a
/// miss, [`Diner::day_miss`]; 0: on target): see the module.
pub fn reach(
    recipes: &[Recipe],
    me: &Diner,
    held: &[(String, f64, Option<NaiveDate>)],
    misses: &[f64; 7],
) -> f64 {
    let day_of = |date: NaiveDate| ((date - today()).num_days() + 1).max(1) as usize;
    let due: Vec<(usize, f64, usize)> = held
        .iter()
        .filter_map(|(food, grams, use_by)| {
            let day = day_of((*use_by)?);
            (day <= 7).then_some((food, *grams, day))
        })
        .map(|(food, grams, day)| {
            let food = held.iter().position(|(f, _, _)| f == food).unwrap_or(0);
            (food, grams, day)
        })
        .collect();
    if due.is_empty() {
        return 0.0;
    }
    // Each recipe's grams a serving of each held food (by its first
    // position in `held`).
    let draw = |r: &Recipe| -> Vec<f64> {
        let mut out = vec![0.0; held.len()];
        for i in r.ingredients() {
            let (food, grams) = kitchen().bought_as(&i.name, i.grams);
            if let Some(k) = held.iter().position(|(f, _, _)| f == food) {
                out[k] += grams;
            }
        }
        out
    };
    // Recipes of each slot that draw on a due food: (draws, largest
    // portion, kcal a serving, the least miss of a day with it).
    let mut landing: Vec<Vec<Lands>> = vec![Vec::new(); me.slots.len()];
    for (k, meal) in me.slots.iter().enumerate() {
        let max = me.portions.range(*meal).max;
        for (i, r) in recipes.iter().enumerate() {
            if !r.serves(*meal) || !me.rules.allow(r) {
                continue;
            }
            let grams = draw(r);
            if due.iter().all(|(f, _, _)| grams[*f] <= 0.0) {
                continue;
            }
            let mut exclude = vec![Vec::new(); me.slots.len()];
            exclude[k] = (0..recipes.len()).filter(|j| *j != i).collect();
            if let Some(b) = me.best_miss(recipes, &me.slots, &exclude) {
                landing[k].push((grams, max, r.nutrition().calories.max(1.0), b.miss));
            }
        }
    }
    let target = me.targets.get().calories;
    // The most a day missing by `miss` can take of the foods `foods`.
    let most = |foods: &[usize], miss: f64| -> f64 {
        let of = |g: &[f64]| foods.iter().map(|f| g[*f]).sum::<f64>();
        let lands = |m: &f64| *m <= miss + 1e-9;
        let by_slots: f64 = landing
            .iter()
            .map(|slot| {
                slot.iter()
                    .filter(|(_, _, _, m)| lands(m))
                    .map(|(g, max, _, _)| of(g) * max)
                    .fold(0.0, f64::max)
            })
            .sum();
        let by_kcal = landing
            .iter()
            .flatten()
            .filter(|(_, _, _, m)| lands(m))
            .map(|(g, _, per, _)| of(g) / per)
            .fold(0.0, f64::max)
            * target
            * (1.0 + me.tolerances.calories + miss);
        by_slots.min(by_kcal)
    };
    // Nodes: 0 source, 1..=7 days, then the items, then the sink.
    let n = 2 + 7 + due.len();
    let sink = n - 1;
    let mut cap = vec![vec![0.0_f64; n]; n];
    for day in 1..=7 {
        let mut good: Vec<usize> = due
            .iter()
            .filter(|(_, _, u)| *u >= day)
            .map(|(f, _, _)| *f)
            .collect();
        good.sort_unstable();
        good.dedup();
        let miss = misses[day - 1];
        cap[0][day] = most(&good, miss);
        for (j, (f, _, u)) in due.iter().enumerate() {
            if *u >= day {
                cap[day][8 + j] = most(&[*f], miss);
            }
        }
    }
    for (j, (_, grams, _)) in due.iter().enumerate() {
        cap[8 + j][sink] = *grams;
    }
    max_flow(cap, sink)
}

/// How many recipes of `me` over `recipes` draw on `food` (as shops sell
/// it) and can be in a day on target at all ([`Diner::best_miss`] with a
/// slot of theirs held to the recipe: exact for one and two slots, a
/// relaxation for more): none means no week on target can use the food.
pub fn landing(recipes: &[Recipe], me: &Diner, food: &str) -> usize {
    let holds = |r: &Recipe| {
        r.ingredients()
            .iter()
            .any(|i| kitchen().bought_as(&i.name, 1.0).0 == food)
    };
    (0..recipes.len())
        .filter(|i| me.rules.allow(&recipes[*i]) && holds(&recipes[*i]))
        .filter(|i| {
            me.slots.iter().enumerate().any(|(k, meal)| {
                if !recipes[*i].serves(*meal) {
                    return false;
                }
                let mut exclude = vec![Vec::new(); me.slots.len()];
                exclude[k] = (0..recipes.len()).filter(|j| j != i).collect();
                me.best_miss(recipes, &me.slots, &exclude)
                    .is_some_and(|b| b.miss <= 1e-9)
            })
        })
        .count()
}

/// The maximum flow from node 0 to `sink` over capacities `cap`
/// (augmenting paths, breadth first).
fn max_flow(mut cap: Vec<Vec<f64>>, sink: usize) -> f64 {
    let n = cap.len();
    let mut flow = 0.0;
    loop {
        let mut from = vec![usize::MAX; n];
        from[0] = 0;
        let mut queue = std::collections::VecDeque::from([0]);
        while let Some(u) = queue.pop_front() {
            for v in 0..n {
                if from[v] == usize::MAX && cap[u][v] > 1e-9 {
                    from[v] = u;
                    queue.push_back(v);
                }
            }
        }
        if from[sink] == usize::MAX {
            return flow;
        }
        let mut push = f64::INFINITY;
        let mut v = sink;
        while v != 0 {
            push = push.min(cap[from[v]][v]);
            v = from[v];
        }
        let mut v = sink;
        while v != 0 {
            cap[from[v]][v] -= push;
            cap[v][from[v]] += push;
            v = from[v];
        }
        flow += push;
    }
}

#[cfg(test)]
mod tests {
    use super::max_flow;

    #[test]
    fn the_flow_is_bounded_by_the_narrowest_cut() {
        // 0 -> 1 (5), 0 -> 2 (3), 1 -> 2 (1), 1 -> 3 (2), 2 -> 3 (10):
        // 2 by 1, 3 by 2 and 1 by 1 then 2.
        let mut cap = vec![vec![0.0; 4]; 4];
        cap[0][1] = 5.0;
        cap[0][2] = 3.0;
        cap[1][3] = 2.0;
        cap[2][3] = 10.0;
        cap[1][2] = 1.0;
        assert!((max_flow(cap, 3) - 6.0).abs() < 1e-9);
        // A cut of 2 + 1 + 3 through the source's other side.
        let mut narrow = vec![vec![0.0; 3]; 3];
        narrow[0][1] = 5.0;
        narrow[1][2] = 2.5;
        assert!((max_flow(narrow, 2) - 2.5).abs() < 1e-9);
    }
}
