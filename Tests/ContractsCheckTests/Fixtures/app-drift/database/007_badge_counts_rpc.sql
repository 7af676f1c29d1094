-- One round trip for every tab badge.
CREATE OR REPLACE FUNCTION public.get_badge_counts(p_user_id uuid, p_include_details boolean DEFAULT false)
RETURNS jsonb
LANGUAGE plpgsql STABLE SECURITY DEFINER AS $$
DECLARE
    v_messages int;
    v_requests int;
    v_community int;
    v_bell int;
BEGIN
    SELECT count(*) INTO v_messages
    FROM public.messages m
    JOIN public.conversation_participants cp ON cp.conversation_id = m.conversation_id AND cp.user_id = p_user_id
    WHERE m.from_id <> p_user_id AND NOT (p_user_id = ANY (m.read_by));

    SELECT count(*) INTO v_requests FROM public.notifications n
    WHERE n.user_id = p_user_id AND NOT n.read AND n.type IN ('new_ride', 'ride_update', 'new_favor', 'favor_update');

    SELECT count(*) INTO v_community FROM public.notifications n
    WHERE n.user_id = p_user_id AND NOT n.read AND n.type IN ('town_hall_post', 'town_hall_comment');

    SELECT count(*) INTO v_bell FROM public.notifications n
    WHERE n.user_id = p_user_id AND NOT n.read AND n.type IN ('review', 'announcement', 'other');

    RETURN jsonb_build_object(
        'user_id', p_user_id,
        'messages_total', v_messages,
        'requests_total', v_requests,
        'community_total', v_community,
        'bell_total', v_bell,
        'request_details', '[]'::jsonb,
        'conversation_details', '[]'::jsonb
    );
END;
$$;
