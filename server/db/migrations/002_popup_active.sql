-- A pop-up whose configuration file was removed is retired: no longer offered or opened by the click call,
-- while its views, closes and leads stay (and a late lead for it is still stored).
ALTER TABLE popups ADD COLUMN active BOOLEAN NOT NULL DEFAULT true;
