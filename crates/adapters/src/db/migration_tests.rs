//! Migrations that move data, tested both ways on both backends: a
//! database built up to just before the migration, rows written in the
//! old shape, the migration applied and the rows read in the new shape,
//! then reverted and the rows read in the old shape again.

use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::sql_types::Text;
use diesel_migrations::{EmbeddedMigrations, MigrationHarness};

use super::{POSTGRES_MIGRATIONS, SQLITE_MIGRATIONS};

#[derive(QueryableByName)]
struct Value {
    #[diesel(sql_type = Text)]
    v: String,
}

/// What a test does to a database, the same on either backend.
trait TestDb {
    /// Applies the pending migrations before the first named `stop…`.
    fn migrate_before(&mut self, stop: &str);
    /// Applies the next pending migration.
    fn up_one(&mut self);
    /// Reverts the last applied migration.
    fn down_one(&mut self);
    /// Runs `sql` (several statements).
    fn exec(&mut self, sql: &str);
    /// The text column `v` of the one row `sql` selects.
    fn text(&mut self, sql: &str) -> String;
    /// The name of the function that makes a character of a code point.
    fn chr(&self) -> &'static str;
}

macro_rules! test_db {
    ($conn:ty, $source:expr, $chr:literal) => {
        impl TestDb for $conn {
            fn migrate_before(&mut self, stop: &str) {
                for m in self.pending_migrations($source).unwrap() {
                    if m.name().to_string().starts_with(stop) {
                        return;
                    }
                    self.run_migration(&*m).unwrap();
                }
                panic!("no migration {stop}");
            }
            fn up_one(&mut self) {
                let next = self.pending_migrations($source).unwrap().remove(0);
                self.run_migration(&*next).unwrap();
            }
            fn down_one(&mut self) {
                self.revert_last_migration($source).unwrap();
            }
            fn exec(&mut self, sql: &str) {
                self.batch_execute(sql)
                    .unwrap_or_else(|e| panic!("{e}: {sql}"));
            }
            fn text(&mut self, sql: &str) -> String {
                diesel::sql_query(sql)
                    .get_result::<Value>(self)
                    .unwrap_or_else(|e| panic!("{e}: {sql}"))
                    .v
            }
            fn chr(&self) -> &'static str {
                $chr
            }
        }
    };
}

const SQLITE: EmbeddedMigrations = SQLITE_MIGRATIONS;
const POSTGRES: EmbeddedMigrations = POSTGRES_MIGRATIONS;
test_db!(SqliteConnection, SQLITE, "char");
test_db!(PgConnection, POSTGRES, "chr");

/// Runs `test` on a new SQLite database.
fn on_sqlite(test: impl FnOnce(&mut dyn TestDb)) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("m.db");
    let mut conn = SqliteConnection::establish(&path.to_string_lossy()).unwrap();
    conn.batch_execute("PRAGMA foreign_keys = ON").unwrap();
    test(&mut conn);
}

/// Runs `test` on a new PostgreSQL database, dropped afterwards.
fn on_postgres(test: impl FnOnce(&mut dyn TestDb)) {
    let admin_url = std::env::var("MEALPLAN_TEST_POSTGRES_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".to_owned());
    let name = format!(
        "mealplan_migration_{}_{}",
        std::process::id(),
        chrono::Utc::now().timestamp_micros()
    );
    let mut admin = PgConnection::establish(&admin_url).unwrap();
    admin
        .batch_execute(&format!("CREATE DATABASE {name}"))
        .unwrap();
    let base = admin_url
        .rsplit_once('/')
        .map_or(admin_url.as_str(), |(b, _)| b);
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let mut conn = PgConnection::establish(&format!("{base}/{name}")).unwrap();
        test(&mut conn);
    }));
    let _ = admin.batch_execute(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"));
    if let Err(panic) = outcome {
        std::panic::resume_unwind(panic);
    }
}

/// A user and their profile, as every shape so far stores them.
const HOLDER: &str =
    "INSERT INTO users (id, name, email, password_hash, created_at, security_stamp)
         VALUES (1, 'Old', 'old@example.com', 'x', '2026-01-01 00:00:00', 'known');
     INSERT INTO tastes (id, name, owner_id) VALUES (500, 'grandma''s: stew', 1);";

