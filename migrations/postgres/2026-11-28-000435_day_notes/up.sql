-- A day's notes (issue 40 item 3): what the planner could not do as asked
-- on the day when it made the plan (a leftover dropped to keep the day on
-- its targets, a day its leftover keeps off them, a bound on cooking
-- sessions the week cannot keep), and what the last re-balance of the day
-- could not do. Each a list of sentences separated by U+001F, NULL for
-- none (every day stored before).
ALTER TABLE daily_menus ADD COLUMN notes TEXT;
ALTER TABLE daily_menus ADD COLUMN rebalance_notes TEXT;
