-- When a meal last changed. A plan's updated_at is the later of its own
-- and its meals', so a meal change writes one row and never locks the plan.
ALTER TABLE meal_details ADD COLUMN updated_at TIMESTAMP;