/// The lists of a profile and of a member move to the one encoding and
/// back, names with colons whole.
fn one_list_encoding(db: &mut dyn TestDb) {
    db.migrate_before("2026-11-27-000200");
    let c = db.chr();
    db.exec(HOLDER);
    db.exec(&format!(
        "INSERT INTO profiles (id, user_id, goal, height, weight, body_type, gender,
             meals_per_day, activity_level, birth_date, body_fat_percentage, calories_target,
             protein_target, carbs_target, fat_target, manual_targets, created_at, updated_at,
             tastes_list, restrictions_list, diets_list)
         VALUES (1, 1, 'maintain_weight', 170, 65, 'normal', 'female', 3, 'medium',
             '1990-01-01', 25, 2000, 100, 250, 67, 0, '2026-01-01 00:00:00',
             '2026-01-01 00:00:00', '500:grandma''s: stew' || {c}(31) || '2:sweet', '', '4,1');
         INSERT INTO household_members (id, user_id, name, goal, height, weight, body_type,
             gender, meals_per_day, activity_level, birth_date, body_fat_percentage,
             calories_target, protein_target, carbs_target, fat_target, manual_targets,
             tastes, restrictions, diet_types, created_at, updated_at)
         VALUES (7, 1, 'Sam', 'gain_weight', 180, 80, 'lean', 'male', 4, 'high',
             '2000-02-02', 12, 3000, 150, 350, 90, 1,
             '500' || {c}(9) || 'grandma''s: stew' || {c}(10) || '1' || {c}(9) || 'spicy',
             '3' || {c}(9) || 'nut allergy', 'vegan' || {c}(10) || 'high_protein',
             '2026-01-01 00:00:00', '2026-01-01 00:00:00'),
             (8, 1, 'Ada', 'lose_weight', 160, 60, 'normal', 'female', 3, 'low',
             '1980-03-03', 30, 1800, 90, 200, 60, 0, '', '', '',
             '2026-01-01 00:00:00', '2026-01-01 00:00:00');"
    ));
    let old = |db: &mut dyn TestDb| {
        [
            db.text("SELECT diets_list AS v FROM profiles WHERE id = 1"),
            db.text("SELECT tastes_list AS v FROM profiles WHERE id = 1"),
            db.text("SELECT tastes AS v FROM household_members WHERE id = 7"),
            db.text("SELECT restrictions AS v FROM household_members WHERE id = 7"),
            db.text("SELECT diet_types AS v FROM household_members WHERE id = 7"),
            db.text(
                "SELECT tastes || restrictions || diet_types AS v \
                 FROM household_members WHERE id = 8",
            ),
        ]
    };
    let before = old(db);
    assert_eq!(
        before,
        [
            "4,1",
            "500:grandma's: stew\u{1f}2:sweet",
            "500\tgrandma's: stew\n1\tspicy",
            "3\tnut allergy",
            "vegan\nhigh_protein",
            "",
        ]
    );
    db.up_one();
    assert_eq!(
        old(db),
        [
            "4\u{1f}1",
            "500:grandma's: stew\u{1f}2:sweet",
            "500:grandma's: stew\u{1f}1:spicy",
            "3:nut allergy",
            "3\u{1f}1",
            "",
        ]
    );
    db.down_one();
    assert_eq!(old(db), before);
}

#[test]
fn one_list_encoding_on_sqlite() {
    on_sqlite(one_list_encoding);
}

#[test]
#[cfg_attr(
    mealplan_skip_postgres,
    ignore = "built with MEALPLAN_TEST_SKIP_POSTGRES=1"
)]
fn one_list_encoding_on_postgres() {
    on_postgres(one_list_encoding);
}

/// The people of one account as a backend stores them: `(id, name or '-',
/// goal, tastes)` of each holder profile then each member, by id, and the
/// member ids of the plan portions.
fn people(db: &mut dyn TestDb, members: &str) -> [String; 3] {
    let profiles = if members == "view" {
        "SELECT COALESCE(string_agg(CAST(id AS TEXT) || '|-|' || goal || '|' || tastes_list, ';' \
         ORDER BY id), '') AS v FROM profiles WHERE name IS NULL"
    } else {
        "SELECT COALESCE(string_agg(CAST(id AS TEXT) || '|-|' || goal || '|' || tastes_list, ';' \
         ORDER BY id), '') AS v FROM profiles"
    };
    let agg = agg(db);
    [
        db.text(&profiles.replace("string_agg", agg)),
        db.text(
            &"SELECT COALESCE(string_agg(CAST(id AS TEXT) || '|' || name || '|' || goal || '|' \
              || tastes, ';' ORDER BY id), '') AS v FROM household_members"
                .replace("string_agg", agg),
        ),
        db.text(
            &"SELECT COALESCE(string_agg(CAST(member_id AS TEXT), ',' ORDER BY position), '') \
              AS v FROM meal_portions"
                .replace("string_agg", agg),
        ),
    ]
}

