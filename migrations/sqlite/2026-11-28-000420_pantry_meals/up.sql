-- Which meals ticked as eaten each pantry has taken into account, and
-- what each took (issue 40): un-ticking a meal puts exactly that back.
-- A meal eaten before the pantry was written is accounted with nothing
-- taken. Deleting the account, or the meal, deletes them.
CREATE TABLE pantry_meals (
    meal_detail_id BIGINT PRIMARY KEY REFERENCES meal_details (id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE
);
CREATE INDEX pantry_meals_user ON pantry_meals (user_id);
CREATE TABLE pantry_draws (
    meal_detail_id BIGINT NOT NULL REFERENCES pantry_meals (meal_detail_id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    name TEXT NOT NULL,
    grams DOUBLE PRECISION NOT NULL,
    use_by DATE,
    PRIMARY KEY (meal_detail_id, position),
    CHECK (grams > 0 AND grams <= 100000)
);
