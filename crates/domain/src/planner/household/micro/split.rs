//! The seats' repair's last resort: a shared slot split for a seat whose
//! week is still short of a micronutrient goal.
//!
//! A shared dish keeps the rules of everyone who eats it, so an omnivore
//! at a table with a vegan eats vegan at every shared slot and may end
//! the week with a sixth of their vitamin B12 however the repair turns
//! the days (house38b: 19 of 20 short B12 seat-weeks at 3 meals sat with
//! a vegan). Once the repair is done ([`Week::repair`]), such a seat may
//! have some of its shared slots split: at that slot it eats a dish of
//! its own (its own rules alone, among the [`RESCUE_SHORTLIST`] richest
//! in what its week lacks), its whole day portioned to its targets again,
//! while everyone else at the slot keeps the shared dish and their
//! portions. Each split is judged as the repair judges a change (the
//! seat's targets, each day limit, the meal sizes and weights, no more
//! repeats, the week's variety rules, the week lacking less and no seat
//! falling under a goal it reached), and among those that pass, the one
//! leaving the week lacking least is made. Lunches are split first, then
//! breakfasts, then any slot; at most [`MOST_SPLITS`] a week for a seat;
//! and the splits are kept only when the seat then has fewer goals short
//! than before, the fewest splits that reach that.

use crate::food::meal::MealType;
use crate::food::micronutrients::Micronutrients;
use crate::planner::household::{Share, TableMeal};
use crate::planner::micro_week::{self, GAIN};
use crate::planner::micronutrients::week_shares;
use crate::profile::intakes::{ADEQUATE_SHARE, ReferenceIntakes};

use super::{Change, RESCUE_SHORTLIST, SeatDay, TableDay, Variety, Week};

/// Most shared slots of a week split for one seat: beyond it the table
/// would no longer eat together.
pub(super) const MOST_SPLITS: usize = 3;

/// The meal types whose shared slots may be split, widened in turn while
/// the narrower cannot bring the seat a goal: lunch (often eaten apart),
/// then breakfast, then any (dinner, a shared snack).
const WIDENING: [&[MealType]; 3] = [
    &[MealType::Lunch],
    &[MealType::Lunch, MealType::Breakfast],
    &[
        MealType::Lunch,
        MealType::Breakfast,
        MealType::Dinner,
        MealType::Snack,
    ],
];

/// A split found: day, the seat's slot split and its new day.
struct Split {
    day: usize,
    k: usize,
    dishes: Vec<usize>,
    servings: Vec<f64>,
}

impl Week<'_, '_> {
    /// `days` with shared slots split for each seat still short of a goal
    /// (each seat's micronutrients `amounts`, kept up to date), as the
    /// module says.
    pub(super) fn split(&self, days: &mut [TableDay], amounts: &mut Vec<Vec<Micronutrients>>) {
        for s in self.short_seats(amounts) {
            let Some(reference) = self.references[s] else {
                continue;
            };
            let short = micro_week::lacking(&reference, &amounts[s]).0;
            for allowed in WIDENING {
                if self.search.budget.spent() {
                    return;
                }
                if let Some((split, now)) =
                    self.splits_for(days, amounts, s, &reference, allowed, short)
                {
                    days.clone_from_slice(&split);
                    *amounts = now;
                    break;
                }
            }
        }
    }

    /// Seat `s`'s shared slots of the meal types `allowed` split one at a
    /// time, up to [`MOST_SPLITS`], each the split that leaves the week
    /// lacking least: the week after the fewest splits that leave the
    /// seat with the fewest goals short, and its amounts, when that is
    /// fewer than `short`; `None` otherwise.
    fn splits_for(
        &self,
        days: &[TableDay],
        amounts: &[Vec<Micronutrients>],
        s: usize,
        reference: &ReferenceIntakes,
        allowed: &[MealType],
        short: usize,
    ) -> Option<(Vec<TableDay>, Vec<Vec<Micronutrients>>)> {
        let mut trial = days.to_vec();
        let mut now = amounts.to_vec();
        let mut best: Option<(usize, Vec<TableDay>, Vec<Vec<Micronutrients>>)> = None;
        for _ in 0..MOST_SPLITS {
            if self.search.budget.spent() {
                break;
            }
            let Some(split) = self.best_split(&trial, &now, s, allowed) else {
                break;
            };
            let day = self.split_day(&trial[split.day], s, reference, &now[s], &split)?;
            trial[split.day] = day;
            now = self.amounts(&trial)?;
            let left = micro_week::lacking(reference, &now[s]).0;
            if left < short && best.as_ref().is_none_or(|(b, ..)| left < *b) {
                best = Some((left, trial.clone(), now.clone()));
            }
            if left == 0 {
                break;
            }
        }
        best.map(|(_, d, a)| (d, a))
    }

