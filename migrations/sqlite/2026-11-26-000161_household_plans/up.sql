-- Household plans (issue 24): a plan made for the holder and their
-- household says so, and each of its meals keeps every eater's portion
-- (member_id NULL for the holder, the name as it was when planned).
ALTER TABLE plans ADD COLUMN household INTEGER NOT NULL DEFAULT 0;

CREATE TABLE meal_portions (
    meal_detail_id INTEGER NOT NULL REFERENCES meal_details (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    member_id INTEGER,
    name TEXT NOT NULL,
    servings DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (meal_detail_id, position)
);
