-- A recipe's id is its catalogue number (recipe_id): clients written for the
-- original send either, and both must name the same recipe. Meals keep
-- their recipes: their references move with the ids.
ALTER TABLE meal_details DROP CONSTRAINT meal_details_recipe_id_fkey;
UPDATE meal_details m SET recipe_id = r.recipe_id FROM recipes r WHERE r.id = m.recipe_id;
-- Through negative values, so no two rows ever hold one id.
UPDATE recipes SET id = -recipe_id;
UPDATE recipes SET id = -id;
ALTER TABLE meal_details
    ADD CONSTRAINT meal_details_recipe_id_fkey FOREIGN KEY (recipe_id) REFERENCES recipes (id);
ALTER TABLE recipes ALTER COLUMN id DROP DEFAULT;
DROP SEQUENCE IF EXISTS recipes_id_seq;
ALTER TABLE recipes ADD CONSTRAINT recipes_id_is_recipe_id CHECK (id = recipe_id);
