-- Threadline on PostgreSQL (issue 16): one table per collection of the core (server/core/records.ts),
-- columns as the contract's entities, money in integer cents, every row stamped with the version of the
-- table at the write that put it (so another instance can catch up with `version > last seen`).
-- `extra` keeps any field a later version adds before a migration gives it a column.

CREATE TABLE table_state (
  name text PRIMARY KEY,
  version bigint NOT NULL DEFAULT 0,
  seq bigint NOT NULL DEFAULT 0
);
INSERT INTO table_state (name) VALUES
  ('categories'), ('products'), ('users'), ('sessions'), ('orders'),
  ('wishlist'), ('stockRequests'), ('notifications');

-- Deleted rows, so other instances drop them too.
CREATE TABLE tombstones (
  table_name text NOT NULL,
  id bigint NOT NULL,
  version bigint NOT NULL,
  PRIMARY KEY (table_name, id)
);
CREATE INDEX tombstones_version ON tombstones (table_name, version);

CREATE TABLE categories (
  id bigint PRIMARY KEY,
  name text NOT NULL,
  slug text NOT NULL UNIQUE,
  image text,
  extra jsonb NOT NULL DEFAULT '{}',
  version bigint NOT NULL
);
CREATE INDEX categories_version ON categories (version);

CREATE TABLE products (
  id bigint PRIMARY KEY,
  title text NOT NULL,
  short_description text NOT NULL,
  description text NOT NULL,
  sku text NOT NULL,
  featured_image text,
  images jsonb NOT NULL,
  regular_price_cents bigint NOT NULL CHECK (regular_price_cents >= 0),
  sale_price_cents bigint CHECK (sale_price_cents >= 0),
  category_ids bigint[] NOT NULL,
  sizes text[] NOT NULL,
  colors text[] NOT NULL,
  collections text[] NOT NULL,
  created_at text NOT NULL,
  inventory jsonb,
  extra jsonb NOT NULL DEFAULT '{}',
  version bigint NOT NULL
);
CREATE INDEX products_version ON products (version);
CREATE INDEX products_categories ON products USING gin (category_ids);

CREATE TABLE users (
  id bigint PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL UNIQUE,
  phone text NOT NULL,
  is_admin smallint NOT NULL CHECK (is_admin IN (0, 1)),
  password_hash text NOT NULL,
  created_at text NOT NULL,
  sessions_revoked_at text,
  kept_session_id bigint,
  extra jsonb NOT NULL DEFAULT '{}',
  version bigint NOT NULL
);
CREATE INDEX users_version ON users (version);

CREATE TABLE sessions (
  id bigint PRIMARY KEY,
  user_id bigint NOT NULL,
  token_hash text NOT NULL UNIQUE,
  created_at text NOT NULL,
  expires_at text NOT NULL,
  extra jsonb NOT NULL DEFAULT '{}',
  version bigint NOT NULL
);
CREATE INDEX sessions_version ON sessions (version);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE orders (
  id bigint PRIMARY KEY,
  user_id bigint NOT NULL,
  name text NOT NULL,
  email text NOT NULL,
  total_cents bigint NOT NULL CHECK (total_cents >= 0),
  payment_method text NOT NULL,
  status text NOT NULL,
  created_at text NOT NULL,
  shipping_address text NOT NULL,
  status_history jsonb NOT NULL,
  idempotency_key text,
  request_hash text,
  extra jsonb NOT NULL DEFAULT '{}',
  version bigint NOT NULL
);
CREATE INDEX orders_version ON orders (version);
CREATE INDEX orders_user ON orders (user_id);
-- An Idempotency-Key names one order per shopper, whichever instance took it.
CREATE UNIQUE INDEX orders_idempotency ON orders (user_id, idempotency_key) WHERE idempotency_key IS NOT NULL;

CREATE TABLE order_items (
  order_id bigint NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  position integer NOT NULL,
  id bigint NOT NULL,
  product_id bigint NOT NULL,
  product_title text NOT NULL,
  qty integer NOT NULL CHECK (qty > 0),
  size text NOT NULL,
  color text NOT NULL,
  price_cents bigint NOT NULL CHECK (price_cents >= 0),
  size_id jsonb,
  PRIMARY KEY (order_id, position)
);
CREATE INDEX order_items_product ON order_items (product_id);

CREATE TABLE wishlist (
  id bigint PRIMARY KEY,
  user_id bigint NOT NULL,
  product_id bigint NOT NULL,
  created_at text NOT NULL,
  extra jsonb NOT NULL DEFAULT '{}',
  version bigint NOT NULL
);
CREATE INDEX wishlist_version ON wishlist (version);
CREATE INDEX wishlist_user ON wishlist (user_id);

CREATE TABLE stock_requests (
  id bigint PRIMARY KEY,
  user_id bigint NOT NULL,
  product_id bigint NOT NULL,
  size text NOT NULL,
  color text NOT NULL,
  created_at text NOT NULL,
  extra jsonb NOT NULL DEFAULT '{}',
  version bigint NOT NULL
);
CREATE INDEX stock_requests_version ON stock_requests (version);

CREATE TABLE notifications (
  id bigint PRIMARY KEY,
  user_id bigint NOT NULL,
  product_id bigint NOT NULL,
  product_title text NOT NULL,
  size text NOT NULL,
  color text NOT NULL,
  created_at text NOT NULL,
  read boolean NOT NULL,
  extra jsonb NOT NULL DEFAULT '{}',
  version bigint NOT NULL
);
CREATE INDEX notifications_version ON notifications (version);
CREATE INDEX notifications_user ON notifications (user_id);

-- The admin's activity log (issue 15): written in the transaction of the change it records, stamped
-- with that table's version so other instances pick it up with the rows.
CREATE TABLE activity (
  id text PRIMARY KEY,
  table_name text NOT NULL,
  version bigint NOT NULL,
  at text NOT NULL,
  actor_id bigint NOT NULL,
  actor_name text NOT NULL,
  action text NOT NULL,
  entity text NOT NULL,
  entity_id bigint,
  label text NOT NULL,
  changes jsonb NOT NULL
);
CREATE INDEX activity_version ON activity (table_name, version);
CREATE INDEX activity_at ON activity (at);
