-- Clicks on click-to-open links whose pop-up was not in the page's display answer (the click-display call, widget §7):
-- counted whether or not the pop-up's rules let this page view show it.
CREATE TABLE clicks (
  id BIGSERIAL PRIMARY KEY,
  poptin_id TEXT NOT NULL,
  client_id TEXT NOT NULL,
  url TEXT,
  shown BOOLEAN NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX clicks_poptin ON clicks (poptin_id, created_at);
