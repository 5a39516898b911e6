UPDATE recipes SET recipe_url = NULL, image_url = NULL WHERE id > 1000000000;
