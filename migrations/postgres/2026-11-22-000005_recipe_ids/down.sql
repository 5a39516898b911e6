-- Ids stay the catalogue numbers; new recipes get sequence ids again.
ALTER TABLE recipes DROP CONSTRAINT recipes_id_is_recipe_id;
CREATE SEQUENCE recipes_id_seq OWNED BY recipes.id;
SELECT setval('recipes_id_seq', COALESCE((SELECT MAX(id) FROM recipes), 0) + 1, false);
ALTER TABLE recipes ALTER COLUMN id SET DEFAULT nextval('recipes_id_seq');
