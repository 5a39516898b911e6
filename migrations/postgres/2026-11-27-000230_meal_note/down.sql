ALTER TABLE meal_details DROP COLUMN note;
