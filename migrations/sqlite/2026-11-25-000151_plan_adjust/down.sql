ALTER TABLE plans DROP COLUMN adjust_diet;
ALTER TABLE plans DROP COLUMN adjust_meals;
ALTER TABLE plans DROP COLUMN adjust_calories;
ALTER TABLE plans DROP COLUMN adjust_carbs;
ALTER TABLE plans DROP COLUMN adjust_protein;
