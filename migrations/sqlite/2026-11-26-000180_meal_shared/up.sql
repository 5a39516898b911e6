-- Whether a meal has portions (a household plan's meal, issue 24), kept on
-- the meal itself so that a change returning the meal knows, without a
-- second read, whether its portions are to be read too (issue 25).
ALTER TABLE meal_details ADD COLUMN shared INTEGER NOT NULL DEFAULT 0;
UPDATE meal_details SET shared = 1
WHERE id IN (SELECT meal_detail_id FROM meal_portions);
