DROP TABLE meal_portions;
ALTER TABLE plans DROP COLUMN household;
