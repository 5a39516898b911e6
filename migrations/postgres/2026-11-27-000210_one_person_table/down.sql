-- Members back to a table of their own, with the ids they have now (their
-- plan portions name them so); the holders' profiles one per account.
DROP VIEW household_members;
CREATE TABLE household_members (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
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
SELECT setval(pg_get_serial_sequence('household_members', 'id'), GREATEST(1, x.m), x.m > 0)
FROM (SELECT GREATEST((SELECT COALESCE(MAX(id), 0) FROM household_members),
    (SELECT COALESCE(MAX(member_id), 0) FROM meal_portions)) AS m) x;
DELETE FROM profiles WHERE name IS NOT NULL;
DROP INDEX profiles_people;
DROP INDEX profiles_holder;
ALTER TABLE profiles ADD CONSTRAINT profiles_user_id_key UNIQUE (user_id);
ALTER TABLE profiles DROP COLUMN name;
