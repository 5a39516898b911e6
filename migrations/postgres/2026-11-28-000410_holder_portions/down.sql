-- Back to portions for plans made for the household's table only.
DELETE FROM meal_portions
WHERE meal_detail_id IN (
    SELECT m.id
    FROM meal_details m
    JOIN daily_menus d ON d.id = m.daily_menu_id
    JOIN plans p ON p.id = d.plan_id
    WHERE p.household = 0
);
