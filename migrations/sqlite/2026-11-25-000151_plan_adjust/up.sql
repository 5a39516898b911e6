-- Changes asked for one plan only ("more protein", "vegetarian this week",
-- "fewer meals"), kept with it so its days are judged and re-balanced by
-- the same targets: -1, 0 or +1 for protein, carbs and calories; meals a
-- day and a diet type when changed (NULL: the profile's).
ALTER TABLE plans ADD COLUMN adjust_protein SMALLINT NOT NULL DEFAULT 0;
ALTER TABLE plans ADD COLUMN adjust_carbs SMALLINT NOT NULL DEFAULT 0;
ALTER TABLE plans ADD COLUMN adjust_calories SMALLINT NOT NULL DEFAULT 0;
ALTER TABLE plans ADD COLUMN adjust_meals INTEGER;
ALTER TABLE plans ADD COLUMN adjust_diet TEXT;
