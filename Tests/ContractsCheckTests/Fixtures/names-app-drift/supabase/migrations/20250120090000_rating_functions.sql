-- The average a deal's card shows, written while ratings were stars out of five (a later migration renames the
-- column: this body runs after it, and PostgreSQL resolves `stars` only then).
CREATE FUNCTION public.deal_average(p_deal_id uuid) RETURNS numeric
LANGUAGE sql STABLE AS $$
  SELECT avg(stars)::numeric FROM public.deal_ratings WHERE deal_id = p_deal_id
$$;

-- Reads a column and a view that later migrations create: they exist whenever it runs.
CREATE FUNCTION public.deal_ends(p_deal_id uuid) RETURNS timestamptz
LANGUAGE plpgsql STABLE AS $$
DECLARE
  ends timestamptz;
BEGIN
  SELECT c.ends_at INTO ends FROM public.deal_cards c WHERE c.id = p_deal_id;
  IF ends IS NULL THEN
    SELECT d.ends_at INTO ends FROM public.deals d WHERE d.id = p_deal_id;
  END IF;
  RETURN ends;
END
$$;

-- A first draft, replaced by a later migration: only the last body runs.
CREATE FUNCTION public.bump_views(p_deal_id uuid) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.deal_view (deal_id, user_id) VALUES (p_deal_id, auth.uid());
END
$$;

-- Dropped by a later migration: it never runs.
CREATE FUNCTION public.legacy_scores() RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  n bigint;
BEGIN
  SELECT count(*) INTO n FROM public.scores;
  RETURN n;
END
$$;
