-- An A/B test's own settings, on its parent pop-up (whose id is the test's): whether the server applies the winner
-- by itself once the verdict names one (and when it did, so it is applied and mailed once), and the share of
-- visitors held out as a control group who see none of its variants.
ALTER TABLE popups ADD COLUMN ab_auto_apply BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE popups ADD COLUMN ab_winner_applied_at TIMESTAMPTZ;
ALTER TABLE popups ADD COLUMN ab_control_percent SMALLINT NOT NULL DEFAULT 0
  CHECK (ab_control_percent BETWEEN 0 AND 50);

-- The visitors a test with a control group met, held out or not, from their first display call on: the uplift
-- compares the share of each group that became a lead of the site afterwards.
CREATE TABLE ab_test_visitors (
  client_id TEXT NOT NULL,
  test_id TEXT NOT NULL,
  visitor_id TEXT NOT NULL,
  held_out BOOLEAN NOT NULL,
  first_seen_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, test_id, visitor_id)
);
