-- The templates of a pop-up's published configuration as the display API serves them: sanitised with the widget's own
-- DOMPurify policy (server/template-sanitizing/), with the policy and a digest of the templates they were made from,
-- so a row whose configuration changed without them (a file, a direct write, a row from before) is sanitised again.
ALTER TABLE popups ADD COLUMN sanitized_templates JSONB;
