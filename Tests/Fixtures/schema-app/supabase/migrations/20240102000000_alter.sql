ALTER TABLE venues ADD COLUMN latitude double precision, ADD COLUMN longitude double precision;
ALTER TABLE venues ADD COLUMN IF NOT EXISTS name text;
ALTER TABLE venues DROP COLUMN IF EXISTS ghost;
ALTER TABLE venues DROP COLUMN location;
ALTER TABLE venues RENAME COLUMN small TO small_count;
ALTER TABLE venues ALTER COLUMN price TYPE numeric(10,2);
ALTER TABLE venues ALTER COLUMN price SET NOT NULL;
ALTER TABLE venues ALTER COLUMN price SET DEFAULT 0;
ALTER TABLE venues ALTER COLUMN rating DROP DEFAULT;
ALTER TABLE venues ALTER COLUMN name DROP NOT NULL;
ALTER TABLE venues ALTER code TYPE varchar(10);
ALTER TABLE IF EXISTS no_such_table ADD COLUMN x int;

ALTER TABLE public.deal_ratings RENAME TO ratings_old;
ALTER TABLE ratings_old RENAME TO deal_ratings;
ALTER TABLE deal_ratings RENAME CONSTRAINT deal_ratings_deal_fk TO deal_ratings_deal_id_fk2;

CREATE SCHEMA private;
CREATE TABLE private.secrets (id int PRIMARY KEY, value text NOT NULL);
CREATE TABLE public.secrets_moved (id int, value text);
ALTER TABLE public.secrets_moved SET SCHEMA private;
CREATE TABLE public.scratch (id int);
DROP TABLE public.scratch;

CREATE TABLE deal_events (
  id bigint NOT NULL,
  deal_id uuid,
  at timestamptz NOT NULL,
  kind text NOT NULL DEFAULT 'view',
  payload jsonb
) PARTITION BY RANGE (at);
CREATE TABLE deal_events_2024 PARTITION OF deal_events FOR VALUES FROM ('2024-01-01') TO ('2025-01-01');

CREATE TABLE venue_archive (LIKE venues INCLUDING DEFAULTS, archived_at timestamptz);
CREATE TABLE venue_shape (LIKE public.venues);

CREATE TABLE base_log (id int NOT NULL, msg text DEFAULT 'x');
CREATE TABLE child_log (extra text) INHERITS (base_log);
ALTER TABLE base_log ADD COLUMN level int;
