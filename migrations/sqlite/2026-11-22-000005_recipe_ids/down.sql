-- Ids stay the catalogue numbers: nothing to undo.
SELECT 1;