/// The name of the ordered text aggregate.
fn agg(db: &dyn TestDb) -> &'static str {
    if db.chr() == "chr" {
        "string_agg"
    } else {
        "group_concat"
    }
}

/// Members become rows of `profiles` (ids after the profiles', their
/// plan portions following), the holder's row stays one per account, and
/// back.
fn one_person_table(db: &mut dyn TestDb) {
    db.migrate_before("2026-11-27-000210");
    let c = db.chr();
    db.exec(HOLDER);
    db.exec(&format!(
        "INSERT INTO users (id, name, email, password_hash, created_at, security_stamp)
             VALUES (2, 'Two', 'two@example.com', 'x', '2026-01-01 00:00:00', 'known');
         INSERT INTO profiles (id, user_id, goal, height, weight, body_type, gender,
             meals_per_day, activity_level, birth_date, body_fat_percentage, calories_target,
             protein_target, carbs_target, fat_target, manual_targets, created_at, updated_at,
             tastes_list, restrictions_list, diets_list)
         VALUES (1, 1, 'maintain_weight', 170, 65, 'normal', 'female', 3, 'medium',
             '1990-01-01', 25, 2000, 100, 250, 67, 0, '2026-01-01 00:00:00',
             '2026-01-01 00:00:00', '500:grandma''s: stew' || {c}(31) || '2:sweet', '', '4'),
             (2, 2, 'lose_weight', 160, 60, 'normal', 'male', 3, 'low',
             '1980-01-01', 20, 1800, 90, 200, 60, 0, '2026-01-01 00:00:00',
             '2026-01-01 00:00:00', '', '', '');
         INSERT INTO profile_tastes (profile_id, taste_id, position) VALUES (1, 500, 0), (1, 2, 1);
         INSERT INTO household_members (id, user_id, name, goal, height, weight, body_type,
             gender, meals_per_day, activity_level, birth_date, body_fat_percentage,
             calories_target, protein_target, carbs_target, fat_target, manual_targets,
             tastes, restrictions, diet_types, created_at, updated_at)
         VALUES (1, 1, 'Sam', 'gain_weight', 180, 80, 'lean', 'male', 4, 'high',
             '2000-02-02', 12, 3000, 150, 350, 90, 1, '1:spicy', '3:nut allergy', '3',
             '2026-01-01 00:00:00', '2026-01-01 00:00:00'),
             (3, 1, 'Ada', 'lose_weight', 160, 60, 'normal', 'female', 3, 'low',
             '1980-03-03', 30, 1800, 90, 200, 60, 0, '', '', '',
             '2026-01-01 00:00:00', '2026-01-01 00:00:00');"
    ));
    // A household plan's portions: Ada's and Sam's (their meal left out,
    // foreign keys off for these rows only).
    let (off, on) = if c == "chr" {
        (
            "SET session_replication_role = replica;",
            "SET session_replication_role = DEFAULT;",
        )
    } else {
        ("PRAGMA foreign_keys = OFF;", "PRAGMA foreign_keys = ON;")
    };
    db.exec(&format!(
        "{off} INSERT INTO meal_portions (meal_detail_id, position, member_id, name, servings)
             VALUES (1, 0, NULL, 'you', 1), (1, 1, 3, 'Ada', 1), (1, 2, 1, 'Sam', 1); {on}"
    ));
    let before = people(db, "table");
    assert_eq!(
        before,
        [
            "1|-|maintain_weight|500:grandma's: stew\u{1f}2:sweet;2|-|lose_weight|",
            "1|Sam|gain_weight|1:spicy;3|Ada|lose_weight|",
            "3,1",
        ]
    );
    db.up_one();
    // Members after the profiles' ids (2 + theirs), holders as they were.
    assert_eq!(
        people(db, "view"),
        [
            "1|-|maintain_weight|500:grandma's: stew\u{1f}2:sweet;2|-|lose_weight|",
            "3|Sam|gain_weight|1:spicy;5|Ada|lose_weight|",
            "5,3",
        ]
    );
    assert_eq!(
        db.text("SELECT CAST(COUNT(*) AS TEXT) AS v FROM profile_tastes"),
        "2"
    );
    // One holder per account; a member's row beside it is no holder.
    db.exec(
        "INSERT INTO profiles (user_id, name, goal, height, weight, body_type, gender,
             meals_per_day, activity_level, birth_date, body_fat_percentage, calories_target,
             protein_target, carbs_target, fat_target, created_at, updated_at)
         VALUES (2, 'Kim', 'lose_weight', 160, 60, 'normal', 'male', 3, 'low', '1980-01-01',
             20, 1800, 90, 200, 60, '2026-01-01 00:00:00', '2026-01-01 00:00:00')",
    );
    assert_eq!(
        db.text("SELECT CAST(MAX(id) AS TEXT) AS v FROM profiles"),
        "6",
        "new ids after every person and portion"
    );
    assert_eq!(
        db.text("SELECT CAST(COUNT(*) AS TEXT) AS v FROM household_members"),
        "3"
    );
    db.exec("DELETE FROM profiles WHERE id = 6");
    db.down_one();
    assert_eq!(
        people(db, "table"),
        [
            "1|-|maintain_weight|500:grandma's: stew\u{1f}2:sweet;2|-|lose_weight|",
            "3|Sam|gain_weight|1:spicy;5|Ada|lose_weight|",
            "5,3",
        ]
    );
    assert_eq!(
        db.text("SELECT CAST(COUNT(*) AS TEXT) AS v FROM profile_tastes"),
        "2"
    );
}

