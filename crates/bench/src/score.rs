//! What one method's plans are scored on: targets, portions, sizes,
//! variety, the whole-day limits, the gap to the bound, time.

use super::*;

/// What a plan is measured against beyond its own days: the slot
/// pattern's one-day bound, a one-meal week's bound, the catalogue's
/// day-rule facts and which limits some day of the profile could keep.
#[derive(Debug, Clone, Copy)]
pub struct Bounds<'a> {
    /// The slot pattern's one-day bound.
    pub bound: Option<Bound>,
    /// A one-meal week's bound.
    pub week: Option<&'a WeekBound>,
    /// The catalogue's day-rule facts.
    pub dishes: &'a Dishes,
    /// Per limit ([`Minor::ALL`]), whether some day could keep it.
    pub reachable: [bool; 4],
}

/// Quality and speed of one method over many plans.
#[derive(Debug, Default, Clone)]
pub struct Score {
    /// Days planned.
    pub days: usize,
    /// Days within 5% kcal and 10% every macro.
    pub inside: usize,
    /// Sum over days of the absolute deviation in percent, per nutrient.
    pub deviation: [f64; 4],
    /// Meals breaking a hard rule, by the planner's own filter.
    pub violations: usize,
    /// Meals breaking a restriction or diet judged against the taxonomy
    /// independently ([`breaks_taxonomy`]), and meals so judged.
    pub taxonomy_violations: (usize, usize),
    /// Meals repeating a recipe of the same day.
    pub repeats: usize,
    /// Meals planned.
    pub meals: usize,
    /// Meals below 0.75 or above 1.5 servings.
    pub outside_usual: usize,
    /// Largest portion.
    pub largest: f64,
    /// Each meal's weight as served, g.
    pub meal_grams: Vec<f64>,
    /// Meals over 900 g (1,200 g on a one-meal day).
    pub heavy_meals: usize,
    /// Snacks above 1.5 servings.
    pub snacks_over: usize,
    /// Meals above 2.5 servings.
    pub meals_over: usize,
    /// Days with three or more meals.
    pub big_days: usize,
    /// Of those, days with a meal over half the day's calories.
    pub oversize_days: usize,
    /// Meals of days with two or more meals.
    pub shared_meals: usize,
    /// Of those, meals whose share of the day's calories is outside their
    /// slot's band.
    pub outside_band: usize,
    /// 7-day plans.
    pub plans: usize,
    /// Sum over plans of their distinct recipes.
    pub distinct: usize,
    /// Fewest distinct recipes of a one-meal-a-day plan.
    pub distinct_one_meal_min: Option<usize>,
    /// Meals with the same recipe as the same slot the day before.
    pub consecutive: usize,
    /// Breaches of the variety rules: a recipe in the same slot as the day
    /// before while the slot has 10 or more candidates, and one-meal plans
    /// with fewer different recipes than 5 (or the days, or the
    /// candidates).
    pub variety_violations: usize,
    /// Days that miss the tolerances.
    pub missed: usize,
    /// Of those, days whose bound is known.
    pub bounded: usize,
    /// Sum and largest of (day's miss − bound), in percentage points. The
    /// bound is the best any plan keeping the rules could reach: for one
    /// meal a day, the week's rank bound ([`WeekBound`]).
    pub gap: (f64, f64),
    /// Missed days more than 2 points from their bound.
    pub gap_over_2: usize,
    /// Largest gap of a missed day to its slot pattern's one-day bound
    /// (the variety rules aside), and the days more than 2 points from it.
    pub one_day: (f64, usize),
    /// Missed days whose bound with the rest of their plan as it is (the
    /// variety rules) is known, the sum and largest of their gaps to it,
    /// and how many are more than 2 points from it.
    pub here: (usize, f64, f64, usize),
    /// Days whose bound is 0: the best any plan could do meets them.
    pub reachable: usize,
    /// Seconds per plan.
    pub times: Vec<f64>,
    /// Profiles the method could not plan.
    pub infeasible: usize,
    /// Days keeping each limit beyond the targets, in [`Minor::ALL`] order
    /// (fibre counts its floor and its ceiling).
    pub limits_met: [usize; 4],
    /// Days whose fibre is above its ceiling.
    pub fibre_over: usize,
    /// Days where some day of the slots could keep each limit
    /// ([`limit_reachable`]).
    pub limits_reachable: [usize; 4],
    /// Days with a protein food in three or more meals.
    pub food_thrice: usize,
    /// Days with two dishes of one family.
    pub family_twice: usize,
    /// Plans of two or more meals a day, and of those, plans with fewer
    /// than 4 different protein foods in the week.
    pub protein_food_weeks: (usize, usize),
    /// Person-weeks judged for micronutrients, and of those, weeks whose
    /// daily average reaches 80% of the reference of each goal
    /// ([`micronutrients::GOALS`](mealplan_domain::planner::micronutrients::GOALS):
    /// calcium, iron, potassium, B12), and of all four.
    pub micro_weeks: (usize, [usize; 4], usize),
    /// Person-weeks crowded by one protein food ([`Crowding`]).
    pub crowded: Crowding,
}

