-- A lead that only looks quick is no longer hidden as spam: it is listed, with why it looks so in spam_suspicion
-- ('fast-after-view'). spam_reason keeps what almost surely comes from a bot ('honeypot', 'impossible-timing').
-- The leads stored as 'too-fast' before are given back to the owner's list.
ALTER TABLE conversions ADD COLUMN spam_suspicion TEXT;
UPDATE conversions SET spam_suspicion = 'fast-after-view', spam_reason = NULL WHERE spam_reason = 'too-fast';