    /// The split of one of seat `s`'s shared slots of the meal types
    /// `allowed`, over the week's days, that leaves the week lacking
    /// least (then of least loss); `None` when no split keeps what the
    /// repair keeps and leaves the week lacking less.
    fn best_split(
        &self,
        days: &[TableDay],
        amounts: &[Vec<Micronutrients>],
        s: usize,
        allowed: &[MealType],
    ) -> Option<Split> {
        let search = self.search;
        let recipes = search.recipes;
        let lack = self.lack(amounts, amounts)?;
        let worth = self.references[s].map(|r| micro_week::worth(&r, &amounts[s]))?;
        let mut best: Option<(f64, f64, Split)> = None;
        for (i, day) in days.iter().enumerate() {
            if search.budget.spent() {
                break;
            }
            let Some(views) = (0..search.seats.len())
                .map(|p| self.seat_day(day, p))
                .collect::<Option<Vec<SeatDay>>>()
            else {
                continue;
            };
            let view = &views[s];
            let on_day: Vec<usize> = day
                .meals
                .iter()
                .filter_map(|m| self.index.get(&m.recipe_id).copied())
                .collect();
            let variety = Variety::of(search, days, i);
            for k in 0..view.dishes.len() {
                let meal = &day.meals[view.meals[k]];
                if meal.shares.len() < 2 || !allowed.contains(&meal.meal_type) {
                    continue;
                }
                let mut rich: Vec<(f64, usize)> = search.own_pools[s][k]
                    .iter()
                    .copied()
                    .filter(|r| !on_day.contains(r))
                    .map(|r| (micro_week::value(&recipes[r], &worth), r))
                    .filter(|(v, r)| {
                        *v > 0.0
                            && !variety.beyond(search.dishes, *r)
                            && !self.near(days, i, meal.schedule, *r)
                    })
                    .collect();
                rich.sort_by(|a, b| b.0.total_cmp(&a.0));
                // A one-dish day tries every candidate (as the repair's).
                let tried = if view.dishes.len() == 1 {
                    rich.len()
                } else {
                    RESCUE_SHORTLIST
                };
                for (_, r) in rich.into_iter().take(tried) {
                    let mut dishes = view.dishes.clone();
                    dishes[k] = r;
                    let (_, servings) = search.portion(&search.seats[s], &dishes);
                    let change = Change {
                        swaps: Vec::new(),
                        seats: vec![(s, dishes, servings)],
                    };
                    let Some((left, loss)) = self.judge(&views, amounts, i, &change, &variety.week)
                    else {
                        continue;
                    };
                    if left > lack - GAIN {
                        continue;
                    }
                    if best
                        .as_ref()
                        .is_none_or(|(l, b, _)| left < l - 1e-9 || (left < l + 1e-9 && loss < *b))
                    {
                        let Some((_, dishes, servings)) = change.seats.into_iter().next() else {
                            continue;
                        };
                        best = Some((
                            left,
                            loss,
                            Split {
                                day: i,
                                k,
                                dishes,
                                servings,
                            },
                        ));
                    }
                }
            }
        }
        best.map(|(_, _, split)| split)
    }

    /// `day` with seat `s`'s slot `split.k` split: the seat leaves the
    /// shared dish for a dish of its own at that slot, served after it,
    /// and its other portions and totals are its new day's; everyone
    /// else's shares stay. Both dishes say why (the goals the seat's week
    /// `amounts` is short of, against `reference`), the shared one only
    /// when it had no reason already.
    fn split_day(
        &self,
        day: &TableDay,
        s: usize,
        reference: &ReferenceIntakes,
        amounts: &[Micronutrients],
        split: &Split,
    ) -> Option<TableDay> {
        let view = self.seat_day(day, s)?;
        let m = view.meals[split.k];
        let short: Vec<&str> = week_shares(reference, amounts)
            .iter()
            .filter(|(_, share)| *share < ADEQUATE_SHARE)
            .map(|(g, _)| g.label())
            .collect();
        let mut out = day.clone();
        let meal_type = out.meals[m].meal_type;
        let schedule = out.meals[m].schedule;
        let why = format!(
            "the shared {} leaves one person's week short of {}, so they eat a dish of their own",
            meal_type.as_str(),
            short.join(" and ")
        );
        out.meals[m].shares.retain(|x| x.diner != s);
        if out.meals[m].split.is_none() {
            out.meals[m].split = Some(why.clone());
        }
        for (j, (meal, servings)) in view.meals.iter().zip(&split.servings).enumerate() {
            if j == split.k {
                continue;
            }
            if let Some(share) = out.meals[*meal].shares.iter_mut().find(|x| x.diner == s) {
                share.servings = *servings;
            }
        }
        let at = out
            .meals
            .iter()
            .rposition(|x| x.schedule == schedule)
            .map_or(out.meals.len(), |p| p + 1);
        out.meals.insert(
            at,
            TableMeal {
                recipe_id: self.search.recipes[split.dishes[split.k]].id,
                meal_type,
                schedule,
                shares: vec![Share {
                    diner: s,
                    servings: split.servings[split.k],
                }],
                split: Some(why),
                leftover_of: None,
                cook_servings: None,
            },
        );
        out.totals[s] = self.search.totals(&split.dishes, &split.servings);
        Some(out)
    }
}
