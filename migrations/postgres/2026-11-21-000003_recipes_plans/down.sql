DROP TABLE meal_details;
DROP TABLE daily_menus;
DROP TABLE plans;
DROP TABLE recipes;
