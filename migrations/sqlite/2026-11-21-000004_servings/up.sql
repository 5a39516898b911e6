-- Portion of a planned meal, in servings of its recipe.
ALTER TABLE meal_details ADD COLUMN servings DOUBLE PRECISION NOT NULL DEFAULT 1.0;
