-- Row-level security for profiles. Applied in production long ago; never edit an applied migration.
ALTER TABLE public.profiles ENABLE ROW LEVEL SECURITY;

CREATE POLICY profiles_self ON public.profiles FOR ALL USING (id = auth.uid());

CREATE FUNCTION public.profile_display_name(p_id uuid) RETURNS text LANGUAGE sql STABLE AS $$
    SELECT display_name FROM public.profiles WHERE id = p_id
$$;

-- The lookup must see every profile, whoever asks.
ALTER FUNCTION public.profile_display_name(uuid) SET row_security = off;
