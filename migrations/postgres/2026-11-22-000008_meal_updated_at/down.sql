ALTER TABLE meal_details DROP COLUMN updated_at;
