-- Views and closes are no longer added to the roll-ups by the statement that stores them: every view of one pop-up on
-- one day updated the same stats_daily row (and its page, month and hour rows), so a hot pop-up's views queued on
-- that row. The statement now adds a row here, with what the roll-ups need, and every server process folds these rows
-- into the roll-ups every few seconds (EventStore.foldRollups), deleting them in the statement that adds their
-- counts, so that each is counted once whichever process folds it, and a row whose transaction commits late is
-- simply folded by a later batch. Stats read the roll-ups plus these rows (the stats_*_live views), so they stay
-- exact. Leads still count at insert: they are few, and a spam move changes their counts in place.
CREATE TABLE pending_rollups (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  client_id TEXT NOT NULL,
  poptin_id TEXT NOT NULL,
  device TEXT NOT NULL,
  -- poptin_page(url): the roll-ups keep the page, never the address a person visited.
  page TEXT NOT NULL,
  -- The site's day (its time zone's) when the event was stored, as the roll-ups count it.
  day DATE NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  views INTEGER NOT NULL DEFAULT 0,
  closes INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX pending_rollups_client_idx ON pending_rollups (client_id);

-- Each roll-up as the reports read it: its rows and the events not folded into it yet, summed by the reader.
CREATE VIEW stats_daily_live AS
  SELECT client_id, day, poptin_id, device, views, closes, conversions FROM stats_daily
  UNION ALL SELECT client_id, day, poptin_id, device, views, closes, 0 FROM pending_rollups;

CREATE VIEW stats_daily_pages_live AS
  SELECT client_id, day, poptin_id, page, views, closes, conversions FROM stats_daily_pages
  UNION ALL SELECT client_id, day, poptin_id, page, views, closes, 0 FROM pending_rollups;

CREATE VIEW stats_daily_site_pages_live AS
  SELECT client_id, day, page, views, closes, conversions FROM stats_daily_site_pages
  UNION ALL SELECT client_id, day, page, views, closes, 0 FROM pending_rollups;

CREATE VIEW stats_monthly_pages_live AS
  SELECT client_id, poptin_id, month, page, views, closes, conversions FROM stats_monthly_pages
  UNION ALL SELECT client_id, poptin_id, date_trunc('month', day::timestamp)::date, page, views, closes, 0 FROM pending_rollups;

CREATE VIEW stats_hourly_live AS
  SELECT client_id, hour, poptin_id, device, views, closes, conversions FROM stats_hourly
  UNION ALL SELECT client_id, date_trunc('hour', created_at), poptin_id, device, views, closes, 0 FROM pending_rollups;
