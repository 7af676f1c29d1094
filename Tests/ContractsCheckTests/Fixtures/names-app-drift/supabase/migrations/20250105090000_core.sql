CREATE TABLE public.notifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES auth.users (id),
  type text NOT NULL,
  CONSTRAINT notifications_type_check CHECK (type IN ('deal_nearby', 'friend_rated'))
);

CREATE TABLE public.venues (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  location point,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A table whose name is also a column of deals (`deals.categories`).
CREATE TABLE public.categories (
  id text PRIMARY KEY,
  label text NOT NULL
);

CREATE TABLE public.deals (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  venue_id uuid NOT NULL REFERENCES public.venues (id) ON DELETE CASCADE,
  title text NOT NULL,
  category text NOT NULL DEFAULT 'food',
  categories text[] NOT NULL DEFAULT '{}',
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  starts_at timestamptz
);

CREATE TABLE public.user_profiles (
  id uuid PRIMARY KEY REFERENCES auth.users (id) ON DELETE CASCADE,
  display_name text NOT NULL,
  avatar_url text
);

CREATE TABLE public.deal_ratings (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  deal_id uuid NOT NULL REFERENCES public.deals (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES auth.users (id),
  stars integer NOT NULL CHECK (stars BETWEEN 1 AND 5),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE public.bookmarks (
  user_id uuid NOT NULL REFERENCES auth.users (id),
  deal_id uuid NOT NULL REFERENCES public.deals (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, deal_id)
);

CREATE TABLE public.deal_views (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES auth.users (id),
  deal_id uuid NOT NULL REFERENCES public.deals (id) ON DELETE CASCADE,
  venue_id uuid NOT NULL REFERENCES public.venues (id),
  viewed_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE public.leagues (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL
);

CREATE TABLE public.gameweeks (
  id integer PRIMARY KEY,
  starts_on date NOT NULL
);

CREATE TABLE public.league_members (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  league_id uuid NOT NULL REFERENCES public.leagues (id),
  user_id uuid NOT NULL REFERENCES auth.users (id),
  eliminated_in_gameweek_id integer REFERENCES public.gameweeks (id),
  paid_at timestamptz
);

-- The rater is whoever is signed in: the app never sends user_id.
CREATE FUNCTION public.set_rating_user() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.user_id := auth.uid();
  RETURN NEW;
END
$$;

CREATE TRIGGER deal_ratings_set_user BEFORE INSERT ON public.deal_ratings
FOR EACH ROW EXECUTE FUNCTION public.set_rating_user();

CREATE FUNCTION public.nearby_deals(p_lat double precision, p_lng double precision, p_radius_m integer DEFAULT 500)
RETURNS SETOF public.deals
LANGUAGE sql STABLE AS $$
  SELECT d.* FROM public.deals d
$$;

CREATE FUNCTION public.award_prize(p_league_id uuid, p_member_id uuid)
RETURNS void
LANGUAGE sql AS $$
  UPDATE public.league_members SET paid_at = now() WHERE id = p_member_id AND league_id = p_league_id
$$;
