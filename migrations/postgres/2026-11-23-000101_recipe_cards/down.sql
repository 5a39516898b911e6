ALTER TABLE recipes DROP COLUMN sodium;
ALTER TABLE recipes DROP COLUMN saturated_fat;
ALTER TABLE recipes DROP COLUMN steps;
ALTER TABLE recipes DROP COLUMN cook_minutes;
ALTER TABLE recipes DROP COLUMN prep_minutes;
