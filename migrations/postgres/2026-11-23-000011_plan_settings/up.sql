-- How a generated plan was asked for; NULL for plans made by hand.
ALTER TABLE plans ADD COLUMN tolerance_calories DOUBLE PRECISION;
ALTER TABLE plans ADD COLUMN tolerance_macros DOUBLE PRECISION;
ALTER TABLE plans ADD COLUMN max_servings DOUBLE PRECISION;
-- 1 when the user chose the meal's recipe (a plan made by hand, a meal
-- added one by one, a swap); re-balancing leaves such meals alone.
ALTER TABLE meal_details ADD COLUMN chosen INTEGER NOT NULL DEFAULT 0;
