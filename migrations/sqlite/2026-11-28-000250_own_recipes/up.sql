-- A person's own recipes (issue 39). The recipe itself is a row of
-- `recipes`, so plans, meals and pages take its id like a catalogue one;
-- its id is above 1,000,000,000, where no catalogue number goes. What only
-- an own recipe has (its owner, servings, status, the lines as written
-- and the foods they were placed on) is here. Deleting the account
-- deletes these rows; the account's deletion then removes the recipe
-- rows no own recipe holds any more (crates/adapters/src/db/users.rs).
CREATE TABLE own_recipes (
    recipe_id BIGINT PRIMARY KEY REFERENCES recipes (id) ON DELETE CASCADE,
    owner_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    servings INTEGER NOT NULL,
    -- The nutrition one serving holds by its source, `kcal,protein,carbs,
    -- fat,fiber,sugar`, or '' when it said none.
    stated TEXT NOT NULL,
    -- The source's keywords, one a line.
    keywords TEXT NOT NULL,
    -- 1 once its owner deleted it: hidden, kept for the plans that used it.
    deleted INTEGER NOT NULL DEFAULT 0,
    CHECK (recipe_id > 1000000000)
);
CREATE INDEX own_recipes_owner ON own_recipes (owner_id);

CREATE TABLE own_recipe_lines (
    recipe_id BIGINT NOT NULL REFERENCES own_recipes (recipe_id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    raw TEXT NOT NULL,
    -- The SR28 food it is placed on (NULL: waiting for review).
    ndb INTEGER,
    description TEXT,
    grams DOUBLE PRECISION,
    confidence DOUBLE PRECISION,
    -- Up to five foods it may be, `ndb|confidence|description` one a line.
    candidates TEXT NOT NULL,
    -- Why it waits ('' when placed).
    review TEXT NOT NULL,
    PRIMARY KEY (recipe_id, position)
);
