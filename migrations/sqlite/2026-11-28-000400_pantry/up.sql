-- What each account has at home (issue 40): foods of the catalogue by
-- name, in the order the person listed them, with their grams and the
-- day each must be used by. Deleting the account deletes them.
CREATE TABLE pantry_items (
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    name TEXT NOT NULL,
    grams DOUBLE PRECISION NOT NULL,
    use_by DATE,
    PRIMARY KEY (user_id, position),
    CHECK (grams > 0 AND grams <= 100000)
);
