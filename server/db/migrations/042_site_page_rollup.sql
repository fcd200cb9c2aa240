-- Counts per site, day and page, every pop-up together. A report over all of a site's pop-ups reads its page
-- breakdown here: days × pages rows instead of days × pop-ups × pages in stats_daily_pages (180,000 rows for 90 days,
-- 10 pop-ups and 200 pages, too many for PGlite's one thread within the report's 200 ms). A trigger on
-- stats_daily_pages keeps it, so every statement that adds to that roll-up (an event, a spam move) adds the same
-- difference here, in the same transaction.
CREATE TABLE stats_daily_site_pages (
  client_id TEXT NOT NULL,
  day DATE NOT NULL,
  page TEXT NOT NULL,
  views BIGINT NOT NULL DEFAULT 0,
  closes BIGINT NOT NULL DEFAULT 0,
  conversions BIGINT NOT NULL DEFAULT 0,
  PRIMARY KEY (client_id, day, page)
);

-- A report of one pop-up (and its variants) reads its own rows of stats_daily_pages: without this index, its primary
-- key (client, day, pop-up, page) walks every pop-up's rows of the range.
CREATE INDEX stats_daily_pages_popup_idx ON stats_daily_pages (client_id, poptin_id, day);

INSERT INTO stats_daily_site_pages (client_id, day, page, views, closes, conversions)
  SELECT client_id, day, page, sum(views), sum(closes), sum(conversions) FROM stats_daily_pages GROUP BY client_id, day, page;

CREATE FUNCTION poptin_roll_site_pages() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added_views BIGINT := 0;
  added_closes BIGINT := 0;
  added_conversions BIGINT := 0;
  row_key stats_daily_pages;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    added_views := NEW.views;
    added_closes := NEW.closes;
    added_conversions := NEW.conversions;
    row_key := NEW;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    added_views := added_views - OLD.views;
    added_closes := added_closes - OLD.closes;
    added_conversions := added_conversions - OLD.conversions;
  END IF;
  IF TG_OP = 'DELETE' THEN
    row_key := OLD;
  END IF;
  INSERT INTO stats_daily_site_pages (client_id, day, page, views, closes, conversions)
    VALUES (row_key.client_id, row_key.day, row_key.page, added_views, added_closes, added_conversions)
    ON CONFLICT (client_id, day, page) DO UPDATE SET
      views = stats_daily_site_pages.views + EXCLUDED.views,
      closes = stats_daily_site_pages.closes + EXCLUDED.closes,
      conversions = stats_daily_site_pages.conversions + EXCLUDED.conversions;
  RETURN NULL;
END $$;

CREATE TRIGGER stats_daily_pages_roll_site AFTER INSERT OR UPDATE OR DELETE ON stats_daily_pages
  FOR EACH ROW EXECUTE FUNCTION poptin_roll_site_pages();
