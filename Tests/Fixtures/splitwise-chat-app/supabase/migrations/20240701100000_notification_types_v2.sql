-- 2.3: invites, room and payment notifications; "expenseDeleted" is no longer sent.
delete from public.notifications where type = 'expenseDeleted';

alter table public.notifications drop constraint if exists notifications_type_check;
alter table public.notifications
  add constraint notifications_type_check
  check (type = any (array[
    'expenseAdded'::text, 'expenseSettled'::text, 'commentAdded'::text, 'inviteReceived'::text,
    'inviteAccepted'::text, 'roomArchived'::text, 'general'::text
  ]));

-- Reminds members who still owe money on unsettled expenses older than a week.
create or replace function public.send_payment_reminders()
returns integer
language plpgsql
security definer
set search_path = public
as $$
declare
  n integer;
begin
  insert into public.notifications (user_id, type, title, data)
  select gm.user_id, 'paymentReminder', 'You have unsettled expenses', jsonb_build_object('group_id', e.group_id)
    from public.expenses e
    join public.group_members gm on gm.group_id = e.group_id and gm.user_id <> e.paid_by
   where not e.settled and e.created_at < now() - interval '7 days';
  get diagnostics n = row_count;
  return n;
end;
$$;
