-- Views and closes are the bulk of what the server stores (one per page view that shows a pop-up). They move to
-- tables partitioned by month of created_at, so that retention drops whole months instead of deleting rows, and
-- stats read per-day and per-hour roll-ups kept in the statement that stores each event.
--
-- A unique index of a partitioned table must hold the partition key, so an idempotency key can no longer be
-- unique in the event tables themselves: event_keys holds the keys, one row per keyed event.
-- The event tables have no foreign keys: the routes look the pop-up up before storing an event, and a foreign key
-- would cost a lookup per row of a bulk load and block dropping a month.

-- The path of a page (no scheme, host, query or fragment), as the roll-ups group pages.
CREATE FUNCTION poptin_page(url TEXT) RETURNS TEXT LANGUAGE sql IMMUTABLE AS $$
  SELECT left(split_part(split_part(regexp_replace(COALESCE(url, ''), '^[a-zA-Z][a-zA-Z0-9+.-]*://[^/?#]*', ''), '?', 1), '#', 1), 300)
$$;

-- Creates the monthly partitions of views and closes from the month of first_day through the month of last_day.
CREATE FUNCTION poptin_ensure_event_partitions(first_day DATE, last_day DATE) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  month DATE := date_trunc('month', first_day)::date;
  event_table TEXT;
BEGIN
  WHILE month <= last_day LOOP
    FOREACH event_table IN ARRAY ARRAY['views', 'closes'] LOOP
      EXECUTE format(
        'CREATE TABLE IF NOT EXISTS %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)',
        event_table || '_' || to_char(month, 'YYYY_MM'), event_table,
        month::timestamp AT TIME ZONE 'UTC', (month + interval '1 month')::timestamp AT TIME ZONE 'UTC'
      );
    END LOOP;
    month := (month + interval '1 month')::date;
  END LOOP;
END
$$;

-- Drops the monthly partitions that end before `before`; answers how many.
CREATE FUNCTION poptin_drop_event_partitions(before TIMESTAMPTZ) RETURNS INTEGER LANGUAGE plpgsql AS $$
DECLARE
  part RECORD;
  dropped INTEGER := 0;
BEGIN
  FOR part IN
    SELECT child.relname AS name
    FROM pg_inherits
    JOIN pg_class child ON child.oid = pg_inherits.inhrelid
    JOIN pg_class parent ON parent.oid = pg_inherits.inhparent
    WHERE parent.relname IN ('views', 'closes')
      AND parent.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())
      AND child.relname ~ '_[0-9]{4}_[0-9]{2}$'
      AND (to_date(right(child.relname, 7), 'YYYY_MM') + interval '1 month') <= (before AT TIME ZONE 'UTC')
  LOOP
    EXECUTE format('DROP TABLE %I', part.name);
    dropped := dropped + 1;
  END LOOP;
  RETURN dropped;
END
$$;

ALTER TABLE views RENAME TO views_unpartitioned;
ALTER TABLE closes RENAME TO closes_unpartitioned;

CREATE SEQUENCE view_ids;
SELECT setval('view_ids', COALESCE((SELECT max(id) FROM views_unpartitioned), 0) + 1, false);
CREATE SEQUENCE close_ids;
SELECT setval('close_ids', COALESCE((SELECT max(id) FROM closes_unpartitioned), 0) + 1, false);

CREATE TABLE views (
  id BIGINT NOT NULL DEFAULT nextval('view_ids'),
  poptin_id TEXT NOT NULL,
  client_id TEXT NOT NULL,
  viewer_id TEXT,
  trigger TEXT,
  type TEXT,
  url TEXT,
  store_integration TEXT,
  store_integration_customer_id TEXT,
  converted_email TEXT,
  idempotency_key TEXT,
  -- 'desktop', 'mobile', 'tablet' or 'unknown', from the browser's User-Agent.
  device TEXT NOT NULL DEFAULT 'unknown',
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
) PARTITION BY RANGE (created_at);

