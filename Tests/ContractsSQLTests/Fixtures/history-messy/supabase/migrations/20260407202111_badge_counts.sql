-- Redefines get_badge_counts (first defined in database/040) and create_notification (database/011).
CREATE OR REPLACE FUNCTION public.get_badge_counts(p_user uuid) RETURNS jsonb
LANGUAGE plpgsql STABLE SECURITY DEFINER AS $$
DECLARE
    v_messages int;
    v_details jsonb;
BEGIN
    SELECT count(*) INTO v_messages FROM notifications n
    WHERE n.user_id = p_user AND NOT n.read AND n.type IN ('message', 'ride_cancelled');

    SELECT coalesce(jsonb_agg(jsonb_build_object('request_type', r.type, 'request_id', r.id)), '[]'::jsonb)
    INTO v_details
    FROM requests r WHERE r.type = 'ride';

    RETURN jsonb_build_object(
        'messages_total', v_messages,
        'requests_total', jsonb_array_length(v_details),
        'bell_total', 0
    );
END;
$$;

CREATE OR REPLACE FUNCTION public.create_notification(p_user uuid, p_type text, p_title text)
RETURNS uuid
LANGUAGE sql
AS 'INSERT INTO notifications (user_id, type, title) VALUES (p_user, p_type, p_title) RETURNING id';

UPDATE notifications SET type = 'new_ride' WHERE type = 'ride_posted';
