-- Reactions on town hall posts notify the author.
CREATE TABLE public.town_hall_reactions (
    post_id uuid NOT NULL REFERENCES public.town_hall_posts (id) ON DELETE CASCADE,
    user_id uuid NOT NULL REFERENCES public.profiles (id),
    emoji text NOT NULL,
    PRIMARY KEY (post_id, user_id)
);

CREATE OR REPLACE FUNCTION public.notify_town_hall_reaction() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER AS $$
DECLARE
    v_author uuid;
BEGIN
    SELECT user_id INTO v_author FROM public.town_hall_posts WHERE id = NEW.post_id;
    IF v_author <> NEW.user_id THEN
        INSERT INTO public.notifications (user_id, type, title, town_hall_post_id)
        VALUES (v_author, 'town_hall_reaction', 'Someone reacted to your post', NEW.post_id);
    END IF;
    RETURN NEW;
END;
$$;

CREATE TRIGGER town_hall_reactions_notify
    AFTER INSERT ON public.town_hall_reactions
    FOR EACH ROW EXECUTE FUNCTION public.notify_town_hall_reaction();
