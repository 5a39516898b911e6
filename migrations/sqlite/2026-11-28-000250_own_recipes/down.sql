-- Own recipes go, with the meals that planned them.
DELETE FROM meal_details WHERE recipe_id IN (SELECT recipe_id FROM own_recipes);
CREATE TEMP TABLE gone_own_recipes AS SELECT recipe_id FROM own_recipes;
DROP TABLE own_recipe_lines;
DROP TABLE own_recipes;
DELETE FROM recipes WHERE id IN (SELECT recipe_id FROM gone_own_recipes);
DROP TABLE gone_own_recipes;
