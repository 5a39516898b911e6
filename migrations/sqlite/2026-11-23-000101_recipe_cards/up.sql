-- A recipe's card: prep and cook minutes, its steps (one a line, with
-- {ingredient} references the service renders with the recipe's amounts),
-- and the saturated fat (g) and sodium (mg) of one serving. Seeding fills
-- them (the recipe fingerprint covers them).
ALTER TABLE recipes ADD COLUMN prep_minutes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE recipes ADD COLUMN cook_minutes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE recipes ADD COLUMN steps TEXT NOT NULL DEFAULT '';
ALTER TABLE recipes ADD COLUMN saturated_fat DOUBLE PRECISION NOT NULL DEFAULT 0;
ALTER TABLE recipes ADD COLUMN sodium DOUBLE PRECISION NOT NULL DEFAULT 0;
