-- A person's lists live on their row (tastes_list, restrictions_list,
-- diets_list, in the one list encoding) and nothing reads the three list
-- tables any more: they stop being written, and stay readable as views
-- of the row's lists (profile, item id, position), as before.
DROP TABLE profile_tastes;
DROP TABLE profile_restrictions;
DROP TABLE profile_diet_types;
CREATE VIEW profile_tastes AS
WITH RECURSIVE split (profile_id, entry, rest, position) AS (
    SELECT id, NULL, tastes_list || char(31), -1 FROM profiles WHERE tastes_list <> ''
    UNION ALL
    SELECT profile_id, substr(rest, 1, instr(rest, char(31)) - 1),
        substr(rest, instr(rest, char(31)) + 1), position + 1
    FROM split WHERE rest <> ''
)
SELECT profile_id, CAST(substr(entry, 1, instr(entry, ':') - 1) AS INTEGER) AS taste_id, position FROM split WHERE position >= 0;
CREATE VIEW profile_restrictions AS
WITH RECURSIVE split (profile_id, entry, rest, position) AS (
    SELECT id, NULL, restrictions_list || char(31), -1 FROM profiles WHERE restrictions_list <> ''
    UNION ALL
    SELECT profile_id, substr(rest, 1, instr(rest, char(31)) - 1),
        substr(rest, instr(rest, char(31)) + 1), position + 1
    FROM split WHERE rest <> ''
)
SELECT profile_id, CAST(substr(entry, 1, instr(entry, ':') - 1) AS INTEGER) AS restriction_id, position FROM split WHERE position >= 0;
CREATE VIEW profile_diet_types AS
WITH RECURSIVE split (profile_id, entry, rest, position) AS (
    SELECT id, NULL, diets_list || char(31), -1 FROM profiles WHERE diets_list <> ''
    UNION ALL
    SELECT profile_id, substr(rest, 1, instr(rest, char(31)) - 1),
        substr(rest, instr(rest, char(31)) + 1), position + 1
    FROM split WHERE rest <> ''
)
SELECT profile_id, CAST(entry AS INTEGER) AS diet_type_id, position FROM split WHERE position >= 0;
