-- A recipe's micronutrients per serving (calcium, iron, magnesium,
-- potassium, zinc, vitamins A, C, D and B12, folate; USDA SR28), written
-- `name=amount` comma-separated in the order of `Micronutrient::ALL`.
-- Empty until seeding rewrites the catalogue's rows (their fingerprint
-- changes); a nutrient left out reads as 0.
ALTER TABLE recipes ADD COLUMN micronutrients TEXT NOT NULL DEFAULT '';