CREATE TABLE closes (
  id BIGINT NOT NULL DEFAULT nextval('close_ids'),
  poptin_id TEXT NOT NULL,
  client_id TEXT NOT NULL,
  url TEXT,
  converted_email TEXT,
  store_integration TEXT,
  store_integration_customer_id TEXT,
  idempotency_key TEXT,
  device TEXT NOT NULL DEFAULT 'unknown',
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
) PARTITION BY RANGE (created_at);

SELECT poptin_ensure_event_partitions(
  LEAST(
    COALESCE((SELECT min(created_at) FROM views_unpartitioned), now()),
    COALESCE((SELECT min(created_at) FROM closes_unpartitioned), now())
  )::date,
  (now() + interval '2 months')::date
);

INSERT INTO views (id, poptin_id, client_id, viewer_id, trigger, type, url, store_integration, store_integration_customer_id, converted_email, idempotency_key, created_at)
  SELECT id, poptin_id, client_id, viewer_id, trigger, type, url, store_integration, store_integration_customer_id, converted_email, idempotency_key, created_at
  FROM views_unpartitioned;
INSERT INTO closes (id, poptin_id, client_id, url, converted_email, store_integration, store_integration_customer_id, idempotency_key, created_at)
  SELECT id, poptin_id, client_id, url, converted_email, store_integration, store_integration_customer_id, idempotency_key, created_at
  FROM closes_unpartitioned;

-- One row per keyed event: kind 'view' or 'close', and the event's id.
CREATE TABLE event_keys (
  kind TEXT NOT NULL,
  idempotency_key TEXT NOT NULL,
  event_id BIGINT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, idempotency_key)
);
CREATE INDEX event_keys_created_idx ON event_keys (created_at);
INSERT INTO event_keys (kind, idempotency_key, event_id, created_at)
  SELECT 'view', idempotency_key, id, created_at FROM views_unpartitioned WHERE idempotency_key IS NOT NULL;
INSERT INTO event_keys (kind, idempotency_key, event_id, created_at)
  SELECT 'close', idempotency_key, id, created_at FROM closes_unpartitioned WHERE idempotency_key IS NOT NULL;

-- So that TRUNCATE ... RESTART IDENTITY starts the ids again, as it did with the identity columns.
ALTER SEQUENCE view_ids OWNED BY views.id;
ALTER SEQUENCE close_ids OWNED BY closes.id;

DROP TABLE views_unpartitioned;
DROP TABLE closes_unpartitioned;

CREATE INDEX views_id_idx ON views (id);
CREATE INDEX views_client_created_idx ON views (client_id, created_at);
CREATE INDEX views_client_email_idx ON views (client_id, lower(converted_email)) WHERE converted_email IS NOT NULL;
CREATE INDEX closes_client_created_idx ON closes (client_id, created_at);
CREATE INDEX closes_client_email_idx ON closes (client_id, lower(converted_email)) WHERE converted_email IS NOT NULL;

-- The device a lead was sent from, so that moving it in or out of spam corrects the right roll-up row.
ALTER TABLE conversions ADD COLUMN device TEXT NOT NULL DEFAULT 'unknown';

-- Counts per UTC day, pop-up and device, and per UTC day, pop-up and page: two narrow tables rather than one by
-- device and page, since a report reads days × pop-ups × devices, or days × pop-ups × pages, never both at once.
-- Conversions are the leads not taken for spam.
CREATE TABLE stats_daily (
  client_id TEXT NOT NULL,
  day DATE NOT NULL,
  poptin_id TEXT NOT NULL,
  device TEXT NOT NULL,
  views BIGINT NOT NULL DEFAULT 0,
  closes BIGINT NOT NULL DEFAULT 0,
  conversions BIGINT NOT NULL DEFAULT 0,
  PRIMARY KEY (client_id, day, poptin_id, device)
);

