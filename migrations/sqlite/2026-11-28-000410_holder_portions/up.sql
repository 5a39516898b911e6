-- Every meal carries its portions (issue 36): a one-person plan is a
-- household of one, each of its meals one portion, the holder's, named
-- as a household plan names the holder ('you'), at the meal's servings.
-- A meal of a plan made for the household's table keeps what it has: a
-- meal added there by hand has none, and is everyone's at the table.
INSERT INTO meal_portions (meal_detail_id, position, member_id, name, servings)
SELECT m.id, 0, NULL, 'you', m.servings
FROM meal_details m
JOIN daily_menus d ON d.id = m.daily_menu_id
JOIN plans p ON p.id = d.plan_id
WHERE p.household = 0
  AND NOT EXISTS (SELECT 1 FROM meal_portions x WHERE x.meal_detail_id = m.id);
