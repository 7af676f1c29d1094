-- Pushes are posted to the send-push edge function by the database itself.
create extension if not exists pg_net;

create or replace function public.send_push(p_user_id uuid, p_payload jsonb)
returns void language plpgsql security definer as $$
begin
  perform net.http_post(
    url := 'https://example.supabase.co/functions/v1/send-push',
    body := p_payload
  );
end;
$$;

-- An audit trail: rows, never pushes.
create or replace function public.log_ride_event(p_ride_id uuid, p_payload jsonb)
returns void language sql as $$
  insert into public.ride_events (ride_id, payload) values (p_ride_id, p_payload);
$$;

create or replace function public.cancel_ride(p_ride_id uuid, p_rider uuid, p_reason text)
returns void language plpgsql security definer as $$
declare
  v_push jsonb;
begin
  insert into public.notifications (user_id, type) values (p_rider, 'ride_cancelled');
  v_push := jsonb_build_object('type', 'ride_cancelled', 'user_id', p_rider, 'ride_id', p_ride_id);
  perform public.send_push(p_rider, v_push);
  perform public.log_ride_event(p_ride_id, jsonb_build_object('driver_note', p_reason, 'ride_id', p_ride_id));
end;
$$;

create or replace function public.request_ride(p_ride_id uuid, p_driver uuid)
returns void language plpgsql security definer as $$
begin
  insert into public.notifications (user_id, type) values (p_driver, 'ride_requested');
  perform net.http_post(
    url := 'https://example.supabase.co/functions/v1/send-push',
    body := jsonb_build_object('type', 'ride_requested', 'user_id', p_driver, 'ride_id', p_ride_id)
  );
end;
$$;
