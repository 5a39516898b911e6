//! A new plan's creation on PostgreSQL as one statement, every value
//! bound: the old active plan is deactivated, and the plan's row, days,
//! meals and portions inserted, by data-modifying `WITH` queries whose
//! rows come from bound arrays (`unnest`). One statement is one round
//! trip and its own transaction, whatever the plan's size (issues 25 and
//! 35); nothing the client sent is written into the SQL text.

use diesel::pg::PgConnection;
use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt, Double, Integer, Nullable, SmallInt, Text, Timestamp};
use mealplan_ports::NewDay;

use super::plan_rows::{ChosenBy, MealValues, NewPlanRow, PortionValues, day_values};

/// The statement (see the module documentation). The deactivation runs
/// first: the plan's row is selected from a count of the rows it changed,
/// which the count has to read to the end. The new row then finds the old
/// one already inactive (changed by this very transaction), so the
/// one-active-plan index refuses the insert only when another creation
/// committed a plan in between, as it would with separate statements.
/// Each meal finds its day, and each portion its meal, by the rows the
/// inserts before returned: `(day_of_week)` and `(day, schedule)` are
/// unique within a plan. Each insert reads its arrays `WITH ORDINALITY`
/// and inserts `ORDER BY` it, so ids are drawn in the order of the
/// request whatever join the server picks (under a generic plan it hashed
/// the meals' join, and numbered a plan's meals in another order).
const CREATE_PLAN: &str = "\
WITH off AS (\
 UPDATE plans SET active = 0, updated_at = $2 WHERE user_id = $1 AND active = 1 RETURNING 1\
), p AS (\
 INSERT INTO plans (user_id, active, created_at, updated_at, tolerance_calories, \
 tolerance_macros, max_servings, adjust_protein, adjust_carbs, adjust_calories, adjust_meals, \
 adjust_diet, household) \
 SELECT $1, 1, $2, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11 FROM (SELECT COUNT(*) FROM off) AS done \
 RETURNING id\
), d AS (\
 INSERT INTO daily_menus (plan_id, day_of_week, notes) \
 SELECT p.id, x.day, x.notes FROM p, unnest($12::integer[], $29::text[]) \
 WITH ORDINALITY AS x(day, notes, n) ORDER BY x.n RETURNING id, day_of_week\
), m AS (\
 INSERT INTO meal_details (daily_menu_id, recipe_id, schedule, status, meal_type_id, servings, \
 chosen, shared, cooked_day, cooked_schedule) \
 SELECT d.id, x.recipe, x.schedule, x.status, x.meal_type, x.servings, $13, x.shared, \
 x.cooked_day, x.cooked_schedule \
 FROM unnest($14::integer[], $15::bigint[], $16::integer[], $17::integer[], $18::bigint[], \
 $19::float8[], $20::integer[], $27::integer[], $28::integer[]) WITH ORDINALITY \
 AS x(day, recipe, schedule, status, meal_type, servings, shared, cooked_day, cooked_schedule, n) \
 JOIN d ON d.day_of_week = x.day ORDER BY x.n \
 RETURNING id, daily_menu_id, schedule\
), portions AS (\
 INSERT INTO meal_portions (meal_detail_id, position, member_id, name, servings) \
 SELECT m.id, x.position, x.member, x.name, x.servings \
 FROM unnest($21::integer[], $22::integer[], $23::integer[], $24::bigint[], $25::text[], \
 $26::float8[]) WITH ORDINALITY AS x(day, schedule, position, member, name, servings, n) \
 JOIN d ON d.day_of_week = x.day JOIN m ON m.daily_menu_id = d.id AND m.schedule = x.schedule \
 ORDER BY x.n\
) SELECT id FROM p";

/// The new plan's id, as the statement returns it.
#[derive(QueryableByName)]
struct Created {
    #[diesel(sql_type = BigInt)]
    id: i64,
}

/// The meals of `days`, column by column, as bound arrays.
#[derive(Debug, Default, PartialEq)]
struct MealColumns {
    day: Vec<i32>,
    recipe: Vec<i64>,
    schedule: Vec<i32>,
    status: Vec<i32>,
    meal_type: Vec<i64>,
    servings: Vec<f64>,
    shared: Vec<i32>,
    cooked_day: Vec<Option<i32>>,
    cooked_schedule: Vec<Option<i32>>,
}

/// The portions of `days`' meals, column by column, as bound arrays.
#[derive(Debug, Default, PartialEq)]
struct PortionColumns {
    day: Vec<i32>,
    schedule: Vec<i32>,
    position: Vec<i32>,
    member: Vec<Option<i64>>,
    name: Vec<String>,
    servings: Vec<f64>,
}

/// `days`' meals and portions as columns, each meal's values taken from
/// [`MealValues`] (of a plan for the household's table or not).
fn columns(days: &[NewDay], household: bool) -> (MealColumns, PortionColumns) {
    let (mut meals, mut portions) = (MealColumns::default(), PortionColumns::default());
    for day in days {
        let (d, _, day_meals) = day_values(day);
        for meal in day_meals {
            let MealValues {
                recipe_id,
                schedule,
                status,
                meal_type,
                servings,
                shared,
                portions: meal_portions,
                cooked_day,
                cooked_schedule,
            } = MealValues::of(meal, household);
            meals.day.push(d);
            meals.recipe.push(recipe_id);
            meals.schedule.push(schedule);
            meals.status.push(status);
            meals.meal_type.push(meal_type);
            meals.servings.push(servings);
            meals.shared.push(shared);
            meals.cooked_day.push(cooked_day);
            meals.cooked_schedule.push(cooked_schedule);
            for PortionValues {
                position,
                member_id,
                name,
                servings,
            } in meal_portions
            {
                portions.day.push(d);
                portions.schedule.push(schedule);
                portions.position.push(position);
                portions.member.push(member_id);
                portions.name.push(name.to_owned());
                portions.servings.push(servings);
            }
        }
    }
    (meals, portions)
}

