-- A site's owner may have lead forms prove a little work the visitor never sees (server/spam-challenge.ts); off by
-- default. A solved challenge is taken once: its signature is kept until the challenge expires, with the lead's
-- idempotency key so that the outbox's retry of that same lead still goes through. The leads this rule refused are
-- counted per site and day (they are not stored, so the console's weekly counts read them here).
ALTER TABLE clients ADD COLUMN require_proof_of_work BOOLEAN NOT NULL DEFAULT false;

CREATE TABLE lead_challenges_used (
  signature TEXT PRIMARY KEY,
  idempotency_key TEXT NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX lead_challenges_used_expiry_idx ON lead_challenges_used (expires_at);

CREATE TABLE spam_refusals (
  client_id TEXT NOT NULL REFERENCES clients (client_id) ON DELETE CASCADE,
  day DATE NOT NULL,
  reason TEXT NOT NULL,
  leads INTEGER NOT NULL,
  PRIMARY KEY (client_id, day, reason)
);
