-- Each own recipe's printable page and plate picture open for a link
-- holder only: a random page key in both links (issue 39). Recipes stored
-- before this get theirs here; new ones get one when stored.
UPDATE recipes
SET recipe_url = '/recipes/' || id || '?key=' || lower(hex(randomblob(16)))
WHERE id > 1000000000 AND recipe_url IS NULL;
UPDATE recipes
SET image_url = replace(recipe_url, '?key=', '/plate.svg?key=')
WHERE id > 1000000000 AND image_url IS NULL;
