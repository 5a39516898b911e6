ALTER TABLE profiles DROP COLUMN diets_list;
ALTER TABLE profiles DROP COLUMN restrictions_list;
ALTER TABLE profiles DROP COLUMN tastes_list;
