CREATE TABLE public.profiles (
  id uuid PRIMARY KEY,
  display_name text NOT NULL,
  email text NOT NULL,
  phone text,
  avatar_url text
);

CREATE TABLE public.notifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES public.profiles (id),
  type text NOT NULL,
  CONSTRAINT notifications_type_check CHECK (type IN ('contact_request', 'contact_accepted'))
);

CREATE FUNCTION public.lookup_profiles_by_email(p_emails text[])
RETURNS TABLE (id uuid, display_name text, email text)
LANGUAGE sql STABLE SECURITY DEFINER AS $$
  SELECT p.id, p.display_name, p.email FROM public.profiles p WHERE p.email = ANY (p_emails)
$$;

-- Used by the invite sheet: still returns the email after the privacy change below.
CREATE FUNCTION public.lookup_profiles_by_ids(p_ids uuid[])
RETURNS TABLE (id uuid, display_name text, email text)
LANGUAGE sql STABLE SECURITY DEFINER AS $$
  SELECT p.id, p.display_name, p.email FROM public.profiles p WHERE p.id = ANY (p_ids)
$$;

CREATE FUNCTION public.get_badge_counts(p_user_id uuid)
RETURNS jsonb
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_unread int;
  v_pending int;
BEGIN
  SELECT count(*) INTO v_unread FROM public.notifications WHERE user_id = p_user_id;
  v_pending := 0;
  RETURN jsonb_build_object('unread_messages', v_unread, 'pending_requests', v_pending, 'total', v_unread + v_pending);
END;
$$;

CREATE FUNCTION public.get_profile_card(p_id uuid)
RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object('id', p.id, 'display_name', p.display_name, 'avatar_url', p.avatar_url)
  FROM public.profiles p WHERE p.id = p_id
$$;

CREATE FUNCTION public.search_profiles(p_query text)
RETURNS SETOF public.profiles
LANGUAGE sql STABLE AS $$
  SELECT * FROM public.profiles WHERE display_name ILIKE '%' || p_query || '%'
$$;

CREATE FUNCTION public.get_my_profile()
RETURNS public.profiles
LANGUAGE sql STABLE AS $$
  SELECT * FROM public.profiles WHERE id = auth.uid()
$$;
