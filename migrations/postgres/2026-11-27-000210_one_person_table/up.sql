-- One table of people (issue 36): the account holder is the first person
-- of the household, a member another row of `profiles`, with a name
-- (NULL for the holder, who goes by the account's name). One holder per
-- account (`profiles_holder`); members are read by (user_id, id).
-- Members get ids after the profiles' (and their plan portions with
-- them), so an id names one person. Their lists move as they are (one
-- encoding since 000200); the list tables, which nothing reads, get their
-- rows at the member's next save. `household_members` stays as a view for
-- readers of the old table.
ALTER TABLE profiles ADD COLUMN name TEXT;
ALTER TABLE profiles DROP CONSTRAINT profiles_user_id_key;
CREATE UNIQUE INDEX profiles_holder ON profiles (user_id) WHERE name IS NULL;
CREATE INDEX profiles_people ON profiles (user_id, id);
UPDATE meal_portions SET member_id = member_id + (SELECT COALESCE(MAX(id), 0) FROM profiles)
WHERE member_id IS NOT NULL;
INSERT INTO profiles (id, user_id, name, goal, height, weight, body_type, gender,
    meals_per_day, activity_level, birth_date, body_fat_percentage, calories_target,
    protein_target, carbs_target, fat_target, manual_targets,
    tastes_list, restrictions_list, diets_list, created_at, updated_at)
SELECT m.id + o.off, m.user_id, m.name, m.goal, m.height, m.weight, m.body_type, m.gender,
    m.meals_per_day, m.activity_level, m.birth_date, m.body_fat_percentage, m.calories_target,
    m.protein_target, m.carbs_target, m.fat_target, m.manual_targets,
    m.tastes, m.restrictions, m.diet_types, m.created_at, m.updated_at
FROM household_members m CROSS JOIN (SELECT COALESCE(MAX(id), 0) AS off FROM profiles) o;
-- The next id after every person's and every portion's (a portion of a
-- member removed before names nobody, and no one new).
SELECT setval(pg_get_serial_sequence('profiles', 'id'), GREATEST(1, x.m), x.m > 0)
FROM (SELECT GREATEST((SELECT COALESCE(MAX(id), 0) FROM profiles),
    (SELECT COALESCE(MAX(member_id), 0) FROM meal_portions)) AS m) x;
DROP TABLE household_members;
CREATE VIEW household_members AS
SELECT id, user_id, name, goal, height, weight, body_type, gender, meals_per_day, activity_level, birth_date,
    body_fat_percentage, calories_target, protein_target, carbs_target, fat_target,
    manual_targets,
    tastes_list AS tastes, restrictions_list AS restrictions, diets_list AS diet_types,
    created_at, updated_at
FROM profiles WHERE name IS NOT NULL;
