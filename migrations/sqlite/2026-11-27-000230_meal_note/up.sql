-- A meal's optional note (free text, at most 200 characters: the API
-- refuses longer ones), set by PUT /meal-detail/{id}?note=.
ALTER TABLE meal_details ADD COLUMN note TEXT;
