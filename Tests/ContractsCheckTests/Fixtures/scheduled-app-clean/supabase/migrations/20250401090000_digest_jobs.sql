-- The weekly job queues each user's digest through schedule_notification
-- (it used to call schedule_notification(p_user, 'weekly_digest') and write a 'weekly_digest' report).
create or replace function public.queue_weekly_jobs(p_user uuid) returns void
language plpgsql as $$
begin
    perform public.schedule_notification(p_user, 'weekly_summary');
    perform public.schedule_notification(p_user, 'ride_update');
    insert into public.reports (kind) values ('weekly_digest');
end;
$$;
