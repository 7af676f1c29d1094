-- Town hall posts (a reply is a post with a parent) and neighbourhood groups.
CREATE TABLE public.town_hall_posts (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    author_id uuid NOT NULL REFERENCES public.profiles (id),
    parent_id uuid REFERENCES public.town_hall_posts (id),
    body text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE public.groups (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    name text NOT NULL
);

CREATE TABLE public.group_members (
    group_id uuid NOT NULL REFERENCES public.groups (id) ON DELETE CASCADE,
    user_id uuid NOT NULL REFERENCES public.profiles (id) ON DELETE CASCADE,
    invited_by uuid REFERENCES public.profiles (id),
    PRIMARY KEY (group_id, user_id)
);

-- The inbox row for a new post; the push itself is sent by town-hall-notify.
CREATE FUNCTION public.notify_town_hall_post() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO public.notifications (user_id, type, title, entity_id)
    SELECT p.id, CASE WHEN NEW.parent_id IS NULL THEN 'town_hall_post' ELSE 'town_hall_reply' END, 'Town hall', NEW.id
    FROM public.profiles p WHERE p.id <> NEW.author_id;
    RETURN NEW;
END;
$$;

CREATE TRIGGER town_hall_post_inserted AFTER INSERT ON public.town_hall_posts
    FOR EACH ROW EXECUTE FUNCTION public.notify_town_hall_post();

CREATE TABLE public.conversation_members (
    conversation_id uuid NOT NULL,
    user_id uuid NOT NULL REFERENCES public.profiles (id) ON DELETE CASCADE,
    PRIMARY KEY (conversation_id, user_id)
);

CREATE FUNCTION public.unread_counts()
RETURNS TABLE (device_token text, unread bigint)
LANGUAGE sql STABLE AS $$
    SELECT p.device_token, count(*) FROM public.profiles p GROUP BY p.device_token
$$;
