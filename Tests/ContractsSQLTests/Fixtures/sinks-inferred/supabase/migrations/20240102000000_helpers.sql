-- Decoy: its parameter goes to a free-text column, never to a type.
CREATE OR REPLACE FUNCTION public.log_action(p_actor uuid, p_action text)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO public.audit_log (actor, action) VALUES (p_actor, p_action);
END;
$$;

-- A wrapper handing its parameter on to the queue writer (named arguments, in another order).
CREATE OR REPLACE FUNCTION public.notify_rider(rider uuid, kind text)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    PERFORM public.queue_push_notification(p_payload => NULL, p_user_id => rider, p_type => kind);
END;
$$;

-- Decoy, redefined below: it wrote its parameter once.
CREATE OR REPLACE FUNCTION public.record_status(p_user uuid, p_label text)
RETURNS void LANGUAGE sql AS $$
    INSERT INTO public.notifications (user_id, type) VALUES (p_user, p_label);
$$;
