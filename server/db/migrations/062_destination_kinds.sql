-- A destination's kind is one of the server's adapters (server/delivery/adapters/index.ts), checked by the owner API
-- when the destination is made: a list here would need a migration for each vendor added. A row of a kind the
-- running server does not know fails its deliveries with words saying so, and keeps its leads.
ALTER TABLE destinations DROP CONSTRAINT destinations_kind_check;
ALTER TABLE destinations ADD CONSTRAINT destinations_kind_check CHECK (kind ~ '^[a-z]{1,40}$');
