-- Prizes, ratings and views, written in SQL: their bodies run when the app calls them, against the schema every
-- migration leaves.

-- Pays every member of a league still standing.
CREATE FUNCTION public.pay_prizes(p_league_id uuid) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  paid integer;
BEGIN
  UPDATE league_members m SET paid_at = now()
  WHERE m.league_id = p_league_id AND m.eliminated_in_gameweek_id IS NULL AND m.paid_at IS NULL;
  GET DIAGNOSTICS paid = ROW_COUNT;
  RETURN paid;
END
$$;

-- Rates a deal for whoever is signed in (a trigger sets user_id).
CREATE FUNCTION public.rate_deal(p_deal_id uuid, score integer) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  rating_id bigint;
BEGIN
  INSERT INTO public.deal_ratings (deal_id, score) VALUES (p_deal_id, score)
  RETURNING id INTO rating_id;
  RETURN rating_id;
END
$$;

-- Records a view of a deal.
CREATE OR REPLACE FUNCTION public.bump_views(p_deal_id uuid) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  deal record;
BEGIN
  SELECT d.id, d.venue_id INTO deal FROM public.deals d WHERE d.id = p_deal_id;
  INSERT INTO public.deal_views (user_id, deal_id, venue_id, viewed_at)
  VALUES (auth.uid(), deal.id, deal.venue_id, now());
END
$$;

DROP FUNCTION public.legacy_scores();

-- The average out of ten, now that ratings are scores.
CREATE OR REPLACE FUNCTION public.deal_average(p_deal_id uuid) RETURNS numeric
LANGUAGE sql STABLE AS $$
  SELECT avg(score)::numeric FROM public.deal_ratings WHERE deal_id = p_deal_id
$$;

-- Decoys: names that are no table or column of the schema, or that the replay cannot know.
CREATE FUNCTION public.weekly_digest(p_user_id uuid) RETURNS TABLE (title text, promo text)
LANGUAGE plpgsql AS $$
DECLARE
  r record;
  category text := 'food';
BEGIN
  -- A temporary table the body creates, a CTE, a table-valued function and a subquery alias.
  CREATE TEMP TABLE digest_rows (deal_id uuid, heading text) ON COMMIT DROP;
  INSERT INTO digest_rows (deal_id, heading)
  WITH rated AS (SELECT r2.deal_id FROM public.deal_ratings r2 WHERE r2.user_id = p_user_id)
  SELECT d.id, d.title FROM public.deals d JOIN rated ON rated.deal_id = d.id;
  PERFORM tag FROM jsonb_array_elements_text('["a"]'::jsonb) AS tags(tag), (SELECT 1 AS one) s;
  -- A record's fields, a column EXECUTE may have added (deals.promo_code); a variable named like a column
  -- (deals.category) where no column is in reach, below.
  FOR r IN SELECT dr.deal_id, dr.heading FROM digest_rows dr LOOP
    UPDATE public.deals SET metadata = metadata || jsonb_build_object('seen', r.heading) WHERE id = r.deal_id;
  END LOOP;
  RETURN QUERY SELECT d.title, d.promo_code FROM public.deals d;
  -- Dynamic SQL, Supabase's own schemas, another schema the migrations create.
  EXECUTE format('DELETE FROM %I.%I WHERE user_id = $1', 'public', 'book' || 'marks') USING p_user_id;
  PERFORM u.email, u.banned_until FROM auth.users u WHERE u.id = p_user_id;
  DELETE FROM storage.objects WHERE bucket_id = 'digests' AND owner_id = p_user_id::text;
  INSERT INTO analytics.events (name, props) VALUES ('digest', jsonb_build_object('user', p_user_id, 'category', category));
END
$$;

CREATE FUNCTION public.log_bookmark() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics.events (name, props) VALUES (TG_OP, jsonb_build_object('deal', NEW.deal_id, 'old', OLD.deal_id));
  RETURN NEW;
END
$$;

CREATE TRIGGER bookmarks_log AFTER INSERT OR DELETE ON public.bookmarks
FOR EACH ROW EXECUTE FUNCTION public.log_bookmark();
