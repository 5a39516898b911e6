ALTER TABLE meal_details DROP COLUMN chosen;
ALTER TABLE plans DROP COLUMN max_servings;
ALTER TABLE plans DROP COLUMN tolerance_macros;
ALTER TABLE plans DROP COLUMN tolerance_calories;
