-- SHA-256 of the lead's body in canonical form, so that a retry under an idempotency key can be told apart
-- from another lead reusing the key. NULL for leads stored before: a retry of one is still a duplicate.
ALTER TABLE conversions ADD COLUMN payload_sha256 TEXT;
