-- A site's time zone (an IANA name; null until its owner sets one: UTC).
ALTER TABLE clients ADD COLUMN time_zone TEXT;

-- The origins a site's display calls came from, allowed or refused, so that the console can say whether the
-- snippet is installed and which page calls without being allowed. Kept to the newest few per site.
CREATE TABLE site_origins_seen (
  client_id TEXT NOT NULL REFERENCES clients (client_id) ON DELETE CASCADE,
  origin TEXT NOT NULL,
  allowed BOOLEAN NOT NULL,
  calls BIGINT NOT NULL DEFAULT 0,
  first_seen_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  last_seen_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, origin)
);