CREATE TABLE stats_daily_pages (
  client_id TEXT NOT NULL,
  day DATE NOT NULL,
  poptin_id TEXT NOT NULL,
  page TEXT NOT NULL,
  views BIGINT NOT NULL DEFAULT 0,
  closes BIGINT NOT NULL DEFAULT 0,
  conversions BIGINT NOT NULL DEFAULT 0,
  PRIMARY KEY (client_id, day, poptin_id, page)
);

-- Counts per hour, pop-up and device; kept for the last weeks only (see Store.maintainEvents).
CREATE TABLE stats_hourly (
  client_id TEXT NOT NULL,
  hour TIMESTAMPTZ NOT NULL,
  poptin_id TEXT NOT NULL,
  device TEXT NOT NULL,
  views BIGINT NOT NULL DEFAULT 0,
  closes BIGINT NOT NULL DEFAULT 0,
  conversions BIGINT NOT NULL DEFAULT 0,
  PRIMARY KEY (client_id, hour, poptin_id, device)
);

CREATE TEMPORARY TABLE events_by_day ON COMMIT DROP AS
  SELECT client_id, day, poptin_id, device, page, sum(views) AS views, sum(closes) AS closes, sum(conversions) AS conversions FROM (
    SELECT client_id, (created_at AT TIME ZONE 'UTC')::date AS day, poptin_id, device, poptin_page(url) AS page, 1 AS views, 0 AS closes, 0 AS conversions FROM views
    UNION ALL SELECT client_id, (created_at AT TIME ZONE 'UTC')::date, poptin_id, device, poptin_page(url), 0, 1, 0 FROM closes
    UNION ALL SELECT client_id, (created_at AT TIME ZONE 'UTC')::date, poptin_id, device, poptin_page(url), 0, 0, 1 FROM conversions WHERE spam_reason IS NULL
  ) events GROUP BY client_id, day, poptin_id, device, page;
INSERT INTO stats_daily (client_id, day, poptin_id, device, views, closes, conversions)
  SELECT client_id, day, poptin_id, device, sum(views), sum(closes), sum(conversions) FROM events_by_day GROUP BY client_id, day, poptin_id, device;
INSERT INTO stats_daily_pages (client_id, day, poptin_id, page, views, closes, conversions)
  SELECT client_id, day, poptin_id, page, sum(views), sum(closes), sum(conversions) FROM events_by_day GROUP BY client_id, day, poptin_id, page;

INSERT INTO stats_hourly (client_id, hour, poptin_id, device, views, closes, conversions)
  SELECT client_id, hour, poptin_id, device, sum(views), sum(closes), sum(conversions) FROM (
    SELECT client_id, date_trunc('hour', created_at) AS hour, poptin_id, device, 1 AS views, 0 AS closes, 0 AS conversions FROM views
    UNION ALL SELECT client_id, date_trunc('hour', created_at), poptin_id, device, 0, 1, 0 FROM closes
    UNION ALL SELECT client_id, date_trunc('hour', created_at), poptin_id, device, 0, 0, 1 FROM conversions WHERE spam_reason IS NULL
  ) events WHERE hour > now() - interval '14 days' GROUP BY client_id, hour, poptin_id, device;

-- Who erased whose data, when, and how many rows: the e-mail only as its SHA-256, so the log keeps no one's address.
CREATE TABLE erasures (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  client_id TEXT NOT NULL REFERENCES clients (client_id),
  email_sha256 TEXT NOT NULL,
  erased_by TEXT NOT NULL,
  leads INTEGER NOT NULL,
  views INTEGER NOT NULL,
  closes INTEGER NOT NULL,
  store_activity INTEGER NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX erasures_client_idx ON erasures (client_id, created_at DESC);
CREATE INDEX store_activity_client_email_idx ON store_activity (client_id, lower(email)) WHERE email IS NOT NULL;
