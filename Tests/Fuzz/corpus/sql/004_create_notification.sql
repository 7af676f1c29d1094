-- One place that inserts notifications, so triggers and RPCs agree on the columns.
CREATE OR REPLACE FUNCTION public.create_notification(
    p_user_id uuid,
    p_type text,
    p_title text,
    p_body text DEFAULT NULL,
    p_ride_id uuid DEFAULT NULL,
    p_favor_id uuid DEFAULT NULL,
    p_conversation_id uuid DEFAULT NULL
) RETURNS uuid
LANGUAGE plpgsql SECURITY DEFINER AS $$
DECLARE
    v_id uuid;
BEGIN
    INSERT INTO public.notifications (user_id, type, title, body, ride_id, favor_id, conversation_id)
    VALUES (p_user_id, p_type, p_title, p_body, p_ride_id, p_favor_id, p_conversation_id)
    RETURNING id INTO v_id;
    RETURN v_id;
END;
$$;

-- The bell's "Mark all read".
CREATE OR REPLACE FUNCTION public.mark_all_notifications_read(p_user_id uuid) RETURNS void
LANGUAGE sql SECURITY DEFINER AS $$
    UPDATE public.notifications SET read = true WHERE user_id = p_user_id AND NOT read;
$$;
