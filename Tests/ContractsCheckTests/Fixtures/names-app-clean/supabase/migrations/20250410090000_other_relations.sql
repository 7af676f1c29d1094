-- Relations made otherwise than by a plain CREATE TABLE, read by SQL function bodies: every name below exists, so
-- none is reported (decoys).
CREATE SEQUENCE public.ticket_seq;

CREATE TABLE public.archive_src (id bigint PRIMARY KEY, note text);
SELECT id, note AS body INTO public.archive_copy FROM public.archive_src;

CREATE FOREIGN DATA WRAPPER stub_wrapper;
CREATE SERVER stub_server FOREIGN DATA WRAPPER stub_wrapper;
CREATE FOREIGN TABLE public.remote_things (id int NOT NULL, label text) SERVER stub_server;

CREATE SCHEMA monitoring;
CREATE EXTENSION IF NOT EXISTS pg_stat_statements WITH SCHEMA monitoring;

CREATE TABLE public.visits (id bigint NOT NULL, day date NOT NULL, deal_id uuid) PARTITION BY RANGE (day);
CREATE TABLE public.visits_2025 PARTITION OF public.visits FOR VALUES FROM ('2025-01-01') TO ('2026-01-01');
CREATE UNLOGGED TABLE public.cache_rows (k text PRIMARY KEY, v jsonb);
CREATE TABLE public.archive_notes (archived_at timestamptz) INHERITS (public.archive_src);
CREATE MATERIALIZED VIEW public.visit_counts AS SELECT day, count(*) AS n FROM public.visits GROUP BY day;
CREATE OR REPLACE VIEW public.cache_view WITH (security_invoker = true) AS SELECT k, v FROM public.cache_rows;

CREATE FUNCTION public.next_ticket() RETURNS bigint LANGUAGE sql AS $$ SELECT last_value FROM public.ticket_seq $$;

CREATE FUNCTION public.archive_count() RETURNS bigint LANGUAGE sql AS $$
  SELECT count(*) FROM public.archive_copy a WHERE a.body IS NOT NULL AND a.id > 0
$$;

CREATE FUNCTION public.remote_labels() RETURNS SETOF text LANGUAGE sql AS $$ SELECT r.label FROM public.remote_things r $$;

CREATE FUNCTION public.statements_reset_at() RETURNS timestamptz LANGUAGE sql AS $$
  SELECT i.stats_reset FROM monitoring.pg_stat_statements_info i
$$;

CREATE FUNCTION public.visit_report() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE total bigint;
BEGIN
  SELECT count(*) INTO total FROM public.visits_2025 v WHERE v.deal_id IS NOT NULL;
  SELECT count(*) INTO total FROM public.archive_notes an WHERE an.archived_at IS NOT NULL AND an.note IS NOT NULL;
  SELECT sum(vc.n) INTO total FROM public.visit_counts vc;
  SELECT count(*) INTO total FROM public.cache_view cv WHERE cv.v IS NOT NULL;
  SELECT count(*) INTO total FROM pg_class;
  SELECT count(*) INTO total FROM information_schema.tables;
  RETURN total;
END
$$;

-- Temporary tables made by strings the body runs: one written out, one named at run time.
CREATE FUNCTION public.scratch_fill() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE total bigint;
BEGIN
  EXECUTE 'CREATE TEMP TABLE scratch_rows (id bigint) ON COMMIT DROP';
  INSERT INTO scratch_rows (id) VALUES (1);
  SELECT count(*) INTO total FROM scratch_rows;
  RETURN total;
END
$$;

CREATE FUNCTION public.scratch_named(p_name text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('CREATE TEMP TABLE IF NOT EXISTS %I (id bigint) ON COMMIT DROP', p_name);
  INSERT INTO scratch_named_rows (id) VALUES (1);
END
$$;

-- Policies guarded by a DO block change no column: the tables it names stay judged (league_members, deal_ratings).
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_policies WHERE tablename = 'league_members' AND policyname = 'members read members') THEN
    CREATE POLICY "members read members" ON public.league_members FOR SELECT USING (true);
  END IF;
  DROP POLICY IF EXISTS "ratings are public" ON public.deal_ratings;
  CREATE POLICY "ratings are public" ON public.deal_ratings FOR SELECT USING (true);
  ALTER TABLE public.deal_ratings ENABLE ROW LEVEL SECURITY;
  GRANT SELECT ON TABLE public.deal_ratings TO anon;
END
$$;