#[test]
fn one_person_table_on_sqlite() {
    on_sqlite(one_person_table);
}

#[test]
#[cfg_attr(
    mealplan_skip_postgres,
    ignore = "built with MEALPLAN_TEST_SKIP_POSTGRES=1"
)]
fn one_person_table_on_postgres() {
    on_postgres(one_person_table);
}

/// The rows of the three list tables (or views), `profile:item:position`
/// by profile, list and position.
fn list_rows(db: &mut dyn TestDb) -> String {
    let agg = agg(db);
    db.text(
        &"SELECT COALESCE(string_agg(r, ',' ORDER BY r), '') AS v FROM (
             SELECT 't' || CAST(profile_id AS TEXT) || ':' || CAST(taste_id AS TEXT) || ':'
                 || CAST(position AS TEXT) AS r FROM profile_tastes
             UNION ALL SELECT 'r' || CAST(profile_id AS TEXT) || ':'
                 || CAST(restriction_id AS TEXT) || ':' || CAST(position AS TEXT)
                 FROM profile_restrictions
             UNION ALL SELECT 'd' || CAST(profile_id AS TEXT) || ':'
                 || CAST(diet_type_id AS TEXT) || ':' || CAST(position AS TEXT)
                 FROM profile_diet_types) rows"
            .replace("string_agg", agg),
    )
}

/// The list tables become views of each person's list columns, the same
/// rows read through them; and back into tables holding those rows.
fn list_tables_as_views(db: &mut dyn TestDb) {
    db.migrate_before("2026-11-27-000240");
    let c = db.chr();
    db.exec(HOLDER);
    db.exec(&format!(
        "INSERT INTO profiles (id, user_id, name, goal, height, weight, body_type, gender,
             meals_per_day, activity_level, birth_date, body_fat_percentage, calories_target,
             protein_target, carbs_target, fat_target, manual_targets, created_at, updated_at,
             tastes_list, restrictions_list, diets_list)
         VALUES (1, 1, NULL, 'maintain_weight', 170, 65, 'normal', 'female', 3, 'medium',
             '1990-01-01', 25, 2000, 100, 250, 67, 0, '2026-01-01 00:00:00',
             '2026-01-01 00:00:00', '500:grandma''s: stew' || {c}(31) || '2:sweet',
             '3:nut allergy', '4' || {c}(31) || '1'),
             (2, 1, 'Sam', 'gain_weight', 180, 80, 'lean', 'male', 4, 'high',
             '2000-02-02', 12, 3000, 150, 350, 90, 1, '2026-01-01 00:00:00',
             '2026-01-01 00:00:00', '', '1:gluten free', ''),
             (3, 1, 'Ada', 'lose_weight', 160, 60, 'normal', 'female', 3, 'low',
             '1980-03-03', 30, 1800, 90, 200, 60, 0, '2026-01-01 00:00:00',
             '2026-01-01 00:00:00', '', '', '');
         INSERT INTO profile_tastes (profile_id, taste_id, position) VALUES (1, 500, 0), (1, 2, 1);
         INSERT INTO profile_restrictions (profile_id, restriction_id, position)
             VALUES (1, 3, 0), (2, 1, 0);
         INSERT INTO profile_diet_types (profile_id, diet_type_id, position)
             VALUES (1, 4, 0), (1, 1, 1);"
    ));
    let rows = "d1:1:1,d1:4:0,r1:3:0,r2:1:0,t1:2:1,t1:500:0";
    assert_eq!(list_rows(db), rows);
    db.up_one();
    assert_eq!(
        list_rows(db),
        rows,
        "the views read the rows the tables held"
    );
    // A list written on the row is what the view reads.
    db.exec(&format!(
        "UPDATE profiles SET tastes_list = '2:sweet' || {c}(31) || '500:x', diets_list = ''
         WHERE id = 1"
    ));
    let changed = "r1:3:0,r2:1:0,t1:2:0,t1:500:1";
    assert_eq!(list_rows(db), changed);
    db.down_one();
    assert_eq!(list_rows(db), changed, "the tables hold the rows again");
    db.exec("DELETE FROM profiles WHERE id = 1");
    assert_eq!(list_rows(db), "r2:1:0", "and hang from their profile");
}

