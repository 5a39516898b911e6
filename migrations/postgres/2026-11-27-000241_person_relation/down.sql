ALTER TABLE profiles DROP COLUMN relation;
