-- A pop-up in steps whose owner keeps partial leads names each showing in its leads (fields.steps_lead): one lead per
-- showing, the whole lead making the partial one whole (lead-store.ts, leadOfShowing). The index finds that lead and
-- keeps two leads of one showing, arriving together, from both being stored.
CREATE UNIQUE INDEX conversions_steps_lead_idx ON conversions (client_id, poptin_id, (fields->>'steps_lead'))
  WHERE (fields->>'steps_lead') IS NOT NULL;

