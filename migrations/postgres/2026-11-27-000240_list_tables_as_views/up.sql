-- A person's lists live on their row (tastes_list, restrictions_list,
-- diets_list, in the one list encoding) and nothing reads the three list
-- tables any more: they stop being written, and stay readable as views
-- of the row's lists (profile, item id, position), as before.
DROP TABLE profile_tastes;
DROP TABLE profile_restrictions;
DROP TABLE profile_diet_types;
CREATE VIEW profile_tastes AS
SELECT p.id AS profile_id, CAST(split_part(e.entry, ':', 1) AS BIGINT) AS taste_id,
    CAST(e.n - 1 AS INTEGER) AS position
FROM profiles p
CROSS JOIN LATERAL unnest(string_to_array(p.tastes_list, chr(31))) WITH ORDINALITY AS e (entry, n)
WHERE p.tastes_list <> '';
CREATE VIEW profile_restrictions AS
SELECT p.id AS profile_id, CAST(split_part(e.entry, ':', 1) AS BIGINT) AS restriction_id,
    CAST(e.n - 1 AS INTEGER) AS position
FROM profiles p
CROSS JOIN LATERAL unnest(string_to_array(p.restrictions_list, chr(31)))
    WITH ORDINALITY AS e (entry, n)
WHERE p.restrictions_list <> '';
CREATE VIEW profile_diet_types AS
SELECT p.id AS profile_id, CAST(e.entry AS BIGINT) AS diet_type_id,
    CAST(e.n - 1 AS INTEGER) AS position
FROM profiles p
CROSS JOIN LATERAL unnest(string_to_array(p.diets_list, chr(31))) WITH ORDINALITY AS e (entry, n)
WHERE p.diets_list <> '';
