-- What the assistant remembers of a user's conversation between messages:
-- the language last told, a request awaiting a yes (a command it reads
-- again), and the recipes last listed (for "option 2").
CREATE TABLE chat_memory (
    user_id BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    lang TEXT,
    pending TEXT,
    shown_meal_id BIGINT,
    shown_recipe_ids TEXT
);
