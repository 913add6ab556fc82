-- The mail outbox (issue 26): each mail with its delivery state, in `extra` like a row of any table
-- (server/core/records.ts MAIL_SCHEMA). A mail is inserted by the transaction of the change that causes it
-- (pg-mail.ts), with its id from mail_ids, so ids never collide between instances.
CREATE TABLE mail (
  id bigint PRIMARY KEY,
  extra jsonb NOT NULL DEFAULT '{}',
  version bigint NOT NULL
);
CREATE INDEX mail_version ON mail (version);
CREATE SEQUENCE mail_ids;
INSERT INTO table_state (name) VALUES ('mail');
