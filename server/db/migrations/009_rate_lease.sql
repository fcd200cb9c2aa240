-- How many tokens the last update of a bucket handed out: a server process leases several at once
-- (shared-rate-limit.ts).
ALTER TABLE rate_buckets ADD COLUMN granted DOUBLE PRECISION NOT NULL DEFAULT 0;
