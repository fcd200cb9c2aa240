-- The order pop-ups were added in, for the display answer and the stats: creation times tie when several are
-- added within one tick of the database's clock (a folder of configurations loaded at start-up), and the
-- pop-up added first should still come first.
ALTER TABLE popups ADD COLUMN added_order BIGSERIAL;
