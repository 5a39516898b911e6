ALTER TABLE meal_details DROP COLUMN cooked_schedule;
ALTER TABLE meal_details DROP COLUMN cooked_day;
