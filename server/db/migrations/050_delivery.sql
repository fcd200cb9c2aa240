-- Where a site's leads are delivered (webhook, e-mail, e-mail marketing), and each lead's delivery to each.
CREATE TABLE destinations (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  client_id TEXT NOT NULL REFERENCES clients (client_id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('webhook', 'email', 'mailchimp', 'klaviyo', 'hubspot')),
  name TEXT NOT NULL,
  enabled BOOLEAN NOT NULL DEFAULT true,
  -- What the kind needs besides its secret: the webhook's URL, the e-mail's recipients, a vendor's list id.
  settings JSONB NOT NULL DEFAULT '{}',
  -- Our field name -> the destination's, for the kinds that have fields of their own.
  field_map JSONB NOT NULL DEFAULT '{}',
  -- The signing secret or vendor API key, sealed with the server's delivery key (AES-256-GCM): it must be
  -- usable to sign or authenticate, so it cannot be hashed.
  sealed_secret TEXT,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX destinations_client_idx ON destinations (client_id);

CREATE TABLE deliveries (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  destination_id BIGINT NOT NULL REFERENCES destinations (id) ON DELETE CASCADE,
  conversion_id BIGINT NOT NULL REFERENCES conversions (id) ON DELETE CASCADE,
  client_id TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  -- Set while a worker sends it: another worker may take it over only once the lease has run out.
  lease_token TEXT,
  lease_until TIMESTAMPTZ,
  last_status_code INTEGER,
  last_error TEXT,
  -- The start of the destination's last answer, kept so that the owner sees why it failed.
  last_response TEXT,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  -- Tries stop 3 days after this: the delivery's creation, or the owner's last "retry".
  window_started_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  finished_at TIMESTAMPTZ,
  UNIQUE (destination_id, conversion_id)
);
-- The oldest pending delivery of each destination is the only one a worker may send (in order per destination).
CREATE INDEX deliveries_pending_idx ON deliveries (destination_id, id) WHERE status = 'pending';
CREATE INDEX deliveries_conversion_idx ON deliveries (conversion_id);
CREATE INDEX deliveries_destination_idx ON deliveries (destination_id, id DESC);

-- Every try of a delivery: the delivery log per destination.
CREATE TABLE delivery_attempts (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  delivery_id BIGINT NOT NULL REFERENCES deliveries (id) ON DELETE CASCADE,
  attempted_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  outcome TEXT NOT NULL CHECK (outcome IN ('delivered', 'retry', 'failed')),
  status_code INTEGER,
  error TEXT,
  response TEXT,
  duration_ms INTEGER NOT NULL
);
CREATE INDEX delivery_attempts_delivery_idx ON delivery_attempts (delivery_id);

-- The key that seals destination secrets when DELIVERY_KEY is not set: made once, shared by every process.
CREATE TABLE delivery_keys (
  name TEXT PRIMARY KEY,
  key TEXT NOT NULL
);
