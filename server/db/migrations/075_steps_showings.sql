-- A pop-up in steps whose owner keeps partial leads names each showing in its leads (fields.steps_lead): one lead per
-- showing, the whole lead making the partial one whole (lead-store.ts, leadOfShowing). The index finds that lead and
-- keeps two leads of one showing, arriving together, from both being stored.
CREATE UNIQUE INDEX conversions_steps_lead_idx ON conversions (client_id, poptin_id, (fields->>'steps_lead'))
  WHERE (fields->>'steps_lead') IS NOT NULL;

-- The answer of a choice button that ended a showing with no lead to carry it (No → close, a redirect, another
-- pop-up): queued as views and closes are (pending_rollups, migration 070), folded into a daily roll-up by
-- EventStore.foldRollups, and read with the queue by the stats (stats_daily_choices_live). The answers carried by
-- leads are counted from the leads, as before.
CREATE TABLE pending_choice_rollups (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  client_id TEXT NOT NULL,
  poptin_id TEXT NOT NULL,
  -- The site's day (its time zone's) when the answer was stored.
  day DATE NOT NULL,
  question TEXT NOT NULL,
  answer TEXT NOT NULL
);

CREATE TABLE stats_daily_choices (
  client_id TEXT NOT NULL,
  poptin_id TEXT NOT NULL,
  day DATE NOT NULL,
  question TEXT NOT NULL,
  answer TEXT NOT NULL,
  choices INTEGER NOT NULL,
  PRIMARY KEY (client_id, poptin_id, day, question, answer)
);

CREATE VIEW stats_daily_choices_live AS
  SELECT client_id, poptin_id, day, question, answer, choices FROM stats_daily_choices
  UNION ALL SELECT client_id, poptin_id, day, question, answer, 1 FROM pending_choice_rollups;

CREATE INDEX pending_choice_rollups_popup_idx ON pending_choice_rollups (client_id, poptin_id, day);
