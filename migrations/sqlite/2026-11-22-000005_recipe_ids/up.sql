-- A recipe's id is its catalogue number (recipe_id): clients written for the
-- original send either, and both must name the same recipe. Meals keep
-- their recipes: their references move with the ids. Foreign keys are
-- checked at commit, once every reference points at its new id.
PRAGMA defer_foreign_keys = ON;
UPDATE meal_details
   SET recipe_id = (SELECT r.recipe_id FROM recipes r WHERE r.id = meal_details.recipe_id);
-- Through negative values, so no two rows ever hold one id.
UPDATE recipes SET id = -recipe_id;
UPDATE recipes SET id = -id;
