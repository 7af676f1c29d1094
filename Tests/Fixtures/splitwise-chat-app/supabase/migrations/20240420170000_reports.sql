-- Moderation reports. Only the moderation-report edge function and the moderators' dashboard touch them.
create table public.reports (
  id uuid primary key default gen_random_uuid(),
  reporter_id uuid not null references public.profiles (id),
  target_type text not null,
  target_id uuid not null,
  reason text not null,
  status text not null default 'open',      -- free text: open, resolved, dismissed (not a shared enum)
  created_at timestamptz not null default now(),
  constraint reports_target_type_check
    check (target_type in ('message', 'chat_room', 'expense', 'user', 'media_asset'))
);

alter table public.reports enable row level security;

create policy "Users file reports"
  on public.reports for insert
  to authenticated
  with check (reporter_id = auth.uid());

-- The open reports about one room and what was posted in it.
create or replace function public.open_reports_for_room(p_room_id uuid)
returns setof public.reports
language sql
stable
security definer
set search_path = public
as $$
  select r.*
    from public.reports r
   where r.status = 'open'
     and (
       (r.target_type = 'room' and r.target_id = p_room_id)
       or (r.target_type = 'message'
           and r.target_id in (select m.id from public.messages m where m.room_id = p_room_id))
       or (r.target_type = 'media_asset'
           and r.target_id in (select a.id from public.media_assets a where a.room_id = p_room_id))
     );
$$;
