-- Back to the two encodings: a member's items as `id<TAB>name` lines (the
-- first colon of each entry, after its id, becomes the tab), its diet
-- types by name, one a line; a profile's diet ids comma-separated.
-- SQLite has no regexp_replace: each list is cut into its entries.
UPDATE household_members SET tastes = (
    WITH RECURSIVE part (entry, rest, n) AS (
        SELECT NULL, household_members.tastes || char(31), 0
        UNION ALL
        SELECT substr(rest, 1, instr(rest, char(31)) - 1),
            substr(rest, instr(rest, char(31)) + 1), n + 1
        FROM part WHERE rest <> '')
    SELECT group_concat(substr(entry, 1, instr(entry, ':') - 1) || char(9)
        || substr(entry, instr(entry, ':') + 1), char(10) ORDER BY n)
    FROM part WHERE n > 0)
WHERE tastes <> '';
UPDATE household_members SET restrictions = (
    WITH RECURSIVE part (entry, rest, n) AS (
        SELECT NULL, household_members.restrictions || char(31), 0
        UNION ALL
        SELECT substr(rest, 1, instr(rest, char(31)) - 1),
            substr(rest, instr(rest, char(31)) + 1), n + 1
        FROM part WHERE rest <> '')
    SELECT group_concat(substr(entry, 1, instr(entry, ':') - 1) || char(9)
        || substr(entry, instr(entry, ':') + 1), char(10) ORDER BY n)
    FROM part WHERE n > 0)
WHERE restrictions <> '';
UPDATE household_members SET
    diet_types = replace(replace(replace(replace(replace(replace(replace(replace(diet_types,
        '1', 'high_protein'), '2', 'low_carb'), '3', 'vegan'), '4', 'vegetarian'),
        '5', 'low_calorie'), '6', 'high_fiber'), '7', 'high_carb'), char(31), char(10));
UPDATE profiles SET diets_list = replace(diets_list, char(31), ',');