/// Creates the plan `row` with `days` (see the module documentation); its
/// id. `by`: who chose the meals' recipes.
pub(in crate::db) fn create_in_one_statement(
    conn: &mut PgConnection,
    row: &NewPlanRow,
    days: &[NewDay],
    by: ChosenBy,
) -> QueryResult<i64> {
    let (meals, portions) = columns(days, row.household == 1);
    let (day_numbers, day_notes): (Vec<i32>, Vec<Option<String>>) = days
        .iter()
        .map(|d| {
            let (day, notes, _) = day_values(d);
            (day, notes)
        })
        .unzip();
    let created: Created = diesel::sql_query(CREATE_PLAN)
        .bind::<BigInt, _>(row.user_id)
        .bind::<Timestamp, _>(row.now)
        .bind::<Nullable<Double>, _>(row.tolerance_calories)
        .bind::<Nullable<Double>, _>(row.tolerance_macros)
        .bind::<Nullable<Double>, _>(row.max_servings)
        .bind::<SmallInt, _>(row.adjust_protein)
        .bind::<SmallInt, _>(row.adjust_carbs)
        .bind::<SmallInt, _>(row.adjust_calories)
        .bind::<Nullable<Integer>, _>(row.adjust_meals)
        .bind::<Nullable<Text>, _>(row.adjust_diet)
        .bind::<Integer, _>(row.household)
        .bind::<Array<Integer>, _>(day_numbers)
        .bind::<Integer, _>(i32::from(by == ChosenBy::User))
        .bind::<Array<Integer>, _>(meals.day)
        .bind::<Array<BigInt>, _>(meals.recipe)
        .bind::<Array<Integer>, _>(meals.schedule)
        .bind::<Array<Integer>, _>(meals.status)
        .bind::<Array<BigInt>, _>(meals.meal_type)
        .bind::<Array<Double>, _>(meals.servings)
        .bind::<Array<Integer>, _>(meals.shared)
        .bind::<Array<Integer>, _>(portions.day)
        .bind::<Array<Integer>, _>(portions.schedule)
        .bind::<Array<Integer>, _>(portions.position)
        .bind::<Array<Nullable<BigInt>>, _>(portions.member)
        .bind::<Array<Text>, _>(portions.name)
        .bind::<Array<Double>, _>(portions.servings)
        .bind::<Array<Nullable<Integer>>, _>(meals.cooked_day)
        .bind::<Array<Nullable<Integer>>, _>(meals.cooked_schedule)
        .bind::<Array<Nullable<Text>>, _>(day_notes)
        .get_result(conn)?;
    Ok(created.id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use mealplan_domain::{MealStatus, MealType};
    use mealplan_ports::{NewMeal, Portion};

    #[test]
    fn meals_and_portions_become_columns_in_order() {
        let meal = |schedule: u8, portions: Vec<Portion>| NewMeal {
            recipe_id: 40 + i64::from(schedule),
            schedule,
            status: MealStatus::Pending,
            meal_type: MealType::Lunch,
            servings: 1.5,
            portions,
            leftover_of: (schedule == 2).then_some(mealplan_domain::planner::CookedAt {
                day_of_week: 1,
                schedule: 1,
            }),
        };
        let portion = |member_id: Option<i64>, name: &str| Portion {
            member_id,
            name: name.into(),
            servings: 0.5,
        };
        let days = [
            NewDay {
                day_of_week: 1,
                meals: vec![
                    meal(
                        1,
                        vec![portion(None, "O'Brien \\ \"x\""), portion(Some(9), "Zoë")],
                    ),
                    meal(2, Vec::new()),
                ],
                notes: Vec::new(),
            },
            NewDay {
                day_of_week: 2,
                meals: Vec::new(),
                notes: Vec::new(),
            },
        ];
        let (meals, portions) = columns(&days, true);
        let status = MealStatus::Pending.code() as i32;
        let lunch = MealType::Lunch.id();
        assert_eq!(
            meals,
            MealColumns {
                day: vec![1, 1],
                recipe: vec![41, 42],
                schedule: vec![1, 2],
                status: vec![status, status],
                meal_type: vec![lunch, lunch],
                servings: vec![1.5, 1.5],
                shared: vec![1, 0],
                cooked_day: vec![None, Some(1)],
                cooked_schedule: vec![None, Some(1)],
            }
        );
        assert_eq!(
            portions,
            PortionColumns {
                day: vec![1, 1],
                schedule: vec![1, 1],
                position: vec![0, 1],
                member: vec![None, Some(9)],
                name: vec!["O'Brien \\ \"x\"".into(), "Zoë".into()],
                servings: vec![0.5, 0.5],
            }
        );
        // The statement names as many placeholders as are bound.
        let most = (1..=40)
            .filter(|n| CREATE_PLAN.contains(&format!("${n}")))
            .max();
        assert_eq!(most, Some(29));
    }
}
