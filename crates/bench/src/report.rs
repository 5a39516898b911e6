//! A run over every profile with both methods, and its Markdown report.

use super::*;

/// Everything measured on one catalogue.
#[derive(Debug, Default, Clone)]
pub struct Report {
    /// The planner.
    pub planner: Score,
    /// The greedy original.
    pub greedy: Score,
    /// The planner by meals per day (index = meals − 1).
    pub by_meals: Vec<Score>,
    /// The planner by hard diet (omnivore, vegetarian, vegan).
    pub by_diet: Vec<Score>,
    /// The planner by body weight (45-90, 90-135, 135-180 kg).
    pub by_weight: Vec<Score>,
    /// Seconds to compute each profile's bound.
    pub bound_times: Vec<f64>,
}

/// Plans 7 days for every profile with both methods and scores them. The
/// bound of a profile's slot pattern is computed when a day of either
/// method misses.
pub fn run(recipes: &[Recipe], profiles: &[Profile], seed: u64) -> Report {
    let mut report = Report {
        by_meals: vec![Score::default(); 6],
        by_diet: vec![Score::default(); 3],
        by_weight: vec![Score::default(); 3],
        ..Report::default()
    };
    let dishes = Dishes::new(recipes, Some(kitchen()));
    for (i, p) in profiles.iter().enumerate() {
        let request = request(recipes, p, i, seed).with_dishes(&dishes);
        let reachable = limits_reachable(&request, &dishes);
        let started = Instant::now();
        let ours = plan_alone(&request);
        let seconds = started.elapsed().as_secs_f64();
        let started = Instant::now();
        let base = greedy(&request);
        let base_seconds = started.elapsed().as_secs_f64();
        let misses = |days: &[PlannedDay]| {
            days.iter()
                .any(|d| !request.tolerances().admits(&d.totals, request.targets()))
        };
        let (bound, week) = if ours.as_ref().map_or(true, |d| misses(d)) || misses(&base) {
            let started = Instant::now();
            let bound = request.best_miss();
            let week = request.week_bound();
            report.bound_times.push(started.elapsed().as_secs_f64());
            (bound, week)
        } else {
            let met = Bound {
                miss: 0.0,
                exact: false,
            };
            (Some(met), None)
        };
        let bounds = Bounds {
            bound,
            week: week.as_ref(),
            dishes: &dishes,
            reachable,
        };
        let shares = |days: &[PlannedDay]| {
            planner::micronutrients::week_shares(&p.intakes, &day_micronutrients(&request, days))
        };
        report.greedy.add_micro(&shares(&base));
        match ours {
            Ok(days) => {
                let micro = shares(&days);
                let served = days
                    .iter()
                    .flat_map(|d| &d.meals)
                    .map(|m| recipe_of(&request, m));
                let breaking = served
                    .clone()
                    .filter(|r| breaks_taxonomy(r, p).is_some())
                    .count();
                report.planner.taxonomy_violations.0 += breaking;
                report.planner.taxonomy_violations.1 += served.count();
                let here = bounds_here(&request, &days);
                let meals = usize::from(p.meals.get()) - 1;
                for score in [
                    &mut report.planner,
                    &mut report.by_meals[meals],
                    &mut report.by_diet[p.hard_diet()],
                    &mut report.by_weight[weight_band(p.weight)],
                ] {
                    score.add(&request, &days, &bounds, &here, seconds);
                    score.add_micro(&micro);
                }
            }
            Err(_) => {
                report.planner.infeasible += 1;
                report.by_meals[usize::from(p.meals.get()) - 1].infeasible += 1;
                report.by_diet[p.hard_diet()].infeasible += 1;
                report.by_weight[weight_band(p.weight)].infeasible += 1;
            }
        }
        report
            .greedy
            .add(&request, &base, &bounds, &[], base_seconds);
    }
    report
}

/// 0 for 45-90 kg, 1 for 90-135 kg, 2 above.
fn weight_band(kg: f64) -> usize {
    ((kg - 45.0) / 45.0).clamp(0.0, 2.0) as usize
}

/// For each missed day of a plan, the best that day could reach with the
/// rest of the plan as it is (the variety rules ban its neighbours'
/// recipes in the same slot, and for one meal a day, repeats that would
/// leave the week short of different recipes).
fn bounds_here(request: &PlanRequest<'_>, days: &[PlannedDay]) -> Vec<Option<Bound>> {
    let plan: Vec<Vec<MealRow>> = days
        .iter()
        .map(|d| {
            d.meals
                .iter()
                .map(|m| {
                    let index = request
                        .recipes()
                        .iter()
                        .position(|r| r.id == m.recipe_id)
                        .expect("a planned recipe is one of the request's");
                    (m.meal_type, index, m.servings, false)
                })
                .collect()
        })
        .collect();
    days.iter()
        .enumerate()
        .map(|(d, day)| {
            if request.tolerances().admits(&day.totals, request.targets()) {
                return None;
            }
            let meals = planner::day_meals(&plan, d);
            let bans =
                planner::day_bans(request.recipes(), request.rules(), &meals, request.days());
            request.best_miss_excluding(&bans)
        })
        .collect()
}

