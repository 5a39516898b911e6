-- Reference lists. Predefined items have no owner; custom tastes and
-- restrictions belong to the user who created them.
CREATE TABLE diet_types (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE
);
INSERT INTO diet_types (id, name) VALUES
    (1, 'high_protein'), (2, 'low_carb'), (3, 'vegan'), (4, 'vegetarian'),
    (5, 'low_calorie'), (6, 'high_fiber'), (7, 'high_carb');

CREATE TABLE meal_types (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE
);
INSERT INTO meal_types (id, name) VALUES
    (1, 'breakfast'), (2, 'lunch'), (3, 'dinner'), (4, 'snack');

CREATE TABLE tastes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    owner_id INTEGER REFERENCES users (id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX tastes_predefined_name ON tastes (name) WHERE owner_id IS NULL;
CREATE UNIQUE INDEX tastes_owner_name ON tastes (owner_id, name) WHERE owner_id IS NOT NULL;
INSERT INTO tastes (id, name) VALUES
    (1, 'spicy'), (2, 'sweet'), (3, 'savory'), (4, 'sour'), (5, 'bitter'), (6, 'umami');

CREATE TABLE restrictions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    owner_id INTEGER REFERENCES users (id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX restrictions_predefined_name ON restrictions (name) WHERE owner_id IS NULL;
CREATE UNIQUE INDEX restrictions_owner_name ON restrictions (owner_id, name) WHERE owner_id IS NOT NULL;
INSERT INTO restrictions (id, name) VALUES
    (1, 'gluten free'), (2, 'lactose intolerance'), (3, 'nut allergy'), (4, 'shellfish allergy'),
    (5, 'soy allergy'), (6, 'egg allergy'), (7, 'fish allergy'), (8, 'sesame allergy');

CREATE TABLE profiles (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
    goal TEXT NOT NULL,
    height DOUBLE PRECISION NOT NULL,
    weight DOUBLE PRECISION NOT NULL,
    body_type TEXT NOT NULL,
    gender TEXT NOT NULL,
    meals_per_day INTEGER NOT NULL,
    activity_level TEXT NOT NULL,
    birth_date DATE NOT NULL,
    body_fat_percentage DOUBLE PRECISION NOT NULL,
    calories_target DOUBLE PRECISION NOT NULL,
    protein_target DOUBLE PRECISION NOT NULL,
    carbs_target DOUBLE PRECISION NOT NULL,
    fat_target DOUBLE PRECISION NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);

CREATE TABLE profile_tastes (
    profile_id INTEGER NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    taste_id INTEGER NOT NULL REFERENCES tastes (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    PRIMARY KEY (profile_id, taste_id)
);

CREATE TABLE profile_restrictions (
    profile_id INTEGER NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    restriction_id INTEGER NOT NULL REFERENCES restrictions (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    PRIMARY KEY (profile_id, restriction_id)
);

CREATE TABLE profile_diet_types (
    profile_id INTEGER NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    diet_type_id INTEGER NOT NULL REFERENCES diet_types (id),
    position INTEGER NOT NULL,
    PRIMARY KEY (profile_id, diet_type_id)
);

-- Custom items get ids from 101 on, as on PostgreSQL.
UPDATE sqlite_sequence SET seq = 100 WHERE name IN ('tastes', 'restrictions');