impl Score {
    /// Adds one person-week's micronutrient shares of the reference.
    pub fn add_micro(&mut self, shares: &[(mealplan_domain::Micronutrient, f64); 4]) {
        self.micro_weeks.0 += 1;
        for (k, (_, share)) in shares.iter().enumerate() {
            if *share >= ADEQUATE_SHARE {
                self.micro_weeks.1[k] += 1;
            }
        }
        if shares.iter().all(|(_, s)| *s >= ADEQUATE_SHARE) {
            self.micro_weeks.2 += 1;
        }
    }

    /// A row of the micronutrient table.
    pub fn micro_row(&self, name: &str) -> String {
        let (weeks, each, all) = self.micro_weeks;
        let pct = |n: usize| 100.0 * n as f64 / weeks.max(1) as f64;
        format!(
            "| {name} | {weeks} | {:.1}% | {:.1}% | {:.1}% | {:.1}% | {:.1}% |",
            pct(each[0]),
            pct(each[1]),
            pct(each[2]),
            pct(each[3]),
            pct(all)
        )
    }

    /// Adds one plan; `bound` is the slot pattern's one-day bound, `week`
    /// that of a one-meal week.
    pub fn add(
        &mut self,
        request: &PlanRequest<'_>,
        days: &[PlannedDay],
        bounds: &Bounds<'_>,
        here: &[Option<Bound>],
        seconds: f64,
    ) {
        let Bounds {
            bound,
            week,
            dishes,
            reachable,
        } = *bounds;
        self.times.push(seconds);
        self.plans += 1;
        let t = request.targets();
        let mut all: Vec<i64> = Vec::new();
        let candidates: Vec<usize> = request
            .slots()
            .iter()
            .map(|m| {
                request
                    .recipes()
                    .iter()
                    .filter(|r| r.serves(*m) && request.rules().allow(r))
                    .count()
            })
            .collect();
        // A day's miss as it is ranked: targets, fibre ceiling and sodium.
        let misses: Vec<f64> = days.iter().map(|d| request.day_miss(d)).collect();
        let ranked = week.and_then(|w| w.per_day(&misses));
        let mut week_foods: Vec<u32> = Vec::new();
        let mut eaten: Vec<Vec<(usize, f64)>> = Vec::new();
        for (d, day) in days.iter().enumerate() {
            self.days += 1;
            let miss = misses[d];
            if miss <= 0.0 {
                self.inside += 1;
            } else {
                self.missed += 1;
                if let Some(b) = ranked.as_ref().map(|r| r[d].bound).or(bound) {
                    let gap = (miss - b.miss) * 100.0;
                    self.bounded += 1;
                    self.gap.0 += gap;
                    self.gap.1 = self.gap.1.max(gap);
                    if gap > 2.0 + 1e-9 {
                        self.gap_over_2 += 1;
                    }
                }
                if let Some(b) = bound {
                    let gap = (miss - b.miss) * 100.0;
                    self.one_day.0 = self.one_day.0.max(gap);
                    if gap > 2.0 + 1e-9 {
                        self.one_day.1 += 1;
                    }
                }
                if let Some(Some(b)) = here.get(d) {
                    let gap = (miss - b.miss) * 100.0;
                    self.here.0 += 1;
                    self.here.1 += gap;
                    self.here.2 = self.here.2.max(gap);
                    if gap > 2.0 + 1e-9 {
                        self.here.3 += 1;
                    }
                }
            }
            let best = match week {
                Some(w) => w.ranks().get(d).copied(),
                None => bound.map(|b| b.miss),
            };
            if best.is_some_and(|b| b <= 0.0) {
                self.reachable += 1;
            }
            let indexed: Vec<(usize, f64)> = day
                .meals
                .iter()
                .map(|m| {
                    let i = request
                        .recipes()
                        .iter()
                        .position(|r| r.id == m.recipe_id)
                        .expect("a planned recipe is one of the request's");
                    (i, m.servings)
                })
                .collect();
            let whole = whole_day::check(request.recipes(), dishes, &indexed, request.limits());
            for (k, level) in whole.levels.iter().enumerate() {
                self.limits_met[k] += usize::from(level.met);
                self.limits_reachable[k] += usize::from(reachable[k]);
            }
            let fibre = &whole.levels[0];
            if fibre.max.is_some_and(|m| fibre.amount > m + 0.5) {
                self.fibre_over += 1;
            }
            self.food_thrice += usize::from(!whole.repeated_foods.is_empty());
            self.family_twice += usize::from(!whole.repeated_families.is_empty());
            for (i, _) in &indexed {
                week_foods.extend(dishes.foods(*i));
            }
            eaten.push(indexed);
            let n: Nutrition = day.totals;
            let pairs = [
                (n.calories, t.calories),
                (n.protein, t.protein),
                (n.carbs, t.carbs),
                (n.fat, t.fat),
            ];
            for (k, (got, want)) in pairs.iter().enumerate() {
                self.deviation[k] += if *want > 0.0 {
                    (got - want).abs() / want * 100.0
                } else {
                    0.0
                };
            }
            let kcal: Vec<f64> = day
                .meals
                .iter()
                .map(|m| {
                    recipe_of(request, m)
                        .nutrition()
                        .served(m.servings)
                        .calories
                })
                .collect();
            let total: f64 = kcal.iter().sum();
            if day.meals.len() >= 2 {
                let bands = planner::share_bands(request.slots());
                for (k, (lo, hi)) in kcal.iter().zip(&bands) {
                    self.shared_meals += 1;
                    let share = k / total;
                    if share < lo - 1e-9 || share > hi + 1e-9 {
                        self.outside_band += 1;
                    }
                }
            }
            if day.meals.len() >= 3 {
                self.big_days += 1;
                if kcal.iter().any(|k| *k > 0.5 * total + 1e-9) {
                    self.oversize_days += 1;
                }
            }
            for (slot, m) in day.meals.iter().enumerate() {
                self.meals += 1;
                if !request.rules().allow(recipe_of(request, m)) {
                    self.violations += 1;
                }
                if m.servings < 0.75 - 1e-9 || m.servings > USUAL_MAX_SERVINGS + 1e-9 {
                    self.outside_usual += 1;
                }
                self.largest = self.largest.max(m.servings);
                let grams = recipe_of(request, m).grams() * m.servings;
                self.meal_grams.push(grams);
                let max = if day.meals.len() >= 2 {
                    planner::MEAL_GRAMS_MAX
                } else {
                    planner::ONE_MEAL_GRAMS_MAX
                };
                if grams > max + 0.5 {
                    self.heavy_meals += 1;
                }
                if m.meal_type == MealType::Snack && m.servings > 1.5 + 1e-9 {
                    self.snacks_over += 1;
                }
                if m.servings > 2.5 + 1e-9 {
                    self.meals_over += 1;
                }
                if d > 0
                    && days[d - 1]
                        .meals
                        .get(slot)
                        .is_some_and(|p| p.recipe_id == m.recipe_id)
                {
                    self.consecutive += 1;
                }
                all.push(m.recipe_id);
            }
            let mut ids: Vec<i64> = day.meals.iter().map(|m| m.recipe_id).collect();
            ids.sort_unstable();
            ids.dedup();
            self.repeats += day.meals.len() - ids.len();
        }
        self.crowded.add(request.recipes(), &eaten);
        all.sort_unstable();
        all.dedup();
        self.distinct += all.len();
        if request.slots().len() >= 2 {
            week_foods.sort_unstable();
            week_foods.dedup();
            self.protein_food_weeks.0 += 1;
            self.protein_food_weeks.1 += usize::from(week_foods.len() < 4);
        }
        if request.slots().len() == 1 {
            let needed = planner::WEEKLY_DISTINCT.min(days.len()).min(candidates[0]);
            if all.len() < needed {
                self.variety_violations += 1;
            }
            self.distinct_one_meal_min = Some(
                self.distinct_one_meal_min
                    .map_or(all.len(), |m| m.min(all.len())),
            );
        }
    }