impl Report {
    /// The report as Markdown tables.
    pub fn markdown(&self, label: &str, recipes: usize, profiles: usize) -> String {
        let mut out = String::new();
        let mut line = |s: String| {
            out.push_str(&s);
            out.push('\n');
        };
        line(format!(
            "\n### {label}: {recipes} recipes, {profiles} profiles × 7 days\n"
        ));
        line("Targets:\n".into());
        line("| method | days within 5% kcal and 10% every macro | mean abs. deviation % (kcal / protein / carbs / fat) | restriction violations | repeats within a day | median ms / 7-day plan | p99 ms | infeasible profiles |".into());
        line("|---|---|---|---|---|---|---|---|".into());
        line(self.planner.targets_row("planner"));
        line(self.greedy.targets_row("greedy calorie-only (original)"));
        line(format!(
            "| best achievable (bound) | at most {:.1}% ({}/{}) | — | — | — | — | — | — |",
            100.0 * self.planner.reachable as f64 / self.planner.days.max(1) as f64,
            self.planner.reachable,
            self.planner.days
        ));
        line(format!("\n{}", self.planner.weights_line()));
        line("\nThe whole day (limits per day for each person and the day's calories: fibre 14 g/1,000 kcal to max(50 g, 16 g/1,000 kcal) (more on high fibre, less underweight and gaining), sodium 2,300 mg (less for children), saturated fat under 10% and sugars at most 25% of energy; protein foods in at most two meals, one dish per family, one main ingredient a day and four a week; at least 4 protein foods a week from two meals a day):\n".into());
        line("| method | days within tolerance | fibre kept | sodium kept | saturated fat kept | sugars kept | days with a protein food 3 times | days with a dish family twice | weeks with < 4 protein foods | person-weeks with a main ingredient / a protein food of 50 g in > 4 meals or twice a day |".into());
        line("|---|---|---|---|---|---|---|---|---|---|".into());
        line(self.planner.limits_row("planner"));
        line(self.greedy.limits_row("greedy calorie-only (original)"));
        let reach = |k: usize| {
            100.0 * self.planner.limits_reachable[k] as f64 / self.planner.days.max(1) as f64
        };
        line(format!(
            "| best achievable (targets aside) | — | at most {:.1}% | at most {:.1}% | at most {:.1}% | at most {:.1}% | — | — | — | — |",
            reach(0),
            reach(1),
            reach(2),
            reach(3)
        ));
        line("\nMicronutrient adequacy (person-weeks whose daily average reaches 80% of the person's RDA or AI for age and sex, DRI as tabled by NIH ODS; USDA SR28 amounts, an unknown value counted as 0):\n".into());
        line(
            "| method | person-weeks | calcium | iron | potassium | vitamin B12 | all four |"
                .into(),
        );
        line("|---|---|---|---|---|---|---|".into());
        line(self.planner.micro_row("planner"));
        line(self.greedy.micro_row("greedy calorie-only (original)"));
        for (name, score) in ["omnivore", "vegetarian", "vegan"]
            .iter()
            .zip(self.by_diet.iter())
        {
            line(score.micro_row(&format!("planner, {name}")));
        }
        line("\nPortions, meal sizes and variety (gap: a missed day's worst excess beyond its tolerance minus its bound, the best any plan keeping the rules could reach, in percentage points; for one meal a day the bound is the week's, rank by rank, since a week needs 5 different recipes; the one-day bound sets the variety rules aside):\n".into());
        line("| method | meals outside 0.75-1.5 servings | largest portion | snacks over 1.5 | meals over 2.5 | 3+-meal days with a meal over 50% | meals outside their calorie band | distinct recipes per week (mean / 1-meal min) | consecutive-day repeats (same slot) | missed days | gap to bound on missed days, mean / max | missed days > 2 points from bound | gap to the one-day bound, max (days > 2 points) | gap to the day's bound with the rest of its week as it is, mean / max (days > 2 points) |".into());
        line("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|".into());
        line(self.planner.plans_row("planner"));
        line(self.greedy.plans_row("greedy calorie-only (original)"));
        line(
            "| best achievable (bound) | — | — | — | — | — | — | — | — | — | 0 | 0 | — | 0 |"
                .into(),
        );
        let header = "| {group} | days within tolerance | best achievable: days the bound meets | mean abs. deviation % (kcal / protein / carbs / fat) | meals outside 0.75-1.5 | largest portion | 3+-meal days with a meal over 50% | meals outside their calorie band | distinct recipes per week | consecutive-day repeats | gap to bound on missed days, mean / max | missed days > 2 points from bound | gap to the one-day bound, max (days > 2 points) | gap to the day's bound with the rest of its week as it is (days > 2 points) | median ms | p99 ms |";
        line("\nPlanner by meals per day:\n".into());
        line(header.replace("{group}", "meals per day"));
        line("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|".into());
        for (i, score) in self.by_meals.iter().enumerate() {
            line(score.group_row(&(i + 1).to_string()));
        }
        line("\nPlanner by hard diet:\n".into());
        line(header.replace("{group}", "diet"));
        line("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|".into());
        for (name, score) in ["omnivore", "vegetarian", "vegan"]
            .iter()
            .zip(self.by_diet.iter())
        {
            line(score.group_row(name));
        }
        line("\nPlanner by body weight:\n".into());
        line(header.replace("{group}", "weight"));
        line("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|".into());
        for (name, score) in ["45-90 kg", "90-135 kg", "135-180 kg"]
            .iter()
            .zip(self.by_weight.iter())
        {
            line(score.group_row(name));
        }
        let bound = Score {
            times: self.bound_times.clone(),
            ..Score::default()
        };
        line(format!(
            "\nBound computed for {} profiles: median {:.2} ms, p99 {:.2} ms.",
            self.bound_times.len(),
            bound.ms(0.5),
            bound.ms(0.99)
        ));
        out
    }
}
