CREATE TABLE clients (
  client_id TEXT PRIMARY KEY,
  name TEXT NOT NULL DEFAULT '',
  allowed_origins JSONB NOT NULL DEFAULT '[]',
  restricted BOOLEAN NOT NULL DEFAULT false,
  -- NULL: no limit on views.
  max_views INTEGER CHECK (max_views IS NULL OR max_views >= 0),
  is_freemium BOOLEAN NOT NULL DEFAULT false,
  lang TEXT NOT NULL DEFAULT 'en',
  client_restriction_setting JSONB NOT NULL DEFAULT '{}',
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE popups (
  poptin_id TEXT PRIMARY KEY,
  client_id TEXT NOT NULL REFERENCES clients (client_id),
  -- The id conversions are posted to (/api/display/conversion/{viewer_id}).
  viewer_id TEXT NOT NULL UNIQUE,
  -- Copied out of config so A/B campaigns and stats can be queried.
  ab_test_parent_id TEXT,
  config JSONB NOT NULL,
  source_file TEXT,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX popups_client_idx ON popups (client_id);

CREATE TABLE views (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  poptin_id TEXT NOT NULL REFERENCES popups (poptin_id),
  client_id TEXT NOT NULL REFERENCES clients (client_id),
  viewer_id TEXT,
  trigger TEXT,
  type TEXT,
  url TEXT,
  store_integration TEXT,
  store_integration_customer_id TEXT,
  converted_email TEXT,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX views_client_idx ON views (client_id);
CREATE INDEX views_poptin_idx ON views (poptin_id);

CREATE TABLE closes (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  poptin_id TEXT NOT NULL REFERENCES popups (poptin_id),
  client_id TEXT NOT NULL REFERENCES clients (client_id),
  url TEXT,
  converted_email TEXT,
  store_integration TEXT,
  store_integration_customer_id TEXT,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX closes_poptin_idx ON closes (poptin_id);

CREATE TABLE conversions (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  idempotency_key TEXT NOT NULL UNIQUE,
  poptin_id TEXT NOT NULL REFERENCES popups (poptin_id),
  client_id TEXT NOT NULL REFERENCES clients (client_id),
  viewer_id TEXT NOT NULL,
  email TEXT,
  phone TEXT,
  name TEXT,
  url TEXT,
  poptin_view_id BIGINT,
  -- The whole body as received, so no submitted field is lost.
  fields JSONB NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX conversions_client_created_idx ON conversions (client_id, created_at DESC, id DESC);
CREATE INDEX conversions_poptin_idx ON conversions (poptin_id);
CREATE INDEX conversions_client_email_idx ON conversions (client_id, lower(email));

CREATE TABLE limit_logs (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  client_id TEXT NOT NULL REFERENCES clients (client_id),
  status TEXT,
  upgrade_id TEXT,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX limit_logs_client_idx ON limit_logs (client_id);
