-- When the site's owners were last told by e-mail that a destination failed a delivery for good (once a day at most).
ALTER TABLE destinations ADD COLUMN alerted_at TIMESTAMPTZ;
