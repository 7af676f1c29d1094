-- The table exists: IF NOT EXISTS makes this a no-op, its check never lands.
CREATE TABLE IF NOT EXISTS notifications (id bigint, type text CHECK (type IN ('zzz')));
