-- The recipe catalogue, seeded from the binary by recipe_id.
CREATE TABLE recipes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    recipe_id INTEGER NOT NULL UNIQUE,
    name TEXT NOT NULL,
    calories DOUBLE PRECISION NOT NULL,
    protein DOUBLE PRECISION NOT NULL,
    carbs DOUBLE PRECISION NOT NULL,
    fat DOUBLE PRECISION NOT NULL,
    fiber DOUBLE PRECISION NOT NULL,
    sugar DOUBLE PRECISION NOT NULL,
    image_url TEXT,
    recipe_url TEXT,
    -- Comma-separated lists: meal types, diet types, allergens, tastes, and
    -- ingredients as `name:grams`. Derived from the catalogue, read whole.
    meal_types TEXT NOT NULL,
    diet_types TEXT NOT NULL,
    allergens TEXT NOT NULL,
    tastes TEXT NOT NULL,
    ingredients TEXT NOT NULL,
    -- Content fingerprint: seeding rewrites a recipe only when it changed.
    fingerprint TEXT NOT NULL
);

-- Plans: at most one active plan per user, older ones kept as history.
CREATE TABLE plans (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    active INTEGER NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX plans_one_active_per_user ON plans (user_id) WHERE active = 1;
CREATE INDEX plans_user ON plans (user_id);

CREATE TABLE daily_menus (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    plan_id INTEGER NOT NULL REFERENCES plans (id) ON DELETE CASCADE,
    day_of_week INTEGER NOT NULL,
    UNIQUE (plan_id, day_of_week)
);

CREATE TABLE meal_details (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    daily_menu_id INTEGER NOT NULL REFERENCES daily_menus (id) ON DELETE CASCADE,
    recipe_id INTEGER NOT NULL REFERENCES recipes (id),
    schedule INTEGER NOT NULL,
    status INTEGER NOT NULL,
    meal_type_id INTEGER NOT NULL REFERENCES meal_types (id),
    UNIQUE (daily_menu_id, schedule)
);
