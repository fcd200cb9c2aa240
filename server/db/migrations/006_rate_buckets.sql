-- Token buckets of the rate limits, shared by every server process on one PostgreSQL (see shared-rate-limit.ts).
CREATE TABLE rate_buckets (
  scope TEXT NOT NULL,
  bucket_key TEXT NOT NULL,
  tokens DOUBLE PRECISION NOT NULL,
  allowed BOOLEAN NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (scope, bucket_key)
);