#[test]
fn list_tables_as_views_on_sqlite() {
    on_sqlite(list_tables_as_views);
}

#[test]
#[cfg_attr(
    mealplan_skip_postgres,
    ignore = "built with MEALPLAN_TEST_SKIP_POSTGRES=1"
)]
fn list_tables_as_views_on_postgres() {
    on_postgres(list_tables_as_views);
}

/// A member's relation is a nullable column: rows before it read none,
/// and reverting drops it with the rows kept.
fn person_relation(db: &mut dyn TestDb) {
    db.migrate_before("2026-11-27-000241");
    db.exec(HOLDER);
    db.exec(
        "INSERT INTO profiles (id, user_id, name, goal, height, weight, body_type, gender,
             meals_per_day, activity_level, birth_date, body_fat_percentage, calories_target,
             protein_target, carbs_target, fat_target, created_at, updated_at)
         VALUES (1, 1, NULL, 'maintain_weight', 170, 65, 'normal', 'female', 3, 'medium',
             '1990-01-01', 25, 2000, 100, 250, 67, '2026-01-01 00:00:00',
             '2026-01-01 00:00:00'),
             (2, 1, 'Rosa', 'maintain_weight', 160, 62, 'normal', 'female', 3, 'low',
             '1956-01-01', 30, 1700, 80, 200, 60, '2026-01-01 00:00:00',
             '2026-01-01 00:00:00')",
    );
    db.up_one();
    let relations = |db: &mut dyn TestDb| {
        db.text(
            "SELECT COALESCE(MAX(relation), '-') || '|' || CAST(COUNT(relation) AS TEXT) \
             || '|' || CAST(COUNT(*) AS TEXT) AS v FROM profiles",
        )
    };
    assert_eq!(relations(db), "-|0|2");
    db.exec("UPDATE profiles SET relation = 'mother' WHERE id = 2");
    assert_eq!(relations(db), "mother|1|2");
    db.down_one();
    assert_eq!(
        db.text("SELECT CAST(COUNT(*) AS TEXT) AS v FROM profiles"),
        "2"
    );
    db.up_one();
    assert_eq!(relations(db), "-|0|2", "the column comes back empty");
}

#[test]
fn person_relation_on_sqlite() {
    on_sqlite(person_relation);
}

#[test]
#[cfg_attr(
    mealplan_skip_postgres,
    ignore = "built with MEALPLAN_TEST_SKIP_POSTGRES=1"
)]
fn person_relation_on_postgres() {
    on_postgres(person_relation);
}

/// A one-meal plan of the holder's, as every shape since plan revisions
/// stores it.
const ONE_MEAL: &str = "INSERT INTO recipes (id, recipe_id, name, calories, protein, carbs, fat,
         fiber, sugar, meal_types, diet_types, allergens, tastes, ingredients, fingerprint,
         prep_minutes, cook_minutes, steps, saturated_fat, sodium)
         VALUES (7, 7, 'Oats', 400, 10, 60, 8, 5, 3, 'breakfast', '', '', '', '', 'f', 5, 5, '',
         1, 100);
     INSERT INTO plans (id, user_id, active, created_at, updated_at, adjust_protein,
         adjust_carbs, adjust_calories, household, revision)
         VALUES (1, 1, 1, '2026-01-01 00:00:00', '2026-01-01 00:00:00', 0, 0, 0, 0, 0);
     INSERT INTO daily_menus (id, plan_id, day_of_week) VALUES (1, 1, 1);
     INSERT INTO meal_details (id, daily_menu_id, recipe_id, schedule, status, meal_type_id,
         servings, chosen, shared, revision) VALUES (1, 1, 7, 1, 0, 1, 1.5, 1, 0, 0);";

