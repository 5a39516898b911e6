DROP TABLE profile_diet_types;
DROP TABLE profile_restrictions;
DROP TABLE profile_tastes;
DROP TABLE profiles;
DROP TABLE restrictions;
DROP TABLE tastes;
DROP TABLE meal_types;
DROP TABLE diet_types;
