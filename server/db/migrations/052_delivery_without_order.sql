-- A destination no longer receives its leads in order: each delivery is retried on its own schedule, a few of a
-- destination's in flight at once, so that one lead a receiver keeps refusing holds back no other.
DROP INDEX deliveries_pending_idx;
-- The due deliveries of a destination, soonest first: what a claim reads.
CREATE INDEX deliveries_due_idx ON deliveries (destination_id, next_attempt_at, id) WHERE status = 'pending';
-- The deliveries being sent (a worker holds their lease): what a claim counts against a destination's room.
CREATE INDEX deliveries_leased_idx ON deliveries (destination_id) WHERE status = 'pending' AND lease_token IS NOT NULL;
-- A delivery's three days of tries start at its first try (set by the claim), not when the lead was stored.
ALTER TABLE deliveries ALTER COLUMN window_started_at DROP NOT NULL;
ALTER TABLE deliveries ALTER COLUMN window_started_at DROP DEFAULT;
UPDATE deliveries SET window_started_at = NULL WHERE status = 'pending' AND attempts = 0;
