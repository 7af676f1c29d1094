-- Ask both sides for a review when a request completes.
CREATE OR REPLACE FUNCTION public.request_reviews(p_ride_id uuid, p_favor_id uuid, p_user_ids uuid[])
RETURNS void
LANGUAGE plpgsql SECURITY DEFINER AS $$
DECLARE
    v_user uuid;
BEGIN
    FOREACH v_user IN ARRAY p_user_ids LOOP
        PERFORM public.create_notification(v_user, 'review_request', 'How did it go?', NULL, p_ride_id, p_favor_id);
    END LOOP;
END;
$$;