/// A meal's note: existing meals have none after the migration, a note
/// is stored in the new column, and reverting drops it and keeps the
/// meal.
fn meal_note(db: &mut dyn TestDb) {
    db.migrate_before("2026-11-27-000230");
    db.exec(HOLDER);
    db.exec(ONE_MEAL);
    db.up_one();
    assert_eq!(
        db.text("SELECT COALESCE(note, 'none') AS v FROM meal_details WHERE id = 1"),
        "none"
    );
    db.exec("UPDATE meal_details SET note = 'ñ 🍳' WHERE id = 1");
    assert_eq!(
        db.text("SELECT note AS v FROM meal_details WHERE id = 1"),
        "ñ 🍳"
    );
    db.down_one();
    assert_eq!(
        db.text(
            "SELECT CAST(recipe_id AS TEXT) || '/' || CAST(servings AS TEXT) AS v \
             FROM meal_details WHERE id = 1"
        ),
        "7/1.5"
    );
    db.up_one();
    assert_eq!(
        db.text("SELECT COALESCE(note, 'none') AS v FROM meal_details WHERE id = 1"),
        "none"
    );
}

#[test]
fn meal_note_on_sqlite() {
    on_sqlite(meal_note);
}

#[test]
#[cfg_attr(
    mealplan_skip_postgres,
    ignore = "built with MEALPLAN_TEST_SKIP_POSTGRES=1"
)]
fn meal_note_on_postgres() {
    on_postgres(meal_note);
}

/// One's own recipe as migration 000250 stores it, planned in meal 2.
const OWN_RECIPE: &str = "INSERT INTO recipes (id, recipe_id, name, calories, protein, carbs,
         fat, fiber, sugar, meal_types, diet_types, allergens, tastes, ingredients, fingerprint,
         prep_minutes, cook_minutes, steps, saturated_fat, sodium)
         VALUES (1000000001, 1000000001, 'Own', 500, 30, 50, 20, 5, 3, 'dinner', '', '', '',
         'rice:100', '', 5, 5, '', 1, 100);
     INSERT INTO own_recipes (recipe_id, owner_id, servings, stated, keywords)
         VALUES (1000000001, 1, 2, '', '');
     INSERT INTO own_recipe_lines (recipe_id, position, raw, ndb, description, grams,
         confidence, candidates, review)
         VALUES (1000000001, 0, '200g rice', 20044, 'Rice', 200, 0.95, '', '');
     INSERT INTO meal_details (id, daily_menu_id, recipe_id, schedule, status, meal_type_id,
         servings, chosen, shared, revision) VALUES (2, 1, 1000000001, 2, 0, 3, 1, 1, 0, 0);";

/// Own recipes: the tables come and go; going takes the own recipes and
/// the meals that planned them, and leaves the catalogue and its meals.
fn own_recipes(db: &mut dyn TestDb) {
    db.migrate_before("2026-11-28-000250");
    db.exec(HOLDER);
    db.exec(ONE_MEAL);
    db.up_one();
    db.exec(OWN_RECIPE);
    assert_eq!(
        db.text("SELECT raw AS v FROM own_recipe_lines WHERE recipe_id = 1000000001"),
        "200g rice"
    );
    db.down_one();
    assert_eq!(
        db.text("SELECT CAST(COUNT(*) AS TEXT) AS v FROM recipes"),
        "1"
    );
    assert_eq!(
        db.text("SELECT CAST(COUNT(*) AS TEXT) || '/' || CAST(MIN(recipe_id) AS TEXT) AS v FROM meal_details"),
        "1/7"
    );
    db.up_one();
    db.exec(OWN_RECIPE);
    assert_eq!(
        db.text("SELECT CAST(COUNT(*) AS TEXT) AS v FROM own_recipes"),
        "1"
    );
}

#[test]
fn own_recipes_on_sqlite() {
    on_sqlite(own_recipes);
}

