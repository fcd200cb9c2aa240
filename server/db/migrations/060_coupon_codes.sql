-- Where each visitor's own coupon code comes from, per pop-up (prize_id '') or per prize of its game: a list the
-- owner uploaded, a pattern (WELCOME-XXXXXX), or the site's Shopify shop (a price rule and its discount code per
-- lead). The Shopify Admin API token is sealed with the delivery key (delivery/secrets.ts), as destination secrets are.
CREATE TABLE coupon_sources (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  client_id TEXT NOT NULL REFERENCES clients (client_id) ON DELETE CASCADE,
  poptin_id TEXT NOT NULL REFERENCES popups (poptin_id) ON DELETE CASCADE,
  prize_id TEXT NOT NULL DEFAULT '',
  kind TEXT NOT NULL CHECK (kind IN ('list', 'pattern', 'shopify')),
  pattern TEXT,
  -- Shopify: the shop's domain and the discount each code gives (value_type, value).
  shopify JSONB,
  sealed_token TEXT,
  -- The owners are e-mailed once when a list's free codes fall to this many; the mark is cleared by an upload.
  low_stock_threshold INTEGER NOT NULL DEFAULT 50,
  low_stock_alerted_at TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (poptin_id, prize_id)
);
CREATE INDEX coupon_sources_client_idx ON coupon_sources (client_id);

-- Every code of a source: a list's codes wait free (lead_key_hmac null) until one lead takes each; a pattern's and a
-- shop's are written as they are given. lead_key_hmac is the keyed hash of the lead's idempotency key (the erasure
-- key, db/tombstones.ts): a retry of the lead finds its code again, and no idempotency key is kept here.
CREATE TABLE coupon_codes (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  source_id BIGINT NOT NULL REFERENCES coupon_sources (id) ON DELETE CASCADE,
  code TEXT NOT NULL,
  lead_key_hmac TEXT,
  given_at TIMESTAMPTZ,
  UNIQUE (source_id, code),
  UNIQUE (source_id, lead_key_hmac)
);
CREATE INDEX coupon_codes_free_idx ON coupon_codes (source_id, id) WHERE lead_key_hmac IS NULL;
