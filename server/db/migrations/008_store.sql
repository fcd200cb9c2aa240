-- Store integrations (widget §7): a client's online store (platform, shop, currency, the product feed its
-- recommendations pick from), and what the store calls send: browse abandonment, ordered products, website
-- sessions and conversion activities, each kept as sent.
ALTER TABLE clients ADD COLUMN store JSONB;
CREATE INDEX clients_shop_idx ON clients ((store ->> 'shop'));

CREATE TABLE store_activity (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  client_id TEXT NOT NULL REFERENCES clients (client_id),
  -- browse_abandonment, ordered_products, website_session or conversion_activity.
  kind TEXT NOT NULL,
  customer_id TEXT,
  email TEXT,
  poptin_id TEXT,
  payload JSONB NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX store_activity_client_idx ON store_activity (client_id, kind, created_at DESC);
