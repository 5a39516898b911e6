-- Revisions (issue 25): every change to a meal adds one to its revision,
-- and every change to a plan's own row (a day or meal added, a re-balance)
-- adds one to the plan's. A plan's revision plus its meals' count and
-- revisions only ever grows, so a read can tell by that one number whether
-- an answer rendered earlier is still the plan as stored, on any instance.
-- Kept per meal, not on the plan row, so that meals of one plan still
-- change side by side without waiting on each other.
ALTER TABLE meal_details ADD COLUMN revision BIGINT NOT NULL DEFAULT 0;
ALTER TABLE plans ADD COLUMN revision BIGINT NOT NULL DEFAULT 0;
