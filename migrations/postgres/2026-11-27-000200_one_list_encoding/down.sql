-- Back to the two encodings: a member's items as `id<TAB>name` lines (the
-- first colon of each entry, after its id, becomes the tab), its diet
-- types by name, one a line; a profile's diet ids comma-separated.
UPDATE household_members SET
    tastes = replace(regexp_replace(tastes, '(^|' || chr(31) || ')(-?[0-9]+):',
        '\1\2' || chr(9), 'g'), chr(31), chr(10)),
    restrictions = replace(regexp_replace(restrictions, '(^|' || chr(31) || ')(-?[0-9]+):',
        '\1\2' || chr(9), 'g'), chr(31), chr(10)),
    diet_types = replace(replace(replace(replace(replace(replace(replace(replace(diet_types,
        '1', 'high_protein'), '2', 'low_carb'), '3', 'vegan'), '4', 'vegetarian'),
        '5', 'low_calorie'), '6', 'high_fiber'), '7', 'high_carb'), chr(31), chr(10));
UPDATE profiles SET diets_list = replace(diets_list, chr(31), ',');
