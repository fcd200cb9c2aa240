-- Revenue per pop-up on store sites (server/store-revenue/): how many days before an order a pop-up's lead still earns
-- it, and the orders attributed to a pop-up, each once (its platform's order id, and the webhook delivery that brought
-- it). Orders no lead of the window explains are not kept.
ALTER TABLE clients ADD COLUMN attribution_days INTEGER NOT NULL DEFAULT 7 CHECK (attribution_days BETWEEN 1 AND 90);

CREATE TABLE store_orders (
  client_id TEXT NOT NULL REFERENCES clients (client_id) ON DELETE CASCADE,
  platform TEXT NOT NULL CHECK (platform IN ('shopify', 'wix')),
  order_id TEXT NOT NULL,
  delivery_id TEXT,
  poptin_id TEXT NOT NULL,
  total NUMERIC(20, 4) NOT NULL CHECK (total >= 0),
  currency TEXT NOT NULL,
  -- Only orders in the site's currency add to its revenue; the others are counted apart.
  in_site_currency BOOLEAN NOT NULL,
  ordered_at TIMESTAMPTZ NOT NULL,
  received_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, platform, order_id)
);
CREATE UNIQUE INDEX store_orders_delivery_idx ON store_orders (client_id, platform, delivery_id);
CREATE INDEX store_orders_client_ordered_idx ON store_orders (client_id, ordered_at);
