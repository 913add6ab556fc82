-- The counters of the request budgets and the sign-in brake, shared by every instance (issue 16).
-- key: SHA-256 of the counter's name (fixed size whatever the e-mail or address in it);
-- value: the counter as JSON; expires_at: ms since the epoch, after which the row reads as absent.
CREATE TABLE throttles (
  key bytea PRIMARY KEY,
  value jsonb NOT NULL,
  expires_at bigint NOT NULL
);
CREATE INDEX throttles_expires_at ON throttles (expires_at);
