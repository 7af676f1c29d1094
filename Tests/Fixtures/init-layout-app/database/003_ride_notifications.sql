-- Passes its kind on to the queue: an emitter too.
CREATE OR REPLACE FUNCTION public.notify_ride_participants(p_ride_id uuid, p_kind text, p_title text)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT user_id FROM public.ride_participants WHERE ride_id = p_ride_id LOOP
    PERFORM public.queue_push_notification(r.user_id, p_kind, p_title, NULL,
                                           jsonb_build_object('ride_id', p_ride_id));
  END LOOP;
END;
$$;

CREATE TABLE public.ride_participants (ride_id uuid NOT NULL, user_id uuid NOT NULL);

-- Old tokens were all APNs.
CREATE OR REPLACE FUNCTION public.backfill_push_tokens() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM public.register_push_token(t.token, 'apns') FROM public.legacy_tokens t;
END;
$$;
