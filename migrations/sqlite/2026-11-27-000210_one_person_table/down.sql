-- Members back to a table of their own, with the ids they have now (their
-- plan portions name them so); the holders' profiles one per account,
-- the table built anew as the up migration did.
DROP VIEW household_members;
CREATE TABLE household_members (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
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
    manual_targets INTEGER NOT NULL,
    tastes TEXT NOT NULL,
    restrictions TEXT NOT NULL,
    diet_types TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX household_members_user ON household_members (user_id, id);
INSERT INTO household_members (id, user_id, name, goal, height, weight, body_type, gender, meals_per_day, activity_level, birth_date,
    body_fat_percentage, calories_target, protein_target, carbs_target, fat_target,
    manual_targets,
    tastes, restrictions, diet_types, created_at, updated_at)
SELECT id, user_id, name, goal, height, weight, body_type, gender, meals_per_day, activity_level, birth_date,
    body_fat_percentage, calories_target, protein_target, carbs_target, fat_target,
    manual_targets,
    tastes_list, restrictions_list, diets_list, created_at, updated_at
FROM profiles WHERE name IS NOT NULL;
INSERT INTO sqlite_sequence (name, seq)
SELECT 'household_members', 0 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'household_members');
UPDATE sqlite_sequence SET seq = max(seq, (SELECT COALESCE(MAX(id), 0) FROM household_members),
    (SELECT COALESCE(MAX(member_id), 0) FROM meal_portions))
WHERE name = 'household_members';
CREATE TABLE kept_tastes AS SELECT * FROM profile_tastes
WHERE profile_id IN (SELECT id FROM profiles WHERE name IS NULL);
CREATE TABLE kept_restrictions AS SELECT * FROM profile_restrictions
WHERE profile_id IN (SELECT id FROM profiles WHERE name IS NULL);
CREATE TABLE kept_diet_types AS SELECT * FROM profile_diet_types
WHERE profile_id IN (SELECT id FROM profiles WHERE name IS NULL);
DROP TABLE profile_tastes;
DROP TABLE profile_restrictions;
DROP TABLE profile_diet_types;
CREATE TABLE holders (
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
    user_id INTEGER NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE
);
INSERT INTO holders (id, user_id, goal, height, weight, body_type, gender, meals_per_day, activity_level, birth_date,
    body_fat_percentage, calories_target, protein_target, carbs_target, fat_target,
    manual_targets,
    tastes_list, restrictions_list, diets_list, created_at, updated_at)
SELECT id, user_id, goal, height, weight, body_type, gender, meals_per_day, activity_level, birth_date,
    body_fat_percentage, calories_target, protein_target, carbs_target, fat_target,
    manual_targets,
    tastes_list, restrictions_list, diets_list, created_at, updated_at
FROM profiles WHERE name IS NULL;
DROP TABLE profiles;
ALTER TABLE holders RENAME TO profiles;
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
