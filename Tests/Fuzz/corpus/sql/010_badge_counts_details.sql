-- get_badge_counts: per-request and per-conversation details for the Requests and Messages tabs.
CREATE OR REPLACE FUNCTION public.get_badge_counts(p_user_id uuid, p_include_details boolean DEFAULT false)
RETURNS jsonb
LANGUAGE plpgsql STABLE SECURITY DEFINER AS $$
DECLARE
    v_messages int;
    v_requests int;
    v_community int;
    v_bell int;
    v_request_details jsonb := '[]'::jsonb;
    v_conversation_details jsonb := '[]'::jsonb;
BEGIN
    SELECT count(*) INTO v_messages
    FROM public.messages m
    JOIN public.conversation_participants cp ON cp.conversation_id = m.conversation_id AND cp.user_id = p_user_id
    WHERE m.from_id <> p_user_id AND NOT (p_user_id = ANY (m.read_by));

    SELECT count(*) INTO v_requests FROM public.notifications n
    WHERE n.user_id = p_user_id AND NOT n.read
      AND n.type IN ('new_ride', 'ride_update', 'ride_claimed', 'ride_unclaimed', 'ride_completed',
                     'new_favor', 'favor_update', 'favor_claimed', 'favor_unclaimed', 'favor_completed',
                     'completion_reminder', 'qa_activity', 'qa_question', 'qa_answer');

    SELECT count(*) INTO v_community FROM public.notifications n
    WHERE n.user_id = p_user_id AND NOT n.read
      AND n.type IN ('town_hall_post', 'town_hall_comment', 'town_hall_like');

    SELECT count(*) INTO v_bell FROM public.notifications n
    WHERE n.user_id = p_user_id AND NOT n.read
      AND n.type IN ('review', 'review_received', 'review_reminder', 'review_request',
                     'announcement', 'admin_announcement', 'broadcast', 'user_approved', 'other');

    IF p_include_details THEN
        SELECT coalesce(jsonb_agg(jsonb_build_object(
                   'request_type', CASE WHEN n.ride_id IS NOT NULL THEN 'ride' ELSE 'favor' END,
                   'request_id', coalesce(n.ride_id, n.favor_id),
                   'unread_count', n.unread)), '[]'::jsonb)
        INTO v_request_details
        FROM (SELECT ride_id, favor_id, count(*) AS unread FROM public.notifications
              WHERE user_id = p_user_id AND NOT read AND (ride_id IS NOT NULL OR favor_id IS NOT NULL)
              GROUP BY ride_id, favor_id) n;

        SELECT coalesce(jsonb_agg(jsonb_build_object(
                   'conversation_id', m.conversation_id,
                   'unread_count', count(*))), '[]'::jsonb)
        INTO v_conversation_details
        FROM public.messages m
        JOIN public.conversation_participants cp ON cp.conversation_id = m.conversation_id AND cp.user_id = p_user_id
        WHERE m.from_id <> p_user_id AND NOT (p_user_id = ANY (m.read_by))
        GROUP BY m.conversation_id;
    END IF;

    RETURN jsonb_build_object(
        'user_id', p_user_id,
        'messages_total', v_messages,
        'requests_total', v_requests,
        'community_total', v_community,
        'bell_total', v_bell,
        'request_details', v_request_details,
        'conversation_details', v_conversation_details
    );
END;
$$;
