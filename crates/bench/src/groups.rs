//! Issue 37's groups: children of 3 to 15 at a household's table, adults
//! of 65 to 100, bodies at a BMI of 35 or more, and each diet type. For
//! each: the person-days within 5% kcal and 10% every macro (people with
//! 3+ meals), and the share of computed targets inside the references
//! (no departure note of the service's own on that target).

use mealplan_domain::targets::{NoteKind, NoteTarget, notes};

use super::profiles::Range;
use super::*;

/// One group's figures.
#[derive(Debug, Clone, Default)]
pub struct Group {
    /// What the group is.
    pub name: String,
    /// People in it.
    pub people: usize,
    /// Person-days within tolerance, all (3+ meals).
    pub days: (usize, usize),
    /// Targets inside their references, all (4 a person).
    pub inside: (usize, usize),
    /// Plans the planner refused.
    pub refused: usize,
    /// For tables (the children's): everything the households table
    /// measures, every person at them.
    pub table: Option<Households>,
}

impl Group {
    /// The group's row of the table.
    pub fn row(&self) -> String {
        let pct = |(a, b): (usize, usize)| 100.0 * a as f64 / b.max(1) as f64;
        format!(
            "| {} | {} | {:.1}% ({}/{}) | {:.1}% ({}/{}) | {} |\n",
            self.name,
            self.people,
            pct(self.days),
            self.days.0,
            self.days.1,
            pct(self.inside),
            self.inside.0,
            self.inside.1,
            self.refused
        )
    }

    /// The groups table's heading.
    pub fn heading() -> String {
        "\n### Targets for every body (issue 37; a week each)\n\n\
         | group | people | person-days within 5% kcal / 10% each macro (3+ meals) | targets inside their references | refused |\n\
         |---|---|---|---|---|\n"
            .to_owned()
    }

    /// Counts the 4 targets of `body` at `age` under `diets` inside the
    /// references: no departure note names the target (the calorie floor
    /// and the BMI-goal remarks aside, which are about the goal).
    fn judge(&mut self, body: &Body, age: u32, t: &Targets<f64>, diets: &[DietType]) {
        let off = notes(body, age, t, diets);
        let departs = |target: NoteTarget| {
            off.iter().any(|n| {
                n.target == target && matches!(n.kind, NoteKind::BelowRange | NoteKind::AboveRange)
            })
        };
        self.inside.1 += 4;
        self.inside.0 += [
            NoteTarget::Calories,
            NoteTarget::Protein,
            NoteTarget::Carbs,
            NoteTarget::Fat,
        ]
        .iter()
        .filter(|t| !departs(**t))
        .count();
    }
}

/// A random adult body at `age`, `kg` and `cm`, on the bench's day.
fn body_of(rng: &mut Rng, i: usize, age: u32, cm: f64, kg: f64) -> Body {
    let born = NaiveDate::from_ymd_opt(2026 - age as i32, 1 + rng.below(11) as u32, 1)
        .expect("valid date");
    Body {
        goal: Goal::ALL[i % 3],
        height: Height::parse_stored(cm).expect("in range"),
        weight: Weight::parse_stored(kg).expect("in range"),
        body_type: BodyType::ALL[rng.below(4)],
        gender: Gender::ALL[(i / 3) % 2],
        activity_level: ActivityLevel::ALL[(i / 6) % 3],
        birth_date: BirthDate::from_stored(born),
    }
}

/// Plans a week for each of `people` alone (3-5 meals) and scores them.
fn alone(recipes: &[Recipe], name: &str, people: &[(Body, Vec<DietType>)], seed: u64) -> Group {
    let mut g = Group {
        name: name.to_owned(),
        people: people.len(),
        ..Group::default()
    };
    let dishes = Dishes::new(recipes, Some(kitchen()));
    for (i, (body, diets)) in people.iter().enumerate() {
        let meals = MealsPerDay::parse(3 + (i % 3) as i64).expect("3-5");
        let p = Profile::new(body, meals, Vec::new(), diets.clone());
        g.judge(body, body.birth_date.age_on(today()), &p.targets, diets);
        let request = request(recipes, &p, i, seed).with_dishes(&dishes);
        match plan_alone(&request) {
            Ok(days) => {
                for d in &days {
                    g.days.1 += 1;
                    if request.tolerances().admits(&d.totals, request.targets()) {
                        g.days.0 += 1;
                    }
                }
            }
            Err(_) => g.refused += 1,
        }
    }
    g
}