#[test]
#[cfg_attr(
    mealplan_skip_postgres,
    ignore = "built with MEALPLAN_TEST_SKIP_POSTGRES=1"
)]
fn own_recipes_on_postgres() {
    on_postgres(own_recipes);
}

/// Own recipes' links: a recipe stored before gets a page and a picture
/// link under one random key; the catalogue's links stay; going back
/// takes the own links away.
fn own_recipe_links(db: &mut dyn TestDb) {
    db.migrate_before("2026-11-28-000310");
    db.exec(HOLDER);
    db.exec(ONE_MEAL);
    db.exec(OWN_RECIPE);
    db.up_one();
    let page = db.text("SELECT recipe_url AS v FROM recipes WHERE id = 1000000001");
    let picture = db.text("SELECT image_url AS v FROM recipes WHERE id = 1000000001");
    let key = page
        .strip_prefix("/recipes/1000000001?key=")
        .expect("a page link with a key");
    assert_eq!(key.len(), 32, "{page}");
    assert_eq!(picture, format!("/recipes/1000000001/plate.svg?key={key}"));
    assert_eq!(
        db.text("SELECT CAST(COUNT(*) AS TEXT) AS v FROM recipes WHERE recipe_url LIKE '%key=%'"),
        "1",
        "the catalogue's links stay as they were"
    );
    db.down_one();
    assert_eq!(
        db.text("SELECT COALESCE(recipe_url, 'none') AS v FROM recipes WHERE id = 1000000001"),
        "none"
    );
}

#[test]
fn own_recipe_links_on_sqlite() {
    on_sqlite(own_recipe_links);
}

#[test]
#[cfg_attr(
    mealplan_skip_postgres,
    ignore = "built with MEALPLAN_TEST_SKIP_POSTGRES=1"
)]
fn own_recipe_links_on_postgres() {
    on_postgres(own_recipe_links);
}

/// The pantry: its table comes and goes, leaving the account; an item
/// keeps its use-by day and goes with its account.
fn pantry(db: &mut dyn TestDb) {
    db.migrate_before("2026-11-28-000400");
    db.exec(HOLDER);
    db.up_one();
    db.exec(
        "INSERT INTO pantry_items (user_id, position, name, grams, use_by)
             VALUES (1, 0, 'egg', 300, '2026-03-02'), (1, 1, 'rice', 1000, NULL);",
    );
    assert_eq!(
        db.text(
            "SELECT name || '/' || CAST(CAST(grams AS INTEGER) AS TEXT) || '/' || \
             CAST(use_by AS TEXT) AS v FROM pantry_items WHERE position = 0"
        ),
        "egg/300/2026-03-02"
    );
    db.down_one();
    assert_eq!(
        db.text("SELECT name AS v FROM users WHERE id = 1"),
        "Old",
        "the account stays"
    );
    db.up_one();
    assert_eq!(
        db.text("SELECT CAST(COUNT(*) AS TEXT) AS v FROM pantry_items"),
        "0"
    );
    db.exec("INSERT INTO pantry_items (user_id, position, name, grams) VALUES (1, 0, 'egg', 50);");
    db.exec("DELETE FROM tastes WHERE owner_id = 1; DELETE FROM users WHERE id = 1;");
    assert_eq!(
        db.text("SELECT CAST(COUNT(*) AS TEXT) AS v FROM pantry_items"),
        "0",
        "an account's deletion takes its pantry"
    );
}

#[test]
fn pantry_on_sqlite() {
    on_sqlite(pantry);
}

#[test]
#[cfg_attr(
    mealplan_skip_postgres,
    ignore = "built with MEALPLAN_TEST_SKIP_POSTGRES=1"
)]
fn pantry_on_postgres() {
    on_postgres(pantry);
}

/// Beside [`ONE_MEAL`] (plan 1, the holder's own): plan 2, made for the
/// household's table, with a meal of everyone's portions (3) and a meal
/// added there by hand, without any (4).
const TABLE_PLAN: &str = "INSERT INTO plans (id, user_id, active, created_at, updated_at,
         adjust_protein, adjust_carbs, adjust_calories, household, revision)
         VALUES (2, 1, 0, '2026-01-01 00:00:00', '2026-01-01 00:00:00', 0, 0, 0, 1, 0);
     INSERT INTO daily_menus (id, plan_id, day_of_week) VALUES (2, 2, 1);
     INSERT INTO meal_details (id, daily_menu_id, recipe_id, schedule, status, meal_type_id,
         servings, chosen, shared, revision) VALUES (3, 2, 7, 1, 0, 1, 1, 0, 1, 0),
         (4, 2, 7, 2, 0, 1, 1, 1, 0, 0);
     INSERT INTO meal_portions (meal_detail_id, position, member_id, name, servings)
         VALUES (3, 0, NULL, 'you', 0.75), (3, 1, 8, 'Ana', 0.5);";

