-- Views and closes go through the widget's outbox and may be sent more than once (a retry after a lost
-- answer, a beacon as the page goes away): each carries an idempotency key and is stored once.
ALTER TABLE views ADD COLUMN idempotency_key TEXT;
CREATE UNIQUE INDEX views_idempotency_key ON views (idempotency_key);
ALTER TABLE closes ADD COLUMN idempotency_key TEXT;
CREATE UNIQUE INDEX closes_idempotency_key ON closes (idempotency_key);
