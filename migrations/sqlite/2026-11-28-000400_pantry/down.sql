DROP TABLE pantry_items;