/// `n` tables of an adult of the bench's and one or two children of 3 to
/// 15 (a child's height and weight for the age), a week each; the
/// children's days and targets are scored.
fn children(recipes: &[Recipe], adults: &[Profile], n: usize, seed: u64) -> Group {
    let mut rng = Rng(seed ^ 0xC41D);
    let mut g = Group {
        name: "children 3-15 (at a table with an adult)".to_owned(),
        ..Group::default()
    };
    let mut table = Households {
        name: Some("an adult and 1-2 children of 3-15 (adult 3 meals, children 4)".to_owned()),
        tables: n,
        ..Households::default()
    };
    let dishes = Dishes::new(recipes, Some(kitchen()));
    for (t, adult) in adults.iter().enumerate().take(n) {
        let mut diners = vec![diner(adult, false)];
        let mut members = vec![adult.clone()];
        let mut kids = Vec::new();
        for k in 0..1 + t % 2 {
            let age = 3 + rng.below(13) as u32;
            // Roughly the growth charts' middle: 95 cm at 3, +6 cm a year,
            // a BMI of 14-21.
            let cm = (95.0 + 6.0 * f64::from(age - 3) + rng.range(-8.0, 8.0)).min(199.0);
            let kg = (rng.range(14.0, 21.0) * (cm / 100.0) * (cm / 100.0)).clamp(10.0, 150.0);
            let body = body_of(&mut rng, t * 2 + k, age, cm, kg);
            let p = Profile::new(
                &body,
                MealsPerDay::parse(4).expect("4"),
                Vec::new(),
                Vec::new(),
            );
            g.judge(&body, age, &p.targets, &[]);
            diners.push(diner(&p, true).aged(age));
            members.push(p);
            kids.push(diners.len() - 1);
        }
        g.people += kids.len();
        let request = PlanRequest::new(recipes, diners.clone(), 7)
            .expect("valid request")
            .with_kitchen(kitchen())
            .with_dishes(&dishes)
            .with_seed(seed.wrapping_add(t as u64));
        let started = Instant::now();
        let Ok(week) = planner::plan(&request) else {
            g.refused += 1;
            table.refused += 1;
            continue;
        };
        table.seconds.push(started.elapsed().as_secs_f64());
        table.tally(recipes, &dishes, &diners, &members, &week);
        for day in &week {
            for d in &kids {
                g.days.1 += 1;
                if diners[*d]
                    .tolerances
                    .admits(&day.totals[*d], &diners[*d].targets.get())
                {
                    g.days.0 += 1;
                }
            }
        }
    }
    g.table = Some(table);
    g
}

/// Every group of issue 37, `n` people each (`n` tables of children).
pub fn groups(recipes: &[Recipe], n: usize, seed: u64) -> Vec<Group> {
    let mut rng = Rng(seed ^ 0x37);
    let adults = profiles(n, seed);
    let mut out = vec![children(recipes, &adults, n, seed)];
    let older: Vec<(Body, Vec<DietType>)> = (0..n)
        .map(|i| {
            let cm = rng.range(148.0, 185.0);
            let kg = rng.range(18.5, 32.0) * (cm / 100.0) * (cm / 100.0);
            let age = 65 + rng.below(36) as u32;
            (body_of(&mut rng, i, age, cm, kg), Vec::new())
        })
        .collect();
    out.push(alone(recipes, "adults 65-100", &older, seed));
    let large: Vec<(Body, Vec<DietType>)> = (0..n)
        .map(|i| {
            let cm = rng.range(150.0, 195.0);
            let kg = (rng.range(35.0, 50.0) * (cm / 100.0) * (cm / 100.0)).min(300.0);
            let age = 18 + rng.below(60) as u32;
            (body_of(&mut rng, i, age, cm, kg), Vec::new())
        })
        .collect();
    out.push(alone(recipes, "BMI 35+", &large, seed));
    for diet in [
        DietType::LowCarb,
        DietType::HighProtein,
        DietType::HighCarb,
        DietType::HighFiber,
        DietType::LowCalorie,
    ] {
        let people: Vec<(Body, Vec<DietType>)> = (0..n)
            .map(|i| {
                let cm = rng.range(150.0, 195.0);
                let kg = rng.range(19.0, 30.0) * (cm / 100.0) * (cm / 100.0);
                let age = 18 + rng.below(60) as u32;
                (body_of(&mut rng, i, age, cm, kg), vec![diet])
            })
            .collect();
        out.push(alone(recipes, diet.as_str(), &people, seed));
    }
    out
}
