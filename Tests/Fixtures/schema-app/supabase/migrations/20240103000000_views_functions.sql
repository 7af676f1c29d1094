CREATE VIEW public.deal_list AS
  SELECT d.id, d.title AS deal_title, v.name venue_name, d.category, count(r.id) AS ratings, now()::date,
         d.starts_on::text, CASE WHEN d.note IS NULL THEN 'none' ELSE d.note END, coalesce(d.note, ''), v."Display Name"
  FROM deals d
  JOIN venues v ON v.id = d.venue_id
  LEFT JOIN deal_ratings r ON r.deal_id = d.id
  GROUP BY d.id, v.id;

-- A column added at the end: allowed.
CREATE OR REPLACE VIEW public.deal_list AS
  SELECT d.id, d.title AS deal_title, v.name venue_name, d.category, count(r.id) AS ratings, now()::date,
         d.starts_on::text, CASE WHEN d.note IS NULL THEN 'none' ELSE d.note END, coalesce(d.note, ''), v."Display Name",
         d.seq
  FROM deals d
  JOIN venues v ON v.id = d.venue_id
  LEFT JOIN deal_ratings r ON r.deal_id = d.id
  GROUP BY d.id, v.id;

CREATE VIEW venue_star AS SELECT * FROM venues;
CREATE VIEW public.venue_pairs (venue, deal) AS SELECT v.id, d.id, d.title FROM venues v, deals d WHERE d.venue_id = v.id;
CREATE MATERIALIZED VIEW public.deal_counts AS SELECT venue_id, count(*) AS n FROM deals GROUP BY venue_id;
CREATE VIEW union_view AS SELECT id, title FROM deals UNION ALL SELECT gen_random_uuid(), 'x';
CREATE VIEW used_deals AS SELECT id, title FROM deals;
DROP VIEW used_deals;
CREATE VIEW used_deals AS SELECT category, id, title FROM deals;
CREATE VIEW private.secret_ids AS SELECT s.id, upper(s.value) FROM private.secrets s;

CREATE FUNCTION public.nearby_deals(p_lat double precision, p_lng double precision, p_radius int DEFAULT 500)
RETURNS SETOF deals LANGUAGE sql STABLE AS $$ SELECT * FROM deals $$;
CREATE FUNCTION public.nearby_deals(p_venue bigint) RETURNS SETOF public.deals LANGUAGE sql AS $$ SELECT * FROM deals WHERE venue_id = p_venue $$;
CREATE FUNCTION public.deal_stats(p_deal uuid, OUT total int, OUT average numeric) LANGUAGE sql AS $$ SELECT 1, 2.0 $$;
CREATE FUNCTION public.top_venues(p_limit integer = 10) RETURNS TABLE (venue_id bigint, venue_name text)
LANGUAGE sql AS $$ SELECT id, name FROM venues LIMIT p_limit $$;
CREATE FUNCTION public.old_fn(a text) RETURNS void LANGUAGE plpgsql AS $$ BEGIN END $$;
DROP FUNCTION public.old_fn(text);
CREATE OR REPLACE FUNCTION public.rate(p_deal uuid, p_stars int2, p_note varchar(200) DEFAULT NULL) RETURNS void
LANGUAGE plpgsql AS $$ BEGIN INSERT INTO deal_ratings (deal_id, user_id, stars) VALUES (p_deal, auth.uid(), p_stars); END $$;

CREATE FUNCTION public.set_bookmark_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.user_id IS NULL THEN
    NEW.user_id := auth.uid();
  END IF;
  NEW.created_at = now();
  RETURN NEW;
END $$;
CREATE TRIGGER bookmarks_user BEFORE INSERT ON public.bookmarks FOR EACH ROW EXECUTE FUNCTION public.set_bookmark_user();

CREATE FUNCTION private.helper(VARIADIC ids int[]) RETURNS int LANGUAGE sql AS $$ SELECT 1 $$;
