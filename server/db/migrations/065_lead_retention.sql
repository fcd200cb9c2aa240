-- How many months a site keeps its leads (null: for ever), and the jobs that one process of a deployment runs at a
-- time: each job's next run is claimed by the process that moves it on (server/retention/).
ALTER TABLE clients ADD COLUMN lead_retention_months INTEGER CHECK (lead_retention_months IN (1, 3, 6, 12, 18, 24));

CREATE TABLE scheduled_jobs (
  name TEXT PRIMARY KEY,
  next_run_at TIMESTAMPTZ NOT NULL,
  last_run_at TIMESTAMPTZ,
  last_result JSONB
);
