-- What a household member is to the account holder ("mother"), when it
-- was said: one of the names of `Relation`; NULL for the holder and for a
-- member saved without one.
ALTER TABLE profiles ADD COLUMN relation TEXT;
