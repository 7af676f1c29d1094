-- Town hall: neighbourhood posts and replies, and the notification types they send.
CREATE TABLE public.town_hall_posts (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    author_id uuid NOT NULL REFERENCES public.profiles (id),
    parent_id uuid REFERENCES public.town_hall_posts (id),
    body text NOT NULL
);

ALTER TABLE public.notifications DROP CONSTRAINT IF EXISTS notifications_type_check;
ALTER TABLE public.notifications ADD CONSTRAINT notifications_type_check CHECK (type IN (
    'ride_request', 'ride_claimed', 'favor_request', 'message', 'announcement',
    'town_hall_post', 'town_hall_reply', 'event_reminder', 'weekly_digest'
));

-- The push a reply sends: the app opens the post from town_hall_post_id.
CREATE FUNCTION public.town_hall_reply_push(p_post uuid, p_author text) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
    SELECT jsonb_build_object(
        'aps', jsonb_build_object('alert', jsonb_build_object('title', 'New reply', 'body', p_author || ' replied')),
        'type', 'town_hall_reply',
        'town_hall_post_id', p_post,
        'sender_name', p_author
    )
$$;

CREATE FUNCTION public.notify_town_hall_reply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    post_author uuid;
BEGIN
    SELECT author_id INTO post_author FROM public.town_hall_posts WHERE id = NEW.parent_id;
    IF post_author IS NOT NULL AND post_author <> NEW.author_id THEN
        PERFORM public.create_notification(post_author, 'town_hall_reply', 'Someone replied to your post');
    END IF;
    RETURN NEW;
END $$;

CREATE TRIGGER town_hall_replied AFTER INSERT ON public.town_hall_posts
    FOR EACH ROW WHEN (NEW.parent_id IS NOT NULL) EXECUTE FUNCTION public.notify_town_hall_reply();

CREATE TABLE public.conversation_members (
  conversation_id uuid NOT NULL,
  user_id uuid NOT NULL,
  device_token text,
  PRIMARY KEY (conversation_id, user_id)
);
