-- People who eat with an account holder (issue 24): each with a profile
-- of their own (the values of PUT /api/profile, targets resolved by the
-- same rules). Tastes, restrictions and diet types are kept by name, one
-- per line (names are printable, so a line break never occurs in one).
CREATE TABLE household_members (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
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
    manual_targets INTEGER NOT NULL,
    tastes TEXT NOT NULL,
    restrictions TEXT NOT NULL,
    diet_types TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);

CREATE INDEX household_members_user ON household_members (user_id, id);
