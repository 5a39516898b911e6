-- One encoding for every stored list of a person (issue 36): entries
-- separated by U+001F, an item as `id:name`, a diet type as its id; read
-- back strictly (an entry that does not read is an error, never dropped).
-- A profile row's diet ids were comma-separated; a member's items were
-- `id<TAB>name` lines (names hold no tab or line break) and its diet
-- types names, one a line.
UPDATE profiles SET diets_list = replace(diets_list, ',', char(31));
UPDATE household_members SET
    tastes = replace(replace(tastes, char(9), ':'), char(10), char(31)),
    restrictions = replace(replace(restrictions, char(9), ':'), char(10), char(31)),
    diet_types = replace(replace(replace(replace(replace(replace(replace(replace(diet_types,
        'high_protein', '1'), 'low_carb', '2'), 'vegetarian', '4'), 'vegan', '3'),
        'low_calorie', '5'), 'high_fiber', '6'), 'high_carb', '7'), char(10), char(31));
