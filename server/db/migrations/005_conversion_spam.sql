-- Why a lead looks like a bot's (NULL: it does not): 'honeypot' when the hidden trap field was filled,
-- 'too-fast' when it came less than the minimum time after its view. Stored and answered like any lead.
ALTER TABLE conversions ADD COLUMN spam_reason TEXT;