/// Holder portions: a one-person plan's meal gets one portion, the
/// holder's at its servings; a household plan's meals keep theirs (none
/// for one added by hand); going back takes the one-person plan's away.
fn holder_portions(db: &mut dyn TestDb) {
    db.migrate_before("2026-11-28-000410");
    db.exec(HOLDER);
    db.exec(ONE_MEAL);
    db.exec(TABLE_PLAN);
    let portions = |db: &mut dyn TestDb, meal: i64| {
        db.text(&format!(
            "SELECT CAST(COUNT(*) AS TEXT) || '/' || COALESCE(MIN(name), '-') || '/' || \
             COALESCE(CAST(MAX(servings) AS TEXT), '-') || '/' || \
             CAST(COUNT(member_id) AS TEXT) AS v FROM meal_portions WHERE meal_detail_id = {meal}"
        ))
    };
    let table = |db: &mut dyn TestDb| [3, 4].map(|m| portions(db, m));
    let before = table(db);
    assert_eq!(before, ["2/Ana/0.75/1", "0/-/-/0"]);
    assert_eq!(portions(db, 1), "0/-/-/0");
    db.up_one();
    assert_eq!(
        portions(db, 1),
        "1/you/1.5/0",
        "the holder's, at the meal's servings"
    );
    assert_eq!(
        db.text("SELECT CAST(position AS TEXT) AS v FROM meal_portions WHERE meal_detail_id = 1"),
        "0"
    );
    assert_eq!(table(db), before, "a household plan's meals as they were");
    db.down_one();
    assert_eq!(portions(db, 1), "0/-/-/0");
    assert_eq!(table(db), before);
    db.up_one();
    assert_eq!(portions(db, 1), "1/you/1.5/0");
    assert_eq!(table(db), before);
}

#[test]
fn holder_portions_on_sqlite() {
    on_sqlite(holder_portions);
}

#[test]
#[cfg_attr(
    mealplan_skip_postgres,
    ignore = "built with MEALPLAN_TEST_SKIP_POSTGRES=1"
)]
fn holder_portions_on_postgres() {
    on_postgres(holder_portions);
}

/// A day's notes: a day stored before has none, notes (split by U+001F)
/// are stored, and reverting drops them and keeps the day and its meals.
fn day_notes(db: &mut dyn TestDb) {
    db.migrate_before("2026-11-28-000435");
    db.exec(HOLDER);
    db.exec(ONE_MEAL);
    let none = "SELECT COALESCE(notes, 'none') || '/' || COALESCE(rebalance_notes, 'none') AS v \
                FROM daily_menus WHERE id = 1";
    db.up_one();
    assert_eq!(db.text(none), "none/none");
    let (chr, set) = (
        db.chr(),
        "UPDATE daily_menus SET rebalance_notes = 'off', notes",
    );
    db.exec(&format!(
        "{set} = 'day 1: a' || {chr}(31) || 'b' WHERE id = 1"
    ));
    assert_eq!(
        db.text("SELECT notes || '|' || rebalance_notes AS v FROM daily_menus WHERE id = 1"),
        "day 1: a\u{1f}b|off"
    );
    db.down_one();
    assert_eq!(
        db.text(
            "SELECT CAST(d.plan_id AS TEXT) || '/' || CAST(d.day_of_week AS TEXT) || '/' || \
             CAST(m.recipe_id AS TEXT) AS v FROM daily_menus d \
             JOIN meal_details m ON m.daily_menu_id = d.id WHERE d.id = 1"
        ),
        "1/1/7"
    );
    db.up_one();
    assert_eq!(db.text(none), "none/none");
}

#[test]
fn day_notes_on_sqlite() {
    on_sqlite(day_notes);
}

#[test]
#[cfg_attr(
    mealplan_skip_postgres,
    ignore = "built with MEALPLAN_TEST_SKIP_POSTGRES=1"
)]
fn day_notes_on_postgres() {
    on_postgres(day_notes);
}
