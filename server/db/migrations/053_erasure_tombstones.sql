-- What an erasure leaves behind, nothing readable: the erasure log keeps the address as an HMAC of the site and the
-- address in lower case (the key in delivery_keys, name 'erasure', made once and shared by every process); a log row
-- written before this keeps its plain SHA-256. erased_lead_keys holds an HMAC of each erased lead's idempotency key,
-- so that a late retry of that lead is not stored again (server/db/tombstones.ts says how long).
ALTER TABLE erasures ADD COLUMN email_hmac TEXT;
ALTER TABLE erasures ALTER COLUMN email_sha256 DROP NOT NULL;

CREATE TABLE erased_lead_keys (
  key_hmac TEXT PRIMARY KEY,
  erasure_id BIGINT NOT NULL REFERENCES erasures (id) ON DELETE CASCADE,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX erased_lead_keys_created_idx ON erased_lead_keys (created_at);
