ALTER TABLE plans DROP COLUMN revision;
ALTER TABLE meal_details DROP COLUMN revision;
