DROP TABLE pantry_draws;
DROP TABLE pantry_meals;