    /// Share of days within tolerance, in percent.
    pub fn inside_share(&self) -> f64 {
        100.0 * self.inside as f64 / self.days.max(1) as f64
    }

    /// Share of meals outside 0.75-1.5 servings, in percent.
    pub fn outside_share(&self) -> f64 {
        100.0 * self.outside_usual as f64 / self.meals.max(1) as f64
    }

    /// The `q` quantile of the plan times, in ms.
    pub fn ms(&self, q: f64) -> f64 {
        let mut times = self.times.clone();
        times.sort_by(f64::total_cmp);
        let i = ((times.len() as f64 - 1.0) * q).round() as usize;
        times.get(i).copied().unwrap_or(0.0) * 1000.0
    }

    fn per_day(&self, v: f64) -> f64 {
        v / self.days.max(1) as f64
    }

    fn here_text(&self) -> String {
        if self.here.0 == 0 {
            "—".into()
        } else {
            format!(
                "{:.1} / {:.1} ({})",
                self.here.1 / self.here.0 as f64,
                self.here.2,
                self.here.3
            )
        }
    }

    fn one_day_text(&self) -> String {
        if self.bounded == 0 {
            "—".into()
        } else {
            format!("{:.1} ({})", self.one_day.0, self.one_day.1)
        }
    }

    fn gap_text(&self) -> String {
        if self.bounded == 0 {
            "—".into()
        } else {
            format!(
                "{:.1} / {:.1}",
                self.gap.0 / self.bounded as f64,
                self.gap.1
            )
        }
    }

