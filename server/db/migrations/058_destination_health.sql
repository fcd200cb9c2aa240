-- How a destination is doing, kept by the worker with each record of tries: its last success, its last failure and
-- why, and since when every try has failed (null while the last tries succeed). The console's banner and the
-- owners' alert read these without scanning the delivery log.
ALTER TABLE destinations ADD COLUMN last_success_at TIMESTAMPTZ;
ALTER TABLE destinations ADD COLUMN last_failure_at TIMESTAMPTZ;
ALTER TABLE destinations ADD COLUMN last_error TEXT;
ALTER TABLE destinations ADD COLUMN failing_since TIMESTAMPTZ;
