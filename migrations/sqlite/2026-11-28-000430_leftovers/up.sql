-- Cook once, eat twice (issue 40): a meal eaten from an earlier meal's
-- dish names where it was cooked, by the cooking meal's day and schedule
-- in the same plan (both NULL for a meal cooked for itself). Its id is
-- found when the plan is read, so a plan is written in one statement.
ALTER TABLE meal_details ADD COLUMN cooked_day INTEGER;
ALTER TABLE meal_details ADD COLUMN cooked_schedule INTEGER;
