ALTER TABLE profiles DROP COLUMN manual_targets;
