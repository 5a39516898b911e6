ALTER TABLE daily_menus DROP COLUMN rebalance_notes;
ALTER TABLE daily_menus DROP COLUMN notes;
