CREATE OR REPLACE FUNCTION public.create_notification(p_user uuid, p_type text, p_title text)
RETURNS uuid
LANGUAGE plpgsql
SECURITY DEFINER
AS $function$
DECLARE
    v_id uuid;
BEGIN
    INSERT INTO notifications (user_id, type, title) VALUES (p_user, p_type, p_title)
    RETURNING id INTO v_id;
    RETURN v_id;
END;
$function$;
