ALTER TABLE recipes DROP COLUMN micronutrients;
