-- Queues a notification for later; most callers want the weekly digest.
create or replace function public.schedule_notification(p_user uuid, p_kind text default 'weekly_digest')
returns uuid
language plpgsql as $$
declare
    v_id uuid;
begin
    insert into public.scheduled_notifications (user_id, kind) values (p_user, p_kind) returning id into v_id;
    raise notice 'weekly_digest queued for %', p_user;
    return v_id;
end;
$$;
