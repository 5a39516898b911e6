-- Which profile values the user set by hand, as bits: 1 calories, 2 protein,
-- 4 carbs, 8 fat, 16 body fat %. The others are computed and follow the
-- body metrics and goal. Existing profiles start as all computed: clients
-- echoed every value back, so stored values cannot tell hand-set ones apart.
ALTER TABLE profiles ADD COLUMN manual_targets INTEGER NOT NULL DEFAULT 0;
