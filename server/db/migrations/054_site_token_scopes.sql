-- Per-site API tokens get scopes, chosen when a token is made (server/owner/token-scopes.ts maps each owner route
-- of a site to the scope it needs; the site's settings and its tokens are in none, so no token changes the site or
-- makes tokens any more).
--
-- The tokens made before get every scope. Until now a token opened every route of its site, as the README and
-- docs/owner-api.md said: a script reading leads, authoring pop-ups, managing destinations or answering a person's
-- request keeps working. What they lose, making tokens and changing the site, no token may do. An owner who wants
-- a narrower token makes one and revokes the old.
ALTER TABLE site_tokens ADD COLUMN scopes TEXT[];
UPDATE site_tokens SET scopes = ARRAY['leads:read', 'leads:write', 'popups:write', 'destinations:write', 'people:erase'];
ALTER TABLE site_tokens ALTER COLUMN scopes SET NOT NULL;

-- The owner key that made a token no owner made: OWNER_TOKEN, or the client's own token of its file. A token with
-- neither this nor created_by was made before this column, by a key or by an owner since deleted (the table cannot
-- tell which): it keeps working, and the console lists it with no creator for the site's owners to keep or revoke.
ALTER TABLE site_tokens ADD COLUMN made_with_key TEXT CHECK (made_with_key IN ('OWNER_TOKEN', 'client token'));

-- A token dies with the owner who made it (it was kept, creator unknown, and outlived the owner's access).
ALTER TABLE site_tokens DROP CONSTRAINT site_tokens_created_by_fkey;
ALTER TABLE site_tokens
  ADD CONSTRAINT site_tokens_created_by_fkey FOREIGN KEY (created_by) REFERENCES owners (id) ON DELETE CASCADE;
CREATE INDEX site_tokens_created_by_idx ON site_tokens (created_by);
