CREATE OR REPLACE FUNCTION public.record_status(p_user uuid, p_label text)
RETURNS void LANGUAGE sql AS $$
    INSERT INTO public.audit_log (actor, action) VALUES (p_user, p_label);
$$;

CREATE OR REPLACE FUNCTION public.on_ride_cancel()
RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    v_kind text := 'ride_update';
BEGIN
    PERFORM queue_push_notification(NEW.rider_id, 'ride_canceled', jsonb_build_object('ride_id', NEW.id));
    PERFORM queue_push_notification(NEW.driver_id, 'ride_cancelled', NULL);
    PERFORM queue_push_notification(NEW.driver_id, v_kind, NULL);
    PERFORM notify_rider(NEW.rider_id, 'ride_cancelld');
    PERFORM log_action(NEW.rider_id, 'ride_cancelled_by_rider');
    PERFORM record_status(NEW.rider_id, 'not_a_type');
    RETURN NEW;
END;
$$;

DO $$
BEGIN
    PERFORM public.queue_push_notification('00000000-0000-0000-0000-000000000000', 'message', NULL);
    PERFORM public.queue_push_notification(p_type => 'welcome_back', p_user_id => '00000000-0000-0000-0000-000000000000', p_payload => NULL);
END $$;

SELECT public.notify_rider('00000000-0000-0000-0000-000000000000', 'ride_update');
