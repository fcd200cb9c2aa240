-- The visitor a lead came from (the id the widget sends as visitor_id, or the server's visitor cookie), so
-- that "stop showing to converted users" depends on the caller's own id, never on an e-mail it claims.
ALTER TABLE conversions ADD COLUMN visitor_id TEXT;
CREATE INDEX conversions_client_visitor ON conversions (client_id, visitor_id);
