-- One table of people (issue 36): the account holder is the first person
-- of the household, a member another row of `profiles`, with a name
-- (NULL for the holder, who goes by the account's name). One holder per
-- account (`profiles_holder`); members are read by (user_id, id).
-- Members get ids after the profiles' (and their plan portions with
-- them), so an id names one person. Their lists move as they are (one
-- encoding since 000200); the list tables, which nothing reads, get their
-- rows at the member's next save. `household_members` stays as a view for
-- readers of the old table. SQLite cannot drop the UNIQUE of
-- `profiles.user_id`: the table is built anew, its list tables (whose
-- rows a DROP of `profiles` would delete, foreign keys being on in the
-- migration's transaction) set aside and put back.
CREATE TABLE people (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    goal TEXT NOT NULL,
    height DOUBLE PRECISION NOT NULL,
    weight DOUBLE PRECISION NOT NULL,
    body_type TEXT NOT NULL,
    gender TEXT NOT NULL,
    meals_per_day INTEGER NOT NULL,
    activity_level TEXT NOT NULL,
    birth_date DATE NOT NULL,
    body_fat_percentage DOUBLE PRECISION NOT NULL,
    calories_target DOUBLE PRECISION NOT NULL,
    protein_target DOUBLE PRECISION NOT NULL,
    carbs_target DOUBLE PRECISION NOT NULL,
    fat_target DOUBLE PRECISION NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    manual_targets INTEGER NOT NULL DEFAULT 0,
    tastes_list TEXT NOT NULL DEFAULT '',
    restrictions_list TEXT NOT NULL DEFAULT '',
    diets_list TEXT NOT NULL DEFAULT '',
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name TEXT
);
INSERT INTO people (id, user_id, goal, height, weight, body_type, gender, meals_per_day, activity_level, birth_date,
    body_fat_percentage, calories_target, protein_target, carbs_target, fat_target,
    manual_targets,
    tastes_list, restrictions_list, diets_list, created_at, updated_at)
SELECT id, user_id, goal, height, weight, body_type, gender, meals_per_day, activity_level, birth_date,
    body_fat_percentage, calories_target, protein_target, carbs_target, fat_target,
    manual_targets,
    tastes_list, restrictions_list, diets_list, created_at, updated_at
FROM profiles;
UPDATE meal_portions SET member_id = member_id + (SELECT COALESCE(MAX(id), 0) FROM profiles)
WHERE member_id IS NOT NULL;
INSERT INTO people (id, user_id, name, goal, height, weight, body_type, gender, meals_per_day, activity_level, birth_date,
    body_fat_percentage, calories_target, protein_target, carbs_target, fat_target,
    manual_targets,
    tastes_list, restrictions_list, diets_list, created_at, updated_at)
SELECT id + (SELECT COALESCE(MAX(id), 0) FROM profiles), user_id, name, goal, height, weight, body_type, gender, meals_per_day, activity_level, birth_date,
    body_fat_percentage, calories_target, protein_target, carbs_target, fat_target,
    manual_targets,
    tastes, restrictions, diet_types, created_at, updated_at
FROM household_members;
CREATE TABLE kept_tastes AS SELECT * FROM profile_tastes;
CREATE TABLE kept_restrictions AS SELECT * FROM profile_restrictions;
CREATE TABLE kept_diet_types AS SELECT * FROM profile_diet_types;
DROP TABLE profile_tastes;
DROP TABLE profile_restrictions;
DROP TABLE profile_diet_types;
DROP TABLE profiles;
DROP TABLE household_members;
ALTER TABLE people RENAME TO profiles;
CREATE TABLE profile_tastes (
    profile_id INTEGER NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    taste_id INTEGER NOT NULL REFERENCES tastes (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    PRIMARY KEY (profile_id, taste_id)
);
CREATE TABLE profile_restrictions (
    profile_id INTEGER NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    restriction_id INTEGER NOT NULL REFERENCES restrictions (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    PRIMARY KEY (profile_id, restriction_id)
);
CREATE TABLE profile_diet_types (
    profile_id INTEGER NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    diet_type_id INTEGER NOT NULL REFERENCES diet_types (id),
    position INTEGER NOT NULL,
    PRIMARY KEY (profile_id, diet_type_id)
);
INSERT INTO profile_tastes SELECT * FROM kept_tastes;
INSERT INTO profile_restrictions SELECT * FROM kept_restrictions;
INSERT INTO profile_diet_types SELECT * FROM kept_diet_types;
DROP TABLE kept_tastes;
DROP TABLE kept_restrictions;
DROP TABLE kept_diet_types;
CREATE UNIQUE INDEX profiles_holder ON profiles (user_id) WHERE name IS NULL;
CREATE INDEX profiles_people ON profiles (user_id, id);
INSERT INTO sqlite_sequence (name, seq)
SELECT 'profiles', 0 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'profiles');
UPDATE sqlite_sequence SET seq = max(seq, (SELECT COALESCE(MAX(member_id), 0) FROM meal_portions))
WHERE name = 'profiles';
CREATE VIEW household_members AS
SELECT id, user_id, name, goal, height, weight, body_type, gender, meals_per_day, activity_level, birth_date,
    body_fat_percentage, calories_target, protein_target, carbs_target, fat_target,
    manual_targets,
    tastes_list AS tastes, restrictions_list AS restrictions, diets_list AS diet_types,
    created_at, updated_at
FROM profiles WHERE name IS NOT NULL;