    /// Row of the targets table.
    pub fn targets_row(&self, name: &str) -> String {
        format!(
            "| {name} | {:.1}% ({}/{}) | {:.1} / {:.1} / {:.1} / {:.1} | {} | {} | {:.2} | {:.2} | {} |",
            self.inside_share(),
            self.inside,
            self.days,
            self.per_day(self.deviation[0]),
            self.per_day(self.deviation[1]),
            self.per_day(self.deviation[2]),
            self.per_day(self.deviation[3]),
            self.violations,
            self.repeats,
            self.ms(0.5),
            self.ms(0.99),
            self.infeasible,
        )
    }

    /// Row of the portions, sizes and variety table.
    pub fn plans_row(&self, name: &str) -> String {
        format!(
            "| {name} | {:.1}% ({}/{}) | {:.2} | {} | {} | {:.1}% ({}/{}) | {:.1}% | {:.1} / {} | {:.1}% ({}; {} breaking the rule) | {} | {} | {} | {} | {} |",
            self.outside_share(),
            self.outside_usual,
            self.meals,
            self.largest,
            self.snacks_over,
            self.meals_over,
            100.0 * self.oversize_days as f64 / self.big_days.max(1) as f64,
            self.oversize_days,
            self.big_days,
            100.0 * self.outside_band as f64 / self.shared_meals.max(1) as f64,
            self.distinct as f64 / self.plans.max(1) as f64,
            self.distinct_one_meal_min
                .map_or("—".into(), |m| m.to_string()),
            100.0 * self.consecutive as f64 / self.meals.max(1) as f64,
            self.consecutive,
            self.variety_violations,
            self.missed,
            self.gap_text(),
            self.gap_over_2,
            self.one_day_text(),
            self.here_text(),
        )
    }

    /// Row of the limits table.
    pub fn limits_row(&self, name: &str) -> String {
        let share = |n: usize| 100.0 * n as f64 / self.days.max(1) as f64;
        format!(
            "| {name} | {:.1}% | {:.1}% ({} over the ceiling) | {:.1}% | {:.1}% | {:.1}% | {} | {} | {}/{} | {} |",
            share(self.inside),
            share(self.limits_met[0]),
            self.fibre_over,
            share(self.limits_met[1]),
            share(self.limits_met[2]),
            share(self.limits_met[3]),
            self.food_thrice,
            self.family_twice,
            self.protein_food_weeks.1,
            self.protein_food_weeks.0,
            self.crowded.text(),
        )
    }

    /// Row of the per-group tables.
    pub fn group_row(&self, name: &str) -> String {
        format!(
            "| {name} | {:.1}% ({}/{}) | {:.1}% | {:.1} / {:.1} / {:.1} / {:.1} | {:.1}% | {:.2} | {} | {:.1}% | {:.1} | {} | {} | {} | {} | {} | {:.2} | {:.2} |",
            self.inside_share(),
            self.inside,
            self.days,
            100.0 * self.reachable as f64 / self.days.max(1) as f64,
            self.per_day(self.deviation[0]),
            self.per_day(self.deviation[1]),
            self.per_day(self.deviation[2]),
            self.per_day(self.deviation[3]),
            self.outside_share(),
            self.largest,
            self.oversize_days,
            100.0 * self.outside_band as f64 / self.shared_meals.max(1) as f64,
            self.distinct as f64 / self.plans.max(1) as f64,
            self.consecutive,
            self.gap_text(),
            self.gap_over_2,
            self.one_day_text(),
            self.here_text(),
            self.ms(0.5),
            self.ms(0.99),
        )
    }
}

impl Score {
    /// Meal weights as served, in words: median, 95th centile, largest and
    /// how many are over their limit.
    pub fn weights_line(&self) -> String {
        let mut g = self.meal_grams.clone();
        g.sort_by(f64::total_cmp);
        let at = |q: f64| {
            g.get(((g.len() as f64 - 1.0) * q).round() as usize)
                .copied()
                .unwrap_or(0.0)
        };
        format!(
            "Meal weights as served: median {:.0} g, 95th centile {:.0} g, largest {:.0} g; {} of {} meals over {:.0} g ({:.0} g on one-meal days).",
            at(0.5),
            at(0.95),
            g.last().copied().unwrap_or(0.0),
            self.heavy_meals,
            g.len(),
            planner::MEAL_GRAMS_MAX,
            planner::ONE_MEAL_GRAMS_MAX,
        )
    }
}
